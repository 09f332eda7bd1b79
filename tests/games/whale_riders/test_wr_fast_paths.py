"""What the rules keep alongside the position for speed stays true to the position.

The goods a seat's tiles show are kept up to date as tiles come and go (not counted
again on every decision), and the rules list a decision's codes in code order
without sorting: both are held here to what they stand for.
"""

from __future__ import annotations

import random

import pytest

from whaletable import games
from whaletable.core.action import Action
from whaletable.games.whale_riders import WhaleRiders
from whaletable.games.whale_riders.actions import Burn
from whaletable.games.whale_riders.codes import CodeTables
from whaletable.games.whale_riders.components import MAX_COUNT, PAYING
from whaletable.games.whale_riders.rules import DRAW_HAND, HELD, WhaleRidersState
from whaletable.sim import bench


def _goods_on_tiles(state: WhaleRidersState, seat: int) -> list[int]:
    base = seat * HELD
    return [
        sum((k + 1) * state.tiles[base + g * MAX_COUNT + k] for k in range(MAX_COUNT))
        for g in range(PAYING)
    ]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"surplus": "kept"},
        {"gaps": "at_once", "refill": "after_action", "storms": "clearable"},
        {"magic_of_the_whale": True, "clans_decree": True},
    ],
)
def test_goods_held_follow_the_tiles_bought_and_handed_in(options: dict[str, object]) -> None:
    game = games.get("whale-riders")
    rng = random.Random(7)
    fulfilled = 0
    for _ in range(6):
        state: WhaleRidersState = game.new_state(3, options)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_code(bench.pick(state.chance_outcome_codes(), rng))
            else:
                state.apply_code(rng.choice(state.legal_action_codes()))
            for seat in range(3):
                assert state.goods(seat) == _goods_on_tiles(state, seat)
        fulfilled += sum(len(f) for f in state.fulfilled)
    assert fulfilled > 0  # tiles were handed in, not only bought


def test_a_clone_keeps_its_own_goods_held() -> None:
    game = games.get("whale-riders")
    state: WhaleRidersState = game.new_state(2)
    twin = state.clone()
    state.goods_held[0] += 1
    assert twin.goods(0) == [0] * PAYING


def test_code_tables_refuse_a_code_space_out_of_the_rules_order() -> None:
    class Reordered(WhaleRiders):
        def _all_actions(self) -> list[Action]:
            out = super()._all_actions()
            burns = [i for i, a in enumerate(out) if isinstance(a, Burn)]
            out[burns[0]], out[burns[1]] = out[burns[1]], out[burns[0]]
            return out

    with pytest.raises(ValueError, match="the rules list codes out of order"):
        Reordered()


def test_code_tables_match_the_games_codes() -> None:
    game = games.get("whale-riders")
    codes: CodeTables = game.codes
    assert [game.player_action(c) for c in codes.burn] == list(game.burn)
    assert [game.chance_outcome(c) for c in codes.contract] == list(game.draw_contract)


def _draws_agree(state: WhaleRidersState) -> bool:
    """The chance codes of a draw decode to the draw's outcomes, odds and order alike."""
    game = state.game
    coded = [(game.chance_outcome(c), p) for c, p in state.chance_outcome_codes()]
    return coded == state.chance_outcomes()


def test_the_pile_is_listed_as_codes_after_a_reshuffle_and_in_a_redealt_sample() -> None:
    game = games.get("whale-riders")
    rng = random.Random(11)
    reshuffled = redealt = 0
    for _ in range(8):
        state: WhaleRidersState = game.new_state(3)
        while not state.is_terminal():
            if state.is_chance_node():
                if state.phase == DRAW_HAND:
                    assert _draws_agree(state)
                    reshuffled += bool(state.reshuffles)
                    sample = state.determinize(0, rng)
                    assert _draws_agree(sample)
                    redealt += 1
                state.apply_code(bench.pick(state.chance_outcome_codes(), rng))
            else:
                state.apply_code(rng.choice(state.legal_action_codes()))
    assert reshuffled > 0 and redealt > 0
