"""Pictures and team records of a batch: what a researcher looks at after a simulation."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console

from whaletable.cli.main import main
from whaletable.sim.batch import GameResult, plan, run, summarize
from whaletable.sim.plots import score_counts, score_histogram

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def result(index: int, scores: tuple[float, ...], returns: tuple[float, ...]) -> GameResult:
    places = tuple(1 + sum(o > s for o in scores) for s in scores)
    return GameResult(index, ("a",) * len(scores), scores, returns, 10, 12, places)


def test_a_team_game_counts_each_game_once_and_wins_together() -> None:
    results = [
        result(0, (8.0, 8.0), (1.0, 1.0)),
        result(1, (5.0, 5.0), (-1.0, -1.0)),
        result(2, (5.0, 5.0), (-1.0, -1.0)),
    ]
    summary = summarize(results, cooperative=True)
    team = summary["team"]
    assert (team["games"], team["wins"]) == (3, 1)
    assert team["score_mean"] == 6.0
    assert team["score_counts"] == {"5": 2, "8": 1}
    assert score_counts(results, cooperative=True) == {"team": {5.0: 2, 8.0: 1}}
    assert "team" not in summarize(results)


def test_the_histogram_is_a_png_of_every_bot(tmp_path: Path) -> None:
    results = run(plan("whale-to-look", ["random", "heuristic"], 4, seed=1), jobs=1)
    path = tmp_path / "plots" / "scores.png"
    counts = score_histogram(results, path, title="four games")
    assert path.read_bytes().startswith(PNG_MAGIC)
    assert set(counts) == {"heuristic", "random"}
    assert sum(sum(c.values()) for c in counts.values()) == 8  # two seats of four games


def test_simulate_draws_the_plot_it_is_asked_for(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / "scores.png"
    args = "simulate whale-to-look --games 3 --seats random,random --jobs 1 --json --plot"
    code = main(
        [*args.split(), str(path)],
        console=Console(file=out, width=100),
        err_console=Console(file=io.StringIO(), width=100),
    )
    assert code == 0
    assert json.loads(out.getvalue())["plot"] == str(path)
    assert path.read_bytes().startswith(PNG_MAGIC)
