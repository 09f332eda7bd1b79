"""Every whaletable game as an OpenSpiel Python game.

>>> import pyspiel
>>> from whaletable.rl import openspiel_game
>>> openspiel_game.register_all()[-1]
'whaletable_whale_to_look'
>>> game = pyspiel.load_game("whaletable_whale_to_look", {"players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 64)

Names are ``whaletable_`` and the game id with ``_`` for ``-``. The parameters are
``players`` (default: the game's least count that is at least 3) and the game's options
by name, each defaulting to the rules' default (an option whose default is "none" is left
out); a bad value is refused by the game's own check:

>>> reduced = pyspiel.load_game("whaletable_whale_to_look", {"players": 2, "table": "reduced"})
>>> reduced.new_initial_state().state.options.table
'reduced'

OpenSpiel's ``num_distinct_actions`` is whaletable's
``num_player_actions`` and its ``max_chance_outcomes`` the chance space's size: both
spaces are whaletable's own codes, so a policy trained here plays whaletable's games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from whaletable import games
from whaletable.core.game import Game
from whaletable.core.recall import canonical
from whaletable.core.spec import CHANCE, TERMINAL, ChanceMode, Information, Utility
from whaletable.core.state import State

PREFIX = "whaletable_"

_UTILITY = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    Utility.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
    Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
    Utility.IDENTICAL: pyspiel.GameType.Utility.IDENTICAL,
}
_INFORMATION = {
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}
_CHANCE = {
    ChanceMode.DETERMINISTIC: pyspiel.GameType.ChanceMode.DETERMINISTIC,
    ChanceMode.EXPLICIT_STOCHASTIC: pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
}


def openspiel_name(game_id: str) -> str:
    """``whale-to-look`` -> ``whaletable_whale_to_look``."""
    return PREFIX + game_id.replace("-", "_")


def default_players(game: Game[Any]) -> int:
    return min(max(3, game.spec.min_players), game.spec.max_players)


def option_parameters(game: Game[Any]) -> dict[str, Any]:
    """The game's options OpenSpiel can carry (a bool, int, float or string default)."""
    defaults = game.options_to_json(game.make_options())
    return {
        name: value
        for name, value in defaults.items()
        if isinstance(value, bool | int | float | str)
    }


def game_type(game: Game[Any]) -> pyspiel.GameType:
    spec = game.spec
    return pyspiel.GameType(
        short_name=openspiel_name(spec.id),
        long_name=f"whaletable {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=_CHANCE[spec.chance_mode],
        information=_INFORMATION[spec.information],
        utility=_UTILITY[spec.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=game.tensor is not None,
        parameter_specification={"players": default_players(game), **option_parameters(game)},
    )


class WhaletableGame(pyspiel.Game):  # type: ignore[misc]
    """One whaletable game for a fixed player count, as OpenSpiel sees it."""

    wrapped: Game[Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.wrapped
        given = dict(params or {})
        players = int(given.pop("players", default_players(game)))
        self.options = game.make_options(given)
        game.new_state(players, self.options)  # refuses a bad count or combination by name
        spec = game.spec
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_player_actions,
            max_chance_outcomes=game.num_chance_outcomes,
            num_players=players,
            min_utility=spec.min_utility,
            max_utility=spec.max_utility,
            utility_sum=spec.total_utility,
            max_game_length=game.max_game_length(players, self.options),
        )
        super().__init__(game_type(game), info, params or {})
        self.players = players

    def new_initial_state(self) -> WhaletableState:
        return WhaletableState(self, self.wrapped.new_state(self.players, self.options))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> WhaletableObserver:
        if params:
            raise ValueError(f"whaletable observers take no parameters; got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return WhaletableObserver(
            self.wrapped, self.players, self.options, perfect_recall=perfect_recall
        )


class WhaletableState(pyspiel.State):  # type: ignore[misc]
    """A whaletable state behind OpenSpiel's state API (codes in, codes out)."""

    def __init__(self, game: WhaletableGame, state: State) -> None:
        super().__init__(game)
        self.state = state

    def current_player(self) -> int:
        player = self.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.state.legal_action_codes()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.state.chance_outcome_codes()

    def _apply_action(self, action: int) -> None:
        self.state.apply_code(action)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.state.game
        if player == pyspiel.PlayerId.CHANCE:
            return str(game.chance_outcome(action))
        return str(game.player_action(action))

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        return self.state.returns()

    def __str__(self) -> str:
        return canonical(self.state.observation(None))


class WhaletableObserver:
    """OpenSpiel's Python observer: the seat's tensor and observation string (canonical
    JSON of its observation), or with perfect recall its information state string
    (``State.information_state_string``: every step's observation and its own actions)."""

    def __init__(
        self, game: Game[Any], players: int, options: Any, *, perfect_recall: bool
    ) -> None:
        self.perfect_recall = perfect_recall
        if perfect_recall or game.tensor is None:
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, np.ndarray] = {}
            return
        layout = game.observation_layout(players, options)
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {f.name: layout.view(self.tensor, f.name) for f in layout.fields}

    def set_from(self, state: WhaletableState, player: int) -> None:
        if self.tensor.size:
            self.tensor[:] = state.state.observation_tensor(player)

    def string_from(self, state: WhaletableState, player: int) -> str:
        if self.perfect_recall:
            return state.state.information_state_string(player)
        return canonical(state.state.observation(player))


def _game_class(game: Game[Any]) -> type[WhaletableGame]:
    name = "".join(part.title() for part in game.spec.id.split("-")) + "OpenSpielGame"
    return type(name, (WhaletableGame,), {"wrapped": game})


_REGISTERED: set[str] = set()


def register_all() -> list[str]:
    """Register every whaletable game with OpenSpiel (once); returns their names."""
    names = []
    for game in games.all():
        name = openspiel_name(game.spec.id)
        if name not in _REGISTERED and name not in pyspiel.registered_names():
            pyspiel.register_game(game_type(game), _game_class(game))
        _REGISTERED.add(name)
        names.append(name)
    return names
