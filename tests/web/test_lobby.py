"""The lobby over HTTP: what it tells of each game, and one name per seat at a table."""

from __future__ import annotations

import html
from typing import Any

import pytest
from table_support import App, create_table

from whaletable import games
from whaletable.core.game import Game
from whaletable.i18n import translator
from whaletable.web.boards import board_for
from whaletable.web.pace import LONGEST_CLOCK, LONGEST_INCREMENT, SHORTEST_CLOCK

ALIKE = "have the same name"


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.spec.id)
def test_every_game_declares_its_story_picture_length_and_help_for_each_option(
    game: Game[Any],
) -> None:
    spec = game.spec
    assert spec.summary and spec.picture
    assert spec.playing_time is not None and 0 < spec.playing_time[0] <= spec.playing_time[1]
    assert set(spec.option_help) == set(game.option_choices())


def test_the_lobby_shows_each_game_and_its_options_help_in_the_page_language(app: App) -> None:
    for lang in ("en", "vi", "fa"):
        page = app.client.get(f"/?lang={lang}").text
        tr = translator(lang)
        for game in games.all():
            spec = game.spec
            assert html.escape(tr(spec.summary)) in page
            assert f'alt="{html.escape(tr(spec.picture))}"' in page
            assert f'src="/static/games/{spec.id}.svg"' in page
            for name in game.option_choices():
                assert html.escape(tr(spec.option_help[name])) in page, (lang, name)
                assert html.escape(board_for(spec.id).option_label(name, tr)) in page
    picture = app.client.get("/static/games/whale-riders.svg")
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/svg+xml"


def test_the_lobby_proposes_a_distinct_name_for_every_seat(app: App) -> None:
    page = app.client.get("/?lang=fa").text
    most = max(game.spec.max_players for game in games.all())
    names = [
        html.unescape(part.split('"', 1)[0])
        for part in page.split('class="name" maxlength="40"\n               value="')[1:]
    ]
    assert len(names) == most and len({n.casefold() for n in names}) == most
    assert names[0] == "بازیکن 1" and names[1] == "ربات متوسط 2"


@pytest.mark.parametrize(
    "twin",
    [
        "Ana",
        "ana",
        "  ANA ",
        "Ａｎａ",
        # Characters that show nothing: joiners, a variation selector, the grapheme joiner,
        # a Hangul filler; the name reads as Ana all the same.
        "Ana\u200d",
        "A\u200cna",
        "Ana\ufe0f",
        "An\u034fa",
        "Ana\u3164",
        # Letters of other scripts that look like Latin ones (Unicode's confusables).
        "\u0410n\u0430",  # Cyrillic А and а
        "\u0391NA",  # Greek Alpha
    ],
)
def test_two_seats_with_one_name_are_refused(app: App, twin: str) -> None:
    r = app.client.post(
        "/api/games",
        json={
            "game": "whale-to-look",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": twin}],
        },
    )
    assert r.status_code == 400
    assert "seats 1 and 2 have the same name" in r.json()["error"]
    assert app.tables.tables == {}


@pytest.mark.parametrize(("first", "second"), [("Bao", "Bảo"), ("Lan", "Lân"), ("Ana", "Anna")])
def test_names_an_accent_or_a_letter_tells_apart_are_two_names(
    app: App, first: str, second: str
) -> None:
    seats = [{"kind": "human", "name": first}, {"kind": "human", "name": second}]
    r = app.client.post("/api/games", json={"game": "whale-to-look", "seats": seats})
    assert r.status_code == 201, r.text


def test_the_lobby_form_refusal_is_a_sentence_in_the_page_language(app: App) -> None:
    form = {
        "game": "whale-to-look",
        "num_players": "2",
        "seat_0_kind": "human",
        "seat_0_name": "Bao",
        "seat_1_kind": "bot",
        "seat_1_bot": "easy",
        "seat_1_name": "bao ",
    }
    r = app.client.post("/games?lang=vi", data=form)
    assert r.status_code == 400
    assert "ghế 1 và ghế 2 trùng tên, bao" in r.text


def test_an_open_seat_cannot_be_claimed_under_a_name_already_at_the_table(app: App) -> None:
    created = create_table(app.client, [{"kind": "human", "name": "Ana"}, {"kind": "open"}])
    key = created["key"]
    taken = app.client.post(f"/games/{key}/claim/1", data={"name": " ANA"})
    assert taken.status_code == 400 and ALIKE in taken.text
    assert app.tables.tables[key].seats[1].kind == "open"  # still open for someone else
    r = app.client.post(f"/games/{key}/claim/1", data={"name": "Zed"}, follow_redirects=False)
    assert r.status_code == 303


def test_the_custom_clock_fields_offer_the_bounds_the_server_accepts(app: App) -> None:
    page = app.client.get("/").text
    shortest, longest = int(SHORTEST_CLOCK) // 60, int(LONGEST_CLOCK) // 60
    assert f'name="clock_minutes" min="{shortest}" max="{longest}"' in page
    assert f'name="clock_increment" min="0" max="{int(LONGEST_INCREMENT)}"' in page
