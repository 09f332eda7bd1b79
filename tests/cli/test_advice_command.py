"""``a`` at a human's prompt shows the advisor's table for that seat; ``--no-advice`` refuses."""

from __future__ import annotations

import pytest

from whaletable import games

GAME_SEATS = {
    "whale-to-look": ["--option", "area_layout=ordered"],
    "survive": [],
    "save-the-whales": [],
    "whale-riders": [],
}


@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_advice_command_draws_the_advisors_table_and_bars(cli, game_id: str) -> None:
    run = cli(
        ["play", game_id, "--seats", "human,random", "--seed", "3", *GAME_SEATS[game_id]],
        ["a", "q"],
    )
    assert run.code == 0, run.out + run.err
    title = {
        "whale-to-look": "Where the whale and the orca surface",
        "survive": "How safe your explorers are",
        "save-the-whales": "Which whale is most at risk",
        "whale-riders": "What your contracts are worth",
    }[game_id]
    assert title in run.out
    assert games.get(game_id).spec.id
    if game_id != "save-the-whales":  # its first seat may have no whale moving yet
        assert "█" in run.out or "·········" in run.out


def test_whale_to_look_advice_shows_the_odds_of_every_area_and_a_pick(cli) -> None:
    run = cli(
        ["play", "whale-to-look", "--seats", "human,random", "--seed", "3"],
        ["a", "q"],
    )
    assert run.out.count("area ") >= 6
    assert "%" in run.out


def test_no_advice_turns_the_command_off(cli) -> None:
    run = cli(
        ["play", "whale-to-look", "--seats", "human,random", "--seed", "3", "--no-advice"],
        ["a", "q"],
    )
    assert run.code == 0
    assert "advice is turned off at this table" in run.out
    assert "Where the whale and the orca surface" not in run.out


def test_advice_speaks_the_language_asked_for(cli) -> None:
    run = cli(
        ["play", "whale-to-look", "--seats", "human,random", "--seed", "3", "--lang", "vi"],
        ["a", "q"],
    )
    assert "Cá voi và cá voi sát thủ nổi lên ở đâu" in run.out
    assert "Where the whale and the orca surface" not in run.out
