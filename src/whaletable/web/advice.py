"""Advice at the web table: who may ask, what the advisor is handed, and the panel drawn.

A player's page asks over the table's socket; the answer goes to that page alone. The
game's advisor (``games/<id>/advice.py``) is handed the asking seat's observation and
legal actions, never the state, so the advice says nothing the seat could not work out
itself. It runs in a worker thread under the table's lock: the event loop serves the
other tables meanwhile, and no move changes the state the observation was read from.

The panel is drawn here as HTML: a table of the advice's figures with their units, a
bar per row drawn as inline SVG from the row's heat (the picture), and the suggestion
named in the game's words. Every word goes through the viewer's translator.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable
from typing import Any

from babel.numbers import format_decimal, format_percent

from whaletable.core.advice import DEFAULT_BUDGET, Advice, Figure, Word, advice_word_of, advisor_of
from whaletable.web.boards import esc
from whaletable.web.tables import LiveTable, TableError, Viewer

ADVICE_BUDGET = DEFAULT_BUDGET
"""Samples an advisor may spend on one request (well under a second for every game)."""

BAR_WIDTH = 120
BAR_HEIGHT = 14
BAR_COLOUR = "#0072b2"  # Okabe–Ito blue, as the boards' sixth seat
BAR_TRACK = "#e3edf2"

log = logging.getLogger(__name__)

ADVICE_FIELDS = frozenset({"type", "step"})
"""The whole of an advice request: ``{"type": "advice", "step": <the step the page shows>}``."""


def advice_step(message: dict[str, Any]) -> int:
    """The step an advice request was asked at; raises TableError naming what is wrong
    with the request (a field it may not carry, a missing or malformed step)."""
    extra = sorted(str(k) for k in message if k not in ADVICE_FIELDS)
    if extra:
        raise TableError(
            "an advice request takes only the fields type and step, not {fields}",
            fields=", ".join(repr(k) for k in extra),
        )
    step = message.get("step")
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        raise TableError(
            "an advice request needs the step it was asked at, a whole number, not {step}",
            step=repr(step),
        )
    return step


def advice_seed(table: LiveTable, seat: int) -> int:
    """The advisor's seed for ``seat`` at the table's current step.

    Fixed per table, step and seat, so asking again gives the same figures (nothing is
    gained by asking many times), and drawn through a hash from the table's secret seed,
    so the figures tell nothing of the seed that deals the table's chance.
    """
    text = f"advice:{table.seed}:{len(table.state.history)}:{seat}"
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def seat_to_advise(table: LiveTable, viewer: Viewer) -> int:
    """The seat ``viewer`` may have advice for; raises TableError saying why there is none.

    A seat's page is advised for its seat, whoever is to move (with that seat's legal
    actions when it is its turn); a hot-seat device for the seat whose turn it is among
    its seats, once that player has taken the device; a spectator never.
    """
    if not table.settings.advice:
        raise TableError("advice is turned off at this table")
    if viewer.role not in ("seat", "hotseat") or not viewer.seats:
        raise TableError("advice is for a player's own page: a spectator cannot ask for it")
    if table.finished:
        raise TableError("the game is over: there is nothing left to advise")
    seat = viewer.showing
    if viewer.role == "hotseat":
        # The seat shown once its player has taken the device, if it is the one to move.
        to_move = table.state.current_player()
        if viewer.pending is not None or seat != to_move or seat not in viewer.seats:
            raise TableError(
                "none of the seats this device plays is to move, so there is no one to advise"
            )
    if seat is None or seat not in viewer.seats:
        raise TableError("advice is for a player's own page: a spectator cannot ask for it")
    return seat


async def advice_message(table: LiveTable, viewer: Viewer, step: int) -> dict[str, Any]:
    """The advice for the seat ``viewer`` may be advised for, as the page's message.

    Raises TableError (and computes nothing) when advice is off at the table, the page
    may have none, the request is for another step than the table's, or the game has no
    advisor.
    """
    async with table.lock:
        seat = seat_to_advise(table, viewer)
        advisor = advisor_of(table.game.spec.id)
        if advisor is None:
            raise TableError("{game} has no advisor", game=table.game.spec.title)
        now = len(table.state.history)
        if step != now:
            raise TableError(
                "stale advice request: the game is at step {now}, the request was for {step}",
                now=now,
                step=step,
            )
        state = table.state
        obs = state.observation(seat)
        legal = state.legal_actions() if state.current_player() == seat else []
        try:
            advice = await asyncio.to_thread(
                advisor,
                table.game,
                state.options,
                seat,
                obs,
                legal,
                advice_seed(table, seat),
                ADVICE_BUDGET,
            )
        except Exception as e:
            # A fault in an advisor costs this answer, never the page's connection.
            log.error("table %s: the advisor failed for seat %d", table.key, seat, exc_info=e)
            raise TableError("the advisor failed, so there is no advice this time") from e
        version = table.changes
        suggestion = (
            None
            if advice.suggestion is None
            else table.board.label(advice.suggestion, obs, table.names, viewer.tr)
        )
        drawn = panel(advice, advice_word_of(table.game), viewer.tr, viewer.lang, suggestion)
    return {
        "type": "advice",
        "step": step,
        "version": version,
        "seat": seat,
        "advice": advice.to_json(),
        "suggestion": None if advice.suggestion is None else advice.suggestion.to_json(),
        "panel": drawn,
    }


# ------------------------------------------------------------------------ the panel


def figure_text(figure: Figure, lang: str) -> str:
    """A figure in the reader's number format: a probability as a percentage, an amount
    as a number (its unit heads its column, see :func:`unit_text`)."""
    if figure.unit == "probability":
        return format_percent(figure.value, locale=lang)
    return format_decimal(figure.value, format="#,##0.##", locale=lang)


def unit_text(unit: str, tr: Callable[[str], str]) -> str:
    """What a column's amounts are counted in, said once in its heading (so no figure
    needs a plural of its own); a percentage and a count need none."""
    if unit == "points":
        return tr("in points")
    if unit == "coins":
        return tr("in coins")
    if unit == "pearls":
        return tr("in pearls")
    return ""


def bar(heat: float, tr: Callable[[str], str], lang: str) -> str:
    """A row's heat as a horizontal bar: an inline SVG (no script, no external file)."""
    heat = max(0.0, min(1.0, heat))
    label = tr("{percent} of a full bar").format(percent=format_percent(heat, locale=lang))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="advice-bar" '
        f'viewBox="0 0 {BAR_WIDTH} {BAR_HEIGHT}" width="{BAR_WIDTH}" height="{BAR_HEIGHT}" '
        f'role="img" aria-label="{esc(label)}" data-heat="{heat:.4f}">'
        f'<rect x="0" y="0" width="{BAR_WIDTH}" height="{BAR_HEIGHT}" rx="3" '
        f'fill="{BAR_TRACK}"/>'
        f'<rect class="heat" x="0" y="0" width="{heat * BAR_WIDTH:.1f}" height="{BAR_HEIGHT}" '
        f'rx="3" fill="{BAR_COLOUR}"/></svg>'
    )


def panel(
    advice: Advice,
    word: Word,
    tr: Callable[[str], str],
    lang: str,
    suggestion: str | None,
) -> str:
    """The advice as HTML: its title, the suggestion, the figures and bars, the note."""
    labels: dict[str, str] = {}  # each figure label and its unit, in order of appearance
    for row in advice.rows:
        for f in row.figures:
            labels.setdefault(f.label, f.unit)
    parts = [f'<h3 class="advice-title">{esc(word(advice.title, tr))}</h3>']
    if suggestion is not None:
        # Worded outside the f-strings: the catalogs' extractor reads no call inside one.
        suggested = tr("Suggested: {move}").format(move=suggestion)
        parts.append(f'<p class="advice-suggestion"><mark>{esc(suggested)}</mark></p>')
    if advice.rows:
        parts.append(_table(advice, labels, word, tr, lang))
    if advice.note:
        note = word(advice.note, tr).format(samples=advice.samples)
        parts.append(f'<p class="advice-note">{esc(note)}</p>')
    return "".join(parts)


def _table(
    advice: Advice, labels: dict[str, str], word: Word, tr: Callable[[str], str], lang: str
) -> str:
    subject, chart = tr("Subject"), tr("Chart")
    head = [f'<th scope="col">{esc(subject)}</th>']
    for label, unit in labels.items():
        named = unit_text(unit, tr)
        in_unit = f' <span class="unit">{esc(named)}</span>' if named else ""
        head.append(f'<th scope="col" class="num">{esc(word(label, tr))}{in_unit}</th>')
    head.append(f'<th scope="col">{esc(chart)}</th>')
    body: list[str] = []
    for row in advice.rows:
        params = {k: word(v, tr) if isinstance(v, str) else v for k, v in row.params}
        cells = {f.label: figure_text(f, lang) for f in row.figures}
        body.append(
            "<tr>"
            f'<th scope="row">{esc(word(row.subject, tr).format(**params))}</th>'
            + "".join(f'<td class="num">{esc(cells.get(label, ""))}</td>' for label in labels)
            + f"<td>{bar(row.heat, tr, lang)}</td></tr>"
        )
    return (
        '<table class="advice-table"><thead><tr>'
        + "".join(head)
        + "</tr></thead><tbody>"
        + "".join(body)
        + "</tbody></table>"
    )


__all__ = [
    "ADVICE_BUDGET",
    "ADVICE_FIELDS",
    "advice_message",
    "advice_seed",
    "advice_step",
    "bar",
    "figure_text",
    "panel",
    "seat_to_advise",
    "unit_text",
]
