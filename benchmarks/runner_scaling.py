"""How the batch runner scales: the same seeded batch on 1 and on 2 processes.

For each batch size (and player count) the batch is played ``--repeats`` times on
each number of processes, alternating, and the best wall time of each is kept (the
least disturbed by other work on the machine). The speed-up is the best time on one
process over the best on two. CPU seconds (this process and its workers) are
reported too: if they grow with the processes, the runner itself costs something;
if only the wall time misses, the machine was busy. To tell the two apart on a
shared machine, each row also measures the machine's own speed-up, the same way:
a plain arithmetic loop, cut into two equal pieces, on one process and then on two
forked ones. The runner cannot beat that figure; on a quiet two-core machine it is
close to 2.

    python benchmarks/runner_scaling.py                      # 400 random Whale to Look games…
    python benchmarks/runner_scaling.py --sizes 400 --repeats 7 --output out.json

Timings start after the imports and include starting (forking) the workers, as a
``whaletable simulate --jobs 2`` run pays them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
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


def spin(n: int) -> int:
    """Pure interpreter work, nothing shared: what any two processes can do side by side."""
    total = 0
    for i in range(n):
        total += i * i
    return total


def machine_speedup(seconds: float, repeats: int) -> float:
    """Best time of two pieces of ``spin`` on one process over the best on two."""
    start = time.perf_counter()
    spin(100_000)
    n = max(10_000, int(100_000 * seconds / 2 / (time.perf_counter() - start)))
    ctx = multiprocessing.get_context("fork")
    one, two = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        spin(n), spin(n)
        one.append(time.perf_counter() - start)
        start = time.perf_counter()
        with ctx.Pool(2) as pool:
            pool.map(spin, [n, n], chunksize=1)
        two.append(time.perf_counter() - start)
    return min(one) / min(two)


def scaling(plan: SeatPlan, jobs: list[int], repeats: int) -> dict[str, Any]:
    walls: dict[int, list[float]] = {j: [] for j in jobs}
    cpus: dict[int, list[float]] = {j: [] for j in jobs}
    for _ in range(repeats):
        for j in jobs:
            wall, cpu = measure(plan, j)
            walls[j].append(wall)
            cpus[j].append(cpu)
    base = min(walls[jobs[0]])
    machine = machine_speedup(base, repeats)
    return {
        "game": plan.game,
        "players": len(plan.specs),
        "bots": list(plan.specs),
        "games": plan.games,
        "ms_per_game": 1000 * base / plan.games,
        "machine_speedup_2": machine,
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
                f"  (the machine: ×{row['machine_speedup_2']:.2f})"
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
