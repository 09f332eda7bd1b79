"""Challenge Rule 5 on screen: dolphins and the dive dice on the web board and in the terminal,
with their words in the English, Vietnamese and Persian catalogs."""

from __future__ import annotations

import io
import json
import random
import xml.etree.ElementTree as ET

from rich.console import Console
from survive_support import Table, hx

from whaletable.cli.render.survive import SurviveView
from whaletable.core.action import Action
from whaletable.games.survive import actions as act
from whaletable.games.survive import rules as R
from whaletable.games.survive.rules import SurviveState
from whaletable.games.survive.words import space_name
from whaletable.web import i18n
from whaletable.web.boards.survive import SurviveBoard

WEB = SurviveBoard()
CLI = SurviveView()
NAMES = ["Ann", "Bao"]
RULE5 = {"dolphins_and_diving_creatures": True}


def english(text: str) -> str:
    return text


def starfish_turn(table: Table) -> SurviveState:
    """Seat 0 has rolled a starfish and 2: a dolphin, a shark and an unoccupied boat may move."""
    state = table.setup(2, dict(RULE5), boats=False)
    table.empty_sea(state)
    table.clear_people(state)
    table.creature(state, R.DOLPHIN, hx(0, 0))
    table.creature(state, R.SHARK, hx(0, 3))
    table.boat(state, hx(12, 3))
    state.decisions[:] = [R.D_ROLL]  # the turn's movement and sinking skipped
    state.to_move = state.active
    state._legal = None
    state.apply(act.RollDiveDice("starfish", "2"))
    assert state.phase == R.PICK_CREATURE
    return state


def clickable(svg: str) -> list[Action]:
    from whaletable import games

    game = games.get("survive")
    root = ET.fromstring(svg)
    return [
        game.action_from_json(json.loads(e.attrib["data-action"]))
        for e in root.iter()
        if "data-action" in e.attrib
    ]


def test_web_board_draws_dolphins_and_the_dive_roll(table: Table) -> None:
    state = starfish_turn(table)
    obs = state.observation(0)
    svg = WEB.svg(obs, state.legal_actions(), NAMES, english)
    root = ET.fromstring(svg)
    kinds = [e.attrib["data-kind"] for e in root.iter() if "data-kind" in e.attrib]
    assert kinds.count("dolphin") == 1
    words = " ".join(t.text or "" for t in root.iter() if t.text)
    assert "dive dice: starfish (any piece), 2 spaces" in words


def test_web_board_offers_every_dive_move_once(table: Table) -> None:
    """Every legal action of a dive-dice turn (creatures to pick, the unoccupied boat's
    destinations) is clickable exactly once, each with its own words."""
    state = starfish_turn(table)
    legal = state.legal_actions()
    assert any(isinstance(a, act.MoveEmptyBoat) for a in legal)
    obs = state.observation(0)
    offered = clickable(WEB.svg(obs, legal, NAMES, english))
    assert sorted(map(str, offered)) == sorted(map(str, legal))
    labels = [WEB.label(a, obs, NAMES, english) for a in legal]
    assert len(set(labels)) == len(labels)
    assert WEB.status(obs, NAMES, english).endswith(
        "choose the creature or unoccupied boat to move"
    )


def log(state: SurviveState, since: int) -> list[str]:
    """The spectator's log of the steps from ``since`` on (the web table's and the terminal's)."""
    events = [e for _, e in state.events(None, since=since)]
    lines = (state.game.describe(e, NAMES, english) for e in events)
    return [line for line in lines if line is not None]


def test_log_says_what_the_dive_dice_and_dolphin_tile_did(table: Table) -> None:
    """Challenge Rule 5: a dolphin tile is shown to all and brings a dolphin; the dive dice
    are rolled by the seat ending its turn."""
    state = table.setup(2, dict(RULE5), boats=False, events=True)
    h = state.sinkable()[0]
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(h))
    step = len(state.history)
    state.apply(act.RevealBack("dolphin"))
    assert log(state, step) == [
        "The tile's back: dolphin!",
        f"Dolphin 1 comes in on {space_name(h)}.",
    ]
    step = len(state.history)
    state.apply(act.RollDiveDice("dolphin", "dive"))
    assert log(state, step)[0] == (
        "Ann rolled the dive dice: dolphin, Dive (any unoccupied sea space)."
    )


def test_dive_words_are_translated(table: Table) -> None:
    """The dolphin and dive-dice words come from the vi and fa catalogs (en is the source)."""
    state = starfish_turn(table)
    obs = state.observation(0)
    roll = act.RollDiveDice("boat", "3")
    boat = next(a for a in state.legal_actions() if isinstance(a, act.MoveEmptyBoat))
    for lang in ("vi", "fa"):
        tr = i18n.translator(lang)
        for action in (roll, boat):
            assert WEB.label(action, obs, NAMES, tr) != WEB.label(action, obs, NAMES, english)
        assert WEB.option_label("dolphins_and_diving_creatures", tr) != (
            "Challenge rule 5: dolphins and diving creatures"
        )
        svg = WEB.svg(obs, state.legal_actions(), NAMES, tr)
        assert "dive dice" not in svg and "starfish" not in svg
    assert "xúc xắc lặn" in i18n.translator("vi")("dive dice: {roll}")
    assert "دلفین" in i18n.translator("fa")("dolphin {number}")


def render(obs: dict[str, object]) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(CLI.board(obs, ["ann", "bao"]))
    return out.getvalue()


def test_terminal_draws_dolphins_and_the_dive_roll(table: Table) -> None:
    state = starfish_turn(table)
    obs = state.observation(0)
    screen = render(obs)
    assert "dolphin1" in screen and "D dolphin" in screen
    assert "dive dice: starfish (any piece), 2 spaces" in screen


def test_terminal_commands_play_every_dive_move(table: Table) -> None:
    """Each choice of a dive-dice turn starts with a command that parses back to it."""
    state = starfish_turn(table)
    obs = state.observation(0)
    legal = state.legal_actions()
    for action, words in zip(legal, CLI.choices(obs, legal), strict=True):
        command = words.split(" (")[0]
        assert CLI.parse(command, obs) == action
    assert CLI.parse("empty 1 M4", obs) == act.MoveEmptyBoat(0, hx(12, 3))


def test_views_follow_a_whole_game_with_rule_5(table: Table) -> None:
    """Every state of a random game with dolphins and dive dice draws on both screens."""
    rng = random.Random(4)
    state = table.game.new_state(2, {**RULE5, "dive_die": "1986"}, events=True)
    seen_dolphin = False
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        step, roller = len(state.history), state.active
        state.apply(action)
        after = state.observation(None)
        if state.turn % 5 == 0 or isinstance(action, act.RollDiveDice):
            WEB.svg(after, [], NAMES, english)
            render(after)
        if isinstance(action, act.RollDiveDice):
            assert log(state, step)[0].startswith(f"{NAMES[roller]} rolled the dive dice: ")
        seen_dolphin |= any(
            c["kind"] == "dolphin" and c["status"] == "sea" for c in after["creatures"]
        )
    assert seen_dolphin
