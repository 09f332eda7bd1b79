"""One runner for every batch of seeded bot games: ``simulate``'s and ``tournament``'s.

A batch is a :class:`Plan`: its game, its options, its number of games and a pure
function from a game's index to that game's seats and seed. Game ``i`` therefore
depends only on the plan (the batch seed among it) and ``i``, so a batch gives the
same results on one process or many, and in whatever order its games finish.

Work goes to the processes in chunks of consecutive games rather than one game per
task: each worker is sent the plan once per batch, then a chunk is one small message
each way (its bounds out; the numbers — scores, returns, length — back, the seats
being read from the plan again on this side), and the worker looks the game up and
parses the options once. A worker is sent a new chunk for each one it returns, keeping
one in hand, by this process's only thread: no pool threads wake while workers play. Chunks
shrink towards the end of a batch (guided scheduling), so every worker gets several
and none is left with a long tail while the others idle, and none takes much longer than a
second at the pace the games have shown (:class:`Paced`). Results are handed to
``on_results`` chunk by chunk, as the chunks finish, so a progress bar moves.

Workers are forked where the platform can (Linux, macOS): a forked worker starts in
milliseconds with every game and bot already imported and registered, where a spawned
one spends most of a second importing them, longer than a whole batch of
millisecond games. Forking is only safe before this process starts other threads (a
thread holding a lock at the fork leaves it held forever in the child), so a
:class:`Runner` starts its workers when it is entered: enter it before starting a
progress bar, whose refresh runs in a thread.

:class:`~whaletable.sim.backends.RayRunner` plays the same chunks of the same plan as Ray
tasks (:func:`play_part`), so both give the same results; :class:`PlanRunner` is what the
two have in common.
"""

from __future__ import annotations

import contextlib
import gc
import math
import multiprocessing
import pickle
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, cast

import whaletable.games  # noqa: F401 - registers every game, also in spawned workers
from whaletable.agents import make_agent
from whaletable.core import registry
from whaletable.core.action import Action
from whaletable.core.agent import Agent, SeatView
from whaletable.core.game import Game
from whaletable.core.match import play_match
from whaletable.core.record import Record
from whaletable.core.state import State

HUMAN = "human"

MAX_CHUNK = 32
"""Games per chunk at most."""

CHUNK_SECONDS = 1.0
"""About how long a chunk may take once the games' pace is known: long enough that its
two messages cost nothing beside its games, short enough that a progress bar moves
every second or so even when a game of searching bots takes minutes."""

CHUNKS_PER_WORKER = 2
"""A chunk is at most the remaining games over this many times the workers."""

AHEAD = 2
"""Chunks a worker has been sent and not yet answered, at most."""


@dataclass(frozen=True)
class GameTask:
    index: int
    game: str
    seats: tuple[str, ...]
    options: dict[str, Any] | None
    seed: int


@dataclass(frozen=True)
class GameResult:
    index: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    decisions: int
    steps: int
    places: tuple[int, ...]
    """Each seat's place in the rules' final standings (1 first, shared on a full tie)."""


class Plan(Protocol):
    """What a batch plays: ``task(i)`` must depend on nothing but the plan and ``i``."""

    @property
    def game(self) -> str: ...

    @property
    def options(self) -> dict[str, Any] | None: ...

    @property
    def games(self) -> int: ...

    def task(self, index: int) -> GameTask: ...


class PlanRunner(Protocol):
    """What plays plans: this module's :class:`Runner` (processes of this machine) or
    :class:`whaletable.sim.backends.RayRunner` (a Ray cluster), the same games either way."""

    @property
    def jobs(self) -> int: ...

    def run(
        self,
        plan: Plan,
        *,
        on_results: Callable[[list[GameResult]], None] | None = None,
        export: Path | None = None,
    ) -> list[GameResult]: ...


@dataclass(frozen=True)
class TaskList:
    """A plan given as its tasks, one per game, in index order."""

    tasks: tuple[GameTask, ...]

    @property
    def game(self) -> str:
        return self.tasks[0].game if self.tasks else ""

    @property
    def options(self) -> dict[str, Any] | None:
        return self.tasks[0].options if self.tasks else None

    @property
    def games(self) -> int:
        return len(self.tasks)

    def task(self, index: int) -> GameTask:
        return self.tasks[index]


# ------------------------------------------------------------------ seeds and seats


def game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_033 + index) % (1 << 62)


def agent_seed(seed: int, seat: int) -> int:
    """Each bot's own seed, so bots in different seats never share a random stream."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) % (1 << 62)


def make_seats(game: Game[Any], specs: Sequence[str], seed: int) -> list[Agent | None]:
    """A bot per bot spec, None per human; an unknown bot raises UnknownAgent."""
    return [
        None if spec == HUMAN else make_agent(spec, game, seed=agent_seed(seed, seat))
        for seat, spec in enumerate(specs)
    ]


class CountingAgent:
    """Passes decisions through to a bot, counting them (chance steps are not decisions)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.decisions = 0

    def act(self, view: SeatView) -> Action:
        self.decisions += 1
        return self.agent.act(view)


# ------------------------------------------------------------------ playing


Outcome = tuple[tuple[float, ...], tuple[float, ...], int, int, tuple[int, ...]]
"""What a worker sends back per game: scores, returns, decisions, steps, places."""


def play_task(game: Game[Any], task: GameTask, options: Any) -> Outcome:
    """Play one task with its bots seeded from the task's seed (bots are built per game:
    a game's bots must not carry anything over from the game before)."""
    return _play(game, task, options)[0]


def _play(game: Game[Any], task: GameTask, options: Any) -> tuple[Outcome, State]:
    agents: list[CountingAgent] = []
    for seat, agent in enumerate(make_seats(game, task.seats, task.seed)):
        if agent is None:
            raise ValueError(f"seat {seat + 1}: a batch of games has no human seats")
        agents.append(CountingAgent(agent))
    result = play_match(game, agents, seed=task.seed, options=options)
    outcome = (
        tuple(result.scores),
        tuple(result.returns),
        sum(a.decisions for a in agents),
        len(result.state.history),
        tuple(result.places),
    )
    return outcome, result.state


def play_chunk(
    game: Game[Any], plan: Plan, options: Any, games: range, export: Path | None
) -> list[Outcome]:
    """Play games ``games`` of ``plan``; with ``export``, also write them to that folder
    as one Parquet shard (named after the chunk's first game, so shards never collide)."""
    if export is None:
        return [play_task(game, plan.task(i), options) for i in games]
    from whaletable.rl.dataset import write_records  # the `rl` extra: only when exporting

    outcomes, records, seeds = [], [], []
    for i in games:
        task = plan.task(i)
        outcome, state = _play(game, task, options)
        outcomes.append(outcome)
        records.append(Record.of(state, seats=list(task.seats)))
        seeds.append(task.seed)
    write_records(records, export / f"{plan.game}-{games.start:07d}.parquet", seeds=seeds)
    return outcomes


Answer = tuple[str, int, Any]
"""What playing a chunk sends back: ``("done", start, outcomes)`` or ``("error", start, error)``."""


def play_part(plan: Plan, start: int, stop: int, export: Path | None) -> Answer:
    """Play games ``start``..``stop - 1`` of ``plan`` where the chunk was sent (a Ray task's
    body); an error comes back as the answer, as from a process of :class:`Runner`."""
    try:
        game = registry.get(plan.game)
        options = game.make_options(plan.options)
        return ("done", start, play_chunk(game, plan, options, range(start, stop), export))
    except Exception as e:
        return ("error", start, portable(e))


def results_of(plan: Plan, start: int, outcomes: Sequence[Outcome]) -> list[GameResult]:
    """A chunk's outcomes as results, the seats read from the plan again on this side."""
    return [
        GameResult(i, plan.task(i).seats, *outcome) for i, outcome in enumerate(outcomes, start)
    ]


def gather(
    parts: Iterator[list[GameResult]],
    on_results: Callable[[list[GameResult]], None] | None = None,
) -> list[GameResult]:
    """Every chunk's results in index order, whatever order the chunks finished in;
    ``on_results`` gets each chunk as it comes."""
    results: list[GameResult] = []
    for chunk in parts:
        results.extend(chunk)
        if on_results is not None:
            on_results(chunk)
    results.sort(key=lambda r: r.index)
    return results


def run_one(task: GameTask) -> GameResult:
    """Play one task on this process."""
    game = registry.get(task.game)
    return GameResult(task.index, task.seats, *play_task(game, task, task.options))


def guided_size(left: int, jobs: int) -> int:
    """The size of the next chunk when ``left`` games remain: chunks shrink towards the
    end of a batch (guided scheduling), so no worker is left with a long tail while the
    others idle."""
    return min(MAX_CHUNK, max(1, math.ceil(left / (CHUNKS_PER_WORKER * jobs))))


def chunks(games: int, jobs: int) -> list[range]:
    """Consecutive ranges covering ``games``, each of :func:`guided_size`.

    >>> [len(c) for c in chunks(10, 2)]
    [3, 2, 2, 1, 1, 1]
    >>> sum(len(c) for c in chunks(400, 2)), max(len(c) for c in chunks(400, 2))
    (400, 32)
    """
    out: list[range] = []
    start = 0
    while start < games:
        out.append(range(start, start := start + guided_size(games - start, jobs)))
    return out


class Paced:
    """The chunks of a batch handed out one at a time, sized as they go: guided, and no
    longer than :data:`CHUNK_SECONDS` at the pace the finished games have shown. Until a
    game has finished the pace is unknown and a chunk is one game.

    >>> now = [0.0]
    >>> work = Paced(100, jobs=2, clock=lambda: now[0])
    >>> [len(work.next()), len(work.next())]  # nothing finished yet
    [1, 1]
    >>> now[0] = 4.0; work.finished(2)  # two workers, two games in 4 s: 4 s a game
    >>> len(work.next())
    1
    >>> now[0] = 9.0; work.finished(88)  # 90 games in 9 s on two workers: 0.2 s a game
    >>> len(work.next()), len(work.next())
    (5, 5)
    """

    def __init__(self, games: int, jobs: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.games, self.jobs, self.clock = games, jobs, clock
        self.start = self.done = 0
        self.began = clock()

    def next(self) -> range | None:
        """The next chunk, or None when every game has been handed out."""
        left = self.games - self.start
        if left <= 0:
            return None
        size = guided_size(left, self.jobs)
        if not self.done:
            size = 1
        else:
            # Every worker has been busy since the start, so this is the time one game takes.
            pace = (self.clock() - self.began) * self.jobs / self.done
            size = min(size, max(1, int(CHUNK_SECONDS / pace))) if pace > 0 else size
        part = range(self.start, self.start + size)
        self.start = part.stop
        return part

    def finished(self, games: int) -> None:
        """``games`` more games have been played."""
        self.done += games


def start_method() -> str:
    """``fork`` where the platform has it (see the module notes), else ``spawn``."""
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def portable(error: BaseException) -> BaseException:
    """``error`` if it survives pickling (to cross from a worker), else a RuntimeError saying it."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def serve(conn: Connection) -> None:
    """A worker: receives a plan, then chunks of it to play, until told to stop (None).

    Each chunk's game is looked up and its options parsed once, the outcomes sent back
    in one message; an error is sent back in place of the outcomes.
    """
    # Ctrl-C is this process's parent's to handle: it stops the workers itself, and a
    # worker's own KeyboardInterrupt would only print a traceback per worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    plan: Plan | None = None
    export: Path | None = None
    game: Game[Any] | None = None
    options: Any = None
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        if message[0] == "plan":
            plan, export, game = message[1], message[2], None
            continue
        _, start, stop = message
        try:
            if plan is None:
                raise RuntimeError("a chunk came before its plan")
            if game is None:
                game = registry.get(plan.game)
                options = game.make_options(plan.options)
            outcomes = play_chunk(game, plan, options, range(start, stop), export)
            conn.send(("done", start, outcomes))
        except Exception as e:
            conn.send(("error", start, portable(e)))


class Runner:
    """Plays plans on ``jobs`` processes; ``jobs=1`` plays them on this one.

    Enter it (``with Runner(jobs) as runner``) before any other thread starts, such as
    a progress bar's: entering forks the workers. Each worker has a pipe of its own and
    is sent a new chunk for each one it returns; no thread of this process is needed
    to feed them.
    """

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self._workers: list[tuple[BaseProcess, Connection]] = []

    def __enter__(self) -> Runner:
        if self.jobs > 1:
            ctx = (
                multiprocessing.get_context("fork")
                if start_method() == "fork"
                else multiprocessing.get_context("spawn")
            )
            # Frozen objects are never scanned by a collection, so the workers' collector
            # leaves the pages they share with this process unwritten (and uncopied).
            gc.freeze()
            try:
                for _ in range(self.jobs):
                    ours, theirs = ctx.Pipe()
                    process = ctx.Process(target=serve, args=(theirs,), daemon=True)
                    process.start()
                    theirs.close()
                    self._workers.append((process, ours))
            except BaseException:
                self._stop(kill=True)
                raise
            finally:
                gc.unfreeze()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop(kill=kind is not None)

    def _stop(self, *, kill: bool) -> None:
        for process, conn in self._workers:
            if kill:
                process.kill()
            else:
                with contextlib.suppress(OSError):
                    conn.send(None)
        for process, conn in self._workers:
            process.join()
            conn.close()
        self._workers = []

    def run(
        self,
        plan: Plan,
        *,
        on_results: Callable[[list[GameResult]], None] | None = None,
        export: Path | None = None,
    ) -> list[GameResult]:
        """Every game of ``plan``, in index order; ``on_results`` gets each chunk as it ends.

        With ``export`` (a folder), every game is also written there as Parquet rows
        (:mod:`whaletable.rl.dataset`), one shard per chunk, by the process that played it.
        """
        if self.jobs > 1 and not self._workers:
            raise RuntimeError("enter the runner (with Runner(jobs) as runner) before running")
        return gather(self._chunks(plan, export), on_results)

    def _chunks(self, plan: Plan, export: Path | None) -> Iterator[list[GameResult]]:
        if not self._workers:
            # One game per chunk here (no message to save, and the bar moves every game),
            # unless the games are exported: a shard of one game would be mostly header.
            game = registry.get(plan.game)
            options = game.make_options(plan.options)
            parts = (
                chunks(plan.games, 1) if export else [range(i, i + 1) for i in range(plan.games)]
            )
            for part in parts:
                yield results_of(plan, part.start, play_chunk(game, plan, options, part, export))
            return
        try:
            yield from self._dispatch(plan, export)
        except BaseException:
            # Chunks still under way would answer into the next run: stop every worker.
            self._stop(kill=True)
            raise

    def _dispatch(self, plan: Plan, export: Path | None) -> Iterator[list[GameResult]]:
        work = Paced(plan.games, self.jobs)
        # Chunks sent and not yet answered, per worker: up to AHEAD, so that a worker
        # finds its next chunk waiting in its pipe instead of idling until this process
        # wakes up to read the last one.
        busy: dict[Connection, int] = {}
        lost = "a worker process ended before its games"

        def send(conn: Connection, message: tuple[Any, ...]) -> None:
            try:
                conn.send(message)
            except OSError:
                raise RuntimeError(lost) from None

        def feed(conn: Connection) -> None:
            chunk = work.next()
            if chunk is not None:
                send(conn, ("chunk", chunk.start, chunk.stop))
                busy[conn] = busy.get(conn, 0) + 1

        for _, conn in self._workers:
            send(conn, ("plan", plan, export))
        for _ in range(AHEAD):
            for _, conn in self._workers:
                feed(conn)
        while busy:
            for ready in wait(list(busy)):
                conn = cast(Connection, ready)
                try:
                    kind, start, payload = conn.recv()
                except EOFError:
                    raise RuntimeError(lost) from None
                busy[conn] -= 1
                if not busy[conn]:
                    del busy[conn]
                if kind == "error":
                    raise payload
                work.finished(len(payload))
                feed(conn)
                yield results_of(plan, start, payload)


def run_plan(
    plan: Plan,
    *,
    jobs: int = 1,
    on_results: Callable[[list[GameResult]], None] | None = None,
    export: Path | None = None,
) -> list[GameResult]:
    """Play ``plan`` on a runner of its own (not for callers that already run threads)."""
    with Runner(min(jobs, max(1, plan.games))) as runner:
        return runner.run(plan, on_results=on_results, export=export)


__all__ = [
    "HUMAN",
    "Answer",
    "CountingAgent",
    "GameResult",
    "GameTask",
    "Outcome",
    "Paced",
    "Plan",
    "PlanRunner",
    "Runner",
    "TaskList",
    "agent_seed",
    "chunks",
    "game_seed",
    "gather",
    "make_seats",
    "play_chunk",
    "play_part",
    "play_task",
    "portable",
    "results_of",
    "run_one",
    "run_plan",
    "serve",
    "start_method",
]
