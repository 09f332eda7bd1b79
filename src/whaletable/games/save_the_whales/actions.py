"""Save the Whales' decisions, each a small frozen value.

A turn is a few small decisions: a seat without a whale first names the whale it
moves (:class:`NameWhale`); while a whale occupies MARINE MAMMAL PROTECTION ACT the
team may start saving whales (:class:`SaveWhale`); then :class:`Roll`. The dice
(:class:`ThrowDice`) and every card drawn (:class:`DrawCard`) are chance actions.
A payment (a penalty or a save) goes round the table: each seat asked puts in
an amount of its own Survival Points in one decision (:class:`Pay`; see
:mod:`~whaletable.games.save_the_whales.payment`), or the seat asked first (the player of
the whale that owes) refuses the penalty (:class:`Refuse`). Space effects that offer a
choice are answered with :class:`CollectSurvivalPoints` / :class:`MoveAnywhere` (your own
whale space), :class:`PassBarnacle`, :class:`LeavePath`, :class:`TradePlaces`, or
:class:`Done` to take no (more) of what is offered.

Whales are named by their species in lower case: ``gray``, ``blue``, ``fin``,
``humpback``, ``bowhead``, ``right``, ``sperm``, ``orca``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from whaletable.core.action import Action


@dataclass(frozen=True, slots=True)
class ChooseWhale(Action):
    """A seat without a whale selects a new one from those not yet in play; it starts at POW."""

    kind: ClassVar[str] = "choose_whale"
    whale: str


@dataclass(frozen=True, slots=True)
class NameWhale(Action):
    """All eight whales are in play and this seat has none: announce the whale it moves."""

    kind: ClassVar[str] = "name_whale"
    whale: str


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the two dice for this turn's whale."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class ThrowDice(Action):
    """Chance: the faces the two dice show; 0 is the Catcher Ship (``first <= second``)."""

    kind: ClassVar[str] = "throw_dice"
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Chance: the card drawn from a deck (``deck`` is ``dawn`` or ``neptune``)."""

    kind: ClassVar[str] = "draw_card"
    deck: str
    card: int


@dataclass(frozen=True, slots=True)
class SaveWhale(Action):
    """A whale occupies MARINE MAMMAL PROTECTION ACT: start paying to save this active whale."""

    kind: ClassVar[str] = "save_whale"
    whale: str


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Put ``amount`` of your own Survival Points toward the payment in progress (0: leave
    the rest to the seats asked after you)."""

    kind: ClassVar[str] = "pay"
    amount: int


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """Do not pay this penalty: the whale goes onto the path (or, already there, is lost)."""

    kind: ClassVar[str] = "refuse"


@dataclass(frozen=True, slots=True)
class CollectSurvivalPoints(Action):
    """On your own whale space: collect 5 Survival Points."""

    kind: ClassVar[str] = "collect_survival_points"


@dataclass(frozen=True, slots=True)
class MoveAnywhere(Action):
    """On your own whale space: move to any other main-track space (and land there)."""

    kind: ClassVar[str] = "move_anywhere"
    space: int


@dataclass(frozen=True, slots=True)
class PassBarnacle(Action):
    """On a barnacle-passing space: the Magic Barnacle goes to ``whale``."""

    kind: ClassVar[str] = "pass_barnacle"
    whale: str


@dataclass(frozen=True, slots=True)
class LeavePath(Action):
    """A whale on the ENDANGERED SPECIES path comes out (ARCTIC CIRCLE, ANTARCTICA, a card)."""

    kind: ClassVar[str] = "leave_path"
    whale: str


@dataclass(frozen=True, slots=True)
class TradePlaces(Action):
    """CALVING SANCTUARY: trade places with this whale on the path."""

    kind: ClassVar[str] = "trade_places"
    whale: str


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Take nothing (more) of what the space or card offers."""

    kind: ClassVar[str] = "done"
