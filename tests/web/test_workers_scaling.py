"""``benchmarks/workers_scaling.py`` end to end at a tiny size (two counts of up to four
tables, 5 s each, on one server and on two): its figures are well formed, and the servers'
own logs show that every socket of a table reached one server, the one its key hashes to."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_support import Postgres

from benchmark_scripts import load

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "workers_scaling.py"
TABLES = (2, 4)
PAGES = 3  # web_latency.py's default
TARGET_MS = 50.0

# One worker of a parallel run takes every test here, so the run below is made once.
pytestmark = pytest.mark.xdist_group("workers-scaling")


@pytest.fixture(scope="module")
def scaling(postgres: Postgres, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The script's printout and JSON result, from one tiny run of it."""
    out = tmp_path_factory.mktemp("scaling") / "scaling.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), *sys.path])}
    command = [
        sys.executable,
        str(SCRIPT),
        "--db", postgres.url,
        "--tables", ",".join(str(t) for t in TABLES),
        "--duration", "5",
        "--warmup", "1",
        "--think", "0.2-0.6",
        "--json", str(out),
    ]  # fmt: skip
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    yield done.stdout, json.loads(out.read_text())


@pytest.mark.slow
def test_scaling_runs_each_table_count_on_one_server_then_two(scaling: Any) -> None:
    stdout, result = scaling
    runs = result["runs"]
    assert [(r["workers"], r["tables"]) for r in runs] == [(w, t) for w in (1, 2) for t in TABLES]
    for r in runs:
        assert len(r["servers"]) == len(set(r["servers"])) == r["workers"]
        assert r["errors"] == 0, r["error_examples"]
        assert r["moves_timed"] > 0
        assert 0 < r["p50"] <= r["p90"] <= r["p99"] <= r["max"]
        assert r["generator_cpu"] > 0
        assert len(r["server_cpu"]) == r["workers"] and all(c > 0 for c in r["server_cpu"])
        assert r["database_cpu"] is None  # a PostgreSQL given by --db is not watched
        line = f"  {r['workers']} worker{'s' if r['workers'] > 1 else ''}, {r['tables']} tables:"
        assert f"{line} p50 {r['p50']:.1f}  p90 {r['p90']:.1f}  p99 {r['p99']:.1f} ms" in stdout


@pytest.mark.slow
def test_scaling_reports_the_most_tables_held_at_p99_and_their_ratio(scaling: Any) -> None:
    stdout, result = scaling
    held = {w: 0 for w in (1, 2)}
    for r in result["runs"]:
        if r["p99"] <= TARGET_MS and r["errors"] == 0:
            held[r["workers"]] = max(held[r["workers"]], r["tables"])
    assert result["target_ms"] == TARGET_MS
    assert result["held"] == {str(w): t for w, t in held.items()}
    assert result["ratio"] == (held[2] / held[1] if held[1] else None)
    assert f"most tables held at p99 ≤ {TARGET_MS:g} ms without errors:" in stdout
    assert f"  1 worker: {held[1]}\n  2 workers: {held[2]}\n" in stdout


@pytest.mark.slow
def test_every_socket_of_a_table_reaches_the_one_server_its_key_hashes_to(scaling: Any) -> None:
    _, result = scaling
    server_index = load("web_latency").server_index
    for r in result["runs"]:
        seen = r["routing"]["tables"]  # per server, from its own log: sockets by table key
        servers_of: dict[str, list[int]] = {}
        for i, url in enumerate(r["servers"]):
            for key in seen[url]:
                servers_of.setdefault(key, []).append(i)
        assert len(servers_of) >= r["tables"]
        for key, where in servers_of.items():
            assert where == [server_index(key, r["workers"])], (key, where)
        # What the load generator opened is what the servers accepted, server by server.
        for url in r["servers"]:
            assert sum(seen[url].values()) == r["routing"]["accepted"][url] == r["sockets"][url]
        assert sum(r["sockets"].values()) >= r["tables"] * PAGES
        assert r["routing"]["tables_on_several_servers"] == []
        assert r["routing"]["tables_off_their_hash"] == []
