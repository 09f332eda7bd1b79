"""Whale Spotting's observation tensor, written from ``observation(seat)`` alone.

Seats are relative: row 0 of every per-seat field is the observer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from whaletable.core.tensor import Field, TensorLayout, TensorModule, TensorWriter, relative

from .components import MOST_ZONES
from .observation import WhaleSpottingObservation


def layout(num_players: int, options: Any = None) -> TensorLayout:
    n = num_players
    return TensorLayout(
        (
            Field("to_move", (n,), "one-hot relative seat to move (none while the whale dives)"),
            Field("boats", (n, MOST_ZONES), "per relative seat: one-hot zone of its boat"),
            Field("sightings", (n,), "per relative seat: sightings so far"),
            Field("empty", (MOST_ZONES,), "1 where everyone knows the whale is not"),
            Field(
                "echoes", (MOST_ZONES,), "the distance heard at a zone since the whale dived, + 1"
            ),
            Field("round", (1,), "the round being played"),
        )
    )


def write(observation: Mapping[str, Any], seat: int, out: TensorWriter) -> None:
    obs = cast(WhaleSpottingObservation, observation)
    n = obs["num_players"]
    to_move = obs["to_move"]
    out.one_hot("to_move", None if to_move is None else relative(to_move, seat, n), range(n))
    for s in range(n):
        out.one_hot("boats", obs["boats"][s], range(MOST_ZONES), (relative(s, seat, n),))
        out.put("sightings", obs["sightings"][s], (relative(s, seat, n),))
    for zone in obs["empty"]:
        out.put("empty", 1, (zone,))
    for zone, distance in obs["echoes"]:
        out.put("echoes", distance + 1, (zone,))
    out.put("round", obs["round"], (0,))


TENSOR = TensorModule(layout, write)

__all__ = ["TENSOR", "layout", "write"]
