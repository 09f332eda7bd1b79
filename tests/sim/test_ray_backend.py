"""Batches on Ray (``--backend ray``): the same games as on local processes, or a clear error.

The tests that play on Ray share one local Ray of two CPUs, started once for the module by
a :class:`RayRunner` (as the command line starts one) and shut down after them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from cli_run import run_cli
from whaletable.sim.backends import BackendError, RayRunner, make_runner, runtime_env, source_folder
from whaletable.sim.batch import SeatPlan, simulate
from whaletable.sim.runner import GameResult, GameTask, Runner, TaskList, chunks
from whaletable.sim.tournament import tournament

GAMES = 20
SEED = 7
THREE = ["random", "random", "random"]
SIMULATE = [
    *("simulate", "whale-to-look", "--games", str(GAMES), "--seed", str(SEED)),
    *("--seats", "heuristic,random,random"),
]
TIMED = ("seconds", "games_per_second", "jobs")
"""What may differ between two runs of the same batch: how long it took and on what."""

Test = TypeVar("Test")


def on_ray(test: Test) -> Test:
    """A test that plays on the module's Ray: slow (Ray takes seconds to start), and kept on
    one worker of a parallel run (``--dist loadgroup``) so that the run starts one Ray."""
    return pytest.mark.slow(pytest.mark.xdist_group("ray")(test))


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMED}


@pytest.fixture(scope="module")
def ray_runner() -> Iterator[RayRunner]:
    pytest.importorskip("ray")
    with RayRunner(jobs=2) as runner:
        yield runner


@pytest.fixture
def no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray as if the cluster extra were not installed: importing it fails."""
    monkeypatch.setitem(sys.modules, "ray", None)


# ------------------------------------------------------------------ the same games


@on_ray
def test_ray_plays_the_same_simulation_as_local_processes(ray_runner: RayRunner) -> None:
    with Runner(2) as local:
        expected, expected_summary = simulate(
            "whale-to-look", THREE, GAMES, seed=SEED, runner=local
        )
    results, summary = simulate("whale-to-look", THREE, GAMES, seed=SEED, runner=ray_runner)
    assert results == expected
    assert [r.index for r in results] == list(range(GAMES))
    assert untimed(summary) == untimed(expected_summary)
    other, _ = simulate("whale-to-look", THREE, GAMES, seed=SEED + 1, runner=ray_runner)
    assert [r.scores for r in other] != [r.scores for r in results]


@on_ray
def test_ray_plays_the_same_tournament_as_local_processes(ray_runner: RayRunner) -> None:
    bots = ["random", "heuristic"]
    expected_results, expected = tournament("whale-to-look", bots, 12, seed=SEED, jobs=1)
    results, result = tournament("whale-to-look", bots, 12, seed=SEED, runner=ray_runner)
    assert results == expected_results
    assert untimed(result) == untimed(expected)
    assert result["players"] == [2, 3, 4, 5]


@on_ray
def test_ray_hands_over_each_chunk_as_its_task_finishes(ray_runner: RayRunner) -> None:
    seen: list[list[GameResult]] = []
    _, summary = simulate(
        "whale-to-look", THREE, GAMES, seed=SEED, runner=ray_runner, on_results=seen.append
    )
    assert [len(chunk) for chunk in seen] != [GAMES]  # several hand-overs, not one at the end
    assert len(seen) >= len(chunks(GAMES, ray_runner.jobs))
    assert sorted(r.index for chunk in seen for r in chunk) == list(range(GAMES))
    assert summary["games"] == GAMES


@on_ray
def test_a_ray_task_s_error_reaches_the_caller(ray_runner: RayRunner) -> None:
    fine = [plan_task(i, THREE) for i in range(4)]
    with pytest.raises(ValueError, match="no human seats"):
        ray_runner.run(TaskList((*fine, plan_task(4, ["random", "human"]))))
    # The runner plays on after a failed batch.
    assert [r.index for r in ray_runner.run(TaskList(tuple(fine)))] == [0, 1, 2, 3]


def plan_task(index: int, seats: list[str]) -> GameTask:
    """Game ``index`` of a batch of ``seats``."""
    return SeatPlan("whale-to-look", tuple(seats), index + 1, SEED).task(index)


@on_ray
def test_a_runner_entered_inside_a_running_ray_uses_it_and_leaves_it_running(
    ray_runner: RayRunner,
) -> None:
    with RayRunner() as inner:
        assert inner.jobs == 2  # the running Ray's CPUs
        assert len(inner.run(TaskList((plan_task(0, THREE),)))) == 1
    assert ray_runner.ray.is_initialized()


# ------------------------------------------------------------------ the command line


@on_ray
def test_simulate_command_on_ray_prints_the_same_json_as_on_local_processes(
    ray_runner: RayRunner,
) -> None:
    local = run_cli([*SIMULATE, "--jobs", "2", "--json"])
    on_ray = run_cli([*SIMULATE, "--backend", "ray", "--json"])
    assert local.code == on_ray.code == 0, on_ray.err
    assert untimed(json.loads(on_ray.out)) == untimed(json.loads(local.out))
    assert json.loads(on_ray.out)["jobs"] == 2  # the Ray's CPUs
    assert f"{GAMES}/{GAMES}" in on_ray.err  # the progress bar reached the end


@on_ray
def test_tournament_command_on_ray_writes_the_same_json_as_on_local_processes(
    ray_runner: RayRunner, tmp_path: Path
) -> None:
    quick = ["tournament", "whale-to-look", "--bots", "random,heuristic", "--games", "8"]
    local = run_cli([*quick, "--jobs", "1", "--json", str(tmp_path / "local.json")])
    on_ray = run_cli([*quick, "--backend", "ray", "--json", str(tmp_path / "ray.json")])
    assert local.code == on_ray.code == 0, on_ray.err
    expected = json.loads((tmp_path / "local.json").read_text())
    assert untimed(json.loads((tmp_path / "ray.json").read_text())) == untimed(expected)
    assert "8/8" in on_ray.err


# ------------------------------------------------------------------ clear errors


def test_ray_backend_without_ray_names_the_extra_to_install(no_ray: None) -> None:
    with pytest.raises(BackendError, match=r"pip install 'whaletable\[cluster\]'"):
        RayRunner()
    with pytest.raises(BackendError, match="cluster extra"):
        make_runner("ray", None)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_backend_ray_without_ray_is_one_line_and_exit_code_2(no_ray: None, command: str) -> None:
    args = [command, "whale-to-look", "--games", "2", "--backend", "ray"]
    if command == "tournament":
        args += ["--bots", "random,heuristic"]
    run = run_cli(args)
    assert run.code == 2
    assert run.err.strip().splitlines() == [
        "whaletable: error: --backend ray needs Ray, the cluster extra: "
        "pip install 'whaletable[cluster]'"
    ]
    assert run.out == ""


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_address_without_the_ray_backend_is_refused(command: str) -> None:
    args = [command, "whale-to-look", "--games", "2", "--address", "auto"]
    if command == "tournament":
        args += ["--bots", "random,heuristic"]
    run = run_cli(args)
    assert run.code == 2
    assert run.err.strip() == (
        "whaletable: error: --address joins a Ray cluster: use it with --backend ray"
    )
    with pytest.raises(BackendError, match="use it with --backend ray"):
        make_runner("local", 2, "auto")


def test_export_to_a_cluster_s_machines_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "rows"
    run = run_cli([*SIMULATE, "--backend", "ray", "--address", "auto", "--export", str(folder)])
    assert run.code == 2
    assert "--export writes each shard on the machine that played it" in run.err
    assert not folder.exists()


def test_jobs_below_one_is_refused_on_ray_too() -> None:
    run = run_cli([*SIMULATE, "--backend", "ray", "--jobs", "0"])
    assert run.code == 2
    assert run.err.strip() == "whaletable: error: --jobs must be at least 1, not 0"


def test_local_ray_workers_import_whaletable_from_where_this_process_did() -> None:
    import whaletable

    path = runtime_env(None)["env_vars"]["PYTHONPATH"].split(":")[0]
    assert Path(whaletable.__file__).resolve().is_relative_to(Path(path))
    package = str(Path(whaletable.__file__).resolve().parent)
    assert runtime_env("ray://head:10001") == {"py_modules": [package]}


def test_an_address_ray_cannot_read_is_one_line_and_exit_code_2() -> None:
    pytest.importorskip("ray")
    # A process of its own: in this one the module's Ray may be running, and a runner
    # entered inside a running Ray uses it without reading the address.
    env = {**os.environ, "PYTHONPATH": source_folder()}
    args = [*SIMULATE, "--backend", "ray", "--address", "no-such-address"]
    run = subprocess.run(
        [sys.executable, "-m", "whaletable.cli.main", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "whaletable: error: --address no-such-address: cannot join Ray: "
        "Invalid address format: no-such-address"
    )
