"""One runner for every batch of seeded bot games: ``simulate``'s and ``tournament``'s.

A batch is a :class:`Plan`: its game, its options, its number of games and a pure
function from a game's index to that game's seats and seed. Game ``i`` therefore
depends only on the plan (the batch seed among it) and ``i``, so a batch gives the
same results on one process or many, and in whatever order its games finish.

Work goes to the processes in chunks of consecutive games rather than one game per
task: a chunk is one message each way, its worker looks the game up and parses the
options once, and sends back only the numbers (scores, returns, length); the seats
are read from the plan again on this side. Chunks shrink towards the end of a batch
(guided scheduling), so every worker gets several and none is left with a long tail
while the others idle. Results are handed to ``on_results`` chunk by chunk, as the
chunks finish, so a progress bar moves.

Workers are forked where the platform can (Linux, macOS): a forked worker starts in
milliseconds with every game and bot already imported and registered, where a spawned
one spends most of a second importing them, longer than a whole batch of
millisecond games. Forking is only safe before this process starts other threads (a
thread holding a lock at the fork leaves it held forever in the child), so a
:class:`Runner` starts its workers when it is entered: enter it before starting a
progress bar, whose refresh runs in a thread.
"""

from __future__ import annotations

import gc
import math
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool
from types import TracebackType
from typing import Any, Protocol

import whaletable.games  # noqa: F401 - registers every game, also in spawned workers
from whaletable.agents import make_agent
from whaletable.core import registry
from whaletable.core.action import Action
from whaletable.core.agent import Agent, SeatView
from whaletable.core.game import Game
from whaletable.core.match import play_match

HUMAN = "human"

MAX_CHUNK = 32
"""Games per chunk at most: small enough that a progress bar moves for slow bots."""

CHUNKS_PER_WORKER = 2
"""A chunk is at most the remaining games over this many times the workers."""


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


class Plan(Protocol):
    """What a batch plays: ``task(i)`` must depend on nothing but the plan and ``i``."""

    @property
    def game(self) -> str: ...

    @property
    def options(self) -> dict[str, Any] | None: ...

    @property
    def games(self) -> int: ...

    def task(self, index: int) -> GameTask: ...


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


Outcome = tuple[tuple[float, ...], tuple[float, ...], int, int]
"""What a worker sends back per game: scores, returns, decisions, steps."""


def play_task(game: Game[Any], task: GameTask, options: Any) -> Outcome:
    """Play one task with its bots seeded from the task's seed (bots are built per game:
    a game's bots must not carry anything over from the game before)."""
    agents: list[CountingAgent] = []
    for seat, agent in enumerate(make_seats(game, task.seats, task.seed)):
        if agent is None:
            raise ValueError(f"seat {seat + 1}: a batch of games has no human seats")
        agents.append(CountingAgent(agent))
    result = play_match(game, agents, seed=task.seed, options=options)
    return (
        tuple(result.scores),
        tuple(result.returns),
        sum(a.decisions for a in agents),
        len(result.state.history),
    )


def run_one(task: GameTask) -> GameResult:
    """Play one task on this process."""
    game = registry.get(task.game)
    scores, returns, decisions, steps = play_task(game, task, task.options)
    return GameResult(task.index, task.seats, scores, returns, decisions, steps)


def run_chunk(plan: Plan, start: int, stop: int) -> tuple[int, list[Outcome]]:
    """Play games ``start``..``stop - 1`` of ``plan``; a top-level function for the workers.

    The game is looked up and the options parsed once for the whole chunk.
    """
    game = registry.get(plan.game)
    options = game.make_options(plan.options)
    return start, [play_task(game, plan.task(i), options) for i in range(start, stop)]


def _run_chunk(args: tuple[Plan, int, int]) -> tuple[int, list[Outcome]]:
    return run_chunk(*args)


def chunks(games: int, jobs: int) -> list[range]:
    """Consecutive ranges covering ``games``, shrinking towards the end (guided scheduling).

    >>> [len(c) for c in chunks(10, 2)]
    [3, 2, 2, 1, 1, 1]
    >>> sum(len(c) for c in chunks(400, 2)), max(len(c) for c in chunks(400, 2))
    (400, 32)
    """
    out: list[range] = []
    start = 0
    while start < games:
        size = min(MAX_CHUNK, max(1, math.ceil((games - start) / (CHUNKS_PER_WORKER * jobs))))
        out.append(range(start, start + size))
        start += size
    return out


def start_method() -> str:
    """``fork`` where the platform has it (see the module notes), else ``spawn``."""
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


class Runner:
    """Plays plans on ``jobs`` processes; ``jobs=1`` plays them on this one.

    Enter it (``with Runner(jobs) as runner``) before any other thread starts, such as
    a progress bar's: entering forks the workers.
    """

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self._pool: Pool | None = None

    def __enter__(self) -> Runner:
        if self.jobs > 1:
            ctx = multiprocessing.get_context(start_method())
            # Frozen objects are never scanned by a collection, so the workers' collector
            # leaves the pages they share with this process unwritten (and uncopied).
            gc.freeze()
            try:
                self._pool = ctx.Pool(processes=self.jobs)
            finally:
                gc.unfreeze()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._pool is not None:
            if kind is None:
                self._pool.close()
            else:
                self._pool.terminate()
            self._pool.join()
            self._pool = None

    def run(
        self,
        plan: Plan,
        *,
        on_results: Callable[[list[GameResult]], None] | None = None,
    ) -> list[GameResult]:
        """Every game of ``plan``, in index order; ``on_results`` gets each chunk as it ends."""
        results: list[GameResult] = []
        for chunk in self._chunks(plan):
            results.extend(chunk)
            if on_results is not None:
                on_results(chunk)
        results.sort(key=lambda r: r.index)
        return results

    def _chunks(self, plan: Plan) -> Iterator[list[GameResult]]:
        if self._pool is None:
            # One game per chunk here: no message to save, and the bar moves every game.
            game = registry.get(plan.game)
            options = game.make_options(plan.options)
            for i in range(plan.games):
                task = plan.task(i)
                yield [GameResult(i, task.seats, *play_task(game, task, options))]
            return
        work = [(plan, c.start, c.stop) for c in chunks(plan.games, self.jobs)]
        for start, outcomes in self._pool.imap_unordered(_run_chunk, work, chunksize=1):
            yield [
                GameResult(i, plan.task(i).seats, *outcome)
                for i, outcome in enumerate(outcomes, start)
            ]


def run_plan(
    plan: Plan,
    *,
    jobs: int = 1,
    on_results: Callable[[list[GameResult]], None] | None = None,
) -> list[GameResult]:
    """Play ``plan`` on a runner of its own (not for callers that already run threads)."""
    with Runner(min(jobs, max(1, plan.games))) as runner:
        return runner.run(plan, on_results=on_results)


__all__ = [
    "HUMAN",
    "CountingAgent",
    "GameResult",
    "GameTask",
    "Outcome",
    "Plan",
    "Runner",
    "TaskList",
    "agent_seed",
    "chunks",
    "game_seed",
    "make_seats",
    "play_task",
    "run_chunk",
    "run_one",
    "run_plan",
    "start_method",
]
