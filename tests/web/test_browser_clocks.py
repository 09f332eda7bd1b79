"""Clocks and absent players in a real browser, at every game: a player lets their clock
run out, the other player (a second browser) sees the seat away and votes a bot into it,
the bot plays it, the first player takes the seat back and moves again, and the final
result names the seat the bot played. The server allows seconds-long clocks only because
it is started with ``--shortest-clock`` (the lobby's least is a minute)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import MOVED_ON, create_table, screenshot, serving, step_of
from playwright.sync_api import Browser, Page, expect

if TYPE_CHECKING:
    from browser_support import Server

pytestmark = pytest.mark.slow
pytest_plugins = ["browser_support"]

GAMES = ["whale-to-look", "save-the-whales", "whale-riders", "survive"]
# Ten seconds a move: short enough to run out soon, long enough for a browser on a busy
# machine to vote, take the seat back and click before the other seat's clock runs out too
# (with five, a page's turn could end between seeing it and clicking).
PACE = {"kind": "realtime", "start": 10, "increment": 10, "grace": 600}
YOUR_TURN = """(() => document.body.dataset.you !== undefined && document.body.dataset.you !== ""
  && !document.body.classList.contains("waiting"))()"""


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("clock-server")
    with serving(folder, "--shortest-clock", "1", "--seed", "7") as server:
        yield server


def open_seat(chromium: Browser, url: str) -> Page:
    """A player's page in a browser profile of its own (another person's browser)."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    return page


def seat_row(page: Page, seat: int) -> Any:
    return page.locator(f"#clock-seats li[data-seat='{seat}']")


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_out_of_time_is_voted_to_a_bot_and_taken_back(
    clock_server: Server, chromium: Browser, game: str
) -> None:
    created = create_table(
        clock_server.base,
        {
            "game": game,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}],
            "pace": PACE,
        },
    )
    pages = [open_seat(chromium, link["url"]) for link in created["links"]]
    try:
        # Whoever is to move first lets the time run out.
        pages[0].wait_for_function(
            "() => document.body.dataset.clockRunning !== undefined"
            " && document.body.dataset.clockRunning !== ''"
        )
        late = int(pages[0].evaluate("document.body.dataset.clockRunning"))
        other = 1 - late
        away, voter = pages[late], pages[other]
        expect(seat_row(voter, late)).to_have_attribute("data-state", "away", timeout=25_000)
        expect(seat_row(voter, late)).to_contain_text("away: out of time")
        if game == "whale-to-look":
            screenshot(voter, "clocks.png", full_page=False)

        voter.get_by_role("button", name=f"Let a bot play for {['Ana', 'Ben'][late]}").click()
        expect(seat_row(away, late)).to_have_attribute("data-state", "bot")
        expect(away.locator("#clock-replaced")).to_contain_text("played by a bot from step")

        # The player comes back and plays their next decision themselves.
        away.get_by_role("button", name="Take my seat back").click()
        expect(seat_row(away, late)).not_to_have_attribute("data-state", "bot")
        played = False
        while not played:  # each moves when it is their turn, within their clock
            for page in (voter, away):
                if page.evaluate(YOUR_TURN):
                    step = step_of(page)
                    page.locator("#actions .action").first.click()
                    page.wait_for_function(MOVED_ON, arg=step)
                    played = played or page is away
            time.sleep(0.05)

        # Both leave; with nobody left to vote, bots finish the game at once. The question
        # asked of one stays open while the other's leaving reaches its page.
        for page in (voter, away):
            page.get_by_role("button", name="Leave the table").click()
        voter.get_by_role("button", name="Yes, leave").click()
        expect(seat_row(away, other)).to_have_attribute("data-state", "away")
        away.get_by_role("button", name="Yes, leave").click()
        expect(away.locator("body")).to_have_attribute("data-finished", "true", timeout=60_000)
        spells = away.locator("#clock-replaced li")
        expect(spells.first).to_contain_text(f"{['Ana', 'Ben'][late]}: played by a bot from step")
        assert away.locator("#result").is_visible()
    finally:
        for page in pages:
            page.context.close()


def test_the_lobby_shows_the_fields_of_the_pace_chosen_and_makes_a_clocked_table(
    clock_server: Server, chromium: Browser
) -> None:
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    try:
        page = ctx.new_page()
        page.goto(clock_server.url("/"))
        pace = page.locator("fieldset.pace")
        clock = pace.locator("select[name=clock]")
        minutes = pace.locator("input[name=clock_minutes]")
        days = pace.locator("select[name=turn_days]")
        for field in (clock, minutes, days):
            expect(field).to_be_hidden()  # untimed: nothing to set
        pace.locator("input[value=realtime]").check()
        expect(clock).to_be_visible()
        expect(minutes).to_be_hidden()
        clock.select_option("custom")
        expect(minutes).to_be_visible()
        pace.locator("input[value=turn]").check()
        expect(days).to_be_visible()
        for field in (clock, minutes):
            expect(field).to_be_hidden()
        pace.locator("input[value=realtime]").check()
        minutes.fill("7")
        page.select_option("#game", "whale-to-look")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url("**/games/links/**")
        page.locator("li.seat-human a.url").first.click()
        # Seven minutes on the clock of the seat to move, as the form said.
        expect(page.locator("#clock-seats")).to_contain_text("7:00")
    finally:
        ctx.close()
