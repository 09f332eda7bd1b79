"""The table: six area cards in a 3×2 grid, twelve fish cards on the 4×3 lattice around them.

Positions, not printed numbers, name places on the table::

    f0    f1    f2    f3
       a0    a1    a2
    f4    f5    f6    f7
       a3    a4    a5
    f8    f9    f10   f11

Area ``a(c,r)`` (position ``r*3 + c``) is bordered by the fish at its four corners
``f(c,r) f(c+1,r) f(c,r+1) f(c+1,r+1)``. Boats move between areas that share a
side of the grid; areas that meet only across a fish card are not adjacent.

The reduced research table (option ``table = "reduced"``, see :data:`REDUCED`) is the
same lattice, two areas by two::

    f0    f1    f2
       a0    a1
    f3    f4    f5
       a2    a3
    f6    f7    f8
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from whaletable.core.data import DataFile

COLUMNS = 3
ROWS = 2
NUM_AREAS = COLUMNS * ROWS
NUM_FISH = (COLUMNS + 1) * (ROWS + 1)


def area_xy(area: int, columns: int = COLUMNS) -> tuple[int, int]:
    return area % columns, area // columns


def fish_xy(fish: int, columns: int = COLUMNS) -> tuple[int, int]:
    return fish % (columns + 1), fish // (columns + 1)


def _area_fish(area: int, columns: int) -> tuple[int, int, int, int]:
    c, r = area_xy(area, columns)
    w = columns + 1
    return (r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1)


def _adjacent(area: int, columns: int, rows: int) -> tuple[int, ...]:
    c, r = area_xy(area, columns)
    steps = ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1))
    return tuple(y * columns + x for x, y in steps if 0 <= x < columns and 0 <= y < rows)


@dataclass(frozen=True)
class Board:
    """One shape of the table (option ``table``): area cards in a ``columns × rows`` grid,
    fish cards on the lattice at their corners, and the investigation markers per seat.

    Positions number a board's areas and fish cards from 0 in reading order, so a smaller
    board's positions are a prefix of the full table's and its actions are among the
    game's actions (the game's action codes are the same for every table).
    """

    name: str
    columns: int
    rows: int
    markers: int

    # Cached: the rules read these on every legal-move query.
    @cached_property
    def num_areas(self) -> int:
        return self.columns * self.rows

    @cached_property
    def num_fish(self) -> int:
        return (self.columns + 1) * (self.rows + 1)

    @cached_property
    def all_fish(self) -> int:
        """Bitmask of every fish position on this board."""
        return (1 << self.num_fish) - 1

    @cached_property
    def area_fish(self) -> tuple[tuple[int, int, int, int], ...]:
        """The four fish cards around each area."""
        return tuple(_area_fish(a, self.columns) for a in range(self.num_areas))

    @cached_property
    def adjacent(self) -> tuple[tuple[int, ...], ...]:
        """The areas a boat may move to from each area."""
        return tuple(_adjacent(a, self.columns, self.rows) for a in range(self.num_areas))

    @cached_property
    def reach(self) -> tuple[int, ...]:
        """Bitmask of the areas a boat may move to from each area; the last entry (index
        ``-1``, a boat's place in the dock) is every area, so ``reach[at]`` needs no test
        for the dock."""
        every = (1 << self.num_areas) - 1
        return (*(sum(1 << a for a in near) for near in self.adjacent), every)

    @cached_property
    def fish_areas(self) -> tuple[tuple[int, ...], ...]:
        """The areas whose sum each fish card counts in (1, 2 or 4)."""
        return tuple(
            tuple(a for a in range(self.num_areas) if f in self.area_fish[a])
            for f in range(self.num_fish)
        )


STANDARD = Board("standard", COLUMNS, ROWS, markers=5)
"""The table of the rulebooks: six areas in a 3×2 grid, twelve fish cards, five markers."""

REDUCED = Board("reduced", 2, 2, markers=4)
"""The research table (not a rulebook variant): four areas in a 2×2 grid, nine fish
cards, four markers. ``notes.md`` says what it keeps and why."""

BOARDS: dict[str, Board] = {b.name: b for b in (STANDARD, REDUCED)}


def board_with_areas(num_areas: int) -> Board:
    """The board an observation shows, known by its number of areas."""
    for board in BOARDS.values():
        if board.num_areas == num_areas:
            return board
    raise ValueError(f"no Whale to Look table has {num_areas} areas")


AREA_FISH: tuple[tuple[int, int, int, int], ...] = STANDARD.area_fish
"""The four fish cards around each area (the full table)."""

ADJACENT: tuple[tuple[int, ...], ...] = STANDARD.adjacent
"""The areas a boat may move to from each area (the full table)."""

REACH: tuple[int, ...] = STANDARD.reach
"""Bitmask of the areas a boat may move to from each area, then from the dock (the full
table)."""

FISH_AREAS: tuple[tuple[int, ...], ...] = STANDARD.fish_areas
"""The areas whose sum each fish card counts in (1, 2 or 4; the full table)."""


@dataclass(frozen=True)
class Components:
    """Component data loaded from ``data/components.toml``."""

    area_numbers: tuple[int, ...]
    ordered_layout: tuple[int, ...]
    fish_values: tuple[int, ...]
    source: str

    def numbers_on(self, board: Board) -> tuple[int, ...]:
        """The printed numbers of the area cards laid on ``board``: all of them on the full
        table, the lowest-numbered ones on a smaller table (only their order matters: it
        breaks ties, and it is kept)."""
        kept = set(sorted(self.area_numbers)[: board.num_areas])
        return tuple(n for n in self.area_numbers if n in kept)

    def ordered_on(self, board: Board) -> tuple[int, ...]:
        """The area cards' numbers in reading order on ``board`` (option ``area_layout``
        ``ordered``): ``ordered_layout`` without the cards a smaller table leaves out."""
        kept = set(self.numbers_on(board))
        return tuple(n for n in self.ordered_layout if n in kept)


def load_components(path: str | Path | None = None) -> Components:
    """Load and validate the component data; errors name the file and the key."""
    data = DataFile.read(path, __package__, "components.toml")
    areas = data.table("areas")
    numbers = areas.integers("numbers", length=NUM_AREAS)
    if len(set(numbers)) != NUM_AREAS:
        raise areas.fail(f"must be distinct: {list(numbers)}", "numbers")
    layout = areas.integers("ordered_layout", length=NUM_AREAS)
    if sorted(layout) != sorted(numbers):
        raise areas.fail(f"must use each number once: {list(layout)}", "ordered_layout")
    fish = data.table("fish").integers("values", length=NUM_FISH, low=0)
    source = data.source
    return Components(numbers, layout, fish, source)
