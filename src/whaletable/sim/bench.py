"""Engine speed on one core: random playouts, per-call costs and search iterations.

One measurement loop, :func:`playouts`, serves every game: whaletable's own and,
in ``benchmarks/compare_openspiel.py``, OpenSpiel's, so their numbers compare.
A playout samples chance by its outcome probabilities, picks a uniformly random
legal action otherwise, and counts every applied action (chance included) as a
step. The per-call costs (``clone``, ``determinize``, ``legal_actions``) and the
search speed are timed on decision points sampled from seeded random games.
"""

from __future__ import annotations

import dataclasses
import os
import platform
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from whaletable.agents import make_agent
from whaletable.agents.mcts import MctsAgent
from whaletable.core.agent import SeatView
from whaletable.core.game import Game
from whaletable.core.state import State

SAMPLE_GAMES = 10
"""Seeded random games whose decision points the per-call timings use."""

SAMPLE_EVERY = 3
"""Keep every third decision point of those games."""

MICRO_SHARE = 0.25
"""Each per-call timing runs for this share of ``seconds`` (at least one pass)."""


class PlayoutState(Protocol):
    """What the playout loop needs of a state: whaletable's and pyspiel's both fit."""

    def is_terminal(self) -> bool: ...

    def is_chance_node(self) -> bool: ...

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]: ...

    def legal_actions(self) -> Sequence[Any]: ...


S = TypeVar("S", bound=PlayoutState)


@dataclass(frozen=True)
class PlayoutSpeed:
    """What :func:`playouts` measured."""

    games: int
    steps: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds

    @property
    def actions_per_game(self) -> float:
        return self.steps / self.games


@dataclass(frozen=True)
class GameBench:
    """One game's row of the benchmark; every field is JSON-ready."""

    game: str
    players: int
    games: int
    steps: int
    playout_seconds: float
    games_per_s: float
    steps_per_s: float
    actions_per_game: float
    samples: int
    clone_us: float
    determinize_us: float
    legal_actions_us: float
    mcts_iterations: int
    mcts_seconds: float
    mcts_iterations_per_s: float


@dataclass(frozen=True)
class Machine:
    python: str
    implementation: str
    platform: str
    cpu: str
    cpu_count: int


@dataclass(frozen=True)
class BenchReport:
    machine: Machine
    seconds: float
    seed: int
    games: list[GameBench]

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(GameBench))
"""The fields of every game's row, in order."""


def pick(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """Draw one outcome with its probability (walking the cumulative odds)."""
    left = rng.random()
    for action, p in outcomes:
        left -= p
        if left < 0:
            return action
    return outcomes[-1][0]


def playouts(
    new_state: Callable[[], S],
    apply: Callable[[S, Any], object],
    rng: random.Random,
    *,
    seconds: float | None = None,
    games: int | None = None,
    on_end: Callable[[S], object] | None = None,
) -> PlayoutSpeed:
    """Play random games until ``seconds`` have passed or ``games`` are done.

    At least one game is played. ``apply(state, action)`` applies an action (for
    whaletable ``State.apply``, for pyspiel ``State.apply_action``); ``on_end``, if
    given, is called with every finished state (inside the timed loop: leave it out
    when measuring).
    """
    if seconds is None and games is None:
        raise ValueError("playouts needs seconds, games or both")
    finished = steps = 0
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    choice = rng.choice
    while True:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                apply(state, pick(state.chance_outcomes(), rng))
            else:
                apply(state, choice(state.legal_actions()))
            steps += 1
        finished += 1
        if on_end is not None:
            on_end(state)
        if games is not None and finished >= games:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return PlayoutSpeed(finished, steps, time.perf_counter() - start)


def decision_points(
    game: Game[Any], players: int, seed: int, *, num_games: int = SAMPLE_GAMES
) -> list[State]:
    """Copies of every :data:`SAMPLE_EVERY`-th decision point of seeded random games."""
    out: list[State] = []
    for i in range(num_games):
        rng = random.Random(seed * 1_000_003 + i)
        state = game.new_state(players)
        seen = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(pick(state.chance_outcomes(), rng))
                continue
            if seen % SAMPLE_EVERY == 0:
                out.append(state.clone())
            seen += 1
            state.apply(rng.choice(state.legal_actions()))
    return out


def per_call_us(samples: Sequence[State], call: Callable[[State], object], seconds: float) -> float:
    """Mean microseconds of ``call`` over whole passes through ``samples``."""
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for state in samples:
            call(state)
        calls += len(samples)
        if time.perf_counter() >= deadline:
            break
    return (time.perf_counter() - start) / calls * 1e6


def mcts_speed(
    game: Game[Any], samples: Sequence[State], seconds: float, seed: int
) -> tuple[int, float]:
    """Iterations run and seconds spent by the default ``mcts`` bot on the samples.

    Moves with one legal action are skipped (the bot does not search them); at
    least one search is run.
    """
    agent = make_agent("mcts", game, seed)
    if not isinstance(agent, MctsAgent):
        raise TypeError(f"the 'mcts' bot of {game.spec.id} is not the generic search")
    choices = [s for s in samples if len(s.legal_actions()) > 1]
    if not choices:
        raise ValueError(f"{game.spec.id}: no sampled position offers a choice to search")
    iterations = 0
    spent = 0.0
    i = 0
    while True:
        state = choices[i % len(choices)]
        i += 1
        view = SeatView(state, state.current_player())
        start = time.perf_counter()
        agent.act(view)
        spent += time.perf_counter() - start
        iterations += agent.last_iterations
        if spent >= seconds:
            break
    return iterations, spent


def default_players(game: Game[Any]) -> int:
    """Three players, or the nearest count the game allows."""
    return min(max(3, game.spec.min_players), game.spec.max_players)


def bench_game(
    game: Game[Any], *, seconds: float, seed: int = 0, players: int | None = None
) -> GameBench:
    """Measure one game: ``seconds`` of playouts and of search, a share of it per call."""
    n = default_players(game) if players is None else players
    speed = playouts(lambda: game.new_state(n), State.apply, random.Random(seed), seconds=seconds)
    samples = decision_points(game, n, seed)
    micro = seconds * MICRO_SHARE
    det_rng = random.Random(seed + 1)
    clone_us = per_call_us(samples, lambda s: s.clone(), micro)
    determinize_us = per_call_us(
        samples, lambda s: s.determinize(s.current_player(), det_rng), micro
    )
    legal_us = per_call_us(samples, lambda s: s.legal_actions(), micro)
    iterations, spent = mcts_speed(game, samples, seconds, seed)
    return GameBench(
        game=game.spec.id,
        players=n,
        games=speed.games,
        steps=speed.steps,
        playout_seconds=speed.seconds,
        games_per_s=speed.games_per_s,
        steps_per_s=speed.steps_per_s,
        actions_per_game=speed.actions_per_game,
        samples=len(samples),
        clone_us=clone_us,
        determinize_us=determinize_us,
        legal_actions_us=legal_us,
        mcts_iterations=iterations,
        mcts_seconds=spent,
        mcts_iterations_per_s=iterations / spent,
    )


def cpu_name() -> str:
    """The processor's model name where the system says it, else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine() -> Machine:
    return Machine(
        python=platform.python_version(),
        implementation=platform.python_implementation(),
        platform=platform.platform(),
        cpu=cpu_name(),
        cpu_count=os.cpu_count() or 1,
    )


def run(
    games: Sequence[Game[Any]],
    *,
    seconds: float,
    seed: int = 0,
    players: int | None = None,
    on_game: Callable[[Game[Any]], object] | None = None,
) -> BenchReport:
    """Benchmark each game in turn, in this process."""
    if seconds <= 0:
        raise ValueError(f"seconds must be positive, not {seconds}")
    rows = []
    for game in games:
        if on_game is not None:
            on_game(game)
        rows.append(bench_game(game, seconds=seconds, seed=seed, players=players))
    return BenchReport(machine=machine(), seconds=seconds, seed=seed, games=rows)
