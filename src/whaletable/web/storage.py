"""Durable storage of tables and their actions, through SQLAlchemy.

SQLite (a file, WAL journal) is the embedded default; PostgreSQL works by URL. Every
accepted action is one row, committed before the action is acknowledged, so a server
killed at any moment loses nothing it has confirmed. The ``(table, seq)`` primary key
makes a second write of the same step fail: stale or replayed messages cannot fork a game.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("key", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("spectator_token", String(64), nullable=False, unique=True),
    Column("hotseat_token", String(64), nullable=True, unique=True),
    Column("seed", BigInteger, nullable=False),  # 62 random bits: too wide for INTEGER
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("kind", String(16), nullable=False, default="live"),
    Column("next_key", String(32), nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("table_key", String(32), ForeignKey("tables.key"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("action", Text, nullable=False),
    Column("created", Float, nullable=False),
)


class StaleWrite(Exception):
    """A step that is already written: the message that tried it was stale or replayed."""


@dataclass
class StoredTable:
    key: str
    game: str
    num_players: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    spectator_token: str
    hotseat_token: str | None
    seed: int
    created: float = field(default_factory=time.time)
    finished: bool = False
    kind: str = "live"
    next_key: str | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")  # an acknowledged action survives power loss
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """Tables and their action logs in one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def add_table(self, t: StoredTable) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables).values(
                    key=t.key,
                    game=t.game,
                    num_players=t.num_players,
                    options=json.dumps(t.options),
                    seats=json.dumps(t.seats),
                    spectator_token=t.spectator_token,
                    hotseat_token=t.hotseat_token,
                    seed=t.seed,
                    created=t.created,
                    finished=t.finished,
                    kind=t.kind,
                    next_key=t.next_key,
                )
            )
            if t.actions:
                now = time.time()
                conn.execute(
                    insert(actions),
                    [
                        {"table_key": t.key, "seq": i, "action": json.dumps(a), "created": now}
                        for i, a in enumerate(t.actions)
                    ],
                )

    def append_action(self, key: str, seq: int, action: dict[str, Any]) -> None:
        """Write step ``seq``; raises :class:`StaleWrite` if that step exists already."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(actions).values(
                        table_key=key, seq=seq, action=json.dumps(action), created=time.time()
                    )
                )
        except IntegrityError as e:
            raise StaleWrite(f"step {seq} of table {key} is already written") from e

    def drop_action(self, key: str, seq: int) -> None:
        """Take back step ``seq`` (undo); only the last step is ever dropped."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.table_key == key, actions.c.seq == seq))

    def update_table(self, key: str, **values: Any) -> None:
        if "seats" in values:
            values["seats"] = json.dumps(values["seats"])
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.key == key).values(**values))

    def load(self, key: str) -> StoredTable | None:
        found = self._load(tables.c.key == key)
        return found[0] if found else None

    def load_all(self) -> list[StoredTable]:
        return self._load(None)

    def _load(self, where: Any) -> list[StoredTable]:
        with self.engine.connect() as conn:
            q = select(tables).order_by(tables.c.created)
            if where is not None:
                q = q.where(where)
            rows = conn.execute(q).mappings().all()
            out: list[StoredTable] = []
            for r in rows:
                acts = conn.execute(
                    select(actions.c.action)
                    .where(actions.c.table_key == r["key"])
                    .order_by(actions.c.seq)
                ).scalars()
                out.append(
                    StoredTable(
                        key=r["key"],
                        game=r["game"],
                        num_players=r["num_players"],
                        options=json.loads(r["options"]),
                        seats=json.loads(r["seats"]),
                        spectator_token=r["spectator_token"],
                        hotseat_token=r["hotseat_token"],
                        seed=r["seed"],
                        created=r["created"],
                        finished=bool(r["finished"]),
                        kind=r["kind"],
                        next_key=r["next_key"],
                        actions=[json.loads(a) for a in acts],
                    )
                )
            return out
