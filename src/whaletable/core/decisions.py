"""A decision stack: one way for every game to say "a seat is in the middle of a compound turn".

A turn of several decisions (two actions, an action that takes cards one at a
time until the player says done, a run of draws no one chooses) is a stack of
pending decisions kept in the state, as TAG keeps its extended sequences. The
top says who decides now and what kind of decision it is; the rules push a
sub-decision when an action opens one and pop it when it completes, and what
lies beneath says what comes next.

Speed is a feature, so a decision is one small int, not an object: its kind in
the low :data:`KIND_BITS` bits, the chooser (a seat, :data:`~whaletable.core.spec.CHANCE`
or :data:`~whaletable.core.spec.TERMINAL`) above them. Pushing and popping are
``list.append`` and ``list.pop``, reading the top is ``stack[-1]``, and
:meth:`~whaletable.core.state.State.clone` copies one list of ints.

A turn of two actions by seat 1, the first of which burns cards until done:

>>> from whaletable.core.spec import CHANCE
>>> KINDS = DecisionKinds(("action", "burning", "drawing"))
>>> ACTION, BURNING, DRAWING = range(3)
>>> stack = [decision(ACTION, 1), decision(ACTION, 1)]  # "two actions"
>>> _ = stack.pop(); stack.append(decision(BURNING, 1))  # the first: burn contracts
>>> KINDS.name(stack[-1]), chooser_of(stack[-1]), pending(stack, ACTION)
('burning', 1, 1)
>>> _ = stack.pop()  # done: back to the turn, one action left
>>> stack.append(decision(DRAWING, CHANCE))  # a draw no one chooses
>>> KINDS.describe(stack)
'action by seat 1 < drawing by chance'
>>> chooser_of(stack[-1]) == CHANCE
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from whaletable.core.spec import CHANCE, TERMINAL

KIND_BITS = 5
"""Bits of a decision's kind: up to 32 kinds of decision a game."""
KIND_MASK = (1 << KIND_BITS) - 1

Decision = int
"""One pending decision: ``chooser << KIND_BITS | kind`` (see :func:`decision`)."""


def decision(kind: int, chooser: int) -> Decision:
    """The decision of ``kind`` that ``chooser`` (a seat, CHANCE or TERMINAL) makes.

    >>> kind_of(decision(3, 2)), chooser_of(decision(3, 2))
    (3, 2)
    >>> kind_of(decision(4, CHANCE)), chooser_of(decision(4, CHANCE))
    (4, -1)
    """
    if not 0 <= kind <= KIND_MASK:
        raise ValueError(f"a decision's kind is 0..{KIND_MASK}, not {kind}")
    if chooser < TERMINAL:
        raise ValueError(f"a decision's chooser is a seat, CHANCE or TERMINAL, not {chooser}")
    return chooser << KIND_BITS | kind


def kind_of(d: Decision) -> int:
    """What kind of decision ``d`` is (an index into the game's :class:`DecisionKinds`)."""
    return d & KIND_MASK


def chooser_of(d: Decision) -> int:
    """Who makes decision ``d``: a seat, CHANCE or TERMINAL (the shift keeps the sign)."""
    return d >> KIND_BITS


def pending(stack: Sequence[Decision], kind: int) -> int:
    """How many decisions of ``kind`` are pending: the actions a turn has left when it
    pushes one decision per action."""
    return sum(1 for d in stack if d & KIND_MASK == kind)


@dataclass(frozen=True, slots=True)
class DecisionKinds:
    """The names of a game's kinds of decision, by kind: the observation's ``phase`` is
    the name of the top decision's kind. Several kinds may share a name (a player
    sees one "drawing" phase whatever follows it)."""

    names: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.names or len(self.names) > KIND_MASK + 1:
            raise ValueError(f"a game has 1..{KIND_MASK + 1} kinds of decision")

    def name(self, d: Decision) -> str:
        """The name of decision ``d``'s kind."""
        return self.names[d & KIND_MASK]

    def describe(self, stack: Sequence[Decision]) -> str:
        """The stack bottom first, for messages: ``"action by seat 0 < burning by seat 0"``."""
        return " < ".join(f"{self.name(d)} by {_chooser_name(chooser_of(d))}" for d in stack)

    def why_inconsistent(self, stack: Sequence[Decision], current_player: int) -> str | None:
        """Why ``stack`` disagrees with the state's ``current_player()``, or None.

        Before the end the stack is never empty and its top's chooser is the one who
        decides; at the end it is empty or its top is TERMINAL's; every kind is named.

        >>> kinds = DecisionKinds(("turn", "over"))
        >>> kinds.why_inconsistent([decision(0, 1)], 1) is None
        True
        >>> kinds.why_inconsistent([decision(0, 1)], 0)
        'the top decision (turn by seat 1) is not made by current_player() 0'
        >>> kinds.why_inconsistent([], 0)
        'the decision stack is empty before the end'
        """
        for d in stack:
            if d & KIND_MASK >= len(self.names):
                return f"decision {d} has kind {d & KIND_MASK}, which has no name"
        if not stack:
            if current_player == TERMINAL:
                return None
            return "the decision stack is empty before the end"
        top = stack[-1]
        if chooser_of(top) != current_player:
            return (
                f"the top decision ({self.describe(stack[-1:])}) is not made by "
                f"current_player() {current_player}"
            )
        return None


def _chooser_name(chooser: int) -> str:
    if chooser == CHANCE:
        return "chance"
    if chooser == TERMINAL:
        return "nobody (the end)"
    return f"seat {chooser}"
