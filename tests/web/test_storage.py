"""Storage of tables and actions: SQLite (WAL, append before acknowledge) and PostgreSQL."""

from __future__ import annotations

import gc
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from table_support import HUMAN_AND_TWO_BOTS, Postgres, Socket, create_table, pick, token_of

from whaletable.core import Record
from whaletable.web.app import create_app
from whaletable.web.storage import StaleWrite, Store, StoredTable


def stored_table(key: str | None = None, seed: int | None = None) -> StoredTable:
    return StoredTable(
        key=key or secrets.token_hex(6),
        game="whale-to-look",
        num_players=3,
        options={"edition": "en", "area_layout": "ordered"},
        seats=[
            {"kind": "human", "name": "Ana", "bot": None, "token": secrets.token_urlsafe(16)},
            {"kind": "open", "name": "Player 2", "bot": None, "token": secrets.token_urlsafe(16)},
            {"kind": "bot", "name": "easy bot", "bot": "easy", "token": secrets.token_urlsafe(16)},
        ],
        spectator_token=secrets.token_urlsafe(16),
        hotseat_token=secrets.token_urlsafe(16),
        seed=secrets.randbits(62) if seed is None else seed,
    )


def check_round_trip(store: Store) -> None:
    t = stored_table(seed=(1 << 62) - 1)  # the widest seed a table is given
    store.add_table(t)
    written: list[dict[str, Any]] = [{"type": "deal_fish", "value": 3}, {"type": "finish"}]
    for seq, action in enumerate(written):
        store.append_action(t.key, seq, action)
    store.update_table(t.key, finished=True, next_key="abc")
    loaded = store.load(t.key)
    assert loaded is not None
    assert loaded.actions == written
    assert loaded.seed == t.seed
    assert (loaded.game, loaded.num_players, loaded.options) == (t.game, t.num_players, t.options)
    assert loaded.seats == t.seats
    assert (loaded.spectator_token, loaded.hotseat_token) == (t.spectator_token, t.hotseat_token)
    assert (loaded.finished, loaded.next_key, loaded.kind) == (True, "abc", "live")
    assert loaded.created == pytest.approx(t.created)
    assert store.load("no-such-key") is None


def check_stale_write(store: Store) -> None:
    t = stored_table()
    store.add_table(t)
    store.append_action(t.key, 0, {"type": "finish"})
    with pytest.raises(StaleWrite, match=f"step 0 of table {t.key} is already written"):
        store.append_action(t.key, 0, {"type": "investigate", "fish": 1})
    loaded = store.load(t.key)
    assert loaded is not None
    assert loaded.actions == [{"type": "finish"}]


# ---------------------------------------------------------------------- SQLite


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    store = Store(f"sqlite:///{tmp_path / 'store.db'}")
    yield store
    store.close()


def test_sqlite_journal_is_wal_and_writes_are_synchronous(sqlite_store: Store) -> None:
    with sqlite_store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar_one() == 2  # FULL


def test_sqlite_load_returns_what_was_written(sqlite_store: Store) -> None:
    check_round_trip(sqlite_store)


def test_sqlite_second_write_of_a_step_is_stale(sqlite_store: Store) -> None:
    check_stale_write(sqlite_store)


def test_writing_steps_leaves_no_garbage_for_the_collector(sqlite_store: Store) -> None:
    """Objects in reference cycles are freed only by the collector, whose full passes stop
    every table; the writer of steps makes none, however many steps it writes."""
    t = stored_table()
    sqlite_store.add_table(t)
    sqlite_store.append_action(t.key, 0, {"type": "finish"})  # warm: the first compiles
    gc.collect()
    gc.disable()
    try:
        for seq in range(1, 101):
            sqlite_store.append_action(t.key, seq, {"type": "finish"})
        cyclic = gc.collect()
    finally:
        gc.enable()
    assert cyclic < 100, f"{cyclic} objects in cycles for 100 steps written"


def test_sqlite_dropped_step_is_gone_and_can_be_written_again(sqlite_store: Store) -> None:
    t = stored_table()
    sqlite_store.add_table(t)
    sqlite_store.append_action(t.key, 0, {"type": "finish"})
    sqlite_store.drop_action(t.key, 0)
    sqlite_store.append_action(t.key, 0, {"type": "investigate", "fish": 2})
    loaded = sqlite_store.load(t.key)
    assert loaded is not None
    assert loaded.actions == [{"type": "investigate", "fish": 2}]


def test_sqlite_a_table_with_actions_is_stored_in_one_go(sqlite_store: Store) -> None:
    t = stored_table()
    t.actions = [{"type": "finish"}, {"type": "finish"}]
    t.kind = "replay"
    sqlite_store.add_table(t)
    (loaded,) = sqlite_store.load_all()
    assert loaded.actions == t.actions
    assert loaded.kind == "replay"


# ------------------------------------------------------------------ PostgreSQL


@pytest.mark.slow
def test_postgresql_load_returns_what_was_written(postgres: Postgres) -> None:
    store = Store(postgres.url)
    try:
        check_round_trip(store)
    finally:
        store.close()


def test_postgresql_second_write_of_a_step_is_stale(postgres: Postgres) -> None:
    store = Store(postgres.url)
    try:
        check_stale_write(store)
    finally:
        store.close()


def test_postgresql_a_whole_game_is_played_and_resumed(postgres: Postgres) -> None:
    with TestClient(create_app(postgres.url)) as client:
        created = create_table(client, HUMAN_AND_TWO_BOTS)
        key = created["key"]
        with client.websocket_connect(f"/ws/{token_of(created['links'][0]['url'])}") as ws:
            sock = Socket(ws)
            state = sock.my_turn()
            n = 0
            while not state["finished"]:
                sock.send({"type": "act", "step": state["step"], "action": pick(state, n)})
                n += 1
                state = sock.my_turn(after=state["step"])
        record = Record.loads(client.get(f"/games/{key}/record.json").text)
        live = client.app.state.tables.tables[key]  # type: ignore[attr-defined]
        scores = live.state.scores()
    store = Store(postgres.url)
    try:
        loaded = store.load(key)
        assert loaded is not None
        assert loaded.finished is True
        assert loaded.actions == record.actions
    finally:
        store.close()
    # A new server on the same database has the finished game and its record.
    with TestClient(create_app(postgres.url)) as client:
        again = client.app.state.tables.tables[key]  # type: ignore[attr-defined]
        assert again.finished
        assert again.state.scores() == scores
        assert Record.loads(client.get(f"/games/{key}/record.json").text).actions == record.actions
