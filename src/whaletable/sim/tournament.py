"""Rated tournaments between bots: who sits where, and what the results say.

**Seating.** Game ``i`` of a tournament is a pure function of the tournament and
``i`` (see :class:`TournamentPlan`), so it is reproducible on any number of processes.
Player counts take turns: game ``i`` is for the ``i mod c``-th of the ``c`` counts played.
For each count ``k`` the line-ups are every ``k``-combination of the bots, each
rotated through all ``k`` seats, or, with fewer bots than seats, the bots repeated in
order around the table and rotated ``m`` times (so each bot has ``⌊k/m⌋`` or ``⌈k/m⌉``
seats, the extra seats going round). Either way every bot sits in every seat position
equally often and meets every other bot equally often, exactly so whenever the number
of games is a multiple of :attr:`TournamentPlan.cycle`.

**Ratings.** openskill's Weng–Lin Plackett–Luce model, fed each finished game's
ranking: seats ordered by their places in the rules' final standings (the result every
interface shows: the winner first, then the others by the rulebook's score and
tie-breaks), equal places sharing a rank. Returns alone say only who won: every seat that
lost would tie, and a bot that always finishes second would rate with one that always
finishes last. A bot that holds
several seats of one game (fewer bots than seats) is rated as independent copies
starting from its rating, whose changes are then added up. The model's drift term
``tau`` is 0: a bot plays no better in its thousandth game than in its first, and
with drift the rating would lean towards whichever games happened to come last.
The interval shown is ``mu ± 2 sigma`` (about 95%); the ordinal, openskill's
``mu - 3 sigma``, orders the table.

**A team game** (Save the Whales: every seat gets the same return) ranks no seat
above another, so seats cannot be compared within a table. Instead tables are
compared: one *deal* is ``m`` games, one per bot, each with that bot in every seat,
all from the same seed (the same shuffle and, until play diverges, the same dice);
the deal's ranking is its tables ordered by the team's return. A bot's rating then
answers the question a player choosing a level asks — how well does a table of this
bot play the game — with no table-mates to share the credit or the blame, and the
shared seed takes much of the luck of the deal out of each comparison (as duplicate
bridge does). Seat positions mean nothing at such a table, so per-seat win rates
there are the team's win rate per player count; head-to-head counts the deals
where one bot's table did better than the other's.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Any

from whaletable.core import registry
from whaletable.core.spec import GameSpec
from whaletable.sim.runner import GameResult, GameTask, PlanRunner, game_seed, run_plan

SCHEMA = "whaletable.tournament/1"

MU = 25.0
SIGMA = MU / 3
BETA = MU / 6
TAU = 0.0
INTERVAL_SIGMAS = 2.0
ORDINAL_SIGMAS = 3.0


def lineups(bots: Sequence[str], seats: int) -> tuple[tuple[str, ...], ...]:
    """Every line-up of ``bots`` at a table of ``seats``, each bot in each seat equally.

    >>> lineups(["a", "b", "c"], 2)
    (('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b'))
    >>> lineups(["a", "b"], 3)
    (('a', 'b', 'a'), ('b', 'a', 'b'))
    """
    groups = list(combinations(bots, seats)) if len(bots) >= seats else [tuple(bots)]
    out: list[tuple[str, ...]] = []
    for group in groups:
        n = len(group)
        out.extend(tuple(group[(s + r) % n] for s in range(seats)) for r in range(n))
    return tuple(out)


@dataclass(frozen=True)
class TournamentPlan:
    """The games of a tournament; ``task(i)`` depends on nothing but the plan and ``i``."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    player_counts: tuple[int, ...]
    options: dict[str, Any] | None = None
    team: bool = False

    @cached_property
    def _lineups(self) -> dict[int, tuple[tuple[str, ...], ...]]:
        return {k: lineups(self.bots, k) for k in self.player_counts}

    @property
    def cycle(self) -> int:
        """Games after which every bot has sat in every seat equally often."""
        if self.team:
            return len(self.bots) * len(self.player_counts)
        per_count = math.lcm(*(len(v) for v in self._lineups.values()))
        return per_count * len(self.player_counts)

    def deal(self, index: int) -> int:
        """The deal a team-game table belongs to (in a game of rivals, each game is one)."""
        return index // len(self.bots) if self.team else index

    def task(self, index: int) -> GameTask:
        counts = len(self.player_counts)
        if self.team:
            deal = self.deal(index)
            k = self.player_counts[deal % counts]
            bot = self.bots[index % len(self.bots)]
            return GameTask(index, self.game, (bot,) * k, self.options, game_seed(self.seed, deal))
        k = self.player_counts[index % counts]
        table = self._lineups[k]
        seats = table[(index // counts) % len(table)]
        return GameTask(index, self.game, seats, self.options, game_seed(self.seed, index))


# ------------------------------------------------------------------ rating


def ranks(values: Sequence[float]) -> list[int]:
    """Competition ranks, 1 best, from values where more is better; ties share a rank.

    >>> ranks([0.0, 1.0, 0.0, 0.5])
    [3, 1, 3, 2]
    """
    return [1 + sum(other > v for other in values) for v in values]


@dataclass
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        return self.mu - ORDINAL_SIGMAS * self.sigma

    @property
    def interval(self) -> tuple[float, float]:
        half = INTERVAL_SIGMAS * self.sigma
        return (self.mu - half, self.mu + half)


class Rater:
    """openskill's Plackett–Luce model over a sequence of rankings (see the module notes)."""

    def __init__(self, bots: Sequence[str]) -> None:
        from openskill.models import PlackettLuce  # only tournaments need it

        self.model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)
        self.ratings = {bot: Rating() for bot in bots}

    def rate(self, entrants: Sequence[str], values: Sequence[float]) -> None:
        """One ranking: ``entrants[j]`` finished with ``values[j]`` (more is better)."""
        before = {bot: self.ratings[bot] for bot in entrants}
        teams = [[self.model.rating(mu=before[b].mu, sigma=before[b].sigma)] for b in entrants]
        after = self.model.rate(teams, ranks=[float(r) for r in ranks(values)], tau=TAU)
        for bot, old in before.items():
            copies = [after[j][0] for j, b in enumerate(entrants) if b == bot]
            mu = old.mu + sum(c.mu - old.mu for c in copies)
            variance = old.sigma**2 * math.prod((c.sigma / old.sigma) ** 2 for c in copies)
            self.ratings[bot] = Rating(mu, math.sqrt(variance))


# ------------------------------------------------------------------ tallies


@dataclass
class Tally:
    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Meeting:
    ahead: int = 0
    behind: int = 0
    tied: int = 0

    @property
    def total(self) -> int:
        return self.ahead + self.behind + self.tied

    @property
    def share(self) -> float:
        """Share of meetings won, a tie counting half."""
        return (self.ahead + self.tied / 2) / self.total if self.total else 0.0

    def add(self, mine: float, theirs: float) -> None:
        """One more meeting, the higher value ahead."""
        if mine > theirs:
            self.ahead += 1
        elif mine < theirs:
            self.behind += 1
        else:
            self.tied += 1


@dataclass
class Standings:
    """Everything a tournament's results say, built game by game in index order."""

    plan: TournamentPlan
    spec: GameSpec
    rater: Rater = field(init=False)
    overall: dict[str, Tally] = field(default_factory=dict)
    seats: dict[tuple[str, int, int], Tally] = field(default_factory=dict)
    meetings: dict[tuple[str, str], Meeting] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rater = Rater(self.plan.bots)
        self.overall = {bot: Tally() for bot in self.plan.bots}

    def add(self, results: Sequence[GameResult]) -> None:
        if self.plan.team:
            for deal in _deals(self.plan, results):
                self._add_ranking([r.seats[0] for r in deal], [r.returns[0] for r in deal])
                for r in deal:
                    self._add_wins(r, seats=1)
        else:
            for r in results:
                self._add_ranking(list(r.seats), [-float(p) for p in r.places])
                self._add_wins(r, seats=len(r.seats))

    def _add_wins(self, r: GameResult, *, seats: int) -> None:
        n = len(r.seats)
        winners = self.spec.winners(r.returns)
        for seat in range(seats):
            bot = r.seats[seat]
            won = seat in winners
            self.overall[bot].add(won)
            self.seats.setdefault((bot, n, seat), Tally()).add(won)

    def _add_ranking(self, entrants: list[str], values: list[float]) -> None:
        if len(entrants) < 2:
            return
        self.rater.rate(entrants, values)
        for a, (bot_a, va) in enumerate(zip(entrants, values, strict=True)):
            for bot_b, vb in zip(entrants[a + 1 :], values[a + 1 :], strict=True):
                if bot_a == bot_b:
                    continue
                self.meetings.setdefault((bot_a, bot_b), Meeting()).add(va, vb)
                self.meetings.setdefault((bot_b, bot_a), Meeting()).add(vb, va)

    def to_json(self) -> dict[str, Any]:
        ratings: list[dict[str, Any]] = []
        for bot in self.plan.bots:
            r = self.rater.ratings[bot]
            lo, hi = r.interval
            t = self.overall[bot]
            ratings.append(
                {
                    "bot": bot,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "low": lo,
                    "high": hi,
                    "ordinal": r.ordinal,
                    "games": t.games,
                    "wins": t.wins,
                    "win_rate": t.rate,
                }
            )
        ratings.sort(key=lambda row: (-float(row["ordinal"]), str(row["bot"])))
        seats = [
            {
                "bot": bot,
                "players": n,
                "seat": seat + 1,
                "games": t.games,
                "wins": t.wins,
                "win_rate": t.rate,
            }
            for (bot, n, seat), t in sorted(self.seats.items())
        ]
        meetings = [
            {
                "bot": a,
                "opponent": b,
                "ahead": m.ahead,
                "behind": m.behind,
                "tied": m.tied,
                "share": m.share,
            }
            for (a, b), m in sorted(self.meetings.items())
        ]
        return {"ratings": ratings, "seats": seats, "head_to_head": meetings}


def _deals(plan: TournamentPlan, results: Sequence[GameResult]) -> list[list[GameResult]]:
    """A team game's results grouped by deal, in index order."""
    deals: dict[int, list[GameResult]] = {}
    for r in sorted(results, key=lambda r: r.index):
        deals.setdefault(plan.deal(r.index), []).append(r)
    return [deals[d] for d in sorted(deals)]


# ------------------------------------------------------------------ the whole run


def rating_meaning(team: bool) -> str:
    if team:
        return (
            "team game: each deal is one table per bot, that bot in every seat, on the same "
            "seed; the tables are ranked by the team's return"
        )
    return "each game ranks its seats by their places in the result, ties sharing a rank"


def tournament(
    game: str,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    players: Sequence[int] | None = None,
    options: dict[str, Any] | None = None,
    on_results: Callable[[list[GameResult]], None] | None = None,
    runner: PlanRunner | None = None,
) -> tuple[list[GameResult], dict[str, Any]]:
    """Play and rate a tournament; the JSON-ready result (see :data:`SCHEMA`).

    ``players`` are the player counts to play (default: every count the game allows).
    Everything but ``seconds`` is identical for identical arguments, whatever ``jobs``.
    """
    rules = registry.get(game)
    spec = rules.spec
    counts = tuple(players) if players else tuple(range(spec.min_players, spec.max_players + 1))
    plan = TournamentPlan(game, tuple(bots), games, seed, counts, options, spec.cooperative)
    start = time.perf_counter()
    if runner is None:
        results = run_plan(plan, jobs=jobs, on_results=on_results)
    else:
        results = runner.run(plan, on_results=on_results)
    seconds = time.perf_counter() - start
    standings = Standings(plan, spec)
    standings.add(results)
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "game": spec.id,
        "title": spec.title,
        "bots": list(bots),
        "games": games,
        "seed": seed,
        "players": list(counts),
        "options": rules.options_to_json(rules.make_options(options)),
        "team": spec.cooperative,
        "balanced_every": plan.cycle,
        "balanced": games % plan.cycle == 0,
        "model": {
            "name": "openskill PlackettLuce",
            "mu": MU,
            "sigma": SIGMA,
            "beta": BETA,
            "tau": TAU,
            "interval": f"mu ± {INTERVAL_SIGMAS:g} sigma",
            "ordinal": f"mu - {ORDINAL_SIGMAS:g} sigma",
            "ranking": rating_meaning(spec.cooperative),
        },
        **standings.to_json(),
        "seconds": seconds,
    }
    return results, out


__all__ = [
    "SCHEMA",
    "Rater",
    "Rating",
    "Standings",
    "TournamentPlan",
    "lineups",
    "ranks",
    "tournament",
]
