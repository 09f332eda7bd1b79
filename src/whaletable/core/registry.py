"""The registry of games by id. Games register themselves when imported."""

from __future__ import annotations

from typing import Any

from whaletable.core.errors import UnknownGame
from whaletable.core.game import Game

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    if game.spec.id in _GAMES:
        raise ValueError(f"game {game.spec.id!r} is registered twice")
    _GAMES[game.spec.id] = game
    return game


def get(game_id: str) -> Game[Any]:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(
            f"unknown game {game_id!r}; games are: {', '.join(sorted(_GAMES)) or 'none'}"
        ) from None


def all_games() -> list[Game[Any]]:
    return [_GAMES[k] for k in sorted(_GAMES)]
