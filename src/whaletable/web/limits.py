"""How much one client may ask of the server: body sizes, request rates and open sockets.

Bodies are counted as they arrive, so a chunked request (no Content-Length) is held to
the same limit as a declared one. Rates are per client address: in memory for a server
alone, in the database when several servers share one (a client that spreads its
requests over them is counted as by one).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import math
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from whaletable.web.storage import Store

MAX_BODY = 1_000_000  # bytes: a form, a JSON request or an uploaded record

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limits:
    """What one client may do; the serve command and tests raise them (e.g. for load runs).

    Rates use the ``limits`` notation, several separated by ``;`` ("10/minute;100/hour").
    """

    max_body: int = MAX_BODY
    create_rate: str = "20/minute;200/hour"  # new tables, rematches and claimed seats
    upload_rate: str = "20/minute;200/hour"  # uploaded records
    socket_rate: str = "120/minute"  # table sockets opened (a reconnect is one)
    advice_rate: str = "6/10seconds;60/minute"  # advice asked over one table socket
    # Pages that look up secret links by the handful: "my games", a table's host page and
    # the link confirming an alert address.
    links_rate: str = "30/minute;300/hour"
    replay_rate: str = "120/minute;1200/hour"  # a replay's frames, drawn 40 steps a request
    sockets_per_client: int = 32
    sockets_per_table: int = 64


# Which requests spend which rate: method (a socket has none) and a full-match path pattern.
RATED: tuple[tuple[str | None, re.Pattern[str], str], ...] = (
    ("POST", re.compile(r"/games"), "create"),
    ("POST", re.compile(r"/api/games"), "create"),
    ("POST", re.compile(r"/games/[^/]*/again"), "create"),
    ("POST", re.compile(r"/games/[^/]*/claim/[^/]*"), "create"),
    ("POST", re.compile(r"/replay"), "upload"),
    ("POST", re.compile(r"/t/[^/]*/alerts"), "create"),
    ("GET", re.compile(r"/mine"), "links"),
    ("GET", re.compile(r"/games/links/[^/]*"), "links"),
    ("GET", re.compile(r"/alerts/confirm/[^/]*"), "links"),
    ("GET", re.compile(r"/replay/[^/]*/frames\.json"), "replay"),
    (None, re.compile(r"/ws/[^/]*"), "socket"),
)


def client_of(scope: Scope) -> str:
    """The client's address (behind a trusted proxy, uvicorn puts the forwarded one here)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


async def answer(
    send: Send, status: int, message: str, headers: dict[str, str] | None = None
) -> None:
    """A small JSON error straight from a middleware (before any route ran)."""
    body = json.dumps({"error": message}).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw += [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


async def deny_socket(scope: Scope, send: Send, message: str, retry_after: int) -> None:
    """Refuse a WebSocket handshake: 429 and Retry-After where the server can say so."""
    if "websocket.http.response" in scope.get("extensions", {}):
        body = json.dumps({"error": message}).encode()
        await send(
            {
                "type": "websocket.http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"retry-after", str(retry_after).encode()),
                ],
            }
        )
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1013, "reason": message})


class BodyTooLarge(HTTPException):
    """A body that grew past the limit while it was being read."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request too large: at most {limit} bytes")


class BodyLimit:
    """Refuse a body past ``limit`` bytes: a declared length at once, any body as it streams."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await answer(send, 413, f"request too large: at most {self.limit} bytes")
                return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    # Raised inside whoever reads the body; the app's handler answers 413.
                    raise BodyTooLarge(self.limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge as e:
            if started:
                raise
            await answer(send, 413, str(e.detail))


async def spend(
    limiter: MovingWindowRateLimiter, rates: list[RateLimitItem], kind: str, who: str
) -> int | None:
    """Spend one request of ``kind`` by ``who`` under every one of ``rates``; None if
    allowed, else the seconds until it would be."""
    for item in rates:
        if not await limiter.hit(item, kind, who):
            reset, _ = await limiter.get_window_stats(item, kind, who)
            return max(1, math.ceil(reset - time.time()))
    return None


def rates_of(limits: Limits) -> dict[str, list[RateLimitItem]]:
    """The rates of each kind of rated request."""
    return {
        "create": parse_many(limits.create_rate),
        "upload": parse_many(limits.upload_rate),
        "socket": parse_many(limits.socket_rate),
        "links": parse_many(limits.links_rate),
        "replay": parse_many(limits.replay_rate),
    }


class Rates(Protocol):
    """Where the requests each client spent are counted."""

    async def spend(self, rates: list[RateLimitItem], kind: str, who: str) -> int | None:
        """Spend one request of ``kind`` by ``who`` under every one of ``rates``; None if
        allowed, else the seconds until it would be."""
        ...


class LocalRates:
    """Counted in this server's memory, in moving windows: a server alone."""

    def __init__(self) -> None:
        # The asyncio storage expires old hits in a task on the event loop; the threaded
        # one starts a timer thread on every hit after a quiet spell, and starting a
        # thread blocks the event loop until the new thread runs.
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    async def spend(self, rates: list[RateLimitItem], kind: str, who: str) -> int | None:
        return await spend(self.limiter, rates, kind, who)


class SharedRates:
    """Counted in the database every server shares (``Store.spend_rate``), so a client
    is limited as if there were one server. ``store_of`` gives the store once the app
    has opened it (None before). The ``limits`` package keeps counts in memory, Redis,
    Memcached or MongoDB, never in PostgreSQL, hence the table of its own.

    Should the database not answer, this server's own counts limit the client
    meanwhile: a request is neither held up nor let through uncounted.
    """

    def __init__(self, store_of: Callable[[], Store | None]) -> None:
        self.store_of = store_of
        self.local = LocalRates()

    async def spend(self, rates: list[RateLimitItem], kind: str, who: str) -> int | None:
        from whaletable.web.storage import StorageUnavailable

        store = self.store_of()
        if store is not None:
            counted = [(item.amount, item.get_expiry()) for item in rates]
            try:
                return await asyncio.to_thread(store.spend_rate, kind, who, counted)
            except StorageUnavailable as e:
                log.warning("requests counted by this server alone: %s", e)
        return await self.local.spend(rates, kind, who)


class RateLimit:
    """Answer 429 with Retry-After once a client has spent its rate of a kind of request."""

    def __init__(self, app: ASGIApp, limits: Limits, counts: Rates | None = None) -> None:
        self.app = app
        self.counts: Rates = counts or LocalRates()
        self.rates = rates_of(limits)

    def kind_of(self, scope: Scope) -> str | None:
        if scope["type"] not in ("http", "websocket"):
            return None
        for method, path, kind in RATED:
            if scope.get("method") == method and path.fullmatch(scope.get("path", "")):
                return kind
        return None

    async def retry_after(self, kind: str, client: str) -> int | None:
        """Spend one request of ``kind``; None if allowed, else seconds until it would be."""
        return await self.counts.spend(self.rates[kind], kind, client)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = self.kind_of(scope)
        if kind is not None:
            wait = await self.retry_after(kind, client_of(scope))
            if wait is not None:
                message = f"too many requests: try again in {wait} s"
                if scope["type"] == "http":
                    await answer(send, 429, message, {"retry-after": str(wait)})
                else:
                    await deny_socket(scope, send, message, wait)
                return
        await self.app(scope, receive, send)


class ConnectionRate:
    """A rate spent per open connection rather than per client: what one table socket may
    ask of the server once it is open (advice, which costs the server a computation)."""

    def __init__(self, kind: str, rate: str) -> None:
        self.kind = kind
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rates = parse_many(rate)
        self._next = itertools.count()

    def connection(self) -> str:
        """A name for a new connection, never given to another one of this server."""
        return str(next(self._next))

    async def retry_after(self, connection: str) -> int | None:
        """Spend one request of ``connection``; None if allowed, else seconds to wait."""
        return await spend(self.limiter, self.rates, self.kind, connection)


class SocketCount:
    """Open table sockets per client and per table, capped so no one can stall the server."""

    def __init__(self, limits: Limits) -> None:
        self.per_client = limits.sockets_per_client
        self.per_table = limits.sockets_per_table
        self.clients: Counter[str] = Counter()
        self.tables: Counter[str] = Counter()

    def enter(self, client: str, table: str) -> bool:
        """Count a new socket in; False (and nothing counted) when a cap is reached."""
        if self.clients[client] >= self.per_client or self.tables[table] >= self.per_table:
            return False
        self.clients[client] += 1
        self.tables[table] += 1
        return True

    def leave(self, client: str, table: str) -> None:
        for counter, key in ((self.clients, client), (self.tables, table)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]
