"""Batch simulation: reproducible from the seed, whatever the number of processes."""

from __future__ import annotations

import io
import json
from collections import Counter

from rich.console import Console

from whaletable.cli.main import main
from whaletable.sim.batch import plan, run, simulate, summarize, wilson

SEATS = ["random", "random:unused_marker=1", "random"]


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    one, _ = simulate("whale-to-look", ["random"] * 3, 4, seed=3, jobs=1)
    two, _ = simulate("whale-to-look", ["random"] * 3, 4, seed=3, jobs=2)
    assert one == two
    assert [r.index for r in one] == [0, 1, 2, 3]
    other, _ = simulate("whale-to-look", ["random"] * 3, 4, seed=4, jobs=1)
    assert [r.scores for r in other] != [r.scores for r in one]


def test_rotation_puts_every_bot_in_every_seat_equally() -> None:
    specs = ["a", "b", "c"]
    tasks = plan("whale-to-look", specs, 6, seed=1)
    for seat in range(3):
        assert Counter(t.seats[seat] for t in tasks) == {"a": 2, "b": 2, "c": 2}
    fixed = plan("whale-to-look", specs, 6, seed=1, rotate=False)
    assert {t.seats for t in fixed} == {("a", "b", "c")}
    assert len({t.seed for t in tasks}) == 6


def test_summary_counts_games_wins_and_length() -> None:
    results = run(plan("whale-to-look", ["random", "random"], 4, seed=2), jobs=1)
    summary = summarize(results)
    (bot,) = summary["bots"]
    assert bot["bot"] == "random"
    assert bot["games"] == 8  # both seats of four games
    assert bot["wins"] == 4  # Whale to Look always has exactly one winner
    assert summary["decisions_mean"] == sum(r.decisions for r in results) / 4
    assert summary["steps_mean"] > summary["decisions_mean"]  # chance steps come on top
    assert sum(summary["seat_win_rate"]) == 1.0


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games() -> None:
    lo, hi = wilson(30, 50)
    assert lo < 0.6 < hi
    lo2, hi2 = wilson(300, 500)
    assert lo < lo2 < 0.6 < hi2 < hi
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0


def run_json(*extra: str) -> dict[str, object]:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["simulate", "whale-to-look", "--games", "3", "--seats", "random,random", "--json", *extra],
        console=Console(file=out, width=100),
        err_console=Console(file=err, width=100),
    )
    assert code == 0
    data: dict[str, object] = json.loads(out.getvalue())
    return data


def test_simulate_command_is_reproducible_across_jobs() -> None:
    a = run_json("--seed", "7", "--jobs", "1")
    b = run_json("--seed", "7", "--jobs", "2")
    assert (a.pop("jobs"), b.pop("jobs")) == (1, 2)
    for timing in ("seconds", "games_per_second"):  # wall time differs, nothing else may
        a.pop(timing), b.pop(timing)
    assert a == b
    assert a["games"] == 3


def test_simulate_table_lists_each_bot() -> None:
    out = io.StringIO()
    code = main(
        [
            "simulate",
            "whale-to-look",
            "--games",
            "2",
            "--seats",
            "random,random",
            "--jobs",
            "1",
            "--no-rotate",
            "--option",
            "area_layout=ordered",
        ],
        console=Console(file=out, width=160),
        err_console=Console(file=io.StringIO(), width=100),
    )
    text = out.getvalue()
    assert code == 0
    assert "2 games" in text
    assert "random" in text
    assert "95% CI" in text
    assert "mean game length" in text


def test_wins_are_read_from_the_game_s_declared_utilities() -> None:
    """A team game paying partial credit (0.5 of a range 0..1) is lost, not won."""
    from whaletable.core.spec import GameSpec, Utility
    from whaletable.sim.batch import GameResult

    spec = GameSpec(
        "team", "Team", 2, 2, object, utility=Utility.IDENTICAL, min_utility=0.0, max_utility=1.0
    )
    half = GameResult(0, ("a", "b"), (4.0, 4.0), (0.5, 0.5), 10, 20, (1, 1))
    full = GameResult(1, ("a", "b"), (8.0, 8.0), (1.0, 1.0), 10, 20, (1, 1))
    team = summarize([half, full], cooperative=True, game_spec=spec)["team"]
    assert (team["games"], team["wins"]) == (2, 1)
