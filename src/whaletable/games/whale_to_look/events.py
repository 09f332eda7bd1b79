"""What happens in Whale to Look, in the rulebook's words.

The rules emit these while applying an action (``rules.py``); the web table and the
terminal word them with ``words.py``. Fish cards lie face down: a look at one
(:class:`Investigated`) tells its value to the seat that looked and to nobody else,
and no event tells a value dealt. Places are named as in the observation: fish cards
and areas by their position on the table (reading order), with an area's printed
number alongside where the log names it; boats 0–2 carry 1–3 tourists.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from whaletable.core.event import Event


@dataclass(frozen=True, slots=True)
class StartPlayerChosen(Event):
    """The round-1 start player was drawn (or fixed by the option, said at the start)."""

    kind: ClassVar[str] = "start_player_chosen"
    seat: int


@dataclass(frozen=True, slots=True)
class TrendRevealed(Event):
    """Round 2's trending card was turned up (or fixed by the option)."""

    kind: ClassVar[str] = "trend_revealed"
    trend: str


@dataclass(frozen=True, slots=True)
class AreasLaid(Event):
    """The six area cards lie on the table: their printed numbers in reading order."""

    kind: ClassVar[str] = "areas_laid"
    round: int
    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FishDealt(Event):
    """The fish cards were dealt face down, ``count`` of them (twelve; nine on the reduced
    table): no value is told to anyone."""

    kind: ClassVar[str] = "fish_dealt"
    round: int
    count: int


@dataclass(frozen=True, slots=True)
class FisherPlaced(Event):
    """Fishing season (English edition): a seat put the fisher on one of its boats."""

    kind: ClassVar[str] = "fisher_placed"
    seat: int
    boat: int


@dataclass(frozen=True, slots=True)
class Investigated(Event):
    """A seat put a marker by a fish card and looked at it, alone.

    Only that seat learns ``value``; every other seat and a spectator are told the
    look happened, with the value blanked.
    """

    kind: ClassVar[str] = "investigated"
    seat: int
    fish: int
    value: int | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, value=None)


@dataclass(frozen=True, slots=True)
class RadarUsed(Event):
    """A seat's radar turned a fish card face up for everyone."""

    kind: ClassVar[str] = "radar_used"
    seat: int
    fish: int
    value: int


@dataclass(frozen=True, slots=True)
class BoatMoved(Event):
    """A seat moved a boat from the dock (``origin`` -1) or an area to ``area``;
    ``number`` is that area card's printed number, ``anchor`` says it dropped its anchor."""

    kind: ClassVar[str] = "boat_moved"
    seat: int
    boat: int
    origin: int
    area: int
    number: int
    anchor: bool


@dataclass(frozen=True, slots=True)
class SaidDone(Event):
    """A seat said "Done!": it takes no more turns this round."""

    kind: ClassVar[str] = "said_done"
    seat: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """Every fish card was flipped face up and the round scored: the whale surfaced at the
    richest area, the orca at the poorest (positions, printed numbers and sums), and each
    seat's ``points`` this round."""

    kind: ClassVar[str] = "round_scored"
    reveals: ClassVar[bool] = True
    round: int
    fish: tuple[int, ...]
    whale_area: int
    whale_number: int
    whale_sum: int
    orca_area: int
    orca_number: int
    orca_sum: int
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """The game is over: ``seat`` has the most points (after the tie-breaks)."""

    kind: ClassVar[str] = "game_won"
    seat: int
    points: int


EVENT_TYPES: tuple[type[Event], ...] = (
    StartPlayerChosen,
    TrendRevealed,
    AreasLaid,
    FishDealt,
    FisherPlaced,
    Investigated,
    RadarUsed,
    BoatMoved,
    SaidDone,
    RoundScored,
    GameWon,
)
"""Every event the rules emit, for ``Game.event_types``."""
