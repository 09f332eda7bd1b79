"""``whaletable play``: humans and bots at one terminal.

Every screen is drawn from ``state.observation(seat)`` of the seat whose turn it
is; bots' moves reach the screen only as log lines built from the spectator's
view. With two or more humans a hand-over screen clears the terminal between
their turns, so nobody sees another player's peeks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from whaletable.cli.render import (
    BadCommand,
    SceneView,
    seat_colour,
    seat_label,
    seat_words,
    view_for,
)
from whaletable.cli.render.advice import advice_table, advice_word_of
from whaletable.core.action import Action
from whaletable.core.advice import advise
from whaletable.core.agent import SeatView
from whaletable.core.errors import IllegalAction
from whaletable.core.event import Event
from whaletable.core.game import Game
from whaletable.core.observation import Observation
from whaletable.core.record import Record
from whaletable.core.state import State
from whaletable.core.words import Translate, english
from whaletable.i18n import DEFAULT
from whaletable.rulebook import clause_of
from whaletable.sim import make_seats

InputFn = Callable[[], str]
"""Reads one line of a player's input; raises EOFError when input has ended."""


class Quit(Exception):
    """A player typed ``q``: stop the game (what was played is still saved)."""


class PlaySession:
    def __init__(
        self,
        game: Game[Any],
        specs: list[str],
        *,
        options: dict[str, Any] | None,
        seed: int,
        console: Console,
        input_fn: InputFn,
        record_path: Path | None = None,
        tr: Translate = english,
        lang: str = DEFAULT,
        advice: bool = True,
    ) -> None:
        self.game = game
        self.advice = advice  # whether a human may ask for advice ("a") at this table
        # The reader's language: of the game's words (the log, the result) and of this
        # command's own sentences around them (prompts, complaints, the record saved).
        self.tr = tr
        self.lang = lang  # of the rules a refused move points to
        self.specs = specs
        # The log, the prompts and the hand-over name each seat as the screens do,
        # "Seat 2 (random)" in the reader's language, so that two
        # seats played by the same kind of player are never mistaken for each other.
        self.seat_names = [seat_words(s, specs, tr) for s in range(len(specs))]
        self.seed = seed
        self.console = console
        self.input_fn = input_fn
        self.record_path = record_path
        self.state: State = game.new_state(len(specs), options, events=True)
        self.agents = make_seats(game, specs, seed)
        self.view: SceneView = view_for(game, tr)
        self.humans = [s for s, a in enumerate(self.agents) if a is None]
        self.chance_rng = random.Random(seed)
        self.pending: list[str] = []
        # The log tells a lone human what it alone saw; with several at one screen, or
        # none, it tells only what everyone may know.
        self.log_seat = self.humans[0] if len(self.humans) == 1 else None
        self.rounds_shown = 0
        self.last_human: int | None = None
        self.menu: list[str] = []  # the choices of the decision under way, in words

    # ----------------------------------------------------------------- driving

    def run(self) -> int:
        """Play to the end; the exit code is 0, or 130 on Ctrl-C, or 1 if input ended."""
        tr = self.tr
        # Text, not markup: a translation is printed as it is written.
        header = Text(self.game.spec.title, style="bold")
        header.append(" · " + tr("seed {seed}").format(seed=self.seed) + " · ")
        header.append(", ".join(f"{seat_label(s, tr)}: {n}" for s, n in enumerate(self.specs)))
        self.console.print(header)
        try:
            while not self.state.is_terminal():
                self.step()
        except KeyboardInterrupt:
            self.flush_log()
            self.console.print()
            self.console.print(Text(tr("Interrupted."), style="bold"))
            self.save()
            return 130
        except Quit:
            self.console.print(Text(tr("Game stopped."), style="bold"))
            self.save()
            return 0
        except EOFError:
            self.console.print()
            self.console.print(Text(tr("Input ended before the game did."), style="bold"))
            self.save()
            return 1
        final = self.state.observation(None)
        self.show_new_rounds(final)
        self.flush_log()
        self.console.print(self.view.board(final, self.specs, self.last_events(None)))
        self.console.print(self.view.final(final, self.specs))
        self.save()
        return 0

    def step(self) -> None:
        state = self.state
        seat = state.current_player()
        if state.is_chance_node():
            action = state.sample_chance(self.chance_rng)
        else:
            agent = self.agents[seat]
            if agent is None:
                action = self.human_turn(seat)
            else:
                action = agent.act(SeatView(state, seat))
                if action not in state.legal_actions():
                    raise IllegalAction(f"bot {agent.name} in {seat_label(seat)} chose {action}")
        step = len(state.history)
        state.apply(action)
        events = state.step_events(self.log_seat, step)
        self.pending.extend(self.game.step_lines(events, action, seat, self.seat_names, self.tr))
        self.show_new_rounds(state.observation(None))

    def last_events(self, seat: int | None) -> list[Event]:
        """The last step's events as ``seat`` may know them: what its board lights up."""
        step = len(self.state.history) - 1
        return self.state.step_events(seat, step) if step >= 0 else []

    def flush_log(self) -> None:
        for line in self.pending:
            self.console.print(Text("· " + line))
        self.pending.clear()

    def show_new_rounds(self, public: Observation) -> None:
        """Print the rounds scored since the last call (after the log lines that led there)."""
        summaries = self.view.round_summaries(public, self.specs)
        if len(summaries) <= self.rounds_shown:
            return
        self.flush_log()
        for summary in summaries[self.rounds_shown :]:
            self.console.print(summary)
        self.rounds_shown = len(summaries)

    def save(self) -> None:
        if self.record_path is None:
            return
        record = Record.of(self.state, seats=self.specs, seed=self.seed)
        record.save(self.record_path)
        # The command to type stays as typed: it is syntax, not a sentence.
        saved = self.tr("Saved {count} actions to {path} (replay with: {command})").format(
            count=len(record.actions),
            path=self.record_path,
            command=f"whaletable replay {self.record_path}",
        )
        self.console.print(Text(saved))

    # ------------------------------------------------------------- a human turn

    def hand_over(self, seat: int) -> None:
        """Clear the screen and wait until the next human has the device."""
        self.console.clear()
        ask = self.tr("Pass the device to {name} — press Enter").format(name=self.seat_names[seat])
        self.console.print(
            Panel(
                Text(ask, style="bold"),
                border_style=seat_colour(seat),
            )
        )
        self.read("")
        self.console.clear()

    def read(self, prompt: str) -> str:
        if prompt:
            self.console.print(prompt, end="", markup=False, highlight=False)
        return self.input_fn().strip()

    def human_turn(self, seat: int) -> Action:
        if len(self.humans) >= 2 and self.last_human != seat:
            self.hand_over(seat)
        self.last_human = seat
        self.flush_log()
        obs = self.state.observation(seat)
        self.console.print(self.view.board(obs, self.specs, self.last_events(seat)))
        legal = self.state.legal_actions()
        # One scene words every choice, in the order of the actions it numbers.
        self.menu = self.view.choices(obs, legal)
        width = len(str(len(legal)))
        items = [Text(f"{i:>{width}}. {words}") for i, words in enumerate(self.menu, 1)]
        # Long menus (a boat to move to any area) go in columns so the board stays in view.
        self.console.print(Columns(items, column_first=True, padding=(0, 3)))
        self.console.print(Text(self.view.short_forms(), style="dim"))
        prompt = self.tr("{seat}, your move:").format(seat=self.seat_names[seat]) + " "
        while True:
            text = self.read(prompt)
            chosen = self.interpret(text, legal, obs)
            if chosen is not None:
                return chosen

    def interpret(self, text: str, legal: list[Action], obs: Observation) -> Action | None:
        """The action ``text`` chooses, or None after telling the player what was wrong.
        The commands typed (``q``, ``help``, ``a``, a number) are the same in every language."""
        tr = self.tr
        if text.lower() in ("q", "quit"):
            raise Quit
        if text.lower() in ("h", "help", "?"):
            self.console.print(self.view.short_forms())
            if self.advice:
                self.console.print(tr("a (advice: what your seat can tell from what it sees)"))
            return None
        if text.lower() in ("a", "advice"):
            self.show_advice(legal, obs)
            return None
        if not text:
            self.complain(
                tr("choose one of the actions 1–{count} (or type 'help')").format(count=len(legal))
            )
            return None
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            self.complain(
                tr("there is no action {number}: choose from 1 to {count}").format(
                    number=k, count=len(legal)
                )
            )
            return None
        try:
            action = self.view.parse(text, obs)
        except BadCommand as e:
            self.complain(str(e))
            return None
        if action is None:
            self.complain(
                tr("{command} is not a command; {short_forms}").format(
                    command=repr(text), short_forms=self.view.short_forms()
                )
            )
            return None
        if action not in legal:
            self.complain(self.refusal(self.view.choices(obs, [action])[0], action))
            return None
        return action

    def show_advice(self, legal: list[Action], obs: Observation) -> None:
        """The advisor's figures for the seat to move, from its observation only."""
        if not self.advice:
            self.complain(self.tr("advice is turned off at this table"))
            return
        seat = self.state.current_player()
        found = advise(
            self.game,
            self.state.options,
            seat,
            obs,
            legal,
            seed=self.seed + len(self.state.history),
        )
        if found is None:
            self.complain(self.tr("{game} has no advisor").format(game=self.game.spec.title))
            return
        word = advice_word_of(self.game)
        self.console.print(advice_table(found, word, self.tr))
        if found.suggestion is not None:
            said = self.menu[legal.index(found.suggestion)]
            self.console.print(Text(f"→ {said}", style="bold"))

    def refusal(self, words: str, action: Action) -> str:
        """Why a typed move is refused, in the reader's language: the section of the rules
        that governs its kind (the game names it), to read with ``whaletable rules``."""
        section = clause_of(self.game, action.kind, self.lang)
        if section is None:
            return self.tr("you cannot {action} now").format(action=words)
        return self.tr(
            "you cannot {action} now: see “{section}” in the rules "
            "(whaletable rules {game} --section {id})"
        ).format(action=words, section=section.title, game=self.game.spec.id, id=section.id)

    def complain(self, message: str) -> None:
        self.console.print(Text(f"✗ {message}", style="bold red"))


def play(
    game: Game[Any],
    specs: list[str],
    *,
    options: dict[str, Any] | None,
    seed: int | None,
    console: Console,
    input_fn: InputFn,
    record_path: Path | None = None,
    tr: Translate = english,
    lang: str = DEFAULT,
    advice: bool = True,
) -> int:
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    session = PlaySession(
        game,
        specs,
        options=options,
        seed=seed,
        console=console,
        input_fn=input_fn,
        record_path=record_path,
        tr=tr,
        lang=lang,
        advice=advice,
    )
    return session.run()
