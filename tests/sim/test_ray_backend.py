"""Batches on Ray (``--backend ray``): the same games as on local processes, or a clear error.

No Ray runs in the test process: Ray's core keeps threads and sockets in the process that
starts it, and this process forks workers for other tests. The batches are played on Ray
by ``ray_batches.py`` and by the ``whaletable`` command, each a process of its own with a
local Ray, and compared here with the same batches played on local processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, TypeVar

import pytest
import ray_batches
from ray_batches import GAMES, SEED, THREE, TOURNAMENT

from cli_run import run_cli
from whaletable.sim.backends import BackendError, RayRunner, make_runner, runtime_env, source_folder
from whaletable.sim.batch import simulate
from whaletable.sim.runner import Runner, chunks, run_plan
from whaletable.sim.tournament import tournament

SIMULATE = [
    *("simulate", "whale-to-look", "--games", str(GAMES), "--seed", str(SEED)),
    *("--seats", "heuristic,random,random"),
]
TIMED = ("seconds", "games_per_second", "jobs")
"""What may differ between two runs of the same batch: how long it took and on what."""
RAY_SECONDS = 300
"""Longest a process with a Ray may take (its start is seconds); past it the test fails."""

Test = TypeVar("Test")


def on_ray(test: Test) -> Test:
    """A test that plays on Ray: slow (Ray takes seconds to start), and kept on one worker
    of a parallel run (``--dist loadgroup``) so that two Rays do not start at once."""
    return pytest.mark.slow(pytest.mark.xdist_group("ray")(test))


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMED}


def in_own_process(*args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with this tree's whaletable first on the path, bounded in time."""
    inherited = os.environ.get("PYTHONPATH")
    path = os.pathsep.join(p for p in (source_folder(), inherited) if p)
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        timeout=RAY_SECONDS,
    )


def whaletable_on_its_own(*args: str) -> subprocess.CompletedProcess[str]:
    return in_own_process("-m", "whaletable.cli.main", *args)


@pytest.fixture(scope="module")
def on_a_ray() -> dict[str, Any]:
    """What ``ray_batches.py`` saw, played once for the module on a local Ray of 2 CPUs."""
    pytest.importorskip("ray")
    run = in_own_process(str(Path(ray_batches.__file__)))
    assert run.returncode == 0, run.stderr
    seen: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return seen


@pytest.fixture
def no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray as if the cluster extra were not installed: importing it fails."""
    monkeypatch.setitem(sys.modules, "ray", None)


# ------------------------------------------------------------------ the same games


@on_ray
def test_ray_plays_the_same_simulation_as_local_processes(on_a_ray: dict[str, Any]) -> None:
    with Runner(2) as local:
        expected, expected_summary = simulate(
            "whale-to-look", THREE, GAMES, seed=SEED, runner=local
        )
    played = on_a_ray["simulate"]
    assert played["results"] == ray_batches.plain(expected)
    assert [r["index"] for r in played["results"]] == list(range(GAMES))
    assert untimed(played["summary"]) == untimed(json.loads(json.dumps(expected_summary)))
    other = on_a_ray["simulate_next_seed"]
    assert [r["scores"] for r in other] != [r["scores"] for r in played["results"]]


@on_ray
def test_ray_plays_the_same_tournament_as_local_processes(on_a_ray: dict[str, Any]) -> None:
    bots, games = TOURNAMENT
    expected_results, expected = tournament("whale-to-look", bots, games, seed=SEED, jobs=1)
    played = on_a_ray["tournament"]
    assert played["results"] == ray_batches.plain(expected_results)
    assert untimed(played["result"]) == untimed(json.loads(json.dumps(expected)))
    assert played["result"]["players"] == [2, 3, 4, 5]


@on_ray
def test_ray_hands_over_each_chunk_as_its_task_finishes(on_a_ray: dict[str, Any]) -> None:
    seen = on_a_ray["simulate"]["chunks"]
    assert seen != [GAMES]  # several hand-overs, not one at the end
    assert len(seen) >= len(chunks(GAMES, on_a_ray["jobs"]))
    assert sum(seen) == GAMES
    assert on_a_ray["simulate"]["summary"]["games"] == GAMES


@on_ray
def test_a_ray_task_s_error_reaches_the_caller(on_a_ray: dict[str, Any]) -> None:
    assert on_a_ray["failed_batch"] is not None
    assert on_a_ray["failed_batch"].startswith("ValueError: ")
    assert "no human seats" in on_a_ray["failed_batch"]
    # The runner plays on after a failed batch, the same games as local processes.
    assert on_a_ray["after_failure"] == [0, 1, 2, 3]
    assert [r.index for r in run_plan(ray_batches.fine_tasks())] == [0, 1, 2, 3]


@on_ray
def test_a_runner_entered_inside_a_running_ray_uses_it_and_leaves_it_running(
    on_a_ray: dict[str, Any],
) -> None:
    assert on_a_ray["inner"] == {"jobs": 2, "games": 1}  # the running Ray's CPUs
    assert on_a_ray["still_running"] is True


# ------------------------------------------------------------------ the command line


@on_ray
def test_simulate_command_on_ray_prints_the_same_json_as_on_local_processes() -> None:
    local = run_cli([*SIMULATE, "--jobs", "2", "--json"])
    on_ray = whaletable_on_its_own(*SIMULATE, "--backend", "ray", "--json")
    assert local.code == on_ray.returncode == 0, on_ray.stderr
    assert untimed(json.loads(on_ray.stdout)) == untimed(json.loads(local.out))
    assert json.loads(on_ray.stdout)["jobs"] == 2  # the Ray's CPUs
    assert f"{GAMES}/{GAMES}" in on_ray.stderr  # the progress bar reached the end


@on_ray
def test_tournament_command_on_ray_writes_the_same_json_as_on_local_processes(
    tmp_path: Path,
) -> None:
    quick = ["tournament", "whale-to-look", "--bots", "random,heuristic", "--games", "8"]
    local = run_cli([*quick, "--jobs", "1", "--json", str(tmp_path / "local.json")])
    on_ray = whaletable_on_its_own(*quick, "--backend", "ray", "--json", str(tmp_path / "ray.json"))
    assert local.code == on_ray.returncode == 0, on_ray.stderr
    expected = json.loads((tmp_path / "local.json").read_text())
    assert untimed(json.loads((tmp_path / "ray.json").read_text())) == untimed(expected)
    assert "8/8" in on_ray.stderr


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
    run = whaletable_on_its_own(*SIMULATE, "--backend", "ray", "--address", "no-such-address")
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "whaletable: error: --address no-such-address: cannot join Ray: "
        "Invalid address format: no-such-address"
    )
