"""How the generic search plays a game: one small frozen record per game.

A game registers its tuned record from its own ``bots.py`` (this package imports
no game); ``mcts`` starts from it and a bot spec's parameters override single
fields, e.g. ``"mcts:time=0.9"``. A game that registers nothing gets
:data:`DEFAULT_SETTINGS`: plain IS-MCTS with the game's leaf evaluator, if any.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_ITERATIONS = 300
DEFAULT_C = 0.7
"""Values are rescaled to [0, 1], so an exploration constant below sqrt(2) suits them."""


@dataclass(frozen=True)
class SearchSettings:
    """The knobs of :class:`whaletable.agents.mcts.MctsAgent`, with the plain search's values.

    A search leaf is scored by a *rollout*: from the leaf, every seat plays by
    ``policy`` (a bot spec such as ``"heuristic:samples=16"``, or ``"random"``),
    taking a uniformly random legal action instead with probability ``epsilon``;
    after ``cutoff`` decisions (``None``: never) the game's evaluator scores the
    position reached, or the game's returns if it ended first. ``cutoff=0`` scores
    the leaf itself with the evaluator. Without an evaluator the rollout runs to
    the end whatever ``cutoff`` says.
    """

    iterations: int = DEFAULT_ITERATIONS
    time: float | None = None
    """Seconds a move may search, on top of the iterations (``None``: no limit)."""
    c: float = DEFAULT_C
    policy: str = "random"
    epsilon: float = 0.0
    cutoff: int | None = 0
    evaluator: bool = True
    """Whether the game's registered evaluator scores leaves (``False``: play to the end)."""
    depth: int | None = None
    """Decisions the tree grows below the root (``1``: flat Monte Carlo; ``None``: no limit)."""
    widening: float | None = None
    """Progressive widening at chance nodes: at most ``ceil(widening * sqrt(visits))``
    outcomes get nodes of their own; later draws reuse them (``None``: every outcome)."""
    guide: str | None = None
    """A bot spec whose move is kept unless the search finds one better by ``margin``."""
    margin: float = 0.0
    """How much more (on the [0, 1] value scale) another move must score to overrule ``guide``."""
    confidence: float = 0.0
    """Standard errors by which the gain beyond ``margin`` must clear the noise of the two
    means before the search overrules ``guide`` (``0``: no test; 2 is about 95% one-sided)."""

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("iterations must be at least 1")
        if self.time is not None and self.time <= 0:
            raise ValueError("the time limit must be positive")
        if self.c < 0:
            raise ValueError("the exploration constant must not be negative")
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError("epsilon must lie in [0, 1]")
        if self.cutoff is not None and self.cutoff < 0:
            raise ValueError("the rollout cutoff must not be negative")
        if self.depth is not None and self.depth < 1:
            raise ValueError("the tree depth must be at least 1")
        if self.widening is not None and self.widening <= 0:
            raise ValueError("the widening factor must be positive")
        if self.margin < 0:
            raise ValueError("the margin must not be negative")
        if self.confidence < 0:
            raise ValueError("the confidence must not be negative")


DEFAULT_SETTINGS = SearchSettings()

_SETTINGS: dict[str, SearchSettings] = {}


def register_search(game_id: str, settings: SearchSettings) -> None:
    """A game's tuned search settings (called from the game's ``bots.py``)."""
    _SETTINGS[game_id] = settings


def search_settings(game_id: str) -> SearchSettings:
    return _SETTINGS.get(game_id, DEFAULT_SETTINGS)


__all__ = [
    "DEFAULT_C",
    "DEFAULT_ITERATIONS",
    "DEFAULT_SETTINGS",
    "SearchSettings",
    "register_search",
    "search_settings",
]
