"""Alerts for slow games: a seat that set a webhook or an e-mail address from its own page
is told when the game comes to it and its page is closed; hostile URLs are refused, and
delivery never holds up a table."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import socket
import socketserver
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from table_support import App, Socket, create_table, pick, token_of

from whaletable.web import alerts
from whaletable.web.alerts import Alerts, AlertSettings, Refused
from whaletable.web.app import create_app

SEATS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "bot", "bot": "easy"},
    {"kind": "human", "name": "Bao"},
]
WAIT = 15.0  # seconds an alert may take to arrive


# ------------------------------------------------------------------ local receivers


@dataclass
class Inbox:
    """A server on loopback that keeps what it received (a webhook's JSON bodies, the
    mails an SMTP client hands it), telling the test when something arrived."""

    address: str  # the webhook's URL; the SMTP server's port
    items: list[dict[str, Any]] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)


@pytest.fixture
def receiver() -> Iterator[Inbox]:
    """An HTTP server that keeps every JSON posted to it."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    found = Inbox(f"http://127.0.0.1:{server.server_address[1]}/hook?from=whaletable")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", "0"))
            found.items.append({"path": self.path, **json.loads(self.rfile.read(length))})
            self.send_response(204)
            self.end_headers()
            found.arrived.set()

        def log_message(self, *args: Any) -> None:
            pass

    server.RequestHandlerClass = Handler
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield found
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def mailbox() -> Iterator[Inbox]:
    """A tiny SMTP sink: enough of the protocol for smtplib to hand it one message."""
    box = Inbox("")

    class Handler(socketserver.StreamRequestHandler):
        def say(self, line: str) -> None:
            self.wfile.write((line + "\r\n").encode())

        def handle(self) -> None:
            self.say("220 sink ready")
            mail: dict[str, Any] = {"to": []}
            while line := self.rfile.readline().decode().rstrip("\r\n"):
                verb = line.split(" ", 1)[0].upper()
                if verb in ("EHLO", "HELO"):
                    self.say("250 sink")
                elif verb == "MAIL":
                    mail["from"] = line.split(":", 1)[1].strip(" <>")
                    self.say("250 ok")
                elif verb == "RCPT":
                    mail["to"].append(line.split(":", 1)[1].strip(" <>"))
                    self.say("250 ok")
                elif verb == "DATA":
                    self.say("354 go on")
                    lines = []
                    while (data := self.rfile.readline().decode()) not in (".\r\n", ""):
                        lines.append(data)
                    mail["data"] = "".join(lines)
                    box.items.append(mail)
                    box.arrived.set()
                    self.say("250 queued")
                elif verb == "QUIT":
                    self.say("221 bye")
                    return
                else:
                    self.say("250 ok")

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    box.address = str(server.server_address[1])
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield box
    finally:
        server.shutdown()
        server.server_close()


SEED = 3  # deals Ana the first turn of the first table: Ana, then the bot, then Bao


def app_with(tmp_path: Path, settings: AlertSettings) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", alerts=settings, seed=SEED))


LOCAL = AlertSettings(allow_private=True, retry_seconds=0.1, timeout=2.0)


def seats_of(created: dict[str, Any]) -> tuple[str, str]:
    ana, bao = (token_of(link["url"]) for link in created["links"] if link["url"])
    return ana, bao


def ana_plays_her_turn(client: TestClient, ana: str) -> None:
    """Ana moves until the game passes from her (to the bot, then to Bao)."""
    with client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        state = sock.next_of("state")
        while state["you"] is None:  # the cards are being dealt
            state = sock.next_of("state")
        assert state["you"] == 0, "Ana does not have the first turn: the seed deals otherwise"
        while state["you"] == 0:
            sock.send({"type": "act", "step": state["step"], "action": pick(state, -1)})
            state = sock.next_of("state")


# ------------------------------------------------------------------ delivery


@pytest.mark.parametrize("with_link", [False, True])
def test_a_webhook_is_posted_when_the_bot_moves_and_the_turn_comes_to_the_seat(
    tmp_path: Path, receiver: Inbox, with_link: bool
) -> None:
    with app_with(tmp_path, LOCAL) as client:
        created = create_table(client, SEATS)
        ana, bao = seats_of(created)
        form = {"webhook": receiver.address, "link": "on" if with_link else ""}
        r = client.post(f"/t/{bao}/alerts", data=form, follow_redirects=False)
        assert r.status_code == 303, r.text
        ana_plays_her_turn(client, ana)
        assert receiver.arrived.wait(WAIT)
        table = client.app.state.tables.lookup(bao)[0]  # type: ignore[attr-defined]
    body = receiver.items[0]
    assert body["path"] == "/hook?from=whaletable"
    assert body["event"] == "your-turn"
    assert (body["game"], body["table"], body["seat"], body["name"]) == (
        "Whale to Look",
        table.key,
        2,
        "Bao",
    )
    assert "Bao, it is your turn" in body["text"]
    # The step that made it Bao's turn was the bot's.
    before, _ = table.replay(body["step"] - 1, lambda text: text)
    assert before.current_player() == 1
    if with_link:
        assert body["url"].endswith(f"/t/{bao}")
    else:
        assert "url" not in body and bao not in json.dumps(body)
    assert len(receiver.items) == 1  # Ana's own turn was not told to anyone


def test_a_seat_whose_page_is_open_is_not_sent_a_webhook(tmp_path: Path, receiver: Inbox) -> None:
    with app_with(tmp_path, LOCAL) as client:
        ana, bao = seats_of(create_table(client, SEATS))
        client.post(f"/t/{bao}/alerts", data={"webhook": receiver.address})
        with client.websocket_connect(f"/ws/{bao}") as ws:
            bao_page = Socket(ws)
            ana_plays_her_turn(client, ana)
            assert bao_page.my_turn()["you"] == 2  # Bao's open page sees the turn
            assert not receiver.arrived.wait(1.0)


def mail_settings(mailbox: Inbox) -> AlertSettings:
    return AlertSettings(
        smtp_host="127.0.0.1",
        smtp_port=int(mailbox.address),
        smtp_from="tables@example.org",
        retry_seconds=0.1,
        timeout=2.0,
    )


def wait_for_mails(box: Inbox, count: int) -> list[dict[str, Any]]:
    deadline = time.monotonic() + WAIT
    while len(box.items) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(box.items) >= count, f"{len(box.items)} mails arrived, not {count}"
    return box.items


# The server trusts no Host here (no public URL set), so the link is a path, as seat links are.
CONFIRM_LINK = re.compile(r"^(/alerts/confirm/[A-Za-z0-9_-]+)$", re.M)


def confirmation_path(mail: dict[str, Any]) -> str:
    """The confirmation link in a mail (its body is plain text; a long line may be folded)."""
    body = mail["data"].replace("=\r\n", "").replace("\r\n", "\n")
    found = CONFIRM_LINK.search(body)
    assert found, body
    return found.group(1)


def test_a_new_address_is_sent_one_confirmation_and_no_turn_alerts(
    tmp_path: Path, mailbox: Inbox
) -> None:
    with app_with(tmp_path, mail_settings(mailbox)) as client:
        ana, bao = seats_of(create_table(client, SEATS))
        r = client.post(f"/t/{bao}/alerts", data={"email": "bao@example.org"})
        assert r.status_code == 200 and 'id="email-pending"' in r.text
        assert "We sent a link to confirm this address" in r.text
        [mail] = wait_for_mails(mailbox, 1)
        assert mail["to"] == ["bao@example.org"]
        assert "Subject: Whale to Look: confirm your address for turn alerts" in mail["data"]
        assert confirmation_path(mail)
        assert bao not in mail["data"]  # the confirmation holds no seat link
        ana_plays_her_turn(client, ana)
        time.sleep(1.0)
    assert len(mailbox.items) == 1  # the turn was not told to an unconfirmed address


def test_a_confirmed_address_gets_turn_alerts_through_the_operators_smtp_server(
    tmp_path: Path, mailbox: Inbox
) -> None:
    with app_with(tmp_path, mail_settings(mailbox)) as client:
        ana, bao = seats_of(create_table(client, SEATS))
        page = client.get(f"/t/{bao}/alerts").text
        assert 'id="email-off"' not in page
        r = client.post(f"/t/{bao}/alerts", data={"email": "bao@example.org"})
        assert r.status_code == 200 and 'value="bao@example.org"' in r.text
        path = confirmation_path(wait_for_mails(mailbox, 1)[0])
        r = client.get(path, headers={"accept-language": "vi"})
        assert r.status_code == 200 and 'lang="vi"' in r.text
        assert "bao@example.org" in r.text and "Bao" in r.text
        assert 'id="email-confirmed"' in client.get(f"/t/{bao}/alerts").text
        # Saving the same address again keeps it confirmed and mails nothing.
        client.post(f"/t/{bao}/alerts", data={"email": "bao@example.org"})
        ana_plays_her_turn(client, ana)
        mails = wait_for_mails(mailbox, 2)
    assert len(mails) == 2
    mail = mails[1]
    assert mail["from"] == "tables@example.org" and mail["to"] == ["bao@example.org"]
    assert "Subject: Whale to Look: your turn" in mail["data"]
    assert "Bao, it is your turn at Whale to Look" in mail["data"]
    assert bao not in mail["data"]  # no link unless Bao asked for it


def test_a_changed_address_needs_a_new_confirmation(tmp_path: Path, mailbox: Inbox) -> None:
    with app_with(tmp_path, mail_settings(mailbox)) as client:
        ana, bao = seats_of(create_table(client, SEATS))
        client.post(f"/t/{bao}/alerts", data={"email": "bao@example.org"})
        old = confirmation_path(wait_for_mails(mailbox, 1)[0])
        assert client.get(old).status_code == 200
        r = client.post(f"/t/{bao}/alerts", data={"email": "other@example.org"})
        assert 'id="email-pending"' in r.text
        mail = wait_for_mails(mailbox, 2)[1]
        assert mail["to"] == ["other@example.org"] and "confirm your address" in mail["data"]
        assert client.get(old).status_code == 404  # the old address's link is spent
        ana_plays_her_turn(client, ana)
        time.sleep(1.0)
    assert len(mailbox.items) == 2  # no turn alert to either address


@pytest.mark.parametrize(
    "secret", ["A" * 22, "short", "a" * 65, "%00" * 20, "..%2F..%2Fetc", "é" * 22]
)
def test_a_wrong_or_malformed_confirmation_link_is_a_404_and_confirms_nothing(
    tmp_path: Path, mailbox: Inbox, secret: str
) -> None:
    with app_with(tmp_path, mail_settings(mailbox)) as client:
        _, bao = seats_of(create_table(client, SEATS))
        client.post(f"/t/{bao}/alerts", data={"email": "bao@example.org"})
        real = confirmation_path(wait_for_mails(mailbox, 1)[0])
        r = client.get("/alerts/confirm/" + secret)
        assert r.status_code == 404 and "bao@example.org" not in r.text
        assert 'id="email-pending"' in client.get(f"/t/{bao}/alerts").text
        assert client.get(real[:-1] + ("A" if real[-1] != "A" else "B")).status_code == 404
        assert 'id="email-confirmed"' not in client.get(f"/t/{bao}/alerts").text


def test_the_confirmation_secret_is_stored_only_as_its_digest(
    tmp_path: Path, mailbox: Inbox
) -> None:
    with app_with(tmp_path, mail_settings(mailbox)) as client:
        _, bao = seats_of(create_table(client, SEATS))
        client.post(f"/t/{bao}/alerts", data={"email": "bao@example.org"})
        secret = confirmation_path(wait_for_mails(mailbox, 1)[0]).rsplit("/", 1)[1]
    with sqlite3.connect(tmp_path / "tables.db") as db:
        rows = db.execute(
            "SELECT email, email_confirmed, confirm_digest FROM seat_alerts"
        ).fetchall()
        dump = "\n".join(db.iterdump())
    assert rows == [("bao@example.org", 0, hashlib.sha256(secret.encode()).hexdigest())]
    assert secret not in dump


def test_the_confirmation_page_is_rate_limited(tmp_path: Path) -> None:
    with app_with(tmp_path, AlertSettings()) as client:
        codes = [client.get("/alerts/confirm/" + "A" * 22).status_code for _ in range(31)]
    assert codes[:30] == [404] * 30 and codes[30] == 429


def test_without_a_mail_server_the_form_says_so_and_refuses_an_address(app: App) -> None:
    _, bao = seats_of(create_table(app.client, SEATS))
    page = app.client.get(f"/t/{bao}/alerts").text
    assert 'id="email-off"' in page and "sends no e-mail" in page
    r = app.client.post(f"/t/{bao}/alerts", data={"email": "bao@example.org"})
    assert r.status_code == 400 and "sends no e-mail" in r.text


def test_a_failing_webhook_is_tried_again_a_few_times_then_given_up() -> None:
    calls: list[int] = []

    def failing() -> None:
        calls.append(1)
        raise alerts.Undelivered("the webhook answered 503")

    async def run() -> None:
        sender = Alerts(AlertSettings(attempts=3, retry_seconds=0.01), store=None)  # type: ignore[arg-type]
        try:
            await sender._attempts(alerts.Turn("k", 0, "g", "n", 1), "webhook", failing)
        finally:
            sender.close()

    asyncio.run(run())
    assert len(calls) == 3


def fake_table(viewers: set[Any] | None = None) -> Any:
    state = SimpleNamespace(current_player=lambda: 1, history=[None] * 4)
    return SimpleNamespace(
        key="k",
        kind="live",
        finished=False,
        state=state,
        seats=[
            SimpleNamespace(kind="human", name="Ana"),
            SimpleNamespace(kind="human", name="Bao"),
        ],
        viewers=viewers or set(),
        game=SimpleNamespace(spec=SimpleNamespace(title="Whale to Look")),
    )


def test_a_full_queue_drops_the_alert_at_once_instead_of_waiting() -> None:
    async def run() -> int:
        sender = Alerts(AlertSettings(queue_size=2), store=None)  # type: ignore[arg-type]
        try:
            began = time.monotonic()
            for _ in range(50):
                sender.turn(fake_table(), actor=0)
            assert time.monotonic() - began < 0.5
            return sender.queue.qsize()
        finally:
            sender.close()

    assert asyncio.run(run()) == 2


def test_a_turn_that_stays_with_the_same_seat_is_not_told_again() -> None:
    async def run() -> int:
        sender = Alerts(AlertSettings(), store=None)  # type: ignore[arg-type]
        try:
            sender.turn(fake_table(), actor=1)  # seat 1 moved and is to move again
            return sender.queue.qsize()
        finally:
            sender.close()

    assert asyncio.run(run()) == 0


def test_a_slow_webhook_is_given_up_at_its_timeout() -> None:
    """A receiver that accepts and never answers costs one timeout, not a stalled worker."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/"
        began = time.monotonic()
        with pytest.raises(alerts.Undelivered):
            alerts.post_json(url, {"event": "your-turn"}, allow_private=True, timeout=0.5)
        assert time.monotonic() - began < 3.0


def test_a_webhook_that_answers_a_byte_at_a_time_is_cut_at_its_timeout() -> None:
    """Each read has a timeout, but a receiver that drips its answer would keep a worker's
    thread for hours, and with a few of them every alert of the server would wait."""
    with socket.socket() as dripping:
        dripping.bind(("127.0.0.1", 0))
        dripping.listen()
        stop = threading.Event()

        def drip() -> None:
            conn, _ = dripping.accept()
            with conn:
                conn.sendall(b"HTTP/1.1 200 OK\r\n")
                while not stop.wait(0.1):
                    try:
                        conn.sendall(b"X")  # one endless header line, never finished
                    except OSError:
                        return

        thread = threading.Thread(target=drip, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{dripping.getsockname()[1]}/"
        began = time.monotonic()
        try:
            with pytest.raises(alerts.Undelivered):
                alerts.post_json(url, {"event": "your-turn"}, allow_private=True, timeout=0.5)
            assert time.monotonic() - began < 3.0
        finally:
            stop.set()
            thread.join()


# ------------------------------------------------------------------ hostile input


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("http://127.0.0.1:8000/hook", "not a public address"),
        ("http://10.1.2.3/hook", "not a public address"),
        ("http://192.168.0.10/", "not a public address"),
        ("http://169.254.169.254/latest/meta-data", "not a public address"),
        ("http://[::1]/hook", "not a public address"),
        ("http://[::ffff:127.0.0.1]/hook", "not a public address"),
        # IPv4 addresses inside IPv6 ones: compatible (deprecated), NAT64, 6to4, Teredo.
        ("http://[::127.0.0.1]/hook", "not a public address"),
        ("http://[64:ff9b::127.0.0.1]/hook", "not a public address"),
        ("http://[2002:a01:203::]/hook", "not a public address"),
        ("http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook", "not a public address"),
        ("http://2130706433/", "not a public address"),
        ("http://0177.0.0.1/", "not a public address"),
        ("http://localhost./", "not a public address"),
        ("http://localhost:8000/", "not a public address"),
        ("http://0.0.0.0/", "not a public address"),
        ("ftp://example.org/hook", "must start with http:// or https://"),
        ("javascript:alert(1)", "must start with http:// or https://"),
        ("http://user:secret@example.org/", "user name or password"),
        ("http://example.org:99999/", "malformed"),
        ("http://exa mple.org/", "without spaces"),
        ("http://exämple.org/", "plain ASCII"),
        ("http://example.org/" + "a" * 600, "too long"),
        ("http:///hook", "names no host"),
    ],
)
def test_a_hostile_webhook_url_is_refused_with_a_reason(app: App, url: str, says: str) -> None:
    _, bao = seats_of(create_table(app.client, SEATS))
    r = app.client.post(f"/t/{bao}/alerts", data={"webhook": url})
    assert r.status_code == 400
    assert says in r.text
    assert 'value="http' not in app.client.get(f"/t/{bao}/alerts").text  # nothing stored


def test_a_public_webhook_is_stored_and_outlives_a_restart(tmp_path: Path) -> None:
    url = "https://93.184.215.14/hooks/whaletable"
    with app_with(tmp_path, AlertSettings()) as client:
        _, bao = seats_of(create_table(client, SEATS))
        r = client.post(f"/t/{bao}/alerts", data={"webhook": url, "link": "on"})
        assert r.status_code == 200 and 'id="saved"' in r.text
    with app_with(tmp_path, AlertSettings()) as client:
        page = client.get(f"/t/{bao}/alerts").text
    assert f'value="{url}"' in page and 'id="send-link" checked' in page


def test_a_name_resolving_to_a_private_address_is_refused_when_sent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The address connected to is checked then, so a name that changed (DNS rebinding)
    cannot aim the server at its own network."""

    def resolves(host: str, port: int, **_: Any) -> list[Any]:
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", port)),
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port)),
        ]

    monkeypatch.setattr(alerts.socket, "getaddrinfo", resolves)
    with pytest.raises(Refused, match=r"127\.0\.0\.1"):
        alerts.post_json("http://rebind.example/", {}, allow_private=False, timeout=1.0)


def test_only_a_seats_own_link_sets_its_alerts(app: App) -> None:
    created = create_table(app.client, SEATS)
    spectator = token_of(created["spectator_url"])
    r = app.client.post(f"/t/{spectator}/alerts", data={"webhook": "https://93.184.215.14/"})
    assert r.status_code == 400 and "only a seat&#39;s own link" in r.text
    assert app.client.get(f"/t/{spectator}/alerts").status_code == 400
    assert app.client.get("/t/" + "A" * 22 + "/alerts").status_code == 404


def test_a_bad_email_address_is_refused(tmp_path: Path) -> None:
    settings = AlertSettings(smtp_host="127.0.0.1", smtp_from="tables@example.org")
    with app_with(tmp_path, settings) as client:
        _, bao = seats_of(create_table(client, SEATS))
        for bad in ("bao", "bao@", "bao@example", "b c@example.org", "<b@example.org>"):
            r = client.post(f"/t/{bao}/alerts", data={"email": bad})
            assert r.status_code == 400, bad
            assert "is not an e-mail address" in r.text
        r = client.post(f"/t/{bao}/alerts", data={"email": "a@example.org\r\nBcc: x@example.org"})
        assert r.status_code == 400 and "cannot be shown (U+000D)" in r.text


def test_the_operator_settings_come_from_the_environment() -> None:
    env = {
        "WHALETABLE_SMTP_HOST": "mail.example.org",
        "WHALETABLE_SMTP_PORT": "2525",
        "WHALETABLE_SMTP_FROM": "tables@example.org",
        "WHALETABLE_ALERTS_ALLOW_PRIVATE": "yes",
    }
    found = AlertSettings.from_env(env)
    assert (found.smtp_host, found.smtp_port, found.smtp_from) == (
        "mail.example.org",
        2525,
        "tables@example.org",
    )
    assert found.email and found.allow_private
    assert not AlertSettings.from_env({}).email
    with pytest.raises(ValueError, match="WHALETABLE_SMTP_PORT"):
        AlertSettings.from_env({"WHALETABLE_SMTP_PORT": "lots"})
