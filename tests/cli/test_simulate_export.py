"""``whaletable simulate --export``: the very games simulated, as Parquet shards."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

SIMULATE = ["simulate", "whale-to-look", "--seats", "random,heuristic", "--games", "10"]


def exported(cli: Callable[..., Any], folder: Path, jobs: int) -> tuple[Any, dict[str, Any]]:
    run = cli([*SIMULATE, "--jobs", str(jobs), "--json", "--export", str(folder)])
    assert run.code == 0, run.err
    return pd.read_parquet(folder), json.loads(run.out)


def test_export_writes_every_simulated_game_with_its_seed_and_result(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    frame, summary = exported(cli, tmp_path / "rows", jobs=1)
    assert summary["export"] == str(tmp_path / "rows")
    assert frame["seed"].nunique() == 10
    assert set(frame["game"]) == {"whale-to-look"}
    # Each game's rows end the way the simulation scored it: one winner per game.
    for _, rows in frame.groupby("seed"):
        finals = rows.groupby("seat")["reward_to_go"].first()
        assert sorted(finals.tolist()) == [0.0, 1.0]
    wins = frame.groupby(["seed", "seat"])["reward_to_go"].first().sum()
    assert wins == 10


def test_export_is_the_same_on_one_process_or_two(cli: Callable[..., Any], tmp_path: Path) -> None:
    one, _ = exported(cli, tmp_path / "one", jobs=1)
    two, _ = exported(cli, tmp_path / "two", jobs=2)
    key = ["seed", "step"]
    columns = [*key, "seat", "action", "reward_to_go"]
    one = one.sort_values(key).reset_index(drop=True)
    two = two.sort_values(key).reset_index(drop=True)
    assert one[columns].equals(two[columns])


def test_export_into_a_file_is_a_clear_error(cli: Callable[..., Any], tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder")
    run = cli([*SIMULATE, "--export", str(blocker / "rows")])
    assert run.code == 2
    assert f"--export {blocker / 'rows'}: cannot make the folder" in run.err
