"""``whaletable replay``: step through a saved record as one seat (or a spectator) saw it."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from whaletable.cli.play import InputFn
from whaletable.cli.render import SceneView, seat_label, seat_words, view_for
from whaletable.core.errors import RecordError
from whaletable.core.event import Event
from whaletable.core.record import Record
from whaletable.core.state import State
from whaletable.core.words import Translate, english

DELAY = 1.0
"""Seconds between two steps while a replay plays by itself, unless another is asked for."""

MAX_DELAY = 60.0


def help_line(tr: Translate) -> str:
    """The keys of a replay (the same in every language; the sentence is the reader's)."""
    return tr(
        "Enter = next step, b = back, a number = jump to that step, "
        "p = play on by itself (p 0.5: a step every half second; Ctrl-C pauses), q = quit"
    )


def delay_of(text: str, tr: Translate) -> float:
    """The seconds between steps written in ``text``; RecordError naming what is wrong."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds <= MAX_DELAY:  # a NaN is no delay either
        raise RecordError(
            tr("the delay must be a number of seconds from 0 to {most}, not {text}").format(
                most=f"{MAX_DELAY:g}", text=repr(text)
            )
        )
    return seconds


def load_states(path: Path) -> tuple[Record, list[State]]:
    """Every state of the record; a malformed record raises RecordError."""
    record = Record.load(path)
    return record, record.states()


def replay(
    path: Path,
    *,
    seat: int | None,
    console: Console,
    input_fn: InputFn,
    tr: Translate = english,
    start: int = 0,
    autoplay: float | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Step through the record at ``path`` from step ``start``; with ``autoplay`` it first
    plays on by itself, a step every ``autoplay`` seconds, until the end or Ctrl-C."""
    record, states = load_states(path)
    # What happened is told by the events of the whole record, replayed once.
    told = record.replay(events=True)
    if seat is not None and not 0 <= seat < record.num_players:
        raise RecordError(
            tr("no seat {seat} in this record: seats are 1..{seats}").format(
                seat=seat + 1, seats=record.num_players
            )
        )
    game = states[0].game
    view = view_for(game, tr)
    # A record without its seats' names shows the seats by number alone ("Seat 2").
    names = record.seats if len(record.seats) == record.num_players else [""] * record.num_players
    last = len(states) - 1
    viewer = tr("a spectator") if seat is None else seat_label(seat, tr)
    keys = help_line(tr)
    # Text, not markup: a translation is printed as it is written.
    opening = Text(
        tr("Replay of {game}: {steps} steps, seen as {viewer}.").format(
            game=game.spec.title, steps=last, viewer=viewer
        ),
        style="bold",
    )
    console.print(opening + Text(" " + keys))
    if not 0 <= start <= last:
        raise RecordError(
            tr("no step {step} in this record: steps are 0..{last}").format(step=start, last=last)
        )
    step = start
    shown = -1

    def play_on(delay: float) -> int:
        """Show each step after ``step`` in turn, ``delay`` seconds apart; the step reached."""
        at = step
        try:
            while at < last:
                sleep(delay)
                at += 1
                show(console, view, states, at, seat, names, told, tr)
        except KeyboardInterrupt:
            console.print()
            console.print(Text(tr("Paused.")))
        return at

    if autoplay is not None:
        show(console, view, states, step, seat, names, told, tr)
        step = shown = play_on(autoplay)
    while True:
        if step != shown:
            show(console, view, states, step, seat, names, told, tr)
            shown = step
        prompt = tr("step {step}/{steps}").format(step=step, steps=last) + " > "
        console.print(prompt, end="", markup=False, highlight=False)
        try:
            text = input_fn().strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return 0
        if text in ("q", "quit"):
            return 0
        if text == "":
            if step == last:
                console.print(Text(tr("End of the record.")))
                return 0
            step += 1
        elif text == "b":
            if step == 0:
                console.print(Text("✗ " + tr("already at the start"), style="bold red"))
            else:
                step -= 1
        elif text.isdigit() and 0 <= int(text) <= last:
            step = int(text)
        elif text == "p" or text.startswith("p "):
            try:
                delay = delay_of(text[1:].strip(), tr) if text != "p" else DELAY
            except RecordError as e:
                console.print(Text("✗ " + str(e), style="bold red"))
                continue
            if step == last:
                console.print(Text(tr("End of the record.")))
                continue
            step = shown = play_on(delay)
        else:
            wrong = tr("{command}: {help} (steps 0–{last})").format(
                command=repr(text), help=keys, last=last
            )
            console.print(Text("✗ " + wrong, style="bold red"))


def show(
    console: Console,
    view: SceneView,
    states: list[State],
    step: int,
    seat: int | None,
    names: list[str],
    told: State,
    tr: Translate,
) -> None:
    state = states[step]
    obs = state.observation(seat)
    console.rule(Text(tr("step {step} of {steps}").format(step=step, steps=len(states) - 1)))
    events: list[Event] = []
    if step > 0:
        before = states[step - 1]
        actor = before.current_player()
        # What the chosen seat was told (its own secrets included), or the public account.
        events = told.step_events(seat, step - 1)
        # Seats named as the screens name them ("Seat 2 (random)").
        labels = [seat_words(s, names, tr) for s in range(len(names))]
        lines = told.game.step_lines(events, state.history[-1], actor, labels, tr)
        line = " ".join(lines) if lines else None
        # Chance steps that reveal nothing public (a card dealt face down) stay unnamed.
        what = line if line is not None else tr("chance")
        console.print(Text(tr("last: {what}").format(what=what), style="italic"))
    console.print(view.board(obs, names, events))
    for summary in view.round_summaries(obs, names):
        console.print(summary)
    if state.is_terminal():
        console.print(view.final(obs, names))
