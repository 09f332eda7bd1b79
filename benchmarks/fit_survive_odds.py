"""Count Survive's odds of safety in simulated games and write them to the game's data.

Medium bots play ``--games`` games (2 to 4 players by turns, seeded); every explorer on
the board at a turn's start is filed under its situation and, at the end, under whether
it got to safety (:mod:`whaletable.games.survive.odds`). The counts replace
``src/whaletable/games/survive/data/odds.toml`` (or go to ``--out``), which hard's guide
reads. Games are shared among ``--jobs`` processes; the counts do not depend on how many.

    python benchmarks/fit_survive_odds.py --games 800 --seed 11 --jobs 2
"""

from __future__ import annotations

import argparse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from rich.progress import Progress

import whaletable.games  # noqa: F401 - registers the games
from whaletable.games.survive.odds import count_games, to_toml
from whaletable.sim.runner import game_seed

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src/whaletable/games/survive/data/odds.toml"
SHARD = 20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    shards = [seeds[i : i + SHARD] for i in range(0, len(seeds), SHARD)]
    counts: Counter[tuple[int, bool]] = Counter()
    with Progress() as progress, ProcessPoolExecutor(args.jobs) as pool:
        task = progress.add_task("games", total=args.games)
        sizes = {pool.submit(count_games, shard): len(shard) for shard in shards}
        for done in as_completed(sizes):
            counts.update(done.result())
            progress.advance(task, sizes[done])
    command = f"python benchmarks/fit_survive_odds.py --games {args.games} --seed {args.seed}"
    args.out.write_text(to_toml(counts, args.games, command), encoding="utf-8")
    print(
        f"{sum(counts.values())} sightings of explorers in {len({w for w, _ in counts})} "
        f"situations written to {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
