"""Whale to Look's round as a decision stack (whaletable.core.decisions): the setup's draws
one chance decision, Fishing season one fisher decision a seat, a turn its investigation over
its pending move, and the end a decision nobody makes."""

from __future__ import annotations

import random

from wtl_support import Table

from whaletable.core.decisions import chooser_of, kind_of
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look.rules import (
    DEAL_FISH,
    DECISION_KINDS,
    FISHER,
    LAY_AREAS,
    MOVE,
    OVER,
    PHASE_NAMES,
    START,
    TRENDING,
    TURN,
    WhaleToLookState,
)

CLEAR_LAYOUT = (5, 5, 0, 1, 4, 3, 0, 1, 4, 3, 2, 2)


def kinds(state: WhaleToLookState) -> list[int]:
    """The stack's kinds, bottom first."""
    return [kind_of(d) for d in state.decisions]


def choosers(state: WhaleToLookState) -> list[int]:
    """Who makes each pending decision, bottom first."""
    return [chooser_of(d) for d in state.decisions]


def test_the_start_player_is_drawn_under_a_chance_decision(table: Table) -> None:
    """Setup: "Randomly choose a start player": a chance decision until it is drawn."""
    state = table.game.new_state(3, {"area_layout": "ordered"})
    assert kinds(state) == [START] and choosers(state) == [CHANCE]
    state.apply(act.PickStartPlayer(1))
    assert kinds(state) == [DEAL_FISH] and choosers(state) == [CHANCE]


def test_the_setup_draws_are_one_chance_decision_whose_kind_follows_the_cards(
    table: Table,
) -> None:
    """Setup 4-5: the area cards are laid, then the fish cards dealt, all by chance; the
    last fish card gives way to the start player's turn."""
    state = table.game.new_state(3, {"start_player": 2, "area_layout": "shuffled"})
    assert kinds(state) == [LAY_AREAS] and choosers(state) == [CHANCE]
    *numbers, last = table.game.area_numbers(state.board)
    for number in numbers:
        state.apply(act.LayArea(number))
        assert kinds(state) == [LAY_AREAS]
    state.apply(act.LayArea(last))
    assert kinds(state) == [DEAL_FISH] and state.observation(None)["phase"] == "deal_fish"
    for value in CLEAR_LAYOUT[:-1]:
        state.apply(act.DealFish(value))
        assert kinds(state) == [DEAL_FISH]
    state.apply(act.DealFish(CLEAR_LAYOUT[-1]))
    assert kinds(state) == [MOVE, TURN] and choosers(state) == [2, 2]


def test_a_turn_is_an_investigation_over_a_pending_move(table: Table) -> None:
    """A. "Investigate a fish card ... then move one of your boats": investigating pops
    the turn's first step and leaves its move on top; the move ends the turn."""
    state = table.new(CLEAR_LAYOUT, start_player=1)
    assert kinds(state) == [MOVE, TURN] and choosers(state) == [1, 1]
    state.apply(act.Investigate(0))
    assert kinds(state) == [MOVE] and choosers(state) == [1]
    assert state.observation(None)["phase"] == "move"
    state.apply(act.MoveBoat(0, 0, False))
    assert kinds(state) == [MOVE, TURN] and choosers(state) == [2, 2]  # clockwise, next seat


def test_the_radar_leaves_the_pending_steps_as_they_were(table: Table) -> None:
    """Radar: used "before investigating or between investigating and moving", it takes
    no step of the turn: the investigation, then the move, stay pending."""
    state = table.new(CLEAR_LAYOUT, players=2)
    state.apply(act.UseRadar(5))
    assert kinds(state) == [MOVE, TURN] and choosers(state) == [0, 0]
    table.turn(state, 0, 0)
    state.apply(act.Investigate(0))  # seat 1
    state.apply(act.UseRadar(6))
    assert kinds(state) == [MOVE] and choosers(state) == [1]


def test_done_pops_the_whole_turn(table: Table) -> None:
    """B. Finish: "say 'Done!'": no move follows, so the next seat's turn is on top."""
    state = table.new(CLEAR_LAYOUT)
    state.apply(act.Finish())
    assert kinds(state) == [MOVE, TURN] and choosers(state) == [1, 1]
    state.apply(act.Finish())
    state.apply(act.Investigate(0))  # seat 2
    state.apply(act.MoveBoat(0, 0, False))
    # Seats 0 and 1 said "Done!": seat 2 plays on alone.
    assert kinds(state) == [MOVE, TURN] and choosers(state) == [2, 2]


def test_fishing_season_pushes_a_fisher_decision_for_each_seat_start_on_top(
    table: Table,
) -> None:
    """en Fishing season: each player, in turn order from the start player, puts the
    fisher on a boat; each choice pops its decision, and the last one gives way to the
    start player's turn."""
    state = table.new(CLEAR_LAYOUT, trending="fishing")
    table.finish_round(state)
    table.deal(state, CLEAR_LAYOUT)  # round 2 starts with seat 2 (all tied on 0)
    assert kinds(state) == [FISHER, FISHER, FISHER]
    assert choosers(state) == [1, 0, 2]  # bottom first: seat 2 on top, then 0, then 1
    state.apply(act.ChooseFisherBoat(0))
    assert choosers(state) == [1, 0] and state.current_player() == 0
    state.apply(act.ChooseFisherBoat(1))
    state.apply(act.ChooseFisherBoat(2))
    assert kinds(state) == [MOVE, TURN] and choosers(state) == [2, 2]


def test_a_random_trend_is_a_chance_decision_between_the_rounds(table: Table) -> None:
    """5. "Turn over a trending card" before round 2's setup: a chance decision, then the
    area cards (laid in printed order here) give way to the fish cards."""
    state = table.new(CLEAR_LAYOUT, trending="random")
    table.finish_round(state)
    assert state.round == 2
    assert kinds(state) == [TRENDING] and choosers(state) == [CHANCE]
    state.apply(act.RevealTrend("orca-watching"))
    assert kinds(state) == [DEAL_FISH] and choosers(state) == [CHANCE]


def test_the_end_is_a_decision_nobody_makes(table: Table) -> None:
    """6. After the second round's scoring the game is over: nobody decides."""
    state = table.new(CLEAR_LAYOUT)
    table.finish_round(state)
    table.deal(state, CLEAR_LAYOUT)
    table.finish_round(state)
    assert kinds(state) == [OVER] and choosers(state) == [TERMINAL]
    assert state.is_terminal() and state.observation(None)["phase"] == "over"


def test_a_refused_action_leaves_the_stack_as_it_was(table: Table) -> None:
    """Bad input changes nothing: a move before investigating leaves the turn pending."""
    state = table.new(CLEAR_LAYOUT)
    before = list(state.decisions)
    assert "investigating" in table.refuses(state, act.MoveBoat(0, 0, False))
    assert state.decisions == before


def test_a_clone_keeps_a_stack_of_its_own(table: Table) -> None:
    """A clone's turn goes on without touching the original's pending decisions."""
    state = table.new(CLEAR_LAYOUT)
    copy = state.clone()
    copy.apply(act.Investigate(0))
    assert kinds(copy) == [MOVE] and kinds(state) == [MOVE, TURN]


def test_every_kind_is_named_by_its_phase() -> None:
    """The observation's phase names stay those the tables and bots read."""
    assert DECISION_KINDS.names == PHASE_NAMES
    assert PHASE_NAMES == (
        "start", "trending", "lay_areas", "deal_fish", "fisher", "turn", "move", "over",
    )  # fmt: skip


def test_the_phase_and_the_player_to_move_are_read_from_the_top(table: Table) -> None:
    """At every step of seeded games the observation's phase is the top's name and the
    player to move the top's chooser."""
    rng = random.Random(7)
    for options in ({}, {"trending": "random"}, {"trending": "fishing", "area_layout": "shuffled"}):
        state = table.game.new_state(3, options)
        while True:
            top = state.decisions[-1]
            obs = state.observation(None)
            assert obs["phase"] == DECISION_KINDS.name(top)
            assert state.current_player() == chooser_of(top)
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply(rng.choice(state.legal_actions()))
