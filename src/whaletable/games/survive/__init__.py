"""Survive: Escape from Atlantis! (30th anniversary) with the Giant Squid mini-expansion.

>>> from whaletable import games
>>> game = games.get("survive")
>>> state = game.new_state(3)
>>> state.current_player()  # the first player is drawn by chance
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
from whaletable.games.survive import codes, words
from whaletable.games.survive.actions import (
    ACTION_TYPES,
    LayTile,
    PickStartPlayer,
    RevealBack,
    RollCreatureDie,
    RollDiveDice,
)
from whaletable.games.survive.events import EVENT_TYPES
from whaletable.games.survive.observation import SurviveObservation
from whaletable.games.survive.rules import SurviveState, all_actions
from whaletable.games.survive.tensor import TENSOR


@dataclass(frozen=True)
class SurviveOptions:
    """The named options of Survive (defaults: the 30th anniversary rules with the Giant Squid).

    ``giant_squid``: play with the Giant Squid mini-expansion.
    ``squids_replace_whales``: its optional rule (needs ``giant_squid``).
    ``landing``: safe isles are reached from their two yellow spaces, or from every
    sea space touching the isle art (reference §12.1).
    ``tie_break``: tied players share the win, or the most explorers saved wins (§12.2).
    ``creature_stacking``: creatures may share spaces, or not (§12.3).
    ``swim_into_boats``: a swimmer's one space may end in a boat with room (§12.5).
    ``centre_is_sea``: the hole in the island counts as sea for sinking (§12.7).
    ``no_enclosed_tiles``: the island is built with no beach shut in by forests and
    mountains, nor forest by mountains (§4); off for quick random islands.
    ``densely_populated`` … ``atlantis_is_gone``: Challenge Rules 1–4.
    ``dolphins_and_diving_creatures``: Challenge Rule 5, dolphins and the dive dice.
    ``dive_die``: that rule's movement die: ``"reconstructed"`` (its faces are not printed
    anywhere; see ``data/components.toml``) or ``"1986"`` (1, 1, 2, 2, 3, Dive, as the
    reference guesses it); only with Rule 5.
    """

    giant_squid: bool = True
    squids_replace_whales: bool = False
    landing: Literal["yellow", "touching"] = "yellow"
    tie_break: Literal["shared", "most-saved"] = "shared"
    creature_stacking: Literal["allowed", "blocked"] = "allowed"
    swim_into_boats: bool = True
    centre_is_sea: bool = True
    no_enclosed_tiles: bool = True
    densely_populated: bool = False
    leave_no_one_behind: bool = False
    everyone_is_equal: bool = False
    atlantis_is_gone: bool = False
    dolphins_and_diving_creatures: bool = False
    dive_die: Literal["reconstructed", "1986"] = "reconstructed"


SPEC = GameSpec(
    id="survive",
    title="Survive: Escape from Atlantis!",
    min_players=2,
    max_players=4,
    options=SurviveOptions,
    version="1",
    summary=words.SUMMARY,
    playing_time=(45, 60),
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


class Survive(Game[SurviveState]):
    spec = SPEC
    action_types = ACTION_TYPES
    chance_action_types = (PickStartPlayer, LayTile, RevealBack, RollCreatureDie, RollDiveDice)
    tensor = TENSOR
    event_types = EVENT_TYPES
    observation_type = SurviveObservation
    # The section of rules.md (its anchor) a refused move is pointed to: a turn's, but for
    # the kinds listed.
    turn_section = "turn"
    rule_sections = MappingProxyType(
        {
            "place_explorer": "setup",
            "place_boat": "setup",
            "place_squid": "giant-squid",
            "take_person": "giant-squid",
            "move_empty_boat": "challenge",
        }
    )

    def describe(self, event: Event, names: Sequence[str], tr: Translate) -> str | None:
        return words.describe(event, names, tr)

    def _all_actions(self) -> list[Action]:
        return all_actions()

    @cached_property
    def player_codes(self) -> codes.PlayerCodes:
        """The rules' action tables as player codes (for listing legal codes directly)."""
        return codes.player_codes(self.player_code)

    def _check_options(self, num_players: int, options: SurviveOptions) -> None:
        if options.squids_replace_whales and not options.giant_squid:
            raise BadOption(
                "option 'squids_replace_whales' needs the Giant Squid (option 'giant_squid')"
            )
        if options.dive_die != "reconstructed" and not options.dolphins_and_diving_creatures:
            raise BadOption(
                f"option 'dive_die' = {options.dive_die!r} needs Challenge Rule 5 "
                "(option 'dolphins_and_diving_creatures'): without it no dive die is rolled"
            )

    def _new_state(self, num_players: int, options: SurviveOptions) -> SurviveState:
        return SurviveState(self, num_players, options)


GAME = register(Survive())
from whaletable.games.survive import advice as advice  # noqa: E402 - registers the advisor
from whaletable.games.survive import bots as bots  # noqa: E402 - registers the heuristic bot
