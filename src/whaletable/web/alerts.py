"""Telling a seat that the game has come to it while its page is closed: a webhook, an e-mail.

A slow game (a move a day) is played by people who do not keep its page open. From the
seat's own page (so only with the seat's secret link) its player may set a webhook URL
and an e-mail address. When a step makes it that seat's turn and no page of the seat is
open on this server, the server posts a small JSON to the webhook and sends an e-mail
through the operator's SMTP server (none configured: no e-mail, and the form says so).
An e-mail address gets turn alerts only once confirmed: saving it (new or changed) sends
it one mail with a link holding a fresh secret, and opening that link confirms it, so a
stranger's address cannot be made to receive mail it never asked for.
A seat whose page is open sees its turn there (title, icon, sound; ``static/alerts.js``).

What is sent: the event, the game, the table's key, the seat's number and name, the step
and a sentence in the player's language. The seat's secret link goes along only when its
player ticked the box asking for it: a webhook is someone else's server, and whoever
reads the body could act for the seat with it.

Delivery never runs on the request path and never holds up a table: a turn is put on a
bounded queue (full: the alert is dropped and logged), a few workers deliver it, each
attempt has a timeout and failures are retried a few times. The workers' blocking calls
run in threads of their own, so a slow endpoint never takes the threads the tables store
their steps with.

A webhook URL is a stranger's input: http or https only, no credentials, a bounded length,
and every address its host resolves to must be public (not loopback, private, link-local,
multicast or reserved) unless the operator allows private ones (a LAN, the tests). The
address checked is the one connected to, so a name that resolves elsewhere a moment later
(DNS rebinding) cannot aim the server at its own network.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import ipaddress
import json
import logging
import os
import re
import smtplib
import socket
import ssl
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from whaletable.core.words import message as _  # translated where it is sent
from whaletable.web import i18n
from whaletable.web.storage import StorageUnavailable, Store
from whaletable.web.tables import TableError

if TYPE_CHECKING:
    from whaletable.web.tables import LiveTable

log = logging.getLogger(__name__)

MAX_URL = 500  # characters in a webhook URL
MAX_EMAIL = 254  # characters in an e-mail address (RFC 5321's path limit)
# A plain address: the dot-atom characters before the @, a host name of labels after it.
EMAIL = re.compile(
    r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}"
)
RESPONSE_BYTES = 4096  # read of a webhook's answer at most, then the connection is closed

# The operator's settings, from the environment of ``whaletable serve``.
ENV_SMTP_HOST = "WHALETABLE_SMTP_HOST"
ENV_SMTP_PORT = "WHALETABLE_SMTP_PORT"
ENV_SMTP_FROM = "WHALETABLE_SMTP_FROM"
ENV_ALLOW_PRIVATE = "WHALETABLE_ALERTS_ALLOW_PRIVATE"


SUBJECT = _("{game}: your turn")
TURN = _("{name}, it is your turn at {game} (table {table}).")
CONFIRM_SUBJECT = _("{game}: confirm your address for turn alerts")
CONFIRM = _(
    "Someone asked for turn alerts of seat {name} at {game} (table {table}) to be sent to "
    "this address. Open this link to confirm it; if it was not you, ignore this mail and "
    "no alerts will be sent:"
)


@dataclass(frozen=True)
class AlertSettings:
    """How this server sends alerts.

    E-mail goes through ``smtp_host``:``smtp_port`` (a relay that takes mail from this
    server without a login), from ``smtp_from``; without both there is no e-mail.
    ``allow_private`` lets webhooks call loopback, private and link-local addresses.
    Each attempt may take ``timeout`` seconds; a failed one is tried again up to
    ``attempts`` times in all, after ``retry_seconds``, doubled each time. At most
    ``queue_size`` turns wait; ``workers`` deliver them side by side.
    """

    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_from: str | None = None
    allow_private: bool = False
    timeout: float = 5.0
    attempts: int = 3
    retry_seconds: float = 2.0
    queue_size: int = 1000
    workers: int = 4

    @property
    def email(self) -> bool:
        """Whether e-mail can be sent at all."""
        return bool(self.smtp_host and self.smtp_from)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> AlertSettings:
        """The settings ``WHALETABLE_SMTP_HOST``, ``_PORT``, ``_FROM`` and
        ``WHALETABLE_ALERTS_ALLOW_PRIVATE`` (1, true or yes) say; raises ValueError."""
        env = os.environ if env is None else env
        port = env.get(ENV_SMTP_PORT, "").strip() or "25"
        if not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
            raise ValueError(f"{ENV_SMTP_PORT} must be a port number, not {port!r}")
        sender = env.get(ENV_SMTP_FROM, "").strip() or None
        if sender is not None and not EMAIL.fullmatch(sender):
            raise ValueError(f"{ENV_SMTP_FROM} must be an e-mail address, not {sender!r}")
        return cls(
            smtp_host=env.get(ENV_SMTP_HOST, "").strip() or None,
            smtp_port=int(port),
            smtp_from=sender,
            allow_private=env.get(ENV_ALLOW_PRIVATE, "").strip().lower() in ("1", "true", "yes"),
        )


# ------------------------------------------------------------------ what a seat may set


def public(address: str) -> bool:
    """Whether an IP address is one a webhook may call without the operator's leave."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # a zone names a local interface
    if isinstance(ip, ipaddress.IPv6Address):
        # An IPv4 address carried inside (mapped, compatible, NAT64, 6to4, Teredo) is the
        # one a router or this machine's stack may end up delivering to: it must be public.
        inner = embedded_ipv4(ip)
        if inner is not None and not public(str(inner)):
            return False
    return ip.is_global and not ip.is_multicast


NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one stands for, if it is of a form that carries one."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]  # the client's address (the server's is in the prefix)
    packed = ip.packed
    if ip in NAT64 or (packed[:12] == bytes(12) and int(ip) > 1):  # NAT64, or ::a.b.c.d
        return ipaddress.IPv4Address(packed[12:])
    return None


def clean_webhook(raw: str) -> str | None:
    """A webhook URL as it will be stored (None: none); raises TableError naming the fault.

    Whether its host may be called is checked by :func:`check_host`.
    """
    text = raw.strip()
    if not text:
        return None
    if len(text) > MAX_URL:
        raise TableError("the webhook URL is too long: at most {limit} characters", limit=MAX_URL)
    if not text.isascii() or any(ch.isspace() or not ch.isprintable() for ch in text):
        raise TableError("the webhook URL must be plain ASCII without spaces")
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018  (raises on a port that is not a number in range)
    except ValueError:
        raise TableError("the webhook URL is malformed") from None
    if parts.scheme not in ("http", "https"):
        raise TableError("the webhook URL must start with http:// or https://")
    if parts.username is not None or parts.password is not None:
        raise TableError("the webhook URL must not hold a user name or password")
    if not parts.hostname:
        raise TableError("the webhook URL names no host")
    return text


def clean_email(raw: str) -> str | None:
    """An e-mail address as it will be stored (None: none); raises TableError."""
    text = raw.strip()
    if not text:
        return None
    if len(text) > MAX_EMAIL or not EMAIL.fullmatch(text):
        raise TableError("{value} is not an e-mail address like name@example.org", value=text[:80])
    return text


class Refused(Exception):
    """A webhook whose host this server does not call (a private address, or none found)."""


def addresses(host: str, port: int, allow_private: bool) -> list[str]:
    """The addresses of ``host`` a webhook may be sent to; raises Refused if none may be."""
    if not allow_private and (host == "localhost" or host.endswith(".localhost")):
        raise Refused(f"{host} is this machine")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as e:
        raise Refused(f"{host} cannot be found: {e}") from None
    out = [str(info[4][0]) for info in found]
    if not out:
        raise Refused(f"{host} has no address")
    if not allow_private:
        # One private address among them refuses the name: which one a retry gets is not ours.
        for address in out:
            if not public(address):
                raise Refused(f"{host} resolves to {address}, a private or local address")
    return out


def check_host(url: str, allow_private: bool) -> None:
    """Raise TableError if the webhook's host is one this server does not call."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        addresses(host, parts.port or 80, allow_private)
    except Refused:
        raise TableError(
            "the webhook URL names {host}, which is not a public address this server calls",
            host=host,
        ) from None


# ----------------------------------------------------------------------------- sending


class _PinnedHTTP(http.client.HTTPConnection):
    """HTTP to the address that was checked, whatever the name resolves to by now."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to the address that was checked; the certificate is checked for the name."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self.tls)
        self.address = address

    def connect(self) -> None:
        # Kept on the connection while the handshake runs, so that it can be cut too.
        self.sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self.tls.wrap_socket(self.sock, server_hostname=self.host)


def _cut(conn: http.client.HTTPConnection, late: threading.Event) -> None:
    """End ``conn``'s exchange: a read waiting on it returns at once, at the end of the data."""
    late.set()
    sock = conn.sock
    if sock is not None:
        with contextlib.suppress(OSError):
            # The plain socket's shutdown, also under TLS: the reading thread sees the end.
            socket.socket.shutdown(sock, socket.SHUT_RDWR)


class Undelivered(Exception):
    """An attempt that failed in a way worth trying again (no answer, a 5xx)."""


def post_json(url: str, body: dict[str, Any], allow_private: bool, timeout: float) -> None:
    """POST ``body`` to a webhook; no redirect is followed (it could lead anywhere)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    secure = parts.scheme == "https"
    port = parts.port or (443 if secure else 80)
    address = addresses(host, port, allow_private)[0]
    kind = _PinnedHTTPS if secure else _PinnedHTTP
    conn = kind(host, port, address, timeout)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    # ``timeout`` bounds each read, and a receiver answering a byte at a time would hold
    # this thread (one of the few that deliver every alert) for hours: at the end of the
    # attempt's time its connection is cut, whatever it is doing.
    late = threading.Event()
    cutter = threading.Timer(timeout, _cut, (conn, late))
    cutter.daemon = True
    cutter.start()
    try:
        conn.request(
            "POST",
            path,
            body=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "User-Agent": "whaletable"},
        )
        response = conn.getresponse()
        response.read(RESPONSE_BYTES)
    except (OSError, http.client.HTTPException) as e:
        raise Undelivered(f"{type(e).__name__}: {e}") from None
    finally:
        cutter.cancel()
        conn.close()
    if late.is_set():  # what was read before the cut is no answer
        raise Undelivered(f"no answer within {timeout:g} s")
    if response.status >= 300:
        raise Undelivered(f"the webhook answered {response.status}")


def send_mail(settings: AlertSettings, to: str, subject: str, text: str) -> None:
    """One plain-text e-mail through the operator's SMTP relay."""
    assert settings.smtp_host is not None and settings.smtp_from is not None
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = to
    message["Subject"] = subject
    message.set_content(text)
    try:
        with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=settings.timeout) as s:
            s.send_message(message)
    except (OSError, smtplib.SMTPException) as e:
        raise Undelivered(f"{type(e).__name__}: {e}") from None


@dataclass(frozen=True)
class Turn:
    """The game came to a seat whose page was closed."""

    key: str
    seat: int
    game: str
    name: str
    step: int


@dataclass(frozen=True)
class Confirmation:
    """A seat saved an e-mail address: it is asked to confirm it by opening ``url``."""

    key: str
    seat: int
    game: str
    name: str
    email: str
    url: str
    lang: str


class Alerts:
    """The queue of turns (and confirmations) to tell and the workers that tell them."""

    def __init__(self, settings: AlertSettings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.queue: asyncio.Queue[Turn | Confirmation] = asyncio.Queue(maxsize=settings.queue_size)
        self.pool = ThreadPoolExecutor(
            max_workers=2 * settings.workers, thread_name_prefix="whaletable-alerts"
        )
        self.workers: list[asyncio.Task[None]] = []
        self.sent = 0  # alerts delivered (webhooks and e-mails), for tools and tests

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.workers = [loop.create_task(self._work()) for _ in range(self.settings.workers)]

    def close(self) -> None:
        for task in self.workers:
            task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def turn(self, table: LiveTable, actor: int) -> None:
        """After a step by ``actor``: queue the seat to move if the game just came to it,
        it is a person's, and no page of it is open here. Never raises, never waits."""
        try:
            seat = table.state.current_player()
            if table.finished or seat < 0 or seat == actor or table.kind != "live":
                return
            config = table.seats[seat]
            if config.kind != "human" or any(seat in v.seats for v in table.viewers):
                return
            turn = Turn(
                table.key, seat, table.game.spec.title, config.name, len(table.state.history)
            )
            self.queue.put_nowait(turn)
        except asyncio.QueueFull:
            log.warning("alerts are falling behind: a turn at table %s is not told", table.key)
        except Exception:  # an alert is never worth a table's move
            log.exception("table %s: the turn could not be queued for alerts", table.key)

    def confirm(self, confirmation: Confirmation) -> None:
        """Queue the mail asking to confirm an address (none without e-mail). Never waits."""
        if not self.settings.email:
            return
        try:
            self.queue.put_nowait(confirmation)
        except asyncio.QueueFull:
            log.warning(
                "alerts are falling behind: table %s's confirmation is not sent", confirmation.key
            )

    async def _work(self) -> None:
        while True:
            turn = await self.queue.get()
            try:
                if isinstance(turn, Confirmation):
                    await self.ask_to_confirm(turn)
                else:
                    await self.deliver(turn)
            except Exception:
                log.exception("table %s: alerts of seat %d failed", turn.key, turn.seat + 1)

    async def _run(self, call: Callable[[], None]) -> None:
        loop = asyncio.get_running_loop()
        # The socket's own timeout ends the thread; this bounds a resolver that hangs.
        await asyncio.wait_for(loop.run_in_executor(self.pool, call), 3 * self.settings.timeout)

    async def deliver(self, turn: Turn) -> None:
        loop = asyncio.get_running_loop()
        try:
            webhook, email, link, lang, confirmed = await loop.run_in_executor(
                self.pool, self.store.alerts_of, turn.key, turn.seat
            )
        except StorageUnavailable as e:
            log.warning("table %s: alerts not read: %s", turn.key, e)
            return
        if not confirmed:
            email = None  # its owner has not said yes to it
        if webhook is None and email is None:
            return
        tr = i18n.translator(lang or i18n.DEFAULT)
        text = tr(TURN).format(name=turn.name, game=turn.game, table=turn.key)
        jobs = []
        if webhook is not None:
            body: dict[str, Any] = {
                "event": "your-turn",
                "game": turn.game,
                "table": turn.key,
                "seat": turn.seat,
                "name": turn.name,
                "step": turn.step,
                "text": text,
            }
            if link is not None:
                body["url"] = link  # the player asked for it
            s = self.settings
            jobs.append(
                self._attempts(
                    turn, "webhook", lambda: post_json(webhook, body, s.allow_private, s.timeout)
                )
            )
        if email is not None and self.settings.email:
            subject = tr(SUBJECT).format(game=turn.game)
            mail = text if link is None else f"{text}\n\n{link}\n"
            jobs.append(
                self._attempts(
                    turn, "e-mail", lambda: send_mail(self.settings, email, subject, mail)
                )
            )
        await asyncio.gather(*jobs)

    async def ask_to_confirm(self, c: Confirmation) -> None:
        tr = i18n.translator(c.lang)
        subject = tr(CONFIRM_SUBJECT).format(game=c.game)
        text = tr(CONFIRM).format(name=c.name, game=c.game, table=c.key) + f"\n\n{c.url}\n"
        await self._attempts(
            c, "confirmation", lambda: send_mail(self.settings, c.email, subject, text)
        )

    async def _attempts(
        self, turn: Turn | Confirmation, what: str, call: Callable[[], None]
    ) -> None:
        wait = self.settings.retry_seconds
        for attempt in range(1, self.settings.attempts + 1):
            try:
                await self._run(call)
            except Refused as e:
                log.warning("table %s: %s of seat %d refused: %s", turn.key, what, turn.seat + 1, e)
                return
            except (Undelivered, TimeoutError) as e:
                log.info(
                    "table %s: %s of seat %d, attempt %d failed: %s",
                    turn.key,
                    what,
                    turn.seat + 1,
                    attempt,
                    e,
                )
                if attempt < self.settings.attempts:
                    await asyncio.sleep(wait)
                    wait *= 2
                continue
            self.sent += 1
            return
        log.warning("table %s: %s of seat %d given up", turn.key, what, turn.seat + 1)


__all__ = [
    "AlertSettings",
    "Alerts",
    "Confirmation",
    "Refused",
    "Turn",
    "check_host",
    "clean_email",
    "clean_webhook",
]
