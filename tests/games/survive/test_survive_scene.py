"""Survive's scene: what each viewer is shown and where each move is chosen, at positions
built by hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

from survive_support import Table, hx

from whaletable import games
from whaletable.core.view import Piece, Scene, check_scene
from whaletable.core.words import english
from whaletable.games.survive import actions as act
from whaletable.games.survive import events as ev
from whaletable.games.survive import rules as R
from whaletable.games.survive.components import BOARD
from whaletable.games.survive.view import scene, selected

NAMES = ["Ana", "Bao", "Chi", "Dara"]


def seen(state: R.SurviveState, seat: int | None) -> Scene:
    legal = state.legal_actions() if seat is not None and state.current_player() == seat else []
    made = scene(state.observation(seat), legal, NAMES[: state.num_players], english)
    check_scene(made, legal, f"seat {seat}")
    return made


def piece(made: Scene, key: str) -> tuple[str, Piece]:
    """The region a piece lies in, and the piece."""
    for region in made.regions:
        for p in region.pieces:
            if p.key == key:
                return region.key, p
    raise AssertionError(f"no piece {key}")


def test_an_explorer_shows_its_value_to_its_owner_only(table: Table) -> None:
    state = table.setup(2)
    value = state.ex_value[0]
    mine, theirs, nobody = seen(state, 0), seen(state, 1), seen(state, None)
    where = f"space-{state.ex_hex[0]}"
    shown = [piece(made, "explorer-0") for made in (mine, theirs, nobody)]
    assert [(region, p.label, p.owner) for region, p in shown] == [
        (where, str(value), 0),
        (where, "", 0),
        (where, "", 0),
    ]


def test_a_boat_carries_its_passengers_in_its_space(table: Table) -> None:
    state = table.setup(2, boats=False)
    table.clear_people(state)
    h = hx(1, 2)
    boat = table.boat(state, h, (0, 11))
    made = seen(state, 0)
    region = made.region(f"space-{h}")
    keys = [p.key for p in region.pieces]
    assert keys == [f"boat-{boat}", "explorer-0", "explorer-11"]
    assert "yours" in region.pieces[0].marks  # one each: a tie, and either may move it
    assert "yours" in seen(state, 1).region(f"space-{h}").pieces[0].marks
    assert all("boat" in p.marks for p in region.pieces[1:])
    assert [p.owner for p in region.pieces[1:]] == [0, 1]


def test_a_boat_is_marked_yours_where_the_viewer_controls_it(table: Table) -> None:
    state = table.setup(2, boats=False)
    table.clear_people(state)
    h = hx(1, 2)
    boat = table.boat(state, h, (0,))
    assert "yours" in seen(state, 0).region(f"space-{h}").pieces[0].marks
    assert "yours" not in seen(state, 1).region(f"space-{h}").pieces[0].marks
    assert piece(seen(state, 0), f"boat-{boat}")[0] == f"space-{h}"


def test_held_tiles_are_shown_to_their_holder_only(table: Table) -> None:
    state = table.setup(2)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("move-shark"))
    mine = seen(state, 0).region("hand")
    assert [(p.key, p.label) for p in mine.pieces] == [("tile-0", "move a shark")]
    assert {"beach", "move-shark"} <= mine.pieces[0].marks
    assert seen(state, 1).region("hand").pieces == ()
    assert seen(state, None).region("hand").pieces == ()
    assert seen(state, 1).region("seat-0").notes[5] == "1"  # how many, for everyone


def test_a_move_is_chosen_at_its_destination_after_its_explorer(table: Table) -> None:
    state = table.setup(2)
    made = seen(state, 0)
    moves = [c for c in made.choices if isinstance(c.action, act.MoveExplorer)]
    assert moves
    for choice in moves:
        action = choice.action
        assert isinstance(action, act.MoveExplorer)
        to = BOARD.step[state.ex_hex[action.explorer]][action.direction]
        assert choice.target == f"space-{to}"
        assert selected(action, "move") == f"explorer-{action.explorer}"


def test_climbing_in_and_jumping_out_are_chosen_on_the_explorers_space(table: Table) -> None:
    state = table.setup(2, boats=False)
    table.clear_people(state)
    h = hx(1, 2)
    table.boat(state, h, (0,))
    table.swimmer(state, 1, h)
    made = seen(state, 0)
    jump = next(c for c in made.choices if c.action == act.JumpOverboard(0))
    climb = next(c for c in made.choices if c.action == act.BoardBoat(1))
    assert jump.target == climb.target == f"space-{h}"
    boat_moves = [c for c in made.choices if isinstance(c.action, act.MoveBoat)]
    assert boat_moves and all(selected(c.action, "move") is not None for c in boat_moves)


def test_the_revealer_of_a_boat_tile_clicks_the_swimmer_who_boards() -> None:
    assert selected(act.BoardBoat(3), "board") is None
    assert selected(act.BoardBoat(3), "move") == "explorer-3"


def test_done_moving_is_a_button(table: Table) -> None:
    state = table.setup(2)
    made = seen(state, 0)
    assert [c.action for c in made.choices if c.target is None] == [act.EndMovement()]


def test_a_held_tile_is_played_by_clicking_it(table: Table) -> None:
    state = table.setup(2)
    state.hands[0] = [(1, "move-serpent", -1)]
    state._legal = None
    made = seen(state, 0)
    assert [c.action for c in made.at("tile-0")] == [act.PlayTile("move-serpent", 0)]


def test_values_to_place_are_the_placers_own(table: Table) -> None:
    state = table.game.new_state(2)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    seat = state.current_player()
    made = seen(state, seat)
    values = made.region("values")
    assert [p.label for p in values.pieces] == sorted({str(v) for v in state.values_left(seat)})
    assert values.notes == (" ".join(str(v) for v in state.values_left(seat)),)
    assert seen(state, None).region("values").pieces == ()
    places = [c for c in made.choices if isinstance(c.action, act.PlaceExplorer)]
    assert places
    for choice in places:
        assert isinstance(choice.action, act.PlaceExplorer)
        assert choice.target == f"space-{choice.action.hex}"
        assert selected(choice.action, "place-explorers") == f"value-{choice.action.value}"


def test_a_saved_explorer_lies_on_its_isle(table: Table) -> None:
    state = table.setup(2)
    state.ex_status[3] = R.SAFE
    state.ex_isle[3] = 2
    assert piece(seen(state, 1), "explorer-3")[0] == "isle-SW"


def test_the_seat_rows_say_who_moves_and_hide_the_scores_until_the_end(table: Table) -> None:
    state = table.setup(2)
    rows = [seen(state, 1).region(f"seat-{s}") for s in (0, 1)]
    assert "to-move" in rows[0].marks and "to-move" not in rows[1].marks
    assert "you" in rows[1].marks
    assert len(rows[0].notes) == 6  # five places of explorers and the tiles held; no score


def test_the_threatened_space_is_marked_and_highlighted(table: Table) -> None:
    state = table.setup(2)
    table.empty_sea(state)
    h = hx(1, 2)
    shark = table.creature(state, R.SHARK, hx(1, 3))
    state.decisions.append(R.BY[R.DETER][state.to_move])
    state.p_creature = shark
    state.p_threat = h
    made = scene(state.observation(None), [], NAMES[:2], english)
    assert "threat" in made.region(f"space-{h}").marks
    assert f"space-{h}" in made.highlights


def after_each_step(seed: int, players: int = 3) -> Iterator[R.SurviveState]:
    """A seeded game played at random, its events kept, after each of its steps."""
    state = games.get("survive").new_state(players, None, events=True)
    rng = random.Random(seed)
    while not state.is_terminal():
        mover = state.current_player()
        state.apply(state.sample_chance(rng) if mover < 0 else rng.choice(state.legal_actions()))
        yield state


def lit_for(state: R.SurviveState, viewer: int | None) -> frozenset[str]:
    """What ``viewer``'s scene highlights, fed the last step's events as it may know them."""
    events = state.step_events(viewer, len(state.history) - 1)
    names = NAMES[: state.num_players]
    return scene(state.observation(viewer), [], names, english, events=events).highlights


def test_the_explorer_moved_and_the_space_it_reached_are_highlighted_for_every_viewer() -> None:
    moves = 0
    for state in after_each_step(seed=1):
        for e in state.step_events(None, len(state.history) - 1):
            if isinstance(e, ev.ExplorerMoved):
                # An explorer eaten where it went is no longer there to highlight.
                lost = state.observation(None)["explorers"][e.explorer]["status"] == "lost"
                moves += not lost
                touched = {f"space-{e.to}"} | (set() if lost else {f"explorer-{e.explorer}"})
                for viewer in (None, *range(state.num_players)):
                    assert touched <= lit_for(state, viewer), (e, viewer)
    assert moves > 10


def test_a_red_tile_taken_is_highlighted_in_its_takers_hand_and_in_no_other_hand() -> None:
    taken = others_holding = 0
    for seed in range(4):
        for state in after_each_step(seed=seed):
            step = len(state.history) - 1
            for seat in range(state.num_players):
                for e in state.step_events(seat, step):
                    if not (isinstance(e, ev.TileRevealed) and e.seat == seat and not e.public):
                        continue
                    taken += 1
                    tiles = state.observation(seat)["hands"][seat]["tiles"]
                    assert f"tile-{len(tiles) - 1}" in lit_for(state, seat)
                    for viewer in (None, *(s for s in range(state.num_players) if s != seat)):
                        if viewer is not None and any(
                            state.observation(viewer)["hands"][viewer]["tiles"]
                        ):
                            others_holding += 1  # a tile of its own it must not see lit
                        lit = lit_for(state, viewer)
                        assert not any(key.startswith("tile-") for key in lit), (viewer, lit)
    assert taken > 3 and others_holding > 0
