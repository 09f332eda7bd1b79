"""Whale to Look (Oink Games, 2023): predict where the whale and the orca surface.

>>> from whaletable import games
>>> game = games.get("whale-to-look")
>>> state = game.new_state(3, {"start_player": 0, "area_layout": "ordered"})
>>> state.current_player()  # the fish cards are dealt by chance first
-1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Literal

from whaletable.core.action import Action
from whaletable.core.errors import BadOption
from whaletable.core.event import Event
from whaletable.core.game import Game
from whaletable.core.registry import register
from whaletable.core.spec import ChanceMode, GameSpec, Information, Utility
from whaletable.core.words import Translate
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look import words
from whaletable.games.whale_to_look.codes import CodeBook
from whaletable.games.whale_to_look.components import (
    BOARDS,
    NUM_AREAS,
    NUM_FISH,
    Board,
    Components,
    load_components,
)
from whaletable.games.whale_to_look.events import EVENT_TYPES
from whaletable.games.whale_to_look.observation import WhaleToLookObservation
from whaletable.games.whale_to_look.rules import (
    BOATS,
    RADARS_TWO_PLAYERS,
    ROUNDS,
    TRENDS,
    WhaleToLookState,
)
from whaletable.games.whale_to_look.tensor import TENSOR


@dataclass(frozen=True)
class WhaleToLookOptions:
    """The named options of Whale to Look.

    ``edition``: which rulebook's rules apply where the English and Vietnamese books
    differ (fisher boat, fishers per area, anchoring the fisher, 2-player radar).
    ``area_layout``: area cards shuffled (the rulebook) or laid in printed order.
    ``trending``: the round-2 trending card: drawn at random, a fixed one, or none.
    ``start_player``: the round-1 start player, or ``None`` to draw one at random.
    ``anchor_without_tourists``: an anchored boat with no tourist left (the fisher
    took the only one) on a scoring area gains the anchor's +2 (``bonus``), or
    nothing, since it scores no tourists (``nothing``).
    ``table``: the rulebooks' table (``standard``), or a smaller one for research
    (``reduced``: four areas, nine fish cards, four markers; 2–4 players). It is not
    a rulebook variant: ``notes.md`` says what it keeps and why.
    """

    edition: Literal["en", "vi"] = "en"
    area_layout: Literal["shuffled", "ordered"] = "shuffled"
    trending: Literal[
        "random", "whale-watching", "fishing", "whale-and-orca", "orca-watching", "none"
    ] = "random"
    start_player: int | None = None
    anchor_without_tourists: Literal["bonus", "nothing"] = "bonus"
    table: Literal["standard", "reduced"] = "standard"


REDUCED_MAX_PLAYERS = 4
"""The reduced table has four areas: in the Vietnamese edition each holds one fisher boat."""

SPEC = GameSpec(
    id="whale-to-look",
    title="Whale to Look",
    min_players=2,
    max_players=5,
    options=WhaleToLookOptions,
    version="1",
    summary=words.SUMMARY,
    playing_time=(20, 30),
    picture=words.PICTURE,
    option_help=words.OPTION_HELP,
    # The tie-breaks always leave one winner: 1 for it, 0 for everyone else.
    utility=Utility.CONSTANT_SUM,
    utility_sum=1.0,
    min_utility=0.0,
    max_utility=1.0,
    information=Information.IMPERFECT,
    chance_mode=ChanceMode.EXPLICIT_STOCHASTIC,
)


class WhaleToLook(Game[WhaleToLookState]):
    spec = SPEC
    action_types = (
        act.PickStartPlayer,
        act.RevealTrend,
        act.LayArea,
        act.DealFish,
        act.ChooseFisherBoat,
        act.Investigate,
        act.UseRadar,
        act.MoveBoat,
        act.Finish,
    )
    chance_action_types = (act.PickStartPlayer, act.RevealTrend, act.LayArea, act.DealFish)
    tensor = TENSOR
    observation_type = WhaleToLookObservation
    # The section of rules.md (its anchor) a refused move is pointed to: a turn's, but for
    # the kinds listed.
    turn_section = "turn"
    rule_sections = MappingProxyType({"choose_fisher_boat": "round-2", "use_radar": "radar"})
    event_types = EVENT_TYPES

    def describe(self, event: Event, names: Sequence[str], tr: Translate) -> str | None:
        return words.describe(event, names, tr)

    @cached_property
    def components(self) -> Components:
        return load_components()

    @cached_property
    def _area_cards(self) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
        c = self.components
        return {name: (c.numbers_on(b), c.ordered_on(b)) for name, b in BOARDS.items()}

    def area_numbers(self, board: Board) -> tuple[int, ...]:
        """The printed numbers of the area cards laid on ``board``."""
        return self._area_cards[board.name][0]

    def ordered_layout(self, board: Board) -> tuple[int, ...]:
        """The area cards' numbers in reading order when ``area_layout`` is ``ordered``."""
        return self._area_cards[board.name][1]

    @cached_property
    def code_book(self) -> CodeBook:
        """The player codes the rules list a decision's legal codes from (``codes.py``)."""
        return CodeBook(self.player_code)

    def _all_actions(self) -> list[Action]:
        # The player actions' order is the order the rules list a decision's legal
        # codes in (CodeBook refuses any other), so those lists need no sorting.
        c = self.components
        out: list[Action] = [act.PickStartPlayer(s) for s in range(SPEC.max_players)]
        out += [act.RevealTrend(t) for t in TRENDS]
        out += [act.LayArea(n) for n in c.area_numbers]
        out += [act.DealFish(v) for v in sorted(set(c.fish_values))]
        out += [act.ChooseFisherBoat(b) for b in range(BOATS)]
        out += [act.Investigate(f) for f in range(NUM_FISH)]
        out += [act.UseRadar(f) for f in range(NUM_FISH)]
        out += [
            act.MoveBoat(b, a, anchor)
            for b in range(BOATS)
            for a in range(NUM_AREAS)
            for anchor in (False, True)
        ]
        out.append(act.Finish())
        return out

    def _max_game_length(self, num_players: int, options: WhaleToLookOptions) -> int:
        """A seat decides at most, per round: the fisher's boat (1), an investigation and a
        move per marker (2 × 5; 2 × 4 on the reduced table), its radars (2 at most) and
        "Done!" (1)."""
        markers = BOARDS[options.table].markers
        return ROUNDS * num_players * (1 + 2 * markers + RADARS_TWO_PLAYERS + 1)

    def _max_chance_nodes(self, num_players: int, options: WhaleToLookOptions) -> int:
        """The start player, the trending card, and per round every area and fish card."""
        board = BOARDS[options.table]
        return 2 + ROUNDS * (board.num_areas + board.num_fish)

    def _check_options(self, num_players: int, options: WhaleToLookOptions) -> None:
        sp = options.start_player
        if sp is not None and not 0 <= sp < num_players:
            raise BadOption(
                f"option 'start_player' must be a seat 0..{num_players - 1} or null; got {sp}"
            )
        if options.table == "reduced" and num_players > REDUCED_MAX_PLAYERS:
            raise BadOption(
                f"option 'table' = 'reduced' is for 2–{REDUCED_MAX_PLAYERS} players, not "
                f"{num_players}: its four areas leave a fifth fisher boat (Vietnamese "
                "edition, Fishing season) no area to stand on"
            )

    def _new_state(self, num_players: int, options: WhaleToLookOptions) -> WhaleToLookState:
        return WhaleToLookState(self, num_players, options)


GAME = register(WhaleToLook())
from whaletable.games.whale_to_look import advice as advice  # noqa: E402 - registers the advisor
from whaletable.games.whale_to_look import bots as bots  # noqa: E402 - registers the heuristic bot
