"""Whale to Look's advisor: where the whale and the orca are likely to surface.

From the seat's observation only: the fish cards it has seen are fixed, the others are
dealt ``budget`` times from what is left of the deck (:func:`bots.sample_fish`), each
deal weighed by how well it explains the other seats' boats as the hard bot reads them
(:func:`bots.read_boats`), and each deal says where the whale (highest sum) and the orca
(lowest sum) surface. So:

- per area, the share of deals in which the whale, and the orca, surfaces there (each
  adds up to 1 over the six areas);
- per fish card, the chance the whale surfaces in an area that card lies in (the sum
  of those areas' whale odds), telling which unseen card matters most;
- per legal boat move, the seat's expected round points with that move made
  (:func:`bots.expected_points`: boats' tourists times the chance the whale or orca is
  at their area, with the trending card's bonus), and the heuristic's pick of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.advice import Advice, Figure, Row, heat_of, register_advisor
from whaletable.core.game import Game
from whaletable.games.whale_to_look.actions import MoveBoat
from whaletable.games.whale_to_look.bots import (
    HARD_READ,
    Fleet,
    WhaleHeuristic,
    expected_points,
    move_worth,
    odds_of,
    read_boats,
    sample_fish,
)
from whaletable.games.whale_to_look.components import board_with_areas
from whaletable.games.whale_to_look.observation import WhaleToLookObservation
from whaletable.games.whale_to_look.rules import TOURISTS

GAME_ID = "whale-to-look"
TITLE = "Where the whale and the orca surface"


def advise(
    game: Game[Any],
    options: Any,
    seat: int,
    observation: WhaleToLookObservation,
    legal: Sequence[Action],
    seed: int,
    budget: int,
) -> Advice:
    obs = observation
    areas = [a for a in obs["areas"] if a is not None]
    if len(areas) < len(obs["areas"]):
        return Advice(TITLE, seat, (), note="The areas are not laid yet.")
    deck = game.components.fish_values  # type: ignore[attr-defined]
    rng = random.Random(f"advice/{seed}")
    samples = sample_fish(obs["fish"], deck, areas, rng, max(budget, 1))
    samples = read_boats(samples, obs, seat, deck, HARD_READ)
    odds = odds_of(samples)
    board = board_with_areas(len(areas))  # the full table or the reduced one
    whale, orca = odds.whale, odds.orca
    total = sum(s.weight for s in samples)
    rows: list[Row] = []
    for a in sorted(range(len(areas)), key=lambda p: areas[p]):
        rows.append(
            Row(
                "area {number}",
                (
                    Figure("whale", whale[a], "probability"),
                    Figure("orca", orca[a], "probability"),
                ),
                heat=min(whale[a] + orca[a], 1.0),
                spot=f"area:{a}",
                params=(("number", areas[a]),),
            )
        )
    for f in range(len(obs["fish"])):
        near = set(board.fish_areas[f])
        p = sum(s.weight for s in samples if s.whale in near) / total
        rows.append(
            Row(
                "F{number}",
                (Figure("whale nearby", p, "probability"),),
                heat=p,
                spot=f"fish:{f}",
                params=(("number", f + 1),),
            )
        )
    suggestion: Action | None = None
    moves = [a for a in legal if isinstance(a, MoveBoat)]
    if moves:
        me = obs["players"][seat]
        fleet = Fleet.of(me, options.anchor_without_tourists == "bonus")
        trend = obs["trend"]
        points = [expected_points(fleet.moved(m), odds, trend) for m in moves]
        heats = heat_of(points)
        for m, value, heat in zip(moves, points, heats, strict=True):
            rows.append(
                Row(
                    "boat {tourists} to area {number}" + (" (anchor)" if m.anchor else ""),
                    (Figure("expected points", value, "points"),),
                    heat=heat,
                    spot=f"area:{m.area}",
                    params=(("tourists", TOURISTS[m.boat]), ("number", areas[m.area])),
                )
            )
        # Turns left after this one, as the heuristic counts them: a marker in hand and
        # a card still to look at for each.
        turns = min(me["markers_left"], WhaleHeuristic._unseen_unmarked(obs, seat))
        suggestion = max(
            moves, key=lambda m: (move_worth(fleet, m, odds, trend, turns), -m.boat, -m.area)
        )
    return Advice(
        TITLE,
        seat,
        tuple(rows),
        suggestion=suggestion,
        note=(
            "From {samples} deals of the cards you have not seen, "
            "weighed by where the other players' boats stand."
        ),
        samples=len(samples),
        sums=("whale", "orca"),
    )


register_advisor(GAME_ID, advise)
