"""Playing agents against each other, reproducibly from a seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from whaletable.core.agent import Agent, SeatView
from whaletable.core.errors import IllegalAction
from whaletable.core.game import Game
from whaletable.core.record import Record
from whaletable.core.state import State


@dataclass
class MatchResult:
    record: Record
    state: State

    @property
    def scores(self) -> list[float]:
        return self.state.scores()

    @property
    def returns(self) -> list[float]:
        return self.state.returns()

    @property
    def places(self) -> list[int]:
        """Each seat's place in the rules' final standings: 1 first, shared on a full tie."""
        result = self.state.result()
        if result is None:
            raise ValueError("the match is not over: no seat has a place yet")
        return [result.standing(seat).place for seat in range(self.state.num_players)]

    @property
    def winners(self) -> list[int]:
        """The winning seats, as the game's declared utilities read its returns."""
        return self.state.game.spec.winners(self.returns)


def play_match(
    game: Game[Any],
    agents: Sequence[Agent],
    *,
    seed: int,
    options: Any = None,
    max_steps: int = 100_000,
    on_step: Callable[[State], None] | None = None,
) -> MatchResult:
    """Play one game; chance is drawn from ``seed``, so the same agents replay it exactly."""
    state = game.new_state(len(agents), options)
    chance_rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"{game.spec.id}: no end after {max_steps} steps (seed {seed})")
        seat = state.current_player()
        if state.is_chance_node():
            action = state.sample_chance(chance_rng)
        else:
            action = agents[seat].act(SeatView(state, seat))
        try:
            state.apply(action)
        except IllegalAction as e:
            raise IllegalAction(f"bot {agents[seat].name} in seat {seat}: {e}") from e
        steps += 1
        if on_step is not None:
            on_step(state)
    record = Record.of(state, seats=[a.name for a in agents], seed=seed)
    return MatchResult(record=record, state=state)
