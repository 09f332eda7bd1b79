"""The fields every game's observation shares, under the same names.

An observation is a plain dict (it goes to JSON, to a browser, to a bot's process), typed
as a :class:`~typing.TypedDict`: each game declares its own (``games/<id>/observation.py``)
by adding its fields to :class:`Observation`, and sets it as :attr:`Game.observation_type`.
Views, bots and advisors read a game's observation through that type, so a field a reader
names that the rules do not give fails the type check, and the test kit checks that every
observation the rules make has exactly the declared fields
(:func:`whaletable.core.testing.check_observations`).
"""

from __future__ import annotations

import typing
from typing import Any, TypedDict

CORE_FIELDS = ("game", "seat", "num_players", "phase", "to_move", "scores", "result")
"""The fields of :class:`Observation`, in the order a reader meets them."""


class Observation(TypedDict):
    """What every observation says, whatever the game."""

    game: str
    """The game's id."""
    seat: int | None
    """Whose view this is; ``None`` is a spectator."""
    num_players: int
    phase: str
    """The step of the round the game is in, in the game's own words (a name, not a sentence)."""
    to_move: int | None
    """The seat to choose now; ``None`` while chance decides and once the game is over."""
    scores: list[float] | None
    """Each seat's score as far as this viewer may know it (a cooperative game gives the
    team's score to every seat); ``None`` while the rules keep the scores hidden."""
    result: dict[str, Any] | None
    """:meth:`Result.to_json` once the game is over, else ``None`` (set by the core)."""


def declared_fields(observation_type: type) -> frozenset[str]:
    """Every field a game's observation type declares, the core fields included.

    >>> sorted(declared_fields(Observation)) == sorted(CORE_FIELDS)
    True
    """
    return frozenset(typing.get_type_hints(observation_type))


__all__ = ["CORE_FIELDS", "Observation", "declared_fields"]
