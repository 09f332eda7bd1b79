"""Survive bots: a heuristic player, and a leaf evaluator for the generic search.

Both rest on one estimate: how much each seat can still expect to bank, the sum
over its explorers of value × the chance that explorer reaches a safe isle. A seat's
own values are known to it; other seats' explorers count at the average value, since
their values are hidden. The chance comes in two readings (the heuristic's ``odds``):
medium's hand-set one, :func:`prospects`, from where the explorer is (safe, in a boat,
swimming, on which terrain), how far it is from the nearest landing space and which
creatures are near; and hard's, :func:`counted_prospects`, the same situations plus the
land tiles left, with the chances counted in simulated games (:mod:`.odds`).

The heuristic looks one decision ahead: it applies each legal action to a copy
of a state sampled from what it knows and keeps the one after which its own
prospects minus the leader's are best. So it walks its people to the corners,
boards boats, sinks the tiles under the leader's explorers and sends creatures
after the leader's swimmers and boats. Red tiles are always played (deterrents
too, when asked).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from whaletable.agents.mcts import register_game_bots
from whaletable.agents.parameters import choice, count
from whaletable.agents.settings import SearchSettings
from whaletable.core.action import Action
from whaletable.core.agent import SeatView
from whaletable.core.state import State
from whaletable.games.survive import rules as R
from whaletable.games.survive.actions import Decline, EndMovement, PlayTile
from whaletable.games.survive.components import COMPONENTS
from whaletable.games.survive.observation import SurviveObservation
from whaletable.games.survive.odds import (
    TO_LANDING,
    WITHIN_REACH,
    chances,
    situations,
    threats,
)

GAME_ID = "survive"
MEAN_VALUE = sum(COMPONENTS.explorer_values) / len(COMPONENTS.explorer_values)
BEAM = 6
"""Movement plans kept at each point of the heuristic's search."""
SHARPNESS = 0.6
"""How sharply the leaf evaluator turns a lead in expected points into a chance to win."""


_SINKS_SOON = (0.0, 0.06, 0.03, 0.0)  # by terrain: beaches sink first, mountains last


def worths(state: R.SurviveState, seat: int | None) -> Sequence[float]:
    """What each explorer is worth as ``seat`` knows it: its own values exact, the others'
    at the mean (``None``: every value exact, as a determinization knows them); 1 each
    under Everyone is Equal."""
    if state.options.everyone_is_equal:
        return [1.0] * len(state.ex_value)
    if seat is None:
        return state.ex_value
    per = R.EXPLORERS_PER_SEAT
    worth = [MEAN_VALUE] * len(state.ex_value)
    worth[seat * per : (seat + 1) * per] = state.ex_value[seat * per : (seat + 1) * per]
    return worth


def prospects(state: R.SurviveState, seat: int) -> list[float]:
    """Each seat's expected saved points (``seat``'s own values exact, others' at the mean)."""
    dist = TO_LANDING[state.options.landing]
    st, hx = state.ex_status, state.ex_hex
    terrain = state.terrain
    biters, smashers, guards = threats(state)
    worth = worths(state, seat)
    out = [0.0] * state.num_players
    per = R.EXPLORERS_PER_SEAT
    for e in range(len(st)):
        s = st[e]
        if s == R.LOST or s == R.UNPLACED:
            continue
        owner = e // per
        if s == R.SAFE:
            out[owner] += worth[e]
            continue
        h = hx[e]
        d = dist[h]
        if s == R.LAND:
            # Walking is fast (a space a point) and boats are near the coast: land is worth
            # little less than a boat at the same distance, less on tiles that sink first.
            p = 0.55 - 0.05 * d - _SINKS_SOON[terrain[h]]
        elif s == R.BOAT:
            p = 0.95 if d == 0 else 0.85 - 0.04 * d
            for c in smashers:
                if c in WITHIN_REACH[h]:
                    p -= 0.15
        elif d == 0:
            p = 0.9  # one point from safety
        else:
            p = 0.5 - 0.08 * d  # a swimmer crawls a space a turn
            if h not in guards:  # Challenge Rule 5: a dolphin guards its space's swimmers
                for c in biters:
                    if c in WITHIN_REACH[h]:
                        p -= 0.2
        out[owner] += worth[e] * max(p, 0.02)
    return out


def counted_prospects(state: R.SurviveState, seat: int | None) -> list[float]:
    """:func:`prospects` with each explorer's chance read off the odds counted in play
    (:mod:`whaletable.games.survive.odds`), which know how much of the island is left.
    ``seat=None`` scores every explorer at its own value (a determinization knows them)."""
    chance = chances()
    per = R.EXPLORERS_PER_SEAT
    worth = worths(state, seat)
    out = [0.0] * state.num_players
    for e, s in enumerate(state.ex_status):
        if s == R.SAFE:
            out[e // per] += worth[e]
    for e, where in situations(state):
        out[e // per] += worth[e] * chance[where]
    return out


Estimate = Callable[[R.SurviveState, int], list[float]]
ODDS: dict[str, Estimate] = {"hand": prospects, "counted": counted_prospects}
"""The heuristic's ``odds`` parameter: hand-set chances (medium) or those counted in play."""


def advantage(state: R.SurviveState, seat: int, estimate: Estimate = prospects) -> float:
    """Own prospects minus the best other seat's: helping yourself and hurting the leader."""
    p = estimate(state, seat)
    mine = p[seat]
    best = max(v for s, v in enumerate(p) if s != seat)
    return mine - best


class SurviveHeuristic:
    """Plans each turn's movement with a small beam search; one decision ahead otherwise."""

    name = "heuristic"

    def __init__(self, game: Any, seed: int = 0, *, beam: int = BEAM, odds: str = "hand") -> None:
        self.rng = random.Random(seed)
        self.beam = beam
        self.odds = odds
        self.estimate = ODDS[odds]
        self.plan: list[Action] = []
        self.plan_key: tuple[int, int | None, int] = (-1, -1, -1)

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if isinstance(a, PlayTile):
                return a  # tiles are free help; deterrents save people
        seat = view.seat
        obs_key = self._key(view)
        if obs_key == self.plan_key and self.plan and self.plan[0] in legal:
            self.plan_key = (obs_key[0], obs_key[1], obs_key[2] - 1)
            return self.plan.pop(0)
        base = view.determinize(self.rng)
        assert isinstance(base, R.SurviveState)
        if base.phase == R.MOVE and base.moves_left > 0:
            self.plan = self._plan_movement(base, seat)
            self.plan_key = (obs_key[0], obs_key[1], obs_key[2] - 1)
            return self.plan.pop(0)
        best: list[Action] = []
        best_score = -math.inf
        for a in legal:
            if isinstance(a, Decline):
                continue
            child = base.clone()
            child.apply(a)
            score = advantage(child, seat, self.estimate)
            if score > best_score + 1e-9:
                best, best_score = [a], score
            elif score > best_score - 1e-9:
                best.append(a)
        if not best:
            return legal[0]
        return best[self.rng.randrange(len(best))]

    @staticmethod
    def _key(view: SeatView) -> tuple[int, int | None, int]:
        """Which turn and which movement point a decision is at (plans last one turn)."""
        obs_state = cast(SurviveObservation, view.observation())
        if obs_state["phase"] != "move":
            return (-1, -1, -1)
        return (obs_state["turn"], obs_state["active"], obs_state["moves_left"])

    def _plan_movement(self, base: R.SurviveState, seat: int) -> list[Action]:
        """The best sequence of this turn's movement points (beam search on advantage)."""
        best_value = advantage(base, seat, self.estimate)
        best: list[Action] = [EndMovement()]
        frontier: list[tuple[float, R.SurviveState, list[Action]]] = [(best_value, base, [])]
        for _ in range(base.moves_left):
            found: list[tuple[float, R.SurviveState, list[Action]]] = []
            for _, state, seq in frontier:
                for a in state.legal_actions():
                    if isinstance(a, (EndMovement, PlayTile)):
                        continue
                    child = state.clone()
                    child.apply(a)
                    value = advantage(child, seat, self.estimate) + self.rng.random() * 1e-6
                    plan = [*seq, a]
                    if value > best_value:
                        best_value, best = value, plan
                    if child.phase == R.MOVE and child.active == seat:
                        found.append((value, child, plan))
            found.sort(key=lambda f: f[0], reverse=True)
            frontier = found[: self.beam]
            if not frontier:
                break
        if len(best) < base.moves_left and not isinstance(best[-1], EndMovement):
            best.append(EndMovement())
        return best


def make_heuristic(
    game: Any, seed: int = 0, *, beam: Any = BEAM, odds: Any = "hand"
) -> SurviveHeuristic:
    return SurviveHeuristic(
        game,
        seed,
        beam=count("heuristic", "beam", beam, least=1),
        odds=choice("heuristic", "odds", odds, tuple(ODDS)),
    )


def leaf_value(state: State, rng: random.Random) -> list[float]:
    """Score a search leaf: each seat's chance to win from the expected points (a softmax)."""
    if state.is_terminal():
        return state.returns()
    assert isinstance(state, R.SurviveState)
    # Every seat's values are known in a determinization: score them all exactly.
    totals = counted_prospects(state, None)
    top = max(totals)
    weights = [math.exp(SHARPNESS * (t - top)) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]


HARD_BEAM = 16
"""Movement plans hard's guide keeps at each point (tuned: see :data:`SEARCH`)."""

SEARCH = SearchSettings(
    iterations=100,
    widening=1.0,
    guide=f"heuristic:beam={HARD_BEAM},odds=counted",
    margin=0.15,
    confidence=2.0,
)
"""How ``mcts`` plays Survive (tuned with ``benchmarks/tune_search.py``).

Leaves are scored by :func:`leaf_value` at once (a rollout of the heuristic costs
milliseconds a decision, too slow for a game of some 270 decisions); the dice and
tile draws grow nodes for a few outcomes only (progressive widening). The
heuristic's move stands unless the search finds one better by 0.15 and by two
standard errors of the difference: with a hundred iterations and up to some two
hundred moves to place an explorer, most moves are seen once or twice, and a
gain read off so few leaves was noise that lost games.

The guide reads the odds counted in play (``odds=counted``, :func:`counted_prospects`)
and plans each turn's movement keeping 16 plans at each point, not 6. The wider beam alone
finds the moves that carry more explorers ashore in one turn, but over the tournament's
mixed tables it gained little (ahead of medium in 51.7% of their meetings). The counted
odds know what the hand-set ones miss, how much of the island is left: the guide alone
against medium and random (600 games, seed 11) finished ahead of medium in 82.9% of their
meetings, rated 14.3 above it (``benchmarks/results/search_ladder.md``).
"""
register_game_bots(GAME_ID, heuristic=make_heuristic, evaluator=leaf_value, search=SEARCH)
