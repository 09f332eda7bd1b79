"""The board of a game with none of its own: its scene, or else its observation as rows.

:func:`whaletable.web.boards.board_for` hands it out for any registered game without a
module here. A game with a ``view.py`` is drawn from its scene
(:class:`~whaletable.core.view.Scene`): each region a labelled box in a grid, in scene
order, its pieces as chips inside it, and every choice clicked where the scene puts it. A
game without one is drawn from :mod:`whaletable.core.generic_view`'s model of the
observation, the same the terminal's generic view prints. The leading underscore keeps
this module out of the per-game catalogs (``make catalogs`` makes one per board
module): its words are core's, in the ``messages`` catalog.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.game import Game
from whaletable.core.generic_view import (
    GenericScreen,
    choice_words,
    game_over_line,
    result_word,
    screen,
    status_line,
)
from whaletable.core.result import Result
from whaletable.core.view import Choice, Piece, Region, Scene, scene_maker
from whaletable.core.words import Translate, humanise
from whaletable.web.boards import (
    HIGHLIGHT,
    INK,
    Svg,
    esc,
    key_attrs,
    plain_choice,
    result_table,
    seat_colour,
)

WIDTH = 760
MARGIN = 24
VALUE_X = 250
"""Where a row's value starts; its name is written from the margin."""
LINE = 21
"""The height of one line of a row."""
VALUE_CHARS = 64
"""Characters of a value per line (about 7.4 px each at the board's text size)."""
LABEL_CHARS = 30
"""Characters of a field's name before it is cut short."""
BUTTON_HEIGHT = 38
BUTTON_GAP = 12
BUTTON_CHARS = 60
"""Characters of an action's words on its button; the full words are its tooltip."""
BACKGROUND = "#f4f7fb"

GRID_GAP = 14
"""Space between two regions of a scene, across and down."""
CELL_MIN = 220
"""The narrowest a region's box is drawn: as many columns as fit, at most
:data:`COLUMNS_MOST`."""
COLUMNS_MOST = 3
PAD = 12
"""Space inside a region's box."""
CHIP_HEIGHT = 26
CHIP_GAP = 8
OPTION_HEIGHT = 30
"""The height of one of several choices offered on one target."""
QUIET = "#9fb0c6"
"""The outline of a region nobody owns."""
MUTED = "#4a5a70"


@dataclass(frozen=True, slots=True)
class Target:
    """What the board does with a click on one region or piece of the scene."""

    choices: tuple[Choice, ...]
    pick: str
    """With several choices, the page's selection key (``data-boat``): clicking the
    target selects it and shows its choices as buttons; one choice is played at once."""


def targets(scene: Scene) -> dict[str, Target]:
    """Every clicked key of the scene, with its choices in the scene's order."""
    found: dict[str, list[Choice]] = {}
    for choice in scene.choices:
        if choice.target is not None:
            found.setdefault(choice.target, []).append(choice)
    return {key: Target(tuple(c), f"t{i}") for i, (key, c) in enumerate(found.items())}


def css_names(prefix: str, names: Sequence[str]) -> str:
    """Classes for a kind or marks: prefixed, so a game's ``"selectable"`` or ``"act"``
    never means what the page script means by them, and cleaned to one word each."""
    return " ".join(f"{prefix}-{re.sub(r'[^A-Za-z0-9_-]+', '-', name)}" for name in names)


def chip_width(piece: Piece) -> int:
    return 20 + int(7.4 * len(piece.label))


class GenericBoard:
    """A :class:`~whaletable.web.boards.BoardView` of any game, from its observation alone."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.maker = scene_maker(game)

    def svg(
        self,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
        *,
        events: Sequence[Event] = (),
    ) -> str:
        if self.maker is not None:
            return self._scene_svg(self.maker(obs, legal, names, tr, events=events))
        model = screen(self.game, obs, legal, names, tr)
        body = Svg()
        height = round(self._draw(body, model))
        return _framed("generic", height, model.title, body)

    def _draw(self, svg: Svg, model: GenericScreen) -> float:
        """Draw the title, the status, the rows and the buttons; the height they take."""
        y = _heading(svg, model.title, model.status) + 16
        for row in model.rows:
            lines = textwrap.wrap(row.value, VALUE_CHARS) or [""]
            y += LINE
            svg.add('<g class="field">')
            svg.text(MARGIN, y, _cut(row.label, LABEL_CHARS), weight="bold")
            svg.lines(VALUE_X, y, lines, size=14, step=LINE, extra=' class="value"')
            svg.add("</g>")
            y += LINE * (len(lines) - 1)
        if not model.choices:
            return y + MARGIN
        # The page titles the list of choices under the board: the buttons need no title.
        y += LINE
        svg.add(
            f'<line x1="{MARGIN}" y1="{y}" x2="{WIDTH - MARGIN}" y2="{y}" '
            'stroke="#c5d0de" stroke-width="1"/>'
        )
        return _buttons(svg, model.choices, y + LINE) + MARGIN

    # ------------------------------------------------------------ a scene

    def _scene_svg(self, scene: Scene) -> str:
        clicked = targets(scene)
        columns = max(1, min(COLUMNS_MOST, len(scene.regions), (WIDTH - MARGIN) // CELL_MIN))
        cell = (WIDTH - 2 * MARGIN - GRID_GAP * (columns - 1)) / columns
        body = Svg()
        y = _heading(body, self.game.spec.title, scene.status) + 18
        for start in range(0, len(scene.regions), columns):
            row = scene.regions[start : start + columns]
            height = max(_region_height(r, clicked, cell) for r in row)
            for i, region in enumerate(row):
                x = MARGIN + i * (cell + GRID_GAP)
                _draw_region(body, region, x, y, cell, height, clicked, scene.highlights)
            y += height + GRID_GAP
        buttons = [c for c in scene.choices if c.target is None]
        if buttons:
            y = _buttons(body, buttons, y + 4)
        css = "".join(
            f'svg.generic[data-selected="{t.pick}"] .move-target[data-boat="{t.pick}"]'
            "{visibility:visible}"
            f'svg.generic[data-selected="{t.pick}"] .selectable[data-boat="{t.pick}"] .ring'
            "{stroke-dasharray:none;stroke-width:4}"
            for t in clicked.values()
            if len(t.choices) > 1
        )
        return _framed("generic scene", round(y + MARGIN), self.game.spec.title, body, css)

    def label(
        self, action: Action, obs: dict[str, Any], names: Sequence[str], tr: Translate
    ) -> str:
        if self.maker is not None:
            return choice_words(self.maker, action, obs, names, tr)
        return self.game.describe_action(action, tr)

    def status(self, obs: dict[str, Any], names: Sequence[str], tr: Translate) -> str:
        if self.maker is not None:
            return self.maker(obs, (), names, tr).status
        return status_line(obs, names, tr)

    def option_label(self, name: str, tr: Translate) -> str:
        return tr(humanise(name))

    def choice_label(self, name: str, choice: Any, tr: Translate) -> str:
        if isinstance(choice, str):
            return tr(humanise(choice))
        return plain_choice(choice, tr)

    def result(
        self, obs: dict[str, Any], names: Sequence[str], tr: Translate
    ) -> dict[str, Any] | None:
        result = Result.from_observation(obs)
        if result is None:
            return None
        return result_table(
            result,
            names,
            tr,
            result_word,
            headline=game_over_line(result, names, tr),
            note=None,
        )


def _heading(svg: Svg, title: str, status: str) -> float:
    """Draw the game's title and the status line under it; where the status line sits."""
    svg.text(MARGIN, 36, title, size=20, weight="bold")
    svg.text(MARGIN, 64, status, size=16, extra=' class="status"')
    return 64.0


def _framed(cls: str, height: int, title: str, body: Svg, css: str = "") -> str:
    """The whole board: the ``<svg>`` element, its background and what ``body`` drew."""
    svg = Svg()
    svg.open(cls, WIDTH, height, title, BACKGROUND, css=css)
    svg.parts.extend(body.parts)
    return svg.close()


def _chip_rows(pieces: Sequence[Piece], inside: float) -> list[list[Piece]]:
    """The pieces of a region in lines of chips, as many to a line as fit ``inside``."""
    lines: list[list[Piece]] = []
    used = inside + 1
    for piece in pieces:
        width = chip_width(piece)
        if not lines or used + width > inside:
            lines.append([])
            used = 0
        lines[-1].append(piece)
        used += width + CHIP_GAP
    return lines


def _note_lines(region: Region, cell: float) -> list[str]:
    most = max(8, int((cell - 2 * PAD) / 7.2))
    return [line for note in region.notes for line in textwrap.wrap(note, most) or [""]]


def _options_height(region: Region, clicked: dict[str, Target]) -> int:
    """Room for the buttons of the region's (or one of its pieces') several choices: one
    target is selected at a time, so they share the room."""
    most = max(
        (
            len(clicked[key].choices)
            for key in (region.key, *(p.key for p in region.pieces))
            if key in clicked and len(clicked[key].choices) > 1
        ),
        default=0,
    )
    return most * (OPTION_HEIGHT + 6)


def _region_height(region: Region, clicked: dict[str, Target], cell: float) -> float:
    chips = len(_chip_rows(region.pieces, cell - 2 * PAD))
    return (
        PAD
        + 20
        + 17 * len(_note_lines(region, cell))
        + chips * (CHIP_HEIGHT + CHIP_GAP)
        + _options_height(region, clicked)
        + PAD
    )


def _open_target(svg: Svg, key: str, label: str, clicked: dict[str, Target]) -> str:
    """Open the ``<g>`` a click on ``key`` goes to; what it is: ``"act"`` (one choice,
    played), ``"pick"`` (several, selected first) or ``""`` (nothing to choose)."""
    target = clicked.get(key)
    data = f' data-target="{esc(key)}"'
    if target is None:
        svg.add(f'<g class="still"{data}>')
        return ""
    if len(target.choices) == 1:
        only = target.choices[0]
        svg.open_act(only.action, only.words, "scene-act", data)
        return "act"
    svg.add(
        f'<g class="boat selectable scene-pick" data-boat="{target.pick}"{data} tabindex="0" '
        f'role="button" aria-label="{esc(label)}"><title>{esc(label)}</title>'
    )
    return "pick"


def _open_keyed(
    svg: Svg,
    role: str,
    thing: Region | Piece,
    clicked: dict[str, Target],
    highlights: frozenset[str],
) -> str:
    """Open a region's or piece's ``<g>`` (its kind, marks, owner) and then the ``<g>`` a
    click on it goes to; returns what :func:`_open_target` returns."""
    classes = [role, css_names("kind", [thing.kind]), css_names("mark", sorted(thing.marks))]
    owner = "" if thing.owner is None else f' data-owner="{thing.owner}"'
    cls = " ".join(c for c in classes if c)
    svg.add(f"<g{key_attrs(thing.key, cls, thing.key in highlights)}{owner}>")
    return _open_target(svg, thing.key, thing.label, clicked)


def _draw_region(
    svg: Svg,
    region: Region,
    x: float,
    y: float,
    cell: float,
    height: float,
    clicked: dict[str, Target],
    highlights: frozenset[str],
) -> None:
    how = _open_keyed(svg, "region", region, clicked, highlights)
    stroke = QUIET if region.owner is None else seat_colour(region.owner)
    width = 2.5 if region.owner is not None or region.key in highlights else 1.5
    svg.add(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell:.1f}" height="{height:.1f}" rx="10" '
        f'fill="#ffffff" stroke="{stroke}" stroke-width="{width}"/>'
    )
    if how:
        dash = ' stroke-dasharray="6 4"' if how == "pick" else ""
        svg.add(
            f'<rect class="ring" x="{x + 3:.1f}" y="{y + 3:.1f}" width="{cell - 6:.1f}" '
            f'height="{height - 6:.1f}" rx="8" fill="none" stroke="{HIGHLIGHT}" '
            f'stroke-width="2.5"{dash}/>'
        )
    ty = y + PAD + 14
    svg.text(x + PAD, ty, region.label, size=15, weight="bold", extra=' class="label"')
    for line in _note_lines(region, cell):
        ty += 17
        svg.text(x + PAD, ty, line, size=13, fill=MUTED, extra=' class="note"')
    svg.add("</g>")
    cy = ty + 10
    for chips in _chip_rows(region.pieces, cell - 2 * PAD):
        cx = x + PAD
        for piece in chips:
            _draw_piece(svg, piece, cx, cy, clicked, highlights)
            cx += chip_width(piece) + CHIP_GAP
        cy += CHIP_HEIGHT + CHIP_GAP
    for key in (region.key, *(p.key for p in region.pieces)):
        target = clicked.get(key)
        if target is not None and len(target.choices) > 1:
            oy = cy
            for choice in target.choices:
                _draw_option(svg, choice, target.pick, x + PAD, oy, cell - 2 * PAD)
                oy += OPTION_HEIGHT + 6
    svg.add("</g>")


def _draw_piece(
    svg: Svg,
    piece: Piece,
    x: float,
    y: float,
    clicked: dict[str, Target],
    highlights: frozenset[str],
) -> None:
    how = _open_keyed(svg, "piece", piece, clicked, highlights)
    fill = "#eef2f7" if piece.owner is None else seat_colour(piece.owner)
    stroke = HIGHLIGHT if how else INK
    dash = ' stroke-dasharray="4 3"' if how == "pick" else ""
    width = chip_width(piece)
    svg.add(
        f'<rect class="ring" x="{x:.1f}" y="{y:.1f}" width="{width}" height="{CHIP_HEIGHT}" '
        f'rx="13" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{2.5 if how or piece.key in highlights else 1.2}"{dash}/>'
    )
    svg.text(x + width / 2, y + 17, piece.label, size=13, anchor="middle", weight="bold")
    svg.add("</g></g>")


def _draw_option(svg: Svg, choice: Choice, pick: str, x: float, y: float, width: float) -> None:
    """One of several choices on a target: hidden until the target is selected."""
    svg.open_act(
        choice.action,
        choice.words,
        "move-target scene-option",
        f' data-boat="{pick}" visibility="hidden"',
    )
    svg.add(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{OPTION_HEIGHT}" rx="8" '
        f'fill="#ffffff" stroke="{HIGHLIGHT}" stroke-width="2"/>'
    )
    svg.text(x + 10, y + 20, _cut(choice.words, int((width - 20) / 7.4)), size=13)
    svg.add("</g>")


def _buttons(svg: Svg, choices: Sequence[Choice], y: float) -> float:
    """The choices as buttons from ``y`` down, in lines that fit the board; the bottom of
    the last line."""
    x = float(MARGIN)
    for choice in choices:
        text = _cut(choice.words, BUTTON_CHARS)
        width = 28 + int(7.4 * len(text))  # as Svg.button sizes it
        if x > MARGIN and x + width > WIDTH - MARGIN:
            x = MARGIN
            y += BUTTON_HEIGHT + BUTTON_GAP
        x = svg.button(choice.action, x, y, text, choice.words, "generic-act")
    return y + BUTTON_HEIGHT


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


__all__ = ["GenericBoard"]
