"""What each seat may know in Survive: its own values and tiles; everyone's pieces; no more."""

from __future__ import annotations

import json
import random

from survive_support import Table

from whaletable.games.survive import actions as act
from whaletable.games.survive import rules as R


def played_to_turn(table: Table, turns: int, seed: int = 3, players: int = 3) -> R.SurviveState:
    rng = random.Random(seed)
    state = table.game.new_state(players)
    while not state.is_terminal() and state.turn < turns:
        state.apply(
            state.sample_chance(rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    return state


def test_own_values_only(table: Table) -> None:
    """§4: "Owners may look at the value when placing; nobody may look again" — a seat sees
    its own explorers' values, nobody else's; the spectator sees none."""
    state = played_to_turn(table, 2)
    for seat in range(3):
        obs = state.observation(seat)
        for ex in obs["explorers"]:
            if ex["status"] == "unplaced":
                continue
            assert (ex["value"] is not None) == (ex["seat"] == seat)
    assert all(ex["value"] is None for ex in state.observation(None)["explorers"])


def test_values_revealed_at_the_end(table: Table) -> None:
    """§7: scores are revealed at the end — every value is shown then."""
    state = played_to_turn(table, 999)
    assert state.is_terminal()
    obs = state.observation(None)
    assert all(ex["value"] is not None for ex in obs["explorers"])
    assert obs["scores"] is not None and obs["winners"]


def test_held_tiles_show_only_their_number(table: Table) -> None:
    """§3.1: red tiles are kept "secret in hand" — others see how many."""
    state = table.setup(2)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("move-shark"))
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["hands"][0]["tiles"] == [{"effect": "move-shark", "terrain": "beach"}]
    assert theirs["hands"][0] == {"count": 1, "tiles": [None]}
    assert "move-shark" not in json.dumps(theirs)
    assert "move-shark" not in json.dumps(state.observation(None))


def test_determinize_redraws_values_and_tiles(table: Table) -> None:
    """``determinize`` redraws other seats' values and held red tiles, keeps the seat's own."""
    state = table.setup(2)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("move-shark"))
    seen_values, seen_tiles = set(), set()
    for k in range(60):
        d = state.determinize(1, random.Random(k))
        assert d.observation(1) == state.observation(1)
        assert d.ex_value[10:20] == state.ex_value[10:20]
        seen_values.add(tuple(d.ex_value[:10]))
        seen_tiles.add(d.hands[0][0][1])
        # the history replays to the sample
        replay = table.game.new_state(2)
        for a in d.history:
            replay.apply(a)
        assert replay.observation(0) == d.observation(0)
    assert len(seen_values) > 10
    assert seen_tiles <= set(R.RED_EFFECTS) and len(seen_tiles) > 2


def test_determinize_keeps_own_placement_choices(table: Table) -> None:
    """A seat's legal placements (its own values left) are the same in every determinization."""
    state = table.game.new_state(2)
    rng = random.Random(0)
    while state.phase != R.PLACE_EXPLORERS:
        state.apply(state.sample_chance(rng))
    state.apply(act.PlaceExplorer(state.placement_spaces()[0], 6))
    state.apply(act.PlaceExplorer(state.placement_spaces()[0], 1))
    seat = state.current_player()
    for k in range(10):
        d = state.determinize(seat, random.Random(k))
        assert d.values_left(seat) == state.values_left(seat)
        assert d.legal_actions() == state.legal_actions()


def test_scores_hidden_while_the_values_are(table: Table) -> None:
    """§7: a score is the sum of the values under one's saved explorers, which nobody else
    may see before the end: during play no viewer is given the scores."""
    state = table.setup(2)
    table.clear_people(state)
    state.ex_status[0] = R.SAFE
    state.ex_isle[0] = 0
    assert state.scores()[0] > 0
    assert [state.observation(s)["scores"] for s in (None, 0, 1)] == [None, None, None]


def test_scores_public_when_everyone_is_equal(table: Table) -> None:
    """Challenge Rule 3: each saved explorer counts 1, so a score is the count of explorers
    on the safe isles, which every viewer sees: every viewer is given the scores."""
    state = table.setup(2, {"everyone_is_equal": True})
    table.clear_people(state)
    for e in (0, 1, 10):
        state.ex_status[e] = R.SAFE
        state.ex_isle[e] = 0
    assert [state.observation(s)["scores"] for s in (None, 0, 1)] == [[2.0, 1.0]] * 3
