"""Whale Riders' turn as a decision stack (whaletable.core.decisions): two pending actions,
burning and fulfilling pushed over them, the draws no one chooses pushed over what they
interrupt, and the end on top of whatever was pending."""

from __future__ import annotations

import random

from wr_support import Table

from whaletable import games
from whaletable.core.decisions import chooser_of, kind_of
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders.rules import (
    ACTION,
    BURNING,
    DECISION_KINDS,
    DRAW_HAND,
    FULFILLING,
    OVER,
    REFILL_SPACE,
    WhaleRidersState,
)


def kinds(state: WhaleRidersState) -> list[int]:
    """The stack's kinds, bottom first."""
    return [kind_of(d) for d in state.decisions]


def test_a_turn_is_two_pending_actions_of_its_player(table: Table) -> None:
    """Playing: "On your turn you must take two actions": one pending decision each."""
    state = table.new(3, start=2)
    assert kinds(state) == [ACTION, ACTION]
    assert [chooser_of(d) for d in state.decisions] == [2, 2]
    table.play(state, act.TakeCoin())
    assert kinds(state) == [ACTION] and state.current_player() == 2
    table.play(state, act.TakeCoin())
    assert kinds(state) == [ACTION, ACTION]
    assert [chooser_of(d) for d in state.decisions] == [0, 0]  # clockwise, the next seat


def test_burning_is_pushed_over_the_turn_and_done_pops_it(table: Table) -> None:
    """Burn: "discard one or more contract cards": a decision of its own until done."""
    state = table.new(2)
    hand = state.hands[0]
    table.play(state, act.BurnContracts())
    assert kinds(state) == [ACTION, BURNING] and state.current_player() == 0
    assert state.observation(0)["phase"] == "burning"
    table.play(state, act.Burn(hand[0]))
    assert kinds(state) == [ACTION, BURNING]  # a card adds to the action in progress
    table.play(state, act.Done())
    assert kinds(state) == [ACTION]
    assert state.observation(0)["phase"] == "action"


def test_burning_the_last_card_pops_the_burn_by_itself(table: Table) -> None:
    """Burn: an empty hand has nothing more to burn, so the action ends without Done."""
    state = table.new(2)
    table.play(state, act.Move(), act.BurnContracts())
    for card in state.hands[0][:-1]:
        table.play(state, act.Burn(card))
    assert kinds(state)[-1] == BURNING
    last = state.hands[0][-1]
    state.apply(act.Burn(last))
    # The turn is over: the hand is drawn up by chance before the next turn.
    assert kinds(state) == [DRAW_HAND] and state.current_player() == CHANCE
    table.settle(state)
    assert kinds(state) == [ACTION, ACTION] and state.current_player() == 1


def test_fulfilling_is_pushed_over_the_second_action(table: Table) -> None:
    """Fulfil: "as a single action": it takes the place of one of the turn's two."""
    card = table.card(shell=2, kelp=1)
    state = table.new(2, ports={1: [("shell", 2), ("kelp", 1)] * 2}, hands={0: [card]})
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))  # shell x2 and kelp x1: they pay for the card
    table.to_turn_of(state, 0)
    table.play(state, act.TakeCoin())
    assert kinds(state) == [ACTION]
    table.play(state, act.FulfilContracts())
    assert kinds(state) == [FULFILLING] and state.actions_left == 0
    assert state.observation(1)["phase"] == "fulfilling"


def test_a_refill_is_chance_pushed_over_the_turn_it_interrupts(table: Table) -> None:
    """Reading gaps="at_once": a bought space is refilled from the bag at once, mid-turn."""
    state = table.new(2, gaps="at_once")
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    state.apply(act.Buy(0))
    assert kinds(state) == [ACTION, REFILL_SPACE] and state.current_player() == CHANCE
    assert state.actions_left == 1
    table.settle(state)
    assert kinds(state) == [ACTION] and state.current_player() == 0


def test_the_end_is_nobodys_decision_on_top_of_what_was_pending(table: Table) -> None:
    """End: "as soon as all seven starting pearl tiles have been bought, the game ends at once"
    — the end goes on top, so the action left unplayed is still there to see."""
    state = table.new(2)
    state.steps[0] = 14  # home: the Sun Port's pearls are for sale
    state.coins[0] = 100
    state.sun[:] = [1, 0, 0, 0, 0, 0, 0]
    state.pearls_left = 1
    state.apply(act.Buy(0))
    assert kinds(state) == [ACTION, OVER]
    assert state.current_player() == TERMINAL and state.actions_left == 1
    assert state.observation(None)["phase"] == "over"


def test_the_phase_observed_is_the_name_of_the_top_decision() -> None:
    """The observation's phase is read off the stack, and its top always says who decides."""
    game = games.get("whale-riders")
    rng = random.Random(5)
    seen: set[str] = set()
    for options in ({}, {"gaps": "at_once", "refill": "after_action"}):
        state: WhaleRidersState = game.new_state(3, options)
        while True:
            top = state.decisions[-1]
            assert chooser_of(top) == state.current_player()
            phase = state.observation(None)["phase"]
            assert phase == DECISION_KINDS.name(top)
            seen.add(phase)
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
    assert seen >= {"setup", "action", "burning", "fulfilling", "drawing", "over"}


def test_a_clone_keeps_its_own_stack(table: Table) -> None:
    """clone() copies the stack: a burn begun in the copy leaves the original's turn alone."""
    state = table.new(2)
    copy = state.clone()
    copy.apply(act.BurnContracts())
    assert kinds(copy) == [ACTION, BURNING]
    assert kinds(state) == [ACTION, ACTION]
