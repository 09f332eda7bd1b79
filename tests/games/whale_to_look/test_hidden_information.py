"""Hidden information in Whale to Look: who may see which fish card, and when.

The observation is the one place hidden information leaves the state, so these tests
read it for every seat and for a spectator (``None``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import TYPE_CHECKING

from whaletable.core.record import Record
from whaletable.games.whale_to_look.actions import Investigate, MoveBoat, UseRadar

if TYPE_CHECKING:
    from wtl_support import Table

    from whaletable.games.whale_to_look.rules import WhaleToLookState

LAYOUT = (3, 0, 5, 1, 2, 4, 0, 5, 1, 3, 4, 2)
OTHER_LAYOUT = (0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0)


def known(view: dict[str, object]) -> dict[int, int]:
    """The fish cards a view shows, by position."""
    fish = view["fish"]
    assert isinstance(fish, list)
    return {p: v for p, v in enumerate(fish) if v is not None}


def peeks_and_radar(table: Table) -> WhaleToLookState:
    """Seat 0 looks at 1 and 4, seat 1 at 2 and radars 9, seat 2 at 4 (3 players)."""
    state = table.new(LAYOUT)
    state.apply(Investigate(1))
    state.apply(MoveBoat(0, 0, False))
    state.apply(Investigate(2))  # seat 1
    state.apply(UseRadar(9))
    state.apply(MoveBoat(0, 1, False))
    state.apply(Investigate(4))  # seat 2
    state.apply(MoveBoat(0, 2, False))
    state.apply(Investigate(4))  # seat 0
    state.apply(MoveBoat(1, 3, False))
    return state


def test_seat_sees_own_peeks_only(table: Table) -> None:
    """en: "— you alone — check the number on the face of the fish card you chose." """
    state = peeks_and_radar(table)
    assert known(state.observation(0)) == {1: LAYOUT[1], 4: LAYOUT[4], 9: LAYOUT[9]}
    assert known(state.observation(1)) == {2: LAYOUT[2], 9: LAYOUT[9]}
    assert known(state.observation(2)) == {4: LAYOUT[4], 9: LAYOUT[9]}


def test_others_markers_visible_values_hidden(table: Table) -> None:
    """en: "Place one of your investigation markers next to it" — the marker is on the table
    for all to see; the number stays with the player who looked."""
    state = peeks_and_radar(table)
    for seat in (0, 1, 2, None):
        markers = state.observation(seat)["markers"]
        assert markers[1] == [0]
        assert markers[2] == [1]
        assert markers[4] == [0, 2]
    assert state.observation(1)["fish"][1] is None
    assert state.observation(2)["fish"][2] is None
    assert state.observation(1)["fish"][4] is None


def test_spectator_sees_only_revealed(table: Table) -> None:
    """en: the radar reveals a card "to everyone"; nothing else is face up during a round."""
    state = peeks_and_radar(table)
    view = state.observation(None)
    assert known(view) == {9: LAYOUT[9]}
    assert view["revealed"] == [p == 9 for p in range(12)]
    assert view["seat"] is None


def test_all_fish_public_after_scoring(table: Table) -> None:
    """en: "After all players have chosen [B. Finish], flip all the fish cards face up." """
    state = peeks_and_radar(table)
    table.finish_round(state)
    for seat in (0, 1, 2, None):
        assert state.observation(seat)["results"][0]["fish"] == list(LAYOUT)
    table.deal(state, OTHER_LAYOUT)
    state.apply(Investigate(0))
    state.apply(MoveBoat(0, 0, False))
    table.finish_round(state)
    assert state.is_terminal()
    for seat in (0, 1, 2, None):
        view = state.observation(seat)
        assert view["results"][1]["fish"] == list(OTHER_LAYOUT)
        assert view["fish"] == list(OTHER_LAYOUT)


def test_round_two_peeks_start_afresh(table: Table) -> None:
    """en: "Return your boats, investigation markers and anchor to your dock." — what a seat
    saw in round 1 tells it nothing about the newly dealt cards."""
    state = peeks_and_radar(table)
    table.finish_round(state)
    table.deal(state, OTHER_LAYOUT)
    for seat in (0, 1, 2, None):
        assert known(state.observation(seat)) == {}


def test_determinize_keeps_what_seat_knows(table: Table) -> None:
    """A sampled state agrees with everything seat 0 saw and redeals only what it did not."""
    state = peeks_and_radar(table)
    seen = known(state.observation(0))
    samples = []
    for seed in range(12):
        sample = state.determinize(0, random.Random(seed))
        assert sample.observation(0) == state.observation(0)
        # Play the sample out: scoring turns every card face up, so its deal can be read.
        replayed = Record.of(sample).replay()
        table.finish_round(sample)
        table.finish_round(replayed)
        fish = sample.observation(None)["results"][0]["fish"]
        assert replayed.observation(None)["results"][0]["fish"] == fish
        assert {p: fish[p] for p in seen} == seen
        assert Counter(fish) == Counter(LAYOUT)
        samples.append(tuple(fish))
    assert len(set(samples)) > 1
    assert any(s != LAYOUT for s in samples)


def test_determinize_leaves_the_true_state_alone(table: Table) -> None:
    """Sampling for one seat changes nothing any seat sees in the real game."""
    state = peeks_and_radar(table)
    before = [state.observation(s) for s in (0, 1, 2, None)]
    history = list(state.history)
    state.determinize(1, random.Random(7))
    assert [state.observation(s) for s in (0, 1, 2, None)] == before
    assert state.history == history


def test_observations_are_json_ready(table: Table) -> None:
    """Every view survives a round trip through JSON unchanged (it is sent as-is)."""
    state = peeks_and_radar(table)
    for seat in (0, 1, 2, None):
        view = state.observation(seat)
        assert json.loads(json.dumps(view)) == view


def test_peek_and_radar_cannot_be_undone(table: Table) -> None:
    """A look at a card or a radar reveal cannot be taken back once seen."""
    state = table.new(LAYOUT)
    state.apply(UseRadar(5))
    assert not state.can_undo()
    state.apply(Investigate(6))
    assert not state.can_undo()
