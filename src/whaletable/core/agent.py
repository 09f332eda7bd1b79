"""What a bot sees: a seat's view of the game, never the true state."""

from __future__ import annotations

import random
from typing import Any, Protocol

from whaletable.core.action import Action
from whaletable.core.game import Game
from whaletable.core.observation import Observation
from whaletable.core.state import State


class SeatView:
    """A seat's window on a game: its observation, its legal actions, determinizations.

    The true state stays private to the view; bots must use only these methods.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game[Any]:
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def options(self) -> Any:
        return self._state.options

    def observation(self) -> Observation:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what this seat knows, for search."""
        return self._state.determinize(self.seat, rng)


class Agent(Protocol):
    """Chooses an action for the seat whose turn it is."""

    name: str

    def act(self, view: SeatView) -> Action: ...
