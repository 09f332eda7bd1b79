"""The board and the terminal word the choices the second rules pass added: a whale that a
bad space would send onto the path may be saved instead, and a penalty the team cannot pay."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from rich.console import Console
from stw_support import SPACE

from whaletable.cli.render import view_for
from whaletable.games.save_the_whales import actions as act
from whaletable.web.boards import board_for

if TYPE_CHECKING:
    from stw_support import Table

    from whaletable.games.save_the_whales.rules import SaveTheWhalesState

NAMES = ["Ann", "Bao"]


def english(text: str) -> str:
    return text


def spotted_with_the_act_occupied(table: Table) -> SaveTheWhalesState:
    state = table.new()
    table.put(state, "blue", SPACE["act"])
    state.sp = [20, 20]
    table.put(state, "gray", SPACE["spotted"] - 3)
    table.roll(state, 1, 2)
    return state


def test_board_words_the_save_before_going_onto_the_path(table: Table) -> None:
    state = spotted_with_the_act_occupied(table)
    board = board_for("save-the-whales")
    obs = state.observation(0)
    svg = board.svg(obs, state.legal_actions(), NAMES, english)
    assert "must go onto the path unless it is saved now" in svg
    assert "0 of 0 SP" not in svg
    refuse = board.label(act.Refuse(), obs, NAMES, english)
    assert refuse == "Do not save it: the Gray Whale goes onto the path"
    assert "instead of paying the penalty" in board.label(
        act.SaveWhale("gray"), obs, NAMES, english
    )


def test_terminal_words_the_save_before_going_onto_the_path(table: Table) -> None:
    state = spotted_with_the_act_occupied(table)
    view = view_for(state.game)
    obs = state.observation(0)
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(view.board(obs, NAMES))
    assert "must go onto the path unless it is saved now" in " ".join(out.getvalue().split())
    refused = ["Do not save it: the Gray Whale goes onto the path"]
    assert view.choices(obs, [act.Refuse()]) == refused


def test_board_says_when_the_team_cannot_pay_the_penalty(table: Table) -> None:
    state = table.new(("orca", "blue"))
    table.put(state, "blue", SPACE["act"])
    state.sp = [state.components.values[state.mover], 0]
    table.put(state, "orca", SPACE["radioactive"] - 3)
    table.roll(state, 1, 2)
    board = board_for("save-the-whales")
    svg = board.svg(state.observation(0), state.legal_actions(), NAMES, english)
    assert "The team cannot pay this penalty." in svg
