"""Paying THE SYSTEM: "Players pool their SPs and help each other when a penalty must be
paid" — each seat putting in its own SPs, an amount in one decision (``payment.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stw_support import SPACE, penalty

from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales.payment import next_payer, pay_range
from whaletable.games.save_the_whales.rules import PAY, TRACK, TURN, WHALE_INDEX

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
    """Seats with no SPs have nothing to put in, so the payment passes them by; the seat
    whose turn it is is asked even with none, for it decides whether to pay at all."""
    state = table.new(("gray", "blue", "fin"))
    state.sp = [0, 0, 9]
    table.roll(state, 1, 2)
    assert state.to_move == 0 and pays(state) == [0] and act.Refuse() in state.legal_actions()
    state.apply(act.Pay(0))
    assert state.to_move == 2


def test_unable_or_unwilling_to_pay_only_the_player_whose_turn_it_is_refuses(
    table: Table,
) -> None:
    """ "A player who is unable or unwilling to pay a penalty must move his/her Whale onto
    this path": the refusal is offered to the seat whose turn it is, asked first, as its own
    button beside the amounts; a seat asked later for its share cannot refuse for it."""
    state = table.new(("gray", "blue"))
    state.sp = [5, 5]
    table.roll(state, 1, 2)
    assert act.Refuse() in state.legal_actions() and pays(state)
    obs = state.observation(0)
    assert obs["payment"] is not None and obs["payment"]["may_refuse"] is True
    state.apply(act.Pay(0))
    assert state.to_move == 1 and act.Refuse() not in state.legal_actions()
    assert state.observation(1)["payment"]["may_refuse"] is False  # type: ignore[index]
    assert "only the player whose turn it is" in table.refuses(state, act.Refuse())
    refused = table.new(("gray", "blue"))
    refused.sp = [5, 5]
    table.roll(refused, 1, 2)
    refused.apply(act.Refuse())
    assert refused.sp == [5, 5] and refused.status[WHALE_INDEX["gray"]] != TRACK
    assert refused.phase == TURN


def test_pay_range_and_next_payer_go_once_round_the_table_from_the_first_seat() -> None:
    """The arithmetic: from seat 2 of four, seats 3, 0 and 1 are asked after it."""
    sp = [4, 0, 3, 2]
    assert pay_range(sp, 2, 2, 9) == (3, 3)  # 4 + 0 + 2 after it: at least 3, has 3
    assert pay_range(sp, 2, 3, 6) == (2, 2)  # seats 0 and 1 can cover 4
    assert pay_range(sp, 2, 1, 1) == (1, 0)  # the last, with none: it cannot be paid
    assert next_payer(sp, 2, 3) == 0 and next_payer(sp, 2, 2) == 3
