"""What one viewer of Whale Riders may know, field by field (``notes.md``, "Observation").

Goods are named as in the rulebook: ``shell``, ``kelp``, ``meat``, ``pottery``, ``crystal``
(the paying goods a contract asks for), ``pearl``, and ``storm`` for a storm tile.
"""

from __future__ import annotations

from typing import TypedDict

from whaletable.core.observation import Observation


class TileView(TypedDict):
    """A goods, pearl or storm tile."""

    good: str
    count: int
    """The goods it shows (0 for a storm)."""


class ContractView(TypedDict):
    """A contract card face up."""

    id: int
    needs: dict[str, int]
    """Goods asked for, by good (goods it asks none of left out)."""
    coins: int
    pearls: int


class HandContractView(ContractView):
    """A contract of the viewer's own hand."""

    payable: bool
    """Whether the viewer's tiles pay for it now."""


class TileTextView(TypedDict):
    """A variant tile (a power or a decree) as the component data names it."""

    id: str
    name: str
    text: str


class DecreeView(TileTextView):
    claimed_by: list[int]
    """The seats that have met the decree, in claim order."""


class PortView(TypedDict):
    name: str
    prices: list[int]
    """The price of each space, ``prices[0]`` the cheapest."""
    spaces: list[TileView | None]
    """What lies on each space, ``None`` an empty one; ``spaces[0]`` the cheapest."""


class PlayerView(TypedDict):
    """One seat as the viewer sees it: everything in front of it, its hand only counted
    unless it is the viewer's own."""

    step: int
    """The rider's place on its voyage: 0 the Sun Port before leaving, 7 the Lobster
    Port, 14 home."""
    port: int
    next_port: int | None
    """The port its next Move reaches; ``None`` once home."""
    heading: str
    """``out``, ``back`` (turned at the Lobster Port) or ``home``."""
    coins: int
    tiles: list[TileView]
    goods: dict[str, int]
    """The goods its tiles add up to, by good (goods it holds none of left out)."""
    hand_size: int
    hand: list[HandContractView | None]
    """One entry per card in hand: the card for the viewer's own hand, ``None`` (face
    down) for every other seat's and for a spectator."""
    fulfilled: list[ContractView]
    decree_pearls: int
    pearls: int
    """The score: pearls on tiles, on fulfilled contracts and from decrees."""
    power: TileTextView | None
    """The Magic of the Whale's power tile, ``None`` without the variant."""


class WhaleRidersObservation(Observation):
    """One viewer's Whale Riders. ``scores`` are the seats' pearls: every pearl lies
    face up (tiles, fulfilled contracts, decrees), so every viewer sees every score."""

    turn_player: int | None
    """Whose turn it is (also while chance draws in it); ``None`` in setup and at the end."""
    start_player: int | None
    turn: int
    """The turn in progress (1 the first, 0 in setup)."""
    actions_left: int
    """Actions of the turn not yet begun (2, 1 or 0)."""
    current_cards: list[int]
    """Ids of the contracts taken so far by the burn or fulfil action in progress."""
    ports: list[PortView]
    """The Sun Port (0) to the Lobster Port (7)."""
    bag: int
    """Tiles in the bag (never which)."""
    deck: int
    """Contracts in the draw pile."""
    burned: list[ContractView]
    """The burned pile, oldest first."""
    pearls_left: int
    """Sun Port pearl tiles not yet bought."""
    players: list[PlayerView]
    decrees: list[DecreeView]
    """The Clan's Decree's decrees turned up; empty without the variant."""
    winners: list[int]
    """The winning seats once the game is over, else empty."""


__all__ = [
    "ContractView",
    "DecreeView",
    "HandContractView",
    "PlayerView",
    "PortView",
    "TileTextView",
    "TileView",
    "WhaleRidersObservation",
]
