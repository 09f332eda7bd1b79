"""Clocks and absent players at a live table: a seat whose time runs out is away, the other
player votes a bot into it, the player takes it back, and all of it survives a restart.
The server's clock is a test's own (``web.clock.clock``): nothing here sleeps."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from table_support import Socket, token_of

from whaletable.web import clock
from whaletable.web.app import create_app
from whaletable.web.tables import Tables, Viewer

PACE = {"kind": "realtime", "start": 60, "increment": 0, "grace": 1000}
SEATS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "human", "name": "Ben"},
    {"kind": "bot", "bot": "easy"},
]


class Clock:
    """The wall clock, put forward by a test at will."""

    def __init__(self) -> None:
        self.ahead = 0.0

    @property
    def now(self) -> float:
        return time.time() + self.ahead

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def wall(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(clock, "clock", fake)
    return fake


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db: str, wall: Clock) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def tables_of(client: TestClient) -> Tables:
    t: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return t


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": "whale-to-look", "seats": SEATS, **body})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def until(sock: Socket, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first message that is ``wanted`` (states and errors alike)."""
    for _ in range(500):
        m = sock.receive()
        if wanted(m):
            return m
    raise AssertionError("the message never came")


def state(wanted: Callable[[dict[str, Any]], bool]) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "state" and wanted(m)


def error(m: dict[str, Any]) -> bool:
    return m["type"] == "error"


def test_out_of_time_then_voted_to_a_bot_then_taken_back_and_kept_over_a_restart(
    client: TestClient, db: str, wall: Clock
) -> None:
    created = create(client, pace=PACE)
    key = created["key"]
    links = [token_of(link["url"]) for link in created["links"][:2]]
    table = tables_of(client).tables[key]
    with (
        client.websocket_connect(f"/ws/{links[0]}") as a,
        client.websocket_connect(f"/ws/{links[1]}") as b,
        client.websocket_connect(f"/ws/{token_of(created['spectator_url'])}") as s,
    ):
        seat = {0: Socket(a), 1: Socket(b)}
        first = until(seat[0], state(lambda m: m["clocks"]["running"] in (0, 1)))
        late = first["clocks"]["running"]
        other = 1 - late
        assert 55_000 < first["clocks"]["left"][late] <= 60_000
        assert first["clocks"]["left"][2] is None  # a bot has no clock

        wall.ahead += 61
        client.portal.call(tables_of(client).referee.check, table)
        away = until(seat[other], state(lambda m: m["clocks"]["absent"] == [late]))
        assert away["clocks"]["left"][late] == 0
        assert away["clocks"]["needed"] == {str(late): 1}

        # Nobody else decides for the table: a spectator, the seat itself, a seat that
        # is not there.
        spectator = Socket(s)
        spectator.send({"type": "vote", "seat": late})
        assert "only a player" in until(spectator, error)["message"]
        seat[late].send({"type": "vote", "seat": late})
        assert "your own seat" in until(seat[late], error)["message"]
        seat[other].send({"type": "vote", "seat": 7})
        assert "from 0 to 2" in until(seat[other], error)["message"]
        seat[other].send({"type": "vote", "seat": True})
        assert "from 0 to 2" in until(seat[other], error)["message"]
        spectator.send({"type": "return", "seat": late})
        assert "spectator" in until(spectator, error)["message"]

        seat[other].send({"type": "vote", "seat": late})
        replaced = until(seat[other], state(lambda m: m["clocks"]["replaced"] == [late]))
        assert replaced["clocks"]["spells"] == [
            {"seat": late, "name": SEATS[late]["name"], "from": replaced["step"], "to": None}
        ]
        # The bot plays the seat: the game moves on to the other player.
        moved = until(seat[other], state(lambda m: m["you"] == other))
        assert moved["step"] > replaced["step"]

        seat[late].send({"type": "return"})
        back = until(seat[late], state(lambda m: m["clocks"]["replaced"] == []))
        assert back["clocks"]["absent"] == []
        assert back["clocks"]["left"][late] > 55_000  # one move's time to come back with
        spells = back["clocks"]["spells"]
        assert spells[0]["seat"] == late and spells[0]["to"] is not None

    # A restarted server shows the same: who was replaced, and the clocks.
    client.__exit__(None, None, None)
    with TestClient(create_app(db)) as again:
        resumed = tables_of(again).tables[key]
        assert resumed.presence.replaced_list(resumed.state.current_player(), resumed.names) == (
            spells
        )
        left = resumed.presence.standing(late, wall.now).left[late]
        assert 55.0 < left <= 60.0
        assert resumed.record().meta["replaced"] == spells


def test_a_player_who_leaves_alone_is_replaced_at_once_and_the_clock_wakes_the_table(
    client: TestClient, wall: Clock
) -> None:
    created = create(client, seats=[SEATS[0], SEATS[2]], pace=PACE)
    key = created["key"]
    table = tables_of(client).tables[key]
    with client.websocket_connect(f"/ws/{token_of(created['links'][0]['url'])}") as ws:
        sock = Socket(ws)
        until(sock, state(lambda m: m["clocks"]["running"] == 0))
        assert key in tables_of(client).referee.timers  # armed for the human's clock
        sock.send({"type": "leave"})
        # Nobody is left to vote: the bot takes the seat at once, and plays to the end.
        done = until(sock, state(lambda m: m["finished"]))
        assert done["clocks"]["spells"][0]["seat"] == 0
        assert table.finished
    assert key not in tables_of(client).referee.timers  # nothing kept for a finished table
    assert "Ana: played by a bot from step" in client.get(f"/replay/{key}").text
    record = client.get(f"/games/{key}/record.json").json()
    assert record["meta"]["replaced"][0]["seat"] == 0


def test_a_vote_on_an_absence_another_server_ended_first_is_refused_and_the_return_shown(
    client: TestClient, wall: Clock
) -> None:
    created = create(client, pace=PACE)
    key = created["key"]
    links = [token_of(link["url"]) for link in created["links"][:2]]
    tables = tables_of(client)
    table = tables.tables[key]
    with (
        client.websocket_connect(f"/ws/{links[0]}") as a,
        client.websocket_connect(f"/ws/{links[1]}") as b,
    ):
        ana, ben = Socket(a), Socket(b)
        until(ana, state(lambda m: m["clocks"]["running"] in (0, 1)))
        ben.send({"type": "leave"})
        until(ana, state(lambda m: m["clocks"]["absent"] == [1]))
        # Another server on the database stores Ben's return; this one has not heard it.
        step = len(table.state.history)
        back = table.presence.with_event(clock.Event(1, clock.BACK, step, wall.now))
        assert tables.store.replace_presence(key, table.presence.to_json(), back.to_json())
        ana.send({"type": "vote", "seat": 1})
        voted = state(lambda m: 1 in m["clocks"]["replaced"] or bool(m["clocks"]["votes"].get("1")))
        answer = until(ana, lambda m: error(m) or voted(m))
        assert error(answer), "the vote is not stored over the return"
        assert "look again, then ask again" in answer["message"]
        until(ana, state(lambda m: m["clocks"]["absent"] == []))
    assert table.presence.to_json() == back.to_json(), "the stored return is taken in"
    assert tables.store.load(key).presence == back.to_json(), "and no vote stored over it"


def test_the_time_everyone_sat_down_is_not_stored_over_an_absence_another_server_stored(
    client: TestClient, wall: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    seats = [SEATS[0], {"kind": "open"}]
    created = create(client, pace=PACE, seats=seats)
    key = created["key"]
    tables = tables_of(client)
    table = tables.tables[key]
    # Another server on the database stores Ana leaving; this one has not heard it.
    left = table.presence.with_event(clock.Event(0, clock.LEFT, 0, wall.now))
    assert tables.store.replace_presence(key, table.presence.to_json(), left.to_json())
    with caplog.at_level("WARNING", logger="whaletable.web.pace"):
        r = client.post(f"/games/{key}/claim/1", data={"name": "Ben"}, follow_redirects=False)
    assert r.status_code == 303
    assert "the time everyone sat down is not stored: who is away changed" in caplog.text
    assert tables.store.load(key).presence == left.to_json(), "the absence is kept as stored"


def test_a_seats_page_is_not_drawn_the_return_button_of_a_shared_device_showing_that_seat(
    client: TestClient, wall: Clock
) -> None:
    created = create(client, pace=PACE)
    table = tables_of(client).tables[created["key"]]
    step = len(table.state.history)
    table.presence = table.presence.with_event(clock.Event(1, clock.LEFT, step, wall.now))

    async def send(_: dict[str, Any]) -> None:
        return None

    device = Viewer(send, lambda m: m, "en", "hotseat", frozenset({0, 1}), showing=0)
    own = Viewer(send, lambda m: m, "en", "seat", frozenset({0}), showing=0)
    # Both show seat 0 and may act for it: the device may take seat 1 back, seat 0's page not.
    assert table.drawing(device)["clocks"]["may_return"] == [1]
    assert table.drawing(own)["clocks"]["may_return"] == []


def test_a_flood_of_presence_messages_is_told_to_wait(client: TestClient) -> None:
    created = create(client, pace=PACE)
    with client.websocket_connect(f"/ws/{token_of(created['links'][0]['url'])}") as ws:
        sock = Socket(ws)
        for _ in range(12):
            sock.send({"type": "vote", "seat": 1})
        found = [until(sock, error)["message"] for _ in range(12)]
        assert any("too many requests" in m for m in found)
        assert any("not away" in m for m in found)


def test_leaving_and_coming_back_over_and_over_is_refused_until_the_next_move(
    client: TestClient,
) -> None:
    """Every leave is stored with the table and gone through at each drawing: a player
    leaving and coming back in a loop (a new socket for each rate) would grow them forever."""
    created = create(client, pace=PACE)
    table = tables_of(client).tables[created["key"]]
    with client.websocket_connect(f"/ws/{token_of(created['links'][0]['url'])}") as ws:
        sock = Socket(ws)
        until(sock, state(lambda m: m["clocks"]["running"] is not None))  # a person to move
        for kind in ("leave", "return", "leave"):
            sock.send({"type": kind})
        sock.send({"type": "vote", "seat": 0})  # refused whatever happens: it comes last
        assert "left this table at this move already" in until(sock, error)["message"]
    assert len(table.presence.events) == 2


@pytest.mark.parametrize(
    ("pace", "wrong"),
    [
        ({"kind": "realtime", "start": 0.5}, "'pace.start' must be a number of seconds from 60"),
        ({"kind": "turn", "days": 99}, "'pace.days'"),
        ([1, 2], "'pace' must be an object"),
    ],
)
def test_a_malformed_clock_is_refused_at_creation(
    client: TestClient, pace: object, wrong: str
) -> None:
    r = client.post("/api/games", json={"game": "whale-to-look", "seats": SEATS, "pace": pace})
    assert r.status_code == 400
    assert wrong in r.text


def test_the_lobby_form_sets_the_pace(client: TestClient) -> None:
    form = {
        "game": "whale-to-look",
        "num_players": "2",
        "seat_0_kind": "human",
        "seat_1_kind": "bot",
        "seat_1_bot": "easy",
        "pace": "turn",
        "turn_days": "3",
    }
    r = client.post("/games", data=form)
    assert r.status_code == 200, r.text
    (table,) = [t for t in tables_of(client).tables.in_memory()]
    assert table.settings.pace.days == 3
    assert 'name="pace"' in client.get("/").text
