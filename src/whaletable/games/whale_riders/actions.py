"""Whale Riders' decisions, each a small frozen value.

A turn is two actions. :class:`Move`, :class:`Buy` and :class:`TakeCoin` are one
decision each. Burning and fulfilling take one or more contracts in a single
action, so they are a short run of decisions: :class:`BurnContracts` (or
:class:`FulfilContracts`) starts the action, each :class:`Burn` (or
:class:`Fulfil`) takes one card, and :class:`Done` ends it once at least one card
is taken (it also ends by itself when the hand is empty).

Setup randomness and every draw (tiles from the bag, contracts from the pile, the
start player, and the variants' tiles) arrive as chance actions, so that a record
replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from whaletable.core.action import Action

# ------------------------------------------------------------------ chance


@dataclass(frozen=True, slots=True)
class PickStartPlayer(Action):
    """Chance: the start player."""

    kind: ClassVar[str] = "pick_start_player"
    seat: int


@dataclass(frozen=True, slots=True)
class DrawTile(Action):
    """Chance: the tile drawn from the bag onto the next empty space.

    ``good`` is what the tile shows (``shell``, ``kelp``, ``meat``, ``pottery``,
    ``crystal``, ``pearl``, or ``storm``); ``count`` how many (0 for a storm).
    """

    kind: ClassVar[str] = "draw_tile"
    good: str
    count: int


@dataclass(frozen=True, slots=True)
class DrawContract(Action):
    """Chance: the contract card drawn from the pile into the hand being filled."""

    kind: ClassVar[str] = "draw_contract"
    card: int


@dataclass(frozen=True, slots=True)
class DealPower(Action):
    """Chance (variant *The Magic of the Whale*): the power tile dealt to the next seat."""

    kind: ClassVar[str] = "deal_power"
    power: str


@dataclass(frozen=True, slots=True)
class RevealDecree(Action):
    """Chance (variant *The Clan's Decree*): the next decree tile turned face up."""

    kind: ClassVar[str] = "reveal_decree"
    decree: str


# ---------------------------------------------------------------- decisions


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move your rider one port along the coast (out, turning at the last port, then home)."""

    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy the tile on space ``slot`` of your rider's port; space 0 is the cheapest."""

    kind: ClassVar[str] = "buy"
    slot: int


@dataclass(frozen=True, slots=True)
class TakeCoin(Action):
    """Take one coin from the bank."""

    kind: ClassVar[str] = "take_coin"


@dataclass(frozen=True, slots=True)
class BurnContracts(Action):
    """Start the action "burn contracts": then burn one or more cards, and say done."""

    kind: ClassVar[str] = "burn_contracts"


@dataclass(frozen=True, slots=True)
class FulfilContracts(Action):
    """Start the action "fulfil contracts": then fulfil one or more cards, and say done."""

    kind: ClassVar[str] = "fulfil_contracts"


@dataclass(frozen=True, slots=True)
class Burn(Action):
    """Burn contract ``card`` from your hand, face up on the burned pile."""

    kind: ClassVar[str] = "burn"
    card: int


@dataclass(frozen=True, slots=True)
class Fulfil(Action):
    """Fulfil contract ``card`` from your hand: hand in its goods, take its coins."""

    kind: ClassVar[str] = "fulfil"
    card: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End the burn or fulfil action in progress: no more cards this action."""

    kind: ClassVar[str] = "done"


CHANCE_ACTION_TYPES: tuple[type[Action], ...] = (
    PickStartPlayer,
    DrawTile,
    DrawContract,
    DealPower,
    RevealDecree,
)
ACTION_TYPES: tuple[type[Action], ...] = (
    *CHANCE_ACTION_TYPES,
    Move,
    Buy,
    TakeCoin,
    BurnContracts,
    FulfilContracts,
    Burn,
    Fulfil,
    Done,
)
