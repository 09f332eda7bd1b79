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
import math
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    literal,
    select,
    tuple_,
    update,
)
from sqlalchemy import text as sql_text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import (
    DBAPIError,
    IntegrityError,
    InterfaceError,
    OperationalError,
    ProgrammingError,
)

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
    # The table's own settings (what the lobby sets beside the game's options), as JSON.
    # Added after the first tables were stored: NULL in their rows reads as the defaults.
    Column("settings", Text, nullable=True),
    # Who is at the table (seats gone absent, replaced by a bot, taken back), as JSON; the
    # clocks are worked out from it and from when each action was stored.
    Column("presence", Text, nullable=True),
    # The digest (hex) of the secret of the page listing every link of the table, handed to
    # whoever made it (see web.routes.tables): the secret itself is never stored.
    Column("host_digest", String(64), nullable=True),
)

# A host page is looked up by its digest.
Index("tables_host_digest", tables.c.host_digest)

ADDED_COLUMNS = ("settings", "presence", "host_digest")
"""Columns of ``tables`` added since it was first created: a database made before them
gets them (empty) when a server opens it, see :meth:`Store._upgrade`."""

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

# A table's steps from one on, each with its note if it has one.
_STEPS_FROM = (
    select(actions.c.seq, actions.c.action, notes.c.template, notes.c.params)
    .select_from(
        actions.outerjoin(
            notes, (notes.c.table_key == actions.c.table_key) & (notes.c.seq == actions.c.seq)
        )
    )
    .where(actions.c.table_key == bindparam("key"), actions.c.seq >= bindparam("start"))
    .order_by(actions.c.seq)
)

seat_alerts = Table(
    "seat_alerts",
    metadata,
    # Where a seat is told that it is its turn (see web.alerts), as its player set it from
    # the seat's own page: a webhook URL and/or an e-mail address, and the seat's page
    # (its secret link) only if the player chose to have it sent along.
    Column("table_key", String(32), ForeignKey("tables.key"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("webhook", Text, nullable=True),
    Column("email", Text, nullable=True),
    Column("link", Text, nullable=True),
    Column("lang", String(16), nullable=True),  # the language the alerts are written in
    # E-mail goes to the address only once its owner opened the link mailed to it (double
    # opt-in): only the SHA-256 digest of that link's secret is kept, as for host pages.
    # The table is new with these columns, so ADDED_COLUMNS (``tables`` only) needs none.
    Column("email_confirmed", Boolean, nullable=False, default=False),
    Column("confirm_digest", String(64), nullable=True, unique=True),
)

rate_hits = Table(
    "rate_hits",
    metadata,
    # Requests a client spent of a rate in one window of it, counted by every server
    # sharing the database (see Store.spend_rate): one row per kind of request, client,
    # window length and window.
    Column("kind", String(16), primary_key=True),
    Column("client", String(128), primary_key=True),
    Column("seconds", Integer, primary_key=True, autoincrement=False),
    Column("slot", BigInteger, primary_key=True, autoincrement=False),
    Column("hits", Integer, nullable=False),
    Column("expires", Float, nullable=False),
)

# One request spent of a rate's current window: a new window's row starts at one, a
# known one counts one more unless it is full (then no row comes back). The row is
# locked by the upsert, so two servers counting the same client at once both count.
_SPEND = sql_text(
    "INSERT INTO rate_hits (kind, client, seconds, slot, hits, expires) "
    "VALUES (:kind, :client, :seconds, :slot, 1, :expires) "
    "ON CONFLICT (kind, client, seconds, slot) DO UPDATE SET hits = rate_hits.hits + 1 "
    "WHERE rate_hits.hits < :amount RETURNING hits"
)
_NOW = sql_text("SELECT extract(epoch from clock_timestamp())")
SWEEP_RATES_SECONDS = 60.0  # how often a server drops the rate windows that have ended

# Which of a batch's steps are already written: built once, its list of (table, step)
# pairs bound per batch. An expression built per batch is a few thousand objects in
# reference cycles a minute, and the collector's pauses for them showed in every
# table's round trips.
_WRITTEN = select(actions.c.table_key, actions.c.seq, actions.c.action).where(
    tuple_(actions.c.table_key, actions.c.seq).in_(bindparam("steps", expanding=True))
)

# Every step of a group commit announced in one statement (delivered at the commit).
_NOTIFY = sql_text("SELECT pg_notify(:channel, p) FROM unnest(CAST(:payloads AS text[])) AS p")

RETRY_FOR = 10.0  # seconds a hiccup is retried before the call gives up
FIRST_BACKOFF = 0.05  # seconds before the first retry; doubled each time up to MAX_BACKOFF
MAX_BACKOFF = 1.0
SQLITE_BUSY_TIMEOUT = 2.0  # seconds SQLite itself waits for a lock before it says "locked"

log = logging.getLogger(__name__)

_T = TypeVar("_T")
Note = tuple[str, dict[str, Any]]  # a gettext template and its parameters
SeatAlerts = tuple[str | None, str | None, str | None, str | None, bool]  # see Store.alerts_of


MAX_BATCH = 500  # steps written in one transaction at most
SEATS = -1  # what an announcement says of the steps when a table's seats or presence changed
CHANNEL = "whaletable"  # the PostgreSQL channel servers sharing a database announce steps on
# What a server says on CHANNEL of a table of bots alone, as ``<table>:<word>:<server>``:
# ASK, the named server (where a page watches it) would play it; GIVE, its player stopped
# and the named server is to play it from the stored steps on.
ASK = "ask"
GIVE = "give"
OPEN_SEAT = json.dumps({"kind": "open"})[1:-1]  # how an open seat's JSON begins
SCHEMA_LOCK = 0x7768616C65  # the advisory lock servers hold while making the schema


@dataclass
class _Write:
    """One step waiting for the group commit."""

    key: str
    seq: int
    text: str
    note: Note | None
    done: Future[None]


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
    settings: dict[str, Any] = field(default_factory=dict)
    presence: dict[str, Any] = field(default_factory=dict)
    actions: list[dict[str, Any]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)  # when each action was stored (epoch s)
    notes: dict[int, Note] = field(default_factory=dict)
    last_moved: float | None = None  # when its last step was stored (epoch s), if loaded


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
        announce: bool = False,
    ) -> None:
        self.url = url
        self.retry_for = retry_for
        # Servers sharing one PostgreSQL hear of each other's steps: every transaction that
        # writes or drops a step says so on CHANNEL, delivered only if it commits.
        self.announce = announce
        if announce and not url.startswith("postgresql"):
            raise ValueError("only a PostgreSQL database can be shared by several servers")
        self._writes: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._writer_lock = threading.Lock()
        self.engine = make_engine(url, busy_timeout)
        self._rates_swept = 0.0  # the database's time when ended rate windows were last dropped
        self._retry("create the schema", lambda _: self._create())
        self._retry("upgrade the schema", lambda _: self._upgrade())

    def close(self) -> None:
        if self._writer is not None:
            self._writes.put(None)
            self._writer.join(timeout=30)
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

    def _create(self) -> None:
        """Make the missing tables. Servers starting together on a new PostgreSQL database
        take turns (a lock held to the end of the transaction): two ``CREATE TABLE`` at
        once fail there, where ``create_all`` only checks beforehand."""
        with self.engine.begin() as conn:
            if self.engine.dialect.name == "postgresql":
                conn.execute(sql_text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            metadata.create_all(conn)

    def _upgrade(self) -> None:
        """Add the columns a database made by an older version lacks (``create_all``
        makes missing tables only, never missing columns)."""
        have = {c["name"] for c in inspect(self.engine).get_columns("tables")}
        for name in ADDED_COLUMNS:
            if name in have:
                continue
            column = tables.c[name]
            kind = column.type.compile(dialect=self.engine.dialect)
            try:
                with self.engine.begin() as conn:
                    conn.execute(sql_text(f"ALTER TABLE tables ADD COLUMN {name} {kind}"))
                    for index in tables.indexes:
                        if name in index.columns:  # made with the table in a new database
                            index.create(conn)
            except (OperationalError, ProgrammingError):
                # Another server opening the same database added it first.
                again = {c["name"] for c in inspect(self.engine).get_columns("tables")}
                if name not in again:
                    raise
                log.info("column tables.%s was added by another server", name)

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
                    settings=json.dumps(t.settings),
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
        """Write step ``seq`` (and why it was played, if said) and wait until it is durable;
        raises :class:`StaleWrite` if that step exists already, :class:`StorageUnavailable`
        if the database stays away."""
        self.submit_action(key, seq, action, note).result()

    def submit_action(
        self, key: str, seq: int, action: dict[str, Any], note: Note | None = None
    ) -> Future[None]:
        """Queue step ``seq`` for the next group commit; the future is done once it is
        durable (or holds the :class:`StaleWrite` or :class:`StorageUnavailable`).

        Every step waiting when the writer is free goes into one transaction: one disk sync
        for many tables, so a busy server does not queue every table behind the disk.
        """
        write = _Write(key, seq, json.dumps(action), note, Future())
        with self._writer_lock:
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(
                    target=self._write_loop, name="whaletable-writer", daemon=True
                )
                self._writer.start()
        self._writes.put(write)
        return write.done

    def _write_loop(self) -> None:
        while True:
            first = self._writes.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._writes.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._writes.put(None)  # stop after this batch
                    break
                batch.append(more)
            # A write whose waiter gave up (cancelled) before the batch began is skipped.
            self._commit_batch([w for w in batch if w.done.set_running_or_notify_cancel()])

    def _commit_batch(self, batch: list[_Write]) -> None:
        try:
            self._retry(f"write {len(batch)} steps", lambda n: self._write_batch(batch, n))
        except Exception as e:  # StorageUnavailable, or a fault that must not stop the writer
            for w in batch:
                if not w.done.done():
                    w.done.set_exception(e)
        else:
            for w in batch:
                if not w.done.done():
                    w.done.set_result(None)

    def _write_batch(self, batch: list[_Write], attempt: int) -> None:
        pending = [w for w in batch if not w.done.done()]
        try:
            with self.engine.begin() as conn:
                found = conn.execute(_WRITTEN, {"steps": [(w.key, w.seq) for w in pending]}).all()
                written = {(k, q): text for k, q, text in found}
                fresh: list[_Write] = []
                for w in pending:
                    have = written.get((w.key, w.seq))
                    if have is None:
                        written[(w.key, w.seq)] = w.text
                        fresh.append(w)
                    elif attempt > 0 and have == w.text and w not in fresh:
                        # A retry after a connection lost during the commit found our row.
                        w.done.set_result(None)
                    else:
                        w.done.set_exception(
                            StaleWrite(f"step {w.seq} of table {w.key} is already written")
                        )
                self._insert(conn, fresh)
        except IntegrityError:
            # Another server wrote one of these steps between the check and the insert:
            # each write on its own then, so only that one fails.
            for w in pending:
                if not w.done.done():
                    self._write_alone(w, attempt)

    def _write_alone(self, w: _Write, attempt: int) -> None:
        try:
            with self.engine.begin() as conn:
                self._insert(conn, [w])
        except IntegrityError as e:
            if attempt > 0 and self._action_text(w.key, w.seq) == w.text:
                w.done.set_result(None)
            else:
                stale = StaleWrite(f"step {w.seq} of table {w.key} is already written")
                stale.__cause__ = e
                w.done.set_exception(stale)

    def _announce(self, conn: Any, *changes: tuple[str, int]) -> None:
        """Tell the other servers that each table ``key`` of ``changes`` now has ``length``
        steps (or, for ``SEATS``, that its seats changed): one statement for them all."""
        if self.announce and changes:
            conn.execute(
                _NOTIFY, {"channel": CHANNEL, "payloads": [f"{k}:{n}" for k, n in changes]}
            )

    def hand_over(self, key: str, word: str, server: str) -> None:
        """Say ``word`` (ASK or GIVE) of table ``key`` to the servers sharing the database,
        naming ``server`` (the one that asks, or is given the table)."""
        if not self.announce:
            return  # no other server hears it

        def attempt(_: int) -> None:
            with self.engine.begin() as conn:
                conn.execute(_NOTIFY, {"channel": CHANNEL, "payloads": [f"{key}:{word}:{server}"]})

        self._retry(f"say {word} of table {key}", attempt)

    def _insert(self, conn: Any, writes: list[_Write]) -> None:
        if not writes:
            return
        self._announce(conn, *((w.key, w.seq + 1) for w in writes))
        now = time.time()
        conn.execute(
            insert(actions),
            [{"table_key": w.key, "seq": w.seq, "action": w.text, "created": now} for w in writes],
        )
        said = [w for w in writes if w.note is not None]
        if said:
            conn.execute(
                insert(notes),
                [
                    {
                        "table_key": w.key,
                        "seq": w.seq,
                        "template": w.note[0],
                        "params": json.dumps(w.note[1]),
                    }
                    for w in said
                    if w.note is not None
                ],
            )

    def spend_rate(self, kind: str, client: str, rates: list[tuple[int, int]]) -> int | None:
        """Spend one request of ``kind`` by ``client`` under every ``(amount, seconds)``
        rate, counted in the database for every server sharing it; None if allowed, else
        the seconds until it would be. Raises :class:`StorageUnavailable` at once (no
        retries: a request is not held up for its count) if the database does not answer.

        Windows are fixed (each ``seconds`` long, from the epoch, by the database's clock
        so that hosts agree): one row per window instead of one per request, at the cost
        of a client spending up to twice a rate across the end of one window.
        """
        try:
            with self.engine.begin() as conn:
                now = float(conn.execute(_NOW).scalar_one())
                if now >= self._rates_swept + SWEEP_RATES_SECONDS:
                    conn.execute(delete(rate_hits).where(rate_hits.c.expires < now))
                    self._rates_swept = now
                for amount, seconds in rates:
                    slot = int(now // seconds)
                    ends = (slot + 1) * seconds
                    counted = conn.execute(
                        _SPEND,
                        {
                            "kind": kind,
                            "client": client[:128],
                            "seconds": seconds,
                            "slot": slot,
                            "expires": float(ends),
                            "amount": amount,
                        },
                    ).first()
                    if counted is None:
                        return max(1, math.ceil(ends - now))
                return None
        except DBAPIError as e:
            raise StorageUnavailable(
                f"the database did not count a request ({kind}): "
                f"{type(e.orig).__name__}: {str(e.orig).strip()}"
            ) from e

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
                self._announce(conn, (key, seq))

        self._retry(f"drop step {seq} of table {key}", attempt)

    def update_table(self, key: str, **values: Any) -> None:
        """Change columns of table ``key``; a change of its seats is announced to the
        other servers, whose pages show them (its presence: :meth:`replace_presence`)."""
        seated = "seats" in values
        if seated:
            values["seats"] = json.dumps(values["seats"])

        def attempt(_: int) -> None:
            with self.engine.begin() as conn:
                conn.execute(update(tables).where(tables.c.key == key).values(**values))
                if seated:
                    self._announce(conn, (key, SEATS))

        self._retry(f"update table {key}", attempt)

    def replace_presence(self, key: str, before: dict[str, Any], after: dict[str, Any]) -> bool:
        """Store ``after`` as table ``key``'s presence if its leaves and votes are still
        those of ``before`` (compare and set: of two servers changing them at once, one
        does); False, storing nothing, if another server changed them first. Announced
        as :meth:`update_table` announces it."""

        def attempt(_: int) -> bool:
            with self.engine.begin() as conn:
                text = conn.execute(
                    select(tables.c.presence).where(tables.c.key == key).with_for_update()
                ).scalar_one_or_none()
                stored = _settings_of(text)
                now = (stored.get("events") or [], stored.get("votes") or {})
                if now != (before["events"], before["votes"]):
                    return False  # another server changed who is away first
                conn.execute(
                    update(tables).where(tables.c.key == key).values(presence=json.dumps(after))
                )
                self._announce(conn, (key, SEATS))
                return True

        return self._retry(f"store who is at table {key}", attempt)

    def find_host(self, digest: str) -> str | None:
        """The key of the table whose host page has the secret of this digest, if any."""

        def attempt(_: int) -> str | None:
            with self.engine.connect() as conn:
                found: str | None = conn.execute(
                    select(tables.c.key).where(tables.c.host_digest == digest)
                ).scalar_one_or_none()
                return found

        return self._retry("look up a host page", attempt)

    def set_alerts(
        self,
        key: str,
        seat: int,
        webhook: str | None,
        email: str | None,
        link: str | None,
        lang: str | None,
        confirm_digest: str | None = None,
    ) -> bool:
        """Where seat ``seat`` of a table is told of its turn (nothing: it is not told).

        An e-mail address already confirmed for the seat stays confirmed; any other waits
        for the link whose secret has ``confirm_digest``. True if it waits (a confirmation
        is to be sent).
        """

        def attempt(_: int) -> bool:
            with self.engine.begin() as conn:
                where = (seat_alerts.c.table_key == key) & (seat_alerts.c.seat == seat)
                before = conn.execute(
                    select(seat_alerts.c.email, seat_alerts.c.email_confirmed).where(where)
                ).one_or_none()
                kept = before is not None and email is not None and tuple(before) == (email, True)
                conn.execute(delete(seat_alerts).where(where))
                if webhook is None and email is None:
                    return False
                conn.execute(
                    insert(seat_alerts).values(
                        table_key=key,
                        seat=seat,
                        webhook=webhook,
                        email=email,
                        link=link,
                        lang=lang,
                        email_confirmed=kept,
                        confirm_digest=None if kept or email is None else confirm_digest,
                    )
                )
                return email is not None and not kept

        return self._retry(f"set the alerts of seat {seat + 1} of table {key}", attempt)

    def confirm_email(self, digest: str) -> tuple[str, int, str] | None:
        """Mark confirmed the address whose confirmation secret has this digest; its
        table's key, seat and address, or None if no address waits for it."""

        def attempt(_: int) -> tuple[str, int, str] | None:
            with self.engine.begin() as conn:
                row = conn.execute(
                    select(seat_alerts.c.table_key, seat_alerts.c.seat, seat_alerts.c.email).where(
                        seat_alerts.c.confirm_digest == digest
                    )
                ).one_or_none()
                if row is None or row[2] is None:
                    return None
                conn.execute(
                    update(seat_alerts)
                    .where(seat_alerts.c.confirm_digest == digest)
                    .values(email_confirmed=True)
                )
                return str(row[0]), int(row[1]), str(row[2])

        return self._retry("confirm an e-mail address", attempt)

    def alerts_of(self, key: str, seat: int) -> SeatAlerts:
        """A seat's webhook, e-mail address, link to send and language (None when not set),
        and whether the address is confirmed."""

        def attempt(_: int) -> SeatAlerts:
            with self.engine.connect() as conn:
                row = conn.execute(
                    select(
                        seat_alerts.c.webhook,
                        seat_alerts.c.email,
                        seat_alerts.c.link,
                        seat_alerts.c.lang,
                        seat_alerts.c.email_confirmed,
                    ).where(seat_alerts.c.table_key == key, seat_alerts.c.seat == seat)
                ).one_or_none()
            if row is None:
                return (None, None, None, None, False)
            return (row[0], row[1], row[2], row[3], bool(row[4]))

        return self._retry(f"read the alerts of seat {seat + 1} of table {key}", attempt)

    def claim_seat(self, key: str, seat: int, claimed: dict[str, Any]) -> bool:
        """Give open seat ``seat`` of a table to ``claimed`` if it is still open (another
        server may have given it away first: the row is locked while it is looked at);
        True if it was given."""

        def attempt(_: int) -> bool:
            with self.engine.begin() as conn:
                text = conn.execute(
                    select(tables.c.seats).where(tables.c.key == key).with_for_update()
                ).scalar_one_or_none()
                seats = json.loads(text) if text is not None else []
                if not 0 <= seat < len(seats) or seats[seat].get("kind") != "open":
                    return False
                seats[seat] = claimed
                conn.execute(
                    update(tables).where(tables.c.key == key).values(seats=json.dumps(seats))
                )
                self._announce(conn, (key, SEATS))
                return True

        return self._retry(f"claim seat {seat + 1} of table {key}", attempt)

    def load(self, key: str) -> StoredTable | None:
        found = self._retry(f"load table {key}", lambda _: self._load(tables.c.key == key))
        return found[0] if found else None

    def steps_from(self, key: str, start: int) -> tuple[list[dict[str, Any]], dict[int, Note]]:
        """A table's actions from step ``start`` on, and their notes (by step)."""

        def attempt(_: int) -> tuple[list[dict[str, Any]], dict[int, Note]]:
            # One statement (steps and their notes joined): this is read by every server
            # holding the table, at every step another server takes.
            with self.engine.connect() as conn:
                rows = conn.execute(_STEPS_FROM, {"key": key, "start": start}).all()
            found = [json.loads(text) for _, text, _, _ in rows]
            said = {
                seq: (template, json.loads(params))
                for seq, _, template, params in rows
                if template is not None
            }
            return found, said

        return self._retry(f"read the steps of table {key} from {start}", attempt)

    def find_token(self, token: str) -> list[StoredTable]:
        """The tables a secret link may belong to (seat links live in the seats' JSON)."""
        quoted = json.dumps(token)
        where = (
            (tables.c.spectator_token == token)
            | (tables.c.hotseat_token == token)
            | tables.c.seats.contains(quoted, autoescape=True)
        )
        return self._retry("look up a link", lambda _: self._load(where))

    def load_all(self) -> list[StoredTable]:
        return self._retry("load every table", lambda _: self._load(None))

    def load_for_resume(self) -> list[StoredTable]:
        """Every table; the actions only of live games still in play.

        A finished game or an uploaded record is replayed from the database when it is
        next visited, so a restart neither replays nor holds every game ever played.
        """
        in_play = (tables.c.kind == "live") & (tables.c.finished == False)  # noqa: E712
        return self._retry("load the tables in play", lambda _: self._load(None, in_play))

    def lobby(self, recent: int) -> tuple[list[StoredTable], list[StoredTable]]:
        """What a lobby lists, as the database has it (whichever server made each table):
        the games in play with a seat open, oldest first, and the ``recent`` last finished
        games, newest first; their seats and names without their steps."""
        live = tables.c.kind == "live"
        # The seats' JSON is written by json.dumps alone, so an open seat reads so; the
        # seats are looked at again below, so a name holding those words lists nothing.
        waiting = live & (tables.c.finished == False) & tables.c.seats.contains(OPEN_SEAT)  # noqa: E712
        done = live & (tables.c.finished == True)  # noqa: E712

        def attempt(_: int) -> tuple[list[StoredTable], list[StoredTable]]:
            found = self._load(waiting, literal(False))
            ended = self._load(done, literal(False), newest_first=True, limit=recent)
            return [t for t in found if any(s.get("kind") == "open" for s in t.seats)], ended

        return self._retry("list the tables of the lobby", attempt)

    def _load(
        self, where: Any, with_actions: Any = None, *, newest_first: bool = False, limit: int = 0
    ) -> list[StoredTable]:
        if with_actions is None:
            with_actions = literal(True)
        with self.engine.connect() as conn:
            order = tables.c.created.desc() if newest_first else tables.c.created
            q = select(tables, with_actions.label("with_actions")).order_by(order)
            if where is not None:
                q = q.where(where)
            if limit:
                q = q.limit(limit)
            rows = conn.execute(q).mappings().all()
            out: list[StoredTable] = []
            for r in rows:
                steps: Sequence[Any] = ()
                said: dict[int, Note] = {}
                if r["with_actions"]:
                    steps = conn.execute(
                        select(actions.c.action, actions.c.created)
                        .where(actions.c.table_key == r["key"])
                        .order_by(actions.c.seq)
                    ).all()
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
                        settings=_settings_of(r["settings"]),
                        presence=_settings_of(r["presence"]),
                        actions=[json.loads(text) for text, _ in steps],
                        times=[created for _, created in steps],
                        notes=said,
                        last_moved=steps[-1][1] if steps else None,
                    )
                )
            return out


def _settings_of(stored: str | None) -> dict[str, Any]:
    """A row's settings: none stored (a row older than the column), or not an object,
    reads as none set, so every setting takes its default."""
    if stored is None:
        return {}
    try:
        found = json.loads(stored)
    except ValueError:
        log.warning("a table's stored settings are not JSON; its defaults are used")
        return {}
    return found if isinstance(found, dict) else {}
