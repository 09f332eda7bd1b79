"""Survive in the terminal: the view drawn from observations, typed commands, whole games."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from cli_run import render as cli_render
from whaletable import games
from whaletable.cli.render import BadCommand, view_for
from whaletable.cli.render.survive import SurviveView, explorer_name, parse_space, space_name
from whaletable.core import CHANCE
from whaletable.core.record import Record
from whaletable.core.testing import Sample, sample_states
from whaletable.core.words import english
from whaletable.games.survive import actions as act
from whaletable.games.survive.components import BOARD

GAME = games.get("survive")
VIEW = SurviveView()
NAMES = ["ann", "bao", "chi", "dara"]
TAG = re.compile(r"\b([1-4][a-j]):(\d)\b")  # an explorer shown with its value


@cache
def samples() -> list[Sample]:
    return sample_states(GAME, 80, seed=13, per_game=8)


def render(renderable: object, width: int = 110) -> str:
    return cli_render(renderable, width)  # the island's rows want the width


def test_the_registry_finds_the_survive_view() -> None:
    assert isinstance(view_for(GAME), SurviveView)


@pytest.mark.slow
def test_every_sampled_state_renders_for_every_seat_and_the_spectator() -> None:
    for sample in samples()[::2]:
        state = sample.state
        for seat in [*range(state.num_players), None]:
            text = render(VIEW.board(state.observation(seat), NAMES[: state.num_players]))
            assert "Survive: Escape from Atlantis!" in text, sample.where()
            for name in ("A1", "G6", "M7"):
                assert name in text
        if state.is_terminal():
            final = render(VIEW.final(state.observation(None), NAMES[: state.num_players]))
            assert "Final scores" in final


@pytest.mark.slow
def test_a_seat_sees_its_own_values_and_nobody_elses() -> None:
    own_seen = 0
    for sample in samples():
        state = sample.state
        if state.is_terminal():
            continue
        for seat in [*range(state.num_players), None]:
            obs = state.observation(seat)
            text = render(VIEW.board(obs, NAMES[: state.num_players]), width=400)
            for tag, value in TAG.findall(text):
                owner = int(tag[0]) - 1
                assert seat is not None and owner == seat, (sample.where(), seat, tag)
                explorer = owner * 10 + "abcdefghij".index(tag[1])
                truth = state.observation(owner)["explorers"][explorer]["value"]
                assert int(value) == truth
                own_seen += 1
            if seat is None:
                assert "Your tiles" not in text
            else:
                tiles = [t for t in obs["hands"][seat]["tiles"] if t]
                line = next(ln for ln in text.splitlines() if ln.startswith("Your tiles"))
                assert len(re.findall(r"\b\d+\. ", line)) == len(tiles)
    assert own_seen > 200


def test_everyones_values_show_at_the_end() -> None:
    ends = [s.state for s in samples() if s.state.is_terminal()]
    assert ends
    for state in ends:
        text = render(VIEW.board(state.observation(None), NAMES[: state.num_players]))
        shown = {tag for tag, _ in TAG.findall(text)}
        on_board = {
            explorer_name(e["id"])
            for e in state.observation(None)["explorers"]
            if e["status"] in ("land", "swimming", "boat", "safe")
        }
        assert shown == on_board


def walk(seed: int, num_players: int = 3) -> list[tuple[object, int, list[str]]]:
    """A random game's steps: the action, who took it, and the terminal log's lines for it
    (the spectator's events in words, as ``whaletable play`` prints them)."""
    state = GAME.new_state(num_players, events=True)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        seat = state.current_player()
        action = state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions())
        step = len(state.history)
        state.apply(action)
        events = state.step_events(None, step)
        lines = GAME.step_lines(events, action, seat, NAMES[:num_players], english)
        out.append((action, seat, lines))
    return out


def test_log_lines_come_from_spectator_events_and_never_show_a_hidden_value() -> None:
    red = 0
    for seed in (1, 2):
        steps = walk(seed)
        for action, actor, lines in steps[:-1]:
            if isinstance(action, act.PlaceExplorer):
                assert lines == [f"{NAMES[actor]} placed an explorer on {space_name(action.hex)}."]
            if isinstance(action, act.RevealBack) and any("hidden" in line for line in lines):
                assert action.effect not in " ".join(lines).replace("red back", "")
                red += 1
            for line in lines:
                assert not TAG.search(line) and "worth" not in line
        assert any(line.startswith("Game over") for line in steps[-1][2])
    assert red > 3


def test_every_choice_starts_with_the_command_that_plays_it() -> None:
    checked = 0
    for sample in samples():
        state = sample.state
        seat = state.current_player()
        if seat < 0:
            continue
        obs = state.observation(seat)
        legal = state.legal_actions()
        for action, words in zip(legal, VIEW.choices(obs, legal), strict=True):
            command = words.split(" (")[0]
            assert VIEW.parse(command, obs) == action, words
            checked += 1
    assert checked > 500


def test_spaces_and_explorers_parse_and_print_alike() -> None:
    for space in range(BOARD.num_hexes):
        assert parse_space(space_name(space)) == space
        assert parse_space(space_name(space).lower()) == space
    assert space_name(BOARD.serpent_starts[0]) == "G6"
    assert explorer_name(0) == "1a" and explorer_name(39) == "4j"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("go 1c", "write 'go X D'"),
        ("go 9c ne", "there is no seat 9"),
        ("go 1z ne", "is not an explorer"),
        ("go 1c up", "is not a direction"),
        ("sink Z9", "is not a space"),
        ("sink A9", "row A has spaces 1 to 7"),
        ("boat 40 e", "there is no boat 40"),
        ("play wind", "is not a tile"),
        ("pick kraken1", "is not a creature"),
        ("done now", "'done' takes nothing after it"),
        ("place E4", "write 'place H V'"),
    ],
)
def test_malformed_commands_say_how_to_write_them(text: str, message: str) -> None:
    obs = GAME.new_state(2).observation(0)
    obs = {**obs, "phase": "place-explorers"}
    with pytest.raises(BadCommand, match=re.escape(message)):
        VIEW.parse(text, obs)


def test_words_that_are_no_command_are_left_to_the_caller() -> None:
    obs = GAME.new_state(2).observation(0)
    assert VIEW.parse("hello", obs) is None
    assert VIEW.parse("", obs) is None


@pytest.mark.slow
def test_a_scripted_game_against_a_bot_reaches_the_end(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run = cli(
        ["play", "survive", "--seats", "human,random", "--seed", "5", "--record", str(path)],
        ["1"] * 3000,
    )
    assert run.code == 0, run.out[-3000:]
    assert "Game over" in run.out and "Final scores" in run.out
    final = Record.load(path).replay()
    assert final.is_terminal()
    assert "Seat 2 (random)" in run.out
    assert re.search(r"· Seat 2 \(random\) (moved|sank|placed)", run.out)  # bots are logged


def test_short_forms_play_the_named_action(cli, tmp_path: Path) -> None:
    first, path = tmp_path / "first.json", tmp_path / "game.json"
    args = ["play", "survive", "--seats", "human,random", "--seed", "8"]
    # Where the game stands at the human's first decision, from a run that quits there.
    cli([*args, "--record", str(first)], ["q"])
    state = Record.load(first).replay()
    assert state.current_player() == 0
    place = max(
        (a for a in state.legal_actions() if isinstance(a, act.PlaceExplorer)),
        key=lambda a: (a.value, a.hex),
    )
    command = f"place {space_name(place.hex).lower()} {place.value}"
    run = cli([*args, "--record", str(path)], [command, "q"])
    assert run.code == 0
    # Alone at the screen, the human's log names the value it placed.
    placed = f"placed an explorer worth {place.value} on {space_name(place.hex)}."
    assert f"Seat 1 (human) {placed}" in run.out
    actions = Record.load(path).actions
    assert actions[len(state.history)] == place.to_json()


def test_bad_input_reprompts_and_changes_nothing(cli, tmp_path: Path) -> None:
    args = ["play", "survive", "--seats", "human,random", "--seed", "4"]
    clean, messy = tmp_path / "clean.json", tmp_path / "messy.json"
    cli([*args, "--record", str(clean)], ["q"])
    bad = ["999", "hello", "go 1c", "sink Z1", "done now", ""]
    run = cli([*args, "--record", str(messy)], [*bad, "q"])
    assert run.code == 0
    assert run.inputs_used == len(bad) + 1
    assert run.out.count("your move:") == len(bad) + 1
    for message in (
        "there is no action 999",
        "'hello' is not a command",
        "write 'go X D'",
        "is not a space",
        "'done' takes nothing after it",
        "choose one of the actions",
    ):
        assert message in run.out
    assert Record.load(messy).actions == Record.load(clean).actions


def test_a_move_is_logged_with_its_direction_and_where_it_ended() -> None:
    for action, actor, lines in walk(3, 2):
        if isinstance(action, act.MoveExplorer):
            assert lines[0].startswith(f"{NAMES[actor]} moved {NAMES[actor]}'s explorer ")
            assert re.search(r"(east|west) (to|into boat \d+ on) [A-M]\d+\.$", lines[0])
            return
    pytest.fail("no explorer moved")


def test_playing_a_tile_reads_by_slot_or_name() -> None:
    for sample in samples():
        seat = sample.state.current_player()
        if seat < 0:
            continue
        obs = sample.state.observation(seat)
        if seat is None or not obs["hands"][seat]["tiles"]:
            continue
        tile = obs["hands"][seat]["tiles"][0]
        assert VIEW.parse("play 1", obs) == act.PlayTile(tile["effect"], 0)
        assert VIEW.parse(f"play {tile['effect']}", obs) == act.PlayTile(tile["effect"], 0)
        return
    pytest.skip("no sampled seat held a tile")


def test_done_is_end_movement() -> None:
    obs = GAME.new_state(2).observation(0)
    assert VIEW.parse("done", obs) == act.EndMovement()


def test_replay_says_who_rolled_the_creature_die_from_the_events(cli, tmp_path: Path) -> None:
    """``whaletable replay`` of a Survive record: each step's line comes from the events, so
    a creature roll names the seat who rolled, even when the turn passed at once."""
    path = tmp_path / "game.json"
    run = cli(
        ["play", "survive", "--seats", "random,heuristic", "--seed", "5", "--record", str(path)],
        [],
    )
    assert run.code == 0
    record = Record.load(path)
    states = record.states()
    rolls = [i for i, a in enumerate(record.actions, 1) if a["type"] == "roll_creature_die"]
    # A roll after which nobody else moved: the turn passed straight to the other seat.
    step = next(i for i in rolls if states[i].active != states[i - 1].active)
    roller = ("Seat 1 (random)", "Seat 2 (heuristic)")[states[step - 1].active]
    replay = cli(["replay", str(path)], [str(step), "q"])
    shown = replay.out.split(f"step {step} of")[-1]
    assert f"last: {roller} rolled the creature die: " in shown


def test_the_map_marks_every_boat_at_sea_with_a_b() -> None:
    """The map's second line of each row: ``B`` for a boat, then its passengers' seats."""
    checked = 0
    for sample in samples()[::3]:
        obs = sample.state.observation(None)
        lines = render(VIEW.board(obs, NAMES[: sample.state.num_players]), width=200)
        rows = lines.split("\n")
        start = next(i for i, line in enumerate(rows) if line.strip().startswith("A1"))
        contents = rows[start + 1 : start + 26 : 2]
        boats = [b for b in obs["boats"] if b["status"] == "sea"]
        assert sum(line.count("B") for line in contents) == len(boats), sample.where()
        checked += bool(boats)
    assert checked > 5
