"""What each move costs the shared PostgreSQL database, with one server and with two.

Plays ``--moves`` steps (two-player Whale to Look games, each seat moving at random)
through servers that share one PostgreSQL database (``create_app(shared=True)``, in
this process), and counts, per step, what each server sent the database: statements
(by kind), transactions, NOTIFYs sent and delivered (every listening server is sent
each one), and the reads a server makes to catch up a table it holds after hearing
that another server moved. Statements are counted with SQLAlchemy's
``before_cursor_execute`` event on each server's engine; the listening connection
(psycopg, outside SQLAlchemy) says only ``LISTEN`` once.

With one server both seats' pages are on it; with two, seat 1's page is on the second
server, so every step is written by one server and heard and read by the other (the
worst case: a table whose pages are spread over every server that holds it).

Then as many steps of tables of three bots alone (a step every ``PACE`` seconds), each
made through the first server and watched by a page on the last, as a proxy hashing on the
table's key may send it: the page's server asks the maker for the table and plays it.

    python benchmarks/workers_cost.py                      # a throwaway PostgreSQL
    python benchmarks/workers_cost.py --db postgresql+psycopg://postgres@127.0.0.1/postgres

It takes well under a minute (no latency is measured: see web_latency.py for that).
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, func, select, text
from sqlalchemy.engine import Engine

from whaletable.core import CHANCE
from whaletable.web.app import create_app
from whaletable.web.limits import Limits
from whaletable.web.storage import actions
from whaletable.web.tables import LiveTable, SeatConfig, Tables, Viewer

GAME = "whale-to-look"
TIMEOUT = 30.0
PACE = 0.02  # seconds per step at a table of bots alone (the web app's is 0.2)


# ------------------------------------------------------------------ counting


def kind_of(statement: str) -> str:
    """What a statement is for, from its text."""
    s = " ".join(statement.split()).lower()
    if "pg_notify" in s:
        return "notify"
    if s.startswith("insert into actions"):
        return "step insert"
    if s.startswith("insert into notes"):
        return "note insert"
    if s.startswith("select") and "(actions.table_key, actions.seq) in" in s:
        return "written check"  # the group commit's look for steps already written
    if s.startswith("select") and ("from actions" in s or "from notes" in s):
        return "catch-up read"
    if s.startswith("select") and "from tables" in s:
        return "table read"
    if s.startswith("update tables"):
        return "table update"
    if "rate_hits" in s:
        return "rate count"
    return "other"


@dataclass
class Tally:
    statements: Counter[str] = field(default_factory=Counter)
    commits: int = 0
    counting: bool = False

    def watch(self, engine: Engine) -> None:
        def before(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if self.counting:
                self.statements[kind_of(statement)] += 1

        def committed(conn: Any) -> None:
            if self.counting:
                self.commits += 1

        event.listen(engine, "before_cursor_execute", before)
        event.listen(engine, "commit", committed)


# ---------------------------------------------------------------- PostgreSQL


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL server from Debian's binaries in a temporary folder (trust auth)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise SystemExit("no PostgreSQL here (/usr/lib/postgresql/*/bin): pass --db URL")
    bindir = Path(found[-1]).parent
    top = tempfile.mkdtemp(prefix="whaletable-cost-")
    if os.geteuid() == 0:
        shutil.chown(top, user="postgres", group="postgres")
    data, port = os.path.join(top, "data"), free_port()
    quiet: dict[str, Any] = {"check": True, "capture_output": True, "timeout": 120}
    try:
        subprocess.run(
            as_postgres([str(bindir / "initdb"), "-D", data, "-A", "trust", "-U", "postgres"]),
            **quiet,
        )
        options = f"-p {port} -k {top} -c listen_addresses=127.0.0.1"
        log = os.path.join(top, "server.log")
        subprocess.run(
            as_postgres(
                [str(bindir / "pg_ctl"), "-D", data, "-l", log, "-o", options, "-w", "start"]
            ),
            **quiet,
        )
        try:
            yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run(
                as_postgres([str(bindir / "pg_ctl"), "-D", data, "-m", "fast", "stop"]), **quiet
            )
    finally:
        shutil.rmtree(top, ignore_errors=True)


@contextmanager
def fresh_database(url: str) -> Iterator[str]:
    name = f"cost_{secrets.token_hex(4)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"CREATE DATABASE {name}"))
        yield url.rsplit("/", 1)[0] + f"/{name}"
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    finally:
        admin.dispose()


# ------------------------------------------------------------------- playing


@dataclass
class Server:
    client: TestClient
    tally: Tally

    @property
    def tables(self) -> Tables:
        t: Tables = self.client.app.state.tables  # type: ignore[attr-defined]
        return t

    def call(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` on the server's event loop (where its tables live)."""
        assert self.client.portal is not None
        return self.client.portal.call(fn, *args)


async def nothing(_: dict[str, Any]) -> None:
    """A page's socket that takes every message (what is sent is not the cost counted)."""


def seat_page(seat: int) -> Viewer:
    return Viewer(nothing, lambda m: m, "en", "seat", frozenset({seat}), showing=seat)


def stored_steps(check: Engine, key: str) -> int:
    with check.connect() as conn:
        found: int = conn.execute(
            select(func.count()).select_from(actions).where(actions.c.table_key == key)
        ).scalar_one()
    return found


def settled(servers: list[Server], holders: list[LiveTable], stored: int) -> bool:
    """Every server holding the table has its stored steps, and no bot or chance task runs."""
    for server, table in zip(servers, holders, strict=True):
        steps = server.call(lambda t=table: len(t.state.history))
        busy = server.call(
            lambda t=table: (t.bot_task is not None and not t.bot_task.done()) or t.lock.locked()
        )
        if steps != stored or busy:
            return False
    return True


def play_game(servers: list[Server], check: Engine, rng: random.Random) -> int:
    """One game, seat s moving through server s mod len(servers); the steps played."""
    first = servers[0]
    seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Ben")]
    key = first.call(first.tables.acreate, GAME, seats).key
    # Each server loads the table as a page's first visit would (and sets it going).
    holders: list[LiveTable] = [s.call(lambda s=s: s.tables.tables[key]) for s in servers]
    table = holders[0]
    pages = [seat_page(seat) for seat in range(2)]
    for seat, page in enumerate(pages):
        holder = holders[seat % len(servers)]
        servers[seat % len(servers)].call(lambda h=holder, p=page: h.viewers.add(p))
    while True:
        deadline = time.monotonic() + TIMEOUT
        while True:
            stored = stored_steps(check, key)
            if settled(servers, holders, stored):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"table {key} did not settle at step {stored}")
            time.sleep(0.02)
        state = table.state
        if state.is_terminal():
            return int(stored)
        seat = state.current_player()
        assert seat != CHANCE, "chance is played by the server that moved last"
        server, holder = servers[seat % len(servers)], holders[seat % len(servers)]
        action = rng.choice(holder.state.legal_actions()).to_json()
        server.call(server.tables.act, holder, pages[seat], len(holder.state.history), action)


def play_bots(servers: list[Server], check: Engine, rng: random.Random) -> int:
    """One game of three bots alone, made through the first server (which plays it) and
    watched by a page on the last; the steps played."""
    first, last = servers[0], servers[-1]
    seats = [SeatConfig("bot", "", bot="easy") for _ in range(3)]
    made = first.call(first.tables.acreate, GAME, seats)
    first.call(first.tables.kick, made)  # as the lobby does once it has made a table
    page = Viewer(nothing, lambda m: m, "en", "spectator", frozenset(), showing=None)

    def watch() -> None:  # what the page's socket does on the last server
        last.tables.lookup(made.spectator_token)[0].viewers.add(page)

    last.call(watch)
    deadline = time.monotonic() + TIMEOUT * 4
    while True:
        stored = stored_steps(check, made.key)
        holders = [s.call(lambda s=s: s.tables.tables.held(made.key)) for s in servers]
        watched = last.call(lambda: (t := last.tables.tables.held(made.key)) and t.finished)
        if watched:
            held = [(s, h) for s, h in zip(servers, holders, strict=True) if h is not None]
            if settled([s for s, _ in held], [h for _, h in held], stored):
                return stored
        if time.monotonic() > deadline:
            raise RuntimeError(f"table {made.key} did not finish (step {stored})")
        time.sleep(0.05)


def measure(db: str, count: int, moves: int, seed: int, play: Any = play_game) -> dict[str, float]:
    rng = random.Random(seed)
    check = create_engine(db)
    with ExitStack() as stack:
        servers = []
        for _ in range(count):
            app = create_app(
                db, shared=True, bots_only_pace=PACE, limits=Limits(create_rate="100000/minute")
            )
            client = stack.enter_context(TestClient(app))
            tally = Tally()
            server = Server(client, tally)
            tally.watch(server.tables.store.engine)
            servers.append(server)
        for server in servers:
            server.tally.counting = True
        played = games = 0
        started = time.monotonic()
        while played < moves:
            played += play(servers, check, rng)
            games += 1
        time.sleep(0.2)  # the last NOTIFYs heard and caught up
        for server in servers:
            server.tally.counting = False
        seconds = time.monotonic() - started
    check.dispose()
    total: Counter[str] = Counter()
    commits = 0
    for server in servers:
        total.update(server.tally.statements)
        commits += server.tally.commits
    out = {f"{k} per step": v / played for k, v in sorted(total.items())}
    out["statements per step"] = sum(total.values()) / played
    out["transactions per step"] = commits / played
    out["NOTIFYs delivered per step"] = total["notify"] * count / played
    out["steps"] = played
    out["games"] = games
    out["seconds"] = seconds
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--db", help="a PostgreSQL URL (a database is made there and dropped)")
    p.add_argument("--moves", type=int, default=150, help="steps to play per setting")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    with ExitStack() as stack:
        url = args.db or stack.enter_context(throwaway_postgres())
        settings = {"two people": play_game, "three bots alone": play_bots}
        results: dict[str, dict[int, dict[str, float]]] = {}
        for what, play in settings.items():
            results[what] = {}
            for count in (1, 2):
                with fresh_database(url) as db:
                    results[what][count] = measure(db, count, args.moves, args.seed, play)
    played = ("steps", "games", "seconds")
    for what, by_count in results.items():
        print(f"\n{what}:")
        for count, r in by_count.items():
            print(
                f"{count} server{'s' if count > 1 else ''}: {r['steps']:.0f} steps "
                f"({r['games']:.0f} games) in {r['seconds']:.1f} s"
            )
        names = sorted({k for r in by_count.values() for k in r} - set(played))
        print(f"{'per step (a move or a chance draw)':<36}{'1 server':>12}{'2 servers':>12}")
        for name in names:
            row = [by_count[c].get(name, 0.0) for c in (1, 2)]
            print(f"{name.removesuffix(' per step'):<36}" + "".join(f"{v:>12.2f}" for v in row))


if __name__ == "__main__":
    main()
