"""What happens in Whale Riders, said by the rules at the moment it happens.

Ids are those of the observation: seats, ports by their index along the coast (0 is
the Sun Port), a port's spaces from 0 (the cheapest), contracts by card number, powers
and decrees by their id. ``seat`` is the seat whose action caused the event.

One thing stays hidden: which contract a seat draws into its hand.
:meth:`ContractDrawn.seen_by` blanks the card for everyone else (they see the hand grow).
A burned or fulfilled contract is turned face up, so its events show it to all.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from whaletable.core.event import Event

# ------------------------------------------------------------------------- setup


@dataclass(frozen=True, slots=True)
class CoastLaid(Event):
    """Setup 3: every trading space has its tile; the ``storms`` go into the bag."""

    kind: ClassVar[str] = "coast_laid"
    storms: int
    bag: int


@dataclass(frozen=True, slots=True)
class ContractsDealt(Event):
    """Setup 5: every seat holds its three contracts, face down."""

    kind: ClassVar[str] = "contracts_dealt"
    each: int


@dataclass(frozen=True, slots=True)
class PowerDealt(Event):
    """The Magic of the Whale: a seat was dealt its power tile, face up."""

    kind: ClassVar[str] = "power_dealt"
    seat: int
    power: str


@dataclass(frozen=True, slots=True)
class DecreeRevealed(Event):
    """The Clan's Decree: a decree tile was turned face up."""

    kind: ClassVar[str] = "decree_revealed"
    decree: str


@dataclass(frozen=True, slots=True)
class StartPlayerPicked(Event):
    """Chance picked the start player."""

    kind: ClassVar[str] = "start_player_picked"
    seat: int


# ------------------------------------------------------------------------ the turn


@dataclass(frozen=True, slots=True)
class RiderMoved(Event):
    """Move your rider: one port out (to the last port, where it turns) or back home.
    ``step`` counts the voyage (0 the Sun Port before leaving, 7 the turn, 14 home)."""

    kind: ClassVar[str] = "rider_moved"
    seat: int
    port: int
    step: int


@dataclass(frozen=True, slots=True)
class TileBought(Event):
    """Buy a tile: from space ``slot`` of the rider's ``port`` for ``price`` coins; a
    storm bought (``good == "storm"``) is cleared, a Sun Port pearl ends the voyage's
    market."""

    kind: ClassVar[str] = "tile_bought"
    seat: int
    port: int
    slot: int
    good: str
    count: int
    price: int


@dataclass(frozen=True, slots=True)
class CoinTaken(Event):
    """Take a coin: ``gained`` coins from the bank (2 with the Tide Tax power)."""

    kind: ClassVar[str] = "coin_taken"
    seat: int
    gained: int
    coins: int


@dataclass(frozen=True, slots=True)
class ContractBurned(Event):
    """Burn contracts: one card, face up on the burned pile."""

    kind: ClassVar[str] = "contract_burned"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class ContractFulfilled(Event):
    """Fulfil contracts: one card paid for with goods, its coins taken (``coins`` with the
    Deep Current bonus)."""

    kind: ClassVar[str] = "contract_fulfilled"
    seat: int
    card: int
    coins: int


@dataclass(frozen=True, slots=True)
class DecreeMet(Event):
    """The Clan's Decree: a seat met a decree and gained its next reward."""

    kind: ClassVar[str] = "decree_met"
    seat: int
    decree: str
    pearls: int


@dataclass(frozen=True, slots=True)
class GapsClosed(Event):
    """The tiles above the spaces bought this turn slid down to close the gaps (at the end
    of the turn, or at once with option ``gaps="at_once"``); ``ports`` lists where."""

    kind: ClassVar[str] = "gaps_closed"
    seat: int
    ports: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpaceRefilled(Event):
    """A tile drawn from the bag onto the empty top space ``slot`` of ``port``."""

    kind: ClassVar[str] = "space_refilled"
    port: int
    slot: int
    good: str
    count: int


@dataclass(frozen=True, slots=True)
class StormSetAside(Event):
    """Option ``storms="lull"``: a storm drawn in play goes to the box."""

    kind: ClassVar[str] = "storm_set_aside"


@dataclass(frozen=True, slots=True)
class BagEmpty(Event):
    """The bag ran out: the empty spaces stay empty (or, option ``empty_bag="ends_game"``,
    the game ends)."""

    kind: ClassVar[str] = "bag_empty"
    ends_game: bool


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    """The draw pile ran out: the ``cards`` burned so far, face up until now, are
    shuffled into a new one."""

    kind: ClassVar[str] = "pile_reshuffled"
    cards: int


@dataclass(frozen=True, slots=True)
class ContractDrawn(Event):
    """A contract drawn into ``seat``'s hand (``dealing``: at setup); only that seat
    learns which."""

    kind: ClassVar[str] = "contract_drawn"
    seat: int
    card: int | None
    hand: int
    dealing: bool

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, card=None)


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """End of the game: most pearls wins (ties: most coins, then most tiles)."""

    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    pearls: tuple[int, ...]


EVENT_TYPES: tuple[type[Event], ...] = (
    CoastLaid,
    ContractsDealt,
    PowerDealt,
    DecreeRevealed,
    StartPlayerPicked,
    RiderMoved,
    TileBought,
    CoinTaken,
    ContractBurned,
    ContractFulfilled,
    DecreeMet,
    GapsClosed,
    SpaceRefilled,
    StormSetAside,
    BagEmpty,
    PileReshuffled,
    ContractDrawn,
    GameOver,
)
