"""What a player reads, written once per game and spoken by every interface.

A game's sentences live in ``games/<id>/words.py`` and take a translator ``tr``
(gettext for the reader's language), so the web table and the terminal say the same
thing in English, Vietnamese or Persian. The catalogs are extracted from those modules
(``make catalogs``). This module holds what every game's words share, and the plain
wording used for a game that has no words of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result, Standing

ITEMS_SHOWN = 8
"""The items of a list (or entries of a mapping) written out before the rest are counted."""

TEXT_SHOWN = 80
"""The characters of a text value written out before it is cut short."""

DEPTH_SHOWN = 3
"""How deep nested lists and mappings are written out; deeper ones are an ellipsis."""

HIDDEN = "—"
"""How a value that is not there is written: ``None`` (nobody, or not known to the reader)."""

Translate = Callable[[str], str]
"""gettext for the reader's language."""

PartWord = Callable[[str, Translate], str]
"""A game's name for a key of its result (a part of a seat's line, or the score)."""


def english(text: str) -> str:
    """The translator of the source language: every message as written."""
    return text


def message(text: str) -> str:
    """Marks ``text`` as a message where a table writes it down: a game's words import it as
    ``_``, which pybabel extracts; ``tr`` translates it where it is said."""
    return text


def result_notes(
    words: Any, obs: Mapping[str, Any], result: Result, tr: Translate, *, tie_break: bool = True
) -> list[str]:
    """The lines that explain a finished game's result under its table, in every interface:
    what the game adds (a cooperative team's whales saved and lost: ``words.result_lines``,
    for a game that has it), the tie-break that decided (``tie_break=False`` where the
    table itself shows it, as the web's does) and how the rulebook ranks the players.
    ``words`` is the game's words module."""
    explain: Callable[[Mapping[str, Any], Translate], list[str]] | None
    explain = getattr(words, "result_lines", None)
    lines = list(explain(obs, tr)) if explain is not None else []
    if tie_break:
        lines.append(words.tie_break_line(result, tr))
    lines.append(words.ranking_rule(result, tr))
    return [line for line in lines if line]


def word_for(table: Mapping[Any, str], key: str, tr: Translate) -> str:
    """``key``'s message in ``table``, translated; the key itself where the table has none."""
    return tr(table[key]) if key in table else key


def seat_name(names: Sequence[str], seat: int, tr: Translate) -> str:
    """The name the table gave a seat, or "Seat n" counted from 1."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return tr("Seat {number}").format(number=seat + 1)


def humanise(key: str) -> str:
    """A key of the game's data as a reader would write it: ``"steps_taken"`` is
    "Steps taken" (a game with no words of its own is read by its keys).

    >>> humanise("steps_taken"), humanise("tide-rose"), humanise("")
    ('Steps taken', 'Tide rose', '')
    """
    text = " ".join(key.replace("-", " ").replace("_", " ").split())
    return text[:1].upper() + text[1:]


def plain_value(value: Any, tr: Translate, depth: int = 0) -> str:
    """A value of an observation, an action or an event, kept short for one line.

    Long lists and mappings show their first :data:`ITEMS_SHOWN` items and count the
    rest; long texts are cut; nesting past :data:`DEPTH_SHOWN` is an ellipsis.

    >>> plain_value([1, None, True], english)
    '1, —, yes'
    >>> plain_value({"fish_left": 3, "hand": [[1, 2], []]}, english)
    'fish left 3; hand [[1, 2], []]'
    >>> plain_value(list(range(20)), english)
    '0, 1, 2, 3, 4, 5, 6, 7 … (20 in all)'
    """
    if value is None:
        return HIDDEN
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return value if len(value) <= TEXT_SHOWN else value[: TEXT_SHOWN - 1] + "…"
    if isinstance(value, Mapping):
        if depth >= DEPTH_SHOWN:
            return "{…}"
        entries = [
            f"{humanise(str(key)).lower()} {plain_value(item, tr, depth + 1)}"
            for key, item in list(value.items())[:ITEMS_SHOWN]
        ]
        text = "; ".join(entries) + _rest(len(value), tr)
        return text if depth == 0 else "{" + text + "}"
    if isinstance(value, (list, tuple)):
        if depth >= DEPTH_SHOWN:
            return "[…]"
        items = [plain_value(item, tr, depth + 1) for item in value[:ITEMS_SHOWN]]
        text = ", ".join(items) + _rest(len(value), tr)
        return text if depth == 0 else "[" + text + "]"
    return str(value)


def _rest(count: int, tr: Translate) -> str:
    """What follows the items shown of ``count``: how many there are, if some are not shown."""
    if count <= ITEMS_SHOWN:
        return ""
    return " … " + tr("({count} in all)").format(count=count)


def _plain_fields(kind: str, fields: Sequence[tuple[str, Any]], tr: Translate) -> str:
    """``kind`` and its fields as words: "Step (size 2)", or "Peek" without fields."""
    if not fields:
        return humanise(kind)
    said = ", ".join(f"{humanise(name).lower()} {plain_value(v, tr, 1)}" for name, v in fields)
    return f"{humanise(kind)} ({said})"


def plain_action_words(action: Action, tr: Translate) -> str:
    """An action of a game with no words for it: its kind and fields, humanised.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class MoveBoat(Action):
    ...     kind = "move_boat"
    ...     boat: int
    ...     anchor: bool
    >>> plain_action_words(MoveBoat(2, True), english)
    'Move boat (boat 2, anchor yes)'
    """
    fields = [(name, value) for name, value in action.to_json().items() if name != "type"]
    return _plain_fields(action.kind, fields, tr)


def plain_event(event: Event, names: Sequence[str], tr: Translate) -> str:
    """An event of a game with no words for it: its name and fields, after its seat's name.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Passed(Event):
    ...     kind = "passed_on"
    ...     seat: int
    ...     cards: tuple[int, ...]
    >>> plain_event(Passed(1, (3, 4)), ["Ann", "Bao"], english)
    'Bao: Passed on (cards [3, 4])'
    """
    fields = [(name, value) for name, value in event.to_json().items() if name != "type"]
    seat = getattr(event, "seat", None)
    if isinstance(seat, int) and not isinstance(seat, bool):
        # The seat leads the line by its name: its number is not said again.
        said = _plain_fields(event.kind, [(n, v) for n, v in fields if n != "seat"], tr)
        return f"{seat_name(names, seat, tr)}: {said}"
    return _plain_fields(event.kind, fields, tr)


def plain_action(action: Action, actor: int, names: Sequence[str], tr: Translate) -> str | None:
    """A seat's action in a game that declares no events; chance outcomes stay silent
    (a dealt card may be private)."""
    if actor < 0:
        return None
    return f"{seat_name(names, actor, tr)}: {plain_action_words(action, tr)}"


def result_columns(result: Result, word: PartWord, tr: Translate) -> list[str]:
    """The columns of a result table after the player's name: each part of a seat's line,
    then the score, named by the game's ``word``."""
    parts = result.standings[0].breakdown if result.standings else ()
    return [word(name, tr) for name, _ in parts] + [word(result.score, tr)]


def result_cells(standing: Standing) -> list[int]:
    """One seat's line of a result table, lined up with :func:`result_columns`."""
    return [value for _, value in standing.breakdown] + [standing.score]


def plain_choice(choice: Any, tr: Translate) -> str:
    """An option value with no words of its own: none means drawn at random, yes or no."""
    if choice is None:
        return tr("drawn at random")
    if isinstance(choice, bool):
        return tr("yes") if choice else tr("no")
    return str(choice)


__all__ = [
    "PartWord",
    "Translate",
    "english",
    "humanise",
    "plain_action",
    "plain_action_words",
    "plain_choice",
    "plain_event",
    "plain_value",
    "result_cells",
    "result_columns",
    "result_notes",
    "seat_name",
]
