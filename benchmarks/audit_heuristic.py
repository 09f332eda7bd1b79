"""Where a bot's choices could be beaten by one step of look-ahead, measured by playouts.

A search that keeps a bot's move unless another scores better (hard's guide and
margin) can only gain where the bot's own choice is beaten. This finds out how often
that is, before any search is tuned: it plays seeded games with ``--bot`` in every
seat, stops at a sample of the decisions that have a real choice (``--share`` of
them), and values every legal action there by ``--playouts`` games played on from it
with ``--bot`` in every seat, from the acting seat's determinization (so a seat never
learns what it cannot see). Every action of a decision is played on from the same
determinizations and the same chance draws (common random numbers), so the differences
between actions carry less noise than the values themselves.

For each alternative to the bot's choice it reports the mean difference of the acting
seat's score (``--value score``: the rules' score, e.g. whales saved; ``return``: the
game's utility) with its standard error, and sums up per phase how many alternatives
beat the bot's choice by more than two standard errors and by how much. One process,
seeded: the same command prints the same figures.

    python benchmarks/audit_heuristic.py save-the-whales --players 4 --games 40 --playouts 200
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import whaletable.games as games
from whaletable.agents import make_agent
from whaletable.core.action import Action
from whaletable.core.agent import Agent, SeatView
from whaletable.core.errors import WhaletableError
from whaletable.core.game import Game
from whaletable.core.state import State

SIGNIFICANT = 2.0
"""Standard errors by which an alternative must beat the bot's choice to count."""


@dataclass(frozen=True)
class Alternative:
    """One legal action beside the bot's choice, valued by playouts against it."""

    phase: str
    chosen: str
    action: str
    gain: float
    """Mean of (the alternative's value − the choice's value) over the same playouts."""
    error: float
    """The standard error of ``gain``."""

    @property
    def beats(self) -> bool:
        return self.gain > SIGNIFICANT * self.error


def play_on(
    state: State,
    bots: list[Agent],
    rng: random.Random,
    before: Callable[[State, Action], None] | None = None,
) -> State:
    """Play ``state`` to its end with ``bots`` in the seats, chance drawn from ``rng``;
    ``before`` sees every decision with a real choice, and the bot's choice, before it
    is applied."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        seat = state.current_player()
        chosen = bots[seat].act(SeatView(state, seat))
        if before is not None:
            before(state, chosen)
        state.apply(chosen)
    return state


def value_of(state: State, seat: int, value: str) -> float:
    return state.scores()[seat] if value == "score" else state.returns()[seat]


def audit_decision(
    state: State,
    chosen: Action,
    bots: list[Agent],
    playouts: int,
    value: str,
    rng: random.Random,
) -> list[Alternative]:
    """Every other legal action of this decision against ``chosen``, by paired playouts."""
    seat = state.current_player()
    phase = str(state.observation(seat).get("phase", "?"))
    starts = [(state.determinize(seat, rng), rng.getrandbits(32)) for _ in range(playouts)]

    def values(action: Action) -> list[float]:
        out = []
        for start, chance_seed in starts:
            child = start.clone()
            child.apply(action)
            out.append(value_of(play_on(child, bots, random.Random(chance_seed)), seat, value))
        return out

    base = values(chosen)
    rows = []
    for action in state.legal_actions():
        if action == chosen:
            continue
        diffs = [a - b for a, b in zip(values(action), base, strict=True)]
        error = statistics.stdev(diffs) / math.sqrt(playouts) if playouts > 1 else math.inf
        rows.append(Alternative(phase, str(chosen), str(action), statistics.fmean(diffs), error))
    return rows


def audit(
    game: Game[Any],
    bot: str,
    players: int,
    games_: int,
    seed: int,
    share: float,
    playouts: int,
    value: str,
    phases: frozenset[str] = frozenset(),
) -> list[Alternative]:
    rng = random.Random(seed)
    found: list[Alternative] = []
    for index in range(games_):
        bots = [make_agent(bot, game, seed=seed * 1000 + index * 10 + s) for s in range(players)]
        playout_bots = [make_agent(bot, game, seed=rng.getrandbits(32)) for _ in range(players)]

        def sample(state: State, chosen: Action, playout_bots: list[Agent] = playout_bots) -> None:
            phase = str(state.observation(state.current_player()).get("phase"))
            if (not phases or phase in phases) and rng.random() < share:
                found.extend(audit_decision(state, chosen, playout_bots, playouts, value, rng))

        chance = random.Random(seed * 1_000_003 + index)
        play_on(game.new_state(players), bots, chance, sample)
        print(f"game {index + 1}/{games_}: {len(found)} alternatives so far", file=sys.stderr)
    return found


def summary(rows: list[Alternative]) -> list[str]:
    by_phase: dict[str, list[Alternative]] = defaultdict(list)
    for row in rows:
        by_phase[row.phase].append(row)
    lines = [
        f"{'phase':<16}{'alternatives':>13}{'beat it':>9}{'mean gain of those':>20}"
        f"{'largest gain':>14}{'mean gain, all':>16}"
    ]
    for phase, group in sorted(by_phase.items(), key=lambda kv: -len(kv[1])):
        beats = [r for r in group if r.beats]
        mean_beat = statistics.fmean(r.gain for r in beats) if beats else 0.0
        lines.append(
            f"{phase:<16}{len(group):>13}{len(beats):>9}{mean_beat:>20.3f}"
            f"{max(r.gain for r in group):>14.3f}{statistics.fmean(r.gain for r in group):>16.3f}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game", help="the game id")
    parser.add_argument("--bot", default="heuristic", help="the bot audited (default heuristic)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the minimum)")
    parser.add_argument("--games", type=int, default=20, help="games to sample decisions from")
    parser.add_argument("--share", type=float, default=0.15, help="share of decisions audited")
    parser.add_argument("--playouts", type=int, default=200, help="playouts per action")
    parser.add_argument("--value", choices=("score", "return"), default="score")
    parser.add_argument("--phases", default="", help="audit only these phases (comma-separated)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--list", action="store_true", help="print every alternative too")
    args = parser.parse_args(argv)
    if not 0 < args.share <= 1 or args.playouts < 2 or args.games < 1:
        print("audit_heuristic: --share in (0, 1], --playouts ≥ 2, --games ≥ 1", file=sys.stderr)
        return 2
    try:
        game = games.get(args.game)
        players = args.players or game.spec.min_players
        start = time.perf_counter()
        rows = audit(
            game,
            args.bot,
            players,
            args.games,
            args.seed,
            args.share,
            args.playouts,
            args.value,
            frozenset(p for p in args.phases.split(",") if p),
        )
    except WhaletableError as e:
        print(f"audit_heuristic: {e}", file=sys.stderr)
        return 2
    if args.list:
        for r in rows:
            flag = " *" if r.beats else ""
            print(f"{r.phase:<14} {r.chosen:<32} → {r.action:<32} ", end="")
            print(f"{r.gain:+.3f} ± {r.error:.3f}{flag}")
    print("\n".join(summary(rows)))
    print(f"({len(rows)} alternatives, {time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
