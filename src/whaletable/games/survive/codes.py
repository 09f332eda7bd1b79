"""Survive's decisions as integer codes: the rules' action tables, made once per game.

The integer API asks the rules for a position's legal codes; with these tables the
rules name codes directly instead of building the actions and looking each one up
(``SurviveState._legal_player_codes``). Every code is the game's own
(``game.player_code`` of the very action the rules' table holds), so the tables can
never disagree with the codec. Each table has the shape of the rules' table it mirrors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from whaletable.core.action import Action
from whaletable.games.survive.rules import (
    _ASHORE,
    _BOARD,
    _END,
    _JUMP,
    _MOVE_BOAT,
    _MOVE_CR,
    _MOVE_EMPTY,
    _MOVE_EX,
    _PICK,
    _PLACE_BOAT,
    _PLACE_EX,
    _PLACE_SQUID,
    _PLAY,
    _SINK,
)


@dataclass(frozen=True, slots=True)
class PlayerCodes:
    """The player code of every decision the rules hand out, by the same keys as the
    rules' tables (explorer, boat, creature, space, direction, tile effect, value)."""

    place_explorer: dict[int, dict[int, int]]
    place_boat: dict[int, int]
    move_explorer: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    jump: tuple[int, ...]
    ashore: tuple[int, ...]
    move_boat: tuple[tuple[int, ...], ...]
    end: int
    play: dict[str, tuple[int, ...]]
    sink: dict[int, int]
    place_squid: dict[int, int]
    pick: tuple[int, ...]
    move_creature: tuple[int, ...]
    move_empty_boat: tuple[tuple[int, ...], ...]


def player_codes(code: Callable[[Action], int]) -> PlayerCodes:
    """The rules' tables with each action replaced by ``code(action)``, its player code."""

    def row(actions: Iterable[Action]) -> tuple[int, ...]:
        return tuple(map(code, actions))

    def keyed(table: Mapping[int, Action]) -> dict[int, int]:
        return {key: code(a) for key, a in table.items()}

    return PlayerCodes(
        place_explorer={h: keyed(by_value) for h, by_value in _PLACE_EX.items()},
        place_boat=keyed(_PLACE_BOAT),
        move_explorer=tuple(map(row, _MOVE_EX)),
        board=row(_BOARD),
        jump=row(_JUMP),
        ashore=row(_ASHORE),
        move_boat=tuple(map(row, _MOVE_BOAT)),
        end=code(_END),
        play={effect: row(tiles) for effect, tiles in _PLAY.items()},
        sink=keyed(_SINK),
        place_squid=keyed(_PLACE_SQUID),
        pick=row(_PICK),
        move_creature=row(_MOVE_CR),
        move_empty_boat=tuple(map(row, _MOVE_EMPTY)),
    )
