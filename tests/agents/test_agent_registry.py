"""Building bots by spec: names, parameters and the errors for bad ones."""

from __future__ import annotations

from typing import Any

import pytest

from whaletable import games
from whaletable.agents import UnknownAgent, available, has_agent, make_agent
from whaletable.agents.mcts import MctsAgent
from whaletable.core.game import Game
from whaletable.games.save_the_whales.bots import TeamHeuristic
from whaletable.games.survive.bots import SurviveHeuristic
from whaletable.games.whale_riders.bots import RiderHeuristic, Weights
from whaletable.games.whale_to_look.bots import WhaleHeuristic, finish_round

GAME = games.get("whale-to-look")


def test_builtin_bots_are_available() -> None:
    make_agent("random", GAME)  # loads the built-in bots
    assert {"random", "mcts", "heuristic"} <= set(available(GAME))


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.spec.id)
def test_a_bot_plays_a_game_exactly_when_it_is_listed_for_it(game: Game[Any]) -> None:
    listed = set(available(game))
    for name in listed | {"heuristic", "alphawhale", ""}:
        assert has_agent(game, name) == (name in listed), name


def test_unknown_bot_lists_the_available_ones() -> None:
    with pytest.raises(UnknownAgent) as err:
        make_agent("alphawhale", GAME)
    message = str(err.value)
    assert "'alphawhale'" in message
    for name in ("heuristic", "mcts", "random"):
        assert name in message


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("mcts:depth=0", "depth"),
        ("mcts:speed=3", "speed"),
        ("mcts:epsilon=1.5", "epsilon"),
        ("mcts:policy=alphawhale", "alphawhale"),
        ("mcts:guide=mcts", "guide"),
        ("mcts:iterations=lots", "iterations"),
        ("mcts:iterations=0", "iterations"),
        ("mcts:iterations=2.5", "iterations"),
        ("mcts:time=-1", "time"),
        ("mcts:time=soon", "time"),
        ("mcts:c=-0.5", "'c'"),
        ("mcts:rollout=greedy", "rollout"),
        ("heuristic:samples=none", "samples"),
        ("heuristic:samples=0", "samples"),
        ("heuristic:read=-1", "read"),
        ("heuristic:read=much", "read"),
        ("heuristic:read=inf", "read"),
        ("heuristic:speed=9", "speed"),
        ("random:strength=9", "strength"),
    ],
)
def test_bad_parameter_is_named(spec: str, named: str) -> None:
    with pytest.raises(UnknownAgent) as err:
        make_agent(spec, GAME)
    assert named in str(err.value)


def test_a_games_own_heuristic_takes_its_parameters_from_a_spec() -> None:
    team = make_agent("heuristic:reserve=9", games.get("save-the-whales"))
    planner = make_agent("heuristic:beam=16", games.get("survive"))
    rider = make_agent("heuristic:good_worth=0.4,hurry=2", games.get("whale-riders"))
    assert isinstance(team, TeamHeuristic) and team.reserve == 9
    assert isinstance(planner, SurviveHeuristic) and planner.beam == 16
    assert isinstance(rider, RiderHeuristic)
    assert rider.weights == Weights(good_worth=0.4, hurry=2.0)


@pytest.mark.parametrize(
    ("game_id", "spec", "message"),
    [
        (
            "save-the-whales",
            "heuristic:reserve=some",
            "bot 'heuristic': parameter 'reserve' must be an integer ≥ 0, not 'some'",
        ),
        (
            "save-the-whales",
            "heuristic:reserve=-3",
            "bot 'heuristic': parameter 'reserve' must be an integer ≥ 0, not '-3'",
        ),
        (
            "save-the-whales",
            "heuristic:choose=bluest",
            "bot 'heuristic': parameter 'choose' must be one of cheapest, dearest, not 'bluest'",
        ),
        (
            "save-the-whales",
            "heuristic:name=orca",
            "bot 'heuristic': parameter 'name' must be one of any, holder, not 'orca'",
        ),
        (
            "save-the-whales",
            "heuristic:pay=some",
            "bot 'heuristic': parameter 'pay' must be one of all, triage, not 'some'",
        ),
        (
            "save-the-whales",
            "heuristic:danger=ship",
            "bot 'heuristic': parameter 'danger' must be one of path, exposed, not 'ship'",
        ),
        (
            "survive",
            "heuristic:beam=0",
            "bot 'heuristic': parameter 'beam' must be a positive integer, not '0'",
        ),
        (
            "survive",
            "heuristic:beam=2.5",
            "bot 'heuristic': parameter 'beam' must be a positive integer, not '2.5'",
        ),
        (
            "whale-riders",
            "heuristic:buy_margin=-1",
            "bot 'heuristic': parameter 'buy_margin' must be a number ≥ 0, not '-1'",
        ),
        (
            "whale-riders",
            "heuristic:good_worth=much",
            "bot 'heuristic': parameter 'good_worth' must be a number ≥ 0, not 'much'",
        ),
    ],
)
def test_a_games_own_heuristic_refuses_a_bad_value_by_name(
    game_id: str, spec: str, message: str
) -> None:
    with pytest.raises(UnknownAgent) as err:
        make_agent(spec, games.get(game_id))
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("random:strength=9", "bot 'random': unknown parameter 'strength'; it takes none"),
        (
            "heuristic:speed=9",
            "bot 'heuristic': unknown parameter 'speed'; parameters are: samples, read, block",
        ),
        ("random:seed=3", "bot 'random': unknown parameter 'seed'; it takes none"),
        (
            "heuristic:game=x",
            "bot 'heuristic': unknown parameter 'game'; parameters are: samples, read, block",
        ),
    ],
)
def test_unknown_parameter_is_named_with_the_bots_own_parameters(spec: str, message: str) -> None:
    with pytest.raises(UnknownAgent) as err:
        make_agent(spec, GAME)
    assert str(err.value) == message


def test_mcts_parameters_from_a_spec() -> None:
    agent = make_agent("mcts:iterations=123,time=0.5,c=1.1,rollout=random", GAME, seed=4)
    assert isinstance(agent, MctsAgent)
    assert (agent.iterations, agent.time_limit, agent.c) == (123, 0.5, 1.1)
    # rollout=random is the plain search: random playouts to the end, no evaluator.
    assert agent.evaluator is None
    assert (agent.settings.policy, agent.settings.cutoff, agent.settings.guide) == (
        "random",
        None,
        None,
    )


def test_mcts_uses_the_games_evaluator_by_default() -> None:
    agent = make_agent("mcts", GAME)
    assert isinstance(agent, MctsAgent)
    assert agent.evaluator is finish_round
    assert agent.time_limit is None


def test_heuristic_is_the_games_own_bot() -> None:
    agent = make_agent("heuristic:samples=50", GAME, seed=2)
    assert isinstance(agent, WhaleHeuristic)
    assert agent.samples == 50
