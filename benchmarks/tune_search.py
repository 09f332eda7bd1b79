"""Play search settings against a game's heuristic and report their win rates.

For a game of rivals, each candidate bot takes one seat against heuristic bots
in the others (its seat rotating from game to game) and the table shows how
often it wins, with a 95% Wilson interval, beside the share a seat would win
if every bot were equally strong (1/players). For a team game (Save the
Whales) every seat plays the candidate and the heuristic team plays the same
seeds, so the two win rates and mean returns compare directly. Each candidate's
move times (searched moves only: forced moves are not searched) are reported
too. One process, seeded: the same command prints the same win rates.

Ranked by place, as the tournament ranks seats, a candidate also shows how often it
finished ahead of an opponent (``ahead``: the share of its games' opponents placed behind
it, a tie counting half), which is what its rating against those opponents follows: a bot
that wins often but places last when it loses can be ahead less often than it wins.

Every candidate plays the same deals from the same seats, so candidates after the first
are also compared with it game by game: in how many games each did better, and the
sign test's z over those games. Where luck weighs heavily (Whale to Look) most games
end alike for both, and the games that differ show a gap long before the two win rates'
intervals part.

    python benchmarks/tune_search.py whale-to-look --players 3 --games 60 \\
        "mcts" "mcts:cutoff=20" "mcts:policy=random"
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, cast

import whaletable.games
from whaletable.agents import make_agent
from whaletable.agents.mcts import MctsAgent
from whaletable.core.agent import Agent, SeatView
from whaletable.core.game import Game
from whaletable.core.match import play_match
from whaletable.core.spec import Utility
from whaletable.sim.tournament import Meeting

Z95 = 1.959963984540054


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (shared wins count fractionally)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


class Timed:
    """A bot whose decisions are timed (only those with a choice to make), and whose
    search's overrulings of its guide are counted."""

    def __init__(self, agent: Agent, tally: Tally) -> None:
        self.agent = agent
        self.name = agent.name
        self.tally = tally
        self.guided = isinstance(agent, MctsAgent) and agent.settings.guide is not None

    def act(self, view: SeatView) -> Any:
        if len(view.legal_actions()) == 1:
            return self.agent.act(view)
        start = time.perf_counter()
        action = self.agent.act(view)
        self.tally.times.append(time.perf_counter() - start)
        if self.guided and not cast(MctsAgent, self.agent).last_guided:
            self.tally.overrulings += 1
        return action


@dataclass
class Tally:
    spec: str
    games: int = 0
    wins: float = 0.0
    returns: list[float] = field(default_factory=list)
    outcomes: list[float] = field(default_factory=list)
    """Game by game, the candidate's share of the win; in a team game, the team's return
    (so a deal's tables compare as the tournament ranks them: whales saved)."""
    ahead: list[float] = field(default_factory=list)
    """Game by game, the share of the candidate's opponents placed behind it (a tie
    counting half); empty in a team game, where every seat shares one place."""
    times: list[float] = field(default_factory=list)
    overrulings: int = 0
    """Searched moves on which the search overruled its guide."""

    def row(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "bot": self.spec,
            "games": self.games,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "low": low,
            "high": high,
            "mean_return": statistics.fmean(self.returns) if self.returns else 0.0,
            "ahead": statistics.fmean(self.ahead) if self.ahead else None,
            "move_mean_s": statistics.fmean(self.times) if self.times else 0.0,
            "move_max_s": max(self.times, default=0.0),
            "moves": len(self.times),
            "overrulings": self.overrulings,
        }

    def against(self, first: Tally) -> dict[str, Any]:
        """Game by game against ``first`` (the same seeds): the sign test over the games
        whose outcome differs."""
        better = sum(a > b for a, b in zip(self.outcomes, first.outcomes, strict=True))
        worse = sum(a < b for a, b in zip(self.outcomes, first.outcomes, strict=True))
        z = (better - worse) / math.sqrt(better + worse) if better + worse else 0.0
        return {"against": first.spec, "better": better, "worse": worse, "z": z}


def seat_seed(seed: int, game_index: int, seat: int) -> int:
    return (seed * 1_000_003 + game_index * 7919 + seat * 104_729) % (1 << 62)


def play_rivals(
    game: Game[Any], spec: str, opponent: str, players: int, games: int, seed: int
) -> Tally:
    tally = Tally(spec)
    for i in range(games):
        mine = i % players
        agents: list[Agent] = []
        for seat in range(players):
            bot = make_agent(spec if seat == mine else opponent, game, seat_seed(seed, i, seat))
            agents.append(Timed(bot, tally) if seat == mine else bot)
        result = play_match(game, agents, seed=seat_seed(seed, i, 99))
        winners = result.winners
        tally.games += 1
        share = 1 / len(winners) if mine in winners else 0.0
        tally.wins += share
        tally.outcomes.append(share)
        tally.returns.append(result.returns[mine])
        tally.ahead.append(ahead_share(result.places, mine))
    return tally


def ahead_share(places: list[int], seat: int) -> float:
    """The share of ``seat``'s opponents placed behind it, a tie counting half: its
    meetings in this game, counted as the tournament's head-to-head counts them."""
    meeting = Meeting()
    for other, place in enumerate(places):
        if other != seat:
            meeting.add(-places[seat], -place)  # the lower place is ahead
    return meeting.share


def play_team(game: Game[Any], spec: str, players: int, games: int, seed: int) -> Tally:
    tally = Tally(spec)
    for i in range(games):
        agents: list[Agent] = [
            Timed(make_agent(spec, game, seat_seed(seed, i, seat)), tally)
            for seat in range(players)
        ]
        result = play_match(game, agents, seed=seat_seed(seed, i, 99))
        tally.games += 1
        tally.wins += 1.0 if result.winners else 0.0
        tally.outcomes.append(result.returns[0])
        tally.returns.append(result.returns[0])
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="the game id")
    parser.add_argument("candidates", nargs="+", help="bot specs to measure, e.g. mcts:cutoff=20")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the minimum)")
    parser.add_argument("--games", type=int, default=50, help="games per candidate (default 50)")
    parser.add_argument("--opponent", default="heuristic", help="the bot in the other seats")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    game = whaletable.games.get(args.game)
    players = args.players or game.spec.min_players
    team = game.spec.utility is Utility.IDENTICAL
    rows = []
    first: Tally | None = None
    for spec in args.candidates:
        started = time.perf_counter()
        if team:
            tally = play_team(game, spec, players, args.games, args.seed)
        else:
            tally = play_rivals(game, spec, args.opponent, players, args.games, args.seed)
        row = tally.row()
        row["seconds"] = time.perf_counter() - started
        if first is None:
            first = tally
        else:
            row["paired"] = tally.against(first)
        rows.append(row)
        if not args.json:
            even = "team" if team else f"even {1 / players:.3f}"
            ahead = "" if row["ahead"] is None else f" ahead {row['ahead']:.3f}"
            print(
                f"{spec:<60} {row['win_rate']:.3f} [{row['low']:.3f}, {row['high']:.3f}] "
                f"({even}){ahead} return {row['mean_return']:+.3f} "
                f"move {row['move_mean_s'] * 1000:.0f} ms mean, {row['move_max_s'] * 1000:.0f} max "
                f"over {row['moves']}, {row['overrulings']} overruled | {row['seconds']:.0f} s",
                flush=True,
            )
            if "paired" in row:
                paired = row["paired"]
                print(
                    f"{'':<4}game by game against {paired['against']}: better in "
                    f"{paired['better']}, worse in {paired['worse']} (z = {paired['z']:+.2f})",
                    flush=True,
                )
    if args.json:
        json.dump(
            {"game": args.game, "players": players, "games": args.games, "rows": rows},
            sys.stdout,
            indent=2,
        )
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
