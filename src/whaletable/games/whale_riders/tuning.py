"""Balance figures from simulated games: the numbers the reconstructed data is tuned by.

:func:`measure` plays seeded games between bots and reports what matters for a
reconstruction: how long games last, whether the order of play decides them, how
many contracts get fulfilled and whether the riders come home before the end.
Seats are counted in order of play (position 0 is the start player), since the
start player is drawn at random.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any

from whaletable.agents import make_agent
from whaletable.core.agent import SeatView
from whaletable.games.whale_riders.rules import HOME, WhaleRidersState


@dataclass
class Balance:
    """What :func:`measure` found over ``games`` games at ``players`` players."""

    players: int
    games: int = 0
    turns: list[int] = field(default_factory=list)
    position_wins: list[float] = field(default_factory=list)
    """Wins by order of play (shared wins split), 0 = the start player."""
    drawn: int = 0
    fulfilled: int = 0
    riders_home: int = 0
    winner_pearls: list[int] = field(default_factory=list)
    bot_wins: dict[str, float] = field(default_factory=dict)
    bot_seats: dict[str, int] = field(default_factory=dict)

    @property
    def mean_turns(self) -> float:
        """Mean turns a game lasts, counting every player's turns."""
        return statistics.fmean(self.turns)

    @property
    def mean_rounds(self) -> float:
        """Mean turns per player."""
        return self.mean_turns / self.players

    def position_win_rate(self, position: int) -> float:
        return self.position_wins[position] / self.games

    @property
    def fulfilled_share(self) -> float:
        """Contracts fulfilled among all contracts dealt or drawn."""
        return self.fulfilled / self.drawn if self.drawn else 0.0

    @property
    def home_share(self) -> float:
        """Riders home when the game ended."""
        return self.riders_home / (self.games * self.players)

    def win_rate(self, bot: str) -> float:
        return self.bot_wins.get(bot, 0.0) / self.bot_seats[bot] if self.bot_seats.get(bot) else 0.0

    def row(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "games": self.games,
            "mean_turns": round(self.mean_turns, 1),
            "turns_per_player": round(self.mean_rounds, 1),
            "first_player_win_rate": round(self.position_win_rate(0), 3),
            "position_win_rates": [
                round(self.position_win_rate(p), 3) for p in range(self.players)
            ],
            "fulfilled_share": round(self.fulfilled_share, 3),
            "riders_home_share": round(self.home_share, 3),
            "winner_pearls": round(statistics.fmean(self.winner_pearls), 1),
            "bot_win_rates": {b: round(self.win_rate(b), 3) for b in sorted(self.bot_seats)},
        }


def measure(
    players: int,
    games: int,
    *,
    seats: list[str] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> Balance:
    """Play ``games`` seeded games between ``seats`` (default: heuristic everywhere).

    Game ``i`` rotates the seats by ``i``, so every bot sits everywhere equally often.
    """
    from whaletable import games as registry

    game = registry.get("whale-riders")
    specs = seats or ["heuristic"] * players
    if len(specs) != players:
        raise ValueError(f"{players} players need {players} seats, not {len(specs)}")
    out = Balance(players, position_wins=[0.0] * players)
    for i in range(games):
        names = [specs[(s - i) % players] for s in range(players)]
        agents = [
            make_agent(name, game, seed=seed * 7919 + i * 31 + s) for s, name in enumerate(names)
        ]
        state: WhaleRidersState = game.new_state(players, options)
        chance = random.Random(f"{seed}/{i}")
        drawn = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(chance)
                drawn += action.kind == "draw_contract"
            else:
                seat = state.current_player()
                action = agents[seat].act(SeatView(state, seat))
            state.apply(action)
        returns = state.returns()
        out.games += 1
        out.turns.append(state.turn)
        out.drawn += drawn
        out.fulfilled += sum(len(f) for f in state.fulfilled)
        out.riders_home += sum(1 for s in state.steps if s == HOME)
        out.winner_pearls.append(max(state.pearls(s) for s in range(players)))
        for s in range(players):
            position = (s - state.start) % players
            out.position_wins[position] += returns[s]
            out.bot_wins[names[s]] = out.bot_wins.get(names[s], 0.0) + returns[s]
            out.bot_seats[names[s]] = out.bot_seats.get(names[s], 0) + 1
    return out
