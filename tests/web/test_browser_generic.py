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
from collections.abc import Iterator
from typing import Any

import pytest
from board_support import generic_rows
from browser_support import (
    MOVED_ON,
    TURN_TIMEOUT,
    InProcess,
    finished,
    in_process,
    step_of,
    url_path,
    wait_turn,
)
from playwright.sync_api import BrowserContext, Page, expect
from toy_game import TOY_ID, Deal, Roll, ToyGame

from whaletable.core import registry

pytestmark = pytest.mark.slow

pytest_plugins = ["browser_support"]

NAMES = ("Ana", "Bao")


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcess]:
    """Secret Steps registered, and the app served on a free loopback port."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry._GAMES, TOY_ID, ToyGame())
        with in_process(tmp_path_factory.mktemp("generic-server")) as served:
            yield served


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
    watcher.wait_for_function("() => Number(document.body.dataset.step) >= 2")
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
        page.wait_for_function(
            "() => document.body.dataset.finished === 'true'", timeout=TURN_TIMEOUT
        )
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
