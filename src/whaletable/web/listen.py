"""Hearing the steps other servers write to a shared PostgreSQL (``LISTEN``).

Every transaction that writes or drops a step announces ``<table key>:<steps now>`` on
``storage.CHANNEL`` (see ``Store._announce``; ``-1`` steps: its seats changed); a table of
bots alone is handed from server to server by ``<table key>:ask|give:<server>`` there
(``Store.hand_over``). A thread per server holds one connection listening there and hands
each announcement to the event loop. A connection that drops is opened again; since
announcements made meanwhile are lost, the loop is then told to catch every table up
(``key`` ``None``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable

import psycopg
from sqlalchemy.engine import make_url

from whaletable.web.storage import ASK, CHANNEL, GIVE

log = logging.getLogger(__name__)

Heard = Callable[[str | None, int], None]  # (table key or None for every table, steps)
Handed = Callable[[str, str, str], None]  # (table key, ASK or GIVE, the server named)

APP_NAME = "whaletable-listen"  # the listening connection's application_name, with the pid
POLL_SECONDS = 0.5  # how often the thread looks up from its connection to see if it should stop
RECONNECT_SECONDS = (0.2, 5.0)  # first and longest wait before listening again


def conninfo(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as libpq's connection string."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """One thread listening on ``CHANNEL``; ``heard`` runs on ``loop`` for each announcement
    of steps, ``handed`` for each of a handover."""

    def __init__(
        self, url: str, loop: asyncio.AbstractEventLoop, heard: Heard, handed: Handed
    ) -> None:
        self._conninfo = conninfo(url)
        self._loop = loop
        self._heard = heard
        self._handed = handed
        self._stop = threading.Event()
        self.listening = threading.Event()  # set while a connection listens
        self._thread = threading.Thread(target=self._run, name="whaletable-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _tell(self, call: Callable[..., None], *said: object) -> None:
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(call, *said)

    def _run(self) -> None:
        wait, most = RECONNECT_SECONDS
        deaf_since: float | None = None  # when the last connection was lost
        # Named for the process, so that an operator (or a test) can tell which server's
        # listener a backend of pg_stat_activity is.
        name = f"{APP_NAME}-{os.getpid()}"
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self._conninfo, autocommit=True, application_name=name
                ) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if deaf_since is not None:
                        log.warning(
                            "hearing other servers again after %.1f s: every table held "
                            "here is caught up from the database",
                            time.monotonic() - deaf_since,
                        )
                        self._tell(self._heard, None, -1)  # what was said meanwhile is lost
                    deaf_since = None
                    wait = RECONNECT_SECONDS[0]
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=POLL_SECONDS):
                            key, _, said = note.payload.partition(":")
                            word, _, server = said.partition(":")
                            if not key:
                                continue
                            if said.lstrip("-").isdigit():
                                self._tell(self._heard, key, int(said))
                            elif word in (ASK, GIVE) and server:
                                self._tell(self._handed, key, word, server)
            except psycopg.Error as e:
                self.listening.clear()
                if deaf_since is None:
                    deaf_since = time.monotonic()
                log.warning("not hearing other servers (%s); listening again in %.1f s", e, wait)
                self._stop.wait(wait)
                wait = min(wait * 2, most)
        self.listening.clear()
