"""The uniformly random bot: the baseline every other bot must beat."""

from __future__ import annotations

import random
from typing import Any

from whaletable.agents import register_agent
from whaletable.core.action import Action
from whaletable.core.agent import SeatView
from whaletable.core.game import Game


class RandomAgent:
    name = "random"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions())


register_agent("random", RandomAgent)
