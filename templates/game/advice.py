"""The advisor: where the whale may be, from what has been seen and heard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.advice import Advice, Figure, Row, register_advisor
from whaletable.core.game import Game

from . import GAME_ID
from .actions import Sail
from .observation import WhaleSpottingObservation
from .rules import whale_odds


def advise(
    game: Game[Any],
    options: Any,
    seat: int,
    observation: WhaleSpottingObservation,
    legal: Sequence[Action],
    seed: int,
    budget: int,
) -> Advice:
    """Exact odds (every zone not ruled out is as likely): no sampling, so the same
    observation always gets the same answer."""
    odds = whale_odds(observation)
    best = max(odds)
    rows = tuple(
        Row(
            "zone {zone}",
            (Figure("whale", p, "probability"),),
            heat=p / best if best else 0.0,
            spot=f"zone-{zone}",
            params=(("zone", zone + 1),),
        )
        for zone, p in enumerate(odds)
    )
    sails = [a for a in legal if isinstance(a, Sail)]
    suggestion = max(sails, key=lambda a: (odds[a.zone], -a.zone)) if sails else None
    return Advice(
        "where",
        seat,
        rows,
        suggestion=suggestion,
        note="from the echoes",
        sums=("whale",),
    )


register_advisor(GAME_ID, advise)

__all__ = ["advise"]
