"""Constructed Whale to Look positions shared by the bot tests."""

from __future__ import annotations

from collections.abc import Sequence

from whaletable import games
from whaletable.core.action import Action
from whaletable.games.whale_to_look.actions import (
    DealFish,
    Finish,
    Investigate,
    MoveBoat,
    UseRadar,
)
from whaletable.games.whale_to_look.rules import WhaleToLookState

GAME = games.get("whale-to-look")

# Fish in reading order (f0..f11). Area 4 counts f5, f6, f9, f10 = 5+5+4+4 = 18;
# with the two fives and two fours gone no other area can reach 18, so once seat 0
# has seen those four cards it knows the whale surfaces at area 4.
WHALE_AT_4 = (3, 0, 2, 1, 1, 5, 5, 3, 2, 4, 4, 0)


def dealt(fish: Sequence[int], num_players: int = 3, **options: object) -> WhaleToLookState:
    """A round-1 position right after the deal; seat 0 starts, areas in printed order."""
    state = GAME.new_state(num_players, {"start_player": 0, "area_layout": "ordered", **options})
    assert isinstance(state, WhaleToLookState)
    for value in fish:
        state.apply(DealFish(value))
    return state


def played(fish: Sequence[int], actions: Sequence[Action]) -> WhaleToLookState:
    state = dealt(fish)
    for action in actions:
        state.apply(action)
    return state


# Seat 0 looks at f5, f6 and f9 on three turns and turns f10 up with the radar;
# seats 1 and 2 finish at once. Seat 0 is left to move with its 3-tourist boat
# still in the dock and boats 0 and 1 on areas 0 and 3.
KNOWS_WHALE_AT_4: tuple[Action, ...] = (
    Investigate(5),
    MoveBoat(0, 0, False),
    Finish(),
    Finish(),
    Investigate(6),
    MoveBoat(1, 3, False),
    Investigate(9),
    UseRadar(10),
)

# Seat 1 looks at f5 and f6 (both 5s, two of area 4's four cards) and puts two boats on
# area 4; seat 0 has seen only f0 and f1, and seat 2 has said "Done!".
READS_AREA_4: tuple[Action, ...] = (
    Investigate(0),
    MoveBoat(0, 0, False),
    Investigate(5),
    MoveBoat(0, 4, False),
    Finish(),
    Investigate(1),
    MoveBoat(1, 0, False),
    Investigate(6),
    MoveBoat(1, 4, False),
)
