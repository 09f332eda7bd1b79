"""A bot spec's numeric parameters, read and checked alike for every bot.

A spec gives parameters as text (``heuristic:samples=300``); code may give numbers. A
value that is not what the parameter takes is refused with :class:`UnknownAgent`,
naming the bot, the parameter and the value, never with Python's own error.

>>> count("heuristic", "samples", "300", least=1)
300
>>> number("mcts", "c", "1.4", positive=True)
1.4
>>> choice("heuristic", "odds", "counted", ("hand", "counted"))
'counted'
>>> try:
...     count("heuristic", "samples", "3.5", least=1)
... except UnknownAgent as refused:
...     print(refused)
bot 'heuristic': parameter 'samples' must be a positive integer, not '3.5'
"""

from __future__ import annotations

import math
from typing import Any

from whaletable.agents import UnknownAgent


def count(bot: str, name: str, value: Any, *, least: int) -> int:
    """A whole number of at least ``least`` (1: positive, 0: none or more)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = least - 1
    if (
        isinstance(value, bool)
        or number < least
        or (isinstance(value, float) and value != number)
        or (isinstance(value, str) and value.strip() != str(number))
    ):
        kind = "a positive integer" if least == 1 else f"an integer ≥ {least}"
        raise UnknownAgent(f"bot {bot!r}: parameter {name!r} must be {kind}, not {value!r}")
    return number


def number(bot: str, name: str, value: Any, *, positive: bool, at_most: float = math.inf) -> float:
    """A finite number above 0 (``positive``) or at least 0, and at most ``at_most``."""
    try:
        result = float(value)
    except (TypeError, ValueError):
        result = math.nan
    ok = math.isfinite(result) and (result > 0 if positive else result >= 0) and result <= at_most
    if isinstance(value, bool) or not ok:
        kind = "a positive number" if positive else "a number ≥ 0"
        if at_most != math.inf:
            kind += f" and at most {at_most:g}"
        raise UnknownAgent(f"bot {bot!r}: parameter {name!r} must be {kind}, not {value!r}")
    return result


def choice(bot: str, name: str, value: Any, allowed: tuple[str, ...]) -> str:
    """One of the words ``allowed``."""
    if not isinstance(value, str) or value not in allowed:
        raise UnknownAgent(
            f"bot {bot!r}: parameter {name!r} must be one of {', '.join(allowed)}, not {value!r}"
        )
    return value
