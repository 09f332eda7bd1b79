"""The game-agnostic core: the game API, records, the match driver and errors.

>>> from whaletable.core import CHANCE, TERMINAL
>>> CHANCE, TERMINAL
(-1, -2)
"""

from whaletable.core.action import Action
from whaletable.core.agent import Agent, SeatView
from whaletable.core.errors import (
    BadOption,
    BadPlayerCount,
    DataFileError,
    IllegalAction,
    RecordError,
    UnknownGame,
    WhaletableError,
)
from whaletable.core.game import Game
from whaletable.core.match import MatchResult, play_match
from whaletable.core.record import Record
from whaletable.core.spec import CHANCE, TERMINAL, GameSpec, Utility
from whaletable.core.state import State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Agent",
    "BadOption",
    "BadPlayerCount",
    "DataFileError",
    "Game",
    "GameSpec",
    "IllegalAction",
    "MatchResult",
    "Record",
    "RecordError",
    "SeatView",
    "State",
    "UnknownGame",
    "Utility",
    "WhaletableError",
    "play_match",
]
