"""Whale Spotting: boats race out of the harbour to spot a whale nobody can see.

A template: a small but complete game with every module a game has. Copy this folder
to ``src/whaletable/games/<module>/`` and follow ``docs/adding-a-game.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from whaletable.core.action import Action
from whaletable.core.errors import BadOption
from whaletable.core.event import Event
from whaletable.core.game import Game
from whaletable.core.registry import register
from whaletable.core.spec import ChanceMode, GameSpec, Information, Utility
from whaletable.core.words import Translate

from . import words
from .actions import HideWhale, Sail
from .codes import CodeBook
from .components import Sea, load_sea
from .events import EVENT_TYPES
from .observation import WhaleSpottingObservation
from .rules import WhaleSpottingState
from .tensor import TENSOR

GAME_ID = "whale-spotting"


@dataclass(frozen=True)
class WhaleSpottingOptions:
    """The named options of Whale Spotting.

    ``rounds``: how many times each seat sails at most (§5).
    ``sightings_to_win``: the sightings that end the game at once (§5).
    """

    rounds: int = 8
    sightings_to_win: int = 2


SPEC = GameSpec(
    id=GAME_ID,
    title="Whale Spotting",
    min_players=2,
    max_players=4,
    options=WhaleSpottingOptions,
    version="1",
    summary="Sail out, listen for echoes and be the first to spot the hidden whale.",
    # Seats tied for most sightings share the win: the returns always add up to 1.
    utility=Utility.CONSTANT_SUM,
    utility_sum=1.0,
    min_utility=0.0,
    max_utility=1.0,
    information=Information.IMPERFECT,
    chance_mode=ChanceMode.EXPLICIT_STOCHASTIC,
)


class WhaleSpotting(Game[WhaleSpottingState]):
    spec = SPEC
    action_types = (HideWhale, Sail)
    chance_action_types = (HideWhale,)
    event_types = EVENT_TYPES
    observation_type = WhaleSpottingObservation
    # The section of rules.md (its anchor) a refused move is pointed to: a turn's, for
    # every kind.
    turn_section = "turn"
    tensor = TENSOR

    @cached_property
    def sea(self) -> Sea:
        return load_sea()

    @cached_property
    def code_book(self) -> CodeBook:
        return CodeBook(self.sea.zones, self.player_code)

    def describe(self, event: Event, names: Sequence[str], tr: Translate) -> str | None:
        return words.describe(event, names, tr)

    def describe_action(self, action: Action, tr: Translate) -> str:
        return words.action_words(action, tr)

    def _all_actions(self) -> list[Action]:
        zones = range(self.sea.zones)
        return [*(HideWhale(z) for z in zones), *(Sail(z) for z in zones)]

    def _check_options(self, num_players: int, options: WhaleSpottingOptions) -> None:
        if options.rounds < 1:
            raise BadOption(f"option 'rounds' must be at least 1; got {options.rounds}")
        if options.sightings_to_win < 1:
            raise BadOption(
                f"option 'sightings_to_win' must be at least 1; got {options.sightings_to_win}"
            )

    def _max_game_length(self, num_players: int, options: WhaleSpottingOptions) -> int:
        return options.rounds * num_players

    def _max_chance_nodes(self, num_players: int, options: WhaleSpottingOptions) -> int:
        """The first dive, and one after every sighting but the last."""
        return options.sightings_to_win * num_players

    def _new_state(self, num_players: int, options: WhaleSpottingOptions) -> WhaleSpottingState:
        return WhaleSpottingState(self, num_players, options)


GAME = register(WhaleSpotting())
from . import advice as advice  # noqa: E402 - registers the advisor
from . import bots as bots  # noqa: E402 - registers the heuristic bot
