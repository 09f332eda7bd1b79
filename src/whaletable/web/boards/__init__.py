"""Boards for the web table: each game drawn as SVG from one viewer's observation.

A board never sees a state. It draws the dict that ``state.observation(seat)``
returns, and the last step's events as the same seat may know them, and words the
actions, so a page can show nothing its viewer may not know. Every user-facing string
goes through the viewer's translator ``tr``.

A hand-drawn board says where each region and piece of its game's scene goes and what
shape each kind has; what every board draws alike is here: a keyed element
(:meth:`Svg.keyed`: its key, classes, title, click and highlight), a seat's row
(:func:`seat_row`), the elements themselves (:func:`el`, :func:`rect`, :func:`circle`).
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import json
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from whaletable.core import registry
from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.observation import Observation
from whaletable.core.result import Result
from whaletable.core.view import Choice, Region, Scene
from whaletable.core.words import (
    PartWord,
    Translate,
    plain_choice,
    result_cells,
    result_columns,
    seat_name,
)

SEAT_COLOURS = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#cc79a7", "#0072b2")
"""Six seat colours from the Okabe–Ito palette, told apart with any colour vision
(its vermillion is kept for what the viewer may click)."""


O_contra = TypeVar("O_contra", bound=Observation, contravariant=True)
Obs = TypeVar("Obs", bound=Observation)


class BoardView(Protocol[O_contra]):
    """How one game looks and reads on the web table (``O_contra``: the game's own
    observation type, :attr:`Game.observation_type`)."""

    def svg(
        self,
        obs: O_contra,
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
        *,
        events: Sequence[Event] = (),
    ) -> str:
        """The board as one ``<svg>`` element drawn from ``obs`` (a seat's or a spectator's).

        Every legal action with a place on the board is clickable: its element has
        ``class="act"`` and ``data-action`` (the action's JSON). ``legal`` is empty
        when the viewer may not act. What the last step touched (``events``, as the
        viewer of ``obs`` may know them) has the class ``highlight``. The SVG scales to
        its container.
        """

    def label(self, action: Action, obs: O_contra, names: Sequence[str], tr: Translate) -> str:
        """The action in words, for the list of legal actions (the fallback to clicking)."""

    def status(self, obs: O_contra, names: Sequence[str], tr: Translate) -> str:
        """One line: the round, whose turn it is (or "Your turn"), or the result."""

    def option_label(self, name: str, tr: Translate) -> str:
        """The name of one of the game's options, for the lobby."""

    def choice_label(self, name: str, choice: Any, tr: Translate) -> str:
        """One allowed value of option ``name``, for the lobby (see :func:`plain_choice`)."""

    def result(self, obs: O_contra, names: Sequence[str], tr: Translate) -> dict[str, Any] | None:
        """At the end, the result table drawn from ``obs["result"]``; otherwise None.

        ``{"headline": str | None, "note": str | None, "columns": [header, ...],
        "rows": [row, ...]}`` (:func:`result_table`), rows in final order, each
        ``{"seat", "name", "place", "cells", "total", "winner"}``: ``cells`` line up with
        ``columns`` (the page puts the name first), ``total`` is the seat's score and
        ``winner`` marks the winners (every seat of a winning team in a cooperative game).
        ``note`` says which tie-break settled first place, if one did.
        """


INK = "#1b2a41"
"""The colour of text and outlines on every board."""

HIGHLIGHT = "#d55e00"
"""Vermillion: what the viewer may click."""

MUTED = "#44546a"
"""The colour of words that explain (headings, notes)."""


PIECES_KEPT = 10_000
"""Drawn pieces kept (about 1 KB each with its key); past it the one unused longest goes:
enough for the pieces a few hundred tables show at once."""

_pieces: OrderedDict[tuple[Hashable, ...], str] = OrderedDict()
KEEP_PIECES = True  # False draws every piece afresh (tests compare the two)


def forget_pieces() -> None:
    """Forget every kept piece (tests; a language's catalog reloaded)."""
    _pieces.clear()


class Svg:
    """An SVG drawing built from fragments; every text goes through :func:`esc`."""

    def __init__(self, text_size: float = 14) -> None:
        self.parts: list[str] = []
        self.text_size = text_size
        self.width: float = 0

    def add(self, fragment: str) -> None:
        self.parts.append(fragment)

    def piece(self, draw: Callable[..., None], *args: Hashable) -> None:
        """Add what ``draw(svg, *args)`` draws, drawn once and then kept for the same
        ``draw`` and ``args``.

        Most of a board is the same from one step to the next (the cards nobody touched,
        the seats that did not move), so each piece is drawn once per look it can have.
        ``draw`` must draw from its arguments alone (and constants): they are the whole
        key, so a piece drawn for one viewer is handed to another only where everything
        it shows is the same. Pass the translator itself, never the language's name.
        """
        key = (draw, self.text_size, self.width, *args)
        fragment = _pieces.get(key) if KEEP_PIECES else None
        if fragment is not None:
            _pieces.move_to_end(key)  # now the most recently used
        else:
            sub = Svg(self.text_size)
            sub.width = self.width
            draw(sub, *args)
            fragment = "".join(sub.parts)
            if KEEP_PIECES:
                if len(_pieces) >= PIECES_KEPT:
                    _pieces.popitem(last=False)
                _pieces[key] = fragment
        self.parts.append(fragment)

    def open(
        self, cls: str, width: float, height: float, label: str, background: str, *, css: str = ""
    ) -> None:
        """Start the board: the ``<svg>`` element (left to right even on a right-to-left
        page, scaled to its container), its own CSS if any, and the background."""
        # Ink and the text size are set once here and inherited: a text repeats only
        # what differs, so every page (and every spectator's copy) carries fewer bytes.
        self.add(
            f'<svg xmlns="http://www.w3.org/2000/svg" class="board {cls}" '
            f'viewBox="0 0 {width} {height}" width="100%" direction="ltr" '
            f'font-family="system-ui, \'DejaVu Sans\', sans-serif" fill="{INK}" '
            f'font-size="{self.text_size}" role="group" aria-label="{esc(label)}">'
        )
        self.width = width
        if css:
            self.add(f"<style>{css}</style>")
        self.add(
            f'<rect x="0" y="0" width="{width}" height="{height}" rx="14" fill="{background}"/>'
        )

    def close(self) -> str:
        """End the board; the whole SVG."""
        self.add("</svg>")
        return "".join(self.parts)

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float | None = None,
        fill: str = INK,
        anchor: str = "start",
        weight: str = "normal",
        extra: str = "",
    ) -> None:
        attrs = f'<text x="{x:g}" y="{y:g}"'
        if size is not None and size != self.text_size:
            attrs += f' font-size="{size}"'
        if fill != INK:
            attrs += f' fill="{fill}"'
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        if weight != "normal":
            attrs += f' font-weight="{weight}"'
        self.parts.append(f"{attrs}{extra}>{esc(content)}</text>")

    def lines(
        self,
        x: float,
        y: float,
        lines: list[str],
        *,
        size: float = 10,
        step: float | None = None,
        **kwargs: Any,
    ) -> None:
        """Lines of text one under the other, ``step`` apart (a little more than ``size``)."""
        for i, line in enumerate(lines):
            self.text(x, y + i * (step or size * 1.15), line, size=size, **kwargs)

    def button(
        self,
        action: Action,
        x: float,
        y: float,
        text: str,
        title: str,
        cls: str,
        *,
        height: float = 38,
        extra: str = "",
    ) -> float:
        """A labelled button that plays ``action`` (``extra``: more attributes); where the
        next button may start."""
        width = 28 + int(7.4 * len(text))
        self.open_act(action, title, cls, extra)
        self.add(rect(x, y, width, height, "#ffffff", rx=9, stroke=HIGHLIGHT, stroke_width=2.5))
        self.text(x + width / 2, y + height / 2 + 5, text, size=14, anchor="middle", weight="bold")
        self.add("</g>")
        return x + width + 12

    def buttons(
        self, x: float, y: float, shown: Iterable[tuple[Choice, str, str]], height: float = 38
    ) -> float:
        """The buttons ``(choice, class, short words)`` from ``x`` on (the choice's words are
        each one's title); where the next thing may start."""
        for choice, cls, text in shown:
            x = self.button(choice.action, x, y, text, choice.words, cls, height=height)
        return x

    def headings(self, y: float, columns: Iterable[tuple[float, str]], right: str = "") -> None:
        """The headings of a table's columns, each at its ``x``; ``right`` at the right end."""
        for x, heading in columns:
            self.text(x, y, heading, size=11, fill=MUTED)
        if right:
            self.text(self.width - 14, y, right, size=11, fill=MUTED, anchor="end")

    def open_act(self, action: Action, title: str, cls: str, extra: str = "") -> None:
        """Open a ``<g>`` the viewer clicks to play ``action`` (the caller closes it)."""
        self.add(
            f'<g class="act {cls}" data-action="{action_attr(action)}" tabindex="0" '
            f'role="button" aria-label="{esc(title)}"{extra}><title>{esc(title)}</title>'
        )

    def keyed(
        self,
        key: str,
        cls: str,
        lit: bool | frozenset[str] = False,
        data: str = "",
        title: str | None = None,
        *,
        choice: Choice | None = None,
        act: str = "",
        pick: str | None = None,
        still: bool = False,
        piece: bool = False,
    ) -> None:
        """Open the ``<g>`` of the scene's region or piece ``key`` (the caller closes it).

        It carries ``data-key``, the classes ``cls`` (``highlight`` too when ``lit``: the
        last step touched it; or ``key`` is in ``lit``, the scene's highlights), ``data`` and
        its ``title``. With a ``choice`` a click plays it (classes ``act`` and ``act``
        instead of ``cls``); with ``pick`` a click selects it as ``data-boat`` for the page,
        which then shows its destinations; ``still`` lets clicks through to what lies beneath.
        A ``piece`` may move from step to step: the page slides it (:data:`PIECE`).
        """
        lit = key in lit if isinstance(lit, frozenset) else lit
        data += PIECE * piece
        if choice is not None:
            keyed = f' data-key="{esc(key)}"{data}'
            self.open_act(choice.action, choice.words, act + " highlight" * lit, keyed)
            return
        if pick is not None:
            cls = " ".join(dict.fromkeys(f"{cls} boat selectable".split()))
            data = f' data-boat="{pick}"{data} tabindex="0" role="button"'
            data += "" if title is None else f' aria-label="{esc(title)}"'
        elif still:
            data += ' pointer-events="none"'
        said = "" if title is None else f"<title>{esc(title)}</title>"
        self.add(f"<g{key_attrs(key, cls, lit)}{data}>{said}")


def number(key: str) -> int:
    """The number a scene's key ends with (``space-3-1``: 1)."""
    return int(key.rpartition("-")[2])


PIECE = ' data-piece=""'
"""Marks an element that draws a piece which may move from step to step: the page
(static/motion.js) slides it, known by its ``data-key``, from where it stood to where it
stands now."""


def key_attrs(key: str, cls: str, lit: bool) -> str:
    """The attributes of the element that draws the scene's ``key``: its classes (with
    ``highlight`` when the last step touched it) and ``data-key``."""
    return f' class="{cls}{" highlight" * lit}" data-key="{esc(key)}"'


def result_table(
    result: Result,
    names: Sequence[str],
    tr: Translate,
    word: PartWord,
    *,
    headline: str | None,
    note: str | None,
) -> dict[str, Any]:
    """The page's result table: the game's result as it stands, its parts named by the
    game's ``word`` (see :meth:`BoardView.result`)."""
    return {
        "headline": headline,
        "note": note,
        "columns": result_columns(result, word, tr),
        "rows": [
            {
                "seat": s.seat,
                "name": seat_name(names, s.seat, tr),
                "place": s.place,
                "cells": result_cells(s),
                "total": s.score,
                "winner": s.winner,
            }
            for s in result.standings
        ],
    }


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def el(tag: str, end: str = "/>", title: str | None = None, /, **attrs: object) -> str:
    """An SVG element (``end=">"`` opens it, with its ``title``): ``cls`` is written
    ``class`` and ``stroke_width`` ``stroke-width``; floats to a tenth."""
    said = "".join(
        f' {"class" if k == "cls" else k.replace("_", "-")}="{_number(v)}"'
        for k, v in attrs.items()
    )
    return f"<{tag}{said}{end}" + ("" if title is None else f"<title>{esc(title)}</title>")


def _number(value: object) -> str:
    return f"{value:.1f}" if isinstance(value, float) else esc(value)


def rect(x: float, y: float, w: float, h: float, fill: str, /, **attrs: object) -> str:
    return el("rect", x=x, y=y, width=w, height=h, fill=fill, **attrs)


def circle(
    x: float, y: float, r: float, fill: str, title: str | None = None, /, **attrs: object
) -> str:
    """A circle; one with a ``title`` is left open, for the caller to close."""
    return el("circle", "/>" if title is None else ">", title, cx=x, cy=y, r=r, fill=fill, **attrs)


SEAT_NAME_CHARS = 18
"""Characters of a seat's name in its row before it is cut short."""


def seat_row(
    svg: Svg,
    row: Region,
    top: float,
    height: float,
    width: float,
    *,
    lit: bool | frozenset[str],
    now: bool,
    under: Sequence[str] = (),
    title: str | None = None,
) -> float:
    """Open a seat's row (``<g class="seat">``, the caller closes it) and draw what every
    board's row shows: its frame (bold in the seat's colour when ``now``), ▶ when the
    seat is to move, its number in its colour, its name and the words ``under`` it.
    Returns the row's middle."""
    seat, mid = row.owner or 0, top + height / 2
    # A screen reader is told whose row it is (its words follow as its text) when the board
    # gives it no title of its own.
    said = title if title is not None else row.label
    svg.keyed(row.key, "seat", lit=lit, title=said, data=f' data-seat="{seat}"')
    fill, edge = ("#ffffff", seat_colour(seat)) if now else ("#eef6f9", "#c4d6de")
    box = {"rx": 8, "stroke": edge, "stroke_width": 3 if now else 1}
    svg.add(rect(8, top + 2, width - 16, height - 4, fill, **box))
    if "to-move" in row.marks:
        svg.text(14, mid + 5, "▶", size=13, extra=' class="to-move"')
    svg.add(circle(34, mid, 10, seat_colour(seat), stroke=INK, stroke_width=1.2))
    svg.text(34, mid + 4, str(seat + 1), size=11, anchor="middle", weight="bold")
    name = row.label
    name = name if len(name) <= SEAT_NAME_CHARS else name[: SEAT_NAME_CHARS - 1] + "…"
    svg.text(50, mid - 2, name, size=14, weight="bold", extra=' class="seat-name"')
    if under:
        svg.text(50, mid + 13, " · ".join(under), size=11, fill=MUTED)
    return mid


class GameWords(Protocol[O_contra]):
    """What a game's ``words`` module says for its board: every sentence the board
    shares with the terminal (each function takes the reader's translator)."""

    def action_label(
        self, action: Action, obs: O_contra, names: Sequence[str], tr: Translate
    ) -> str: ...

    def status_line(self, obs: O_contra, names: Sequence[str], tr: Translate) -> str: ...

    def option_label(self, name: str, tr: Translate) -> str: ...

    def choice_label(self, name: str, choice: Any, tr: Translate) -> str: ...

    def result_word(self, key: str, tr: Translate) -> str: ...

    def game_over_line(self, obs: O_contra, names: Sequence[str], tr: Translate) -> str: ...

    def tie_break_line(self, result: Result, tr: Translate) -> str | None: ...


class GameView(Protocol[O_contra]):
    """A game's ``view`` module: its :class:`~whaletable.core.view.SceneMaker`."""

    def scene(
        self,
        obs: O_contra,
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
        /,
        *,
        events: Sequence[Event] = (),
    ) -> Scene: ...


class WordedBoard(ABC, Generic[Obs]):
    """A hand-drawn board of its game's scene, its words all from its game's ``words``
    module: a subclass sets :attr:`words` and :attr:`view` and draws the scene
    (:meth:`draw`); the rest of :class:`BoardView` is here."""

    words: GameWords[Obs]
    view: GameView[Obs]

    def svg(
        self,
        obs: Obs,
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
        *,
        events: Sequence[Event] = (),
    ) -> str:
        return self.draw(obs, self.view.scene(obs, legal, names, tr, events=events), names, tr)

    @abstractmethod
    def draw(self, obs: Obs, scene: Scene, names: Sequence[str], tr: Translate) -> str:
        """The SVG of ``scene``, the viewer's scene of ``obs`` (see :meth:`BoardView.svg`)."""

    def label(self, action: Action, obs: Obs, names: Sequence[str], tr: Translate) -> str:
        return self.words.action_label(action, obs, names, tr)

    def status(self, obs: Obs, names: Sequence[str], tr: Translate) -> str:
        return self.words.status_line(obs, names, tr)

    def option_label(self, name: str, tr: Translate) -> str:
        return self.words.option_label(name, tr)

    def choice_label(self, name: str, choice: Any, tr: Translate) -> str:
        return self.words.choice_label(name, choice, tr)

    def result(self, obs: Obs, names: Sequence[str], tr: Translate) -> dict[str, Any] | None:
        result = Result.from_observation(obs)
        if result is None:
            return None
        return result_table(
            result,
            names,
            tr,
            self.words.result_word,
            headline=self.words.game_over_line(obs, names, tr),
            note=self.words.tie_break_line(result, tr),
        )


def action_attr(action: Action) -> str:
    """The ``data-action`` attribute value: the action's JSON, escaped for an attribute."""
    return html.escape(json.dumps(action.to_json(), separators=(",", ":")), quote=True)


def esc(text: object) -> str:
    """Text escaped for SVG/HTML content and attribute values."""
    return html.escape(str(text), quote=True)


def board_for(game_id: str) -> BoardView[Any]:
    """The board of ``game_id``; :class:`UnknownGame` for a game that is not registered.

    Each game's own board lives in the module named after the game's id
    (``whale-to-look`` in ``whale_to_look.py``) as the class ``Board``; a registered game
    without one is drawn by the generic board, from its observation alone.
    """
    module = f"{__name__}.{game_id.replace('-', '_')}"
    if game_id.replace("-", "").isalnum() and importlib.util.find_spec(module) is not None:
        board: BoardView[Any] = importlib.import_module(module).Board()
        return board
    game = registry.get(game_id)  # UnknownGame names the games there are
    # Imported here: the generic board draws with this module's helpers.
    from whaletable.web.boards._generic import GenericBoard

    return GenericBoard(game)


__all__ = [
    "HIGHLIGHT",
    "INK",
    "MUTED",
    "PIECE",
    "SEAT_COLOURS",
    "BoardView",
    "GameWords",
    "Svg",
    "Translate",
    "WordedBoard",
    "action_attr",
    "board_for",
    "circle",
    "el",
    "esc",
    "forget_pieces",
    "key_attrs",
    "number",
    "plain_choice",
    "rect",
    "result_table",
    "seat_colour",
    "seat_name",
    "seat_row",
]
