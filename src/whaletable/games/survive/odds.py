"""How likely an explorer is to reach a safe isle from where it stands, counted in play.

The heuristic's hand-set chances (:func:`whaletable.games.survive.bots.prospects`) read
where an explorer is, not how much of the island is left: a swimmer two spaces from a
landing space is worth the same with thirty land tiles to sink as with three. In play the
difference is everything: such a swimmer ends the game safe about half the time early on
and almost never near the end, when the volcano is close.

So the odds are counted. Medium bots play simulated games; at the start of every turn
each explorer on the board is filed under its *situation* — on land, swimming or in a
boat; spaces to the nearest landing space; creatures within two spaces that could take
it; the land tiles left (the stage); the terrain under a walker — and at the end of the
game under whether it got to safety. The counts are kept in ``data/odds.toml``
(``benchmarks/fit_survive_odds.py`` writes it) and read into a chance per situation;
a situation seen rarely borrows from the same one on any terrain, and that one from status
and distance alone (additive smoothing with :data:`PRIOR` explorers).

Counted in games with the default options; under others (wider landing, Challenge Rules)
the chances are an approximation.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from whaletable.agents import make_agent
from whaletable.core import registry
from whaletable.core.data import DataFile
from whaletable.core.match import play_match
from whaletable.games.survive import rules as R
from whaletable.games.survive.actions import TERRAINS
from whaletable.games.survive.components import BOARD, NUM_HEXES, spaces_apart


def _steps_to(landing: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Spaces from every space to the nearest landing space (through any space)."""
    dist = [99] * NUM_HEXES
    frontier = [h for isle in landing for h in isle]
    for h in frontier:
        dist[h] = 0
    while frontier:
        nxt = []
        for h in frontier:
            for n in BOARD.neighbours[h]:
                if dist[n] > dist[h] + 1:
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        frontier = nxt
    return tuple(dist)


TO_LANDING = {"yellow": _steps_to(BOARD.landing), "touching": _steps_to(BOARD.landing_wide)}
"""Spaces to the nearest landing space, by the ``landing`` option."""


WHERE = {"land": R.LAND, "swimming": R.SWIM, "boat": R.BOAT}
FAR = 6
"""Distances of six spaces and more share a situation."""
CROWD = 2
"""Two or more creatures within reach share a situation."""
STAGES = (30, 20, 12, 6, 0)
"""Stage ``i`` holds the positions with at least ``STAGES[i]`` land tiles left."""
PRIOR = 10.0
"""How many explorers' worth of weight a situation's coarser parent carries."""
FIRST_GUESS = 0.3
"""The chance a status and distance never seen at all is given."""
ODDS_FILE = "odds.toml"
LABELS = ("counted",)

_STAGE_OF = tuple(next(i for i, least in enumerate(STAGES) if left >= least) for left in range(64))
_TERRAIN = {"-": 0, **{t: i + 1 for i, t in enumerate(TERRAINS)}}
Situation = tuple[int, int, int, int, int]
"""Status, distance, creatures within reach, stage, terrain (0 off land)."""


def index(status: int, distance: int, crowd: int, stage: int, terrain: int) -> int:
    """A situation's place in the flat table :func:`chances` returns."""
    where = (status * (FAR + 1) + distance) * (CROWD + 1) + crowd
    return (where * len(STAGES) + stage) * 4 + terrain


TABLE_SIZE = index(R.BOAT + 1, 0, 0, 0, 0)


WITHIN_REACH = tuple(
    frozenset(c for c in range(NUM_HEXES) if spaces_apart(c, h) <= 2) for h in range(NUM_HEXES)
)
"""The spaces within two of each space: where a creature can reach an explorer from."""


def threats(state: R.SurviveState) -> tuple[list[int], list[int], set[int]]:
    """Where the creatures at sea are, by whom they harm: the biters (serpents, sharks) take
    swimmers, the smashers (serpents, whales, squids) sink boats, and a dolphin guards the
    swimmers of its space (Challenge Rule 5)."""
    cr = state.cr_hex
    serpents = [h for h in cr[R.S0 : R.S1] if h >= 0]
    biters = serpents + [h for h in cr[R.K0 : R.K1] if h >= 0]
    smashers = serpents + [h for h in cr[R.W0 : R.Q1] if h >= 0]
    return biters, smashers, {h for h in cr[R.D0 : R.D1] if h >= 0}


def situations(state: R.SurviveState) -> list[tuple[int, int]]:
    """Every explorer on the board with the index of its situation, as ``(explorer, index)``."""
    dist = TO_LANDING[state.options.landing]
    biters, smashers, guards = threats(state)
    stage = _STAGE_OF[state.tiles_left()]
    terrain = state.terrain
    hexes = state.ex_hex
    out = []
    for e, s in enumerate(state.ex_status):
        if s != R.LAND and s != R.SWIM and s != R.BOAT:
            continue
        h = hexes[e]
        crowd = 0
        if s == R.BOAT or (s == R.SWIM and h not in guards):
            reach = WITHIN_REACH[h]
            for c in smashers if s == R.BOAT else biters:
                if c in reach:
                    crowd += 1
        ground = terrain[h] if s == R.LAND else 0
        out.append((e, index(s, min(dist[h], FAR), min(crowd, CROWD), stage, ground)))
    return out


def count_games(seeds: Sequence[int]) -> Counter[tuple[int, bool]]:
    """Play one game per seed (2 to 4 players by turns) between medium bots and count,
    per situation index, the explorers seen in it that ended safe and that did not: keys
    are ``(index, safe)``."""
    counts: Counter[tuple[int, bool]] = Counter()
    for seed in seeds:
        counts.update(_count_game(seed))
    return counts


def _count_game(seed: int) -> Counter[tuple[int, bool]]:
    game = registry.get("survive")
    rng = random.Random(seed)
    agents = [make_agent("heuristic", game, seed=rng.randrange(2**31)) for _ in range(2 + seed % 3)]
    seen: list[tuple[int, int]] = []
    turn = 0

    def at_turn_start(state: Any) -> None:
        nonlocal turn
        if state.turn != turn:
            turn = state.turn
            seen.extend(situations(state))

    final = play_match(game, agents, seed=seed, on_step=at_turn_start).state
    assert isinstance(final, R.SurviveState)
    return Counter((where, final.ex_status[e] == R.SAFE) for e, where in seen)


def unindex(where: int) -> Situation:
    """The situation at a flat index (the inverse of :func:`index`)."""
    where, terrain = divmod(where, 4)
    where, stage = divmod(where, len(STAGES))
    where, crowd = divmod(where, CROWD + 1)
    status, distance = divmod(where, FAR + 1)
    return (status, distance, crowd, stage, terrain)


def to_toml(counts: Counter[tuple[int, bool]], games: int, command: str) -> str:
    """The counts as ``data/odds.toml`` keeps them, one situation a line."""
    names = {v: k for k, v in WHERE.items()}
    terrains = {v: k for k, v in _TERRAIN.items()}
    lines = [
        "# How often Survive's explorers got to safety, by where they stood at a turn's start:",
        "# read by whaletable.games.survive.odds (its docstring says what each field means).",
        "",
        "[odds]",
        'provenance = "counted"',
        f'reason = "counted over {games} simulated games between medium bots, 2 to 4 players"',
        f'command = "{command}"',
        f"games = {games}",
        "situations = [",
    ]
    for where in sorted({w for w, _ in counts}):
        status, distance, crowd, stage, terrain = unindex(where)
        seen = counts[(where, True)] + counts[(where, False)]
        lines.append(
            f'  {{ where = "{names[status]}", distance = {distance}, creatures = {crowd}, '
            f'stage = {stage}, terrain = "{terrains[terrain]}", '
            f"seen = {seen}, safe = {counts[(where, True)]} }},"
        )
    lines.append("]")
    return "\n".join(lines) + "\n"


def read_counts(path: str | Path | None = None) -> dict[int, tuple[int, int]]:
    """``(safe, seen)`` per situation index, from ``path`` or the game's own odds file."""
    table = DataFile.read(path, "whaletable.games.survive", ODDS_FILE, LABELS).table("odds")
    table.integer("games", low=1)
    out: dict[int, tuple[int, int]] = {}
    for row in table.entries("situations"):
        row.only(("where", "distance", "creatures", "stage", "terrain", "seen", "safe"))
        status = WHERE[row.choice("where", tuple(WHERE))]
        distance = row.integer("distance", low=0)
        crowd = row.integer("creatures", low=0)
        stage = row.integer("stage", low=0)
        terrain = _TERRAIN[row.choice("terrain", tuple(_TERRAIN))]
        seen = row.integer("seen", low=1)
        safe = row.integer("safe", low=0)
        for key, value, most in (
            ("distance", distance, FAR),
            ("creatures", crowd, CROWD),
            ("stage", stage, len(STAGES) - 1),
        ):
            if value > most:
                raise row.fail(f"must be at most {most}, not {value}", key)
        if safe > seen:
            raise row.fail(f"cannot exceed seen ({seen}), not {safe}", "safe")
        if (terrain != 0) != (status == R.LAND):
            raise row.fail("must name a walker's terrain, and only a walker's", "terrain")
        where = index(status, distance, crowd, stage, terrain)
        if where in out:
            raise row.fail("repeats a situation listed before")
        out[where] = (safe, seen)
    return out


def smooth(counts: dict[int, tuple[int, int]]) -> tuple[float, ...]:
    """The chance of every situation, sparse ones drawn toward their coarser parents."""
    pooled: dict[tuple[int, ...], list[int]] = {}
    for where, (safe, seen) in counts.items():
        situation = unindex(where)
        for parent in (situation[:2], situation[:4]):
            total = pooled.setdefault(parent, [0, 0])
            total[0] += safe
            total[1] += seen
    chances = [0.0] * TABLE_SIZE
    for where in range(TABLE_SIZE):
        situation = unindex(where)
        chance = FIRST_GUESS
        for safe, seen in (
            pooled.get(situation[:2], (0, 0)),
            pooled.get(situation[:4], (0, 0)),
            counts.get(where, (0, 0)),
        ):
            chance = (safe + PRIOR * chance) / (seen + PRIOR)
        chances[where] = chance
    return tuple(chances)


@functools.cache
def chances() -> tuple[float, ...]:
    """The game's own odds, smoothed: the chance of safety per situation index."""
    return smooth(read_counts())
