"""Survive's turn as a decision stack (whaletable.core.decisions): three pending moves over
the creature roll, the sinking and its reveal pushed when the movement ends, a red tile, a
creature, a deterrent, a squid or a boat to board pushed over the step it interrupts, and
the end on top of whatever was pending."""

from __future__ import annotations

import random

from survive_support import LAYOUT, Table, hx, quiet

from whaletable.core.decisions import chooser_of, kind_of
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.games.survive import actions as act
from whaletable.games.survive import rules as R
from whaletable.games.survive.rules import SurviveState

L, A = hx(3, 4), hx(2, 5)
EAST = 0


def kinds(state: SurviveState) -> list[int]:
    """The stack's kinds, bottom first."""
    return [kind_of(d) for d in state.decisions]


def choosers(state: SurviveState) -> list[int]:
    return [chooser_of(d) for d in state.decisions]


def test_setup_is_one_decision_replaced_step_by_step(table: Table) -> None:
    """Setup §4: the start player and the island are drawn by chance, then each seat places
    its explorers and boats in turn: one decision at a time, never a turn beneath it."""
    state = table.game.new_state(2, {})
    assert state.decisions == [R.D_START] and state.current_player() == CHANCE
    state.apply(act.PickStartPlayer(1))
    assert state.decisions == [R.D_LAY]
    for terrain in LAYOUT:
        state.apply(act.LayTile(terrain))
    assert kinds(state) == [R.PLACE_EXPLORERS] and choosers(state) == [1]
    state.apply(state.legal_actions()[0])
    assert kinds(state) == [R.PLACE_EXPLORERS] and choosers(state) == [0]
    assert state.observation(0)["phase"] == "place-explorers"


def test_a_turn_is_three_pending_moves_over_the_roll(table: Table) -> None:
    """§5: "Spend 3 movement points", then sink a tile, reveal it and roll the creature die:
    the turn is pushed as three MOVE decisions over the roll, and a move pops one."""
    state = quiet(table)
    assert kinds(state) == [R.ROLL, R.MOVE, R.MOVE, R.MOVE]
    assert choosers(state) == [CHANCE, 0, 0, 0]
    assert state.moves_left == 3
    table.on_land(state, 0, L)
    state.apply(act.MoveExplorer(0, EAST))
    assert kinds(state) == [R.ROLL, R.MOVE, R.MOVE] and state.moves_left == 2
    assert state.observation(0)["moves_left"] == 2


def test_ending_the_movement_pops_its_points_and_pushes_the_sinking(table: Table) -> None:
    """§5.2-5.3: the movement ended early gives up its points; the sinking goes over the
    roll, and the sunk tile's reveal (chance) replaces it."""
    state = quiet(table)
    state.apply(act.EndMovement())
    assert kinds(state) == [R.ROLL, R.SINK] and choosers(state) == [CHANCE, 0]
    assert state.moves_left == 0
    state.apply(act.SinkTile(state.sinkable()[0]))
    assert kinds(state) == [R.ROLL, R.REVEAL] and state.current_player() == CHANCE
    state.apply(act.RevealBack("dolphin"))  # red: into the hand, nothing to decide
    assert state.decisions == [R.D_ROLL]


def test_the_last_move_pushes_the_sinking(table: Table) -> None:
    """§5: the third movement point spent ends the movement as "done" would."""
    state = quiet(table)
    table.on_land(state, 0, L)
    for d in (EAST, 3, EAST):
        state.apply(act.MoveExplorer(0, d))
    assert kinds(state) == [R.ROLL, R.SINK]


def test_without_tiles_left_the_movement_goes_straight_to_the_roll(table: Table) -> None:
    """Reading 15: with no land tile left there is nothing to sink; the roll is next."""
    state = quiet(table)
    for h in range(len(state.terrain)):
        state.terrain[h] = R.SEA
    state._legal = None
    state.apply(act.EndMovement())
    assert state.decisions == [R.D_ROLL]


def test_the_roll_pops_the_turn_and_its_creature_decides_over_nothing(table: Table) -> None:
    """§6: the creature die is the turn's last step: its creature move lies on an empty
    stack, and when it is done the next seat's turn is pushed."""
    state = quiet(table)
    table.creature(state, R.SHARK, hx(0, 0))
    table.roll(state, "shark")
    assert kinds(state) == [R.MOVE_CREATURE] and choosers(state) == [0]
    state.apply(act.MoveCreature(hx(0, 1)))
    assert kinds(state) == [R.ROLL, R.MOVE, R.MOVE, R.MOVE]
    assert choosers(state) == [CHANCE, 1, 1, 1] and state.active == 1


def test_picking_a_creature_is_replaced_by_moving_it(table: Table) -> None:
    """§6: with several of the kind, the player picks one, then moves it."""
    state = quiet(table)
    first = table.creature(state, R.SHARK, hx(0, 0))
    table.creature(state, R.SHARK, hx(12, 0))
    table.roll(state, "shark")
    assert kinds(state) == [R.PICK_CREATURE]
    state.apply(act.PickCreature(first))
    assert kinds(state) == [R.MOVE_CREATURE] and state.p_creature == first


def test_a_dolphin_tile_pushes_three_tile_moves_over_the_movement(table: Table) -> None:
    """§3.1 Dolphin: "move one of your swimmers 1–3 sea spaces" at the start of the turn:
    one pending decision per space over the turn's three moves, which it leaves whole."""
    state = quiet(table)
    table.swimmer(state, 0, hx(0, 0))
    state.hands[0].append((1, "dolphin", 0))
    state._legal = None
    state.apply(act.PlayTile("dolphin", 0))
    assert kinds(state) == [R.ROLL, R.MOVE, R.MOVE, R.MOVE, *[R.TILE_MOVE] * 3]
    assert state.observation(0)["phase"] == "tile-move"
    assert state.observation(0)["moves_left"] == 3
    state.apply(act.MoveExplorer(0, EAST))
    assert kinds(state)[-2:] == [R.TILE_MOVE, R.TILE_MOVE] and state.tile_steps == 2
    state.apply(act.EndMovement())
    assert kinds(state) == [R.ROLL, R.MOVE, R.MOVE, R.MOVE] and state.moves_left == 3


def shark_at_two_swimmers(table: Table, seat_1_holds: str) -> SurviveState:
    """Three seats; a shark swims onto seats 1 and 2's swimmers, each seat holding a tile
    (seat 2 a dolphin)."""
    state = quiet(table, 3)
    table.shark_threat(state, seat_1_holds, "dolphin")
    state.apply(act.MoveCreature(hx(0, 1)))
    return state


def test_each_threatened_seat_is_a_deterrent_decision_first_asked_on_top(table: Table) -> None:
    """§3.1 deterrents, reading 11: every threatened seat holding a tile is asked in turn
    order; one DETER decision each, the first on top, a decline pops one."""
    state = shark_at_two_swimmers(table, "dolphin")
    assert kinds(state) == [R.DETER, R.DETER] and choosers(state) == [2, 1]
    assert state.current_player() == 1 and state.to_move == 1 and state.p_askers == (1, 2)
    state.apply(act.Decline())
    assert kinds(state) == [R.DETER] and state.current_player() == 2 == state.to_move
    state.apply(act.Decline())
    assert state.ex_status[10] == state.ex_status[20] == R.LOST
    assert kinds(state) == [R.ROLL, R.MOVE, R.MOVE, R.MOVE] and choosers(state)[-1] == 1


def test_a_deterrent_played_pops_every_seat_still_to_be_asked(table: Table) -> None:
    """§3.1: the first deterrent removes the creature: nobody else is asked."""
    state = shark_at_two_swimmers(table, "shark-deterrent")
    state.apply(act.PlayTile("shark-deterrent", 0))
    assert R.DETER not in kinds(state) and state.active == 1


def test_a_squid_and_its_victim_are_pushed_over_the_roll(table: Table) -> None:
    """Giant Squid 1: a whale tile brings a squid, placed by the revealer, who then picks
    which of several people it takes; both are decided over the pending roll."""
    state = quiet(table)
    table.on_land(state, 10, L)
    table.on_land(state, 11, L)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("whale"))
    assert kinds(state) == [R.ROLL, R.PLACE_SQUID] and choosers(state) == [CHANCE, 0]
    state.apply(act.PlaceSquid(A))
    assert kinds(state) == [R.ROLL, R.TAKE_PERSON]
    state.apply(act.TakePerson(11))
    assert state.decisions == [R.D_ROLL]


def test_boarding_is_pushed_when_more_swimmers_than_seats(table: Table) -> None:
    """§3.1 Boat, reading on a full boat: the revealer picks who climbs aboard, one at a
    time, over the pending roll; a full boat pops the decision."""
    state = quiet(table)
    h = state.sinkable()[0]
    people = list(range(R.CAPACITY + 1))
    for e in people:
        table.on_land(state, e, h)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(h))
    state.apply(act.RevealBack("boat"))
    assert kinds(state) == [R.ROLL, R.BOARDING] and choosers(state) == [CHANCE, 0]
    for e in people[: R.CAPACITY]:
        assert kinds(state)[-1] == R.BOARDING
        state.apply(act.BoardBoat(e))
    assert state.decisions == [R.D_ROLL]


def test_the_volcano_puts_the_end_on_top_of_the_pending_roll(table: Table) -> None:
    """§7: the game ends at once: the end goes over whatever was pending."""
    state = quiet(table)
    table.to_the_volcano(state)
    state.apply(act.RevealBack("volcano"))
    assert state.decisions == [R.D_ROLL, R.D_OVER]
    assert state.current_player() == TERMINAL and state.observation(None)["phase"] == "over"


def test_a_seat_decides_only_when_it_is_the_seat_to_move(table: Table) -> None:
    """In seeded random games, every decision a seat makes is that of ``to_move`` (which
    the actions read) and its name is the observation's phase."""
    for seed in range(12):
        rng = random.Random(seed)
        opts = {"dolphins_and_diving_creatures": True} if seed % 2 else {}
        state = table.game.new_state(2 + seed % 3, opts)
        while not state.is_terminal():
            top = state.decisions[-1]
            if chooser_of(top) >= 0:
                assert chooser_of(top) == state.to_move, R.DECISION_KINDS.describe(state.decisions)
            assert state.observation(None)["phase"] == R.DECISION_KINDS.name(top)
            state.apply(
                state.sample_chance(rng)
                if state.is_chance_node()
                else rng.choice(state.legal_actions())
            )
        assert kind_of(state.decisions[-1]) == R.OVER
