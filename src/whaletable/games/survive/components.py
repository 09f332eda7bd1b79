"""What is in the box of Survive and the Giant Squid: the board (``data/board.toml``: 133 hex
spaces, 40 island slots, serpent starts, four safe isles) and the pieces
(``data/components.toml``).

Spaces are numbered 0..132 in reading order (row by row, left to right). Each
space also has the printed-grid name ``(row, idx)`` and pointy-top axial
coordinates ``(q, r)``; a drawing puts a space's centre at
``x = size * sqrt(3) * (q + r / 2)``, ``y = size * 1.5 * r`` (or, equivalently,
at half-hex column ``x2`` and row ``row``). Nothing here knows about pixels.

Directions, for :class:`~whaletable.games.survive.actions.MoveExplorer` and
:class:`~whaletable.games.survive.actions.MoveBoat`, are numbered
0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east.

>>> BOARD.num_hexes, len(BOARD.island), len(BOARD.serpent_starts)
(133, 40, 5)
>>> BOARD.hex_at(6, 5) == BOARD.serpent_starts[0]
True
>>> coordinates(BOARD.hex_at(6, 5))
{'hex': 66, 'row': 6, 'idx': 5, 'q': 0, 'r': 0, 'x2': 11}
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whaletable.core.data import DataFile
from whaletable.core.errors import DataFileError
from whaletable.games.survive.actions import (
    CREATURE_FACES,
    DIVE,
    DIVE_MOVES,
    DIVE_PIECES,
    EFFECTS,
    TERRAINS,
)

DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")
"""Direction names by number: the six neighbours of a pointy-top hex."""

_AXIAL_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

ISLE_NAMES = ("NW", "NE", "SW", "SE")


@dataclass(frozen=True)
class Board:
    """Board geometry loaded from ``data/board.toml``; every table is tuples of ints."""

    row_lengths: tuple[int, ...]
    row_offsets: tuple[int, ...]
    rows: tuple[int, ...]
    """Each space's row."""
    idxs: tuple[int, ...]
    """Each space's index within its row."""
    axial: tuple[tuple[int, int], ...]
    """Each space's axial ``(q, r)``; the centre hole is ``(0, 0)``."""
    x2: tuple[int, ...]
    """Each space's doubled-width column (half-hex units)."""
    neighbours: tuple[tuple[int, ...], ...]
    """The spaces adjacent to each space."""
    step: tuple[tuple[int, ...], ...]
    """``step[h][d]``: the neighbour of ``h`` in direction ``d``, or -1 off the board."""
    island: tuple[int, ...]
    """The 40 island slots, in reading order (terrain tiles are laid in this order)."""
    serpent_starts: tuple[int, ...]
    landing: tuple[tuple[int, ...], ...]
    """The yellow landing spaces of each safe isle (NW, NE, SW, SE)."""
    landing_wide: tuple[tuple[int, ...], ...]
    """Every sea space touching each safe isle's art (option ``landing = "touching"``)."""
    source: str

    @property
    def num_hexes(self) -> int:
        return len(self.rows)

    def hex_at(self, row: int, idx: int) -> int:
        """The space number of printed-grid ``(row, idx)``."""
        if not 0 <= row < len(self.row_lengths) or not 0 <= idx < self.row_lengths[row]:
            raise ValueError(f"no space at row {row}, idx {idx}")
        return sum(self.row_lengths[:row]) + idx


@functools.cache
def spaces_apart(a: int, b: int) -> int:
    """How many spaces apart two spaces are, as the crow swims (whatever lies between)."""
    qa, ra = BOARD.axial[a]
    qb, rb = BOARD.axial[b]
    return (abs(qa - qb) + abs(ra - rb) + abs(qa + ra - qb - rb)) // 2


def coordinates(hex_id: int) -> dict[str, int]:
    """A space's coordinates for drawing: ``row``/``idx`` (offset), ``q``/``r`` (axial), ``x2``."""
    q, r = BOARD.axial[hex_id]
    return {
        "hex": hex_id,
        "row": BOARD.rows[hex_id],
        "idx": BOARD.idxs[hex_id],
        "q": q,
        "r": r,
        "x2": BOARD.x2[hex_id],
    }


def load_board(path: str | Path | None = None) -> Board:
    """Load and validate the board; errors name the file and the key."""
    data = DataFile.read(path, __package__, "board.toml")
    source = data.source
    grid = data.table("grid")
    lengths = grid.integers("row_lengths")
    offsets = grid.integers("row_offsets")
    if len(lengths) != 13 or sum(lengths) != 133:
        raise grid.fail(
            f"must be 13 rows of 133 spaces in all; got {len(lengths)} rows, {sum(lengths)} spaces",
            "row_lengths",
        )
    if len(offsets) != len(lengths):
        raise grid.fail("must have one entry per row", "row_offsets")
    rows: list[int] = []
    idxs: list[int] = []
    x2s: list[int] = []
    where: dict[tuple[int, int], int] = {}
    for row, length in enumerate(lengths):
        for idx in range(length):
            where[(row, idx)] = len(rows)
            rows.append(row)
            idxs.append(idx)
            x2s.append(offsets[row] + 2 * idx)
    axial = tuple(((x - row - 5) // 2, row - 6) for row, x in zip(rows, x2s, strict=True))
    if any((x - row - 5) % 2 for row, x in zip(rows, x2s, strict=True)):
        raise grid.fail("do not form a hex grid", "row_offsets")
    by_axial = {a: h for h, a in enumerate(axial)}
    step = tuple(
        tuple(by_axial.get((q + dq, r + dr), -1) for dq, dr in _AXIAL_STEPS) for q, r in axial
    )
    neighbours = tuple(tuple(n for n in s if n >= 0) for s in step)

    def space(name: str, key: str, pair: Any) -> int:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
        ):
            raise DataFileError(f"{source}: [{name}] {key}: {pair!r} is not a [row, idx] pair")
        if tuple(pair) not in where:
            raise DataFileError(f"{source}: [{name}] {key}: no space at {pair}")
        return where[(pair[0], pair[1])]

    isl = data.table("island")
    isl_rows = isl.integers("rows")
    slots = isl.get("slots")
    if not isinstance(slots, list) or len(slots) != len(isl_rows):
        raise isl.fail("must be one list of idx per row in rows", "slots")
    island: list[int] = []
    for row, idx_list in zip(isl_rows, slots, strict=True):
        if not isinstance(idx_list, list):
            raise isl.fail(f"row {row} is not a list", "slots:")
        for idx in idx_list:
            island.append(space("island", "slots", [row, idx]))
    if len(island) != 40 or len(set(island)) != 40:
        raise isl.fail("must name 40 distinct spaces", "slots")

    serp = data.table("serpents")
    starts_raw = serp.get("starts")
    if not isinstance(starts_raw, list) or len(starts_raw) != 5:
        raise serp.fail("must list 5 [row, idx] pairs", "starts")
    starts = tuple(space("serpents", "starts", p) for p in starts_raw)
    if any(h in island for h in starts):
        raise serp.fail("must be sea spaces, not island slots", "starts")

    def isles(name: str) -> tuple[tuple[int, ...], ...]:
        section = data.table(name)
        out = []
        for isle in ISLE_NAMES:
            pairs = section.get(isle)
            if not isinstance(pairs, list) or not pairs:
                raise section.fail("must list [row, idx] pairs", isle)
            hexes = tuple(space(name, isle, p) for p in pairs)
            if any(h in island for h in hexes):
                raise section.fail("landing spaces must be sea", f"{isle}:")
            out.append(hexes)
        return tuple(out)

    return Board(
        row_lengths=tuple(lengths),
        row_offsets=tuple(offsets),
        rows=tuple(rows),
        idxs=tuple(idxs),
        axial=axial,
        x2=tuple(x2s),
        neighbours=neighbours,
        step=step,
        island=tuple(sorted(island)),
        serpent_starts=starts,
        landing=isles("safe_isles"),
        landing_wide=isles("safe_isles_wide"),
        source=source,
    )


BOARD = load_board()
NUM_HEXES = BOARD.num_hexes
CENTRE = BOARD.serpent_starts[0]
"""The sea space in the middle of the island, where one serpent starts."""


# --- The pieces ----------------------------------------------------------------------


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
        backs_are = f"a tile back; backs are: {', '.join(EFFECTS)}"
        section.only((*EFFECTS, "provenance", "reason"), kind=backs_are)
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
