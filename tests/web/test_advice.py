"""Advice at the web table: the per-table switch, who may ask over the socket, what the
advisor is handed, and the panel a page is sent.

The attacks come first: a spectator, another seat's link, a table with advice off and
malformed requests get an error and never an advice message. Then the advice a page
receives is compared, for every game, with the game's advisor called directly on the
asking seat's observation and legal actions.
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from table_support import HUMAN_AND_TWO_BOTS, App, Postgres, Socket, create_table, token_of
from toy_game import TOY_ID, ToyGame, toy

from whaletable import games
from whaletable.core.advice import advisor_of
from whaletable.web import advice as web_advice
from whaletable.web.advice import ADVICE_BUDGET, advice_seed
from whaletable.web.app import create_app
from whaletable.web.limits import Limits
from whaletable.web.storage import Store, StoredTable
from whaletable.web.tables import LiveTable, Tables

__all__ = ["toy"]  # the fixture that registers Secret Steps, a game with no advisor

GAME_IDS = [game.spec.id for game in games.all()]
PERSIAN = re.compile(r"[\u0600-\u06FF]")
TWO_HUMANS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "human", "name": "Bao"},
    {"kind": "bot", "bot": "easy"},
]


def seat_tokens(created: dict[str, Any]) -> list[str]:
    return [token_of(link["url"]) for link in created["links"] if link["url"] is not None]


def until_pong(sock: Socket) -> list[dict[str, Any]]:
    """Every message up to the answer to a ping: what the page was sent meanwhile."""
    sock.send({"type": "ping"})
    seen: list[dict[str, Any]] = []
    while True:
        m = sock.receive()
        if m["type"] == "pong":
            return seen
        seen.append(m)


def refused(sock: Socket, request: dict[str, Any] | str, contains: str) -> None:
    """The request gets an error naming ``contains`` and no advice reaches the page."""
    if isinstance(request, str):
        sock.ws.send_text(request)
    else:
        sock.send(request)
    seen = until_pong(sock)
    errors = [m["message"] for m in seen if m["type"] == "error"]
    assert any(contains in e for e in errors), f"no error naming {contains!r}: {errors}"
    assert not [m for m in seen if m["type"] == "advice"], "advice was sent anyway"


def expected_advice(table: LiveTable, seat: int) -> dict[str, Any]:
    """The game's advisor called here on the seat's observation and legal actions, as the
    page receives it (through JSON)."""
    state = table.state
    advisor = advisor_of(table.game.spec.id)
    assert advisor is not None, f"{table.game.spec.id} registers no advisor"
    legal = state.legal_actions() if state.current_player() == seat else []
    found = advisor(
        table.game,
        state.options,
        seat,
        state.observation(seat),
        legal,
        advice_seed(table, seat),
        ADVICE_BUDGET,
    )
    answer: dict[str, Any] = json.loads(json.dumps(found.to_json()))
    return answer


@pytest.fixture
def two_humans(app: App) -> tuple[App, str, list[str], str]:
    """Whale to Look: Ana (seat 0, first to move) and Bao humans, seat 2 a bot."""
    created = create_table(app.client, TWO_HUMANS, options={"start_player": 0})
    return app, created["key"], seat_tokens(created), token_of(created["spectator_url"])


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every seat an advisor is called for by the web table, in order."""
    calls: list[int] = []
    real = web_advice.advisor_of

    def counting(game_id: str) -> Any:
        advisor = real(game_id)
        if advisor is None:
            return None

        def wrapped(*args: Any) -> Any:
            calls.append(args[2])
            return advisor(*args)

        return wrapped

    monkeypatch.setattr(web_advice, "advisor_of", counting)
    return calls


# ------------------------------------------------------------------------- attacks


def test_a_spectator_cannot_get_advice(
    two_humans: tuple[App, str, list[str], str], counted: list[int]
) -> None:
    app, _, _, spectator = two_humans
    with app.client.websocket_connect(f"/ws/{spectator}") as ws:
        sock = Socket(ws)
        state = sock.next_of("state")
        refused(sock, {"type": "advice", "step": state["step"]}, "a spectator cannot ask")
    assert counted == []


def test_another_seats_link_gets_advice_for_its_own_seat_only(
    two_humans: tuple[App, str, list[str], str], counted: list[int]
) -> None:
    app, key, (ana, bao), _ = two_humans
    with (
        app.client.websocket_connect(f"/ws/{ana}") as ws0,
        app.client.websocket_connect(f"/ws/{bao}") as ws1,
    ):
        anas = Socket(ws0)
        turn = anas.my_turn()
        assert turn["you"] == 0
        baos = Socket(ws1)
        baos.next_of("state")
        # Bao cannot name Ana's seat: a request carries no seat at all.
        refused(baos, {"type": "advice", "step": turn["step"], "seat": 0}, "'seat'")
        assert counted == []
        baos.send({"type": "advice", "step": turn["step"]})
        answer = baos.next_of("advice")
        assert answer["seat"] == 1
        assert counted == [1]
        table = app.tables.tables[key]
        assert answer["advice"] == expected_advice(table, 1)
        assert answer["advice"] != expected_advice(table, 0)  # Ana's hand reads otherwise
        assert answer["suggestion"] is None  # Bao is not to move: no action is suggested
        # Answered to the asking page alone.
        assert not [m for m in until_pong(anas) if m["type"] == "advice"]


def test_a_hotseat_device_is_advised_for_the_seat_to_move_once_it_has_the_device(
    app: App, counted: list[int]
) -> None:
    created = create_table(app.client, TWO_HUMANS, hotseat=True, options={"start_player": 0})
    with app.client.websocket_connect(f"/ws/{token_of(created['hotseat_url'])}") as ws:
        sock = Socket(ws)
        handover = sock.next_of("handover")
        assert handover["to"] == 0
        step = len(app.tables.tables[created["key"]].state.history)
        refused(sock, {"type": "advice", "step": step}, "none of the seats this device plays")
        assert counted == []
        sock.send({"type": "ready", "seat": 0})
        mine = sock.next_of("state")
        assert mine["you"] == 0
        sock.send({"type": "advice", "step": mine["step"]})
        answer = sock.next_of("advice")
        assert answer["seat"] == 0 and answer["version"] == mine["version"]
        table = app.tables.tables[created["key"]]
        assert table.state.current_player() == 0  # so the advisor had seat 0's legal actions
        assert answer["advice"] == expected_advice(table, 0)


def test_with_advice_off_a_request_is_refused_and_nothing_is_computed(
    app: App, counted: list[int]
) -> None:
    created = create_table_with(app.client, TWO_HUMANS, advice=False, options={"start_player": 0})
    ana = seat_tokens(created)[0]
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        refused(sock, {"type": "advice", "step": turn["step"]}, "advice is turned off")
    assert counted == []
    page = app.client.get(f"/t/{ana}").text
    assert "Advice is off at this table." in page
    assert 'id="advice-ask"' not in page


MALFORMED: list[tuple[Any, str]] = [
    ({"type": "advice"}, "needs the step it was asked at"),
    ({"type": "advice", "step": "3"}, "a whole number, not '3'"),
    ({"type": "advice", "step": True}, "a whole number, not True"),
    ({"type": "advice", "step": 2.0}, "a whole number, not 2.0"),
    ({"type": "advice", "step": -1}, "a whole number, not -1"),
    ({"type": "advice", "step": None}, "a whole number, not None"),
    ({"type": "advice", "step": [1]}, "a whole number, not [1]"),
    ({"type": "advice", "step": 0, "budget": 10**9}, "not 'budget'"),
    ({"type": "advice", "step": 0, "seat": 1, "x": 0}, "not 'seat', 'x'"),
    ({"type": "advice", "step": 10**6}, "stale advice request"),
]


@pytest.mark.parametrize(("request_", "contains"), MALFORMED, ids=[m[1] for m in MALFORMED])
def test_a_malformed_advice_request_is_refused_naming_the_fault(
    two_humans: tuple[App, str, list[str], str],
    counted: list[int],
    request_: dict[str, Any],
    contains: str,
) -> None:
    app, _, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        sock.my_turn()
        refused(sock, request_, contains)
    assert counted == []


def test_advice_for_an_earlier_step_is_refused_as_stale(
    two_humans: tuple[App, str, list[str], str], counted: list[int]
) -> None:
    app, _, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        refused(sock, {"type": "advice", "step": turn["step"] - 1}, "stale advice request")
    assert counted == []


def test_a_failing_advisor_costs_the_answer_not_the_page(
    two_humans: tuple[App, str, list[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> Any:
        raise ZeroDivisionError("a bug in an advisor")

    monkeypatch.setattr(web_advice, "advisor_of", lambda game_id: broken)
    app, _, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        refused(sock, {"type": "advice", "step": turn["step"]}, "the advisor failed")
        sock.send({"type": "act", "step": turn["step"], "action": turn["actions"][0]["action"]})
        assert sock.my_turn(after=turn["step"])["step"] > turn["step"]  # the page plays on


def test_advice_is_rate_limited_per_connection(tmp_path: Path) -> None:
    limits = Limits(advice_rate="2/minute")
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", limits=limits)) as client:
        created = create_table(client, TWO_HUMANS, options={"start_player": 0})
        ana = seat_tokens(created)[0]
        with client.websocket_connect(f"/ws/{ana}") as ws:
            sock = Socket(ws)
            turn = sock.my_turn()
            for _ in range(2):
                sock.send({"type": "advice", "step": turn["step"]})
                assert sock.next_of("advice")["seat"] == 0
            refused(sock, {"type": "advice", "step": turn["step"]}, "too many requests for advice")
        # Another page (a reload) has a rate of its own.
        with client.websocket_connect(f"/ws/{ana}") as ws:
            sock = Socket(ws)
            turn = sock.my_turn()
            sock.send({"type": "advice", "step": turn["step"]})
            assert sock.next_of("advice")["seat"] == 0


def test_a_game_without_an_advisor_offers_no_button_and_refuses_requests(
    app: App, toy: ToyGame, counted: list[int]
) -> None:
    assert advisor_of(TOY_ID) is None
    created = create_table_with(
        app.client, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}], game=TOY_ID
    )
    token = seat_tokens(created)[0]
    page = app.client.get(f"/t/{token}").text
    assert "This game has no advisor." in page and 'id="advice-ask"' not in page
    with app.client.websocket_connect(f"/ws/{token}") as ws:
        sock = Socket(ws)
        state = sock.next_of("state")
        refused(sock, {"type": "advice", "step": state["step"]}, "has no advisor")
    assert counted == []


# ------------------------------------------------------------- what is sent, per game


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_advice_sent_is_the_advisors_answer_for_the_seats_observation(
    app: App, game_id: str
) -> None:
    game = games.get(game_id)
    humans = [{"kind": "human", "name": f"P{i + 1}"} for i in range(game.spec.min_players)]
    created = create_table_with(app.client, humans, game=game_id, hotseat=True)
    key = created["key"]
    # The hot-seat device, for the seat to move (with its legal actions)...
    with app.client.websocket_connect(f"/ws/{token_of(created['hotseat_url'])}") as ws:
        sock = Socket(ws)
        to = sock.next_of("handover")["to"]
        sock.send({"type": "ready", "seat": to})
        mine = sock.next_of("state")
        sock.send({"type": "advice", "step": mine["step"]})
        answer = sock.next_of("advice")
        table = app.tables.tables[key]
        assert answer["seat"] == to
        assert answer["advice"] == expected_advice(table, to)
        assert answer["suggestion"] == answer["advice"]["suggestion"]
        rows = len(answer["advice"]["rows"])
        assert answer["panel"].count('class="advice-bar"') == rows
    # ...and every seat's own page, whoever is to move.
    for seat, token in enumerate(seat_tokens(created)):
        with app.client.websocket_connect(f"/ws/{token}") as ws:
            sock = Socket(ws)
            state = sock.next_of("state")
            sock.send({"type": "advice", "step": state["step"]})
            answer = sock.next_of("advice")
            assert answer["seat"] == seat
            assert answer["advice"] == expected_advice(app.tables.tables[key], seat)


def test_the_panel_draws_a_bar_per_row_from_its_heat_and_marks_the_suggestion(
    two_humans: tuple[App, str, list[str], str],
) -> None:
    app, _, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        # After a look at a card Ana must move a boat: the advisor suggests one.
        look = next(a["action"] for a in turn["actions"] if a["action"]["type"] == "investigate")
        sock.send({"type": "act", "step": turn["step"], "action": look})
        turn = sock.my_turn(after=turn["step"])
        sock.send({"type": "advice", "step": turn["step"]})
        answer = sock.next_of("advice")
    assert answer["suggestion"] is not None
    drawn = answer["panel"]
    heats = [float(h) for h in re.findall(r'class="advice-bar"[^>]*data-heat="([0-9.]+)"', drawn)]
    assert heats == pytest.approx([r["heat"] for r in answer["advice"]["rows"]], abs=1e-4)
    widths = [float(w) for w in re.findall(r'class="heat"[^>]*width="([0-9.]+)"', drawn)]
    assert widths == pytest.approx([120 * h for h in heats], abs=0.06)
    assert "<mark>Suggested: " in drawn
    labels = {a["label"] for a in turn["actions"] if a["action"] == answer["suggestion"]}
    assert len(labels) == 1 and f"Suggested: {labels.pop()}" in drawn
    assert re.search(r'<td class="num">\d+%</td>', drawn)  # the odds carry their unit
    # An amount's unit heads its column, once.
    assert 'expected points <span class="unit">in points</span></th>' in drawn
    assert "<script" not in drawn.lower() and not re.search(r"\son\w+=", drawn)


def test_the_panel_is_worded_in_the_viewers_language(
    two_humans: tuple[App, str, list[str], str],
) -> None:
    app, _, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}?lang=fa") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        sock.send({"type": "advice", "step": turn["step"]})
        drawn = sock.next_of("advice")["panel"]
    assert PERSIAN.search(drawn)
    for english in ("Where the whale and the orca surface", "Suggested", "Subject", "deals"):
        assert english not in drawn


def test_a_page_is_told_which_state_its_advice_belongs_to(
    two_humans: tuple[App, str, list[str], str],
) -> None:
    app, key, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        sock.send({"type": "advice", "step": turn["step"]})
        first = sock.next_of("advice")
        assert first["version"] == turn["version"]
        look = next(a["action"] for a in turn["actions"] if a["action"]["type"] == "investigate")
        sock.send({"type": "act", "step": turn["step"], "action": look})
        after = sock.my_turn(after=turn["step"])
        assert after["version"] > turn["version"]  # the page drops advice of older versions
        sock.send({"type": "advice", "step": after["step"]})
        second = sock.next_of("advice")
        assert second["version"] == after["version"]
        assert second["advice"] == expected_advice(app.tables.tables[key], 0)


# ------------------------------------------------------------------ the switch itself


def create_table_with(
    client: TestClient,
    seats: list[dict[str, Any]],
    *,
    game: str = "whale-to-look",
    advice: bool | None = None,
    hotseat: bool = False,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "seats": seats, "hotseat": hotseat}
    if advice is not None:
        body["advice"] = advice
    if options is not None:
        body["options"] = options
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def test_the_lobby_advice_box_is_ticked_by_default(app: App) -> None:
    page = app.client.get("/").text
    box = re.search(r'<input type="checkbox" name="advice"[^>]*>', page)
    assert box is not None and " checked" in box.group(0) and 'value="on"' in box.group(0)
    # An unticked box sends nothing: the "off" before it is what the form then says.
    assert page.index('<input type="hidden" name="advice" value="off">') < box.start()
    assert 'id="advice-help"' in page and 'aria-describedby="advice-help"' in box.group(0)


def lobby_form(**extra: Any) -> dict[str, Any]:
    form: dict[str, Any] = {
        "game": "whale-to-look",
        "num_players": "3",
        "seat_0_kind": "human",
        "seat_0_name": "Ana",
        "seat_1_kind": "bot",
        "seat_1_bot": "easy",
        "seat_2_kind": "bot",
        "seat_2_bot": "easy",
    }
    form.update(extra)
    return form


@pytest.mark.parametrize(
    ("advice", "on"),
    [(None, True), (["off", "on"], True), ("off", False), ("on", True)],
    ids=["field-absent", "box-ticked", "box-unticked", "on"],
)
def test_the_lobby_form_sets_advice(app: App, advice: Any, on: bool) -> None:
    before = set(app.tables.tables)
    extra = {} if advice is None else {"advice": advice}
    r = app.client.post("/games", data=lobby_form(**extra))
    assert r.status_code == 200, r.text
    (key,) = set(app.tables.tables) - before
    assert app.tables.tables[key].settings.advice is on


def test_a_bad_advice_field_is_refused_and_no_table_is_made(app: App) -> None:
    tables = app.stored_tables()
    r = app.client.post("/games", data=lobby_form(advice="maybe"))
    assert r.status_code == 400
    assert "advice must be on or off, not 'maybe'" in html.unescape(r.text)
    r = app.client.post(
        "/api/games", json={"game": "whale-to-look", "seats": HUMAN_AND_TWO_BOTS, "advice": "no"}
    )
    assert r.status_code == 400 and "'advice' must be true or false" in r.text
    assert app.stored_tables() == tables


def test_the_table_page_says_whether_advice_is_on_and_only_players_get_the_button(
    two_humans: tuple[App, str, list[str], str],
) -> None:
    app, _, (ana, _), spectator = two_humans
    seat_page = app.client.get(f"/t/{ana}").text
    assert "Advice is on at this table" in seat_page
    button = re.search(r'<button type="button" id="advice-ask"[^>]*>', seat_page)
    assert button is not None and 'aria-label="Advice: ' in button.group(0)
    watch_page = app.client.get(f"/t/{spectator}").text
    assert "Advice is on at this table" in watch_page
    assert 'id="advice-ask"' not in watch_page


def test_advice_off_survives_a_restart_and_is_carried_to_the_rematch(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 't.db'}"
    with TestClient(create_app(db)) as client:
        created = create_table_with(client, HUMAN_AND_TWO_BOTS, advice=False)
    ana = seat_tokens(created)[0]
    with TestClient(create_app(db)) as client:
        assert "Advice is off at this table." in client.get(f"/t/{ana}").text
        with client.websocket_connect(f"/ws/{ana}") as ws:
            sock = Socket(ws)
            turn = sock.my_turn()
            refused(sock, {"type": "advice", "step": turn["step"]}, "advice is turned off")
        tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
        rematch = client.portal.call(tables.play_again, tables.tables[created["key"]])
        assert rematch.settings.advice is False
    store = Store(db)
    try:
        stored = store.load(rematch.key)
        assert stored is not None and stored.settings["advice"] is False
    finally:
        store.close()


@pytest.fixture
def old_database(tmp_path: Path) -> Iterator[str]:
    """A database as a server made it before tables had settings, with one table in it."""
    db = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(db)
    store.add_table(
        StoredTable(
            key="old",
            game="whale-to-look",
            num_players=3,
            options={},
            seats=[
                {"kind": "human", "name": "Ana", "token": "ana-token"},
                {"kind": "bot", "name": "b", "bot": "easy", "token": "b1"},
                {"kind": "bot", "name": "c", "bot": "easy", "token": "b2"},
            ],
            spectator_token="old-spectator",
            hotseat_token=None,
            seed=1,
        )
    )
    store.close()
    conn = sqlite3.connect(tmp_path / "old.db")
    try:
        conn.execute("ALTER TABLE tables DROP COLUMN settings")
        conn.commit()
    finally:
        conn.close()
    yield db


def test_a_table_stored_before_tables_had_settings_loads_with_advice_on(
    old_database: str,
) -> None:
    store = Store(old_database)  # adds the column the old database lacks
    try:
        (stored,) = store.load_all()
        assert stored.settings == {}
        assert LiveTable(stored).settings.advice is True
    finally:
        store.close()
    with TestClient(create_app(old_database)) as client:
        assert "Advice is on at this table" in client.get("/t/ana-token").text
        with client.websocket_connect("/ws/ana-token") as ws:
            sock = Socket(ws)
            turn = sock.my_turn()
            sock.send({"type": "advice", "step": turn["step"]})
            assert sock.next_of("advice")["seat"] == 0


def test_an_old_postgresql_database_gets_the_settings_column(postgres: Postgres) -> None:
    key = f"old-{uuid.uuid4().hex[:8]}"
    store = Store(postgres.url)
    try:
        store.add_table(
            StoredTable(
                key=key,
                game="whale-to-look",
                num_players=3,
                options={},
                seats=[{"kind": "human", "name": "A", "token": f"{key}-{i}"} for i in range(3)],
                spectator_token=f"{key}-s",
                hotseat_token=None,
                seed=1,
            )
        )
    finally:
        store.close()
    engine = create_engine(postgres.url)
    try:
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE tables DROP COLUMN settings"))
    finally:
        engine.dispose()
    store = Store(postgres.url)
    try:
        stored = store.load(key)
        assert stored is not None and stored.settings == {}
        assert LiveTable(stored).settings.advice is True
    finally:
        store.close()


def test_damaged_stored_settings_read_as_the_defaults(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    store = Store(f"sqlite:///{db}")
    try:
        for key, settings in (("a", "not json"), ("b", "[1]"), ("c", '{"advice": "no"}')):
            store.add_table(
                StoredTable(
                    key=key,
                    game="whale-to-look",
                    num_players=3,
                    options={},
                    seats=[
                        {"kind": "human", "name": "Ana", "token": f"t{key}{i}"} for i in range(3)
                    ],
                    spectator_token=f"s{key}",
                    hotseat_token=None,
                    seed=1,
                )
            )
            conn = sqlite3.connect(db)
            try:
                conn.execute("UPDATE tables SET settings = ? WHERE key = ?", (settings, key))
                conn.commit()
            finally:
                conn.close()
        assert [LiveTable(s).settings.advice for s in store.load_all()] == [True, True, True]
    finally:
        store.close()
