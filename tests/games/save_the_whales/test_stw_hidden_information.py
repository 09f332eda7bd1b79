"""Hidden information in Save the Whales: only the order of the undrawn cards."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING

from whaletable.games.save_the_whales import actions as act

if TYPE_CHECKING:
    from stw_support import Table


def test_every_seat_sees_the_same_table(table: Table) -> None:
    """A cooperative game with nothing private: seats differ only in "seat"."""
    state = table.new(("gray", "blue", "fin"))
    table.roll(state, 2, 3)
    views = [state.observation(s) for s in (None, 0, 1, 2)]
    for view in views:
        view.pop("seat")
    assert all(v == views[0] for v in views)


def test_observation_shows_deck_counts_not_order(table: Table) -> None:
    """The decks' order is hidden: the view gives how many cards are left, nothing more."""
    state = table.new()
    obs = state.observation(0)
    assert obs["decks"] == {
        "dawn": {"left": 21, "discarded": 0},
        "neptune": {"left": 21, "discarded": 0},
    }
    text = json.dumps(obs)
    assert 'left": [' not in text


def test_next_card_is_uniform_among_the_undrawn(table: Table) -> None:
    """The next card drawn is any undrawn card, each as likely: no order is fixed early."""
    state = table.new()
    table.roll(state, 0, 2)  # gray to DAWN O'DAY
    state.apply(act.DrawCard("dawn", 5))
    table.put(state, "blue", 20)
    table.roll(state, 1, 1)  # seat 1: blue to DAWN O'DAY
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 20
    assert act.DrawCard("dawn", 5) not in dict(outcomes)
    assert all(abs(p - 1 / 20) < 1e-12 for _, p in outcomes)


def test_determinize_keeps_every_view(table: Table) -> None:
    """determinize(seat) samples among states the seat cannot tell apart: here, this one."""
    state = table.new()
    table.roll(state, 0, 2)
    sample = state.determinize(1, random.Random(3))
    assert sample is not state
    for seat in (None, 0, 1):
        assert sample.observation(seat) == state.observation(seat)
    assert sample.chance_outcomes() == state.chance_outcomes()
