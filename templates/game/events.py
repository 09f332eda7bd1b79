"""What happens in Whale Spotting, in the game's words; ``seen_by`` blanks hidden values."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from whaletable.core.event import Event


@dataclass(frozen=True, slots=True)
class WhaleHid(Event):
    """The whale surfaced out of sight: nobody learns where."""

    kind: ClassVar[str] = "whale_hid"
    zone: int | None

    def seen_by(self, seat: int | None) -> Event:
        return replace(self, zone=None)


@dataclass(frozen=True, slots=True)
class Sailed(Event):
    kind: ClassVar[str] = "sailed"
    seat: int
    zone: int


@dataclass(frozen=True, slots=True)
class Heard(Event):
    """A boat's echo: every boat hears how far away the whale is, never where."""

    kind: ClassVar[str] = "heard"
    seat: int
    zone: int
    distance: int


@dataclass(frozen=True, slots=True)
class Spotted(Event):
    """A boat sailed onto the whale: everyone sees it."""

    kind: ClassVar[str] = "spotted"
    seat: int
    zone: int


EVENT_TYPES: tuple[type[Event], ...] = (WhaleHid, Sailed, Heard, Spotted)

__all__ = ["EVENT_TYPES", "Heard", "Sailed", "Spotted", "WhaleHid"]
