"""The decision stack (whaletable.core.decisions) and the kit's check of a game that keeps one."""

from __future__ import annotations

from typing import Any

import pytest
from toy_game import ToyGame, ToyState

from whaletable.core.action import Action
from whaletable.core.decisions import (
    KIND_MASK,
    DecisionKinds,
    chooser_of,
    decision,
    kind_of,
    pending,
)
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.core.testing import random_playouts

TURN = DecisionKinds(("turn",))


def test_a_decision_keeps_its_kind_and_its_chooser_seat_chance_or_nobody() -> None:
    for chooser in (TERMINAL, CHANCE, 0, 1, 5):
        for kind in (0, 1, KIND_MASK):
            d = decision(kind, chooser)
            assert (kind_of(d), chooser_of(d)) == (kind, chooser)


def test_a_decision_of_no_kind_or_no_chooser_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=rf"kind is 0\.\.{KIND_MASK}, not {KIND_MASK + 1}"):
        decision(KIND_MASK + 1, 0)
    with pytest.raises(ValueError, match=r"kind is .*, not -1"):
        decision(-1, 0)
    with pytest.raises(ValueError, match="chooser is a seat, CHANCE or TERMINAL, not -3"):
        decision(0, TERMINAL - 1)


def test_pending_counts_the_decisions_of_one_kind_left_on_the_stack() -> None:
    stack = [decision(0, 1), decision(0, 1), decision(2, CHANCE)]
    assert pending(stack, 0) == 2
    assert pending(stack, 2) == 1
    assert pending(stack, 1) == 0


def test_kinds_name_a_decision_and_describe_a_stack_bottom_first() -> None:
    kinds = DecisionKinds(("action", "burning", "drawing", "over"))
    stack = [decision(0, 2), decision(1, 2), decision(2, CHANCE), decision(3, TERMINAL)]
    assert kinds.name(stack[1]) == "burning"
    assert kinds.describe(stack) == (
        "action by seat 2 < burning by seat 2 < drawing by chance < over by nobody (the end)"
    )


def test_a_game_has_one_to_thirty_two_kinds_of_decision() -> None:
    with pytest.raises(ValueError, match=r"1\.\.32 kinds"):
        DecisionKinds(())
    with pytest.raises(ValueError, match=r"1\.\.32 kinds"):
        DecisionKinds(tuple(f"k{i}" for i in range(33)))
    assert len(DecisionKinds(tuple(f"k{i}" for i in range(32))).names) == 32


def test_the_stack_must_agree_with_current_player() -> None:
    assert TURN.why_inconsistent([decision(0, 1)], 1) is None
    assert TURN.why_inconsistent([], TERMINAL) is None  # at the end it may be empty
    assert TURN.why_inconsistent([decision(0, TERMINAL)], TERMINAL) is None
    assert TURN.why_inconsistent([], CHANCE) == "the decision stack is empty before the end"
    assert TURN.why_inconsistent([decision(0, 0)], CHANCE) == (
        "the top decision (turn by seat 0) is not made by current_player() -1"
    )
    assert TURN.why_inconsistent([decision(1, 0)], 0) == (
        "decision 1 has kind 1, which has no name"
    )


def test_a_state_keeps_no_decisions_unless_its_game_does() -> None:
    state = ToyGame().new_state(2)
    assert state.decisions == [] and state.DECISION_KINDS is None


# ------------------------------------------------ the kit checks a game's stack


class StackedToyState(ToyState):
    """The toy game, its turn kept as one decision of its player on a stack."""

    __slots__ = ()
    DECISION_KINDS = TURN

    def __init__(self, game: ToyGame, num_players: int, options: Any) -> None:
        super().__init__(game, num_players, options)
        self.decisions.append(decision(0, self.to_move))

    def _apply(self, action: Action) -> None:
        super()._apply(action)
        self.decisions[-1] = decision(0, self.to_move)


class ForgetfulToyState(StackedToyState):
    """Forgets to hand the turn on in its stack when the turn passes."""

    __slots__ = ()

    def _apply(self, action: Action) -> None:
        ToyState._apply(self, action)


class StackedToy(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return StackedToyState(self, num_players, options)


class ForgetfulToy(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return ForgetfulToyState(self, num_players, options)


def test_the_kit_passes_a_game_whose_stack_says_who_decides() -> None:
    assert random_playouts(StackedToy(), games=5, seed=1).games == 5


def test_a_clone_copies_the_stack_and_shares_none_of_it() -> None:
    state = StackedToy().new_state(2)
    copy = state.clone()
    copy.decisions.append(decision(0, 1))
    assert len(state.decisions) == 1 and len(copy.decisions) == 2


def test_the_kit_catches_a_stack_whose_top_is_not_the_current_player() -> None:
    with pytest.raises(AssertionError) as caught:
        random_playouts(ForgetfulToy(), games=3, seed=1)
    message = str(caught.value)
    assert "decision stack turn by chance: the top decision (turn by chance)" in message
    assert "is not made by current_player() 0" in message
