"""``whaletable tournament``: tables, JSON, plot, reproducibility and one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
QUICK = ["tournament", "whale-to-look", "--bots", "random,mcts:iterations=3"]


def test_tournament_prints_ratings_seat_win_rates_and_head_to_head(
    cli: Callable[..., Any],
) -> None:
    run = cli([*QUICK, "--games", "8", "--players", "2", "--jobs", "1"])
    assert run.code == 0
    assert "Whale to Look · 8 games · 2 players · seed 0" in run.out
    for heading in ("rating", "± 2σ", "interval", "ordinal", "win %"):
        assert heading in run.out
    assert "win rate by seat position" in run.out
    assert "seat 1" in run.out and "seat 2" in run.out and "seat 3" not in run.out
    assert "head-to-head" in run.out
    assert "mcts:iterations=3" in run.out
    assert "every bot sat in every seat equally often" in run.out
    assert "8/8" in run.err  # the progress bar reached the end


def test_tournament_json_is_the_same_for_one_and_two_processes(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    results = []
    for jobs in ("1", "2"):
        path = tmp_path / f"jobs{jobs}.json"
        run = cli([*QUICK, "--games", "12", "--seed", "5", "--jobs", jobs, "--json", str(path)])
        assert run.code == 0
        data = json.loads(path.read_text())
        assert data.pop("jobs") == int(jobs)
        data.pop("seconds")
        results.append(data)
    assert results[0] == results[1]
    assert results[0]["players"] == [2, 3, 4, 5]
    assert not results[0]["balanced"]  # 12 games is no whole cycle
    assert "seats are balanced exactly every" in run.out


def test_tournament_json_dash_prints_only_json(cli: Callable[..., Any]) -> None:
    run = cli([*QUICK, "--games", "2", "--players", "3", "--jobs", "1", "--json", "-"])
    assert run.code == 0
    assert json.loads(run.out)["games"] == 2


def test_tournament_draws_the_ratings_plot(cli: Callable[..., Any], tmp_path: Path) -> None:
    path = tmp_path / "plots" / "ratings.png"
    run = cli([*QUICK, "--games", "2", "--players", "2", "--jobs", "1", "--plot", str(path)])
    assert run.code == 0
    assert path.read_bytes().startswith(PNG_MAGIC)


def test_a_team_game_tournament_needs_a_whole_deal(cli: Callable[..., Any]) -> None:
    args = ["tournament", "save-the-whales", "--bots", "random,heuristic,mcts", "--games", "2"]
    run = cli(args)
    assert run.code == 2
    assert "--games must be at least 3 to compare them, not 2" in run.err


def test_a_team_game_tournament_shows_team_win_rates_by_player_count(
    cli: Callable[..., Any],
) -> None:
    args = ["tournament", "save-the-whales", "--bots", "random,mcts:iterations=2"]
    run = cli([*args, "--games", "4", "--players", "2", "--jobs", "1"])
    assert run.code == 0
    assert "team win rate by player count" in run.out
    assert "tables of one deal" in run.out
    assert "every player count had the same number of whole deals" in run.out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "random,grandmaster"], "unknown bot 'grandmaster' for whale-to-look"),
        (["--bots", "random,human"], "a tournament rates bots only"),
        (["--bots", "random,random"], "--bots names random more than once"),
        (["--bots", "random"], "a tournament needs at least two bots, not 1"),
        (["--bots", "random,heuristic", "--option", "colour=blue"], "unknown option 'colour'"),
        (["--bots", "random,heuristic", "--players", "9"], "is for 2–5 players, not 9"),
        (["--bots", "random,heuristic", "--players", "few"], "not 'few'"),
        (["--bots", "random,heuristic", "--games", "0"], "--games must be at least 1, not 0"),
        (["--bots", "random,heuristic", "--jobs", "0"], "--jobs must be at least 1, not 0"),
    ],
)
def test_bad_tournament_input_exits_2_with_one_line(
    cli: Callable[..., Any], extra: list[str], message: str
) -> None:
    run = cli(["tournament", "whale-to-look", *extra])
    assert run.code == 2
    assert run.err.startswith("whaletable: error: ")
    assert message in run.err
    assert run.err.count("\n") == 1
    assert run.out == ""
