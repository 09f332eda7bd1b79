"""The rules on the web: a page of their own in the reader's language, the table's Rules
panel, the lobby's link, and a refused move answered with the rule that governs it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from table_support import App, Socket, create_table, token_of

from whaletable import games, rulebook
from whaletable.i18n import translator

GAME_IDS = [g.spec.id for g in games.all()]


def seat_urls(created: dict[str, Any]) -> list[str]:
    return [link["url"] for link in created["links"] if link["url"] is not None]


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_page_shows_every_section_in_the_readers_language(
    app: App, game_id: str, lang: str
) -> None:
    rules = rulebook.rules_of(games.get(game_id), lang)
    r = app.client.get(f"/rules/{game_id}?lang={lang}")
    assert r.status_code == 200
    assert f'<html lang="{lang}"' in r.text
    for section in rules.sections:
        assert re.search(rf'<h2 id="{section.id}">[^<]*', r.text), section
    assert "{#" not in r.text


def test_the_rules_page_follows_the_language_cookie(app: App) -> None:
    app.client.cookies.set("lang", "fa")
    r = app.client.get("/rules/whale-riders")
    title = rulebook.rules_of(games.get("whale-riders"), "fa").section("turn").title
    assert title in r.text


def test_an_unknown_game_has_no_rules_page_and_the_games_are_named(app: App) -> None:
    r = app.client.get("/rules/whale-spotter?lang=vi")
    assert r.status_code == 404
    said = translator("vi")("There is no game {game}: the games are {games}.").format(
        game="'whale-spotter'", games=", ".join(GAME_IDS)
    )
    assert said.replace("'", "&#39;") in r.text


def test_the_lobby_links_the_rules_of_every_game(app: App) -> None:
    r = app.client.get("/")
    for game_id in GAME_IDS:
        assert f'href="/rules/{game_id}"' in r.text


def test_the_table_page_holds_the_rules_panel_in_its_language(app: App) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "easy"}]
    created = create_table(app.client, seats)
    page = app.client.get(f"/t/{token_of(seat_urls(created)[0])}?lang=vi").text
    rules = rulebook.rules_of(games.get("whale-to-look"), "vi")
    assert 'id="rules-open"' in page and '<dialog id="rules-panel"' in page
    assert '<script src="/static/rules.js" defer></script>' in page
    for section in rules.sections:
        assert f'<h3 id="rules-{section.id}">' in page
    assert f">{rules.section('turn').title}</h3>" in page


# ------------------------------------------------------------------ a refused move


def table_of(app: App, game_id: str) -> tuple[str, list[str]]:
    """A table of two human seats (so a human is always to move): its key and their tokens."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}]
    r = app.client.post("/api/games", json={"game": game_id, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()["key"], [token_of(u) for u in seat_urls(r.json())]


def to_move(app: App, key: str, sockets: tuple[Socket, Socket]) -> tuple[Socket, dict[str, Any]]:
    """The socket of the seat to move and its turn, once chance has done its steps."""
    while True:
        m = sockets[0].next_of("state")
        if m["you"] is not None:
            return sockets[0], m
        if app.tables.tables[key].state.current_player() == 1:
            return sockets[1], sockets[1].my_turn()


def forged(choice: dict[str, Any]) -> dict[str, Any]:
    """A legal choice altered so that the rules refuse it: a number no game has, else a field
    the action does not take."""
    action = dict(choice)
    numbers = [k for k, v in action.items() if type(v) is int]
    if numbers:
        action[numbers[0]] = 999
    else:
        action["forged"] = 1
    return action


@pytest.mark.parametrize("lang", ["vi", "fa"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_refused_move_is_told_its_rule_in_the_readers_language(
    app: App, game_id: str, lang: str
) -> None:
    game = games.get(game_id)
    table, tokens = table_of(app, game_id)
    with (
        app.client.websocket_connect(f"/ws/{tokens[0]}?lang={lang}") as ws0,
        app.client.websocket_connect(f"/ws/{tokens[1]}?lang={lang}") as ws1,
    ):
        mover, turn = to_move(app, table, (Socket(ws0), Socket(ws1)))
        key = turn["actions"][0]["action"]
        steps = turn["step"]
        mover.send({"type": "act", "step": steps, "action": forged(key)})
        refused = mover.next_of("error")
    section = rulebook.clause_of(game, key["type"], lang)
    assert section is not None
    tr = translator(lang)
    template = "This move is not allowed now: see “{section}” in the rules."
    assert tr(template) != template
    assert refused["message"] == tr(template).format(section=section.title)
    assert refused["rule"] == {
        "id": section.id,
        "title": section.title,
        "url": f"/rules/{game_id}?lang={lang}#{section.id}",
        "label": tr("Read this rule"),
    }
    page = app.client.get(refused["rule"]["url"].split("#")[0]).text
    assert f'<h2 id="{section.id}">' in page  # the link leads to the section
    assert len(app.tables.tables[table].state.history) == steps  # nothing was played


def test_a_move_of_a_kind_the_game_lacks_is_pointed_to_the_turn(app: App) -> None:
    table, tokens = table_of(app, "whale-riders")
    with (
        app.client.websocket_connect(f"/ws/{tokens[0]}") as ws0,
        app.client.websocket_connect(f"/ws/{tokens[1]}") as ws1,
    ):
        mover, turn = to_move(app, table, (Socket(ws0), Socket(ws1)))
        mover.send({"type": "act", "step": turn["step"], "action": {"type": "x" * 500}})
        refused = mover.next_of("error")
    turn_title = rulebook.rules_of(games.get("whale-riders")).section("turn").title
    assert refused["message"] == f"This move is not allowed now: see “{turn_title}” in the rules."
    assert refused["rule"]["url"] == "/rules/whale-riders?lang=en#turn"
