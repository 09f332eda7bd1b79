"""The Save the Whales web board, drawn from real observations of seeded games.

Every check reads the SVG as XML. Nothing in this game is private except the order of
the cards not yet drawn, so the leak checks look for the texts of undrawn cards and
compare each seat's board with the spectator's.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from board_support import (
    SVG_NS,
    Drawer,
    Snapshot,
    acts,
    classes,
    logged,
    tr,
    viewers,
    walk_all,
)

from whaletable import games
from whaletable.agents.random_agent import RandomAgent
from whaletable.core import CHANCE, Action, play_match
from whaletable.core.result import Result, Standing, Team
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales.components import WHALES, default_components, layout
from whaletable.games.save_the_whales.words import headline, whale_name
from whaletable.web.boards import board_for, seat_colour
from whaletable.web.boards.save_the_whales import (
    inner_edge,
    path_point,
    track_box,
)

GAME = games.get("save-the-whales")
BOARD = board_for("save-the-whales")
NAMES = ["Ann", "Bao", "Chi", "Dara", "Eve", "Fay"]
N_TRACK = len(layout()["track"])


def choose(legal: list[Action], rng: random.Random) -> Action:
    """Seats rarely refuse a penalty they can pay."""
    keen = [a for a in legal if not isinstance(a, (act.Refuse, act.Done))]
    return rng.choice(keen) if keen and rng.random() < 0.85 else rng.choice(legal)


GAMES = [
    (4, 1, {}),
    (2, 2, {"ship_face": "one"}),
    (3, 3, {"wording": "gentle", "double_ships": "closest"}),
    (6, 4, {"slide_down_on": "any_card"}),
    (
        5,
        5,
        {"save_instead": "named_spaces", "ship_out_for": "both", "save_instead_for": "every_payer"},
    ),
]


draw = Drawer(BOARD, NAMES)


@pytest.fixture(scope="module")
def snapshots() -> list[Snapshot]:
    return walk_all(GAME, GAMES, choose)


@pytest.fixture(scope="module")
def logs(snapshots: list[Snapshot]) -> list[list[str]]:
    return logged(GAME, snapshots, NAMES)


def acting(snapshots: list[Snapshot]) -> Iterator[tuple[Any, int]]:
    """Each state a seat acts in, with that seat (the dice and the cards left out)."""
    return ((s.state, s.state.current_player()) for s in snapshots if s.state.current_player() >= 0)


def texts(root: ET.Element) -> str:
    return " ".join(e.text or "" for e in root.iter())


# --------------------------------------------------------------------------- clicking


@pytest.mark.slow
def test_every_legal_action_is_clickable_exactly_once_where_expected(
    snapshots: list[Snapshot],
) -> None:
    kinds_seen: set[str] = set()
    for state, seat in acting(snapshots):
        legal = state.legal_actions()
        found = acts(draw(state, seat))
        counts = Counter(json.dumps(data, sort_keys=True) for _, data in found)
        expected = Counter(json.dumps(a.to_json(), sort_keys=True) for a in legal)
        assert counts == expected, state
        for element, data in found:
            cls = classes(element)
            assert "act" in cls
            action = GAME.action_from_json(data)
            kinds_seen.add(action.kind)
            if isinstance(action, (act.ChooseWhale, act.SaveWhale)):
                kind = "choose-act" if isinstance(action, act.ChooseWhale) else "save-act"
                assert kind in cls and element.attrib["data-whale"] == action.whale
            elif isinstance(
                action, (act.NameWhale, act.PassBarnacle, act.LeavePath, act.TradePlaces)
            ):
                assert "whale-act" in cls and element.attrib["data-whale"] == action.whale
            elif isinstance(action, act.Pay):
                assert "pay-act" in cls and element.attrib["data-amount"] == str(action.amount)
            elif isinstance(action, act.MoveAnywhere):
                assert "space-act" in cls and element.attrib["data-space"] == str(action.space)
            else:
                button = {
                    act.Roll: "roll-act",
                    act.Refuse: "refuse-act",
                    act.CollectSurvivalPoints: "collect-act",
                    act.Done: "done-act",
                }[type(action)]
                assert button in cls
    assert kinds_seen >= {
        "choose_whale",
        "name_whale",
        "roll",
        "save_whale",
        "pay",
        "refuse",
        "move_anywhere",
        "pass_barnacle",
        "leave_path",
        "done",
    }


@pytest.mark.slow
def test_a_whale_token_is_clicked_where_the_whale_is(snapshots: list[Snapshot]) -> None:
    checked = 0
    for state, seat in acting(snapshots):
        obs = state.observation(seat)
        for element, data in acts(draw(state, seat)):
            if "whale-act" not in classes(element):
                continue
            whale = next(w for w in obs["whales"] if w["name"] == data["whale"])
            rect = next(e for e in element.iter(SVG_NS + "rect"))
            x = float(rect.attrib["x"]) + float(rect.attrib["width"]) / 2
            y = float(rect.attrib["y"]) + float(rect.attrib["height"]) / 2
            if whale["status"] == "track":
                bx, by, bw, bh, _ = track_box(whale["space"])
                assert bx <= x <= bx + bw and by <= y <= by + bh, (whale, x, y)
            else:
                assert whale["status"] == "path"
                px, py = path_point(whale["space"])
                assert abs(px - x) < 25 and abs(py - y) < 25, (whale, x, y)
            checked += 1
    assert checked > 100


# -------------------------------------------------------------------- what is shown


@pytest.mark.slow
def test_every_whale_is_drawn_where_the_observation_puts_it(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::5]:
        obs = snap.state.observation(None)
        root = draw(snap.state, None)
        tokens = Counter(
            e.attrib["data-whale"]
            for e in root.iter()
            if ("whale" in classes(e) or "whale-act" in classes(e)) and "data-whale" in e.attrib
        )
        habitats = {
            e.attrib["data-whale"]: e.attrib["data-status"]
            for e in root.iter()
            if "habitat" in classes(e)
        }
        assert habitats == {w["name"]: w["status"] for w in obs["whales"]}
        for whale in obs["whales"]:
            # One marker on the board, on its habitat or in the extinct area; none in the box.
            expected = 0 if whale["status"] == "box" else 1
            assert tokens[whale["name"]] == expected, (whale, tokens)
        extinct = [
            e.attrib["data-whale"]
            for area in root.iter()
            if "extinct-area" in classes(area)
            for e in area.iter()
            if "data-whale" in e.attrib
        ]
        assert extinct == obs["extinct"]


@pytest.mark.slow
def test_the_ship_dice_and_card_follow_the_observation(snapshots: list[Snapshot]) -> None:
    cards = 0
    for snap in snapshots[::3]:
        obs = snap.state.observation(None)
        root = draw(snap.state, None)
        ships = [e for e in root.iter() if "ship" in classes(e)]
        assert len(ships) == 1
        assert ships[0].attrib["data-space"] == (
            "port" if obs["ship"] is None else str(obs["ship"])
        )
        faces = [e.text for e in root.iter() if "die" in classes(e)]
        ship_faces = [e for e in root.iter() if "die-ship" in classes(e)]
        if obs["dice"] is None:
            assert faces == [] and ship_faces == []
        else:
            assert sorted(faces) == sorted(str(d) for d in obs["dice"] if d)
            assert len(ship_faces) == obs["dice"].count(0)
        drawn = [e for e in root.iter() if "card" in classes(e)]
        if obs["card"] is None:
            assert drawn == []
        else:
            (card,) = drawn
            assert card.attrib["data-deck"] == obs["card"]["deck"]
            languages = {
                e.attrib["lang"]: " ".join(t.text or "" for t in e.iter())
                for e in card.iter()
                if "card-text" in classes(e)
            }
            assert sorted(languages) == ["en", "fa", "vi"]
            for lang, text in obs["card"]["text"].items():
                assert " ".join(languages[lang].split()) == " ".join(text.split())
            cards += 1
    assert cards > 20


def test_survival_points_of_every_seat_are_shown(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::4]:
        obs = snap.state.observation(None)
        root = draw(snap.state, None)
        shown = {e.attrib["data-seat"]: e.text for e in root.iter() if "sp" in classes(e)}
        assert shown == {str(s): str(p["sp"]) for s, p in enumerate(obs["players"])}
        summary = next(e.text or "" for e in root.iter() if "summary" in classes(e))
        assert f"The team's SP: {obs['pool']}" in summary


def test_every_space_is_named_with_a_title(snapshots: list[Snapshot]) -> None:
    root = draw(snapshots[0].state, None)
    spaces = [e for e in root.iter() if "space" in classes(e)]
    assert sorted(int(e.attrib["data-space"]) for e in spaces) == list(range(N_TRACK))
    for e in spaces:
        title = e.find(SVG_NS + "title")
        assert title is not None and title.text
        assert f"(space {e.attrib['data-space']})" in title.text
    path = [e for e in root.iter() if "path-space" in classes(e)]
    assert len(path) == len(layout()["path"])
    assert all(e.find(SVG_NS + "title") is not None for e in path)
    named = texts(root)
    for words in ("POW", "MORATORIUM", "STORM AT SEA", "ICEBERG", "MERMAID", "WHALING PORT"):
        assert words in named


# ----------------------------------------------------------------------- hidden values


@pytest.mark.slow
def test_no_undrawn_card_text_reaches_any_board(snapshots: list[Snapshot]) -> None:
    cards = default_components().cards
    all_texts = {
        (deck, card.number): card.text[wording]["en"]
        for deck, deck_cards in cards.items()
        for card in deck_cards
        for wording in ("standard", "gentle")
    }
    checked = 0
    for snap in snapshots[::9]:
        state = snap.state
        obs = state.observation(None)
        shown = obs["card"]
        for seat in viewers(state):
            svg = BOARD.svg(state.observation(seat), [], NAMES[: state.num_players], tr)
            for (deck, number), text in all_texts.items():
                if shown is not None and (deck, number) == (shown["deck"], shown["card"]):
                    continue
                if shown is not None and text == shown["text"]["en"]:
                    continue  # two cards may share words
                first_line = text.split()[:4]
                assert " ".join(first_line) not in svg, (seat, deck, number)
                checked += 1
    assert checked > 5_000


@pytest.mark.slow
def test_every_seat_sees_the_spectators_board_but_its_own_name(
    snapshots: list[Snapshot],
) -> None:
    for snap in snapshots[::12]:
        state = snap.state
        spectator = BOARD.svg(state.observation(None), [], NAMES[: state.num_players], tr)
        for seat in range(state.num_players):
            mine = BOARD.svg(state.observation(seat), [], NAMES[: state.num_players], tr)
            mine = mine.replace(f"{NAMES[seat]}&#x27;s view", "spectator view")
            mine = re.sub(r"<text [^>]*>you</text>", "", mine)
            assert mine == spectator


def test_chance_labels_never_name_a_card() -> None:
    state = GAME.new_state(3)
    for deck in ("dawn", "neptune"):
        labels = {
            BOARD.label(act.DrawCard(deck, i), state.observation(0), NAMES, tr) for i in range(21)
        }
        assert len(labels) == 1 and not re.search(r"\d", labels.pop())


# --------------------------------------------------------------------------- the log


def test_log_lines_tell_what_each_step_did(
    snapshots: list[Snapshot], logs: list[list[str]]
) -> None:
    saw = Counter()
    for (before, snap), lines in zip(itertools.pairwise(snapshots), logs[1:], strict=True):
        action = snap.action
        if action is None:
            continue
        after = snap.state.observation(None)
        if isinstance(action, act.ThrowDice):
            # The seat whose turn it is rolled (chance only picks the faces).
            roller = NAMES[before.state.turn_seat]
            assert lines and lines[0].startswith(f"{roller} rolls ")
            saw["dice"] += 1
        if isinstance(action, act.DrawCard):
            assert lines and lines[0] == "Card drawn: " + (
                "DAWN O'DAY." if action.deck == "dawn" else "OLD FATHER NEPTUNE."
            )
        if isinstance(action, act.Roll):
            assert lines == []
        if isinstance(action, act.Pay) and action.amount:
            assert lines[0].startswith(
                f"{NAMES[snap.actor]} puts in {action.amount} SP of their own"
            )
        saw["extinct"] += sum("becomes extinct" in line for line in lines)
        saw["saved"] += sum("is saved" in line for line in lines)
        if after["phase"] == "over":
            assert lines and lines[-1] == headline(after["whales_saved"], len(after["whales"]), tr)
    assert saw["dice"] > 300 and saw["extinct"] > 3 and saw["saved"] > 5


def test_every_extinction_and_save_is_logged_once(
    snapshots: list[Snapshot], logs: list[list[str]]
) -> None:
    """The log, read alone, tells each whale's fate exactly once."""
    start = 0
    for n, _, _ in GAMES:
        end = next(i for i in range(start + 1, len(snapshots)) if snapshots[i].state.is_terminal())
        log = " ".join(line for lines in logs[start + 1 : end + 1] for line in lines)
        final = snapshots[end].state.observation(None)
        for whale in WHALES:
            name = {"orca": "Orca"}.get(whale, whale.capitalize() + " Whale")
            saved = log.count(f"The {name} is saved")
            extinct = log.count(f"The {name} becomes extinct")
            assert (saved, extinct) == (
                int(whale in final["saved"]),
                int(whale in final["extinct"]),
            ), (n, whale)
        start = end + 1


# ----------------------------------------------------------------------------- words


def test_a_whale_leaving_the_path_goes_where_its_label_says(
    snapshots: list[Snapshot], logs: list[list[str]]
) -> None:
    checked = 0
    for (before, snap), lines in zip(itertools.pairwise(snapshots), logs[1:], strict=True):
        if not isinstance(snap.action, act.LeavePath):
            continue
        obs = before.state.observation(snap.actor)
        to = obs["leaving_to"][snap.action.whale]
        after = {w["name"]: w for w in snap.state.observation(None)["whales"]}
        assert after[snap.action.whale]["space"] == to  # the rules' fact is where it went
        label = BOARD.label(snap.action, obs, NAMES, tr)
        assert label.endswith(f"(space {to})"), label
        whale = whale_name(snap.action.whale, tr)
        assert lines[0].startswith(f"The {whale} comes out of the path to ")
        assert lines[0].endswith(f"(space {to})."), lines
        checked += 1
    assert checked > 0


def test_status_says_whose_turn_it_is(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::3]:
        state = snap.state
        to_move = state.current_player()
        for seat in viewers(state):
            status = BOARD.status(state.observation(seat), NAMES, tr)
            if state.is_terminal():
                assert status.startswith("Game over") and "whales" in status
            elif to_move == CHANCE:
                assert "rolling" in status or "drawn" in status
            elif seat == to_move:
                assert "Your turn" in status
            else:
                assert "Your turn" not in status and f"{NAMES[to_move]} is to play" in status


def test_result_lists_every_seat_as_one_team() -> None:
    agents = [RandomAgent(GAME, seed=s) for s in range(4)]
    for seed in range(4):
        match = play_match(GAME, agents, seed=seed)
        obs = match.state.observation(None)
        result = BOARD.result(obs, NAMES, tr)
        assert result is not None
        saved = obs["whales_saved"]
        assert result["headline"] == f"The team saved {saved} of 8 whales."
        assert [r["seat"] for r in result["rows"]] == [0, 1, 2, 3]
        for row in result["rows"]:
            assert row["total"] == saved == match.scores[row["seat"]]
            assert row["cells"] == [obs["players"][row["seat"]]["sp"], saved]
            assert row["winner"] is False


def test_all_eight_saved_is_a_win_for_every_seat() -> None:
    obs = GAME.new_state(3).observation(None)
    obs["phase"] = "over"
    obs["whales_saved"] = 8
    obs["saved"] = list(WHALES)
    for whale in obs["whales"]:
        whale["status"] = "saved"
    # The result the rules make of it (the board draws the result, never re-derives it).
    obs["result"] = Result(
        standings=tuple(
            Standing(seat=s, place=1, winner=True, score=8, breakdown=(("sp_left", 0),))
            for s in range(3)
        ),
        score="whales_saved",
        team=Team(won=True, tally=(("whales_saved", 8), ("whales_lost", 0))),
    ).to_json()
    result = BOARD.result(obs, NAMES, tr)
    assert result is not None
    assert result["headline"] == "All 8 whales are saved: the team wins!"
    assert [r["winner"] for r in result["rows"]] == [True, True, True]


def unmarked(text: str) -> str:
    """``text`` without its translated parts (which may nest: a name inside a sentence)."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if shorter == text:
            return text
        text = shorter


# -------------------------------------------------------------------------- drawing


def test_seats_wear_their_colours(snapshots: list[Snapshot]) -> None:
    state = next(s.state for s in snapshots if s.state.num_players == 6)
    root = draw(state, None)
    for seat in range(6):
        row = next(
            e for e in root.iter() if "seat" in classes(e) and e.attrib["data-seat"] == str(seat)
        )
        assert any(c.attrib.get("fill") == seat_colour(seat) for c in row.iter(SVG_NS + "circle"))


def test_the_path_lies_inside_the_track_beside_the_space_below_it() -> None:
    left, top = track_box(0)[:2]
    right = track_box(N_TRACK // 4)[0] + track_box(N_TRACK // 4)[2]
    for p in layout()["path"]:
        x, y = path_point(p["above"])
        assert left + 96 < x < right - 96 and top + 96 < y < right - 96 + top - left
        # Just inside the track space below it: nearer than a track space is deep.
        ex, ey = inner_edge(p["above"])
        assert math.hypot(x - ex, y - ey) < 90, p
    # And the path runs clockwise with the track: its angle round the middle only grows.
    cx = cy = left + (right - left) / 2
    angles = [
        math.atan2(path_point(p["above"])[1] - cy, path_point(p["above"])[0] - cx)
        for p in layout()["path"]
    ]
    turns = sum(1 for a, b in zip(angles, angles[1:] + angles[:1], strict=True) if b < a)
    assert turns == 1
