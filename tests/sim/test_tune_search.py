"""``benchmarks/tune_search.py``: candidates compared game by game on the same seeds."""

from __future__ import annotations

import json

import pytest

import whaletable.games
from benchmark_scripts import load

tune = load("tune_search")


def test_candidates_after_the_first_are_compared_with_it_game_by_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["whale-to-look", "random", "random", "heuristic:samples=30", "--games", "8", "--json"]
    assert tune.main(argv) == 0
    first, twin, other = json.loads(capsys.readouterr().out)["rows"]
    assert "paired" not in first
    # The same bot on the same seeds plays the same games.
    assert twin["paired"] == {"against": "random", "better": 0, "worse": 0, "z": 0.0}
    assert twin["win_rate"] == first["win_rate"]
    # Two players, one winner a game: the games won only by one side make the gap.
    paired = other["paired"]
    assert paired["better"] - paired["worse"] == round((other["win_rate"] - first["win_rate"]) * 8)
    assert paired["better"] > 0


def test_the_sign_test_counts_only_the_games_that_differ() -> None:
    first = tune.Tally("a", outcomes=[1.0, 0.0, 0.0, 1.0, 0.5])
    second = tune.Tally("b", outcomes=[1.0, 1.0, 1.0, 0.0, 1.0])
    assert second.against(first) == {"against": "a", "better": 3, "worse": 1, "z": 1.0}


def test_team_games_are_compared_deal_by_deal_by_the_teams_return() -> None:
    # As the tournament ranks a deal's tables: by whales saved, not by the win alone.
    game = whaletable.games.get("save-the-whales")
    tally = tune.play_team(game, "heuristic", 2, 4, 0)
    assert tally.outcomes == tally.returns
    assert any(r not in (0.0, 1.0) for r in tally.outcomes)


def test_ahead_counts_the_opponents_placed_behind_the_candidate_ties_half() -> None:
    assert tune.ahead_share([2, 1, 3], 0) == 0.5
    assert tune.ahead_share([1, 1, 3], 1) == 0.75
    assert tune.ahead_share([3, 1, 2], 0) == 0.0


def test_a_rival_candidate_reports_how_often_it_finished_ahead(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["whale-riders", "heuristic", "random", "--players", "3", "--games", "6", "--json"]
    assert tune.main(argv) == 0
    medium, easy = json.loads(capsys.readouterr().out)["rows"]
    # A seat that places well but wins little still shows it here.
    assert medium["ahead"] >= medium["win_rate"] and medium["ahead"] > easy["ahead"]
    assert 0.0 <= easy["ahead"] < 0.5
