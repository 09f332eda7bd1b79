"""The Rules panel of a table's page in Chromium: opened by its button, showing the game's
sections, closed by Escape with the focus back on the button; in Vietnamese, the Vietnamese
rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from browser_support import create_table, screenshot, url_path
from playwright.sync_api import BrowserContext, expect

from whaletable import games, rulebook

if TYPE_CHECKING:
    from browser_support import Server

pytest_plugins = ["browser_support"]


@pytest.mark.parametrize("game_id", [g.spec.id for g in games.all()])
def test_the_rules_panel_opens_over_the_table_and_escape_closes_it(
    web_server: Server, context: BrowserContext, game_id: str
) -> None:
    seats: list[dict[str, Any]] = [
        {"kind": "human", "name": "Ana"},
        {"kind": "bot", "bot": "easy"},
    ]
    created = create_table(web_server.url(""), {"game": game_id, "seats": seats})
    seat_url = url_path(next(link["url"] for link in created["links"] if link["url"]))
    page = context.new_page()
    for lang in ("en", "vi"):
        rules = rulebook.rules_of(games.get(game_id), lang)
        page.goto(web_server.url(f"{seat_url}?lang={lang}"))
        button = page.locator("#rules-open")
        panel = page.locator("#rules-panel")
        expect(panel).to_be_hidden()
        button.click()
        expect(panel).to_be_visible()
        headings = panel.locator(".rules-text h3")
        expect(headings).to_have_text([s.title for s in rules.sections])
        expect(page.locator("#rules-panel-title")).to_have_text(rules.title)
        if (game_id, lang) == ("survive", "en"):
            screenshot(page, "rules.png", full_page=False)
        page.keyboard.press("Escape")
        expect(panel).to_be_hidden()
        expect(button).to_be_focused()
        assert page.url.endswith(f"{seat_url}?lang={lang}")  # the table never left
