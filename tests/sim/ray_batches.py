"""What one local Ray does with a few batches, printed as one line of JSON.

Run by ``test_ray_backend.py`` as a process of its own (``python ray_batches.py``): Ray's
core keeps threads and sockets in the process that starts it, and a test process forks
workers for other tests (``Runner``) and must survive whatever a Ray does, so no Ray ever
runs inside the test process. The tests compare what is printed here with the same
batches played on local processes.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from whaletable.sim.backends import RayRunner
from whaletable.sim.batch import SeatPlan, simulate
from whaletable.sim.runner import GameResult, TaskList
from whaletable.sim.tournament import tournament

GAMES = 20
SEED = 7
THREE = ["random", "random", "random"]
TOURNAMENT = (["random", "heuristic"], 12)


def plain(results: list[GameResult]) -> list[dict[str, Any]]:
    """Results as JSON gives them back (tuples become lists), to compare across processes."""
    out: list[dict[str, Any]] = json.loads(json.dumps([dataclasses.asdict(r) for r in results]))
    return out


def fine_tasks() -> TaskList:
    plan = SeatPlan("whale-to-look", tuple(THREE), 5, SEED)
    return TaskList(tuple(plan.task(i) for i in range(4)))


def played_on_ray() -> dict[str, Any]:
    seen: dict[str, Any] = {}
    with RayRunner(jobs=2) as runner:
        chunks: list[int] = []

        def handed_over(chunk: list[GameResult]) -> None:
            chunks.append(len(chunk))

        results, summary = simulate(
            "whale-to-look", THREE, GAMES, seed=SEED, runner=runner, on_results=handed_over
        )
        seen["simulate"] = {"results": plain(results), "summary": summary, "chunks": chunks}
        other, _ = simulate("whale-to-look", THREE, GAMES, seed=SEED + 1, runner=runner)
        seen["simulate_next_seed"] = plain(other)
        bots, games = TOURNAMENT
        played, result = tournament("whale-to-look", bots, games, seed=SEED, runner=runner)
        seen["tournament"] = {"results": plain(played), "result": result}
        human = SeatPlan("whale-to-look", ("random", "human"), 5, SEED).task(4)
        try:
            runner.run(TaskList((*fine_tasks().tasks, human)))
            seen["failed_batch"] = None
        except Exception as e:
            seen["failed_batch"] = f"{type(e).__name__}: {e}"
        seen["after_failure"] = [r.index for r in runner.run(fine_tasks())]
        with RayRunner() as inner:
            one = inner.run(TaskList(fine_tasks().tasks[:1]))
            seen["inner"] = {"jobs": inner.jobs, "games": len(one)}
        seen["still_running"] = runner.ray.is_initialized()
        seen["jobs"] = runner.jobs
    return seen


if __name__ == "__main__":
    print(json.dumps(played_on_ray()))
