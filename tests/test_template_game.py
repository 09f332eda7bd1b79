"""The template game (``templates/game/``): copied into a temporary package, registered,
held to the whole test kit, to its own rules (``rules.md``) and played in the terminal
from its scene on the generic view."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from template_game import GAME_ID, PACKAGE, template_registered
from whaletable.cli.render import GenericView, view_for
from whaletable.core import CHANCE, TERMINAL, IllegalAction
from whaletable.core.data import DataFileError
from whaletable.core.game import Game
from whaletable.core.state import State
from whaletable.core.testing import run_all
from whaletable.core.view import scene_maker


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game[Any]]:
    with template_registered(tmp_path) as registered:
        yield registered


def action(game: Game[Any], kind: str, zone: int) -> Any:
    return game.action_from_json({"type": kind, "zone": zone})


def hidden_at(game: Game[Any], zone: int, players: int = 2, **options: Any) -> State:
    state = game.new_state(players, options, events=True)
    state.apply(action(game, "hide_whale", zone))
    return state


def test_the_template_game_passes_the_whole_kit(game: Game[Any]) -> None:
    assert type(game).__module__ == PACKAGE
    assert scene_maker(game) is not None  # its view.py is found beside it
    covered = run_all(game, playouts=40, samples=30)
    for check in ("games", "determinizations", "event_redraws", "observations", "scenes"):
        assert covered[check] > 0, check
    assert covered["tensor_views"] > 0 and covered["advice_views"] > 0


def test_the_whale_never_surfaces_under_a_boat(game: Game[Any]) -> None:
    state = game.new_state(3)
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a.zone for a, _ in outcomes] == list(range(1, game.sea.zones))  # type: ignore[attr-defined]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(IllegalAction, match="never surfaces under a boat"):
        state.apply(action(game, "hide_whale", 0))
    assert state.history == []


def test_a_boat_sails_to_another_zone_within_its_reach(game: Game[Any]) -> None:
    state = hidden_at(game, 6)
    assert [a.zone for a in state.legal_actions()] == [1, 2]
    with pytest.raises(IllegalAction, match="more than 2 zones from your boat"):
        state.apply(action(game, "sail", 3))
    with pytest.raises(IllegalAction, match="must leave its zone"):
        state.apply(action(game, "sail", 0))
    assert len(state.history) == 1


def test_an_echo_is_heard_by_every_seat_and_the_zone_is_known_empty(game: Game[Any]) -> None:
    state = hidden_at(game, 5)
    state.apply(action(game, "sail", 2))
    for seat in (0, 1, None):
        obs = state.observation(seat)
        assert obs["echoes"] == [[2, 3]]
        assert obs["empty"] == [0, 2]
    assert [e.kind for e in state.step_events(1, 1)] == ["sailed", "heard"]


def test_the_whale_zone_is_hidden_from_every_seat(game: Game[Any]) -> None:
    state = hidden_at(game, 4)
    for seat in (0, 1, None):
        assert "4" not in str(state.observation(seat)["echoes"])
        (hid,) = state.step_events(seat, 0)
        assert hid.zone is None  # type: ignore[attr-defined]


def test_a_sighting_scores_and_the_whale_dives_again(game: Game[Any]) -> None:
    state = hidden_at(game, 2)
    state.apply(action(game, "sail", 2))
    obs = state.observation(1)
    assert obs["sightings"] == [1, 0] and obs["spotted_at"] == 2
    assert state.current_player() == CHANCE
    # It surfaces again anywhere but under a boat (zone 1 and zone 3 hold one each).
    assert [a.zone for a, _ in state.chance_outcomes()] == [1, 3, 4, 5, 6]
    state.apply(action(game, "hide_whale", 5))
    assert state.current_player() == 1  # the next seat sails
    assert state.observation(1)["echoes"] == [] and state.observation(1)["empty"] == [0, 2]


def test_the_game_ends_when_a_seat_has_enough_sightings(game: Game[Any]) -> None:
    state = hidden_at(game, 1, sightings_to_win=1)
    state.apply(action(game, "sail", 1))
    assert state.current_player() == TERMINAL
    result = state.result()
    assert result is not None and result.winners == (0,)
    assert state.returns() == [1.0, 0.0]


def test_the_game_ends_after_the_last_round_and_tied_seats_share_the_win(
    game: Game[Any],
) -> None:
    state = hidden_at(game, 6, rounds=1)
    state.apply(action(game, "sail", 1))
    state.apply(action(game, "sail", 2))
    assert state.current_player() == TERMINAL
    result = state.result()
    assert result is not None and result.winners == (0, 1)
    assert state.returns() == [0.5, 0.5]


def test_the_template_game_is_played_to_the_end_in_the_terminal_from_its_scene(
    game: Game[Any], tmp_path: Path
) -> None:
    assert isinstance(view_for(game), GenericView)
    run = run_cli(["play", GAME_ID, "--seats", "human,heuristic", "--seed", "4"], ["1"] * 30)
    assert run.code == 0, run.out[-2000:]
    first = run.out.split("your move:")[0]
    # The scene's words: the status, a panel per zone with its boats, a panel per seat.
    assert "Round 1 of 8 · Your turn: sail your boat." in first
    for zone in range(1, 8):
        assert f"Zone {zone}" in first
    assert re.search(r"\[human\] \[heuristic\]", first)  # both boats in the harbour
    assert "Sightings: 0" in first
    # The choices, numbered, in the scene's words.
    assert "1. Sail to Zone 2" in first and "2. Sail to Zone 3" in first
    assert "heard the whale" in run.out  # an echo, in the log
    assert "Game over" in run.out


def test_a_sea_that_does_not_fit_is_refused_naming_the_file_the_table_and_the_key(
    game: Game[Any], tmp_path: Path
) -> None:
    components = importlib.import_module(f"{PACKAGE}.components")
    bad = tmp_path / "sea.toml"
    bad.write_text('[sea]\nzones = 7\nreach = 7\nprovenance = "reconstructed"\nreason = "a test"\n')
    with pytest.raises(DataFileError, match=r"sea\.toml.*\[sea\].*reach.*less than the 7 zones"):
        components.load_sea(bad)
    assert components.load_sea().zones == 7  # the game's own file
