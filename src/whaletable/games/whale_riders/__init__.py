"""Whale Riders (Reiner Knizia, 2021): trade along the Ice Coast and come home with pearls.

>>> from whaletable import games
>>> game = games.get("whale-riders")
>>> state = game.new_state(4)
>>> state.current_player()  # chance lays the coast first
-1
>>> len(state.legal_actions()) > 1
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.game import Game
from whaletable.core.registry import register
from whaletable.core.spec import ChanceMode, GameSpec, Information, Utility
from whaletable.core.words import Translate
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders import rules, words
from whaletable.games.whale_riders.codes import CodeTables
from whaletable.games.whale_riders.components import Components, load_components
from whaletable.games.whale_riders.events import EVENT_TYPES
from whaletable.games.whale_riders.observation import WhaleRidersObservation
from whaletable.games.whale_riders.tensor import TENSOR


@dataclass(frozen=True)
class WhaleRidersOptions:
    """The named options of Whale Riders (the defaults are the readings in notes.md).

    ``storms``: a storm on a space blocks it (``block``), or may be bought to clear
    it (``clearable``), or is set aside and replaced when drawn (``lull``).
    ``empty_bag``: a space the bag cannot refill stays empty, or the game ends.
    ``surplus``: goods on a tile beyond what a contract asks for are lost, or kept.
    ``refill``: hands are drawn back up to three at the end of the turn, or right
    after each burn or fulfil action.
    ``gaps``: a bought tile's gap closes (the tiles above slide down, and a goods
    port's top space is refilled from the bag) at the end of the turn, as the
    rulebook says, or at once after each purchase, as the previews describe.
    ``magic_of_the_whale`` and ``clans_decree``: the two variants (reconstructed tiles).
    """

    storms: Literal["block", "clearable", "lull"] = "block"
    empty_bag: Literal["leave_empty", "ends_game"] = "leave_empty"
    surplus: Literal["lost", "kept"] = "lost"
    refill: Literal["end_of_turn", "after_action"] = "end_of_turn"
    gaps: Literal["end_of_turn", "at_once"] = "end_of_turn"
    magic_of_the_whale: bool = False
    clans_decree: bool = False


SPEC = GameSpec(
    id="whale-riders",
    title="Whale Riders",
    min_players=2,
    max_players=6,
    options=WhaleRidersOptions,
    version="1",
    summary=words.SUMMARY,
    playing_time=(30, 45),
    picture=words.PICTURE,
    option_help=words.OPTION_HELP,
    # The winners share 1 (a tie splits it), everyone else gets 0.
    utility=Utility.CONSTANT_SUM,
    utility_sum=1.0,
    min_utility=0.0,
    max_utility=1.0,
    information=Information.IMPERFECT,
    chance_mode=ChanceMode.EXPLICIT_STOCHASTIC,
)


class WhaleRiders(Game[rules.WhaleRidersState]):
    spec = SPEC
    event_types = EVENT_TYPES
    action_types = act.ACTION_TYPES
    chance_action_types = act.CHANCE_ACTION_TYPES
    tensor = TENSOR
    observation_type = WhaleRidersObservation
    # The section of rules.md (its anchor) a refused move is pointed to: a turn's, for
    # every kind.
    turn_section = "turn"

    def __init__(self, components: Components | None = None) -> None:
        if components is not None:
            self.__dict__["components"] = components
        c = self.components
        cards = range(len(c.contracts))
        # The canonical action objects, made once: legal lists reuse them.
        self.draw_contract = tuple(act.DrawContract(k) for k in cards)
        self.burn = tuple(act.Burn(k) for k in cards)
        self.fulfil = tuple(act.Fulfil(k) for k in cards)
        self.deal_power = tuple(act.DealPower(p.id) for p in c.powers)
        self.reveal_decree = tuple(act.RevealDecree(d.id) for d in c.decrees)
        self.power_index = {p.id: i for i, p in enumerate(c.powers)}
        self.decree_index = {d.id: i for i, d in enumerate(c.decrees)}
        self.needs = tuple(rules.pack_goods(card.needs) for card in c.contracts)
        self.price_rows = rules.price_rows(c)
        super().__init__()
        self.codes = CodeTables(self)

    @cached_property
    def components(self) -> Components:
        return load_components()

    def _all_actions(self) -> list[Action]:
        out: list[Action] = [act.PickStartPlayer(s) for s in range(SPEC.max_players)]
        out += rules.DRAW_TILE
        out += self.draw_contract
        out += self.deal_power
        out += self.reveal_decree
        out += [
            rules.MOVE,
            *rules.BUY,
            rules.TAKE_COIN,
            rules.BURN_CONTRACTS,
            rules.FULFIL_CONTRACTS,
        ]
        out += self.burn
        out += self.fulfil
        out.append(rules.DONE)
        return out

    def describe(self, event: Event, names: Sequence[str], tr: Translate) -> str | None:
        return words.describe(event, names, tr, self.components)

    def _new_state(self, num_players: int, options: WhaleRidersOptions) -> rules.WhaleRidersState:
        return rules.WhaleRidersState(self, num_players, options)


GAME = register(WhaleRiders())
from whaletable.games.whale_riders import advice as advice  # noqa: E402 - registers the advisor
from whaletable.games.whale_riders import bots as bots  # noqa: E402 - registers the heuristic bot
