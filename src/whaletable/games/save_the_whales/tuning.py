"""Team results over many seeded games: how the reconstructed data plays.

The rulebook promises a game of "1 to 1½ hours" in which saving all eight whales is
hard but possible. :func:`play_team_games` plays seeded games with the same bot in
every seat and :func:`summarise` reduces them to the figures the reconstruction is
tuned against: the mean number of whales saved, how often all eight are saved, and
the mean length in turns (dice throws).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any

from whaletable.agents import make_agent
from whaletable.core.match import play_match
from whaletable.core.registry import get
from whaletable.games.save_the_whales.rules import NUM_WHALES, SaveTheWhalesState

GAME_ID = "save-the-whales"


@dataclass(frozen=True)
class TeamResult:
    """One game's outcome for the team."""

    seed: int
    saved: int
    extinct: int
    turns: int


def play_team_games(
    games: int,
    *,
    players: int = 4,
    seed: int = 1,
    bot: str = "heuristic",
    options: dict[str, Any] | None = None,
) -> list[TeamResult]:
    """``games`` seeded games with ``bot`` in every seat; game ``i`` uses seed ``seed*10^6+i``."""
    game = get(GAME_ID)
    out = []
    for i in range(games):
        game_seed = seed * 1_000_000 + i
        agents = [make_agent(bot, game, seed=game_seed * 8 + s) for s in range(players)]
        result = play_match(game, agents, seed=game_seed, options=options)
        state = result.state
        assert isinstance(state, SaveTheWhalesState)
        out.append(
            TeamResult(game_seed, state.whales_saved(), len(state.extinct_order), state.turns)
        )
    return out


def summarise(results: list[TeamResult]) -> dict[str, Any]:
    """Mean whales saved (with a 95% interval), share of all-eight games, mean turns."""
    saved = [r.saved for r in results]
    turns = [r.turns for r in results]
    n = len(results)
    mean = statistics.fmean(saved)
    spread = statistics.stdev(saved) if n > 1 else 0.0
    all_eight = sum(1 for s in saved if s == NUM_WHALES) / n
    return {
        "games": n,
        "mean_saved": mean,
        "saved_95": 1.96 * spread / math.sqrt(n),
        "all_eight": all_eight,
        "all_eight_95": 1.96 * math.sqrt(all_eight * (1 - all_eight) / n),
        "mean_turns": statistics.fmean(turns),
        "median_turns": statistics.median(turns),
        "min_turns": min(turns),
        "max_turns": max(turns),
        "histogram": [Counter(saved).get(k, 0) for k in range(NUM_WHALES + 1)],
    }
