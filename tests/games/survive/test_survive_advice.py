"""Survive's advisor on constructed positions: safety follows the creatures near each
explorer and the creature die's odds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from whaletable import games
from whaletable.core.advice import Advice, check_figures
from whaletable.games.survive.advice import advise
from whaletable.games.survive.components import BOARD, spaces_apart

GAME = games.get("survive")


def view(options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
    """Seat 0's observation some turns in, with every creature taken off the board."""
    opts = GAME.make_options(options or {})
    state = GAME.new_state(2, opts)
    rng = random.Random(0)
    played = 0
    while not state.is_terminal() and played < 40:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
            played += 1
    obs = state.observation(0)
    for c in obs["creatures"]:
        c["status"], c["hex"] = "supply", None
    return opts, obs


def sea_spaces(obs: dict[str, Any]) -> list[int]:
    return [h for h, t in enumerate(obs["terrain"]) if t is None]


def place(obs: dict[str, Any], kind: str, hex_: int) -> None:
    c = next(c for c in obs["creatures"] if c["kind"] == kind and c["status"] == "supply")
    c["status"], c["hex"] = "sea", hex_


def put_explorer(obs: dict[str, Any], index: int, status: str, hex_: int) -> int:
    mine = [e for e in obs["explorers"] if e["seat"] == 0]
    e = mine[index]
    e["status"], e["hex"] = status, hex_
    return int(e["id"])


def safety_of(advice: Advice, explorer: int) -> float:
    for row in advice.rows:
        if row.subject.startswith("explorer") and dict(row.params)["number"] == explorer:
            return row.figures[0].value
    raise AssertionError(f"no row for explorer {explorer}")


def test_survive_advisor_creature_die_odds_are_a_third_each() -> None:
    opts, obs = view()
    advice = advise(GAME, opts, 0, obs, [], 0, 0)
    check_figures(advice)
    die = {dict(r.params)["face"]: r.figures[0].value for r in advice.rows if "die" in r.subject}
    assert die == pytest.approx({"serpent": 1 / 3, "shark": 1 / 3, "whale": 1 / 3})


def test_survive_advisor_explorer_in_sea_next_to_shark_is_least_safe() -> None:
    opts, obs = view()
    sea = sea_spaces(obs)
    near = sea[10]
    shark_at = next(n for n in BOARD.neighbours[near] if n in sea)
    far = next(h for h in sea if spaces_apart(h, shark_at) > 4)
    place(obs, "shark", shark_at)
    swimmer = put_explorer(obs, 0, "swimming", near)
    distant = put_explorer(obs, 1, "swimming", far)
    walker = put_explorer(obs, 2, "land", next(h for h, t in enumerate(obs["terrain"]) if t))
    advice = advise(GAME, opts, 0, obs, [], 0, 0)
    check_figures(advice)
    assert safety_of(advice, swimmer) == pytest.approx(2 / 3)  # only the shark face moves it
    assert safety_of(advice, distant) == 1.0
    assert safety_of(advice, walker) == 1.0
    explorers = [r for r in advice.rows if r.subject.startswith("explorer")]
    assert min(explorers, key=lambda r: r.figures[0].value).params[0][1] == swimmer


def test_survive_advisor_a_whale_threatens_boats_not_swimmers() -> None:
    opts, obs = view({"giant_squid": False})
    sea = sea_spaces(obs)
    spot = sea[10]
    whale_at = next(n for n in BOARD.neighbours[spot] if n in sea)
    place(obs, "whale", whale_at)
    swimmer = put_explorer(obs, 0, "swimming", spot)
    in_boat = put_explorer(obs, 1, "boat", spot)
    advice = advise(GAME, opts, 0, obs, [], 0, 0)
    assert safety_of(advice, swimmer) == 1.0
    assert safety_of(advice, in_boat) == pytest.approx(2 / 3)


def test_survive_advisor_a_serpent_out_of_its_reach_is_no_threat() -> None:
    opts, obs = view()
    sea = sea_spaces(obs)
    spot = sea[10]
    two_away = next(h for h in sea if spaces_apart(h, spot) == 2)
    place(obs, "serpent", two_away)  # a serpent moves one space
    swimmer = put_explorer(obs, 0, "swimming", spot)
    assert safety_of(advise(GAME, opts, 0, obs, [], 0, 0), swimmer) == 1.0
    place(obs, "shark", two_away)  # a shark moves two
    assert safety_of(advise(GAME, opts, 0, obs, [], 0, 0), swimmer) == pytest.approx(2 / 3)
