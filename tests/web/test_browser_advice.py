"""Advice in a real browser: Chromium asks for it on a Whale to Look table through
``whaletable serve``, and turns it off from the lobby. ``docs/screenshots/advice.png`` comes
from this run."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from browser_support import screenshot, wait_turn
from playwright.sync_api import BrowserContext, Page, expect

if TYPE_CHECKING:
    from browser_support import Server

pytestmark = pytest.mark.slow
PERSIAN = re.compile(r"[\u0600-\u06FF]")
pytest_plugins = ["browser_support"]


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def heats(page: Page) -> list[float]:
    """The width of each bar's filled part, as the panel shows it."""
    widths: list[str] = page.locator("#advice svg.advice-bar rect.heat").evaluate_all(
        "els => els.map(e => e.getAttribute('width'))"
    )
    return [float(w) for w in widths]


def test_the_advice_button_shows_figures_and_bars_until_the_state_changes(
    web_server: Server, context: BrowserContext
) -> None:
    created = web_server.create(
        [
            {"kind": "human", "name": "Ana"},
            {"kind": "bot", "bot": "easy"},
            {"kind": "bot", "bot": "easy"},
        ]
    )
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(created["links"][0]["url"])
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    expect(page.locator("#advice-setting")).to_contain_text("Advice is on at this table")
    step = wait_turn(page, -1)

    # Reached with the keyboard: focus the button by its accessible name, press Enter.
    button = page.get_by_role("button", name=re.compile(r"^Advice: what your seat can tell"))
    button.focus()
    page.keyboard.press("Enter")
    panel = page.locator("#advice")
    expect(panel).to_be_visible()
    expect(panel.locator("h3")).to_have_text("Where the whale and the orca surface")
    bars = panel.locator("svg.advice-bar")
    expect(bars.first).to_be_visible()
    rows = panel.locator("table.advice-table tbody tr")
    assert bars.count() == rows.count() > 0
    assert any(w > 0 for w in heats(page))
    expect(panel.locator("td.num").first).to_contain_text("%")
    expect(page.get_by_role("button", name="Close the advice")).to_be_visible()

    # Any move changes the state: the advice for the old one goes away. Play on (a look at
    # a card, the fisher) until Ana must move a boat, the decision the advisor suggests for.
    board = page.locator("#board")
    for moved in range(10):
        if moved and board.locator(".move-target").count():
            break
        for choice in ("#board .fish-act", "#board .fisher-act", "#actions button.action"):
            if page.locator(choice).count():
                page.locator(choice).first.click()
                break
        step = wait_turn(page, step)
        expect(panel).to_be_hidden()
        expect(page.locator("body")).to_have_attribute("data-advice", "")
    else:
        pytest.fail("Ana was never asked to move a boat")

    button.click()
    expect(panel.locator("mark")).to_contain_text("Suggested: ")
    suggested = page.locator("#actions button.action.suggested")
    expect(suggested).to_have_count(1)
    suggestion = panel.locator("mark").inner_text().removeprefix("Suggested: ")
    expect(suggested).to_have_text(suggestion)
    screenshot(page, "advice.png")

    page.get_by_role("button", name="Close the advice").click()
    expect(panel).to_be_hidden()
    expect(suggested).to_have_count(0)
    expect(button).to_be_focused()

    # In Persian the panel reads right to left, and its bars grow from the right.
    page.goto(created["links"][0]["url"] + "?lang=fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    wait_turn(page, -1)
    page.locator("#advice-ask").click()
    expect(panel.locator("h3")).to_have_text(PERSIAN)
    expect(panel.locator("svg.advice-bar").first).to_be_visible()
    assert "Where the whale" not in panel.inner_text()
    mirrored = panel.locator("svg.advice-bar").first.evaluate("e => getComputedStyle(e).transform")
    assert mirrored == "matrix(-1, 0, 0, 1, 0, 0)"
    assert errors == []


def test_the_lobby_checkbox_makes_a_table_without_advice(
    web_server: Server, context: BrowserContext
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web_server.url("/"))
    box = page.get_by_label("Advice: players may ask for it during the game")
    expect(box).to_be_checked()  # on unless the creator turns it off
    page.select_option("#game", "whale-to-look")
    page.select_option("#num-players", "3")
    page.fill("input[name=seat_0_name]", "Ana")
    for seat in (1, 2):
        page.select_option(f"select[name=seat_{seat}_kind]", "bot")
    box.uncheck()
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("h1")).to_contain_text("the table is ready")
    page.locator("ul.links li.seat-human a.url").click()
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    expect(page.locator("#advice-setting")).to_have_text("Advice is off at this table.")
    expect(page.locator("#advice-ask")).to_have_count(0)
    wait_turn(page, -1)
    expect(page.get_by_role("button", name=re.compile("^Advice"))).to_have_count(0)
    assert errors == []
