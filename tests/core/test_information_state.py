"""Information state strings: perfect recall of what a seat has seen and done."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from test_observation_tensors import ToyWithTensor
from toy_game import Deal, Pass, Peek, Roll, Step, ToyGame, ToyState

from whaletable import games
from whaletable.core.action import Action
from whaletable.core.errors import IllegalAction
from whaletable.core.recall import canonical, observations
from whaletable.core.spec import TERMINAL
from whaletable.core.state import State
from whaletable.core.testing import Sample, check_observation_tensors, sample_states

GAME_IDS = [game.spec.id for game in games.all()]


def toy_after(*actions: Action) -> ToyState:
    state = ToyGame().new_state(2)
    for action in actions:
        state.apply(action)
    return state


@cache
def played(game_id: str, steps: int, seed: int) -> list[Action]:
    """The first ``steps`` actions of a seeded random game of ``game_id`` (3 seats)."""
    state = games.get(game_id).new_state(3)
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.history) < steps:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return list(state.history)


def replayed(game_id: str, actions: list[Action]) -> State:
    state = games.get(game_id).new_state(3)
    for action in actions:
        state.apply(action)
    return state


def test_same_present_different_past_gives_different_information_states() -> None:
    # Seat 1 walks 1 then 2, or 2 then 1: seat 0 ends up seeing the same position,
    # after as many steps, but saw seat 1 at square 1 in one game and square 2 in the other.
    deals = (Deal(1), Deal(2), Step(1), Step(1), Pass())
    one_then_two = toy_after(*deals, Step(1), Step(2), Pass())
    two_then_one = toy_after(*deals, Step(2), Step(1), Pass())
    assert one_then_two.observation(0) == two_then_one.observation(0)
    assert len(one_then_two.history) == len(two_then_one.history)
    assert one_then_two.information_state_string(0) != two_then_one.information_state_string(0)


def test_what_a_seat_cannot_see_leaves_its_information_state_alone() -> None:
    # Seat 1's secret differs; seat 0 never peeks, so it cannot tell the games apart.
    low = toy_after(Deal(1), Deal(0), Step(2), Pass(), Step(1), Pass())
    high = toy_after(Deal(1), Deal(2), Step(2), Pass(), Step(1), Pass())
    assert low.information_state_string(0) == high.information_state_string(0)
    assert low.information_state_string(1) != high.information_state_string(1)


def test_a_real_games_string_reads_back_to_every_observation_the_seat_had() -> None:
    actions = played("whale-riders", 120, 3)
    state = replayed("whale-riders", actions)
    text = state.information_state_string(0)
    steps = observations(text)
    assert len(steps) == len(actions) + 1
    walk = games.get("whale-riders").new_state(3)
    for step, (_, seen) in enumerate(steps):
        assert seen == json.loads(json.dumps(walk.observation(0))), f"step {step}"
        if step < len(actions):
            walk.apply(actions[step])


def test_each_line_is_what_the_seat_saw_at_that_step_and_did() -> None:
    actions = (Deal(1), Deal(2), Step(2), Peek(), Pass(), Step(1), Pass(), Roll(3))
    state = toy_after(*actions)
    text = state.information_state_string(0)
    lines = text.split("\n")
    assert len(lines) == len(actions) + 1
    for line in lines:
        assert json.dumps(json.loads(line), sort_keys=True, separators=(",", ":")) == line
    walk = ToyGame().new_state(2)
    actor = None
    for step, (acted, seen) in enumerate(observations(text)):
        assert seen == walk.observation(0), f"step {step}"
        assert acted == (actions[step - 1].to_json() if actor == 0 else None), f"step {step}"
        if step < len(actions):
            actor = walk.current_player()
            walk.apply(actions[step])


def test_a_step_where_the_seat_saw_nothing_new_is_an_empty_line() -> None:
    state = toy_after(Deal(1))
    # The first deal is seat 0's: seat 1 sees nothing of it, not even a changed field.
    assert state.information_state_string(1).split("\n")[1] == "{}"
    assert state.information_state_string(0).split("\n")[1] == '{"seen":[[["secrets",0],1]]}'


def test_a_seats_own_decision_is_recalled_even_where_the_observation_shows_nothing() -> None:
    actions = (Deal(1), Deal(2), Step(2))
    text = toy_after(*actions).information_state_string(0)
    assert json.loads(text.split("\n")[-1])["acted"] == {"type": "step", "size": 2}
    theirs = toy_after(*actions).information_state_string(1)
    assert "acted" not in json.loads(theirs.split("\n")[-1])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_asked_at_every_step_or_only_at_the_end_the_string_is_the_same(game_id: str) -> None:
    actions = played(game_id, 150, 7)
    every = games.get(game_id).new_state(3)
    for index, action in enumerate(actions):
        every.apply(action)
        if index % 3 == 0 or index > 140:  # gaps of two steps, then every step
            every.information_state_string(index % 3)
        every.information_state_string(1)
    end = replayed(game_id, actions)
    for seat in range(3):
        assert every.information_state_string(seat) == end.information_state_string(seat)


def test_a_clone_gives_its_sources_string_and_then_its_own() -> None:
    state = toy_after(Deal(1), Deal(2), Step(1))
    asked = state.information_state_string(0)
    twin = state.clone()
    assert twin.information_state_string(0) == asked
    assert twin.information_state_string(1) == state.information_state_string(1)
    twin.apply(Step(2))
    state.apply(Step(1))
    assert twin.information_state_string(0) != state.information_state_string(0)
    assert state.information_state_string(0) == toy_after(
        Deal(1), Deal(2), Step(1), Step(1)
    ).information_state_string(0)
    assert twin.information_state_string(0) == toy_after(
        Deal(1), Deal(2), Step(1), Step(2)
    ).information_state_string(0)


def test_a_clone_of_a_state_never_asked_gives_the_same_string() -> None:
    state = replayed("survive", played("survive", 60, 2))
    twin = state.clone()
    assert twin.information_state_string(2) == state.information_state_string(2)


def test_a_determinization_gives_the_seats_string_from_its_own_history() -> None:
    state = toy_after(Deal(1), Deal(2), Step(1), Pass())
    text = state.information_state_string(0)
    for seed in range(6):
        sample = state.determinize(0, random.Random(seed))
        assert sample.information_state_string(0) == text
    # Seat 1's secret was redrawn in some samples: seat 1's string is the sample's own.
    samples = [state.determinize(0, random.Random(k)) for k in range(12)]
    redrawn = [s for s in samples if s.history[1] != Deal(2)]
    assert redrawn
    for sample in redrawn:
        assert sample.information_state_string(1) != state.information_state_string(1)


def test_information_state_of_no_seat_is_refused() -> None:
    state = toy_after(Deal(1))
    for seat in (None, True, 2, -1):
        with pytest.raises(IllegalAction):
            state.information_state_string(seat)  # type: ignore[arg-type]


# --------------------------------------------- the kit holds determinizations to it


class GlimpseState(ToyState):
    """A peek shows the other secret until the peeker's next action only, and the
    toy's determinization, which reads the present, then redraws it."""

    __slots__ = ()

    def knows(self, seat: int | None, owner: int) -> bool:
        if self.secrets[owner] < 0:
            return False
        if self.to_move == TERMINAL:
            return True
        if seat is None:
            return False
        just_peeked = bool(self.history) and self.history[-1] == Peek() and self.to_move == seat
        return seat == owner or just_peeked


class GlimpseToy(ToyWithTensor):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return GlimpseState(self, num_players, options)


def test_kit_catches_a_determinization_that_forgets_what_the_seat_once_saw() -> None:
    # The glimpse is gone from the present observation (and the tensor): only the
    # seat's past shows that the determinization should have kept the secret it saw.
    samples: list[Sample] = [
        sample
        for sample in sample_states(GlimpseToy(), 200, seed=5)
        if Peek() in sample.state.history[:-1] and not sample.state.is_terminal()
    ]
    assert samples
    with pytest.raises(AssertionError, match="information state changes in a determinization"):
        check_observation_tensors(samples, rngs=1)


def test_canonical_text_sorts_keys_and_keeps_text_beyond_ascii_as_it_is() -> None:
    # Save the Whales' observations carry their cards' Persian and Vietnamese words.
    value = {"vi": "Bơi về nhà", "fa": "نهنگ", "counts": {2: 1, 1: 0}, "a": [True, None, 0.5]}
    text = canonical(value)
    assert text == ('{"a":[true,null,0.5],"counts":{"1":0,"2":1},"fa":"نهنگ","vi":"Bơi về nhà"}')
    assert json.loads(text) == {**value, "counts": {"1": 0, "2": 1}}
