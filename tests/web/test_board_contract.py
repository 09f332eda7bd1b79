"""What every hand-drawn web board promises, checked on each of them alike.

Each board's own file checks what is particular to its game (what is drawn where, what a
viewer may see); here, the contract the page relies on: a viewer who may not act gets
nothing to click, every legal action has its own label, every word goes through the
translator, the SVG scales and is laid out left to right, a seat's name is text, and the
result waits for the end.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from board_support import SVG_NS, Drawer, acts, classes, legal_for, tr, viewers

from whaletable import games
from whaletable.core.testing import Sample, sample_states
from whaletable.core.view import scene_maker
from whaletable.web.boards import board_for

BOARDS = ("whale-to-look", "save-the-whales", "whale-riders", "survive")
NAMES = ["Ann", "Bao", "Chi", "Dara", "Eve", "Finn"]
LETTERLESS = ["♠", "♥", "♦", "♣", "★", "☀"]  # seat names with no letter to translate


@cache
def samples(game_id: str) -> list[Sample]:
    return sample_states(games.get(game_id), 48, seed=5, per_game=6)


def marked(text: str) -> str:
    return "⟦" + text + "⟧"


def unmarked(text: str) -> str:
    """``text`` without its translated parts (which nest: a name inside a sentence, and
    cross lines: a long label drawn on several)."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if shorter == text:
            return text
        text = shorter


@pytest.mark.parametrize("game_id", BOARDS)
def test_nothing_is_clickable_for_a_viewer_who_may_not_act(game_id: str) -> None:
    draw = Drawer(board_for(game_id), NAMES)
    for sample in samples(game_id)[::3]:
        state = sample.state
        for seat in viewers(state):
            if seat is not None and seat == state.current_player():
                continue
            root = draw(state, seat)
            assert acts(root) == [], sample.where()
            assert not any("selectable" in classes(e) for e in root.iter()), sample.where()


@pytest.mark.parametrize("game_id", BOARDS)
def test_labels_are_distinct_for_distinct_legal_actions(game_id: str) -> None:
    board = board_for(game_id)
    for sample in samples(game_id):
        state = sample.state
        seat = state.current_player()
        if seat < 0:
            continue
        obs = state.observation(seat)
        labels = [board.label(a, obs, NAMES, tr) for a in state.legal_actions()]
        assert len(set(labels)) == len(labels), (sample.where(), labels)


@pytest.mark.parametrize("game_id", BOARDS)
def test_no_result_before_the_end(game_id: str) -> None:
    board = board_for(game_id)
    for sample in samples(game_id):
        if not sample.state.is_terminal():
            assert board.result(sample.state.observation(None), NAMES, tr) is None


@pytest.mark.slow
@pytest.mark.parametrize("game_id", BOARDS)
def test_every_word_on_the_board_goes_through_the_translator(game_id: str) -> None:
    """Card texts come from the game's data in every language (marked with ``lang``), and a
    ``style`` element holds the page's rules, not words: both are left out."""
    board = board_for(game_id)
    for sample in samples(game_id)[::4]:
        state = sample.state
        for seat in viewers(state):
            obs = state.observation(seat)
            legal = legal_for(state, seat)
            root = ET.fromstring(board.svg(obs, legal, LETTERLESS[: state.num_players], marked))
            data = {id(t) for e in root.iter() if "card-text" in classes(e) for t in e.iter()}
            drawn = []
            for e in root.iter():
                if id(e) in data or e.tag == SVG_NS + "style":
                    continue
                drawn.append(e.text or "")
                label = e.attrib.get("aria-label", "")
                assert not re.search(r"[A-Za-z]", unmarked(label)), (sample.where(), label)
            # A long label is drawn on several lines, one after the other.
            rest = unmarked("\n".join(drawn))
            assert not re.search(r"[A-Za-z]", rest), (sample.where(), rest)
            for action in legal:
                assert board.label(action, obs, LETTERLESS, marked).startswith("⟦")
            assert board.status(obs, LETTERLESS, marked).startswith("⟦")


@pytest.mark.parametrize("game_id", BOARDS)
def test_every_option_and_choice_is_worded(game_id: str) -> None:
    board = board_for(game_id)
    for name, choices in games.get(game_id).option_choices().items():
        assert board.option_label(name, marked).startswith("⟦"), name
        labels = [board.choice_label(name, c, marked) for c in choices]
        assert all(label.startswith("⟦") for label in labels), (name, labels)
        assert len(set(labels)) == len(labels), (name, labels)
        assert board.option_label(name, tr) != name, "an option is named, not shown by its key"


@pytest.mark.parametrize("game_id", BOARDS)
def test_the_svg_is_left_to_right_and_scales(game_id: str) -> None:
    root = Drawer(board_for(game_id), NAMES)(samples(game_id)[-1].state, None)
    assert root.tag == SVG_NS + "svg"
    assert root.attrib["direction"] == "ltr"
    assert root.attrib["width"] == "100%"
    assert re.fullmatch(r"0 0 \d+ \d+", root.attrib["viewBox"])
    assert "height" not in root.attrib


@pytest.mark.parametrize("game_id", BOARDS)
def test_seat_names_are_escaped(game_id: str) -> None:
    board = board_for(game_id)
    for sample in samples(game_id)[1::6]:  # a state in play of each game
        state = sample.state
        nasty = ['<b>&"x"', *NAMES[1 : state.num_players]]
        svg = board.svg(state.observation(0), legal_for(state, 0), nasty, tr)
        assert "<b>" not in svg
        names = [e.text for e in ET.fromstring(svg).iter() if "seat-name" in classes(e)]
        assert names[0] == '<b>&"x"', sample.where()


@pytest.mark.parametrize("game_id", BOARDS)
def test_a_board_highlights_what_its_scene_highlights_and_nothing_else(game_id: str) -> None:
    """What the last step touched (the scene's highlights, from the events the viewer may
    know) is the keyed element with the class ``highlight``; nothing else has it."""
    game, board = games.get(game_id), board_for(game_id)
    maker = scene_maker(game)
    assert maker is not None
    state = game.new_state(3, None, events=True)
    rng = random.Random(7)
    drawn_lit = 0
    while not state.is_terminal() and len(state.history) < 160:
        mover = state.current_player()
        state.apply(state.sample_chance(rng) if mover < 0 else rng.choice(state.legal_actions()))
        for seat in viewers(state):
            obs, legal = state.observation(seat), legal_for(state, seat)
            events = state.step_events(seat, len(state.history) - 1)
            lit = maker(obs, legal, NAMES[:3], tr, events=events).highlights
            root = ET.fromstring(board.svg(obs, legal, NAMES[:3], tr, events=events))
            keyed = {e.get("data-key") for e in root.iter() if "data-key" in e.attrib}
            drawn = {e.get("data-key") for e in root.iter() if "highlight" in classes(e)}
            assert drawn == lit & keyed, (len(state.history), seat)
            drawn_lit += len(drawn)
    assert drawn_lit > 100
