"""One test per rulebook clause of Whale to Look, both editions.

Each docstring quotes the sentence it checks ("en" = the English rulebook, "vi" = the
English translation of the Vietnamese one). Expected sums and scores are worked out by
hand in the comments from the fish layout the test deals (see ``wtl_support.py`` for the
fish positions around each area).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

from whaletable.core.errors import IllegalAction
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look.components import load_components

if TYPE_CHECKING:
    from wtl_support import Table

    from whaletable.games.whale_to_look.rules import WhaleToLookState

# Sums: a0 = 5+5+4+3 = 17 (whale)   a1 = 5+0+3+0 = 8   a2 = 0+1+0+1 = 2 (orca)
#       a3 = 4+3+4+3 = 14           a4 = 3+0+3+2 = 8   a5 = 0+1+2+2 = 5
CLEAR_LAYOUT = (5, 5, 0, 1, 4, 3, 0, 1, 4, 3, 2, 2)

# Sums: a0 = 0+0+1+1 = 2 (orca)   a1 = 0+2+1+5 = 8   a2 = 2+3+5+5 = 15
#       a3 = 1+1+2+3 = 7          a4 = 1+5+3+4 = 13  a5 = 5+5+4+4 = 18 (whale)
WHALE_LAST_LAYOUT = (0, 0, 2, 3, 1, 1, 5, 5, 2, 3, 4, 4)

# Sums: a0 = 5+1+4+0 = 10   a1 = 1+1+0+0 = 2 (orca)   a2 = 1+5+0+4 = 10
#       a3 = 4+0+3+2 = 9    a4 = 0+0+2+2 = 4          a5 = 0+4+2+3 = 9
WHALE_TIE_LAYOUT = (5, 1, 1, 5, 4, 0, 0, 4, 3, 2, 2, 3)

# Sums: a0 = 0+4+1+5 = 10   a1 = 4+4+5+5 = 18 (whale)   a2 = 4+0+5+1 = 10
#       a3 = 1+5+2+3 = 11   a4 = 5+5+3+3 = 16           a5 = 5+1+3+2 = 11
ORCA_TIE_LAYOUT = (0, 4, 4, 0, 1, 5, 5, 1, 2, 3, 3, 2)

# Printed numbers laid so that table position 0 carries the highest number and
# position 2 a low one: the opposite of reading order for those two positions.
SWAPPED_NUMBERS = (5, 0, 1, 2, 3, 4)
Numbers = tuple[int, ...] | None  # the area cards' printed numbers in reading order, or the default


def round_two(
    table: Table,
    *,
    players: int = 3,
    edition: str = "en",
    trending: str = "none",
    **options: Any,
) -> WhaleToLookState:
    """A table at the start of round 2 with CLEAR_LAYOUT dealt again.

    Round 1 is skipped by everyone finishing at once: all tie on 0 points, so round 2
    starts with the player furthest clockwise from seat 0, the last seat.
    """
    state = table.new(CLEAR_LAYOUT, players=players, edition=edition, trending=trending, **options)
    table.finish_round(state)
    table.deal(state, CLEAR_LAYOUT)
    return state


# --------------------------------------------------------------- investigate


def test_investigate_is_private_peek(table: Table) -> None:
    """en: "Place one of your investigation markers next to it, and — you alone — check
    the number on the face of the fish card you chose. Then return the card ... face down."
    """
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.Investigate(3))
    assert table.obs(state, 0)["fish"][3] == CLEAR_LAYOUT[3]
    assert table.obs(state, 1)["fish"][3] is None
    assert table.obs(state, 2)["fish"][3] is None
    assert table.obs(state, None)["fish"][3] is None
    assert table.obs(state, None)["revealed"][3] is False


def _spend_all_markers(table: Table) -> WhaleToLookState:
    """Seat 0 investigates five times while seat 1 has finished (2 players)."""
    state = table.new(CLEAR_LAYOUT, players=2)
    table.turn(state, 0, 0)
    table.finish(state)  # seat 1
    for area in (1, 0, 1, 0):
        table.turn(state, 0, area)
    return state


def test_investigate_uses_one_of_five_markers(table: Table) -> None:
    """en: "Investigation marker x5"; each look places "one of your investigation markers"."""
    state = table.new(CLEAR_LAYOUT)
    assert table.obs(state)["players"][0]["markers_left"] == 5
    state.apply(act.Investigate(7))
    assert table.obs(state)["players"][0]["markers_left"] == 4
    assert table.obs(state)["markers"][7] == [0]
    state = _spend_all_markers(table)
    assert table.obs(state)["players"][0]["markers_left"] == 0
    assert sum(0 in seats for seats in table.obs(state)["markers"]) == 5


def test_investigate_only_face_down_cards_not_yet_marked(table: Table) -> None:
    """en: "Then return the card to its original place, face down" — a look is at a face-down
    card; a second marker by your own card would tell you nothing (choice where the books
    are silent)."""
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 0)  # seat 0 marks fish 0
    state.apply(act.UseRadar(4))  # seat 1 turns fish 4 face up
    assert "face up" in table.refuses(state, act.Investigate(4))
    table.turn(state, 0, 1)
    table.turn(state, 0, 2)  # seat 2
    assert "already" in table.refuses(state, act.Investigate(0))


def test_others_may_investigate_a_marked_card(table: Table) -> None:
    """en: "Choose one fish card you would like to investigate." — any face-down card, even
    one another player has marked."""
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.Investigate(5))
    state.apply(act.MoveBoat(0, 0, False))
    state.apply(act.Investigate(5))  # seat 1
    assert table.obs(state)["markers"][5] == [0, 1]
    assert table.obs(state, 1)["fish"][5] == CLEAR_LAYOUT[5]


def test_marked_card_can_be_rechecked_any_time(table: Table) -> None:
    """en: "Once you have placed one of your investigation markers next to a fish card, you
    may check that card again whenever you want." """
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.Investigate(9))
    seen = [table.obs(state, 0)["fish"][9]]
    state.apply(act.MoveBoat(0, 0, False))
    seen.append(table.obs(state, 0)["fish"][9])
    for boat, area in ((0, 1), (0, 2), (1, 3), (1, 4), (1, 5)):  # seats 1, 2, 0, 1, 2
        state.apply(table.first_investigation(state))
        seen.append(table.obs(state, 0)["fish"][9])
        state.apply(act.MoveBoat(boat, area, False))
        seen.append(table.obs(state, 0)["fish"][9])
    assert seen == [CLEAR_LAYOUT[9]] * len(seen)
    assert table.obs(state, 1)["fish"][9] is None
    table.finish_round(state)
    table.deal(state, WHALE_LAST_LAYOUT)
    # The markers went back to the dock with the new round: the new card is unseen.
    assert table.obs(state, 0)["fish"][9] is None


def test_must_move_after_investigating(table: Table) -> None:
    """en: "If you investigated in step 1, you must proceed to step 2." """
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.Investigate(0))
    assert all(isinstance(a, (act.MoveBoat, act.UseRadar)) for a in state.legal_actions())
    assert any(isinstance(a, act.MoveBoat) for a in state.legal_actions())
    assert "must move a boat" in table.refuses(state, act.Finish())
    assert "must move a boat" in table.refuses(state, act.Investigate(1))
    state.apply(act.MoveBoat(0, 0, False))
    assert state.current_player() == 1


# --------------------------------------------------------------------- radar


def test_radar_reveals_to_everyone(table: Table) -> None:
    """en: "use their radar to flip one face-down fish card and reveal it to everyone." """
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.UseRadar(5))
    for seat in (0, 1, 2, None):
        assert table.obs(state, seat)["fish"][5] == CLEAR_LAYOUT[5]
        assert table.obs(state, seat)["revealed"][5] is True
    assert table.obs(state)["players"][0]["radars"] == 0


def test_radar_once_per_round(table: Table) -> None:
    """en: "Once per round, at any point during their turn, a player may use their radar"."""
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.UseRadar(4))
    table.turn(state, 0, 0)
    table.turn(state, 0, 1)  # seat 1
    table.turn(state, 0, 2)  # seat 2
    assert not any(isinstance(a, act.UseRadar) for a in state.legal_actions())
    assert "no radar left" in table.refuses(state, act.UseRadar(8))
    state.apply(act.Investigate(8))
    assert "no radar left" in table.refuses(state, act.UseRadar(8))
    state.apply(act.MoveBoat(1, 3, False))
    table.finish_round(state)
    table.deal(state, CLEAR_LAYOUT)
    # "Turn your dock and any used radar face up": round 2 brings it back.
    assert table.obs(state)["players"][0]["radars"] == 1


def test_radar_at_any_point_of_the_turn(table: Table) -> None:
    """en: "at any point during their turn" — before investigating or before moving."""
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.UseRadar(0))  # seat 0, before investigating
    table.turn(state, 0, 0)
    state.apply(act.Investigate(1))  # seat 1
    state.apply(act.UseRadar(2))  # between investigating and moving
    state.apply(act.MoveBoat(0, 1, False))
    assert table.obs(state)["revealed"][:3] == [True, False, True]
    assert state.current_player() == 2


def test_radar_not_on_a_finishing_turn(table: Table) -> None:
    """en: "At the start of your turn, if you do not want to ... move your boat ... say
    'Done!'" — once the radar is used the turn has begun, so it cannot end in Finish."""
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.UseRadar(6))
    assert act.Finish() not in state.legal_actions()
    assert "start of your turn" in table.refuses(state, act.Finish())
    table.turn(state, 0, 0)
    assert act.Finish() in state.legal_actions()  # seat 1's turn starts fresh


def test_radar_only_on_a_face_down_card(table: Table) -> None:
    """en: "flip one face-down fish card" """
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.UseRadar(6))
    table.turn(state, 0, 0)
    assert "already face up" in table.refuses(state, act.UseRadar(6))


def test_two_player_radar_twice_per_round(table: Table) -> None:
    """en: "Radar x1 ... In a 2-player game, take 2." / "In a 2-player game you may use the
    radar twice per round." """
    state = table.new(CLEAR_LAYOUT, players=2)
    assert table.obs(state)["players"][0]["radars"] == 2
    state.apply(act.UseRadar(0))
    table.turn(state, 0, 0)
    table.turn(state, 0, 1)  # seat 1
    state.apply(act.UseRadar(1))
    table.turn(state, 1, 2)
    table.turn(state, 1, 3)  # seat 1
    assert "no radar left" in table.refuses(state, act.UseRadar(2))


def test_two_player_radar_once_per_turn_en(table: Table) -> None:
    """en: "In a 2-player game you may use the radar twice per round. However, you may only
    use it once per turn." """
    state = table.new(CLEAR_LAYOUT, players=2, edition="en")
    state.apply(act.UseRadar(0))
    assert "once per turn" in table.refuses(state, act.UseRadar(1))
    state.apply(act.Investigate(2))
    assert "once per turn" in table.refuses(state, act.UseRadar(1))
    state.apply(act.MoveBoat(0, 0, False))
    state.apply(act.UseRadar(1))  # seat 1 uses one of theirs
    table.turn(state, 0, 1)
    state.apply(act.UseRadar(3))  # seat 0's second radar, on a new turn
    assert table.obs(state)["players"][0]["radars"] == 0


def test_two_player_radar_twice_in_one_turn_vi(table: Table) -> None:
    """vi: "two radars; per-turn limit not stated" (table of differences) — both in one turn."""
    state = table.new(CLEAR_LAYOUT, players=2, edition="vi")
    state.apply(act.UseRadar(0))
    state.apply(act.Investigate(2))
    state.apply(act.UseRadar(1))
    assert table.obs(state)["revealed"][:2] == [True, True]
    assert table.obs(state)["players"][0]["radars"] == 0


def test_three_players_have_one_radar(table: Table) -> None:
    """en: "Radar x1 — place it face up. In a 2-player game, take 2." """
    for players in (3, 4, 5):
        state = table.new(CLEAR_LAYOUT, players=players)
        assert [p["radars"] for p in table.obs(state)["players"]] == [1] * players


# ---------------------------------------------------------------------- move


def test_move_from_dock_to_any_area(table: Table) -> None:
    """en: "(a) Move one of your boats with its tourists out of your dock and place it on top
    of any area." """
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.Investigate(0))
    for boat in range(3):
        assert table.moves_of(state, boat) == {0, 1, 2, 3, 4, 5}


def test_move_to_adjacent_area_only(table: Table) -> None:
    """en: "(b) Move one of your boats that you have already placed in an area to an adjacent
    area." """
    state = table.new(CLEAR_LAYOUT, players=2)
    table.turn(state, 0, 0)
    table.finish(state)  # seat 1
    state.apply(act.Investigate(1))
    assert table.moves_of(state, 0) == {1, 3}
    state.apply(act.MoveBoat(0, 1, False))
    state.apply(act.Investigate(2))
    assert table.moves_of(state, 0) == {0, 2, 4}
    state.apply(act.MoveBoat(0, 4, False))
    state.apply(act.Investigate(3))
    assert table.moves_of(state, 0) == {1, 3, 5}
    assert "adjacent" in table.refuses(state, act.MoveBoat(0, 4, False))  # a move must go somewhere


def test_no_diagonal_moves(table: Table) -> None:
    """en: "You may not move into an area if a fish card lies between the two areas — areas
    are adjacent across the diagonal corners of the cards." vi: "No diagonal moves." """
    state = table.new(CLEAR_LAYOUT, players=2)
    table.turn(state, 0, 0)
    table.turn(state, 0, 1)  # seat 1
    state.apply(act.Investigate(1))
    assert "adjacent" in table.refuses(state, act.MoveBoat(0, 4, False))
    assert "adjacent" in table.refuses(state, act.MoveBoat(0, 2, False))
    state.apply(act.MoveBoat(1, 5, False))
    state.apply(act.Investigate(2))  # seat 1's boat 0 is on a1
    assert "adjacent" in table.refuses(state, act.MoveBoat(0, 3, False))
    assert "adjacent" in table.refuses(state, act.MoveBoat(0, 5, False))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_area_capacity_equals_number_of_players(table: Table, players: int) -> None:
    """en: "The maximum number of boats that may be placed in one area, counting all
    players, is equal to the total number of players." """
    state = table.new(CLEAR_LAYOUT, players=players)
    for _ in range(players):
        table.turn(state, 0, 3)
    state.apply(act.Investigate(11))
    assert 3 not in table.moves_of(state, 1)
    assert f"holds {players} boats" in table.refuses(state, act.MoveBoat(1, 3, False))
    state.apply(act.MoveBoat(1, 4, False))
    assert [b[0] for b in (p["boats"] for p in table.obs(state)["players"])] == [3] * players


def test_capacity_counts_boats_moving_from_another_area(table: Table) -> None:
    """en: "counting all players" — a boat coming from a neighbouring area is stopped too."""
    state = table.new(CLEAR_LAYOUT, players=2)
    table.turn(state, 0, 0)
    table.turn(state, 0, 0)  # seat 1: a0 is full
    state.apply(act.Investigate(1))
    state.apply(act.MoveBoat(1, 1, False))
    table.turn(state, 1, 3)  # seat 1
    state.apply(act.Investigate(2))
    assert "holds 2 boats" in table.refuses(state, act.MoveBoat(1, 0, False))


def test_full_area_takes_a_boat_again_once_one_has_left(table: Table) -> None:
    """en: "The maximum number of boats ... in one area ... is equal to the total number of
    players": a limit on the boats there now, so a boat moving out makes room."""
    state = table.new(CLEAR_LAYOUT, players=2)
    table.turn(state, 0, 0)
    table.turn(state, 0, 0)  # seat 1: a0 is full
    state.apply(act.Investigate(1))
    assert 0 not in table.moves_of(state, 1)
    state.apply(act.MoveBoat(0, 1, False))  # seat 0's boat 0 leaves a0
    state.apply(act.Investigate(2))  # seat 1
    assert 0 in table.moves_of(state, 1)
    state.apply(act.MoveBoat(1, 0, False))
    assert [p["boats"] for p in table.obs(state)["players"]] == [[1, -1, -1], [0, 0, -1]]


def test_own_boats_may_share_an_area(table: Table) -> None:
    """en: "(Several boats of the same colour may be placed in the same area.)" """
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 3)
    table.finish(state, 2)  # seats 1 and 2
    table.turn(state, 1, 3)
    table.turn(state, 2, 3)
    assert table.obs(state)["players"][0]["boats"] == [3, 3, 3]


# -------------------------------------------------------------------- anchor


def test_anchor_once_per_round(table: Table) -> None:
    """en: "Once per round, when moving a boat, each player may drop their anchor"."""
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 0, anchor=True)
    table.finish(state, 2)  # seats 1 and 2
    state.apply(act.Investigate(1))
    assert not any(isinstance(a, act.MoveBoat) and a.anchor for a in state.legal_actions())
    assert "already dropped your anchor" in table.refuses(state, act.MoveBoat(1, 3, True))
    state.apply(act.MoveBoat(1, 3, False))
    table.finish_round(state)
    table.deal(state, CLEAR_LAYOUT)
    # "Return your boats, investigation markers and anchor to your dock."
    assert table.obs(state)["players"][0]["anchor_used"] is False
    state.apply(act.Investigate(0))
    assert act.MoveBoat(1, 3, True) in state.legal_actions()


def test_one_anchor_per_area(table: Table) -> None:
    """en: "Only 1 anchor may be placed in each area." vi: "(whoever dropped it)" """
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 0, anchor=True)
    state.apply(act.Investigate(1))  # seat 1
    assert "already has an anchor" in table.refuses(state, act.MoveBoat(0, 0, True))
    assert act.MoveBoat(0, 0, False) in state.legal_actions()
    assert act.MoveBoat(0, 1, True) in state.legal_actions()
    state.apply(act.MoveBoat(0, 0, False))
    table.finish(state, 2)  # seats 2 and 0
    state.apply(act.Investigate(2))  # seat 1 again: its own boat in a0 cannot be anchored either
    assert "already has an anchor" in table.refuses(state, act.MoveBoat(1, 0, True))


def test_anchor_only_on_area_just_moved_into(table: Table) -> None:
    """en: "drop their anchor on the area they are moving into" / "You may not drop the anchor
    under a boat until you move that boat." """
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 1)
    table.finish(state, 2)
    state.apply(act.Investigate(1))
    # Boat 0 already stands on a1: it can only be anchored by moving it on.
    assert "adjacent" in table.refuses(state, act.MoveBoat(0, 1, True))
    state.apply(act.MoveBoat(0, 2, True))
    seat = table.obs(state)["players"][0]
    assert seat["anchored_boat"] == 0
    assert seat["boats"][0] == 2


def test_anchored_boat_never_moves(table: Table) -> None:
    """en: "A boat that has been anchored may no longer be moved." """
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 0, anchor=True)
    table.finish(state, 2)
    for area in (4, 5):
        state.apply(table.first_investigation(state))
        assert table.moves_of(state, 0) == set()
        assert "anchored boat" in table.refuses(state, act.MoveBoat(0, 1, False))
        state.apply(act.MoveBoat(1, area, False))
    table.finish_round(state)
    assert table.obs(state)["results"][0]["boats"][0] == 0


def test_anchor_bonus_two(table: Table) -> None:
    """en: "If your anchored boat scores, you gain +2 points." / "if they dropped their anchor
    there, they receive +2 points." """
    state = table.new(CLEAR_LAYOUT)  # CLEAR_LAYOUT: whale a0, orca a2, a3 neither
    table.turn(state, 0, 0, anchor=True)  # seat 0: 1 tourist + 2 on the whale
    table.turn(state, 1, 2, anchor=True)  # seat 1: 2 tourists + 2 on the orca
    table.turn(state, 2, 3, anchor=True)  # seat 2: anchored where nothing surfaces: 0
    table.turn(state, 2, 0)  # seat 0: 3 more tourists on the whale
    table.finish_round(state)
    assert table.round_points(state, 1) == [1 + 2 + 3, 2 + 2, 0]


# -------------------------------------------------------------------- finish


def test_finish_ends_turns_for_the_round(table: Table) -> None:
    """en: "say 'Done!' and turn your dock face down. After that you no longer take turns" """
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 0)
    table.finish(state)  # seat 1
    assert table.obs(state)["players"][1]["finished"] is True
    order = []
    for boat, area in ((0, 1), (1, 2), (1, 3), (2, 4)):
        order.append(state.current_player())
        table.turn(state, boat, area)
    assert order == [2, 0, 2, 0]


def test_finish_is_allowed_at_the_start_of_any_turn(table: Table) -> None:
    """en: "At the start of your turn, if you do not want to (or cannot) move your boat ...
    say 'Done!'" — even with markers left and boats in the dock."""
    state = table.new(CLEAR_LAYOUT)
    assert act.Finish() in state.legal_actions()
    table.finish(state)
    assert state.current_player() == 1


def test_forced_finish_without_markers(table: Table) -> None:
    """en: "If you have no investigation markers left ... you must choose [B. Finish]." """
    state = _spend_all_markers(table)
    assert state.current_player() == 0
    assert state.legal_actions() == [act.Finish()]
    assert "no investigation markers left" in table.refuses(state, act.Investigate(11))
    assert "no investigation markers left" in table.refuses(state, act.UseRadar(11))


def test_forced_finish_when_no_boat_can_move(table: Table) -> None:
    """en: "If ... you can no longer move a boat, you must choose [B. Finish]." """
    state = table.new(CLEAR_LAYOUT, players=2)  # capacity 2
    table.turn(state, 0, 0, anchor=True)  # seat 0's boat 0 never moves again
    table.turn(state, 0, 0)  # seat 1: a0 full
    table.turn(state, 1, 3)
    table.turn(state, 1, 4)  # seat 1
    table.turn(state, 2, 3)  # seat 0: a3 full; its neighbours a0 and a4 ...
    table.turn(state, 2, 4)  # seat 1: ... are full too
    assert table.obs(state)["players"][0]["markers_left"] == 2
    assert state.legal_actions() == [act.Finish()]
    assert "can no longer move a boat" in table.refuses(state, act.Investigate(11))
    table.finish(state)
    assert state.current_player() == 1
    assert any(isinstance(a, act.Investigate) for a in state.legal_actions())


def test_round_ends_when_all_finished(table: Table) -> None:
    """en: "Keep taking turns until all players have chosen [B. Finish]." """
    state = table.new(CLEAR_LAYOUT)
    table.finish(state)  # seat 0
    table.turn(state, 0, 0)  # seat 1
    table.finish(state)  # seat 2
    table.turn(state, 0, 1)  # seat 1 plays on alone
    assert state.current_player() == 1
    assert table.obs(state)["results"] == []
    table.finish(state)
    assert len(table.obs(state)["results"]) == 1
    assert table.obs(state)["round"] == 2


# ------------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("layout", "sums", "whale"),
    [(CLEAR_LAYOUT, [17, 8, 2, 14, 8, 5], 0), (WHALE_LAST_LAYOUT, [2, 8, 15, 7, 13, 18], 5)],
)
def test_whale_at_highest_sum(
    table: Table, layout: tuple[int, ...], sums: list[int], whale: int
) -> None:
    """en: "add up the numbers on the 4 adjacent fish cards" / the whale appears at "The area
    where the sum of the 4 adjacent fish cards is the highest." """
    state = table.new(layout)
    table.finish_round(state)
    result = table.obs(state, None)["results"][0]
    assert result["sums"] == sums
    assert result["whale"] == whale


@pytest.mark.parametrize(
    ("layout", "orca"), [(CLEAR_LAYOUT, 2), (WHALE_LAST_LAYOUT, 0), (WHALE_TIE_LAYOUT, 1)]
)
def test_orca_at_lowest_sum(table: Table, layout: tuple[int, ...], orca: int) -> None:
    """en: the orca appears at "The area where the sum of the 4 adjacent fish cards is the
    lowest." """
    state = table.new(layout)
    table.finish_round(state)
    assert table.obs(state, None)["results"][0]["orca"] == orca


def tied_round(table: Table, layout: tuple[int, ...], numbers: Numbers) -> dict[str, Any]:
    """The round scored on a table where a0 and a2 both sum to 10."""
    state = table.new(layout, areas=numbers)
    table.finish_round(state)
    result = table.obs(state)["results"][0]
    assert result["sums"][0] == result["sums"][2] == 10
    return dict(result)


@pytest.mark.parametrize(("numbers", "whale"), [(None, 2), (SWAPPED_NUMBERS, 0)])
def test_whale_tie_goes_to_higher_area_number(table: Table, numbers: Numbers, whale: int) -> None:
    """en: "If several areas have the same total, the area with the higher printed number
    counts." (a0 and a2 both sum to 10)"""
    assert tied_round(table, WHALE_TIE_LAYOUT, numbers)["whale"] == whale


@pytest.mark.parametrize(("numbers", "orca"), [(None, 0), (SWAPPED_NUMBERS, 2)])
def test_orca_tie_goes_to_lower_area_number(table: Table, numbers: Numbers, orca: int) -> None:
    """en: "If several areas have the same total, the area with the lower printed number
    counts." (a0 and a2 both sum to 10)"""
    assert tied_round(table, ORCA_TIE_LAYOUT, numbers)["orca"] == orca


def test_boat_scores_its_tourists(table: Table) -> None:
    """en: "each player who placed a boat in those areas receives scoring chips equal to the
    number of tourists on each of those boats." """
    state = table.new(CLEAR_LAYOUT)  # whale a0, orca a2
    table.turn(state, 2, 0)  # seat 0: 3 tourists on the whale
    table.turn(state, 1, 2)  # seat 1: 2 on the orca
    table.turn(state, 0, 0)  # seat 2: 1 on the whale
    table.turn(state, 1, 1)  # seat 0: a1, nothing surfaces
    table.turn(state, 2, 3)  # seat 1: a3, nothing
    table.turn(state, 2, 2)  # seat 2: 3 on the orca
    table.finish_round(state)
    assert table.round_points(state, 1) == [3, 2, 1 + 3]


def test_boats_in_dock_never_score(table: Table) -> None:
    """en: "each player who placed a boat in those areas" — boats left in the dock are not
    placed, even when the whale surfaces at the last area."""
    state = table.new(WHALE_LAST_LAYOUT)  # whale a5, orca a0
    table.turn(state, 0, 5)  # seat 0: 1 tourist on the whale; boats 1 and 2 stay docked
    table.finish_round(state)
    assert table.round_points(state, 1) == [1, 0, 0]
    assert table.obs(state)["results"][0]["boats"] == [5, -1, -1] + [-1] * 6


# -------------------------------------------------------------------- rounds


def test_two_rounds(table: Table) -> None:
    """en: "Your goal is to earn the most points after 2 rounds." / "The player with the most
    points after two rounds is the winner." """
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 2, 0)  # seat 0: 3 on the whale
    table.finish_round(state)
    assert not state.is_terminal()
    assert table.obs(state)["round"] == 2
    table.deal(state, CLEAR_LAYOUT)
    assert state.current_player() == 0
    table.turn(state, 1, 2)  # seat 0: 2 on the orca
    table.finish_round(state)
    assert state.is_terminal()
    assert [r["round"] for r in table.obs(state)["results"]] == [1, 2]
    assert table.round_points(state, 1) == [3, 0, 0]
    assert table.round_points(state, 2) == [2, 0, 0]
    assert state.scores() == [5.0, 0.0, 0.0]
    assert state.returns() == [1.0, 0.0, 0.0]
    assert table.obs(state)["winner"] == 0


def test_round_two_start_player_most_points(table: Table) -> None:
    """en: "The player with the most points in the first round becomes the start player for
    the second round." """
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 0)  # seat 0: 1
    table.turn(state, 2, 0)  # seat 1: 3
    table.turn(state, 1, 2)  # seat 2: 2
    table.finish_round(state)
    assert table.round_points(state, 1) == [1, 3, 2]
    assert table.obs(state)["start_player"] == 1
    table.deal(state, CLEAR_LAYOUT)
    assert state.current_player() == 1


def three_on_the_whale(table: Table, state: WhaleToLookState, tied: tuple[int, ...]) -> None:
    """Play the round out: each seat of ``tied`` puts its 3-tourist boat on the whale's
    area (area 0) once, and every seat finishes otherwise."""
    rnd, placed = state.round, set[int]()
    while state.round == rnd and not state.is_terminal():
        assert len(state.history) < 100, "the round does not end"
        seat = state.current_player()
        if seat in tied and seat not in placed:
            table.turn(state, 2, 0)
            placed.add(seat)
        else:
            table.finish(state)


@pytest.mark.parametrize(
    ("first_start", "tied", "expected"),
    [(2, (0, 3), 0), (0, (1, 3), 3), (1, (1, 2), 2)],
)
def test_round_two_start_player_tie_furthest_clockwise(
    table: Table, first_start: int, tied: tuple[int, ...], expected: int
) -> None:
    """en: "If several players are tied on points, the player who is furthest clockwise from
    the first round's start player becomes the new start player." (4 players)"""
    state = table.new(CLEAR_LAYOUT, players=4, start_player=first_start)
    three_on_the_whale(table, state, tied)
    points = table.round_points(state, 1)
    assert [points[s] for s in tied] == [3, 3]
    assert max(points) == 3
    assert table.obs(state)["start_player"] == expected


def test_round_two_redeals_areas_and_fish(table: Table) -> None:
    """en: "Start the next round from step 4 of [2. Setup]": shuffle and lay the area cards,
    then shuffle and lay the fish cards."""
    state = table.new(CLEAR_LAYOUT, areas=(0, 1, 2, 3, 4, 5))
    table.turn(state, 0, 0)
    state.apply(act.UseRadar(2))  # seat 1
    table.turn(state, 0, 1)
    table.finish_round(state)
    view = table.obs(state, 0)
    assert view["areas"] == [None] * 6
    assert view["fish"] == [None] * 12
    assert view["revealed"] == [False] * 12
    assert {a for a, _ in state.chance_outcomes()} == {act.LayArea(n) for n in range(6)}
    table.deal(state, WHALE_TIE_LAYOUT, areas=SWAPPED_NUMBERS)
    assert table.obs(state)["areas"] == list(SWAPPED_NUMBERS)
    table.finish_round(state)
    assert table.obs(state)["results"][1]["fish"] == list(WHALE_TIE_LAYOUT)


def test_round_two_returns_boats_markers_anchor_and_radar(table: Table) -> None:
    """en: "Return your boats, investigation markers and anchor to your dock. Turn your dock
    and any used radar face up." """
    state = table.new(CLEAR_LAYOUT, players=2)
    state.apply(act.UseRadar(3))
    table.turn(state, 0, 0, anchor=True)
    table.finish(state)  # seat 1
    table.turn(state, 1, 4)
    table.finish(state)
    table.deal(state, CLEAR_LAYOUT)
    view = table.obs(state)
    for seat in view["players"]:
        assert seat["boats"] == [-1, -1, -1]
        assert seat["markers_left"] == 5
        assert seat["anchored_boat"] == -1
        assert seat["anchor_used"] is False
        assert seat["radars"] == 2
        assert seat["finished"] is False
    assert view["markers"] == [[]] * 12


# ------------------------------------------------------------ trending cards


def test_trending_only_in_round_two(table: Table) -> None:
    """en: "A trending card is revealed for the second round and adds an extra scoring
    condition." """
    state = table.new(CLEAR_LAYOUT, trending="whale-watching")
    assert table.obs(state)["trend"] is None
    table.turn(state, 0, 0)  # seat 0: 1 tourist on the whale, no season bonus in round 1
    table.finish_round(state)
    assert table.round_points(state, 1) == [1, 0, 0]
    assert table.obs(state)["trend"] == "whale-watching"


def test_trending_card_drawn_at_random_for_round_two(table: Table) -> None:
    """en: "Shuffle the trending cards face down and flip 1 of them face up." — at the end of
    round 1, not before it."""
    state = table.game.new_state(3, {"start_player": 0, "area_layout": "ordered"})
    assert {type(a) for a, _ in state.chance_outcomes()} == {act.DealFish}
    table.deal(state, CLEAR_LAYOUT)
    table.finish_round(state)
    outcomes = state.chance_outcomes()
    assert sorted(a.trend for a, _ in outcomes if isinstance(a, act.RevealTrend)) == sorted(
        ["whale-watching", "fishing", "whale-and-orca", "orca-watching"]
    )
    assert [p for _, p in outcomes] == [0.25] * 4
    state.apply(act.RevealTrend("orca-watching"))
    assert table.obs(state, None)["trend"] == "orca-watching"


def test_whale_watching_season(table: Table) -> None:
    """en: "Whale-watching season — Gain 2 points for each of your boats on the whale
    tile." """
    state = round_two(table, trending="whale-watching")  # starts with seat 2
    table.turn(state, 0, 0)  # seat 2: 1 on the whale
    table.turn(state, 2, 2)  # seat 0: 3 on the orca, no season bonus
    table.turn(state, 0, 1)  # seat 1: a1, nothing
    table.turn(state, 1, 0)  # seat 2: 2 more on the whale
    table.finish_round(state)
    assert table.round_points(state, 2) == [3, 0, 1 + 2 + 2 * 2]


def test_fishing_season_en_player_chooses_boat(table: Table) -> None:
    """en: "Fishing Season — Replace 1 tourist with 1 fisher on your boat." — each player
    picks the boat."""
    state = round_two(table, players=2, trending="fishing")  # starts with seat 1
    assert table.obs(state)["phase"] == "fisher"
    assert state.current_player() == 1
    assert state.legal_actions() == [
        act.ChooseFisherBoat(0),
        act.ChooseFisherBoat(1),
        act.ChooseFisherBoat(2),
    ]
    state.apply(act.ChooseFisherBoat(2))
    assert state.current_player() == 0
    state.apply(act.ChooseFisherBoat(1))
    assert table.obs(state)["phase"] == "turn"
    assert state.current_player() == 1
    assert [p["fisher_boat"] for p in table.obs(state)["players"]] == [1, 2]


def test_fisher_replaces_a_tourist(table: Table) -> None:
    """en: "Replace 1 tourist with 1 fisher on your boat." — the fisher is not a tourist."""
    state = round_two(table, players=2, trending="fishing")
    state.apply(act.ChooseFisherBoat(2))  # seat 1
    state.apply(act.ChooseFisherBoat(1))  # seat 0
    table.turn(state, 2, 0)  # seat 1: 3 - 1 = 2 tourists on the whale
    table.turn(state, 1, 2)  # seat 0: 2 - 1 = 1 tourist on the orca
    table.turn(state, 1, 0)  # seat 1: 2 tourists on the whale (no fisher)
    table.finish_round(state)
    assert table.round_points(state, 2) == [1, 2 + 2]


def test_fisher_bonus_off_whale_and_orca(table: Table) -> None:
    """en: "if the boat with the fisher is not on the whale tile or the orca tile, gain 3
    points." """
    state = round_two(table, trending="fishing")  # seat 2 starts: choices 2, 0, 1
    state.apply(act.ChooseFisherBoat(0))  # seat 2
    state.apply(act.ChooseFisherBoat(2))  # seat 0
    state.apply(act.ChooseFisherBoat(1))  # seat 1
    table.turn(state, 0, 1)  # seat 2: fisher boat on a1 (8): +3
    table.turn(state, 2, 0)  # seat 0: fisher boat on the whale: 3 - 1 = 2, no +3
    table.turn(state, 1, 4)  # seat 1: fisher boat on a4 (8): +3
    table.turn(state, 1, 3)  # seat 2: a3 (14), no fisher: nothing
    table.finish_round(state)
    assert table.round_points(state, 2) == [2, 3, 3]


def test_fisher_boat_in_dock_gains_nothing(table: Table) -> None:
    """vi: "A fisher boat that stands on an area with no whale gets +3 points." — a fisher
    boat left in the dock stands on no area (the en text, "Place the boat as normal", does
    not say otherwise)."""
    state = round_two(table, players=2, trending="fishing")
    state.apply(act.ChooseFisherBoat(2))  # seat 1
    state.apply(act.ChooseFisherBoat(2))  # seat 0
    table.turn(state, 0, 1)  # seat 1: a plain boat on a1; its fisher boat stays docked
    table.turn(state, 2, 4)  # seat 0: fisher boat on a4: +3
    table.finish_round(state)
    assert table.round_points(state, 2) == [3, 0]


def test_fishing_season_vi_one_tourist_boat(table: Table) -> None:
    """vi: "Replace the tourist of your 1-tourist boat with 1 Fisher." """
    state = round_two(table, players=2, edition="vi", trending="fishing")
    assert table.obs(state)["phase"] == "turn"
    assert [p["fisher_boat"] for p in table.obs(state)["players"]] == [0, 0]
    assert "investigating" in table.refuses(state, act.ChooseFisherBoat(2))
    table.turn(state, 0, 0)  # seat 1: the fisher boat on the whale, 1 - 1 = 0 tourists
    table.turn(state, 0, 1)  # seat 0: the fisher boat on a1: +3
    table.finish_round(state)
    assert table.round_points(state, 2) == [3, 0]


def test_vi_one_fisher_boat_per_area(table: Table) -> None:
    """vi: "Each area may hold only one fisher boat." """
    state = round_two(table, players=2, edition="vi", trending="fishing")
    table.turn(state, 0, 1)  # seat 1's fisher boat on a1
    state.apply(act.Investigate(0))  # seat 0
    assert 1 not in table.moves_of(state, 0)
    assert "fisher boat" in table.refuses(state, act.MoveBoat(0, 1, False))
    assert act.MoveBoat(1, 1, False) in state.legal_actions()  # a boat without the fisher may go


def test_en_fisher_boats_may_share_an_area(table: Table) -> None:
    """en: "Fisher boats per area: no limit stated" (table of differences)."""
    state = round_two(table, players=2, trending="fishing")
    state.apply(act.ChooseFisherBoat(0))
    state.apply(act.ChooseFisherBoat(0))
    table.turn(state, 0, 1)  # seat 1's fisher boat on a1
    table.turn(state, 0, 1)  # seat 0's fisher boat joins it
    assert [p["boats"][0] for p in table.obs(state)["players"]] == [1, 1]


def test_vi_fisher_boat_cannot_anchor(table: Table) -> None:
    """vi: "A fisher boat cannot be anchored." """
    state = round_two(table, players=2, edition="vi", trending="fishing")
    state.apply(act.Investigate(0))  # seat 1
    assert "cannot be anchored" in table.refuses(state, act.MoveBoat(0, 1, True))
    assert act.MoveBoat(0, 1, False) in state.legal_actions()
    assert act.MoveBoat(1, 1, True) in state.legal_actions()


def test_en_fisher_boat_may_anchor(table: Table) -> None:
    """en: "Anchoring the fisher boat: not restricted" (table of differences); an anchored
    boat that scores gains +2."""
    state = round_two(table, players=2, trending="fishing")
    state.apply(act.ChooseFisherBoat(1))  # seat 1
    state.apply(act.ChooseFisherBoat(1))  # seat 0
    state.apply(act.Investigate(0))
    assert act.MoveBoat(1, 0, True) in state.legal_actions()
    state.apply(act.MoveBoat(1, 0, True))  # seat 1: 2 - 1 = 1 tourist on the whale, +2 anchor
    table.finish_round(state)
    assert table.round_points(state, 2) == [0, 1 + 2]


def test_whale_and_orca_season(table: Table) -> None:
    """en: "Whale & Orca Season — If at the end of the second round you have a boat on both
    the whale tile and the orca tile, gain 4 points." """
    state = round_two(table, trending="whale-and-orca")  # seat 2 starts
    table.turn(state, 0, 0)  # seat 2: 1 on the whale
    table.turn(state, 0, 0)  # seat 0: 1 on the whale
    table.turn(state, 0, 2)  # seat 1: 1 on the orca
    table.turn(state, 1, 2)  # seat 2: 2 on the orca: both tiles, +4
    table.turn(state, 1, 0)  # seat 0: 2 more on the whale, still only one tile
    table.finish_round(state)
    assert table.round_points(state, 2) == [1 + 2, 1, 1 + 2 + 4]


def test_orca_watching_season_once_per_player(table: Table) -> None:
    """en: "Each player with a boat on the orca tile gains 3 points. Even if you have several
    boats there, you gain only 3 points." """
    state = round_two(table, trending="orca-watching")  # seat 2 starts
    table.turn(state, 0, 2)  # seat 2: 1 on the orca
    table.turn(state, 1, 2)  # seat 0: 2 on the orca
    table.turn(state, 0, 0)  # seat 1: 1 on the whale, no season bonus
    table.turn(state, 1, 2)  # seat 2: 2 more on the orca
    table.finish_round(state)
    assert table.round_points(state, 2) == [2 + 3, 1, 1 + 2 + 3]


# --------------------------------------------------------------- end of game


def test_whale_to_look_tie_broken_by_round_two_score(table: Table) -> None:
    """en: "In case of a tie, the player with the higher score in round 2 is the winner."
    (3 players; the round-2 winner plays earlier in round 2 than the player it ties with)"""
    state = table.new(CLEAR_LAYOUT)  # whale a0, orca a2
    table.turn(state, 2, 0)  # seat 0: 3 on the whale
    table.turn(state, 2, 0)  # seat 1: 3 on the whale
    table.finish(state)  # seat 2
    table.finish(state)  # seat 0
    table.turn(state, 1, 2)  # seat 1: 2 on the orca
    table.finish(state)  # seat 1
    assert table.round_points(state, 1) == [3, 5, 0]
    table.deal(state, CLEAR_LAYOUT)  # seat 1 starts round 2; then seats 2 and 0
    table.finish(state)  # seat 1
    table.turn(state, 2, 0)  # seat 2: 3 on the whale
    table.turn(state, 2, 2)  # seat 0: 3 on the orca
    table.turn(state, 1, 2)  # seat 2: 2 on the orca
    table.finish(state)  # seat 0
    table.turn(state, 0, 0)  # seat 2: 1 on the whale
    table.finish(state)  # seat 2
    assert table.round_points(state, 2) == [3, 0, 3 + 2 + 1]
    assert state.scores() == [6.0, 5.0, 6.0]
    assert state.returns() == [0.0, 0.0, 1.0]
    # The result every interface draws says the same, and which tie-break decided.
    result = state.result()
    assert result is not None
    assert [(s.seat, s.place, s.winner) for s in result.standings] == [
        (2, 1, True),
        (0, 2, False),
        (1, 3, False),
    ]
    assert result.score == "total" and result.tie_breaks == ("round_2", "later_turn")
    assert result.decided_by == "round_2"
    assert dict(result.standing(2).breakdown) == {"round_1": 0, "round_2": 6}


@pytest.mark.parametrize(
    ("first_start", "second_start", "tied", "winner"),
    [(0, 2, (1, 2), 1), (1, 0, (0, 2), 2)],
)
def test_whale_to_look_tie_broken_by_later_turn_in_round_two(
    table: Table, first_start: int, second_start: int, tied: tuple[int, int], winner: int
) -> None:
    """en: "If it is still a tie, the player who took their turn later wins." vi: "the player
    who played later in round 2 wins." (3 players)"""
    state = table.new(CLEAR_LAYOUT, start_player=first_start)
    table.finish_round(state)  # all 0: round 2 starts furthest clockwise from the first start
    table.deal(state, CLEAR_LAYOUT)
    assert state.current_player() == second_start
    three_on_the_whale(table, state, tied)
    assert [state.scores()[s] for s in tied] == [3.0, 3.0]
    assert [table.round_points(state, 2)[s] for s in tied] == [3, 3]
    assert state.returns() == [1.0 if s == winner else 0.0 for s in range(3)]
    assert table.obs(state)["winner"] == winner
    result = state.result()
    assert result is not None and result.winners == (winner,)
    assert result.decided_by == "later_turn"
    assert [s.place for s in result.standings] == [1, 2, 3]  # the turn order ranks every seat


# ------------------------------------------------------------ setup and options


def test_start_player_chosen_by_chance_unless_given(table: Table) -> None:
    """en: "Choose a start player however you like." — drawn at random unless the option
    names one."""
    state = table.game.new_state(4, {"area_layout": "ordered"})
    assert state.chance_outcomes() == [(act.PickStartPlayer(s), 0.25) for s in range(4)]
    state.apply(act.PickStartPlayer(3))
    table.deal(state, CLEAR_LAYOUT)
    assert state.current_player() == 3


def test_area_layout_ordered_option(table: Table) -> None:
    """Option ``area_layout = "ordered"``: the area cards lie in the data file's order, and
    no chance action lays them."""
    state = table.game.new_state(3, {"start_player": 0, "area_layout": "ordered"})
    assert table.obs(state)["areas"] == list(load_components().ordered_layout)
    assert {type(a) for a, _ in state.chance_outcomes()} == {act.DealFish}


def test_area_layout_shuffled_is_chance(table: Table) -> None:
    """en: "Shuffle the area cards (the 6 dark cards) thoroughly and lay them out" — one
    chance draw per position, from the cards not yet laid."""
    state = table.game.new_state(3, {"start_player": 0})
    outcomes = state.chance_outcomes()
    assert sorted(a.number for a, _ in outcomes if isinstance(a, act.LayArea)) == [0, 1, 2, 3, 4, 5]
    assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
    state.apply(act.LayArea(4))
    outcomes = state.chance_outcomes()
    assert sorted(a.number for a, _ in outcomes if isinstance(a, act.LayArea)) == [0, 1, 2, 3, 5]
    assert [p for _, p in outcomes] == pytest.approx([1 / 5] * 5)
    for number in (0, 5, 1, 3, 2):
        state.apply(act.LayArea(number))
    assert table.obs(state)["areas"] == [4, 0, 5, 1, 3, 2]
    with pytest.raises(IllegalAction, match="chance decides"):
        state.apply(act.Finish())


def test_fish_dealt_from_what_is_left_of_the_deck(table: Table) -> None:
    """en: "Shuffle the fish cards (the 12 light cards) thoroughly and lay them out face
    down" — a value already dealt twice cannot come again."""
    state = table.game.new_state(3, {"start_player": 0, "area_layout": "ordered"})
    first = dict(state.chance_outcomes())
    assert first == pytest.approx({act.DealFish(v): 2 / 12 for v in range(6)})
    state.apply(act.DealFish(5))
    state.apply(act.DealFish(5))
    third = dict(state.chance_outcomes())
    assert act.DealFish(5) not in third
    assert third == pytest.approx({act.DealFish(v): 2 / 10 for v in range(5)})
    assert "chance decides" in table.refuses(state, act.DealFish(5))


# ------------------------------------------------------------ legality agrees


@pytest.mark.parametrize("edition", ["en", "vi"])
def test_legal_actions_agree_with_apply(table: Table, edition: str) -> None:
    """Every listed action applies and every other action is refused, through whole games."""
    rng = random.Random(20230526)
    every = [table.game.decode(i) for i in range(table.game.num_distinct_actions)]
    for game_number in range(8):
        players = 2 + game_number % 4
        state = table.game.new_state(players, {"edition": edition, "trending": "fishing"})
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in every:
                trial = state.clone()
                try:
                    trial.apply(action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == (action in legal), (action, state.observation(None))
            state.apply(rng.choice(legal))


# ------------------------------------------------------- readings (notes.md)


def _anchored_fisher_on_the_whale(table: Table, **options: Any) -> WhaleToLookState:
    """Round 2, Fishing season (en): seat 1 puts the fisher on its 1-tourist boat, which then
    has no tourist, and anchors it on the whale's area; the round is scored."""
    state = round_two(table, players=2, trending="fishing", **options)
    state.apply(act.ChooseFisherBoat(0))  # seat 1
    state.apply(act.ChooseFisherBoat(0))  # seat 0
    state.apply(act.Investigate(0))
    state.apply(act.MoveBoat(0, 0, True))  # seat 1: 1 - 1 = 0 tourists, anchored, on the whale
    table.finish_round(state)
    return state


def test_anchored_boat_without_tourists_gains_the_anchor_bonus(table: Table) -> None:
    """Reading: Scoring, "receives scoring chips equal to the number of tourists on each of
    those boats. In addition, if they dropped their anchor there, they receive +2 points": the
    +2 is for the anchor under a boat on a scoring area, even a boat with no tourist left."""
    state = _anchored_fisher_on_the_whale(table)
    assert table.round_points(state, 2) == [0, 0 + 2]


def test_anchor_without_tourists_option_nothing(table: Table) -> None:
    """Option anchor_without_tourists="nothing": "If your anchored boat scores, you gain +2";
    a boat with no tourist scores nothing, so its anchor gains nothing either."""
    state = _anchored_fisher_on_the_whale(table, anchor_without_tourists="nothing")
    assert table.round_points(state, 2) == [0, 0]


def test_no_radar_after_the_move(table: Table) -> None:
    """Reading: the radar belongs to Step 1 ("at any point during their turn"; vi: "while
    surveying"), and the move of Step 2 ends the turn: once a boat has moved, the next player
    is to play and any radar used now is theirs."""
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, 0, 0)  # seat 0 investigates and moves: its turn is over
    assert state.current_player() == 1
    state.apply(act.UseRadar(3))
    radars = [p["radars"] for p in table.obs(state)["players"]]
    assert radars == [1, 0, 1]


def test_vi_boats_leave_the_dock_for_any_area(table: Table) -> None:
    """Reading, vi: "Move 1 boat from 1 Area to any Area" is read as the English (a), from the
    dock: a boat already on an area still moves only to an adjacent one."""
    state = table.new(CLEAR_LAYOUT, players=2, edition="vi")
    state.apply(act.Investigate(0))
    assert table.moves_of(state, 0) == {0, 1, 2, 3, 4, 5}
    state.apply(act.MoveBoat(0, 0, False))
    table.finish(state)  # seat 1
    state.apply(act.Investigate(1))
    assert table.moves_of(state, 0) == {1, 3}
    assert "adjacent" in table.refuses(state, act.MoveBoat(0, 5, False))
