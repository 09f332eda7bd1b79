"""The kit's checks of observations and scenes can fail: each fault below is caught."""

from __future__ import annotations

from typing import Any

import pytest
from toy_game import TOY_ID, Pass, Step, ToyGame, ToyState, play_to_turn, toy

from whaletable import games
from whaletable.core import view
from whaletable.core.observation import Observation
from whaletable.core.testing import check_observations, check_scenes, sample_states
from whaletable.core.view import Choice, Piece, Region, Scene, check_scene, scene_maker

__all__ = ["toy"]  # the fixture, imported for pytest


class ToyObservation(Observation):
    secrets: list[int | None]
    tracks: list[int]
    peeked: list[bool]
    round: int
    steps_taken: int
    tide: int


class DeclaredToy(ToyGame):
    observation_type = ToyObservation


class ScoresAlwaysShown(ToyState):
    def _observation(self, seat: int | None) -> dict[str, Any]:
        obs = super()._observation(seat)
        obs["scores"] = "P1 ahead"
        return obs


class LostCoreField(ToyState):
    def _observation(self, seat: int | None) -> dict[str, Any]:
        obs = super()._observation(seat)
        del obs["phase"]
        return obs


class UndeclaredField(ToyState):
    def _observation(self, seat: int | None) -> dict[str, Any]:
        return dict(super()._observation(seat), wind=3)


def _game_of(state_type: type[ToyState], declared: type | None) -> ToyGame:
    class Faulty(ToyGame):
        observation_type = declared

        def _new_state(self, num_players: int, options: Any) -> ToyState:
            return state_type(self, num_players, options)

    return Faulty()


def test_an_observation_with_its_declared_fields_passes() -> None:
    samples = sample_states(DeclaredToy(), 12, seed=1)
    assert check_observations(samples) == 12 * 3  # the spectator and both seats


@pytest.mark.parametrize(
    ("state_type", "declared", "message"),
    [
        (LostCoreField, None, "lacks the core fields ['phase']"),
        (ScoresAlwaysShown, None, "are not one number per seat"),
        (UndeclaredField, ToyObservation, "undeclared ['wind']"),
    ],
)
def test_an_observation_that_breaks_its_type_is_caught(
    state_type: type[ToyState], declared: type | None, message: str
) -> None:
    samples = sample_states(_game_of(state_type, declared), 12, seed=1)
    with pytest.raises(AssertionError, match=message.replace("[", r"\[").replace("]", r"\]")):
        check_observations(samples)


def _scene(choices: tuple[Choice, ...]) -> Scene:
    track = Region("track", "track", "Track", pieces=(Piece("walker-0", "walker", "P1", 0),))
    return Scene(status="P1 to move", regions=(track,), choices=choices)


def test_a_scene_offering_every_legal_action_once_passes(toy: ToyGame) -> None:
    state = play_to_turn(toy)
    legal = state.legal_actions()
    check_scene(_scene(tuple(Choice(a, str(a), "track") for a in legal)), legal, TOY_ID)


def test_a_scene_that_hides_a_legal_action_is_caught(toy: ToyGame) -> None:
    state = play_to_turn(toy)
    legal = state.legal_actions()
    shown = tuple(Choice(a, str(a), "track") for a in legal if a != Step(2))
    with pytest.raises(AssertionError, match="missing"):
        check_scene(_scene(shown), legal, TOY_ID)


def test_a_choice_aimed_at_nothing_on_the_scene_is_caught() -> None:
    with pytest.raises(AssertionError, match="no region or piece"):
        check_scene(_scene((Choice(Pass(), "pass", "harbour"),)), [Pass()], TOY_ID)


def test_a_key_used_twice_is_caught() -> None:
    twice = Region("walker-0", "track", "Track")
    scene = Scene("", regions=(_scene(()).regions[0], twice))
    with pytest.raises(AssertionError, match="keys used twice"):
        check_scene(scene, [], TOY_ID)


def test_a_game_without_a_view_module_has_no_scene_to_check(toy: ToyGame) -> None:
    assert scene_maker(toy) is None


def test_a_highlight_of_nothing_on_the_scene_is_caught() -> None:
    scene = Scene("", regions=_scene(()).regions, highlights=frozenset({"harbour"}))
    with pytest.raises(AssertionError, match="highlights name no region or piece"):
        check_scene(scene, [], TOY_ID)


def test_scenes_are_checked_with_the_last_steps_events_as_each_viewer_knows_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = games.get("whale-to-look")
    real = scene_maker(game)
    assert real is not None
    given: list[tuple[Any, ...]] = []

    def recording(obs: Any, legal: Any, names: Any, tr: Any, *, events: Any = ()) -> Scene:
        given.append(tuple(events))
        return real(obs, legal, names, tr, events=events)

    monkeypatch.setattr(view, "scene_maker", lambda _game: recording)
    samples = sample_states(game, 6, seed=3)
    assert check_scenes(samples) == len(given) > 0
    assert any(given), "no scene was given the events of its last step"
    for sample in samples:
        state = sample.state
        last = len(state.history) - 1
        if last < 0:
            continue
        replay = game.new_state(state.num_players, state.options, events=True)
        for action in state.history:
            replay.apply(action)
        # Each viewer's scene gets exactly what the choke point lets that viewer know.
        expected = [replay.step_events(None, last)]
        expected += [replay.step_events(seat, last) for seat in range(state.num_players)]
        assert [tuple(e) for e in expected] in [
            given[i : i + len(expected)] for i in range(0, len(given), len(expected))
        ]
