"""Drawing a game for the terminal, one module per game, from observations only.

A view never sees a state: it draws the game's scene of what ``state.observation(seat)``
returns (``games/<id>/view.py``, which the web board draws too), so it can show nothing
that seat may not know, and its words are the scene's. What the views draw alike is here:
a seat's row, pieces as chips, a region as a panel, the result, the numbered choices
(:class:`SceneView`). Games without a view of their own fall back to :class:`GenericView`.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.core.action import Action
from whaletable.core.errors import IllegalAction
from whaletable.core.event import Event
from whaletable.core.game import Game
from whaletable.core.generic_view import game_over_line, result_word, screen
from whaletable.core.result import Result
from whaletable.core.view import Choice, Piece, Region, Scene, scene_maker
from whaletable.core.words import (
    PartWord,
    Translate,
    english,
    result_cells,
    result_columns,
    result_notes,
)

SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_label(seat: int, tr: Translate = english) -> str:
    """Seats are counted from 1 on screen, as players count them at a table."""
    return tr("Seat {number}").format(number=seat + 1)


class BadCommand(ValueError):
    """A typed command that does not name an action; the message says how to write one."""


class SceneView(ABC):
    """How one game looks and reads in the terminal, in one reader's language (``tr``, the
    game's words): a game's scene (``maker``, its ``view.scene``), the choices in the
    scene's words, and what the game's ``words`` module says: the result (its
    ``game_over_line``, ``result_word``, ``tie_break_line`` and ``ranking_rule``) and the
    short commands (``SHORT_FORMS``). A game's view adds its layout (:meth:`draw`) and
    reads its typed commands (:meth:`parse`)."""

    maker: Callable[..., Scene] | None = None  # the game's view.scene
    words: Any = None

    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def labels(self, seats: int, names: Sequence[str]) -> list[str]:
        return [seat_words(s, names, self.tr) for s in range(seats)]

    def scene(
        self,
        obs: Any,
        names: Sequence[str],
        legal: Sequence[Action] = (),
        events: Sequence[Event] = (),
    ) -> Scene:
        """The scene of ``obs``, its seats named as the terminal names them."""
        assert self.maker is not None
        labels = self.labels(obs["num_players"], names)
        return self.maker(obs, legal, labels, self.tr, events=events)

    def board(self, obs: Any, names: list[str], events: Sequence[Event] = ()) -> RenderableType:
        """The table as ``obs``'s seat (or a spectator) sees it, what the last step touched
        lit: ``events`` are that step's, as the same viewer may know them."""
        return self.draw(obs, self.scene(obs, names, events=events), names)

    @abstractmethod
    def draw(self, obs: Any, scene: Scene, names: list[str]) -> RenderableType:
        """The game's layout of ``scene``, the scene of ``obs`` (as a web board's ``draw``)."""

    def choices(self, obs: Any, legal: Sequence[Action]) -> list[str]:
        """Every action of ``legal`` in words, in order, for the seat choosing (``obs`` is
        that seat's view): one scene's choices, made once for them all."""
        # The web board's words: a choice names no seat but by number.
        assert self.maker is not None
        return [self.worded(c, obs) for c in self.maker(obs, legal, (), self.tr).choices]

    def worded(self, choice: Choice, obs: Any) -> str:
        """A choice as the menu lists it."""
        return choice.words

    @abstractmethod
    def parse(self, text: str, obs: Any) -> Action | None:
        """A short form typed by a player, None if ``text`` is not one; :class:`BadCommand`
        if it looks like one but is malformed."""

    def round_summaries(self, obs: Any, names: list[str]) -> list[RenderableType]:
        """One renderable per finished round (public once the round is scored)."""
        return []

    def final(self, obs: Any, names: list[str]) -> RenderableType:
        """The result of a finished game, drawn from ``obs["result"]``."""
        tr, w = self.tr, self.words
        result = Result.from_observation(obs)
        if result is None:
            return Text(tr("Game over"))
        labels = self.labels(len(result.standings), names)
        return result_panel(
            result,
            names,
            tr,
            w.result_word,
            headline=w.game_over_line(obs, labels, tr),
            notes=result_notes(w, obs, result, tr),
        )

    def short_forms(self) -> str:
        """One line telling a player the short commands."""
        return self.tr(self.words.SHORT_FORMS)


class GenericView(SceneView):
    """The view of a game without one of its own. A game with a ``view.py`` is drawn from
    its scene: the status, one panel per region (:func:`region_panel`) and its choices in
    the scene's words. Any other game is read from its observation alone: the status line,
    a table of the observation's fields and the actions in the game's words
    (:mod:`whaletable.core.generic_view`, which the web's generic board draws too)."""

    def __init__(self, game: Game[Any], tr: Translate = english) -> None:
        super().__init__(tr)
        self.game = game
        self.maker = scene_maker(game)

    def board(
        self, obs: dict[str, Any], names: list[str], events: Sequence[Event] = ()
    ) -> RenderableType:
        if self.maker is not None:
            # Seats go by the names given, as the generic web board names them.
            return self.draw(obs, self.maker(obs, (), names, self.tr, events=events), names)
        model = screen(self.game, obs, (), names, self.tr)
        rows = Table(show_header=False, box=None, padding=(0, 2))
        rows.add_column(style="bold")
        rows.add_column()
        for row in model.rows:
            # Text, not markup: a value is the game's data and is shown as it is.
            rows.add_row(Text(row.label), Text(row.value))
        return self._framed(model.status, rows)

    def draw(self, obs: dict[str, Any], scene: Scene, names: list[str]) -> RenderableType:
        panels = [region_panel(region, scene.highlights) for region in scene.regions]
        return self._framed(scene.status, Columns(panels))

    def _framed(self, status: str, body: RenderableType) -> Panel:
        title = Text(self.game.spec.title, style="bold")
        return Panel(Group(Text(status, style="bold"), body), title=title)

    def choices(self, obs: dict[str, Any], legal: Sequence[Action]) -> list[str]:
        if self.maker is not None:
            return super().choices(obs, legal)
        return [self.game.describe_action(action, self.tr) for action in legal]

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        if not text.startswith("{"):
            return None
        try:
            return self.game.action_from_json(json.loads(text))
        except (json.JSONDecodeError, IllegalAction) as e:
            raise BadCommand(str(e)) from e

    def final(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        result = Result.from_observation(obs)
        if result is None:
            return self.board(obs, names)
        headline = game_over_line(result, names, tr)
        return result_panel(result, names, tr, result_word, headline=headline)

    def short_forms(self) -> str:
        return self.tr("type the number of an action, or an action as JSON")


def seat_cells(region: Region, lit: frozenset[str] = frozenset()) -> list[RenderableType]:
    """A seat's row begins so in every game's table: ``▶`` if it is to move, then its name
    in its colour (reversed where the last step touched the seat)."""
    style = f"bold {seat_colour(region.owner or 0)}" + " reverse" * (region.key in lit)
    name = Text(region.label, style=style)
    return ["▶" if "to-move" in region.marks else "", name]


def chips(
    pieces: Sequence[Piece],
    lit: frozenset[str] = frozenset(),
    label: Callable[[Piece], str] | None = None,
) -> Text:
    """Pieces side by side, each ``[label]`` (or ``label(piece)``) in its owner's colour,
    reversed where lit."""
    text = Text()
    for i, piece in enumerate(pieces):
        style = "" if piece.owner is None else f"bold {seat_colour(piece.owner)}"
        if piece.key in lit:
            style += " reverse"
        # Text, not markup: a label is the game's words, shown as they are.
        said = f"[{piece.label}]" if label is None else label(piece)
        text.append(" " * bool(i) + said, style=style.strip())
    return text


def region_panel(region: Region, lit: frozenset[str] = frozenset()) -> Panel:
    """A region as a panel: its label the title, its notes, its pieces as :func:`chips`, the
    border in its owner's colour (bold where lit)."""
    lines: list[RenderableType] = [Text(note) for note in region.notes]
    if region.pieces:
        lines.append(chips(region.pieces, lit))
    colour = "dim" if region.owner is None else seat_colour(region.owner)
    return Panel(
        Group(*lines) if lines else Text(""),
        title=Text(region.label, style="bold") if region.label else None,
        border_style=f"bold {colour}" if region.key in lit else colour,
        expand=False,
    )


def seat_words(seat: int, names: Sequence[str], tr: Translate) -> str:
    """A seat as the terminal names it, "Seat 2 (random)", in the reader's language."""
    label = seat_label(seat, tr)
    return f"{label} ({names[seat]})" if seat < len(names) and names[seat] else label


def result_panel(
    result: Result,
    names: Sequence[str],
    tr: Translate,
    word: PartWord,
    *,
    headline: str | None,
    notes: Sequence[str] = (),
) -> Panel:
    """A finished game's result as the rules made it: the headline, a table of every
    seat's line in final order (winners starred), and ``notes`` (what the game adds, the
    tie-break that decided, how the game ranks: :func:`result_notes`)."""
    table = Table(title=tr("Final scores"), padding=(0, 1))
    table.add_column(tr("Player"), justify="left")
    for column in result_columns(result, word, tr):
        table.add_column(column, justify="right")
    for standing in result.standings:
        star = " ★" if standing.winner else ""
        table.add_row(
            Text(
                seat_words(standing.seat, names, tr) + star,
                style=f"bold {seat_colour(standing.seat)}",
            ),
            *(str(value) for value in result_cells(standing)),
        )
    parts: list[RenderableType] = []
    if headline:
        parts.append(Text(headline, style="bold"))
    parts.append(table)
    parts.extend(Text(note, style="dim") for note in notes)
    return Panel(Group(*parts), title=tr("Game over"))


def view_for(game: Game[Any], tr: Translate = english) -> SceneView:
    """The game's own view in ``tr``'s language, from the module named after its id
    (``whale-to-look`` in ``whale_to_look.py``, class ``View``), else :class:`GenericView`."""
    module = f"{__name__}.{game.spec.id.replace('-', '_')}"
    if importlib.util.find_spec(module) is None:
        return GenericView(game, tr)
    view: SceneView = importlib.import_module(module).View(tr)
    return view


__all__ = [
    "SEAT_COLOURS",
    "BadCommand",
    "GenericView",
    "SceneView",
    "chips",
    "region_panel",
    "result_panel",
    "seat_cells",
    "seat_colour",
    "seat_label",
    "seat_words",
    "view_for",
]
