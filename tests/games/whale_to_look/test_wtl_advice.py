"""Whale to Look's advisor on constructed positions: its odds follow the fish it has seen."""

from __future__ import annotations

import random
from typing import Any

import pytest

from agents.whale_positions import READS_AREA_4, WHALE_AT_4, played
from whaletable import games
from whaletable.core.advice import Advice, check_figures
from whaletable.games.whale_to_look.actions import MoveBoat
from whaletable.games.whale_to_look.advice import advise
from whaletable.games.whale_to_look.bots import odds_of, sample_fish, surfacing

GAME = games.get("whale-to-look")
OPTIONS = GAME.make_options({"area_layout": "ordered", "start_player": 0})


def first_turn_view() -> dict[str, Any]:
    """Seat 0's observation at its first decision, with the areas in printed order."""
    state = GAME.new_state(2, OPTIONS)
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state.observation(0)


def figure(advice: Advice, subject: str, number: int, label: str) -> float:
    for row in advice.rows:
        if row.subject == subject and dict(row.params).get("number") == number:
            return next(f.value for f in row.figures if f.label == label)
    raise AssertionError(f"no row {subject} {number}")


def test_advisor_whale_likelier_where_seen_high_fish_cluster() -> None:
    obs = first_turn_view()
    obs["fish"] = [5, 5] + [None] * 10  # F1 and F2 seen: both lie in area 0, only F2 in area 1
    advice = advise(GAME, OPTIONS, 0, obs, [], 1, 2000)
    check_figures(advice)
    whale = [figure(advice, "area {number}", a, "whale") for a in range(6)]
    assert whale[0] == max(whale)
    assert whale[0] > whale[1] > 0
    assert whale[0] > 2 * max(whale[2:])
    # F1 lies only in area 0; F2 in areas 0 and 1: F2's "whale nearby" is the larger
    assert figure(advice, "F{number}", 2, "whale nearby") == pytest.approx(whale[0] + whale[1])


def test_advisor_is_certain_when_every_fish_is_known_and_prices_the_move() -> None:
    obs = first_turn_view()
    fish = [5, 5, 3, 0, 4, 4, 1, 2, 0, 1, 3, 2]
    obs["fish"] = fish
    whale_at, orca_at = surfacing(fish, obs["areas"])
    assert whale_at == 0
    moves = [MoveBoat(2, whale_at, False), MoveBoat(2, 3, False), MoveBoat(0, orca_at, False)]
    advice = advise(GAME, OPTIONS, 0, obs, moves, 1, 50)
    check_figures(advice)
    assert figure(advice, "area {number}", whale_at, "whale") == 1.0
    assert figure(advice, "area {number}", orca_at, "orca") == 1.0
    points = [r.figures[0].value for r in advice.rows if r.subject.startswith("boat")]
    # 3 tourists where the whale surely is, nothing at area 3, 1 tourist where the orca is
    assert points == pytest.approx([3.0, 0.0 if orca_at != 3 else 3.0, 1.0])
    # with turns to come the pick keeps the big boat for later, as the heuristic does;
    # on the last marker it is the move that scores most now
    assert advice.suggestion in moves
    obs["players"][0]["markers_left"] = 0
    last = advise(GAME, OPTIONS, 0, obs, moves, 1, 50)
    assert last.suggestion == MoveBoat(2, whale_at, False)


def test_advisor_same_seed_same_figures_and_never_needs_the_state() -> None:
    obs = first_turn_view()
    a = advise(GAME, OPTIONS, 0, obs, [], 4, 300)
    b = advise(GAME, OPTIONS, 0, obs, [], 4, 300)
    assert a == b
    assert a.samples == 300


def test_advisor_reads_the_other_seats_boats_as_hard_does() -> None:
    # Seat 1 has looked at two of area 4's cards and put two boats there.
    obs = played(WHALE_AT_4, READS_AREA_4).observation(0)
    advice = advise(GAME, OPTIONS, 0, obs, [], 2, 2000)
    check_figures(advice)
    read = figure(advice, "area {number}", 4, "whale") + figure(advice, "area {number}", 4, "orca")
    # The same deals, not read: area 4 (printed 4, in order) is less likely to score.
    deck = GAME.components.fish_values
    deals = sample_fish(obs["fish"], deck, obs["areas"], random.Random("advice/2"), 2000)
    plain = odds_of(deals)
    assert read > plain.whale[4] + plain.orca[4] + 0.01
