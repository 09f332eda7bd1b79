"""Whale Spotting's decisions and chance outcomes: one frozen dataclass per kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from whaletable.core.action import Action


@dataclass(frozen=True, slots=True)
class HideWhale(Action):
    """Chance: the whale dives and surfaces, unseen, in ``zone``."""

    kind: ClassVar[str] = "hide_whale"
    zone: int


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """The seat to move sails its boat to ``zone``, then looks and listens there."""

    kind: ClassVar[str] = "sail"
    zone: int


__all__ = ["HideWhale", "Sail"]
