"""Game, GameSpec and registry: options, player counts, the action codec and JSON."""

from __future__ import annotations

import dataclasses

import pytest
from toy_game import TOY_ID, Deal, Pass, Peek, Roll, Step, ToyGame, ToyOptions, toy

from whaletable import games
from whaletable.core import (
    BadOption,
    BadPlayerCount,
    IllegalAction,
    UnknownGame,
    WhaletableError,
    registry,
)

__all__ = ["toy"]  # the fixture, imported for pytest


# --------------------------------------------------------------- registry


def test_registered_game_is_found_by_id(toy: ToyGame) -> None:
    assert registry.get(TOY_ID) is toy
    assert toy in registry.all_games()


def test_unknown_game_lists_the_games(toy: ToyGame) -> None:
    with pytest.raises(UnknownGame) as caught:
        registry.get("no-such-game")
    message = str(caught.value)
    assert "'no-such-game'" in message
    for game in registry.all_games():
        assert game.spec.id in message


def test_unknown_game_through_the_games_package_names_whale_to_look() -> None:
    with pytest.raises(UnknownGame, match="whale-to-look"):
        games.get("whale-to-lok")


def test_registering_an_id_twice_is_refused(toy: ToyGame) -> None:
    with pytest.raises(ValueError, match=f"'{TOY_ID}' is registered twice"):
        registry.register(ToyGame())
    assert registry.get(TOY_ID) is toy


def test_the_toy_game_is_gone_after_its_test() -> None:
    assert TOY_ID not in [g.spec.id for g in registry.all_games()]


def test_game_spec_is_frozen() -> None:
    spec = ToyGame().spec
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.id = "other"  # type: ignore[misc]


# ---------------------------------------------------------------- options


def test_make_options_defaults_and_values() -> None:
    game = ToyGame()
    assert game.make_options(None) == ToyOptions()
    made = game.make_options({"rounds": 1, "peeking": False, "label": "x", "limit": None})
    assert made == ToyOptions(rounds=1, peeking=False, label="x", limit=None)
    assert game.make_options({"limit": 4}).limit == 4
    given = ToyOptions(rounds=1)
    assert game.make_options(given) is given


def test_unknown_option_names_the_option_and_lists_the_options() -> None:
    with pytest.raises(BadOption) as caught:
        ToyGame().make_options({"speed": 3})
    message = str(caught.value)
    assert "'speed'" in message
    for name in ("rounds", "peeking", "label", "limit"):
        assert name in message


def test_bad_choice_names_the_option_and_the_allowed_values() -> None:
    with pytest.raises(BadOption, match=r"option 'rounds' .* must be one of 1, 2; got 3"):
        ToyGame().make_options({"rounds": 3})


def test_true_is_not_the_number_one() -> None:
    with pytest.raises(BadOption, match=r"option 'rounds' .* must be one of 1, 2; got True"):
        ToyGame().make_options({"rounds": True})


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("peeking", 1, "must be bool; got 1"),
        ("peeking", "yes", "must be bool; got 'yes'"),
        ("label", 7, "must be str; got 7"),
        ("limit", "4", "'4' fits none of"),
        ("limit", False, "False fits none of"),
    ],
)
def test_wrong_type_names_the_option_and_the_value(name: str, value: object, expected: str) -> None:
    with pytest.raises(BadOption) as caught:
        ToyGame().make_options({name: value})
    assert f"option {name!r}" in str(caught.value)
    assert expected in str(caught.value)


def test_options_must_be_a_mapping() -> None:
    with pytest.raises(BadOption, match="mapping of name to value"):
        ToyGame().make_options(["rounds", 1])


def test_option_choices_list_fixed_choices_only() -> None:
    assert ToyGame().option_choices() == {"rounds": (1, 2), "peeking": (False, True)}


def test_options_to_json_round_trips_through_make_options() -> None:
    game = ToyGame()
    options = ToyOptions(rounds=1, label="x", limit=3)
    assert game.make_options(game.options_to_json(options)) == options


def test_bad_option_at_new_state_is_a_whaletable_error() -> None:
    with pytest.raises(WhaletableError, match="'rounds'"):
        ToyGame().new_state(2, {"rounds": 0})


# ----------------------------------------------------------- player count


@pytest.mark.parametrize("count", [1, 3, 0, -2, "2", 2.0, True])
def test_bad_player_count_says_what_the_game_allows(count: object) -> None:
    with pytest.raises(BadPlayerCount) as caught:
        ToyGame().new_state(count)  # type: ignore[arg-type]
    assert str(caught.value) == f"{TOY_ID} is for 2–2 players, not {count!r}"


def test_whale_to_look_player_counts() -> None:
    game = games.get("whale-to-look")
    for n in (2, 3, 4, 5):
        assert game.new_state(n).num_players == n
    with pytest.raises(BadPlayerCount, match="2–5 players, not 6"):
        game.new_state(6)


# ------------------------------------------------------------------ codec


def test_codec_numbers_every_action_once_in_order() -> None:
    game = ToyGame()
    expected = [Deal(0), Deal(1), Deal(2), Roll(1), Roll(2), Roll(3)]
    expected += [Step(1), Step(2), Step(3), Peek(), Pass()]
    assert game.num_distinct_actions == len(expected)
    assert [game.decode(i) for i in range(len(expected))] == expected
    assert [game.encode(a) for a in expected] == list(range(len(expected)))


@pytest.mark.parametrize("code", [-1, 11, 99, "3", 2.0, None])
def test_decode_rejects_codes_outside_the_codec(code: object) -> None:
    with pytest.raises(IllegalAction, match=r"codes are 0\.\.10"):
        ToyGame().decode(code)  # type: ignore[arg-type]


def test_encode_rejects_an_action_outside_the_codec() -> None:
    with pytest.raises(IllegalAction, match=f"step\\(size=4\\) is not an action of {TOY_ID}"):
        ToyGame().encode(Step(4))


def test_action_json_round_trip() -> None:
    game = ToyGame()
    assert Step(2).to_json() == {"type": "step", "size": 2}
    assert Peek().to_json() == {"type": "peek"}
    for code in range(game.num_distinct_actions):
        action = game.decode(code)
        assert game.action_from_json(action.to_json()) == action


def test_action_from_json_unknown_type_lists_the_types() -> None:
    with pytest.raises(IllegalAction) as caught:
        ToyGame().action_from_json({"type": "jump", "size": 1})
    message = str(caught.value)
    assert "unknown action type 'jump'" in message
    assert "deal, pass, peek, roll, step" in message


@pytest.mark.parametrize("data", [{"size": 1}, {"type": 3}, {"type": None}])
def test_action_from_json_without_a_type_string(data: dict[str, object]) -> None:
    with pytest.raises(IllegalAction, match="unknown action type"):
        ToyGame().action_from_json(data)


@pytest.mark.parametrize("data", [["step", 1], "step", 3, None])
def test_action_from_json_needs_an_object(data: object) -> None:
    with pytest.raises(IllegalAction, match="must be a JSON object"):
        ToyGame().action_from_json(data)


def test_action_from_json_missing_field() -> None:
    with pytest.raises(IllegalAction, match=r"'step' takes fields \['size'\], got \[\]"):
        ToyGame().action_from_json({"type": "step"})


def test_action_from_json_extra_field() -> None:
    with pytest.raises(IllegalAction, match=r"takes fields \['size'\], got \['far', 'size'\]"):
        ToyGame().action_from_json({"type": "step", "size": 1, "far": True})
    with pytest.raises(IllegalAction, match=r"'peek' takes fields \[\], got \['who'\]"):
        ToyGame().action_from_json({"type": "peek", "who": 1})


@pytest.mark.parametrize("value", [4, -1])
def test_action_from_json_value_outside_the_codec(value: object) -> None:
    with pytest.raises(IllegalAction, match="is not an action of"):
        ToyGame().action_from_json({"type": "step", "size": value})


@pytest.mark.parametrize("value", ["1", None, True, 1.0, [1], {"n": 1}])
def test_action_from_json_field_of_the_wrong_type(value: object) -> None:
    with pytest.raises(IllegalAction, match="field 'size' of action 'step' must be int"):
        ToyGame().action_from_json({"type": "step", "size": value})
