"""Whale Riders in a real browser: a whole game played by clicking the board.

Ana sails out to the Lobster Port and home again against two easy bots, taking the
free tile of a port on the way, fulfilling her contracts when her tiles pay for
them, and buying the Sun Port's pearls once home, until the seventh pearl ends the
game. The screenshots in ``docs/screenshots/`` come from this run.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from browser_support import finished, screenshot, wait_turn
from playwright.sync_api import BrowserContext, Locator, expect

pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from browser_support import Server

pytest_plugins = ["browser_support"]

PERSIAN = re.compile(r"[\u0600-\u06FF]")


def my_port(board: Locator) -> int:
    """Ana's rider's port, read from the rider drawn in the lane."""
    return int(board.locator('.rider[data-seat="0"]').get_attribute("data-port") or "")


def test_a_whole_game_by_clicking_the_board(seeded_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # The lobby: a Whale Riders table for Ana and two easy bots.
    page.goto(seeded_server.url("/"))
    page.select_option("#game", "whale-riders")
    expect(page.locator('fieldset.options[data-game="whale-riders"]')).to_be_visible()
    expect(page.locator("select[name=option_storms]")).to_contain_text("block their space")
    page.select_option("#num-players", "3")
    page.fill("input[name=seat_0_name]", "Ana")
    for seat in (1, 2):
        page.select_option(f"select[name=seat_{seat}_kind]", "bot")
        page.select_option(f"select[name=seat_{seat}_bot]", "easy")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("h1")).to_contain_text("the table is ready")
    page.locator("ul.links li.seat-human a.url").click()
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    expect(page.locator(".viewer")).to_have_text("You play as Ana.")

    board = page.locator("#board")
    clicked = {"move": 0, "buy": 0, "pearl": 0, "coin": 0, "fulfil": 0, "list": 0}
    shot = False
    past = -1
    for _ in range(600):
        step = wait_turn(page, past)
        if finished(page):
            break
        assert page.evaluate("document.body.dataset.you") == "0"
        # Only Ana's own contracts are drawn face up; the bots' hands are card backs.
        assert board.locator(".seat[data-seat='1'] .card-back").count() <= 3
        assert board.locator("[data-card]").count() <= 3
        status = page.locator("#status").inner_text()
        port = my_port(board)
        buys = board.locator(".buy-act")
        if board.locator(".fulfil-act").count():
            board.locator(".fulfil-act").first.click()
            clicked["fulfil"] += 1
        elif board.locator(".done-act").count():
            board.locator(".done-act").click()
        elif board.locator(".fulfil-start-act").count():
            board.locator(".fulfil-start-act").click()
        elif port == 0 and buys.count():
            # Home: the cheapest pearl tile left.
            buys.first.click()
            clicked["pearl"] += 1
        elif port == 0 and not board.locator(".move-act").count():
            board.locator(".coin-act").click()
            clicked["coin"] += 1
        elif "two actions" in status and board.locator('.buy-act[data-slot="0"]').count():
            if not shot and clicked["buy"] >= 3:
                screenshot(page, "whale_riders.png")
                shot = True
            board.locator('.buy-act[data-slot="0"]').click()
            clicked["buy"] += 1
        elif not clicked["list"]:
            # The list beside the board does what the board does.
            page.locator("#actions button.action", has_text="Move your rider to").click()
            clicked["list"] += 1
        else:
            expect(board.locator(".move-act")).to_have_count(1)
            board.locator(".move-act").click()
            clicked["move"] += 1
        past = step
    else:
        pytest.fail("the game did not end within 600 decisions of the human seat")

    assert shot and clicked["move"] >= 10 and clicked["buy"] >= 3, clicked
    assert clicked["pearl"] >= 1, clicked
    expect(page.locator("body")).to_have_attribute("data-finished", "true")
    expect(page.locator("#status")).to_contain_text("Game over")
    result = page.locator("#result")
    expect(result).to_be_visible()
    headers = result.locator("thead th")
    # The player; pearls on tiles, on contracts and from decrees; coins, tiles; pearls.
    expect(headers).to_have_count(7)
    expect(headers.last).to_have_text("Pearls")
    rows = result.locator("tbody tr")
    expect(rows).to_have_count(3)
    assert result.locator("tbody tr.winner").count() >= 1
    expect(result.locator("tbody tr.winner td").first).to_contain_text("★")
    names = sorted(rows.nth(i).locator("td").first.inner_text().rstrip(" ★") for i in range(3))
    assert names == ["Ana", "Easy bot 2", "Easy bot 3"]
    pearls = [int(rows.nth(i).locator("td").last.inner_text()) for i in range(3)]
    assert pearls == sorted(pearls, reverse=True)
    # The Sun Port is bought out, nothing is left to click.
    expect(board.locator(".act")).to_have_count(0)
    expect(page.locator(".actions-box")).to_be_hidden()
    expect(board.locator("svg .counts")).to_contain_text("Sun Port pearls left: 0")
    screenshot(page, "whale_riders-finished.png")

    # The same table in Persian: the board's words are Persian, its geometry left to right.
    page.goto(page.url + ("&" if "?" in page.url else "?") + "lang=fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    svg = page.locator("#board svg")
    expect(svg).to_be_visible()
    assert PERSIAN.search(svg.text_content() or "")
    assert svg.evaluate("el => getComputedStyle(el).direction") == "ltr"
    sun = page.locator('#board .port[data-port="0"] .port-name').bounding_box()
    lobster = page.locator('#board .port[data-port="7"] .port-name').bounding_box()
    assert sun is not None and lobster is not None and sun["x"] < lobster["x"]
    assert errors == []
