"""The OpenSpiel registration passes OpenSpiel's own random simulation test."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from whaletable import games
from whaletable.core.recall import canonical, observations
from whaletable.core.spec import Utility

pyspiel = pytest.importorskip("pyspiel")
openspiel_game = pytest.importorskip("whaletable.rl.openspiel_game")

NAMES = openspiel_game.register_all()
QUICK = {"whaletable_whale_to_look"}  # the others take several seconds each


def test_every_game_is_registered_under_its_id() -> None:
    assert [openspiel_game.openspiel_name(g.spec.id) for g in games.all()] == NAMES
    assert "whaletable_whale_to_look" in pyspiel.registered_names()


@pytest.mark.parametrize(
    "name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in NAMES]
)
def test_random_sim_test_passes(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_players_parameter_sets_the_count_and_the_length_bound() -> None:
    game = pyspiel.load_game("whaletable_whale_to_look", {"players": 5})
    assert game.num_players() == 5
    assert game.max_game_length() == games.get("whale-to-look").max_game_length(5)


def test_game_options_are_parameters_the_reduced_table_included() -> None:
    wtl = games.get("whale-to-look")
    game = pyspiel.load_game("whaletable_whale_to_look", {"players": 2, "table": "reduced"})
    assert game.get_parameters()["table"] == "reduced"
    assert game.new_initial_state().state.options.table == "reduced"
    assert game.max_game_length() == wtl.max_game_length(2, {"table": "reduced"})
    assert game.observation_tensor_shape() == [wtl.observation_layout(2, {"table": "reduced"}).size]
    assert game.max_game_length() < wtl.max_game_length(2)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"players": 3, "table": "huge"}, "'huge'"),
        ({"players": 5, "table": "reduced"}, "not 5"),
        ({"players": 3, "tides": True}, "tides"),
    ],
)
def test_a_bad_option_parameter_is_refused_by_name(params: dict[str, object], named: str) -> None:
    with pytest.raises(Exception, match=named):
        pyspiel.load_game("whaletable_whale_to_look", params)


def test_game_type_follows_the_spec() -> None:
    stw = pyspiel.load_game("whaletable_save_the_whales").get_type()
    assert stw.utility == pyspiel.GameType.Utility.IDENTICAL
    assert stw.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    wtl = pyspiel.load_game("whaletable_whale_to_look")
    assert wtl.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert wtl.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert games.get("whale-to-look").spec.utility is Utility.CONSTANT_SUM
    assert wtl.utility_sum() == 1.0


def test_actions_are_whaletables_player_and_chance_codes() -> None:
    game = pyspiel.load_game("whaletable_whale_to_look")
    ours = games.get("whale-to-look")
    assert game.num_distinct_actions() == ours.num_player_actions
    assert game.max_chance_outcomes() == ours.num_chance_outcomes
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        codes = [c for c, _ in state.chance_outcomes()]
        assert codes == [c for c, _ in state.state.chance_outcome_codes()]
        state.apply_action(rng.choice(codes))
    assert state.legal_actions() == state.state.legal_action_codes()


def test_observation_tensor_and_information_state_are_the_seats_own() -> None:
    game = pyspiel.load_game("whaletable_whale_to_look")
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(game.num_players()):
        assert np.array_equal(
            np.asarray(state.observation_tensor(seat), np.float32),
            state.state.observation_tensor(seat),
        )
        assert state.information_state_string(seat) == state.state.information_state_string(seat)


def test_clone_is_independent_and_keeps_the_history() -> None:
    game = pyspiel.load_game("whaletable_whale_to_look")
    state = game.new_initial_state()
    rng = random.Random(6)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    assert twin.history() == state.history()
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.state.history) == len(state.state.history) + 1


def test_information_state_has_perfect_recall_and_the_observation_string_is_the_present() -> None:
    game = pyspiel.load_game("whaletable_whale_to_look")
    state = game.new_initial_state()
    rng = random.Random(8)
    for _ in range(50):
        state.apply_action(rng.choice(state.legal_actions()))
    ours = state.state
    for seat in range(game.num_players()):
        text = state.information_state_string(seat)
        assert len(text.split("\n")) == len(ours.history) + 1
        assert observations(text)[-1][1] == json.loads(state.observation_string(seat))
        assert state.observation_string(seat) == canonical(ours.observation(seat))
