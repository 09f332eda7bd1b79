"""Whale Riders in the terminal: boards drawn from observations, log lines, short commands."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cli_run import render
from whaletable import games, i18n
from whaletable.cli.render import BadCommand, view_for
from whaletable.cli.render.whale_riders import WhaleRidersView
from whaletable.core import CHANCE, Action, State
from whaletable.core.record import Record
from whaletable.core.testing import Sample, sample_states
from whaletable.core.words import english
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders import words as wr_words
from whaletable.games.whale_riders.words import game_over_words
from whaletable.web.boards import board_for

GAME = games.get("whale-riders")
GAME_ARGS = ["play", "whale-riders"]
VIEW = WhaleRidersView()
NAMES = ["Ann", "Bao", "Chi", "Dara", "Eve", "Finn"]

DECISION_KINDS = {t.kind for t in act.ACTION_TYPES if t not in act.CHANCE_ACTION_TYPES}
"""Every kind of action a player chooses: each is reached below."""


@cache
def samples() -> list[Sample]:
    return sample_states(GAME, 40, seed=12, per_game=5)


def contract_text(card: dict[str, Any]) -> str:
    """A contract as the terminal (and the web board) writes it, in English."""
    return wr_words.contract_text(card, english)


def walk(num_players: int, seed: int, options: dict[str, Any]) -> Iterator[tuple[State, Action]]:
    """Each state of a seeded random game, and the action about to be taken in it."""
    state = GAME.new_state(num_players, options)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        yield state.clone(), action
        state.apply(action)


def hand_json(state: Any, seat: int) -> list[dict[str, Any]]:
    """The true hand of ``seat`` (the test may look; the view never does)."""
    contracts = GAME.components.contracts
    return [contracts[k].to_json(k) for k in state.hands[seat]]


def visible_contracts(obs: dict[str, Any]) -> set[str]:
    cards = [c for c in obs["burned"]]
    for p in obs["players"]:
        cards += p["fulfilled"] + [c for c in p["hand"] if c is not None]
    return {contract_text(c) for c in cards}


def test_the_registry_finds_the_view() -> None:
    assert isinstance(view_for(GAME), WhaleRidersView)


@pytest.mark.slow
def test_every_sampled_state_renders_for_every_seat_and_the_spectator() -> None:
    for sample in samples():
        state = sample.state
        names = NAMES[: state.num_players]
        for seat in [None, *range(state.num_players)]:
            text = render(VIEW.board(state.observation(seat), names))
            assert "Whale Riders" in text, sample.where()
            viewer = "spectator" if seat is None else f"Seat {seat + 1}"
            assert f"viewing as {viewer}" in text
        if state.is_terminal():
            assert "Game over" in render(VIEW.final(state.observation(None), names))


@pytest.mark.slow
def test_nobody_sees_another_seats_contracts() -> None:
    hidden_checked = 0
    for sample in samples():
        state = sample.state
        names = NAMES[: state.num_players]
        for seat in [None, *range(state.num_players)]:
            obs = state.observation(seat)
            text = render(VIEW.board(obs, names))
            shown_anyway = visible_contracts(obs)
            for other in range(state.num_players):
                if other == seat:
                    for card in hand_json(state, other):
                        assert contract_text(card) in text  # your own hand is shown
                    continue
                for card in hand_json(state, other):
                    words = contract_text(card)
                    if words not in shown_anyway:
                        assert words not in text, (sample.where(), seat, other)
                        hidden_checked += 1
    assert hidden_checked > 200


def told(
    num_players: int, seed: int, options: dict[str, Any]
) -> Iterator[tuple[State, Action, int, list[str]]]:
    """Each step of a seeded random game: the state before it, the action, who took it and
    the terminal log's lines for it (the spectator's events in words)."""
    state = GAME.new_state(num_players, options, events=True)
    rng = random.Random(seed)
    names = NAMES[:num_players]
    while not state.is_terminal():
        actor = state.current_player()
        action = state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions())
        before, step = state.clone(), len(state.history)
        state.apply(action)
        events = state.step_events(None, step)
        yield before, action, actor, GAME.step_lines(events, action, actor, names, english)


def test_a_drawn_contract_is_never_named_in_the_log() -> None:
    drawn = 0
    for _, action, _, lines in told(3, 4, {}):
        if not isinstance(action, act.DrawContract):
            continue
        card = GAME.components.contracts[action.card].to_json(action.card)
        assert not any(contract_text(card) in line or "→" in line for line in lines)
        drawn += bool(lines)
    assert drawn > 10


def test_log_lines_name_what_happened() -> None:
    seen: set[str] = set()
    for before_state, action, actor, lines in told(4, 9, {"clans_decree": True}):
        if actor < 0 or isinstance(action, (act.BurnContracts, act.FulfilContracts, act.Done)):
            continue  # the cards taken are told one by one; Done may close the turn's gaps
        assert lines[0].startswith(f"{NAMES[actor]} ")
        if isinstance(action, act.Buy):
            before = before_state.observation(None)
            port = before["ports"][before["players"][actor]["port"]]
            tile = port["spaces"][action.slot]
            assert f"at {port['name']} for " in lines[0]
            if tile["good"] == "storm":
                assert "cleared the storm" in lines[0]
            else:
                assert (
                    f"bought {tile['good']} ×{tile['count']} on space {action.slot + 1}"
                    in (lines[0])
                )
        if isinstance(action, act.Fulfil):
            assert "fulfilled a contract" in lines[0]
        seen.add(action.kind)
    assert {"move", "buy", "take_coin", "burn", "fulfil"} <= seen


def short_form(action: Action, obs: dict[str, Any]) -> str:
    if isinstance(action, act.Move):
        return "m"
    if isinstance(action, act.Buy):
        return f"b {action.slot + 1}"
    if isinstance(action, act.TakeCoin):
        return "c"
    if isinstance(action, act.BurnContracts):
        return "x"
    if isinstance(action, act.FulfilContracts):
        return "f"
    if isinstance(action, act.Done):
        return "d"
    assert isinstance(action, (act.Burn, act.Fulfil))
    hand = obs["players"][obs["seat"]]["hand"]
    place = [c["id"] for c in hand].index(action.card) + 1
    return f"{'x' if isinstance(action, act.Burn) else 'f'} {place}"


def test_every_legal_action_has_a_short_form_that_parses_back() -> None:
    kinds: set[str] = set()
    for state, _ in walk(3, 2, {}):
        seat = state.current_player()
        if seat < 0:
            continue
        obs = state.observation(seat)
        legal = state.legal_actions()
        words = VIEW.choices(obs, legal)
        assert len(set(words)) == len(words), words
        for action in legal:
            assert VIEW.parse(short_form(action, obs), obs) == action
            kinds.add(action.kind)
    assert kinds == DECISION_KINDS


def test_malformed_commands_say_how_to_write_them() -> None:
    sample = next(s for s in samples() if s.state.current_player() >= 0)
    obs = sample.state.observation(sample.state.current_player())
    for text, message in (
        ("b 9", "there is no space 9"),
        ("b", "write 'b N'"),
        ("b two", "write 'b N'"),
        ("f 7", "there is no contract C7"),
        ("x 0", "there is no contract C0"),
        ("m 1", "'m' takes nothing after it"),
        ("d now", "'d' takes nothing after it"),
    ):
        with pytest.raises(BadCommand, match=message):
            VIEW.parse(text, obs)
    assert VIEW.parse("hello", obs) is None


# ------------------------------------------------------------------ whaletable play


def test_a_whole_game_against_bots_in_the_terminal(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = cli(
        [*GAME_ARGS, "--seats", "human,random,random", "--seed", "5", "--record", str(path)],
        ["1"] * 3000,
    )
    assert run.code == 0, run.out[-3000:]
    assert "Game over" in run.out
    assert re.search(r"Game over: .* (wins|share the win) with \d+ pearls?\.", run.out)
    assert "★" in run.out  # the winners, starred in the result table
    final = Record.load(path).replay()
    assert final.is_terminal()
    assert re.search(
        r"· Seat 2 \(random\) (sailed|bought|took|burned|fulfilled) ", run.out
    )  # bots logged
    assert "your move:" in run.out


def test_short_forms_play_the_named_actions(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = cli(
        ["play", "whale-riders", "--seats", "human,random", "--seed", "8", "--record", str(path)],
        ["m", "c", "q"],
    )
    assert run.code == 0
    record = Record.load(path)
    mine = []
    state = GAME.new_state(2)
    for data in record.actions:
        action = GAME.action_from_json(data)
        if state.current_player() == 0:
            mine.append(action.kind)
        state.apply(action)
    assert mine == ["move", "take_coin"]
    assert "Seat 1 (human) sailed to Swordfish Port." in run.out
    assert "Seat 1 (human) took 1 coin from the bank and has " in run.out


def test_hot_seat_hides_the_last_players_contracts(cli) -> None:
    args = ["play", "whale-riders", "--seats", "human,human", "--seed", "3"]
    run = cli(args, ["", "c", "c", "", "q"], terminal=True)
    assert run.code == 0

    def hand(screen: str) -> set[str]:
        return {m.strip() for m in re.findall(r"C\d: ([^\n│✓]+)", screen)}

    # The screen is cleared at each hand-over: one screen per player on turn.
    screens = [s for s in run.out.split("\x1b[2J") if "viewing as Seat" in s]
    assert len(screens) == 2
    first, second = screens
    assert "viewing as Seat 1" in first and "viewing as Seat 2" in second
    mine, theirs = hand(first), hand(second)
    assert mine and theirs
    for words in mine - theirs:
        assert words not in second


# ------------------------------------------------------------------ in the reader's language


def before_fields(text: str) -> str:
    """The words of a message before its first placeholder."""
    return text.split("{")[0]


@pytest.mark.parametrize("lang", ["vi", "fa"])
def test_a_whole_game_in_the_terminal_speaks_the_language_asked_for(
    cli, tmp_path: Path, lang: str
) -> None:
    """`whaletable play whale-riders --lang vi`: the board, the hand, the choices, the short
    forms and the result are the game's words in that language, and not in English."""
    path = tmp_path / "game.json"
    args = [*GAME_ARGS, "--seats", "human,random,random", "--seed", "5", "--record", str(path)]
    run = cli([*args, "--lang", lang], ["1"] * 3000)
    assert run.code == 0, run.out[-3000:]
    tr = i18n.translator(lang)
    shown = " ".join(run.out.replace("│", " ").split())  # the console wraps long lines
    for message in (
        "The Ice Coast",  # the board's title
        "Fulfilled",  # a column of the players' table
        "Your contracts",  # the hand panel
        "Your goods: {goods}",
        "Prices in coins, from space 1 up: {prices}",  # the legend
        "Take a coin from the bank",  # a choice
        "Move your rider to {port}",
        "Burn contracts: choose one or more, then Done",
        "viewing as {viewer}",  # the header
        "Bag: {bag} tiles · Contract pile: {deck} · Burned: {burned} · "
        "Sun Port pearls left: {left}",
    ):
        words = before_fields(message)
        assert before_fields(tr(message)) != words, message
        assert before_fields(tr(message)) in shown, message
        assert words not in shown, message
    short = tr(VIEW.short_forms())
    assert short != VIEW.short_forms() and " ".join(short.split()) in shown
    assert any(
        tr("Turn {turn} · Your turn: two actions.").format(turn=k) in shown for k in range(1, 60)
    )
    result = Record.load(path).replay().result()
    assert result is not None
    labels = [
        f"{tr('Seat {number}').format(number=s + 1)} ({spec})"
        for s, spec in enumerate(["human", "random", "random"])
    ]
    winners = result.winners
    headline = game_over_words(winners, result.standing(winners[0]).score, labels, tr)
    assert " ".join(headline.split()) in shown
    assert "Game over" not in shown


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_the_terminal_words_each_action_as_the_web_board_labels_it(lang: str) -> None:
    """One sentence per action, shared: at positions of seeded random games the terminal's
    choice is the web board's label, word for word, in every language (in Vietnamese and
    Persian a translated one)."""
    tr = i18n.translator(lang)
    view = view_for(GAME, tr)
    board = board_for("whale-riders")
    options = {"clans_decree": True, "magic_of_the_whale": True}
    compared = 0
    for num_players, seed in ((2, 1), (3, 2), (5, 3)):
        for k, (state, _) in enumerate(walk(num_players, seed, options)):
            seat = state.current_player()
            if seat < 0 or k % 4:
                continue
            obs = state.observation(seat)
            legal = state.legal_actions()
            for action, words in zip(legal, view.choices(obs, legal), strict=True):
                assert words == board.label(action, obs, [], tr), action
                if lang != "en":
                    assert words != board.label(action, obs, [], english), (lang, action)
                compared += 1
    assert compared > 300
