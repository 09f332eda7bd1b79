"""Durable storage of tables and their actions, through SQLAlchemy.

SQLite (a file, WAL journal) is the embedded default; PostgreSQL works by URL. Every
accepted action is one row, committed before the action is acknowledged, so a server
killed at any moment loses nothing it has confirmed. The ``(table, seq)`` primary key
makes a second write of the same step fail: stale or replayed messages cannot fork a game.

A database hiccup (a dropped connection, a lock held too long, a server restarting) is
retried with backoff for a while; past that the call raises :class:`StorageUnavailable`
and the caller refuses the move, so nothing is ever half-applied.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

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
    literal,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError

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


notes = Table(
    "notes",
    metadata,
    # Why a step was played as it was (a bot that overran its time), shown in the table's
    # log; a gettext template and its parameters, so each page reads it in its language.
    Column("table_key", String(32), ForeignKey("tables.key"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("template", Text, nullable=False),
    Column("params", Text, nullable=False),
)

RETRY_FOR = 10.0  # seconds a hiccup is retried before the call gives up
FIRST_BACKOFF = 0.05  # seconds before the first retry; doubled each time up to MAX_BACKOFF
MAX_BACKOFF = 1.0
SQLITE_BUSY_TIMEOUT = 2.0  # seconds SQLite itself waits for a lock before it says "locked"

log = logging.getLogger(__name__)

_T = TypeVar("_T")
Note = tuple[str, dict[str, Any]]  # a gettext template and its parameters


class StaleWrite(Exception):
    """A step that is already written: the message that tried it was stale or replayed."""


class StorageUnavailable(Exception):
    """The database did not answer within the retry time; nothing was changed by us."""


def transient(error: DBAPIError) -> bool:
    """Errors worth retrying: lost connections, locks, a server shutting down or starting."""
    return error.connection_invalidated or isinstance(error, (OperationalError, InterfaceError))


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
    notes: dict[int, Note] = field(default_factory=dict)


def make_engine(url: str, busy_timeout: float = SQLITE_BUSY_TIMEOUT) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": busy_timeout}
        )

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

    def __init__(
        self,
        url: str,
        *,
        retry_for: float = RETRY_FOR,
        busy_timeout: float = SQLITE_BUSY_TIMEOUT,
    ) -> None:
        self.url = url
        self.retry_for = retry_for
        self.engine = make_engine(url, busy_timeout)
        self._retry("create the schema", lambda _: metadata.create_all(self.engine))

    def close(self) -> None:
        self.engine.dispose()

    def _retry(self, what: str, attempt: Callable[[int], _T]) -> _T:
        """``attempt(n)`` until it works, retrying transient errors with backoff."""
        deadline = time.monotonic() + self.retry_for
        delay = FIRST_BACKOFF
        n = 0
        while True:
            try:
                return attempt(n)
            except DBAPIError as e:
                if not transient(e):
                    raise
                if time.monotonic() + delay > deadline:
                    raise StorageUnavailable(
                        f"the database did not answer for {self.retry_for:g} s ({what}): "
                        f"{type(e.orig).__name__}: {str(e.orig).strip()}"
                    ) from e
                log.warning("database hiccup (%s), retrying in %.2f s: %s", what, delay, e.orig)
                time.sleep(delay)
                delay = min(delay * 2, MAX_BACKOFF)
                n += 1

    def add_table(self, t: StoredTable) -> None:
        self._retry("add a table", lambda _: self._add_table(t))

    def _add_table(self, t: StoredTable) -> None:
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

    def append_action(
        self, key: str, seq: int, action: dict[str, Any], note: Note | None = None
    ) -> None:
        """Write step ``seq`` (and why it was played, if said); raises :class:`StaleWrite`
        if that step exists already, :class:`StorageUnavailable` if the database is away."""
        text = json.dumps(action)

        def attempt(n: int) -> None:
            try:
                with self.engine.begin() as conn:
                    conn.execute(
                        insert(actions).values(
                            table_key=key, seq=seq, action=text, created=time.time()
                        )
                    )
                    if note is not None:
                        conn.execute(
                            insert(notes).values(
                                table_key=key,
                                seq=seq,
                                template=note[0],
                                params=json.dumps(note[1]),
                            )
                        )
            except IntegrityError as e:
                # A retry after a connection lost during the commit may find our own row.
                if n > 0 and self._action_text(key, seq) == text:
                    return
                raise StaleWrite(f"step {seq} of table {key} is already written") from e

        self._retry(f"write step {seq} of table {key}", attempt)

    def action_at(self, key: str, seq: int) -> tuple[dict[str, Any], Note | None] | None:
        """Step ``seq`` of a table as stored, with its note, or None if it is not there."""

        def attempt(_: int) -> tuple[dict[str, Any], Note | None] | None:
            with self.engine.connect() as conn:
                text = conn.execute(
                    select(actions.c.action).where(actions.c.table_key == key, actions.c.seq == seq)
                ).scalar_one_or_none()
                if text is None:
                    return None
                row = conn.execute(
                    select(notes.c.template, notes.c.params).where(
                        notes.c.table_key == key, notes.c.seq == seq
                    )
                ).one_or_none()
            note = None if row is None else (row[0], json.loads(row[1]))
            return json.loads(text), note

        return self._retry(f"read step {seq} of table {key}", attempt)

    def _action_text(self, key: str, seq: int) -> str | None:
        with self.engine.connect() as conn:
            found: str | None = conn.execute(
                select(actions.c.action).where(actions.c.table_key == key, actions.c.seq == seq)
            ).scalar_one_or_none()
            return found

    def drop_action(self, key: str, seq: int) -> None:
        """Take back step ``seq`` (undo); only the last step is ever dropped."""

        def attempt(_: int) -> None:
            with self.engine.begin() as conn:
                conn.execute(delete(notes).where(notes.c.table_key == key, notes.c.seq == seq))
                conn.execute(
                    delete(actions).where(actions.c.table_key == key, actions.c.seq == seq)
                )

        self._retry(f"drop step {seq} of table {key}", attempt)

    def update_table(self, key: str, **values: Any) -> None:
        if "seats" in values:
            values["seats"] = json.dumps(values["seats"])

        def attempt(_: int) -> None:
            with self.engine.begin() as conn:
                conn.execute(update(tables).where(tables.c.key == key).values(**values))

        self._retry(f"update table {key}", attempt)

    def load(self, key: str) -> StoredTable | None:
        found = self._retry(f"load table {key}", lambda _: self._load(tables.c.key == key))
        return found[0] if found else None

    def load_all(self) -> list[StoredTable]:
        return self._retry("load every table", lambda _: self._load(None))

    def load_for_resume(self) -> list[StoredTable]:
        """Every table; the actions only of live games still in play.

        A finished game or an uploaded record is replayed from the database when it is
        next visited, so a restart neither replays nor holds every game ever played.
        """
        in_play = (tables.c.kind == "live") & (tables.c.finished == False)  # noqa: E712
        return self._retry("load the tables in play", lambda _: self._load(None, in_play))

    def _load(self, where: Any, with_actions: Any = None) -> list[StoredTable]:
        if with_actions is None:
            with_actions = literal(True)
        with self.engine.connect() as conn:
            q = select(tables, with_actions.label("with_actions")).order_by(tables.c.created)
            if where is not None:
                q = q.where(where)
            rows = conn.execute(q).mappings().all()
            out: list[StoredTable] = []
            for r in rows:
                acts: list[str] = []
                said: dict[int, Note] = {}
                if r["with_actions"]:
                    acts = list(
                        conn.execute(
                            select(actions.c.action)
                            .where(actions.c.table_key == r["key"])
                            .order_by(actions.c.seq)
                        ).scalars()
                    )
                    for seq, template, params in conn.execute(
                        select(notes.c.seq, notes.c.template, notes.c.params).where(
                            notes.c.table_key == r["key"]
                        )
                    ):
                        said[seq] = (template, json.loads(params))
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
                        notes=said,
                    )
                )
            return out
