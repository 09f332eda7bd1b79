"""What one seat of Survive sees: :class:`SurviveObservation`, the rules' observation as a type.

Spaces are numbered 0–132 as in :mod:`whaletable.games.survive.components`; explorers
0–39 (seat ``e // 10``, in that seat's order of placing); boats 0–11; creatures by the
rules' numbering (their kind says which). An explorer's value is there only for a viewer
who may know it: its owner, and everyone once the game is over.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from whaletable.core.observation import Observation


class SurviveOptionsView(TypedDict):
    """The game's options (:class:`whaletable.games.survive.SurviveOptions`), by name."""

    giant_squid: bool
    squids_replace_whales: bool
    landing: Literal["yellow", "touching"]
    tie_break: Literal["shared", "most-saved"]
    creature_stacking: Literal["allowed", "blocked"]
    swim_into_boats: bool
    centre_is_sea: bool
    no_enclosed_tiles: bool
    densely_populated: bool
    leave_no_one_behind: bool
    everyone_is_equal: bool
    atlantis_is_gone: bool
    dolphins_and_diving_creatures: bool
    dive_die: Literal["reconstructed", "1986"]


class ExplorerView(TypedDict):
    id: int
    seat: int
    status: str
    """``unplaced``, ``land``, ``swimming``, ``boat``, ``safe`` or ``lost``."""
    hex: int | None
    """Its space on land, swimming or in a boat; else ``None``."""
    boat: int | None
    """The boat it sits in, if any."""
    isle: str | None
    """The safe isle (``NW``, ``NE``, ``SW``, ``SE``) it reached, if it is safe."""
    value: int | None
    """The number under it, where the viewer may know it (its owner; all at the end)."""
    swam: bool
    """It swam this turn (a swimmer moves one space a turn)."""


class BoatView(TypedDict):
    id: int
    status: str
    """``sea`` (on the board), ``supply`` (not yet in play) or ``lost``."""
    hex: int | None
    passengers: list[int]
    """The explorers aboard, in the order they climbed in."""
    controllers: list[int]
    """The seats that may move it (the most explorers aboard)."""


class CreatureView(TypedDict):
    id: int
    kind: str
    """``serpent``, ``shark``, ``whale``, ``squid`` or ``dolphin``."""
    status: str
    """``sea``, ``supply`` or ``lost``."""
    hex: int | None


class TileView(TypedDict):
    """A held tile's back and the terrain of its front."""

    effect: str
    terrain: str


class HandView(TypedDict):
    count: int
    tiles: list[TileView | None]
    """Each held tile, ``None`` where the viewer may not see it (another seat's hand)."""


class SunkView(TypedDict):
    """A tile taken from the island, in the order they were sunk."""

    hex: int
    terrain: str
    seat: int
    """Who sank it."""
    effect: str | None
    """Its back, where the viewer may know it (shown to all, played, its holder's own)."""
    played: bool


class DiveRollView(TypedDict):
    piece: str
    face: str


class ThreatView(TypedDict):
    """A creature about to enter a space a deterrent may stop."""

    creature: int
    hex: int


class PendingView(TypedDict):
    """The decision under way, part by part."""

    creature: int | None
    """The creature picked or threatening, if any."""
    kinds: list[str]
    """The kinds that may move after a creature roll."""
    tile: str | None
    """The dolphin or boat-move tile being spent."""
    mover: int | None
    threat: ThreatView | None
    victims: list[int]
    """The explorers a giant squid may take."""
    boats: list[int]
    """The unoccupied boats a dive roll may move."""


class SurviveObservation(Observation):
    """One seat's view of a game of Survive (``seat`` ``None``: a spectator's)."""

    options: SurviveOptionsView
    start_player: int | None
    turn: int
    """Turns begun so far (0 while setting up)."""
    active: int | None
    """Whose turn it is (``None`` while setting up); the seat to move may be another, e.g.
    for a deterrent."""
    moves_left: int
    """Movement points left in this turn, or steps left with a dolphin or boat-move tile."""
    terrain: list[str | None]
    """Each space's island tile (``beach``, ``forest``, ``mountain``), ``None`` for sea."""
    explorers: list[ExplorerView]
    boats: list[BoatView]
    creatures: list[CreatureView]
    hands: list[HandView]
    sunk: list[SunkView]
    last_roll: str | None
    """The creature die's last face, if rolled this turn."""
    dive_roll: DiveRollView | None
    pending: PendingView
    values_left: list[int] | None
    """The viewer's values still to place at setup (``None`` for a spectator and at the end)."""
    saved: list[int]
    """Each seat's explorers on the safe isles (public: the isles are in view)."""
    lost: list[int]
    winners: list[int] | None


__all__ = [
    "BoatView",
    "CreatureView",
    "DiveRollView",
    "ExplorerView",
    "HandView",
    "PendingView",
    "SunkView",
    "SurviveObservation",
    "SurviveOptionsView",
    "ThreatView",
    "TileView",
]
