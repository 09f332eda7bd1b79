"""Random-playout speed of every registered game (or those named), on one core.

For each game: uniformly random playouts for ``--seconds`` (chance included, a
step is one applied action), then the cost of ``clone()``, ``legal_actions()``
and ``determinize()`` on positions sampled from those playouts.

    python benchmarks/playout_speed.py                 # every game, 3 s each
    python benchmarks/playout_speed.py whale-to-look --seconds 10 --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

import whaletable.games as games
from whaletable.core.game import Game
from whaletable.core.state import State


def playouts(
    game: Game[Any], players: int, seconds: float, rng: random.Random
) -> tuple[dict[str, float], list[State]]:
    """Play random games until the time is up; keep a sample of positions on the way."""
    finished = steps = 0
    samples: list[State] = []
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_state(players)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(rng.choice(actions))
            steps += 1
            # A decision point now and then, for the per-call timings below.
            if (
                len(samples) < 300
                and not state.is_terminal()
                and not state.is_chance_node()
                and rng.random() < 0.02
            ):
                samples.append(state.clone())
        finished += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "players": players,
        "games": finished,
        "seconds": elapsed,
        "games_per_s": finished / elapsed,
        "steps_per_s": steps / elapsed,
        "steps_per_game": steps / finished,
    }, samples


def micro(samples: list[State], call: Callable[[State], object], repeats: int = 20) -> float:
    """Mean microseconds of ``call`` over every sample, each repeated."""
    start = time.perf_counter()
    for state in samples:
        for _ in range(repeats):
            call(state)
    return (time.perf_counter() - start) / (len(samples) * repeats) * 1e6


def measure(game: Game[Any], seconds: float, players: int | None, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    n = (
        players
        if players is not None
        else min(max(3, game.spec.min_players), game.spec.max_players)
    )
    row, samples = playouts(game, n, seconds, rng)
    det_rng = random.Random(seed + 1)
    row["clone_us"] = micro(samples, lambda s: s.clone())
    row["legal_actions_us"] = micro(samples, lambda s: s.legal_actions())
    row["determinize_us"] = micro(samples, lambda s: s.determinize(s.current_player(), det_rng))
    return {"game": game.spec.id, **row}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per game")
    parser.add_argument("--players", type=int, help="players per game (default: 3, or nearest)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    try:
        chosen = [games.get(g) for g in args.games] if args.games else games.all()
    except ValueError as e:
        print(f"playout_speed: error: {e}", file=sys.stderr)
        return 2
    rows = [measure(g, args.seconds, args.players, args.seed) for g in chosen]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    table = Table(title=f"Random playouts, one core, {args.seconds:g} s per game")
    table.add_column("game", no_wrap=True)
    for name in (
        "players",
        "games/s",
        "steps/s",
        "steps/game",
        "clone µs",
        "legal µs",
        "determinize µs",
    ):
        table.add_column(name, justify="right", no_wrap=True)
    for r in rows:
        table.add_row(
            r["game"],
            str(r["players"]),
            f"{r['games_per_s']:,.0f}",
            f"{r['steps_per_s']:,.0f}",
            f"{r['steps_per_game']:.1f}",
            f"{r['clone_us']:.2f}",
            f"{r['legal_actions_us']:.2f}",
            f"{r['determinize_us']:.2f}",
        )
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
