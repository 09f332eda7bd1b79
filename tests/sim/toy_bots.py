"""Secret Steps (tests/core/toy_game.py) with a bot that plays it well, for rated tournaments.

The strider takes two 2-square steps every turn and never peeks, so it walks 8
squares a game where a random bot walks about half that: it should top any rating.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

from toy_game import TOY_ID, Pass, Step, ToyGame

from whaletable import agents
from whaletable.core import registry
from whaletable.core.action import Action
from whaletable.core.agent import SeatView


class Strider:
    name = "strider"

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        return Step(2) if Step(2) in legal else Pass()


def make_strider(game: Any, seed: int) -> Strider:
    return Strider()


@pytest.fixture
def toy_with_strider(monkeypatch: pytest.MonkeyPatch) -> ToyGame:
    """Secret Steps and its strider, registered until the test ends (workers are forked
    from this process, so they see both)."""
    game = ToyGame()
    monkeypatch.setitem(registry._GAMES, TOY_ID, game)
    agents._load_builtin()
    monkeypatch.setitem(agents._PER_GAME, (TOY_ID, "strider"), make_strider)
    return game


__all__ = ["TOY_ID", "Strider", "toy_with_strider"]
