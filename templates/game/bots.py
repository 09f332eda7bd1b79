"""Whale Spotting's bots: the heuristic, the search's leaf evaluator and its settings."""

from __future__ import annotations

import random
from typing import Any

from whaletable.agents.mcts import register_game_bots
from whaletable.agents.settings import SearchSettings
from whaletable.core.action import Action
from whaletable.core.agent import SeatView
from whaletable.core.state import State

from . import GAME_ID
from .actions import Sail
from .observation import WhaleSpottingObservation
from .rules import any_state, whale_odds


class Spotter:
    """Sails where the whale most likely is; among zones as likely, one where its echo
    would rule out the most (the middle of the zones still possible)."""

    name = "heuristic"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        obs: WhaleSpottingObservation = view.observation()  # type: ignore[assignment]
        odds = whale_odds(obs)
        possible = [z for z, p in enumerate(odds) if p > 0]
        middle = sum(possible) / len(possible) if possible else 0.0
        sails = [a for a in view.legal_actions() if isinstance(a, Sail)]
        return max(sails, key=lambda a: (odds[a.zone], -abs(a.zone - middle), -a.zone))


def make_heuristic(game: Any, seed: int = 0) -> Spotter:
    return Spotter(game, seed)


def leader_share(state: State, rng: random.Random) -> list[float]:
    """A search leaf's value: the returns at the end, else the win shared among the seats
    with the most sightings so far."""
    spotting = any_state(state)
    if spotting.is_terminal():
        return spotting.returns()
    most = max(spotting.sightings)
    leaders = [s for s, count in enumerate(spotting.sightings) if count == most]
    return [1 / len(leaders) if s in leaders else 0.0 for s in range(spotting.num_players)]


SEARCH = SearchSettings(iterations=200, guide="heuristic")
"""How ``mcts`` plays Whale Spotting: guided by the heuristic, which reasons about
the zones it cannot see."""
register_game_bots(GAME_ID, heuristic=make_heuristic, evaluator=leader_share, search=SEARCH)

__all__ = ["SEARCH", "Spotter", "leader_share", "make_heuristic"]
