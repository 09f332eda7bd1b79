"""The pieces of Survive and the Giant Squid, loaded from ``data/components.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from whaletable.core.data import DataFile
from whaletable.games.survive.actions import (
    CREATURE_FACES,
    DIVE,
    DIVE_MOVES,
    DIVE_PIECES,
    EFFECTS,
    TERRAINS,
)


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


def load_components(path: str | Path | None = None) -> Components:
    """Load and validate the component data; errors name the file and the key."""
    data = DataFile.read(path, __package__, "components.toml")
    ex = data.table("explorers")
    values = ex.integers("values", length=10, low=1)

    boats = data.table("boats")
    per_player = boats.integer("per_player", low=0)
    total = boats.integer("total", low=0)
    capacity = boats.integer("capacity", low=1)
    if total < 4 * per_player:
        raise boats.fail("must cover 4 players' starting boats", "total")

    cr = data.table("creatures")
    counts = {k: cr.integer(k, low=0) for k in ("serpents", "sharks", "whales")}
    squids = cr.integer("squids", low=0)
    if counts["serpents"] != 5:
        raise cr.fail("must be 5, one per serpent start", "serpents")

    mv = data.table("moves")
    moves = {k: mv.integer(k, low=0) for k in ("serpent", "shark", "whale", "squid")}
    faces = data.table("die").choices("faces", CREATURE_FACES)

    ter = data.table("terrain")
    if ter.get("order") != list(TERRAINS):
        raise ter.fail(f"must be {list(TERRAINS)}", "order")
    terrain_counts = tuple(ter.integer(t, low=0) for t in TERRAINS)
    if sum(terrain_counts) != 40:
        raise ter.fail("must add up to the 40 island slots", "counts")

    backs: list[tuple[int, ...]] = []
    for t, count in zip(TERRAINS, terrain_counts, strict=True):
        section = data.table(f"backs.{t}")
        for key in section.values:
            if key not in EFFECTS and key not in ("provenance", "reason"):
                raise section.fail(f"is not a tile back; backs are: {', '.join(EFFECTS)}", key)
        row = tuple(section.integer(e, low=0) if e in section else 0 for e in EFFECTS)
        if sum(row) != count:
            raise section.fail(f"backs add up to {sum(row)}, but there are {count} {t} tiles")
        backs.append(row)
    if sum(b[EFFECTS.index("volcano")] for b in backs) != 1:
        raise data.fail("[backs]", "there must be exactly one volcano")

    dolphins = data.table("dolphins").integer("count", low=0)
    pieces = data.table("dive_dice.piece").choices("faces", DIVE_PIECES)
    dive_moves = {
        option: data.table(name).choices("faces", DIVE_MOVES, wording=f'"1" to "6" and "{DIVE}"')
        for option, name in (
            ("reconstructed", "dive_dice.movement"),
            ("1986", "dive_dice.movement_1986"),
        )
    }
    source = data.source
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
