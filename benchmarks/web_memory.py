"""Memory the web server keeps per finished table, over many games played through it.

Starts a server (``web_server.py``, one worker, a temporary SQLite file, idle tables
evicted after ``--idle-seconds``) with its ``/bench/memory`` route, then plays ``--games``
bots-only games through it, ``--parallel`` at a time, each watched over a WebSocket
until it is over. Every ``--every`` games it reads the server's resident set size and
its traced Python memory (tracemalloc, after a garbage collection). Reported: both at
each checkpoint, and the growth per finished table from the first checkpoint (caches
warm) to the last, once the idle tables have been evicted.

    python benchmarks/web_memory.py                          # 1,000 games of Whale to Look
    python benchmarks/web_memory.py --games 200 --game whale-riders
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_server import start, stop


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def one_game(http: httpx.AsyncClient, base: str, game: str) -> None:
    seats = [{"kind": "bot", "bot": "easy"} for _ in range(3)]
    r = await http.post(f"{base}/api/games", json={"game": game, "seats": seats})
    r.raise_for_status()
    token = r.json()["spectator_url"].rsplit("/", 1)[1]
    async with connect(f"ws{base[4:]}/ws/{token}", max_size=None) as ws:
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), 300))
            if m.get("type") == "state" and m.get("finished"):
                return


async def measure(http: httpx.AsyncClient, base: str) -> dict[str, Any]:
    r = await http.get(f"{base}/bench/memory")
    r.raise_for_status()
    found: dict[str, Any] = r.json()
    return found


async def run(args: argparse.Namespace, base: str) -> list[tuple[int, dict[str, Any]]]:
    points: list[tuple[int, dict[str, Any]]] = []
    async with httpx.AsyncClient(timeout=120) as http:
        played = 0
        while played < args.games:
            batch = min(args.every, args.games - played)
            for start_at in range(0, batch, args.parallel):
                n = min(args.parallel, batch - start_at)
                await asyncio.gather(*(one_game(http, base, args.game) for _ in range(n)))
            played += batch
            # Let the tables just finished go idle and be swept out of memory.
            await asyncio.sleep(args.idle_seconds + 2 * min(10.0, max(args.idle_seconds, 0.5)))
            point = await measure(http, base)
            points.append((played, point))
            print(
                f"{played:5d} games: RSS {point['rss'] / 1e6:7.1f} MB, traced "
                f"{point['traced'] / 1e6:6.2f} MB, tables in memory {point['in_memory']}, "
                f"evicted {point['evicted']}",
                flush=True,
            )
    return points


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--game", default="whale-to-look", help="game id (default whale-to-look)")
    p.add_argument("--parallel", type=int, default=20, help="games at once (default 20)")
    p.add_argument("--every", type=int, default=100, help="games between readings (100)")
    p.add_argument("--idle-seconds", type=float, default=2.0, help="server eviction (2 s)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="whaletable-bench-") as tmp:
        port = free_port()
        proc = start(
            f"sqlite:///{tmp}/bench.db",
            port,
            idle_seconds=args.idle_seconds,
            memory_route=True,
            bots_only_pace=0.0,  # games as fast as the server plays them
        )
        started = time.perf_counter()
        try:
            points = asyncio.run(run(args, f"http://127.0.0.1:{port}"))
        finally:
            stop(proc)
    seconds = time.perf_counter() - started
    (n0, first), (n1, last) = points[0], points[-1]
    if n1 > n0:
        per_rss = (last["rss"] - first["rss"]) / (n1 - n0)
        per_traced = (last["traced"] - first["traced"]) / (n1 - n0)
        print(
            f"kept per finished table from game {n0} to {n1}: RSS {per_rss / 1e3:.1f} KB, "
            f"traced {per_traced / 1e3:.1f} KB ({seconds:.0f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
