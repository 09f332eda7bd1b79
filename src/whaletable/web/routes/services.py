"""What every route of the web table shares, in one object: the settings the app was built
with, the live tables (with their store and bot pool), the socket counts, the page templates
and the language of each request.

``create_app`` builds one ``Services`` and keeps it on ``app.state.services``; routes ask for
it through ``Depends`` (``ServicesDep``, ``TablesDep``), and exception handlers, which take no
dependencies, read it from ``request.app.state``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from starlette.requests import HTTPConnection, Request

from whaletable.web import i18n
from whaletable.web.alerts import Alerts, AlertSettings
from whaletable.web.bots import BOT_DEADLINE, BotPool, Think, think
from whaletable.web.limits import ConnectionRate, Limits, SocketCount
from whaletable.web.listen import Listener
from whaletable.web.origin import Reach
from whaletable.web.pace import (
    CLOCK_PRESETS,
    LONGEST_CLOCK,
    LONGEST_INCREMENT,
    SHORTEST_CLOCK,
    TURN_DAYS,
)
from whaletable.web.storage import RETRY_FOR, Store
from whaletable.web.tables import BOTS_ONLY_PACE, IDLE_SECONDS, TAKEOVER_SECONDS, Tables

WEB = Path(str(resources.files("whaletable.web")))  # the package: templates/, static/, locale/


@dataclass(frozen=True)
class Settings:
    """The arguments of ``create_app``: where the tables are kept and how the app behaves."""

    db_url: str = "sqlite:///whaletable.db"
    bot_workers: int = 1
    limits: Limits = field(default_factory=Limits)
    reach: Reach = field(default_factory=Reach)
    bot_deadline: float = BOT_DEADLINE
    bot_think: Think = think
    idle_seconds: float = IDLE_SECONDS
    db_retry_seconds: float = RETRY_FOR
    bots_only_pace: float = BOTS_ONLY_PACE
    seed: int | None = None
    shared: bool = False
    takeover_seconds: float = TAKEOVER_SECONDS
    shortest_clock: float = SHORTEST_CLOCK  # the least a new table's clock may be set to
    alerts: AlertSettings = field(default_factory=AlertSettings)


class Services:
    """The app's shared services. The tables (and the database and bot workers behind them)
    exist between ``open`` and ``close``, which the app's lifespan calls."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sockets = SocketCount(settings.limits)
        self.advice_rate = ConnectionRate("advice", settings.limits.advice_rate)
        self.templates = Jinja2Templates(directory=str(WEB / "templates"))
        self.templates.env.globals["pace"] = {
            "presets": CLOCK_PRESETS,
            "days": TURN_DAYS,
            # The custom clock's bounds, as web.pace checks them (minutes; seconds a move).
            "minutes": (int(SHORTEST_CLOCK) // 60, int(LONGEST_CLOCK) // 60),
            "increment_max": int(LONGEST_INCREMENT),
        }
        self.resumed = 0  # tables taken up again from the database when the app started
        self._store: Store | None = None
        self._tables: Tables | None = None
        self._listener: Listener | None = None
        self._alerts: Alerts | None = None

    @property
    def tables(self) -> Tables:
        if self._tables is None:
            raise RuntimeError("the tables are open only while the app runs (its lifespan)")
        return self._tables

    def open(self) -> Tables:
        """Connect the database, start the bot workers and take up the unfinished tables."""
        s = self.settings
        self._store = Store(s.db_url, retry_for=s.db_retry_seconds, announce=s.shared)
        bots = BotPool(s.bot_workers, think=s.bot_think, deadline=s.bot_deadline)
        self._tables = Tables(
            self._store,
            bots,
            idle_seconds=s.idle_seconds,
            bots_only_pace=s.bots_only_pace,
            seed=s.seed,
            shared=s.shared,
            takeover_seconds=s.takeover_seconds,
        )
        if s.shared:
            # Listening before the tables are read: no step written meanwhile goes unheard.
            self._listener = Listener(
                s.db_url, asyncio.get_running_loop(), self._tables.heard, self._tables.handed
            )
            self._listener.start()
            self._listener.listening.wait(s.db_retry_seconds)
        self.resumed = self._tables.resume()
        self._alerts = Alerts(s.alerts, self._store)
        self._alerts.start()
        self._tables.on_step = self._alerts.turn
        return self._tables

    @property
    def alerts(self) -> Alerts:
        if self._alerts is None:
            raise RuntimeError("alerts are sent only while the app runs (its lifespan)")
        return self._alerts

    def close(self) -> None:
        if self._alerts is not None:
            self._alerts.close()
            self._alerts = None
        if self._listener is not None:
            self._listener.stop()
            self._listener = None
        if self._tables is not None:
            self._tables.close()
        if self._store is not None:
            self._store.close()
        self._tables = self._store = None

    def page(
        self, request: Request, name: str, context: dict[str, Any], status_code: int = 200
    ) -> HTMLResponse:
        """The template ``name`` in the request's language; a ``?lang=`` choice is remembered."""
        lang = lang_of(request)
        ctx = {
            "lang": lang,
            "dir": i18n.direction(lang),
            "languages": i18n.LANGUAGES,
            "_": i18n.translator(lang),
            **context,
        }
        response = self.templates.TemplateResponse(request, name, ctx, status_code=status_code)
        if request.query_params.get("lang") in i18n.CODES:
            response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="lax")
        return response


def lang_of(conn: HTTPConnection) -> str:
    """The language of a request or socket: ``?lang=``, then the cookie, then the browser's."""
    return i18n.negotiate(
        conn.query_params.get("lang"),
        conn.cookies.get("lang"),
        conn.headers.get("accept-language"),
    )


def services_of(conn: HTTPConnection) -> Services:
    services: Services = conn.app.state.services
    return services


def tables_of(conn: HTTPConnection) -> Tables:
    return services_of(conn).tables


ServicesDep = Annotated[Services, Depends(services_of)]
TablesDep = Annotated[Tables, Depends(tables_of)]
