"""Whale Riders' events: the rules say what happened — ports reached, tiles bought and at
what price, contracts burned and fulfilled, gaps closing at the end of the turn — and a
drawn contract only to its drawer. The log sentences are checked in English and Vietnamese."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from whaletable import games, i18n
from whaletable.core.event import Event
from whaletable.core.testing import check_events, sample_states
from whaletable.core.words import english
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders import events as ev
from whaletable.games.whale_riders.rules import HOME, TURN_STEP, WhaleRidersState

if TYPE_CHECKING:
    from wr_support import Table

NAMES = ["Ann", "Bao", "Chi"]


def events(state: WhaleRidersState, since: int, seat: int | None = None) -> list[Event]:
    return [e for _, e in state.events(seat, since=since)]


def log(state: WhaleRidersState, since: int, seat: int | None = None, tr=english) -> list[str]:
    lines = (state.game.describe(e, NAMES, tr) for e in events(state, since, seat))
    return [line for line in lines if line is not None]


def test_moving_says_the_port_reached_the_turn_and_the_return(table: Table) -> None:
    """Move: one port along the coast; at the Lobster Port the rider turns for home."""
    state = table.new(2, events=True)
    step = len(state.history)
    table.play(state, act.Move())
    assert events(state, step) == [ev.RiderMoved(0, 1, 1)]
    assert log(state, step) == ["Ann sailed to Swordfish Port."]
    table.ride(state, 0, TURN_STEP - 1)
    turned = [e for e in events(state, 0) if isinstance(e, ev.RiderMoved) and e.step == TURN_STEP]
    assert turned == [ev.RiderMoved(0, 7, TURN_STEP)]
    assert state.game.describe(turned[0], NAMES, english) == (
        "Ann reached Lobster Port and turned for home."
    )
    assert state.game.describe(ev.RiderMoved(1, 0, HOME), NAMES, english) == (
        "Bao came home to Sun Port."
    )


def test_a_purchase_says_the_tile_its_space_and_the_price_paid(table: Table) -> None:
    """Buy: the tile on a space of the rider's port, for that space's printed price."""
    state = table.new(2, events=True)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    step = len(state.history)
    state.apply(act.Buy(1))  # the kelp on the 1-coin space
    assert events(state, step) == [ev.TileBought(0, 1, 1, "kelp", 1, 1)]
    assert log(state, step) == ["Ann bought kelp ×1 on space 2 at Swordfish Port for 1 coin."]


def test_the_gap_closes_at_the_end_of_the_turn_and_is_said_then(table: Table) -> None:
    """End: a bought tile's gap closes "at the end of a turn": no slide is told with the
    purchase; the turn's end tells it, then the refill from the bag."""
    state = table.new(2, events=True)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    step = len(state.history)
    state.apply(act.Buy(1))
    assert not any(isinstance(e, ev.GapsClosed) for e in events(state, step))
    step = len(state.history)
    state.apply(act.TakeCoin())
    assert events(state, step) == [ev.CoinTaken(0, 1, state.coins[0]), ev.GapsClosed(0, (1,))]
    step = len(state.history)
    state.apply(act.DrawTile("crystal", 1))
    assert events(state, step) == [ev.SpaceRefilled(1, 3, "crystal", 1)]
    assert log(state, step) == ["Drawn from the bag for Swordfish Port: crystal ×1."]


def test_option_gaps_at_once_closes_the_gap_with_the_purchase(table: Table) -> None:
    state = table.new(2, events=True, gaps="at_once")
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    step = len(state.history)
    state.apply(act.Buy(0))
    assert events(state, step)[1:] == [ev.GapsClosed(0, (1,))]
    assert log(state, step)[1] == "The tiles slide down to close the gaps at Swordfish Port."


def test_buying_the_top_space_leaves_no_gap_to_close(table: Table) -> None:
    """Only tiles above a bought space slide; the top space is just refilled."""
    state = table.new(2, events=True)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    state.coins[0] = 5
    step = len(state.history)
    table.play(state, act.Buy(3), act.TakeCoin())
    assert not any(isinstance(e, ev.GapsClosed) for e in events(state, step))
    assert any(isinstance(e, ev.SpaceRefilled) for e in events(state, step))


def test_a_drawn_contract_is_told_to_its_drawer_only(table: Table) -> None:
    """Contracts are drawn face down: the others see the hand grow, not the card."""
    state = table.new(2, events=True)
    hand = state.hands[0]
    table.play(state, act.BurnContracts(), act.Burn(hand[0]), act.Done())
    state.apply(act.TakeCoin())
    step = len(state.history)
    card = next(a for a, _ in state.chance_outcomes())
    assert isinstance(card, act.DrawContract)
    state.apply(card)
    assert events(state, step, seat=0) == [ev.ContractDrawn(0, card.card, 3, False)]
    for seat in (1, None):
        assert events(state, step, seat) == [ev.ContractDrawn(0, None, 3, False)]
    assert log(state, step, seat=1) == ["Ann drew a contract (3 in hand)."]
    assert log(state, step, seat=0)[0].startswith("Ann drew a contract: ")


def test_burned_and_fulfilled_contracts_are_told_face_up(table: Table) -> None:
    """Burn and Fulfil turn the card face up: everyone is told which."""
    card = table.card(shell=2, kelp=1)
    ports = {1: [("shell", 2), ("kelp", 1), ("meat", 1), ("meat", 1)]}
    state = table.new(2, ports=ports, hands={0: [card]}, events=True)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    step = len(state.history)
    table.play(state, act.FulfilContracts(), act.Fulfil(card), act.Done())
    fulfilled = ev.ContractFulfilled(0, card, table.contracts[card].coins)
    assert fulfilled in events(state, step, seat=1)
    assert "Ann fulfilled a contract: shell ×2 + kelp ×1 → " in log(state, step, seat=1)[0]
    other = state.hands[0][0]
    step = len(state.history)
    table.play(state, act.BurnContracts(), act.Burn(other))
    assert events(state, step, seat=1)[0] == ev.ContractBurned(0, other)


def test_a_reshuffle_of_the_burned_pile_is_said(table: Table) -> None:
    """[Reading chosen] When the draw pile is empty the burned pile becomes the new one."""
    state = table.new(2, events=True)
    state.deck = ()
    hand = state.hands[0]
    table.play(state, act.BurnContracts(), act.Burn(hand[0]), act.Done())
    step = len(state.history)
    state.apply(act.TakeCoin())
    assert ev.PileReshuffled(1) in events(state, step)


def test_a_decree_met_names_the_seat_and_its_reward(table: Table) -> None:
    """The Clan's Decree: the first to reach the Lobster Port gains the first reward."""
    state = table.new(2, decrees=("far_shore", "full_hand", "four_goods"), events=True)
    table.ride(state, 0, TURN_STEP)
    met = [e for e in events(state, 0) if isinstance(e, ev.DecreeMet)]
    reward = table.game.components.decree_pearls[0]
    assert met == [ev.DecreeMet(0, "far_shore", reward)]
    assert state.game.describe(met[0], NAMES, english) == (
        f"Ann meets the decree Far Shore and gains {reward} pearls."
    )


def test_the_end_is_said_with_the_winner() -> None:
    """End of the game: most pearls wins; the last event says who, with how many."""
    game = games.get("whale-riders")
    rng = random.Random(2)
    state = game.new_state(3, events=True)
    while not state.is_terminal():
        chance = state.is_chance_node()
        state.apply(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
    last = state.events(None)[-1][1]
    assert isinstance(last, ev.GameOver) and list(last.winners) == state.winners()
    assert last.pearls == tuple(state.pearls(s) for s in range(3))
    assert state.game.describe(last, NAMES, english).startswith("Game over: ")


def test_the_log_speaks_vietnamese(table: Table) -> None:
    vi = i18n.translator("vi")
    state = table.new(2, events=True)
    step = len(state.history)
    table.play(state, act.Move())
    assert log(state, step, tr=vi) == ["Ann đã đi đến Cảng Cá Kiếm."]


def test_no_event_tells_a_seat_what_its_determinizations_change() -> None:
    """The kit's check on Whale Riders: the hands and the draw pile redrawn, every seat and
    the spectator are told the same."""
    samples = sample_states(games.get("whale-riders"), 16, seed=7)
    assert check_events(samples) > 20


def test_recording_events_changes_nothing_in_the_game() -> None:
    """The same seeded game with and without events: the same positions, step by step (an
    event is only said, never a side effect)."""
    game = games.get("whale-riders")
    for seed, options in ((1, {}), (2, {"gaps": "at_once", "clans_decree": True})):
        told, quiet_state = game.new_state(3, options, events=True), game.new_state(3, options)
        rng = random.Random(seed)
        while not told.is_terminal():
            chance = told.is_chance_node()
            action = told.sample_chance(rng) if chance else rng.choice(told.legal_actions())
            told.apply(action)
            quiet_state.apply(action)
            assert quiet_state.observation(None) == told.observation(None)
        assert quiet_state.is_terminal()
