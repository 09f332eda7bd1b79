"""Random playouts through the integer API against the object API, in one process.

Each game plays random games for ``--seconds`` three ways through the benchmark loop
of ``whaletable bench`` (``whaletable.sim.bench.playouts``: chance sampled by its
probabilities, a uniformly random legal choice otherwise, every applied action a step):

* ``objects``: ``legal_actions()`` / ``chance_outcomes()`` and ``apply(action)``;
* ``codes``: ``legal_action_codes()`` / ``chance_outcome_codes()`` and ``apply_code``;
* ``masks``: ``legal_action_mask()`` read as a learner's policy reads it (the legal
  codes are the true flags) and ``apply_code``.

With OpenSpiel installed (``pip install -e '.[rl]'``), its ``python_liars_poker`` runs
through the same loop in the same run, as the yardstick of the issue's speed target.

    python benchmarks/integer_api_speed.py                       # 3 s per measurement
    python benchmarks/integer_api_speed.py whale-to-look --seconds 5 --json
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

import whaletable.games as games
from whaletable.core.errors import WhaletableError
from whaletable.core.game import Game
from whaletable.core.state import State
from whaletable.sim import bench

BASELINE = "python_liars_poker"


class _Codes:
    """A whaletable state seen through its codes (the loop's ``PlayoutState``)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def is_chance_node(self) -> bool:
        return self.state.is_chance_node()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.state.chance_outcome_codes()

    def legal_actions(self) -> list[int]:
        return self.state.legal_action_codes()


class _Masks(_Codes):
    __slots__ = ()

    def legal_actions(self) -> list[int]:
        mask = self.state.legal_action_mask()
        return [code for code, legal in enumerate(mask) if legal]


def _apply_code(view: _Codes, code: int) -> None:
    view.state.apply_code(code)


def measure_game(game: Game[Any], players: int, seconds: float, seed: int) -> dict[str, Any]:
    def speed(path: str) -> float:
        rng = random.Random(seed)
        if path == "objects":
            result = bench.playouts(
                lambda: game.new_state(players), State.apply, rng, seconds=seconds
            )
        else:
            view = _Codes if path == "codes" else _Masks
            result = bench.playouts(
                lambda: view(game.new_state(players)), _apply_code, rng, seconds=seconds
            )
        return result.steps_per_s

    row = {"game": game.spec.id, "players": players}
    for path in ("objects", "codes", "masks"):
        row[f"{path}_steps_per_s"] = speed(path)
    row["codes_vs_objects"] = row["codes_steps_per_s"] / row["objects_steps_per_s"]
    row["masks_vs_objects"] = row["masks_steps_per_s"] / row["objects_steps_per_s"]
    return row


def measure_openspiel(seconds: float, seed: int) -> float | None:
    """``python_liars_poker``'s steps/s through the same loop, or None without OpenSpiel."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")
    except ImportError:
        return None
    game = pyspiel.load_game(BASELINE)
    result = bench.playouts(
        game.new_initial_state, pyspiel.State.apply_action, random.Random(seed), seconds=seconds
    )
    return result.steps_per_s


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if not args.seconds > 0:
        print(f"integer_api_speed: --seconds must be positive, not {args.seconds}", file=sys.stderr)
        return 2
    try:
        chosen = [games.get(g) for g in args.games] if args.games else games.all()
    except WhaletableError as e:
        print(f"integer_api_speed: {e}", file=sys.stderr)
        return 2
    rows = [measure_game(g, bench.default_players(g), args.seconds, args.seed) for g in chosen]
    baseline = measure_openspiel(args.seconds, args.seed)
    for row in rows:
        row[f"codes_vs_{BASELINE}"] = (
            None if baseline is None else row["codes_steps_per_s"] / baseline
        )
    data = {"seconds": args.seconds, "seed": args.seed, BASELINE: baseline, "games": rows}
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    head = f"{'game':<16}{'objects/s':>11}{'codes/s':>11}{'masks/s':>11}{'codes÷obj':>11}"
    print(head + (f"{'codes÷liars':>13}" if baseline else ""))
    for r in rows:
        line = (
            f"{r['game']:<16}{r['objects_steps_per_s']:>11,.0f}{r['codes_steps_per_s']:>11,.0f}"
            f"{r['masks_steps_per_s']:>11,.0f}{r['codes_vs_objects']:>10.2f}×"
        )
        if baseline:
            line += f"{r[f'codes_vs_{BASELINE}']:>12.2f}×"
        print(line)
    if baseline is None:
        print(f"({BASELINE}: OpenSpiel is not installed; pip install -e '.[rl]')")
    else:
        print(f"{BASELINE}: {baseline:,.0f} steps/s through the same loop")
    return 0


if __name__ == "__main__":
    sys.exit(main())
