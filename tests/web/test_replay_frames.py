"""The replay page's steps as JSON: each drawn for the chosen viewpoint, a part at a time,
under the replay page's own rules of access; and the pieces the pages slide."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest
from board_support import walk
from fastapi.testclient import TestClient
from table_support import App, create_table

from whaletable import games
from whaletable.agents import make_agent
from whaletable.core import CHANCE, Record, SeatView
from whaletable.web.app import create_app
from whaletable.web.boards import board_for
from whaletable.web.i18n import translator
from whaletable.web.limits import Limits
from whaletable.web.routes import records
from whaletable.web.routes.records import FRAMES_AT_ONCE

GAMES = ["whale-to-look", "save-the-whales", "whale-riders", "survive"]


def uploaded(app: App, game_id: str, seed: int, stop: int | None = None) -> tuple[str, Record]:
    """A random game of ``game_id`` (its first ``stop`` steps), uploaded for replay."""
    game = games.get(game_id)
    state = game.new_state(3, {}, events=True)
    rng = random.Random(seed)
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        actor = state.current_player()
        state.apply(
            state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions())
        )
    record = Record.of(state, seats=["Ana", "Bao", "Chi"])
    r = app.client.post(
        "/replay",
        files={"record": ("game.json", record.dumps().encode(), "application/json")},
        follow_redirects=False,
    )
    assert r.status_code == 303
    return r.headers["location"].rsplit("/", 1)[1], record


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_frames_are_each_step_drawn_for_the_chosen_seat(app: App, game_id: str) -> None:
    key, record = uploaded(app, game_id, seed=4, stop=60)
    states, told = record.states(), record.replay(events=True)
    board, tr = board_for(game_id), translator("en")
    for seat in (None, 1):
        query = "" if seat is None else f"&seat={seat}"
        got = app.client.get(f"/replay/{key}/frames.json?start=40&count=15{query}").json()
        assert got["steps"] == len(states) - 1 and got["seat"] == seat
        assert [f["step"] for f in got["frames"]] == list(range(40, 55))
        for frame in got["frames"]:
            state = states[frame["step"]]
            events = told.step_events(seat, frame["step"] - 1) if frame["step"] else []
            obs = state.observation(seat)
            assert frame["board"] == board.svg(obs, [], record.seats, tr, events=events)
            assert frame["status"] == board.status(obs, record.seats, tr)
    first = app.client.get(f"/replay/{key}/frames.json?start=0&count=2").json()
    assert [f["step"] for f in first["frames"]] == [0, 1]
    end = app.client.get(f"/replay/{key}/frames.json?start=58&count=40").json()
    assert [f["step"] for f in end["frames"]] == [58, 59, 60]


def test_replay_frames_are_bounded_and_refuse_what_is_not_there(app: App) -> None:
    key, _ = uploaded(app, "whale-to-look", seed=1, stop=30)
    for query, message in [
        (f"count={FRAMES_AT_ONCE + 1}", f"count must be 1..{FRAMES_AT_ONCE}"),
        ("count=0", "count must be 1.."),
        ("start=31", "no step 31: steps are 0..30"),
        ("start=-1", "no step -1"),
        ("seat=3", "no seat 3: seats are 0..2"),
    ]:
        r = app.client.get(f"/replay/{key}/frames.json?{query}")
        assert r.status_code == 400, query
        assert message in r.text
    assert app.client.get(f"/replay/{key}/frames.json?start=x").status_code in (400, 422)
    assert app.client.get("/replay/nosuchtable/frames.json").status_code == 404


def test_a_game_in_play_has_no_replay_frames(app: App) -> None:
    created = create_table(app.client, [{"kind": "human", "name": n} for n in ("Ana", "Bao")])
    r = app.client.get(f"/replay/{created['key']}/frames.json?seat=0")
    assert r.status_code == 403


def test_replay_frames_are_drawn_off_the_event_loop(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long game's frames take a good part of a second to draw: on the event loop, that
    would hold up every table's moves for as long, once per request."""
    key, _ = uploaded(app, "whale-riders", seed=3, stop=80)
    on_loop: list[bool] = []
    drawn_step = records.drawn_step

    def watched(*args: Any) -> dict[str, Any]:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        return drawn_step(*args)

    monkeypatch.setattr(records, "drawn_step", watched)
    r = app.client.get(f"/replay/{key}/frames.json?start=40&count=40")
    assert r.status_code == 200 and len(r.json()["frames"]) == 40
    assert on_loop and not any(on_loop)


def test_replay_frames_are_rate_limited_per_client(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db_url, limits=Limits(replay_rate="3/minute"))) as client:
        key, _ = uploaded(App(client=client, db_url=db_url), "whale-to-look", seed=1, stop=10)
        codes = [client.get(f"/replay/{key}/frames.json").status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        assert client.get(f"/replay/{key}").status_code == 200  # the page itself is not


def test_the_replay_page_lists_every_line_with_a_link_to_its_step(app: App) -> None:
    key, _ = uploaded(app, "whale-to-look", seed=2, stop=40)
    page = app.client.get(f"/replay/{key}?step=25&seat=1").text
    steps = [int(s) for s in re.findall(r'<li data-step="(\d+)"', page)]
    assert steps == sorted(steps) and steps[-1] <= 40 and 25 in steps
    assert f'href="/replay/{key}?step=25&amp;seat=1"' in page
    assert re.search(r'<li data-step="25" class="current" aria-current="step">', page)
    assert 'src="/static/replay.js"' in page


@pytest.mark.parametrize("game_id", GAMES)
def test_every_piece_carries_its_key_for_the_page_to_slide_it(game_id: str) -> None:
    game, board = games.get(game_id), board_for(game_id)
    tr = translator("en")
    seen = 0
    for i, snap in enumerate(walk(game, 3, 6, {})):
        if i % 7:
            continue
        svg = board.svg(snap.state.observation(None), [], ["A", "B", "C"], tr)
        marked = re.findall(r'<[^>]*\bdata-piece=""[^>]*>', svg)
        pieces = [re.search(r'\bdata-key="([^"]+)"', tag) for tag in marked]
        keys = [found.group(1) for found in pieces if found is not None]
        assert len(keys) == len(marked), "a piece without its key"
        assert len(keys) == len(set(keys)), "two pieces share a key"
        seen += len(keys)
    assert seen > 0


SAFE_VALUE = r'class="explorer-value safe" data-explorer="(\d+)"'


def test_saved_explorers_show_their_values_to_their_owner_and_to_everyone_at_the_end() -> None:
    game, board = games.get("survive"), board_for("survive")
    state = game.new_state(2, {}, events=True)
    rng = random.Random(0)
    bots = [make_agent("heuristic", game, i) for i in range(2)]
    mid_game = 0
    while not state.is_terminal():
        actor = state.current_player()
        state.apply(
            state.sample_chance(rng) if actor == CHANCE else bots[actor].act(SeatView(state, actor))
        )
        if len(state.history) % 25 == 0 and not state.is_terminal():
            for seat in (0, 1, None):
                svg = board.svg(state.observation(seat), [], ["A", "B"], translator("en"))
                for explorer in re.findall(SAFE_VALUE, svg):
                    assert seat is not None and int(explorer) // 10 == seat
                    mid_game += 1
    svg = board.svg(state.observation(None), [], ["A", "B"], translator("en"))
    obs = state.observation(None)
    saved = {e["id"]: e["value"] for e in obs["explorers"] if e["status"] == "safe"}
    shown = re.findall(SAFE_VALUE + r"[^>]*>(\d)<", svg)
    assert saved and {int(e): int(v) for e, v in shown} == saved
    assert mid_game > 0
