"""Observation tensors and information states: fixed shapes, written from observations."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import pytest
from toy_game import SECRETS, Deal, ToyGame, ToyState

from whaletable import games
from whaletable.core.errors import IllegalAction, WhaletableError
from whaletable.core.recall import observations
from whaletable.core.tensor import Field, TensorLayout, TensorModule, TensorWriter
from whaletable.core.testing import Sample, check_observation_tensors, sample_states
from whaletable.games.whale_to_look.actions import Investigate

GAME_IDS = [game.spec.id for game in games.all()]


@cache
def samples(game_id: str, count: int) -> list[Sample]:
    return sample_states(games.get(game_id), count, seed=11, max_steps=2_000)


def test_layout_lays_fields_end_to_end() -> None:
    layout = TensorLayout((Field("a", (2, 3)), Field("b", (4,))))
    assert layout.shape == (10,)
    assert layout.offsets == {"a": (0, 6, (2, 3)), "b": (6, 10, (4,))}
    tensor = np.arange(10, dtype=np.float32)
    assert layout.view(tensor, "b").tolist() == [6.0, 7.0, 8.0, 9.0]


def test_a_cell_written_lands_where_its_fields_view_shows_it() -> None:
    layout = TensorLayout((Field("one", (1,)), Field("cube", (2, 3, 4)), Field("last", (3,))))
    rng = random.Random(3)
    for _ in range(50):
        out = TensorWriter(layout)
        cell = (rng.randrange(2), rng.randrange(3), rng.randrange(4))
        out.put("cube", 7, cell)
        out.one_hot("last", "c", "abc")
        out.put("one", True)
        expected = np.zeros((2, 3, 4), dtype=np.float32)
        expected[cell] = 7.0
        assert np.array_equal(layout.view(out.array, "cube"), expected)
        assert out.array[0] == 1.0 and layout.view(out.array, "last").tolist() == [0, 0, 1]
        assert out.array.sum() == 9.0


def test_a_cell_out_of_its_fields_range_is_refused_and_nothing_is_written() -> None:
    layout = TensorLayout((Field("a", (2, 2)), Field("b", (4,))))
    out = TensorWriter(layout)
    for cell in ((0, 2), (2, 0)):
        with pytest.raises(IndexError):
            out.put("a", 1.0, cell)
    with pytest.raises(IndexError):
        out.one_hot("a", 1, (0, 1), (2,))
    assert not out.array.any()


def test_layout_refuses_a_field_named_twice() -> None:
    with pytest.raises(ValueError, match="names a field twice"):
        TensorLayout((Field("a", (1,)), Field("a", (2,))))


def test_one_hot_of_an_unknown_value_is_refused_by_name() -> None:
    out = TensorWriter(TensorLayout((Field("phase", (2,)),)))
    with pytest.raises(ValueError, match="'phase': 'dusk' is none of"):
        out.one_hot("phase", "dusk", ("day", "night"))


def test_a_game_without_a_tensor_says_so() -> None:
    state = ToyGame().new_state(2)
    with pytest.raises(WhaletableError, match="declares no observation tensor"):
        state.observation_tensor(0)


def test_the_spectator_has_no_tensor() -> None:
    state = games.get("whale-to-look").new_state(3)
    with pytest.raises(IllegalAction, match="a seat's"):
        state.observation_tensor(None)  # type: ignore[arg-type]


def test_information_state_string_reads_the_observation() -> None:
    state = ToyGame().new_state(2)
    state.apply(Deal(2))
    state.apply(Deal(0))
    assert state.information_state_string(0) != state.information_state_string(1)
    assert observations(state.information_state_string(0))[-1][1]["secrets"] == [2, None]


def investigated_whale_to_look() -> tuple[object, int]:
    game = games.get("whale-to-look")
    state = game.new_state(3, {"start_player": 0, "area_layout": "ordered", "trending": "none"})
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    state.apply(Investigate(4))
    return state, state.observation(0)["fish"][4]


def test_whale_to_look_tensor_shows_a_fish_card_only_to_the_seat_that_looked() -> None:
    state, value = investigated_whale_to_look()
    layout = state.game.observation_layout(3)
    mine = layout.view(state.observation_tensor(0), "fish")
    theirs = layout.view(state.observation_tensor(1), "fish")
    assert mine[4].sum() == 1.0 and mine[4].argmax() == value
    assert theirs[4].sum() == 0.0


def test_seats_are_written_relative_to_the_observer() -> None:
    state, _ = investigated_whale_to_look()
    layout = state.game.observation_layout(3)
    # Seat 0 placed a marker by card 4: row 0 for seat 0, row 2 (= 0 - 1 mod 3) for seat 1.
    assert layout.view(state.observation_tensor(0), "markers")[4].tolist() == [1.0, 0.0, 0.0]
    assert layout.view(state.observation_tensor(1), "markers")[4].tolist() == [0.0, 0.0, 1.0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_declares_a_layout_for_every_player_count(game_id: str) -> None:
    game = games.get(game_id)
    for n in game.spec.num_players_range:
        layout = game.observation_layout(n)
        assert layout.size == sum(f.size for f in layout.fields) > 0
        assert all(f.doc for f in layout.fields)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tensors_keep_their_shape_and_hide_what_the_seat_cannot_know(game_id: str) -> None:
    assert check_observation_tensors(samples(game_id, 12), rngs=1) > 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tensors_keep_their_shape_and_hide_what_the_seat_cannot_know_over_many_states(
    game_id: str,
) -> None:
    assert check_observation_tensors(samples(game_id, 120), rngs=3) > 0


def _toy_layout(num_players: int, options: object) -> TensorLayout:
    return TensorLayout((Field("secrets", (2, len(SECRETS)), "one-hot secret per seat"),))


def _toy_write(obs: Mapping[str, Any], seat: int, out: TensorWriter) -> None:
    for owner, value in enumerate(obs["secrets"]):
        out.one_hot("secrets", value, SECRETS, (owner,))


class ToyWithTensor(ToyGame):
    tensor = TensorModule(_toy_layout, _toy_write)


class LeakyState(ToyState):
    __slots__ = ()

    def _observation(self, seat: int | None) -> dict[str, Any]:
        secrets = [v if v >= 0 else None for v in self.secrets]
        return {**super()._observation(seat), "secrets": secrets}


class LeakyToy(ToyWithTensor):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return LeakyState(self, num_players, options)


def test_kit_passes_a_tensor_of_what_the_seat_knows() -> None:
    assert check_observation_tensors(sample_states(ToyWithTensor(), 20, seed=3)) == 40


def test_kit_catches_a_tensor_showing_another_seats_secret() -> None:
    with pytest.raises(
        AssertionError, match=r"tensor changes in a determinization \(fields \['secrets'\]\)"
    ):
        check_observation_tensors(sample_states(LeakyToy(), 20, seed=3))
