"""A worked example: REINFORCE on the reduced Whale to Look through the Gymnasium adapter.

A softmax policy over the legal codes (illegal codes masked out) plays seat 0 of a
2-player game against the random bot and learns from whole episodes with a running-mean
baseline, one Adam step every ``--batch`` episodes. The policy is linear (logits
``W @ x + b``) or, with ``--hidden H``, one tanh layer of ``H`` units before it. It
learns from the game's return (``--reward win``: 1 for a win) or from the points margin
over the opponent (``--reward margin``). The game is the reduced research table by
default (option ``table = "reduced"``: four areas, nine fish cards, four markers);
``--table standard`` trains on the rulebooks' table. Every ``--eval-every`` episodes
the policy plays ``--eval-games`` games greedily (the most probable legal code) with
fresh seeds, and the win rates make the learning curve.

    python benchmarks/learn_whale_to_look.py --episodes 24000 --hidden 64 --reward margin \\
        --plot docs/research-learning-curve.png --json benchmarks/results/learn_whale_to_look.json

NumPy only: the point is the adapters (tensor, mask, codes), not the learner.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from whaletable.agents import make_agent
from whaletable.core.action import Action
from whaletable.core.agent import SeatView
from whaletable.core.state import State
from whaletable.games.whale_to_look.actions import Finish
from whaletable.rl.gymnasium_env import SeatEnv

GAME = "whale-to-look"
FINISH = Finish()
EVAL_SEED = 10_000_000  # evaluation games use seeds from here on, never met in training

MARGIN_SCALE = 10.0  # points; a round scores about that much

Step = tuple[np.ndarray, np.ndarray, int]
"""One decision: the scaled observation, the legal mask and the code chosen."""


class Policy:
    """Masked softmax over the player codes: linear, or one tanh hidden layer first.

    Trained by REINFORCE: the gradients of a batch of episodes are summed, then one
    Adam step is taken (steadier than a plain step per episode, for the same games).
    """

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.hidden = hidden
        self.rng = rng
        width = hidden if hidden else inputs
        self.params: dict[str, np.ndarray] = {
            # The output layer starts at zero: the untrained policy is uniform over the
            # legal codes. Small random first-layer weights break the units' symmetry.
            "w": np.zeros((actions, width)),
            "b": np.zeros(actions),
        }
        if hidden:
            self.params["w1"] = rng.normal(0.0, 1.0 / np.sqrt(inputs), (hidden, inputs))
            self.params["b1"] = np.zeros(hidden)
        self.grads = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.updates = 0

    def features(self, x: np.ndarray) -> np.ndarray:
        """The hidden layer's output (rows of ``x`` at once), or ``x`` for a linear policy."""
        p = self.params
        return np.tanh(x @ p["w1"].T + p["b1"]) if self.hidden else x

    def probabilities(self, h: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask > 0, h @ self.params["w"].T + self.params["b"], -np.inf)
        e = np.exp(logits - logits.max(axis=-1, keepdims=True))
        return np.asarray(e / e.sum(axis=-1, keepdims=True))

    def act(self, x: np.ndarray, mask: np.ndarray, *, greedy: bool) -> int:
        p = self.probabilities(self.features(x), mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))

    def add_episode(self, steps: Sequence[Step], advantage: np.ndarray) -> None:
        """Add the gradient of ``Σ advantage × log p(action)`` over an episode's decisions
        (one advantage per decision)."""
        x = np.stack([s[0] for s in steps])
        mask = np.stack([s[1] for s in steps])
        actions = np.array([s[2] for s in steps])
        h = self.features(x)
        g = -self.probabilities(h, mask)
        g[np.arange(len(actions)), actions] += 1.0  # d log p(action) / d logits
        g *= advantage[:, None]
        if self.hidden:
            back = (g @ self.params["w"]) * (1.0 - h * h)  # through tanh
            self.grads["w1"] += back.T @ x
            self.grads["b1"] += back.sum(axis=0)
        self.grads["w"] += g.T @ h
        self.grads["b"] += g.sum(axis=0)

    def step(self, lr: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        """One Adam step up the summed gradient, which is then cleared."""
        self.updates += 1
        t = self.updates
        for k, param in self.params.items():
            g = self.grads[k]
            m, v = self.moments[k]
            m *= beta1
            m += (1 - beta1) * g
            v *= beta2
            v += (1 - beta2) * g * g
            m_hat = m / (1 - beta1**t)
            v_hat = v / (1 - beta2**t)
            param += lr * m_hat / (np.sqrt(v_hat) + 1e-8)
            g[...] = 0.0


def scaled(obs: np.ndarray) -> np.ndarray:
    """Counts and points squashed into [0, 1) so one step size fits every field."""
    return np.asarray(obs / (1.0 + np.abs(obs)), np.float64)


@dataclass
class Episode:
    """One episode from seat 0's side."""

    steps: list[Step]
    rounds: list[int]  # the round (0 or 1) of each decision
    won: float  # the return: 1 for a win
    margins: list[float]  # per round: seat 0's points minus the best opponent's
    points: float = 0.0  # seat 0's points, both rounds
    boats_out: int = 0  # seat 0's boats on an area when a round was scored (both rounds)
    boats_scoring: int = 0  # of those, the boats where the whale or the orca surfaced

    def to_go(self, signal: str) -> np.ndarray:
        """What each decision is credited with: the return, or the points margin of its
        own round and the rounds after (a round-2 decision cannot change round 1)."""
        if signal == "win":
            return np.full(len(self.steps), self.won)
        after = np.cumsum(self.margins[::-1])[::-1] / MARGIN_SCALE
        return np.asarray(after[self.rounds])


Pick = Callable[[State], Action]
"""A scripted player for seat 0 (a yardstick): the action to take in a state."""


def episode(
    env: SeatEnv,
    policy: Policy | None,
    seed: int,
    *,
    greedy: bool,
    pick: Pick | None = None,
) -> Episode:
    """One game of seat 0, played by ``policy`` or, for a yardstick, by ``pick``."""
    layout = env.game.observation_layout(env.num_players, env.options)
    obs, info = env.reset(seed=seed)
    game = Episode([], [], 0.0, [])
    done = False
    while not done:
        x = scaled(obs)
        if pick is not None:
            action = env.game.player_code(pick(env.state))
        else:
            assert policy is not None
            action = policy.act(x, info["action_mask"], greedy=greedy)
        game.steps.append((x, info["action_mask"], action))
        game.rounds.append(int(np.argmax(layout.view(obs, "round"))))  # one-hot: round 1, 2
        obs, r, terminated, truncated, info = env.step(action)
        game.won = float(r)
        done = terminated or truncated
    public = env.state.observation(None)
    for result in public["results"]:
        points = result["points"]
        game.margins.append(float(points[0] - max(points[1:])))
        game.points += points[0]
        mine = [at for at in result["boats"][:3] if at >= 0]  # seat 0's boats 0..2
        game.boats_out += len(mine)
        game.boats_scoring += sum(at in (result["whale"], result["orca"]) for at in mine)
    return game


def train(
    episodes: int,
    eval_every: int,
    eval_games: int,
    lr: float,
    seed: int,
    *,
    table: str = "reduced",
    hidden: int = 0,
    batch: int = 16,
    signal: str = "margin",
    yardsticks: bool = False,
) -> dict[str, Any]:
    options = {"table": table}
    env = SeatEnv(GAME, seat=0, num_players=2, opponents="random", options=options)
    eval_env = SeatEnv(GAME, seat=0, num_players=2, opponents="random", options=options)
    rng = np.random.default_rng(seed)
    size = env.observation_space.shape[0]
    policy = Policy(size, int(env.action_space.n), hidden, rng)
    baselines = np.full(2, 0.5 if signal == "win" else 0.0)  # per round: a running mean
    curve: list[dict[str, float]] = []
    eval_seconds = 0.0
    others: dict[str, dict[str, float]] = {}

    def evaluate(*, greedy: bool, pick: Pick | None = None) -> dict[str, float]:
        """Seat 0's play in the evaluation games: win rate, points, boats."""
        nonlocal eval_seconds
        began = time.perf_counter()
        played = [
            episode(eval_env, policy, EVAL_SEED + seed * 100_000 + i, greedy=greedy, pick=pick)
            for i in range(eval_games)
        ]
        eval_seconds += time.perf_counter() - began
        out = sum(g.boats_out for g in played)
        return {
            "win_rate": sum(g.won for g in played) / eval_games,
            "points": sum(g.points for g in played) / eval_games,
            "boats_out_per_round": out / (2 * eval_games),
            "boats_scoring_share": sum(g.boats_scoring for g in played) / max(out, 1),
        }

    def win_rate(*, greedy: bool) -> float:
        return evaluate(greedy=greedy)["win_rate"]

    if yardsticks:
        # Two more: a random player that never says "Done!" while it may go on, and the
        # game's heuristic bot, in the same evaluation games.
        chooser = random.Random(seed)
        others["keeps playing"] = evaluate(
            greedy=False,
            pick=lambda state: chooser.choice(
                [a for a in state.legal_actions() if a != FINISH] or state.legal_actions()
            ),
        )
        bot = make_agent("heuristic", env.game, seed=seed)
        others["heuristic bot"] = evaluate(greedy=False, pick=lambda s: bot.act(SeatView(s, 0)))

    start, cpu_start = time.perf_counter(), time.process_time()
    eval_seconds = 0.0
    # The yardstick: seat 0 playing uniformly at random (the untrained policy, sampled)
    # in the same evaluation games.
    random_play = evaluate(greedy=False)
    untrained_play = evaluate(greedy=True)
    curve.append({"episodes": 0, "win_rate": untrained_play["win_rate"]})
    for e in range(1, episodes + 1):
        game = episode(env, policy, seed * 1_000_000 + e, greedy=False)
        # The game's return says only who won; the points margin says by how much, and
        # tells a close loss from a rout (scaled to about the size of a return).
        to_go = game.to_go(signal)
        rounds = np.asarray(game.rounds)
        policy.add_episode(game.steps, to_go - baselines[rounds])
        for r in (0, 1):
            if (rounds == r).any():
                baselines[r] += 0.01 * (to_go[rounds == r][0] - baselines[r])
        if e % batch == 0:
            policy.step(lr)
        if e % eval_every == 0 and e < episodes:
            curve.append({"episodes": e, "win_rate": win_rate(greedy=True)})
            print(f"{e:>6} episodes  greedy win rate {curve[-1]['win_rate']:.3f}", flush=True)
    trained_play = evaluate(greedy=True)
    curve.append({"episodes": episodes, "win_rate": trained_play["win_rate"]})
    print(f"{episodes:>6} episodes  greedy win rate {curve[-1]['win_rate']:.3f}", flush=True)
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    return {
        "game": GAME,
        "options": options,
        "players": 2,
        "opponent": "random",
        "policy": f"tanh {hidden} → softmax" if hidden else "linear softmax",
        "observation_size": size,
        "episodes": episodes,
        "eval_games": eval_games,
        "lr": lr,
        "batch": batch,
        "reward": signal,
        "seed": seed,
        "random_win_rate": random_play["win_rate"],
        # Seat 0's play in the evaluation games: at random, untrained (greedy), trained.
        "play": {
            "random": random_play,
            "untrained": untrained_play,
            "trained": trained_play,
            **others,
        },
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "training_seconds": seconds - eval_seconds,
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
    ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=f"{result['policy']}, greedy")
    ax.axhline(
        result["random_win_rate"], color="grey", linestyle="--", label="seat 0 playing at random"
    )
    ax.set_xlabel("training episodes (REINFORCE)")
    ax.set_ylabel(f"win rate vs random ({n} games)")
    table = result["options"]["table"]
    ax.set_title(f"Whale to Look ({table} table), 2 players, seat 0")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=24_000)
    parser.add_argument("--eval-every", type=int, default=3_000)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--lr", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--batch", type=int, default=16, help="episodes per Adam step")
    parser.add_argument(
        "--reward",
        choices=("win", "margin"),
        default="margin",
        help="learn from the return (1 for a win) or from the points margin",
    )
    parser.add_argument("--hidden", type=int, default=64, help="tanh units; 0 for linear")
    parser.add_argument("--table", choices=("reduced", "standard"), default="reduced")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--yardsticks",
        action="store_true",
        help="also play the evaluation games never saying Done! early, and with the heuristic bot",
    )
    parser.add_argument("--plot", metavar="PNG", help="write the learning curve here")
    parser.add_argument("--json", metavar="FILE", help="write the curve as JSON here")
    args = parser.parse_args(argv)
    result = train(
        args.episodes,
        args.eval_every,
        args.eval_games,
        args.lr,
        args.seed,
        table=args.table,
        hidden=args.hidden,
        batch=args.batch,
        signal=args.reward,
        yardsticks=args.yardsticks,
    )
    if args.plot:
        plot(result, args.plot)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
    print(
        f"random {result['random_win_rate']:.3f} → greedy {result['curve'][-1]['win_rate']:.3f} "
        f"after {result['episodes']} episodes; {result['seconds']:.0f} s "
        f"({result['training_seconds']:.0f} s training, {result['cpu_seconds']:.0f} s of CPU)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
