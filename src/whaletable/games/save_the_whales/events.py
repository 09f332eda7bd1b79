"""What happens in Save the Whales, in the rulebook's words.

The rules emit these while applying an action (``rules.py``); the web table and the
terminal word them with ``words.py``. Nothing in this game is hidden (the cards are
read aloud and the dice are public), so every event is seen whole by every seat.

Whales are named by species as in the observation (``gray``, ``blue``…); ``space`` is
a main-track space (POW is 0, counting clockwise) and ``above`` names a path space by
the track space it lies above, as the observation does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from whaletable.core.event import Event


@dataclass(frozen=True, slots=True)
class WhaleChosen(Event):
    """A seat selected a new whale; it starts at POW."""

    kind: ClassVar[str] = "whale_chosen"
    seat: int
    whale: str


@dataclass(frozen=True, slots=True)
class WhaleNamed(Event):
    """A seat without a whale announced the whale it moves this turn."""

    kind: ClassVar[str] = "whale_named"
    seat: int
    whale: str


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """The dice a seat rolled for the whale it moves (0 is a Catcher Ship)."""

    kind: ClassVar[str] = "dice_rolled"
    seat: int
    whale: str
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class WhaleMoved(Event):
    """A whale moved along the main track (dice or card) to ``space``."""

    kind: ClassVar[str] = "whale_moved"
    whale: str
    space: int


@dataclass(frozen=True, slots=True)
class WhaleSwam(Event):
    """A whale on the ENDANGERED SPECIES path moved along it to the space ``above``."""

    kind: ClassVar[str] = "whale_swam"
    whale: str
    above: int


@dataclass(frozen=True, slots=True)
class PassedPow(Event):
    """A whale moved forward onto or past POW (its player collects)."""

    kind: ClassVar[str] = "passed_pow"
    whale: str


@dataclass(frozen=True, slots=True)
class Landed(Event):
    """A whale landed on a main-track space and the space acts (said only by the move)."""

    kind: ClassVar[str] = "landed"
    whale: str
    space: int


@dataclass(frozen=True, slots=True)
class SurvivalPointsCollected(Event):
    """A seat collected Survival Points; ``source`` is a space kind, ``pow``, ``card`` or
    ``own_space``."""

    kind: ClassVar[str] = "survival_points_collected"
    seat: int
    sp: int
    source: str


@dataclass(frozen=True, slots=True)
class MovedAnywhere(Event):
    """On its own whale space, a seat moved its whale to another space."""

    kind: ClassVar[str] = "moved_anywhere"
    seat: int
    whale: str
    space: int


@dataclass(frozen=True, slots=True)
class SaveStarted(Event):
    """A seat began paying to save a whale (while a whale occupies the PROTECTION ACT)."""

    kind: ClassVar[str] = "save_started"
    seat: int
    whale: str
    sp: int


@dataclass(frozen=True, slots=True)
class SurvivalPointsPaid(Event):
    """``seat`` put ``amount`` of its own Survival Points toward ``whale``'s payment (the
    team pools its SPs, each seat paying its own)."""

    kind: ClassVar[str] = "survival_points_paid"
    seat: int
    whale: str
    amount: int


@dataclass(frozen=True, slots=True)
class PaymentLeftToOthers(Event):
    """``seat``, asked for its share of ``whale``'s payment, left it to the seats after it."""

    kind: ClassVar[str] = "payment_left_to_others"
    seat: int
    whale: str


@dataclass(frozen=True, slots=True)
class PenaltyPaid(Event):
    """The team paid a whale's penalty in full; ``reason`` is the space kind or ``card``."""

    kind: ClassVar[str] = "penalty_paid"
    whale: str
    sp: int
    reason: str


@dataclass(frozen=True, slots=True)
class SavePaid(Event):
    """The team paid a whale's value in full to save it."""

    kind: ClassVar[str] = "save_paid"
    whale: str
    sp: int


@dataclass(frozen=True, slots=True)
class PenaltyRefused(Event):
    """A seat did not pay a whale's penalty; ``unable``: the team could not have paid it."""

    kind: ClassVar[str] = "penalty_refused"
    seat: int
    whale: str
    sp: int
    unable: bool


@dataclass(frozen=True, slots=True)
class PenaltyUnpayable(Event):
    """The team cannot pay a whale's penalty, "even with the help from the other players"."""

    kind: ClassVar[str] = "penalty_unpayable"
    whale: str
    sp: int


@dataclass(frozen=True, slots=True)
class SaveDeclined(Event):
    """On SPOTTED or PIRATE WHALERS a seat did not save the whale instead of its going onto
    the path."""

    kind: ClassVar[str] = "save_declined"
    seat: int
    whale: str


@dataclass(frozen=True, slots=True)
class WentOntoPath(Event):
    """A whale went onto the ENDANGERED SPECIES path, onto the space ``above``."""

    kind: ClassVar[str] = "went_onto_path"
    whale: str
    above: int


@dataclass(frozen=True, slots=True)
class SlidDown(Event):
    """A whale on the path slid down into the main track (it does not land there)."""

    kind: ClassVar[str] = "slid_down"
    whale: str
    space: int


@dataclass(frozen=True, slots=True)
class LeftPath(Event):
    """A seat brought a whale out of the path (ARCTIC CIRCLE, ANTARCTICA or a card) to
    ``space``."""

    kind: ClassVar[str] = "left_path"
    seat: int
    whale: str
    space: int


@dataclass(frozen=True, slots=True)
class MermaidCarried(Event):
    """The Mermaid took a whale from the path to THE MAGIC BARNACLE space."""

    kind: ClassVar[str] = "mermaid_carried"
    whale: str
    space: int


@dataclass(frozen=True, slots=True)
class PlacesTraded(Event):
    """CALVING SANCTUARY: a seat's whale traded places with ``other``, on the path."""

    kind: ClassVar[str] = "places_traded"
    seat: int
    whale: str
    other: str


@dataclass(frozen=True, slots=True)
class ShipSailed(Event):
    """The Catcher Ship sailed ``steps`` along the path to the space ``above``."""

    kind: ClassVar[str] = "ship_sailed"
    steps: int
    above: int


@dataclass(frozen=True, slots=True)
class ShipToPort(Event):
    """A card sent the Catcher Ship back to the WHALING PORT."""

    kind: ClassVar[str] = "ship_to_port"


@dataclass(frozen=True, slots=True)
class WhaleExtinct(Event):
    """A whale moved to EXTINCT MARINE MAMMALS; ``cause``: ``ship``, ``double_ships`` or
    ``unpaid`` (a penalty not paid while on the path)."""

    kind: ClassVar[str] = "whale_extinct"
    whale: str
    cause: str


@dataclass(frozen=True, slots=True)
class WhaleProtected(Event):
    """A whale was spared: ``by`` is ``moratorium``, ``safe_zone`` or ``barnacle``;
    ``against`` is what it was spared (``ship``, ``double_ships``, ``unpaid``, ``card`` or
    the kind of the space landed on)."""

    kind: ClassVar[str] = "whale_protected"
    whale: str
    by: str
    against: str


@dataclass(frozen=True, slots=True)
class WhaleSaved(Event):
    """A whale was saved into its NATURAL HABITAT; ``free``: by the Magic Barnacle."""

    kind: ClassVar[str] = "whale_saved"
    whale: str
    free: bool


@dataclass(frozen=True, slots=True)
class BarnacleGained(Event):
    """A whale got the Magic Barnacle (its space, a pass, or a card)."""

    kind: ClassVar[str] = "barnacle_gained"
    whale: str


@dataclass(frozen=True, slots=True)
class BarnacleLost(Event):
    """The Magic Barnacle went back to its space from ``whale``."""

    kind: ClassVar[str] = "barnacle_lost"
    whale: str


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A Game Card was drawn for the turn's whale (cards are read to everyone)."""

    kind: ClassVar[str] = "card_drawn"
    seat: int
    deck: str
    card: int


@dataclass(frozen=True, slots=True)
class OfferDeclined(Event):
    """A seat took nothing (more) of what a space or card offered."""

    kind: ClassVar[str] = "offer_declined"
    seat: int


@dataclass(frozen=True, slots=True)
class ExtraTurn(Event):
    """A seat rolled doubles (not double Catcher Ships) and plays again."""

    kind: ClassVar[str] = "extra_turn"
    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """Every whale is saved or extinct: the team saved ``saved`` of ``total``."""

    kind: ClassVar[str] = "game_over"
    saved: int
    total: int


EVENT_TYPES: tuple[type[Event], ...] = (
    WhaleChosen,
    WhaleNamed,
    DiceRolled,
    WhaleMoved,
    WhaleSwam,
    PassedPow,
    Landed,
    SurvivalPointsCollected,
    MovedAnywhere,
    SaveStarted,
    SurvivalPointsPaid,
    PaymentLeftToOthers,
    PenaltyPaid,
    SavePaid,
    PenaltyRefused,
    PenaltyUnpayable,
    SaveDeclined,
    WentOntoPath,
    SlidDown,
    LeftPath,
    MermaidCarried,
    PlacesTraded,
    ShipSailed,
    ShipToPort,
    WhaleExtinct,
    WhaleProtected,
    WhaleSaved,
    BarnacleGained,
    BarnacleLost,
    CardDrawn,
    OfferDeclined,
    ExtraTurn,
    GameOver,
)
"""Every event the rules emit, for ``Game.event_types``."""
