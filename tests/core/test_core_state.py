"""The State API's promises, checked on a toy game: atomic apply, the end, undo barriers."""

from __future__ import annotations

import random

import pytest
from toy_game import Deal, Pass, Peek, Roll, Step, ToyGame, ToyState, play_to_turn

from whaletable.core import CHANCE, TERMINAL, IllegalAction, WhaletableError
from whaletable.core.testing import views


def snapshot(state: ToyState) -> tuple[object, ...]:
    return (views(state), list(state.history), state.current_player(), state.legal_actions())


def play_out(state: ToyState, seed: int = 0) -> ToyState:
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


# ------------------------------------------------------------------ apply


@pytest.mark.parametrize("action", [Step(3), Deal(0), Roll(2), Pass()])
def test_illegal_action_raises_with_reason_and_changes_nothing(action: object) -> None:
    state = play_to_turn(ToyGame())
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)  # type: ignore[arg-type]
    message = str(caught.value)
    assert message.startswith(f"{action}: ")
    assert len(message) > len(f"{action}: ")
    assert snapshot(state) == before


def test_illegal_action_messages_say_why() -> None:
    state = play_to_turn(ToyGame())
    with pytest.raises(IllegalAction, match="take a step before passing"):
        state.apply(Pass())
    state.apply(Step(1))
    state.apply(Step(2))
    with pytest.raises(IllegalAction, match="two steps a turn at most"):
        state.apply(Step(1))
    state.apply(Peek())
    with pytest.raises(IllegalAction, match="you have peeked already"):
        state.apply(Peek())


def test_illegal_action_is_a_value_error_for_callers_that_only_care_it_was_bad() -> None:
    state = play_to_turn(ToyGame())
    with pytest.raises(ValueError):
        state.apply(Step(3))
    assert issubclass(IllegalAction, WhaletableError)


def test_apply_appends_to_history_and_child_leaves_the_parent() -> None:
    state = play_to_turn(ToyGame(), secrets=(0, 2))
    child = state.child(Step(2))
    assert state.history == [Deal(0), Deal(2)]
    assert child.history == [Deal(0), Deal(2), Step(2)]
    assert child.observation(0)["tracks"] == [2, 0]
    assert state.observation(0)["tracks"] == [0, 0]


def test_chance_outcomes_only_at_chance_nodes() -> None:
    game = ToyGame()
    state = game.new_state(2)
    assert state.current_player() == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [Deal(0), Deal(1), Deal(2)]
    turn = play_to_turn(game)
    with pytest.raises(IllegalAction, match="not a chance node"):
        turn.chance_outcomes()


def test_sample_chance_follows_the_seed() -> None:
    state = ToyGame().new_state(2)
    draws = [state.sample_chance(random.Random(seed)) for seed in range(30)]
    again = [state.sample_chance(random.Random(seed)) for seed in range(30)]
    assert draws == again
    assert set(draws) == {Deal(0), Deal(1), Deal(2)}


def test_terminal_state_rejects_every_action() -> None:
    game = ToyGame()
    state = play_out(game.new_state(2))
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    before = snapshot(state)
    for code in range(game.num_distinct_actions):
        action = game.decode(code)
        with pytest.raises(IllegalAction, match="the game is over"):
            state.apply(action)
    assert snapshot(state) == before


def test_observation_and_determinize_reject_a_seat_that_does_not_exist() -> None:
    state = play_to_turn(ToyGame())
    for seat in (2, -1, "0"):
        with pytest.raises(IllegalAction, match="no seat"):
            state.observation(seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="needs a seat"):
        state.determinize(None, random.Random(0))  # type: ignore[arg-type]


def test_observation_hides_the_other_secret_until_peeked() -> None:
    state = play_to_turn(ToyGame(), secrets=(1, 2))
    assert state.observation(0)["secrets"] == [1, None]
    assert state.observation(1)["secrets"] == [None, 2]
    assert state.observation(None)["secrets"] == [None, None]
    state.apply(Peek())
    assert state.observation(0)["secrets"] == [1, 2]
    assert state.observation(None)["secrets"] == [None, None]


def test_determinize_keeps_what_the_seat_knows_and_redraws_the_rest() -> None:
    state = play_to_turn(ToyGame(), secrets=(1, 2))
    drawn = {state.determinize(0, random.Random(seed)).secrets[1] for seed in range(40)}
    assert drawn == {0, 1, 2}
    kept = {state.determinize(0, random.Random(seed)).secrets[0] for seed in range(40)}
    assert kept == {1}
    assert state.secrets == [1, 2]


# ------------------------------------------------------------------- undo


def test_undo_takes_back_own_decisions_within_the_turn() -> None:
    state = play_to_turn(ToyGame())
    assert not state.can_undo()  # a chance outcome came last
    start = snapshot(state)
    one = state.child(Step(1))
    two = one.child(Step(2))
    assert two.can_undo()
    back_one = two.undo()
    assert snapshot(back_one) == snapshot(one)
    assert back_one.can_undo()
    back_start = back_one.undo()
    assert snapshot(back_start) == start
    assert not back_start.can_undo()


def test_undo_rebuilds_the_hidden_state_exactly() -> None:
    state = play_to_turn(ToyGame(), secrets=(2, 0))
    before = state.clone()
    state.apply(Step(2))
    undone = state.undo()
    assert undone.secrets == before.secrets
    assert undone.tracks == before.tracks
    assert undone.steps_taken == before.steps_taken
    assert undone.history == before.history


def test_undo_never_crosses_a_chance_outcome() -> None:
    state = ToyGame().new_state(2)
    state.apply(Deal(1))
    assert not state.can_undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo()


def test_undo_never_crosses_a_reveal() -> None:
    state = play_to_turn(ToyGame())
    state.apply(Step(1))
    state.apply(Peek())
    assert not state.can_undo()
    with pytest.raises(IllegalAction, match="a reveal"):
        state.undo()
    # The step taken after the reveal can be taken back, but only back to the reveal.
    state.apply(Step(1))
    assert state.can_undo()
    back = state.undo()
    assert back.history[-1] == Peek()
    assert not back.can_undo()


def test_undo_never_crosses_another_seats_action() -> None:
    state = play_to_turn(ToyGame())
    state.apply(Step(1))
    state.apply(Pass())
    assert state.current_player() == 1
    assert state.history[-1] == Pass()  # seat 0's decision, with no chance after it
    assert not state.can_undo()
    with pytest.raises(IllegalAction, match="another seat's action"):
        state.undo()


def test_undo_survives_a_clone() -> None:
    state = play_to_turn(ToyGame())
    state.apply(Step(1))
    clone = state.clone()
    assert clone.can_undo()
    assert snapshot(clone.undo()) == snapshot(state.undo())


def test_clone_is_a_different_object_with_equal_views() -> None:
    state = play_to_turn(ToyGame())
    clone = state.clone()
    assert clone is not state
    assert snapshot(clone) == snapshot(state)
    clone.apply(Step(2))
    assert state.observation(0)["tracks"] == [0, 0]


def test_repr_names_game_players_step_and_player() -> None:
    state = play_to_turn(ToyGame())
    assert repr(state) == "<ToyState secret-steps-test-only players=2 step=2 to_move=0>"
