"""An :class:`~whaletable.core.advice.Advice` drawn for the terminal: a Rich table with a
small bar per row (the advice's picture: each row's heat), in the game's own words."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whaletable.core.advice import Advice, Figure, Word, advice_word_of
from whaletable.core.words import Translate

BAR = 10
"""Cells of a row's bar at full heat."""


def figure_text(figure: Figure) -> str:
    if figure.unit == "probability":
        return f"{100 * figure.value:.0f}%"
    if figure.unit == "count" or float(figure.value).is_integer():
        return f"{figure.value:.0f}"
    return f"{figure.value:.2f}"


def bar(heat: float) -> str:
    full = round(max(0.0, min(1.0, heat)) * BAR)
    return "█" * full + "·" * (BAR - full)


def advice_table(advice: Advice, word: Word, tr: Translate) -> Group:
    """The title, the rows as a table (subject, one column per figure label, the bar)
    and the note saying how the figures were computed."""
    labels: list[str] = []
    for row in advice.rows:
        for f in row.figures:
            if f.label not in labels:
                labels.append(f.label)
    parts: list[RenderableType] = [Text(word(advice.title, tr), style="bold")]
    table = Table()
    table.add_column("")
    for label in labels:
        table.add_column(word(label, tr), justify="right")
    table.add_column("")
    for row in advice.rows:
        params = {k: word(v, tr) if isinstance(v, str) else v for k, v in row.params}
        cells = {f.label: figure_text(f) for f in row.figures}
        table.add_row(
            word(row.subject, tr).format(**params),
            *(cells.get(label, "") for label in labels),
            bar(row.heat),
        )
    if advice.rows:
        parts.append(table)
    if advice.note:
        parts.append(Text(word(advice.note, tr).format(samples=advice.samples), style="dim"))
    return Group(*parts)


# The terminal's advice words come from core, where the web table finds them too.
__all__ = ["BAR", "Word", "advice_table", "advice_word_of", "bar", "figure_text"]
