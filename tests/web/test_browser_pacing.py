"""Pacing in a real browser: the steps of bots and chance shown one at a time, Skip, the
moments the rules make public held on the board, and replays that play without reloading.

The app is served in this process (``in_process``) so that a table of bots alone plays
without the web app's pause between its steps, and a finished game is quick to get.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import (
    AFTER_STEP,
    TURN_TIMEOUT,
    InProcess,
    in_process,
    screenshot,
    url_path,
    wait_turn,
)
from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, expect

pytestmark = pytest.mark.slow

pytest_plugins = ["browser_support"]

GAMES = ["whale-to-look", "save-the-whales", "whale-riders", "survive"]

# Every state the page shows, as it shows it: its step, whether it is a step gone by
# (a frame) or a reveal, and the numbers on the board's fish cards and explorers.
RECORDER = """
document.addEventListener("DOMContentLoaded", () => {
  window.shown = [];
  new MutationObserver(() => {
    const d = document.body.dataset;
    const values = (sel) => Array.from(document.querySelectorAll(sel), (e) => e.textContent);
    window.shown.push({
      step: Number(d.step), frame: d.frame === "true", reveal: d.reveal === "true",
      at: performance.now(),
      fish: values("#board .fish-value"), explorers: values("#board .explorer-value"),
    });
  }).observe(document.body, { attributes: true, attributeFilter: ["data-step"] });
});
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcess]:
    with in_process(tmp_path_factory.mktemp("pacing"), bots_only_pace=0.0, seed=11) as served:
        yield served


def seats(game_id: str, *kinds: str) -> dict[str, Any]:
    return {
        "game": game_id,
        "seats": [
            {"kind": "human", "name": "Ana"} if k == "human" else {"kind": "bot", "bot": k}
            for k in kinds
        ],
    }


def open_page(context: BrowserContext, server: InProcess, url: str, pace: str) -> Page:
    context.add_init_script(script=RECORDER)
    page = context.new_page()
    page.goto(server.base + url_path(url))
    page.select_option("#pace", pace)
    return page


def shown(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => window.shown")
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_bot_moves_are_shown_one_at_a_time_and_skip_jumps_to_the_latest(
    server: InProcess, context: BrowserContext, game_id: str
) -> None:
    created = server.create(seats(game_id, "human", "easy", "easy"))
    page = open_page(context, server, created["links"][0]["url"], "fast")
    rng = random.Random(3)
    step = wait_turn(page, -1)
    one_by_one = False
    for _ in range(30):  # Ana's moves, until the bots made two steps or more after one
        before = len(shown(page))
        buttons = page.locator("#actions .action")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(AFTER_STEP, arg=step, timeout=TURN_TIMEOUT)
        latest = int(page.evaluate("() => document.body.dataset.step"))
        # The steps as they followed each other (a state told twice is shown again, and
        # the state Ana moved in may be told once more before her move comes back).
        steps = [k for k, _ in itertools.groupby(s["step"] for s in shown(page)[before:])]
        assert steps == sorted(set(steps)), steps
        # Ana's move at once, then every step after it in turn, up to the newest.
        if latest - step >= 3:
            assert [k for k in steps if k > step] == list(range(step + 1, latest + 1)), steps
            one_by_one = True
            break
        step = latest
    assert one_by_one, "the bots never made two steps in a row"

    # Slowly now: while the bots' steps wait their turn, nothing is offered to click.
    page.select_option("#pace", "slow")
    step = latest
    for _ in range(30):
        buttons = page.locator("#actions .action")
        buttons.nth(rng.randrange(buttons.count())).click()
        try:
            page.wait_for_function("() => Number(document.body.dataset.queued) > 0", timeout=3000)
            break
        except Exception:
            page.wait_for_function(AFTER_STEP, arg=step, timeout=TURN_TIMEOUT)
            step = int(page.evaluate("() => document.body.dataset.step"))
    queued, offered, skip_hidden = page.evaluate(
        """() => [
          Number(document.body.dataset.queued),
          document.querySelectorAll("#actions .action").length,
          document.getElementById("skip").hidden,
        ]"""
    )
    assert queued > 0 and offered == 0 and not skip_hidden
    # Clicked and read at once: a step the bots make after it is queued again, rightly.
    on = page.evaluate(
        """() => {
          document.getElementById("skip").click();
          const d = document.body.dataset;
          return [d.step, d.latest, d.queued, document.getElementById("skip").hidden];
        }"""
    )
    assert on == [on[1], on[1], "0", True]


def test_a_state_told_again_while_a_move_is_on_its_way_offers_nothing_to_click(
    server: InProcess, context: BrowserContext
) -> None:
    # A state may be told again at its step (redrawn when someone leaves or comes back).
    # Here the page's move is held back and the state it was made in told again meanwhile:
    # the page must go on waiting for its move's answer, not offer the old moves again.
    created = server.create(seats("whale-to-look", "human", "easy", "easy"))
    held: list[str] = []
    last_state: list[str] = []
    servers: list[WebSocketRoute] = []

    def route(ws: WebSocketRoute) -> None:
        to_server = ws.connect_to_server()
        servers.append(to_server)

        def from_page(message: str | bytes) -> None:
            if not held and json.loads(message).get("type") == "act":
                held.append(str(message))
                ws.send(last_state[-1])
            else:
                to_server.send(message)

        def from_server(message: str | bytes) -> None:
            state = json.loads(message)
            if state.get("type") == "state":
                state.pop("frames", None)
                last_state.append(json.dumps(state))
            ws.send(message)

        ws.on_message(from_page)
        to_server.on_message(from_server)

    context.route_web_socket(re.compile(r"/ws/"), route)
    context.add_init_script(
        script="""document.addEventListener("whaletable:message", () => {
          window.told = (window.told || 0) + 1;
        });"""
    )
    page = open_page(context, server, created["links"][0]["url"], "fast")
    step = wait_turn(page, -1)
    told = page.evaluate("() => window.told")
    page.locator("#actions .action").first.click()
    page.wait_for_function("(n) => window.told > n", arg=told)
    assert held, "the move was not sent"
    waiting, step_shown = page.evaluate(
        "() => [document.body.classList.contains('waiting'), Number(document.body.dataset.step)]"
    )
    assert (waiting, step_shown) == (True, step)
    # The move goes on to the table, and the page acts on the state it brings.
    servers[-1].send(held[0])
    assert wait_turn(page, step) > step


def test_the_end_of_a_whale_to_look_round_is_held_on_the_board_with_every_card_shown(
    server: InProcess, context: BrowserContext
) -> None:
    created = server.create(seats("whale-to-look", "human", "easy"))
    page = open_page(context, server, created["links"][0]["url"], "fast")
    page.wait_for_function(AFTER_STEP, arg=-1, timeout=TURN_TIMEOUT)
    # Ana says "Done!" as soon as she may: the bot plays the round out, then it is scored.
    for _ in range(40):
        done = page.locator("#actions .action", has_text=re.compile("Done"))
        if done.count():
            done.first.click()
            break
        step = int(page.evaluate("() => document.body.dataset.step"))
        page.locator("#actions .action").first.click()
        page.wait_for_function(AFTER_STEP, arg=step, timeout=TURN_TIMEOUT)
    page.wait_for_function(
        "() => document.body.dataset.reveal === 'true'", timeout=TURN_TIMEOUT, polling=50
    )
    revealed = [s for s in shown(page) if s["reveal"]]
    assert revealed
    fish = revealed[-1]["fish"]
    assert fish and all(v.isdigit() for v in fish), fish  # every card face up, for Ana too
    # Held four paces (300 ms each at "fast") before the next step (round 2's deal) shows.
    at = revealed[-1]["step"]
    page.wait_for_function(
        "(at) => window.shown.some((s) => s.step > at)", arg=at, timeout=TURN_TIMEOUT
    )
    after = shown(page)
    held_from = next(s["at"] for s in after if s["step"] == at)
    moved_on = next(s["at"] for s in after if s["step"] > at)
    assert moved_on - held_from >= 4 * 300 - 50, (held_from, moved_on)


def test_the_values_of_survive_explorers_are_shown_to_a_spectator_at_the_end(
    server: InProcess, context: BrowserContext
) -> None:
    created = server.create(seats("survive", "easy", "easy"))
    page = open_page(context, server, created["spectator_url"], "off")
    page.wait_for_function("() => document.body.dataset.finished === 'true'", timeout=TURN_TIMEOUT)
    assert page.evaluate("() => document.body.dataset.reveal") == "true"
    values = page.locator("#board .explorer-value").all_text_contents()
    assert values and all(v.strip().isdigit() for v in values), values


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_plays_pauses_steps_and_jumps_without_reloading(
    server: InProcess, context: BrowserContext, game_id: str
) -> None:
    created = server.create(seats(game_id, "easy", "easy"))
    key = created["key"]
    watcher = context.new_page()
    watcher.goto(server.base + url_path(created["spectator_url"]))
    watcher.wait_for_function(
        "() => document.body.dataset.finished === 'true'", timeout=TURN_TIMEOUT
    )
    page = context.new_page()
    page.goto(f"{server.base}/replay/{key}?step=0&seat=1")
    page.evaluate("() => { window.samePage = true; }")  # gone if the page loads again
    page.select_option("#speed", "fast")
    page.click("#autoplay")
    page.wait_for_function("() => Number(document.body.dataset.step) >= 3")
    page.click("#autoplay")  # pause
    paused = int(page.evaluate("() => document.body.dataset.step"))
    page.wait_for_timeout(700)
    assert int(page.evaluate("() => document.body.dataset.step")) == paused
    page.keyboard.press("ArrowRight")
    page.wait_for_function("(s) => document.body.dataset.step === String(s)", arg=paused + 1)
    page.click("#prev")
    page.click("#prev")
    page.wait_for_function("(s) => document.body.dataset.step === String(s)", arg=paused - 1)
    lines = page.locator("#log li[data-step]")
    line = lines.nth(lines.count() // 2)  # a move from the middle of the game's log
    at = int(line.get_attribute("data-step") or "")
    line.locator("a").click()
    page.wait_for_function("(s) => document.body.dataset.step === String(s)", arg=at)
    expect(line).to_have_class(re.compile(r"\bcurrent\b"))
    expect(page.locator("#step")).to_contain_text(f"Step {at} of")
    if game_id == "whale-to-look":
        screenshot(page, "replay.png", full_page=False)
    assert f"step={at}" in page.url and "seat=1" in page.url  # the viewpoint is kept
    page.keyboard.press("Space")
    page.wait_for_function("(s) => Number(document.body.dataset.step) > s", arg=at)
    page.keyboard.press("Space")
    assert page.evaluate("() => window.samePage") is True


# Every piece the page slides, by its key (motion.js animates with the Web Animations API).
SLIDES = """
window.slid = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.slid.push({ key: this.getAttribute("data-key"), piece: this.hasAttribute("data-piece") });
  return animate.apply(this, args);
};
"""


# This page may act on the newest state, every step before it shown (or the game is over).
SETTLED = """() => {
  const d = document.body.dataset;
  return d.finished === "true" || (d.you !== undefined && d.you !== ""
    && (d.queued || "0") === "0" && !document.body.classList.contains("waiting"));
}"""


def slides_while_playing(page: Page, most: int) -> tuple[list[dict[str, Any]], int]:
    """Ana's moves, chosen at random, until the page has slid a piece or made ``most``
    moves; what slid, and how many moves it took."""
    rng = random.Random(5)
    for moves in range(most):
        page.wait_for_function(SETTLED, timeout=TURN_TIMEOUT)
        slid: list[dict[str, Any]] = page.evaluate("() => window.slid")
        if slid or page.evaluate("() => document.body.dataset.finished") == "true":
            return slid, moves
        buttons = page.locator("#actions .action")
        buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(SETTLED, timeout=TURN_TIMEOUT)
    return page.evaluate("() => window.slid"), most


@pytest.mark.parametrize("game_id", GAMES)
def test_a_piece_a_bot_moves_slides_from_where_it_was_unless_motion_is_reduced(
    server: InProcess, chromium: Browser, game_id: str
) -> None:
    moves = 200
    for motion in ("no-preference", "reduce"):
        ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
        ctx.add_init_script(script=SLIDES)
        try:
            created = server.create(seats(game_id, "human", "easy"))
            page = ctx.new_page()
            page.goto(server.base + url_path(created["links"][0]["url"]))
            page.select_option("#pace", "fast")
            slid, moves = slides_while_playing(page, moves)
            if motion == "reduce":
                # As many moves as it took to see a slide, and five more: all drawn in place.
                slid, _ = slides_while_playing(page, 5)
                assert slid == []
            else:
                assert slid and all(s["piece"] and s["key"] for s in slid), slid
        finally:
            ctx.close()
