"""The scene of a Whale to Look table (``view.py``): what each viewer is shown, and where
each legal action is clicked, at positions set up by hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

from wtl_support import Table

from whaletable.core.testing import sample_states
from whaletable.core.view import Scene, check_scene
from whaletable.core.words import english
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look import events as ev
from whaletable.games.whale_to_look.rules import WhaleToLookState
from whaletable.games.whale_to_look.view import scene
from whaletable.i18n import translator

# Fish values in reading order (see wtl_support): area 0 sums 5+5+4+3 = 17 (the whale),
# area 2 sums 0+1+0+1 = 2 (the orca); the areas are laid in printed order.
CLEAR_LAYOUT = (5, 5, 0, 1, 4, 3, 0, 1, 4, 3, 2, 2)
NAMES = ("Ann", "Bao", "Chi")
EN = translator("en")


def seen_by(state: WhaleToLookState, seat: int | None) -> Scene:
    """The scene of ``seat``, with its legal actions when it is to move."""
    legal = state.legal_actions() if seat == state.current_player() else []
    return scene(state.observation(seat), legal, NAMES, EN)


def test_an_investigated_card_shows_its_value_to_its_investigator_alone(table: Table) -> None:
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.Investigate(4))
    mine = seen_by(state, 0).region("fish-4")
    assert mine.notes == ("4",) and mine.marks == {"seen"}
    for other in (1, 2, None):
        card = seen_by(state, other).region("fish-4")
        assert card.notes == ("?",) and card.marks == frozenset(), other
        # The marker by the card is public: everyone sees who looked.
        assert [(p.key, p.owner) for p in card.pieces] == [("marker-4-0", 0)]


def test_a_card_the_radar_turned_up_shows_to_every_viewer(table: Table) -> None:
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.UseRadar(6))
    for viewer in (0, 1, 2, None):
        card = seen_by(state, viewer).region("fish-6")
        assert card.notes == ("0",) and card.marks == {"face-up"}, viewer


def test_a_boat_stands_in_the_area_it_moved_to_with_its_anchor(table: Table) -> None:
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, boat=1, area=2, anchor=True)
    shown = seen_by(state, None)
    [boat] = shown.region("area-2").pieces
    assert (boat.key, boat.kind, boat.label, boat.owner) == ("boat-0-1", "boat", "2", 0)
    assert boat.marks == {"anchored"}
    dock = shown.region("seat-0").pieces
    assert [p.key for p in dock] == ["boat-0-0", "boat-0-2"]
    assert shown.region("area-2").notes[0] == "1 of 3 boats"


def test_a_move_is_clicked_on_its_area_and_a_look_or_radar_on_its_card(table: Table) -> None:
    state = table.new(CLEAR_LAYOUT)
    start = seen_by(state, 0)
    for c in start.choices:
        if isinstance(c.action, act.Investigate | act.UseRadar):
            assert c.target == f"fish-{c.action.fish}"
        else:
            assert isinstance(c.action, act.Finish) and c.target is None
    state.apply(act.Investigate(0))
    moving = seen_by(state, 0)
    moves = [(c.action, c.target) for c in moving.choices if isinstance(c.action, act.MoveBoat)]
    assert len(moves) == 3 * 6 * 2  # every boat from the dock to any area, anchored or not
    assert all(target == f"area-{move.area}" for move, target in moves)
    assert [c.action for c in moving.choices] == state.legal_actions()


def test_the_boats_that_can_move_are_marked_for_the_mover_alone(table: Table) -> None:
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, boat=0, area=0, anchor=True)  # seat 0's 1-tourist boat is anchored
    table.turn(state, boat=0, area=1)
    table.turn(state, boat=0, area=3)
    state.apply(act.Investigate(1))  # seat 0 is to move a boat
    marked = {p.key for r in seen_by(state, 0).regions for p in r.pieces if "selectable" in p.marks}
    assert marked == {"boat-0-1", "boat-0-2"}
    for other in (1, 2, None):
        shown = seen_by(state, other)
        assert shown.choices == ()
        assert not any("selectable" in p.marks for r in shown.regions for p in r.pieces)


def test_between_rounds_the_table_shows_the_round_just_scored(table: Table) -> None:
    state = table.new(CLEAR_LAYOUT)
    table.turn(state, boat=2, area=0)
    table.finish_round(state)
    assert state.round == 2 and state.observation(None)["phase"] == "deal_fish"
    shown = seen_by(state, None)
    assert shown.region("area-0").marks == {"scored", "whale"}
    assert shown.region("area-2").marks == {"scored", "orca"}
    assert shown.region("area-0").notes == ("Σ 17",)
    # Every card of the scored round was turned up, so the spectator sees them all.
    assert [shown.region(f"fish-{f}").notes[0] for f in range(12)] == [str(v) for v in CLEAR_LAYOUT]
    assert [p.key for p in shown.region("area-0").pieces] == ["boat-0-2"]
    assert "the whale surfaced at area 0 (sum 17)" in shown.region("header").notes[0]
    assert shown.region("seat-0").notes[-1] == "3 + 0 = 3"  # three tourists saw the whale


def test_the_trending_card_is_shown_in_round_two_only(table: Table) -> None:
    state = table.new(CLEAR_LAYOUT, trending="fishing")
    assert "trend" not in {r.key for r in seen_by(state, 0).regions}
    table.finish_round(state)
    table.deal(state, CLEAR_LAYOUT)
    trend = seen_by(state, 0).region("trend")
    assert trend.marks == {"fishing"} and trend.label == "Fishing season"
    assert "+3" in trend.notes[0]


def test_a_seat_row_says_whose_view_who_starts_and_who_is_to_move(table: Table) -> None:
    state = table.new(CLEAR_LAYOUT, start_player=1)
    shown = seen_by(state, 2)
    assert shown.region("seat-1").marks == {"to-move", "start"}
    assert shown.region("seat-2").marks == {"you"}
    assert shown.region("seat-2").label == "Chi"
    markers, radars, anchor, finished, points = shown.region("seat-0").notes
    assert (markers, radars, anchor, finished, points) == ("5", "1", "ready", "", "0 + 0 = 0")


def test_every_scene_of_seeded_games_offers_each_legal_action_once() -> None:
    game = Table().game
    checked = 0
    for sample in sample_states(game, 60, seed=5, per_game=10):
        state = sample.state
        for viewer in (None, *range(state.num_players)):
            legal = state.legal_actions() if viewer == state.current_player() else []
            for lang in ("en", "vi"):
                shown = scene(state.observation(viewer), legal, NAMES, translator(lang))
                check_scene(shown, legal, f"{sample.where()}, viewer {viewer}, {lang}")
                checked += 1
    assert checked > 300


def test_a_scene_is_the_same_whatever_the_cards_its_viewer_has_not_seen() -> None:
    game = Table().game
    rng = random.Random(2)
    for sample in sample_states(game, 40, seed=9, per_game=8):
        state = sample.state
        for seat in range(state.num_players):
            other = state.determinize(seat, rng)
            assert seen_by(other, seat) == seen_by(state, seat), sample.where()


def after_each_step(seed: int, players: int = 3) -> Iterator[WhaleToLookState]:
    """A seeded game played at random, its events kept, after each of its steps."""
    state = Table().game.new_state(players, None, events=True)
    rng = random.Random(seed)
    while not state.is_terminal():
        mover = state.current_player()
        state.apply(state.sample_chance(rng) if mover < 0 else rng.choice(state.legal_actions()))
        yield state


def lit_for(state: WhaleToLookState, viewer: int | None) -> frozenset[str]:
    """What ``viewer``'s scene highlights, fed the last step's events as it may know them."""
    events = state.step_events(viewer, len(state.history) - 1)
    return scene(state.observation(viewer), [], NAMES, english, events=events).highlights


def test_the_boat_moved_and_the_area_it_went_to_are_highlighted_for_every_viewer() -> None:
    moves = 0
    for state in after_each_step(seed=3):
        for e in state.step_events(None, len(state.history) - 1):
            if isinstance(e, ev.BoatMoved):
                moves += 1
                for viewer in (None, *range(state.num_players)):
                    assert {f"boat-{e.seat}-{e.boat}", f"area-{e.area}"} <= lit_for(state, viewer)
    assert moves > 10


def test_a_fish_card_looked_at_is_highlighted_alike_for_all_and_its_value_told_to_none() -> None:
    looks = 0
    for state in after_each_step(seed=4):
        step = len(state.history) - 1
        for e in state.step_events(None, step):
            if isinstance(e, ev.Investigated):
                looks += 1
                looker = lit_for(state, e.seat)
                assert {f"fish-{e.fish}", f"marker-{e.fish}-{e.seat}"} <= looker
                for viewer in (None, *(s for s in range(state.num_players) if s != e.seat)):
                    (seen,) = [s for s in state.step_events(viewer, step) if s == e]
                    assert seen.value is None  # what the others were told
                    assert lit_for(state, viewer) == looker
    assert looks > 5
