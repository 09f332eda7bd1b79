"""Hidden information: hands and the draw pile are secret, the bag shows a count only."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING

from whaletable.core.spec import CHANCE
from whaletable.games.whale_riders import actions as act

if TYPE_CHECKING:
    from wr_support import Table

    from whaletable.games.whale_riders.rules import WhaleRidersState


def test_others_see_hand_sizes_not_cards(table: Table) -> None:
    state = table.new(3)
    mine = state.observation(0)["players"][0]["hand"]
    assert [c["id"] for c in mine] == list(state.hands[0])
    theirs = state.observation(0)["players"][1]
    assert theirs["hand"] == [None, None, None] and theirs["hand_size"] == 3
    spectator = state.observation(None)
    assert all(p["hand"] == [None] * 3 for p in spectator["players"])


def test_observation_never_names_a_hidden_card(table: Table) -> None:
    state = table.new(3)
    secret = set(state.hands[1]) | set(state.hands[2]) | set(state.deck)
    text = json.dumps(state.observation(0))
    for card in secret:
        assert f'"id": {card},' not in text


def test_bag_shows_a_count_only(table: Table) -> None:
    obs = table.new(2).observation(1)
    assert isinstance(obs["bag"], int) and isinstance(obs["deck"], int)


def test_burned_and_fulfilled_cards_are_public(table: Table) -> None:
    state = table.new(2)
    card = state.hands[0][1]
    table.play(state, act.BurnContracts(), act.Burn(card), act.Done())
    assert [c["id"] for c in state.observation(1)["burned"]] == [card]


def test_determinize_keeps_own_hand_and_redeals_the_rest(table: Table) -> None:
    state = table.new(4)
    seen = set()
    for k in range(20):
        sample = state.determinize(0, random.Random(k))
        assert sample.hands[0] == state.hands[0]
        assert sample.observation(0) == state.observation(0)
        everything = [c for h in sample.hands for c in h] + list(sample.deck)
        assert sorted(everything) == list(range(len(table.contracts)))
        seen.add(sample.hands[1])
    assert len(seen) > 10


def test_determinize_history_replays(table: Table) -> None:
    state = table.new(3)
    table.play(state, act.BurnContracts(), act.Burn(state.hands[0][0]), act.Done(), act.TakeCoin())
    sample = state.determinize(1, random.Random(3))
    rebuilt = table.game.new_state(3)
    for action in sample.history:
        rebuilt.apply(action)
    assert rebuilt.hands == sample.hands
    assert rebuilt.deck == sample.deck


def _fulfil_begun(table: Table) -> WhaleRidersState:
    """Seat 0 holds a card for shell ×2 + kelp, has bought them, and begins to fulfil."""
    card = table.card(shell=2, kelp=1)
    ports = {1: [("shell", 2), ("kelp", 1), ("meat", 1), ("meat", 1)]}
    state = table.new(2, ports=ports, hands={0: [card]})
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    state.apply(act.FulfilContracts())
    return state


def test_determinize_respects_a_fulfil_begun(table: Table) -> None:
    """A player who began to fulfil holds a card its tiles pay for: every sample agrees."""
    state = _fulfil_begun(table)
    for k in range(30):
        sample = state.determinize(1, random.Random(k))
        assert sample.payable(0)


def test_drawn_cards_only_the_drawer_sees(table: Table) -> None:
    state = table.new(2)
    table.play(state, act.BurnContracts(), act.Burn(state.hands[0][0]), act.Done())
    state.apply(act.TakeCoin())
    assert state.current_player() == CHANCE
    drawn = state.legal_actions()[5]
    assert isinstance(drawn, act.DrawContract)
    state.apply(drawn)
    assert drawn.card in [c["id"] for c in state.observation(0)["players"][0]["hand"]]
    assert state.observation(1)["players"][0]["hand"] == [None, None, None]


# ------------------------------------------------------------------------- undo


def test_undo_within_a_turn(table: Table) -> None:
    """BGA: a seat may take back its own decisions of the turn in progress."""
    state = table.new(2)
    state.apply(act.Move())
    assert state.can_undo()
    back = state.undo()
    assert back.steps[0] == 0 and back.current_player() == 0


def test_no_undo_across_a_burn(table: Table) -> None:
    """A burned card is turned face up: that can never be taken back."""
    state = table.new(2)
    state.apply(act.BurnContracts())
    assert state.can_undo()
    state.apply(act.Burn(state.hands[0][0]))
    assert not state.can_undo()


def test_no_undo_across_a_bag_draw(table: Table) -> None:
    """gaps="at_once": the purchase is followed by a draw from the bag at once."""
    state = table.new(2, gaps="at_once")
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0))
    assert state.current_player() == 0 and state.actions_left == 1
    assert not state.can_undo()


def test_purchase_undone_before_the_turn_ends(table: Table) -> None:
    """The default gaps="end_of_turn" draws nothing until the turn ends, so a purchase is still
    the seat's own decision of the turn in progress and may be taken back."""
    state = table.new(2)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0))
    assert state.can_undo()
    back = state.undo()
    assert back.coins[0] == state.coins[0] and table.held(back, 0) == []
    assert table.spaces(back, 1)[0] == ("shell", 1)


def test_no_undo_of_another_seats_turn(table: Table) -> None:
    state = table.new(2)
    table.play(state, act.TakeCoin(), act.TakeCoin())
    assert state.current_player() == 1
    assert not state.can_undo()


def test_no_undo_once_a_fulfil_begins(table: Table) -> None:
    """Beginning to fulfil shows the hand holds a card the tiles pay for: never taken back."""
    state = _fulfil_begun(table)
    assert not state.can_undo()


def test_coins_and_tiles_are_public(table: Table) -> None:
    """Reading 22: coins and bought tiles lie "in front of you": every seat and a spectator see
    them."""
    state = table.new(2)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(1), act.TakeCoin())
    for viewer in (0, 1, None):
        me = state.observation(viewer)["players"][0]
        assert me["coins"] == state.coins[0] == 4  # 3, +1 on the ride out, -1 +1 this turn
        assert me["tiles"] == [{"good": "kelp", "count": 1}]
