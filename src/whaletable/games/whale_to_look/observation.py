"""What one seat (or a spectator) may know of a Whale to Look game: the observation's type.

Table positions are numbered in reading order: fish cards 0–11 (0–8 on the reduced
table), areas 0–5 (0–3); a boat is 0, 1 or 2 for its 1, 2 or 3 tourists, and stands
on an area position or in its owner's dock (``-1``, ``rules.DOCK``).
"""

from __future__ import annotations

from typing import TypedDict

from whaletable.core.observation import Observation


class SeatRow(TypedDict):
    """One seat's kit, public to every viewer."""

    boats: list[int]
    """Where boats 0, 1, 2 stand: an area position, or -1 in the dock."""
    anchored_boat: int
    """The boat under the seat's anchor this round, or -1."""
    anchor_used: bool
    radars: int
    """Radar uses left this round."""
    markers_left: int
    """Investigation markers still in hand."""
    finished: bool
    """The seat said "Done!" this round."""
    fisher_boat: int
    """The boat carrying the fisher (Fishing season), or -1."""
    points: list[int]
    """Points scored in round 1 and round 2 (0 until a round is scored)."""


class ScoredRound(TypedDict):
    """A round as it was scored: every fish card then turned face up, so all is public."""

    round: int
    areas: list[int]
    """The printed number of the area card at each position."""
    fish: list[int]
    """Every fish card's value."""
    sums: list[int]
    """Each area's sum of its four fish cards."""
    whale: int
    """The position where the whale surfaced."""
    orca: int
    """The position where the orca surfaced."""
    boats: list[int]
    """Every boat's place, seat by seat (``seat * 3 + boat``)."""
    anchors: list[int]
    """Each seat's anchored boat, or -1."""
    fisher_boats: list[int]
    """Each seat's fisher boat, or -1."""
    trend: str | None
    points: list[int]
    """What each seat scored in this round."""


class WhaleToLookObservation(Observation):
    """One viewer's Whale to Look; ``scores`` are public (every seat's points are)."""

    edition: str
    """Which rulebook's rules apply: ``en`` or ``vi``."""
    round: int
    start_player: int | None
    """The start player of this round, None until it is drawn."""
    trend: str | None
    """Round 2's trending card once revealed (None in round 1 and without one)."""
    areas: list[int | None]
    """The printed number at each area position, None while not laid."""
    fish: list[int | None]
    """Each fish card's value where this viewer knows it, else None."""
    revealed: list[bool]
    """Each fish card turned face up by a radar."""
    markers: list[list[int]]
    """The seats whose investigation marker lies by each fish card."""
    radar_used_this_turn: bool
    players: list[SeatRow]
    results: list[ScoredRound]
    """The rounds scored so far."""
    winner: int | None
    """The winner once the game is over."""


__all__ = ["ScoredRound", "SeatRow", "WhaleToLookObservation"]
