"""whaletable's engine speed side by side with OpenSpiel's, in one process.

Every registered whaletable game is benchmarked as by ``whaletable bench``; then
OpenSpiel's Python-implemented games (python_tic_tac_toe, python_kuhn_poker,
python_liars_poker) and its C++ backgammon (through pyspiel) play random games
through the very same loop (``whaletable.sim.bench.playouts``: chance sampled by
its outcome probabilities, a uniformly random legal action otherwise, every
applied action counted as a step). The ratios of steps/s are what to compare
across machines.

    python benchmarks/compare_openspiel.py                      # 3 s per measurement
    python benchmarks/compare_openspiel.py --seconds 10 --json
    python benchmarks/compare_openspiel.py --output benchmarks/results/latest.json

OpenSpiel is a benchmark-only dependency: ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

import whaletable.games as games
from whaletable.cli.main import bench_table
from whaletable.core.errors import WhaletableError
from whaletable.sim import bench

REFERENCE_GAMES = ("python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker", "backgammon")
"""OpenSpiel's games to measure: three written in Python, one in C++."""

BASELINE = "python_liars_poker"
"""The reference the issue's speed targets are ratios to."""

TARGETS = {"whale-to-look": 1.0, "save-the-whales": 1.0, "whale-riders": 1.0, "survive": 0.3}
"""Each game's target: at least this many times the baseline's steps/s."""

MISSING = (
    "compare_openspiel: OpenSpiel is not installed in this environment.\n"
    "It is a benchmark-only dependency; install it with\n"
    "    pip install -e '.[bench]'      (or: make bench)"
)


def load_openspiel() -> ModuleType:
    """pyspiel, with OpenSpiel's Python games registered; ImportError when absent."""
    pyspiel = importlib.import_module("pyspiel")
    importlib.import_module("open_spiel.python.games")  # registers the python_* games
    return pyspiel


def measure(
    label: str,
    new_state: Callable[[], Any],
    apply: Callable[[Any, Any], object],
    seconds: float,
    seed: int,
) -> dict[str, Any]:
    """Random playouts of one game through whaletable's benchmark loop."""
    speed = bench.playouts(new_state, apply, random.Random(seed), seconds=seconds)
    return {
        "game": label,
        "games": speed.games,
        "steps": speed.steps,
        "playout_seconds": speed.seconds,
        "games_per_s": speed.games_per_s,
        "steps_per_s": speed.steps_per_s,
        "actions_per_game": speed.actions_per_game,
    }


def measure_openspiel(
    pyspiel: ModuleType, names: Sequence[str], seconds: float, seed: int
) -> list[dict[str, Any]]:
    rows = []
    for name in names:
        game = pyspiel.load_game(name)
        rows.append(
            measure(name, game.new_initial_state, pyspiel.State.apply_action, seconds, seed)
        )
    return rows


def ratios(ours: Sequence[dict[str, Any]], theirs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Each whaletable game's steps/s divided by each reference's."""
    return {
        row["game"]: {ref["game"]: row["steps_per_s"] / ref["steps_per_s"] for ref in theirs}
        for row in ours
    }


def reference_table(rows: Sequence[dict[str, Any]], version: str) -> Table:
    table = Table(title=f"OpenSpiel {version}, random playouts through the same loop")
    table.add_column("game", no_wrap=True)
    for heading in ("games/s", "steps/s", "steps/game"):
        table.add_column(heading, justify="right", no_wrap=True)
    for r in rows:
        table.add_row(
            r["game"],
            f"{r['games_per_s']:,.0f}",
            f"{r['steps_per_s']:,.0f}",
            f"{r['actions_per_game']:.1f}",
        )
    return table


def ratio_table(data: dict[str, Any]) -> Table:
    refs = [r["game"] for r in data["openspiel"]["games"]]
    table = Table(
        box=box.SIMPLE_HEAD,
        title="steps/s as a multiple of OpenSpiel's",
        caption=f"target: the least ratio to {BASELINE} asked of the game",
    )
    table.add_column("game", no_wrap=True)
    for ref in refs:
        table.add_column(ref.removeprefix("python_").replace("_", "\n"), justify="right")
    table.add_column("target", justify="right")
    for game, row in data["ratios"].items():
        target = TARGETS.get(game)
        mark = ""
        if target is not None and BASELINE in row:
            mark = f"{target:g}×\n" + ("met" if row[BASELINE] >= target else "MISSED")
        table.add_row(game, *(f"{row[ref]:.2f}×" for ref in refs), mark)
    return table


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="whaletable game ids (default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--output", metavar="FILE", help="also write the results (JSON) here")
    args = parser.parse_args(argv)
    try:
        pyspiel = load_openspiel()
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 2
    if not args.seconds > 0:
        print(f"compare_openspiel: --seconds must be positive, not {args.seconds}", file=sys.stderr)
        return 2
    try:
        chosen = [games.get(g) for g in args.games] if args.games else games.all()
    except WhaletableError as e:
        print(f"compare_openspiel: {e}", file=sys.stderr)
        return 2

    report = bench.run(chosen, seconds=args.seconds, seed=args.seed)
    reference = measure_openspiel(pyspiel, REFERENCE_GAMES, args.seconds, args.seed)
    version = importlib.metadata.version("open_spiel")
    data = report.to_json()
    data["openspiel"] = {"version": version, "games": reference}
    data["ratios"] = ratios(data["games"], reference)

    if args.output:
        out = Path(args.output)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        console = Console()
        console.print(bench_table(data))
        console.print(reference_table(reference, version))
        console.print(ratio_table(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
