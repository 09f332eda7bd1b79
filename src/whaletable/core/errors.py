"""The exceptions whaletable raises for bad input.

Every one is a :class:`ValueError`, so callers that only care that the input was
wrong can catch that; each message names exactly what was wrong.
"""


class WhaletableError(ValueError):
    """Base class of every error raised for bad input."""


class IllegalAction(WhaletableError):
    """An action that is not legal in the current state; the state is unchanged."""


class UnknownGame(WhaletableError):
    """A game id that is not registered."""


class BadOption(WhaletableError):
    """An unknown option name, or a value the option does not accept."""


class BadPlayerCount(WhaletableError):
    """A number of players the game does not support."""


class RecordError(WhaletableError):
    """A saved game record that is malformed or does not replay."""


class DataFileError(WhaletableError):
    """A game data file (TOML) that is missing, malformed or inconsistent."""
