"""Stable pages, "my games" and turn alerts in a real browser, for every game: a table made
from the lobby lands on its own page, which a reload never doubles; a seat's page is listed
under "My games"; and a tab's title and icon say when it is this page's turn."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_support import (
    MOVED_ON,
    TURN_TIMEOUT,
    create_table,
    screenshot,
    serving,
    step_of,
    url_path,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

if TYPE_CHECKING:
    from browser_support import Server

pytestmark = pytest.mark.slow
pytest_plugins = ["browser_support"]

GAMES = ["whale-to-look", "save-the-whales", "whale-riders", "survive"]
MARKED = re.compile(r"^● Your turn · ")
TURN_ICON = "/static/favicon-turn.svg"
IDLE_ICON = "/static/favicon.svg"


@pytest.fixture(scope="module")
def pages_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """A server of this module's own (its database read by the tests), dealt from a seed."""
    folder = tmp_path_factory.mktemp("pages-server")
    with serving(folder, "--seed", "11", "--create-rate", "1000/minute") as server:
        yield server, folder / "t.db"


def stored_tables(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        count: int = conn.execute("SELECT count(*) FROM tables").fetchone()[0]
        return count


def you(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.you || ''"))


def open_page(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    return page


@pytest.mark.parametrize("game", GAMES)
def test_a_table_from_the_lobby_lands_on_a_page_that_reloads_without_a_second_table(
    pages_server: tuple[Server, Path], context: BrowserContext, game: str
) -> None:
    server, db = pages_server
    page = context.new_page()
    page.goto(server.url("/"))
    page.select_option("#game", game)
    page.select_option("#num-players", "2")
    page.fill("input[name=seat_0_name]", "Ana")
    before = stored_tables(db)
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/games/links/[A-Za-z0-9_-]+$"))
    expect(page.locator("h1")).to_contain_text("the table is ready")
    expect(page.locator("#host-url")).to_have_text(page.url)
    links = page.locator("ul.links a.url").all_text_contents()
    assert stored_tables(db) == before + 1
    where = page.url
    page.reload()
    expect(page.locator("ul.links a.url")).to_have_text(links)
    page.goto(server.url("/"))
    page.go_back()
    expect(page.locator("ul.links a.url")).to_have_text(links)
    assert page.url == where
    assert stored_tables(db) == before + 1


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_page_opened_here_is_listed_under_my_games_with_your_turn(
    pages_server: tuple[Server, Path], context: BrowserContext, game: str
) -> None:
    server, _ = pages_server
    created = create_table(
        server.base,
        {"game": game, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "easy"}]},
    )
    ana = url_path(created["links"][0]["url"])
    page = open_page(context, server.url(ana))
    page.wait_for_function("() => document.body.dataset.you === '0'", timeout=TURN_TIMEOUT)
    page.get_by_role("link", name="My games").click()
    row = page.locator(f'li.mine-table[data-token="{ana.rsplit("/", 1)[1]}"]')
    expect(row).to_have_class(re.compile(r"\byour-turn\b"))
    expect(row.locator(".turn-badge")).to_have_text("Your turn")
    expect(row.locator(".mine-seat")).to_have_text("You play as Ana.")
    expect(row.locator("a.mine-game")).to_have_attribute("href", ana)
    if game == "whale-riders":
        screenshot(page, "my-games.png", full_page=False)


def test_my_games_comes_back_from_this_browsers_storage_and_forgets_on_request(
    pages_server: tuple[Server, Path], context: BrowserContext
) -> None:
    server, _ = pages_server
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "easy"}]
    tokens = []
    for _ in range(2):
        created = create_table(server.base, {"game": "whale-to-look", "seats": seats})
        path = url_path(created["links"][0]["url"])
        open_page(context, server.url(path)).close()
        tokens.append(path.rsplit("/", 1)[1])
    context.clear_cookies()  # the list comes back from localStorage
    page = context.new_page()
    page.goto(server.url("/mine"))
    rows = page.locator("li.mine-table")
    expect(rows).to_have_count(2)
    page.locator(f'li.mine-table[data-token="{tokens[0]}"]').get_by_role(
        "button", name="Remove from the list"
    ).click()
    expect(rows).to_have_count(1)
    page.reload()
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-token", tokens[1])


def play_until(mover: Page, done: Page, until: str, timeout: float = 60.0) -> None:
    """``mover`` clicks its first choice whenever it may act, until ``done`` shows ``until``
    (a script on its body's dataset); chance and bots play between."""
    deadline = time.monotonic() + timeout
    while not done.evaluate(f"(() => {{ const d = document.body.dataset; return {until}; }})()"):
        assert time.monotonic() < deadline, f"{until} never came"
        if you(mover) != "" and mover.evaluate("!document.body.classList.contains('waiting')"):
            step = step_of(mover)
            mover.locator("#actions button.action").first.click()
            mover.wait_for_function(MOVED_ON, arg=step, timeout=TURN_TIMEOUT)
        else:
            time.sleep(0.05)


def shows_turn(page: Page, yours: bool) -> None:
    if yours:
        expect(page).to_have_title(MARKED)
        expect(page.locator("#favicon")).to_have_attribute("href", TURN_ICON)
    else:
        expect(page).not_to_have_title(MARKED)
        expect(page.locator("#favicon")).to_have_attribute("href", IDLE_ICON)


@pytest.mark.parametrize("game", GAMES)
def test_the_tab_says_your_turn_when_the_other_seat_has_moved_and_not_after(
    pages_server: tuple[Server, Path], chromium: Browser, context: BrowserContext, game: str
) -> None:
    server, _ = pages_server
    created = create_table(
        server.base,
        {
            "game": game,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}],
        },
    )
    other = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    try:
        ana = open_page(context, server.url(url_path(created["links"][0]["url"])))
        bao = open_page(other, server.url(url_path(created["links"][1]["url"])))
        title = f"{created['title']} · whaletable"  # the page's own title
        deadline = time.monotonic() + TURN_TIMEOUT / 1000
        while you(ana) == "" and you(bao) == "":  # the table is being set up
            assert time.monotonic() < deadline, "nobody was given the first turn"
            time.sleep(0.05)
        if you(ana) == "0":
            shows_turn(ana, True)
            play_until(ana, bao, "d.you === '1'")
        shows_turn(ana, False)
        assert ana.title() == title
        play_until(bao, ana, "d.you === '0'")  # Bao moves; the game comes to Ana
        shows_turn(ana, True)
        assert ana.title().endswith(title)
        play_until(ana, bao, "d.you === '1'")  # and it passes from her
        shows_turn(ana, False)
    finally:
        other.close()


def test_the_tab_says_your_turn_when_the_first_state_comes_before_the_alerts_script(
    pages_server: tuple[Server, Path], chromium: Browser
) -> None:
    """A slow server may send the first state while the page's last deferred script is
    still on its way: the tab says whose turn it is all the same."""
    server, _ = pages_server
    created = create_table(
        server.base,
        {
            "game": "whale-to-look",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}],
        },
    )
    contexts = [chromium.new_context(locale="en-GB") for _ in range(2)]
    try:
        pages = []
        for ctx, link in zip(contexts, created["links"], strict=True):
            # The alerts script comes late, after the page's socket has had its first state.
            ctx.route("**/static/alerts.js", lambda route: (time.sleep(1.5), route.continue_()))
            pages.append(open_page(ctx, server.url(url_path(link["url"]))))
        mover = next(p for p in pages if you(p) != "")
        shows_turn(mover, True)
        shows_turn(next(p for p in pages if p is not mover), False)
    finally:
        for ctx in contexts:
            ctx.close()
