"""Nothing is lost: a real server killed with SIGKILL mid-game resumes every game, and an
action is in the database before the state that acknowledges it reaches anyone."""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
import pytest
from table_support import HUMAN_AND_TWO_BOTS, Server, token_of
from websockets.sync.client import ClientConnection, connect

from whaletable.core import Record

TIMEOUT = 60.0


def helper_processes(server: int) -> list[int]:
    """The processes multiprocessing started for ``server``: the fork server, the bot
    workers forked from it, and anything else it started, at any depth."""
    parents: dict[int, int] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue  # ended meanwhile
        if b"multiprocessing" in cmdline:
            parents[int(proc.name)] = int(stat.rpartition(")")[2].split()[1])

    def descends(pid: int) -> bool:
        while pid in parents:
            pid = parents[pid]
            if pid == server:
                return True
        return False

    return [pid for pid in parents if descends(pid)]


def alive(pid: int) -> bool:
    """Running, and not a zombie waiting for a parent that is gone."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


class Seat:
    """A real WebSocket to a seat; every state it receives is checked against the file."""

    def __init__(self, ws: ClientConnection, db: Path, key: str) -> None:
        self.ws, self.db, self.key = ws, db, key
        self.checked = 0

    def stored(self) -> list[dict[str, Any]]:
        """The table's actions as the database file holds them right now."""
        with closing(sqlite3.connect(self.db)) as conn:
            rows = conn.execute(
                "select action from actions where table_key = ? order by seq", (self.key,)
            ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def receive(self) -> dict[str, Any]:
        m: dict[str, Any] = json.loads(self.ws.recv(timeout=TIMEOUT))
        if m["type"] == "state":
            # The state at step k acknowledges actions 0..k-1: all must be written already.
            assert len(self.stored()) >= m["step"]
            self.checked += 1
        return m

    def my_turn(self, after: int = -1) -> dict[str, Any]:
        while True:
            m = self.receive()
            assert m["type"] != "error", m
            if (
                m["type"] == "state"
                and m["step"] > after
                and (m["finished"] or m["you"] is not None)
            ):
                return m

    def play(self, state: dict[str, Any], index: int) -> dict[str, Any]:
        """Send an action and check it is the stored step; the next state in which this
        seat may act, or the end (the acknowledgement itself may be either)."""
        actions = state["actions"]
        action: dict[str, Any] = actions[index % len(actions)]["action"]
        self.ws.send(json.dumps({"type": "act", "step": state["step"], "action": action}))
        while True:
            m = self.receive()
            assert m["type"] != "error", m
            if m["type"] == "state" and m["step"] > state["step"]:
                break
        assert self.stored()[state["step"]] == action
        if m["finished"] or m["you"] is not None:
            return m
        return self.my_turn(after=m["step"])


@pytest.mark.slow
def test_a_killed_server_resumes_the_game_where_it_was(server: Server, tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    r = httpx.post(
        f"{server.base}/api/games",
        json={"game": "whale-to-look", "seats": HUMAN_AND_TWO_BOTS},
        timeout=TIMEOUT,
    )
    assert r.status_code == 201
    key = r.json()["key"]
    token = token_of(r.json()["links"][0]["url"])

    with connect(f"{server.ws_base}/ws/{token}", open_timeout=TIMEOUT) as ws:
        seat = Seat(ws, db, key)
        state = seat.my_turn()
        for i in range(4):
            state = seat.play(state, i)
            if state["finished"]:
                break
        assert not state["finished"], "the game ended before the server could be killed"
        before = state
        checked_before = seat.checked
    assert checked_before >= 5
    stored_before = seat.stored()
    assert len(stored_before) == before["step"]

    assert server.proc is not None
    workers = helper_processes(server.proc.pid)
    assert len(workers) >= 2, "the bots played, so the server has a fork server and workers"
    server.kill()
    # Workers of a killed server end by themselves instead of waiting for work forever.
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "bot workers outlived their server"
    server.start()  # the same port and the same database file

    assert httpx.get(f"{server.base}/healthz", timeout=TIMEOUT).json()["tables"] == 1
    with connect(f"{server.ws_base}/ws/{token}", open_timeout=TIMEOUT) as ws:
        seat = Seat(ws, db, key)
        after = seat.my_turn()
        assert after["step"] == before["step"]
        assert after["board"] == before["board"]
        assert after["log"] == before["log"]
        assert after["actions"] == before["actions"]
        assert after["you"] == 0
        state = after
        n = 0
        while not state["finished"]:
            state = seat.play(state, n)
            n += 1
        final = state

    record = Record.loads(httpx.get(f"{server.base}/games/{key}/record.json").text)
    assert record.actions[: len(stored_before)] == stored_before
    assert record.actions == seat.stored()
    replayed = record.replay()
    assert replayed.is_terminal()
    totals = {row["seat"]: row["total"] for row in final["result"]["rows"]}
    assert totals == {s: int(p) for s, p in enumerate(replayed.scores())}
