"""A whaletable server for the web benchmarks, in its own process, with their knobs.

Run by ``web_latency.py`` and ``web_memory.py`` (or by hand):

    python benchmarks/web_server.py --port 8000 --db sqlite:////tmp/bench.db

It is ``create_app`` under uvicorn, one worker, with per-client limits raised where the
app has them (every benchmark client comes from one address), an optional bot that
overruns its deadline (seats named "Sloth…"), and an optional ``/bench/memory`` route
that reports the server's traced Python memory and resident set size.
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from whaletable.web.app import MAX_MESSAGE, create_app
from whaletable.web.bots import think
from whaletable.web.limits import Limits

SLOTH = "Sloth"  # a bot seat named so thinks far past any deadline
SLOTH_SECONDS = 60.0


def think_slowly_for_sloths(
    record: dict[str, Any], seat: int, spec: str, seed: int
) -> dict[str, Any]:
    """``think``, except for seats named "Sloth…", which overrun every deadline."""
    if str(record["seats"][seat]).startswith(SLOTH):
        time.sleep(SLOTH_SECONDS)
    return think(record, seat, spec, seed)


def rss_bytes(pid: int | str = "self") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    ticks = int(fields[11]) + int(fields[12])
    return ticks / 100.0


def raised_limits() -> Limits:
    """Per-client limits high enough for a load run: every benchmark client shares one address."""
    many = "1000000/minute"
    return Limits(
        create_rate=many,
        upload_rate=many,
        socket_rate=many,
        sockets_per_client=1_000_000,
        sockets_per_table=1_000,
    )


def start(
    db_url: str,
    port: int,
    *,
    bot_deadline: float | None = None,
    idle_seconds: float | None = None,
    memory_route: bool = False,
    bots_only_pace: float | None = None,
) -> subprocess.Popen[bytes]:
    """This script as a server subprocess; returns once it answers /healthz."""
    args = [sys.executable, __file__, "--port", str(port), "--db", db_url]
    if bot_deadline is not None:
        args += ["--bot-deadline", str(bot_deadline)]
    if idle_seconds is not None:
        args += ["--idle-seconds", str(idle_seconds)]
    if memory_route:
        args.append("--memory-route")
    if bots_only_pace is not None:
        args += ["--bots-only-pace", str(bots_only_pace)]
    import httpx  # here: the server's bot workers run this module again, without needing it

    proc = subprocess.Popen(args)
    deadline = time.monotonic() + 120
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
    raise SystemExit("the server did not answer /healthz within 120 s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def main() -> int:
    import uvicorn

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", default="sqlite:///bench.db")
    p.add_argument("--bot-workers", type=int, default=1)
    p.add_argument("--bot-deadline", type=float, default=None, help="seconds per bot move")
    p.add_argument("--idle-seconds", type=float, default=None, help="evict idle tables after")
    p.add_argument("--memory-route", action="store_true", help="serve /bench/memory")
    p.add_argument("--bots-only-pace", type=float, default=None, help="s per bots-only step")
    args = p.parse_args()
    kwargs: dict[str, Any] = {"bot_workers": args.bot_workers, "bot_think": think_slowly_for_sloths}
    if args.bot_deadline is not None:
        kwargs["bot_deadline"] = args.bot_deadline
    if args.idle_seconds is not None:
        kwargs["idle_seconds"] = args.idle_seconds
    if args.bots_only_pace is not None:
        kwargs["bots_only_pace"] = args.bots_only_pace
    app = create_app(args.db, **kwargs, limits=raised_limits())
    if args.memory_route:
        tracemalloc.start()

        async def memory() -> dict[str, Any]:
            gc.collect()
            tables = app.state.tables
            return {
                "traced": tracemalloc.get_traced_memory()[0],
                "rss": rss_bytes(),
                "in_memory": len(tables.tables),
                "evicted": len(tables.evicted),
            }

        app.add_api_route("/bench/memory", memory)
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,
        # A table's messages are drawn boards of ~15 KB. Compressing each one for every
        # page took a third of the server's time under load and tripled the slowest round
        # trips (benchmarks/web_latency.py); the bytes saved are not worth it.
        ws_per_message_deflate=False,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
