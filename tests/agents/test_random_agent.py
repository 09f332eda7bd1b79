"""The random bot: the baseline, which must only ever play legal moves."""

from __future__ import annotations

import random

import pytest

from whaletable import games
from whaletable.agents import make_agent
from whaletable.core import SeatView

GAME = games.get("whale-to-look")


@pytest.mark.parametrize(
    ("players", "edition"), [(2, "en"), (3, "en"), (3, "vi"), (5, "en"), (2, "vi")]
)
def test_random_bot_plays_only_legal_moves(players: int, edition: str) -> None:
    chance = random.Random(players)
    for game_seed in range(10):
        state = GAME.new_state(players, {"edition": edition})
        bots = [make_agent("random", GAME, seed=game_seed * 10 + s) for s in range(players)]
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(chance))
                continue
            seat = state.current_player()
            action = bots[seat].act(SeatView(state, seat))
            assert action in state.legal_actions()
            state.apply(action)
            decisions += 1
        assert decisions > 0


def test_random_bot_is_reproducible_for_a_seed() -> None:
    first = make_agent("random", GAME, seed=9)
    second = make_agent("random", GAME, seed=9)
    state = GAME.new_state(3, {"start_player": 0})
    chance = random.Random(1)
    while state.is_chance_node():
        state.apply(state.sample_chance(chance))
    view = SeatView(state, 0)
    assert [first.act(view) for _ in range(20)] == [second.act(view) for _ in range(20)]
