"""The integer API: player codes and chance codes in separate spaces, masks, apply_code."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from toy_game import Deal, Peek, Roll, Step, ToyGame, ToyOptions, ToyState

from whaletable import games
from whaletable.core.errors import IllegalAction
from whaletable.core.game import MAX_GAME_LENGTH
from whaletable.core.spec import ChanceMode, GameSpec, Information, Utility
from whaletable.core.state import State
from whaletable.core.testing import check_integer_api, views

GAME_IDS = [game.spec.id for game in games.all()]


def dealt_toy() -> tuple[ToyGame, object]:
    game = ToyGame()
    state = game.new_state(2)
    state.apply(Deal(1))
    state.apply(Deal(2))
    return game, state


def test_player_and_chance_actions_are_numbered_in_separate_spaces() -> None:
    game = ToyGame()
    assert game.num_chance_outcomes + game.num_player_actions == game.num_distinct_actions
    chance = [game.chance_outcome(c) for c in range(game.num_chance_outcomes)]
    player = [game.player_action(c) for c in range(game.num_player_actions)]
    assert all(isinstance(a, Deal | Roll) for a in chance)
    assert not any(isinstance(a, Deal | Roll) for a in player)
    assert game.max_chance_outcomes == game.num_chance_outcomes


def test_encode_and_decode_keep_numbering_every_action_in_one_space() -> None:
    game = ToyGame()
    every = [game.decode(i) for i in range(game.num_distinct_actions)]
    assert [game.encode(a) for a in every] == list(range(game.num_distinct_actions))
    assert any(isinstance(a, Deal) for a in every) and any(isinstance(a, Step) for a in every)


def test_legal_codes_are_the_legal_actions_codes_ascending() -> None:
    game, state = dealt_toy()
    codes = state.legal_action_codes()
    assert codes == sorted(game.player_code(a) for a in state.legal_actions())
    assert [game.player_action(c) for c in codes] == sorted(
        state.legal_actions(), key=game.player_code
    )


def test_mask_has_one_flag_per_player_code_true_at_the_legal_ones() -> None:
    game, state = dealt_toy()
    mask = state.legal_action_mask()
    assert len(mask) == game.num_player_actions
    assert [c for c, legal in enumerate(mask) if legal] == state.legal_action_codes()


def test_mask_is_a_read_only_numpy_bool_array_whose_sample_applies_as_its_code() -> None:
    _, state = dealt_toy()
    mask = state.legal_action_mask()
    assert mask.dtype == np.bool_ and not mask.flags.writeable
    twin = state.clone()
    sample = mask.nonzero()[0][0]  # a NumPy integer, as a policy samples it
    state.apply_code(sample)
    twin.apply_code(int(sample))
    assert views(state) == views(twin) and state.history == twin.history


def test_chance_node_offers_chance_codes_with_their_probabilities() -> None:
    game = ToyGame()
    state = game.new_state(2)
    pairs = state.chance_outcome_codes()
    assert [(game.chance_outcome(c), p) for c, p in pairs] == state.chance_outcomes()
    assert state.legal_action_codes() == sorted(c for c, _ in pairs)
    assert len(state.legal_action_mask()) == game.num_chance_outcomes


def test_apply_code_applies_the_decoded_action() -> None:
    game, state = dealt_toy()
    twin = state.clone()
    code = game.player_code(Peek())
    state.apply_code(code)
    twin.apply(Peek())
    assert views(state) == views(twin)
    assert state.history == twin.history
    assert state.can_undo() == twin.can_undo()


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8, np.intp])
def test_apply_code_accepts_numpy_integers(kind: type) -> None:
    game, state = dealt_toy()
    state.apply_code(kind(game.player_code(Step(2))))
    assert state.history[-1] == Step(2)


@pytest.mark.parametrize(
    "code", [True, np.True_, 1.0, np.float32(1.0), np.timedelta64(1), "1", None]
)
@pytest.mark.parametrize("looked_up", [False, True], ids=["fresh", "codes-looked-up"])
def test_codes_that_are_not_integers_are_refused_by_name_and_change_nothing(
    code: object, looked_up: bool
) -> None:
    game, state = dealt_toy()
    if looked_up:  # the position's legal codes are remembered, and 1 is among them
        assert 1 in state.legal_action_codes()
    before = (views(state), list(state.history))
    with pytest.raises(IllegalAction, match="a code must be an integer"):
        state.apply_code(code)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="a code must be an integer"):
        game.player_action(code)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="a code must be an integer"):
        game.decode(code)  # type: ignore[arg-type]
    assert (views(state), list(state.history)) == before


def test_decode_accepts_numpy_integers_with_the_same_meaning() -> None:
    game = ToyGame()
    assert game.decode(np.int64(3)) == game.decode(3)


def test_a_code_outside_the_space_is_refused_naming_the_range() -> None:
    game, state = dealt_toy()
    with pytest.raises(IllegalAction, match=rf"codes are 0\.\.{game.num_player_actions - 1}"):
        state.apply_code(game.num_player_actions)


def test_an_illegal_code_is_refused_with_the_rules_reason_and_changes_nothing() -> None:
    game, state = dealt_toy()
    state.apply_code(game.player_code(Peek()))
    before = (views(state), list(state.history))
    with pytest.raises(IllegalAction, match="peeked already"):
        state.apply_code(game.player_code(Peek()))
    assert (views(state), list(state.history)) == before


def test_a_code_legal_at_an_earlier_step_is_checked_again() -> None:
    game, state = dealt_toy()
    peek = game.player_code(Peek())
    assert peek in state.legal_action_codes()
    state.apply(Peek())
    before = (views(state), list(state.history))
    with pytest.raises(IllegalAction, match="peeked already"):
        state.apply_code(peek)
    assert (views(state), list(state.history)) == before


def test_a_chance_code_at_a_decision_is_read_in_the_player_space() -> None:
    # The same integer means different things at a chance node and at a decision.
    game, state = dealt_toy()
    code = game.player_code(Step(1))
    state.apply_code(code)
    assert state.history[-1] == Step(1)
    assert game.chance_outcome(code) != Step(1)


def test_the_end_has_no_codes_and_refuses_any() -> None:
    game = ToyGame()
    state = game.new_state(2)
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_code(rng.choice(state.legal_action_codes()))
        else:
            state.apply_code(rng.choice(state.legal_action_codes()))
    assert state.legal_action_codes() == []
    assert not any(state.legal_action_mask())
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply_code(0)


def test_a_clone_does_not_reuse_the_codes_of_its_source() -> None:
    game, state = dealt_toy()
    state.legal_action_codes()
    twin = state.clone()
    twin.apply(Step(1))
    twin.apply(Step(1))
    assert twin.legal_action_codes() != state.legal_action_codes()
    assert game.player_code(Step(1)) not in twin.legal_action_codes()


def test_game_without_a_rules_bound_declares_the_kit_limit() -> None:
    assert ToyGame().max_game_length(2) == MAX_GAME_LENGTH


def test_whale_to_look_length_bound_follows_from_markers_and_radars() -> None:
    game = games.get("whale-to-look")
    assert game.max_game_length(2) == 2 * 2 * (1 + 10 + 2 + 1)
    assert game.max_chance_nodes(3) == 2 + 2 * (6 + 12)


def test_max_game_length_refuses_a_player_count_the_game_does_not_allow() -> None:
    with pytest.raises(Exception, match="is for 2–5 players"):
        games.get("whale-to-look").max_game_length(6)


def test_a_deterministic_game_may_not_declare_chance_types() -> None:
    spec = dataclasses.replace(ToyGame.spec, chance_mode=ChanceMode.DETERMINISTIC)

    class Deterministic(ToyGame):
        pass

    Deterministic.spec = spec
    with pytest.raises(ValueError, match="deterministic game has no chance action types"):
        Deterministic()


def test_spec_declares_information_and_chance_mode_of_every_game() -> None:
    by_id = {g.spec.id: g.spec for g in games.all()}
    assert by_id["save-the-whales"].information is Information.PERFECT
    for game_id in ("whale-to-look", "whale-riders", "survive"):
        assert by_id[game_id].information is Information.IMPERFECT
    assert all(s.chance_mode is ChanceMode.EXPLICIT_STOCHASTIC for s in by_id.values())


def test_spec_defaults_claim_the_general_case() -> None:
    spec = GameSpec(
        "g", "G", 2, 2, object, utility=Utility.ZERO_SUM, min_utility=-1.0, max_utility=1.0
    )
    assert spec.information is Information.IMPERFECT
    assert spec.chance_mode is ChanceMode.EXPLICIT_STOCHASTIC


def test_toy_game_through_codes_agrees_with_its_actions() -> None:
    stats = check_integer_api(ToyGame(), games=30)
    assert stats.games == 30 and stats.decisions > 0 and stats.chance_nodes > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_through_codes_agrees_with_its_actions(game_id: str) -> None:
    game = games.get(game_id)
    stats = check_integer_api(game, games=2, seed=1)
    assert stats.games == 2
    assert stats.longest_decisions <= max(
        game.max_game_length(n) for n in game.spec.num_players_range
    )


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_through_codes_agrees_with_its_actions_over_many_games(game_id: str) -> None:
    stats = check_integer_api(games.get(game_id), games=40, seed=7)
    assert stats.games == 40


class DroppedCodeState(ToyState):
    """The toy game's rules listing codes themselves, and losing the last one."""

    __slots__ = ()

    def _legal_player_codes(self) -> list[int]:
        return super()._legal_player_codes()[:-1]


class DroppedCode(ToyGame):
    def _new_state(self, num_players: int, options: ToyOptions) -> ToyState:
        state = super()._new_state(num_players, options)
        state.__class__ = DroppedCodeState
        return state


def test_kit_catches_rules_that_hand_out_codes_other_than_their_actions() -> None:
    """A game may list its codes without building actions (for speed); the kit holds the
    list to the actions' codes, so an override that drops a legal code is caught."""
    with pytest.raises(AssertionError, match="legal codes"):
        check_integer_api(DroppedCode(), games=5)


class SkewedOddsState(ToyState):
    """The toy game's rules listing chance codes themselves, with the odds of the first
    two outcomes swapped."""

    __slots__ = ()

    def _chance_outcome_codes(self) -> tuple[list[int], list[tuple[int, float]]]:
        codes, pairs = super()._chance_outcome_codes()
        (a, p), (b, q) = pairs[0], pairs[1]
        return codes, [(a, p + 0.25), (b, q - 0.25), *pairs[2:]]


class SkewedOdds(ToyGame):
    def _new_state(self, num_players: int, options: ToyOptions) -> ToyState:
        state = super()._new_state(num_players, options)
        state.__class__ = SkewedOddsState
        return state


def test_kit_catches_rules_that_hand_out_chance_codes_other_than_their_outcomes() -> None:
    """A game may list its chance codes without building actions (for speed); the kit
    holds them to chance_outcomes at every chance node, odds included."""
    with pytest.raises(AssertionError, match="chance codes"):
        check_integer_api(SkewedOdds(), games=5)


def test_changing_the_codes_handed_out_cannot_make_a_code_legal() -> None:
    game, state = dealt_toy()
    state.apply_code(game.player_code(Peek()))
    codes = state.legal_action_codes()
    peek = game.player_code(Peek())
    assert peek not in codes
    codes.append(peek)  # the caller's copy: the position's own list is not touched
    with pytest.raises(ValueError, match="read-only"):
        state.legal_action_mask()[peek] = True
    before = (views(state), list(state.history))
    with pytest.raises(IllegalAction, match="peeked already"):
        state.apply_code(peek)
    assert (views(state), list(state.history)) == before
    assert peek not in state.legal_action_codes()


def test_chance_codes_are_refused_at_a_decision_by_name() -> None:
    _, state = dealt_toy()
    before = (views(state), list(state.history))
    with pytest.raises(IllegalAction, match="not a chance node"):
        state.chance_outcome_codes()
    assert (views(state), list(state.history)) == before


@pytest.mark.parametrize("game_id", ["save-the-whales", "survive"])
def test_games_that_list_their_codes_from_the_rules_agree_with_their_actions(
    game_id: str,
) -> None:
    """Save the Whales and Survive name their legal codes (and Save the Whales its chance
    codes) without building actions; over other seeds than the common test, every
    position's codes are still its actions' codes."""
    game = games.get(game_id)
    state = game.new_state(game.spec.min_players)
    assert type(state)._legal_player_codes is not State._legal_player_codes
    stats = check_integer_api(game, games=4, seed=11)
    assert stats.games == 4 and stats.decisions > 0 and stats.chance_nodes > 0
