"""Survive's decisions and chance outcomes, each a small frozen value.

Spaces are numbered 0..132 (see :mod:`whaletable.games.survive.components`); explorer
``e`` belongs to seat ``e // 10`` and is that seat's ``e % 10``-th explorer placed;
boats are 0..11 in the order they come into play; creatures are numbered
serpents 0–4, sharks 5–10, whales 11–15, giant squids 16–20, dolphins 21–24.
Directions are 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.

Setup: :class:`PickStartPlayer` and :class:`LayTile` by chance, then
:class:`PlaceExplorer` (one per empty tile, in turn) and :class:`PlaceBoat`.

A turn: optionally :class:`PlayTile` (a red tile, before moving; a dolphin or
boat-move tile is then spent with :class:`MoveExplorer` / :class:`MoveBoat` steps
and :class:`EndMovement`; a move-creature tile with :class:`PickCreature` and
:class:`MoveCreature`); up to three movement points, each one of
:class:`MoveExplorer`, :class:`BoardBoat`, :class:`JumpOverboard`,
:class:`LandOnSafeIsle`, :class:`MoveBoat`, then :class:`EndMovement` (implicit
after the third); :class:`SinkTile`; chance :class:`RevealBack` (and, for a
whale tile with the Giant Squid, :class:`PlaceSquid`; the one who brings in or
moves a squid next to people picks its victim with :class:`TakePerson`; a boat
tile with more than three swimmers lets the revealer pick who boards with
:class:`BoardBoat`); chance :class:`RollCreatureDie`; :class:`PickCreature` (when
more than one may move) and :class:`MoveCreature`. With Challenge Rule 5 the chance
:class:`RollDiveDice` replaces the creature die, and an unoccupied boat it lets move goes
with :class:`MoveEmptyBoat`. When another seat's shark
or whale is about to strike, the threatened seat holding tiles answers
:class:`PlayTile` (a deterrent) or :class:`Decline`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from whaletable.core.action import Action

TERRAINS = ("beach", "forest", "mountain")
"""Terrain tiles, in the order they must be sunk."""

GREEN_EFFECTS = ("shark", "whale", "boat", "whirlpool", "volcano")
"""Tile backs resolved at once when revealed."""

RED_EFFECTS = (
    "dolphin",
    "boat-move",
    "move-serpent",
    "move-shark",
    "move-whale",
    "shark-deterrent",
    "whale-deterrent",
)
"""Tile backs kept hidden in hand and played later."""

EFFECTS = GREEN_EFFECTS + RED_EFFECTS

CREATURE_FACES = ("serpent", "shark", "whale")
"""The creature die's faces (each on two sides)."""

DIVE_PIECES = ("serpent", "shark", "whale", "dolphin", "boat", "starfish")
"""Challenge Rule 5: the symbols of the dive die that says which piece may move
(``"boat"``: an unoccupied boat; ``"starfish"``: wild, any of the others)."""

DIVE = "dive"
"""The face of the other dive die that sends the piece to any unoccupied sea space."""

DIVE_MOVES = ("1", "2", "3", "4", "5", "6", DIVE)
"""Every face the other dive die may show (its faces are data: ``components.toml``)."""


# --------------------------------------------------------------------------- chance


@dataclass(frozen=True, slots=True)
class PickStartPlayer(Action):
    """Chance: the first player."""

    kind: ClassVar[str] = "pick_start_player"
    seat: int


@dataclass(frozen=True, slots=True)
class LayTile(Action):
    """Chance: the terrain of the next island slot (slots in reading order), face up."""

    kind: ClassVar[str] = "lay_tile"
    terrain: str


@dataclass(frozen=True, slots=True)
class RevealBack(Action):
    """Chance: the back of the tile just sunk (seen by its remover only, if red)."""

    kind: ClassVar[str] = "reveal_back"
    effect: str


@dataclass(frozen=True, slots=True)
class RollCreatureDie(Action):
    """Chance: the creature die's face."""

    kind: ClassVar[str] = "roll_creature_die"
    creature: str


@dataclass(frozen=True, slots=True)
class RollDiveDice(Action):
    """Chance, Challenge Rule 5: both blue dive dice, instead of the creature die.

    ``piece`` names what may move (a creature kind, ``"boat"`` for an unoccupied boat,
    ``"starfish"`` for any of them); ``face`` how far: ``"1"`` … or ``"dive"`` (to any
    unoccupied sea space).
    """

    kind: ClassVar[str] = "roll_dive_dice"
    piece: str
    face: str


# --------------------------------------------------------------------------- setup


@dataclass(frozen=True, slots=True)
class PlaceExplorer(Action):
    """Put your explorer of this value on an empty terrain tile (the value stays hidden)."""

    kind: ClassVar[str] = "place_explorer"
    hex: int
    value: int


@dataclass(frozen=True, slots=True)
class PlaceBoat(Action):
    """Put a boat on a vacant sea space next to the island."""

    kind: ClassVar[str] = "place_boat"
    hex: int


# --------------------------------------------------------------------------- movement


@dataclass(frozen=True, slots=True)
class MoveExplorer(Action):
    """Move your explorer one space in a direction (0 E … 5 SE).

    From land: onto land, into the sea, or into a boat with room there. A
    swimmer: one sea space a turn (climbing into a boat with room there). A
    passenger: into a boat with room on a neighbouring space.
    """

    kind: ClassVar[str] = "move_explorer"
    explorer: int
    direction: int


@dataclass(frozen=True, slots=True)
class BoardBoat(Action):
    """A swimmer climbs into the boat on its own space.

    Also how the revealer of a boat tile picks who boards when more than three swim there.
    """

    kind: ClassVar[str] = "board_boat"
    explorer: int


@dataclass(frozen=True, slots=True)
class JumpOverboard(Action):
    """A passenger jumps into the sea on its boat's space."""

    kind: ClassVar[str] = "jump_overboard"
    explorer: int


@dataclass(frozen=True, slots=True)
class LandOnSafeIsle(Action):
    """An explorer on a landing space (swimming or aboard) steps onto the safe isle."""

    kind: ClassVar[str] = "land_on_safe_isle"
    explorer: int


@dataclass(frozen=True, slots=True)
class MoveBoat(Action):
    """Move a boat you control one sea space in a direction, with everyone aboard."""

    kind: ClassVar[str] = "move_boat"
    boat: int
    direction: int


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """Spend no more movement points this turn (or stop a dolphin or boat-move tile)."""

    kind: ClassVar[str] = "end_movement"


# --------------------------------------------------------------------------- tiles


@dataclass(frozen=True, slots=True)
class PlayTile(Action):
    """Play a red tile from your hand: at the start of your turn, or a deterrent in response.

    ``slot`` is the tile's place in your hand (tiles in the order you drew them,
    counting only those still held); ``effect`` is what it shows.
    """

    kind: ClassVar[str] = "play_tile"
    effect: str
    slot: int


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Do not play a deterrent now."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class SinkTile(Action):
    """Remove this terrain tile from the island (and look at its back)."""

    kind: ClassVar[str] = "sink_tile"
    hex: int


@dataclass(frozen=True, slots=True)
class PlaceSquid(Action):
    """Giant Squid: bring a squid in on a vacant sea space next to a terrain tile."""

    kind: ClassVar[str] = "place_squid"
    hex: int


@dataclass(frozen=True, slots=True)
class TakePerson(Action):
    """Giant Squid: the explorer the squid removes from the game."""

    kind: ClassVar[str] = "take_person"
    explorer: int


# --------------------------------------------------------------------------- creatures


@dataclass(frozen=True, slots=True)
class PickCreature(Action):
    """Which creature moves (when more than one of the kind could)."""

    kind: ClassVar[str] = "pick_creature"
    creature: int


@dataclass(frozen=True, slots=True)
class MoveCreature(Action):
    """Where the picked creature goes (its own space: a giant squid staying put)."""

    kind: ClassVar[str] = "move_creature"
    to: int


@dataclass(frozen=True, slots=True)
class MoveEmptyBoat(Action):
    """Challenge Rule 5: the dive dice move this unoccupied boat to this sea space."""

    kind: ClassVar[str] = "move_empty_boat"
    boat: int
    to: int


ACTION_TYPES: tuple[type[Action], ...] = (
    PickStartPlayer,
    LayTile,
    RevealBack,
    RollCreatureDie,
    PlaceExplorer,
    PlaceBoat,
    MoveExplorer,
    BoardBoat,
    JumpOverboard,
    LandOnSafeIsle,
    MoveBoat,
    EndMovement,
    PlayTile,
    Decline,
    SinkTile,
    PlaceSquid,
    TakePerson,
    PickCreature,
    MoveCreature,
    RollDiveDice,
    MoveEmptyBoat,
)
