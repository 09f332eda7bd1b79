"""The one shape of a finished game's result, and the ranking the rules build it from."""

from __future__ import annotations

import json

import pytest

from whaletable.core.result import InconsistentResult, Result, Standing, Team, rank


def standing(seat: int, place: int, winner: bool, score: int) -> Standing:
    return Standing(seat=seat, place=place, winner=winner, score=score, breakdown=(("coins", 1),))


def test_rank_orders_by_score_then_each_tie_break() -> None:
    ranking = rank([(5, 2, 1), (5, 3, 0), (4, 9, 9)])
    assert ranking.order == (1, 0, 2)
    assert ranking.places == (2, 1, 3)
    assert ranking.first == [1]
    assert ranking.decided_by == 1


def test_rank_shares_a_place_only_on_a_tie_in_every_criterion() -> None:
    ranking = rank([(1, 0), (5, 2), (5, 2), (0, 0)])
    assert ranking.order == (1, 2, 0, 3)
    assert ranking.places == (3, 1, 1, 4)
    assert ranking.first == [1, 2]
    assert ranking.decided_by is None  # no tie-break separated them: a shared first place


def test_rank_names_the_tie_break_that_settled_first_place() -> None:
    # Coins leave two of the three tied on pearls; tiles settle it.
    assert rank([(5, 3, 4), (5, 3, 2), (5, 1, 9)]).decided_by == 2
    # Coins settle a share between two: the tie-break that settled first place is coins.
    assert rank([(5, 3, 4), (5, 3, 4), (5, 1, 9)]).decided_by == 1
    # The score alone decided.
    assert rank([(6, 0, 0), (5, 9, 9)]).decided_by is None


def test_result_round_trips_through_json() -> None:
    result = Result(
        standings=(standing(1, 1, True, 7), standing(0, 2, False, 5)),
        score="pearls",
        tie_breaks=("coins", "tiles"),
        decided_by="coins",
    )
    data = json.loads(json.dumps(result.to_json()))
    assert Result.from_json(data) == result
    assert result.winners == (1,)
    assert result.standing(0).score == 5
    team = Team(won=False, tally=(("whales_saved", 3), ("whales_lost", 5)))
    coop = Result(standings=(standing(0, 1, False, 3),), score="whales_saved", team=team)
    assert Result.from_json(json.loads(json.dumps(coop.to_json()))) == coop


def test_a_sound_result_passes_its_checks() -> None:
    result = Result(
        standings=(standing(1, 1, True, 7), standing(2, 1, True, 7), standing(0, 3, False, 5)),
        score="pearls",
    )
    result.check([5.0, 7.0, 7.0], [0.0, 0.5, 0.5], cooperative=False)


@pytest.mark.parametrize(
    ("standings", "returns", "message"),
    [
        ((standing(0, 1, True, 7),), [1.0, 0.0], "not each of 0..1 once"),
        ((standing(0, 1, True, 7), standing(0, 2, False, 5)), [1.0, 0.0], "not each of 0..1"),
        ((standing(0, 2, False, 7), standing(1, 1, True, 5)), [0.0, 1.0], "places"),
        ((standing(0, 1, True, 7), standing(1, 1, False, 7)), [1.0, 0.0], "first place"),
        ((standing(0, 1, True, 7), standing(1, 2, False, 5)), [0.0, 1.0], "is a winner but"),
        ((standing(0, 1, False, 7), standing(1, 2, False, 5)), [1.0, 0.0], "is no winner but"),
        ((standing(0, 1, True, 6), standing(1, 2, False, 5)), [1.0, 0.0], "not its scores()"),
    ],
)
def test_a_result_that_contradicts_itself_or_the_game_is_refused(
    standings: tuple[Standing, ...], returns: list[float], message: str
) -> None:
    result = Result(standings=standings, score="pearls")
    with pytest.raises(InconsistentResult, match=message):
        result.check([7.0, 5.0], returns, cooperative=False)


def test_a_tie_break_the_result_does_not_list_is_refused() -> None:
    result = Result(
        standings=(standing(0, 1, True, 7), standing(1, 2, False, 7)),
        score="pearls",
        tie_breaks=("coins",),
        decided_by="tiles",
    )
    with pytest.raises(InconsistentResult, match="not one of the tie-breaks"):
        result.check([7.0, 7.0], [1.0, 0.0], cooperative=False)


def test_a_cooperative_result_needs_the_team_and_agrees_with_it() -> None:
    lost = Team(won=False, tally=(("whales_saved", 3),))
    seats = (standing(0, 1, False, 3), standing(1, 1, False, 3))
    Result(standings=seats, score="whales_saved", team=lost).check(
        [3.0, 3.0], [-0.625, -0.625], cooperative=True
    )
    with pytest.raises(InconsistentResult, match="team result"):
        Result(standings=seats, score="whales_saved").check(
            [3.0, 3.0], [-0.625, -0.625], cooperative=True
        )
    won = Team(won=True, tally=(("whales_saved", 3),))
    with pytest.raises(InconsistentResult, match="the team won but the winners are"):
        Result(standings=seats, score="whales_saved", team=won).check(
            [3.0, 3.0], [-0.625, -0.625], cooperative=True
        )
