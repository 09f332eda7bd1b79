"""The options: every reading the rulebook leaves open, and the two variants."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from whaletable.core.errors import BadOption
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.games.whale_riders import WhaleRidersOptions
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders.rules import HOME, TURN_STEP, WhaleRidersState

if TYPE_CHECKING:
    from wr_support import Table


def test_defaults_are_the_readings_in_notes_md() -> None:
    options = WhaleRidersOptions()
    assert (options.storms, options.empty_bag, options.surplus) == ("block", "leave_empty", "lost")
    assert (options.refill, options.gaps) == ("end_of_turn", "end_of_turn")
    assert not options.magic_of_the_whale and not options.clans_decree


def test_bad_option_value_is_refused(table: Table) -> None:
    with pytest.raises(BadOption, match="storms"):
        table.game.new_state(2, {"storms": "hail"})


def _storm_in_port_one(table: Table, **options: object) -> WhaleRidersState:
    """A table where seat 0 stands at port 1, at the start of its turn, and the storm drawn
    at the end of its last turn lies on the top space."""
    state = _storm_drawn(table, **options)
    table.to_turn_of(state, 0)
    return state


def _storm_drawn(table: Table, **options: object) -> WhaleRidersState:
    """Seat 0 at port 1 bought the free tile and ended its turn; a storm is drawn for the gap."""
    state = table.new(2, **options)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    state.apply(act.Buy(0))
    state.apply(act.TakeCoin())
    state.apply(act.DrawTile("storm", 0))
    return state


def test_storms_block_a_space_and_slide_down(table: Table) -> None:
    """storms="block": a storm cannot be bought and slides down with the column."""
    state = _storm_in_port_one(table)
    assert table.spaces(state, 1) == [("kelp", 1), ("meat", 1), ("pottery", 1), ("storm", 0)]
    assert act.Buy(3) not in state.legal_actions()
    assert "storm cannot be bought" in table.refuses(state, act.Buy(3))
    table.play(state, act.Buy(0), act.TakeCoin(), tile=("shell", 1))
    assert table.spaces(state, 1) == [("meat", 1), ("pottery", 1), ("storm", 0), ("shell", 1)]


def test_storms_clearable_pay_to_clear(table: Table) -> None:
    """storms="clearable": buying a storm pays its space's price and sends it to the box."""
    state = _storm_in_port_one(table, storms="clearable")
    state.coins[0] = 5
    table.play(state, act.Buy(3))
    assert state.coins[0] == 2
    assert ("storm", 0) not in table.held(state, 0)
    table.play(state, act.TakeCoin(), tile=("shell", 1))
    assert table.spaces(state, 1) == [("kelp", 1), ("meat", 1), ("pottery", 1), ("shell", 1)]


def test_storms_lull_are_set_aside_and_replaced(table: Table) -> None:
    """storms="lull": a storm drawn to refill a space goes to the box; another tile is drawn."""
    state = _storm_drawn(table, storms="lull")
    assert state.current_player() == CHANCE
    assert table.spaces(state, 1)[3] is None
    state.apply(act.DrawTile("meat", 2))
    assert table.spaces(state, 1)[3] == ("meat", 2)


def _empty_bag_buy(table: Table, rule: str) -> WhaleRidersState:
    """Seat 0 buys the free tile of port 1 and ends its turn with the bag empty."""
    state = table.new(2, empty_bag=rule)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    state.bag = [0] * len(state.bag)
    state.bag_total = 0
    state.apply(act.Buy(0))
    state.apply(act.TakeCoin())
    return state


def test_empty_bag_leaves_space_empty(table: Table) -> None:
    """empty_bag="leave_empty": a space the bag cannot refill stays empty."""
    state = _empty_bag_buy(table, "leave_empty")
    assert state.current_player() == 1
    assert table.spaces(state, 1) == [("kelp", 1), ("meat", 1), ("pottery", 1), None]
    table.to_turn_of(state, 0)
    assert act.Buy(3) not in state.legal_actions()
    assert "space 3 of this port is empty" in table.refuses(state, act.Buy(3))


def test_empty_bag_ends_game(table: Table) -> None:
    """empty_bag="ends_game": the game ends when a tile must be drawn from the empty bag."""
    state = _empty_bag_buy(table, "ends_game")
    assert state.current_player() == TERMINAL


def _pay_three_for_two(table: Table, rule: str) -> object:
    card = table.card(shell=2, kelp=1)
    ports = {4: [("shell", 3), ("kelp", 1), ("meat", 1), ("meat", 1)]}  # 3-good tiles: port 4 on
    state = table.new(2, ports=ports, hands={0: [card]}, surplus=rule)
    table.ride(state, 0, 4)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    table.play(state, act.FulfilContracts(), act.Fulfil(card), act.Done())
    return state


def test_surplus_goods_lost(table: Table) -> None:
    """surplus="lost": a 3-shell tile paying for 2 shells goes to the box whole."""
    assert table.held(_pay_three_for_two(table, "lost"), 0) == []


def test_surplus_goods_kept(table: Table) -> None:
    """surplus="kept": the spare shell stays as a 1-shell tile."""
    assert table.held(_pay_three_for_two(table, "kept"), 0) == [("shell", 1)]


def test_payment_wastes_fewest_goods_then_fewest_tiles(table: Table) -> None:
    """[Reading] Pay with the tiles that waste the fewest goods, then with the fewest tiles."""
    card = table.card(shell=2, kelp=1)
    ports = {4: [("shell", 3), ("shell", 1), ("shell", 1), ("kelp", 1)]}
    state = table.new(2, ports=ports, hands={0: [card]})
    table.ride(state, 0, 4)
    table.to_turn_of(state, 0)
    state.coins[0] = 10
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    table.play(state, act.FulfilContracts(), act.Fulfil(card), act.Done())
    assert table.held(state, 0) == [("shell", 3)]


def test_refill_after_action(table: Table) -> None:
    """refill="after_action": the hand is drawn back up to three right after a burn."""
    state = table.new(2, refill="after_action")
    table.play(state, act.BurnContracts(), act.Burn(state.hands[0][0]), act.Done())
    assert len(state.hands[0]) == 3 and state.actions_left == 1


def test_gaps_at_once(table: Table) -> None:
    """gaps="at_once" (the previews CWD, BITE, DANTE1): right after each purchase the tiles
    above slide down and the top is refilled from the bag, and a Sun Port gap closes at once."""
    state = table.new(2, gaps="at_once")
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    state.apply(act.Buy(0))
    assert state.current_player() == CHANCE
    assert table.spaces(state, 1) == [("kelp", 1), ("meat", 1), ("pottery", 1), None]
    state.apply(act.DrawTile("crystal", 1))
    coins = state.coins[0]
    table.play(state, act.Buy(0))  # the kelp slid onto the free space
    assert state.coins[0] == coins
    assert table.held(state, 0) == [("shell", 1), ("kelp", 1)]
    state = table.new(2, gaps="at_once")
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0))
    assert table.spaces(state, 0)[0] == ("pearl", 2) and table.spaces(state, 0)[6] is None


# ------------------------------------------------------------ The Magic of the Whale


POWERS = ("bargain", "tide_tax", "deep_current", "foresight", "storm_breaker", "homecoming")


def test_magic_of_the_whale_deals_a_power_each(table: Table) -> None:
    """Variant: one power tile dealt face up to each player."""
    state = table.new(3, powers=POWERS[:3])
    assert [p["power"]["id"] for p in state.observation(None)["players"]] == list(POWERS[:3])
    assert table.new(3).observation(None)["players"][0]["power"] is None


def test_power_bargain(table: Table) -> None:
    """Bargain: the first tile you pay for each turn costs 1 coin less."""
    state = table.new(2, powers=("bargain", "tide_tax"))
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    coins = state.coins[0]
    table.play(state, act.Buy(3))
    assert state.coins[0] == coins - 2
    table.play(state, act.Buy(1))  # the second paid tile: full price
    assert state.coins[0] == coins - 3


def test_power_tide_tax(table: Table) -> None:
    """Tide Tax: your first Take a coin each turn gives 2."""
    state = table.new(2, powers=("tide_tax", "bargain"))
    table.play(state, act.TakeCoin(), act.TakeCoin())
    assert state.coins[0] == 3 + 2 + 1


def test_power_deep_current(table: Table) -> None:
    """Deep Current: 1 more coin for every contract fulfilled."""
    card = table.card(shell=2, kelp=1)
    ports = {1: [("shell", 2), ("kelp", 1), ("meat", 1), ("meat", 1)]}
    state = table.new(2, ports=ports, hands={0: [card]}, powers=("deep_current", "bargain"))
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    coins = state.coins[0]
    table.play(state, act.FulfilContracts(), act.Fulfil(card))
    assert state.coins[0] == coins + table.contracts[card].coins + 1


def test_power_foresight(table: Table) -> None:
    """Foresight: after a burn, draw back up to three at once."""
    state = table.new(2, powers=("foresight", "bargain"))
    table.play(state, act.BurnContracts(), act.Burn(state.hands[0][0]), act.Done())
    assert len(state.hands[0]) == 3 and state.actions_left == 1


def test_power_storm_breaker(table: Table) -> None:
    """Storm Breaker: you may buy a storm to clear it, paying its space's price."""
    state = _storm_in_port_one(table, powers=("storm_breaker", "bargain"))
    state.coins[0] = 5
    assert act.Buy(3) in state.legal_actions()
    table.play(state, act.Buy(3))
    assert state.coins[0] == 5 - 3
    table.play(state, act.TakeCoin(), tile=("shell", 1))
    assert table.spaces(state, 1)[3] == ("shell", 1)


def test_power_homecoming(table: Table) -> None:
    """Homecoming: Sun Port pearls cost you 1 less."""
    state = table.new(2, powers=("homecoming", "bargain"))
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    coins = state.coins[0]
    table.play(state, act.Buy(2))  # a 2-coin space
    assert state.coins[0] == coins - 1


# ---------------------------------------------------------------- The Clan's Decree


def test_clans_decree_first_gets_two_second_one(table: Table) -> None:
    """Variant: the first player to meet a decree gains 2 pearls, the second 1."""
    state = table.new(3, decrees=("far_shore", "full_hand", "master_trader"))
    assert [d["id"] for d in state.observation(None)["decrees"]] == [
        "far_shore",
        "full_hand",
        "master_trader",
    ]
    table.ride(state, 1, TURN_STEP)
    table.ride(state, 0, TURN_STEP)
    table.ride(state, 2, TURN_STEP)
    obs = state.observation(None)
    assert obs["decrees"][0]["claimed_by"] == [1, 0]
    assert [p["decree_pearls"] for p in obs["players"]] == [1, 2, 0]
    assert state.pearls(1) == 2


def test_decree_rich_arrival(table: Table) -> None:
    """Decree Rich Arrival: reach the Lobster Port holding 8 coins or more."""
    state = table.new(2, decrees=("rich_arrival", "far_shore", "full_hand"))
    state.coins[0] = 20
    table.ride(state, 0, TURN_STEP)
    assert state.observation(None)["decrees"][0]["claimed_by"] == [0]


def test_decree_laden_return_needs_contracts(table: Table) -> None:
    """Decree Laden Return: come home having fulfilled four contracts or more."""
    state = table.new(2, decrees=("laden_return", "far_shore", "full_hand"))
    table.ride(state, 0, HOME)
    assert state.observation(None)["decrees"][0]["claimed_by"] == []


def test_variants_off_by_default(table: Table) -> None:
    obs = table.new(2).observation(None)
    assert obs["decrees"] == [] and all(p["power"] is None for p in obs["players"])


def test_move_still_one_port_with_variants(table: Table) -> None:
    state = table.new(2, powers=POWERS[:2], decrees=("far_shore", "full_hand", "high_bidder"))
    table.play(state, act.Move())
    assert state.steps[0] == 1


def test_decrees_full_hand_and_four_goods(table: Table) -> None:
    """Decrees Full Hand (three contracts in one action) and Four Goods (shell, kelp, meat and
    pottery asked for by the contracts of one action)."""
    cards = [
        table.card(shell=2, kelp=1),
        table.card(shell=2, meat=1),
        table.card(shell=2, pottery=1),
    ]
    ports = {
        1: [("shell", 2), ("shell", 2), ("shell", 2), ("kelp", 1)],
        2: [("meat", 1), ("pottery", 1), ("kelp", 1), ("kelp", 1)],
    }
    state = table.new(
        2, ports=ports, hands={0: cards}, decrees=("full_hand", "four_goods", "far_shore")
    )
    table.ride(state, 0, 1)
    for _ in range(2):
        table.to_turn_of(state, 0)
        table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    table.play(state, act.Move(), act.Buy(0))
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.FulfilContracts(), *(act.Fulfil(c) for c in cards))
    decrees = state.observation(None)["decrees"]
    assert decrees[0]["claimed_by"] == [0] and decrees[1]["claimed_by"] == [0]
    assert state.decree_pearls[0] == 4
