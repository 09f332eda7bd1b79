"""The reduced table (option ``table = "reduced"``): a research variant, not a rulebook one.

Four areas in a 2×2 grid, nine fish cards dealt from the usual twelve, four markers, 2–4
players; everything else as the rulebooks say (``notes.md``, "The reduced table"). Fish
positions on the reduced table (area ``aN`` is bordered by the four fish at its corners)::

    f0    f1    f2
       a0    a1
    f3    f4    f5
       a2    a3
    f6    f7    f8
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

import pytest

from whaletable import games
from whaletable.core.errors import BadOption
from whaletable.core.testing import option_sets
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look import events as ev
from whaletable.games.whale_to_look.components import REDUCED, STANDARD, load_components

if TYPE_CHECKING:
    from wtl_support import Table

REDUCED_OPTIONS = {"table": "reduced"}

# Sums: a0 = 5+5+4+3 = 17 (whale)   a1 = 5+0+3+0 = 8
#       a2 = 4+3+4+1 = 12           a3 = 3+0+1+1 = 5 (orca)
REDUCED_LAYOUT = (5, 5, 0, 4, 3, 0, 4, 1, 1)


def test_reduced_game_deals_fewer_cards() -> None:
    """Four area cards and nine fish cards a round, the fish from the usual twelve-card deck."""
    game = games.get("whale-to-look")
    state = game.new_state(2, {**REDUCED_OPTIONS, "start_player": 0}, events=True)
    rng = random.Random(7)
    laid = dealt = 0
    while state.is_chance_node():
        action = state.sample_chance(rng)
        laid += isinstance(action, act.LayArea)
        dealt += isinstance(action, act.DealFish)
        state.apply(action)
    assert (laid, dealt) == (4, 9)
    obs = state.observation(0)
    assert len(obs["areas"]) == 4 and len(obs["fish"]) == 9
    assert len(obs["revealed"]) == len(obs["markers"]) == 9
    deck = Counter(load_components().fish_values)
    assert not Counter(state.fish) - deck  # every card dealt is one of the deck's
    fish_dealt = [e for _, e in state.events(None) if isinstance(e, ev.FishDealt)]
    assert fish_dealt == [ev.FishDealt(1, 9)]


def test_reduced_table_is_a_two_by_two_grid_without_diagonal_moves() -> None:
    """Areas that share a side are adjacent; a0–a3 and a1–a2 meet only across the centre
    card f4, which counts in all four areas (corner cards in one, edge cards in two)."""
    assert (REDUCED.num_areas, REDUCED.num_fish) == (4, 9)
    assert [set(a) for a in REDUCED.adjacent] == [{1, 2}, {0, 3}, {0, 3}, {1, 2}]
    assert [set(f) for f in REDUCED.area_fish] == [
        {0, 1, 3, 4},
        {1, 2, 4, 5},
        {3, 4, 6, 7},
        {4, 5, 7, 8},
    ]
    assert [len(a) for a in REDUCED.fish_areas] == [1, 2, 1, 2, 4, 2, 1, 2, 1]
    assert (STANDARD.num_areas, STANDARD.num_fish, STANDARD.markers) == (6, 12, 5)


def test_reduced_table_has_no_diagonal_move(table: Table) -> None:
    """A boat on a0 may go to a1 or a2, never across f4 to a3."""
    state = table.new(REDUCED_LAYOUT, players=2, table="reduced")
    table.turn(state, 0, 0)  # seat 0: boat 0 to a0
    table.turn(state, 0, 3)  # seat 1
    state.apply(table.first_investigation(state))
    assert table.moves_of(state, 1) == {0, 1, 2, 3}  # from the dock: any area
    assert table.moves_of(state, 0) == {1, 2}
    assert "adjacent" in table.refuses(state, act.MoveBoat(0, 3, False))


def test_reduced_table_lays_the_four_lowest_area_cards(table: Table) -> None:
    """The reduced table lays the area cards numbered 0–3 (only their order matters: ties);
    shuffled by chance, or in printed order with ``area_layout = "ordered"``."""
    game = games.get("whale-to-look")
    state = game.new_state(2, {**REDUCED_OPTIONS, "start_player": 0})
    assert sorted(a.number for a, _ in state.chance_outcomes()) == [0, 1, 2, 3]
    state.apply(act.LayArea(4 - 1))
    assert sorted(a.number for a, _ in state.chance_outcomes()) == [0, 1, 2]
    assert "chance" in table.refuses(state, act.LayArea(4))
    ordered = table.new(REDUCED_LAYOUT, players=2, table="reduced")
    assert table.obs(ordered)["areas"] == [0, 1, 2, 3]


def test_reduced_table_gives_four_markers(table: Table) -> None:
    """Four investigation markers: after four looks a player must finish."""
    state = table.new(REDUCED_LAYOUT, players=2, table="reduced")
    assert [p["markers_left"] for p in table.obs(state)["players"]] == [4, 4]
    for boat, area in ((0, 0), (1, 1), (2, 2)):
        table.turn(state, boat, area)  # seat 0
        table.turn(state, boat, area)  # seat 1
    table.turn(state, 2, 3)  # seat 0: its fourth look
    table.turn(state, 2, 3)  # seat 1
    assert table.obs(state)["players"][0]["markers_left"] == 0
    assert state.legal_actions() == [act.Finish()]


def test_reduced_table_scores_the_whale_and_orca_of_four_areas(table: Table) -> None:
    """The whale surfaces at the highest of the four sums, the orca at the lowest; boats
    there score their tourists, +2 anchored, as on the full table."""
    state = table.new(REDUCED_LAYOUT, players=2, table="reduced")  # whale a0, orca a3
    table.turn(state, 2, 0)  # seat 0: 3 tourists on the whale
    table.turn(state, 1, 3, anchor=True)  # seat 1: 2 tourists and the anchor on the orca
    table.turn(state, 0, 1)  # seat 0: a1, nothing surfaces
    table.turn(state, 0, 2)  # seat 1: a2, nothing
    table.finish_round(state)
    result = table.obs(state)["results"][0]
    assert (result["whale"], result["orca"], result["sums"]) == (0, 3, [17, 8, 12, 5])
    assert table.round_points(state, 1) == [3, 2 + 2]


def test_reduced_table_refuses_five_players() -> None:
    """With four areas a fifth fisher boat (vi, one per area) could stand nowhere: the
    reduced table is for 2–4 players, and five are refused by name."""
    game = games.get("whale-to-look")
    with pytest.raises(BadOption, match=r"'table' = 'reduced' is for 2–4 players, not 5"):
        game.new_state(5, REDUCED_OPTIONS)
    for players in (2, 3, 4):
        assert game.new_state(players, REDUCED_OPTIONS).num_players == players
    assert game.new_state(5).num_players == 5  # the full table still seats five


def test_reduced_table_refuses_positions_off_the_table(table: Table) -> None:
    """Fish cards 9–11 and areas 4–5 are not on the reduced table: the game's codes include
    them (the same for every table), but they are never legal there."""
    state = table.new(REDUCED_LAYOUT, players=2, table="reduced")
    assert "no fish card 9" in table.refuses(state, act.Investigate(9))
    assert "no fish card 11" in table.refuses(state, act.UseRadar(11))
    state.apply(act.Investigate(0))
    assert "no area 4" in table.refuses(state, act.MoveBoat(0, 4, False))
    codes = state.legal_action_codes()
    game = state.game
    assert all(game.player_action(c) != act.MoveBoat(0, 5, False) for c in codes)


def test_reduced_table_spec_follows_the_option() -> None:
    """Decisions, chance nodes and the observation tensor are sized by the table."""
    game = games.get("whale-to-look")
    # Per round and seat: the fisher (1), a look and a move per marker (2 × 4), two radars
    # and "Done!" (1); chance: the start player, the trend, four areas and nine fish a round.
    assert game.max_game_length(2, REDUCED_OPTIONS) == 2 * 2 * (1 + 2 * 4 + 2 + 1)
    assert game.max_game_length(2) == 2 * 2 * (1 + 2 * 5 + 2 + 1)
    assert game.max_chance_nodes(3, REDUCED_OPTIONS) == 2 + 2 * (4 + 9)
    assert game.max_chance_nodes(3) == 2 + 2 * (6 + 12)
    layout = game.observation_layout(2, REDUCED_OPTIONS)
    shapes = {f.name: f.shape for f in layout.fields}
    assert shapes["areas"] == (4, 4)
    assert shapes["fish"] == (9, 6)
    assert shapes["markers"] == (9, 2)
    assert shapes["boats"] == (2, 3, 5)
    assert layout.size == 183
    assert game.observation_layout(2).size == 245
    state = game.new_state(2, REDUCED_OPTIONS)
    rng = random.Random(3)
    decisions = chance = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance += 1
            state.apply(state.sample_chance(rng))
        else:
            decisions += 1
            assert state.observation_tensor(state.current_player()).shape == (layout.size,)
            state.apply(rng.choice(state.legal_actions()))
    assert decisions <= game.max_game_length(2, REDUCED_OPTIONS)
    assert chance <= game.max_chance_nodes(2, REDUCED_OPTIONS)


def test_reduced_table_keeps_the_unseen_cards_hidden(table: Table) -> None:
    """Three cards of the deck stay out, so the table's total is unknown to a seat that has
    not seen every card; on the full table all twelve lie out and always add up to 30."""
    reduced = table.new(REDUCED_LAYOUT, players=2, table="reduced")
    full = table.new((5, 5, 0, 1, 4, 3, 0, 1, 4, 3, 2, 2), players=2)
    rng = random.Random(5)
    reduced_totals = {sum(reduced.determinize(0, rng).fish) for _ in range(40)}
    full_totals = {sum(full.determinize(0, rng).fish) for _ in range(40)}
    assert len(reduced_totals) > 1
    assert full_totals == {30}


def test_the_kit_plays_the_reduced_table() -> None:
    """The test kit's option sets include the reduced table, so every kit check plays it."""
    assert REDUCED_OPTIONS in option_sets(games.get("whale-to-look"))
