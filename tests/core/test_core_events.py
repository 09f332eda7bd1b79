"""Events: what the rules say happened, kept on request, seen through one choke point."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from toy_game import (
    TOY_ID,
    Deal,
    Dealt,
    Pass,
    Peek,
    Peeked,
    Roll,
    SecretsShown,
    Step,
    TideRose,
    ToyGame,
    ToyState,
    Walked,
    toy,
)

from whaletable.core import registry
from whaletable.core.errors import WhaletableError
from whaletable.core.event import Event
from whaletable.core.record import Record
from whaletable.core.testing import check_events, sample_states
from whaletable.core.words import english

__all__ = ["toy"]  # the fixture, imported for pytest


def dealt(game: ToyGame, secrets: tuple[int, int] = (1, 2)) -> ToyState:
    state = game.new_state(2, events=True)
    for value in secrets:
        state.apply(Deal(value))
    return state


def test_a_state_keeps_events_only_when_asked(toy: ToyGame) -> None:
    state = toy.new_state(2)
    state.apply(Deal(1))
    assert not state.keeps_events
    with pytest.raises(WhaletableError, match="keeps no events: create it with new_state"):
        state.events(None)


def test_each_event_carries_the_step_of_the_action_that_caused_it(toy: ToyGame) -> None:
    state = dealt(toy)
    state.apply(Step(2))
    assert state.events(0) == [(0, Dealt(0, 1)), (1, Dealt(1, None)), (2, Walked(0, 2))]
    assert state.events(0, since=2) == [(2, Walked(0, 2))]


def test_a_hidden_value_reaches_only_the_seats_seen_by_allows(toy: ToyGame) -> None:
    state = dealt(toy, (0, 2))
    state.apply(Peek())
    assert state.events(0, since=2) == [(2, Peeked(0, 2))]
    assert state.events(1, since=2) == [(2, Peeked(0, None))]
    assert state.events(None) == [
        (0, Dealt(0, None)),
        (1, Dealt(1, None)),
        (2, Peeked(0, None)),
    ]


def test_events_of_a_bad_seat_are_refused(toy: ToyGame) -> None:
    with pytest.raises(WhaletableError, match="no seat 2"):
        dealt(toy).events(2)


def test_a_clone_keeps_its_own_events(toy: ToyGame) -> None:
    state = dealt(toy)
    copy = state.clone()
    copy.apply(Step(1))
    assert copy.events(None, since=2) == [(2, Walked(0, 1))]
    assert state.events(None, since=2) == []


def test_a_determinization_keeps_no_events(toy: ToyGame) -> None:
    """A sample's events would tell made-up values as if they were true."""
    sample = dealt(toy).determinize(0, random.Random(1))
    assert not sample.keeps_events


def test_undo_keeps_the_events_of_the_steps_left(toy: ToyGame) -> None:
    state = dealt(toy)
    state.apply(Step(1))
    state.apply(Step(2))
    back = state.undo()
    assert back.events(0, since=2) == [(2, Walked(0, 1))]


def test_a_record_replays_with_its_events(toy: ToyGame) -> None:
    state = dealt(toy, (2, 0))
    for action in (Step(1), Pass(), Step(2), Pass(), Roll(3)):
        state.apply(action)
    replayed = Record.of(state).replay(events=True)
    assert replayed.events(None) == state.events(None)
    assert replayed.events(None, since=6)[-1] == (6, TideRose(3))


def test_the_end_shows_every_secret(toy: ToyGame) -> None:
    state = dealt(toy, (2, 0))
    for action in (Step(1), Pass(), Step(2), Pass(), Roll(1), Step(1), Pass(), Step(1), Pass()):
        state.apply(action)
    state.apply(Roll(2))
    assert state.is_terminal()
    assert state.events(None)[-1] == (11, SecretsShown((2, 0)))


def test_event_json_names_its_kind_and_blanks_what_is_hidden() -> None:
    assert Dealt(1, 2).seen_by(0) == Dealt(1, None)
    assert Dealt(1, 2).seen_by(0).to_json() == {"type": "dealt", "seat": 1, "value": None}
    assert SecretsShown((2, 0)).to_json() == {"type": "secrets_shown", "secrets": [2, 0]}


def test_a_game_without_words_says_each_event_plainly(toy: ToyGame) -> None:
    lines = toy.step_lines([Walked(1, 2), TideRose(3)], Step(2), 1, ["Ann", "Bao"], english)
    assert lines == ["Bao: Walked (squares 2)", "Tide rose (pips 3)"]


def test_a_game_without_events_says_each_seats_action_and_keeps_chance_quiet() -> None:
    class Mute(ToyGame):
        event_types = ()

    game = Mute()
    assert game.step_lines([], Step(2), 0, ["Ann", "Bao"], english) == ["Ann: Step (size 2)"]
    assert game.step_lines([], Deal(1), -1, ["Ann", "Bao"], english) == []


def test_a_game_words_its_events_its_own_way(toy: ToyGame) -> None:
    class Worded(ToyGame):
        def describe(self, event: Event, names: Any, tr: Any) -> str | None:
            if isinstance(event, Walked):
                return tr("{seat} walks {squares}").format(
                    seat=names[event.seat], squares=event.squares
                )
            return None  # silent on the rest

    lines = Worded().step_lines([Walked(0, 2), TideRose(1)], Step(2), 0, ["Ann", "Bao"], english)
    assert lines == ["Ann walks 2"]


# ------------------------------------------------- the kit catches leaky events


@dataclass(frozen=True, slots=True)
class LeakyDealt(Event):
    """Tells every viewer the secret dealt."""

    kind: ClassVar[str] = "dealt"
    seat: int
    value: int | None


class LeakyState(ToyState):
    __slots__ = ()

    def _emit(self, event: Any, *args: Any, **kwargs: Any) -> None:
        super()._emit(LeakyDealt if event is Dealt else event, *args, **kwargs)


class LeakyGame(ToyGame):
    event_types = (*ToyGame.event_types, LeakyDealt)

    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return LeakyState(self, num_players, options)


class UndeclaredGame(ToyGame):
    event_types = (Walked, Peeked, TideRose, SecretsShown)


def test_check_events_passes_the_sound_toy_game(toy: ToyGame) -> None:
    assert check_events(sample_states(toy, 30, seed=4)) == 30 * 2 * 2


def test_kit_catches_an_event_that_tells_a_hidden_value(monkeypatch: pytest.MonkeyPatch) -> None:
    game = LeakyGame()
    monkeypatch.setitem(registry._GAMES, TOY_ID, game)
    with pytest.raises(AssertionError, match=r"leak through events: what seat \d is told changes"):
        check_events(sample_states(game, 30, seed=4))


def test_kit_catches_an_event_the_game_does_not_declare(monkeypatch: pytest.MonkeyPatch) -> None:
    game = UndeclaredGame()
    monkeypatch.setitem(registry._GAMES, TOY_ID, game)
    with pytest.raises(AssertionError, match=r"emits dealt\(.*does not declare in its event_types"):
        check_events(sample_states(game, 30, seed=4))
