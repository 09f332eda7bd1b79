"""Whale Riders' actions as integer codes, read once from the game's code spaces so the
rules list a decision's codes (and chance's) without building actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from whaletable.games.whale_riders.rules import (
    BURN_CONTRACTS,
    BUY,
    DONE,
    DRAW_TILE,
    FULFIL_CONTRACTS,
    MOVE,
    TAKE_COIN,
)

if TYPE_CHECKING:
    from whaletable.games.whale_riders import WhaleRiders


class CodeTables:
    """The integer codes of the actions the rules offer, read once from the game's code
    spaces, so the rules list a decision's codes (and chance's) without building actions.

    The rules list a decision's actions in code order (move, the spaces, the coin, burn,
    fulfil; cards by number; done last), so the codes come out ascending unsorted.
    """

    __slots__ = (
        "burn",
        "burn_contracts",
        "buy",
        "contract",
        "done",
        "fulfil",
        "fulfil_contracts",
        "move",
        "take_coin",
        "tile",
    )

    def __init__(self, game: WhaleRiders) -> None:
        code = game.player_code
        self.move = code(MOVE)
        self.buy = tuple(map(code, BUY))
        self.take_coin = code(TAKE_COIN)
        self.burn_contracts = code(BURN_CONTRACTS)
        self.fulfil_contracts = code(FULFIL_CONTRACTS)
        self.burn = tuple(map(code, game.burn))
        self.fulfil = tuple(map(code, game.fulfil))
        self.done = code(DONE)
        self.tile = tuple(map(game.chance_code, DRAW_TILE))
        self.contract = tuple(map(game.chance_code, game.draw_contract))
        action_order = [self.move, *self.buy, self.take_coin, self.burn_contracts]
        for order in (
            [*action_order, self.fulfil_contracts],
            [*self.burn, self.done],
            [*self.fulfil, self.done],
            list(self.tile),
            list(self.contract),
        ):
            if order != sorted(order):
                raise ValueError(f"whale-riders: the rules list codes out of order: {order}")
