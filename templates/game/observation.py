"""What one seat of Whale Spotting knows: the core fields, then the sea."""

from __future__ import annotations

from whaletable.core.observation import Observation


class WhaleSpottingObservation(Observation):
    zones: int
    reach: int
    round: int
    """The round being played, from 1; each seat sails once a round."""
    rounds: int
    sightings_to_win: int
    boats: list[int]
    """Each seat's boat: the zone it is in."""
    sightings: list[int]
    """How often each seat has spotted the whale."""
    empty: list[int]
    """Zones everyone knows the whale is not in since it last dived, ascending: those a
    boat stood in when it surfaced, and those sailed to since without a sighting."""
    echoes: list[list[int]]
    """``[zone, distance]`` for every echo heard since the whale last dived."""
    spotted_at: int | None
    """The zone of the last sighting, if the whale has been spotted."""


__all__ = ["WhaleSpottingObservation"]
