"""Nothing waits on a client, a bot or another table; a database hiccup is survived; memory
per finished table is bounded. One test per way a table was found to stall or grow."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import glob
import json
import os
import shlex
import signal
import socket
import sqlite3
import subprocess
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from slow_bots import SLOTH, think_slowly_for_sloths
from table_support import (
    HUMAN_AND_TWO_BOTS,
    Postgres,
    Server,
    as_postgres,
    create_table,
    token_of,
)
from websockets.sync.client import connect

from whaletable.web import i18n
from whaletable.web.app import create_app
from whaletable.web.bots import BotPool
from whaletable.web.outbox import SEND_TIMEOUT
from whaletable.web.storage import Store
from whaletable.web.tables import (
    FAILED,
    OVERRAN,
    DatabaseDown,
    LiveTable,
    SeatConfig,
    Tables,
    Viewer,
)

TIMEOUT = 60.0


def create(server: Server, seats: list[dict[str, Any]], game: str = "whale-to-look") -> Any:
    r = httpx.post(f"{server.base}/api/games", json={"game": game, "seats": seats}, timeout=TIMEOUT)
    assert r.status_code == 201, r.text
    return r.json()


def never_reading_socket(server: Server, token: str) -> socket.socket:
    """A WebSocket that completes its handshake and then never reads another byte."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window fills quickly
    s.connect(("127.0.0.1", server.port))
    s.sendall(
        (
            f"GET /ws/{token} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    s.settimeout(TIMEOUT)
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def until_dropped(s: socket.socket, within: float) -> bool:
    """Read what the server had sent; True once the server has closed or cut the socket."""
    s.settimeout(within)
    try:
        while s.recv(1 << 16):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def test_a_page_that_stops_reading_does_not_hold_up_its_table(server: Server) -> None:
    # Survive's boards are large: the stuck page's buffers overflow within the game.
    created = create(server, HUMAN_AND_TWO_BOTS, game="survive")
    stuck = never_reading_socket(server, token_of(created["spectator_url"]))
    slowest = 0.0
    moves = 0
    with connect(f"{server.ws_base}/ws/{token_of(created['links'][0]['url'])}") as ws:
        m = json.loads(ws.recv(timeout=TIMEOUT))
        while True:
            while m["type"] != "state" or not (m["finished"] or m["you"] is not None):
                m = json.loads(ws.recv(timeout=TIMEOUT))
            if m["finished"]:
                break
            sent = time.monotonic()
            act = {"type": "act", "step": m["step"], "action": m["actions"][0]["action"]}
            ws.send(json.dumps(act))
            while True:
                # Before the fix the table's sends queued behind the stuck page and this
                # acknowledgement never came.
                ack = json.loads(ws.recv(timeout=TIMEOUT))
                assert ack["type"] != "error", ack
                if ack["type"] == "state" and ack["step"] > m["step"]:
                    break
            slowest = max(slowest, time.monotonic() - sent)
            moves += 1
            m = ack  # the state the move brought: perhaps this seat's turn again
    assert moves >= 50
    assert slowest < 2.0, f"a move took {slowest:.2f} s to be acknowledged"
    # The page that fell behind is dropped once a send to it has waited the send timeout
    # (it is owed only the latest state, so nothing piles up for it meanwhile). Reading
    # would let its send through, so the page stays silent that long first.
    time.sleep(SEND_TIMEOUT + 1.0)
    assert until_dropped(stuck, within=10.0)
    stuck.close()
    # Its browser reconnects and is sent the whole state again.
    with connect(f"{server.ws_base}/ws/{token_of(created['spectator_url'])}") as ws:
        m = json.loads(ws.recv(timeout=TIMEOUT))
        assert m["type"] == "state" and m["finished"]


# --------------------------------------------------------------------------- bots


def bots(*names: str, level: str = "medium") -> list[SeatConfig]:
    return [SeatConfig("bot", name, bot=level) for name in names]


def test_a_bot_past_its_deadline_gets_a_quick_move_at_its_own_table_alone(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        # One worker for the slow bot, one starting up in place of the last one it held
        # up, and one for everyone else (the deadline is longer than a worker's start).
        pool = BotPool(3, think=think_slowly_for_sloths, deadline=5.0)
        tables = Tables(store, pool)
        await pool.started()
        try:
            sloth = tables.create("whale-to-look", bots(f"{SLOTH} the bot", "Quick"))
            others = [tables.create("whale-to-look", bots(f"A{i}", f"B{i}")) for i in range(3)]
            for table in (sloth, *others):
                tables.kick(table)
            # Before the fix the first overrun replaced the pool and cancelled the other
            # tables' moves, and they never moved again.
            await asyncio.wait_for(asyncio.gather(*(t.bot_task for t in others if t.bot_task)), 180)
            assert all(t.finished for t in others)
            assert all(t.notes == {} for t in others), "another table's bot was cut short"
            while len(sloth.notes) < 2:
                assert not sloth.finished
                await asyncio.sleep(0.1)
            said = (OVERRAN, {"name": f"{SLOTH} the bot"})
            assert sloth.notes, "the slow bot was never answered for"
            assert all(note == said for note in sloth.notes.values())
            replay = sloth.game.new_state(2, sloth.options)
            for step, action in enumerate(sloth.state.history):
                if step in sloth.notes:  # each quick move was played for the slow seat
                    assert replay.current_player() == 0
                replay.apply(action)
            line = "Sloth the bot took too long to move, so a quick move was played instead"
            assert sloth.log_lines("en", lambda s: s).count(line) == len(sloth.notes)
            vi = i18n.translator("vi")
            assert vi(OVERRAN) != OVERRAN
            assert vi(OVERRAN).format(name="Sloth the bot") in sloth.log_lines("vi", vi)
            # The notes are stored with their steps: a reloaded table tells the same.
            assert sloth.bot_task is not None
            sloth.bot_task.cancel()
            stored = store.load(sloth.key)
            assert stored is not None
            assert stored.notes == {s: n for s, n in sloth.notes.items() if s < len(stored.actions)}
        finally:
            tables.close()
            store.close()

    asyncio.run(main())


def test_a_killed_bot_worker_is_replaced_and_every_table_plays_on(tmp_path: Path) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        pool = BotPool(1, deadline=30.0)
        tables = Tables(store, pool)
        await pool.started()
        try:
            games_ = [tables.create("whale-to-look", bots(f"A{i}", f"B{i}")) for i in range(3)]
            for table in games_:
                tables.kick(table)
            while sum(len(t.state.history) for t in games_) < 40:
                await asyncio.sleep(0.01)
            first = pool.workers[0].process.pid
            assert first is not None
            os.kill(first, signal.SIGKILL)  # as the OOM killer would
            await asyncio.wait_for(asyncio.gather(*(t.bot_task for t in games_ if t.bot_task)), 180)
            assert all(t.finished for t in games_)
            assert pool.replaced >= 1
            assert pool.workers[0].process.pid != first
            assert pool.workers[0].process.is_alive()
            # At most the one move in flight when the worker died was played quickly.
            notes = [n for t in games_ for n in t.notes.values()]
            assert len(notes) <= 1
            assert all(template == FAILED for template, _ in notes)
        finally:
            tables.close()
            store.close()

    asyncio.run(main())


# ----------------------------------------------------------------------- database


class Recorder:
    """A page that keeps what it is sent."""

    def __init__(self, seat: int) -> None:
        self.sent: list[dict[str, Any]] = []
        self.viewer = Viewer(
            send=self._send,
            tr=lambda s: s,
            lang="en",
            role="seat",
            seats=frozenset({seat}),
            showing=seat,
        )

    async def _send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def stored_equals_state(store: Store, table: LiveTable) -> bool:
    stored = store.load(table.key)
    assert stored is not None
    return stored.actions == [a.to_json() for a in table.state.history]


async def human_turn(tables: Tables, table: LiveTable, within: float = 60.0) -> None:
    """Wait until chance and bots are done and a human is to move."""
    deadline = time.monotonic() + within
    while not (table.bot_task is None or table.bot_task.done()):
        assert time.monotonic() < deadline, "the table made no progress"
        await asyncio.sleep(0.01)


@contextmanager
def sqlite_locked(db: Path, seconds: float) -> Iterator[None]:
    """Another process's write lock on the database file, held for ``seconds``."""
    conn = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    timer = threading.Timer(seconds, conn.rollback)
    timer.start()
    try:
        yield
    finally:
        timer.join()
        conn.close()


def test_sqlite_lock_contention_is_retried_and_a_move_is_stored_whole_or_refused(
    tmp_path: Path,
) -> None:
    db = tmp_path / "t.db"

    async def main() -> None:
        store = Store(f"sqlite:///{db}", retry_for=2.0, busy_timeout=0.05)
        tables = Tables(store)
        table = tables.create("whale-to-look", [SeatConfig("human", "Ana"), *bots("B", "C")])
        ana = Recorder(0)
        table.viewers.add(ana.viewer)
        tables.kick(table)
        await human_turn(tables, table)
        # A lock held for a second: the write is retried and lands.
        step = len(table.state.history)
        with sqlite_locked(db, 1.0):
            legal = table.state.legal_actions()[0].to_json()
            await tables.act(table, ana.viewer, step, legal)
        assert len(table.state.history) > step
        await human_turn(tables, table)
        assert stored_equals_state(store, table)
        # A lock held past the retry time: the move is refused whole, nothing changed.
        step = len(table.state.history)
        with sqlite_locked(db, 3.0):
            legal = table.state.legal_actions()[0].to_json()
            with pytest.raises(DatabaseDown, match="database is not answering"):
                await tables.act(table, ana.viewer, step, legal)
            assert len(table.state.history) == step
        assert stored_equals_state(store, table)
        # The database is back: the same move is taken and the table carries on.
        await tables.act(table, ana.viewer, step, legal)
        await human_turn(tables, table)
        assert len(table.state.history) > step
        assert stored_equals_state(store, table)
        tables.close()
        store.close()

    asyncio.run(main())


def test_a_new_table_whose_write_is_slow_holds_up_no_other_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Creating a table waits for its disk sync; the server goes on with every other table."""

    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables = Tables(store)
        write = store.add_table

        def slow_write(stored: Any) -> None:
            time.sleep(1.0)  # a disk that takes its time
            write(stored)

        monkeypatch.setattr(store, "add_table", slow_write)
        longest = 0.0

        async def the_others() -> None:
            nonlocal longest
            while True:
                started = time.monotonic()
                await asyncio.sleep(0.01)
                longest = max(longest, time.monotonic() - started)

        others = asyncio.create_task(the_others())
        await asyncio.sleep(0.05)
        table = await tables.acreate("whale-to-look", bots("A", "B", "C", level="easy"))
        await asyncio.sleep(0.05)  # the others' pending wake-up is measured too
        others.cancel()
        assert table.key in tables.tables
        assert store.load(table.key) is not None
        assert longest < 0.5, f"the server stood still for {longest:.2f} s"
        tables.close()
        store.close()

    asyncio.run(main())


def pg_ctl(postgres: Postgres, *args: str) -> None:
    bindir = Path(sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))[-1]).parent
    subprocess.run(
        as_postgres([str(bindir / "pg_ctl"), "-D", postgres.datadir, *args]),
        check=True,
        capture_output=True,
        timeout=120,
    )


def postmaster_options(postgres: Postgres) -> str:
    """The options the server was started with, to start it again the same way."""
    words = shlex.split(Path(postgres.datadir, "postmaster.opts").read_text())
    out, i = [], 1
    while i < len(words):
        if words[i] == "-D":
            i += 2
            continue
        out.append(shlex.quote(words[i]))
        i += 1
    return " ".join(out)


def test_postgresql_restarted_mid_game_the_table_carries_on(postgres: Postgres) -> None:
    opts = postmaster_options(postgres)
    log_file = str(Path(postgres.datadir).parent / "server.log")

    def start() -> None:
        pg_ctl(postgres, "-l", log_file, "-o", opts, "-w", "-t", "60", "start")

    async def main() -> None:
        store = Store(postgres.url, retry_for=6.0)
        tables = Tables(store)
        table = tables.create("whale-to-look", [SeatConfig("human", "Ana"), *bots("B", "C")])
        ana = Recorder(0)
        table.viewers.add(ana.viewer)
        tables.kick(table)
        await human_turn(tables, table)
        try:
            # Restarted within the retry time: the move waits for it and is stored.
            pg_ctl(postgres, "-m", "fast", "-w", "stop")
            restart = threading.Timer(1.0, start)
            restart.start()
            step = len(table.state.history)
            await tables.act(table, ana.viewer, step, table.state.legal_actions()[0].to_json())
            restart.join()
            await human_turn(tables, table)
            assert len(table.state.history) > step
            assert stored_equals_state(store, table)
            # Down for longer: the move is refused whole, and play resumes once it is back.
            pg_ctl(postgres, "-m", "fast", "-w", "stop")
            step = len(table.state.history)
            legal = table.state.legal_actions()[0].to_json()
            with pytest.raises(DatabaseDown):
                await tables.act(table, ana.viewer, step, legal)
            assert len(table.state.history) == step
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                start()
        assert stored_equals_state(store, table)
        n = 0
        while not table.finished:
            await tables.act(table, ana.viewer, len(table.state.history), pick_action(table, n))
            n += 1
            await human_turn(tables, table)
        assert stored_equals_state(store, table)
        tables.close()
        store.close()

    asyncio.run(main())


def pick_action(table: LiveTable, n: int) -> dict[str, Any]:
    legal = table.state.legal_actions()
    return legal[n % len(legal)].to_json()


# ------------------------------------------------------------------------ memory


def test_memory_kept_per_finished_table_is_bounded(tmp_path: Path) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables = Tables(store, idle_seconds=0.0)

        async def finished_game() -> LiveTable:
            table = tables.create("whale-riders", bots("A", "B", "C", level="easy"))
            tables.kick(table)
            assert table.bot_task is not None
            await table.bot_task
            assert table.finished
            return table

        await finished_game()  # first use fills caches that are not per table
        tables.evict_idle()
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        played = [await finished_game() for _ in range(6)]
        keys = [t.key for t in played]
        for table in played:
            steps = len(table.state.history)
            assert steps > 100
            # Nothing is kept per step beside the record itself (no rendered views).
            for name, value in vars(table).items():
                if name != "state" and hasattr(value, "__len__"):
                    assert len(value) < steps, f"{name} grows with the game"
        del played, table
        assert tables.evict_idle() == 6
        assert len(tables.tables) == 0
        gc.collect()
        kept = (tracemalloc.get_traced_memory()[0] - before) / 6
        tracemalloc.stop()
        assert kept <= 100_000, f"{kept:.0f} bytes kept per finished table"
        # An evicted table is loaded again from the database when it is visited.
        again = tables.tables[keys[0]]
        assert again.finished
        assert [s.key for s in tables.finished_tables()][:6] == keys[::-1]
        tables.close()
        store.close()

    asyncio.run(main())


TWO_PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}]


@contextmanager
def crawling(owner: Any, name: str, seconds: float = 3.0) -> Iterator[threading.Event]:
    """``owner.name`` made ``seconds`` slower (a database that crawls); the event is set
    as soon as a call has begun."""
    began, real = threading.Event(), getattr(owner, name)

    def slow(*args: Any, **kwargs: Any) -> Any:
        began.set()
        time.sleep(seconds)
        return real(*args, **kwargs)

    setattr(owner, name, slow)
    try:
        yield began
    finally:
        delattr(owner, name)


def in_background(call: Callable[[], httpx.Response]) -> tuple[threading.Thread, list[int]]:
    """``call`` started in a thread of its own; the list gets its answer's status."""
    statuses: list[int] = []
    thread = threading.Thread(target=lambda: statuses.append(call().status_code))
    thread.start()
    return thread, statuses


def answered_in(client: TestClient, path: str) -> float:
    start = time.monotonic()
    assert client.get(path).status_code == 200
    return time.monotonic() - start


def test_a_slow_database_loading_one_table_holds_up_no_other_request(tmp_path: Path) -> None:
    """A table evicted from memory is read from the database when it is next visited:
    while that read crawls, the server's other pages answer as usual."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}")) as client:
        away, here = (token_of(create_table(client, TWO_PEOPLE)["links"][0]["url"]) for _ in "ab")
        tables = client.app.state.tables  # type: ignore[attr-defined]
        tables.idle_seconds = 0.0
        evicted, deadline = 0, time.monotonic() + 10
        while evicted < 2 and time.monotonic() < deadline:  # once the deals are played
            evicted += tables.evict_idle()
            time.sleep(0.05)
        assert evicted == 2
        assert client.get(f"/t/{here}").status_code == 200  # loaded again, quickly
        with crawling(tables.store, "load") as began:
            slow, statuses = in_background(lambda: client.get(f"/t/{away}"))
            assert began.wait(5.0)
            waited = answered_in(client, f"/t/{here}")
            slow.join()
    assert statuses == [200], "the slow table's page is served all the same"
    assert waited < 1.5, f"another table's page waited {waited:.1f} s for the database"


def test_a_seat_claimed_while_the_database_crawls_holds_up_no_other_table(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}")) as client:
        key = create_table(client, [TWO_PEOPLE[0], {"kind": "open"}])["key"]
        here = token_of(create_table(client, TWO_PEOPLE)["links"][0]["url"])
        tables = client.app.state.tables  # type: ignore[attr-defined]
        with crawling(tables.store, "claim_seat") as began:
            claim = f"/games/{key}/claim/1"
            slow, statuses = in_background(
                lambda: client.post(claim, data={"name": "Chi"}, follow_redirects=False)
            )
            assert began.wait(5.0)
            waited = answered_in(client, f"/t/{here}")
            slow.join()
    assert statuses == [303], "the seat is taken all the same"
    assert waited < 1.5, f"another table's page waited {waited:.1f} s for the database"


def test_two_people_claiming_one_seat_at_once_get_it_once(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}")) as client:
        key = create_table(client, [TWO_PEOPLE[0], {"kind": "open"}])["key"]
        tables = client.app.state.tables  # type: ignore[attr-defined]
        with crawling(tables.store, "claim_seat", seconds=1.0) as began:
            claims = [
                in_background(
                    lambda name=name: client.post(
                        f"/games/{key}/claim/1", data={"name": name}, follow_redirects=False
                    )
                )
                for name in ("Chi", "Dan")
            ]
            assert began.wait(5.0)
            for thread, _ in claims:
                thread.join()
        names = [s.name for s in tables.tables[key].seats]
    assert sorted(statuses[0] for _, statuses in claims) == [303, 400]
    assert names[1] in ("Chi", "Dan")
