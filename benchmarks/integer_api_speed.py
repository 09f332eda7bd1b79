"""Random playouts through the integer API against the object API, in one process.

Each game plays random games for ``--seconds`` three ways through the benchmark loop
of ``whaletable bench`` (``whaletable.sim.bench.playouts``: chance sampled by its
probabilities, a uniformly random legal choice otherwise, every applied action a step):

* ``objects``: ``legal_actions()`` / ``chance_outcomes()`` and ``apply(action)``;
* ``codes``: ``legal_action_codes()`` / ``chance_outcome_codes()`` and ``apply_code``;
* ``masks``: ``legal_action_mask()`` read as a learner's policy reads it (NumPy finds
  the true flags; the sampled NumPy integer goes to ``apply_code`` as it is).

The paths (and OpenSpiel's game) take turns of 0.1 s until each has run ``--seconds``,
so a change in the machine's load during the run touches them all alike.

With OpenSpiel installed (``pip install -e '.[rl]'``), its ``python_liars_poker`` runs
through the same loop in the same run, as the yardstick of the issue's speed target.

``--parts`` times instead the three parts of each decision on each path: listing the
choices (``legal_actions``, ``legal_action_codes``, ``legal_action_mask``), choosing one
(from the list, or NumPy finding the mask's true flags) and applying it, in nanoseconds
a decision. It shows where the masks path spends what the object path does not.

    python benchmarks/integer_api_speed.py                       # 3 s per measurement
    python benchmarks/integer_api_speed.py whale-to-look --seconds 5 --json
    python benchmarks/integer_api_speed.py whale-riders --parts
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import whaletable.games as games
from whaletable.core.errors import WhaletableError
from whaletable.core.game import Game
from whaletable.core.state import State
from whaletable.sim import bench

BASELINE = "python_liars_poker"
PATHS = ("objects", "codes", "masks")


def code_playouts(
    new_state: Callable[[], State], rng: random.Random, seconds: float, *, masks: bool = False
) -> bench.PlayoutSpeed:
    """``bench.playouts`` step for step, through the integer API instead of actions.

    The loop is written out rather than run through ``bench.playouts`` with a wrapper
    state, so the code path pays for no call the object path does not pay for.
    """
    finished = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    choice = rng.choice
    while True:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_code(bench.pick(state.chance_outcome_codes(), rng))
            elif masks:
                state.apply_code(choice(state.legal_action_mask().nonzero()[0]))
            else:
                state.apply_code(choice(state.legal_action_codes()))
            steps += 1
        finished += 1
        if time.perf_counter() >= deadline:
            break
    return bench.PlayoutSpeed(finished, steps, time.perf_counter() - start)


CHUNK = 0.1
"""Seconds of one turn of one path: the paths take turns, so a machine whose load
changes during the run slows every path alike and the ratios stay fair."""


def _runners(game: Game[Any], players: int, seed: int) -> dict[str, Any]:
    rngs = {path: random.Random(seed) for path in PATHS}

    def objects(seconds: float) -> bench.PlayoutSpeed:
        return bench.playouts(
            lambda: game.new_state(players), State.apply, rngs["objects"], seconds=seconds
        )

    def codes(seconds: float) -> bench.PlayoutSpeed:
        return code_playouts(lambda: game.new_state(players), rngs["codes"], seconds)

    def masks(seconds: float) -> bench.PlayoutSpeed:
        return code_playouts(lambda: game.new_state(players), rngs["masks"], seconds, masks=True)

    return {"objects": objects, "codes": codes, "masks": masks}


def _openspiel_runner(seed: int) -> Any:
    """``python_liars_poker`` through the same loop, or None without OpenSpiel."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")
    except ImportError:
        return None
    game = pyspiel.load_game(BASELINE)
    rng = random.Random(seed)

    def run(seconds: float) -> bench.PlayoutSpeed:
        return bench.playouts(
            game.new_initial_state, pyspiel.State.apply_action, rng, seconds=seconds
        )

    return run


def interleaved(runners: dict[str, Any], seconds: float) -> dict[str, float]:
    """Steps/s of each runner, the runners taking turns of :data:`CHUNK` seconds."""
    steps = dict.fromkeys(runners, 0)
    spent = dict.fromkeys(runners, 0.0)
    while min(spent.values()) < seconds:
        for name, run in runners.items():
            speed = run(CHUNK)
            steps[name] += speed.steps
            spent[name] += speed.seconds
    return {name: steps[name] / spent[name] for name in runners}


def measure_game(
    game: Game[Any], players: int, seconds: float, seed: int, baseline: Any
) -> dict[str, Any]:
    runners = _runners(game, players, seed)
    if baseline is not None:
        runners[BASELINE] = baseline
    speeds = interleaved(runners, seconds)
    row: dict[str, Any] = {"game": game.spec.id, "players": players}
    for path in PATHS:
        row[f"{path}_steps_per_s"] = speeds[path]
    row["codes_vs_objects"] = speeds["codes"] / speeds["objects"]
    row["masks_vs_objects"] = speeds["masks"] / speeds["objects"]
    row[BASELINE] = speeds.get(BASELINE)
    row[f"codes_vs_{BASELINE}"] = speeds["codes"] / speeds[BASELINE] if BASELINE in speeds else None
    return row


PARTS = ("list", "choose", "apply")


class PartTimer:
    """Random games through one path (a runner for :func:`interleaved`), adding up the time
    each decision spends in each of :data:`PARTS`.

    Chance steps are played (through the path's own API) but not timed. Every part is
    called through a function of its own and read between two clock readings, alike on
    every path, so the parts of two paths compare even where the clock's own cost does not.
    """

    def __init__(self, game: Game[Any], players: int, path: str, seed: int) -> None:
        self.game, self.players, self.path = game, players, path
        self.rng = random.Random(seed)
        self.spent = [0.0, 0.0, 0.0]
        self.decisions = 0
        choice = self.rng.choice

        def from_list(options: Any) -> Any:
            return choice(options)

        def from_mask(mask: Any) -> Any:
            return choice(mask.nonzero()[0])

        self.parts: tuple[Any, Any, Any]
        self.parts = {
            "objects": (State.legal_actions, from_list, State.apply),
            "codes": (State.legal_action_codes, from_list, State.apply_code),
            "masks": (State.legal_action_mask, from_mask, State.apply_code),
        }[path]

    def __call__(self, seconds: float) -> bench.PlayoutSpeed:
        listing, choose, apply = self.parts
        rng, spent, by_objects = self.rng, self.spent, self.path == "objects"
        clock = time.perf_counter
        start = clock()
        finished = decisions = 0
        while True:
            state = self.game.new_state(self.players)
            while not state.is_terminal():
                if state.is_chance_node():
                    if by_objects:
                        state.apply(bench.pick(state.chance_outcomes(), rng))
                    else:
                        state.apply_code(bench.pick(state.chance_outcome_codes(), rng))
                    continue
                t0 = clock()
                choices = listing(state)
                t1 = clock()
                picked = choose(choices)
                t2 = clock()
                apply(state, picked)
                t3 = clock()
                spent[0] += t1 - t0
                spent[1] += t2 - t1
                spent[2] += t3 - t2
                decisions += 1
            finished += 1
            if clock() - start >= seconds:
                break
        self.decisions += decisions
        return bench.PlayoutSpeed(finished, decisions, clock() - start)

    def per_decision(self) -> dict[str, float]:
        """Nanoseconds a decision spent in each part, so far."""
        return {part: t / self.decisions * 1e9 for part, t in zip(PARTS, self.spent, strict=True)}


def measure_parts(chosen: Sequence[Game[Any]], seconds: float, seed: int) -> list[dict[str, Any]]:
    """A row per game and path: nanoseconds a decision spends in each of :data:`PARTS`."""
    rows = []
    for game in chosen:
        players = bench.default_players(game)
        timers = {path: PartTimer(game, players, path, seed) for path in PATHS}
        interleaved(timers, seconds)
        for path, timer in timers.items():
            parts = {f"{part}_ns": ns for part, ns in timer.per_decision().items()}
            rows.append({"game": game.spec.id, "players": players, "path": path, **parts})
    return rows


def print_parts(rows: list[dict[str, Any]]) -> None:
    heads = "".join(f"{part + ' ns':>11}" for part in PARTS)
    print(f"{'game':<16}{'path':<9}{heads}{'total ns':>10}")
    for r in rows:
        ns = [r[f"{part}_ns"] for part in PARTS]
        cells = "".join(f"{n:>11,.0f}" for n in ns)
        print(f"{r['game']:<16}{r['path']:<9}{cells}{sum(ns):>10,.0f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--parts", action="store_true", help="time each part of a decision on each path instead"
    )
    args = parser.parse_args(argv)
    if not args.seconds > 0:
        print(f"integer_api_speed: --seconds must be positive, not {args.seconds}", file=sys.stderr)
        return 2
    try:
        chosen = [games.get(g) for g in args.games] if args.games else games.all()
    except WhaletableError as e:
        print(f"integer_api_speed: {e}", file=sys.stderr)
        return 2
    if args.parts:
        rows = measure_parts(chosen, args.seconds, args.seed)
        if args.json:
            print(json.dumps({"seconds": args.seconds, "seed": args.seed, "parts": rows}, indent=2))
        else:
            print_parts(rows)
        return 0
    baseline = _openspiel_runner(args.seed)
    rows = [
        measure_game(g, bench.default_players(g), args.seconds, args.seed, baseline) for g in chosen
    ]
    data = {"seconds": args.seconds, "seed": args.seed, "games": rows}
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    head = f"{'game':<16}{'objects/s':>11}{'codes/s':>11}{'masks/s':>11}"
    head += f"{'codes÷obj':>11}{'masks÷obj':>11}"
    print(head + (f"{'liars/s':>11}{'codes÷liars':>13}" if baseline else ""))
    for r in rows:
        line = (
            f"{r['game']:<16}{r['objects_steps_per_s']:>11,.0f}{r['codes_steps_per_s']:>11,.0f}"
            f"{r['masks_steps_per_s']:>11,.0f}{r['codes_vs_objects']:>10.2f}×"
            f"{r['masks_vs_objects']:>10.2f}×"
        )
        if baseline:
            line += f"{r[BASELINE]:>11,.0f}{r[f'codes_vs_{BASELINE}']:>12.2f}×"
        print(line)
    if baseline is None:
        print(f"({BASELINE}: OpenSpiel is not installed; pip install -e '.[rl]')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
