"""The generic terminal view draws a game's scene when the game has a ``view.py`` but no
view of its own: Whale to Look's real scene, drawn by :class:`GenericView`."""

from __future__ import annotations

import io
import random

from rich.console import Console

from whaletable import games
from whaletable.cli.render import GenericView
from whaletable.core import CHANCE
from whaletable.core.view import scene_maker
from whaletable.core.words import english

NAMES = ["Ana", "Bao", "Cam"]


def test_the_generic_view_draws_every_region_note_and_piece_of_the_scene() -> None:
    game = games.get("whale-to-look")
    state = game.new_state(3)
    rng = random.Random(3)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    seat = state.current_player()
    obs, legal = state.observation(seat), state.legal_actions()
    maker = scene_maker(game)
    assert maker is not None
    scene = maker(obs, (), NAMES, english)
    view = GenericView(game)
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(view.board(obs, NAMES))
    screen = out.getvalue()
    assert scene.status in screen
    for region in scene.regions:
        assert region.label in screen
        for note in region.notes:
            assert note in screen
        if region.pieces:
            chips = " ".join(f"[{p.label}]" for p in region.pieces)
            assert chips in screen
    # Choices in the scene's words (the player numbers them).
    worded = maker(obs, legal, NAMES, english).choices
    assert view.choices(obs, legal) == [c.words for c in worded]


def test_a_game_without_a_view_module_keeps_its_rows() -> None:
    view = GenericView(games.get("whale-to-look"))
    view.maker = None  # as a game with no view.py
    obs = {"seat": 0, "to_move": 0, "result": None, "depth": 3}
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(view.board(obs, ["a"]))
    assert "Depth" in out.getvalue() and "3" in out.getvalue()
