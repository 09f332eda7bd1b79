"""The generic board: a registered game with no board of its own is drawn from its
observation, its legal actions and its words, and played at the web table to the end.

The test kit's "Secret Steps" has no board module: every test here draws it through
``board_for``, as the table does.
"""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from board_support import SVG_NS, acts, classes, generic_rows, legal_for, tr, viewers, walk
from table_support import App, Socket, token_of
from toy_game import TOY_ID, Deal, Pass, Peek, Roll, Step, ToyGame, play_to_turn, toy

from whaletable import games
from whaletable.core import UnknownGame
from whaletable.core.game import Game
from whaletable.core.record import Record
from whaletable.i18n import translator
from whaletable.web.boards import BoardView, board_for
from whaletable.web.boards._generic import GenericBoard

__all__ = ["toy"]  # the fixture that registers Secret Steps

NAMES = ["Ana", "Bao"]


def texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG_NS}text")]


def test_a_registered_game_without_a_board_is_drawn_by_the_generic_board(toy: ToyGame) -> None:
    board = board_for(TOY_ID)
    assert isinstance(board, GenericBoard)
    assert board.game is toy
    with pytest.raises(UnknownGame, match="unknown game 'no-such-game'"):
        board_for("no-such-game")
    assert not isinstance(board_for("whale-to-look"), GenericBoard)  # its own board first


def test_the_board_shows_the_turn_and_every_field_and_scales_to_its_container(
    toy: ToyGame,
) -> None:
    board = board_for(TOY_ID)
    state = play_to_turn(toy, (1, 2))
    state.apply(Step(2))
    svg = board.svg(state.observation(1), [], NAMES, tr)
    root = ET.fromstring(svg)
    assert root.attrib["width"] == "100%" and "viewBox" in root.attrib
    assert "board" in classes(root)
    # The phase (the toy's "walking"), then whose turn it is.
    assert "Walking · Ana to move" in texts(svg)
    assert generic_rows(svg) == {
        "Secrets": "—, 2",
        "Tracks": "2, 0",
        "Peeked": "no, no",
        "Round": "1",
        "Steps taken": "1",
        "Tide": "0",
    }
    assert acts(root) == []  # not Bao's turn: nothing to click
    assert board.status(state.observation(0), NAMES, tr) == "Walking · Your turn"


def test_every_legal_action_is_a_button_worded_by_the_game_that_plays_its_json(
    toy: ToyGame,
) -> None:
    board = board_for(TOY_ID)
    state = play_to_turn(toy)
    state.apply(Step(1))
    obs = state.observation(0)
    legal = state.legal_actions()
    root = ET.fromstring(board.svg(obs, legal, NAMES, tr))
    buttons = acts(root)
    assert [toy.action_from_json(data) for _, data in buttons] == legal
    for (element, _), action in zip(buttons, legal, strict=True):
        words = board.label(action, obs, NAMES, tr)
        assert words == toy.describe_action(action, tr)
        assert element.attrib["aria-label"] == words
        assert "act" in classes(element)
        assert [t.text for t in element.iter(f"{SVG_NS}text")] == [words]
    assert [board.label(a, obs, NAMES, tr) for a in legal] == [
        "Step (size 1)",
        "Step (size 2)",
        "Peek",
        "Pass",
    ]


def test_a_hostile_field_value_or_name_cannot_inject_markup(toy: ToyGame) -> None:
    hostile = '<script>alert(1)</script>"><g onload="x">'
    obs = {
        "seat": 0,
        "to_move": 1,
        "result": None,
        "note": hostile,
        hostile: [hostile],
        "deep": {"a": {"b": hostile}},
    }
    svg = board_for(TOY_ID).svg(obs, [], [hostile, hostile], tr)
    root = ET.fromstring(svg)  # still one well-formed drawing
    tags = {el.tag.removeprefix(SVG_NS) for el in root.iter()}
    assert tags <= {"svg", "rect", "line", "text", "g", "title"}
    assert not any("onload" in el.attrib for el in root.iter())
    assert "<script" not in svg
    rows = generic_rows(svg)
    assert rows["Note"] == hostile  # shown as text, exactly
    assert any(hostile in text for text in texts(svg))
    assert f"{hostile} to move" in texts(svg)


def test_hidden_secrets_never_reach_another_seat_or_the_spectator(toy: ToyGame) -> None:
    board = board_for(TOY_ID)
    for seed in range(6):
        for snap in walk(toy, 2, seed, {}):
            state = snap.state
            for seat in viewers(state):
                obs = state.observation(seat)
                svg = board.svg(obs, legal_for(state, seat), NAMES, tr)
                shown = generic_rows(svg)["Secrets"].split(", ")
                for owner in (0, 1):
                    known = state.knows(seat, owner)
                    assert shown[owner] == (str(state.secrets[owner]) if known else "—")


def test_the_other_seats_drawing_is_the_same_whatever_the_secret_it_does_not_know(
    toy: ToyGame,
) -> None:
    board = board_for(TOY_ID)

    def drawings(secret: int) -> list[tuple[str, str, Any]]:
        state = play_to_turn(toy, (secret, 1))
        state.apply(Step(2))
        out = []
        for seat in (1, None):
            obs = state.observation(seat)
            out.append(
                (
                    board.svg(obs, legal_for(state, seat), NAMES, tr),
                    board.status(obs, NAMES, tr),
                    board.result(obs, NAMES, tr),
                )
            )
        return out

    assert drawings(0) == drawings(1) == drawings(2)


def test_the_result_table_and_the_lobby_words_come_from_the_spec(toy: ToyGame) -> None:
    board: BoardView = board_for(TOY_ID)
    state = play_to_turn(toy, (1, 2), rounds=1)
    for action in (Step(2), Step(2), Pass(), Step(1), Pass(), Roll(3)):
        state.apply(action)
    obs = state.observation(None)
    assert board.result(play_to_turn(toy).observation(0), NAMES, tr) is None
    table = board.result(obs, NAMES, tr)
    assert table == {
        "headline": "Game over: Ana won.",
        "note": None,
        "columns": ["Track", "Secret", "Steps"],
        "rows": [
            {"seat": 0, "name": "Ana", "place": 1, "cells": [4, 1, 5], "total": 5, "winner": True},
            {"seat": 1, "name": "Bao", "place": 2, "cells": [1, 2, 3], "total": 3, "winner": False},
        ],
    }
    assert board.status(obs, NAMES, tr) == "Game over: Ana won."
    assert board.option_label("peeking", tr) == "Peeking"
    assert board.choice_label("peeking", True, tr) == "yes"
    assert board.choice_label("mode", "end_of_turn", tr) == "End of turn"
    assert board.choice_label("limit", None, tr) == "drawn at random"


def test_the_lobby_offers_a_game_without_a_board_with_its_options(toy: ToyGame, app: App) -> None:
    page = app.client.get("/?lang=en").text
    assert f'value="{TOY_ID}"' in page
    assert 'name="option_peeking"' in page and "Peeking" in page
    assert 'name="option_rounds"' in page and "Rounds" in page


# ------------------------------------------------------------- a whole game at the table


def click(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One of the board's buttons, read back from the drawing as a page clicks it: the
    button's ``data-action``, which must be one of the actions the table offers."""
    buttons = acts(ET.fromstring(state["board"]))
    offered = [a["action"] for a in state["actions"]]
    assert [data for _, data in buttons] == offered
    labels = [element.attrib["aria-label"] for element, _ in buttons]
    assert labels == [a["label"] for a in state["actions"]]
    return rng.choice(buttons)[1]


def next_turn(sock: Socket, after: int) -> dict[str, Any]:
    """The first state past step ``after`` in which this socket may act, the game is
    over, or another seat is to move."""
    while True:
        m = sock.receive()
        if m["type"] == "error":
            raise AssertionError(m["message"])
        if m["type"] != "state" or m["step"] <= after:
            continue
        if m["you"] is not None or m["finished"] or m["status"].endswith(" to move"):
            return m


def test_the_toy_game_plays_to_the_end_at_the_web_table_by_its_buttons(
    toy: ToyGame, app: App
) -> None:
    r = app.client.post(
        "/api/games",
        json={
            "game": TOY_ID,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}],
        },
    )
    assert r.status_code == 201, r.text
    created = r.json()
    key = created["key"]
    tokens = [token_of(link["url"]) for link in created["links"]]
    rng = random.Random(4)
    clicked: list[dict[str, Any]] = []
    with (
        app.client.websocket_connect(f"/ws/{tokens[0]}") as ws0,
        app.client.websocket_connect(f"/ws/{tokens[1]}") as ws1,
        app.client.websocket_connect(f"/ws/{token_of(created['spectator_url'])}") as ws2,
    ):
        socks = [Socket(ws0), Socket(ws1)]
        seat = 0
        turn = socks[0].my_turn()
        for _ in range(40):
            if turn["finished"]:
                break
            assert turn["you"] == seat
            assert turn["status"] == "Walking · Your turn"
            action = click(turn, rng)
            clicked.append(action)
            socks[seat].send({"type": "act", "step": turn["step"], "action": action})
            after = next_turn(socks[seat], turn["step"])
            if not after["finished"] and after["you"] is None:
                assert after["status"] == f"Walking · {NAMES[1 - seat]} to move"
                seat = 1 - seat
                after = socks[seat].my_turn(after=turn["step"])
            turn = after
        assert turn["finished"], "the game did not end in 40 moves"
        spectator = Socket(ws2)
        watched = spectator.until_finished()
        before_end = [m for m in spectator.messages if m["type"] == "state" and not m["finished"]]

    state = app.tables.tables[key].state
    assert state.is_terminal()
    humans = [a.to_json() for a in state.history if not isinstance(a, (Deal, Roll))]
    assert humans == clicked
    result = state.result()
    assert result is not None
    assert [row["total"] for row in turn["result"]["rows"]] == [s.score for s in result.standings]
    assert turn["result"]["rows"][0]["name"] == NAMES[result.standings[0].seat]
    assert watched["result"] == turn["result"]
    # The spectator never saw a secret before the end, and saw both at the end.
    assert before_end
    assert {generic_rows(m["board"])["Secrets"] for m in before_end} == {"—, —"}
    secrets = ", ".join(str(s) for s in state.secrets)  # type: ignore[attr-defined]
    assert generic_rows(watched["board"])["Secrets"] == secrets
    # The finished game's record replays it, and its replay page draws the generic board.
    record = Record.loads(app.client.get(f"/games/{key}/record.json").text)
    assert record.replay().history == state.history
    replay = app.client.get(f"/replay/{key}")
    assert replay.status_code == 200
    assert 'class="board generic"' in replay.text


def test_the_log_says_the_toy_games_events_in_plain_words(toy: ToyGame) -> None:
    state = toy.new_state(2, events=True)
    for action in (Deal(1), Deal(2), Step(2), Peek()):
        state.apply(action)
    lines = [
        line
        for step in range(len(state.history))
        for line in toy.step_lines(state.step_events(1, step), state.history[step], 0, NAMES, tr)
    ]
    assert lines == [
        "Ana: Dealt (value —)",
        "Bao: Dealt (value 2)",
        "Ana: Walked (squares 2)",
        "Ana: Peeked (value —)",
    ]


def test_the_generic_board_speaks_the_viewers_language(toy: ToyGame) -> None:
    board = board_for(TOY_ID)
    state = play_to_turn(toy)
    vietnamese, persian = translator("vi"), translator("fa")
    # The phase is named from its key (no catalog holds the toy's words); the turn is
    # in the reader's language.
    assert board.status(state.observation(0), NAMES, vietnamese) == "Walking · Lượt của bạn"
    assert board.status(state.observation(1), NAMES, persian) == "Walking · نوبت Ana"
    assert "Walking · Lượt của bạn" in texts(board.svg(state.observation(0), [], NAMES, vietnamese))
    labels = [board.label(a, state.observation(0), NAMES, vietnamese) for a in [Pass()]]
    assert labels == ["Pass"]  # the game has no words of its own: its keys, humanised


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.spec.id)
def test_every_installed_game_could_be_played_on_the_generic_board(game: Game[Any]) -> None:
    """Not only the toy: any game's observations draw, and every legal action is a button
    (in order), or, for a game drawn from its scene, clicked once where the scene says."""
    board = GenericBoard(game)
    names = [*NAMES, "Chi", "Dara", "Eve"]
    players = min(game.spec.max_players, 3)
    for snap in itertools.islice(walk(game, players, 1, {}), 0, 150, 3):
        state = snap.state
        for seat in viewers(state):
            legal = legal_for(state, seat)
            root = ET.fromstring(board.svg(state.observation(seat), legal, names, tr))
            drawn = [game.action_from_json(data) for _, data in acts(root)]
            if board.maker is None:
                assert drawn == legal
            else:
                assert sorted(drawn, key=repr) == sorted(legal, key=repr)
