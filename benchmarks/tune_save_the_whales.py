"""Tune Save the Whales' reconstructed data: play team games and draw the whales saved.

Run ``.venv/bin/python benchmarks/tune_save_the_whales.py --games 2000`` after changing
``data/board.toml`` or ``data/cards.toml``. It prints the figures the issue sets as targets
(mean whales saved 4–6, all eight saved in 5–25% of games, mean length 60–120 turns) and
writes a histogram of whales saved to ``docs/save-the-whales-whales-saved.png``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # after the backend is chosen

import whaletable.games  # noqa: F401 - registers the games and their bots
from whaletable.games.save_the_whales.tuning import play_team_games, summarise

ROOT = Path(__file__).resolve().parent.parent
PNG = ROOT / "docs" / "save-the-whales-whales-saved.png"

TARGETS = {
    "mean_saved": (4.0, 6.0),
    "all_eight": (0.05, 0.25),
    "mean_turns": (60.0, 120.0),
}


def draw_histogram(histogram: list[int], title: str, path: Path) -> None:
    """Bars of the share of games by whales saved (0–8), labelled with their percentages."""
    total = sum(histogram) or 1
    shares = [100 * count / total for count in histogram]
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    colours = ["#56b4e9"] * (len(histogram) - 1) + ["#e69f00"]  # all eight saved stands out
    bars = ax.bar(range(len(histogram)), shares, color=colours)
    ax.bar_label(bars, labels=[f"{v:.1f}%" for v in shares], fontsize=9)
    ax.set_xticks(range(len(histogram)))
    ax.set_xlabel("whales saved in a game (8 = all saved: the team wins)")
    ax.set_ylabel("share of games (%)")
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--png", type=Path, default=PNG)
    args = parser.parse_args()
    start = time.perf_counter()
    results = play_team_games(args.games, players=args.players, seed=args.seed)
    seconds = time.perf_counter() - start
    s = summarise(results)
    print(f"{args.games} games, {args.players} heuristic seats, seed {args.seed} ({seconds:.0f} s)")
    print("| figure | result | target |")
    print("|---|---|---|")
    print(
        f"| mean whales saved | {s['mean_saved']:.2f} ± {s['saved_95']:.2f} | "
        f"{TARGETS['mean_saved'][0]:g}–{TARGETS['mean_saved'][1]:g} |"
    )
    print(
        f"| all eight saved | {100 * s['all_eight']:.1f}% ± {100 * s['all_eight_95']:.1f} | 5–25% |"
    )
    print(
        f"| mean length (turns) | {s['mean_turns']:.1f} (median {s['median_turns']:g}, "
        f"{s['min_turns']}–{s['max_turns']}) | 60–120 |"
    )
    print("| whales saved 0..8 | " + " ".join(str(c) for c in s["histogram"]) + " | |")
    ok = all(lo <= s[key] <= hi for key, (lo, hi) in TARGETS.items())
    print("within every target" if ok else "OUTSIDE A TARGET")
    title = f"Save the Whales: {args.games} games, {args.players} heuristic seats"
    draw_histogram(s["histogram"], title, args.png)
    print(f"wrote {args.png}")


if __name__ == "__main__":
    main()
