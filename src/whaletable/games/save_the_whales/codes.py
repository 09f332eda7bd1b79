"""Save the Whales' decisions and chance outcomes as integer codes, made once per game.

The integer API asks the rules for a position's legal codes; with these tables the
rules name codes directly instead of building the actions and looking each one up
(``SaveTheWhalesState._legal_player_codes`` and ``_chance_outcome_codes``). Every
code is the game's own (``game.player_code`` / ``game.chance_code`` of the action), so
the tables can never disagree with the codec.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from whaletable.core.action import Action
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales.components import DECKS, WHALES

if TYPE_CHECKING:
    from whaletable.games.save_the_whales import SaveTheWhales


@dataclass(frozen=True, slots=True)
class PlayerCodes:
    """The player code of every decision, per whale (``WHALES`` order), amount or space.

    The player space numbers the action types in this order (choose, name, roll, save,
    pay, refuse, collect, move anywhere, pass, leave, trade, done), which is
    what lets the rules list a decision's codes ascending without sorting them.
    """

    choose: tuple[int, ...]
    name: tuple[int, ...]
    roll: int
    save: tuple[int, ...]
    pay: tuple[int, ...]
    """By amount, from 0."""
    refuse: int
    collect: int
    move_anywhere: tuple[int, ...]
    pass_barnacle: tuple[int, ...]
    leave_path: tuple[int, ...]
    trade_places: tuple[int, ...]
    done: int


def player_codes(game: SaveTheWhales) -> PlayerCodes:
    """The player codes of ``game``'s decisions."""
    code = game.player_code

    def per_whale(kind: Callable[[str], Action]) -> tuple[int, ...]:
        return tuple(code(kind(w)) for w in WHALES)

    return PlayerCodes(
        choose=per_whale(act.ChooseWhale),
        name=per_whale(act.NameWhale),
        roll=code(act.Roll()),
        save=per_whale(act.SaveWhale),
        pay=tuple(code(a) for a in game.pay),
        refuse=code(act.Refuse()),
        collect=code(act.CollectSurvivalPoints()),
        move_anywhere=tuple(code(a) for a in game.move_anywhere),
        pass_barnacle=per_whale(act.PassBarnacle),
        leave_path=per_whale(act.LeavePath),
        trade_places=per_whale(act.TradePlaces),
        done=code(act.Done()),
    )


def draw_codes(game: SaveTheWhales) -> tuple[tuple[int, ...], ...]:
    """Per deck (``DECKS`` order), the chance code of drawing each of its cards."""
    cards = game.components.cards
    return tuple(
        tuple(game.chance_code(act.DrawCard(d, i)) for i in range(len(cards[d]))) for d in DECKS
    )


def dice_codes(
    odds: tuple[tuple[act.ThrowDice, float], ...], game: SaveTheWhales
) -> tuple[list[int], list[tuple[int, float]]]:
    """The chance codes of a throw's outcomes, and (code, probability) pairs, in ``odds``
    order."""
    codes = [game.chance_code(a) for a, _ in odds]
    return codes, [(c, p) for c, (_, p) in zip(codes, odds, strict=True)]
