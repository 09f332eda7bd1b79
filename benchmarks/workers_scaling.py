"""How the web table scales from one server to two: the most tables held at p99 ≤ 50 ms.

Starts a throwaway PostgreSQL (as ``workers_cost.py``; or ``--db`` names one, where a
database is made for each run and dropped), then for each worker count of ``--workers``
(1 and 2) and each table count of ``--tables`` starts that many servers on ports of their
own, each the app of ``whaletable serve --shared`` with the per-client limits raised (every
load client comes from one address), and runs ``web_latency.py``'s load on them for
``--duration`` seconds after its ``--warmup``. The load generator runs in a process of its
own and routes as a proxy hashing on the ``table`` query parameter would (README,
Deployment): a table's sockets all go to one server, tables are created through each
server in turn (``--route creator``: a table's sockets go to the server that made it; see
web_latency.py). Every run has a fresh database and fresh
servers, so no table of one run plays on in the next.

Each server is run by uvicorn from ``whaletable.cli.serve:app_from_environment`` (the
factory ``serve --workers N`` gives each of its workers) with the log level at ``info``,
so its log names every socket it accepted, ``/ws/<token>?table=<key>``: the routing is
counted there, on the servers, and a table whose sockets reached two servers is reported.

Printed per run: the round trip's p50/p90/p99, people's moves per second, the CPU seconds
of each server (with its bot workers), of PostgreSQL (when started here) and of the load
generator; at the end the most tables held at p99 ≤ ``--target-ms`` (and without errors)
for each worker count, and the ratio of two workers' to one's. ``--json`` writes it all.

``--pin`` pins server i to CPU i (``os.sched_setaffinity``, inherited by its bot
workers); off by default, since PostgreSQL and the load generator need the same cores.

    python benchmarks/workers_scaling.py --tables 100,150,200,250,300 --duration 60
    python benchmarks/workers_scaling.py --tables 20,40 --duration 30    # a look
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_latency import (
    add_load_options,
    free_port,
    listening_pids,
    run_load,
    server_index,
    summary,
)
from web_server import stop

# The load generator's process imports this module again (multiprocessing's "spawn"): what
# it does not need (workers_cost.py and its test client) is imported where it is used.

TARGET_MS = 50.0
START_TIMEOUT = 120.0
OVERHEAD_SECONDS = 15.0  # per run: a database made, servers started and stopped
RAISED = "1000000/minute"
# uvicorn's line for each socket it accepts, with the path the page asked for.
ACCEPTED = re.compile(r'"WebSocket /ws/[^?" ]*\?table=([^&" ]+)[^"]*" \[accepted\]')


# ------------------------------------------------------------------ servers


def serve_argv(db: str, port: int) -> list[str]:
    """``whaletable serve``'s options for one of the shared servers."""
    return [
        "--shared",
        "--host", "127.0.0.1",
        "--port", str(port),
        "--db", db,
        "--create-rate", RAISED,
        "--upload-rate", RAISED,
        "--socket-rate", RAISED,
        "--sockets-per-client", "1000000",
        "--sockets-per-table", "1000",
    ]  # fmt: skip


def start_server(db: str, log: Path, cpu: int | None) -> tuple[subprocess.Popen[bytes], str]:
    """A shared server on a port of its own; returns once it answers /healthz."""
    from whaletable.cli.serve import ARGS_VARIABLE
    from whaletable.web.app import MAX_MESSAGE

    port = free_port()
    env = {**os.environ, ARGS_VARIABLE: json.dumps(serve_argv(db, port))}
    command = [
        sys.executable, "-m", "uvicorn", "whaletable.cli.serve:app_from_environment",
        "--factory",
        "--host", "127.0.0.1",
        "--port", str(port),
        "--log-level", "info",  # a line per accepted socket (HTTP requests are not logged)
        "--no-access-log",
        "--ws-max-size", str(MAX_MESSAGE * 4),
        "--ws-per-message-deflate", "false",  # as `whaletable serve` (see cli/serve.py)
    ]  # fmt: skip

    def pinned() -> None:
        if cpu is not None:
            os.sched_setaffinity(0, {cpu})

    proc = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("ab"),  # a file: a pipe nobody reads would block the server
        preexec_fn=pinned,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"a server exited with {proc.returncode}: see {log}")
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    stop(proc)
    raise SystemExit(f"a server did not answer /healthz within {START_TIMEOUT:g} s: see {log}")


def accepted_sockets(log: Path) -> Counter[str]:
    """Sockets a server accepted, by table key, read from its log."""
    return Counter(ACCEPTED.findall(log.read_text(errors="replace")))


def routing(urls: list[str], logs: list[Path]) -> dict[str, Any]:
    """Where the servers say each table's sockets went."""
    per_server = [accepted_sockets(log) for log in logs]
    servers_of: dict[str, set[int]] = {}
    for i, tables in enumerate(per_server):
        for key in tables:
            servers_of.setdefault(key, set()).add(i)
    return {
        "accepted": {url: sum(t.values()) for url, t in zip(urls, per_server, strict=True)},
        "tables": {url: dict(t) for url, t in zip(urls, per_server, strict=True)},
        "tables_on_several_servers": sorted(k for k, s in servers_of.items() if len(s) > 1),
        "tables_off_their_hash": sorted(
            k for k, s in servers_of.items() if s != {server_index(k, len(urls))}
        ),
    }


# ------------------------------------------------------------------- a run


def one_run(
    args: argparse.Namespace,
    url: str,
    workers: int,
    tables: int,
    logs_dir: Path,
    db_pids: list[int],
) -> dict[str, Any]:
    """``tables`` tables of load on ``workers`` fresh servers over a fresh database."""
    from workers_cost import fresh_database

    load = argparse.Namespace(**vars(args))
    load.tables = tables
    load.hostile = False
    with ExitStack() as stack, fresh_database(url) as db:
        logs = [logs_dir / f"{workers}w-{tables}t-server-{i}.log" for i in range(workers)]
        for log in logs:
            log.unlink(missing_ok=True)
        servers = []
        for i, log in enumerate(logs):
            cpu = i % (os.cpu_count() or 1) if args.pin else None
            proc, server_url = start_server(db, log, cpu)
            stack.callback(stop, proc)
            servers.append((proc, server_url))
        load.urls = [u for _, u in servers]
        watched = {u: [p.pid] for p, u in servers}
        if db_pids:
            watched["postgresql"] = db_pids
        total = args.warmup + args.duration

        def tick(gone: float) -> None:
            print(f"    {gone:.0f} s gone of about {total:g}", flush=True)

        measured, seconds, cpu_used = run_load(load, watched, tick)
        stack.close()  # the servers stop (and finish their logs) before they are read
        out = summary(measured, load, seconds, cpu_used)
    out["workers"] = workers
    out["servers"] = load.urls
    out["server_cpu"] = [out["cpu"].pop(u, None) for u in load.urls]
    out["database_cpu"] = out["cpu"].pop("postgresql", None)
    del out["cpu"]
    out["routing"] = routing(load.urls, logs)
    return out


def held(runs: list[dict[str, Any]], target: float) -> dict[int, int]:
    """Per worker count, the most tables whose run kept p99 within ``target`` ms, error-free."""
    best: dict[int, int] = {}
    for r in runs:
        best.setdefault(r["workers"], 0)
        if r["p99"] is not None and r["p99"] <= target and r["errors"] == 0:
            best[r["workers"]] = max(best[r["workers"]], r["tables"])
    return best


def show(r: dict[str, Any]) -> None:
    def ms(v: float | None) -> str:
        return "-" if v is None else f"{v:.1f}"

    servers = " + ".join(f"{c:.1f}" for c in r["server_cpu"])
    db = "" if r["database_cpu"] is None else f", PostgreSQL {r['database_cpu']:.1f}"
    route = r["routing"]
    print(
        f"  {r['workers']} worker{'s' if r['workers'] > 1 else ''}, {r['tables']} tables: "
        f"p50 {ms(r['p50'])}  p90 {ms(r['p90'])}  p99 {ms(r['p99'])} ms, "
        f"{r['moves_per_second']:.1f} timed moves/s; CPU s: servers {servers}{db}, "
        f"load generator {r['generator_cpu']:.1f}; sockets per server "
        f"{'/'.join(str(v) for v in route['accepted'].values())}, tables on two servers "
        f"{len(route['tables_on_several_servers'])}"
        + (f"; {r['errors']} errors, e.g. {r['error_examples'][:1]}" if r["errors"] else ""),
        flush=True,
    )


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    p.add_argument(
        "--tables", default="100,150,200", help="table counts, a comma list (default 100,150,200)"
    )
    p.add_argument("--workers", default="1,2", help="server counts, a comma list (default 1,2)")
    add_load_options(p, duration=60)
    p.add_argument("--target-ms", type=float, default=TARGET_MS, help="p99 held (default 50)")
    p.add_argument("--db", help="a PostgreSQL URL (a database is made there per run, dropped)")
    p.add_argument("--pin", action="store_true", help="pin server i to CPU i")
    p.add_argument("--logs", help="keep the servers' logs in this folder")
    p.add_argument("--json", help="write the settings, every run and the result here")
    args = p.parse_args()
    try:
        counts = [int(t) for t in args.tables.split(",")]
        worker_counts = [int(w) for w in args.workers.split(",")]
    except ValueError:
        p.error(
            f"--tables and --workers are comma lists of whole numbers: {args.tables!r}, "
            f"{args.workers!r}"
        )
    if min(counts) < 1 or min(worker_counts) < 1:
        p.error("every count of --tables and --workers must be at least 1")
    from sqlalchemy.engine import make_url

    from workers_cost import throwaway_postgres

    plan = [(w, t) for w in worker_counts for t in counts]
    runs: list[dict[str, Any]] = []
    with ExitStack() as stack:
        url = args.db or stack.enter_context(throwaway_postgres())
        # PostgreSQL's CPU is counted when it was started here (its postmaster and backends).
        db_port = make_url(url).port
        db_pids = listening_pids(db_port) if db_port is not None and not args.db else []
        logs_dir = Path(args.logs or stack.enter_context(tempfile.TemporaryDirectory()))
        logs_dir.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        for i, (workers, tables) in enumerate(plan):
            each = args.warmup + args.duration + OVERHEAD_SECONDS
            if runs:
                each = (time.monotonic() - started) / len(runs)
            left = each * (len(plan) - i)
            print(
                f"[{i + 1}/{len(plan)}] {workers} worker{'s' if workers > 1 else ''}, "
                f"{tables} tables: {args.warmup + args.duration:g} s of load "
                f"(about {left / 60:.1f} min left in all)",
                flush=True,
            )
            runs.append(one_run(args, url, workers, tables, logs_dir, db_pids))
            show(runs[-1])
    best = held(runs, args.target_ms)
    print(f"most tables held at p99 ≤ {args.target_ms:g} ms without errors:")
    for workers, tables in best.items():
        print(f"  {workers} worker{'s' if workers > 1 else ''}: {tables}")
    ratio = best[2] / best[1] if best.get(1) and 2 in best else None
    if ratio is not None:
        print(f"  2 workers / 1 worker: {ratio:.2f}")
    if args.json:
        settings = {k: v for k, v in vars(args).items() if k not in ("db", "json", "logs")}
        result = {
            "settings": settings,
            "runs": runs,
            "held": {str(w): t for w, t in best.items()},
            "ratio": ratio,
            "target_ms": args.target_ms,
        }
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
