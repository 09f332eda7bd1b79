"""Many seeded games across processes, and the statistics of their outcomes.

Game ``i`` of a batch is fully determined by the batch seed and ``i`` (its chance
seed, its bots' seeds and, with rotation, who sits where), so a batch gives the
same results whether it runs on one process or many.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import whaletable.games  # noqa: F401 - registers every game, also in worker processes
from whaletable.agents import make_agent
from whaletable.core import registry
from whaletable.core.action import Action
from whaletable.core.agent import Agent, SeatView
from whaletable.core.game import Game
from whaletable.core.match import play_match
from whaletable.core.spec import GameSpec

HUMAN = "human"

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


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


def agent_seed(seed: int, seat: int) -> int:
    """Each bot's own seed, so bots in different seats never share a random stream."""
    return (seed * 1_000_003 + 7919 * (seat + 1)) % (1 << 62)


def make_seats(game: Game[Any], specs: list[str], seed: int) -> list[Agent | None]:
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


def game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_033 + index) % (1 << 62)


def plan(
    game: str,
    specs: list[str],
    games: int,
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    rotate: bool = True,
) -> list[GameTask]:
    """The batch's games; with ``rotate`` game ``i`` shifts the seats by ``i``, so over
    any multiple of the player count every bot sits in every seat equally often."""
    n = len(specs)
    tasks = []
    for i in range(games):
        shift = i % n if rotate else 0
        seats = tuple(specs[(s - shift) % n] for s in range(n))
        tasks.append(GameTask(i, game, seats, options, game_seed(seed, i)))
    return tasks


def run_one(task: GameTask) -> GameResult:
    """Play one task; a top-level function so worker processes can import it."""
    game = registry.get(task.game)
    seats = make_seats(game, list(task.seats), task.seed)
    agents: list[CountingAgent] = []
    for seat, agent in enumerate(seats):
        if agent is None:
            raise ValueError(f"seat {seat + 1}: a simulation has no human seats")
        agents.append(CountingAgent(agent))
    result = play_match(game, agents, seed=task.seed, options=task.options)
    history = result.state.history
    decisions = sum(a.decisions for a in agents)
    return GameResult(
        index=task.index,
        seats=task.seats,
        scores=tuple(result.scores),
        returns=tuple(result.returns),
        decisions=decisions,
        steps=len(history),
    )


def run(
    tasks: list[GameTask],
    *,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Run every task, on ``jobs`` processes; results come back in task order."""
    results: list[GameResult] = []
    for result in _results(tasks, jobs):
        results.append(result)
        if on_result is not None:
            on_result(result)
    results.sort(key=lambda r: r.index)
    return results


def _results(tasks: list[GameTask], jobs: int) -> Iterator[GameResult]:
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield run_one(task)
        return
    # "spawn" starts clean workers: forking a parent that runs a progress-bar
    # thread is unsafe, and each task carries everything its worker needs.
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(processes=min(jobs, len(tasks))) as pool:
        yield from pool.imap_unordered(run_one, tasks, chunksize=1)


# ------------------------------------------------------------------ statistics


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: sound even near 0% and 100%.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0% or 100% the bound is exact; rounding must not move it off 0 or 1.
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class BotStats:
    bot: str
    games: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        return {
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": [lo, hi],
            "score_mean": statistics.fmean(self.scores) if self.scores else 0.0,
            "score_sd": statistics.stdev(self.scores) if len(self.scores) > 1 else 0.0,
            "score_min": min(self.scores, default=0.0),
            "score_max": max(self.scores, default=0.0),
        }


def is_win(returns: tuple[float, ...], seat: int, spec: GameSpec | None = None) -> bool:
    """Whether ``seat`` won, read from the game's declared utilities when ``spec`` is given.

    Without a spec, the best return wins when it is above 0 (a game that pays its
    losers 0, as every game paying 1 to its winners does).
    """
    if spec is not None:
        return seat in spec.winners(returns)
    best = max(returns)
    return best > 0 and returns[seat] == best


def summarize(
    results: list[GameResult],
    *,
    seconds: float | None = None,
    cooperative: bool = False,
    game_spec: GameSpec | None = None,
) -> dict[str, Any]:
    """Per bot spec (every seat it played counts once), then per seat and game length.

    ``seconds`` (wall time) adds games/s; it is kept out of the rest so that the
    rest is identical for identical seeds. A cooperative game adds the team's record
    (every game once: the team wins or loses together) and how often each score was made.
    ``game_spec`` says who won, from the game's declared utilities (see :func:`is_win`).
    """
    bots: dict[str, BotStats] = {}
    n = len(results[0].seats) if results else 0
    seat_wins = [0] * n
    for r in results:
        for seat, spec in enumerate(r.seats):
            stats = bots.setdefault(spec, BotStats(spec))
            stats.games += 1
            stats.scores.append(r.scores[seat])
            if is_win(r.returns, seat, game_spec):
                stats.wins += 1
                seat_wins[seat] += 1
    games = len(results)
    out: dict[str, Any] = {
        "games": games,
        "bots": [bots[k].to_json() for k in sorted(bots)],
        "seat_win_rate": [w / games if games else 0.0 for w in seat_wins],
        "decisions_mean": statistics.fmean(r.decisions for r in results) if results else 0.0,
        "steps_mean": statistics.fmean(r.steps for r in results) if results else 0.0,
    }
    if cooperative:
        team = BotStats("team")
        for r in results:
            team.games += 1
            team.wins += is_win(r.returns, 0, game_spec)
            team.scores.append(r.scores[0])
        out["team"] = {
            **team.to_json(),
            "score_counts": {f"{k:g}": v for k, v in sorted(Counter(team.scores).items())},
        }
    if seconds is not None:
        out["seconds"] = seconds
        out["games_per_second"] = games / seconds if seconds > 0 else 0.0
    return out


def simulate(
    game: str,
    specs: list[str],
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    rotate: bool = True,
    on_result: Callable[[GameResult], None] | None = None,
) -> tuple[list[GameResult], dict[str, Any]]:
    """Plan, run and summarize a batch; the one call the command line makes."""
    tasks = plan(game, specs, games, seed=seed, options=options, rotate=rotate)
    start = time.perf_counter()
    results = run(tasks, jobs=jobs, on_result=on_result)
    spec = registry.get(game).spec
    seconds = time.perf_counter() - start
    summary = summarize(results, seconds=seconds, cooperative=spec.cooperative, game_spec=spec)
    return results, summary


__all__ = [
    "BotStats",
    "CountingAgent",
    "GameResult",
    "GameTask",
    "agent_seed",
    "game_seed",
    "make_seats",
    "plan",
    "run",
    "run_one",
    "simulate",
    "summarize",
    "wilson",
]
