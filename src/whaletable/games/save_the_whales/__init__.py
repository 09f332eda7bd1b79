"""Save the Whales (Animal Town, 1978): a cooperative race to save eight whales.

>>> from whaletable import games
>>> game = games.get("save-the-whales")
>>> state = game.new_state(4)
>>> state.current_player()  # every seat first selects a whale
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from types import MappingProxyType
from typing import Literal

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.game import Game
from whaletable.core.registry import register
from whaletable.core.spec import ChanceMode, GameSpec, Information, Utility
from whaletable.core.words import Translate
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import codes, words
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales.components import (
    DECKS,
    WHALES,
    Components,
    default_components,
)
from whaletable.games.save_the_whales.observation import SaveTheWhalesObservation
from whaletable.games.save_the_whales.rules import (
    MAX_SEATS,
    SHIP,
    SaveTheWhalesState,
    dice_faces,
    dice_odds,
)
from whaletable.games.save_the_whales.tensor import TENSOR


@dataclass(frozen=True)
class SaveTheWhalesOptions:
    """The named options of Save the Whales.

    ``ship_face``: which face of an ordinary die the Catcher Ship replaces (``six``:
    the numbers are 1–5; ``one``: 2–6). The rulebook only says each die is "marked
    with a Catcher Ship".
    ``wording``: the card texts as printed (``standard``) or softened for young
    players (``gentle``).
    ``double_ships``: who is lost to double Catcher Ships: the closest whale ahead of
    the Ship that is not protected (``closest_unprotected``), or only the closest
    whale, so that nobody is lost when it is protected (``closest``).
    ``slide_down_on``: a whale on the path slides down from above DAWN O'DAY spaces
    only (``dawn``, the rulebook's words) or from above any card space (``any_card``).
    ``save_instead``: where a whale landing while another whale occupies MARINE MAMMAL
    PROTECTION ACT may be saved instead of taking the space's penalty: every bad space
    (``bad_spaces``: the rulebook's "a space such as RADIOACTIVE WASTE or IWC" read as
    examples, SPOTTED and PIRATE WHALERS included), the spaces that charge SPs
    (``penalty_spaces``), or the clause's two spaces only (``named_spaces``).
    ``save_instead_for``: on IWC and FLOATING FACTORY, "the Whale in danger" that may be
    saved instead of paying is the whale that landed (``lander``) or every whale that owes
    the penalty (``every_payer``).
    ``ship_out_for``: "(only if the Ship is out of the WHALING PORT)" qualifies PIRATE
    WHALERS alone (``pirate_whalers``) or SPOTTED BY A CATCHER SHIP too (``both``).
    """

    ship_face: Literal["six", "one"] = "six"
    wording: Literal["standard", "gentle"] = "standard"
    double_ships: Literal["closest_unprotected", "closest"] = "closest_unprotected"
    slide_down_on: Literal["dawn", "any_card"] = "dawn"
    save_instead: Literal["bad_spaces", "penalty_spaces", "named_spaces"] = "bad_spaces"
    save_instead_for: Literal["lander", "every_payer"] = "lander"
    ship_out_for: Literal["pirate_whalers", "both"] = "pirate_whalers"


SPEC = GameSpec(
    id="save-the-whales",
    title="Save the Whales",
    min_players=2,
    max_players=MAX_SEATS,
    options=SaveTheWhalesOptions,
    cooperative=True,
    version="2",  # 2: a seat pays an amount of its own SPs in one action (retired_actions)
    summary=words.SUMMARY,
    playing_time=(45, 60),
    picture=words.PICTURE,
    option_help=words.OPTION_HELP,
    # One payoff for the whole team: 1 for all eight whales saved, else saved / 8 − 1.
    utility=Utility.IDENTICAL,
    min_utility=-1.0,
    max_utility=1.0,
    information=Information.PERFECT,
    chance_mode=ChanceMode.EXPLICIT_STOCHASTIC,
)


class SaveTheWhales(Game[SaveTheWhalesState]):
    spec = SPEC
    action_types = (
        act.ChooseWhale,
        act.NameWhale,
        act.Roll,
        act.ThrowDice,
        act.DrawCard,
        act.SaveWhale,
        act.Pay,
        act.Refuse,
        act.CollectSurvivalPoints,
        act.MoveAnywhere,
        act.PassBarnacle,
        act.LeavePath,
        act.TradePlaces,
        act.Done,
    )
    chance_action_types = (act.ThrowDice, act.DrawCard)
    tensor = TENSOR
    event_types = ev.EVENT_TYPES
    observation_type = SaveTheWhalesObservation
    # The section of rules.md (its anchor) a refused move is pointed to: a turn's, but for
    # the kinds listed.
    turn_section = "turn"
    rule_sections = MappingProxyType(
        {
            "collect_survival_points": "spaces",
            "move_anywhere": "spaces",
            "pass_barnacle": "spaces",
            "leave_path": "spaces",
            "trade_places": "spaces",
        }
    )

    # Version 1 paid one SP at a time ({"type": "contribute", "seat": N}); its payments do
    # not map onto this version's (who was asked, and in what order, differ).
    retired_actions = MappingProxyType(
        {
            "contribute": "was made by an earlier version of Save the Whales' rules, where "
            "payments went one SP at a time: this version cannot replay it"
        }
    )

    def describe(self, event: Event, names: Sequence[str], tr: Translate) -> str | None:
        return words.describe(event, names, tr)

    @cached_property
    def components(self) -> Components:
        return default_components()

    @cached_property
    def path_under(self) -> tuple[int, ...]:
        """For each track space, the path position directly above it."""
        return self.components.path_under()

    @cached_property
    def draw_actions(self) -> dict[str, tuple[act.DrawCard, ...]]:
        return {
            d: tuple(act.DrawCard(d, i) for i in range(len(self.components.cards[d])))
            for d in DECKS
        }

    @cached_property
    def pay(self) -> tuple[act.Pay, ...]:
        """Every amount a seat may put in at once, indexed by the amount."""
        return tuple(act.Pay(k) for k in range(self.components.most_owed + 1))

    @cached_property
    def move_anywhere(self) -> tuple[act.MoveAnywhere, ...]:
        return tuple(act.MoveAnywhere(s) for s in range(self.components.track_length))

    @cache  # noqa: B019 - one game object lives as long as the program
    def dice_odds(self, ship_face: str) -> tuple[tuple[act.ThrowDice, float], ...]:
        return dice_odds(dice_faces(self.components.dice_numbers, ship_face))

    @cache  # noqa: B019 - one game object lives as long as the program
    def dice_codes(self, ship_face: str) -> tuple[list[int], list[tuple[int, float]]]:
        """The throws' chance codes and (code, probability) pairs: shared, never changed."""
        return codes.dice_codes(self.dice_odds(ship_face), self)

    @cached_property
    def draw_codes(self) -> tuple[tuple[int, ...], ...]:
        return codes.draw_codes(self)

    @cached_property
    def player_codes(self) -> codes.PlayerCodes:
        return codes.player_codes(self)

    @cache  # noqa: B019 - one game object lives as long as the program
    def dice_set(self, ship_face: str) -> frozenset[act.ThrowDice]:
        return frozenset(a for a, _ in self.dice_odds(ship_face))

    def _all_actions(self) -> list[Action]:
        c = self.components
        faces = sorted({SHIP, *c.dice_numbers})
        out: list[Action] = [act.ChooseWhale(w) for w in WHALES]
        out += [act.NameWhale(w) for w in WHALES]
        out.append(act.Roll())
        out += [act.ThrowDice(a, b) for i, a in enumerate(faces) for b in faces[i:]]
        out += [act.DrawCard(d, i) for d in DECKS for i in range(len(c.cards[d]))]
        out += [act.SaveWhale(w) for w in WHALES]
        out += self.pay
        out.append(act.Refuse())
        out.append(act.CollectSurvivalPoints())
        out += [act.MoveAnywhere(s) for s in range(c.track_length)]
        out += [act.PassBarnacle(w) for w in WHALES]
        out += [act.LeavePath(w) for w in WHALES]
        out += [act.TradePlaces(w) for w in WHALES]
        out.append(act.Done())
        return out

    def _new_state(self, num_players: int, options: SaveTheWhalesOptions) -> SaveTheWhalesState:
        return SaveTheWhalesState(self, num_players, options)


GAME = register(SaveTheWhales())
from whaletable.games.save_the_whales import advice as advice  # noqa: E402 - registers the advisor
from whaletable.games.save_the_whales import bots as bots  # noqa: E402 - registers the heuristic bot
