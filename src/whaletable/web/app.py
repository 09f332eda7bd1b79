"""The web application: lobby, per-seat secret links, live tables over WebSockets, replays.

Pages are rendered on the server; boards are SVG drawn from ``observation(seat)`` only.
The routes live in ``routes/``, one router per concern; this module builds the services
they share, includes the routers and installs the middleware every request goes through.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from whaletable import games
from whaletable.web.alerts import AlertSettings
from whaletable.web.bots import BOT_DEADLINE, Think, think
from whaletable.web.headers import SecurityHeaders
from whaletable.web.limits import MAX_BODY, BodyLimit, Limits, RateLimit, SharedRates
from whaletable.web.origin import Reach, SameOriginPosts, TrustedHostsOnly
from whaletable.web.pace import SHORTEST_CLOCK
from whaletable.web.routes import alerts as alert_routes
from whaletable.web.routes import errors, health, lobby, mine, records, rules, table, tables
from whaletable.web.routes.services import WEB, Services, Settings
from whaletable.web.routes.table import MAX_MESSAGE
from whaletable.web.storage import RETRY_FOR, Store
from whaletable.web.tables import BOTS_ONLY_PACE, IDLE_SECONDS, TAKEOVER_SECONDS

__all__ = ["MAX_BODY", "MAX_MESSAGE", "create_app"]

SWITCH_INTERVAL = 0.0005  # seconds between the interpreter's thread switches
COLLECTOR_THRESHOLDS = (700, 10, 100)
"""The garbage collector's thresholds while the app runs: Python's (700, 10, 10), with the
oldest generation collected a tenth as often (see :func:`lifespan`)."""


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    services: Services = app.state.services
    # Steps are written by a thread (the group commit): a short switch interval hands
    # it the interpreter soon after the disk answers, instead of after the event loop's
    # next 5 ms of drawing boards, which otherwise shows in every move's round trip.
    switch = sys.getswitchinterval()
    sys.setswitchinterval(min(switch, SWITCH_INTERVAL))
    live = services.open()
    app.state.tables = live  # the live tables, as tests and tools inspect them
    app.state.resumed = services.resumed
    live.start_all()
    # What is loaded by now (modules, the games' tables, the resumed tables) lives as long
    # as the server. Frozen out of the collector's sight, it is not walked again by every
    # full collection, whose pauses otherwise stopped every table for 100–300 ms.
    gc.freeze()
    # What the server makes later is mostly tables in play (states, recent frames, the
    # sockets' tasks), as long-lived and as free of cycles; a full collection still walks
    # all of it with every table stopped, 100–200 ms at 180 tables on a 2-core machine
    # every 10–25 s, which set the slowest round trips (benchmarks/workers_scaling.py).
    # A tenth as many full collections; cyclic garbage is still collected, later.
    thresholds = gc.get_threshold()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        services.close()
        sys.setswitchinterval(switch)


def _store_of(services: Services) -> Store | None:
    """The database while the app runs (its lifespan), else None."""
    try:
        return services.tables.store
    except RuntimeError:
        return None


def create_app(
    db_url: str = "sqlite:///whaletable.db",
    *,
    bot_workers: int = 1,
    limits: Limits | None = None,
    reach: Reach | None = None,
    bot_deadline: float = BOT_DEADLINE,
    bot_think: Think = think,
    idle_seconds: float = IDLE_SECONDS,
    db_retry_seconds: float = RETRY_FOR,
    bots_only_pace: float = BOTS_ONLY_PACE,
    seed: int | None = None,
    shared: bool = False,
    takeover_seconds: float = TAKEOVER_SECONDS,
    shortest_clock: float = SHORTEST_CLOCK,
    alerts: AlertSettings | None = None,
) -> FastAPI:
    """The whaletable web app on the database at ``db_url`` (SQLite file or PostgreSQL URL).

    ``limits`` caps what one client may ask (bodies, rates, sockets); ``reach`` says how the
    server is reached, and so which hosts the links it hands out may name.
    ``bot_deadline`` is the time a bot move may take before a quick move is played for it;
    ``bot_think`` computes a bot's move in a worker (a module-level function: tests and
    benchmarks slow it down); a table nobody watches for ``idle_seconds`` leaves memory;
    a database hiccup is retried for ``db_retry_seconds`` before a move is refused; a
    table of bots alone plays a step per ``bots_only_pace`` seconds at most; ``seed``, when
    given, deals every table's chance from it in order of creation (demos and tests).
    ``shared``: other servers use the same PostgreSQL database (several workers or hosts);
    their tables and steps are taken up from it, and a table whose bot or chance is to move
    and that stays unchanged for ``takeover_seconds`` is played on here.
    ``shortest_clock``: the fewest seconds a new table's clock (or grace time) may be set
    to; the public bound is a minute, tests and demos lower it.
    ``alerts``: how seats are told of their turn (webhooks, e-mail); by default what the
    environment says (``AlertSettings.from_env``).
    """
    settings = Settings(
        db_url=db_url,
        bot_workers=bot_workers,
        limits=limits or Limits(),
        reach=reach or Reach(),
        bot_deadline=bot_deadline,
        bot_think=bot_think,
        idle_seconds=idle_seconds,
        db_retry_seconds=db_retry_seconds,
        bots_only_pace=bots_only_pace,
        seed=seed,
        shared=shared,
        takeover_seconds=takeover_seconds,
        shortest_clock=shortest_clock,
        alerts=alerts or AlertSettings.from_env(),
    )
    app = FastAPI(title="whaletable", lifespan=lifespan, docs_url=None, redoc_url=None)
    services = Services(settings)
    app.state.services = services
    # Servers sharing a database count each client's requests there, so a client that
    # spreads them over the servers is limited as by one.
    counts = SharedRates(lambda: _store_of(services)) if shared else None
    # The last added runs first: headers on every answer, then host, origin, rate, body.
    app.add_middleware(BodyLimit, limit=settings.limits.max_body)
    app.add_middleware(RateLimit, limits=settings.limits, counts=counts)
    app.add_middleware(SameOriginPosts, reach=settings.reach)
    app.add_middleware(TrustedHostsOnly, reach=settings.reach)
    app.add_middleware(SecurityHeaders)
    for exc, handler in errors.HANDLERS.items():
        app.add_exception_handler(exc, handler)
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")
    app.include_router(lobby.router)
    app.include_router(tables.router(sorted(g.spec.id for g in games.all())))
    app.include_router(table.router)
    app.include_router(mine.router)
    app.include_router(alert_routes.router)
    app.include_router(records.router)
    app.include_router(health.router)
    app.include_router(rules.router)
    return app
