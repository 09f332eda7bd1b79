"""What is in the box: the sea, read from ``data/sea.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from whaletable.core.data import DataFile

MOST_ZONES = 12
"""The most zones a sea may have: the observation tensor and the codes stay small."""


@dataclass(frozen=True)
class Sea:
    zones: int
    """Zones in a row; zone 0 is the harbour every boat starts from."""
    reach: int
    """How many zones a boat may sail in one turn."""
    source: str


def load_sea(path: str | Path | None = None) -> Sea:
    """Read and check the sea; every error names the file, the table and the key."""
    data = DataFile.read(path, __package__, "sea.toml")
    sea = data.table("sea")
    zones = sea.integer("zones", low=3)
    if zones > MOST_ZONES:
        raise sea.fail(f"must be at most {MOST_ZONES}: {zones}", "zones")
    reach = sea.integer("reach", low=1)
    if reach >= zones:
        raise sea.fail(f"must be less than the {zones} zones: {reach}", "reach")
    return Sea(zones, reach, data.source)


__all__ = ["MOST_ZONES", "Sea", "load_sea"]
