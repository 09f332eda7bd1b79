"""The speed benchmark: its loop, its command and the OpenSpiel comparison (never timed)."""

from __future__ import annotations

import io
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import whaletable.games as games
from benchmark_scripts import load
from whaletable.cli.main import main
from whaletable.core.state import State
from whaletable.sim import bench

TINY = "0.01"

GAME_FIELDS = {
    "game",
    "players",
    "games_per_s",
    "steps_per_s",
    "actions_per_game",
    "clone_us",
    "determinize_us",
    "legal_actions_us",
    "mcts_iterations_per_s",
}
"""What the issue asks of every game's row (the row may say more)."""

MACHINE_FIELDS = {"python", "platform", "cpu"}


def run_bench(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["bench", *args],
        console=Console(file=out, width=160, color_system=None),
        err_console=Console(file=err, width=160, color_system=None),
    )
    return code, out.getvalue(), err.getvalue()


def registered() -> set[str]:
    return {g.spec.id for g in games.all()}


def check_row(row: dict[str, Any]) -> None:
    assert set(row) >= GAME_FIELDS, GAME_FIELDS - set(row)
    for key in GAME_FIELDS - {"game"}:
        value = row[key]
        assert isinstance(value, int | float) and not isinstance(value, bool), key
        assert math.isfinite(value) and value > 0, (key, value)
    # The rates are the counts over the time they took.
    assert row["steps_per_s"] == pytest.approx(row["steps"] / row["playout_seconds"])
    assert row["games_per_s"] == pytest.approx(row["games"] / row["playout_seconds"])
    assert row["actions_per_game"] == pytest.approx(row["steps"] / row["games"])
    assert row["mcts_iterations_per_s"] == pytest.approx(
        row["mcts_iterations"] / row["mcts_seconds"]
    )


# ------------------------------------------------------------------ the loop


def test_playouts_count_every_applied_action_chance_included() -> None:
    game = games.get("whale-to-look")
    ended: list[State] = []
    speed = bench.playouts(
        lambda: game.new_state(3), State.apply, random.Random(5), games=3, on_end=ended.append
    )
    assert speed.games == 3 and len(ended) == 3
    assert all(s.is_terminal() for s in ended)
    assert speed.steps == sum(len(s.history) for s in ended)
    again = bench.playouts(lambda: game.new_state(3), State.apply, random.Random(5), games=3)
    assert again.steps == speed.steps  # seeded: the same games


def test_playouts_need_a_limit() -> None:
    game = games.get("whale-to-look")
    with pytest.raises(ValueError, match="seconds, games"):
        bench.playouts(lambda: game.new_state(3), State.apply, random.Random(0))


class FixedRandom(random.Random):
    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


@pytest.mark.parametrize(
    ("draw", "expected"), [(0.0, "a"), (0.2, "a"), (0.3, "b"), (0.74, "b"), (0.8, "c")]
)
def test_pick_walks_the_cumulative_odds(draw: float, expected: str) -> None:
    outcomes = [("a", 0.25), ("b", 0.5), ("c", 0.25)]
    assert bench.pick(outcomes, FixedRandom(draw)) == expected


def test_pick_falls_back_to_the_last_outcome_when_odds_fall_short() -> None:
    assert bench.pick([("a", 0.5), ("b", 0.4999)], FixedRandom(0.99995)) == "b"


def test_decision_points_are_decisions_of_seeded_games() -> None:
    game = games.get("whale-to-look")
    points = bench.decision_points(game, 3, seed=2, num_games=2)
    assert points
    assert all(not s.is_terminal() and not s.is_chance_node() for s in points)
    again = bench.decision_points(game, 3, seed=2, num_games=2)
    assert [s.history for s in again] == [s.history for s in points]


# ------------------------------------------------------------------ the command


def test_bench_json_has_every_field_for_every_game(tmp_path: Path) -> None:
    target = tmp_path / "results" / "latest.json"
    code, out, _ = run_bench(["--seconds", TINY, "--json", "--output", str(target)])
    assert code == 0
    data = json.loads(out)
    assert json.loads(target.read_text(encoding="utf-8")) == data
    assert set(data["machine"]) >= MACHINE_FIELDS
    assert all(isinstance(data["machine"][k], str) and data["machine"][k] for k in MACHINE_FIELDS)
    assert {row["game"] for row in data["games"]} == registered()
    for row in data["games"]:
        check_row(row)


def test_bench_table_shows_every_field_for_every_game() -> None:
    code, out, _ = run_bench(["--seconds", TINY])
    assert code == 0
    for heading in ("seats", "games", "steps", "/game", "clone", "det.", "legal", "MCTS", "µs"):
        assert heading in out
    for game in registered():
        (line,) = [ln for ln in out.splitlines() if ln.strip().startswith(game)]
        cells = line.split()[1:]
        assert len(cells) == 8, line  # seats and the seven measurements
        for cell in cells:
            assert float(cell.replace(",", "")) > 0, line


def test_bench_of_one_named_game(tmp_path: Path) -> None:
    code, out, _ = run_bench(["whale-to-look", "--seconds", TINY, "--players", "2", "--json"])
    assert code == 0
    (row,) = json.loads(out)["games"]
    assert row["game"] == "whale-to-look" and row["players"] == 2
    check_row(row)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-game"], "unknown game"),
        (["--seconds", "0"], "--seconds must be positive"),
        (["--players", "9"], "players"),
    ],
)
def test_bench_rejects_bad_input(args: list[str], message: str) -> None:
    code, out, err = run_bench([*args, "--seconds", TINY] if "--seconds" not in args else args)
    assert code == 2
    assert message in err
    assert out == ""


# ------------------------------------------------------------------ the comparison


def test_compare_loop_plays_a_whaletable_game() -> None:
    compare = load("compare_openspiel")
    game = games.get("whale-to-look")
    row = compare.measure("whale-to-look", lambda: game.new_state(3), State.apply, 0.01, 0)
    assert row["game"] == "whale-to-look"
    assert row["games"] >= 1 and row["steps"] > row["games"]
    assert row["steps_per_s"] == pytest.approx(row["steps"] / row["playout_seconds"])
    assert row["actions_per_game"] == pytest.approx(row["steps"] / row["games"])


def test_compare_ratios_divide_steps_per_second() -> None:
    compare = load("compare_openspiel")
    ours = [{"game": "x", "steps_per_s": 300.0}, {"game": "y", "steps_per_s": 50.0}]
    theirs = [{"game": "p", "steps_per_s": 100.0}, {"game": "q", "steps_per_s": 200.0}]
    assert compare.ratios(ours, theirs) == {
        "x": {"p": 3.0, "q": 1.5},
        "y": {"p": 0.5, "q": 0.25},
    }


def test_compare_says_how_to_install_openspiel_when_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    compare = load("compare_openspiel")
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` fail
    assert compare.main(["--seconds", TINY]) == 2
    captured = capsys.readouterr()
    assert "OpenSpiel is not installed" in captured.err
    assert ".[bench]" in captured.err
    assert captured.out == ""


def test_compare_tiny_run_with_openspiel(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    compare = load("compare_openspiel")
    assert compare.main(["--seconds", TINY, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    reference = {r["game"]: r for r in data["openspiel"]["games"]}
    assert set(reference) == set(compare.REFERENCE_GAMES)
    assert {row["game"] for row in data["games"]} == registered()
    for row in data["games"]:
        check_row(row)
        for name, ref in reference.items():
            assert ref["steps"] > 0
            assert data["ratios"][row["game"]][name] == pytest.approx(
                row["steps_per_s"] / ref["steps_per_s"]
            )
