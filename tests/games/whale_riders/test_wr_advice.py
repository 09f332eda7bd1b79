"""Whale Riders' advisor on constructed positions: a contract's expected worth is its pay
times the chance the rest of the voyage brings the goods it still lacks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from whaletable import games
from whaletable.core.advice import Advice, check_figures
from whaletable.games.whale_riders.actions import Fulfil
from whaletable.games.whale_riders.advice import advise
from whaletable.games.whale_riders.bots import GOODS_PER_PORT, PEARL_WORTH

GAME = games.get("whale-riders")
OPTIONS = GAME.make_options({})


def view() -> dict[str, Any]:
    state = GAME.new_state(2, OPTIONS)
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    obs = state.observation(0)
    obs["current_cards"] = []
    return obs


def figures(advice: Advice, card: int) -> dict[str, float]:
    row = next(r for r in advice.rows if dict(r.params)["number"] == card)
    return {f.label: f.value for f in row.figures}


def test_whale_riders_advisor_contract_already_covered_is_worth_its_full_pay() -> None:
    obs = view()
    me = obs["players"][0]
    me["hand"] = [
        {"id": 1, "needs": {"shell": 2, "meat": 1}, "coins": 4, "pearls": 1, "payable": True},
        {"id": 2, "needs": {"kelp": 3, "pottery": 3}, "coins": 3, "pearls": 3, "payable": False},
    ]
    me["tiles"] = [{"good": "shell", "count": 2}, {"good": "meat", "count": 1}]
    me["goods"] = {"shell": 2, "meat": 1}
    me["step"] = 12  # one port left before home
    advice = advise(GAME, OPTIONS, 0, obs, [Fulfil(1), Fulfil(2)], 0, 0)
    check_figures(advice)
    covered, far = figures(advice, 1), figures(advice, 2)
    assert covered == {
        "coins": 4,
        "pearls": 1,
        "missing": 0,
        "chance": 1.0,
        "expected": 4 + PEARL_WORTH,
    }
    assert far["missing"] == 6
    assert far["chance"] == pytest.approx(GOODS_PER_PORT / 6)
    assert far["expected"] == pytest.approx(GOODS_PER_PORT / 6 * (3 + 3 * PEARL_WORTH))
    assert advice.suggestion == Fulfil(2)  # fulfilling pays its face value, whatever the odds


def test_whale_riders_advisor_nothing_is_hoped_for_once_no_port_is_left() -> None:
    obs = view()
    me = obs["players"][0]
    me["hand"] = [{"id": 5, "needs": {"kelp": 1}, "coins": 2, "pearls": 1}]
    me["tiles"], me["goods"] = [], {}
    me["step"] = 13
    assert figures(advise(GAME, OPTIONS, 0, obs, [], 0, 0), 5)["expected"] == 0.0


def test_whale_riders_advisor_prices_the_cards_on_offer_too() -> None:
    obs = view()
    obs["players"][0]["hand"] = []
    obs["current_cards"] = [7]
    advice = advise(GAME, OPTIONS, 0, obs, [], 0, 0)
    assert [dict(r.params) for r in advice.rows] == [{"number": 7, "where": "offer"}]
