"""Round-trip latency of an action on the web table, with many games at once on loopback.

Starts ``whaletable serve`` on a temporary SQLite file, creates ``--tables`` tables (one
human seat and one or two "easy" bots each) and opens one WebSocket per table, all at
once. Each client acts on its latest state whenever it is its turn and times the round
trip from sending the act to receiving the state message that acknowledges it (its step
past the act's). A finished game is replaced by a new table until ``--actions`` acts
were timed. The server is stopped at the end.

    python benchmarks/web_latency.py                     # 50 tables, ≥ 1,000 actions
    python benchmarks/web_latency.py --tables 20 --actions 500 --time-limit 120
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

RECV_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db_url: str, port: int, workers: int) -> subprocess.Popen[bytes]:
    exe = Path(sys.executable).parent / "whaletable"
    proc = subprocess.Popen(
        [
            *(str(exe), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db_url),
            *("--bot-workers", str(workers)),
        ],
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not answer /healthz within 60 s")


class Run:
    """Shared counters of one benchmark run."""

    def __init__(self, base: str, target: int) -> None:
        self.base = base
        self.target = target
        self.latencies: list[float] = []
        self.games_finished = 0
        self.tables = 0

    @property
    def done(self) -> bool:
        return len(self.latencies) >= self.target


async def new_table(http: httpx.AsyncClient, run: Run, bots: int) -> str:
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "Timer"}]
    seats += [{"kind": "bot", "bot": "easy"}] * bots
    r = await http.post(f"{run.base}/api/games", json={"game": "whale-to-look", "seats": seats})
    r.raise_for_status()
    run.tables += 1
    url: str = r.json()["links"][0]["url"]
    return url.rsplit("/", 1)[1]


async def client(index: int, token: str, run: Run, http: httpx.AsyncClient, ws_base: str) -> None:
    rng = random.Random(index)
    bots = 1 + index % 2
    while not run.done:
        async with connect(f"{ws_base}/ws/{token}", max_size=None) as ws:
            latest: dict[str, Any] | None = None  # a state not yet handled
            while not run.done:
                m = latest or json.loads(await asyncio.wait_for(ws.recv(), RECV_TIMEOUT))
                latest = None
                if m["type"] == "error":
                    raise RuntimeError(f"table {index}: {m['message']}")
                if m["type"] != "state" or (m["you"] is None and not m["finished"]):
                    continue
                if m["finished"]:
                    run.games_finished += 1
                    break
                step = m["step"]
                action = m["actions"][rng.randrange(len(m["actions"]))]["action"]
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "step": step, "action": action}))
                while True:
                    ack = json.loads(await asyncio.wait_for(ws.recv(), RECV_TIMEOUT))
                    if ack["type"] == "error":
                        raise RuntimeError(f"table {index}: {ack['message']}")
                    if ack["type"] == "state" and ack["step"] > step:
                        run.latencies.append(time.perf_counter() - sent)
                        break
                latest = ack  # still this seat's turn, or the game is over: handle it now
        if not run.done:
            token = await new_table(http, run, bots)


async def main_async(args: argparse.Namespace, port: int) -> Run:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    run = Run(base, args.actions)
    async with httpx.AsyncClient(timeout=30) as http:
        tokens = [await new_table(http, run, 1 + i % 2) for i in range(args.tables)]
        tasks = [client(i, t, run, http, ws_base) for i, t in enumerate(tokens)]
        await asyncio.wait_for(asyncio.gather(*tasks), args.time_limit)
    return run


def report(run: Run, seconds: float, args: argparse.Namespace) -> None:
    ms = sorted(x * 1000 for x in run.latencies)
    q = statistics.quantiles(ms, n=100, method="inclusive")
    print(f"tables: {args.tables} concurrent ({run.tables} created, {run.games_finished} finished)")
    print(f"actions timed: {len(ms)} in {seconds:.1f} s ({len(ms) / seconds:.0f} actions/s)")
    print(
        f"round trip (ms): median {statistics.median(ms):.2f}  p90 {q[89]:.2f}  "
        f"p99 {q[98]:.2f}  max {ms[-1]:.2f}"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=50, help="concurrent tables (default 50)")
    p.add_argument("--actions", type=int, default=1000, help="acts to time (default 1000)")
    p.add_argument("--time-limit", type=float, default=600, help="seconds at most (default 600)")
    p.add_argument("--bot-workers", type=int, default=1, help="server bot processes (default 1)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="whaletable-bench-") as tmp:
        port = free_port()
        proc = start_server(f"sqlite:///{tmp}/bench.db", port, args.bot_workers)
        try:
            started = time.perf_counter()
            run = asyncio.run(main_async(args, port))
            report(run, time.perf_counter() - started, args)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
