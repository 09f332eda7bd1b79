"""``simulate``'s batches (the same seats every game, rotated) and their statistics.

Game ``i`` of a batch is fully determined by the batch seed and ``i`` (its chance
seed, its bots' seeds and, with rotation, who sits where), so a batch gives the
same results whether it runs on one process or many; :mod:`whaletable.sim.runner`
plays it.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whaletable.core import registry
from whaletable.core.spec import GameSpec
from whaletable.sim.runner import (
    HUMAN,
    CountingAgent,
    GameResult,
    GameTask,
    PlanRunner,
    TaskList,
    agent_seed,
    game_seed,
    make_seats,
    run_one,
    run_plan,
)

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True)
class SeatPlan:
    """The same seats every game; with ``rotate`` game ``i`` shifts them by ``i``, so over
    any multiple of the player count every bot sits in every seat equally often."""

    game: str
    specs: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any] | None = None
    rotate: bool = True

    def task(self, index: int) -> GameTask:
        n = len(self.specs)
        shift = index % n if self.rotate else 0
        seats = tuple(self.specs[(s - shift) % n] for s in range(n))
        return GameTask(index, self.game, seats, self.options, game_seed(self.seed, index))


def plan(
    game: str,
    specs: list[str],
    games: int,
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    rotate: bool = True,
) -> list[GameTask]:
    """The batch's games as a list (see :class:`SeatPlan`)."""
    seat_plan = SeatPlan(game, tuple(specs), games, seed, options, rotate)
    return [seat_plan.task(i) for i in range(games)]


def run(
    tasks: list[GameTask],
    *,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Run every task, on ``jobs`` processes; results come back in task order."""

    def each(chunk: list[GameResult]) -> None:
        if on_result is not None:
            for result in chunk:
                on_result(result)

    return run_plan(TaskList(tuple(tasks)), jobs=jobs, on_results=each)


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
    on_results: Callable[[list[GameResult]], None] | None = None,
    runner: PlanRunner | None = None,
    export: Path | None = None,
) -> tuple[list[GameResult], dict[str, Any]]:
    """Plan, run and summarize a batch; the one call the command line makes.

    ``runner``, when given, plays the batch (its workers already started, see
    :class:`~whaletable.sim.runner.Runner`, or a Ray cluster's, see
    :class:`~whaletable.sim.backends.RayRunner`); otherwise one of ``jobs`` processes does.
    ``export`` names a folder for the games as Parquet shards (see :meth:`Runner.run`).
    """
    seat_plan = SeatPlan(game, tuple(specs), games, seed, options, rotate)
    start = time.perf_counter()
    if runner is None:
        results = run_plan(seat_plan, jobs=jobs, on_results=on_results, export=export)
    else:
        results = runner.run(seat_plan, on_results=on_results, export=export)
    seconds = time.perf_counter() - start
    spec = registry.get(game).spec
    summary = summarize(results, seconds=seconds, cooperative=spec.cooperative, game_spec=spec)
    return results, summary


__all__ = [
    "HUMAN",
    "BotStats",
    "CountingAgent",
    "GameResult",
    "GameTask",
    "SeatPlan",
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
