"""The PettingZoo AEC environment passes PettingZoo's own API test."""

from __future__ import annotations

import numpy as np
import pytest

from whaletable import games

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

from whaletable.rl.pettingzoo_env import env

GAME_IDS = [g.spec.id for g in games.all()]


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_api_test_passes(game_id: str) -> None:
    api_test(env(game_id), num_cycles=200, verbose_progress=False)


def play_out(e: object, seed: int) -> dict[str, float]:
    e.reset(seed=seed)  # type: ignore[attr-defined]
    totals: dict[str, float] = {}
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            e.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert list(legal) == e.state.legal_action_codes()  # type: ignore[attr-defined]
        e.step(int(legal[0]))  # type: ignore[attr-defined]
    return totals


def test_a_whole_game_pays_each_seat_its_return_once() -> None:
    e = env("whale-to-look", num_players=3)
    totals = play_out(e, seed=3)
    assert e.state.is_terminal()
    assert [totals[f"seat_{s}"] for s in range(3)] == e.state.returns()
    assert sum(totals.values()) == 1.0


def test_same_seed_same_game() -> None:
    a, b = env("whale-riders"), env("whale-riders")
    play_out(a, seed=9)
    play_out(b, seed=9)
    assert a.state.history == b.state.history


def test_a_seat_not_to_move_sees_no_legal_action() -> None:
    e = env("whale-to-look")
    e.reset(seed=0)
    waiting = next(a for a in e.agents if a != e.agent_selection)
    assert e.observe(waiting)["action_mask"].sum() == 0
    assert e.observe(e.agent_selection)["action_mask"].sum() > 0


def test_the_agent_to_act_finds_its_information_state_in_its_infos() -> None:
    e = env("whale-to-look", num_players=3, information_state=True)
    e.reset(seed=2)
    for agent in e.agent_iter():
        _, _, terminated, truncated, info = e.last()
        seat = e.possible_agents.index(agent)
        assert info["information_state"] == e.state.information_state_string(seat)
        assert info["information_state"] == e.information_state(agent)
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert e.state.is_terminal()


@pytest.mark.filterwarnings("ignore:Observation")
def test_api_test_passes_with_information_states() -> None:
    api_test(env("whale-to-look", information_state=True), num_cycles=50)


def test_without_being_asked_the_infos_carry_no_information_state() -> None:
    e = env("whale-to-look")
    e.reset(seed=2)
    assert "information_state" not in e.last()[4]
