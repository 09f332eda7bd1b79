"""The worked example of docs/research.md (benchmarks/learn_whale_to_look.py) runs end to end
on a tiny budget, so it cannot rot: training through SeatEnv on the reduced table, the
learning curve as JSON and as a PNG."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from benchmark_scripts import load


@pytest.mark.slow  # 5–15 s: importing matplotlib, and the heuristic bot's games
@pytest.mark.parametrize(("hidden", "yardsticks"), [(0, True), (8, False)])
def test_learning_example_runs_end_to_end_on_the_reduced_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hidden: int, yardsticks: bool
) -> None:
    example = load("learn_whale_to_look")
    png, out = tmp_path / "curve.png", tmp_path / "curve.json"
    args = ["--episodes", "4", "--eval-every", "2", "--eval-games", "3", "--batch", "2"]
    args += ["--hidden", str(hidden), "--reward", "margin", "--plot", str(png), "--json", str(out)]
    args += ["--yardsticks"] if yardsticks else []
    assert example.main(args) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["options"] == {"table": "reduced"}
    assert result["observation_size"] == 183  # the reduced table's tensor for 2 players
    assert [p["episodes"] for p in result["curve"]] == [0, 2, 4]
    assert all(p["win_rate"] in (0.0, 1 / 3, 2 / 3, 1.0) for p in result["curve"])
    assert 0.0 <= result["random_win_rate"] <= 1.0
    played = {"random", "untrained", "trained"}
    if yardsticks:
        played |= {"keeps playing", "heuristic bot"}
    assert set(result["play"]) == played
    for play in result["play"].values():
        assert 0.0 <= play["boats_out_per_round"] <= 3.0
        assert 0.0 <= play["boats_scoring_share"] <= 1.0
        assert play["points"] >= 0.0
    assert result["play"]["trained"]["win_rate"] == result["curve"][-1]["win_rate"]
    assert result["seconds"] >= result["training_seconds"] > 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "after 4 episodes" in capsys.readouterr().out


def test_learning_example_policy_learns_from_one_batch() -> None:
    """One Adam step on an episode with a positive advantage makes its actions likelier."""
    example = load("learn_whale_to_look")
    from whaletable.rl.gymnasium_env import SeatEnv

    env = SeatEnv("whale-to-look", seat=0, num_players=2, options={"table": "reduced"})
    policy = example.Policy(
        env.observation_space.shape[0], int(env.action_space.n), 8, np.random.default_rng(1)
    )
    game = example.episode(env, policy, seed=3, greedy=False)
    steps = game.steps
    assert len(game.rounds) == len(steps) and set(game.rounds) == {0, 1}
    assert len(game.margins) == 2

    def log_likelihood() -> float:
        return sum(
            float(np.log(policy.probabilities(policy.features(x), mask)[a])) for x, mask, a in steps
        )

    before = log_likelihood()
    policy.add_episode(steps, advantage=np.ones(len(steps)))
    policy.step(0.01)
    assert log_likelihood() > before
