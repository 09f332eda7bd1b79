"""The test kit itself: it passes a sound game and catches each kind of broken one."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from toy_game import TOY_ID, Deal, Pass, Peek, Step, ToyGame, ToyState, play_to_turn, toy

from whaletable.core import registry
from whaletable.core.errors import BadOption, IllegalAction
from whaletable.core.result import Result
from whaletable.core.spec import Utility
from whaletable.core.testing import (
    check_clone_independence,
    check_codec,
    check_final_returns,
    check_illegal_actions,
    check_integer_api,
    check_no_leaks,
    check_records,
    check_spectator_privacy,
    check_undo,
    compare_transcript,
    option_sets,
    random_playouts,
    refusal,
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
    assert stats["spectator_redraws"] == 30 * 2 * 3
    assert stats["event_redraws"] == 30 * 2 * 2
    assert stats["undone"] > 0
    assert stats["undo_refused"] > 0
    assert "transcripts" not in stats  # compared only with stored files (tests/golden)
    assert stats["coded_games"] == 2
    assert "tensor_views" not in stats  # the toy game declares no observation tensor


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


class TieCalledAWin(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return TieCalledAWinState(self, num_players, options)


class TieCalledAWinState(ToyState):
    """Its result calls a tie a shared win, though a tie pays nobody."""

    __slots__ = ()

    def _result(self) -> Result:
        result = super()._result()
        return dataclasses.replace(
            result,
            standings=tuple(dataclasses.replace(s, winner=s.place == 1) for s in result.standings),
        )


def test_playouts_catch_a_result_naming_a_winner_that_returns_do_not_pay() -> None:
    with pytest.raises(
        AssertionError,
        match=r"step \d+: the result contradicts .* seat \d+ "
        r"is a winner but its return is 0.0",
    ):
        random_playouts(TieCalledAWin(), games=60, seed=1)
    random_playouts(ToyGame(), games=60, seed=1)  # the sound toy: the fault is caught


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


def test_refusal_gives_the_reason_and_checks_nothing_changed(toy: ToyGame) -> None:
    state = play_to_turn(toy)
    assert refusal(state, Pass()).strip()
    with pytest.raises(AssertionError, match="is a legal action here"):
        refusal(state, Peek())
    with pytest.raises(AssertionError, match=r"the refused action pass\(\): observations changed"):
        refusal(play_to_turn(HalfApplied()), Pass())


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


# ------------------------------------------------------------------ returns


class RunningReturns(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return RunningReturnsState(self, num_players, options)


class RunningReturnsState(ToyState):
    """Pays the leader during play, as if returns were a running score."""

    __slots__ = ()

    def returns(self) -> list[float]:
        a, b = self.scores()
        return [float(a > b), float(b > a)]


def test_playouts_catch_returns_paid_before_the_end() -> None:
    with pytest.raises(AssertionError, match=r"returns \[.*\] before the end"):
        random_playouts(RunningReturns(), games=20, seed=1)


def declaring(**utility: Any) -> ToyGame:
    """The sound toy game with another utility declaration."""
    spec = dataclasses.replace(ToyGame.spec, **utility)
    return type("Declared", (ToyGame,), {"spec": spec})()  # type: ignore[no-any-return]


def test_playouts_catch_returns_outside_the_declared_range() -> None:
    with pytest.raises(AssertionError, match=r"return 1.0 is outside the declared utility range"):
        random_playouts(declaring(max_utility=0.5), games=20, seed=1)


def test_playouts_catch_returns_that_break_the_declared_sum() -> None:
    # A tie pays nobody, so the toy's returns do not always add up to 1.
    game = declaring(utility=Utility.CONSTANT_SUM, utility_sum=1.0)
    with pytest.raises(
        AssertionError, match=r"add up to 0.0, but the game is declared constant-sum"
    ):
        random_playouts(game, games=60, seed=1)


def test_playouts_catch_returns_that_are_not_shared_in_a_team_game() -> None:
    with pytest.raises(AssertionError, match=r"differ, but the game declares them identical"):
        random_playouts(declaring(utility=Utility.IDENTICAL), games=20, seed=1)


def test_check_final_returns_accepts_what_the_declaration_allows() -> None:
    spec = declaring(utility=Utility.ZERO_SUM, min_utility=-1.0, max_utility=1.0).spec
    check_final_returns(spec, [1.0, -0.5, -0.5], "here")
    with pytest.raises(AssertionError, match=r"^here: returns \[1.0, 0.0\] add up to 1.0"):
        check_final_returns(spec, [1.0, 0.0], "here")
    with pytest.raises(AssertionError, match=r"seat 1's return nan is not a number"):
        check_final_returns(spec, [0.0, math.nan], "here")


# --------------------------------------------------------------------- undo


def test_undo_check_passes_the_sound_toy_game(toy: ToyGame) -> None:
    stats = check_undo(toy, games=20, seed=1)
    assert stats.games == 20
    assert stats.undone > 0  # a second step, and a pass after a step, can be taken back
    assert stats.refused > 0  # the deals, the tide, a peek and the pass that ends a turn
    assert stats.reveal_probes > 0


def test_undo_is_refused_after_a_peek_and_allowed_after_a_step() -> None:
    state = play_to_turn(ToyGame())
    assert not state.can_undo()  # the deal came last
    state.apply(Step(1))
    assert state.can_undo()
    assert views(state.undo()) == views(play_to_turn(ToyGame()))
    state.apply(Peek())
    assert not state.can_undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo()


class UnmarkedPeek(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return UnmarkedPeekState(self, num_players, options)


class UnmarkedPeekState(ToyState):
    """Forgets that a peek reveals the other seat's secret: undo could take it back."""

    __slots__ = ()

    def _is_barrier(self, action: Any) -> bool:
        return False


def test_undo_check_catches_a_reveal_the_game_does_not_mark() -> None:
    with pytest.raises(
        AssertionError, match=r"\(peek\(\)\): the decision reveals hidden information to seat"
    ):
        check_undo(UnmarkedPeek(), games=20, seed=1)


class ForgetfulUndo(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return ForgetfulUndoState(self, num_players, options)


class ForgetfulUndoState(ToyState):
    """Takes the last action off the history but leaves the position as it is."""

    __slots__ = ()

    def undo(self) -> Any:
        if not self.can_undo():
            return super().undo()
        new = self.clone()
        new.history.pop()
        return new


def test_undo_check_catches_an_undo_that_does_not_restore_the_state() -> None:
    with pytest.raises(
        AssertionError, match=r"undo did not restore the earlier state: observations changed"
    ):
        check_undo(ForgetfulUndo(), games=20, seed=1)


class UndoAnything(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return UndoAnythingState(self, num_players, options)


class UndoAnythingState(ToyState):
    """Offers to undo anything, the deal of the secrets included."""

    __slots__ = ()

    def can_undo(self) -> bool:
        return bool(self.history)


def test_undo_check_catches_undo_across_a_chance_outcome() -> None:
    with pytest.raises(
        AssertionError, match=r"step 1 \(deal\(value=\d\)\): undo is offered across a chance"
    ):
        check_undo(UndoAnything(), games=3, seed=1)


class NoUndo(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return NoUndoState(self, num_players, options)


class NoUndoState(ToyState):
    """Never lets a seat take anything back."""

    __slots__ = ()

    def can_undo(self) -> bool:
        return False


def test_undo_check_catches_undo_refused_within_a_seat_s_own_turn() -> None:
    with pytest.raises(AssertionError, match=r"undo is refused for the seat's own decision"):
        check_undo(NoUndo(), games=3, seed=1)


# ------------------------------------------------------------ the spectator


class SpectatorSeesSeatZero(ToyGame):
    def _new_state(self, num_players: int, options: Any) -> ToyState:
        return SpectatorSeesSeatZeroState(self, num_players, options)


class SpectatorSeesSeatZeroState(ToyState):
    """Shows the spectator seat 0's secret."""

    __slots__ = ()

    def _observation(self, seat: int | None) -> dict[str, Any]:
        view = super()._observation(seat)
        if seat is None:
            view["secrets"] = [self.secrets[0] if self.secrets[0] >= 0 else None, None]
        return view


def test_spectator_check_catches_a_secret_shown_to_the_spectator() -> None:
    with pytest.raises(
        AssertionError, match=r"leak to the spectator: its view changes .* at \.secrets\[0\]"
    ):
        check_spectator_privacy(samples_of(SpectatorSeesSeatZero()))


def test_spectator_check_passes_the_sound_toy_game(toy: ToyGame) -> None:
    assert check_spectator_privacy(samples_of(toy), rngs=2) == 40 * 2 * 2


# ---------------------------------------------------------- transcripts


STORED_TOY_TRANSCRIPT = (
    Path(__file__).resolve().parents[1] / "golden" / ("secret-steps-test-only-2p.txt")
)


def test_transcript_matches_the_stored_one_and_depends_on_the_seed(toy: ToyGame) -> None:
    """Compared with the file in tests/golden, never with a transcript made in this run."""
    text = transcript(toy, 2, seed=4)
    compare_transcript(
        STORED_TOY_TRANSCRIPT.read_text(encoding="utf-8"),
        text,
        name=STORED_TOY_TRANSCRIPT.name,
        hint="If the change is intended, run tests/golden/regenerate.py --game " + TOY_ID,
    )
    assert text != transcript(toy, 2, seed=5)
    lines = text.splitlines()
    assert lines[0] == f"# {TOY_ID} version 1"
    assert lines[1] == "# players 2 seed 4 options {}"
    assert lines[2] == "step 0 start"
    assert lines[3].startswith('  the spectator {"game":"' + TOY_ID + '","num_players":2')
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


class NoSetupToy(ToyGame):
    """A toy whose every option set is rejected at every player count."""

    def new_state(self, num_players: int, options: Any = None, **kwargs: Any) -> ToyState:
        raise BadOption(f"no table for {num_players}")


@pytest.mark.parametrize(
    "check",
    [random_playouts, check_undo, check_integer_api],
    ids=["playouts", "undo", "integer-api"],
)
def test_a_game_that_rejects_every_option_set_is_reported_not_passed(check: Any) -> None:
    with pytest.raises(AssertionError, match="no option set could be played"):
        check(NoSetupToy(), games=3, seed=0)
