"""The kit proves it can fail: broken copies of every registered game are caught.

Each copy is the real game with one fault wrapped around its state: a hidden value
leaked through ``observation()``, a clone that shares a list with its source, an
undo that does not restore the state or that crosses a barrier. The faults are
built from the state's own slots, found by sampling (what a determinization
redraws is hidden; what play changes in place is mutable), so a new game is
covered by registering.
"""

from __future__ import annotations

import dataclasses
import random
import re
from functools import cache
from typing import Any, ClassVar

import pytest

from whaletable import games
from whaletable.core.action import Action
from whaletable.core.errors import BadOption
from whaletable.core.game import Game
from whaletable.core.result import Result
from whaletable.core.state import State
from whaletable.core.testing import (
    Sample,
    Setup,
    check_clone_independence,
    check_no_leaks,
    check_spectator_privacy,
    check_undo,
    option_sets,
    random_playouts,
    sample_states,
    setups,
)

GAME_IDS = [game.spec.id for game in games.all()]
BASE_SLOTS = frozenset(State.__slots__)
SAMPLES = 24
MAX_STEPS = 2_000
SEED = 7


def state_slots(state: State) -> list[str]:
    """The game's own fields of a state (the core's are left out)."""
    names = {
        name
        for cls in type(state).__mro__
        for name in getattr(cls, "__slots__", ())
        if name not in BASE_SLOTS
    }
    return sorted(names)


@cache
def sound_samples(game_id: str) -> tuple[Sample, ...]:
    return tuple(sample_states(games.get(game_id), SAMPLES, seed=SEED, max_steps=MAX_STEPS))


@cache
def hidden_slots(game_id: str) -> tuple[str, ...]:
    """The fields some determinization redraws: what some seat cannot know."""
    found: set[str] = set()
    for sample in sound_samples(game_id):
        state = sample.state
        names = state_slots(state)
        for seat in range(state.num_players):
            redrawn = state.determinize(seat, random.Random(f"{sample.where()}/{seat}"))
            found.update(n for n in names if getattr(redrawn, n) != getattr(state, n))
    return tuple(sorted(found))


@cache
def mutable_lists(game_id: str) -> dict[str, tuple[int, dict[str, Any], tuple[Action, ...]]]:
    """The list fields that play changes in place, so a clone must copy them.

    Each with where it first changed: the player count, the options and the
    actions before it. One seeded game per pairing of player count and option set.
    """
    game = games.get(game_id)
    pairings = (game.spec.max_players - game.spec.min_players + 1) * len(option_sets(game))
    found: dict[str, tuple[int, dict[str, Any], tuple[Action, ...]]] = {}
    for setup in setups(game, pairings, seed=SEED):
        num_players, options = setup.num_players, dict(setup.options)
        try:
            state = game.new_state(num_players, options)
        except BadOption:
            continue
        rng = random.Random(setup.where())
        names = [n for n in state_slots(state) if isinstance(getattr(state, n), list)]
        while not state.is_terminal():
            before = {n: (getattr(state, n), list(getattr(state, n))) for n in names}
            prefix = tuple(state.history)
            moves = state.legal_actions()
            state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(moves))
            for name, (kept, copy) in before.items():
                if name not in found and getattr(state, name) is kept and kept != copy:
                    found[name] = (num_players, options, prefix)
    return found


# ------------------------------------------------------------- broken copies


class KeepsItsClass:
    """A fault mixed into a game's state survives clones and determinizations."""

    __slots__ = ()

    def _clone(self) -> Any:
        new = super()._clone()  # type: ignore[misc]
        new.__class__ = type(self)
        return new

    def _determinize(self, seat: int, rng: random.Random) -> Any:
        new = super()._determinize(seat, rng)  # type: ignore[misc]
        new.__class__ = type(self)
        return new


def _plain(value: Any) -> Any:
    """A JSON-like copy, so the leaked value is the state's and not shared with it."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


class LeaksToSeats(KeepsItsClass):
    """Every seat's observation carries the hidden fields whole."""

    __slots__ = ()
    leaked: ClassVar[tuple[str, ...]] = ()

    def _observation(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = super()._observation(seat)  # type: ignore[misc]
        if seat is not None:
            view["leaked"] = {name: _plain(getattr(self, name)) for name in self.leaked}
        return view


class LeaksToSpectator(KeepsItsClass):
    """Only the spectator's observation carries the hidden fields."""

    __slots__ = ()
    leaked: ClassVar[tuple[str, ...]] = ()

    def _observation(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = super()._observation(seat)  # type: ignore[misc]
        if seat is None:
            view["leaked"] = {name: _plain(getattr(self, name)) for name in self.leaked}
        return view


class SharesAList(KeepsItsClass):
    """Its clone shares one list with its source instead of copying it."""

    __slots__ = ()
    shared: ClassVar[str] = ""

    def _clone(self) -> Any:
        new = super()._clone()
        setattr(new, self.shared, getattr(self, self.shared))
        return new


class ForgetfulUndo(KeepsItsClass):
    """Its undo drops the last action from the history but leaves the position as it is."""

    __slots__ = ()

    def undo(self) -> Any:
        if not self.can_undo():  # type: ignore[attr-defined]
            return super().undo()  # type: ignore[misc]
        new = self.clone()  # type: ignore[attr-defined]
        new.history.pop()
        return new


class UndoesAnything(KeepsItsClass):
    """Its undo ignores the policy: chance outcomes, reveals and other seats' turns too."""

    __slots__ = ()

    def can_undo(self) -> bool:
        return bool(self.history)  # type: ignore[attr-defined]

    def undo(self) -> Any:
        state = self.game.new_state(self.num_players, self.options)  # type: ignore[attr-defined]
        for action in self.history[:-1]:  # type: ignore[attr-defined]
            state.apply(action)
        return state


class LosersCalledWinners(KeepsItsClass):
    """Its result calls every loser a winner and every winner a loser, so it names
    winners that ``returns()`` does not pay (or drops those it pays)."""

    __slots__ = ()

    def _result(self) -> Result:
        result: Result = super()._result()  # type: ignore[misc]
        return dataclasses.replace(
            result,
            standings=tuple(dataclasses.replace(s, winner=not s.winner) for s in result.standings),
        )


def broken_copy(game_id: str, fault: type, **settings: Any) -> Game[Any]:
    """The registered game, its states built with ``fault`` mixed in (and ``settings`` set)."""
    game = games.get(game_id)
    real = type(game.new_state(game.spec.min_players))
    mixin = type(fault.__name__, (fault,), {"__slots__": (), **settings})
    state_class = type(f"{fault.__name__}{real.__name__}", (mixin, real), {"__slots__": ()})

    def _new_state(self: Game[Any], num_players: int, options: Any) -> State:
        state = type(game)._new_state(self, num_players, options)
        state.__class__ = state_class
        return state

    broken: Game[Any] = type(
        f"Broken{type(game).__name__}", (type(game),), {"_new_state": _new_state}
    )()
    return broken


def broken_samples(copy: Game[Any]) -> list[Sample]:
    """The sound game's samples, replayed on the broken copy (which plays them alike)."""
    out = []
    for sample in sound_samples(copy.spec.id):
        state = copy.new_state(sample.state.num_players, sample.state.options)
        for action in sample.state.history:
            state.apply(action)
        out.append(Sample(state, sample.setup, sample.step))
    return out


# ------------------------------------------------------------------- checks


def test_broken_copies_are_the_real_game_with_one_fault() -> None:
    """A fault changes only what it is about: the copy plays the same seeded game."""
    for game_id in GAME_IDS:
        copy = broken_copy(game_id, UndoesAnything)
        sound = sound_samples(game_id)
        faulty = sample_states(copy, SAMPLES, seed=SEED, max_steps=MAX_STEPS)
        assert type(faulty[-1].state).__name__.startswith("UndoesAnything"), game_id
        assert type(faulty[-1].state.clone()) is type(faulty[-1].state), game_id
        assert [s.state.history for s in faulty] == [s.state.history for s in sound], game_id


def leaks_escaping(game_id: str, fault: type, check: Any, message: str) -> list[str]:
    """The hidden fields whose leak (each alone) the check lets through."""
    hidden = hidden_slots(game_id)
    if not hidden:
        pytest.skip(f"{game_id} keeps nothing hidden in its state: there is no value to leak")
    escaped = []
    for name in hidden:
        copy = broken_copy(game_id, fault, leaked=(name,))
        try:
            check(broken_samples(copy))
        except AssertionError as e:
            assert re.search(message, str(e)), str(e)
        else:
            escaped.append(name)
    return escaped


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kit_catches_a_hidden_value_leaked_to_the_seats(game_id: str) -> None:
    escaped = leaks_escaping(
        game_id, LeaksToSeats, check_no_leaks, r"leak: the observation of seat \d+ differs"
    )
    assert not escaped, f"{game_id}: seats seeing {escaped} passed the leak check"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kit_catches_a_hidden_value_leaked_to_the_spectator(game_id: str) -> None:
    escaped = leaks_escaping(
        game_id, LeaksToSpectator, check_spectator_privacy, "leak to the spectator"
    )
    assert not escaped, f"{game_id}: a spectator seeing {escaped} passed the privacy check"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kit_catches_a_clone_sharing_any_list_play_changes(game_id: str) -> None:
    """For each list, the kit's own samples and the state where play first changes it."""
    lists = mutable_lists(game_id)
    assert lists, f"{game_id}: play changes no list in place"
    escaped = []
    for name, (num_players, options, prefix) in sorted(lists.items()):
        copy = broken_copy(game_id, SharesAList, shared=name)
        state = copy.new_state(num_players, options)
        for action in prefix:
            state.apply(action)
        where = Setup(game_id, SEED, 0, num_players, options)
        try:
            check_clone_independence([*broken_samples(copy), Sample(state, where, len(prefix))])
        except AssertionError as e:
            assert re.search(r"changed its (source|clone)|raised", str(e)), str(e)
        else:
            escaped.append(name)
    assert not escaped, f"{game_id}: a clone sharing {escaped} passed the clone check"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kit_catches_an_undo_that_does_not_restore_the_state(game_id: str) -> None:
    copy = broken_copy(game_id, ForgetfulUndo)
    with pytest.raises(AssertionError, match="undo did not restore the earlier state"):
        check_undo(copy, games=12, seed=SEED, max_steps=MAX_STEPS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kit_catches_an_undo_across_a_barrier(game_id: str) -> None:
    copy = broken_copy(game_id, UndoesAnything)
    with pytest.raises(AssertionError, match="undo is offered across"):
        check_undo(copy, games=2, seed=SEED, max_steps=MAX_STEPS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kit_catches_a_result_whose_winners_returns_do_not_pay(game_id: str) -> None:
    copy = broken_copy(game_id, LosersCalledWinners)
    caught = r"the result contradicts .*(winner but its return is|not exactly the seats in first)"
    with pytest.raises(AssertionError, match=caught):
        random_playouts(copy, games=4, seed=SEED, max_steps=MAX_STEPS)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_sound_games_pass_the_same_checks_on_the_same_samples(game_id: str) -> None:
    """So each failure above is the fault's, not the samples'."""
    picked = list(sound_samples(game_id))
    seats = sum(s.state.num_players for s in picked)
    assert check_no_leaks(picked, rngs=3) == 3 * seats
    assert check_spectator_privacy(picked, rngs=3) == 3 * seats
    assert check_clone_independence(picked) == SAMPLES
