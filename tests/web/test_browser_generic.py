"""A game with no board of its own, played to the end in a real browser by clicking the
buttons the generic board draws.

``whaletable serve`` loads only the installed games, so the test kit's "Secret Steps" is
registered in this process and the app is served by uvicorn in a thread of it. Ana and Bao
play from two pages of one browser; a third page watches. Every decision is a click on a
``data-action`` button of the SVG board.
"""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from board_support import generic_rows
from browser_support import TURN_TIMEOUT, finished, free_port, step_of, wait_turn
from fastapi import FastAPI
from playwright.sync_api import BrowserContext, Page, expect
from toy_game import TOY_ID, Deal, Roll, ToyGame

from whaletable.core import registry
from whaletable.web.app import create_app
from whaletable.web.origin import Reach

pytestmark = pytest.mark.slow

pytest_plugins = ["browser_support"]

NAMES = ("Ana", "Bao")
STARTUP_SECONDS = 30.0
MOVED_ON = """(past) => Number(document.body.dataset.step) > past
  && !document.body.classList.contains("waiting")"""
"""The page has taken in a state after step ``past`` (whoever is to move in it)."""


@dataclass
class InProcess:
    """The web app served by uvicorn in a thread of the test process."""

    base: str
    app: FastAPI

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + "/api/games",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 201
            created: dict[str, Any] = json.loads(response.read())
            return created


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcess]:
    """Secret Steps registered, and the app served on a free loopback port."""
    folder = tmp_path_factory.mktemp("generic-server")
    port = free_port()
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry._GAMES, TOY_ID, ToyGame())
        app = create_app(
            f"sqlite:///{Path(folder) / 't.db'}",
            reach=Reach(bound_host="127.0.0.1", bound_port=port),
        )
        server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + STARTUP_SECONDS
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the in-process server did not start")
            time.sleep(0.05)
        try:
            yield InProcess(f"http://127.0.0.1:{port}", app)
        finally:
            server.should_exit = True
            thread.join(timeout=30)


def url_path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def svg_of(page: Page) -> str:
    """The board a page shows, as SVG text."""
    svg: str = page.locator("#board svg").evaluate("e => e.outerHTML")
    return svg


def may_act(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.you !== ''"))


def test_secret_steps_is_played_to_the_end_by_clicking_the_generic_board(
    toy_server: InProcess, context: BrowserContext
) -> None:
    rng = random.Random(2)
    created = toy_server.create(
        {"game": TOY_ID, "seats": [{"kind": "human", "name": n} for n in NAMES]}
    )
    pages = [context.new_page() for _ in NAMES]
    errors: list[str] = []
    for page, link in zip(pages, created["links"], strict=True):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(toy_server.base + url_path(link["url"]))
    watcher = context.new_page()
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(toy_server.base + url_path(created["spectator_url"]))
    # Both secrets are dealt by now: the spectator sees neither.
    watcher.wait_for_function("Number(document.body.dataset.step) >= 2")
    assert generic_rows(svg_of(watcher))["Secrets"] == "—, —"

    clicked: list[dict[str, Any]] = []
    seat, past = 0, -1
    for _ in range(60):
        page = pages[seat]
        page.bring_to_front()  # a page in the background gets no animation frames to click in
        step = wait_turn(page, past)
        if finished(page):
            break
        expect(page.locator("#status")).to_have_text("Walking · Your turn")  # phase, then turn
        buttons = page.locator("#board svg .act")
        # Every button plays an action the list under the board offers, in the same words.
        offered = page.locator("#actions button.action").all_text_contents()
        assert page.locator("#board svg .act title").all_text_contents() == offered
        button = buttons.nth(rng.randrange(buttons.count()))
        action = json.loads(button.get_attribute("data-action") or "")
        button.click()
        clicked.append(action)
        page.wait_for_function(MOVED_ON, arg=step, timeout=TURN_TIMEOUT)
        past = step
        if not may_act(page) and not finished(page):
            seat = 1 - seat  # the other seat's page is to move next
    else:
        pytest.fail("the game did not end in 60 clicks")

    for page in (*pages, watcher):
        page.wait_for_function("document.body.dataset.finished === 'true'", timeout=TURN_TIMEOUT)
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#status")).to_contain_text("Game over")
    table = toy_server.app.state.tables.tables[created["key"]]
    state = table.state
    assert state.is_terminal()
    assert [a.to_json() for a in state.history if not isinstance(a, (Deal, Roll))] == clicked
    result = state.result()
    assert result is not None
    headline = ", ".join(NAMES[s] for s in result.winners)
    expect(watcher.locator("#result-headline")).to_have_text(
        f"Game over: {headline} won." if headline else "Game over: nobody won."
    )
    assert generic_rows(svg_of(watcher))["Secrets"] == ", ".join(str(s) for s in state.secrets)
    assert step_of(watcher) == len(state.history)
    assert errors == []
