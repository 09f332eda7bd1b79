"""The board of a game with none of its own: its observation as rows, its actions as buttons.

:func:`whaletable.web.boards.board_for` hands it out for any registered game without a
module here. It draws :mod:`whaletable.core.generic_view`'s model of the observation, the
same the terminal's generic view prints. The leading underscore keeps this module out of
the per-game catalogs (``make catalogs`` makes one per board module): its words are
core's, in the ``messages`` catalog.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.game import Game
from whaletable.core.generic_view import (
    GenericScreen,
    game_over_line,
    result_word,
    screen,
    status_line,
)
from whaletable.core.result import Result
from whaletable.core.words import Translate, humanise
from whaletable.web.boards import Svg, plain_choice, result_table

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


class GenericBoard:
    """A :class:`~whaletable.web.boards.BoardView` of any game, from its observation alone."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def svg(
        self, obs: dict[str, Any], legal: Sequence[Action], names: Sequence[str], tr: Translate
    ) -> str:
        model = screen(self.game, obs, legal, names, tr)
        body = Svg()
        height = round(self._draw(body, model))
        svg = Svg()
        svg.open("generic", WIDTH, height, model.title, BACKGROUND)
        svg.parts.extend(body.parts)
        return svg.close()

    def _draw(self, svg: Svg, model: GenericScreen) -> float:
        """Draw the title, the status, the rows and the buttons; the height they take."""
        y = 36.0
        svg.text(MARGIN, y, model.title, size=20, weight="bold")
        y += 28
        svg.text(MARGIN, y, model.status, size=16, extra=' class="status"')
        y += 16
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
        y += LINE
        x = float(MARGIN)
        for choice in model.choices:
            text = _cut(choice.words, BUTTON_CHARS)
            width = 28 + int(7.4 * len(text))  # as Svg.button sizes it
            if x > MARGIN and x + width > WIDTH - MARGIN:
                x = MARGIN
                y += BUTTON_HEIGHT + BUTTON_GAP
            x = svg.button(choice.action, x, y, text, choice.words, "generic-act")
        return y + BUTTON_HEIGHT + MARGIN

    def label(
        self, action: Action, obs: dict[str, Any], names: Sequence[str], tr: Translate
    ) -> str:
        return self.game.describe_action(action, tr)

    def status(self, obs: dict[str, Any], names: Sequence[str], tr: Translate) -> str:
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


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


__all__ = ["GenericBoard"]
