"""The pages under their Content-Security-Policy in Chromium: a game is created from the
lobby and played by clicking, and the browser reports no blocked script, style or socket.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from browser_support import finished, wait_turn
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

if TYPE_CHECKING:
    from browser_support import Server

pytest_plugins = ["browser_support"]

# Recorded by the browser itself (an init script is not subject to the page's policy).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


@pytest.fixture
def watched(context: BrowserContext) -> Iterator[tuple[Page, list[str]]]:
    """A page whose console errors and policy violations are kept for the test to check."""
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        # Chromium reports every blocked script, style, frame or socket on the console.
        if "Content Security Policy" in message.text:
            problems.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda e: problems.append(str(e)))
    yield page, problems


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__violations || []")
    return found


def test_a_game_plays_under_the_content_security_policy(
    web_server: Server, watched: tuple[Page, list[str]]
) -> None:
    page, problems = watched
    response = page.goto(web_server.url("/"))
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    # The lobby's script runs: choosing Survive refills the player counts.
    page.select_option("#game", "survive")
    page.select_option("#num-players", "2")
    assert page.locator('fieldset.options[data-game="survive"]').is_visible()
    page.fill('input[name="seat_0_name"]', "Ana")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("a.url")
    # Relative links are completed by the page's script from the browser's own address.
    first = page.locator("li.seat-human a.url").first
    assert (first.text_content() or "").startswith(web_server.url("/t/"))
    first.click()
    page.wait_for_selector('body[data-conn="open"]')
    step = -1
    for _ in range(4):
        step = wait_turn(page, step)
        if finished(page):
            break
        page.locator("#actions button.action").first.click()
    assert page.locator("#board svg").count() == 1
    assert violations(page) == []
    assert problems == []
