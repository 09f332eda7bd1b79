"""The Whale Riders heuristic's weights: medium's and hard's guide, on one constructed port."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from whaletable import games
from whaletable.agents import make_agent
from whaletable.core.action import Action
from whaletable.games.whale_riders.actions import Buy, Move, TakeCoin
from whaletable.games.whale_riders.bots import SEARCH, RiderHeuristic, Weights

GAME = games.get("whale-riders")


class AtPort:
    """Seat 0's view at the first goods port, shells for sale on one space (``slot``, its
    price the slot's number) and a hand asking for ``wanted`` shells."""

    seat = 0

    def __init__(self, slot: int, shells: int = 1, wanted: int = 1) -> None:
        state = GAME.new_state(2)
        rng = random.Random(0)
        while state.is_chance_node():
            state.apply(state.sample_chance(rng))
        obs: Any = state.observation(0)
        me = obs["players"][0]
        me.update(step=1, port=1, coins=3, tiles=[], goods={})
        hand = {"id": 1, "needs": {"shell": wanted}, "coins": 2, "pearls": 1, "payable": False}
        me["hand"] = [hand]
        port = obs["ports"][1]
        port["spaces"] = [None] * 4
        port["spaces"][slot] = {"good": "shell", "count": shells}
        port["prices"] = [0, 1, 2, 3]
        obs["phase"] = "action"  # whoever starts, the view is of seat 0 choosing an action
        self.obs, self.slot = obs, slot

    def observation(self) -> Any:
        return self.obs

    def legal_actions(self) -> list[Action]:
        return [Move(), Buy(self.slot), TakeCoin()]


def bot(spec: str) -> RiderHeuristic:
    agent = make_agent(spec, GAME)
    assert isinstance(agent, RiderHeuristic)
    return agent


def test_hards_guide_asks_a_larger_margin_and_weighs_goods_as_medium() -> None:
    assert SEARCH.guide is not None and SEARCH.policy == SEARCH.guide
    guide, medium = bot(SEARCH.guide).weights, bot("heuristic").weights
    assert medium == Weights()
    assert guide == replace(medium, buy_margin=1.0)


def test_medium_buys_a_wanted_good_that_hards_guide_rides_past() -> None:
    """A shell the hand asks for, at 1 coin: worth 1.4 - 1 = 0.4 to both, past medium's
    margin of 0.3 but short of the guide's 1, so the guide rides on to the next port."""
    assert SEARCH.guide is not None
    port = AtPort(slot=1)
    assert bot("heuristic").act(port) == Buy(1)  # type: ignore[arg-type]
    assert bot(SEARCH.guide).act(port) == Move()  # type: ignore[arg-type]


def test_both_buy_a_free_tile_of_three_wanted_goods() -> None:
    """Three shells the hand asks for, free: worth 4.2, past the guide's margin too."""
    assert SEARCH.guide is not None
    port = AtPort(slot=0, shells=3, wanted=3)
    assert bot("heuristic").act(port) == Buy(0)  # type: ignore[arg-type]
    assert bot(SEARCH.guide).act(port) == Buy(0)  # type: ignore[arg-type]
