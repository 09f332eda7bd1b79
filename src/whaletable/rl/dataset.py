"""Played games as Parquet datasets: one row per decision, one file per shard.

Each row is one seat's decision, with what that seat saw (its observation tensor and
legal mask) and how its game ended for it (rewards come only at the end, so the
reward-to-go of every row is the seat's final return). The schema is documented in
``docs/research.md``; the tensor layout of the game is stored in the file's metadata
(key ``whaletable.layout``), so a column of floats can be read back by field name.

    python -m whaletable.rl.dataset whale-to-look --games 1000 --out data/wtl

>>> import tempfile, pandas
>>> from whaletable.rl.dataset import write_parquet
>>> with tempfile.TemporaryDirectory() as d:
...     paths = write_parquet("whale-to-look", d, games=4, games_per_shard=2)
...     frame = pandas.read_parquet(d)
>>> len(paths), sorted(frame["seed"].unique().tolist())
(2, [0, 1, 2, 3])
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from whaletable import games as games_registry
from whaletable.agents import make_agent
from whaletable.core.agent import SeatView
from whaletable.core.errors import WhaletableError
from whaletable.core.game import Game
from whaletable.core.record import Record

LAYOUT_KEY = b"whaletable.layout"


def schema(game: Game[Any], num_players: int, options: Any = None) -> pa.Schema:
    """The columns of a dataset of ``game`` (the observation's length is the layout's)."""
    layout = game.observation_layout(num_players, options)
    meta = {
        LAYOUT_KEY: json.dumps(layout.describe()).encode(),
        b"whaletable.game": game.spec.id.encode(),
        b"whaletable.num_player_actions": str(game.num_player_actions).encode(),
    }
    return pa.schema(
        [
            pa.field("game", pa.string()),
            pa.field("num_players", pa.int8()),
            pa.field("seed", pa.int64()),
            pa.field("step", pa.int32()),
            pa.field("seat", pa.int8()),
            pa.field("observation", pa.list_(pa.float32(), layout.size)),
            pa.field("legal_mask", pa.list_(pa.bool_(), game.num_player_actions)),
            pa.field("action", pa.int32()),
            pa.field("reward_to_go", pa.float32()),
        ],
        metadata=meta,
    )


def play_rows(
    game: Game[Any], num_players: int, seed: int, bots: Sequence[str], options: Any = None
) -> dict[str, list[Any]]:
    """One seeded game by ``bots`` (one name per seat), as columns of decision rows."""
    state = game.new_state(num_players, options)
    rng = random.Random(seed)
    agents = [make_agent(name, game, seed * 1_000 + s) for s, name in enumerate(bots)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player()
            state.apply(agents[seat].act(SeatView(state, seat)))
    return record_rows(Record.of(state, seats=list(bots)), seed)


def record_rows(record: Record, seed: int) -> dict[str, list[Any]]:
    """The decision rows of a finished recorded game (any game: bots', people's, the web
    table's), replayed from its record; ``seed`` fills the seed column (a record need not
    have one)."""
    game = games_registry.get(record.game)
    state = record.new_state()
    actions = [game.action_from_json(a) for a in record.actions]
    cols: dict[str, list[Any]] = {
        k: [] for k in ("step", "seat", "observation", "legal_mask", "action")
    }
    for action in actions:
        seat = state.current_player()
        if seat >= 0:
            mask = state.legal_action_mask()
            cols["step"].append(len(state.history))
            cols["seat"].append(seat)
            cols["observation"].append(state.observation_tensor(seat))
            cols["legal_mask"].append(mask)
            cols["action"].append(game.player_code(action))
        state.apply(action)
    if not state.is_terminal():
        # Every row's reward-to-go is its seat's final return: an unfinished game has none.
        raise ValueError(
            f"a {record.game} record unfinished at step {len(state.history)} has no "
            "rewards to go: only finished games make rows"
        )
    returns = state.returns()
    rows = len(cols["step"])
    cols["reward_to_go"] = [returns[s] for s in cols["seat"]]
    cols["game"] = [game.spec.id] * rows
    cols["num_players"] = [record.num_players] * rows
    cols["seed"] = [seed] * rows
    return cols


def write_shard(games: Sequence[dict[str, list[Any]]], table_schema: pa.Schema, path: Path) -> None:
    """The rows of ``games`` (each :func:`record_rows`' columns) as one Parquet file."""
    cols: dict[str, list[Any]] = {f.name: [] for f in table_schema}
    for rows in games:
        for name, values in rows.items():
            cols[name].extend(values)
    table = pa.table(
        {f.name: pa.array(cols[f.name], type=f.type) for f in table_schema}, schema=table_schema
    )
    pq.write_table(table, path)


def write_records(
    records: Sequence[Record],
    path: str | Path,
    *,
    first_seed: int = 0,
    seeds: Sequence[int] | None = None,
) -> Path:
    """One Parquet shard of finished recorded games of one game, player count and set
    of options; the seed column holds ``seeds`` (one per record), else counts from
    ``first_seed``. ``whaletable simulate --export`` writes its games so, one shard per
    chunk of games."""
    if not records:
        raise ValueError("no records to write")
    if seeds is None:
        seeds = range(first_seed, first_seed + len(records))
    if len(seeds) != len(records):
        raise ValueError(f"{len(records)} records need as many seeds, not {len(seeds)}")
    first = records[0]
    for i, r in enumerate(records):
        if r.game != first.game or r.num_players != first.num_players:
            raise ValueError(
                f"a shard holds one game at one player count: record {i} is {r.game} "
                f"at {r.num_players} players, record 0 {first.game} at {first.num_players}"
            )
        if r.options != first.options:
            # The file's tensor layout is the first record's options'.
            raise ValueError(
                f"a shard holds games of one set of options: record {i} has options "
                f"{r.options}, record 0 {first.options}"
            )
    game = games_registry.get(first.game)
    table_schema = schema(game, first.num_players, game.make_options(first.options))
    rows = [record_rows(record, seed) for record, seed in zip(records, seeds, strict=True)]
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_shard(rows, table_schema, out)
    return out


def write_parquet(
    game_id: str,
    out_dir: str | Path,
    *,
    games: int = 100,
    seed: int = 0,
    num_players: int | None = None,
    bots: str | Sequence[str] = "random",
    games_per_shard: int = 100,
    options: Any = None,
) -> list[Path]:
    """Play ``games`` seeded games (seeds ``seed``, ``seed + 1``, …) and write them as
    Parquet shards of ``games_per_shard`` games under ``out_dir``; returns the files."""
    game = games_registry.get(game_id)
    n = min(max(3, game.spec.min_players), game.spec.max_players)
    n = n if num_players is None else num_players
    seats = [bots] * n if isinstance(bots, str) else list(bots)
    if len(seats) != n:
        raise ValueError(f"{n} bots are needed (one per seat), {len(seats)} were named")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if games_per_shard < 1:
        raise ValueError(f"games_per_shard must be at least 1, not {games_per_shard}")
    opts = game.make_options(options)
    # Refuse a bad player count, option or bot before any file is written.
    game.new_state(n, opts)
    for name in set(seats):
        make_agent(name, game, 0)
    table_schema = schema(game, n, opts)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for shard, first in enumerate(range(seed, seed + games, games_per_shard)):
        seeds = range(first, min(first + games_per_shard, seed + games))
        path = out / f"{game_id}-{n}p-seed{seed}-{shard:05d}.parquet"
        write_shard([play_rows(game, n, s, seats, opts) for s in seeds], table_schema, path)
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write seeded bot games as Parquet shards.")
    parser.add_argument("game", help="a game id, e.g. whale-to-look")
    parser.add_argument("--out", required=True, help="directory for the shards")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="random", help="one bot for every seat, or a,b,c")
    parser.add_argument("--games-per-shard", type=int, default=100)
    args = parser.parse_args(argv)
    bots = args.bots.split(",") if "," in args.bots else args.bots
    try:
        paths = write_parquet(
            args.game,
            args.out,
            games=args.games,
            seed=args.seed,
            num_players=args.players,
            bots=bots,
            games_per_shard=args.games_per_shard,
        )
    except (ValueError, WhaletableError) as e:
        parser.error(str(e))
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
