"""Stored bot ratings: what a lobby shows beside each bot level.

The data file, ``ratings.json`` beside this module, holds per game the ratings of
one tournament with the facts needed to reproduce it (bots, games, player counts,
seed, options). It is made from ``whaletable tournament … --json`` output::

    whaletable tournament whale-to-look --bots random,heuristic,mcts --games 1000 \\
        --json wtl.json
    python -m whaletable.sim.ratings wtl.json [more.json …]

which replaces the entries of those games and keeps the others. A game with no
entry has no ratings yet: :func:`bot_rating` answers None and a lobby shows none.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from whaletable.core.errors import WhaletableError
from whaletable.sim.tournament import SCHEMA as TOURNAMENT_SCHEMA

SCHEMA = "whaletable.ratings/1"


class RatingsError(WhaletableError):
    """A ratings file or tournament result that cannot be read."""


@dataclass(frozen=True)
class BotRating:
    bot: str
    mu: float
    sigma: float
    low: float
    high: float
    ordinal: float

    def label(self) -> str:
        """Short text for a lobby, e.g. ``"31.2 ± 1.4"`` (the interval's half-width)."""
        return f"{self.mu:.1f} ± {(self.high - self.low) / 2:.1f}"


@dataclass(frozen=True)
class GameRatings:
    """One game's ratings and the tournament they come from."""

    game: str
    bots: dict[str, BotRating]
    games: int
    players: tuple[int, ...]
    seed: int
    options: dict[str, Any]

    def command(self) -> str:
        """The command that measures these ratings again."""
        parts = [
            f"whaletable tournament {self.game} --bots {','.join(self.bots)}",
            f"--games {self.games} --seed {self.seed}",
        ]
        if len(self.players) == 1:
            parts.append(f"--players {self.players[0]}")
        parts.extend(f"--option {k}={json.dumps(v)}" for k, v in self.options.items())
        return " ".join(parts)


def _number(row: Mapping[str, Any], key: str, where: str) -> float:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RatingsError(f"{where}: {key!r} must be a number, not {value!r}")
    return float(value)


def _entry(game: str, data: Any, where: str) -> GameRatings:
    if not isinstance(data, Mapping):
        raise RatingsError(f"{where}: an entry must be an object, not {data!r}")
    rows = data.get("ratings")
    if not isinstance(rows, list) or not rows:
        raise RatingsError(f"{where}: 'ratings' must be a non-empty list")
    bots: dict[str, BotRating] = {}
    for i, row in enumerate(rows):
        at = f"{where}, rating {i + 1}"
        if not isinstance(row, Mapping) or not isinstance(row.get("bot"), str):
            raise RatingsError(f"{at}: each rating needs a 'bot' name")
        values = [_number(row, k, at) for k in ("mu", "sigma", "low", "high", "ordinal")]
        bots[row["bot"]] = BotRating(row["bot"], *values)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, int) for p in players):
        raise RatingsError(f"{where}: 'players' must be a list of player counts")
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise RatingsError(f"{where}: 'options' must be an object")
    return GameRatings(
        game=game,
        bots=bots,
        games=int(_number(data, "games", where)),
        players=tuple(players),
        seed=int(_number(data, "seed", where)),
        options=dict(options),
    )


def default_path() -> Path:
    return Path(str(resources.files("whaletable.sim").joinpath("ratings.json")))


def load_ratings(path: Path | None = None) -> dict[str, GameRatings]:
    """Every game's stored ratings, by game id (the packaged file unless ``path``)."""
    source = path or default_path()
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise RatingsError(f"cannot read ratings from {source}: {e}") from e
    if not isinstance(data, Mapping) or data.get("schema") != SCHEMA:
        raise RatingsError(f"{source}: not a ratings file (schema {SCHEMA!r} expected)")
    games = data.get("games")
    if not isinstance(games, Mapping):
        raise RatingsError(f"{source}: 'games' must be an object of game id to ratings")
    return {game: _entry(game, entry, f"{source}, {game}") for game, entry in games.items()}


def bot_rating(game: str, bot: str, path: Path | None = None) -> BotRating | None:
    """The stored rating of bot spec ``bot`` in ``game``, None if it has none.

    A time cap (``mcts:time=0.9``) only stops a search that has not finished its
    iterations, so a spec is rated as the same spec without it when only that is stored.
    """
    entry = load_ratings(path).get(game) if path is not None else packaged_ratings().get(game)
    if entry is None:
        return None
    return entry.bots.get(bot) or entry.bots.get(_without_time_cap(bot))


def _without_time_cap(spec: str) -> str:
    name, _, params = spec.partition(":")
    kept = [p for p in params.split(",") if p and not p.startswith("time=")]
    return f"{name}:{','.join(kept)}" if kept else name


@cache
def packaged_ratings() -> dict[str, GameRatings]:
    """The packaged ratings file, read once (a lobby asks on every visit)."""
    return load_ratings()


def entry_from_tournament(result: Mapping[str, Any]) -> dict[str, Any]:
    """The stored form of a tournament's JSON result (checked as :func:`load_ratings` does)."""
    if result.get("schema") != TOURNAMENT_SCHEMA:
        raise RatingsError(f"not a tournament result (schema {TOURNAMENT_SCHEMA!r} expected)")
    if not isinstance(result.get("game"), str):
        raise RatingsError("a tournament result names its 'game'")
    keep = ("mu", "sigma", "low", "high", "ordinal")
    entry = {
        "ratings": [
            {"bot": r["bot"], **{k: r[k] for k in keep}} for r in result.get("ratings", [])
        ],
        "games": result.get("games"),
        "players": result.get("players"),
        "seed": result.get("seed"),
        "options": result.get("options") or {},
    }
    _entry(str(result.get("game")), entry, f"tournament of {result.get('game')}")
    return entry


def store(results: Sequence[Mapping[str, Any]], path: Path | None = None) -> Path:
    """Put each tournament result's ratings into the ratings file, replacing its game's."""
    target = path or default_path()
    data: dict[str, Any] = {"schema": SCHEMA, "games": {}}
    if target.exists():
        load_ratings(target)  # refuse to build on a broken file
        data = json.loads(target.read_text(encoding="utf-8"))
    for result in results:
        entry = entry_from_tournament(result)
        data["games"][result["game"]] = entry
    data["games"] = dict(sorted(data["games"].items()))
    target.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m whaletable.sim.ratings",
        description="Store tournament results (whaletable tournament --json) as bot ratings.",
    )
    parser.add_argument("results", nargs="+", type=Path, help="tournament JSON files")
    parser.add_argument("--into", type=Path, help="ratings file (default: the packaged one)")
    args = parser.parse_args(argv)
    try:
        results = [json.loads(p.read_text(encoding="utf-8")) for p in args.results]
        target = store(results, args.into)
    except (OSError, json.JSONDecodeError, RatingsError) as e:
        print(f"ratings: error: {e}", file=sys.stderr)
        return 2
    print(f"ratings of {', '.join(str(r['game']) for r in results)} stored in {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = [
    "SCHEMA",
    "BotRating",
    "GameRatings",
    "RatingsError",
    "bot_rating",
    "entry_from_tournament",
    "load_ratings",
    "store",
]
