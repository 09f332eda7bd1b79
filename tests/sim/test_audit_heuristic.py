"""``benchmarks/audit_heuristic.py``: a bot's choices against every alternative, by playouts."""

from __future__ import annotations

import random

import pytest

import whaletable.games
from benchmark_scripts import load
from whaletable.agents import make_agent
from whaletable.core.agent import Agent, SeatView
from whaletable.core.state import State
from whaletable.games.save_the_whales import actions as act

audit = load("audit_heuristic")
GAME = whaletable.games.get("save-the-whales")


def _paying() -> tuple[State, list[Agent]]:
    """A Save the Whales position where a penalty is being paid, and the team's bots."""
    state = GAME.new_state(2)
    chance = random.Random(3)
    bots = [make_agent("heuristic", GAME, seed=s) for s in range(2)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(chance))
            continue
        legal = state.legal_actions()
        if act.Refuse() in legal and len([a for a in legal if isinstance(a, act.Pay)]) > 1:
            return state, bots
        state.apply(
            legal[0]
            if len(legal) == 1
            else bots[state.current_player()].act(SeatView(state, state.current_player()))
        )
    raise AssertionError("no penalty was paid in the game")


def test_alternatives_that_change_nothing_score_level_with_the_choice() -> None:
    # How much of a penalty the first seat pays makes no difference to a team with one pool
    # (the seats after it pay the rest): the
    # same playouts from the same draws end alike, so the gain is exactly 0, no noise.
    state, bots = _paying()
    shares = [a for a in state.legal_actions() if isinstance(a, act.Pay)]
    chosen = shares[0]
    rows = audit.audit_decision(state, chosen, bots, 12, "score", random.Random(0))
    assert {r.action for r in rows} == {str(a) for a in state.legal_actions() if a != chosen}
    for row in rows:
        if row.action.startswith("pay"):
            assert (row.gain, row.error) == (0.0, 0.0)
            assert not row.beats


def test_a_gain_counts_only_beyond_two_standard_errors() -> None:
    assert audit.Alternative("pay", "a", "b", gain=0.3, error=0.1).beats
    assert not audit.Alternative("pay", "a", "b", gain=0.3, error=0.2).beats
    assert not audit.Alternative("pay", "a", "b", gain=-0.5, error=0.01).beats


def test_the_summary_counts_alternatives_by_phase(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["save-the-whales", "--players", "2", "--games", "1", "--playouts", "3"]
    assert audit.main([*argv, "--share", "0.1", "--phases", "turn"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["phase", "alternatives"]
    # Only the phase asked for is audited.
    assert [line.split()[0] for line in lines[1:-1]] in (["turn"], [])
    assert lines[-1].startswith("(")


@pytest.mark.parametrize(
    "argv",
    [
        ["save-the-whales", "--share", "0"],
        ["save-the-whales", "--playouts", "1"],
        ["no-such-game"],
    ],
)
def test_bad_arguments_are_refused_with_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert audit.main(argv) == 2
    assert "audit_heuristic:" in capsys.readouterr().err
