"""The template game, which has a scene but no board of its own, played to the end in a
real browser by clicking the zones its scene makes clickable on the generic board.

The template is copied into a temporary package and registered in this process, and the
app is served by uvicorn in a thread of it. Ana and Bao play from two pages of one
browser; every decision is a click on a zone of the SVG board.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    MOVED_ON,
    TURN_TIMEOUT,
    InProcess,
    finished,
    in_process,
    url_path,
    wait_turn,
)
from playwright.sync_api import BrowserContext, Page, expect

from template_game import GAME_ID, template_registered
from whaletable.core import registry
from whaletable.web import tables
from whaletable.web.boards._generic import GenericBoard

pytestmark = pytest.mark.slow

pytest_plugins = ["browser_support"]

NAMES = ("Ana", "Bao")


@pytest.fixture(scope="module")
def template_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcess]:
    """The template registered, and the app served on a free loopback port."""
    folder = tmp_path_factory.mktemp("template-server")
    with template_registered(folder), in_process(folder) as served:
        yield served


def test_the_template_game_is_played_to_the_end_by_clicking_its_scene_on_the_generic_board(
    template_server: InProcess, context: BrowserContext, tmp_path: Path
) -> None:
    rng = random.Random(3)
    created = template_server.create(
        {"game": GAME_ID, "seats": [{"kind": "human", "name": n} for n in NAMES]}
    )
    pages: list[Page] = [context.new_page() for _ in NAMES]
    errors: list[str] = []
    for page, link in zip(pages, created["links"], strict=True):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(template_server.base + url_path(link["url"]))

    clicked: list[dict[str, Any]] = []
    seat, past = 0, -1
    for _ in range(40):
        page = pages[seat]
        page.bring_to_front()
        step = wait_turn(page, past)
        if finished(page):
            break
        expect(page.locator("#status")).to_contain_text("Your turn: sail your boat.")
        # The scene's regions: seven zones, then the two seats.
        zones = page.locator("#board svg g.region.kind-zone")
        expect(zones).to_have_count(7)
        # Every sail is clicked on the zone it goes to, in the words of the list below.
        targets = page.locator("#board svg .act.scene-act")
        offered = page.locator("#actions button.action").all_text_contents()
        assert sorted(targets.locator("title").all_text_contents()) == sorted(offered)
        target = targets.nth(rng.randrange(targets.count()))
        action = json.loads(target.get_attribute("data-action") or "")
        assert target.get_attribute("data-target") == f"zone-{action['zone']}"
        target.click()
        clicked.append(action)
        page.wait_for_function(MOVED_ON, arg=step, timeout=TURN_TIMEOUT)
        past = step
        if page.evaluate("document.body.dataset.you === ''") and not finished(page):
            seat = 1 - seat
    else:
        pytest.fail("the game did not end in 40 clicks")

    for page in pages:
        page.wait_for_function(
            "() => document.body.dataset.finished === 'true'", timeout=TURN_TIMEOUT
        )
        expect(page.locator("#status")).to_contain_text("Game over")
    table = template_server.app.state.tables.tables[created["key"]]
    sails = [a.to_json() for a in table.state.history if a.kind == "sail"]
    assert sails == clicked
    assert errors == []


def test_several_choices_on_one_target_are_chosen_in_two_clicks_on_the_generic_board(
    template_server: InProcess, context: BrowserContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whale to Look's scene offers two choices on each fish card (investigate it, or use
    a radar on it). Drawn by the generic board, a click on the card selects it and shows
    its two choices; a click on one plays it."""
    monkeypatch.setattr(tables, "board_for", lambda game_id: GenericBoard(registry.get(game_id)))
    created = template_server.create(
        {
            "game": "whale-to-look",
            "options": {"start_player": 0, "area_layout": "ordered"},
            "seats": [{"kind": "human", "name": n} for n in NAMES],
        }
    )
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(template_server.base + url_path(created["links"][0]["url"]))
    step = wait_turn(page, -1)
    card = page.locator('#board svg .scene-pick[data-target="fish-3"]')
    pick = card.get_attribute("data-boat")
    options = page.locator(f'#board svg .move-target[data-boat="{pick}"]')
    expect(options).to_have_count(2)
    expect(options.first).to_be_hidden()
    card.click()
    expect(options.first).to_be_visible()
    expect(options.nth(1)).to_be_visible()
    # Another card's choices stay hidden while this one is selected.
    other = page.locator('#board svg .scene-pick[data-target="fish-4"]').get_attribute("data-boat")
    expect(page.locator(f'#board svg .move-target[data-boat="{other}"]').first).to_be_hidden()
    titles = options.locator("title").all_text_contents()
    assert titles == [
        "Investigate fish card F4 (a secret look)",
        "Use the radar on fish card F4 (turn it up for everyone)",
    ]
    action = json.loads(options.first.get_attribute("data-action") or "")
    options.first.click()
    page.wait_for_function(MOVED_ON, arg=step, timeout=TURN_TIMEOUT)
    table = template_server.app.state.tables.tables[created["key"]]
    assert table.state.history[-1].to_json() == action == {"type": "investigate", "fish": 3}
    assert errors == []
