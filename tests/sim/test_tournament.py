"""Rated tournaments: balanced seating, reproducible ratings, rankings read from places."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from toy_bots import TOY_ID, toy_with_strider  # noqa: F401 - the fixture

from whaletable.core import registry
from whaletable.sim.runner import GameResult
from whaletable.sim.tournament import (
    SCHEMA,
    Rater,
    Standings,
    TournamentPlan,
    lineups,
    ranks,
    tournament,
)


@pytest.mark.parametrize(("bots", "seats"), list(product(range(2, 6), range(2, 7))))
def test_every_bot_sits_in_every_seat_equally_often(bots: int, seats: int) -> None:
    names = [f"bot{i}" for i in range(bots)]
    tables = lineups(names, seats)
    for seat in range(seats):
        assert Counter(t[seat] for t in tables) == Counter({b: len(tables) // bots for b in names})
    for table in tables:
        held = Counter(table)
        if bots >= seats:
            assert max(held.values()) == 1  # no bot sits twice while others wait
        else:
            assert max(held.values()) - min(held[b] for b in names) <= 1


def test_a_tournament_rotates_player_counts_and_seats_over_its_cycle() -> None:
    plan = TournamentPlan("whale-to-look", ("a", "b", "c"), 0, 1, (2, 3, 4, 5))
    tasks = [plan.task(i) for i in range(2 * plan.cycle)]
    per_count = Counter(len(t.seats) for t in tasks)
    assert set(per_count) == {2, 3, 4, 5}
    assert len(set(per_count.values())) == 1
    positions = Counter((len(t.seats), s, bot) for t in tasks for s, bot in enumerate(t.seats))
    for k in (2, 3, 4, 5):
        for s in range(k):
            assert positions[(k, s, "a")] == positions[(k, s, "b")] == positions[(k, s, "c")]
    assert len({t.seed for t in tasks}) == len(tasks)


def test_a_team_game_deals_one_table_per_bot_on_one_seed() -> None:
    plan = TournamentPlan("save-the-whales", ("a", "b", "c"), 0, 1, (2, 3), team=True)
    tasks = [plan.task(i) for i in range(plan.cycle)]
    deals = [tasks[i : i + 3] for i in range(0, len(tasks), 3)]
    assert [len(d[0].seats) for d in deals] == [2, 3]
    for deal in deals:
        assert [t.seats[0] for t in deal] == ["a", "b", "c"]
        assert all(len(set(t.seats)) == 1 for t in deal)
        assert len({t.seed for t in deal}) == 1
    assert deals[0][0].seed != deals[1][0].seed


def test_ranks_share_ties_and_put_the_best_return_first() -> None:
    assert ranks([0.0, 1.0, 0.0]) == [2, 1, 2]
    assert ranks([0.5, 0.5]) == [1, 1]


def test_a_bot_that_beats_itself_learns_nothing_about_its_level() -> None:
    rater = Rater(["a", "b"])
    rater.rate(["a", "a"], [1.0, 0.0])
    assert rater.ratings["a"].mu == pytest.approx(25.0)
    assert rater.ratings["a"].sigma < 25.0 / 3
    assert rater.ratings["b"].mu == 25.0


def test_a_tie_moves_neither_rating_apart() -> None:
    rater = Rater(["a", "b"])
    rater.rate(["a", "b"], [0.0, 0.0])
    assert rater.ratings["a"].mu == pytest.approx(rater.ratings["b"].mu)


@pytest.mark.usefixtures("toy_with_strider")
def test_a_bot_that_always_wins_tops_the_ratings() -> None:
    _, result = tournament(TOY_ID, ["random", "strider"], 100, seed=3)
    best, worst = result["ratings"]
    assert (best["bot"], worst["bot"]) == ("strider", "random")
    assert best["low"] > worst["high"]  # intervals apart
    assert best["win_rate"] > 0.8
    assert result["balanced"] and result["players"] == [2]
    share = {(m["bot"], m["opponent"]): m["share"] for m in result["head_to_head"]}
    assert share[("strider", "random")] == pytest.approx(1 - share[("random", "strider")])
    assert share[("strider", "random")] > 0.8


@pytest.mark.usefixtures("toy_with_strider")
def test_ratings_are_the_same_whatever_the_number_of_processes() -> None:
    _, one = tournament(TOY_ID, ["random", "strider"], 30, seed=9, jobs=1)
    _, two = tournament(TOY_ID, ["random", "strider"], 30, seed=9, jobs=2)
    one.pop("seconds"), two.pop("seconds")
    assert one == two


@pytest.mark.usefixtures("toy_with_strider")
def test_the_result_follows_its_schema() -> None:
    _, result = tournament(TOY_ID, ["strider", "random"], 6, seed=1)
    assert result["schema"] == SCHEMA
    assert result["game"] == TOY_ID and result["bots"] == ["strider", "random"]
    assert result["options"] == {"rounds": 2, "peeking": True, "label": "toy", "limit": None}
    assert result["model"]["name"] == "openskill PlackettLuce"
    for row in result["ratings"]:
        assert set(row) == {
            *("bot", "mu", "sigma", "low", "high", "ordinal", "games", "wins", "win_rate"),
        }
        assert row["low"] < row["mu"] < row["high"]
        assert row["ordinal"] == pytest.approx(row["mu"] - 3 * row["sigma"])
        assert row["games"] == 6  # one seat in each two-player game
    seats = {(r["bot"], r["seat"]): r for r in result["seats"]}
    assert set(seats) == {(b, s) for b in ("strider", "random") for s in (1, 2)}
    assert all(r["players"] == 2 and r["games"] == 3 for r in seats.values())
    (meeting, _) = result["head_to_head"]
    assert set(meeting) == {"bot", "opponent", "ahead", "behind", "tied", "share"}
    assert meeting["ahead"] + meeting["behind"] + meeting["tied"] == 6


def team_result(index: int, bot: str, team_return: float) -> GameResult:
    return GameResult(index, (bot, bot), (0.0, 0.0), (team_return, team_return), 1, 1, (1, 1))


def test_a_team_game_rates_the_tables_of_one_deal_against_each_other() -> None:
    spec = registry.get("save-the-whales").spec
    plan = TournamentPlan("save-the-whales", ("good", "poor"), 4, 0, (2,), team=True)
    standings = Standings(plan, spec)
    standings.add(
        [
            *(team_result(0, "good", 1.0), team_result(1, "poor", -0.5)),
            *(team_result(2, "good", -0.25), team_result(3, "poor", -0.25)),
        ]
    )
    data = standings.to_json()
    good, poor = data["ratings"]
    assert (good["bot"], poor["bot"]) == ("good", "poor")
    assert good["mu"] > 25.0 > poor["mu"]
    assert (good["games"], good["wins"]) == (2, 1)  # tables, and the one all-saved win
    meeting = next(m for m in data["head_to_head"] if m["bot"] == "good")
    assert (meeting["ahead"], meeting["behind"], meeting["tied"]) == (1, 0, 1)
    assert {(r["bot"], r["seat"]) for r in data["seats"]} == {("good", 1), ("poor", 1)}


def test_the_seats_that_lost_are_ranked_by_their_places() -> None:
    """Every game won by "first": "second" always places above "third", though both lose,
    and rates above it; their meetings count as second ahead, never as ties."""
    spec = registry.get("whale-riders").spec
    plan = TournamentPlan("whale-riders", ("first", "second", "third"), 30, 0, (3,))
    standings = Standings(plan, spec)
    seats = ("first", "second", "third")
    standings.add(
        [GameResult(i, seats, (5.0, 3.0, 1.0), (1.0, 0.0, 0.0), 9, 9, (1, 2, 3)) for i in range(30)]
    )
    data = standings.to_json()
    assert [r["bot"] for r in data["ratings"]] == ["first", "second", "third"]
    second, third = data["ratings"][1:]
    assert second["low"] > third["high"]
    assert second["wins"] == third["wins"] == 0
    meeting = next(
        m for m in data["head_to_head"] if (m["bot"], m["opponent"]) == ("second", "third")
    )
    assert (meeting["ahead"], meeting["behind"], meeting["tied"]) == (30, 0, 0)


def test_a_team_tournament_plays_whole_deals() -> None:
    _, result = tournament("save-the-whales", ["random", "mcts:iterations=2"], 4, players=[2])
    assert result["team"] and result["balanced_every"] == 2
    assert [r["games"] for r in result["ratings"]] == [2, 2]
