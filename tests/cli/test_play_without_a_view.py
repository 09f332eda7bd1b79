"""``whaletable play`` of a game with no view of its own: the test kit's "Secret Steps",
read from its observation field by field, its actions and events in plain words."""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

from toy_game import TOY_ID, ToyGame, toy

from whaletable import games
from whaletable.cli.render import GenericView
from whaletable.core import CHANCE
from whaletable.core.game import Game
from whaletable.core.generic_view import observation_rows
from whaletable.core.record import Record
from whaletable.core.view import scene_maker
from whaletable.core.words import english

__all__ = ["toy"]  # the fixture that registers Secret Steps

GAME = ["play", TOY_ID, "--seats", "human,random"]


def test_a_game_without_a_view_is_played_to_the_end_from_its_observation(
    cli, toy: ToyGame, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    run = cli([*GAME, "--seed", "5", "--record", str(path)], ["1"] * 40)
    assert run.code == 0, run.out[-2000:]
    record = Record.load(path)
    final = record.replay()
    assert final.is_terminal()
    mine, theirs = (action["value"] for action in record.actions[:2])  # the deals
    # The human's first screen: whose turn, then every field as a row; its own secret
    # only (the other is not known to it).
    first = run.out.split("your move:")[0]
    assert "Your turn" in first
    assert re.search(rf"Secrets +{mine}, —", first)
    assert re.search(r"Steps taken +0", first)
    assert re.search(r"Tracks +0, 0", first)
    assert f"—, {theirs}" not in first and f"{mine}, {theirs}" not in first
    # Actions are offered in the game's words, never as JSON.
    assert "1. Step (size 1)" in first and "3. Peek" in first
    assert '{"type"' not in run.out
    # The log says what happened in plain words, as the spectator may know it.
    assert "· Seat 1 (human): Walked (squares 1)" in run.out
    assert "· Seat 2 (random): Dealt (value —)" in run.out
    assert re.search(r"· Tide rose \(pips [123]\)", run.out)
    # The result, as the result says it.
    result = final.result()
    assert result is not None
    assert "Game over" in run.out and "Final scores" in run.out
    rows = re.findall(r"│ (Seat \d \(\w+\))( ★)? *│ +(\d+) │ +(\d+) │ +(\d+) │", run.out)
    assert [(name, bool(star), int(total)) for name, star, _, _, total in rows] == [
        (f"Seat {s.seat + 1} ({['human', 'random'][s.seat]})", s.winner, s.score)
        for s in result.standings
    ]
    winners = [f"Seat {s + 1} ({['human', 'random'][s]})" for s in result.winners]
    headline = f"Game over: {', '.join(winners)} won." if winners else "Game over: nobody won."
    assert headline in run.out


def test_an_action_typed_as_json_plays_it_and_a_bad_one_is_refused(
    cli, toy: ToyGame, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    lines = [
        '{"type": "step", "size": 9}',
        '{"type": "step"',
        '{"type": "step", "size": 3}',
        '{"type": "step", "size": 2}',
        "q",
    ]
    run = cli([*GAME, "--seed", "3", "--record", str(path)], lines)
    assert run.code == 0
    assert run.inputs_used == len(lines)
    assert "✗ {'type': 'step', 'size': 9} is not an action of secret-steps-test-only" in run.out
    assert "✗ Expecting ',' delimiter" in run.out
    # The toy names no rules, so the refusal says no more than that.
    assert "✗ you cannot Step (size 3) now\n" in run.out
    assert Record.load(path).actions[2:] == [{"type": "step", "size": 2}]


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.spec.id)
def test_every_installed_game_could_be_read_by_the_generic_view(game: Game[Any]) -> None:
    """Not only the toy: any game's observation is a table of its fields (or, for a game
    with a scene, its scene's regions), and its actions are worded, never JSON."""
    view = GenericView(game)
    state = game.new_state(game.spec.min_players)
    rng = random.Random(2)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    seat = state.current_player()
    obs = state.observation(seat)
    names = ["a", "b", "c"]
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(view.board(obs, names))
    screen = out.getvalue()
    assert "Your turn" in screen
    legal = state.legal_actions()
    maker = scene_maker(game)
    if maker is None:
        for row in observation_rows(obs, names, english):
            assert row.label in screen
        words = [game.describe_action(action, english) for action in legal]
    else:
        for region in maker(obs, legal, names, english).regions:
            assert region.label in screen
        # A choice is worded without the table's names (the terminal numbers it).
        words = [choice.words for choice in maker(obs, legal, (), english).choices]
    assert view.choices(obs, legal) == words
    assert not any(w.startswith("{") for w in words)


def test_a_field_that_looks_like_markup_is_shown_as_it_is(toy: ToyGame) -> None:
    obs = {"seat": 0, "to_move": 0, "result": None, "note": "[bold]x[/bold] [link=y]z"}
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(GenericView(toy).board(obs, ["a"]))
    assert "[bold]x[/bold] [link=y]z" in out.getvalue()
