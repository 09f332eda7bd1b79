"""Save the Whales in the terminal: the board of every sampled state, the log, short
commands, and a whole game played at the prompt."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_run import render
from whaletable import games, i18n
from whaletable.cli.render import BadCommand, view_for
from whaletable.cli.render.save_the_whales import SaveTheWhalesView
from whaletable.core import CHANCE
from whaletable.core.action import Action
from whaletable.core.errors import IllegalAction
from whaletable.core.record import Record
from whaletable.core.testing import Sample, sample_states
from whaletable.core.words import english
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales.components import WHALES, default_components
from whaletable.games.save_the_whales.words import headline as team_headline
from whaletable.web.boards import board_for

GAME = games.get("save-the-whales")
VIEW = view_for(GAME)
NAMES = ["Ann", "Bao", "Chi", "Dara", "Eve", "Fay"]


@pytest.fixture(scope="module")
def samples() -> list[Sample]:
    return sample_states(GAME, 90, seed=4, per_game=6)


def test_the_registry_finds_this_view() -> None:
    assert isinstance(VIEW, SaveTheWhalesView)


@pytest.mark.slow
def test_every_sampled_state_renders_for_every_seat_and_the_spectator(
    samples: list[Sample],
) -> None:
    for sample in samples:
        state = sample.state
        names = NAMES[: state.num_players]
        spectator = render(VIEW.board(state.observation(None), names))
        assert "viewing as spectator" in spectator, sample.where()
        for seat in range(state.num_players):
            text = render(VIEW.board(state.observation(seat), names))
            assert f"viewing as Seat {seat + 1}" in text
            # Nothing in this game is private: a seat's board is the spectator's board.
            assert text.replace(f"Seat {seat + 1}", "spectator", 1) == spectator, sample.where()
        if state.is_terminal():
            final = render(VIEW.final(state.observation(None), names))
            assert f"The team saved {state.observation(None)['whales_saved']} of 8" in final or (
                "All 8 whales are saved" in final
            )


def test_the_board_shows_every_whale_the_ship_and_the_card(samples: list[Sample]) -> None:
    texts = {
        card.text[wording]["en"]
        for deck in default_components().cards.values()
        for card in deck
        for wording in ("standard", "gentle")
    }
    for sample in samples:
        obs = sample.state.observation(None)
        text = " ".join(render(VIEW.board(obs, NAMES)).split())
        for whale in obs["whales"]:
            assert whale["name"] in text or whale["status"] in ("box", "saved", "extinct")
        if obs["ship"] is None:
            assert "Catcher Ship: in the WHALING PORT" in text
        else:
            assert "SHIP" in text
        shown = [t for t in texts if " ".join(t.split()) in text]
        if obs["card"] is None:
            assert shown == [], sample.where()
        else:
            assert " ".join(obs["card"]["text"]["en"].split()) in text


def short_form(action: Action) -> str:
    """How a player types ``action``."""
    if isinstance(action, act.Roll):
        return "r"
    if isinstance(action, act.Done):
        return "d"
    if isinstance(action, act.Refuse):
        return "x"
    if isinstance(action, act.CollectSurvivalPoints):
        return "k"
    if isinstance(action, act.MoveAnywhere):
        return f"m {action.space}"
    if isinstance(action, act.Pay):
        return f"p {action.amount}"
    verbs = {
        act.ChooseWhale: "c",
        act.NameWhale: "n",
        act.SaveWhale: "s",
        act.PassBarnacle: "b",
        act.LeavePath: "l",
        act.TradePlaces: "t",
    }
    return f"{verbs[type(action)]} {action.whale[:3]}"  # type: ignore[attr-defined]


def test_every_legal_action_has_a_short_form_that_parses_back() -> None:
    kinds = set()
    for seed in range(3):
        state = GAME.new_state(3 + seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            obs = state.observation(state.current_player())
            legal = state.legal_actions()
            for action, words in zip(legal, VIEW.choices(obs, legal), strict=True):
                assert VIEW.parse(short_form(action), obs) == action
                assert words
                kinds.add(action.kind)
            state.apply(rng.choice(legal))
    assert {
        "roll",
        "pay",
        "choose_whale",
        "name_whale",
        "save_whale",
        "refuse",
        "move_anywhere",
        "collect_survival_points",
        "pass_barnacle",
        "done",
    } <= kinds


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("r now", "'r' takes nothing after it"),
        ("m", "write 'm N' with a space number N"),
        ("m 40", "there is no space 40"),
        ("p -1", "write 'p N' with the number N of your own SP to pay"),
        ("p ²", "write 'p N' with the number N of your own SP to pay"),
        ("p x", "write 'p N' with the number N of your own SP to pay"),
        ("s", "write 's WHALE'"),
        ("s shark", "'shark' is not one whale"),
        ("n b", "'b' is not one whale"),  # blue or bowhead
    ],
)
def test_malformed_short_forms_say_how_to_write_them(text: str, message: str) -> None:
    obs = GAME.new_state(3).observation(0)
    with pytest.raises(BadCommand, match=message):
        VIEW.parse(text, obs)


def test_an_amount_out_of_the_payments_range_is_parsed_and_left_to_the_rules() -> None:
    """'p N' takes any amount; the payment's own range refuses it, naming that range."""
    state = GAME.new_state(2)
    state.apply(act.ChooseWhale("gray"))
    state.apply(act.ChooseWhale("blue"))
    state.apply(act.Roll())
    state.apply(act.ThrowDice(1, 2))  # gray to KRILL: a penalty
    action = VIEW.parse("p 500", state.observation(0))
    assert action == act.Pay(500) and action not in state.legal_actions()
    with pytest.raises(IllegalAction, match="at most 3 SP"):
        state.apply(action)


def test_words_that_are_no_command_are_not_parsed() -> None:
    obs = GAME.new_state(3).observation(0)
    assert VIEW.parse("hello", obs) is None
    assert VIEW.parse("", obs) is None
    assert VIEW.parse("n bl", obs) == act.NameWhale("blue")
    assert VIEW.parse("N BOW", obs) == act.NameWhale("bowhead")


def test_log_lines_tell_each_whales_fate_once() -> None:
    """The terminal's log (the spectator's events in words) tells each whale's fate once."""
    for seed in range(3):
        state = GAME.new_state(4, events=True)
        rng = random.Random(seed)
        lines = []
        while not state.is_terminal():
            step, actor = len(state.history), state.current_player()
            if actor == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
            events = state.step_events(None, step)
            lines += GAME.step_lines(events, action, actor, NAMES[:4], english)
        log = "\n".join(lines)
        final = state.observation(None)
        for whale in WHALES:
            name = "Orca" if whale == "orca" else whale.capitalize() + " Whale"
            assert log.count(f"The {name} is saved") == (whale in final["saved"])
            assert log.count(f"The {name} becomes extinct") == (whale in final["extinct"])
        assert lines[-1] == f"The team saved {final['whales_saved']} of 8 whales." or (
            lines[-1] == "All 8 whales are saved: the team wins!"
        )


def test_a_whole_game_is_played_at_the_prompt(cli: Callable[..., Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = cli(
        [
            "play",
            "save-the-whales",
            "--seats",
            "human,random,random",
            "--seed",
            "8",
            "--record",
            str(path),
        ],
        ["1"] * 3000,
    )
    assert run.code == 0, run.out[-3000:]
    assert "Game over" in run.out
    final = Record.load(path).replay()
    assert final.is_terminal()
    saved = final.observation(None)["whales_saved"]
    assert f"The team saved {saved} of 8 whales." in run.out or "the team wins!" in run.out
    assert "Seat 2 (random)" in run.out  # bots' moves are logged


def test_short_forms_play_the_named_action(cli: Callable[..., Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "save-the-whales", "--seats", "human,random", "--seed", "3"]
    run = cli([*args, "--record", str(path)], ["c orca", "r", "q"])
    assert run.code == 0, run.out[-2000:]
    actions = Record.load(path).actions
    assert actions[0] == {"type": "choose_whale", "whale": "orca"}
    assert {"type": "roll"} in actions
    assert "Seat 1 (human) brings the Orca into play at POW" in run.out


def test_a_bad_command_reprompts(cli: Callable[..., Any]) -> None:
    args = ["play", "save-the-whales", "--seats", "human,random", "--seed", "3"]
    run = cli(args, ["s shark", "r", "q"])
    assert run.code == 0
    assert "'shark' is not one whale" in run.out
    assert "you cannot Roll the dice" in run.out  # a new whale must be chosen first


# ------------------------------------------------------------------ in the reader's language


def before_fields(text: str) -> str:
    """The words of a message before its first placeholder."""
    return text.split("{")[0]


@pytest.mark.parametrize("lang", ["vi", "fa"])
def test_a_whole_game_in_the_terminal_speaks_the_language_asked_for(
    cli: Callable[..., Any], tmp_path: Path, lang: str
) -> None:
    """`whaletable play save-the-whales --lang vi`: the board, the choices, the short forms
    and the result are the game's words in that language, and not in English."""
    path = tmp_path / "game.json"
    seats = ["human", "random", "random"]
    args = ["play", "save-the-whales", "--seats", ",".join(seats), "--seed", "8"]
    run = cli([*args, "--record", str(path), "--lang", lang], ["1"] * 3000)
    assert run.code == 0, run.out[-3000:]
    tr = i18n.translator(lang)
    shown = " ".join(run.out.replace("│", " ").split())  # the console wraps long lines
    for message in (
        "The track; ↑ = on the path above it",  # the board
        "NATURAL HABITATS",
        "Survival Points",  # a column of the players' table
        "Saved: {saved} · Extinct: {extinct} · The team's SP: {pool}",
        "The Catcher Ship: {where}",
        "viewing as {viewer}",  # the header
        "Choose the {whale} (saving it costs {value} SP)",  # a choice
        "Roll the dice for the {whale}",
        "Saved: {whales}",  # the result
    ):
        words = before_fields(message)
        assert before_fields(tr(message)) != words, message
        assert before_fields(tr(message)) in shown, message
        assert words not in shown, message
    short = tr(VIEW.short_forms())
    assert short != VIEW.short_forms() and " ".join(short.split()) in shown
    final = Record.load(path).replay().observation(None)
    headline = team_headline(final["whales_saved"], len(final["whales"]), tr)
    assert headline in shown
    assert "The team saved" not in shown and "Game over" not in shown


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_the_terminal_words_each_action_as_the_web_board_labels_it(lang: str) -> None:
    """One sentence per action, shared: at positions of seeded random games the terminal's
    choice is the web board's label, word for word, in every language (in Vietnamese and
    Persian a translated one)."""
    tr = i18n.translator(lang)
    view = view_for(GAME, tr)
    board = board_for("save-the-whales")
    compared = 0
    for num_players, seed in ((3, 1), (4, 2), (6, 3)):
        state = GAME.new_state(num_players)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            obs = state.observation(seat)
            legal = state.legal_actions()
            for action, words in zip(legal, view.choices(obs, legal), strict=True):
                assert words == board.label(action, obs, [], tr), action
                if lang != "en":
                    assert words != board.label(action, obs, [], english), (lang, action)
                compared += 1
            state.apply(rng.choice(legal))
    assert compared > 300


@pytest.mark.parametrize("lang", ["vi", "fa"])
def test_a_drawn_card_is_read_in_the_readers_language(samples: list[Sample], lang: str) -> None:
    """The observation carries a card's text in every language; the terminal shows the
    reader's, never the English."""
    view = view_for(GAME, i18n.translator(lang))
    shown = 0
    for sample in samples:
        obs = sample.state.observation(None)
        if obs["card"] is None:
            continue
        text = " ".join(render(view.board(obs, NAMES)).replace("│", " ").split())
        assert " ".join(obs["card"]["text"][lang].split()) in text, sample.where()
        assert " ".join(obs["card"]["text"]["en"].split()) not in text, sample.where()
        shown += 1
    assert shown >= 3
