"""The integer API of Whale to Look: a decision's legal codes listed by the rules.

The rules list codes from their bitmasks (``codes.py``, ``WhaleToLookState._legal_player_codes``)
instead of building actions and sorting their codes; these tests hold that list to the
legal actions in the situations the generic kit meets only by chance.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from whaletable import games
from whaletable.games.whale_to_look.codes import CodeBook
from whaletable.games.whale_to_look.rules import WhaleToLookState

GAME: Any = games.get("whale-to-look")


def test_code_book_refuses_a_numbering_out_of_the_rules_order() -> None:
    """A numbering in another order would make the listed codes unsorted: refused."""
    with pytest.raises(ValueError, match="order the rules list them"):
        CodeBook(lambda action: -GAME.player_code(action))


def _play(players: int, options: dict[str, Any], seed: int) -> list[WhaleToLookState]:
    """The decisions of one seeded random game, played through the object API."""
    rng = random.Random(seed)
    state: WhaleToLookState = GAME.new_state(players, options)
    decisions = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            decisions.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return decisions


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("edition", ["en", "vi"])
def test_listed_codes_are_the_legal_actions_codes_with_the_fisher_and_anchors(
    players: int, edition: str
) -> None:
    """Fishing season (the fisher boat: en chosen, vi never anchored, one per area), anchors
    and full areas: at every decision the listed codes are the legal actions' codes."""
    options = {"edition": edition, "trending": "fishing"}
    checked = 0
    for seed in range(4):
        for state in _play(players, options, seed):
            want = sorted(GAME.player_code(a) for a in state.legal_actions())
            assert state.legal_action_codes() == want, f"seed {seed} step {len(state.history)}"
            checked += 1
    assert checked > 100


def test_random_games_through_codes_build_no_action_to_list_codes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Codes come straight from the rules: a playout through codes never lists actions."""

    def refuse(*args: object) -> None:
        raise AssertionError("legal actions were listed on the integer path")

    monkeypatch.setattr(WhaleToLookState, "_legal_actions", refuse)
    rng = random.Random(7)
    for players in (2, 4):
        state = GAME.new_state(players)
        while not state.is_terminal():
            if state.is_chance_node():
                pairs = state.chance_outcome_codes()
                state.apply_code(rng.choices([c for c, _ in pairs], [p for _, p in pairs])[0])
            else:
                state.apply_code(rng.choice(state.legal_action_codes()))
        assert state.winner() is not None
