"""``whaletable replay``: step through a saved record as one seat (or a spectator) saw it."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from whaletable.cli.play import InputFn
from whaletable.cli.render import GameView, seat_label, view_for
from whaletable.core.errors import RecordError
from whaletable.core.record import Record
from whaletable.core.state import State
from whaletable.core.words import Translate, english

HELP = "Enter = next step, b = back, a number = jump to that step, q = quit"


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
) -> int:
    record, states = load_states(path)
    # What happened is told by the events of the whole record, replayed once.
    told = record.replay(events=True)
    if seat is not None and not 0 <= seat < record.num_players:
        raise RecordError(f"no seat {seat + 1} in this record: seats are 1..{record.num_players}")
    game = states[0].game
    view = view_for(game, tr)
    names = (
        record.seats
        if len(record.seats) == record.num_players
        else [f"seat {i + 1}" for i in range(record.num_players)]
    )
    last = len(states) - 1
    viewer = "a spectator" if seat is None else seat_label(seat)
    console.print(
        f"[bold]Replay[/bold] of {game.spec.title}: {last} steps, seen as {viewer}. {HELP}"
    )
    step = 0
    shown = -1
    while True:
        if step != shown:
            show(console, view, states, step, seat, names, told, tr)
            shown = step
        console.print(f"step {step}/{last} > ", end="", markup=False, highlight=False)
        try:
            text = input_fn().strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return 0
        if text in ("q", "quit"):
            return 0
        if text == "":
            if step == last:
                console.print("End of the record.")
                return 0
            step += 1
        elif text == "b":
            if step == 0:
                console.print(Text("✗ already at the start", style="bold red"))
            else:
                step -= 1
        elif text.isdigit() and 0 <= int(text) <= last:
            step = int(text)
        else:
            console.print(Text(f"✗ {text!r}: {HELP} (steps 0–{last})", style="bold red"))


def show(
    console: Console,
    view: GameView,
    states: list[State],
    step: int,
    seat: int | None,
    names: list[str],
    told: State,
    tr: Translate,
) -> None:
    state = states[step]
    obs = state.observation(seat)
    console.rule(f"step {step} of {len(states) - 1}")
    if step > 0:
        before = states[step - 1]
        actor = before.current_player()
        # What the chosen seat was told (its own secrets included), or the public account.
        events = told.step_events(seat, step - 1)
        # Seats named as the screens name them ("Seat 2 (random)").
        labels = [f"{seat_label(s)} ({name})" for s, name in enumerate(names)]
        lines = told.game.step_lines(events, state.history[-1], actor, labels, tr)
        line = " ".join(lines) if lines else None
        # Chance steps that reveal nothing public (a card dealt face down) stay unnamed.
        console.print(Text("last: " + (line if line is not None else "chance"), style="italic"))
    console.print(view.board(obs, names))
    for summary in view.round_summaries(obs, names):
        console.print(summary)
    if state.is_terminal():
        console.print(view.final(obs, names))
