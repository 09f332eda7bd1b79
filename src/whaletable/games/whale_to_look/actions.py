"""Whale to Look's decisions, each a small frozen value.

A turn is one to four decisions: optionally :class:`UseRadar`, then
:class:`Investigate`, optionally :class:`UseRadar`, then :class:`MoveBoat`; or just
:class:`Finish`. Setup randomness (start player, area cards, fish cards, the
trending card) arrives as chance actions so that a record replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from whaletable.core.action import Action


@dataclass(frozen=True, slots=True)
class PickStartPlayer(Action):
    """Chance: the round-1 start player."""

    kind: ClassVar[str] = "pick_start_player"
    seat: int


@dataclass(frozen=True, slots=True)
class RevealTrend(Action):
    """Chance: the trending card turned up for round 2."""

    kind: ClassVar[str] = "reveal_trend"
    trend: str


@dataclass(frozen=True, slots=True)
class LayArea(Action):
    """Chance: the next area card (by printed number), laid in reading order."""

    kind: ClassVar[str] = "lay_area"
    number: int


@dataclass(frozen=True, slots=True)
class DealFish(Action):
    """Chance: the value of the next fish card dealt face down, in reading order."""

    kind: ClassVar[str] = "deal_fish"
    value: int


@dataclass(frozen=True, slots=True)
class ChooseFisherBoat(Action):
    """Fishing season (English edition): which of your boats carries the fisher."""

    kind: ClassVar[str] = "choose_fisher_boat"
    boat: int


@dataclass(frozen=True, slots=True)
class Investigate(Action):
    """Place an investigation marker by a fish card and look at it, alone."""

    kind: ClassVar[str] = "investigate"
    fish: int


@dataclass(frozen=True, slots=True)
class UseRadar(Action):
    """Turn a face-down fish card face up for everyone."""

    kind: ClassVar[str] = "use_radar"
    fish: int


@dataclass(frozen=True, slots=True)
class MoveBoat(Action):
    """Move a boat from the dock to any area, or from an area to an adjacent one.

    ``boat`` is 0, 1 or 2 (the boats with 1, 2 and 3 tourists); ``area`` is a
    table position; ``anchor`` drops the anchor under the boat in its new area.
    """

    kind: ClassVar[str] = "move_boat"
    boat: int
    area: int
    anchor: bool


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Say "Done!": take no more turns this round."""

    kind: ClassVar[str] = "finish"
