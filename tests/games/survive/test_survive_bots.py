"""The Survive heuristic bot and the search's leaf evaluator."""

from __future__ import annotations

import random

import pytest
from survive_support import Table

from whaletable.agents import available, make_agent
from whaletable.agents.mcts import game_evaluator
from whaletable.core.agent import SeatView
from whaletable.games.survive import rules as R
from whaletable.games.survive.bots import (
    SEARCH,
    SurviveHeuristic,
    advantage,
    leaf_value,
    prospects,
)


def play(table: Table, bots: list[str], seed: int) -> R.SurviveState:
    state = table.game.new_state(len(bots))
    agents = [make_agent(b, table.game, seed=seed * 10 + i) for i, b in enumerate(bots)]
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player()
            state.apply(agents[seat].act(SeatView(state, seat)))
    return state


def test_bots_are_registered(table: Table) -> None:
    assert {"heuristic", "mcts", "random"} <= set(available(table.game))
    assert game_evaluator("survive") is leaf_value


@pytest.mark.slow
def test_hards_guide_plans_with_a_wider_beam_than_medium(table: Table) -> None:
    assert SEARCH.guide is not None
    guide = make_agent(SEARCH.guide, table.game)
    medium = make_agent("heuristic", table.game)
    assert isinstance(guide, SurviveHeuristic) and isinstance(medium, SurviveHeuristic)
    assert guide.beam == 16 and medium.beam == 6


def test_heuristic_saves_people_against_random(table: Table) -> None:
    """The heuristic gets its people to safety: over a few games it outscores random seats."""
    mine = theirs = 0.0
    for seed in range(4):
        scores = play(table, ["heuristic", "random"], seed).scores()
        mine += scores[0]
        theirs += scores[1]
    assert mine > theirs and mine >= 8


def test_prospects_rank_safety(table: Table) -> None:
    """A saved explorer is worth its value; a boat beats a swimmer at the same place."""
    state = table.setup(2, boats=False)
    table.empty_sea(state)
    table.clear_people(state)
    table.swimmer(state, 0, 1)
    swim = prospects(state, 0)[0]
    table.boat(state, 1, passengers=(0,))
    boat = prospects(state, 0)[0]
    state.ex_status[0] = R.SAFE
    safe = prospects(state, 0)[0]
    assert safe == state.ex_value[0] and safe > boat > swim
    assert advantage(state, 0) == safe - prospects(state, 0)[1]


def test_leaf_value_is_a_distribution(table: Table) -> None:
    state = table.setup(3)
    values = leaf_value(state, random.Random(0))
    assert len(values) == 3 and abs(sum(values) - 1.0) < 1e-9
    assert all(0.0 <= v <= 1.0 for v in values)


def test_prospects_count_a_dolphin_as_a_guard(table: Table) -> None:
    """Challenge Rule 5: a swimmer beside a shark is worth more with a dolphin on its space."""
    state = table.setup(2, {"dolphins_and_diving_creatures": True}, boats=False)
    table.empty_sea(state)
    table.clear_people(state)
    table.swimmer(state, 0, 3)
    table.creature(state, R.SHARK, 4)
    bare = prospects(state, 0)[0]
    table.creature(state, R.DOLPHIN, 3)
    assert prospects(state, 0)[0] > bare
