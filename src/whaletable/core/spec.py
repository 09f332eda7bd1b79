"""Static facts about a game, declared once per game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CHANCE = -1
"""`State.current_player()` at a chance node: the next action is a random outcome."""

TERMINAL = -2
"""`State.current_player()` once the game is over."""


@dataclass(frozen=True)
class GameSpec:
    """What a game is, independent of any one play of it.

    ``options`` is a frozen dataclass type whose defaults are the standard game;
    every field is a named option a player may change.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: type[Any]
    cooperative: bool = False
    version: str = "1"
    summary: str = ""
