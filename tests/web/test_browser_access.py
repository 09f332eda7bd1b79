"""Every page for everyone: on a 390 px phone, from the keyboard alone, through axe-core.

axe-core (bundled by ``axe-playwright-python``) checks the lobby, the page of a new table,
each game's table as a player and as a spectator, and a replay, on a desktop and on a
phone; a phone shows every table without sideways scrolling, with readable text and
buttons a finger can hit; each game is played with Tab and Enter alone; and the lobby
tells each game's story and keeps two seats from sharing a name.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import create_table, finished, serving, wait_turn
from playwright.sync_api import Browser, BrowserContext, Page, expect

from whaletable import games
from whaletable.core.record import Record

if TYPE_CHECKING:
    from browser_support import Server

pytest_plugins = ["browser_support"]

GAME_IDS = [game.spec.id for game in games.all()]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SERIOUS = ("serious", "critical")
SMALLEST_TEXT = 14  # px
SMALLEST_TARGET = 44  # px, each way
MOVES = 3  # moves played from the keyboard in each game

# The page's text in HTML (the board's SVG may scale down on a phone) that is smaller than
# ``least`` px: each as "tag.class: text (size)".
SMALL_TEXT = """(least) => {
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") || !el.checkVisibility()) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (own && size < least) {
      out.push(`${el.tagName}.${el.className}: ${el.textContent.trim().slice(0, 30)} (${size})`);
    }
  }
  return out;
}"""

# Controls a finger taps that are smaller than ``least`` px either way.
SMALL_TARGETS = """([selector, least]) => [...document.querySelectorAll(selector)]
  .filter(el => el.checkVisibility())
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, r]) => r.width < least || r.height < least)
  .map(([el, r]) => `${el.textContent.trim().slice(0, 30)} (${r.width}x${r.height})`)"""

WIDTHS = "() => [document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]"

IN_ACTIONS = """() => {
  const el = document.activeElement;
  return !!el && !!el.closest("#actions") && el.matches(".action");
}"""


@pytest.fixture(scope="module")
def access_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of this module's own, dealt from a fixed seed, that lets one client make the
    tables of every page and game here within a minute."""
    folder = tmp_path_factory.mktemp("access-server")
    with serving(folder, "--seed", "7", "--create-rate", "200/minute") as started:
        yield started


@pytest.fixture
def phone(chromium: Browser) -> Iterator[BrowserContext]:
    """A 390x844 phone with a touch screen."""
    ctx = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB")
    ctx.set_default_timeout(15_000)
    try:
        yield ctx
    finally:
        ctx.close()


def new_table(server: Server, game: str) -> dict[str, Any]:
    """A two-seat table of ``game`` (Ana and an easy bot), made through the JSON API."""
    body = {
        "game": game,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "easy"}],
    }
    return create_table(server.base, body)


def open_turn(context: BrowserContext, url: str) -> Page:
    """The seat's page, once it may act."""
    page = context.new_page()
    page.goto(url)
    wait_turn(page, -1)
    assert not finished(page)
    return page


def opened(context: BrowserContext, url: str) -> Page:
    """A spectator's page once it shows a state."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => (document.body.dataset.step || '') !== ''")
    return page


def serious_violations(page: Page, where: str) -> list[str]:
    """What axe-core finds serious or critical on the page, each with the elements it names."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{where}: {v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:4])
        for v in found
        if v["impact"] in SERIOUS
    ]


def a_record(game_id: str, steps: int = 12) -> str:
    """A record of a few random steps of a two-seat game, as a saved JSON file holds it."""
    rng = random.Random(5)
    state = games.get(game_id).new_state(2)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(outcomes, weights)[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    return Record.of(state, seats=["Ana", "Bao"]).dumps()


def replay_page(context: BrowserContext, server: Server, folder: Path) -> Page:
    """The replay of an uploaded record, opened from the lobby's upload form."""
    record = folder / "game.json"
    record.write_text(a_record("whale-to-look"), encoding="utf-8")
    page = context.new_page()
    page.goto(server.url("/"))
    page.set_input_files("#record-file", str(record))
    page.locator("form.upload button[type=submit]").click()
    expect(page.locator("#step")).to_be_visible()
    return page


# ---------------------------------------------------------------------------- axe-core


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_on_any_page(
    access_server: Server, chromium: Browser, viewport: dict[str, int], tmp_path: Path
) -> None:
    # axe-core is injected as a script: the test's own, which the page's policy would refuse.
    ctx = chromium.new_context(viewport=viewport, locale="en-GB", bypass_csp=True)
    ctx.set_default_timeout(15_000)
    found: list[str] = []
    try:
        lobby = ctx.new_page()
        lobby.goto(access_server.url("/"))
        found += serious_violations(lobby, "lobby")
        lobby.locator("#new-game button[type=submit]").click()
        expect(lobby.locator("h1")).to_contain_text("the table is ready")
        found += serious_violations(lobby, "created")
        for game in GAME_IDS:
            links = new_table(access_server, game)
            found += serious_violations(open_turn(ctx, links["links"][0]["url"]), game)
            watcher = opened(ctx, links["spectator_url"])
            found += serious_violations(watcher, f"{game} (spectator)")
        found += serious_violations(replay_page(ctx, access_server, tmp_path), "replay")
        for path in ("/mine", "/rules/survive"):
            page = ctx.new_page()
            page.goto(access_server.url(path))
            found += serious_violations(page, path)
        error = ctx.new_page()
        error.goto(access_server.url("/t/not-a-link"))
        found += serious_violations(error, "error")
    finally:
        ctx.close()
    assert not found, "axe-core finds serious faults:\n" + "\n".join(found)


# ------------------------------------------------------------------------------ phones


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_phone_shows_the_table_without_sideways_scroll_small_text_or_small_buttons(
    access_server: Server, phone: BrowserContext, game: str
) -> None:
    page = open_turn(phone, new_table(access_server, game)["links"][0]["url"])
    widths = page.evaluate(WIDTHS)
    assert widths[0] == widths[2] and widths[1] <= widths[2], f"the page scrolls sideways: {widths}"
    assert page.evaluate(SMALL_TEXT, SMALLEST_TEXT) == []
    assert page.locator("#actions .action").count() > 0
    small = page.evaluate(SMALL_TARGETS, ["#actions .action, button, .button", SMALLEST_TARGET])
    assert small == [], f"buttons too small for a finger: {small}"


def test_a_phone_shows_the_lobby_new_table_replay_my_games_rules_and_error_without_sideways_scroll(
    access_server: Server, phone: BrowserContext, tmp_path: Path
) -> None:
    lobby = phone.new_page()
    lobby.goto(access_server.url("/"))
    pages = [lobby]
    created = phone.new_page()
    created.goto(access_server.url("/"))
    created.locator("#new-game button[type=submit]").tap()
    expect(created.locator("h1")).to_contain_text("the table is ready")
    error = phone.new_page()
    error.goto(access_server.url("/t/not-a-link"))
    pages += [created, replay_page(phone, access_server, tmp_path), error]
    for path in ("/mine", "/rules/survive"):  # the tables this browser sits at; the rules
        page = phone.new_page()
        page.goto(access_server.url(path))
        pages.append(page)
    for page in pages:
        widths = page.evaluate(WIDTHS)
        assert widths[0] == widths[2] and widths[1] <= widths[2], (page.url, widths)
        assert page.evaluate(SMALL_TEXT, SMALLEST_TEXT) == [], page.url
        targets = "button, .button, select, input[type=text], .lang"
        assert page.evaluate(SMALL_TARGETS, [targets, SMALLEST_TARGET]) == [], page.url


# ---------------------------------------------------------------------------- keyboard


def tab_to_an_action(page: Page, most: int = 400) -> None:
    """Press Tab until the focus is on one of the action buttons."""
    for _ in range(most):
        if page.evaluate(IN_ACTIONS):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reaches the action buttons")


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_game_is_played_with_tab_and_enter_and_the_focus_stays_in_the_actions(
    access_server: Server, context: BrowserContext, game: str
) -> None:
    page = open_turn(context, new_table(access_server, game)["links"][0]["url"])
    tab_to_an_action(page)
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid", "the focused action shows no outline"
    for _ in range(MOVES):
        step = int(page.evaluate("() => document.body.dataset.step"))
        page.keyboard.press("Enter")
        wait_turn(page, step)
        if finished(page):
            break
        # The board and the buttons were drawn again: the keyboard is still on an action.
        assert page.evaluate(IN_ACTIONS), page.evaluate("() => document.activeElement.outerHTML")
        page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(IN_ACTIONS)


# ------------------------------------------------------------------------------- lobby


def test_the_lobby_tells_each_game_with_its_picture_players_and_length(
    access_server: Server, context: BrowserContext
) -> None:
    page = context.new_page()
    page.goto(access_server.url("/"))
    for game in games.all():
        spec = game.spec
        card = page.locator(f'.game-card[data-game="{spec.id}"]')
        expect(card.locator(".game-title")).to_have_text(spec.title)
        expect(card.locator(".game-summary")).to_have_text(spec.summary)
        picture = card.locator("img.game-picture")
        expect(picture).to_have_attribute("alt", spec.picture)
        assert picture.evaluate("img => img.complete && img.naturalWidth > 0"), spec.id
        low, high = spec.min_players, spec.max_players
        expect(card.locator(".game-players")).to_have_text(f"{low}–{high} players")
        assert spec.playing_time is not None
        expect(card.locator(".game-length")).to_have_text("{}–{} min".format(*spec.playing_time))
        # Each of its options has a line of help, read with the menu.
        page.select_option("#game", spec.id)
        for name in game.option_choices():
            menu = page.locator(f'fieldset.options[data-game="{spec.id}"] [name="option_{name}"]')
            helped = menu.get_attribute("aria-describedby")
            assert helped, f"{spec.id}: option {name} has no help"
            expect(page.locator(f"#{helped}")).to_have_text(spec.option_help[name])
            expect(page.locator(f"#{helped}")).to_be_visible()
    # In Vietnamese the stories are told in Vietnamese.
    page.goto(access_server.url("/?lang=vi"))
    summary = page.locator('.game-card[data-game="whale-riders"] .game-summary')
    expect(summary).not_to_have_text(games.get("whale-riders").spec.summary)
    expect(page.locator('.game-card[data-game="whale-riders"] .game-length')).to_contain_text(
        "phút"
    )


def test_the_lobby_proposes_distinct_names_and_the_server_refuses_two_alike(
    access_server: Server, context: BrowserContext
) -> None:
    page = context.new_page()
    page.goto(access_server.url("/?lang=vi"))
    page.select_option("#num-players", "3")
    names = page.locator(".seat-row:not([hidden]) input.name")
    proposed = [names.nth(i).input_value() for i in range(3)]
    assert len({n.casefold() for n in proposed}) == 3, proposed
    # A bot seat's name is in the reader's words, and follows its level until someone writes.
    assert "bot" not in proposed[1].casefold(), proposed
    page.locator('.seat-row[data-index="1"] select.bot').select_option("hard")
    assert names.nth(1).input_value() not in proposed
    page.goto(access_server.url("/?lang=en"))
    page.select_option("#num-players", "3")
    page.locator('.seat-row[data-index="0"] input.name').fill("Ana")
    page.locator('.seat-row[data-index="2"] select.kind').select_option("human")
    page.locator('.seat-row[data-index="2"] input.name').fill("  ana ")
    page.locator("#new-game button[type=submit]").click()
    expect(page.locator("#message")).to_have_text(
        "seats 1 and 3 have the same name, ana: give each seat a name of its own"
    )
