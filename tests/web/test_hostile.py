"""The web table against a hostile stranger: one test per way found to steal a seat, break
a page for everyone, exhaust the server or poison the links people share.

The random fuzzing of every route and of the table socket lives in ``test_fuzz.py``.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import unicodedata
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, update
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect
from table_support import HUMAN_AND_TWO_BOTS, App, Socket, create_table, pick, token_of
from websockets.sync.client import connect

from whaletable import games
from whaletable.cli.main import main
from whaletable.core import Record
from whaletable.web.app import create_app
from whaletable.web.limits import Limits, RateLimit
from whaletable.web.origin import Reach
from whaletable.web.storage import tables as tables_table
from whaletable.web.tables import token_digest

CHUNK = b"x" * 65_536


def chunks(total: int) -> Iterator[bytes]:
    """A body sent chunked (no Content-Length) of ``total`` bytes."""
    sent = 0
    while sent < total:
        yield CHUNK
        sent += len(CHUNK)


def play_seat_to_the_end(sock: Socket) -> None:
    state = sock.my_turn()
    while not state["finished"]:
        step = state["step"]
        sock.send({"type": "act", "step": step, "action": pick(state, step)})
        state = sock.my_turn(after=step)


@pytest.fixture
def client_of(tmp_path: Path) -> Iterator[Any]:
    """Start apps of chosen arguments on one database; each is closed after the test."""
    started: list[TestClient] = []

    def start(**kwargs: Any) -> TestClient:
        client = TestClient(create_app(f"sqlite:///{tmp_path / 'hostile.db'}", **kwargs))
        client.__enter__()
        started.append(client)
        return client

    yield start
    for client in reversed(started):
        client.__exit__(None, None, None)


# ----------------------------------------------------------------- credentials


def test_hotseat_link_cannot_act_for_a_seat_claimed_from_the_lobby(app: App) -> None:
    r = app.client.post(
        "/api/games",
        json={
            "game": "save-the-whales",
            "seats": [{"kind": "open"}, {"kind": "human", "name": "Host"}],
            "hotseat": True,
        },
    )
    created = r.json()
    key = created["key"]
    claimed = app.client.post(
        f"/games/{key}/claim/0", data={"name": "Stranger"}, follow_redirects=False
    )
    stranger_token = token_of(claimed.headers["location"])
    hotseat_token = token_of(created["hotseat_url"])
    with (
        app.client.websocket_connect(f"/ws/{stranger_token}") as stranger_ws,
        app.client.websocket_connect(f"/ws/{hotseat_token}") as hotseat_ws,
    ):
        stranger, hotseat = Socket(stranger_ws), Socket(hotseat_ws)
        turn = stranger.my_turn()
        assert turn["you"] == 0  # the stranger's seat moves first
        # The hot-seat page is not offered the stranger's seat...
        first = hotseat.receive()
        assert first["type"] == "state" and first["you"] is None
        hotseat.send({"type": "ready", "seat": 0})
        assert hotseat.next_of("error")["message"] == "no hand-over to that seat is waiting"
        # ...and cannot move for it.
        hotseat.send({"type": "act", "step": turn["step"], "action": pick(turn, 0)})
        assert hotseat.next_of("error")["message"] == "it is not your turn"
    assert app.stored_actions(key) == 0


def test_a_claimed_seat_stays_its_claimers_after_a_restart_and_at_the_rematch(
    client_of: Any,
) -> None:
    first = client_of()
    created = first.post(
        "/api/games",
        json={
            "game": "whale-to-look",
            "seats": [{"kind": "human", "name": "Host"}, {"kind": "open"}],
            "hotseat": True,
        },
    ).json()
    first.post(f"/games/{created['key']}/claim/1", data={"name": "Stranger"})
    first.__exit__(None, None, None)
    again = client_of()
    tables = again.app.state.tables  # type: ignore[attr-defined]
    table = tables.tables[created["key"]]
    assert table.hotseat_seats == frozenset({0})
    rematch = again.portal.call(tables.play_again, table)
    assert rematch.hotseat_seats == frozenset({0})
    assert rematch.seats[1].claimed and rematch.seats[1].token != table.seats[1].token


def test_a_table_stored_with_a_bot_level_on_a_human_seat_still_gets_its_rematch(
    app: App,
) -> None:
    # The lobby used to send the hidden bot menu of every row; such rows are in databases.
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    table = app.tables.tables[created["key"]]
    table.seats[0].bot = "medium"
    rematch = app.client.portal.call(app.tables.play_again, table)
    assert [s.bot for s in rematch.seats] == [None, "easy", "medium"]


def test_a_spectator_cannot_start_a_rematch(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    key = created["key"]
    with app.client.websocket_connect(f"/ws/{token_of(created['links'][0]['url'])}") as ws:
        play_seat_to_the_end(Socket(ws))
    before = app.stored_tables()
    r = app.client.post(
        f"/games/{key}/again",
        data={"token": token_of(created["spectator_url"])},
        headers={"accept": "application/json"},
    )
    assert r.status_code == 400
    assert r.json()["error"] == "only a player's link may start a new game"
    assert app.stored_tables() == before
    assert app.tables.tables[key].next_key is None


def test_token_lookup_compares_digests_never_the_secret(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    secrets_ = [token_of(created["links"][0]["url"]), token_of(created["spectator_url"])]
    keys = set(app.tables.tokens)
    for secret in secrets_:
        assert secret not in keys  # type: ignore[comparison-overlap]
        assert token_digest(secret) in keys
        assert app.tables.lookup(secret)[0].key == created["key"]


# ----------------------------------------------------------------------- input


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\ud800", "U+D800"),  # a lone surrogate: no page could encode it
        ("Ana\u202egnp.exe", "U+202E"),  # a bidirectional override that reorders text
        ("Ana\x00", "U+0000"),
        ("Ana\nBao", "U+000A"),
        ("x" * 41, "too long"),
    ],
)
def test_a_bad_name_is_refused_at_the_edge_and_the_lobby_still_answers(
    app: App, name: str, why: str
) -> None:
    raw = json.dumps(
        {
            "game": "whale-to-look",
            "seats": [{"kind": "human", "name": name}, {"kind": "open"}],
        }
    )
    r = app.client.post("/api/games", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert why in r.json()["error"]
    assert app.stored_tables() == 0
    assert app.client.get("/").status_code == 200


def test_a_claimed_name_is_checked_like_any_other(app: App) -> None:
    created = create_table(app.client, [{"kind": "human", "name": "Ana"}, {"kind": "open"}])
    r = app.client.post(f"/games/{created['key']}/claim/1", data={"name": "Bao\u2066"})
    assert r.status_code == 400
    assert "U+2066" in r.text
    assert app.tables.tables[created["key"]].seats[1].kind == "open"


def test_names_are_stored_in_normal_form_and_joiners_are_kept(app: App) -> None:
    decomposed = "Thu\u0301y"  # "Thúy" written with a combining accent
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # a ZWNJ inside a word
    created = create_table(
        app.client, [{"kind": "human", "name": decomposed}, {"kind": "human", "name": persian}]
    )
    names = app.tables.tables[created["key"]].names
    assert names == [unicodedata.normalize("NFC", decomposed), persian]
    assert names[0] == "Th\u00fay"


def test_a_bad_row_already_in_the_database_does_not_break_the_lobby(
    tmp_path: Path, client_of: Any
) -> None:
    first = client_of()
    created = create_table(first, [{"kind": "human", "name": "Ana"}, {"kind": "open"}])
    first.__exit__(None, None, None)
    # A row written before names were checked: a lone surrogate and a control character.
    engine = create_engine(f"sqlite:///{tmp_path / 'hostile.db'}")
    with engine.begin() as conn:
        seats = json.loads(
            conn.execute(
                select(tables_table.c.seats).where(tables_table.c.key == created["key"])
            ).scalar_one()
        )
        seats[0]["name"] = "\ud800An\x07a"
        conn.execute(
            update(tables_table)
            .where(tables_table.c.key == created["key"])
            .values(seats=json.dumps(seats))
        )
    engine.dispose()
    again = client_of()
    lobby = again.get("/")
    assert lobby.status_code == 200
    assert "\ufffdAn\ufffda" in lobby.text
    seat = again.get(f"/t/{token_of(created['links'][0]['url'])}")
    assert seat.status_code == 200


@pytest.mark.parametrize(
    ("fields", "fault"),
    [
        ({"option_edition": "[" * 5000}, None),  # JSON nested past the parser's depth
        ({"num_players": "9" * 5000}, "num_players"),
        ({"num_players": "\u0663"}, "num_players must be a whole number"),  # Arabic-Indic 3
        ({"seat_1_kind": "open", "seat_1_bot": "hard"}, None),  # a hidden menu is ignored
    ],
)
def test_odd_form_fields_get_a_clear_answer_not_a_server_error(
    app: App, fields: dict[str, str], fault: str | None
) -> None:
    data = {"game": "whale-to-look", "num_players": "2", "seat_0_name": "Ana", **fields}
    r = app.client.post("/games", data=data)
    assert r.status_code < 500
    if fault is not None:
        assert r.status_code == 400 and fault in r.text


@pytest.mark.parametrize(
    ("body", "fault"),
    [
        ({"hotseat": "false"}, "'hotseat' must be true or false"),
        ({"seats": [{"kind": "human", "bot": "hard"}, {"kind": "open"}]}, "only a bot seat"),
        ({"seats": [{"kind": "human", "name": 7}, {"kind": "open"}]}, "must be text"),
        ({"seats": [{"kind": "human"}] * 9}, "at most 8 seats"),
        ({"game": "whale-to-look" + "\x00"}, "U+0000"),
        # An integer no float holds (a few hundred digits, well inside what JSON parses).
        ({"pace": {"kind": "realtime", "start": 10**400}}, "'pace.start' must be a number"),
        ({"pace": {"kind": "turn", "days": 3, "grace": -(10**400)}}, "'pace.grace' must be"),
    ],
)
def test_odd_json_fields_are_refused_naming_the_fault(
    app: App, body: dict[str, Any], fault: str
) -> None:
    full = {"game": "whale-to-look", "seats": [{"kind": "human"}, {"kind": "open"}], **body}
    r = app.client.post("/api/games", json=full)
    assert r.status_code == 400
    assert fault in r.json()["error"]
    assert app.stored_tables() == 0


TOO_MANY_DIGITS = "9" * 5000  # past the 4300 digits Python turns into an int by default


def test_a_number_too_long_in_a_json_request_is_a_clear_error(app: App) -> None:
    body = '{"game": "whale-to-look", "seats": [], "options": {"x": ' + TOO_MANY_DIGITS + "}}"
    r = app.client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"] == "the request body is not valid JSON"


def test_a_number_too_long_in_an_uploaded_record_is_a_clear_error(app: App) -> None:
    record = ('{"game": "whale-to-look", "num_players": ' + TOO_MANY_DIGITS + "}").encode()
    r = app.client.post(
        "/replay", files={"record": ("r.json", record)}, headers={"accept": "application/json"}
    )
    assert r.status_code == 400
    assert "a number too long" in r.json()["error"]


def test_a_number_too_long_on_the_table_socket_is_answered_not_raised(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    with app.client.websocket_connect(f"/ws/{token_of(created['spectator_url'])}") as ws:
        sock = Socket(ws)
        sock.receive()
        ws.send_text('{"type": "act", "step": ' + TOO_MANY_DIGITS + "}")
        assert sock.next_of("error")["message"] == "malformed JSON: a number too long"
        ws.send_text('{"type": "ping"}')
        assert sock.next_of("pong")["type"] == "pong"  # the socket is still served


# ----------------------------------------------------------------------- limits


@pytest.mark.parametrize("path", ["/api/games", "/games", "/replay"])
def test_a_chunked_body_past_the_limit_is_refused_while_it_streams(app: App, path: str) -> None:
    content_type = {
        "/api/games": "application/json",
        "/games": "application/x-www-form-urlencoded",
        "/replay": "multipart/form-data; boundary=b",
    }[path]
    r = app.client.post(path, content=chunks(3_000_000), headers={"content-type": content_type})
    assert r.status_code == 413
    assert app.stored_tables() == 0


def test_table_creation_is_rate_limited_per_client_with_retry_after(client_of: Any) -> None:
    client = client_of(limits=Limits(create_rate="3/minute"))
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "open"}]
    for _ in range(3):
        create_table(client, seats)
    r = client.post("/api/games", json={"game": "whale-to-look", "seats": seats})
    assert r.status_code == 429
    assert 1 <= int(r.headers["retry-after"]) <= 60
    form = client.post("/games", data={"game": "whale-to-look", "num_players": "2"})
    assert form.status_code == 429
    assert "retry-after" in form.headers


def test_uploads_are_rate_limited_per_client(client_of: Any) -> None:
    client = client_of(limits=Limits(upload_rate="2/minute"))
    answers = [
        client.post("/replay", files={"record": ("r.json", b"{}")}).status_code for _ in range(3)
    ]
    assert answers[:2] == [400, 400] and answers[2] == 429


def test_sockets_are_capped_per_client_and_per_table(client_of: Any) -> None:
    client = client_of(limits=Limits(sockets_per_client=2, sockets_per_table=3))
    created = create_table(client, [{"kind": "human", "name": "Ana"}, {"kind": "open"}])
    spectate = f"/ws/{token_of(created['spectator_url'])}"
    with client.websocket_connect(spectate), client.websocket_connect(spectate):
        with pytest.raises(WebSocketDenialResponse) as refused, client.websocket_connect(spectate):
            pass
        assert refused.value.status_code == 429
        assert refused.value.headers["retry-after"].isdigit()
    # Closed pages are counted out: the client may open pages again.
    with client.websocket_connect(spectate) as ws:
        assert Socket(ws).receive()["type"] in ("state", "handover")


def test_opening_sockets_is_rate_limited_per_client(client_of: Any) -> None:
    # Open, close, open again: no more than the rate, however few are open at once.
    client = client_of(limits=Limits(socket_rate="3/minute"))
    created = create_table(client, [{"kind": "human", "name": "Ana"}, {"kind": "open"}])
    spectate = f"/ws/{token_of(created['spectator_url'])}"
    for _ in range(3):
        with client.websocket_connect(spectate) as ws:
            assert Socket(ws).receive()["type"] == "state"
    with pytest.raises(WebSocketDenialResponse) as refused, client.websocket_connect(spectate):
        pass
    assert refused.value.status_code == 429
    assert 1 <= int(refused.value.headers["retry-after"]) <= 60


def test_sockets_per_table_are_capped_whoever_opens_them(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cap.db'}"
    limits = Limits(sockets_per_client=10, sockets_per_table=2)
    with TestClient(create_app(db, limits=limits)) as one:
        created = create_table(one, [{"kind": "human", "name": "Ana"}, {"kind": "open"}])
        spectate = f"/ws/{token_of(created['spectator_url'])}"
        other = TestClient(one.app, client=("203.0.113.9", 5000))
        # Another address on the same server: the second client runs on the first one's event
        # loop, as every page of a real server does (a loop of its own would wait on the
        # table's tasks across loops and could hang).
        other.portal = one.portal
        with (
            one.websocket_connect(spectate),
            other.websocket_connect(spectate),
            pytest.raises(WebSocketDenialResponse),
            other.websocket_connect(spectate),
        ):
            pass


# ---------------------------------------------------------------------- headers


def test_every_answer_carries_the_security_headers(app: App) -> None:
    answers = [
        app.client.get("/"),
        app.client.get("/t/no-such-token"),
        app.client.get("/static/table.js"),
        app.client.post("/api/games", content=b"x" * 2_000_000),
    ]
    for r in answers:
        csp = r.headers["content-security-policy"]
        directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
        assert directives["script-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"


def test_pages_with_secret_links_are_never_cached(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    seat_page = app.client.get(f"/t/{token_of(created['links'][0]['url'])}")
    assert seat_page.headers["cache-control"] == "no-store"
    form = app.client.post("/games", data={"game": "whale-to-look", "num_players": "2"})
    assert form.headers["cache-control"] == "no-store"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
EVENT_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)


def test_no_page_holds_inline_script_or_event_handlers(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS, hotseat=True)
    pages = [
        app.client.get("/").text,
        app.client.post("/games", data={"game": "whale-to-look", "num_players": "2"}).text,
        app.client.get(f"/t/{token_of(created['links'][0]['url'])}").text,
        app.client.get("/t/no-such-token").text,
    ]
    for text in pages:
        assert not INLINE_SCRIPT.search(text)
        assert not EVENT_HANDLER.search(text)


# ------------------------------------------------------------- lobby defaults


class FormReader(HTMLParser):
    """What a browser submits for each game's option menus: the selected (or first) choice."""

    def __init__(self) -> None:
        super().__init__()
        self.game: str | None = None
        self.select: str | None = None
        self.chosen: dict[str, dict[str, str]] = {}
        self.explicit: set[tuple[str, str]] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "fieldset" and "options" in (a.get("class") or ""):
            self.game = a.get("data-game")
        elif tag == "select" and self.game and (a.get("name") or "").startswith("option_"):
            self.select = a["name"]
        elif tag == "option" and self.game and self.select:
            menu = self.chosen.setdefault(self.game, {})
            value = a.get("value") or ""
            if "selected" in a:
                menu[self.select] = value
                self.explicit.add((self.game, self.select))
            elif self.select not in menu:
                menu[self.select] = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "fieldset":
            self.game = None


@pytest.mark.parametrize("game_id", sorted(g.spec.id for g in games.all()))
def test_the_lobby_form_creates_each_game_with_its_spec_defaults(app: App, game_id: str) -> None:
    reader = FormReader()
    reader.feed(app.client.get("/").text)
    game = games.get(game_id)
    fields = {"game": game_id, "num_players": str(game.spec.min_players)}
    fields.update(reader.chosen.get(game_id, {}))
    before = set(app.tables.tables)
    r = app.client.post("/games", data=fields)
    assert r.status_code == 200, r.text
    (key,) = set(app.tables.tables) - before
    assert app.tables.tables[key].options == game.options_to_json(game.make_options())


# ------------------------------------------------------------------------ links


def test_links_never_name_a_forged_host(app: App) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "open"}]
    r = app.client.post(
        "/api/games", json={"game": "whale-to-look", "seats": seats}, headers={"host": "evil.test"}
    )
    created = r.json()
    assert "evil.test" not in json.dumps(created)
    assert created["spectator_url"].startswith("/t/")


@pytest.mark.parametrize(
    ("bound", "host", "base"),
    [
        ("0.0.0.0", "127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("0.0.0.0", "localhost:8000", "http://localhost:8000"),
        ("0.0.0.0", "whales.lan:8000", "http://whales.lan:8000"),  # --allowed-host whales.lan
        ("0.0.0.0", "127.0.0.1:9999", ""),  # not the port the server listens on
        ("0.0.0.0", "evil.test", ""),
        ("192.168.1.20", "192.168.1.20:8000", "http://192.168.1.20:8000"),
        ("192.168.1.20", "192.168.1.21:8000", ""),
    ],
)
def test_links_use_the_bound_host_or_an_allowed_one(
    client_of: Any, bound: str, host: str, base: str
) -> None:
    reach = Reach(allowed_hosts=("whales.lan",), bound_host=bound, bound_port=8000)
    client = client_of(reach=reach)
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "open"}]
    r = client.post(
        "/api/games", json={"game": "whale-to-look", "seats": seats}, headers={"host": host}
    )
    url: str = r.json()["spectator_url"]
    assert url.startswith(f"{base}/t/")


def test_a_loopback_server_answers_no_other_host(client_of: Any) -> None:
    # A page at evil.test whose name a stranger points at 127.0.0.1 (DNS rebinding) would
    # otherwise reach a server its owner meant for this machine alone.
    client = client_of(reach=Reach(bound_host="127.0.0.1", bound_port=8000))
    assert client.get("/", headers={"host": "evil.test:8000"}).status_code == 400
    assert client.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200
    assert client.get("/", headers={"host": "localhost:8000"}).status_code == 200
    created = client.post(
        "/api/games",
        json={"game": "whale-to-look", "seats": HUMAN_AND_TWO_BOTS},
        headers={"host": "127.0.0.1:8000"},
    ).json()
    spectate = f"/ws/{token_of(created['spectator_url'])}"
    with client.websocket_connect(spectate, headers={"host": "127.0.0.1:8000"}) as ws:
        assert ws.receive_json()["type"] == "state"
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(spectate, headers={"host": "evil.test:8000"}) as ws,
    ):
        ws.receive_json()


def test_a_public_url_makes_every_link(client_of: Any) -> None:
    client = client_of(reach=Reach(public_url="https://whales.example.org/"))
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}]
    r = client.post(
        "/api/games",
        json={"game": "whale-to-look", "seats": seats, "hotseat": True},
        headers={"host": "evil.test"},
    )
    created = r.json()
    urls = [created["spectator_url"], created["hotseat_url"]]
    urls += [link["url"] for link in created["links"]]
    assert all(u.startswith("https://whales.example.org/t/") for u in urls)


@pytest.mark.parametrize(
    ("argv", "fault"),
    [
        (["--public-url", "whales.example.org"], "--public-url"),
        (["--create-rate", "lots"], "--create-rate"),
        (["--advice-rate", "often"], "--advice-rate"),
        (["--sockets-per-table", "0"], "--sockets-per-table"),
    ],
)
def test_serve_refuses_a_bad_option_before_listening(
    argv: list[str], fault: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from rich.console import Console

    err = Console(stderr=True, width=200)
    assert main(["serve", "--port", "1", *argv], err_console=err) == 2
    assert fault in capsys.readouterr().err


# ----------------------------------------------------- found by looking further


def test_language_links_cannot_lead_off_the_site(app: App) -> None:
    # A path starting with // made the language links protocol-relative: off to evil.test.
    page = app.client.get("http://testserver//evil.test/x")
    assert page.status_code == 404
    assert 'href="//evil.test' not in page.text
    hrefs = re.findall(r'class="lang" [^>]*href="([^"]+)"', page.text)
    assert hrefs and all(h.startswith("?lang=") for h in hrefs)


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.test"},
        {"origin": "null", "sec-fetch-site": "cross-site"},  # a sandboxed frame elsewhere
        {"origin": "https://evil.test", "sec-fetch-site": "same-site"},  # a sibling host
    ],
)
def test_a_post_from_another_sites_page_is_refused(app: App, headers: dict[str, str]) -> None:
    data = {"game": "whale-to-look", "num_players": "2", "seat_0_name": "Ana"}
    assert app.client.post("/games", data=data, headers=headers).status_code == 403
    assert app.stored_tables() == 0


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://testserver"},
        # What Chromium sends for the lobby's own form under Referrer-Policy: no-referrer.
        {"origin": "null", "sec-fetch-site": "same-origin"},
        {},  # not a browser
    ],
)
def test_a_post_from_this_sites_page_is_accepted(app: App, headers: dict[str, str]) -> None:
    data = {"game": "whale-to-look", "num_players": "2", "seat_0_name": "Ana"}
    assert app.client.post("/games", data=data, headers=headers).status_code == 200
    assert app.stored_tables() == 1


@pytest.mark.parametrize(
    "path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py"]
)
def test_static_files_cannot_be_read_from_outside_their_folder(app: App, path: str) -> None:
    r = app.client.get(path)
    assert r.status_code == 404
    assert "create_app" not in r.text


def test_deeply_nested_json_is_a_clear_error(app: App) -> None:
    r = app.client.post(
        "/api/games", content=b"[" * 100_000, headers={"content-type": "application/json"}
    )
    assert r.status_code == 400
    assert "not valid JSON" in r.json()["error"]


def test_a_name_cannot_put_markup_into_the_lobby_or_the_board(app: App) -> None:
    markup = '<img src=x onerror="alert(1)">'
    created = create_table(app.client, [{"kind": "human", "name": markup}, {"kind": "open"}])
    lobby = app.client.get("/").text
    assert markup not in lobby and "&lt;img src=x" in lobby
    with app.client.websocket_connect(f"/ws/{token_of(created['spectator_url'])}") as ws:
        board = Socket(ws).next_of("state")["board"]
    assert "<img" not in board


def test_secret_links_never_reach_the_server_log(server: Any) -> None:
    import httpx

    r = httpx.post(
        f"{server.base}/api/games", json={"game": "whale-to-look", "seats": HUMAN_AND_TWO_BOTS}
    )
    created = r.json()
    tokens = [token_of(created["links"][0]["url"]), token_of(created["spectator_url"])]
    for token in tokens:
        assert httpx.get(f"{server.base}/t/{token}").status_code == 200
    assert httpx.get(f"{server.base}/t/{tokens[0]}x").status_code == 404
    with connect(f"{server.ws_base}/ws/{tokens[0]}", open_timeout=30) as ws:
        assert json.loads(ws.recv(timeout=30))["type"] in ("state", "handover")
    server.stop()
    log = server._log.read_text(errors="replace")
    assert not any(token in log for token in tokens)


def test_an_uploaded_record_with_odd_names_is_replayed_with_names_made_printable(
    app: App,
) -> None:
    state = games.get("whale-to-look").new_state(3)
    # Escaped as JSON writes them: a lone surrogate travels as the text \ud800.
    record = json.dumps(Record.of(state, seats=["A" * 60, "B\x00\u202e", "\ud800C"]).to_json())
    r = app.client.post(
        "/replay", files={"record": ("r.json", record.encode())}, follow_redirects=False
    )
    assert r.status_code == 303
    page = app.client.get(r.headers["location"])
    assert page.status_code == 200
    (table,) = app.tables.tables.values()
    assert table.names == ["A" * 40, "B\ufffd\ufffd", "\ufffdC"]


def test_rated_requests_do_not_start_a_thread_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting a request against its rate runs on the event loop: a storage that starts a
    timer thread per hit blocks the loop (every table) until each thread is running. A
    pool's few reused threads are all it may start."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        return None

    started: list[threading.Thread] = []
    real_start = threading.Thread.start

    def counting_start(thread: threading.Thread) -> None:
        started.append(thread)
        real_start(thread)

    monkeypatch.setattr(threading.Thread, "start", counting_start)
    limiter = RateLimit(app, Limits(create_rate="1000/minute"))

    async def hits() -> None:
        for _ in range(50):
            assert await limiter.retry_after("create", "203.0.113.9") is None
            await asyncio.sleep(0.012)  # past a per-hit expiry timer's 10 ms

    asyncio.run(hits())
    assert len(started) <= 8, f"{len(started)} threads started for 50 rated requests"
