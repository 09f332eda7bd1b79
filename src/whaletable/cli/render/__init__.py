"""Drawing a game for the terminal, one module per game, from observations only.

A view never sees a state: it draws the dict that ``state.observation(seat)``
returns, so it can show nothing that seat may not know. Games without a view of
their own fall back to :class:`GenericView`, which prints the observation as data.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty

from whaletable.core.action import Action
from whaletable.core.errors import IllegalAction
from whaletable.core.game import Game

SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_label(seat: int) -> str:
    """Seats are counted from 1 on screen, as players count them at a table."""
    return f"Seat {seat + 1}"


class BadCommand(ValueError):
    """A typed command that does not name an action; the message says how to write one."""


class GameView(Protocol):
    """How one game looks and reads in the terminal."""

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        """The table as ``obs``'s seat (or a spectator) sees it."""

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        """``action`` in words for the seat choosing it (``obs`` is that seat's view)."""

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        """A short form typed by a player, None if ``text`` is not one; :class:`BadCommand`
        if it looks like one but is malformed."""

    def round_summaries(self, obs: dict[str, Any], names: list[str]) -> list[RenderableType]:
        """One renderable per finished round (public once the round is scored)."""

    def final(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        """The result of a finished game."""

    def short_forms(self) -> str:
        """One line telling a player the short commands."""


class GenericView:
    """A plain view for games without their own: the observation as data, actions as JSON."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        return Pretty(obs)

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        return json.dumps(action.to_json())

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        if not text.startswith("{"):
            return None
        try:
            return self.game.action_from_json(json.loads(text))
        except (json.JSONDecodeError, IllegalAction) as e:
            raise BadCommand(str(e)) from e

    def round_summaries(self, obs: dict[str, Any], names: list[str]) -> list[RenderableType]:
        return []

    def final(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        return Pretty(obs)

    def short_forms(self) -> str:
        return "type the number of an action, or an action as JSON"


def view_for(game: Game[Any]) -> GameView:
    """The game's own view, from the module named after its id (``whale-to-look`` in
    ``whale_to_look.py``, class ``View``), else :class:`GenericView`."""
    module = f"{__name__}.{game.spec.id.replace('-', '_')}"
    if importlib.util.find_spec(module) is None:
        return GenericView(game)
    view: GameView = importlib.import_module(module).View()
    return view


__all__ = [
    "SEAT_COLOURS",
    "BadCommand",
    "GameView",
    "GenericView",
    "seat_colour",
    "seat_label",
    "view_for",
]
