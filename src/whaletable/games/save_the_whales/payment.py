"""Paying THE SYSTEM together, each seat from its own Survival Points.

"Players pool their SPs and help each other when a penalty must be paid", and "all players
may combine their SPs to save" a whale. A payment goes once round the table, clockwise from
the seat asked first: for a penalty, the player of the whale that owes it ("A player who is
unable or unwilling to pay a penalty must move his/her Whale onto this path", "This can apply
to any player, not just to the one whose turn it is"); for a save, the player whose turn it
is. Each seat asked puts in as many of its own SPs as it chooses, in one decision
(:class:`~whaletable.games.save_the_whales.actions.Pay`): a seat's SPs leave its own stack
only by its own click.

Only the seat asked first may refuse a penalty, before anything is paid. Once it chooses to
pay, the others must make up what the seats after them cannot: a seat pays at least what the
seats still to be asked could not cover together. The caller starts a payment only when the
table can pay it in full, so the last seat asked always completes it. A seat with no SPs is
passed over, and so is the seat asked first when it has none and nothing to refuse.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def _after(first: int, seat: int, seats: int) -> Iterator[int]:
    """The seats asked after ``seat``, clockwise, up to the one before ``first``."""
    for k in range(1, (first - seat - 1) % seats + 1):
        yield (seat + k) % seats


def pay_range(sp: Sequence[int], first: int, seat: int, owed: int) -> tuple[int, int]:
    """The fewest and the most SPs ``seat`` may put in of the ``owed`` still to pay: at most
    what it has (and what is owed), at least what the seats asked after it cannot cover.
    The fewest exceeds the most when the seat and those after it cannot pay it together."""
    later = sum(sp[s] for s in _after(first, seat, len(sp)))
    return max(0, owed - later), min(sp[seat], owed)


def next_payer(sp: Sequence[int], first: int, seat: int) -> int:
    """The next seat asked after ``seat``: the first one clockwise with SPs to put in. The
    caller asks only while something is owed, which the seats after ``seat`` can cover."""
    for s in _after(first, seat, len(sp)):
        if sp[s] > 0:
            return s
    raise AssertionError("a payment went round the table unpaid")


__all__ = ["next_payer", "pay_range"]
