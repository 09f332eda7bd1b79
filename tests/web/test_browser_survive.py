"""Survive in a real browser: a whole two-seat game played by clicking the board.

Ana plays against an easy bot. Every decision of hers is a click on the SVG board:
an explorer, boat or value to place is chosen first and then one of its highlighted
destination spaces; tiles to sink, sea spaces, creatures, people a squid takes and
held tiles are clicked directly; "Done moving" and "No deterrent" are buttons drawn
under the sea. To keep the game short, Ana often stops moving early. The list of
actions under the board is used once, to show it does what the board does. The
screenshots in ``docs/screenshots/`` come from this run.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

import pytest
from browser_support import finished, screenshot, wait_turn
from playwright.sync_api import BrowserContext, Locator, Page, expect

pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from browser_support import Server

pytest_plugins = ["browser_support"]

MAX_DECISIONS = 600


def pick(locator: Locator, rng: random.Random) -> Locator:
    return locator.nth(rng.randrange(locator.count()))


def select_piece(page: Page, key: str) -> Locator:
    """Choose a piece on the board; its destinations become visible."""
    svg = page.locator("#board svg")
    if svg.get_attribute("data-selected") != key:
        page.locator(f'#board .selectable[data-boat="{key}"]').first.click()
    expect(svg).to_have_attribute("data-selected", key)
    targets = page.locator(f'#board .move-target[data-boat="{key}"]')
    expect(targets.first).to_be_visible()
    return targets


def selectable_keys(page: Page) -> list[str]:
    keys: list[str] = page.locator("#board .selectable").evaluate_all(
        "els => els.map(e => e.getAttribute('data-boat'))"
    )
    return sorted(set(keys))


def test_full_survive_game_by_clicking_the_board(
    seeded_server: Server, context: BrowserContext
) -> None:
    rng = random.Random(11)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # The lobby: a new Survive table for Ana and an easy bot.
    page.goto(seeded_server.url("/"))
    page.select_option("#game", "survive")
    page.select_option("#num-players", "2")
    options = page.locator('fieldset.options[data-game="survive"]')
    expect(options).to_be_visible()
    expect(options).to_contain_text("Giant Squid mini-expansion")
    page.fill("input[name=seat_0_name]", "Ana")
    page.select_option("select[name=seat_1_kind]", "bot")
    page.select_option("select[name=seat_1_bot]", "easy")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("h1")).to_contain_text("the table is ready")
    page.locator("ul.links li.seat-human a.url").click()
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    expect(page.locator(".viewer")).to_have_text("You play as Ana.")

    used = {
        "place": 0, "move": 0, "sink": 0, "creature": 0, "done": 0, "list": 0, "other": 0,
    }  # fmt: skip
    mid_game_shot = False
    past = -1
    for _ in range(MAX_DECISIONS):
        step = wait_turn(page, past)
        if finished(page):
            break
        assert page.evaluate("document.body.dataset.you") == "0"
        board = page.locator("#board")
        # Nothing of the bot's values is on Ana's board: only her own explorers show one.
        values = board.locator("text.explorer-value[data-explorer]")
        seats = values.evaluate_all("els => els.map(e => Math.floor(+e.dataset.explorer / 10))")
        assert set(seats) <= {0}
        keys = selectable_keys(page)
        status = page.locator("#status").inner_text()
        if board.locator(".place-target").count():
            # Setup: a value, then an empty tile; the highest values go inland.
            key = max(keys, key=lambda k: int(k[1:]))
            targets = select_piece(page, key)
            pick(targets, rng).click()
            used["place"] += 1
        elif keys and "move (" in status:
            moves_left = int(re.search(r"move \((\d) points left\)", status).group(1))  # type: ignore[union-attr]
            if used["list"] == 0 and moves_left == 3:
                # The list under the board does what the board does.
                page.locator("#actions button.action", has_text="Done moving").click()
                used["list"] += 1
            elif rng.random() < 0.35:
                key = rng.choice(keys)
                targets = select_piece(page, key)
                if not mid_game_shot and used["move"] >= 2:
                    screenshot(page, "survive.png")
                    mid_game_shot = True
                pick(targets, rng).click()
                used["move"] += 1
            else:
                board.locator(".end-act").click()
                used["done"] += 1
        elif keys:
            # A dolphin or boat-move tile: one step with it, or stop.
            if board.locator(".end-act").count() and rng.random() < 0.5:
                board.locator(".end-act").click()
            else:
                pick(select_piece(page, rng.choice(keys)), rng).click()
            used["other"] += 1
        elif board.locator(".decline-act").count():
            board.locator(".decline-act").click()
            used["other"] += 1
        elif board.locator(".creature-act").count():
            pick(board.locator(".creature-act"), rng).click()
            used["creature"] += 1
        elif board.locator(".explorer-act").count():
            pick(board.locator(".explorer-act"), rng).click()
            used["other"] += 1
        elif board.locator(".space-act").count():
            if board.locator(".space-act[data-hex] polygon[data-terrain]").count():
                used["sink"] += 1
            pick(board.locator(".space-act"), rng).click()
        elif board.locator(".end-act").count():
            board.locator(".end-act").click()
            used["done"] += 1
        else:
            pytest.fail(f"nothing to click on the board: {status}")
        past = step
    else:
        pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions of the human seat")

    assert used["place"] == 10 and used["move"] >= 3 and used["sink"] >= 3
    assert used["creature"] + used["done"] >= 3 and used["list"] == 1
    assert mid_game_shot

    expect(page.locator("body")).to_have_attribute("data-finished", "true")
    expect(page.locator("#status")).to_contain_text("Game over")
    result = page.locator("#result")
    expect(result).to_be_visible()
    rows = result.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(result.locator("thead th")).to_have_text(["Player", "Saved", "Values", "Lost", "Score"])
    names = sorted(rows.nth(i).locator("td").first.inner_text().rstrip(" ★") for i in range(2))
    assert names == ["Ana", "Easy bot 2"]
    assert result.locator("tbody tr.winner").count() >= 1
    totals = [float(rows.nth(i).locator("td").nth(4).inner_text()) for i in range(2)]
    winners = [rows.nth(i).get_attribute("class") == "winner" for i in range(2)]
    assert max(totals) == max(t for t, w in zip(totals, winners, strict=True) if w)
    # At the end every explorer still on the board shows its value, the bot's too.
    drawn = page.locator("#board g.explorer[data-explorer]").count()
    on_board = "#board text.explorer-value:not(.safe)[data-explorer]"
    expect(page.locator(on_board)).to_have_count(drawn)
    expect(page.locator("#actions .action")).to_have_count(0)
    screenshot(page, "survive-finished.png")

    # The same finished table in Persian: the board's words are translated, its sea is not
    # mirrored.
    page.goto(page.url.split("?")[0] + "?lang=fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("#status")).to_contain_text("بازی تمام شد")
    expect(page.locator("#board svg")).to_have_attribute("direction", "ltr")
    expect(page.locator("#board svg")).to_contain_text("کاشی‌های شما")
    assert errors == []
