"""The search in Whale to Look sees only what its seat knows."""

from __future__ import annotations

import random

from whale_positions import WHALE_AT_4, played

from whaletable.games.whale_to_look.actions import Finish, Investigate, MoveBoat

OPENING = (Investigate(5), MoveBoat(0, 0, False), Finish(), Finish())
"""Seat 0 has looked at f5 only; it is seat 0's turn again."""

# f0 and f1 swapped: cards seat 0 has not seen, so it cannot tell the two deals apart.
OTHER_DEAL = (WHALE_AT_4[1], WHALE_AT_4[0], *WHALE_AT_4[2:])


def test_two_deals_a_seat_cannot_tell_apart_determinize_alike() -> None:
    """A sample never holds the true value of a card the seat has not seen: it would
    differ between two deals that differ only there."""
    first, second = played(WHALE_AT_4, OPENING), played(OTHER_DEAL, OPENING)
    assert first.fish != second.fish
    assert first.observation(0) == second.observation(0)
    for seed in range(20):
        a = first.determinize(0, random.Random(seed))
        b = second.determinize(0, random.Random(seed))
        assert a.fish == b.fish
        assert a.observation(None) == b.observation(None)
