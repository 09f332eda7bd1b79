"""The end of a game in a real browser, for every game: the result explains itself (every
seat's parts, the tie-break that decided when one did, what the team saved and lost), and
"Play again" seats the same players with the same options. Save the Whales' payments: a
player pays an amount of their own SPs in one click, or refuses.

Ana plays against an easy bot on an app served in this process (so the test can read the
tables the page plays at); she clicks her choices in the page's list of actions, quickly,
until the point under test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import in_process, screenshot
from playwright.sync_api import Page, expect

from whaletable import i18n
from whaletable.core.result import Result
from whaletable.web.boards import board_for

if TYPE_CHECKING:
    from browser_support import InProcess
    from playwright.sync_api import Browser

pytest_plugins = ["browser_support"]

GAMES = {
    "whale-to-look": {},
    "save-the-whales": {"wording": "gentle"},
    "whale-riders": {},
    "survive": {},
}
"""Each game and options a table is made with (one not the default, to see it kept)."""

PLAY = """async ([stopAt, limit]) => {
  // Click the first action of the list whenever this page may act, until the game is
  // over or the board offers every control in stopAt. Between looks it waits for the next
  // state the page shows (table.js's whaletable:state), or the deadline.
  const deadline = Date.now() + limit;
  const shown = () => new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    document.addEventListener("whaletable:state", () => { clearTimeout(timer); resolve(); },
                              { once: true });
  });
  let last = -1;
  while (Date.now() < deadline) {
    const d = document.body.dataset;
    if (d.finished === "true") return "finished";
    const step = Number(d.step);
    if (d.you !== undefined && d.you !== "" && step > last
        && !document.body.classList.contains("waiting")) {
      if (stopAt.length && stopAt.every((s) => document.querySelector("#board " + s))) {
        return "stopped";
      }
      const button = document.querySelector("#actions button.action");
      if (button) { last = step; button.click(); }
    }
    await shown();
  }
  return "timeout";
}"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcess]:
    with in_process(tmp_path_factory.mktemp("results-server")) as server:
        yield server


def new_table(served: InProcess, game_id: str) -> dict[str, Any]:
    return served.create(
        {
            "game": game_id,
            "seats": [
                {"kind": "human", "name": "Ana"},
                {"kind": "bot", "name": "Bea", "bot": "easy"},
            ],
            "options": GAMES[game_id],
            "advice": False,
        }
    )


def open_seat(browser: Browser, served: InProcess, created: dict[str, Any]) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(served.base + "/t/" + created["links"][0]["url"].rsplit("/", 1)[1] + "?lang=en")
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    return page


def play(page: Page, *stop_at: str) -> str:
    outcome: str = page.evaluate(PLAY, [list(stop_at), 120_000])
    assert outcome != "timeout"
    return outcome


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_result_explains_itself_and_play_again_keeps_seats_and_options(
    chromium: Browser, served: InProcess, game_id: str
) -> None:
    created = new_table(served, game_id)
    page = open_seat(chromium, served, created)
    assert play(page) == "finished"
    table = served.app.state.tables.tables[created["key"]]
    result = Result.from_observation(table.state.observation(None))
    assert result is not None
    board, tr = board_for(game_id), i18n.translator("en")

    panel = page.locator("#result")
    expect(panel).to_be_visible()
    parts = result.standings[0].breakdown
    headings = page.locator("#result thead th")
    expect(headings).to_have_count(2 + len(parts))  # the name, each part, the score
    for k, (name, _) in enumerate(parts):
        expect(headings.nth(1 + k)).to_have_text(board.words.result_word(name, tr))
    rows = page.locator("#result tbody tr")
    expect(rows).to_have_count(2)
    for i, standing in enumerate(result.standings):
        values = [str(v) for _, v in standing.breakdown] + [str(standing.score)]
        expect(rows.nth(i).locator("td")).to_have_text([re.compile(r"^(Ana|Bea)"), *values])
    note = page.locator("#result-note")
    if result.decided_by is not None:  # the tie-break that settled first place is said
        expect(note).to_have_text(board.words.tie_break_line(result, tr))
    else:
        expect(note).to_be_hidden()
    lines = page.locator("#result-lines")
    expect(lines).to_contain_text(board.words.ranking_rule(result, tr))
    if game_id == "save-the-whales":  # what the team saved and lost, whale by whale
        expect(lines).to_contain_text("Saved: ")
        expect(lines).to_contain_text("Extinct: ")

    page.get_by_role("button", name="Play again").click()
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    expect(page.locator(".viewer")).to_have_text("You play as Ana.")
    again = served.app.state.tables.tables[table.next_key]
    assert again.key != table.key and not again.finished
    assert [(s.kind, s.name, s.bot) for s in again.seats] == [
        ("human", "Ana", None),
        ("bot", "Bea", "easy"),
    ]
    assert again.options == table.options and again.settings == table.settings
    assert again.settings.advice is False
    page.context.close()


def test_save_the_whales_a_player_pays_an_amount_in_one_click_or_refuses(
    chromium: Browser, served: InProcess
) -> None:
    created = new_table(served, "save-the-whales")
    page = open_seat(chromium, served, created)
    board = page.locator("#board")
    paid = False
    for _ in range(40):  # payments come often; each is paid or refused in turn
        if play(page, ".pay-act", ".refuse-act") == "finished":
            break
        expect(board.locator(".refuse-act")).to_be_visible()
        amounts = board.locator(".pay-act")
        if not paid:
            # One click pays the largest amount offered, all of it Ana's own.
            biggest = amounts.nth(amounts.count() - 1)
            amount = int(biggest.get_attribute("data-amount") or "")
            if amount == 0:
                amounts.nth(0).click()  # nothing of her own to pay: leave it to Bea
                page.wait_for_function("() => !document.body.classList.contains('waiting')")
                continue
            step = int(page.evaluate("document.body.dataset.step"))
            screenshot(page, "pay.png")
            biggest.click()
            page.wait_for_function(f"() => Number(document.body.dataset.step) > {step}")
            expect(page.locator("#log")).to_contain_text(f"Ana puts in {amount} SP of their own")
            paid = True
            continue
        board.locator(".refuse-act").click()
        expect(page.locator("#log")).to_contain_text("Ana refuses to pay")
        break
    else:
        pytest.fail("no payment offered Ana both her share and a refusal")
    assert paid
    page.context.close()
