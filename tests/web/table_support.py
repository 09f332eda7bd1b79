"""Helpers of the web table tests: apps, real servers, PostgreSQL, sockets and boards."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select
from starlette.testclient import WebSocketTestSession

from whaletable.web.storage import Store
from whaletable.web.storage import actions as actions_table
from whaletable.web.storage import tables as tables_table
from whaletable.web.tables import Tables

# The test-only game "Secret Steps" lives with the core tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

BIN = Path(sys.executable).parent
WHALETABLE = BIN / "whaletable"


# ------------------------------------------------------------------ in-process app


@dataclass
class App:
    """A running app (lifespan started) and the database file behind it."""

    client: TestClient
    db_url: str

    @property
    def tables(self) -> Tables:
        t: Tables = self.client.app.state.tables  # type: ignore[attr-defined]
        return t

    def stored_tables(self) -> int:
        return count_rows(self.db_url, "tables")

    def stored_actions(self, key: str | None = None) -> int:
        return count_rows(self.db_url, "actions", key)


@contextmanager
def tables_in(folder: Path) -> Iterator[Tables]:
    """Live tables on a new SQLite database in ``folder``, closed after use."""
    store = Store(f"sqlite:///{folder / 't.db'}")
    tables = Tables(store)
    try:
        yield tables
    finally:
        tables.close()
        store.close()


def count_rows(db_url: str, which: str, key: str | None = None) -> int:
    """Rows in the database itself, read through a separate connection."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            if which == "tables":
                q = select(func.count()).select_from(tables_table)
            else:
                q = select(func.count()).select_from(actions_table)
                if key is not None:
                    q = q.where(actions_table.c.table_key == key)
            return int(conn.execute(q).scalar_one())
    finally:
        engine.dispose()


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def create_table(
    client: TestClient,
    seats: list[dict[str, Any]],
    *,
    hotseat: bool = False,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "whale-to-look", "seats": seats, "hotseat": hotseat}
    if options is not None:
        body["options"] = options
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


HUMAN_AND_TWO_BOTS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "bot", "bot": "easy"},
    {"kind": "bot", "bot": "medium"},
]


# --------------------------------------------------------------- playing a socket


@dataclass
class Socket:
    """A WebSocket of the test client that keeps every message it received."""

    ws: WebSocketTestSession
    messages: list[dict[str, Any]] = field(default_factory=list)

    def receive(self) -> dict[str, Any]:
        m: dict[str, Any] = self.ws.receive_json()
        self.messages.append(m)
        return m

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_json(message)

    def next_of(self, kind: str) -> dict[str, Any]:
        """The next message of type ``kind``; other messages are kept but skipped."""
        while True:
            m = self.receive()
            if m["type"] == kind:
                return m

    def my_turn(self, after: int = -1) -> dict[str, Any]:
        """Drain messages until the latest state is this seat's to act (past step ``after``),
        or the game is over."""
        while True:
            m = self.receive()
            if m["type"] == "error":
                raise AssertionError(f"unexpected error: {m['message']}")
            if m["type"] != "state" or m["step"] <= after:
                continue
            if m["finished"] or m["you"] is not None:
                return m

    def until_finished(self) -> dict[str, Any]:
        while True:
            m = self.receive()
            if m["type"] == "state" and m["finished"]:
                return m


def pick(state: dict[str, Any], index: int) -> dict[str, Any]:
    """An action of a state message, chosen by an index that wraps around."""
    actions = state["actions"]
    chosen: dict[str, Any] = actions[index % len(actions)]["action"]
    return chosen


# ------------------------------------------------------------------ a real server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """``whaletable serve`` in a subprocess on 127.0.0.1."""

    db_url: str
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    args: list[str] = field(default_factory=list)  # more options of ``serve``

    @property
    def _log(self) -> Path:
        return Path(tempfile.gettempdir()) / f"whaletable-test-server-{self.port}.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        self.proc = subprocess.Popen(
            [
                str(WHALETABLE),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                *self.args,
            ],
            stdout=subprocess.DEVNULL,
            # A file, not a pipe: a pipe that nobody reads fills up and blocks the server.
            stderr=self._log.open("ab"),
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self._log.read_text(errors="replace")
                raise RuntimeError(f"the server exited with {self.proc.returncode}: {err}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer /healthz within {timeout} s")

    def log_text(self) -> str:
        """What the server wrote to its standard error so far (its warnings)."""
        return self._log.read_text(errors="replace") if self._log.exists() else ""

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.proc = None

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=20)
        self.proc = None


# ------------------------------------------------------------------- PostgreSQL


@dataclass
class Postgres:
    url: str
    datadir: str


def as_postgres(args: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the ``postgres`` user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


# ------------------------------------------------------------------ reading boards

SVG_NS = "{http://www.w3.org/2000/svg}"
_BOARD_SVG = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" class="board[\s\S]*?</svg>')


def board_in(page: str) -> str:
    """The board's SVG inside an HTML page."""
    found = _BOARD_SVG.search(page)
    assert found is not None, "the page has no board"
    return found.group(0)


def fish_shown(svg: str) -> dict[int, str]:
    """What each fish card shows: its value as text, or "?"."""
    root = ET.fromstring(svg)
    shown: dict[int, str] = {}
    for el in root.iter(f"{SVG_NS}text"):
        if "fish-value" in (el.get("class") or "").split():
            fish = int(el.get("data-fish", "-1"))
            assert fish not in shown, f"fish card {fish} is drawn twice"
            shown[fish] = (el.text or "").strip()
    return shown
