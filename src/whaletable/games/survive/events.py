"""What happens in Survive, said by the rules at the moment it happens.

Ids are those of the observation: explorer ``e`` belongs to seat ``e // 10``, boats
0..11, creatures by the numbering of :mod:`whaletable.games.survive.actions`, spaces
0..132. ``seat`` is always the seat whose turn or decision caused the event (the one
who rolled, moved, sank or placed), never the seat to move afterwards.

Two things stay hidden: an explorer's value (its owner's until the end, when
:class:`GameOver` shows them all) and the back of a red tile kept in hand (its
taker's, until it is played). :meth:`ExplorerPlaced.seen_by` and
:meth:`TileRevealed.seen_by` blank them for everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from whaletable.core.event import Event

# ------------------------------------------------------------------------- setup


@dataclass(frozen=True, slots=True)
class StartPlayerPicked(Event):
    """Setup 4: chance picked the first player."""

    kind: ClassVar[str] = "start_player_picked"
    seat: int


@dataclass(frozen=True, slots=True)
class IslandLaid(Event):
    """Setup 2: the last island tile was laid face up (the island is built)."""

    kind: ClassVar[str] = "island_laid"
    tiles: int


@dataclass(frozen=True, slots=True)
class ExplorerPlaced(Event):
    """Setup 5: a seat put an explorer on a tile; its value is the seat's own secret."""

    kind: ClassVar[str] = "explorer_placed"
    seat: int
    explorer: int
    hex: int
    value: int | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, value=None)


@dataclass(frozen=True, slots=True)
class BoatPlaced(Event):
    """Setup 6: a seat put a boat on the sea next to the island."""

    kind: ClassVar[str] = "boat_placed"
    seat: int
    boat: int
    hex: int


# ------------------------------------------------------------------------ movement


@dataclass(frozen=True, slots=True)
class ExplorerMoved(Event):
    """An explorer moved one space: on land, into the sea, from boat to boat, or (with a
    dolphin tile) as a swimmer; ``boat`` is the boat it ended in, or -1."""

    kind: ClassVar[str] = "explorer_moved"
    seat: int
    explorer: int
    origin: int
    to: int
    boat: int


@dataclass(frozen=True, slots=True)
class ExplorerBoarded(Event):
    """A swimmer climbed into the boat on its space (by a move, or a boat tile coming in)."""

    kind: ClassVar[str] = "explorer_boarded"
    seat: int
    explorer: int
    boat: int
    hex: int


@dataclass(frozen=True, slots=True)
class ExplorerJumped(Event):
    """A passenger jumped overboard into the sea on its boat's space."""

    kind: ClassVar[str] = "explorer_jumped"
    seat: int
    explorer: int
    hex: int


@dataclass(frozen=True, slots=True)
class ExplorerSaved(Event):
    """An explorer stepped onto a safe isle (its value stays hidden until the end)."""

    kind: ClassVar[str] = "explorer_saved"
    seat: int
    explorer: int
    isle: str


@dataclass(frozen=True, slots=True)
class BoatMoved(Event):
    """A seat moved a boat one sea space, with everyone aboard."""

    kind: ClassVar[str] = "boat_moved"
    seat: int
    boat: int
    origin: int
    to: int


@dataclass(frozen=True, slots=True)
class EmptyBoatMoved(Event):
    """Challenge Rule 5: the dive dice let a seat move an unoccupied boat."""

    kind: ClassVar[str] = "empty_boat_moved"
    seat: int
    boat: int
    origin: int
    to: int


# --------------------------------------------------------------------------- tiles


@dataclass(frozen=True, slots=True)
class TilePlayed(Event):
    """A seat played a red tile from its hand at the start of its turn (now shown to all)."""

    kind: ClassVar[str] = "tile_played"
    seat: int
    effect: str


@dataclass(frozen=True, slots=True)
class DeterrentPlayed(Event):
    """A threatened seat played a deterrent: the creature about to strike leaves the game."""

    kind: ClassVar[str] = "deterrent_played"
    seat: int
    effect: str
    creature: int
    creature_kind: str
    hex: int


@dataclass(frozen=True, slots=True)
class DeterrentDeclined(Event):
    """A threatened seat holding tiles played no deterrent."""

    kind: ClassVar[str] = "deterrent_declined"
    seat: int


@dataclass(frozen=True, slots=True)
class TileSunk(Event):
    """§5.2: a seat removed a terrain tile; ``swimmers`` are the people who dropped into
    the sea from it."""

    kind: ClassVar[str] = "tile_sunk"
    seat: int
    hex: int
    terrain: str
    swimmers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TileRevealed(Event):
    """The back of the tile ``seat`` just sank. A green back (and a dolphin under Challenge
    Rule 5) acts at once and is ``public``; a red back goes to the seat's hand and only
    that seat learns what it is."""

    kind: ClassVar[str] = "tile_revealed"
    seat: int
    hex: int
    terrain: str
    effect: str | None
    public: bool

    def seen_by(self, seat: int | None) -> Event:
        return self if self.public or seat == self.seat else replace(self, effect=None)


# ------------------------------------------------------------------------ creatures


@dataclass(frozen=True, slots=True)
class CreatureDieRolled(Event):
    """§6: ``seat`` rolled the creature die at the end of its turn."""

    kind: ClassVar[str] = "creature_die_rolled"
    seat: int
    face: str


@dataclass(frozen=True, slots=True)
class DiveDiceRolled(Event):
    """Challenge Rule 5: ``seat`` rolled both dive dice (which piece, how far)."""

    kind: ClassVar[str] = "dive_dice_rolled"
    seat: int
    piece: str
    face: str


@dataclass(frozen=True, slots=True)
class NothingMoved(Event):
    """§6: no creature of the rolled kind (nor a boat the dive dice name) could move."""

    kind: ClassVar[str] = "nothing_moved"
    seat: int


@dataclass(frozen=True, slots=True)
class CreatureMoved(Event):
    """``seat`` moved a creature (by the die, the dive dice or a move-creature tile);
    ``origin == to`` is a giant squid staying put."""

    kind: ClassVar[str] = "creature_moved"
    seat: int
    creature: int
    creature_kind: str
    origin: int
    to: int


@dataclass(frozen=True, slots=True)
class CreatureCameIn(Event):
    """A creature came onto the board: a shark, whale or dolphin from a tile's back, or a
    giant squid brought in by ``seat`` (squid rule 1); ``seat`` is whose turn it is."""

    kind: ClassVar[str] = "creature_came_in"
    seat: int
    creature: int
    creature_kind: str
    hex: int


@dataclass(frozen=True, slots=True)
class CreatureRemoved(Event):
    """A creature left the game: a whale entering a squid's space, a squid a whale's
    (squid rules 4 and 5), or a whirlpool (``by`` names what removed it)."""

    kind: ClassVar[str] = "creature_removed"
    creature: int
    creature_kind: str
    hex: int
    by: str


@dataclass(frozen=True, slots=True)
class BoatCameIn(Event):
    """A boat tile's back: a boat from the supply comes in where the tile was."""

    kind: ClassVar[str] = "boat_came_in"
    seat: int
    boat: int
    hex: int


@dataclass(frozen=True, slots=True)
class BoatCapsized(Event):
    """§6: a whale capsized an occupied boat; everyone ``aboard`` now swims."""

    kind: ClassVar[str] = "boat_capsized"
    creature: int
    boat: int
    hex: int
    aboard: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BoatSunk(Event):
    """§6: a sea serpent dragged an occupied boat under (everyone aboard is lost, each in
    its own :class:`ExplorerLost`)."""

    kind: ClassVar[str] = "boat_sunk"
    creature: int
    boat: int
    hex: int


@dataclass(frozen=True, slots=True)
class ExplorerLost(Event):
    """An explorer left the game: eaten or taken by ``creature`` (its kind in ``cause``),
    or swallowed by a whirlpool (``cause="whirlpool"``, ``creature=-1``)."""

    kind: ClassVar[str] = "explorer_lost"
    explorer: int
    hex: int
    cause: str
    creature: int


@dataclass(frozen=True, slots=True)
class Whirlpool(Event):
    """A whirlpool (or, under Challenge Rules 2 and 4, the volcano) on ``hex`` swallowed
    everything at sea there and around it; what it took follows, one event each."""

    kind: ClassVar[str] = "whirlpool"
    hex: int
    boats: tuple[int, ...]


# ---------------------------------------------------------------------------- end


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """§7: the game ended; every explorer's value is shown (0: never placed)."""

    kind: ClassVar[str] = "game_over"
    reveals: ClassVar[bool] = True
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    values: tuple[int, ...]
    counting: str
    """``"values"``: points are explorer values; ``"saved"``: explorers saved (Rule 3)."""


EVENT_TYPES: tuple[type[Event], ...] = (
    StartPlayerPicked,
    IslandLaid,
    ExplorerPlaced,
    BoatPlaced,
    ExplorerMoved,
    ExplorerBoarded,
    ExplorerJumped,
    ExplorerSaved,
    BoatMoved,
    EmptyBoatMoved,
    TilePlayed,
    DeterrentPlayed,
    DeterrentDeclined,
    TileSunk,
    TileRevealed,
    CreatureDieRolled,
    DiveDiceRolled,
    NothingMoved,
    CreatureMoved,
    CreatureCameIn,
    CreatureRemoved,
    BoatCameIn,
    BoatCapsized,
    BoatSunk,
    ExplorerLost,
    Whirlpool,
    GameOver,
)
