"""Gymnasium environments for one agent: a seat against fixed bots, or a whole team.

* :class:`SeatEnv` — the agent plays one seat of any game; the other seats are bots
  (``random``, ``mcts``, a game's heuristic bot: ``whaletable.agents.available``).
* :class:`TeamEnv` — the agent plays every seat of a cooperative game (Save the Whales:
  the team is one agent), reading each decision from the view of the seat to move.

The observation is the deciding seat's float32 tensor (``game.observation_layout``);
the legal actions are a mask of player codes, in ``info["action_mask"]`` and from
``action_masks()`` (the name maskable learners call). The reward is the agent's return,
given at the end. An illegal code ends the episode with the game's least return
(``info["illegal_action"]`` says so): learners that ignore the mask learn to read it.
An episode reaching ``game.max_game_length`` decisions is truncated.
``information_state()`` is the deciding seat's information state string, with perfect
recall (``State.information_state_string``); with ``information_state=True`` every
``info`` carries it too, under ``"information_state"``.

>>> from whaletable.rl.gymnasium_env import TeamEnv
>>> env = TeamEnv("save-the-whales", num_players=2)
>>> obs, info = env.reset(seed=0)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from whaletable import games
from whaletable.agents import make_agent
from whaletable.core.agent import Agent, SeatView
from whaletable.core.errors import IllegalAction
from whaletable.core.game import Game
from whaletable.core.spec import Utility
from whaletable.core.state import State

Observation = np.ndarray


def default_players(game: Game[Any]) -> int:
    return min(max(3, game.spec.min_players), game.spec.max_players)


def _draw_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(2**63))


class _WhaletableEnv(gym.Env[Observation, np.int64], ABC):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own declaration

    def __init__(
        self,
        game_id: str,
        num_players: int | None,
        options: Any,
        render_mode: str | None,
        information_state: bool = False,
    ) -> None:
        self.with_information_state = information_state
        self.game: Game[Any] = games.get(game_id)
        self.num_players = default_players(self.game) if num_players is None else num_players
        self.options = self.game.make_options(options)
        self.state: State = self.game.new_state(self.num_players, self.options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        size = self.game.observation_layout(self.num_players, self.options).size
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.action_space = spaces.Discrete(self.game.num_player_actions)
        self.max_decisions = self.game.max_game_length(self.num_players, self.options)
        self.rng = random.Random()
        self.decisions = 0

    # What a subclass decides: whose decisions the agent takes, and its reward.
    @abstractmethod
    def _is_agents_turn(self) -> bool: ...

    @abstractmethod
    def _agent_return(self) -> float: ...

    @abstractmethod
    def _observer(self) -> int: ...

    @abstractmethod
    def _bot_move(self) -> None:
        """Play the seat to move, which is not the agent's."""

    def _play_others(self) -> None:
        """Chance and the other seats, until the agent decides or the game ends."""
        state = self.state
        while not state.is_terminal() and not self._is_agents_turn():
            if state.is_chance_node():
                state.apply(state.sample_chance(self.rng))
            else:
                self._bot_move()

    def action_masks(self) -> np.ndarray:
        # At the end the mask is the player space's, all false.
        return self.state.legal_action_mask().astype(np.int8)

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        seat = self._observer()
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": seat}
        if self.with_information_state:
            info["information_state"] = self.state.information_state_string(seat)
        return self.state.observation_tensor(seat), info

    def information_state(self) -> str:
        """What the deciding seat has seen at every step and done: its information state
        string, with perfect recall."""
        return self.state.information_state_string(self._observer())

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        # Every draw of the episode comes from np_random (Gymnasium's convention): a seed
        # makes the episode reproducible, and without one each episode draws fresh seeds.
        super().reset(seed=seed)
        self.rng = random.Random(_draw_seed(self.np_random))
        self._reset_bots(self.np_random)
        self.state = self.game.new_state(self.num_players, self.options)
        self.decisions = 0
        self._play_others()
        return self._observe()

    def _reset_bots(self, seeds: np.random.Generator) -> None:
        """New bots for an episode, their seeds drawn from ``seeds``."""

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise IllegalAction("the episode is over: call reset()")
        try:
            self.state.apply_code(action)  # type: ignore[arg-type]
        except IllegalAction as e:
            obs, info = self._observe()
            info["illegal_action"] = str(e)
            return obs, self.game.spec.min_utility, True, False, info
        self.decisions += 1
        self._play_others()
        obs, info = self._observe()
        if self.state.is_terminal():
            return obs, self._agent_return(), True, False, info
        return obs, 0.0, False, self.decisions >= self.max_decisions, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return f"{self.game.spec.title}: {self.state!r}"
        return None


class SeatEnv(_WhaletableEnv):
    """One seat of any game; the others are played by fixed bots."""

    def __init__(
        self,
        game_id: str,
        *,
        seat: int = 0,
        num_players: int | None = None,
        opponents: str | Sequence[str] = "random",
        options: Any = None,
        render_mode: str | None = None,
        information_state: bool = False,
    ) -> None:
        super().__init__(game_id, num_players, options, render_mode, information_state)
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, not {seat}")
        self.seat = seat
        others = [s for s in range(self.num_players) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"{len(others)} opponents are needed, {len(names)} were named")
        self.opponent_names = dict(zip(others, names, strict=True))
        # Built now so that a bad bot name is refused here; reset() deals their seeds.
        self.bots: dict[int, Agent] = {
            s: make_agent(name, self.game) for s, name in self.opponent_names.items()
        }

    def _reset_bots(self, seeds: np.random.Generator) -> None:
        self.bots = {
            s: make_agent(name, self.game, seed=_draw_seed(seeds))
            for s, name in self.opponent_names.items()
        }

    def _is_agents_turn(self) -> bool:
        return self.state.current_player() == self.seat

    def _observer(self) -> int:
        return self.seat

    def _bot_move(self) -> None:
        seat = self.state.current_player()
        self.state.apply(self.bots[seat].act(SeatView(self.state, seat)))

    def _agent_return(self) -> float:
        return float(self.state.returns()[self.seat])


class TeamEnv(_WhaletableEnv):
    """Every seat of a cooperative game (identical returns), played by one agent."""

    def __init__(
        self,
        game_id: str = "save-the-whales",
        *,
        num_players: int | None = None,
        options: Any = None,
        render_mode: str | None = None,
        information_state: bool = False,
    ) -> None:
        super().__init__(game_id, num_players, options, render_mode, information_state)
        if self.game.spec.utility is not Utility.IDENTICAL:
            raise ValueError(f"{game_id} is not played as one team (its seats' returns differ)")

    def _is_agents_turn(self) -> bool:
        return self.state.current_player() >= 0

    def _observer(self) -> int:
        seat = self.state.current_player()
        return seat if seat >= 0 else 0

    def _agent_return(self) -> float:
        return float(self.state.returns()[0])

    def _bot_move(self) -> None:
        raise IllegalAction("a team game has no bot seats: every decision is the agent's")
