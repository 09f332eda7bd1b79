"""Paying THE SYSTEM together, each seat from its own Survival Points.

"Players pool their SPs and help each other when a penalty must be paid", and "all players
may combine their SPs to save" a whale. A payment (a penalty or a save) goes once round the
table, clockwise from the seat whose turn it is. Each seat asked puts in as many of its own
SPs as it chooses, in one decision (:class:`~whaletable.games.save_the_whales.actions.Pay`),
and never another seat's: a seat's points are spent only by that seat. So that the payment is
paid in full by the time the last seat is asked, a seat pays at least what the seats still to
be asked could not cover together. The seat whose turn it is is always asked first (it alone
may refuse the penalty, before anything is paid); after it, a seat with no SPs is passed over.
"""

from __future__ import annotations

from collections.abc import Sequence


def still_to_ask(first: int, seat: int, seats: int) -> range:
    """The steps after ``seat`` to the seat before ``first``: clockwise ``(seat + k) % seats``
    for each ``k`` in the range are the seats asked after ``seat``."""
    return range(1, (first - seat - 1) % seats + 1)


def pay_range(sp: Sequence[int], first: int, seat: int, owed: int) -> tuple[int, int]:
    """The fewest and the most SPs ``seat`` may put in of the ``owed`` still to pay: at most
    what it has (and what is owed), at least what the seats asked after it cannot cover.
    The fewest exceeds the most when the seat and those after it cannot pay it together."""
    n = len(sp)
    later = sum(sp[(seat + k) % n] for k in still_to_ask(first, seat, n))
    return max(0, owed - later), min(sp[seat], owed)


def next_payer(sp: Sequence[int], first: int, seat: int) -> int:
    """The next seat asked after ``seat``: the first one clockwise with SPs to put in. The
    caller asks only while something is owed, which the seats after ``seat`` can cover."""
    n = len(sp)
    for k in still_to_ask(first, seat, n):
        if sp[(seat + k) % n] > 0:
            return (seat + k) % n
    raise AssertionError("a payment went round the table unpaid")


__all__ = ["next_payer", "pay_range", "still_to_ask"]
