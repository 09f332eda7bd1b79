"""A game read from its observation alone: the generic board and view share this model.

A game without a hand-drawn web board or terminal view is still played: both interfaces
draw what this module makes of one seat's observation (its common fields ``to_move``,
``phase``, ``scores`` and ``result``, then every other field as a labelled row), its legal
actions in the game's words (:meth:`Game.describe_action`) and its events as the log says
them (:meth:`Game.describe`). Nothing here sees a state, so nothing here can show more
than the observation holds.

A game that has a ``view.py`` but no hand-drawn board or view is drawn from its
:class:`~whaletable.core.view.Scene` instead: then every word a player
reads (the status, the regions, the pieces, the choices) is the scene's, and the
observation is read for nothing else but the result table at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from whaletable.core.action import Action
from whaletable.core.game import Game
from whaletable.core.result import Result
from whaletable.core.view import Choice, SceneMaker
from whaletable.core.words import Translate, humanise, plain_value, seat_name

OWN_PLACES = frozenset({"game", "seat", "num_players", "to_move", "phase", "result"})
"""Observation fields shown in places of their own (the viewer, the status line, the
result table) rather than as rows."""


@dataclass(frozen=True, slots=True)
class Row:
    """One field of an observation as it is read: its name and its value, in words."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class GenericScreen:
    """What the generic board and view draw of one observation."""

    title: str
    status: str
    rows: tuple[Row, ...]
    choices: tuple[Choice, ...]


def screen(
    game: Game[Any],
    obs: dict[str, Any],
    legal: Sequence[Action],
    names: Sequence[str],
    tr: Translate,
) -> GenericScreen:
    """The model of one viewer's screen: ``legal`` is empty when the viewer may not act."""
    return GenericScreen(
        title=game.spec.title,
        status=status_line(obs, names, tr),
        rows=tuple(observation_rows(obs, names, tr)),
        choices=tuple(Choice(action, game.describe_action(action, tr)) for action in legal),
    )


def choice_words(
    maker: SceneMaker,
    action: Action,
    obs: dict[str, Any],
    names: Sequence[str],
    tr: Translate,
) -> str:
    """``action`` in its scene's words.

    The scene is made for this one action (a scene offers each legal action on its own
    choice), so wording a list of actions costs one small scene each, not a full one.
    """
    for choice in maker(obs, (action,), names, tr).choices:
        if choice.action == action:
            return choice.words
    raise ValueError(f"the scene offers no choice for {action}")


def observation_rows(obs: dict[str, Any], names: Sequence[str], tr: Translate) -> list[Row]:
    """Every field of ``obs`` not shown elsewhere, in the observation's order, as rows.

    ``scores`` (one number per seat, a common field, left out while hidden) names its
    seats; every other value is written by :func:`plain_value`.
    """
    rows: list[Row] = []
    for key, value in obs.items():
        if key in OWN_PLACES or (key == "scores" and value is None):
            continue
        if key == "scores" and isinstance(value, list):
            text = " · ".join(
                f"{seat_name(names, seat, tr)} {plain_value(score, tr, 1)}"
                for seat, score in enumerate(value)
            )
        else:
            text = plain_value(value, tr)
        rows.append(Row(result_word(key, tr), text))
    return rows


def result_word(key: str, tr: Translate) -> str:
    """A key of the game's data (a field, a part of a seat's line, the score) named from
    the key itself, in the reader's language where a catalog has the words."""
    return tr(humanise(key))


def status_line(obs: dict[str, Any], names: Sequence[str], tr: Translate) -> str:
    """One line: the phase (if the game has phases), then whose turn it is, or the result.

    ``to_move`` is a seat, or ``None`` (or a negative number) when nobody is to choose.
    """
    result = Result.from_observation(obs)
    if result is not None:
        return game_over_line(result, names, tr)
    to_move = obs.get("to_move")
    if isinstance(to_move, int) and not isinstance(to_move, bool) and to_move >= 0:
        if to_move == obs.get("seat"):
            turn = tr("Your turn")
        else:
            turn = tr("{name} to move").format(name=seat_name(names, to_move, tr))
    else:
        turn = tr("Waiting for the dice or the cards")
    phase = obs.get("phase")
    if phase is None:
        return turn
    return f"{tr(humanise(str(phase)))} · {turn}"


def game_over_line(result: Result, names: Sequence[str], tr: Translate) -> str:
    """Who won, as the result says (every seat of a winning team in a cooperative game)."""
    if not result.winners:
        return tr("Game over: nobody won.")
    winners = ", ".join(seat_name(names, seat, tr) for seat in result.winners)
    return tr("Game over: {names} won.").format(names=winners)


__all__ = [
    "OWN_PLACES",
    "Choice",
    "GenericScreen",
    "Row",
    "choice_words",
    "game_over_line",
    "observation_rows",
    "result_word",
    "screen",
    "status_line",
]
