"""Static facts about a game, declared once per game."""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

CHANCE = -1
"""`State.current_player()` at a chance node: the next action is a random outcome."""

TERMINAL = -2
"""`State.current_player()` once the game is over."""


class Information(enum.Enum):
    """What the seats may see (OpenSpiel's ``GameType.Information``)."""

    PERFECT = "perfect"
    """Every seat sees the whole state: observations are the state."""

    IMPERFECT = "imperfect"
    """Some of the state is hidden from some seats (hands, face-down cards, unseen values)."""


class ChanceMode(enum.Enum):
    """How randomness enters a game (OpenSpiel's ``GameType.ChanceMode``).

    whaletable never samples inside a rule: every random event is an explicit chance
    node with its outcomes and their probabilities, so a game is either deterministic
    or explicitly stochastic.
    """

    DETERMINISTIC = "deterministic"
    """No chance node ever occurs."""

    EXPLICIT_STOCHASTIC = "explicit-stochastic"
    """Chance nodes list their outcomes with probabilities (:meth:`State.chance_outcomes`)."""


class Utility(enum.Enum):
    """How the seats' final returns relate to each other (OpenSpiel's ``GameType.Utility``).

    Search, learning and statistics read it instead of guessing from the game's name:
    a zero-sum game's values can be negated for the other side, an identical one is
    one team's payoff repeated for every seat.
    """

    ZERO_SUM = "zero-sum"
    """The returns of every finished game add up to 0."""

    CONSTANT_SUM = "constant-sum"
    """The returns of every finished game add up to :attr:`GameSpec.utility_sum`."""

    GENERAL_SUM = "general-sum"
    """No promise about the total."""

    IDENTICAL = "identical"
    """Every seat gets the same return: the seats play as one team."""


@dataclass(frozen=True)
class GameSpec:
    """What a game is, independent of any one play of it.

    ``options`` is a frozen dataclass type whose defaults are the standard game;
    every field is a named option a player may change.

    ``summary``, ``picture`` and ``option_help`` are what the lobby tells a player about
    the game, in English: messages of the game's ``words.py``, translated where shown.

    ``utility``, ``min_utility`` and ``max_utility`` must be declared by every game:
    every return of a finished game lies in ``[min_utility, max_utility]`` and the
    returns obey ``utility`` (with ``utility_sum`` their total when constant-sum).
    The test kit holds every game to its declaration.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: type[Any]
    cooperative: bool = False
    version: str = "1"
    _: KW_ONLY
    summary: str = ""
    """The game in a sentence or two: what the players do and what they play for."""
    playing_time: tuple[int, int] | None = None
    """How long one game usually takes, in minutes: the shortest and the longest."""
    picture: str = ""
    """What the game's picture in the lobby (``web/static/games/<id>.svg``) shows."""
    option_help: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    """A line of help per option, by the option's name: what choosing it changes."""
    utility: Utility
    min_utility: float
    max_utility: float
    utility_sum: float | None = None
    information: Information = Information.IMPERFECT
    """Perfect or imperfect information; the default is the claim that is never wrong."""
    chance_mode: ChanceMode = ChanceMode.EXPLICIT_STOCHASTIC
    """Deterministic or with chance nodes; the default is the claim that is never wrong."""

    def __post_init__(self) -> None:
        if not (math.isfinite(self.min_utility) and math.isfinite(self.max_utility)):
            raise ValueError(f"{self.id}: the utility range must be finite")
        if not self.min_utility < self.max_utility:
            raise ValueError(
                f"{self.id}: min_utility {self.min_utility} must be below "
                f"max_utility {self.max_utility}"
            )
        if self.utility is Utility.ZERO_SUM and self.utility_sum not in (None, 0.0):
            raise ValueError(f"{self.id}: a zero-sum game's utility_sum is 0")
        if self.utility is Utility.CONSTANT_SUM and self.utility_sum is None:
            raise ValueError(f"{self.id}: a constant-sum game must declare its utility_sum")
        if self.utility not in (Utility.ZERO_SUM, Utility.CONSTANT_SUM) and (
            self.utility_sum is not None
        ):
            raise ValueError(f"{self.id}: only a zero- or constant-sum game has a utility_sum")

    @property
    def num_players_range(self) -> range:
        """Every player count the game allows."""
        return range(self.min_players, self.max_players + 1)

    @property
    def total_utility(self) -> float | None:
        """What the returns of a finished game add up to, when the spec promises a total."""
        if self.utility is Utility.ZERO_SUM:
            return 0.0
        return self.utility_sum

    def normalized(self, value: float) -> float:
        """``value`` on the scale ``[0, 1]``: 0 is ``min_utility``, 1 is ``max_utility``.

        >>> spec = GameSpec("g", "G", 2, 2, object, utility=Utility.IDENTICAL,
        ...                 min_utility=-1.0, max_utility=1.0)
        >>> spec.normalized(-1.0), spec.normalized(0.0), spec.normalized(1.0)
        (0.0, 0.5, 1.0)
        """
        return (value - self.min_utility) / (self.max_utility - self.min_utility)

    def winners(self, returns: Sequence[float]) -> list[int]:
        """The seats that won a finished game with these returns (a shared top is a shared win).

        A team game (identical returns) is won only with the best return there is; a
        game of rivals by the seats with the best return, unless every seat is at the
        bottom of the range (nobody won).

        >>> spec = GameSpec("g", "G", 2, 3, object, utility=Utility.IDENTICAL,
        ...                 min_utility=-1.0, max_utility=1.0)
        >>> spec.winners([1.0, 1.0]), spec.winners([-0.125, -0.125])
        ([0, 1], [])
        """
        if not returns:
            return []
        if self.utility is Utility.IDENTICAL:
            won = all(r >= self.max_utility for r in returns)
            return list(range(len(returns))) if won else []
        best = max(returns)
        if best <= self.min_utility:
            return []
        return [seat for seat, value in enumerate(returns) if value == best]
