"""The generic board draws a game's scene when the game has a ``view.py`` but no board of
its own: Whale to Look's real scene, drawn here by :class:`GenericBoard` instead of its
hand-drawn board."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from typing import Any

from board_support import SVG_NS, classes, tr

from whaletable import games
from whaletable.core import CHANCE
from whaletable.core.state import State
from whaletable.core.view import Piece, Region, Scene, scene_maker
from whaletable.web.boards import seat_colour
from whaletable.web.boards._generic import GenericBoard

NAMES = ["Ana", "Bao", "Cam"]


def wtl_turn(seed: int = 1) -> State:
    game = games.get("whale-to-look")
    state = game.new_state(3)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    return state


def drawn(state: State) -> tuple[ET.Element, Scene]:
    board = GenericBoard(state.game)
    seat = state.current_player()
    obs, legal = state.observation(seat), state.legal_actions()
    maker = scene_maker(state.game)
    assert maker is not None
    return ET.fromstring(board.svg(obs, legal, NAMES, tr)), maker(obs, legal, NAMES, tr)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG_NS}g") if cls in classes(g)]


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG_NS}text")]


def test_every_region_is_a_labelled_box_in_scene_order_with_its_notes_and_pieces() -> None:
    root, scene = drawn(wtl_turn())
    boxes = groups(root, "region")
    assert [b.get("data-key") for b in boxes] == [r.key for r in scene.regions]
    for box, region in zip(boxes, scene.regions, strict=True):
        words = texts(box)
        if region.label:
            assert region.label == words[0]
        notes = [t.text or "" for t in box.iter(f"{SVG_NS}text") if "note" in classes(t)]
        assert " ".join(notes).split() == " ".join(region.notes).split()
        chips = groups(box, "piece")
        assert [c.get("data-key") for c in chips] == [p.key for p in region.pieces]
        assert [texts(c)[-1] for c in chips] == [p.label for p in region.pieces]
        assert f"kind-{region.kind}" in classes(box)
        assert {f"mark-{m}" for m in region.marks} <= classes(box)


def test_a_region_a_seat_owns_is_outlined_in_its_colour() -> None:
    root, scene = drawn(wtl_turn())
    for box in groups(root, "region"):
        owner = box.get("data-owner")
        if owner is None:
            continue
        outline = next(box.iter(f"{SVG_NS}rect"))
        assert outline.get("stroke") == seat_colour(int(owner))
    assert any(r.owner is not None for r in scene.regions)


def test_every_choice_is_clicked_on_its_target_in_its_words_or_is_a_button() -> None:
    root, scene = drawn(wtl_turn())
    found: dict[str, Any] = {}
    for act in root.iter(f"{SVG_NS}g"):
        if "act" not in classes(act):
            continue
        action = json.loads(act.get("data-action") or "")
        title = act.find(f"{SVG_NS}title")
        assert title is not None
        found[json.dumps(action, sort_keys=True)] = (act, title.text)
    assert len(found) == len(scene.choices)  # every legal action once, nothing else
    targets = {key: len(scene.at(key)) for key in {c.target for c in scene.choices if c.target}}
    for choice in scene.choices:
        act, title = found[json.dumps(choice.action.to_json(), sort_keys=True)]
        assert title == choice.words
        if choice.target is None:
            assert "generic-act" in classes(act)
        elif targets[choice.target] == 1:
            assert act.get("data-target") == choice.target
        else:
            # Several choices on one target: the target is selected first (the page's
            # two-step choice), then its choices show as buttons.
            pick = act.get("data-boat")
            assert "move-target" in classes(act) and act.get("visibility") == "hidden"
            (chosen,) = [g for g in groups(root, "selectable") if g.get("data-boat") == pick]
            assert chosen.get("data-target") == choice.target
            style = root.find(f"{SVG_NS}style")
            assert style is not None and f'[data-selected="{pick}"]' in (style.text or "")
    assert any(n > 1 for n in targets.values())  # the two-step choice was drawn here


def test_the_status_and_the_action_list_speak_the_scene_words() -> None:
    state = wtl_turn()
    board = GenericBoard(state.game)
    seat = state.current_player()
    obs, legal = state.observation(seat), state.legal_actions()
    maker = scene_maker(state.game)
    assert maker is not None
    scene = maker(obs, legal, NAMES, tr)
    assert board.status(obs, NAMES, tr) == scene.status
    assert [board.label(a, obs, NAMES, tr) for a in legal] == [c.words for c in scene.choices]
    assert scene.status in texts(ET.fromstring(board.svg(obs, legal, NAMES, tr)))


def test_a_spectator_sees_the_scene_with_nothing_to_click() -> None:
    state = wtl_turn()
    board = GenericBoard(state.game)
    root = ET.fromstring(board.svg(state.observation(None), [], NAMES, tr))
    assert groups(root, "region")
    assert not groups(root, "act") and not groups(root, "selectable")


def test_a_games_marks_and_kinds_never_mean_what_the_page_script_means() -> None:
    """A game may name a mark ``selectable`` or a kind ``act``: on the generic board they
    are prefixed classes, so the page never takes a piece for something to click."""
    state = wtl_turn()
    board = GenericBoard(state.game)
    odd = Piece("p-1", "act", "<b>", 0, frozenset({"selectable", "two words"}))
    scene = Scene(
        "Status",
        (Region("r-1", "boat", "A & B", (odd,), ("note",), None, frozenset({"act"})),),
        highlights=frozenset({"p-1"}),
    )
    board.maker = lambda obs, legal, names, tr, events=(): scene
    root = ET.fromstring(board.svg(state.observation(None), [], NAMES, tr))
    (box,) = groups(root, "region")
    (chip,) = groups(root, "piece")
    assert classes(box) == {"region", "kind-boat", "mark-act"}
    assert classes(chip) == {"piece", "kind-act", "mark-selectable", "mark-two-words", "highlight"}
    assert not groups(root, "act") and not groups(root, "selectable")
    assert texts(box)[:2] == ["A & B", "note"] and texts(chip) == ["<b>"]
