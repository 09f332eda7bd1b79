"""One test per sentence of the Giant Squid rulebook (``survive-giant-squid.en.txt``).

Each docstring quotes the sentence it checks. Places used (row, idx): the terrain
tile L = (3, 4); the sea space A = (2, 5) touches L; B = (1, 5) and C = (0, 3)
touch no terrain tile; C is two spaces from A through B.
"""

from __future__ import annotations

from survive_support import Table, hx, quiet

from whaletable.games.survive import actions as act
from whaletable.games.survive import rules as R
from whaletable.games.survive.components import BOARD, load_components
from whaletable.games.survive.rules import SurviveState

L, A, B, C = hx(3, 4), hx(2, 5), hx(1, 5), hx(0, 3)


def reveal_whale(table: Table, state: SurviveState, h: int) -> None:
    """Seat 0 sinks the beach tile at ``h`` and reveals a whale."""
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(h))
    state.apply(act.RevealBack("whale"))


def first_beach(state: SurviveState) -> int:
    return state.sinkable()[0]


# ------------------------------------------------------------------ rule 1


def test_whale_tile_brings_a_giant_squid(table: Table) -> None:
    """1. "Whenever a Whale is brought into play by a Land tile, also bring a Giant Squid into
    play." """
    state = quiet(table)
    h = first_beach(state)
    reveal_whale(table, state, h)
    assert h in state.cr_hex[R.W0 : R.W1]
    assert state.phase == R.PLACE_SQUID and state.to_move == 0
    spot = state.legal_actions()[0]
    state.apply(spot)
    assert sum(1 for c in range(R.Q0, R.Q1) if state.cr_hex[c] >= 0) == 1


def test_squid_placed_on_vacant_sea_next_to_land(table: Table) -> None:
    """1. "The Giant Squid is placed in any vacant sea space that is adjacent to a Land tile." """
    state = quiet(table)
    table.creature(state, R.SHARK, A)  # A is next to land but not vacant
    h = first_beach(state)
    reveal_whale(table, state, h)
    spots = {a.hex for a in state.legal_actions() if isinstance(a, act.PlaceSquid)}
    expected = {
        s
        for s in range(BOARD.num_hexes)
        if not state.terrain[s]
        and any(state.terrain[n] for n in BOARD.neighbours[s])
        and s not in state.cr_hex
    }
    assert spots == expected
    assert A not in spots and B not in spots and h not in spots  # h holds the new whale
    assert table.refuses(state, act.PlaceSquid(A))


def test_squid_placed_next_to_people_removes_one(table: Table) -> None:
    """1. "If the Giant Squid is placed in a sea space that is adjacent to a Land tile with one
    or more People tokens, the player removes one People Token on that adjacent Land tile from
    the game." """
    state = quiet(table)
    table.on_land(state, 10, L)
    table.on_land(state, 11, L)
    reveal_whale(table, state, first_beach(state))
    state.apply(act.PlaceSquid(A))
    assert state.phase == R.TAKE_PERSON and state.to_move == 0
    assert {a.explorer for a in state.legal_actions()} == {10, 11}
    state.apply(act.TakePerson(11))
    assert state.ex_status[11] == R.LOST and state.ex_status[10] == R.LAND
    assert state.phase == R.ROLL


# ------------------------------------------------------------------ rule 2


def test_squid_may_move_instead_of_whale_by_tile(table: Table) -> None:
    """2. "Whenever a Whale may be moved either by the revealing of a Land tile (i.e., the tile
    to "Move any one Whale to any un- occupied sea space") [...] the Giant Squid may be moved
    instead of the Whale." """
    state = quiet(table)
    whale = table.creature(state, R.WHALE, C)
    squid = table.creature(state, R.SQUID, B)
    state.hands[0].append((1, "move-whale", 0))
    state._legal = None
    state.apply(act.PlayTile("move-whale", 0))
    assert {a.creature for a in state.legal_actions() if isinstance(a, act.PickCreature)} == {
        whale,
        squid,
    }


def test_squid_may_move_instead_of_whale_by_die(table: Table) -> None:
    """2. "[...] or by the roll of the Creature Die (or Dive Dice if using Challenge Rule 5).
    the Giant Squid may be moved instead of the Whale." """
    state = quiet(table)
    whale = table.creature(state, R.WHALE, C)
    squid = table.creature(state, R.SQUID, B)
    table.roll(state, "whale")
    assert {a.creature for a in state.legal_actions()} == {whale, squid}
    state.apply(act.PickCreature(squid))
    assert state.phase == R.MOVE_CREATURE and state.p_creature == squid


def test_no_squid_moves_when_no_whale_may_be_moved(table: Table) -> None:
    """2. "Whenever a Whale may be moved [...] the Giant Squid may be moved instead of the
    Whale": with no whale on the board no whale may be moved, so the whale face moves nothing
    (reading 12) and a move-whale tile cannot be played; a squid is not moved in its place."""
    state = quiet(table)
    squid = table.creature(state, R.SQUID, B)
    state.hands[0].append((1, "move-whale", 0))
    state._legal = None
    assert act.PlayTile("move-whale", 0) not in state.legal_actions()
    assert "move-whale" not in state.playable_tiles(0)
    turn = state.turn
    table.roll(state, "whale")
    assert state.cr_hex[squid] == B and state.turn == turn + 1 and state.active == 1
    with_whale = quiet(table)
    whale = table.creature(with_whale, R.WHALE, C)
    squid = table.creature(with_whale, R.SQUID, B)
    table.roll(with_whale, "whale")
    assert {a.creature for a in with_whale.legal_actions()} == {whale, squid}


# ------------------------------------------------------------------ rule 3


def test_here_is_how_the_squid_moves(table: Table) -> None:
    """3. "Here is how you move the Giant Squid:" — picked on the whale face (a whale is on the
    board, so one may be moved: rule 2), the squid is the creature that moves."""
    state = quiet(table)
    table.whale_away(state)
    squid = table.creature(state, R.SQUID, C)
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    assert state.phase == R.MOVE_CREATURE and state.p_creature == squid


def test_squid_moved_by_tile_goes_to_any_unoccupied_sea_space(table: Table) -> None:
    """3.1 "If the movement occurs via a Land tile, you may move the Giant Squid to any
    unoccupied sea space." """
    state = quiet(table)
    whale = table.whale_away(state)
    squid = table.creature(state, R.SQUID, C)
    table.creature(state, R.SHARK, B)
    state.hands[0].append((1, "move-whale", 0))
    state._legal = None
    state.apply(act.PlayTile("move-whale", 0))
    state.apply(act.PickCreature(R.Q0))
    assert state.p_creature == squid
    spots = {a.to for a in state.legal_actions()}
    sea = {h for h in range(BOARD.num_hexes) if not state.terrain[h]}
    assert spots == sea - {B, state.cr_hex[whale]}  # C is its own space (3.5: it may stay)
    far = hx(12, 6)
    state.apply(act.MoveCreature(far))
    assert state.cr_hex[squid] == far and state.phase == R.MOVE


def test_squid_moved_by_die_goes_up_to_three_spaces(table: Table) -> None:
    """3.2 "If the movement occurs via the red Creature die, you may move the Giant Squid up
    to three sea spaces." """
    state = quiet(table)
    table.whale_away(state)
    start = hx(0, 0)
    table.creature(state, R.SQUID, start)
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    spots = {a.to for a in state.legal_actions()}
    assert hx(0, 3) in spots  # three spaces along the top row
    assert hx(0, 4) not in spots  # four
    assert start in spots


def test_squid_dive_dice_rule_is_in_the_dolphin_tests() -> None:
    """3.3 (dive dice) is checked with Challenge Rule 5 in ``test_survive_dolphins.py``
    (``test_squid_moved_by_dive_dice_goes_as_they_say``); without Rule 5 the creature die's
    three spaces are the squid's."""
    assert load_components().moves["squid"] == 3
    assert set(load_components().die_faces) == {"serpent", "shark", "whale"}


def test_squid_stops_on_occupied_boat(table: Table) -> None:
    """3.4 "If during movement the Giant Squid enters a sea space that contains either an
    occupied Boat [...] the Giant Squid's movement ends." """
    state = quiet(table)
    table.whale_away(state)
    table.creature(state, R.SQUID, hx(0, 0))
    table.boat(state, hx(0, 1), passengers=(0,))
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    spots = {a.to for a in state.legal_actions()}
    assert hx(0, 1) in spots and hx(0, 3) not in spots  # (0, 3) lies only past (0, 1)


def test_squid_passes_empty_boat(table: Table) -> None:
    """3.4 (an empty boat is not "occupied") the squid swims past it."""
    state = quiet(table)
    table.whale_away(state)
    table.creature(state, R.SQUID, hx(0, 0))
    table.boat(state, hx(0, 1))
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    assert hx(0, 3) in {a.to for a in state.legal_actions()}


def squid_to_move(table: Table, at: int, *on_land: tuple[int, int]) -> SurviveState:
    """The giant squid on ``at`` picked to move on a whale roll (the whale away), with
    explorers standing on land as ``(explorer, space)``."""
    state = quiet(table)
    table.whale_away(state)
    table.creature(state, R.SQUID, at)
    for explorer, space in on_land:
        table.on_land(state, explorer, space)
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    return state


def creatures_met(table: Table, mover: int, other: int) -> tuple[SurviveState, int]:
    """A creature of kind ``mover`` on (0, 0) picked to move on a whale roll, with a creature
    of kind ``other`` on (0, 1); the state and that other creature."""
    state = quiet(table)
    picked = table.creature(state, mover, hx(0, 0))
    met = table.creature(state, other, hx(0, 1))
    table.roll(state, "whale")
    state.apply(act.PickCreature(picked))
    return state, met


def destinations_beside(table: Table, mover: int, other: int) -> set[int]:
    """Where a creature of kind ``mover`` may go in :func:`creatures_met`."""
    return {a.to for a in creatures_met(table, mover, other)[0].legal_actions()}


def test_squid_stops_on_whale(table: Table) -> None:
    """3.4 "[...] or a Whale [...] the Giant Squid's movement ends." """
    spots = destinations_beside(table, R.SQUID, R.WHALE)
    assert hx(0, 1) in spots and hx(0, 3) not in spots  # (0, 3) lies only past (0, 1)


def test_squid_stops_next_to_people_on_land(table: Table) -> None:
    """3.4 "[...] or it is adjacent to a Land tile with one or more People tokens, the Giant
    Squid's movement ends." — from (2, 3) the space (2, 6) lies three spaces east, only
    through (2, 4) and (2, 5), both next to L."""
    start, beyond = hx(2, 3), hx(2, 6)
    state = squid_to_move(table, start)
    assert beyond in {a.to for a in state.legal_actions()}  # nobody on L: it swims past
    state = squid_to_move(table, start, (10, L))
    spots = {a.to for a in state.legal_actions()}
    assert hx(2, 4) in spots and beyond not in spots


def test_squid_may_stay_put_and_still_attack(table: Table) -> None:
    """3.5 "The Giant Squid could instead not move and remain in the same sea space. This is
    considered "movement'; and you would still proceed to execute the following "after
    movement" steps." """
    state = squid_to_move(table, A, (10, L))
    assert act.MoveCreature(A) in state.legal_actions()
    state.apply(act.MoveCreature(A))
    assert state.ex_status[10] == R.LOST


def test_squid_may_stay_put_when_moved_by_a_land_tile(table: Table) -> None:
    """3.5 "The Giant Squid could instead not move and remain in the same sea space." — also when
    the Land tile "Move any one Whale" moves it, and the after-movement steps still follow."""
    state = quiet(table)
    table.whale_away(state)
    squid = table.creature(state, R.SQUID, A)
    table.on_land(state, 10, L)
    state.hands[0].append((1, "move-whale", 0))
    state._legal = None
    state.apply(act.PlayTile("move-whale", 0))
    state.apply(act.PickCreature(R.Q0))
    assert state.p_creature == squid
    assert act.MoveCreature(A) in state.legal_actions()
    state.apply(act.MoveCreature(A))
    assert state.cr_hex[squid] == A
    assert state.ex_status[10] == R.LOST  # 4.2: it still takes a person next to it
    assert state.phase == R.MOVE


# ------------------------------------------------------------------ rule 4


def test_after_squid_moves_the_mover_acts(table: Table) -> None:
    """4. "After any movement of a Giant Squid, the player that moved the Giant Squid must do
    the following:" — the mover (seat 0) picks among several victims."""
    state = squid_to_move(table, A, (10, L), (1, L))
    state.apply(act.MoveCreature(A))
    assert state.phase == R.TAKE_PERSON and state.to_move == 0


def test_squid_removes_whale_in_its_space(table: Table) -> None:
    """4.1 "If the Giant Squid is in a sea space containing a Whale, remove the Whale from
    play." """
    state, whale = creatures_met(table, R.SQUID, R.WHALE)
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.cr_hex[whale] == R.GONE
    assert state.cr_hex[R.Q0] == hx(0, 1)


def test_squid_takes_one_person_from_adjacent_land(table: Table) -> None:
    """4.2 "If the Giant Squid is in a sea space that is adjacent to a Land tile with one or
    more People tokens, remove one People token on that adjacent Land tile from the game." """
    state = squid_to_move(table, C, (10, L))
    state.apply(act.MoveCreature(A))
    assert state.ex_status[10] == R.LOST
    assert state.phase == R.MOVE and state.active == 1  # the turn passed


def test_squid_takes_one_person_from_occupied_boat(table: Table) -> None:
    """4.2 "Alternatively, if the Giant Squid is in a sea space with an occupied Boat, remove
    one People token in that occupied Boat from the game." """
    state = quiet(table)
    table.whale_away(state)
    table.creature(state, R.SQUID, hx(0, 0))
    boat = table.boat(state, hx(0, 1), passengers=(12,))
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.ex_status[12] == R.LOST
    assert state.boat_hex[boat] == hx(0, 1)  # the boat stays


def test_squid_takes_only_one_person(table: Table) -> None:
    """4.2 "Only one People token may be removed in this way, either from one adjacent Land tile
    or from an occupied Boat in the same space, not both." """
    state = quiet(table)
    table.whale_away(state)
    table.creature(state, R.SQUID, A)
    table.on_land(state, 10, L)
    table.on_land(state, 11, hx(3, 5))
    table.boat(state, A, passengers=(12, 13))
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    state.apply(act.MoveCreature(A))
    assert {a.explorer for a in state.legal_actions() if isinstance(a, act.TakePerson)} == {
        10,
        11,
        12,
        13,
    }
    state.apply(act.TakePerson(12))
    assert [state.ex_status[e] for e in (10, 11, 12, 13)] == [R.LAND, R.LAND, R.LOST, R.BOAT]


# ------------------------------------------------------------------ rule 5


def test_whale_entering_squid_space_stops(table: Table) -> None:
    """5. "If a Whale enters a sea space that contains a Giant Squid, the Whale's movement ends
    and the player that moved the Whale must do the following:" """
    spots = destinations_beside(table, R.WHALE, R.SQUID)
    assert hx(0, 1) in spots and hx(0, 3) not in spots  # (0, 3) lies only past (0, 1)


def test_whale_removes_squid(table: Table) -> None:
    """5.1 "Remove the Giant Squid from play." """
    state, squid = creatures_met(table, R.WHALE, R.SQUID)
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.cr_hex[squid] == R.GONE and state.cr_hex[R.W0] == hx(0, 1)


def test_whale_on_squid_still_capsizes_boat(table: Table) -> None:
    """5.2 "As per the standard rules, if the Whale is in a sea space with an occupied Boat as
    well, remove the Boat from the game and the People aboard become Swimmers." """
    state = quiet(table)
    table.creature(state, R.WHALE, hx(0, 0))
    squid = table.creature(state, R.SQUID, hx(0, 1))
    boat = table.boat(state, hx(0, 1), passengers=(1,))
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.W0))
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.cr_hex[squid] == R.GONE
    assert state.boat_hex[boat] == R.GONE
    assert state.ex_status[1] == R.SWIM and state.ex_hex[1] == hx(0, 1)


# ------------------------------------------------------------------ rules 6–8


def test_occupied_boat_may_not_enter_squid_space(table: Table) -> None:
    """6. "An occupied Boat may not be moved into a space with a Giant Squid." """
    state = quiet(table)
    table.creature(state, R.SQUID, hx(0, 1))
    boat = table.boat(state, hx(0, 0), passengers=(0,))
    east = 0
    assert BOARD.step[hx(0, 0)][east] == hx(0, 1)
    reason = table.refuses(state, act.MoveBoat(boat, east))
    assert "squid" in reason


def test_occupied_boat_moved_by_a_boat_move_tile_may_not_enter_squid_space(table: Table) -> None:
    """6. "An occupied Boat may not be moved into a space with a Giant Squid." — however it is
    moved: the boat-move tile's 1–3 spaces keep out of a squid's space too."""
    state = quiet(table)
    table.creature(state, R.SQUID, hx(0, 1))
    boat = table.boat(state, hx(0, 0), passengers=(0,))
    east = 0
    state.hands[0].append((1, "boat-move", 0))
    state._legal = None
    state.apply(act.PlayTile("boat-move", 0))
    assert state.phase == R.TILE_MOVE
    assert act.MoveBoat(boat, east) not in state.legal_actions()
    assert "squid" in table.refuses(state, act.MoveBoat(boat, east))
    assert any(isinstance(a, act.MoveBoat) and a.boat == boat for a in state.legal_actions())


def test_empty_boat_may_enter_squid_space(table: Table) -> None:
    """6. (only an *occupied* boat is kept out) "[This prevents the controller of the Boat from
    having the People tokens of other players removed from the game when moving the Boat.]" """
    state = quiet(table)
    table.creature(state, R.SQUID, hx(0, 1))
    boat = table.boat(state, hx(0, 0))
    state.apply(act.MoveBoat(boat, 0))
    assert state.boat_hex[boat] == hx(0, 1)


def test_whirlpool_removes_squid(table: Table) -> None:
    """7. "Whirlpools affect Giant Squid in the same manner as they affect all other game pieces
    (i.e. remove the Giant Squid from the game)." """
    state = quiet(table)
    h = first_beach(state)
    sea_next = next(n for n in BOARD.neighbours[h] if not state.terrain[n])
    squid = table.creature(state, R.SQUID, sea_next)
    table.sink_to_whirlpool(state, h)
    state.apply(act.RevealBack("whirlpool"))
    assert state.cr_hex[squid] == R.GONE


def test_squid_serpent_shark_share_spaces(table: Table) -> None:
    """8. "Giant Squids, Sea Serpents. Sharks, and Dolphins do not affect each other. They can
    occupy the same sea space." """
    state = quiet(table)
    table.whale_away(state)
    table.creature(state, R.SQUID, hx(0, 0))
    table.creature(state, R.SHARK, hx(0, 1))
    table.creature(state, R.SERPENT, hx(0, 2))
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    spots = {a.to for a in state.legal_actions()}
    assert {hx(0, 1), hx(0, 2), hx(0, 3)} <= spots  # it swims through and onto them
    state.apply(act.MoveCreature(hx(0, 2)))
    assert state.cr_hex[R.S0] == hx(0, 2) and state.cr_hex[R.K0] == hx(0, 1)
    assert state.cr_hex[R.Q0] == hx(0, 2)


def test_squid_shares_even_when_creatures_are_blocked(table: Table) -> None:
    """8. "They can occupy the same sea space." — also under ``creature_stacking = "blocked"``."""
    state = quiet(table, creature_stacking="blocked")
    table.whale_away(state)
    table.creature(state, R.SQUID, hx(0, 0))
    table.creature(state, R.SHARK, hx(0, 1))
    table.roll(state, "whale")
    state.apply(act.PickCreature(R.Q0))
    assert hx(0, 1) in {a.to for a in state.legal_actions()}


# ------------------------------------------------------------------ optional rule


def test_optional_squids_replace_whales(table: Table) -> None:
    """Optional: "The Giant Squid tokens replace the Whale tokens in the game." — a whale tile
    brings a squid and no whale."""
    state = quiet(table, squids_replace_whales=True)
    h = first_beach(state)
    reveal_whale(table, state, h)
    assert all(state.cr_hex[w] == R.SUPPLY for w in range(R.W0, R.W1))
    assert state.phase == R.PLACE_SQUID


def test_optional_remove_the_whale_tokens(table: Table) -> None:
    """Optional: "Remove the Whale tokens from the game. The Giant Squid tokens are used per the
    above Mini-expansion Rules" — the die's whale face and the move-whale tile move squids."""
    state = quiet(table, squids_replace_whales=True)
    squid = table.creature(state, R.SQUID, C)
    table.roll(state, "whale")
    assert state.p_kinds == (R.SQUID,) and state.p_creature == squid


def test_optional_no_whale_squid_fights(table: Table) -> None:
    """Optional: "[...] with the exception of course that neither Giant Squid nor Whales will
    attack each other, since there will be no Whales in the game." """
    state = table.setup(3, {"squids_replace_whales": True})
    import random

    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        assert all(h == R.SUPPLY for h in state.cr_hex[R.W0 : R.W1])


def test_squids_never_capsize_boats(table: Table) -> None:
    """Optional rule: squids are used "per the above Mini-expansion Rules": a squid stopping on
    an occupied boat takes one person from it (4.2) and leaves the boat afloat; only a whale
    capsizes (5.2)."""
    for options in ({}, {"squids_replace_whales": True}):
        state = quiet(table, **options)
        table.whale_away(state)
        squid = table.creature(state, R.SQUID, hx(0, 0))
        boat = table.boat(state, hx(0, 1), passengers=(0, 1))
        table.roll(state, "whale")
        if state.phase == R.PICK_CREATURE:
            state.apply(act.PickCreature(squid))
        state.apply(act.MoveCreature(hx(0, 1)))
        state.apply(act.TakePerson(1))
        assert state.boat_hex[boat] == hx(0, 1)
        assert state.boat_pass[boat] == [0] and state.ex_status[0] == R.BOAT
        assert state.ex_status[1] == R.LOST


def test_giant_squid_off_means_no_squids(table: Table) -> None:
    """Without the mini-expansion (option ``giant_squid = false``) a whale tile brings no squid."""
    state = quiet(table, giant_squid=False)
    reveal_whale(table, state, first_beach(state))
    assert state.phase == R.ROLL
    assert all(h == R.SUPPLY for h in state.cr_hex[R.Q0 : R.Q1])
