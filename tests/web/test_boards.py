"""The Whale to Look web board, drawn from real observations of seeded games.

Every check reads the SVG as XML: clickable actions, fish labels, tokens. The leak
checks compare what is drawn with the true state, which the board never sees.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

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
    walk,
    walk_all,
)

from whaletable import games
from whaletable.agents.random_agent import RandomAgent
from whaletable.core import CHANCE, Action, UnknownGame, play_match
from whaletable.games.whale_to_look.actions import (
    ChooseFisherBoat,
    DealFish,
    Finish,
    Investigate,
    LayArea,
    MoveBoat,
    UseRadar,
)
from whaletable.games.whale_to_look.rules import TRENDS
from whaletable.games.whale_to_look.words import game_over_line
from whaletable.web.boards import board_for

GAME = games.get("whale-to-look")
BOARD = board_for("whale-to-look")
NAMES = ["Ann", "Bao", "Chi", "Dara", "Eve"]
IN_PLAY = ("fisher", "turn", "move")


def choose(legal: list[Action], rng: random.Random) -> Action:
    """Players rarely finish early, so boards fill up."""
    others = [a for a in legal if not isinstance(a, Finish)]
    return rng.choice(others) if others and rng.random() < 0.9 else rng.choice(legal)


GAMES = [
    (3, 1, {}),
    (2, 2, {"trending": "whale-watching"}),
    (3, 3, {"trending": "fishing"}),
    (4, 4, {"trending": "whale-and-orca"}),
    (5, 5, {"trending": "orca-watching"}),
    (4, 6, {"edition": "vi", "trending": "fishing"}),
    (2, 7, {"area_layout": "ordered", "trending": "none"}),
    (3, 8, {"table": "reduced", "trending": "fishing"}),  # the 2×2 research table
    (2, 9, {"table": "reduced", "area_layout": "ordered", "edition": "vi"}),
]


draw = Drawer(BOARD, NAMES)


@pytest.fixture(scope="module")
def snapshots() -> list[Snapshot]:
    return walk_all(GAME, GAMES, choose)


@pytest.fixture(scope="module")
def logs(snapshots: list[Snapshot]) -> list[list[str]]:
    return logged(GAME, snapshots, NAMES)


def fish_labels(root: ET.Element) -> dict[int, str]:
    labels = {}
    for e in root.iter(SVG_NS + "text"):
        if "fish-value" in classes(e):
            fish = int(e.attrib["data-fish"])
            assert fish not in labels, f"two labels for fish card {fish}"
            labels[fish] = e.text or ""
    return labels


# --------------------------------------------------------------------------- clicking


def test_every_legal_action_is_clickable_exactly_once_where_expected(
    snapshots: list[Snapshot],
) -> None:
    kinds_seen: set[str] = set()
    for snap in snapshots:
        state = snap.state
        seat = state.current_player()
        if seat < 0:
            continue
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
            if isinstance(action, Investigate):
                assert "fish-act" in cls and element.attrib["data-fish"] == str(action.fish)
            elif isinstance(action, UseRadar):
                assert "radar-act" in cls and element.attrib["data-fish"] == str(action.fish)
            elif isinstance(action, MoveBoat):
                assert "move-target" in cls
                assert element.attrib["data-area"] == str(action.area)
                assert element.attrib["data-boat"] == str(action.boat)
                assert ("anchor-target" in cls) == action.anchor
                assert element.attrib["visibility"] == "hidden"  # shown once a boat is chosen
            elif isinstance(action, Finish):
                assert "finish-act" in cls
            else:
                assert isinstance(action, ChooseFisherBoat) and "fisher-act" in cls
    assert kinds_seen == {"investigate", "use_radar", "move_boat", "finish", "choose_fisher_boat"}


def test_the_boats_that_can_move_are_selectable_once_each(snapshots: list[Snapshot]) -> None:
    checked = 0
    for snap in snapshots:
        state = snap.state
        seat = state.current_player()
        if seat < 0:
            continue
        movable = {a.boat for a in state.legal_actions() if isinstance(a, MoveBoat)}
        root = draw(state, seat)
        selectable = [e for e in root.iter() if {"boat", "selectable"} <= classes(e)]
        assert sorted(int(e.attrib["data-boat"]) for e in selectable) == sorted(movable)
        assert all(e.attrib["data-seat"] == str(seat) for e in selectable)
        checked += bool(movable)
    assert checked > 20


# ----------------------------------------------------------------------- hidden values


@pytest.mark.slow
def test_fish_labels_show_only_what_the_viewer_knows(snapshots: list[Snapshot]) -> None:
    hidden_checked = 0
    for snap in snapshots:
        state = snap.state
        true_fish = state.fish  # the test may look; the board never does
        for seat in viewers(state):
            obs = state.observation(seat)
            labels = fish_labels(draw(state, seat))
            cards = range(state.board.num_fish)  # twelve, nine on the reduced table
            assert sorted(labels) == list(cards)
            known_values = [
                {obs["fish"][f]} | {r["fish"][f] for r in obs["results"]} for f in cards
            ]
            for fish, label in labels.items():
                assert label == "?" or int(label) in known_values[fish], (seat, fish, label)
            if obs["phase"] in IN_PLAY:
                for fish, label in labels.items():
                    if obs["fish"][fish] is None:
                        assert label == "?", (seat, fish)
                        hidden_checked += 1
                        assert true_fish[fish] >= 0  # a real hidden card, not a missing one
                    else:
                        assert label == str(obs["fish"][fish])
    assert hidden_checked > 1000


def test_spectator_sees_only_face_up_values_during_play(snapshots: list[Snapshot]) -> None:
    for snap in snapshots:
        state = snap.state
        obs = state.observation(None)
        if obs["phase"] not in IN_PLAY:
            continue
        labels = fish_labels(draw(state, None))
        shown = {f for f, label in labels.items() if label != "?"}
        assert shown == {f for f, up in enumerate(obs["revealed"]) if up}


def test_a_seat_sees_the_cards_it_investigated(snapshots: list[Snapshot]) -> None:
    seen = 0
    for snap in snapshots:
        state = snap.state
        if not isinstance(snap.action, Investigate) or state.is_terminal():
            continue
        labels = fish_labels(draw(state, snap.actor))
        assert labels[snap.action.fish] == str(state.fish[snap.action.fish])
        for other in range(state.num_players):
            obs = state.observation(other)
            fish = snap.action.fish
            if other not in obs["markers"][fish] and not obs["revealed"][fish]:
                assert fish_labels(draw(state, other))[fish] == "?"
        seen += 1
    assert seen > 30


def test_the_log_says_a_deal_once_and_never_a_dealt_value(
    snapshots: list[Snapshot], logs: list[list[str]]
) -> None:
    dealt = []
    for snap, lines in zip(snapshots, logs, strict=True):
        if not isinstance(snap.action, DealFish):
            continue
        if snap.state.observation(None)["phase"] == "deal_fish":
            assert lines == []
        else:
            assert lines[0] == "The fish cards are dealt face down."
            dealt.append(lines)
        label = BOARD.label(snap.action, snap.state.observation(None), NAMES, tr)
        assert not re.search(r"\d", label)
    # One line per deal: two rounds in each game.
    assert len(dealt) == 2 * len(GAMES)


def test_log_lines_of_seat_actions_name_the_seat_and_hide_every_look(
    snapshots: list[Snapshot], logs: list[list[str]]
) -> None:
    for snap, lines in zip(snapshots, logs, strict=True):
        if snap.action is None or snap.actor < 0:
            continue
        after = snap.state.observation(None)
        assert lines and lines[0].startswith(NAMES[snap.actor] + " ")
        if isinstance(snap.action, UseRadar):
            assert lines[0].endswith(f"it shows {after['fish'][snap.action.fish]}.")
        if isinstance(snap.action, Investigate):
            # The same words whatever the card's value: nothing private in the line.
            assert lines == [f"{NAMES[snap.actor]} investigated fish card F{snap.action.fish + 1}."]


def test_the_log_says_the_round_scored_and_the_winner(
    snapshots: list[Snapshot], logs: list[list[str]]
) -> None:
    ends = 0
    for snap, lines in zip(snapshots, logs, strict=True):
        if snap.state.is_terminal():
            obs = snap.state.observation(None)
            assert lines[-2].startswith("Round 2 is scored: the whale surfaced at area ")
            assert lines[-1] == game_over_line(obs, NAMES, tr)
            ends += 1
    assert ends == len(GAMES)


def test_lay_area_logs_once_the_layout_is_complete(
    snapshots: list[Snapshot], logs: list[list[str]]
) -> None:
    laid = []
    for snap, lines in zip(snapshots, logs, strict=True):
        if isinstance(snap.action, LayArea) and lines:
            laid.append(lines)
            numbers = " ".join(str(a) for a in snap.state.observation(None)["areas"])
            assert lines == [f"The area cards are laid out: {numbers}."]
    shuffled = [g for g in GAMES if g[2].get("area_layout") != "ordered"]
    assert len(laid) == 2 * len(shuffled)  # the others lay their areas in printed order


# ----------------------------------------------------------------------------- words


def test_status_says_whose_turn_it_is(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::3]:
        state = snap.state
        to_move = state.current_player()
        for seat in viewers(state):
            status = BOARD.status(state.observation(seat), NAMES, tr)
            if state.is_terminal():
                assert status.startswith("Game over")
                assert NAMES[state.winner()] in status
            elif to_move == CHANCE:
                assert "set up" in status
            elif seat == to_move:
                assert "Your turn" in status
            else:
                assert "Your turn" not in status and f"{NAMES[to_move]} is to play" in status


def test_result_rows_at_the_end_add_up_to_the_points() -> None:
    agents = [RandomAgent(GAME, seed=s) for s in range(4)]
    for seed in range(6):
        match = play_match(GAME, agents, seed=seed)
        obs = match.state.observation(None)
        result = BOARD.result(obs, NAMES, tr)
        assert result is not None
        assert result["columns"] == ["Round 1", "Round 2", "Total"]
        assert result["headline"] == game_over_line(obs, NAMES, tr)
        rows = result["rows"]
        assert sorted(r["seat"] for r in rows) == [0, 1, 2, 3]
        for row in rows:
            points = obs["players"][row["seat"]]["points"]
            assert row["cells"] == [*points, sum(points)]
            assert row["total"] == sum(points) == match.scores[row["seat"]]
            assert row["name"] == NAMES[row["seat"]]
        assert [r["winner"] for r in rows] == [True, False, False, False]
        assert rows[0]["seat"] == obs["winner"]
        totals = [r["total"] for r in rows]
        assert totals == sorted(totals, reverse=True)


# -------------------------------------------------------------------------- drawing


def test_round_end_shows_sums_and_the_whale_and_orca_on_their_areas(
    snapshots: list[Snapshot],
) -> None:
    checked = 0
    for snap in snapshots:
        obs = snap.state.observation(None)
        root = draw(snap.state, None)
        sums = [e for e in root.iter() if "area-sum" in classes(e)]
        scored = obs["results"] and obs["phase"] in ("lay_areas", "deal_fish", "trending", "over")
        if not scored:
            assert sums == []
            continue
        result = obs["results"][-1]
        assert [e.text for e in sums] == [f"Σ {s}" for s in result["sums"]]
        for token, where in (("whale", result["whale"]), ("orca", result["orca"])):
            areas = [
                a
                for a in root.iter()
                if "area" in classes(a) and any(token in classes(t) for t in a.iter())
            ]
            assert [a.attrib["data-area"] for a in areas] == [str(where)]
        checked += 1
    assert checked >= len(GAMES) * 2


def test_the_trending_card_is_drawn_in_round_two() -> None:
    for i, trend in enumerate(TRENDS):
        state = next(
            s.state
            for s in walk(GAME, 3, 20 + i, {"trending": trend}, choose)
            if s.state.round == 2 and s.state.phase == 5
        )
        root = draw(state, 0)
        cards = [e for e in root.iter() if "trend" in classes(e)]
        assert [c.attrib["data-trend"] for c in cards] == [trend]
        round_one = next(s.state for s in walk(GAME, 3, 20 + i, {}, choose) if s.state.phase == 5)
        assert not [e for e in draw(round_one, 0).iter() if "trend" in classes(e)]


def test_boats_anchors_fishers_and_markers_are_drawn_where_the_observation_puts_them(
    snapshots: list[Snapshot],
) -> None:
    for snap in snapshots[::4]:
        obs = snap.state.observation(None)
        if obs["phase"] not in IN_PLAY:
            continue
        root = draw(snap.state, None)
        boats = [e for e in root.iter() if "boat" in classes(e)]
        assert len(boats) == 3 * obs["num_players"]
        anchors = sum(1 for b in boats for e in b.iter() if "anchor" in classes(e))
        assert anchors == sum(p["anchored_boat"] >= 0 for p in obs["players"])
        fishers = sum(1 for b in boats for e in b.iter() if "fisher" in classes(e))
        assert fishers == sum(p["fisher_boat"] >= 0 for p in obs["players"])
        markers = Counter(e.attrib["data-seat"] for e in root.iter() if "marker" in classes(e))
        for seat, p in enumerate(obs["players"]):
            assert markers[str(seat)] == snap.state.board.markers - p["markers_left"]


def test_board_for_an_unknown_game_raises() -> None:
    with pytest.raises(UnknownGame, match="nope"):
        board_for("nope")
