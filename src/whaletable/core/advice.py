"""Advice: what a seat could know from its own observation, as numbers and a picture.

An *advisor* is a plain function a game registers from its ``advice.py``::

    advisor(game, options, seat, observation, legal, seed, budget) -> Advice

It is handed the seat's observation and legal actions only, never the state: it
cannot read what the seat cannot see, and the test kit (``check_advice``) holds it
to that by asking it again on determinizations for the seat. The answer is JSON-ready
(:meth:`Advice.to_json`), so the terminal and the browser draw the same thing.

``core`` imports no game: games register through :func:`register_advisor`.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from whaletable.core.action import Action
from whaletable.core.game import Game
from whaletable.core.observation import Observation
from whaletable.core.words import Translate

Unit = Literal["probability", "points", "coins", "pearls", "count"]
"""What a figure measures: a probability lies in [0, 1]; the others are amounts."""

UNITS: tuple[str, ...] = ("probability", "points", "coins", "pearls", "count")

DEFAULT_BUDGET = 400
"""Samples (or other work units) an advisor may spend by default: well under a second."""


@dataclass(frozen=True)
class Figure:
    """One number of a row, with what it measures."""

    label: str
    """A message key the game's ``words.py`` words (e.g. ``"whale"``)."""
    value: float
    unit: Unit

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "unit": self.unit}


@dataclass(frozen=True)
class Row:
    """One subject (an area, an explorer, a whale, a contract, a move) and its figures.

    ``heat`` in [0, 1] is what the picture draws for the subject (a bar, or a tint of
    the area on a board); ``spot`` names where on the board, if anywhere.
    """

    subject: str
    """A message template (worded by the game's ``words.py``), filled from ``params``."""
    figures: tuple[Figure, ...]
    heat: float
    spot: str | None = None
    params: tuple[tuple[str, str | int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "subject": self.subject,
            "params": dict(self.params),
            "figures": [f.to_json() for f in self.figures],
            "heat": self.heat,
            "spot": self.spot,
        }


@dataclass(frozen=True)
class Advice:
    """What an advisor tells a seat: a titled table, a suggestion and sums it promises.

    ``sums`` names figure labels whose values over all rows are a probability
    distribution (they add up to 1), so the kit can check it.
    """

    title: str
    """A message key for the table's heading (worded by the game's ``words.py``)."""
    seat: int
    rows: tuple[Row, ...]
    suggestion: Action | None = None
    note: str | None = None
    """How the figures were computed, as a message key (e.g. ``"from 400 samples"``)."""
    samples: int = 0
    sums: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "seat": self.seat,
            "rows": [r.to_json() for r in self.rows],
            "suggestion": None if self.suggestion is None else self.suggestion.to_json(),
            "note": self.note,
            "samples": self.samples,
            "sums": list(self.sums),
        }


Advisor = Callable[[Game[Any], Any, int, Any, Sequence[Action], int, int], Advice]
"""``(game, options, seat, observation, legal, seed, budget) -> Advice``: the observation
is the game's own type (:attr:`Game.observation_type`), so the alias cannot name it."""

ADVISOR_PARAMETERS = ("game", "options", "seat", "observation", "legal", "seed", "budget")
"""The names of an advisor's parameters: nothing in them is the state."""

_ADVISORS: dict[str, Advisor] = {}


def register_advisor(game_id: str, advisor: Advisor) -> Advisor:
    """A game's advisor (called from the game's ``advice.py``)."""
    _ADVISORS[game_id] = advisor
    return advisor


def advisor_of(game_id: str) -> Advisor | None:
    return _ADVISORS.get(game_id)


def advise(
    game: Game[Any],
    options: Any,
    seat: int,
    observation: Observation,
    legal: Sequence[Action],
    *,
    seed: int = 0,
    budget: int = DEFAULT_BUDGET,
) -> Advice | None:
    """The registered advisor's answer, or None for a game that registers none."""
    advisor = _ADVISORS.get(game.spec.id)
    if advisor is None:
        return None
    return advisor(game, options, seat, observation, legal, seed, budget)


Word = Callable[[str, Translate], str]
"""``word(key, tr)``: an advice's title, label, subject or note in the reader's language."""


def advice_word_of(game: Game[Any]) -> Word:
    """The game's ``words.advice_word``, or plain translation for a game without one.

    The terminal and the web table both word an advice through this.
    """
    try:  # a game's package holds its words (``games/<id>/words.py``)
        words = importlib.import_module(f"{type(game).__module__}.words")
    except ImportError:
        return lambda key, tr: tr(key)
    found = getattr(words, "advice_word", None)
    return found if callable(found) else (lambda key, tr: tr(key))


def check_figures(advice: Advice) -> None:
    """Raise ValueError naming the first figure that is not finite or out of its range,
    or a promised distribution that does not add up to 1."""
    for row in advice.rows:
        if not (math.isfinite(row.heat) and 0.0 <= row.heat <= 1.0):
            raise ValueError(f"{advice.title}: {row.subject}: heat {row.heat!r} is not in [0, 1]")
        for f in row.figures:
            if f.unit not in UNITS:
                raise ValueError(f"{advice.title}: {row.subject}: unknown unit {f.unit!r}")
            if not math.isfinite(f.value):
                raise ValueError(f"{advice.title}: {row.subject}: {f.label} is {f.value!r}")
            if f.unit == "probability" and not -1e-9 <= f.value <= 1.0 + 1e-9:
                raise ValueError(
                    f"{advice.title}: {row.subject}: probability {f.label} = {f.value!r}"
                )
    for label in advice.sums:
        total = sum(f.value for r in advice.rows for f in r.figures if f.label == label)
        if abs(total - 1.0) > 1e-6:
            raise ValueError(f"{advice.title}: {label} adds up to {total!r}, not 1")


def heat_of(values: Sequence[float]) -> list[float]:
    """Values scaled into [0, 1] by the largest (all 0 when none is positive)."""
    top = max((v for v in values), default=0.0)
    if top <= 0:
        return [0.0] * len(values)
    return [max(v, 0.0) / top for v in values]


__all__ = [
    "ADVISOR_PARAMETERS",
    "DEFAULT_BUDGET",
    "UNITS",
    "Advice",
    "Advisor",
    "Figure",
    "Row",
    "Unit",
    "Word",
    "advice_word_of",
    "advise",
    "advisor_of",
    "check_figures",
    "heat_of",
    "register_advisor",
]
