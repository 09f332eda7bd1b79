"""Survive's observation tensor: what one seat knows, as a fixed-shape vector.

Written from ``observation(seat)``: an explorer's value is there only for the observer's
own explorers (all of them at the end), a tile's back only when it has been shown to
the observer. Pieces are counted per sea or land space (one plane per seat and per
creature kind) rather than listed, so the vector does not depend on which explorer is
which. Seats are relative (row 0 is the observer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from whaletable.core.tensor import Field, TensorLayout, TensorModule, TensorWriter, relative
from whaletable.games.survive.actions import CREATURE_FACES, EFFECTS, TERRAINS
from whaletable.games.survive.components import NUM_HEXES
from whaletable.games.survive.observation import SurviveObservation
from whaletable.games.survive.rules import (
    KIND_NAMES,
    PHASE_NAMES,
    STATUS_NAMES,
    VALUES,
)

H = NUM_HEXES


def layout(num_players: int, options: Any = None) -> TensorLayout:
    n = num_players
    return TensorLayout(
        (
            Field("phase", (len(PHASE_NAMES),), "one-hot: " + ", ".join(PHASE_NAMES)),
            Field("to_move", (n,), "one-hot relative seat to move (none at chance or the end)"),
            Field("start_player", (n,), "one-hot relative start player"),
            Field("active", (n,), "one-hot relative seat whose turn it is"),
            Field("turn", (1,), "turns taken so far"),
            Field("moves_left", (1,), "movement points left"),
            Field("terrain", (H, len(TERRAINS)), "per space: one-hot land tile terrain"),
            Field("explorers", (n, H), "per relative seat, space: its explorers there"),
            Field(
                "explorer_status",
                (n, len(STATUS_NAMES)),
                "per relative seat: explorers by " + ", ".join(STATUS_NAMES),
            ),
            Field("own_values", (H,), "per space: the values of the observer's explorers there"),
            Field("values_left", (len(VALUES),), "own explorers still to place, by value"),
            Field("boats", (H,), "per space: boats there"),
            Field("boats_off", (2,), "boats in the supply, boats lost"),
            Field("creatures", (len(KIND_NAMES), H), "per kind, space: creatures there"),
            Field("creatures_off", (len(KIND_NAMES),), "per kind: creatures in the supply"),
            Field("hand", (len(EFFECTS),), "the observer's tiles in hand, by back"),
            Field("hand_size", (n,), "per relative seat: tiles in hand"),
            Field("sunk", (len(TERRAINS),), "tiles removed, by terrain"),
            Field("sunk_shown", (len(EFFECTS),), "removed tiles whose back the observer saw"),
            Field("last_roll", (len(CREATURE_FACES),), "one-hot creature die face"),
            Field("pending_kinds", (len(KIND_NAMES),), "creature kinds that may move now"),
            Field("threat", (H,), "one-hot space a creature threatens (a deterrent may stop it)"),
            Field("victims", (1,), "swimmers or boats waiting on the creature"),
            Field("saved", (n,), "per relative seat: explorers saved"),
            Field("lost", (n,), "per relative seat: explorers lost"),
        )
    )


def write(view: Mapping[str, Any], seat: int, out: TensorWriter) -> None:
    obs = cast(SurviveObservation, view)
    n = obs["num_players"]

    def rel(s: int | None) -> int | None:
        return None if s is None else relative(s, seat, n)

    out.one_hot("phase", obs["phase"], PHASE_NAMES)
    out.one_hot("to_move", rel(obs["to_move"]), range(n))
    out.one_hot("start_player", rel(obs["start_player"]), range(n))
    out.one_hot("active", rel(obs["active"]), range(n))
    out.put("turn", obs["turn"])
    out.put("moves_left", obs["moves_left"])
    for h, terrain in enumerate(obs["terrain"]):
        out.one_hot("terrain", terrain, TERRAINS, (h,))
    explorers = out.field("explorers")
    status = out.field("explorer_status")
    own = out.field("own_values")
    for e in obs["explorers"]:
        r = relative(e["seat"], seat, n)
        status[r, STATUS_NAMES.index(e["status"])] += 1
        if e["hex"] is not None:
            explorers[r, e["hex"]] += 1
            if e["seat"] == seat and e["value"] is not None:
                own[e["hex"]] += e["value"]
    left = out.field("values_left")
    for value in obs["values_left"] or ():
        left[VALUES.index(value)] += 1
    boats = out.field("boats")
    off = out.field("boats_off")
    for b in obs["boats"]:
        if b["hex"] is not None:
            boats[b["hex"]] += 1
        else:
            off[0 if b["status"] == "supply" else 1] += 1
    creatures = out.field("creatures")
    creatures_off = out.field("creatures_off")
    for c in obs["creatures"]:
        k = KIND_NAMES.index(c["kind"])
        if c["hex"] is not None:
            creatures[k, c["hex"]] += 1
        elif c["status"] == "supply":
            creatures_off[k] += 1
    hand = out.field("hand")
    for s, held in enumerate(obs["hands"]):
        out.put("hand_size", held["count"], (relative(s, seat, n),))
        for tile in held["tiles"]:
            if tile is not None and s == seat:
                hand[EFFECTS.index(tile["effect"])] += 1
    sunk = out.field("sunk")
    shown = out.field("sunk_shown")
    for gone in obs["sunk"]:
        sunk[TERRAINS.index(gone["terrain"])] += 1
        if gone["effect"] is not None:
            shown[EFFECTS.index(gone["effect"])] += 1
    out.one_hot("last_roll", obs["last_roll"], CREATURE_FACES)
    pending = obs["pending"]
    for kind in pending["kinds"]:
        out.put("pending_kinds", 1.0, (KIND_NAMES.index(kind),))
    if pending["threat"] is not None and pending["threat"]["hex"] is not None:
        out.one_hot("threat", pending["threat"]["hex"], range(H))
    out.put("victims", len(pending["victims"]))
    for s in range(n):
        out.put("saved", obs["saved"][s], (relative(s, seat, n),))
        out.put("lost", obs["lost"][s], (relative(s, seat, n),))


TENSOR = TensorModule(layout, write)
