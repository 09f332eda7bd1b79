"""Each game's spec declares its utilities, as OpenSpiel's GameType does: range and sum."""

from __future__ import annotations

from typing import Any

import pytest

from whaletable import games
from whaletable.core.spec import GameSpec, Utility


def spec(**utility: Any) -> GameSpec:
    declared: dict[str, Any] = {
        "utility": Utility.CONSTANT_SUM,
        "utility_sum": 1.0,
        "min_utility": 0.0,
        "max_utility": 1.0,
    }
    declared.update(utility)
    return GameSpec("g", "G", 2, 4, object, **declared)


def test_every_registered_game_declares_its_utilities() -> None:
    declared = {
        g.spec.id: (g.spec.utility, g.spec.min_utility, g.spec.max_utility, g.spec.total_utility)
        for g in games.all()
    }
    assert declared == {
        "save-the-whales": (Utility.IDENTICAL, -1.0, 1.0, None),
        "survive": (Utility.CONSTANT_SUM, 0.0, 1.0, 1.0),
        "whale-riders": (Utility.CONSTANT_SUM, 0.0, 1.0, 1.0),
        "whale-to-look": (Utility.CONSTANT_SUM, 0.0, 1.0, 1.0),
    }


def test_cooperative_games_declare_one_payoff_for_the_team() -> None:
    for game in games.all():
        assert game.spec.cooperative == (game.spec.utility is Utility.IDENTICAL), game.spec.id


def test_a_spec_cannot_leave_out_its_utilities() -> None:
    with pytest.raises(TypeError, match="utility"):
        GameSpec("g", "G", 2, 4, object)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("utility", "message"),
    [
        ({"min_utility": 1.0, "max_utility": 1.0}, "min_utility 1.0 must be below max_utility"),
        ({"min_utility": 0.0, "max_utility": float("inf")}, "the utility range must be finite"),
        ({"utility_sum": None}, "a constant-sum game must declare its utility_sum"),
        ({"utility": Utility.ZERO_SUM, "utility_sum": 1.0}, "a zero-sum game's utility_sum is 0"),
        ({"utility": Utility.GENERAL_SUM}, "only a zero- or constant-sum game has a utility_sum"),
    ],
)
def test_a_spec_refuses_a_utility_declaration_that_cannot_hold(
    utility: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=f"^g: {message}"):
        spec(**utility)


def test_zero_sum_games_total_zero() -> None:
    assert spec(utility=Utility.ZERO_SUM, utility_sum=None, min_utility=-1.0).total_utility == 0


def test_normalized_maps_the_declared_range_onto_zero_to_one() -> None:
    team = spec(utility=Utility.IDENTICAL, utility_sum=None, min_utility=-1.0)
    assert [team.normalized(v) for v in (-1.0, -0.5, 1.0)] == [0.0, 0.25, 1.0]
    assert spec().normalized(0.5) == 0.5


def test_winners_share_the_best_return_of_rivals() -> None:
    rivals = spec()
    assert rivals.winners([0.0, 1.0, 0.0]) == [1]
    assert rivals.winners([0.5, 0.0, 0.5]) == [0, 2]


def test_a_team_wins_only_with_the_best_return_there_is() -> None:
    team = spec(utility=Utility.IDENTICAL, utility_sum=None, min_utility=-1.0)
    assert team.winners([1.0, 1.0, 1.0]) == [0, 1, 2]
    assert team.winners([-0.125, -0.125, -0.125]) == []
    assert spec(utility=Utility.IDENTICAL, utility_sum=None).winners([0.5, 0.5]) == []


def test_nobody_wins_when_every_seat_is_at_the_bottom_of_the_range() -> None:
    toy = spec(utility=Utility.GENERAL_SUM, utility_sum=None)
    assert toy.winners([0.0, 0.0]) == []
    zero_sum = spec(utility=Utility.ZERO_SUM, utility_sum=None, min_utility=-1.0)
    assert zero_sum.winners([0.0, 0.0]) == [0, 1]  # a draw is shared, above the bottom
