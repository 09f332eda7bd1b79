"""The end of a game on the table page: the board's result table and the lines that
explain it.

The board draws the table (every seat's parts, the score, the tie-break that decided); this
adds what the game says under it, as the terminal does: what a cooperative team saved and
lost (a game's ``words.result_lines``) and how the rulebook ranks the players. The facts
are the rules' (``obs["result"]`` and the observation); the words are the game's messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from whaletable.core.result import Result
from whaletable.core.words import Translate
from whaletable.web.boards import BoardView


def result_message(
    board: BoardView[Any], obs: Mapping[str, Any], names: Sequence[str], tr: Translate
) -> dict[str, Any] | None:
    """The page's ``result`` (see :meth:`BoardView.result`) with ``lines``: the game's own
    lines under the table, then its ranking rule; None before the end."""
    table = board.result(obs, names, tr)
    result = Result.from_observation(obs)
    if table is None or result is None:
        return table
    words = getattr(board, "words", None)  # a hand-drawn board's game words
    lines: list[str] = []
    if words is not None:
        explain = getattr(words, "result_lines", None)
        if explain is not None:
            lines.extend(explain(obs, tr))
        lines.append(words.ranking_rule(result, tr))
    return {**table, "lines": lines}


__all__ = ["result_message"]
