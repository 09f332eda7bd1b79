"""Save the Whales in a real browser: a whole game clicked through ``whaletable serve``.

Ana and two easy bots make a table in the lobby; Ana plays every one of her decisions
by clicking the board (choosing and naming whales, rolling, paying SPs, saving whales)
until the game ends, then the result table lists the whole team. The screenshots in
``docs/screenshots/`` come from this run.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

import pytest
from browser_support import finished, screenshot, wait_turn
from playwright.sync_api import Browser, expect

if TYPE_CHECKING:
    from browser_support import Server

pytest_plugins = ["browser_support"]


# What Ana clicks first when the board offers it: save whales, keep them off the path.
PREFERENCE = (
    ".save-act",
    ".choose-act",
    ".pay-act",
    ".collect-act",
    ".roll-act",
    ".whale-act",
    ".space-act",
    ".done-act",
    ".refuse-act",
)

pytestmark = pytest.mark.slow


def test_a_whole_game_clicked_on_the_board(seeded_server: Server, chromium: Browser) -> None:
    rng = random.Random(7)
    context = chromium.new_context(viewport={"width": 1280, "height": 1000}, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # The lobby: Save the Whales for Ana and two easy bots, cards in gentle words.
    page.goto(seeded_server.url("/?lang=en"))
    page.select_option("#game", "save-the-whales")
    page.select_option("#num-players", "3")
    options = page.locator("fieldset.options[data-game='save-the-whales']")
    expect(options).to_be_visible()
    expect(options).to_contain_text("Card wording")
    page.select_option("select[name=option_wording]", label="gentle, for young players")
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
    expect(board.locator("svg.save-the-whales")).to_be_visible()

    clicked: dict[str, int] = {}
    shot = False
    past = -1
    for _ in range(1500):
        step = wait_turn(page, past)
        if finished(page):
            break
        assert page.evaluate("document.body.dataset.you") == "0"
        for kind in PREFERENCE:
            choices = board.locator(kind)
            if choices.count():
                break
        else:
            raise AssertionError(f"nothing to click at step {step}")
        if kind == ".refuse-act" and board.locator(".pay-act").count():
            kind = ".pay-act"
        choices = board.locator(kind)
        target = choices.nth(rng.randrange(choices.count()))
        if not shot and kind == ".pay-act" and clicked.get(".roll-act", 0) >= 6:
            # Mid-game: a payment in progress, the team's SPs to click.
            screenshot(page, "save_the_whales.png")
            shot = True
        target.click()
        clicked[kind] = clicked.get(kind, 0) + 1
        past = step
    else:
        raise AssertionError("the game did not end within 1500 decisions of the human seat")

    assert clicked.get(".roll-act", 0) >= 5 and clicked.get(".pay-act", 0) >= 3, clicked
    assert clicked.get(".choose-act", 0) >= 1, clicked
    expect(page.locator("body")).to_have_attribute("data-finished", "true")
    status = page.locator("#status")
    expect(status).to_contain_text("Game over")
    headline = page.locator("#result-headline")
    expect(headline).to_be_visible()
    found = re.search(
        r"The team saved (\d) of 8 whales\.|All 8 whales are saved", headline.inner_text()
    )
    assert found is not None, headline.inner_text()
    result = page.locator("#result")
    rows = result.locator("tbody tr")
    expect(rows).to_have_count(3)
    names = sorted(rows.nth(i).locator("td").first.inner_text().rstrip(" ★") for i in range(3))
    assert names == ["Ana", "Easy bot 2", "Easy bot 3"], names
    all_saved = found.group(1) is None
    expect(result.locator("tbody tr.winner")).to_have_count(3 if all_saved else 0)
    saved = "8" if all_saved else found.group(1)
    for i in range(3):
        assert rows.nth(i).locator("td").nth(2).inner_text() == saved
    # On the board: every whale is saved or extinct, and nothing is left to click.
    habitats = board.locator(".habitat")
    expect(habitats).to_have_count(8)
    statuses = habitats.evaluate_all("els => els.map(e => e.getAttribute('data-status'))")
    assert sorted(set(statuses)) <= ["extinct", "saved"]
    assert statuses.count("saved") == int(saved)
    expect(board.locator(".act")).to_have_count(0)
    expect(page.locator(".actions-box")).to_be_hidden()
    expect(page.locator("#log li").last).to_contain_text(headline.inner_text())
    if not shot:
        raise AssertionError("no payment was made by the human seat")
    screenshot(page, "save_the_whales-finished.png")
    assert errors == []
    context.close()
