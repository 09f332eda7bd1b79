"""Whale to Look's observation tensor: what one seat knows, as a fixed-shape vector.

Written from ``observation(seat)`` alone (so a fish card's value is there only when
the seat has looked at it, or a radar turned it up). Seats are relative: row 0 of every
per-seat field is the observer. Round 1's results are left out: the points they gave
are in ``points``, and round 2 lays new cards. The per-area and per-fish fields are as
long as the table of option ``table`` (six areas and twelve fish cards, or four and nine).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from whaletable.core.tensor import Field, TensorLayout, TensorModule, TensorWriter, relative
from whaletable.games.whale_to_look.components import (
    BOARDS,
    STANDARD,
    Board,
    board_with_areas,
    load_components,
)
from whaletable.games.whale_to_look.observation import WhaleToLookObservation
from whaletable.games.whale_to_look.rules import BOATS, PHASE_NAMES, ROUNDS, TRENDS

_COMPONENTS = load_components()
FISH_VALUES: tuple[int, ...] = tuple(sorted(set(_COMPONENTS.fish_values)))
BOAT_OR_NONE: tuple[int, ...] = (-1, *range(BOATS))


def area_numbers(board: Board) -> tuple[int, ...]:
    """The printed numbers of the area cards on ``board``."""
    return _COMPONENTS.numbers_on(board)


def places(board: Board) -> tuple[int, ...]:
    """Where a boat may be: -1 (the dock) or an area position."""
    return (-1, *range(board.num_areas))


def layout(num_players: int, options: Any = None) -> TensorLayout:
    n = num_players
    board = STANDARD if options is None else BOARDS[options.table]
    num_areas, num_fish = board.num_areas, board.num_fish
    return TensorLayout(
        (
            Field("round", (ROUNDS,), "one-hot: round 1 or 2"),
            Field("phase", (len(PHASE_NAMES),), "one-hot: " + ", ".join(PHASE_NAMES)),
            Field("to_move", (n,), "one-hot relative seat to move (none at chance or the end)"),
            Field("start_player", (n,), "one-hot relative seat of the round's start player"),
            Field(
                "trend", (len(TRENDS),), "one-hot trending card of round 2: " + ", ".join(TRENDS)
            ),
            Field(
                "areas",
                (num_areas, len(area_numbers(board))),
                "per position: one-hot printed number",
            ),
            Field("fish", (num_fish, len(FISH_VALUES)), "per fish card: one-hot value, if known"),
            Field("fish_known", (num_fish,), "1 where the observer knows the card's value"),
            Field("revealed", (num_fish,), "1 where a radar turned the card face up"),
            Field("markers", (num_fish, n), "1 where a relative seat's marker lies by the card"),
            Field("radar_used_this_turn", (1,), "1 after a radar this turn"),
            Field("boats", (n, BOATS, len(places(board))), "per seat, boat: one-hot dock or area"),
            Field("anchored_boat", (n, len(BOAT_OR_NONE)), "per seat: none or the boat anchored"),
            Field("anchor_used", (n,), "1 once the seat has dropped its anchor"),
            Field("radars", (n,), "radars the seat has left"),
            Field("markers_left", (n,), "investigation markers the seat has left"),
            Field("finished", (n,), "1 once the seat said Done! this round"),
            Field("fisher_boat", (n, len(BOAT_OR_NONE)), "per seat: none or the fisher's boat"),
            Field("points", (n, ROUNDS), "per seat: points of each round"),
        )
    )


def write(observation: Mapping[str, Any], seat: int, out: TensorWriter) -> None:
    obs = cast(WhaleToLookObservation, observation)
    n = obs["num_players"]
    board = board_with_areas(len(obs["areas"]))
    numbers = area_numbers(board)
    where = places(board)

    def rel(s: int | None) -> int | None:
        return None if s is None else relative(s, seat, n)

    out.one_hot("round", obs["round"], (1, 2))
    out.one_hot("phase", obs["phase"], PHASE_NAMES)
    out.one_hot("to_move", rel(obs["to_move"]), range(n))
    out.one_hot("start_player", rel(obs["start_player"]), range(n))
    out.one_hot("trend", obs["trend"], TRENDS)
    for position, number in enumerate(obs["areas"]):
        out.one_hot("areas", number, numbers, (position,))
    for card, value in enumerate(obs["fish"]):
        out.one_hot("fish", value, FISH_VALUES, (card,))
        out.put("fish_known", value is not None, (card,))
    out.put("revealed", obs["revealed"])
    for card, owners in enumerate(obs["markers"]):
        for owner in owners:
            out.put("markers", 1.0, (card, relative(owner, seat, n)))
    out.put("radar_used_this_turn", obs["radar_used_this_turn"])
    for s, p in enumerate(obs["players"]):
        r = relative(s, seat, n)
        for boat, place in enumerate(p["boats"]):
            out.one_hot("boats", place, where, (r, boat))
        out.one_hot("anchored_boat", p["anchored_boat"], BOAT_OR_NONE, (r,))
        out.put("anchor_used", p["anchor_used"], (r,))
        out.put("radars", p["radars"], (r,))
        out.put("markers_left", p["markers_left"], (r,))
        out.put("finished", p["finished"], (r,))
        out.one_hot("fisher_boat", p["fisher_boat"], BOAT_OR_NONE, (r,))
        out.put("points", p["points"], (r,))


TENSOR = TensorModule(layout, write)
