"""Words once: Survive and Whale to Look say every sentence through the game's own words,
so the terminal offers an action in the web board's words and speaks the reader's
language (``whaletable play GAME --lang vi``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from whaletable import games, i18n
from whaletable.cli.render import view_for
from whaletable.core.record import Record
from whaletable.core.testing import Sample, sample_states
from whaletable.core.words import Translate, english
from whaletable.games.survive.words import table_line
from whaletable.web.boards.survive import SurviveBoard
from whaletable.web.boards.whale_to_look import WhaleToLookBoard

SURVIVE = games.get("survive")
WHALE_TO_LOOK = games.get("whale-to-look")
LANGS = ["en", "vi", "fa"]


def translator(lang: str) -> Translate:
    return english if lang == "en" else i18n.translator(lang)


@cache
def survive_samples() -> list[Sample]:
    return sample_states(SURVIVE, 40, seed=31, per_game=8)


@cache
def whale_to_look_samples() -> list[Sample]:
    return sample_states(WHALE_TO_LOOK, 40, seed=31, per_game=8)


@pytest.mark.parametrize("lang", LANGS)
def test_survive_terminal_choices_are_the_web_labels_after_the_typed_command(lang: str) -> None:
    """Each choice is the command that types it, then in brackets the web board's label."""
    tr = translator(lang)
    view, board = view_for(SURVIVE, tr), SurviveBoard()
    checked = translated = 0
    for sample in survive_samples():
        seat = sample.state.current_player()
        if seat < 0:
            continue
        obs = sample.state.observation(seat)
        legal = sample.state.legal_actions()
        for action, words in zip(legal, view.choices(obs, legal), strict=True):
            label = board.label(action, obs, (), tr)
            assert words.endswith(f" ({label})"), (sample.where(), words, label)
            command = words[: -len(label) - 3]
            assert view.parse(command, obs) == action, words
            checked += 1
            translated += label != board.label(action, obs, (), english)
    assert checked > 300
    if lang != "en":
        assert translated == checked  # every label read in the reader's language


@pytest.mark.parametrize("lang", LANGS)
def test_whale_to_look_terminal_choices_are_the_web_labels(lang: str) -> None:
    tr = translator(lang)
    view, board = view_for(WHALE_TO_LOOK, tr), WhaleToLookBoard()
    checked = translated = 0
    for sample in whale_to_look_samples():
        seat = sample.state.current_player()
        if seat < 0:
            continue
        obs = sample.state.observation(seat)
        legal = sample.state.legal_actions()
        for action, words in zip(legal, view.choices(obs, legal), strict=True):
            label = board.label(action, obs, (), tr)
            assert words == label, sample.where()
            checked += 1
            translated += label != board.label(action, obs, (), english)
    assert checked > 200
    if lang != "en":
        assert translated == checked


def flat(text: str) -> str:
    """The screen's words with the console's wrapping and table rules taken out."""
    return " ".join(text.replace("│", " ").split())


def test_survive_plays_in_vietnamese_board_choices_and_result(cli, tmp_path: Path) -> None:
    tr = i18n.translator("vi")
    first = tmp_path / "first.json"
    args = ["play", "survive", "--seats", "human,random", "--seed", "5", "--lang", "vi"]
    cli([*args, "--record", str(first)], ["q"])
    state = Record.load(first).replay()
    obs = state.observation(0)
    offered = [SurviveBoard().label(a, obs, (), tr) for a in state.legal_actions()]
    run = cli(args, ["1"] * 3000)
    assert run.code == 0, run.out[-3000:]
    shown = flat(run.out)
    # The board: who views, the table line and the legend, in Vietnamese.
    assert tr("viewing as {viewer}").format(viewer="").strip() in shown
    assert flat(table_line(obs, tr)) in shown
    legend = tr(
        "~ sea serpent · ^ shark · W whale · Q giant squid · D dolphin · B boat · "
        "digits: explorers by seat · 1c:N = Seat 1's explorer c, worth N (values "
        "show to their owner only) · ≈ swimming · yellow: safe isle landing spaces"
    )
    assert flat(legend) in shown
    # The choices: the web board's labels, in Vietnamese.
    assert all(flat(label) in shown for label in offered[:3])
    # The result.
    assert tr("Final scores") in shown and tr("On the island") in shown
    for original in (
        "viewing as",
        "Tiles left",
        "Place your explorer worth",
        "Final scores",
        "On the island",
        "sea serpent",
        "Your tiles",
    ):
        assert original not in shown, original


def test_whale_to_look_plays_in_vietnamese_board_choices_and_result(cli, tmp_path: Path) -> None:
    tr = i18n.translator("vi")
    args = ["play", "whale-to-look", "--option", "area_layout=ordered", "--lang", "vi"]
    args += ["--seats", "human,random,random", "--seed", "11"]
    run = cli(args, ["1"] * 400)
    assert run.code == 0, run.out[-2000:]
    shown = flat(run.out)
    fish = tr("F{number}").format(number=1)
    investigate = tr("Investigate fish card {fish} (a secret look)").format(fish=fish)
    assert investigate in shown  # a choice, as the web board labels it
    assert tr("Round {round} of {rounds}").format(round=1, rounds=2) in shown  # the board
    assert tr("Round {round} scored").format(round=1) in shown  # the round's summary
    assert tr("Points this round: {points}.").split("{")[0] in shown
    assert tr("Final scores") in shown  # the result
    for original in (
        "Investigate fish card",
        "viewing as",
        "Round 1 scored",
        "round 1 of 2",
        "fish around it",
        "Final scores",
        "trending card",
    ):
        assert original not in shown, original
