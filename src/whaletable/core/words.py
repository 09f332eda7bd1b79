"""What a player reads, written once per game and spoken by every interface.

A game's sentences live in ``games/<id>/words.py`` and take a translator ``tr``
(gettext for the reader's language), so the web table and the terminal say the same
thing in English, Vietnamese or Persian. The catalogs are extracted from those modules
(``make catalogs``). This module holds what every game's words share, and the plain
wording used for a game that has no words of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result, Standing

Translate = Callable[[str], str]
"""gettext for the reader's language."""

PartWord = Callable[[str, Translate], str]
"""A game's name for a key of its result (a part of a seat's line, or the score)."""


def english(text: str) -> str:
    """The translator of the source language: every message as written."""
    return text


def seat_name(names: Sequence[str], seat: int, tr: Translate) -> str:
    """The name the table gave a seat, or "Seat n" counted from 1."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return tr("Seat {number}").format(number=seat + 1)


def plain_event(event: Event, names: Sequence[str], tr: Translate) -> str:
    """An event of a game with no words for it: its name and fields, after its seat's name.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Passed(Event):
    ...     kind = "passed"
    ...     seat: int
    >>> plain_event(Passed(1), ["Ann", "Bao"], english)
    'Bao: passed(seat=1)'
    """
    seat = getattr(event, "seat", None)
    if isinstance(seat, int) and not isinstance(seat, bool):
        return f"{seat_name(names, seat, tr)}: {event}"
    return str(event)


def plain_action(action: Action, actor: int, names: Sequence[str], tr: Translate) -> str | None:
    """A seat's action in a game that declares no events; chance outcomes stay silent
    (a dealt card may be private)."""
    if actor < 0:
        return None
    return f"{seat_name(names, actor, tr)}: {action}"


def result_columns(result: Result, word: PartWord, tr: Translate) -> list[str]:
    """The columns of a result table after the player's name: each part of a seat's line,
    then the score, named by the game's ``word``."""
    parts = result.standings[0].breakdown if result.standings else ()
    return [word(name, tr) for name, _ in parts] + [word(result.score, tr)]


def result_cells(standing: Standing) -> list[int]:
    """One seat's line of a result table, lined up with :func:`result_columns`."""
    return [value for _, value in standing.breakdown] + [standing.score]


def result_heading(tr: Translate) -> str:
    """The title of the result table."""
    return tr("Final scores")


def game_over_heading(tr: Translate) -> str:
    """The title over a finished game's result."""
    return tr("Game over")


def player_heading(tr: Translate) -> str:
    """The heading of the column of players' names."""
    return tr("Player")


__all__ = [
    "PartWord",
    "Translate",
    "english",
    "game_over_heading",
    "plain_action",
    "plain_event",
    "player_heading",
    "result_cells",
    "result_columns",
    "result_heading",
    "seat_name",
]
