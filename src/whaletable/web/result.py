"""The end of a game on the table page: the board's result table and the lines that
explain it.

The board draws the table (every seat's parts, the score, the tie-break that decided); this
adds the lines the terminal also prints under it (:func:`~whaletable.core.words.result_notes`,
without the tie-break the table already shows). The facts are the rules' (``obs["result"]``
and the observation); the words are the game's messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from whaletable.core.result import Result
from whaletable.core.words import Translate, result_notes
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
    lines = [] if words is None else result_notes(words, obs, result, tr, tie_break=False)
    return {**table, "lines": lines}


__all__ = ["result_message"]
