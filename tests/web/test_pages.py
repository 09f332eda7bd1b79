"""Stable pages and "my games": a new table lands on a page of its own secret address, which
reloading never turns into a second table, and a browser lists the tables it opened with a
seat's link, from nothing but the tokens its cookie shows."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from table_support import HUMAN_AND_TWO_BOTS, App, Socket, create_table, pick, token_of

from whaletable.web.app import create_app
from whaletable.web.limits import Limits
from whaletable.web.routes.mine import MAX_MINE, MINE_COOKIE

FORM = {
    "game": "whale-to-look",
    "num_players": "2",
    "seat_0_kind": "human",
    "seat_0_name": "Ana",
    "seat_1_kind": "human",
    "seat_1_name": "Bao",
}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """An app that lets one client make the few dozen tables these tests make."""
    db_url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db_url, limits=Limits(create_rate="1000/minute"))) as client:
        yield App(client, db_url)


def seat_tokens(created: dict[str, Any]) -> list[str]:
    return [token_of(link["url"]) for link in created["links"] if link["url"]]


# ------------------------------------------------------------------ stable pages


def test_the_lobby_form_redirects_to_a_host_page_that_reloads_without_a_new_table(
    app: App,
) -> None:
    before = app.stored_tables()
    r = app.client.post("/games", data=FORM, follow_redirects=False)
    assert r.status_code == 303
    where = r.headers["location"]
    assert re.fullmatch(r"/games/links/[A-Za-z0-9_-]{22}", where)
    assert app.stored_tables() == before + 1
    pages = [app.client.get(where) for _ in range(3)]
    assert all(p.status_code == 200 for p in pages)
    assert app.stored_tables() == before + 1  # reloading made nothing
    assert pages[0].text == pages[2].text
    assert pages[0].headers["cache-control"] == "no-store"
    urls = re.findall(r'href="(/t/[^"]+)"', pages[0].text)
    assert len(urls) == 3  # two seats and the spectators
    assert where in pages[0].text  # the page names its own address, to keep


def test_the_host_page_outlives_a_restart(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db_url)) as client:
        where = client.post("/games", data=FORM, follow_redirects=False).headers["location"]
        first = client.get(where).text
    with TestClient(create_app(db_url)) as client:
        again = client.get(where)
    assert again.status_code == 200
    assert re.findall(r'href="(/t/[^"]+)"', again.text) == re.findall(r'href="(/t/[^"]+)"', first)


def test_the_json_api_answers_201_with_the_host_page(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    host = created["host_url"]
    assert re.fullmatch(r"/games/links/[A-Za-z0-9_-]{22}", host)
    page = app.client.get(host).text
    assert f"/t/{seat_tokens(created)[0]}" in page


def test_an_unknown_or_malformed_host_page_is_not_found(app: App) -> None:
    create_table(app.client, HUMAN_AND_TWO_BOTS)
    for token in ("A" * 22, "short", "a" * 65, "bad chars!!!!!!!!!!!!!", "é" * 22):
        r = app.client.get(f"/games/links/{token}")
        assert r.status_code == 404, token
        assert "does not belong to any table" in r.text


def test_the_host_page_is_not_any_seat_link_and_no_seat_link_is_a_host_page(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    host = token_of(created["host_url"])
    assert app.client.get(f"/t/{host}").status_code == 404
    for token in [*seat_tokens(created), token_of(created["spectator_url"])]:
        assert app.client.get(f"/games/links/{token}").status_code == 404


def test_playing_again_twice_lands_on_the_same_new_table(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    token = seat_tokens(created)[0]
    table = app.tables.lookup(token)[0]
    with app.client.websocket_connect(f"/ws/{token}") as ws:
        sock = Socket(ws)
        state = sock.my_turn()
        i = 0
        while not state["finished"]:
            sock.send({"type": "act", "step": state["step"], "action": pick(state, i)})
            state = sock.my_turn(state["step"])
            i += 1
    before = app.stored_tables()
    again = f"/games/{table.key}/again"
    first = app.client.post(again, data={"token": token}, follow_redirects=False)
    second = app.client.post(again, data={"token": token}, follow_redirects=False)
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == second.headers["location"]
    assert app.client.get(first.headers["location"]).status_code == 200
    assert app.stored_tables() == before + 1


# ------------------------------------------------------------------ my games


def mine(app: App, *tokens: str) -> str:
    app.client.cookies.set(MINE_COOKIE, ".".join(tokens))
    r = app.client.get("/mine")
    assert r.status_code == 200
    assert r.headers["cache-control"] == "no-store"
    return r.text


def first_to_move(app: App, tokens: list[str]) -> int:
    """The seat to make the first decision once the cards are dealt: Whale to Look draws
    its start player, so either seat may be."""
    with app.client.websocket_connect(f"/ws/{tokens[0]}") as ws:
        sock = Socket(ws)
        while True:
            sock.next_of("state")
            state = app.tables.lookup(tokens[0])[0].state
            if not state.is_chance_node():
                return state.current_player()


def test_my_games_lists_the_seats_shown_with_whose_turn_it_is(app: App) -> None:
    waiting = create_table(
        app.client, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}]
    )
    tokens = seat_tokens(waiting)
    mover = first_to_move(app, tokens)
    names = ["Ana", "Bao"]
    page = mine(app, *tokens)
    rows = re.findall(r'<li class="mine-table([^"]*)" data-token="([^"]+)">([\s\S]*?)</li>', page)
    assert [token for _, token, _ in rows] == [tokens[mover], tokens[1 - mover]]  # mover first
    assert "your-turn" in rows[0][0] and "Your turn" in rows[0][2]
    assert f"You play as {names[mover]}." in rows[0][2]
    assert "your-turn" not in rows[1][0] and f"{names[mover]} to move" in rows[1][2]
    assert f"You play as {names[1 - mover]}." in rows[1][2]


def test_my_games_shows_no_other_seat_link_and_no_secret_of_a_seat(app: App) -> None:
    created = create_table(
        app.client, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}]
    )
    tokens = seat_tokens(created)
    mover = first_to_move(app, tokens)
    with app.client.websocket_connect(f"/ws/{tokens[mover]}") as ws:
        sock = Socket(ws)
        state = sock.my_turn()
        # The seat to move looks at a fish card: its value is its own alone.
        look = next(a for a in state["actions"] if a["action"].get("type") == "investigate")
        sock.send({"type": "act", "step": state["step"], "action": look["action"]})
        sock.my_turn(state["step"])
    table = app.tables.lookup(tokens[mover])[0]
    page = mine(app, tokens[mover])
    assert tokens[1 - mover] not in page and table.spectator_token not in page
    public = table.board.status(table.state.observation(None), table.names, lambda s: s)
    private = table.board.status(table.state.observation(mover), table.names, lambda s: s)
    assert public in page
    if private != public:
        assert private not in page


def test_my_games_looks_up_at_most_the_last_twenty(app: App) -> None:
    tokens = []
    for _ in range(MAX_MINE + 3):
        created = create_table(app.client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}])
        tokens.append(seat_tokens(created)[0])
    page = mine(app, *tokens)
    assert page.count('class="mine-table') == MAX_MINE
    assert all(t not in page for t in tokens[MAX_MINE:])


def test_a_finished_game_shows_its_result_line(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    ana = seat_tokens(created)[0]
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        state = sock.my_turn()
        while not state["finished"]:
            sock.send({"type": "act", "step": state["step"], "action": pick(state, 0)})
            state = sock.my_turn(state["step"])
    table = app.tables.lookup(ana)[0]
    result = table.board.result(table.state.observation(None), table.names, lambda s: s)
    assert result is not None
    page = mine(app, ana)
    assert 'class="mine-table finished"' in page
    assert "Your turn" not in page
    line = result["headline"] or table.board.status(
        table.state.observation(None), table.names, lambda s: s
    )
    assert line in page.replace("&#39;", "'")


def test_removing_a_table_from_my_games_rewrites_the_cookie(app: App) -> None:
    a = seat_tokens(create_table(app.client, HUMAN_AND_TWO_BOTS))[0]
    b = seat_tokens(create_table(app.client, HUMAN_AND_TWO_BOTS))[0]
    app.client.cookies.set(MINE_COOKIE, f"{a}.{b}")
    r = app.client.post("/mine/forget", data={"token": a}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/mine"
    cookie = r.headers["set-cookie"]
    assert f"{MINE_COOKIE}={b};" in cookie and a not in cookie
    assert "samesite=lax" in cookie.lower()
    app.client.cookies.set(MINE_COOKIE, b)
    page = app.client.get("/mine").text
    assert a not in page and b in page


def test_my_games_is_rate_limited(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db_url, limits=Limits(links_rate="3/minute"))) as client:
        codes = [client.get("/mine").status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        assert client.get("/games/links/" + "A" * 22).status_code == 429


def test_every_page_links_to_my_games(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    for path in ("/", created["host_url"], created["links"][0]["url"], "/mine"):
        assert 'href="/mine"' in app.client.get(path).text, path


def test_a_database_from_before_host_pages_gets_them_on_opening(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        old = create_table(client, HUMAN_AND_TWO_BOTS)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP INDEX tables_host_digest")
        conn.execute("ALTER TABLE tables DROP COLUMN host_digest")
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        assert client.get(f"/t/{seat_tokens(old)[0]}").status_code == 200
        where = client.post("/games", data=FORM, follow_redirects=False).headers["location"]
        assert client.get(where).status_code == 200
    with sqlite3.connect(db) as conn:
        indexes = [row[1] for row in conn.execute("PRAGMA index_list(tables)")]
    assert "tables_host_digest" in indexes
