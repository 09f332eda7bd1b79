"""The terminal lights what the last step touched, as the scene says, in every game."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from whaletable import games
from whaletable.cli.render import chips, view_for
from whaletable.core.view import Piece, scene_maker

GAME_IDS = [game.spec.id for game in games.all()]


def styled(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=160, color_system="standard", force_terminal=True).print(renderable)
    return out.getvalue()


def test_a_lit_piece_is_drawn_reversed_and_no_other() -> None:
    pieces = [Piece("boat-0", "boat", "A"), Piece("boat-1", "boat", "B")]
    text = chips(pieces, frozenset({"boat-1"}))
    lit = [text.plain[s.start : s.end] for s in text.spans if "reverse" in str(s.style)]
    assert [said.strip() for said in lit] == ["[B]"]
    assert not any("reverse" in str(s.style) for s in chips(pieces).spans)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_board_lights_what_the_last_step_touched(game_id: str) -> None:
    """Over the first steps of a game, a seat's board drawn with the step's events differs
    from the same board drawn without them wherever the events light something."""
    game = games.get(game_id)
    maker = scene_maker(game)
    assert maker is not None
    view = view_for(game)
    rng = random.Random(11)
    state = game.new_state(game.spec.min_players, events=True)
    names = [f"P{s + 1}" for s in range(state.num_players)]
    highlighted = shown = 0
    while not state.is_terminal() and highlighted < 40:
        state.apply(rng.choice(state.legal_actions()))
        last = len(state.history) - 1
        for seat in range(state.num_players):
            events = state.step_events(seat, last)
            obs = state.observation(seat)
            told = maker(obs, (), names, view.tr, events=events).highlights
            if not told - maker(obs, (), names, view.tr).highlights:
                continue  # nothing lit by the step itself (the moving whale is lit anyway)
            highlighted += 1
            shown += styled(view.board(obs, names, events)) != styled(view.board(obs, names))
    assert highlighted >= 20, f"{game_id}: the scene highlighted too little to judge"
    # Some highlights name what this terminal layout leaves out (a contract back in another
    # seat's hand, the coins' pile); most are drawn.
    assert shown >= 0.75 * highlighted, f"{game_id}: lit {shown} of {highlighted} steps"
