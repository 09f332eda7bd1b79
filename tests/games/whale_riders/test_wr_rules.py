"""One test per rulebook clause of Whale Riders.

Each docstring quotes the sentence of the rulebook (the English translation of the
Persian text) it checks. The coast and the hands are laid by the chance actions the
test chooses (see ``wr_support.py``); by default every trading port holds one 1-good
tile each of shell, kelp, meat and pottery, cheapest first.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from whaletable import games
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders.components import missing_goods
from whaletable.games.whale_riders.rules import D_OVER, HOME, PORT_AT, TURN_STEP, WhaleRidersState

if TYPE_CHECKING:
    from wr_support import Table


# ------------------------------------------------------------------------ setup


def test_board_has_eight_ports_from_sun_to_lobster(table: Table) -> None:
    """Setup 1: "It shows the Ice Coast and its eight ports." The last is the Crab (Lobster)
    Port."""
    obs = table.new().observation(None)
    names = [p["name"] for p in obs["ports"]]
    assert len(names) == 8
    assert names[0] == "Sun Port" and names[7] == "Lobster Port"
    assert names[1:4] == ["Swordfish Port", "Stingray Port", "Starfish Port"]
    assert [len(p["spaces"]) for p in obs["ports"]] == [7] + [4] * 7


def test_riders_start_on_the_sun_port(table: Table) -> None:
    """Setup 1: "Each player picks a whale rider and puts it on the Sun Port.\""""
    obs = table.new(5).observation(None)
    assert [(p["step"], p["port"], p["heading"]) for p in obs["players"]] == [(0, 0, "out")] * 5


def test_seven_pearl_tiles_in_rulebook_order(table: Table) -> None:
    """Setup 2: "From the top: first four tiles showing 1 pearl, then two tiles showing 2
    pearls, and last the tile showing 3 pearls." (the top is the dearest space)"""
    sun = table.spaces(table.new(), 0)
    assert sun == [("pearl", 3), ("pearl", 2), ("pearl", 2)] + [("pearl", 1)] * 4
    prices = table.new().observation(None)["ports"][0]["prices"]
    assert prices == sorted(prices)


def test_every_port_space_filled_from_the_bag(table: Table) -> None:
    """Setup 3: "Draw tiles at random and lay them face up on every port space along the
    Ice Coast.\""""
    game = table.game
    state = game.new_state(3)
    bag = state.observation(None)["bag"]
    draws = 0
    while state.observation(None)["deck"] == len(table.contracts) and state.is_chance_node():
        assert all(isinstance(a, act.DrawTile) for a in state.legal_actions())
        state.apply(state.legal_actions()[0])
        draws += 1
        if all(all(s is not None for s in p["spaces"]) for p in state.observation(None)["ports"]):
            break
    assert draws == 28
    storms = game.components.storms_for(3)
    assert state.observation(None)["bag"] == bag - 28 + storms


def test_storms_removed_by_player_count_and_added_when_board_full(table: Table) -> None:
    """Setup 3: "Depending on the number of players, remove some storm tiles from the game"
    ... "When the board is full, add the storm tiles (except those removed) to the bag.\""""
    for players in (2, 4, 6):
        state = table.game.new_state(players)
        for _ in range(28):
            assert act.DrawTile("storm", 0) not in state.legal_actions()
            state.apply(state.legal_actions()[0])
        assert state.bag[-1] == table.game.components.storms_for(players)
    assert table.game.components.storms_for(2) < table.game.components.storms_for(6)


def test_strong_tiles_redrawn_in_first_three_ports(table: Table) -> None:
    """Setup 3: "if a tile showing 2 pearls, 2 crystals, or 3 goods of one kind lands in one of
    the first three ports after the Sun Port ... put it back in the bag and draw a replacement.\""""
    state = table.game.new_state(2)
    strong = [act.DrawTile("pearl", 2), act.DrawTile("crystal", 2), act.DrawTile("kelp", 3)]
    for i in range(12):
        legal = state.legal_actions()
        assert not any(a in legal for a in strong)
        assert act.DrawTile("kelp", 2) in legal
        if i == 11:
            reason = table.refuses(state, act.DrawTile("kelp", 3))
            assert "may not start in the first three ports" in reason
        state.apply(act.DrawTile(("shell", "kelp", "meat", "pottery")[i % 4], 1))
    legal = state.legal_actions()  # port 4: anything goes
    assert all(a in legal for a in strong)


def test_three_hidden_contracts_each(table: Table) -> None:
    """Setup 4: "Shuffle the contract cards and deal 3 to each player. Keep them hidden from the
    others until you fulfil them.\""""
    state = table.new(4)
    for seat in range(4):
        obs = state.observation(seat)
        for s, p in enumerate(obs["players"]):
            assert p["hand_size"] == 3
            assert (p["hand"][0] is not None) == (s == seat)
    assert state.observation(None)["deck"] == len(table.contracts) - 12


def test_three_coins_each(table: Table) -> None:
    """Setup 5: "Each player takes three small coins (value 1).\""""
    assert [p["coins"] for p in table.new(6).observation(None)["players"]] == [3] * 6


def test_start_player_random_then_clockwise(table: Table) -> None:
    """Setup: "Choose a start player at random. Play goes clockwise.\""""
    state = table.game.new_state(3)
    while not any(isinstance(a, act.PickStartPlayer) for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert [a.seat for a, _ in outcomes] == [0, 1, 2]  # type: ignore[attr-defined]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in outcomes)
    state.apply(act.PickStartPlayer(2))
    order = []
    for _ in range(4):
        order.append(state.current_player())
        table.play(state, act.TakeCoin(), act.TakeCoin())
    assert order == [2, 0, 1, 2]


# ---------------------------------------------------------------------- playing


def test_two_actions_per_turn(table: Table) -> None:
    """Playing: "On your turn you must take two actions from the five below.\""""
    state = table.new(2)
    table.play(state, act.Move())
    assert state.current_player() == 0 and state.actions_left == 1
    table.play(state, act.Move())
    assert state.current_player() == 1 and state.actions_left == 2


def test_same_action_twice(table: Table) -> None:
    """Playing: "You may take the same action twice.\""""
    state = table.new(2)
    table.play(state, act.TakeCoin())
    assert act.TakeCoin() in state.legal_actions()
    table.play(state, act.TakeCoin())
    assert state.coins[0] == 5


def test_move_one_port_turn_at_lobster_port(table: Table) -> None:
    """Move: "advance your rider one port ... When your rider reaches the final port, turn it
    around: from then on it must advance toward the start (the Sun Port).\""""
    state = table.new(2)
    table.ride(state, 0, 1)
    assert state.observation(None)["players"][0]["port"] == 1
    table.ride(state, 0, TURN_STEP - 1)
    me = state.observation(None)["players"][0]
    assert (me["port"], me["heading"]) == (7, "back")
    table.ride(state, 0, 1)
    me = state.observation(None)["players"][0]
    assert (me["port"], me["heading"]) == (6, "back")
    assert [PORT_AT[s] for s in range(HOME + 1)] == [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0]


def test_rider_home_can_no_longer_move(table: Table) -> None:
    """Move: "Once your rider is back at the Sun Port it can no longer move.\""""
    state = table.new(2)
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    assert state.observation(None)["players"][0]["heading"] == "home"
    assert "can no longer move" in table.refuses(state, act.Move())


def test_buy_price_by_space_zero_to_three(table: Table) -> None:
    """Buy: "the first tile costs nothing, the second 1 coin, the third 2 coins, the fourth 3
    coins ... pay the coins to the bank.\""""
    state = table.new(2)
    assert state.observation(None)["ports"][1]["prices"] == [0, 1, 2, 3]
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    coins = state.coins[0]
    table.play(state, act.Buy(3))  # pottery on the 3-coin space
    assert state.coins[0] == coins - 3
    assert table.held(state, 0) == [("pottery", 1)]
    table.play(state, act.Buy(0))  # shell on the free space
    assert state.coins[0] == coins - 3
    assert sorted(table.held(state, 0)) == [("pottery", 1), ("shell", 1)]


def test_buy_needs_the_coins(table: Table) -> None:
    """Buy: "pay the coins to the bank" — a space you cannot pay for is not for sale to you."""
    state = table.new(2)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    state.coins[0] = 1
    assert act.Buy(1) in state.legal_actions() and act.Buy(2) not in state.legal_actions()
    assert "costs 2 coins and you have 1" in table.refuses(state, act.Buy(2))


def test_buy_only_at_the_riders_port(table: Table) -> None:
    """Buy: "buy one tile from the port where your rider is." Riders start at the Sun Port,
    which sells no goods and keeps its pearls for riders who have come home."""
    state = table.new(2)
    assert not any(isinstance(a, act.Buy) for a in state.legal_actions())
    assert "come home" in table.refuses(state, act.Buy(0))
    table.ride(state, 0, 3)
    table.to_turn_of(state, 0)
    before = table.spaces(state, 3)
    table.play(state, act.Buy(0), tile=("crystal", 1))
    assert table.held(state, 0) == [before[0]]
    assert table.spaces(state, 1) == table.spaces(table.new(2), 1)


def test_goods_gap_closes_at_end_of_turn(table: Table) -> None:
    """End: a rider home "may buy these pearls in the usual way; the dearer pearls above a
    bought pearl are pushed down to close the gap at the end of a turn" — the usual way is the
    goods ports': the bought space stays empty while the turn goes on; at its end the tiles
    above slide down toward the cheap spaces and the top space is refilled from the bag."""
    state = table.new(2)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    bag = state.observation(None)["bag"]
    state.apply(act.Buy(1))  # kelp
    assert state.current_player() == 0  # nothing is drawn yet
    assert table.spaces(state, 1) == [("shell", 1), None, ("meat", 1), ("pottery", 1)]
    state.apply(act.TakeCoin())  # the turn's second action: the turn ends
    assert state.current_player() == CHANCE
    assert table.spaces(state, 1) == [("shell", 1), ("meat", 1), ("pottery", 1), None]
    state.apply(act.DrawTile("crystal", 1))
    assert table.spaces(state, 1) == [("shell", 1), ("meat", 1), ("pottery", 1), ("crystal", 1)]
    assert state.observation(None)["bag"] == bag - 1


def test_second_buy_in_a_turn_pays_its_own_space(table: Table) -> None:
    """End: the gap closes "at the end of a turn", so a second Buy in the same turn takes
    another tile at its own space's price: no tile slides onto the free space meanwhile."""
    state = table.new(2)
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0))  # the free shell
    assert act.Buy(0) not in state.legal_actions()
    assert "space 0 of this port is empty" in table.refuses(state, act.Buy(0))
    coins = state.coins[0]
    table.play(state, act.Buy(1), tile=("crystal", 1))  # the kelp, still on its 1-coin space
    assert state.coins[0] == coins - 1
    assert table.held(state, 0) == [("shell", 1), ("kelp", 1)]
    assert table.spaces(state, 1) == [("meat", 1), ("pottery", 1), ("crystal", 1), ("crystal", 1)]


def test_take_coin(table: Table) -> None:
    """Take a coin: "take one small coin (value 1) from the bank.\""""
    state = table.new(3)
    table.play(state, act.TakeCoin())
    assert state.coins == [4, 3, 3]


def test_burn_one_or_more_contracts_face_up(table: Table) -> None:
    """Burn: "discard one or more contract cards from your hand ... Burned cards go face up on
    a pile next to the board.\""""
    state = table.new(2)
    hand = state.hands[0]
    table.play(state, act.BurnContracts())
    assert act.Done() not in state.legal_actions()  # one or more
    table.play(state, act.Burn(hand[0]))
    table.play(state, act.Burn(hand[2]))
    assert state.observation(1)["current_cards"] == [hand[0], hand[2]]
    table.play(state, act.Done())
    obs = state.observation(1)
    assert [c["id"] for c in obs["burned"]] == [hand[0], hand[2]]
    assert state.actions_left == 1  # the whole burn was one action


def test_fulfil_several_contracts_as_one_action(table: Table) -> None:
    """Fulfil: "as a single action, fulfil as many of your contract cards as you like ... take
    the goods ... and put them in the box ... For each fulfilled card take at once the number
    of coins shown on it.\""""
    two_shell_kelp = table.card(shell=2, kelp=1)
    two_kelp_shell = table.card(kelp=2, shell=1)
    ports = {1: [("shell", 2), ("kelp", 2), ("shell", 1), ("kelp", 1)]}
    state = table.new(2, ports=ports, hands={0: [two_shell_kelp, two_kelp_shell]})
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    state.coins[0] = 10
    table.play(state, act.Buy(0), act.Buy(1))  # shell x2 and kelp x2; the gaps close after the turn
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))  # shell x1, kelp x1, slid down
    table.to_turn_of(state, 0)
    coins = state.coins[0]
    bag = state.observation(None)["bag"]
    table.play(state, act.FulfilContracts(), act.Fulfil(two_shell_kelp))
    assert state.coins[0] == coins + table.contracts[two_shell_kelp].coins
    table.play(state, act.Fulfil(two_kelp_shell), act.Done())
    assert state.actions_left == 1
    assert table.held(state, 0) == []
    fulfilled = state.observation(None)["players"][0]["fulfilled"]
    assert [c["id"] for c in fulfilled] == [two_shell_kelp, two_kelp_shell]
    assert state.observation(None)["bag"] == bag  # "used tiles do not go back in the bag"


def test_fulfilled_contract_pearls_count_at_end(table: Table) -> None:
    """Fulfil: "The pearls shown on fulfilled cards count toward your score at the end.\""""
    card = table.card(shell=2, kelp=1)
    state = table.new(2, ports={1: [("shell", 2), ("kelp", 1), ("meat", 1), ("meat", 1)]},
                      hands={0: [card]})  # fmt: skip
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    table.play(state, act.FulfilContracts(), act.Fulfil(card), act.Done())
    assert state.pearls(0) == table.contracts[card].pearls


def test_cannot_fulfil_without_the_goods(table: Table) -> None:
    """Fulfil: "take the goods or tiles the card asks for from in front of you" — you must
    have them."""
    state = table.new(2)
    assert act.FulfilContracts() not in state.legal_actions()
    assert "do not pay" in table.refuses(state, act.FulfilContracts())


def test_hand_refilled_to_three_at_end_of_turn(table: Table) -> None:
    """[Not in the rulebook; the reading chosen] Refill the hand to three from the draw pile at
    the end of the turn."""
    state = table.new(2)
    hand = state.hands[0]
    table.play(state, act.BurnContracts(), act.Burn(hand[0]), act.Burn(hand[1]), act.Done())
    assert len(state.hands[0]) == 1  # not yet: the turn goes on
    state.apply(act.TakeCoin())
    assert state.current_player() == CHANCE
    assert all(isinstance(a, act.DrawContract) for a in state.legal_actions())
    table.settle(state)
    assert len(state.hands[0]) == 3 and state.current_player() == 1


def test_burned_pile_reshuffled_when_draw_pile_runs_out(table: Table) -> None:
    """[Reading chosen] When the draw pile is empty the burned pile becomes the new draw pile."""
    state = table.new(2)
    state.deck = ()
    hand = state.hands[0]
    table.play(state, act.BurnContracts(), act.Burn(hand[0]), act.Done())
    state.apply(act.TakeCoin())
    assert [a.card for a in state.legal_actions()] == [hand[0]]  # type: ignore[attr-defined]


# ------------------------------------------------------------------- the end


def test_sun_port_pearls_only_for_riders_home(table: Table) -> None:
    """End: "A rider that has come home may buy these pearls in the usual way.\""""
    state = table.new(2)
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    assert act.Buy(0) in state.legal_actions()
    table.play(state, act.Buy(0))
    assert table.held(state, 0) == [("pearl", 3)]
    assert state.pearls(0) == 3
    assert state.observation(None)["pearls_left"] == 6


def test_sun_port_gaps_close_only_at_end_of_turn(table: Table) -> None:
    """End: "the dearer pearls above a bought pearl are pushed down to close the gap at the end
    of a turn.\""""
    state = table.new(2)
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0))
    assert table.spaces(state, 0)[0] is None  # the gap stays while the turn goes on
    coins = state.coins[0]
    table.play(state, act.Buy(1))  # the 2-pearl tile still on its 1-coin space
    assert state.coins[0] == coins - 1
    assert table.spaces(state, 0) == [("pearl", 2)] + [("pearl", 1)] * 4 + [None, None]


def test_sun_port_column_closes_down_after_turn(table: Table) -> None:
    """End: "pushed down to close the gap at the end of a turn" and "Empty spaces at the top of
    this column are never refilled.\""""
    state = table.new(2)
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.TakeCoin())
    assert table.spaces(state, 0) == [("pearl", 2), ("pearl", 2)] + [("pearl", 1)] * 4 + [None]


def _rich_at_home(table: Table, seat: int) -> WhaleRidersState:
    """A two-player game where ``seat``'s rider is home with 100 coins, on its turn."""
    state = table.new(2)
    table.ride(state, seat, HOME)
    table.to_turn_of(state, seat)
    state.coins[seat] = 100
    return state


def test_game_ends_at_once_with_seventh_pearl(table: Table) -> None:
    """End: "As soon as all seven starting pearl tiles have been bought, the game ends at once.\""""
    state = _rich_at_home(table, 0)
    for _ in range(6):
        table.play(state, act.Buy(0))
        table.to_turn_of(state, 0)
    assert state.observation(None)["pearls_left"] == 1
    state.apply(act.Buy(0))
    assert state.current_player() == TERMINAL
    assert state.actions_left == 1  # in the middle of the turn
    assert state.observation(None)["phase"] == "over"


def test_most_pearls_wins(table: Table) -> None:
    """End: "Each player then counts the pearls on their tiles and on their fulfilled contract
    cards. The player with the most pearls wins.\""""
    state = _rich_at_home(table, 1)
    for _ in range(7):
        table.play(state, act.Buy(0))
        if state.is_terminal():
            break
        table.to_turn_of(state, 1)
    assert state.winners() == [1]
    assert state.returns() == [0.0, 1.0]
    assert state.scores() == [0.0, 11.0]


def test_ties_most_money_then_most_tiles(table: Table) -> None:
    """End: "Ties: the tied player with the most money left wins; if still tied, the tied
    player with the most tiles left wins.\""""
    state = table.new(3)
    state.decisions.append(D_OVER)  # score a finished table directly
    state.tiles[0 * 18 + 15] = 1  # seat 0: a 1-pearl tile
    state.tiles[1 * 18 + 15] = 1
    state.tiles[2 * 18 + 15] = 1
    state.coins = [5, 7, 7]
    state.tiles[2 * 18 + 0] = 1  # seat 2 also holds a shell
    assert state.winners() == [2]
    state.tiles[2 * 18 + 0] = 0
    assert state.winners() == [1, 2]
    assert state.returns() == [0.0, 0.5, 0.5]
    # Money comes before tiles: more tiles do not beat more money.
    state.coins = [5, 8, 7]
    state.tiles[2 * 18 + 0] = 3
    assert state.winners() == [1]


def test_whale_riders_tie_broken_by_most_coins_then_most_tiles(table: Table) -> None:
    """End, through the result every interface draws: "Ties: the tied player with the most
    money left wins; if still tied, the tied player with the most tiles left wins."""
    state = table.new(3)
    state.decisions.append(D_OVER)  # score a finished table directly
    for seat in range(3):
        state.tiles[seat * 18 + 15] = 1  # a 1-pearl tile each
    state.tiles[0 * 18 + 16] = 1  # seat 0: a 2-pearl tile as well, the most pearls
    state.coins = [0, 7, 7]
    state.tiles[0 * 18 + 16] = 0
    state.coins = [5, 7, 7]
    state.tiles[2 * 18 + 0] = 1  # seat 2 also holds a shell: more tiles
    result = state.result()
    assert result is not None
    assert [(s.seat, s.place, s.winner) for s in result.standings] == [
        (2, 1, True),
        (1, 2, False),
        (0, 3, False),
    ]
    assert result.score == "pearls" and result.tie_breaks == ("coins", "tiles")
    assert result.decided_by == "tiles"  # coins left seats 1 and 2 tied
    assert dict(result.standing(2).breakdown) == {
        "tile_pearls": 1,
        "contract_pearls": 0,
        "decree_pearls": 0,
        "coins": 7,
        "tiles": 2,
    }
    state.coins = [5, 8, 7]  # money comes before tiles
    result = state.result()
    assert result is not None and result.winners == (1,) and result.decided_by == "coins"
    state.coins = [5, 7, 7]
    state.tiles[2 * 18 + 0] = 0  # seats 1 and 2 tied on all three: they share the win
    result = state.result()
    assert result is not None and result.winners == (1, 2) and result.decided_by == "coins"
    assert [s.place for s in result.standings] == [1, 1, 3]
    state.coins = [7, 7, 7]  # all three tied on all three: no tie-break decided anything
    result = state.result()
    assert result is not None and result.winners == (0, 1, 2) and result.decided_by is None
    state.tiles[0 * 18 + 16] = 1  # the most pearls: the score alone decides
    result = state.result()
    assert result is not None and result.winners == (0,) and result.decided_by is None


def test_whale_riders_result_adds_up_the_pearls_on_tiles_contracts_and_decrees(
    table: Table,
) -> None:
    """End: "the player with the most pearls (on tiles and fulfilled contracts) wins": each
    seat's line shows where its pearls came from, and they add up to its score."""
    state = table.new(2)
    state.decisions.append(D_OVER)
    state.tiles[0 * 18 + 16] = 1  # a 2-pearl tile
    state.fulfilled[0] = (*state.fulfilled[0], 0)
    state.decree_pearls[0] = 3
    contract = state.game.components.contracts[0].pearls
    result = state.result()
    assert result is not None
    parts = dict(result.standing(0).breakdown)
    assert (parts["tile_pearls"], parts["contract_pearls"], parts["decree_pearls"]) == (
        2,
        contract,
        3,
    )
    for standing in result.standings:
        pearls = sum(v for k, v in standing.breakdown if k.endswith("_pearls"))
        assert pearls == standing.score


# ------------------------------------------------------- readings (notes.md)


def test_pearls_on_bag_tiles_never_pay_a_contract(table: Table) -> None:
    """Reading 13: a goods tile pays only for its good, a crystal only for crystals, and pearls
    on bag tiles only score."""
    card = table.card(shell=2, kelp=1)
    ports = {1: [("shell", 1), ("crystal", 1), ("pearl", 1), ("kelp", 1)]}
    state = table.new(2, ports=ports, hands={0: [card]})
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))  # shell, crystal
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.Buy(1))  # pearl, kelp (slid down at the end of the last turn)
    table.to_turn_of(state, 0)
    assert sorted(table.held(state, 0)) == [
        ("crystal", 1),
        ("kelp", 1),
        ("pearl", 1),
        ("shell", 1),
    ]
    assert act.FulfilContracts() not in state.legal_actions()
    assert "do not pay" in table.refuses(state, act.FulfilContracts())
    assert state.pearls(0) == 1


def test_rider_at_the_sun_port_before_leaving_is_not_home(table: Table) -> None:
    """Reading 17: the pearls are for riders who "come back"; a rider that has not left is not
    home, while the same rider back at the Sun Port is."""
    state = table.new(2)
    assert state.observation(None)["players"][0]["heading"] == "out"
    assert "come home" in table.refuses(state, act.Buy(0))
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    assert state.observation(None)["players"][0]["heading"] == "home"
    assert act.Buy(0) in state.legal_actions()


def test_riders_may_share_a_port(table: Table) -> None:
    """Reading 18: nothing blocks a port, so two riders stand on the same one and both buy."""
    state = table.new(2)
    table.ride(state, 0, 1)
    table.ride(state, 1, 1)
    assert state.steps == [1, 1]
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(0), act.TakeCoin())
    table.to_turn_of(state, 1)
    assert act.Buy(0) in state.legal_actions()


def test_rider_home_still_takes_two_actions(table: Table) -> None:
    """Reading 19: home, a rider "can no longer move", and nothing else is taken away."""
    state = table.new(2)
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    legal = state.legal_actions()
    assert act.Move() not in legal
    assert act.TakeCoin() in legal and act.BurnContracts() in legal and act.Buy(0) in legal
    coins = state.coins[0]
    table.play(state, act.TakeCoin(), act.TakeCoin())
    assert state.coins[0] == coins + 2 and state.current_player() == 1


def test_tie_break_counts_sun_port_pearl_tiles(table: Table) -> None:
    """Reading 21: "most tiles left" counts every tile held, a Sun Port pearl tile too."""
    state = table.new(2)
    table.ride(state, 0, HOME)
    table.to_turn_of(state, 0)
    table.play(state, act.Buy(1))  # a 2-pearl tile from the Sun Port, 1 coin
    state.decisions.append(D_OVER)  # score the table as it stands
    state.tiles[1 * 18 + 16] = 1  # seat 1: a 2-pearl bag tile
    state.coins = [4, 4]
    state.tiles[1 * 18 + 0] = 1  # seat 1 also holds a shell: more tiles
    assert state.winners() == [1]
    state.tiles[1 * 18 + 0] = 0
    assert state.pearls(0) == state.pearls(1) == 2
    assert state.winners() == [0, 1]


def test_the_observation_says_what_tiles_pay_for_and_where_a_rider_sails_next() -> None:
    """The facts views draw come from the rules: each player's goods, whether each of the
    seat's own contracts is paid for by its tiles, and the port a Move would reach."""
    game = games.get("whale-riders")
    checked = {"paid": 0, "unpaid": 0, "moves": 0}
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_state(3, {})
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player()
            me = state.observation(seat)["players"][seat]
            held: dict[str, int] = {}
            for tile in me["tiles"]:
                held[tile["good"]] = held.get(tile["good"], 0) + tile["count"]
            assert me["goods"] == held
            for card in me["hand"]:
                paid = missing_goods(card["needs"], me["goods"]) == 0
                assert card["payable"] == paid == state.can_pay(seat, card["id"])
                checked["paid" if paid else "unpaid"] += 1
            action = rng.choice(state.legal_actions())
            state.apply(action)
            if isinstance(action, act.Move):
                assert state.observation(seat)["players"][seat]["port"] == me["next_port"]
                checked["moves"] += 1
    assert min(checked.values()) > 0, checked
