"""The pieces of Survive and the Giant Squid, loaded from ``data/components.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whaletable.core.data import labelled_table, read_toml
from whaletable.core.errors import DataFileError
from whaletable.games.survive.actions import (
    CREATURE_FACES,
    DIVE,
    DIVE_MOVES,
    DIVE_PIECES,
    EFFECTS,
    TERRAINS,
)
from whaletable.games.survive.board import int_list


@dataclass(frozen=True)
class Components:
    explorer_values: tuple[int, ...]
    boats_per_player: int
    boats_total: int
    boat_capacity: int
    serpents: int
    sharks: int
    whales: int
    squids: int
    moves: dict[str, int]
    """Spaces each creature kind moves on the creature die."""
    die_faces: tuple[str, ...]
    terrain_counts: tuple[int, ...]
    """Tiles of each terrain, in sinking order (beach, forest, mountain)."""
    backs: tuple[tuple[int, ...], ...]
    """``backs[terrain][effect]``: tiles of that terrain with that back (effects as in EFFECTS)."""
    dolphins: int
    """Dolphin tokens (Challenge Rule 5)."""
    dive_pieces: tuple[str, ...]
    """The faces of the dive die that names the piece (Challenge Rule 5)."""
    dive_moves: dict[str, tuple[str, ...]]
    """The faces of the other dive die, by option ``dive_die``: numbers, and ``"dive"``."""
    source: str


def _positive(section: dict[str, Any], source: str, name: str, key: str) -> int:
    value = section.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise DataFileError(f"{source}: [{name}] {key} must be a whole number ≥ 0, not {value!r}")
    return value


def load_components(path: str | Path | None = None) -> Components:
    """Load and validate the component data; errors name the file and the key."""
    data, source = read_toml(path, __package__, "components.toml")

    ex = labelled_table(data, source, "explorers")
    values = int_list(ex, source, "explorers", "values")
    if len(values) != 10 or any(v < 1 for v in values):
        raise DataFileError(f"{source}: [explorers] values must be 10 values ≥ 1: {values}")

    boats = labelled_table(data, source, "boats")
    per_player = _positive(boats, source, "boats", "per_player")
    total = _positive(boats, source, "boats", "total")
    capacity = _positive(boats, source, "boats", "capacity")
    if total < 4 * per_player:
        raise DataFileError(f"{source}: [boats] total must cover 4 players' starting boats")
    if capacity < 1:
        raise DataFileError(f"{source}: [boats] capacity must be at least 1")

    cr = labelled_table(data, source, "creatures")
    counts = {k: _positive(cr, source, "creatures", k) for k in ("serpents", "sharks", "whales")}
    squids = _positive(cr, source, "creatures", "squids")
    if counts["serpents"] != 5:
        raise DataFileError(f"{source}: [creatures] serpents must be 5, one per serpent start")

    mv = labelled_table(data, source, "moves")
    moves = {k: _positive(mv, source, "moves", k) for k in ("serpent", "shark", "whale", "squid")}

    die = labelled_table(data, source, "die")
    faces = die.get("faces")
    if not isinstance(faces, list) or not faces or any(f not in CREATURE_FACES for f in faces):
        raise DataFileError(
            f"{source}: [die] faces must be a list of {', '.join(CREATURE_FACES)}; got {faces!r}"
        )

    ter = labelled_table(data, source, "terrain")
    if ter.get("order") != list(TERRAINS):
        raise DataFileError(f"{source}: [terrain] order must be {list(TERRAINS)}")
    terrain_counts = tuple(_positive(ter, source, "terrain", t) for t in TERRAINS)
    if sum(terrain_counts) != 40:
        raise DataFileError(f"{source}: [terrain] counts must add up to the 40 island slots")

    backs: list[tuple[int, ...]] = []
    for t, count in zip(TERRAINS, terrain_counts, strict=True):
        name = f"backs.{t}"
        section = labelled_table(data, source, name)
        for key in section:
            if key not in EFFECTS and key not in ("provenance", "reason"):
                raise DataFileError(
                    f"{source}: [{name}] {key} is not a tile back; backs are: {', '.join(EFFECTS)}"
                )
        row = tuple(_positive(section, source, name, e) if e in section else 0 for e in EFFECTS)
        if sum(row) != count:
            raise DataFileError(
                f"{source}: [{name}] backs add up to {sum(row)}, but there are {count} {t} tiles"
            )
        backs.append(row)
    if sum(b[EFFECTS.index("volcano")] for b in backs) != 1:
        raise DataFileError(f"{source}: [backs] there must be exactly one volcano")

    dolphins = _positive(labelled_table(data, source, "dolphins"), source, "dolphins", "count")
    piece = labelled_table(data, source, "dive_dice.piece")
    pieces = piece.get("faces")
    if not isinstance(pieces, list) or not pieces or any(f not in DIVE_PIECES for f in pieces):
        raise DataFileError(
            f"{source}: [dive_dice.piece] faces must be a list of {', '.join(DIVE_PIECES)}; "
            f"got {pieces!r}"
        )
    dive_moves: dict[str, tuple[str, ...]] = {}
    for option, name in (
        ("reconstructed", "dive_dice.movement"),
        ("1986", "dive_dice.movement_1986"),
    ):
        faces_m = labelled_table(data, source, name).get("faces")
        if (
            not isinstance(faces_m, list)
            or not faces_m
            or any(f not in DIVE_MOVES for f in faces_m)
        ):
            raise DataFileError(
                f'{source}: [{name}] faces must be a list of "1" to "6" and "{DIVE}"; '
                f"got {faces_m!r}"
            )
        dive_moves[option] = tuple(faces_m)
    return Components(
        explorer_values=tuple(sorted(values)),
        boats_per_player=per_player,
        boats_total=total,
        boat_capacity=capacity,
        serpents=counts["serpents"],
        sharks=counts["sharks"],
        whales=counts["whales"],
        squids=squids,
        moves=moves,
        die_faces=tuple(faces),
        terrain_counts=terrain_counts,
        backs=tuple(backs),
        dolphins=dolphins,
        dive_pieces=tuple(pieces),
        dive_moves=dive_moves,
        source=source,
    )


COMPONENTS = load_components()
