"""Every game's web table, checked the same way: a page is a function of what its viewer
may know.

For states met in seeded random games, the message a page receives (board SVG, action
labels, log, status, result) is built twice: from the true game, and from a
determinization of it for the page's seat, a game that differs in everything that seat
cannot know. Anything hidden that reached the page would make the two differ. The
spectator's page is checked against determinizations for every seat, and a game gets
these checks by registering and having a board.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

from whaletable import games
from whaletable.core import State
from whaletable.core.testing import Sample, sample_states
from whaletable.web import i18n
from whaletable.web.storage import StoredTable
from whaletable.web.tables import LiveTable, Viewer

pytestmark = pytest.mark.slow

GAME_IDS = [game.spec.id for game in games.all()]
SAMPLES = 40
DETERMINIZATIONS = 1
PAGE_KEYS = ("board", "actions", "log", "status", "result", "you", "finished", "step")


@cache
def samples(game_id: str) -> list[Sample]:
    return sample_states(games.get(game_id), SAMPLES, seed=77, per_game=6)


def table_of(state: State) -> LiveTable:
    """A live table replaying ``state``'s history, as a restarted server would load it."""
    names = [f"Player <{i + 1}>" for i in range(state.num_players)]  # escaped on the page
    stored = StoredTable(
        key="k",
        game=state.game.spec.id,
        num_players=state.num_players,
        options=state.game.options_to_json(state.options),
        seats=[{"kind": "human", "name": n, "token": f"t{i}"} for i, n in enumerate(names)],
        spectator_token="s",
        hotseat_token=None,
        seed=0,
        actions=[a.to_json() for a in state.history],
    )
    return LiveTable(stored)


async def _discard(message: dict[str, Any]) -> None:
    return None


def page(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    viewer = Viewer(
        send=_discard,
        tr=i18n.translator(lang),
        lang=lang,
        role="spectator" if seat is None else "seat",
        seats=frozenset() if seat is None else frozenset({seat}),
        showing=seat,
    )
    message = table.message_for(viewer)
    return {k: message[k] for k in PAGE_KEYS}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_page_shows_only_what_its_viewer_may_know(game_id: str) -> None:
    rng = random.Random(5)
    checked = 0
    for n, sample in enumerate(samples(game_id)):
        state = sample.state
        lang = ("en", "vi", "fa")[n % 3]
        table = table_of(state)
        assert len(table.state.history) == len(state.history), sample.where()
        for seat in range(state.num_players):
            mine = page(table, seat, lang)
            spectator = page(table, None, lang)
            for _ in range(DETERMINIZATIONS):
                other = table_of(state.determinize(seat, rng))
                assert page(other, seat, lang) == mine, f"seat {seat} at {sample.where()}"
                assert page(other, None, lang) == spectator, f"spectator at {sample.where()}"
                checked += 1
    assert checked == DETERMINIZATIONS * sum(s.state.num_players for s in samples(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_page_is_well_formed_svg_with_escaped_names(game_id: str) -> None:
    for sample in samples(game_id)[::3]:
        table = table_of(sample.state)
        for seat in [None, *range(sample.state.num_players)]:
            svg = page(table, seat, "en")["board"]
            root = ET.fromstring(svg)  # raises on anything unescaped or unbalanced
            assert root.tag.endswith("svg"), sample.where()
            assert "<1>" not in svg and "Player <" not in svg, sample.where()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_acting_seat_can_click_or_pick_every_legal_action(game_id: str) -> None:
    for sample in samples(game_id):
        state = sample.state
        seat = state.current_player()
        if seat < 0:
            continue
        shown = page(table_of(state), seat, "en")
        listed = [a["action"] for a in shown["actions"]]
        legal = [a.to_json() for a in state.legal_actions()]
        assert sorted(map(repr, listed)) == sorted(map(repr, legal)), sample.where()
        labels = [a["label"] for a in shown["actions"]]
        assert len(set(labels)) == len(labels), f"two actions read the same at {sample.where()}"
