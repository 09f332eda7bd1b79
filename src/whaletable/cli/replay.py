"""``whaletable replay``: step through a saved record as one seat (or a spectator) saw it."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from whaletable.cli.play import InputFn
from whaletable.cli.render import GameView, seat_label, view_for
from whaletable.core.errors import RecordError
from whaletable.core.event import Event
from whaletable.core.record import Record
from whaletable.core.state import State
from whaletable.core.words import english

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
) -> int:
    record, states = load_states(path)
    if seat is not None and not 0 <= seat < record.num_players:
        raise RecordError(f"no seat {seat + 1} in this record: seats are 1..{record.num_players}")
    game = states[0].game
    view = view_for(game)
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
    told = told_steps(record, states, names) if game.event_types else None
    step = 0
    shown = -1
    while True:
        if step != shown:
            show(console, view, states, step, seat, names, told)
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


def told_steps(record: Record, states: list[State], names: list[str]) -> list[str | None]:
    """What the log says of each step (index: the step's number from 1), from the events a
    spectator is told; None for a step that tells nothing."""
    final = record.replay(events=True)
    by_step: dict[int, list[Event]] = {}
    for step, event in final.events(None):
        by_step.setdefault(step, []).append(event)
    out: list[str | None] = [None]
    for step, action in enumerate(final.history):
        actor = states[step].current_player()
        lines = final.game.step_lines(by_step.get(step, []), action, actor, names, english)
        out.append(" ".join(lines) if lines else None)
    return out


def show(
    console: Console,
    view: GameView,
    states: list[State],
    step: int,
    seat: int | None,
    names: list[str],
    told: list[str | None] | None = None,
) -> None:
    state = states[step]
    obs = state.observation(seat)
    console.rule(f"step {step} of {len(states) - 1}")
    if step > 0:
        before = states[step - 1]
        actor = before.current_player()
        if told is not None:
            line = told[step]
        else:
            line = view.describe(
                state.history[-1],
                actor if actor >= 0 else None,
                before.observation(None),
                state.observation(None),
                names,
            )
        # Chance steps that reveal nothing public (a card dealt face down) stay unnamed.
        console.print(Text("last: " + (line if line is not None else "chance"), style="italic"))
    console.print(view.board(obs, names))
    for summary in view.round_summaries(obs, names):
        console.print(summary)
    if state.is_terminal():
        console.print(view.final(obs, names))
