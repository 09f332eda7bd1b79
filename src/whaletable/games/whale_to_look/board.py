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
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whaletable.core.data import labelled_table, read_toml
from whaletable.core.errors import DataFileError

COLUMNS = 3
ROWS = 2
NUM_AREAS = COLUMNS * ROWS
NUM_FISH = (COLUMNS + 1) * (ROWS + 1)


def area_xy(area: int) -> tuple[int, int]:
    return area % COLUMNS, area // COLUMNS


def fish_xy(fish: int) -> tuple[int, int]:
    return fish % (COLUMNS + 1), fish // (COLUMNS + 1)


def _area_fish(area: int) -> tuple[int, int, int, int]:
    c, r = area_xy(area)
    w = COLUMNS + 1
    return (r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1)


def _adjacent(area: int) -> tuple[int, ...]:
    c, r = area_xy(area)
    steps = ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1))
    return tuple(y * COLUMNS + x for x, y in steps if 0 <= x < COLUMNS and 0 <= y < ROWS)


AREA_FISH: tuple[tuple[int, int, int, int], ...] = tuple(_area_fish(a) for a in range(NUM_AREAS))
"""The four fish cards around each area."""

ADJACENT: tuple[tuple[int, ...], ...] = tuple(_adjacent(a) for a in range(NUM_AREAS))
"""The areas a boat may move to from each area."""

REACH: tuple[int, ...] = (
    *(sum(1 << a for a in ADJACENT[area]) for area in range(NUM_AREAS)),
    (1 << NUM_AREAS) - 1,
)
"""Bitmask of the areas a boat may move to from each area; the last entry (index ``-1``,
a boat's place in the dock) is every area, so ``REACH[at]`` needs no test for the dock."""

FISH_AREAS: tuple[tuple[int, ...], ...] = tuple(
    tuple(a for a in range(NUM_AREAS) if f in AREA_FISH[a]) for f in range(NUM_FISH)
)
"""The areas whose sum each fish card counts in (1, 2 or 4)."""


@dataclass(frozen=True)
class Components:
    """Component data loaded from ``data/components.toml``."""

    area_numbers: tuple[int, ...]
    ordered_layout: tuple[int, ...]
    fish_values: tuple[int, ...]
    source: str


def load_components(path: str | Path | None = None) -> Components:
    """Load and validate the component data; errors name the file and the key."""
    data, source = read_toml(path, __package__, "components.toml")

    def int_list(table: str, key: str, length: int) -> tuple[int, ...]:
        value: Any = labelled_table(data, source, table).get(key)
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise DataFileError(f"{source}: [{table}] {key} must be a list of integers")
        if len(value) != length:
            raise DataFileError(
                f"{source}: [{table}] {key} must have {length} entries, not {len(value)}"
            )
        return tuple(value)

    numbers = int_list("areas", "numbers", NUM_AREAS)
    if len(set(numbers)) != NUM_AREAS:
        raise DataFileError(f"{source}: [areas] numbers must be distinct: {list(numbers)}")
    layout = int_list("areas", "ordered_layout", NUM_AREAS)
    if sorted(layout) != sorted(numbers):
        raise DataFileError(
            f"{source}: [areas] ordered_layout must use each number once: {list(layout)}"
        )
    fish = int_list("fish", "values", NUM_FISH)
    if any(v < 0 for v in fish):
        raise DataFileError(f"{source}: [fish] values must not be negative: {list(fish)}")
    return Components(numbers, layout, fish, source)
