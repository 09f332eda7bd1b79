"""The test kit itself: it passes a sound game and catches each kind of broken one."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from toy_game import TOY_ID, Deal, Pass, Step, ToyGame, ToyState, play_to_turn, toy

from whaletable.core import registry
from whaletable.core.testing import (
    check_clone_independence,
    check_codec,
    check_illegal_actions,
    check_no_leaks,
    check_records,
    compare_transcript,
    option_sets,
    random_playouts,
    run_all,
    sample_states,
    setups,
    transcript,
    views,
)

__all__ = ["toy"]  # the fixture, imported for pytest


def samples_of(game: ToyGame, count: int = 40) -> list[Any]:
    return sample_states(game, count, seed=3)


def register(monkeypatch: pytest.MonkeyPatch, game: ToyGame) -> ToyGame:
    monkeypatch.setitem(registry._GAMES, TOY_ID, game)
    return game


# ------------------------------------------------------------ a sound game


def test_run_all_passes_the_sound_toy_game(toy: ToyGame) -> None:
    stats = run_all(toy, playouts=60, samples=30, seed=2)
    assert stats["games"] == 60
    assert stats["steps"] > 60
    assert stats["codes"] == toy.num_distinct_actions
    assert stats["clones"] == stats["records"] == 30
    assert stats["illegal_tries"] == 30 * toy.num_distinct_actions
    assert stats["determinizations"] == 30 * 2 * 3
    assert stats["transcripts"] == 1


def test_option_sets_cover_each_choice_alone_then_mixes() -> None:
    sets = option_sets(ToyGame(), seed=0)
    assert sets[:3] == [{}, {"rounds": 1}, {"peeking": False}]
    assert all(set(mix) == {"rounds", "peeking"} for mix in sets[3:])


def test_setups_cycle_player_counts_and_option_sets() -> None:
    from whaletable import games

    game = games.get("whale-to-look")
    first = list(setups(game, 8, seed=0))
    assert [s.num_players for s in first] == [2, 3, 4, 5, 2, 3, 4, 5]
    assert [dict(s.options) for s in first[:5]] == [{}, {}, {}, {}, {"edition": "vi"}]


def test_samples_include_starts_and_ends(toy: ToyGame) -> None:
    samples = samples_of(toy)
    assert len(samples) == 40
    assert any(s.step == 0 for s in samples)
    assert any(s.state.is_terminal() for s in samples)


# --------------------------------------------------------- broken games


class NeverEnding(ToyGame):
    """Passing hands the turn back and forth forever: no roll, no end."""

    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return NeverEndingState(self, num_players, options)


class NeverEndingState(ToyState):
    __slots__ = ()

    def _apply(self, action: Any) -> None:
        if isinstance(action, Pass):
            self.steps_taken = 0
            self.to_move = 1 - self.to_move
            return
        super()._apply(action)


def test_playouts_catch_a_game_that_never_ends() -> None:
    with pytest.raises(AssertionError) as caught:
        random_playouts(NeverEnding(), games=3, seed=5, max_steps=200)
    message = str(caught.value)
    assert message.startswith(f"{TOY_ID}: seed 5, game 0 (2 players")
    assert "step 200: no end after 200 steps" in message


class Crashing(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return CrashingState(self, num_players, options)


class CrashingState(ToyState):
    """A second step in a turn crashes the engine."""

    __slots__ = ()

    def _apply(self, action: Any) -> None:
        if isinstance(action, Step) and self.steps_taken == 1:
            raise KeyError("tracks")
        super()._apply(action)


def test_playouts_name_the_step_where_the_engine_crashed() -> None:
    with pytest.raises(AssertionError, match=r"seed 0, game \d+ .*, step \d+: KeyError: 'tracks'"):
        random_playouts(Crashing(), games=20, seed=0)


class SharedClone(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return SharedCloneState(self, num_players, options)


class SharedCloneState(ToyState):
    """A clone that shares the tracks list with its source."""

    __slots__ = ()

    def _clone(self) -> Any:
        new = super()._clone()
        new.tracks = self.tracks
        return new


def test_clone_check_catches_shared_data() -> None:
    with pytest.raises(AssertionError, match="playing on a clone changed its source"):
        check_clone_independence(samples_of(SharedClone()))


class Lenient(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return LenientState(self, num_players, options)


class LenientState(ToyState):
    """Its reasons forget the three-square step that legal_actions() never offers."""

    __slots__ = ()

    def _why_illegal(self, action: Any) -> str | None:
        if action == Step(3) and self.to_move >= 0:
            return None
        return super()._why_illegal(action)


def test_illegal_check_catches_reasons_that_disagree_with_legal_actions() -> None:
    with pytest.raises(AssertionError, match=r"step\(size=3\) is not in legal_actions\(\) but"):
        check_illegal_actions(samples_of(Lenient()))


class HalfApplied(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return HalfAppliedState(self, num_players, options)


class HalfAppliedState(ToyState):
    """Counts a refused pass as a step before refusing it."""

    __slots__ = ()

    def _why_illegal(self, action: Any) -> str | None:
        reason = super()._why_illegal(action)
        if reason is not None and isinstance(action, Pass) and self.to_move >= 0:
            self.tracks[self.to_move] += 1
        return reason


def test_illegal_check_catches_a_refused_action_that_changed_the_state() -> None:
    with pytest.raises(AssertionError, match=r"the rejected action pass\(\): observations changed"):
        check_illegal_actions(samples_of(HalfApplied()))


class TupleView(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return TupleViewState(self, num_players, options)


class TupleViewState(ToyState):
    """Its observation holds a tuple, which JSON turns into a list."""

    __slots__ = ()

    def _observation(self, seat: int | None) -> dict[str, Any]:
        view = super()._observation(seat)
        view["tracks"] = tuple(view["tracks"])
        return view


def test_record_check_catches_an_observation_that_is_not_plain_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = register(monkeypatch, TupleView())
    with pytest.raises(AssertionError, match=r"changes through JSON at \.tracks"):
        check_records(samples_of(game))


class Leaky(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return LeakyState(self, num_players, options)


class LeakyState(ToyState):
    """Shows every seat both secrets."""

    __slots__ = ()

    def _observation(self, seat: int | None) -> dict[str, Any]:
        view = super()._observation(seat)
        if seat is not None:
            view["secrets"] = list(self.secrets)
        return view


def test_leak_check_catches_a_seat_seeing_another_seats_secret() -> None:
    state = play_to_turn(Leaky(), secrets=(1, 2))
    assert state.observation(0)["secrets"] == [1, 2]
    with pytest.raises(AssertionError, match=r"leak: the observation of seat \d differs"):
        check_no_leaks(samples_of(Leaky()))


class StaleHistory(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return StaleHistoryState(self, num_players, options)


class StaleHistoryState(ToyState):
    """Redraws the unseen secret but keeps the true deal in the history."""

    __slots__ = ()

    def _determinize(self, seat: int, rng: random.Random) -> Any:
        new = super()._determinize(seat, rng)
        new.history = self.history.copy()
        return new


def test_leak_check_catches_a_history_that_tells_the_truth() -> None:
    with pytest.raises(AssertionError, match="the replayed determinization history"):
        check_no_leaks(samples_of(StaleHistory()))


class Frozen(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return FrozenState(self, num_players, options)


class FrozenState(ToyState):
    """Its determinizations are plain clones: they never redraw the unseen secret."""

    __slots__ = ()

    def _determinize(self, seat: int, rng: random.Random) -> Any:
        return self.clone()


def test_leak_check_catches_determinizations_that_never_vary() -> None:
    with pytest.raises(AssertionError, match="determinizations for each reproduce the true state"):
        check_no_leaks(samples_of(Frozen()))


class BadCodec(ToyGame):
    """Its step action comes back from JSON as a deal."""

    def action_from_json(self, data: Any) -> Any:
        if isinstance(data, dict) and data.get("type") == "step":
            return Deal(0)
        return super().action_from_json(data)


def test_codec_check_catches_an_action_that_changes_through_json() -> None:
    with pytest.raises(AssertionError, match=r"step\(size=1\) comes back from JSON as deal"):
        check_codec(BadCodec())


# ---------------------------------------------------------- transcripts


def test_transcript_is_reproducible_and_seed_dependent(toy: ToyGame) -> None:
    text = transcript(toy, 2, seed=4)
    assert text == transcript(toy, 2, seed=4)
    assert text != transcript(toy, 2, seed=5)
    lines = text.splitlines()
    assert lines[0] == f"# {TOY_ID} version 1"
    assert lines[1] == "# players 2 seed 4 options {}"
    assert lines[2] == "step 0 start"
    assert lines[3].startswith('  the spectator {"peeked":[false,false]')
    assert lines[6].startswith("step 1 chance legal 3 {")
    assert lines[-1].startswith("end scores [")


def _set(view: Any, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        view = view[int(key)] if isinstance(view, list) else view[key]
    if value == "<gone>":
        del view[last]
    elif isinstance(view, list):
        view[int(last)] = value
    else:
        view[last] = value


def test_transcript_changes_rebuild_every_viewer_after_every_step(toy: ToyGame) -> None:
    text = transcript(toy, 2, seed=1, options={"rounds": 1})
    state = toy.new_state(2, {"rounds": 1})
    shown: dict[str, Any] = {}
    names = ["the spectator", "seat 0", "seat 1"]
    steps = 0

    def check() -> None:
        for name, view in zip(names, views(state), strict=True):
            assert shown[name] == view, f"{name} after step {steps}"

    for line in text.splitlines():
        if line.startswith("step ") and not line.endswith(" start"):
            check()
            state.apply(toy.action_from_json(json.loads(line[line.index("{") :])))
            steps += 1
        elif line.startswith("  "):
            name = next(n for n in names if line.startswith(f"  {n} "))
            rest = line[len(name) + 3 :]
            if name not in shown:
                shown[name] = json.loads(rest)
            else:
                path, _, value = rest.partition(" = ")
                _set(shown[name], path, json.loads(value))
    check()
    assert state.is_terminal() and steps > 3
    step_lines = [line for line in text.splitlines() if line.startswith("step ")]
    assert any(" seat 0 legal " in line for line in step_lines)
    assert any(" seat 1 legal " in line for line in step_lines)


def test_compare_transcript_names_the_first_differing_line() -> None:
    stored = "a\nb\nc\n"
    compare_transcript(stored, "a\nb\nc\n")
    with pytest.raises(AssertionError) as caught:
        compare_transcript(stored, "a\nB\nx\n", name="g.txt", hint="regenerate it")
    message = str(caught.value)
    assert message.startswith("g.txt: line 2 differs at column 1")
    assert "stored:      b" in message
    assert "regenerated: B" in message
    assert message.endswith("regenerate it")


def test_compare_transcript_catches_a_shorter_or_longer_transcript() -> None:
    with pytest.raises(
        AssertionError, match=r"line 3 differs\n  stored:      c\n  regenerated: \(no"
    ):
        compare_transcript("a\nb\nc\n", "a\nb\n")
    with pytest.raises(AssertionError, match=r"line 2 differs\n  stored:      \(no such line\)"):
        compare_transcript("a\n", "a\nb\n")
