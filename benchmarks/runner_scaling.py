"""How the batch runner scales: the same seeded batch on 1 and on 2 processes.

For each batch size (and player count) the batch is played ``--repeats`` times on
each number of processes, alternating, and the best wall time of each is kept (the
least disturbed by other work on the machine). The speed-up is the best time on one
process over the best on two. CPU seconds (this process and its workers) are
reported too: if they grow with the processes, the runner itself costs something;
if only the wall time misses, the machine was busy.

    python benchmarks/runner_scaling.py                      # 400 random Whale to Look games…
    python benchmarks/runner_scaling.py --sizes 400 --repeats 7 --output out.json

Timings start after the imports and include starting (forking) the workers, as a
``whaletable simulate --jobs 2`` run pays them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from whaletable.sim import SeatPlan, run_plan

RESULTS = Path(__file__).with_name("results") / "runner_scaling.json"


def cpu_seconds() -> float:
    """User and system time of this process and of its finished workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def measure(plan: SeatPlan, jobs: int) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``plan`` on ``jobs`` processes."""
    cpu = cpu_seconds()
    start = time.perf_counter()
    run_plan(plan, jobs=jobs)
    return time.perf_counter() - start, cpu_seconds() - cpu


def scaling(plan: SeatPlan, jobs: list[int], repeats: int) -> dict[str, Any]:
    walls: dict[int, list[float]] = {j: [] for j in jobs}
    cpus: dict[int, list[float]] = {j: [] for j in jobs}
    for _ in range(repeats):
        for j in jobs:
            wall, cpu = measure(plan, j)
            walls[j].append(wall)
            cpus[j].append(cpu)
    base = min(walls[jobs[0]])
    return {
        "game": plan.game,
        "players": len(plan.specs),
        "bots": list(plan.specs),
        "games": plan.games,
        "ms_per_game": 1000 * base / plan.games,
        "runs": [
            {
                "jobs": j,
                "wall_best_s": min(walls[j]),
                "wall_median_s": statistics.median(walls[j]),
                "cpu_median_s": statistics.median(cpus[j]),
                "speedup": base / min(walls[j]),
                "walls_s": walls[j],
            }
            for j in jobs
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="whale-to-look")
    parser.add_argument("--bot", default="random", help="the bot in every seat (default random)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[3], help="player counts (default 3)"
    )
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[100, 400, 1600], help="games per batch"
    )
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--output", type=Path, default=RESULTS, help=f"JSON (default {RESULTS})")
    args = parser.parse_args(argv)

    rows = []
    for players in args.players:
        for size in args.sizes:
            plan = SeatPlan(args.game, (args.bot,) * players, size, args.seed)
            row = scaling(plan, args.jobs, args.repeats)
            rows.append(row)
            runs = "  ".join(
                f"jobs {r['jobs']}: {r['wall_best_s']:.3f} s (cpu {r['cpu_median_s']:.2f} s, "
                f"×{r['speedup']:.2f})"
                for r in row["runs"]
            )
            print(
                f"{args.game} {players}p {size:>5} games, {row['ms_per_game']:.2f} ms/game  {runs}"
            )
    data = {
        "command": " ".join([Path(sys.argv[0]).name, *(argv or sys.argv[1:])]),
        "cpus": os.cpu_count(),
        "load_average_1min": os.getloadavg()[0],
        "python": platform.python_version(),
        "platform": platform.platform(),
        "repeats": args.repeats,
        "rows": rows,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"written to {args.output} (load average at the end: {data['load_average_1min']:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
