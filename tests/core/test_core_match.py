"""The match driver: a seed replays a game exactly; another seed plays another game."""

from __future__ import annotations

import random

import pytest
from toy_game import Step, ToyGame, toy

from whaletable import games
from whaletable.core import Action, IllegalAction, SeatView, play_match
from whaletable.core.testing import views

__all__ = ["toy"]  # the fixture, imported for pytest


class SeededRandom:
    """Chooses uniformly among the legal actions, from its own seed."""

    def __init__(self, seed: int) -> None:
        self.name = f"random-{seed}"
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions())


class AlwaysLongStride:
    """Insists on a step the rules never allow."""

    name = "strider"

    def act(self, view: SeatView) -> Action:
        return Step(3)


def agents(count: int, seed: int) -> list[SeededRandom]:
    return [SeededRandom(seed * 10 + s) for s in range(count)]


@pytest.mark.parametrize("game_id", ["whale-to-look", "toy"])
def test_same_seed_same_record(toy: ToyGame, game_id: str) -> None:
    game = toy if game_id == "toy" else games.get(game_id)
    n = game.spec.min_players
    first = play_match(game, agents(n, 1), seed=7)
    second = play_match(game, agents(n, 1), seed=7)
    assert first.record.actions == second.record.actions
    assert first.record.options == second.record.options
    assert first.scores == second.scores
    assert views(first.state) == views(second.state)


@pytest.mark.parametrize("game_id", ["whale-to-look", "toy"])
def test_different_seed_different_game(toy: ToyGame, game_id: str) -> None:
    game = toy if game_id == "toy" else games.get(game_id)
    n = game.spec.min_players
    records = {
        tuple(str(a) for a in play_match(game, agents(n, 1), seed=s).record.actions)
        for s in range(5)
    }
    assert len(records) == 5


def test_match_record_replays_to_the_final_state(toy: ToyGame) -> None:
    result = play_match(toy, agents(2, 3), seed=11)
    assert result.state.is_terminal()
    assert result.record.seats == ["random-30", "random-31"]
    assert result.record.meta == {"seed": 11}
    assert views(result.record.replay()) == views(result.state)


def test_winners_follow_returns(toy: ToyGame) -> None:
    for seed in range(20):
        result = play_match(toy, agents(2, seed), seed=seed)
        a, b = result.state.scores()
        expected = [0] if a > b else [1] if b > a else []
        assert result.winners == expected
        assert result.returns == [float(a > b), float(b > a)]


def test_on_step_sees_every_state(toy: ToyGame) -> None:
    seen: list[int] = []
    result = play_match(toy, agents(2, 4), seed=4, on_step=lambda s: seen.append(len(s.history)))
    assert seen == list(range(1, len(result.state.history) + 1))


def test_a_bot_playing_an_illegal_action_is_named(toy: ToyGame) -> None:
    with pytest.raises(IllegalAction, match=r"bot strider in seat 0: step\(size=3\)"):
        play_match(toy, [AlwaysLongStride(), SeededRandom(0)], seed=0)


def test_a_game_that_runs_on_is_stopped(toy: ToyGame) -> None:
    with pytest.raises(RuntimeError, match="no end after 5 steps"):
        play_match(toy, agents(2, 0), seed=0, max_steps=5)
