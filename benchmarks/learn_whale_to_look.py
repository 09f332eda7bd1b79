"""A worked example: REINFORCE on Whale to Look through the Gymnasium adapter.

A linear softmax policy over the legal codes (logits ``W @ observation + b``, illegal
codes masked out) plays seat 0 of a 2-player game against the random bot, and learns
from whole episodes with a running-mean baseline. Every ``--eval-every`` episodes it
plays ``--eval-games`` games greedily (the most probable legal code) with fresh seeds,
and the win rates make the learning curve.

    python benchmarks/learn_whale_to_look.py --episodes 3000 --plot docs/research-learning-curve.png

NumPy only: the point is the adapters (tensor, mask, codes), not the learner.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from whaletable.rl.gymnasium_env import SeatEnv


class LinearPolicy:
    def __init__(self, inputs: int, actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, inputs), np.float64)
        self.b = np.zeros(actions, np.float64)
        self.rng = rng

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ obs + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum())

    def act(self, obs: np.ndarray, mask: np.ndarray, *, greedy: bool) -> int:
        p = self.probabilities(obs, mask)
        if greedy:
            return int(np.argmax(p))
        return int(self.rng.choice(len(p), p=p))


def scaled(obs: np.ndarray) -> np.ndarray:
    """Counts and points squashed into [0, 1) so one step size fits every field."""
    return np.asarray(obs / (1.0 + np.abs(obs)), np.float64)


def episode(
    env: SeatEnv, policy: LinearPolicy, seed: int, *, greedy: bool
) -> tuple[list[tuple[np.ndarray, np.ndarray, int]], float]:
    obs, info = env.reset(seed=seed)
    steps = []
    reward = 0.0
    done = False
    while not done:
        x = scaled(obs)
        action = policy.act(x, info["action_mask"], greedy=greedy)
        steps.append((x, info["action_mask"], action))
        obs, r, terminated, truncated, info = env.step(action)
        reward = float(r)
        done = terminated or truncated
    return steps, reward


def train(episodes: int, eval_every: int, eval_games: int, lr: float, seed: int) -> dict[str, Any]:
    env = SeatEnv("whale-to-look", seat=0, num_players=2, opponents="random")
    eval_env = SeatEnv("whale-to-look", seat=0, num_players=2, opponents="random")
    rng = np.random.default_rng(seed)
    size = env.observation_space.shape[0]
    policy = LinearPolicy(size, int(env.action_space.n), rng)
    baseline = 0.5
    curve = []

    def evaluate(at: int) -> None:
        wins = sum(
            episode(eval_env, policy, 10_000_000 + seed * 100_000 + i, greedy=True)[1]
            for i in range(eval_games)
        )
        curve.append({"episodes": at, "win_rate": wins / eval_games})

    start = time.perf_counter()
    # The yardstick: seat 0 played uniformly at random (zero weights, sampled), same seeds.
    random_wins = sum(
        episode(eval_env, policy, 10_000_000 + seed * 100_000 + i, greedy=False)[1]
        for i in range(eval_games)
    )
    evaluate(0)
    for e in range(1, episodes + 1):
        steps, reward = episode(env, policy, seed * 1_000_000 + e, greedy=False)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for x, mask, action in steps:
            p = policy.probabilities(x, mask)
            grad = -p
            grad[action] += 1.0  # d log p(action) / d logits
            policy.w += lr * advantage * np.outer(grad, x)
            policy.b += lr * advantage * grad
        if e % eval_every == 0:
            evaluate(e)
            print(f"{e:>6} episodes  greedy win rate {curve[-1]['win_rate']:.3f}", flush=True)
    return {
        "game": "whale-to-look",
        "players": 2,
        "opponent": "random",
        "episodes": episodes,
        "eval_games": eval_games,
        "lr": lr,
        "seed": seed,
        "random_win_rate": random_wins / eval_games,
        "seconds": time.perf_counter() - start,
        "curve": curve,
    }


def plot(result: dict[str, Any], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [p["episodes"] for p in result["curve"]]
    ys = [p["win_rate"] for p in result["curve"]]
    n = result["eval_games"]
    err = [1.96 * (y * (1 - y) / n) ** 0.5 for y in ys]
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=120)
    ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label="linear policy, greedy")
    ax.axhline(
        result["random_win_rate"], color="grey", linestyle="--", label="seat 0 playing at random"
    )
    ax.set_xlabel("training episodes (REINFORCE)")
    ax.set_ylabel(f"win rate vs random ({n} games)")
    ax.set_title("Whale to Look, 2 players, seat 0")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval-every", type=int, default=500)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", metavar="PNG", help="write the learning curve here")
    parser.add_argument("--json", metavar="FILE", help="write the curve as JSON here")
    args = parser.parse_args(argv)
    result = train(args.episodes, args.eval_every, args.eval_games, args.lr, args.seed)
    if args.plot:
        plot(result, args.plot)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
    print(f"{result['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
