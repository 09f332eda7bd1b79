"""The web table in a real browser: Chromium clicks through ``whaletable serve``.

A full three-seat Whale to Look game played by clicking the board, the hot-seat
hand-over, a dropped WebSocket, the Persian (right-to-left) pages and a phone-sized
screen. The screenshots in ``docs/screenshots/`` come from these runs.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from browser_support import TURN_TIMEOUT, finished, screenshot, step_of, wait_turn
from playwright.sync_api import Browser, BrowserContext, Page, expect

pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from browser_support import Server

pytest_plugins = ["browser_support"]

PERSIAN = re.compile(r"[\u0600-\u06FF]")


@pytest.fixture
def other_device(chromium: Browser) -> Iterator[BrowserContext]:
    """A second browser profile: another person's device."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    ctx.set_default_timeout(15_000)
    try:
        yield ctx
    finally:
        ctx.close()


def watch_errors(page: Page) -> list[str]:
    """Script errors of the page, to be checked at the end of a test."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def fish_value(page: Page, fish: int) -> str:
    text = page.locator(f'#board .fish-value[data-fish="{fish}"]').text_content()
    assert text is not None
    return text.strip()


def investigate(page: Page, rng: random.Random, *, tap: bool = False) -> int:
    """Click (or tap) a fish card the page offers; the card's index once the look is in."""
    cards = page.locator("#board .fish-act")
    count = cards.count()
    assert count > 0, "no fish card can be investigated"
    card = cards.nth(rng.randrange(count))
    fish = int(card.get_attribute("data-fish") or "")
    before = step_of(page)
    if tap:
        card.tap()
    else:
        card.click()
    assert wait_turn(page, before) == before + 1
    # The page may still act: now it must move a boat, and it sees the card's value.
    expect(page.locator("#board .move-target").first).to_be_attached()
    assert fish_value(page, fish).isdigit()
    return fish


def select_boat(page: Page, rng: random.Random) -> str:
    """Choose one of the page's boats on the board; its destinations become visible."""
    ids = page.locator("#board .boat.selectable").evaluate_all(
        "els => els.map(e => e.getAttribute('data-boat'))"
    )
    assert ids, "no boat can be moved"
    boat: str = rng.choice(sorted(set(ids)))
    svg = page.locator("#board svg")
    if svg.get_attribute("data-selected") != boat:
        page.locator(f'#board .boat.selectable[data-boat="{boat}"]').click()
    expect(svg).to_have_attribute("data-selected", boat)
    expect(page.locator(f'#board .move-target[data-boat="{boat}"]').first).to_be_visible()
    return boat


def move_boat(page: Page, rng: random.Random, boat: str | None = None) -> None:
    """Move a boat by clicking it and then one of its destination areas."""
    if boat is None:
        boat = select_boat(page, rng)
    targets = page.locator(f'#board .move-target[data-boat="{boat}"]')
    before = step_of(page)
    targets.nth(rng.randrange(targets.count())).click()
    # The move is in when a later step shows, or (hot-seat) the device is handed over.
    page.wait_for_function(
        "(s) => Number(document.body.dataset.step) > s || 'handover' in document.body.dataset",
        arg=before,
    )


def round_of(page: Page) -> int:
    found = re.search(r"Round (\d) of 2", page.locator("#status").inner_text())
    assert found is not None
    return int(found.group(1))


def open_seat(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    return page


def first_human_turn(server: Server, context: BrowserContext, **query: str) -> tuple[Page, int]:
    """A new table (Ana and two easy bots) opened at Ana's first turn."""
    created = server.create(
        [
            {"kind": "human", "name": "Ana"},
            {"kind": "bot", "bot": "easy"},
            {"kind": "bot", "bot": "easy"},
        ]
    )
    url = created["links"][0]["url"]
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    page = open_seat(context, url)
    step = wait_turn(page, -1)
    assert not finished(page)
    return page, step


def no_horizontal_scroll(page: Page) -> None:
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth, document.body.scrollWidth]"
    )
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"
    assert widths[2] <= widths[1], f"the page scrolls sideways: {widths}"


# --------------------------------------------------------------------------- the game


def test_full_game_through_the_ui(web_server: Server, context: BrowserContext) -> None:
    rng = random.Random(3)
    page = context.new_page()
    errors = watch_errors(page)

    # The lobby: a new Whale to Look table for Ana and two bots.
    page.goto(web_server.url("/"))
    page.select_option("#game", "whale-to-look")
    page.select_option("#num-players", "3")
    page.fill("input[name=seat_0_name]", "Ana")
    expect(page.locator("select[name=seat_0_kind]")).to_have_value("human")
    expect(page.locator("select[name=seat_0_bot]")).to_be_hidden()
    for seat, level in ((1, "easy"), (2, "medium")):
        page.select_option(f"select[name=seat_{seat}_kind]", "bot")
        page.select_option(f"select[name=seat_{seat}_bot]", level)
    expect(page.locator(".seat-row[data-index='3']")).to_be_hidden()
    screenshot(page, "lobby.png")
    page.get_by_role("button", name="Create the table").click()

    # The created page: one link for the human seat, the bots are played by the server.
    expect(page.locator("h1")).to_contain_text("the table is ready")
    rows = page.locator("ul.links li.link")
    expect(rows).to_have_count(3)
    expect(rows.nth(1)).to_contain_text("Easy bot 2")
    expect(rows.nth(2)).to_contain_text("Medium bot 3")
    expect(page.locator("ul.links li.seat-bot a.url")).to_have_count(0)
    page.locator("ul.links li.seat-human a.url").click()
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    expect(page.locator(".viewer")).to_have_text("You play as Ana.")
    table_url = page.url

    looks = {1: 0, 2: 0}
    used_list = {"investigate": False, "move": False}
    mid_game_shot = False
    past = -1
    for _ in range(200):
        step = wait_turn(page, past)
        if finished(page):
            break
        assert page.evaluate("document.body.dataset.you") == "0"
        board = page.locator("#board")
        round_now = round_of(page)
        if board.locator(".fisher-act").count():
            # Fishing season: every player first puts the fisher on a boat.
            choices = board.locator(".fisher-act")
            choices.nth(rng.randrange(choices.count())).click()
        elif board.locator(".move-target").count():
            if not used_list["move"]:
                # The list below the board does what the board does.
                page.locator("#actions button.action", has_text="Move").first.click()
                used_list["move"] = True
            else:
                boat = select_boat(page, rng)
                if not mid_game_shot:
                    screenshot(page, "table.png")
                    mid_game_shot = True
                move_boat(page, rng, boat)
        elif board.locator(".fish-act").count() and looks[round_now] < 2:
            looks[round_now] += 1
            if not used_list["investigate"]:
                button = page.locator("#actions button.action", has_text="Investigate").first
                fish = int(re.findall(r"F(\d+)", button.inner_text())[0]) - 1
                button.click()
                assert wait_turn(page, step) == step + 1
                assert fish_value(page, fish).isdigit()
                used_list["investigate"] = True
            else:
                investigate(page, rng)
        else:
            # Nothing better: say "Done!" with the Finish button on the board.
            expect(board.locator(".finish-act")).to_have_count(1)
            board.locator(".finish-act").click()
        past = step
    else:
        pytest.fail("the game did not end within 200 turns of the human seat")

    assert looks[1] >= 1 and looks[2] >= 1
    assert all(used_list.values()) and mid_game_shot
    expect(page.locator("body")).to_have_attribute("data-finished", "true")
    expect(page.locator("#status")).to_contain_text("Game over")
    result = page.locator("#result")
    expect(result).to_be_visible()
    score_rows = result.locator("tbody tr")
    expect(score_rows).to_have_count(3)
    expect(result.locator("tbody tr.winner")).to_have_count(1)
    expect(result.locator("tbody tr.winner td").first).to_contain_text("★")
    names = sorted(score_rows.nth(i).locator("td").first.inner_text() for i in range(3))
    assert [n.rstrip(" ★") for n in names] == ["Ana", "Easy bot 2", "Medium bot 3"]
    totals = [int(score_rows.nth(i).locator("td").nth(3).inner_text()) for i in range(3)]
    assert totals == sorted(totals, reverse=True)
    expect(page.locator("#board .fish-value", has_text="?")).to_have_count(0)
    expect(page.locator("#actions .action")).to_have_count(0)
    expect(page.locator(".actions-box")).to_be_hidden()
    screenshot(page, "finished.png")
    total_steps = step_of(page)

    # The record downloads as JSON with every step of the game.
    record_href = page.locator("#record-link").get_attribute("href")
    assert record_href is not None
    response = page.request.get(web_server.url(record_href))
    assert response.ok
    record = json.loads(response.text())
    assert record["game"] == "whale-to-look"
    assert record["seats"][:3] == ["Ana", "Easy bot 2", "Medium bot 3"]
    assert len(record["actions"]) == total_steps

    # The replay: step through the finished game.
    page.locator("#replay-link").click()
    step_label = page.locator("#step")
    expect(step_label).to_have_text(f"Step {total_steps} of {total_steps}")
    expect(page.locator("#status")).to_contain_text("Game over")
    page.locator("a[rel=first]").click()
    expect(step_label).to_have_text(f"Step 0 of {total_steps}")
    # The whole log is listed, to jump to any move; at the start every line is yet to come.
    expect(page.locator("#log li:not(.later)")).to_have_count(0)
    for n in range(1, 4):
        page.locator("a[rel=next]").click()
        expect(step_label).to_have_text(f"Step {n} of {total_steps}")
    expect(page.locator("#board svg")).to_be_visible()
    page.locator("a[rel=last]").click()
    expect(step_label).to_have_text(f"Step {total_steps} of {total_steps}")
    page.locator("a[rel=prev]").click()
    expect(step_label).to_have_text(f"Step {total_steps - 1} of {total_steps}")
    page.locator(".viewpoint button", has_text="Ana").click()
    expect(page.locator("#board svg")).to_contain_text("Ana's view")
    expect(step_label).to_have_text(f"Step {total_steps - 1} of {total_steps}")

    # Play again: the same seats at a new table, Ana's link for it.
    page.goto(table_url)
    expect(page.locator("body")).to_have_attribute("data-finished", "true")
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(re.compile(r"/t/"))
    assert page.url != table_url
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    expect(page.locator(".viewer")).to_have_text("You play as Ana.")
    expect(page.locator("body")).to_have_attribute("data-finished", "false")
    assert errors == []


# ---------------------------------------------------------------------- hot-seat


def test_hotseat_hands_over_without_showing_the_last_seat(
    web_server: Server, context: BrowserContext, other_device: BrowserContext
) -> None:
    rng = random.Random(5)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web_server.url("/"))
    page.select_option("#game", "whale-to-look")
    page.fill("input[name=seat_0_name]", "Ana")
    page.select_option("select[name=seat_1_kind]", "human")
    page.fill("input[name=seat_1_name]", "Bao")
    page.select_option("select[name=seat_2_kind]", "bot")
    page.select_option("select[name=seat_2_bot]", "easy")
    page.get_by_label("Hot-seat").check()
    page.get_by_role("button", name="Create the table").click()
    hotseat_url = page.locator("#hotseat-url").get_attribute("href")
    spectator_url = page.locator("#spectator-url").get_attribute("href")
    assert hotseat_url and spectator_url
    # Someone watching on another device, to tell what is public.
    spectator = open_seat(other_device, spectator_url)
    page.get_by_role("link", name="Play here").click()
    expect(page.locator("body")).to_have_attribute("data-conn", "open")

    names = {0: "Ana", 1: "Bao"}
    overlay = page.locator("#handover")
    expect(overlay).to_be_visible()
    first = int(page.evaluate("document.body.dataset.handover"))
    second = 1 - first
    expect(page.locator("#handover-text")).to_have_text(f"Pass the device to {names[first]}")
    expect(page.locator("#play")).to_be_hidden()
    expect(page.locator("#board .fish-value")).to_have_count(0)
    screenshot(page, "handover.png", full_page=False)

    page.locator("#handover-ready").click()
    expect(overlay).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-you", str(first))
    expect(page.locator("#board svg")).to_contain_text(f"{names[first]}'s view")
    fish = investigate(page, rng)
    peeked = fish_value(page, fish)
    assert peeked.isdigit()
    expect(page.locator(f'#board [data-fish="{fish}"] text', has_text="seen")).to_have_count(1)
    move_boat(page, rng)

    # The other human's turn: the device is handed over, the last view is gone.
    page.wait_for_function(
        "(s) => document.body.dataset.handover === String(s)", arg=second, timeout=TURN_TIMEOUT
    )
    expect(overlay).to_be_visible()
    expect(page.locator("#handover-text")).to_have_text(f"Pass the device to {names[second]}")
    expect(page.locator("#play")).to_be_hidden()
    assert page.locator("#board").inner_html() == ""
    expect(page.locator(".fish-value")).to_have_count(0)
    expect(page.locator("#actions .action")).to_have_count(0)

    page.locator("#handover-ready").click()
    expect(overlay).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-you", str(second))
    expect(page.locator("#board svg")).to_contain_text(f"{names[second]}'s view")
    # The card the first seat looked at is public only if a radar turned it up since.
    spectator.wait_for_function("(s) => Number(document.body.dataset.step) >= s", arg=step_of(page))
    public = fish_value(spectator, fish)
    expect(page.locator(f'#board .fish-value[data-fish="{fish}"]')).to_have_text(public)
    if public == "?":
        expect(page.locator(f'#board [data-fish="{fish}"] text', has_text="seen")).to_have_count(0)
    else:
        assert public == peeked
    assert errors == []


# --------------------------------------------------------------------- reconnect


def test_reconnects_after_the_socket_drops(web_server: Server, context: BrowserContext) -> None:
    rng = random.Random(7)
    page, step = first_human_turn(web_server, context)
    errors = watch_errors(page)
    status = page.locator("#status").inner_text()
    page.evaluate(
        """() => {
          window.connStates = [];
          new MutationObserver(() => window.connStates.push(
            [document.body.dataset.conn, document.getElementById("conn").textContent])
          ).observe(document.body, {attributes: true, attributeFilter: ["data-conn"]});
          window.firstSocket = window.whaletable.socket;
          window.whaletable.socket.close();
        }"""
    )
    # A function, not a bare expression: the page's CSP forbids evaluating strings.
    page.wait_for_function(
        "() => window.connStates.some(s => s[0] === 'open') "
        "&& document.body.dataset.conn === 'open'"
    )
    states = page.evaluate("window.connStates")
    assert states[0] == ["closed", "disconnected — reconnecting…"]
    assert states[-1] == ["open", "connected"]
    assert page.evaluate("window.whaletable.socket !== window.firstSocket")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    # The same step and the same turn, and a move still goes through.
    page.wait_for_function("(s) => document.body.dataset.step === String(s)", arg=step)
    expect(page.locator("#status")).to_have_text(status)
    investigate(page, rng)
    move_boat(page, rng)
    assert errors == []


# ----------------------------------------------------------------------- Persian


def test_persian_pages_are_right_to_left(web_server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web_server.url("/?lang=fa"))

    def right_to_left(page: Page) -> None:
        html = page.locator("html")
        expect(html).to_have_attribute("dir", "rtl")
        expect(html).to_have_attribute("lang", "fa")
        assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
        expect(page.locator(".lang.current")).to_have_text("فارسی")
        # The page's own words are Persian, not only the language's name (a game's title is
        # its name, the same in every language).
        headings = page.locator("main h1:visible, main h2:visible:not(.game-title)").all()
        assert len(headings) >= 2
        for heading in headings:
            assert PERSIAN.search(heading.inner_text()), heading.inner_text()

    right_to_left(page)
    # The language sticks (a cookie): the table opened without ?lang is Persian too.
    table, _ = first_human_turn(web_server, context)
    right_to_left(table)
    for words in ("#status", "#conn", "#actions .action"):
        assert PERSIAN.search(table.locator(words).first.inner_text()), words
    board = table.locator("#board svg")
    assert PERSIAN.search(board.text_content() or ""), "the board is not in Persian"
    assert board.evaluate("el => getComputedStyle(el).direction") == "ltr"
    # The board reads left to right: F1 is left of F2 on screen.
    f1 = table.locator('#board .fish-value[data-fish="0"]').bounding_box()
    f2 = table.locator('#board .fish-value[data-fish="1"]').bounding_box()
    assert f1 is not None and f2 is not None and f1["x"] < f2["x"]
    # The page mirrors: the side column (the log) is left of the board.
    side = table.locator("aside.side").bounding_box()
    play = table.locator("#play").bounding_box()
    assert side is not None and play is not None and side["x"] < play["x"]
    screenshot(table, "table-fa.png")
    assert errors == []


# ------------------------------------------------------------------------ mobile


def test_phone_screen_fits_and_taps_work(chromium: Browser, web_server: Server) -> None:
    rng = random.Random(11)
    phone = chromium.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-GB"
    )
    phone.set_default_timeout(15_000)
    try:
        lobby = phone.new_page()
        lobby.goto(web_server.url("/"))
        no_horizontal_scroll(lobby)
        page, step = first_human_turn(web_server, phone)
        errors = watch_errors(page)
        no_horizontal_scroll(page)
        box = page.locator("#board svg").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        fish = investigate(page, rng, tap=True)
        assert step_of(page) == step + 1
        assert fish_value(page, fish).isdigit()
        no_horizontal_scroll(page)
        screenshot(page, "mobile.png", full_page=False)
        assert errors == []
    finally:
        phone.close()
