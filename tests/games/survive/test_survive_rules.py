"""One test per base-game rule of Survive, quoting the reference notes (``reference/survive.md``),
and one per option (the readings chosen in ``notes.md`` and the Challenge Rules)."""

from __future__ import annotations

import random

import pytest
from survive_support import LAYOUT, Table, direction, hx, quiet

from whaletable import games
from whaletable.games.survive import actions as act
from whaletable.games.survive import layout
from whaletable.games.survive import rules as R
from whaletable.games.survive.components import BOARD
from whaletable.games.survive.rules import SurviveState

L, A, B = hx(3, 4), hx(2, 5), hx(1, 5)
EAST, NE, NW, WEST, SW, SE = range(6)


# ------------------------------------------------------------------ setup (§4)


def test_serpents_start_on_their_spaces(table: Table) -> None:
    """§4 Setup 1: "Serpents on the 5 serpent spaces." """
    state = table.game.new_state(2)
    assert sorted(state.cr_hex[R.S0 : R.S1]) == sorted(BOARD.serpent_starts)


def test_terrain_tiles_shuffled_onto_the_island(table: Table) -> None:
    """§4 Setup 2: "Shuffle the terrain tiles and place them terrain-side up on the 40 island
    slots at random." — 16 beach, 16 forest, 8 mountain, by chance."""
    state = table.game.new_state(2)
    state.apply(act.PickStartPlayer(1))
    odds = dict((a.terrain, p) for a, p in state.chance_outcomes())
    assert odds == pytest.approx({"beach": 0.4, "forest": 0.4, "mountain": 0.2})
    for t in LAYOUT:
        state.apply(act.LayTile(t))
    assert [state.terrain[h] for h in BOARD.island].count(R.MOUNTAIN) == 8
    assert state.phase == R.PLACE_EXPLORERS and state.to_move == 1


def built_islands(count: int, seed: int, **options: object) -> list[list[int]]:
    """The terrain of ``count`` islands laid by chance, as the game lays them."""
    rng = random.Random(seed)
    out = []
    game = games.get("survive")
    for _ in range(count):
        state = game.new_state(2, dict(options))
        while state.phase in (R.START, R.LAY):
            state.apply(state.sample_chance(rng))
        out.append(list(state.terrain))
    return out


def test_no_island_leaves_a_tile_enclosed(table: Table) -> None:
    """Building the island (reference §4): "don't leave a beach tile enclosed only by
    forest/mountain tiles, nor a forest tile enclosed only by mountains; fix the layout if that
    happens" — with the rule on (the default) no generated island breaks it; a plain shuffle
    (option ``no_enclosed_tiles = false``) breaks it about one time in five."""
    checked = built_islands(200, seed=1)
    assert [layout.broken_tiles(t, centre_is_sea=True) for t in checked] == [[]] * 200
    shuffled = built_islands(200, seed=1, no_enclosed_tiles=False)
    broken = sum(1 for t in shuffled if layout.broken_tiles(t, centre_is_sea=True))
    assert 0.1 < broken / 200 < 0.3
    strict = built_islands(100, seed=2, centre_is_sea=False)
    assert not any(layout.broken_tiles(t, centre_is_sea=False) for t in strict)


def test_a_tile_that_would_enclose_another_is_not_laid(table: Table) -> None:
    """The layout is fixed as it is laid: with a beach at (4, 4) and mountains on all but its
    last neighbouring slot, that slot may only take a beach; a mountain there is refused."""
    state = table.game.new_state(2, {})
    state.apply(act.PickStartPlayer(0))
    beach = hx(4, 4)
    slots = list(BOARD.island)
    last = max(slots.index(n) for n in BOARD.neighbours[beach])
    for i in range(last):
        h = slots[i]
        state.terrain[h] = (
            R.BEACH if h == beach else R.MOUNTAIN if h in BOARD.neighbours[beach] else R.FOREST
        )
    state.laid = last
    state._legal = None
    assert {a.terrain for a in state.legal_actions()} == {"beach"}
    message = table.refuses(state, act.LayTile("mountain"))
    assert "enclosed" in message
    state.apply(act.LayTile("beach"))
    assert state.terrain[slots[last]] == R.BEACH


def test_explorers_one_per_unoccupied_tile_in_turn(table: Table) -> None:
    """§4 Setup 5: "Clockwise, each player places one explorer at a time on an unoccupied
    terrain tile." """
    state = table.game.new_state(3)
    state.apply(act.PickStartPlayer(2))
    for t in LAYOUT:
        state.apply(act.LayTile(t))
    first = BOARD.island[0]
    state.apply(act.PlaceExplorer(first, 6))
    assert state.to_move == 0
    assert all(a.hex != first for a in state.legal_actions() if isinstance(a, act.PlaceExplorer))
    table.refuses(state, act.PlaceExplorer(first, 1))


def test_explorer_values_are_your_own_set(table: Table) -> None:
    """§4: "Explorer values per colour: 1,1,1,2,2,3,3,4,5,6" — a value is placed once per piece."""
    state = table.game.new_state(2)
    state.apply(act.PickStartPlayer(0))
    for t in LAYOUT:
        state.apply(act.LayTile(t))
    state.apply(act.PlaceExplorer(BOARD.island[0], 6))
    state.apply(act.PlaceExplorer(BOARD.island[1], 6))
    assert 6 not in {a.value for a in state.legal_actions() if isinstance(a, act.PlaceExplorer)}
    assert state.values_left(0) == [1, 1, 1, 2, 2, 3, 3, 4, 5]


def test_boats_next_to_the_island_two_each(table: Table) -> None:
    """§4 Setup 6: "boats are placed on vacant sea spaces adjacent to a terrain tile until all
    starting boats are placed." """
    state = table.game.new_state(2)
    state.apply(act.PickStartPlayer(0))
    for t in LAYOUT:
        state.apply(act.LayTile(t))
    while state.phase == R.PLACE_EXPLORERS:
        state.apply(state.legal_actions()[0])
    spots = {a.hex for a in state.legal_actions()}
    assert R.CENTRE not in spots  # a serpent is there
    assert all(any(n in BOARD.island for n in BOARD.neighbours[h]) for h in spots)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.phase == R.MOVE and state.active == 0 and state.boats_in_play == 4


# ------------------------------------------------------------------ movement (§5.1)


def test_three_movement_points(table: Table) -> None:
    """§5: "Spend 3 movement points among your explorers and controllable boats"."""
    state = quiet(table)
    table.on_land(state, 0, L)
    for d in (EAST, WEST, EAST):
        state.apply(act.MoveExplorer(0, d))
    assert state.phase == R.SINK


def test_explorer_walks_and_swims(table: Table) -> None:
    """§5.1: "Explorer on land: to an adjacent land tile, into an adjacent sea space (becomes a
    swimmer)"."""
    state = quiet(table)
    table.on_land(state, 0, L)
    state.apply(act.MoveExplorer(0, direction(L, hx(3, 5))))
    assert state.ex_status[0] == R.LAND and state.ex_hex[0] == hx(3, 5)
    state.apply(act.MoveExplorer(0, direction(hx(3, 5), A)))
    assert state.ex_status[0] == R.SWIM and state.ex_hex[0] == A


def test_never_back_onto_land(table: Table) -> None:
    """§5.1: "Once an explorer leaves land it can never return to land"."""
    state = quiet(table)
    table.swimmer(state, 0, A)
    assert "never returns to land" in table.refuses(state, act.MoveExplorer(0, direction(A, L)))


def test_swimmer_one_space_a_turn(table: Table) -> None:
    """§5.1: "Swimmer: at most 1 space per turn"."""
    state = quiet(table)
    table.swimmer(state, 0, A)
    state.apply(act.MoveExplorer(0, direction(A, B)))
    assert "one space a turn" in table.refuses(state, act.MoveExplorer(0, direction(B, hx(0, 3))))


def test_boarding_jumping_and_boat_control(table: Table) -> None:
    """§5.1: "A swimmer on the same space as a boat can climb aboard for 1 point" and "An
    explorer in a boat may jump into the sea on the boat's space"."""
    state = quiet(table)
    boat = table.boat(state, A)
    table.swimmer(state, 0, A)
    state.apply(act.BoardBoat(0))
    assert state.ex_status[0] == R.BOAT and state.boat_pass[boat] == [0]
    state.apply(act.JumpOverboard(0))
    assert state.ex_status[0] == R.SWIM


def test_boat_control_by_majority(table: Table) -> None:
    """§4: "a player may move a boat that is empty, or one where he has at least as many
    explorers aboard as any other player (ties → every tied player controls it)"."""
    state = quiet(table)
    boat = table.boat(state, B, passengers=(0, 10, 11))
    assert not state.controls(0, boat) and state.controls(1, boat)
    table.refuses(state, act.MoveBoat(boat, EAST))
    state.boat_pass[boat].remove(11)
    state.ex_status[11] = R.LOST
    assert state.controls(0, boat) and state.controls(1, boat)


def test_boat_carries_passengers_one_space_per_point(table: Table) -> None:
    """§5.1: "Boat: moves only through sea spaces, carrying its passengers; 1 point per
    space"."""
    state = quiet(table)
    boat = table.boat(state, B, passengers=(0,))
    state.apply(act.MoveBoat(boat, EAST))
    assert state.boat_hex[boat] == BOARD.step[B][EAST] == state.ex_hex[0]
    assert state.moves_left == 2


def test_safe_isle_from_landing_space(table: Table) -> None:
    """§1.5: "an explorer (swimming, or aboard a ship) on one of those two landing spaces can
    step onto the isle, at a cost of 1 movement point"."""
    state = quiet(table)
    nw = BOARD.landing[0][0]
    table.swimmer(state, 0, nw)
    state.apply(act.LandOnSafeIsle(0))
    assert state.ex_status[0] == R.SAFE and state.ex_isle[0] == 0
    table.swimmer(state, 1, B)
    table.refuses(state, act.LandOnSafeIsle(1))


def test_swimmer_into_shark_is_eaten(table: Table) -> None:
    """§5.1: "a swimmer entering a shark or serpent space is removed"."""
    state = quiet(table)
    table.creature(state, R.SHARK, B)
    table.swimmer(state, 0, A)
    state.apply(act.MoveExplorer(0, direction(A, B)))
    assert state.ex_status[0] == R.LOST


def test_boat_into_whale_capsizes(table: Table) -> None:
    """§5.1: "a ship with explorers that enters a serpent or whale space is removed and its
    passengers become swimmers there"."""
    state = quiet(table)
    table.creature(state, R.WHALE, BOARD.step[B][EAST])
    boat = table.boat(state, B, passengers=(0,))
    state.apply(act.MoveBoat(boat, EAST))
    assert state.boat_hex[boat] == R.GONE and state.ex_status[0] == R.SWIM


# ------------------------------------------------------------------ sinking (§5.2, §3)


def test_sink_beach_first_touching_sea(table: Table) -> None:
    """§5.2: "All beach tiles must go before any forest" and "The removed tile must be adjacent
    to a sea space"."""
    state = quiet(table)
    state.apply(act.EndMovement())
    tiles = {a.hex for a in state.legal_actions()}
    assert all(state.terrain[h] == R.BEACH for h in tiles)
    assert all(any(not state.terrain[n] for n in BOARD.neighbours[h]) for h in tiles)


def test_people_on_sunk_tile_swim(table: Table) -> None:
    """§5.1: "Explorers on a removed tile drop into that sea space as swimmers"."""
    state = quiet(table)
    h = table.sink_under(state)
    assert state.ex_status[0] == R.SWIM and state.ex_hex[0] == h


def test_shark_tile_eats_swimmers(table: Table) -> None:
    """§3.1 Shark: "put a shark on the sea space the tile left; any swimmers there are
    removed"."""
    state = quiet(table)
    h = table.sink_under(state)
    state.apply(act.RevealBack("shark"))
    assert state.ex_status[0] == R.LOST and h in state.cr_hex[R.K0 : R.K1]


def test_boat_tile_swimmers_climb_aboard(table: Table) -> None:
    """§3.1 Boat: "put a boat there; swimmers on that space climb aboard"."""
    state = quiet(table)
    table.sink_under(state)
    state.apply(act.RevealBack("boat"))
    assert state.ex_status[0] == R.BOAT


def test_red_tile_kept_hidden(table: Table) -> None:
    """§3.1: "Red border: keep secret in hand, play later"."""
    state = quiet(table)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("dolphin"))
    assert state.observation(0)["hands"][0]["tiles"] == [{"effect": "dolphin", "terrain": "beach"}]
    assert state.observation(1)["hands"][0] == {"count": 1, "tiles": [None]}
    assert state.observation(1)["sunk"][-1]["effect"] is None


def test_volcano_ends_the_game(table: Table) -> None:
    """§7: "The game ends immediately when the Volcano tile is revealed"."""
    state = quiet(table)
    table.to_the_volcano(state)
    state.apply(act.RevealBack("volcano"))
    assert state.is_terminal()


def test_creature_die_moves_one_of_the_kind(table: Table) -> None:
    """§6: "serpent 1, shark up to 2, whale up to 3 sea spaces" — a shark stops on swimmers."""
    state = quiet(table)
    table.creature(state, R.SHARK, hx(0, 0))
    table.swimmer(state, 10, hx(0, 1))
    table.roll(state, "shark")
    spots = {a.to for a in state.legal_actions()}
    assert hx(0, 1) in spots and hx(0, 2) not in spots
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.ex_status[10] == R.LOST


def test_shark_deterrent_answers_another_players_shark(table: Table) -> None:
    """§3.1 Shark deterrent: "when another player moves a shark into a sea space containing one
    of your swimmers, play it to remove that shark from the game; the swimmers stay"."""
    state = quiet(table)
    shark = table.creature(state, R.SHARK, hx(0, 0))
    table.swimmer(state, 10, hx(0, 1))
    state.hands[1].append((1, "shark-deterrent", 0))
    table.roll(state, "shark")
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.phase == R.DETER and state.to_move == 1
    assert set(state.legal_actions()) == {act.PlayTile("shark-deterrent", 0), act.Decline()}
    state.apply(act.PlayTile("shark-deterrent", 0))
    assert state.cr_hex[shark] == R.GONE and state.ex_status[10] == R.SWIM


def test_deterrent_not_asked_of_the_mover(table: Table) -> None:
    """§3.1 deterrents: "when *another* player moves a shark into [...] one of your swimmers"
    (and a whale onto your boat): the player who moves the creature onto their own people is
    not asked, even holding the deterrent; the creature strikes."""
    state = quiet(table)
    table.creature(state, R.SHARK, hx(0, 0))
    table.swimmer(state, 0, hx(0, 1))
    state.hands[0].append((1, "shark-deterrent", 0))
    table.roll(state, "shark")
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.phase != R.DETER and state.ex_status[0] == R.LOST
    state = quiet(table)
    table.creature(state, R.WHALE, hx(0, 0))
    boat = table.boat(state, hx(0, 1), passengers=(0,))
    state.hands[0].append((1, "whale-deterrent", 0))
    table.roll(state, "whale")
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.phase != R.DETER and state.boat_hex[boat] == R.GONE


def test_asked_even_without_a_deterrent(table: Table) -> None:
    """Reading 11: a threatened seat holding any tile is asked, so asking reveals nothing."""
    state = quiet(table)
    table.shark_threat(state, "dolphin")
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.legal_actions() == [act.Decline()]
    state.apply(act.Decline())
    assert state.ex_status[10] == R.LOST


def test_dolphin_tile_moves_a_swimmer(table: Table) -> None:
    """§3.1 Dolphin: "move one of your swimmers 1–3 sea spaces"; played at the start of the
    turn, one a turn."""
    state = quiet(table)
    table.swimmer(state, 0, hx(0, 0))
    state.hands[0].append((1, "dolphin", 0))
    state._legal = None
    state.apply(act.PlayTile("dolphin", 0))
    for _ in range(3):
        state.apply(act.MoveExplorer(0, EAST))
    assert state.ex_hex[0] == hx(0, 3) and state.phase == R.MOVE
    assert not any(isinstance(a, act.PlayTile) for a in state.legal_actions())


def test_a_swimmer_moved_by_a_dolphin_tile_has_had_its_swim(table: Table) -> None:
    """Reading 33: a swimmer "swims only one space a turn"; the dolphin tile moves it 1–3 sea
    spaces instead, not as well: after the tile it swims no further that turn (4 spaces in all
    would break the limit the tile only stretches), though other explorers still move."""
    for steps in (3, 1):
        state = quiet(table)
        table.swimmer(state, 0, hx(0, 0))
        table.on_land(state, 1, L)
        state.hands[0].append((1, "dolphin", 0))
        state._legal = None
        state.apply(act.PlayTile("dolphin", 0))
        for _ in range(steps):
            state.apply(act.MoveExplorer(0, EAST))
        if steps < 3:
            state.apply(act.EndMovement())
        assert state.ex_hex[0] == hx(0, steps) and state.phase == R.MOVE
        legal = state.legal_actions()
        assert not any(isinstance(a, act.MoveExplorer) and a.explorer == 0 for a in legal)
        assert "one space a turn" in table.refuses(state, act.MoveExplorer(0, EAST))
        assert any(isinstance(a, act.MoveExplorer) and a.explorer == 1 for a in legal)


# ------------------------------------------------------------------ end and options


def test_score_is_sum_of_saved_values(table: Table) -> None:
    """§7: "Score = sum of the values of your explorers on safe isles"."""
    state = quiet(table)
    for e, isle in ((0, 0), (1, 1), (10, 2)):
        state.ex_status[e] = R.SAFE
        state.ex_isle[e] = isle
    state.decisions.append(R.D_OVER)
    v = state.ex_value
    assert state.scores() == [float(v[0] + v[1]), float(v[10])]


def test_option_everyone_is_equal_counts_people(table: Table) -> None:
    """Challenge Rule 3: "winner = most people saved; values ignored"."""
    state = quiet(table, everyone_is_equal=True)
    for e in (0, 1, 10):
        state.ex_status[e] = R.SAFE
    state.decisions.append(R.D_OVER)
    assert state.scores() == [2.0, 1.0] and state.returns() == [1.0, 0.0]


def test_option_tie_break(table: Table) -> None:
    """§12.2 Tie-breaker (option ``tie_break``): shared by default, or most explorers saved."""
    for rule, expected in (("shared", [0.5, 0.5]), ("most-saved", [0.0, 1.0])):
        state = quiet(table, tie_break=rule)
        state.ex_value[0], state.ex_value[10], state.ex_value[11] = 4, 2, 2
        for e in (0, 10, 11):
            state.ex_status[e] = R.SAFE
        state.decisions.append(R.D_OVER)
        assert state.returns() == expected


def test_survive_tie_shared_or_broken_by_most_explorers_saved(table: Table) -> None:
    """§12.2 through the result every interface draws: no tie-breaker is printed, so a tie
    on values shares first place; option ``tie_break = "most-saved"`` breaks it by the
    explorers saved and says so."""
    for rule in ("shared", "most-saved"):
        state = quiet(table, tie_break=rule)
        state.ex_value[0], state.ex_value[10], state.ex_value[11] = 4, 2, 2
        for e in (0, 10, 11):
            state.ex_status[e] = R.SAFE
        state.decisions.append(R.D_OVER)
        lost = [
            sum(1 for e in state.explorers_of(s) if state.ex_status[e] == R.LOST) for s in (0, 1)
        ]
        result = state.result()
        assert result is not None and result.score == "score"
        assert dict(result.standing(0).breakdown) == {"saved": 1, "values": 4, "lost": lost[0]}
        assert dict(result.standing(1).breakdown) == {"saved": 2, "values": 4, "lost": lost[1]}
        if rule == "shared":
            assert result.tie_breaks == () and result.decided_by is None
            assert [(s.seat, s.place, s.winner) for s in result.standings] == [
                (0, 1, True),
                (1, 1, True),
            ]
        else:
            assert result.tie_breaks == ("saved",) and result.decided_by == "saved"
            assert [(s.seat, s.place, s.winner) for s in result.standings] == [
                (1, 1, True),
                (0, 2, False),
            ]


def test_option_landing_touching(table: Table) -> None:
    """§12.1 (option ``landing = "touching"``): the board-edge spaces by an isle also land."""
    edge = hx(0, 0)
    state = quiet(table)
    table.swimmer(state, 0, edge)
    table.refuses(state, act.LandOnSafeIsle(0))
    state = quiet(table, landing="touching")
    table.swimmer(state, 0, edge)
    state.apply(act.LandOnSafeIsle(0))
    assert state.ex_status[0] == R.SAFE


def test_option_creature_stacking_blocked(table: Table) -> None:
    """§12.3 (option ``creature_stacking = "blocked"``): no two creatures in a space."""
    state = quiet(table, creature_stacking="blocked")
    first = table.creature(state, R.SHARK, hx(0, 0))
    table.creature(state, R.SHARK, hx(0, 1))
    table.roll(state, "shark")
    state.apply(act.PickCreature(first))
    assert hx(0, 1) not in {a.to for a in state.legal_actions()}
    state = quiet(table)  # the default: creatures share spaces
    first = table.creature(state, R.SHARK, hx(0, 0))
    table.creature(state, R.SHARK, hx(0, 1))
    table.roll(state, "shark")
    state.apply(act.PickCreature(first))
    assert hx(0, 1) in {a.to for a in state.legal_actions()}


def test_option_swim_into_boats(table: Table) -> None:
    """§12.5 (option ``swim_into_boats``): a swimmer's space may end aboard a boat there."""
    for allowed, status in ((True, R.BOAT), (False, R.SWIM)):
        state = quiet(table, swim_into_boats=allowed)
        table.boat(state, B)
        table.swimmer(state, 0, A)
        state.apply(act.MoveExplorer(0, direction(A, B)))
        assert state.ex_status[0] == status


def test_option_centre_is_sea(table: Table) -> None:
    """§12.7 (option ``centre_is_sea``): a tile touching only the centre hole touches the sea."""
    inner = [h for h in BOARD.island if R.CENTRE in BOARD.neighbours[h]]
    for value in (True, False):
        state = quiet(table, centre_is_sea=value)
        for h in BOARD.island:
            state.terrain[h] = R.BEACH if h in inner else R.FOREST
        state._legal = None
        state.apply(act.EndMovement())
        assert set(state.sinkable()) == set(inner)  # none touch other sea: any may go
        for h in BOARD.island:
            state.terrain[h] = R.BEACH
        assert (set(inner) <= set(state.sinkable())) == value


def test_option_densely_populated(table: Table) -> None:
    """Challenge Rule 1: "up to 2 people per land tile, except tiles on the outer rim next to
    the sea (1 only)"."""
    state = table.game.new_state(2, {"densely_populated": True})
    state.apply(act.PickStartPlayer(0))
    for t in LAYOUT:
        state.apply(act.LayTile(t))
    inland = next(h for h in BOARD.island if not state._touches_sea(h))
    state.apply(act.PlaceExplorer(inland, 1))
    assert inland in state.placement_spaces()
    state.apply(act.PlaceExplorer(inland, 1))
    assert inland not in state.placement_spaces()


def test_densely_populated_outer_rim_is_the_board_edge(table: Table) -> None:
    """Challenge Rule 1: "Only one People token can be placed on each Land tile adjacent to sea
    spaces on the outer rim of the island." — the rim is the island's outer edge: the six tiles
    around the centre sea space take two, whatever ``centre_is_sea`` says."""
    around_centre = set(BOARD.neighbours[R.CENTRE])
    rim = {
        h
        for h in BOARD.island
        if any(n not in BOARD.island and n != R.CENTRE for n in BOARD.neighbours[h])
    }
    assert len(rim) == 22 and not rim & around_centre
    for centre_is_sea in (True, False):
        state = table.game.new_state(2, {"densely_populated": True, "centre_is_sea": centre_is_sea})
        state.apply(act.PickStartPlayer(0))
        for t in LAYOUT:
            state.apply(act.LayTile(t))
        for h in sorted(around_centre):
            state.apply(act.PlaceExplorer(h, max(state.values_left(state.to_move))))
            assert h in state.placement_spaces()
        edge = min(rim)
        state.apply(act.PlaceExplorer(edge, max(state.values_left(state.to_move))))
        assert edge not in state.placement_spaces()


def test_option_leave_no_one_behind(table: Table) -> None:
    """Challenge Rule 2: "the game ends when the last person leaves the board (saved or
    killed); the Volcano tile acts as a Whirlpool instead"."""
    state = quiet(table, leave_no_one_behind=True)
    table.swimmer(state, 0, BOARD.landing[0][0])
    state.apply(act.LandOnSafeIsle(0))
    assert state.is_terminal()


def test_option_atlantis_is_gone(table: Table) -> None:
    """Challenge Rule 4: "the game ends when the last land tile is removed; the Volcano acts as
    a Whirlpool"."""
    state = quiet(table, atlantis_is_gone=True)
    last = BOARD.island[0]
    for h in BOARD.island:
        state.terrain[h] = R.SEA if h != last else R.MOUNTAIN
    state._legal = None
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(last))
    state.apply(act.RevealBack("volcano"))
    assert state.is_terminal()


def volcano_in_the_mountains(table: Table, **options: object) -> SurviveState:
    """Only the mountains left; a swimmer (seat 1) and a shark on a sea space next to the
    mountain about to sink, an explorer of seat 0 on another mountain; seat 0 sinks that
    mountain and reveals the volcano."""
    state = quiet(table, **options)
    for h in BOARD.island:
        if state.terrain[h] != R.MOUNTAIN:
            state.terrain[h] = R.SEA
    state._legal = None
    mountain = state.sinkable()[0]
    beside = next(n for n in BOARD.neighbours[mountain] if not state.terrain[n] and n != R.CENTRE)
    other = next(h for h in BOARD.island if state.terrain[h] and h != mountain)
    table.on_land(state, 0, other)
    table.swimmer(state, 10, beside)
    shark = table.creature(state, R.SHARK, beside)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(mountain))
    state.apply(act.RevealBack("volcano"))
    assert state.cr_hex[shark] == R.GONE  # the whirlpool takes everything at sea around it
    return state


def test_rule_2_volcano_acts_as_a_whirlpool(table: Table) -> None:
    """Challenge Rule 2: "the Volcano tile acts as a Whirlpool instead" — it swallows the sea
    around it and the game goes on while explorers are left; it ends when the last one is gone."""
    state = volcano_in_the_mountains(table, leave_no_one_behind=True)
    assert state.ex_status[10] == R.LOST and state.ex_status[0] == R.LAND
    assert not state.is_terminal() and state.phase == R.ROLL
    last = quiet(table, leave_no_one_behind=True)
    for h in BOARD.island:
        if last.terrain[h] != R.MOUNTAIN:
            last.terrain[h] = R.SEA
    mountain = last.sinkable()[0]
    beside = next(n for n in BOARD.neighbours[mountain] if not last.terrain[n] and n != R.CENTRE)
    table.swimmer(last, 10, beside)  # the only explorer left on the board
    last.apply(act.EndMovement())
    last.apply(act.SinkTile(mountain))
    last.apply(act.RevealBack("volcano"))
    assert last.ex_status[10] == R.LOST and last.is_terminal()


def test_rule_4_volcano_acts_as_a_whirlpool(table: Table) -> None:
    """Challenge Rule 4: "the Volcano acts as a Whirlpool" — it swallows the sea around it, and
    the game goes on until the last tile is removed (people left on the board or not)."""
    state = volcano_in_the_mountains(table, atlantis_is_gone=True)
    assert state.ex_status[10] == R.LOST and state.ex_status[0] == R.LAND
    assert not state.is_terminal() and state.phase == R.ROLL
    last = quiet(table, atlantis_is_gone=True)
    only = BOARD.island[0]
    for h in BOARD.island:
        last.terrain[h] = R.SEA if h != only else R.MOUNTAIN
    beside = next(n for n in BOARD.neighbours[only] if not last.terrain[n])
    table.swimmer(last, 10, beside)
    shark = table.creature(last, R.SHARK, beside)
    last.apply(act.EndMovement())
    last.apply(act.SinkTile(only))
    last.apply(act.RevealBack("volcano"))
    assert last.cr_hex[shark] == R.GONE and last.ex_status[10] == R.LOST
    assert last.is_terminal()


def test_option_squids_replace_whales_needs_squid(table: Table) -> None:
    """The optional squid rule needs the mini-expansion."""
    from whaletable.core.errors import BadOption

    with pytest.raises(BadOption):
        table.game.new_state(2, {"giant_squid": False, "squids_replace_whales": True})


def test_option_dive_die_needs_rule_5(table: Table) -> None:
    """Option ``dive_die`` picks Challenge Rule 5's movement die: without Rule 5 there is no
    dive die, so choosing one is refused, as ``squids_replace_whales`` is without the squid."""
    from whaletable.core.errors import BadOption

    with pytest.raises(BadOption, match=r"dive_die.*dolphins_and_diving_creatures"):
        table.game.new_state(2, {"dive_die": "1986"})
    state = table.game.new_state(2, {"dive_die": "1986", "dolphins_and_diving_creatures": True})
    assert state.options.dive_die == "1986"


def test_random_games_end(table: Table) -> None:
    """Reading 15: every game ends (the volcano, Rule 2/4, or the safety end)."""
    for seed in range(20):
        rng = random.Random(seed)
        opts = {"leave_no_one_behind": True} if seed % 2 else {}
        state = table.game.new_state(2 + seed % 3, opts)
        steps = 0
        while not state.is_terminal():
            state.apply(
                state.sample_chance(rng)
                if state.is_chance_node()
                else rng.choice(state.legal_actions())
            )
            steps += 1
        assert steps < 2000


def test_whirlpool_swallows_sea_around(table: Table) -> None:
    """§3.1 Whirlpool: "remove from the game everything ... on that space and every adjacent
    sea space. Land tiles and explorers on land are not affected." """
    state = quiet(table)
    h = state.sinkable()[0]
    sea = next(n for n in BOARD.neighbours[h] if not state.terrain[n])
    land = next(n for n in BOARD.neighbours[h] if state.terrain[n])
    table.swimmer(state, 10, sea)
    table.on_land(state, 11, land)
    shark = table.creature(state, R.SHARK, sea)
    table.sink_to_whirlpool(state, h)
    state.apply(act.RevealBack("whirlpool"))
    assert state.ex_status[10] == R.LOST and state.cr_hex[shark] == R.GONE
    assert state.ex_status[11] == R.LAND


def test_serpent_sinks_occupied_boat_and_eats_all(table: Table) -> None:
    """§6 Sea serpent: "destroys an occupied boat and eats every explorer in the space"."""
    state = quiet(table)
    table.creature(state, R.SERPENT, hx(0, 0))
    boat = table.boat(state, hx(0, 1), passengers=(10, 11))
    table.swimmer(state, 12, hx(0, 1))
    table.roll(state, "serpent")
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.boat_hex[boat] == R.GONE
    assert [state.ex_status[e] for e in (10, 11, 12)] == [R.LOST] * 3


def test_whale_deterrent_saves_controlled_boat(table: Table) -> None:
    """§3.1 Whale deterrent: "when another player moves a whale into a space with a boat you
    control, play it to remove the whale; the boat stays"."""
    state = quiet(table)
    whale = table.creature(state, R.WHALE, hx(0, 0))
    boat = table.boat(state, hx(0, 2), passengers=(10,))
    state.hands[1].append((2, "whale-deterrent", 0))
    table.roll(state, "whale")
    state.apply(act.MoveCreature(hx(0, 2)))
    assert state.phase == R.DETER and state.to_move == 1
    state.apply(act.PlayTile("whale-deterrent", 0))
    assert state.cr_hex[whale] == R.GONE and state.boat_hex[boat] == hx(0, 2)
    assert state.observation(0)["hands"][1]["count"] == 0


def test_boat_tile_revealer_picks_boarders(table: Table) -> None:
    """§3.1 Boat: "swimmers on that space climb aboard (max 3; if more, the revealing player
    picks who boards)"."""
    state = quiet(table, densely_populated=True)
    h = state.sinkable()[0]
    for e in (0, 1, 10, 11):
        table.on_land(state, e, h)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(h))
    state.apply(act.RevealBack("boat"))
    assert state.phase == R.BOARDING and state.to_move == 0
    for e in (10, 0, 11):
        state.apply(act.BoardBoat(e))
    assert state.phase == R.ROLL
    assert [state.ex_status[e] for e in (0, 1, 10, 11)] == [R.BOAT, R.SWIM, R.BOAT, R.BOAT]


def test_move_creature_tile_to_unoccupied_space(table: Table) -> None:
    """§3.1: "Move Sea Serpent / Move Shark / Move Whale: move one creature of that kind already
    on the board to any unoccupied sea space"."""
    state = quiet(table)
    serpent = table.creature(state, R.SERPENT, hx(0, 0))
    table.swimmer(state, 10, hx(0, 3))
    state.hands[0].append((1, "move-serpent", 0))
    state._legal = None
    state.apply(act.PlayTile("move-serpent", 0))
    spots = {a.to for a in state.legal_actions()}
    assert hx(0, 3) not in spots and hx(0, 0) not in spots and hx(12, 0) in spots
    state.apply(act.MoveCreature(hx(12, 0)))
    assert state.cr_hex[serpent] == hx(12, 0) and state.phase == R.MOVE
