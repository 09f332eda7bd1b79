"""One test per reading in ``notes.md`` ("Readings chosen") that no rule test already checks.

Each docstring names the reading it checks. Places used (row, idx): the terrain tile
L = (3, 4); the sea space A = (2, 5) touches L; B = (1, 5) and C = (0, 3) touch no tile.
"""

from __future__ import annotations

from survive_support import Table, direction, hx, quiet

from whaletable.games.survive import actions as act
from whaletable.games.survive import rules as R
from whaletable.games.survive.components import BOARD

L, A, B, C = hx(3, 4), hx(2, 5), hx(1, 5), hx(0, 3)


def test_a_tile_touching_no_sea_sinks_when_none_does(table: Table) -> None:
    """Reading: when no tile of the terrain being sunk touches the sea, any of them may go
    (otherwise the game could not go on)."""
    state = quiet(table)
    inland = next(h for h in BOARD.island if not state._touches_sea(h))
    for h in BOARD.island:
        state.terrain[h] = R.BEACH if h == inland else R.FOREST
    state._legal = None
    state.apply(act.EndMovement())
    assert [a.hex for a in state.legal_actions()] == [inland]


def test_stepping_into_the_sea_is_the_turns_swim(table: Table) -> None:
    """Reading: an explorer stepping from land into the sea has swum its one space; jumping
    overboard or climbing aboard on the same space is not swimming."""
    state = quiet(table)
    table.on_land(state, 0, L)
    state.apply(act.MoveExplorer(0, direction(L, A)))
    assert "one space a turn" in table.refuses(state, act.MoveExplorer(0, direction(A, B)))
    state = quiet(table)
    boat = table.boat(state, B, passengers=(0,))
    state.apply(act.JumpOverboard(0))
    state.apply(act.BoardBoat(0))
    state.apply(act.JumpOverboard(0))
    assert state.ex_status[0] == R.SWIM and state.boat_pass[boat] == []
    assert state.phase == R.SINK  # three points spent, none of them a swim


def test_a_boat_does_not_pick_up_swimmers(table: Table) -> None:
    """Reading: a boat moving onto swimmers does not pick them up; they climb in with their
    own points."""
    state = quiet(table)
    boat = table.boat(state, B)
    table.swimmer(state, 0, C)
    state.apply(act.MoveBoat(boat, direction(B, hx(0, 4))))
    state.apply(act.MoveBoat(boat, direction(hx(0, 4), C)))
    assert state.ex_status[0] == R.SWIM and state.boat_pass[boat] == []
    state.apply(act.BoardBoat(0))
    assert state.boat_pass[boat] == [0]


def test_one_red_tile_a_turn_before_moving(table: Table) -> None:
    """Reading: red tiles are played at the start of your turn, one a turn."""
    state = quiet(table)
    table.creature(state, R.SHARK, C)
    table.creature(state, R.SERPENT, hx(12, 3))
    state.hands[0] += [(1, "move-shark", 0), (1, "move-serpent", 1)]
    state._legal = None
    state.apply(act.PlayTile("move-shark", 0))
    state.apply(act.MoveCreature(hx(12, 6)))
    assert "one a turn" in table.refuses(state, act.PlayTile("move-serpent", 0))
    state = quiet(table)
    table.creature(state, R.SHARK, C)
    table.on_land(state, 0, L)
    state.hands[0].append((1, "move-shark", 0))
    state._legal = None
    state.apply(act.MoveExplorer(0, direction(L, hx(3, 5))))
    assert "start of your turn" in table.refuses(state, act.PlayTile("move-shark", 0))


def test_whale_deterrent_does_not_stop_a_squid(table: Table) -> None:
    """Reading: the whale deterrent answers whales only; a squid reaching your boat asks
    nobody."""
    state = quiet(table)
    table.whale_away(state)
    table.creature(state, R.SQUID, hx(0, 0))
    table.boat(state, hx(0, 1), passengers=(10,))
    state.hands[1].append((2, "whale-deterrent", 0))
    state._legal = None
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.phase != R.DETER
    assert state.ex_status[10] == R.LOST  # the only person in reach is taken at once


def test_a_creature_that_cannot_move_is_not_picked(table: Table) -> None:
    """Reading: a creature moved by the die goes at least one space; one that cannot (the
    serpent in the centre hole, ringed by tiles) is not picked, and if none can, nothing
    moves."""
    state = quiet(table)
    table.creature(state, R.SERPENT, R.CENTRE)
    table.roll(state, "serpent")
    assert state.active == 1 and state.phase == R.MOVE  # nothing moved: the turn passed
    assert state.cr_hex[R.S0] == R.CENTRE
    state = quiet(table)
    table.creature(state, R.SERPENT, R.CENTRE)
    other = table.creature(state, R.SERPENT, C)
    table.roll(state, "serpent")
    assert state.phase == R.MOVE_CREATURE and state.p_creature == other


def test_no_squid_comes_when_all_are_on_the_board(table: Table) -> None:
    """Reading: with every squid on the board, a whale tile brings none in."""
    state = quiet(table)
    for k in range(R.Q1 - R.Q0):
        table.creature(state, R.SQUID, hx(12, k))
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("whale"))
    assert state.phase == R.ROLL


def test_a_player_with_no_explorers_still_takes_turns(table: Table) -> None:
    """Reading: turns pass in seat order; a seat with no explorers left still sinks a tile and
    rolls the creature die."""
    state = quiet(table)
    table.on_land(state, 0, L)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("move-shark"))
    state.apply(state.legal_actions()[0])  # the creature die
    while state.active == 0:
        state.apply(state.legal_actions()[0])
    assert state.active == 1 and state.phase == R.MOVE
    assert state.legal_actions() == [act.EndMovement()]


def test_a_passenger_does_not_swim_off(table: Table) -> None:
    """Reading: a passenger leaves its boat only by jumping overboard on its space, moving into
    a boat with room next to it, or stepping ashore."""
    state = quiet(table)
    table.boat(state, B, passengers=(0,))
    assert "moves only into a boat" in table.refuses(state, act.MoveExplorer(0, direction(B, C)))
    other = table.boat(state, C)
    state.apply(act.MoveExplorer(0, direction(B, C)))
    assert state.ex_status[0] == R.BOAT and state.ex_boat[0] == other


def test_a_capsized_boat_leaves_the_game(table: Table) -> None:
    """Reading (squid rule 5.2, "remove the Boat from the game"): a capsized boat does not go
    back to the supply, so a later boat tile takes a fresh one."""
    state = quiet(table)
    table.creature(state, R.WHALE, hx(0, 1))
    boat = table.boat(state, hx(0, 0), passengers=(0,))
    state.apply(act.MoveBoat(boat, direction(hx(0, 0), hx(0, 1))))
    assert state.boat_hex[boat] == R.GONE
    assert state.observation(None)["boats"][boat]["status"] == "lost"


def test_atlantis_is_gone_resolves_the_last_tile_first(table: Table) -> None:
    """Reading (Challenge Rule 4): the last tile's back is still resolved; the game ends before
    the creature die."""
    state = quiet(table, atlantis_is_gone=True)
    last = BOARD.island[0]
    for h in BOARD.island:
        state.terrain[h] = R.SEA if h != last else R.BEACH
    table.swimmer(state, 0, last)
    state._legal = None
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(last))
    state.apply(act.RevealBack("shark"))
    assert state.is_terminal() and state.ex_status[0] == R.LOST
    assert state.last_roll == -1


def test_a_swimmer_may_step_ashore_after_swimming(table: Table) -> None:
    """Reading: stepping onto a safe isle is not swimming, so a swimmer that swam its space
    this turn may still land."""
    state = quiet(table)
    nw = BOARD.landing[0][1]
    start = next(n for n in BOARD.neighbours[nw] if not state.terrain[n])
    table.swimmer(state, 0, start)
    state.apply(act.MoveExplorer(0, direction(start, nw)))
    state.apply(act.LandOnSafeIsle(0))
    assert state.ex_status[0] == R.SAFE
