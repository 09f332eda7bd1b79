"""A whaletable game as a PettingZoo AEC environment: one agent per seat.

>>> from whaletable.rl.pettingzoo_env import env
>>> e = env("whale-to-look", num_players=3)
>>> e.reset(seed=1)
>>> e.agent_selection in e.agents
True

Agents are ``seat_0`` … ``seat_{n-1}``. An observation is a dict: ``observation`` (the
seat's float32 tensor, ``game.observation_layout``) and ``action_mask`` (int8, one flag
per player code). Chance is resolved inside the environment with the seed of
``reset``; rewards are the game's returns, given at the end. A game that reaches
``game.max_game_length`` decisions is truncated for every seat.

``information_state(agent)`` is the seat's information state string, with perfect
recall (``State.information_state_string``); with ``information_state=True`` the agent
selected to act finds it in its ``infos`` too, under ``"information_state"``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from whaletable import games
from whaletable.core.game import Game
from whaletable.core.state import State


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def default_players(game: Game[Any]) -> int:
    return min(max(3, game.spec.min_players), game.spec.max_players)


class WhaletableAECEnv(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Any = None,
        render_mode: str | None = None,
        information_state: bool = False,
    ) -> None:
        super().__init__()
        self.with_information_state = information_state
        self.game: Game[Any] = games.get(game_id)
        self.num_players = default_players(self.game) if num_players is None else num_players
        self.options = self.game.make_options(options)
        self.game.new_state(self.num_players, self.options)  # refuses a bad count or option
        self.metadata = {**self.metadata, "name": f"whaletable_{game_id.replace('-', '_')}_v0"}
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.num_players)]
        size = self.game.observation_layout(self.num_players, self.options).size
        actions = self.game.num_player_actions
        space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.max_decisions = self.game.max_game_length(self.num_players, self.options)
        self.state: State = self.game.new_state(self.num_players, self.options)
        self.rng = random.Random()
        self.decisions = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _resolve_chance(self) -> None:
        state = self.state
        while state.is_chance_node():
            state.apply(state.sample_chance(self.rng))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.rng = random.Random(seed)
        self.state = self.game.new_state(self.num_players, self.options)
        self._resolve_chance()
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select(self.state.current_player())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_player_actions, np.int8)
        if self.state.current_player() == seat:
            mask[self.state.legal_action_codes()] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_code(action)  # type: ignore[arg-type]
        self.decisions += 1
        self._resolve_chance()
        if self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {a: float(returns[s]) for s, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
            seat = (self.possible_agents.index(agent) + 1) % self.num_players
        elif self.decisions >= self.max_decisions:
            self.truncations = {a: True for a in self.agents}
            seat = self.state.current_player()
        else:
            seat = self.state.current_player()
        self._select(seat)
        self._accumulate_rewards()

    def _select(self, seat: int) -> None:
        """Hand the turn to ``seat``; at the end every seat is told its last information
        state, since PettingZoo then steps each out without coming back here."""
        self.agent_selection = agent_name(seat)
        if not self.with_information_state:
            return
        over = self.state.is_terminal() or any(self.truncations.values())
        for told in range(self.num_players) if over else (seat,):
            info = self.infos[agent_name(told)]
            info["information_state"] = self.state.information_state_string(told)

    def information_state(self, agent: str) -> str:
        """What ``agent``'s seat has seen at every step and done: its information state
        string, with perfect recall."""
        return self.state.information_state_string(self.possible_agents.index(agent))

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return f"{self.game.spec.title}: {self.state!r}"
        return None

    def close(self) -> None:
        pass


def env(game_id: str, **kwargs: Any) -> WhaletableAECEnv:
    """The AEC environment of ``game_id`` (keyword arguments as :class:`WhaletableAECEnv`)."""
    return WhaletableAECEnv(game_id, **kwargs)
