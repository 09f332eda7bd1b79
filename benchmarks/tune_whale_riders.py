"""Whale Riders balance table: heuristic bots at 2, 4 and 6 players, and bots against random.

Run ``.venv/bin/python benchmarks/tune_whale_riders.py [--games N] [--mcts-games M]`` on
one core; it prints one row per player count (game length, the start player's win
rate, every position's win rate, contracts fulfilled, riders home) and then the
win rates of the heuristic and of MCTS against random bots.
"""

from __future__ import annotations

import argparse
import json
import time

from whaletable.games.whale_riders.tuning import measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 6])
    parser.add_argument("--vs-random", type=int, default=400, help="heuristic vs random games")
    parser.add_argument("--mcts-games", type=int, default=40, help="MCTS vs random games")
    parser.add_argument("--mcts", default="mcts:iterations=200", help="the MCTS bot spec")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for n in args.players:
        start = time.perf_counter()
        row = measure(n, args.games, seed=args.seed).row()
        row["seconds"] = round(time.perf_counter() - start, 1)
        print(json.dumps(row), flush=True)
    for seats, games in (
        (["heuristic", "random"], args.vs_random),
        (["heuristic", "random", "random", "random"], args.vs_random),
        ([args.mcts, "random"], args.mcts_games),
        ([args.mcts, "heuristic"], args.mcts_games),
    ):
        if games <= 0:
            continue
        start = time.perf_counter()
        row = measure(len(seats), games, seats=seats, seed=args.seed).row()
        print(
            json.dumps(
                {
                    "seats": seats,
                    "games": games,
                    "win_rates": row["bot_win_rates"],
                    "mean_turns": row["mean_turns"],
                    "seconds": round(time.perf_counter() - start, 1),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
