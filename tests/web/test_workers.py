"""Several server processes on one PostgreSQL database: any of them takes any move, each
pushes the others' moves to its pages, a bot moves once per step, and a server killed
mid-game loses nothing (its pages play on through another)."""

from __future__ import annotations

import io
import json
import os
import random
import secrets
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from rich.console import Console
from sqlalchemy import create_engine, select, text
from table_support import HUMAN_AND_TWO_BOTS, Postgres, Server, token_of
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from whaletable.cli.main import EXIT_BAD_INPUT, main
from whaletable.core import CHANCE, Record
from whaletable.web.storage import Store
from whaletable.web.storage import actions as actions_table
from whaletable.web.tables import LiveTable, SeatConfig, Tables

TIMEOUT = 60.0
TAKEOVER = "2"  # seconds before a survivor plays the bots of a table its server left


# ------------------------------------------------------------------ helpers


@pytest.fixture
def database(postgres: Postgres) -> Iterator[str]:
    """A database of its own on the throwaway PostgreSQL server, dropped after the test."""
    name = f"workers_{secrets.token_hex(4)}"
    admin = create_engine(postgres.url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"CREATE DATABASE {name}"))
        yield postgres.url.rsplit("/", 1)[0] + f"/{name}"
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    finally:
        admin.dispose()


@pytest.fixture
def two_servers(database: str) -> Iterator[tuple[Server, Server]]:
    """Two servers on two ports sharing the database (as two hosts would)."""
    shared = ["--shared", "--takeover-seconds", TAKEOVER]
    a, b = Server(database, args=shared), Server(database, args=shared)
    a.start()
    try:
        b.start()
        try:
            yield a, b
        finally:
            b.stop()
    finally:
        a.stop()


def stored_steps(db_url: str, key: str) -> list[tuple[int, dict[str, Any]]]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                select(actions_table.c.seq, actions_table.c.action)
                .where(actions_table.c.table_key == key)
                .order_by(actions_table.c.seq)
            ).all()
        return [(int(seq), json.loads(action)) for seq, action in rows]
    finally:
        engine.dispose()


def new_table(server: Server, seats: list[dict[str, Any]]) -> tuple[str, list[str]]:
    r = httpx.post(
        f"{server.base}/api/games",
        json={"game": "whale-to-look", "seats": seats},
        timeout=TIMEOUT,
    )
    assert r.status_code == 201, r.text
    body = r.json()
    return body["key"], [token_of(link["url"]) if link["url"] else "" for link in body["links"]]


def record_from(server: Server, key: str) -> Record:
    r = httpx.get(f"{server.base}/games/{key}/record.json", timeout=TIMEOUT)
    assert r.status_code == 200, r.text
    return Record.loads(r.text)


class Page:
    """A seat's page over a real WebSocket; keeps the latest state it was sent."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}
        self.errors: list[str] = []

    def receive(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        m: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if m["type"] == "state":
            self.state = m
        elif m["type"] == "error":
            self.errors.append(m["message"])
        return m

    def until(self, done: Any) -> dict[str, Any]:
        """Messages until the latest state satisfies ``done``."""
        while not (self.state and done(self.state)):
            self.receive()
        return self.state

    def drain(self, quiet: float = 0.1) -> None:
        """Every message sent so far (until none comes for ``quiet`` seconds)."""
        while True:
            try:
                self.receive(timeout=quiet)
            except TimeoutError:
                return

    def act(self, state: dict[str, Any], index: int) -> dict[str, Any]:
        actions = state["actions"]
        action: dict[str, Any] = actions[index % len(actions)]["action"]
        self.ws.send(json.dumps({"type": "act", "step": state["step"], "action": action}))
        return action


def whose_turn(pages: list[Page], after: int) -> int | None:
    """The seat whose page may act at the newest step past ``after``; None once the game is
    over on every page."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        for page in pages:
            page.drain()
        top = max(p.state.get("step", -1) for p in pages)
        if all(p.state.get("finished") and p.state["step"] == top for p in pages):
            return None
        for seat, page in enumerate(pages):
            s = page.state
            if s and s["step"] == top > after and s["you"] is not None:
                return seat
    raise AssertionError("no page was given the turn")


# -------------------------------------------------------------------- options


def serve_error(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    code = main(argv, err_console=Console(file=err, width=400))
    return code, err.getvalue()


def test_several_workers_on_sqlite_are_refused_with_the_reason(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    code, said = serve_error(["serve", "--db", db, "--workers", "2"])
    assert code == EXIT_BAD_INPUT
    assert "--workers 2 needs a PostgreSQL database" in said
    assert "SQLite" in said
    assert not (tmp_path / "tables.db").exists(), "nothing was started"


def test_a_shared_sqlite_database_is_refused_with_the_reason(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    code, said = serve_error(["serve", "--db", db, "--shared"])
    assert code == EXIT_BAD_INPUT
    assert "--shared needs a PostgreSQL database" in said


def test_zero_workers_are_refused() -> None:
    code, said = serve_error(["serve", "--workers", "0"])
    assert code == EXIT_BAD_INPUT
    assert "--workers must be at least 1, not 0" in said


def test_a_store_announcing_steps_needs_postgresql(tmp_path: Any) -> None:
    with pytest.raises(ValueError, match="only a PostgreSQL database can be shared"):
        Store(f"sqlite:///{tmp_path / 'tables.db'}", announce=True)


# ---------------------------------------------------------- two servers, one database


@pytest.mark.slow
def test_a_move_made_through_one_server_is_pushed_to_a_page_on_the_other(
    two_servers: tuple[Server, Server], database: str
) -> None:
    a, b = two_servers
    key, tokens = new_table(a, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}])
    with (
        connect(f"{a.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as wa,
        connect(f"{b.ws_base}/ws/{tokens[1]}", open_timeout=TIMEOUT) as wb,
    ):
        pages = [Page(wa), Page(wb)]
        played = 0
        step = -1
        while (seat := whose_turn(pages, step)) is not None:
            mover, watcher = pages[seat], pages[1 - seat]
            step = mover.state["step"]
            mover.act(mover.state, played)
            played += 1
            # The page on the other server is sent the step the mover's server took.
            assert watcher.until(lambda s, step=step: s["step"] > step)["step"] > step
        final = pages[0].state
    assert played >= 4
    assert not pages[0].errors and not pages[1].errors
    steps = stored_steps(database, key)
    assert [seq for seq, _ in steps] == list(range(final["step"]))
    from_a, from_b = record_from(a, key), record_from(b, key)
    assert from_a.actions == from_b.actions == [action for _, action in steps]
    assert from_a.replay().is_terminal()


@pytest.mark.slow
def test_one_seat_moving_on_two_servers_at_once_takes_exactly_one_move(
    two_servers: tuple[Server, Server], database: str
) -> None:
    a, b = two_servers
    key, tokens = new_table(a, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "easy"}])
    with (
        connect(f"{a.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as wa,
        connect(f"{b.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as wb,
    ):
        on_a, on_b = Page(wa), Page(wb)
        races = 0
        while True:
            step = on_a.until(lambda s: s["finished"] or s["you"] is not None)["step"]
            if on_a.state["finished"]:
                break
            if races == 5:  # the rest of the game through one page
                on_a.act(on_a.state, step)
                on_a.until(lambda s, step=step: s["step"] > step)
                continue
            on_b.until(lambda s, step=step: s["step"] >= step)
            assert on_b.state["step"] == step and on_b.state["you"] == 0
            # Both pages of the seat send a move for the same step, each to its server.
            sent = [on_a.act(on_a.state, races), on_b.act(on_b.state, races + 1)]
            races += 1
            for page in (on_a, on_b):
                page.until(lambda s, step=step: s["step"] > step)
            # The refusal may come after the state that shows the other move (a busy
            # machine): wait for it, then for anything more.
            deadline = time.monotonic() + TIMEOUT
            while len(on_a.errors) + len(on_b.errors) < races and time.monotonic() < deadline:
                on_a.drain()
                on_b.drain()
            on_a.drain(quiet=0.5)
            on_b.drain(quiet=0.5)
            assert len(on_a.errors) + len(on_b.errors) == races, "one of the two is refused"
            assert all("stale move" in e for e in on_a.errors + on_b.errors)
            taken = dict(stored_steps(database, key))[step]
            assert taken in sent
        on_b.until(lambda s: s["step"] == on_a.state["step"])
        assert on_a.state["board"] == on_b.state["board"]
        assert on_a.state["log"] == on_b.state["log"]
    assert races >= 3
    steps = stored_steps(database, key)
    assert [seq for seq, _ in steps] == list(range(len(steps)))
    from_a, from_b = record_from(a, key), record_from(b, key)
    assert from_a.actions == from_b.actions == [action for _, action in steps]


@pytest.mark.slow
def test_a_server_killed_mid_game_loses_no_move_and_its_page_plays_on_through_another(
    two_servers: tuple[Server, Server], database: str
) -> None:
    a, b = two_servers
    key, tokens = new_table(a, HUMAN_AND_TWO_BOTS)
    acknowledged: dict[int, dict[str, Any]] = {}
    with connect(f"{a.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as ws:
        page = Page(ws)
        for n in range(4):
            state = page.until(lambda s: s["finished"] or s["you"] is not None)
            assert not state["finished"], "the game ended before the server could be killed"
            acknowledged[state["step"]] = page.act(state, n)
            if n < 3:
                page.until(lambda s, step=state["step"]: s["step"] > step)
        # Killed right after the last move: its bots' answers may or may not have been
        # played (or stored) yet.
        time.sleep(0.05)
        a.kill()
    with connect(f"{b.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as ws:
        page = Page(ws)
        n = 4
        while not (state := page.until(lambda s: s["finished"] or s["you"] is not None))[
            "finished"
        ]:
            step = state["step"]
            acknowledged[step] = page.act(state, n)
            n += 1
            page.until(lambda s, step=step: s["step"] > step)
        final = state
        assert not page.errors
    steps = stored_steps(database, key)
    assert [seq for seq, _ in steps] == list(range(final["step"])), "no gap, no step twice"
    stored = dict(steps)
    for seq in sorted(acknowledged)[:3]:  # acknowledged before the kill
        assert stored[seq] == acknowledged[seq]
    for seq in sorted(acknowledged)[4:]:  # played through the other server
        assert stored[seq] == acknowledged[seq]
    record = record_from(b, key)
    assert record.actions == [action for _, action in steps]
    replayed = record.replay()
    assert replayed.is_terminal()
    totals = {row["seat"]: row["total"] for row in final["result"]["rows"]}
    assert totals == {s: int(p) for s, p in enumerate(replayed.scores())}


@pytest.mark.slow
def test_serve_with_two_workers_on_one_port_plays_a_game(database: str) -> None:
    server = Server(database, args=["--workers", "2"])
    server.start()
    try:
        assert server.proc is not None
        key, tokens = new_table(server, HUMAN_AND_TWO_BOTS)
        with connect(f"{server.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as ws:
            page = Page(ws)
            n = 0
            while not (state := page.until(lambda s: s["finished"] or s["you"] is not None))[
                "finished"
            ]:
                step = state["step"]
                page.act(state, n)
                n += 1
                page.until(lambda s, step=step: s["step"] > step)
            assert not page.errors
        # Every request, whichever worker takes it, finds the table.
        for _ in range(6):
            assert record_from(server, key).actions == [a for _, a in stored_steps(database, key)]
        workers = [
            p
            for p in Path("/proc").iterdir()
            if p.name.isdigit() and parent_of(p) == server.proc.pid
        ]
        assert len(workers) >= 2, "uvicorn started two worker processes"
    finally:
        server.stop()


def parent_of(proc: Path) -> int:
    try:
        return int((proc / "stat").read_text().rpartition(")")[2].split()[1])
    except OSError:
        return -1


# ------------------------------------------------------- catching up with the database


def two_copies(tmp_path: Path, game: str = "whale-to-look") -> tuple[LiveTable, LiveTable]:
    """One table as two servers hold it."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:
        seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Ben")]
        made = Tables(store, seed=7).create(game, seats)
        stored = store.load(made.key)
    finally:
        store.close()
    assert stored is not None
    return LiveTable(stored), LiveTable(stored)


def play(table: LiveTable, steps: int, rng: random.Random | None = None) -> None:
    rng = rng or random.Random(3)
    for _ in range(steps):
        state = table.state
        action = (
            state.sample_chance(rng)
            if state.current_player() == CHANCE
            else rng.choice(state.legal_actions())
        )
        table._advance(action)


def as_stored(table: LiveTable) -> list[dict[str, Any]]:
    return [a.to_json() for a in table.state.history]


def test_a_table_takes_up_the_steps_another_server_stored(tmp_path: Path) -> None:
    here, there = two_copies(tmp_path)
    play(there, 6)
    assert here.catch_up(as_stored(there), {}) is True
    assert as_stored(here) == as_stored(there)
    assert here.moved_elsewhere
    assert here.catch_up(as_stored(there), {}) is False, "nothing new the second time"


def test_a_table_takes_back_a_step_another_server_undid(tmp_path: Path) -> None:
    here, there = two_copies(tmp_path, "whale-riders")  # a game with steps to take back
    rng = random.Random(3)
    while not there.state.can_undo():
        play(there, 1, rng)
    here.catch_up(as_stored(there), {})
    there.take_back()
    assert here.catch_up(as_stored(there), {}) is True
    assert as_stored(here) == as_stored(there)


def test_a_table_whose_record_went_another_way_is_replayed_from_it(tmp_path: Path) -> None:
    here, there = two_copies(tmp_path)
    play(there, 8)
    play(here, 3)
    here._advance(here.state.legal_actions()[-1])  # a step the database does not hold
    assert here.catch_up(as_stored(there), {}) is True
    assert as_stored(here) == as_stored(there)
    assert here.log_lines("en", lambda m: m) == there.log_lines("en", lambda m: m)


@pytest.mark.slow
def test_an_open_seat_claimed_through_two_servers_goes_to_one_claimer(
    two_servers: tuple[Server, Server], database: str
) -> None:
    a, b = two_servers
    key, tokens = new_table(a, [{"kind": "human", "name": "Ana"}, {"kind": "open", "name": ""}])
    # Server B holds the table (Ana's page is open there) before either claim.
    with connect(f"{b.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as ws:
        page = Page(ws)
        page.until(lambda s: s["step"] >= 0)
        first = httpx.post(f"{a.base}/games/{key}/claim/1", data={"name": "Zed"}, timeout=TIMEOUT)
        second = httpx.post(f"{b.base}/games/{key}/claim/1", data={"name": "Yan"}, timeout=TIMEOUT)
        assert first.status_code == 303, first.text
        assert second.status_code >= 400 and "is not open" in second.text
        # B's page is told of the seat taken through A, under its claimer's name.
        page.until(lambda s: "Zed" in s["board"])
        claimed = first.headers["location"].rsplit("/", 1)[1]
    # The claimer's link works on either server.
    for server in (a, b):
        with connect(f"{server.ws_base}/ws/{claimed}", open_timeout=TIMEOUT) as ws:
            assert Page(ws).until(lambda s: s["step"] >= 0)["key"] == key
    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            seats = json.loads(
                conn.execute(
                    text("select seats from tables where key = :k"), {"k": key}
                ).scalar_one()
            )
    finally:
        engine.dispose()
    assert [s["name"] for s in seats] == ["Ana", "Zed"]


def test_the_steps_of_a_table_are_read_from_a_step_on_with_their_notes(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:
        seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Ben")]
        table = Tables(store, seed=7).create("whale-to-look", seats)
        play(table, 5)
        note = ("{name} took too long", {"name": "Ben"})
        for seq, action in enumerate(as_stored(table)):
            store.append_action(table.key, seq, action, note if seq == 3 else None)
        tail, notes = store.steps_from(table.key, 2)
        assert tail == as_stored(table)[2:]
        assert notes == {3: note}
        assert store.steps_from(table.key, 5) == ([], {})
    finally:
        store.close()


@pytest.mark.slow
def test_servers_starting_together_on_a_new_database_all_start(database: str) -> None:
    opened: list[Store] = []
    failed: list[BaseException] = []
    start = threading.Barrier(4)

    def open_store() -> None:
        start.wait()
        try:
            opened.append(Store(database, announce=True))
        except BaseException as e:
            failed.append(e)

    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=TIMEOUT)
    for store in opened:
        store.close()
    assert not failed, failed
    assert len(opened) == 4


@pytest.mark.slow
def test_a_worker_of_serve_killed_mid_game_loses_no_move(database: str) -> None:
    server = Server(database, args=["--workers", "2", "--takeover-seconds", TAKEOVER])
    server.start()
    try:
        assert server.proc is not None
        pid = server.proc.pid
        workers = [
            int(p.name)
            for p in Path("/proc").iterdir()
            if p.name.isdigit() and parent_of(p) == pid and b"spawn_main" in cmdline_of(p)
        ]
        assert len(workers) == 2, "uvicorn started two worker processes"
        key, tokens = new_table(server, HUMAN_AND_TWO_BOTS)
        n, reconnects, killed = 0, 0, False
        while True:
            try:
                with connect(f"{server.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as ws:
                    page = Page(ws)
                    while not (state := page.until(your_turn))["finished"]:
                        step = state["step"]
                        page.act(state, n)
                        n += 1
                        if n == 3 and not killed:
                            os.kill(workers[0], signal.SIGKILL)  # mid-game, bots to move
                            killed = True
                        page.until(lambda s, step=step: s["step"] > step)
                    assert not page.errors
                    break
            except ConnectionClosed:
                reconnects += 1  # the page was on the killed worker: it comes back
                assert reconnects <= 3
        assert killed
        steps = stored_steps(database, key)
        assert [seq for seq, _ in steps] == list(range(state["step"])), "no gap, no step twice"
        record = record_from(server, key)
        assert record.actions == [action for _, action in steps]
        assert record.replay().is_terminal()
    finally:
        server.stop()


def your_turn(state: dict[str, Any]) -> bool:
    return bool(state["finished"]) or state["you"] is not None


def cmdline_of(proc: Path) -> bytes:
    try:
        return (proc / "cmdline").read_bytes()
    except OSError:
        return b""
