"""The Gymnasium environments pass Gymnasium's own environment checker."""

from __future__ import annotations

import numpy as np
import pytest

from whaletable import games

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env

from whaletable.rl.gymnasium_env import SeatEnv, TeamEnv

GAME_IDS = [g.spec.id for g in games.all()]
pytestmark = pytest.mark.filterwarnings("ignore:.*Box observation space")


def test_save_the_whales_team_passes_check_env() -> None:
    check_env(TeamEnv("save-the-whales"), skip_render_check=True)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seat_against_bots_passes_check_env(game_id: str) -> None:
    check_env(SeatEnv(game_id, seat=1), skip_render_check=True)


def test_the_team_takes_every_decision_and_shares_the_return() -> None:
    env = TeamEnv("save-the-whales", num_players=3)
    _, info = env.reset(seed=5)
    seats = set()
    done = False
    reward = 0.0
    while not done:
        seats.add(info["seat"])
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert seats == {0, 1, 2}
    assert reward == env.state.returns()[0] == env.state.returns()[2]


def test_a_game_of_rivals_is_not_a_team() -> None:
    with pytest.raises(ValueError, match="not played as one team"):
        TeamEnv("whale-to-look")


def test_the_seat_decides_only_on_its_own_turns_against_the_bots() -> None:
    env = SeatEnv("whale-to-look", seat=2, opponents="random")
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    terminated = truncated = False
    while not (terminated or truncated):
        assert env.state.current_player() == 2
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
    assert reward == env.state.returns()[2]


def test_an_illegal_code_ends_the_episode_with_the_least_return() -> None:
    env = SeatEnv("whale-to-look")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == games.get("whale-to-look").spec.min_utility
    assert "illegal_action" in info


def test_opponents_are_named_per_seat() -> None:
    with pytest.raises(ValueError, match="2 opponents are needed, 1 were named"):
        SeatEnv("whale-to-look", num_players=3, opponents=["random"])
    env = SeatEnv("whale-to-look", num_players=3, opponents=["random", "mcts"])
    assert sorted(env.opponent_names.values()) == ["mcts", "random"]


def play_first_legal(env: SeatEnv, seed: int | None) -> list[object]:
    """One episode where the agent always takes its first legal code; the game's actions."""
    _, info = env.reset(seed=seed)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return list(env.state.history)


def bot_states(env: SeatEnv) -> list[object]:
    return [bot.rng.getstate() for bot in env.bots.values()]  # type: ignore[attr-defined]


def test_episodes_without_a_seed_give_the_bots_fresh_seeds() -> None:
    env = SeatEnv("whale-to-look", seat=0, opponents="random")
    env.reset()
    first = bot_states(env)
    env.reset()
    second = bot_states(env)
    assert all(a != b for a, b in zip(first, second, strict=True))


def test_a_seeded_episode_and_the_unseeded_ones_after_it_replay_exactly() -> None:
    one, two = (SeatEnv("whale-riders", seat=1, opponents="random") for _ in range(2))
    assert play_first_legal(one, 4) == play_first_legal(two, 4)
    assert bot_states(one) == bot_states(two)
    # After reset(seed=4), reset() draws from the same seeded stream in both.
    assert play_first_legal(one, None) == play_first_legal(two, None)
    assert play_first_legal(one, 5) != play_first_legal(two, 6)


def test_every_info_carries_the_deciding_seats_information_state() -> None:
    env = SeatEnv("whale-to-look", seat=1, information_state=True)
    _, info = env.reset(seed=3)
    done = False
    while not done:
        assert info["information_state"] == env.state.information_state_string(1)
        assert info["information_state"] == env.information_state()
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    lines = info["information_state"].split("\n")
    assert len(lines) == len(env.state.history) + 1


def test_check_env_passes_with_information_states() -> None:
    check_env(SeatEnv("whale-riders", information_state=True), skip_render_check=True)
    check_env(TeamEnv("save-the-whales", information_state=True), skip_render_check=True)
