"""The web app over HTTP and WebSockets: the lobby, creating tables, playing, records,
replays, and every way a page may try to cheat or send garbage."""

from __future__ import annotations

import gc
import html
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from table_support import (
    HUMAN_AND_TWO_BOTS,
    App,
    Socket,
    board_in,
    create_table,
    fish_shown,
    pick,
    token_of,
)

from whaletable import games
from whaletable.core import IllegalAction, Record
from whaletable.web.app import COLLECTOR_THRESHOLDS, MAX_BODY, MAX_MESSAGE, create_app
from whaletable.web.boards import board_for

GAME = games.get("whale-to-look")
TOKEN_CHARS = re.compile(r"^[A-Za-z0-9_-]+$")


def seat_urls(created: dict[str, Any]) -> list[str]:
    return [link["url"] for link in created["links"] if link["url"] is not None]


# ----------------------------------------------------------------------- lobby


def test_lobby_lists_every_registered_game(app: App) -> None:
    r = app.client.get("/")
    assert r.status_code == 200
    for game in games.all():
        assert f'<option value="{game.spec.id}"' in r.text
        assert game.spec.title in r.text
    most = max(game.spec.max_players for game in games.all())
    assert r.text.count('class="seat-row"') == most
    assert f'name="seat_{most - 1}_kind"' in r.text


def test_lobby_bot_levels_carry_their_stored_ratings(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from whaletable.sim import ratings

    row = {"mu": 31.2, "sigma": 0.7, "low": 29.8, "high": 32.6, "ordinal": 29.1}
    entry = {"ratings": [{"bot": "mcts", **row}], "games": 1000, "players": [3], "seed": 7}
    path = tmp_path / "ratings.json"
    every = {g.spec.id: entry for g in games.all()}
    path.write_text(json.dumps({"schema": ratings.SCHEMA, "games": every}))
    monkeypatch.setattr(ratings, "packaged_ratings", lambda: ratings.load_ratings(path))
    page = app.client.get("/?lang=en").text
    # "hard" is the capped search: rated as the search; "medium" has no rating stored.
    assert '<option value="hard" >hard · rated 31.2 ± 1.4</option>' in page
    assert '<option value="medium" selected>medium</option>' in page
    bots = re.search(rf'value="{GAME.spec.id}"[^>]*data-bots="([^"]*)"', page)
    assert bots is not None
    levels = json.loads(html.unescape(bots.group(1)))
    assert {"level": "hard", "label": "hard · rated 31.2 ± 1.4"} in levels
    vi = app.client.get("/?lang=vi").text
    assert "31.2 ± 1.4" in vi and "hard · rated" not in vi


def test_lobby_options_are_worded_by_each_game_in_the_page_language(app: App) -> None:
    english = app.client.get("/?lang=en").text
    assert "Trending card in round 2" in english
    assert "Orca-watching season" in english
    assert 'value="&#34;orca-watching&#34;"' in english  # the value is the option's JSON
    vietnamese = app.client.get("/?lang=vi").text
    assert "Mùa ngắm cá voi Đen" in vietnamese
    for game in games.all():
        board = board_for(game.spec.id)
        for name, choices in game.option_choices().items():
            assert f'name="option_{name}"' in english
            assert html.escape(board.option_label(name, str)) in english
            for choice in choices:
                assert html.escape(board.choice_label(name, choice, str)) in english


def test_json_creation_gives_a_link_per_human_seat_and_a_spectator_link(app: App) -> None:
    before = app.stored_tables()
    created = create_table(
        app.client,
        [
            {"kind": "human", "name": "Ana"},
            {"kind": "human", "name": "Bao"},
            {"kind": "bot", "bot": "easy"},
        ],
    )
    assert app.stored_tables() == before + 1
    assert [link["kind"] for link in created["links"]] == ["human", "human", "bot"]
    assert created["links"][2]["url"] is None  # a bot's seat is played by the server
    assert created["hotseat_url"] is None
    tokens = [token_of(u) for u in [*seat_urls(created), created["spectator_url"]]]
    assert len(tokens) == 3
    assert len(set(tokens)) == len(tokens)
    for token in tokens:
        # 16 random bytes, URL-safe base64: 128 bits that cannot be guessed.
        assert len(token) >= 22
        assert TOKEN_CHARS.match(token)
    roles = {token: app.tables.lookup(token)[1:] for token in tokens}
    assert roles == {tokens[0]: ("seat", 0), tokens[1]: ("seat", 1), tokens[2]: ("spectator", None)}


def test_every_page_of_a_table_opens_its_socket_with_the_table_key_for_a_proxy_to_hash(
    app: App,
) -> None:
    """A proxy in front of several workers hashes the socket's ``table`` argument, so every
    page of one table meets the same worker (see README, Deployment)."""
    created = create_table(app.client, [{"kind": "human", "name": "Ana"}, *HUMAN_AND_TWO_BOTS[1:]])
    for url in [*seat_urls(created), created["spectator_url"]]:
        token = token_of(url)
        page = app.client.get(f"/t/{token}").text
        key = app.tables.lookup(token)[0].key
        assert f'data-ws-path="/ws/{token}?table={key}"' in page
        with app.client.websocket_connect(f"/ws/{token}?table={key}") as ws:
            assert ws.receive_json()["type"]
    # The key is for the proxy alone: another table's key opens nothing of that table.
    other = create_table(app.client, [{"kind": "human", "name": "Bao"}, *HUMAN_AND_TWO_BOTS[1:]])
    ana = token_of(seat_urls(created)[0])
    with app.client.websocket_connect(f"/ws/{ana}?table={other['key']}") as ws:
        first = ws.receive_json()
    assert first["type"] == "state"
    assert "Bao" not in json.dumps(first) and "Ana" in json.dumps(first)


def test_json_creation_with_hotseat_gives_a_hotseat_link(app: App) -> None:
    created = create_table(
        app.client,
        [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}],
        hotseat=True,
    )
    assert created["hotseat_url"] is not None
    token = token_of(created["hotseat_url"])
    assert app.tables.lookup(token)[1:] == ("hotseat", None)
    assert app.client.get(f"/t/{token}").status_code == 200


def test_form_creation_shows_the_links_and_stores_the_table(app: App) -> None:
    before = app.stored_tables()
    r = app.client.post(
        "/games",
        data={
            "game": "whale-to-look",
            "num_players": "3",
            "seat_0_kind": "human",
            "seat_0_name": "Ana",
            "seat_1_kind": "human",
            "seat_1_name": "Bao",
            "seat_2_kind": "bot",
            "seat_2_bot": "easy",
            "option_edition": '"vi"',
            "option_area_layout": "ordered",
            "hotseat": "on",
        },
    )
    assert r.status_code == 200
    assert app.stored_tables() == before + 1
    # No trusted host is configured, so links are relative to the page that shows them.
    urls = re.findall(r'href="(/t/[^"]+)"', r.text)
    tokens = {token_of(u) for u in urls}
    roles = sorted(str(app.tables.lookup(t)[1:]) for t in tokens)
    assert roles == sorted(
        ["('seat', 0)", "('seat', 1)", "('spectator', None)", "('hotseat', None)"]
    )
    (table,) = app.tables.tables.values()
    assert table.names == ["Ana", "Bao", "easy bot"]
    assert table.options["edition"] == "vi"
    assert table.options["area_layout"] == "ordered"


def _seats(n: int) -> list[dict[str, Any]]:
    return [{"kind": "human", "name": f"P{i}"} for i in range(n)]


BAD_JSON_BODIES: list[tuple[str, Any, int, str]] = [
    ("unknown game", {"game": "chess", "seats": _seats(3)}, 404, "unknown game 'chess'"),
    (
        "bad option name",
        {"game": "whale-to-look", "seats": _seats(3), "options": {"colour": "red"}},
        400,
        "unknown option 'colour'",
    ),
    (
        "bad option value",
        {"game": "whale-to-look", "seats": _seats(3), "options": {"edition": "fr"}},
        400,
        "option 'edition'",
    ),
    (
        "options not an object",
        {"game": "whale-to-look", "seats": _seats(3), "options": ["edition"]},
        400,
        "options must be a mapping",
    ),
    ("too few seats", {"game": "whale-to-look", "seats": _seats(1)}, 400, "2–5 players, not 1"),
    ("too many seats", {"game": "whale-to-look", "seats": _seats(6)}, 400, "2–5 players, not 6"),
    (
        "bad seat kind",
        {"game": "whale-to-look", "seats": [*_seats(2), {"kind": "ghost"}]},
        400,
        "seat 3: kind must be human, open or bot, not 'ghost'",
    ),
    (
        "bad bot level",
        {"game": "whale-to-look", "seats": [*_seats(2), {"kind": "bot", "bot": "genius"}]},
        400,
        "seat 3: bot level must be one of easy, medium, hard, not 'genius'",
    ),
    (
        "bot level not a string",
        {"game": "whale-to-look", "seats": [*_seats(2), {"kind": "bot", "bot": ["easy"]}]},
        400,
        "seat 3: bot level must be one of",
    ),
    (
        "seats not a list",
        {"game": "whale-to-look", "seats": "three"},
        400,
        "'seats' must be a list",
    ),
    ("non-object body", [1, 2, 3], 400, "must be a JSON object"),
]


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [b[1:] for b in BAD_JSON_BODIES],
    ids=[b[0] for b in BAD_JSON_BODIES],
)
def test_bad_json_creation_is_refused_naming_the_fault(
    app: App, body: Any, status: int, message: str
) -> None:
    before = app.stored_tables()
    r = app.client.post("/api/games", json=body)
    assert r.status_code == status
    assert message in r.json()["error"]
    assert app.stored_tables() == before
    assert app.tables.tables == {}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"game": "whale-to-look", "seats": [', "not valid JSON"),
        (b"\xff\xfe not text", "not valid JSON"),
        (b"[" * 50_000 + b"]" * 50_000, "not valid JSON"),
    ],
    ids=["truncated", "not utf-8", "nested too deeply"],
)
def test_malformed_json_body_is_refused(app: App, content: bytes, message: str) -> None:
    before = app.stored_tables()
    r = app.client.post("/api/games", content=content, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert app.stored_tables() == before


def test_oversized_body_is_refused_with_413(app: App) -> None:
    before = app.stored_tables()
    body = json.dumps({"game": "whale-to-look", "seats": _seats(3), "pad": "x" * MAX_BODY})
    r = app.client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert f"at most {MAX_BODY} bytes" in r.json()["error"]
    assert app.stored_tables() == before


@pytest.mark.parametrize(
    ("fields", "status", "message"),
    [
        ({"game": "chess", "num_players": "3"}, 404, "unknown game &#39;chess&#39;"),
        ({"game": "whale-to-look", "num_players": "three"}, 400, "num_players must be a whole"),
        ({"game": "whale-to-look", "num_players": "9"}, 400, "between 1 and 8, not 9"),
        ({"game": "whale-to-look", "num_players": "1"}, 400, "2–5 players, not 1"),
        (
            {"game": "whale-to-look", "num_players": "2", "option_trending": '"summer"'},
            400,
            "option &#39;trending&#39;",
        ),
        (
            {"game": "whale-to-look", "num_players": "2", "seat_1_kind": "robot"},
            400,
            "seat 2: kind must be human, open or bot",
        ),
        (
            {"game": "whale-to-look", "num_players": "2", "seat_1_kind": "bot", "seat_1_bot": "x"},
            400,
            "seat 2: bot level must be one of",
        ),
    ],
    ids=[
        "unknown game",
        "bad count",
        "count out of range",
        "wrong count",
        "bad option",
        "kind",
        "bot",
    ],
)
def test_bad_form_creation_shows_an_error_page(
    app: App, fields: dict[str, str], status: int, message: str
) -> None:
    before = app.stored_tables()
    r = app.client.post("/games", data=fields)
    assert r.status_code == status
    assert 'class="message"' in r.text
    assert message in r.text
    assert app.stored_tables() == before


def test_unknown_token_page_is_404(app: App) -> None:
    create_table(app.client, HUMAN_AND_TWO_BOTS)
    r = app.client.get("/t/not-a-real-token-at-all-000")
    assert r.status_code == 404
    assert "does not belong to any table" in r.text


def test_unknown_token_socket_is_closed(app: App) -> None:
    with pytest.raises(WebSocketDisconnect) as closed:  # noqa: SIM117
        with app.client.websocket_connect("/ws/not-a-real-token") as ws:
            ws.receive_json()
    assert closed.value.code == 4404


# ----------------------------------------------------------------- open seats


def test_open_seat_is_claimed_from_the_lobby_and_its_link_works(app: App) -> None:
    created = create_table(
        app.client,
        [{"kind": "human", "name": "Ana"}, {"kind": "open"}, {"kind": "bot", "bot": "easy"}],
    )
    key = created["key"]
    assert created["links"][1]["url"] is None  # nobody has the open seat's link yet
    lobby = app.client.get("/")
    assert f'action="/games/{key}/claim/1"' in lobby.text

    r = app.client.post(f"/games/{key}/claim/1", data={"name": "Zed"}, follow_redirects=False)
    assert r.status_code == 303
    token = r.headers["location"].removeprefix("/t/")
    assert app.tables.lookup(token)[1:] == ("seat", 1)
    page = app.client.get(r.headers["location"])
    assert page.status_code == 200
    assert "Zed" in page.text
    with app.client.websocket_connect(f"/ws/{token}") as ws:
        assert Socket(ws).next_of("state")["key"] == key
    assert app.tables.tables[key].seats[1].kind == "human"
    assert f"/games/{key}/claim/" not in app.client.get("/").text


@pytest.mark.parametrize("seat", [0, 2, 7, -1])
def test_claiming_a_seat_that_is_not_open_is_refused(app: App, seat: int) -> None:
    created = create_table(
        app.client,
        [{"kind": "human", "name": "Ana"}, {"kind": "open"}, {"kind": "bot", "bot": "easy"}],
    )
    key = created["key"]
    r = app.client.post(f"/games/{key}/claim/{seat}", data={"name": "Zed"}, follow_redirects=False)
    assert r.status_code == 400
    assert "is not open" in r.text
    assert [s.kind for s in app.tables.tables[key].seats] == ["human", "open", "bot"]


def test_claiming_the_same_open_seat_twice_is_refused(app: App) -> None:
    created = create_table(app.client, [{"kind": "human", "name": "Ana"}, {"kind": "open"}])
    key = created["key"]
    first = app.client.post(f"/games/{key}/claim/1", data={"name": "Zed"}, follow_redirects=False)
    assert first.status_code == 303
    second = app.client.post(f"/games/{key}/claim/1", data={"name": "Eve"}, follow_redirects=False)
    assert second.status_code == 400
    assert app.tables.tables[key].names[1] == "Zed"


# ------------------------------------------------------- a whole game, records


def play_to_the_end(sock: Socket, seed: int, state: dict[str, Any] | None = None) -> dict[str, Any]:
    """Act on the latest state whenever it is this seat's turn (``state``, if it was already
    received), until the game ends."""
    rng = random.Random(seed)
    state = state or sock.my_turn()
    while not state["finished"]:
        step = state["step"]
        sock.send({"type": "act", "step": step, "action": pick(state, rng.randrange(1000))})
        state = sock.my_turn(after=step)
    return state


def test_a_human_plays_a_whole_game_against_two_bots(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    key = created["key"]
    token = token_of(created["links"][0]["url"])
    with app.client.websocket_connect(f"/ws/{token}") as ws:
        sock = Socket(ws)
        first = sock.my_turn()
        # While the game runs, neither its record nor its replay may be seen.
        running = app.client.get(f"/games/{key}/record.json")
        assert running.status_code == 403
        assert "the record is available when the game is over" in running.text
        assert app.client.get(f"/replay/{key}").status_code == 403
        sock.send({"type": "act", "step": first["step"], "action": pick(first, 0)})
        turn = sock.my_turn(after=first["step"])  # the server acknowledged the move
        final = play_to_the_end(sock, seed=1, state=turn)

    table = app.tables.tables[key]
    assert table.finished
    assert final["step"] == len(table.state.history)
    assert final["actions"] == []
    assert final["you"] is None
    scores = table.state.scores()
    assert final["result"] is not None
    rows = final["result"]["rows"]
    assert sorted(row["seat"] for row in rows) == [0, 1, 2]
    assert {row["seat"]: row["total"] for row in rows} == {s: int(p) for s, p in enumerate(scores)}
    assert [row["total"] for row in rows] == sorted((row["total"] for row in rows), reverse=True)
    assert app.stored_actions(key) == len(table.state.history)

    r = app.client.get(f"/games/{key}/record.json")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    record = Record.loads(r.text)
    assert record.seats == ["Ana", "easy bot", "medium bot"]
    replayed = record.replay()
    assert replayed.is_terminal()
    assert replayed.scores() == scores


@pytest.fixture
def finished(app: App) -> tuple[App, str, Record]:
    """A finished game of one human and two bots, and its downloaded record."""
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    with app.client.websocket_connect(f"/ws/{token_of(created['links'][0]['url'])}") as ws:
        play_to_the_end(Socket(ws), seed=7)
    key = created["key"]
    return app, key, Record.loads(app.client.get(f"/games/{key}/record.json").text)


def test_replay_pages_show_each_step_for_the_chosen_seat(finished: tuple[App, str, Record]) -> None:
    app, key, record = finished
    states = record.states()
    n = len(states) - 1
    start = app.client.get(f"/replay/{key}?step=0")
    assert start.status_code == 200
    assert set(fish_shown(board_in(start.text)).values()) == {"?"}  # nothing is dealt yet
    end = app.client.get(f"/replay/{key}")
    assert end.status_code == 200
    final_fish = states[-1].observation(None)["fish"]
    assert fish_shown(board_in(end.text)) == {f: str(v) for f, v in enumerate(final_fish)}
    # A step in play where seat 0 knows a card that the spectator does not.
    mid = next(
        k
        for k, s in enumerate(states)
        if s.observation(None)["phase"] in ("turn", "move")
        and s.observation(0)["fish"] != s.observation(None)["fish"]
    )
    for seat in (0, None):
        query = f"?step={mid}" + ("" if seat is None else f"&seat={seat}")
        r = app.client.get(f"/replay/{key}{query}")
        assert r.status_code == 200
        obs = states[mid].observation(seat)
        expected = {f: "?" if v is None else str(v) for f, v in enumerate(obs["fish"])}
        assert fish_shown(board_in(r.text)) == expected
    beyond = app.client.get(f"/replay/{key}?step={n + 50}")
    assert fish_shown(board_in(beyond.text)) == fish_shown(board_in(end.text))
    assert app.client.get(f"/replay/{key}?seat=5").status_code == 400


def test_uploaded_record_gives_a_replay_page(finished: tuple[App, str, Record]) -> None:
    app, _, record = finished
    r = app.client.post(
        "/replay",
        files={"record": ("game.json", record.dumps().encode(), "application/json")},
        follow_redirects=False,
    )
    assert r.status_code == 303
    page = app.client.get(r.headers["location"])
    assert page.status_code == 200
    final_fish = record.replay().observation(None)["fish"]
    assert fish_shown(board_in(page.text)) == {f: str(v) for f, v in enumerate(final_fish)}


def test_uploaded_unfinished_record_can_be_stepped_through(
    finished: tuple[App, str, Record],
) -> None:
    app, _, record = finished
    record.actions = record.actions[:30]
    r = app.client.post(
        "/replay",
        files={"record": ("part.json", record.dumps().encode(), "application/json")},
        follow_redirects=False,
    )
    assert r.status_code == 303
    page = app.client.get(r.headers["location"] + "?step=10")
    assert page.status_code == 200
    expected = record.states()[10].observation(None)["fish"]
    assert fish_shown(board_in(page.text)) == {
        f: "?" if v is None else str(v) for f, v in enumerate(expected)
    }


def _bad_records(record: Record) -> list[tuple[str, bytes, str]]:
    data = record.to_json()
    illegal = dict(data, actions=[*data["actions"][:5], {"type": "finish"}])
    unknown = dict(data, game="chess")
    wrong_format = dict(data, format="something-else")
    return [
        ("not json", b"{this is not json", "record is not valid JSON"),
        ("not utf-8", b"\xff\xfe\x00", "not UTF-8"),
        ("nested", b"[" * 50_000 + b"]" * 50_000, "not valid JSON"),
        ("not an object", b"[1, 2]", "a record must be a JSON object"),
        ("wrong format", json.dumps(wrong_format).encode(), "not a whaletable record"),
        ("illegal action", json.dumps(illegal).encode(), "action 5 of the record does not replay"),
        ("unknown game", json.dumps(unknown).encode(), "unknown game 'chess'"),
    ]


def test_malformed_or_non_replaying_uploads_are_refused(
    finished: tuple[App, str, Record],
) -> None:
    app, _, record = finished
    before = app.stored_tables()
    for name, content, message in _bad_records(record):
        r = app.client.post(
            "/replay",
            files={"record": ("bad.json", content, "application/json")},
            headers={"accept": "application/json"},
            follow_redirects=False,
        )
        assert r.status_code == 400, name
        assert message in r.json()["error"], name
    assert app.stored_tables() == before


# ------------------------------------------------------------------ no cheating


TWO_HUMANS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "human", "name": "Bao"},
    {"kind": "bot", "bot": "easy"},
]


@pytest.fixture
def two_humans(app: App) -> tuple[App, str, list[str], str]:
    """A table where seat 0 (human) is first, seat 1 is human too, seat 2 a bot."""
    created = create_table(app.client, TWO_HUMANS, options={"start_player": 0})
    tokens = [token_of(u) for u in seat_urls(created)]
    return app, created["key"], tokens, token_of(created["spectator_url"])


def expect_error(sock: Socket, contains: str) -> str:
    message = sock.next_of("error")["message"]
    assert contains in message
    return str(message)


def test_a_seat_link_cannot_act_for_another_seat(
    two_humans: tuple[App, str, list[str], str],
) -> None:
    app, key, (ana, bao), spectator = two_humans
    with (
        app.client.websocket_connect(f"/ws/{ana}") as ws0,
        app.client.websocket_connect(f"/ws/{bao}") as ws1,
        app.client.websocket_connect(f"/ws/{spectator}") as ws2,
    ):
        turn = Socket(ws0).my_turn()
        stored = app.stored_actions(key)
        action = pick(turn, 0)
        for other in (Socket(ws1), Socket(ws2)):
            other.send({"type": "act", "step": turn["step"], "action": action})
            expect_error(other, "it is not your turn")
        assert app.stored_actions(key) == stored
        assert len(app.tables.tables[key].state.history) == turn["step"]


def investigate(turn: dict[str, Any]) -> dict[str, Any]:
    """An investigate action among a state's choices: it keeps the turn with the seat."""
    found: dict[str, Any] = next(
        a["action"] for a in turn["actions"] if a["action"]["type"] == "investigate"
    )
    return found


def test_stale_and_replayed_moves_are_rejected_and_change_nothing(
    two_humans: tuple[App, str, list[str], str],
) -> None:
    app, key, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        move = {"type": "act", "step": turn["step"], "action": investigate(turn)}
        sock.send(move)
        after = sock.my_turn(after=turn["step"])
        assert after["step"] == turn["step"] + 1
        stored = app.stored_actions(key)
        sock.send(move)  # the same message again
        expect_error(sock, f"stale move: the game is at step {after['step']}")
        for stale in (turn["step"] - 3, after["step"] + 1, "7", None, True):
            sock.send({"type": "act", "step": stale, "action": pick(after, 0)})
            expect_error(sock, "stale move")
        assert app.stored_actions(key) == stored
        assert len(app.tables.tables[key].state.history) == after["step"]


def test_garbage_messages_get_errors_and_change_nothing(
    two_humans: tuple[App, str, list[str], str],
) -> None:
    app, key, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        step = turn["step"]
        stored = app.stored_actions(key)
        state = app.tables.tables[key].state
        illegal = {"type": "move_boat", "boat": 0, "area": 0, "anchor": False}
        with pytest.raises(IllegalAction):
            state.clone().apply(GAME.action_from_json(illegal))
        # A move the rules refuse, forged or malformed, is answered with the rule it breaks,
        # never with the engine's words.
        refused = "This move is not allowed now: see “Your turn” in the rules."
        cases: list[tuple[str, str]] = [
            ("{not json", "malformed JSON"),
            ("[" * 5000 + "]" * 5000, "malformed JSON"),
            ("[1, 2]", "a message must be a JSON object"),
            ('"act"', "a message must be a JSON object"),
            ('{"type": "dance"}', "unknown message type 'dance'"),
            ('{"step": 3}', "unknown message type None"),
            (json.dumps({"type": "act", "step": step, "action": illegal}), refused),
            (json.dumps({"type": "act", "step": step, "action": {"type": "investigate"}}), refused),
            (
                json.dumps(
                    {"type": "act", "step": step, "action": {"type": "investigate", "card": 1}}
                ),
                refused,
            ),
            (
                json.dumps(
                    {"type": "act", "step": step, "action": {"type": "investigate", "fish": "1"}}
                ),
                refused,
            ),
            (json.dumps({"type": "act", "step": step, "action": {"type": "sail"}}), refused),
            (json.dumps({"type": "act", "step": step, "action": [1]}), refused),
        ]
        for text, message in cases:
            ws.send_text(text)
            expect_error(sock, message)
        ws.send_bytes(b'{"type": "ping"}')
        expect_error(sock, "send text frames of JSON")
        ws.send_text('{"type": "ping"}')
        assert sock.receive() == {"type": "pong"}
        assert app.stored_actions(key) == stored
        assert len(app.tables.tables[key].state.history) == step


def test_an_oversized_message_is_refused_and_closes_the_socket(
    two_humans: tuple[App, str, list[str], str],
) -> None:
    app, key, (ana, _), _ = two_humans
    with app.client.websocket_connect(f"/ws/{ana}") as ws:
        sock = Socket(ws)
        turn = sock.my_turn()
        stored = app.stored_actions(key)
        big = json.dumps(
            {
                "type": "act",
                "step": turn["step"],
                "action": pick(turn, 0),
                "pad": "x" * MAX_MESSAGE,
            }
        )
        ws.send_text(big)
        expect_error(sock, f"message too large: at most {MAX_MESSAGE}")
        with pytest.raises(WebSocketDisconnect) as closed:
            sock.receive()
        assert closed.value.code == 1009
    assert app.stored_actions(key) == stored
    assert len(app.tables.tables[key].state.history) == turn["step"]


def test_whale_to_look_refuses_every_undo(two_humans: tuple[App, str, list[str], str]) -> None:
    app, key, (ana, bao), _ = two_humans
    with (
        app.client.websocket_connect(f"/ws/{ana}") as ws0,
        app.client.websocket_connect(f"/ws/{bao}") as ws1,
    ):
        sock = Socket(ws0)
        turn = sock.my_turn()
        assert turn["can_undo"] is False
        sock.send({"type": "undo", "step": turn["step"]})
        expect_error(sock, "nothing to undo")
        sock.send({"type": "act", "step": turn["step"], "action": investigate(turn)})
        after = sock.my_turn(after=turn["step"])
        assert after["can_undo"] is False  # a look at a card is never taken back
        stored = app.stored_actions(key)
        sock.send({"type": "undo", "step": after["step"]})
        expect_error(sock, "nothing to undo: a chance outcome, a reveal")
        other = Socket(ws1)
        other.send({"type": "undo", "step": after["step"]})
        expect_error(other, "only the seat to move may undo")
        assert app.stored_actions(key) == stored
        assert len(app.tables.tables[key].state.history) == after["step"]


# --------------------------------------------------------------------- hot-seat


def test_hotseat_hands_the_device_over_before_showing_a_private_view(app: App) -> None:
    created = create_table(app.client, TWO_HUMANS, hotseat=True, options={"start_player": 0})
    key = created["key"]
    with app.client.websocket_connect(f"/ws/{token_of(created['hotseat_url'])}") as ws:
        sock = Socket(ws)
        first = sock.receive()
        while first["type"] == "state":
            # Only the public view may show before anyone has taken the device.
            assert first["you"] is None
            assert fish_shown(first["board"]) == {f: "?" for f in range(12)}
            first = sock.receive()
        assert first == {"type": "handover", "to": 0, "name": "Ana"}

        sock.send({"type": "ready", "seat": 1})
        expect_error(sock, "no hand-over to that seat is waiting")
        sock.send({"type": "ready", "seat": 0})
        mine = sock.next_of("state")
        assert mine["you"] == 0
        assert "Your turn" in mine["status"]
        finish = next(a["action"] for a in mine["actions"] if a["action"]["type"] == "finish")
        sock.send({"type": "act", "step": mine["step"], "action": finish})
        # Bao is next: the very next message hides Ana's view behind a hand-over.
        assert sock.receive() == {"type": "handover", "to": 1, "name": "Bao"}
        sock.send({"type": "ready", "seat": 0})
        expect_error(sock, "no hand-over to that seat is waiting")
        sock.send({"type": "ready", "seat": 1})
        bao = sock.next_of("state")
        assert bao["you"] == 1
        assert bao["step"] == len(app.tables.tables[key].state.history)
        assert bao["step"] == mine["step"] + 1


def test_lobby_lists_finished_games_for_replay(finished: tuple[App, str, Record]) -> None:
    app, key, _record = finished
    running = create_table(app.client, HUMAN_AND_TWO_BOTS)["key"]
    lobby = app.client.get("/")
    assert lobby.status_code == 200
    assert f'href="/replay/{key}"' in lobby.text
    assert f'href="/replay/{running}"' not in lobby.text  # a game in play keeps its secrets
    assert 'action="/replay"' in lobby.text and 'name="record"' in lobby.text


def test_unnamed_bots_of_one_level_are_told_apart(app: App) -> None:
    seats = [
        {"kind": "human", "name": "Ana"},
        {"kind": "bot", "bot": "easy"},
        {"kind": "bot", "bot": "easy"},
        {"kind": "bot", "bot": "medium"},
    ]
    created = create_table(app.client, seats)
    names = [link["name"] for link in created["links"]]
    assert names == ["Ana", "easy bot 2", "easy bot 3", "medium bot"]


def test_play_again_gives_every_page_its_own_link_to_the_new_table(app: App) -> None:
    created = create_table(app.client, HUMAN_AND_TWO_BOTS)
    key = created["key"]
    token = token_of(created["links"][0]["url"])
    watching = token_of(created["spectator_url"])
    with (
        app.client.websocket_connect(f"/ws/{token}") as ws,
        app.client.websocket_connect(f"/ws/{watching}") as spectator_ws,
    ):
        play_to_the_end(Socket(ws), seed=3)
        spectator = Socket(spectator_ws)
        spectator.until_finished()
        unknown = app.client.post(f"/games/{key}/again", data={"token": "nope"})
        assert unknown.status_code == 404
        r = app.client.post(f"/games/{key}/again", data={"token": token}, follow_redirects=False)
        assert r.status_code == 303
        new = app.tables.tables[app.tables.tables[key].next_key or ""]
        assert r.headers["location"] == f"/t/{new.seats[0].token}"
        assert spectator.next_of("again")["url"] == f"/t/{new.spectator_token}"
        assert Socket(ws).next_of("again")["url"] == f"/t/{new.seats[0].token}"
        # Pressing it again leads to the same new table, not another one.
        again = app.client.post(
            f"/games/{key}/again", data={"token": token}, follow_redirects=False
        )
        assert again.headers["location"] == f"/t/{new.seats[0].token}"
    assert [s.name for s in new.seats] == ["Ana", "easy bot", "medium bot"]
    assert [s.token for s in new.seats] != [s.token for s in app.tables.tables[key].seats]


def test_the_server_freezes_what_it_loaded_at_start_and_thaws_it_at_the_end(
    tmp_path: Path,
) -> None:
    """Everything loaded at start lives as long as the server: kept out of the collector's
    full passes (their pauses stop every table), and given back when the app stops."""
    gc.unfreeze()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'app.db'}")):
        assert gc.get_freeze_count() > 10_000  # the games, the web app, the resumed tables
    assert gc.get_freeze_count() == 0


def test_the_server_collects_its_oldest_generation_rarely_and_gives_the_thresholds_back(
    tmp_path: Path,
) -> None:
    """Full collections stop every table: while the app runs there are a tenth as many
    as Python's defaults make, and the process has its own thresholds back afterwards."""
    before = gc.get_threshold()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'app.db'}")):
        running = gc.get_threshold()
    assert running == COLLECTOR_THRESHOLDS
    assert gc.get_threshold() == before
