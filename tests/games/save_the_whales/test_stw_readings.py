"""The readings of notes.md that no clause test pinned down, one test each.

Each test is named for its reading and checked against the smallest edit of ``rules.py``
that breaks the reading (it fails with that edit). Positions use the board drawn in
``stw_support.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from stw_support import SPACE, events_of, pay_all

from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales.rules import (
    BARNACLE,
    EXTINCT,
    PATH,
    PAY,
    SAVED,
    TURN,
    WHALE_INDEX,
)

if TYPE_CHECKING:
    from stw_support import Table


GRAY, BLUE, FIN = (WHALE_INDEX[w] for w in ("gray", "blue", "fin"))


# ------------------------------------------------------------ reading 6: sliding down


@pytest.mark.parametrize(("start", "lands"), [(39, 2), (2, 5), (38, 1)])
def test_sliding_down_is_not_landing_on_the_space_below(
    table: Table, start: int, lands: int
) -> None:
    """Reading 6: "the Whale simply slides down into the main track" — an exit, not a move
    onto the space: DAWN O'DAY draws no card, THAR SHE BLOWS! pays nothing, the whale's own
    space offers no choice."""
    state = table.new()
    table.put(state, "gray", start, path=True)
    table.roll(state, 1, 2)
    whale = table.whale(state, "gray")
    assert (whale["status"], whale["space"]) == ("track", lands)
    assert state.phase == TURN and state.turn_seat == 1
    assert state.sp == [3, 3]
    assert events_of(state, ev.Landed) == []


# ------------------------------------------------ reading 10: put onto the Ship's square


def test_whale_refusing_a_penalty_onto_the_ships_square_meets_it(table: Table) -> None:
    """Reading 10: "If the Catcher Ship lands on it—or vice-versa" — a whale put onto the
    path (here: KRILL's penalty refused) on the square where the Ship is has met it."""
    state = table.new()
    table.ship(state, SPACE["krill"])
    table.roll(state, 1, 2)  # gray to KRILL
    state.apply(act.Refuse())
    assert state.status[GRAY] == EXTINCT
    assert events_of(state, ev.WhaleExtinct) == [ev.WhaleExtinct("gray", "ship")]


def test_whale_sent_onto_the_path_by_spotted_or_a_card_meets_the_ship_there(
    table: Table,
) -> None:
    """Reading 10, SPOTTED and a card that puts the whale onto the path: the same square
    as the Ship is the end of it."""
    state = table.new()
    table.ship(state, SPACE["spotted"])
    table.put(state, "gray", SPACE["spotted"] - 3)
    table.roll(state, 1, 2)
    assert state.status[GRAY] == EXTINCT
    state = table.new()
    table.ship(state, SPACE["dawn"])
    table.roll(state, 1, 1)  # gray to DAWN O'DAY
    number = next(c.number for c in state.components.cards["dawn"] if c.effect == "to_path")
    state.apply(act.DrawCard("dawn", number))
    assert state.status[GRAY] == EXTINCT


def test_whale_traded_onto_the_ships_square_meets_it(table: Table) -> None:
    """Reading 10, a trade on CALVING SANCTUARY: the lander takes the path square of the
    whale it trades with, and the Ship is there."""
    state = table.new()
    table.put(state, "gray", SPACE["calving"] - 2)
    table.put(state, "blue", 3, path=True)
    table.ship(state, 3)  # placed beside blue, as a card could have sent the Ship
    table.roll(state, 1, 1)
    state.apply(act.TradePlaces("blue"))
    assert state.status[GRAY] == EXTINCT
    assert table.whale(state, "blue")["status"] == "track"


# ------------------------------------------ reading 41: the barnacle and double Ships


def test_holder_rolling_double_ships_does_not_protect_another_whale_on_the_path(
    table: Table,
) -> None:
    """Reading 41: "If the player's Whale holds the Magic Barnacle" is the endangered whale,
    not the roller's: "If the holder rolls double Catcher Ships while another player's Whale
    is on the ENDANGERED SPECIES path ... the other player's Whale is not protected.\""""
    state = table.new()
    state.barnacle = GRAY  # seat 0 rolls and holds the barnacle
    table.put(state, "blue", 26, path=True)
    table.roll(state, 0, 0)
    assert state.status[BLUE] == EXTINCT
    assert state.barnacle == GRAY and state.status[GRAY] != EXTINCT


def test_holder_on_the_path_rolling_double_ships_spares_only_itself(table: Table) -> None:
    """Reading 41, the holder on the path too, closest to the Ship: "the "magic" only
    pertains to the holder's Whale" — it survives, the other whale behind it does not."""
    state = table.new(("gray", "blue", "fin"))
    state.barnacle = GRAY
    table.put(state, "gray", 22, path=True)  # 1 ahead of the port's first step
    table.put(state, "blue", 26, path=True)  # 5 ahead
    table.roll(state, 0, 0)
    assert state.status[GRAY] != EXTINCT and state.status[BLUE] == EXTINCT
    assert [e.whale for e in events_of(state, ev.WhaleProtected)] == ["gray"]


# ----------------------------------------------- readings the mutation check found open


def test_thar_she_blows_and_the_barnacle_passing_spaces_give_sps(table: Table) -> None:
    """Reading 2: THAR SHE BLOWS!, MIND IN THE WATERS and WHALE MIGRATION are good spaces
    that give SPs (the amounts are data)."""
    for start, space in ((2, SPACE["thar"]), (4, SPACE["mind"]), (15, SPACE["migration"])):
        state = table.new()
        table.put(state, "gray", start)
        table.roll(state, 1, 2)
        gain = state.components.track[space].sp
        assert gain > 0
        assert state.sp == [3 + gain, 3], space


def test_double_ships_with_no_whale_on_the_path_do_nothing(table: Table) -> None:
    """Reading 7: double Catcher Ships with the path empty move no whale (the whale on DAWN
    O'DAY does not land there again and draws no card) and give no other turn."""
    state = table.new()
    table.put(state, "gray", SPACE["dawn"])
    table.roll(state, 0, 0)
    assert table.whale(state, "gray")["space"] == SPACE["dawn"]
    assert state.phase == TURN and state.turn_seat == 1
    assert events_of(state, ev.WhaleMoved) == [] and events_of(state, ev.Landed) == []


def test_penalty_once_begun_is_paid_in_full(table: Table) -> None:
    """Reading 11: a penalty is refused before any SP is put in; once begun it is paid in
    full."""
    state = table.new()
    state.sp = [10, 10]
    table.roll(state, 1, 2)  # KRILL
    assert state.phase == PAY and act.Refuse() in state.legal_actions()
    assert state.observation(None)["payment"]["amount"] > 1
    state.apply(act.Pay(1))
    assert act.Refuse() not in state.legal_actions()
    assert "paid in full" in table.refuses(state, act.Refuse())


def test_the_player_of_the_whale_that_owes_a_penalty_is_asked_first(table: Table) -> None:
    """Reading 11: "(This can apply to any player, not just to the one whose turn it is.)":
    on IWC, blue's share is asked first of blue's player, who alone may refuse it."""
    state = table.new()
    state.sp = [10, 10]
    table.put(state, "gray", SPACE["iwc"] - 3)
    table.roll(state, 1, 2)
    assert state.to_move == 0  # the lander's share, of its player
    pay_all(state)
    assert state.observation(None)["payment"]["whale"] == "blue"
    assert state.to_move == 1 and state.observation(0)["payment"]["may_refuse"] is True  # type: ignore[index]
    state.apply(act.Refuse())
    assert [e.seat for e in events_of(state, ev.PenaltyRefused)] == [1]
    assert state.status[BLUE] == PATH and state.sp[1] == 10  # nothing of seat 1's was spent


def test_holder_on_oil_spill_loses_the_barnacle_and_may_be_saved_instead(table: Table) -> None:
    """Reading 16: the holder landing on OIL SPILL loses the barnacle on landing, then may
    be saved instead of paying (while another whale occupies the Act)."""
    state = table.new()
    table.put(state, "blue", SPACE["act"])
    state.sp = [20, 20]
    state.barnacle = GRAY
    table.put(state, "gray", SPACE["oil"] - 3)
    table.roll(state, 1, 2)
    assert state.observation(None)["barnacle"] is None
    assert act.SaveWhale("gray") in state.legal_actions()
    state.apply(act.SaveWhale("gray"))
    pay_all(state)
    assert state.status[GRAY] == SAVED


def test_sps_collected_go_to_the_player_whose_turn_it_is(table: Table) -> None:
    """Reading 19: seat 0, without a whale, names blue (seat 1's) and lands it on THAR SHE
    BLOWS!: the SPs go to seat 0, the player whose turn it is."""
    state = table.new()
    for w in range(8):
        if w != BLUE:
            state.status[w] = SAVED
    state.whale_of[0] = -1
    state.owner[GRAY] = -1
    table.put(state, "blue", SPACE["thar"] - 3)
    state.apply(act.NameWhale("blue"))
    state.apply(act.ThrowDice(1, 2))
    gain = state.components.track[SPACE["thar"]].sp
    assert state.sp == [3 + gain, 3]


def test_landing_on_pow_collects_and_moving_back_past_it_does_not(table: Table) -> None:
    """Reading 20: moving forward onto POW collects its SPs; moving back past it (a card)
    or being placed on it (move anywhere) does not."""
    state = table.new()
    table.put(state, "gray", 37)
    table.roll(state, 1, 2)
    assert table.whale(state, "gray")["space"] == SPACE["pow"]
    assert state.sp == [3 + state.components.pass_pow_sp, 3]
    state = table.new()
    table.roll(state, 1, 1)  # gray to DAWN O'DAY (2)
    back = next(
        c.number for c in state.components.cards["dawn"] if c.effect == "move" and c.steps < -2
    )
    state.apply(act.DrawCard("dawn", back))
    assert table.whale(state, "gray")["space"] > SPACE["dawn"]  # back past POW
    assert state.sp == [3, 3]
    state = table.new()
    table.roll(state, 0, 1)  # gray to its own space (1)
    state.apply(act.MoveAnywhere(SPACE["pow"]))
    assert state.sp == [3, 3]


def test_moving_anywhere_lands_there_and_the_space_acts(table: Table) -> None:
    """Reading 21: "you may collect 5 SPs or move anywhere" — the whale lands on the space
    it moves to, and the space acts (KRILL asks its penalty)."""
    state = table.new()
    table.roll(state, 0, 1)
    state.apply(act.MoveAnywhere(SPACE["krill"]))
    assert state.phase == PAY
    assert state.observation(None)["payment"]["reason"] == "krill"


def test_holder_may_keep_the_barnacle_on_a_passing_space(table: Table) -> None:
    """Reading 23: "the Magic Barnacle *can* be passed" — passing is a choice; ``done``
    keeps it."""
    state = table.new()
    state.barnacle = GRAY
    table.put(state, "gray", SPACE["mind"] - 3)
    table.roll(state, 1, 2)
    assert state.phase == BARNACLE and act.Done() in state.legal_actions()
    state.apply(act.Done())
    assert state.barnacle == GRAY and state.phase == TURN


def test_whales_joining_a_polar_corner_do_not_land_there(table: Table) -> None:
    """Reading 27: whales coming out onto ARCTIC CIRCLE are placed there without its effect:
    blue joining does not offer the way out again once the turn's player is done."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "gray", SPACE["arctic"] - 2)
    table.put(state, "blue", 3, path=True)
    table.put(state, "fin", 26, path=True)
    table.roll(state, 1, 1)
    state.apply(act.LeavePath("blue"))
    state.apply(act.Done())
    assert state.phase == TURN and state.on_path() == [FIN]
    assert len(events_of(state, ev.Landed)) == 1  # gray's landing only


def test_calving_sanctuary_offers_every_whale_on_the_path(table: Table) -> None:
    """Reading 29: the lander may trade with any one whale on the path."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "gray", SPACE["calving"] - 2)
    table.put(state, "blue", 3, path=True)
    table.put(state, "fin", 26, path=True)
    table.roll(state, 1, 1)
    assert state.observation(None)["offer"] == ["blue", "fin"]
    state.apply(act.TradePlaces("fin"))
    assert table.whale(state, "gray")["space"] == 26
    assert table.whale(state, "fin")["space"] == SPACE["calving"]


def test_whale_on_the_path_ignores_the_track_space_below(table: Table) -> None:
    """Reading 32: a whale on the path moves along it by the total; the track space under
    where it stops (KRILL) does nothing to it."""
    state = table.new()
    table.put(state, "gray", 0, path=True)
    table.roll(state, 1, 2)
    assert table.whale(state, "gray")["status"] == "path"
    assert table.whale(state, "gray")["space"] == SPACE["krill"]
    assert state.phase == TURN and state.sp == [3, 3]


def test_catcher_ship_face_moves_the_ship_when_the_mover_is_on_the_path(table: Table) -> None:
    """Reading 32: a Catcher Ship face moves the Ship instead, even when the whale to move
    is itself on the path."""
    state = table.new()
    table.put(state, "gray", 0, path=True)
    table.roll(state, 0, 3)
    assert table.whale(state, "gray")["space"] == 0
    assert state.observation(None)["ship"] == 23


def test_play_goes_clockwise_in_seat_order(table: Table) -> None:
    """Reading 36: seat 0 goes first, then play goes clockwise: seat 1, seat 2, seat 0."""
    state = table.new(("gray", "blue", "fin"))
    seen = []
    for _ in range(3):
        table.roll(state, 1, 3)
        seen.append(state.turn_seat)
    assert seen == [1, 2, 0]
