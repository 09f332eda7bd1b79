"""Paying THE SYSTEM: "Players pool their SPs and help each other when a penalty must be
paid" — each seat putting in its own SPs, an amount in one decision (``payment.py``)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from stw_support import SPACE, events_of, pay_all, penalty

from whaletable.core.errors import IllegalAction, RecordError
from whaletable.core.record import Record
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales.payment import next_payer, pay_range
from whaletable.games.save_the_whales.rules import PATH, PAY, SAVED, TRACK, TURN, WHALE_INDEX

if TYPE_CHECKING:
    from stw_support import Table

KRILL = SPACE["krill"]


def pays(state: object) -> list[int]:
    return [a.amount for a in state.legal_actions() if isinstance(a, act.Pay)]  # type: ignore[attr-defined]


def test_players_pool_their_sps_each_paying_an_amount_of_their_own_in_one_action(
    table: Table,
) -> None:
    """ "Players pool their SPs and help each other when a penalty must be paid": the seat
    whose turn it is puts in its share in one action, then the next seat its own."""
    state = table.new(("gray", "blue", "fin"))
    state.sp = [2, 4, 6]
    table.roll(state, 1, 2)  # gray to KRILL
    owed = penalty(state, KRILL)
    assert state.phase == PAY and state.to_move == 0
    assert pays(state) == list(range(min(2, owed) + 1))  # none of it up to all it has
    state.apply(act.Pay(1))
    assert state.sp == [1, 4, 6] and state.to_move == 1  # seat 1 is asked next
    state.apply(act.Pay(owed - 1))
    assert state.phase != PAY and state.sp == [1, 4 - (owed - 1), 6]  # seat 2 never asked


def test_players_pool_their_sps_and_no_seat_spends_another_seats_points(table: Table) -> None:
    """Whatever each seat chooses, a seat's SPs go down only by the amount it put in itself:
    the seat whose turn it is cannot pay with another seat's points."""
    state = table.new(("gray", "blue", "fin"))
    state.sp = [5, 5, 5]
    table.roll(state, 1, 2)  # KRILL
    while state.phase == PAY:
        seat, before = state.to_move, list(state.sp)
        amount = min(pays(state))  # each pays as little as it may
        state.apply(act.Pay(amount))
        assert state.sp == [sp - (amount if s == seat else 0) for s, sp in enumerate(before)]
    assert sum(state.sp) == 15 - penalty(state, KRILL)


def test_players_pool_their_sps_so_a_seat_pays_what_those_after_it_cannot(table: Table) -> None:
    """The payment goes once round the table: a seat leaves to the seats after it only what
    they can pay together, so the last seat asked completes it."""
    state = table.new(("gray", "blue", "fin"))
    owed = penalty(state, KRILL)
    state.sp = [owed, 1, 0]
    table.roll(state, 1, 2)
    assert pays(state) == [owed - 1, owed]  # seat 1 can cover one SP, seat 2 none
    state.apply(act.Pay(owed - 1))
    assert state.to_move == 1 and pays(state) == [1]  # the last with SPs: the rest is its
    reason = table.refuses(state, act.Pay(0))
    assert "at least 1" in reason
    state.apply(act.Pay(1))
    assert state.sp == [1, 0, 0] and table.whale(state, "gray")["status"] == "track"


def test_players_pool_their_sps_and_a_seat_without_any_is_not_asked(table: Table) -> None:
    """Seats with no SPs have nothing to put in, so the payment passes them by; the player of
    the whale that owes is asked even with none, for it decides whether to pay at all."""
    state = table.new(("gray", "blue", "fin"))
    state.sp = [0, 0, 9]
    table.roll(state, 1, 2)
    assert state.to_move == 0 and pays(state) == [0] and act.Refuse() in state.legal_actions()
    state.apply(act.Pay(0))
    assert state.to_move == 2


def test_a_save_skips_the_player_whose_turn_it_is_when_it_has_no_sps(table: Table) -> None:
    """A save cannot be refused, so a player with no SPs has nothing to decide: the seat
    whose turn it is starts the save, and the first seat with SPs is asked for them."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "blue", SPACE["act"])
    state.sp = [0, 0, 30]
    state.apply(act.SaveWhale("fin"))
    assert state.phase == PAY and state.to_move == 2
    assert events_of(state, ev.PaymentLeftToOthers) == []


def test_unable_or_unwilling_to_pay_only_the_whales_player_refuses(table: Table) -> None:
    """ "A player who is unable or unwilling to pay a penalty must move his/her Whale onto
    this path": the refusal is offered to the whale's player, asked first, as its own button
    beside the amounts; a seat asked later for its share cannot refuse for it."""
    state = table.new(("gray", "blue"))
    state.sp = [5, 5]
    table.roll(state, 1, 2)
    assert act.Refuse() in state.legal_actions() and pays(state)
    obs = state.observation(0)
    assert obs["payment"] is not None and obs["payment"]["may_refuse"] is True
    state.apply(act.Pay(0))
    assert state.to_move == 1 and act.Refuse() not in state.legal_actions()
    assert state.observation(1)["payment"]["may_refuse"] is False  # type: ignore[index]
    assert "only the player asked first" in table.refuses(state, act.Refuse())
    refused = table.new(("gray", "blue"))
    refused.sp = [5, 5]
    table.roll(refused, 1, 2)
    refused.apply(act.Refuse())
    assert refused.sp == [5, 5] and refused.status[WHALE_INDEX["gray"]] != TRACK
    assert refused.phase == TURN


def test_a_penalty_another_players_whale_owes_is_that_players_to_refuse(table: Table) -> None:
    """ "(This can apply to any player, not just to the one whose turn it is.)": on IWC every
    whale pays; fin's share goes round from fin's player (seat 2), who may refuse it, and
    the player whose turn it is, asked last, may not."""
    state = table.new(("gray", "blue", "fin"))
    state.sp = [20, 0, 20]
    table.put(state, "gray", SPACE["iwc"] - 3)
    table.roll(state, 1, 2)  # gray owes first, then blue and fin
    pay_all(state)  # gray's share
    assert state.observation(None)["payment"]["whale"] == "blue"  # type: ignore[index]
    assert state.to_move == 1 and pays(state) == [0]  # blue's player, with no SPs, decides
    assert act.Refuse() in state.legal_actions()
    state.apply(act.Pay(0))  # it chooses to pay: the others make it up
    assert state.to_move == 2 and act.Refuse() not in state.legal_actions()
    pay_all(state)
    assert state.observation(None)["payment"]["whale"] == "fin"  # type: ignore[index]
    assert state.to_move == 2 and act.Refuse() in state.legal_actions()
    owed = state.observation(None)["payment"]["amount"]  # type: ignore[index]
    state.apply(act.Pay(0))  # fin's player leaves it all to seat 0 ...
    assert state.to_move == 0 and pays(state) == [owed]  # ... which must pay, not refuse
    assert "only the player asked first" in table.refuses(state, act.Refuse())
    before = list(state.sp)
    state.apply(act.Pay(owed))
    assert state.sp == [before[0] - owed, 0, before[2]] and state.phase != PAY


def test_a_named_whales_player_is_asked_first_for_its_penalty(table: Table) -> None:
    """Once all eight whales are in play, a player without a whale moves another player's:
    the penalty is still that whale's player's to pay or refuse."""
    state = table.new(("gray", "blue"))
    for w in range(8):
        if w != WHALE_INDEX["blue"]:
            state.status[w] = SAVED
    state.whale_of[0] = state.owner[WHALE_INDEX["gray"]] = -1
    state.sp = [5, 5]
    table.put(state, "blue", KRILL - 3)
    state.apply(act.NameWhale("blue"))  # seat 0 moves seat 1's whale
    state.apply(act.ThrowDice(1, 2))
    assert state.phase == PAY and state.to_move == 1 and act.Refuse() in state.legal_actions()
    state.apply(act.Refuse())
    assert [e.seat for e in events_of(state, ev.PenaltyRefused)] == [1]
    assert state.status[WHALE_INDEX["blue"]] == PATH


def test_pay_range_and_next_payer_go_once_round_the_table_from_the_first_seat() -> None:
    """The arithmetic: from seat 2 of four, seats 3, 0 and 1 are asked after it."""
    sp = [4, 0, 3, 2]
    assert pay_range(sp, 2, 2, 9) == (3, 3)  # 4 + 0 + 2 after it: at least 3, has 3
    assert pay_range(sp, 2, 3, 6) == (2, 2)  # seats 0 and 1 can cover 4
    assert pay_range(sp, 2, 1, 1) == (1, 0)  # the last, with none: it cannot be paid
    assert next_payer(sp, 2, 3) == 0 and next_payer(sp, 2, 2) == 3


def _every_way_round(sp: list[int], first: int, seat: int, owed: int) -> Iterator[list[int]]:
    """Every sequence of choices the payment allows from ``seat`` on: the SPs left after it."""
    low, high = pay_range(sp, first, seat, owed)
    assert low <= high, (sp, first, seat, owed)
    for amount in range(low, high + 1):
        after = [v - amount if s == seat else v for s, v in enumerate(sp)]
        if amount == owed:
            yield after
        else:
            yield from _every_way_round(after, first, next_payer(after, first, seat), owed - amount)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_whatever_each_seat_puts_in_the_payment_completes_when_the_table_can_pay(
    seats: int,
) -> None:
    """The promise of ``payment.py``: when the seats together have what is owed, every choice
    within each seat's range pays exactly that, no seat paying more than it has; when they do
    not, the seat asked first cannot even begin."""
    for sp in itertools.product(range(3), repeat=seats):
        for first, owed in itertools.product(range(seats), range(1, 7)):
            if sum(sp) < owed:
                low, high = pay_range(sp, first, first, owed)
                assert low > high
                continue
            ends = list(_every_way_round(list(sp), first, first, owed))
            assert ends
            for left in ends:
                assert sum(sp) - sum(left) == owed and min(left) >= 0


def test_a_game_stored_by_the_version_paying_one_sp_at_a_time_says_it_cannot_replay(
    table: Table,
) -> None:
    """Games stored before payments were made in one action hold ``contribute`` actions:
    replaying one fails with a sentence naming why, not as an unknown action."""
    state = table.new(("gray", "blue"))
    table.roll(state, 1, 2)  # gray to KRILL
    record = Record.of(state)
    record.actions.append({"type": "contribute", "seat": 0})
    with pytest.raises(RecordError, match=r"action 4 .*earlier version of Save the Whales' rules"):
        record.replay()
    with pytest.raises(IllegalAction, match="payments went one SP at a time"):
        table.game.action_from_json({"type": "contribute", "seat": 1})
