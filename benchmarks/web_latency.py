"""Load on the web table: round trip of people's moves with many tables and pages at once.

Starts a server (``web_server.py``: one uvicorn worker, a temporary SQLite file) unless
``--url`` names running ones, then runs the load generator in a separate process: an
asyncio client (httpx + websockets) that keeps ``--tables`` tables going. Most are a
person and two bots, the person thinking ``--think`` seconds (3–7 by default) before each
move and timing the round trip from sending it to the state that acknowledges it; a
``--bot-share`` of them are bots-only tables that play as fast as the server lets them
(a finished one is replaced by a new one). Every table has ``--pages`` open pages (the
seat's and spectators'), so 200 tables are 600 connected clients by default.

``--hostile`` adds, for the whole run, a page that never reads anything (on a bots-only
table) and a bot that overruns its deadline at every move (a seat named "Sloth…", with
the server's ``--bot-deadline``).

``--url`` may be given more than once (or as a comma list) for servers sharing one
PostgreSQL database: the generator then routes as a proxy hashing on the ``table`` query
parameter would (README, Deployment). Every socket of a table opens as
``/ws/<token>?table=<key>`` on the server a stable hash of the key chooses
(``server_index``); tables are created through each server in turn. A table people play is
held only by the server its first page reaches; a bots-only table is played by the server
that made it until a page's server asks for it and is handed it (README, Several workers).
``--route creator`` sends a table's sockets to the server that made it instead, so that no
table changes hands.

Reported: the round trip's median, p90, p99 and max (after ``--warmup`` seconds, while
tables are created and pages connect); moves and games; the sockets opened on each server;
the CPU seconds of the load generator (its own process) and of each server (every process
holding its listening socket, with their children such as bot workers; found through
/proc, so only for servers on this machine). The machine's other load is not counted.

    python benchmarks/web_latency.py --tables 200 --duration 120    # 600 pages
    python benchmarks/web_latency.py --tables 200 --duration 120 --hostile
    python benchmarks/web_latency.py --tables 20 --duration 20 --think 0.5-1.5   # a check
    python benchmarks/web_latency.py --url http://127.0.0.1:8001,http://127.0.0.1:8002
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import multiprocessing
import os
import random
import re
import resource
import socket
import statistics
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_server import SLOTH, cpu_seconds, rss_bytes, start, stop
from whaletable.web.app import COLLECTOR_THRESHOLDS

RECV_TIMEOUT = 120.0
GAME = "whale-to-look"
TICK_SECONDS = 10.0  # how often a caller hears how the run goes


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def server_index(key: str, servers: int) -> int:
    """The server a table's pages go to: a hash of its key that every process (and a
    proxy's ``hash $arg_table``) computes alike, unlike Python's salted ``hash``."""
    return zlib.crc32(key.encode()) % servers


def urls_of(given: list[str]) -> list[str]:
    """``--url`` values (each may be a comma list) as base URLs without a trailing slash."""
    return [u.strip().rstrip("/") for value in given for u in value.split(",") if u.strip()]


@dataclass
class Load:
    """What one load run measured (sent back from the generator's process)."""

    latencies: list[float] = field(default_factory=list)
    games_finished: int = 0
    tables_created: int = 0
    errors: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0
    sockets: Counter[str] = field(default_factory=Counter)  # opened, by server URL


class Run:
    def __init__(self, args: argparse.Namespace) -> None:
        self.bases: list[str] = list(args.urls)
        self.args = args
        self.load = Load()
        self.until = 0.0
        self.measure_from = 0.0  # moves before this (the warm-up) are not timed
        self.creations = itertools.count()
        low, _, high = args.think.partition("-")
        self.think = (float(low), float(high or low))

    @property
    def over(self) -> bool:
        return time.monotonic() >= self.until

    def base_of(self, key: str) -> str:
        return self.bases[server_index(key, len(self.bases))]

    def socket_url(self, created: dict[str, Any], page_url: str) -> str:
        """A page's socket, on its table's server, carrying the key a proxy hashes on."""
        base = created["made_on"] if self.args.route == "creator" else self.base_of(created["key"])
        self.load.sockets[base] += 1
        return f"ws{base[len('http') :]}/ws/{token(page_url)}?table={created['key']}"

    async def new_table(self, http: httpx.AsyncClient, seats: list[dict[str, Any]]) -> Any:
        """A table made through the next server in turn (any server can make any table)."""
        base = self.bases[next(self.creations) % len(self.bases)]
        r = await http.post(f"{base}/api/games", json={"game": GAME, "seats": seats})
        r.raise_for_status()
        self.load.tables_created += 1
        created = r.json()
        created["made_on"] = base
        return created


def token(url: str) -> str:
    return url.rsplit("/", 1)[1]


# A finished table's state says so; a spectator only looks for that. Decoding every board
# (most of the generator's work) would make the generator, not the server, the bottleneck.
FINISHED = re.compile(r'"finished":\s*true')


async def watch(run: Run, url: str, done: asyncio.Event) -> None:
    """A spectator page: reads every message until its table is over."""
    async with connect(url, max_size=None) as ws:
        while not done.is_set() and not run.over:
            try:
                text = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            if FINISHED.search(text) and json.loads(text).get("type") == "state":
                return


async def person(run: Run, http: httpx.AsyncClient, index: int) -> None:
    """A person and two bots, table after table: think, move, time the acknowledgement."""
    rng = random.Random(index)
    seats = [{"kind": "human", "name": f"Person {index}"}, *[{"kind": "bot", "bot": "easy"}] * 2]
    while not run.over:
        created = await run.new_table(http, seats)
        done = asyncio.Event()
        watchers = [
            asyncio.create_task(watch(run, run.socket_url(created, created["spectator_url"]), done))
            for _ in range(run.args.pages - 1)
        ]
        try:
            async with connect(
                run.socket_url(created, created["links"][0]["url"]), max_size=None
            ) as ws:
                await play(run, ws, rng)
        finally:
            done.set()
            await asyncio.gather(*watchers, return_exceptions=True)


async def play(run: Run, ws: ClientConnection, rng: random.Random) -> None:
    latest: dict[str, Any] | None = None
    while not run.over:
        m = latest or json.loads(await asyncio.wait_for(ws.recv(), RECV_TIMEOUT))
        latest = None
        if m["type"] == "error":
            run.load.errors.append(m["message"])
            continue
        if m["type"] != "state" or (m["you"] is None and not m["finished"]):
            continue
        if m["finished"]:
            run.load.games_finished += 1
            return
        await asyncio.sleep(rng.uniform(*run.think))  # a person thinking
        if run.over:
            return
        step = m["step"]
        action = m["actions"][rng.randrange(len(m["actions"]))]["action"]
        sent = time.perf_counter()
        await ws.send(json.dumps({"type": "act", "step": step, "action": action}))
        while True:
            ack = json.loads(await asyncio.wait_for(ws.recv(), RECV_TIMEOUT))
            if ack["type"] == "error":
                run.load.errors.append(ack["message"])
                break
            if ack["type"] == "state" and ack["step"] > step:
                if time.monotonic() >= run.measure_from:
                    run.load.latencies.append(time.perf_counter() - sent)
                latest = ack  # still this seat's turn, or the game is over
                break


async def bots_only(run: Run, http: httpx.AsyncClient, index: int, sloth: bool = False) -> None:
    """A table of three quick bots (or with one "Sloth"), watched, replaced when over."""
    seats: list[dict[str, Any]] = [{"kind": "bot", "bot": "easy"} for _ in range(3)]
    if sloth:
        seats[0] = {"kind": "bot", "bot": "medium", "name": f"{SLOTH} {index}"}
    while not run.over:
        created = await run.new_table(http, seats)
        done = asyncio.Event()
        urls = [run.socket_url(created, created["spectator_url"]) for _ in range(run.args.pages)]
        await asyncio.gather(*(watch(run, url, done) for url in urls))
        if not run.over:
            run.load.games_finished += 1


async def never_reading(run: Run, http: httpx.AsyncClient) -> None:
    """A page of a busy table that completes its handshake and then reads nothing."""
    seats = [{"kind": "bot", "bot": "easy"} for _ in range(3)]
    created = await run.new_table(http, seats)
    ws_url = run.socket_url(created, created["spectator_url"])
    host, port = run.base_of(created["key"]).split("//")[1].split(":")
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(s, (host, int(port)))
    path = ws_url.split(f"{host}:{port}", 1)[1]
    await loop.sock_sendall(
        s,
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode(),
    )
    while not run.over:
        await asyncio.sleep(0.5)
    s.close()


async def generate(args: argparse.Namespace) -> Load:
    run = Run(args)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        n_bots = round(args.tables * args.bot_share)
        run.measure_from = time.monotonic() + args.warmup
        run.until = run.measure_from + args.duration
        tasks = [person(run, http, i) for i in range(args.tables - n_bots)]
        tasks += [bots_only(run, http, i) for i in range(n_bots)]
        if args.hostile:
            tasks += [never_reading(run, http), bots_only(run, http, 0, sloth=True)]
        results = await asyncio.gather(*tasks, return_exceptions=True)
    run.load.errors += [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    return run.load


def generator_process(args: argparse.Namespace, out: Any) -> None:
    """The load generator's process: runs the load and sends back what it measured
    (its CPU time from here on: the process's start and imports are not the load's)."""
    # The generator stands for many browsers, none of which stops the others: its own full
    # garbage collections (80–100 ms under load) would be counted as the servers' round
    # trips, so it collects as rarely as a server does (whaletable.web.app.lifespan).
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    ready = resource.getrusage(resource.RUSAGE_SELF)
    load = asyncio.run(generate(args))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    load.cpu_seconds = usage.ru_utime + usage.ru_stime - ready.ru_utime - ready.ru_stime
    out.send(load)


# ------------------------------------------------------------ the servers' CPU


def listening_pids(port: int) -> list[int]:
    """Every process holding a socket that listens on ``port`` on this machine (a server,
    or all the workers of ``serve --workers N``, which share one listening socket)."""
    inodes: set[str] = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # LISTEN
                inodes.add(f"socket:[{fields[9]}]")
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fds = os.listdir(entry / "fd")
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(entry / "fd" / fd) in inodes:
                    pids.append(int(entry.name))
                    break
            except OSError:
                continue
    return pids


def process_tree(roots: list[int]) -> list[int]:
    """``roots`` and every process below them (a server's bot workers, a database's backends)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found: set[int] = set()
    todo = list(roots)
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo += children.get(pid, [])
    return sorted(found)


def tree_cpu(roots: list[int]) -> dict[int, float]:
    """CPU seconds so far of each process of the trees under ``roots``."""
    seconds = {}
    for pid in process_tree(roots):
        try:
            seconds[pid] = cpu_seconds(pid)
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
    return seconds


def port_of(url: str) -> int | None:
    """The port of a server on this machine, or None for a server elsewhere."""
    u = httpx.URL(url)
    if u.host not in ("127.0.0.1", "localhost", "::1"):
        return None
    return u.port or (443 if u.scheme == "https" else 80)


# ------------------------------------------------------------------ a run


def run_load(
    args: argparse.Namespace,
    watched: dict[str, list[int]],
    tick: Callable[[float], None] | None = None,
) -> tuple[Load, float, dict[str, float]]:
    """The load of ``args`` on ``args.urls``, generated in a process of its own.

    Returns what the generator measured, the run's seconds, and the CPU seconds spent
    meanwhile by each process tree of ``watched`` (roots by name). ``tick`` hears the
    seconds gone every TICK_SECONDS.
    """
    before = {name: tree_cpu(pids) for name, pids in watched.items()}
    ctx = multiprocessing.get_context("spawn")
    theirs, ours = ctx.Pipe(duplex=False)
    gen = ctx.Process(target=generator_process, args=(args, ours))
    started = time.perf_counter()
    gen.start()
    while not theirs.poll(TICK_SECONDS):
        if not gen.is_alive():
            raise SystemExit(f"the load generator exited with {gen.exitcode}")
        if tick is not None:
            tick(time.perf_counter() - started)
    load: Load = theirs.recv()
    gen.join()
    seconds = time.perf_counter() - started
    cpu = {
        name: sum(now - before[name].get(pid, 0.0) for pid, now in tree_cpu(pids).items())
        for name, pids in watched.items()
    }
    return load, seconds, cpu


def summary(
    load: Load, args: argparse.Namespace, seconds: float, cpu: dict[str, float]
) -> dict[str, Any]:
    """The figures of a run, as numbers (milliseconds, seconds)."""
    ms = sorted(x * 1000 for x in load.latencies)
    out: dict[str, Any] = {
        "tables": args.tables,
        "seconds": round(seconds, 1),
        "moves_timed": len(ms),
        "moves_per_second": round(len(ms) / args.duration, 2),
        "tables_created": load.tables_created,
        "games_finished": load.games_finished,
        "errors": len(load.errors),
        "error_examples": load.errors[:3],
        "generator_cpu": round(load.cpu_seconds, 2),
        "cpu": {name: round(c, 2) for name, c in cpu.items()},
        "sockets": {url: load.sockets[url] for url in args.urls},
        "p50": None,
        "p90": None,
        "p99": None,
        "max": None,
    }
    if len(ms) >= 2:
        q = statistics.quantiles(ms, n=100, method="inclusive")
        out.update(p50=statistics.median(ms), p90=q[89], p99=q[98], max=ms[-1])
    return out


def report(
    load: Load,
    args: argparse.Namespace,
    seconds: float,
    cpu: dict[str, float],
    rss: int | None = None,
) -> None:
    ms = sorted(x * 1000 for x in load.latencies)
    pages = args.tables * args.pages + (2 * args.pages + 1 if args.hostile else 0)
    print(
        f"tables: {args.tables} at once ({round(args.tables * args.bot_share)} bots-only), "
        f"~{pages} pages; {load.tables_created} created, {load.games_finished} games finished"
        + ("; with a page that never reads and a bot that overruns" if args.hostile else "")
    )
    print(
        f"run: {seconds:.1f} s ({args.warmup:g} s warm-up untimed), people's moves timed: "
        f"{len(ms)} ({len(ms) / args.duration:.1f}/s)"
    )
    if len(ms) >= 2:
        q = statistics.quantiles(ms, n=100, method="inclusive")
        print(
            f"round trip (ms): median {statistics.median(ms):.1f}  p90 {q[89]:.1f}  "
            f"p99 {q[98]:.1f}  max {ms[-1]:.1f}"
        )
    print(f"CPU seconds: load generator {load.cpu_seconds:.1f} (its own process)")
    for url in args.urls:
        used = f"CPU {cpu[url]:.1f} s (with its bot workers)" if url in cpu else "CPU not seen"
        print(f"server {url}: {load.sockets[url]} sockets opened, {used}")
    if rss is not None:
        print(f"server RSS {rss / 1e6:.0f} MB")
    if load.errors:
        print(f"errors: {len(load.errors)}, e.g. {load.errors[:3]}")


def add_load_options(p: argparse.ArgumentParser, duration: float) -> None:
    """The options of the load itself (shared with workers_scaling.py)."""
    p.add_argument("--pages", type=int, default=3, help="open pages per table (default 3)")
    p.add_argument("--bot-share", type=float, default=0.2, help="bots-only tables (default 0.2)")
    p.add_argument(
        "--duration", type=float, default=duration, help=f"seconds of load (default {duration:g})"
    )
    p.add_argument("--warmup", type=float, default=10, help="untimed seconds first (10)")
    p.add_argument("--think", default="3-7", help="a person's seconds per move (default 3-7)")
    p.add_argument(
        "--route",
        choices=("key", "creator"),
        default="key",
        help="with several servers, a table's sockets go to the server its key hashes to "
        "(key, default: as a proxy would) or to the one that made it (creator: no bots-only "
        "table is handed over, which hashing cannot promise)",
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200, help="tables at once (default 200)")
    add_load_options(p, duration=120)
    p.add_argument("--hostile", action="store_true", help="a page that never reads, a slow bot")
    p.add_argument("--bot-deadline", type=float, default=2.0, help="server's (default 2)")
    p.add_argument(
        "--url",
        action="append",
        default=[],
        help="a running server (default: start one); repeat it, or give a comma list, for "
        "servers sharing a PostgreSQL database",
    )
    args = p.parse_args()
    args.urls = urls_of(args.url)
    proc = None
    with tempfile.TemporaryDirectory(prefix="whaletable-bench-") as tmp:
        if not args.urls:
            port = free_port()
            proc = start(f"sqlite:///{tmp}/bench.db", port, bot_deadline=args.bot_deadline)
            args.urls = [f"http://127.0.0.1:{port}"]
        try:
            watched = {}
            for url in args.urls:
                local = port_of(url)
                pids = listening_pids(local) if local is not None else []
                if pids:
                    watched[url] = pids
            load, seconds, cpu = run_load(args, watched)
            report(load, args, seconds, cpu, rss_bytes(proc.pid) if proc else None)
        finally:
            if proc is not None:
                stop(proc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
