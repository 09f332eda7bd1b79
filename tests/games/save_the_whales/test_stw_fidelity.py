"""Rules fidelity, second pass: saving instead of a penalty, the Magic Barnacle and bad
cards, the Catcher Ship's numbering, and the readings found in a clause-by-clause audit.

Positions use the board drawn in ``stw_support.py``; expected squares are written from
that numbering (not computed by the engine's own helpers) so a wrong helper fails here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from stw_support import SPACE, events_of, pay_all, penalty

from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales.rules import (
    BARNACLE,
    CHOOSE,
    DRAW,
    EXTINCT,
    LEAVE_PATH,
    OWN_SPACE,
    PAY,
    SAVED,
    TURN,
    WHALE_INDEX,
)

if TYPE_CHECKING:
    from stw_support import Table

    from whaletable.games.save_the_whales.rules import SaveTheWhalesState

GRAY, BLUE, FIN, ORCA = (WHALE_INDEX[w] for w in ("gray", "blue", "fin", "orca"))


def gray_lands_on_iwc(table: Table, state: SaveTheWhalesState, sp: list[int]) -> None:
    """The seats hold ``sp``; the gray whale throws 1 and 2 from 3 short of IWC, where every
    whale owes the penalty, and its own share is paid."""
    state.sp = sp
    table.put(state, "gray", SPACE["iwc"] - 3)
    table.roll(state, 1, 2)
    pay_all(state)


def card_number(state: SaveTheWhalesState, deck: str, effect: str, **fields: int) -> int:
    """The number of the first card of ``deck`` with this effect (and these fields)."""
    for card in state.components.cards[deck]:
        if card.effect == effect and all(getattr(card, k) == v for k, v in fields.items()):
            return card.number
    raise LookupError(f"no {deck} card with effect {effect} {fields}")


# ------------------------------------------------- saving instead of the penalty


def test_save_instead_is_offered_when_the_team_cannot_pay_the_penalty(table: Table) -> None:
    """ "the Whale in danger may be immediately saved ... if the correct number of SPs are
    paid—thereby avoiding the penalty of that space." The save needs the whale's value,
    not the penalty: a team that can pay the one but not the other may still save."""
    state = table.new(("orca", "blue"))
    table.put(state, "blue", SPACE["act"])
    value = state.components.values[ORCA]
    assert penalty(state, SPACE["radioactive"]) > value  # the case this test is about
    state.sp = [value, 0]
    table.put(state, "orca", SPACE["radioactive"] - 3)
    table.roll(state, 1, 2)
    assert state.phase == PAY
    legal = state.legal_actions()
    assert act.SaveWhale("orca") in legal and act.Refuse() in legal
    assert not any(isinstance(a, act.Pay) for a in legal)  # the penalty cannot be paid
    assert state.observation(None)["payment"]["may_save_instead"] is True
    assert "cannot pay" in table.refuses(state, act.Pay(1))
    state.apply(act.SaveWhale("orca"))
    pay_all(state)
    assert state.status[ORCA] == SAVED and state.sp == [0, 0]


def test_refusing_a_penalty_the_team_cannot_pay_sends_the_whale_onto_the_path(
    table: Table,
) -> None:
    """Offered the save but not taking it, a team that cannot pay the penalty is "unable
    ... to pay": the whale goes onto the path, and the log says it could not pay."""
    state = table.new(("orca", "blue"))
    table.put(state, "blue", SPACE["act"])
    state.sp = [state.components.values[ORCA], 0]
    table.put(state, "orca", SPACE["radioactive"] - 3)
    table.roll(state, 1, 2)
    penalty_sp = penalty(state, SPACE["radioactive"])
    state.apply(act.Refuse())
    assert table.whale(state, "orca")["status"] == "path"
    assert events_of(state, ev.PenaltyRefused) == [ev.PenaltyRefused(0, "orca", penalty_sp, True)]


@pytest.mark.parametrize("space", ["krill", "oil", "radioactive", "iwc", "factory"])
def test_save_instead_of_the_penalty_on_every_penalty_space(table: Table, space: str) -> None:
    """ "A space such as RADIOACTIVE WASTE or IWC" gives examples: the lander may be saved
    instead of paying on every space that charges a penalty."""
    state = table.new()
    table.put(state, "blue", SPACE["act"])
    state.sp = [20, 20]
    table.put(state, "gray", SPACE[space] - 3)
    table.roll(state, 1, 2)
    assert state.phase == PAY and state.observation(None)["payment"]["whale"] == "gray"
    state.apply(act.SaveWhale("gray"))
    pay_all(state)
    assert state.status[GRAY] == SAVED
    assert sum(state.sp) == 40 - state.components.values[GRAY]
    # Gray's penalty is gone; on IWC and FLOATING FACTORY blue still owes its share.
    payment = state.observation(None)["payment"]
    assert payment is None or payment["whale"] == "blue"


@pytest.mark.parametrize("space", ["spotted", "pirates"])
def test_save_instead_of_going_onto_the_path_from_spotted_or_pirate_whalers(
    table: Table, space: str
) -> None:
    """Going onto the path is SPOTTED's and PIRATE WHALERS' penalty; "the Whale in danger"
    there may be saved instead. Not saving ("refuse"), it goes onto the path."""
    state = table.new()
    table.put(state, "blue", SPACE["act"])
    table.ship(state, 30)  # out of port, so PIRATE WHALERS acts
    state.sp = [20, 20]
    table.put(state, "gray", SPACE[space] - 3)
    table.roll(state, 1, 2)
    assert state.phase == PAY
    payment = state.observation(None)["payment"]
    assert (payment["amount"], payment["may_save_instead"]) == (0, True)
    assert sorted(a.kind for a in state.legal_actions()) == ["refuse", "save_whale"]
    assert "nothing to pay" in table.refuses(state, act.Pay(1))
    decline = state.clone()
    decline.apply(act.Refuse())
    assert table.whale(decline, "gray")["status"] == "path"
    assert events_of(decline, ev.PenaltyRefused) == []
    assert events_of(decline, ev.SaveDeclined) == [ev.SaveDeclined(0, "gray")]
    state.apply(act.SaveWhale("gray"))
    pay_all(state)
    assert state.status[GRAY] == SAVED


@pytest.mark.parametrize(
    ("choice", "offered"),
    [
        ("penalty_spaces", {"krill": True, "radioactive": True, "iwc": True, "spotted": False}),
        ("named_spaces", {"krill": False, "radioactive": True, "iwc": True, "spotted": False}),
    ],
)
def test_option_save_instead_narrows_the_spaces(
    table: Table, choice: str, offered: dict[str, bool]
) -> None:
    """Option save_instead: "penalty_spaces" keeps the spaces that charge SPs,
    "named_spaces" reads the clause's two spaces as the whole list."""
    for space, expected in offered.items():
        state = table.new(save_instead=choice)
        table.put(state, "blue", SPACE["act"])
        state.sp = [20, 20]
        table.put(state, "gray", SPACE[space] - 3)
        table.roll(state, 1, 2)
        instead = state.phase == PAY and act.SaveWhale("gray") in state.legal_actions()
        assert instead is expected, space
        if space == "spotted":
            assert table.whale(state, "gray")["status"] == "path"


def test_save_instead_is_for_the_whale_that_landed_not_the_others_paying(table: Table) -> None:
    """Reading: "If a Whale lands on ... the Whale in danger" is the lander; the other whales
    owing their share of IWC pay or refuse (they may be saved at the next turn's start)."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "blue", SPACE["act"])
    table.put(state, "fin", 3, path=True)
    gray_lands_on_iwc(table, state, [20, 20, 20])
    assert state.observation(None)["payment"]["whale"] == "blue"
    assert not any(isinstance(a, act.SaveWhale) for a in state.legal_actions())
    pay_all(state)  # blue's share (blue is on the Act; fin may be saved in other ways)
    assert state.observation(None)["payment"]["whale"] == "fin"
    assert not any(isinstance(a, act.SaveWhale) for a in state.legal_actions())


def test_option_save_instead_for_every_whale_that_owes(table: Table) -> None:
    """Option save_instead_for = "every_payer": every whale owing IWC's penalty is "in
    danger" and may be saved instead of paying its share."""
    state = table.new(("gray", "blue", "fin"), save_instead_for="every_payer")
    table.put(state, "blue", SPACE["act"])
    table.put(state, "fin", 3, path=True)
    gray_lands_on_iwc(table, state, [20, 20, 20])
    assert state.observation(None)["payment"]["whale"] == "blue"
    assert act.SaveWhale("blue") not in state.legal_actions()  # blue itself is on the Act
    pay_all(state)
    assert state.observation(None)["payment"]["whale"] == "fin"
    state.apply(act.SaveWhale("fin"))
    pay_all(state)
    assert state.status[FIN] == SAVED


def test_save_instead_needs_another_whale_on_the_protection_act(table: Table) -> None:
    """ "(while another Whale occupies MARINE MAMMAL PROTECTION ACT)"."""
    state = table.new()
    state.sp = [20, 20]
    table.put(state, "gray", SPACE["krill"] - 3)
    table.roll(state, 1, 2)
    assert state.phase == PAY and act.SaveWhale("gray") not in state.legal_actions()
    state.sp = [0, 0]
    state = table.new()
    table.put(state, "gray", SPACE["krill"] - 3)
    state.sp = [0, 0]
    table.roll(state, 1, 2)  # nothing to save with, nothing to pay with: onto the path
    assert table.whale(state, "gray")["status"] == "path"


# ----------------------------------------------------- the barnacle and bad cards


def test_holder_drawing_an_every_whale_pays_card_spares_only_itself(table: Table) -> None:
    """ "This is a good luck charm that "protects" the Whale holding it—but only that
    Whale": a bad card's effect on the other whales still applies."""
    state = table.new()
    state.sp = [20, 20]
    state.barnacle = GRAY
    table.roll(state, 1, 1)  # DAWN O'DAY
    state.apply(act.DrawCard("dawn", card_number(state, "dawn", "everyone_pays")))
    obs = state.observation(None)
    assert obs["payment"]["whale"] == "blue" and obs["payments_waiting"] == 0
    assert events_of(state, ev.WhaleProtected) == [ev.WhaleProtected("gray", "barnacle", "card")]


def test_holder_ignores_an_every_whale_pays_card_another_whale_draws(table: Table) -> None:
    """ "The holder can ignore the directions on all "bad" Game Cards"; the rulebook's
    exceptions are spaces (OIL SPILL, RADIOACTIVE WASTE; FLOATING FACTORY and IWC landed on
    by another), never cards."""
    state = table.new(("blue", "gray"))
    state.sp = [20, 20]
    state.barnacle = GRAY
    table.roll(state, 1, 1)  # blue to DAWN O'DAY
    state.apply(act.DrawCard("dawn", card_number(state, "dawn", "everyone_pays")))
    obs = state.observation(None)
    assert obs["payment"]["whale"] == "blue" and obs["payments_waiting"] == 0
    pay_all(state)
    assert state.phase == TURN


def test_holder_drawing_the_ship_card_still_sails_the_ship(table: Table) -> None:
    """The holder ignores a bad card for its own whale only: the Ship the card sails still
    catches another whale ("the other player's Whale is not protected")."""
    state = table.new()
    state.barnacle = GRAY
    steps = state.components.cards["dawn"][card_number(state, "dawn", "ship_moves")].steps
    table.put(state, "blue", 21 + steps - 1, path=True)  # where the Ship stops from port
    table.roll(state, 1, 1)  # gray to DAWN O'DAY
    state.apply(act.DrawCard("dawn", card_number(state, "dawn", "ship_moves")))
    assert state.status[BLUE] == EXTINCT


# ------------------------------------------- the Catcher Ship and the board numbering


def test_double_ships_from_port_count_from_the_ports_first_step(table: Table) -> None:
    """ "the Whale closest to the Catcher Ship": in port, the Ship's nearest square ahead is
    the path space above BLUE WHALE (21), its first step out. The whale above 20 lies
    behind the port, the farthest round the loop."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "blue", 20, path=True)
    table.put(state, "fin", 22, path=True)
    table.roll(state, 0, 0)
    assert state.status[FIN] == EXTINCT
    assert state.status[BLUE] != EXTINCT


def test_double_ships_on_the_path_count_from_the_ships_square(table: Table) -> None:
    """With the Ship out, distance is counted clockwise from its square: above 31 the
    whale above 33 (2 ahead) is closer than the one above 30 (39 ahead)."""
    state = table.new(("gray", "blue", "fin"))
    table.ship(state, 31)
    table.put(state, "blue", 30, path=True)
    table.put(state, "fin", 33, path=True)
    table.roll(state, 0, 0)
    assert state.status[FIN] == EXTINCT and state.status[BLUE] != EXTINCT


@pytest.mark.parametrize(
    ("deck", "ship_at", "expected"),
    [
        ("dawn", None, 23),  # from port: 21, 22, 23
        ("dawn", 30, 33),
        ("dawn", 38, 1),  # round the loop past POW
    ],
)
def test_ship_moves_card_sails_on_the_board_numbering(
    table: Table, deck: str, ship_at: int | None, expected: int
) -> None:
    """The card that sails the Ship moves it clockwise from its square (from port its first
    step is the square above 21), the same count as a Catcher Ship on the dice."""
    state = table.new()
    table.put(state, "blue", 10, path=True)
    table.ship(state, ship_at)
    assert state.components.cards[deck][card_number(state, deck, "ship_moves")].steps == 3
    table.roll(state, 1, 1)  # gray to DAWN O'DAY
    state.apply(act.DrawCard(deck, card_number(state, deck, "ship_moves")))
    assert state.observation(None)["ship"] == expected


@pytest.mark.parametrize("deck", ["dawn", "neptune"])
def test_ship_to_port_card_sends_the_ship_home(table: Table, deck: str) -> None:
    """Each "Catcher Ship returns to port" card puts the Ship back in the WHALING PORT."""
    state = table.new()
    table.put(state, "blue", 10, path=True)
    table.ship(state, 30)
    table.roll(state, 1, 1) if deck == "dawn" else table.roll(state, 2, 4)
    state.apply(act.DrawCard(deck, card_number(state, deck, "ship_to_port")))
    assert state.observation(None)["ship"] is None
    assert state.observation(None)["port"] == 21


def draw_for_gray(table: Table, deck: str, number: int) -> SaveTheWhalesState:
    """Gray (seat 0) on DAWN O'DAY (2) or OLD FATHER NEPTUNE (6) draws card ``number``."""
    state = table.new()
    state.sp = [20, 20]
    table.roll(state, 1, 1) if deck == "dawn" else table.roll(state, 2, 4)
    assert state.phase == DRAW
    state.apply(act.DrawCard(deck, number))
    return state


@pytest.mark.parametrize(
    ("deck", "effect", "fields", "status", "space", "phase"),
    [
        ("dawn", "advance_to", {}, "track", 38, TURN),  # to MARINE MAMMAL PROTECTION ACT
        ("dawn", "move", {"steps": -3}, "track", 39, DRAW),  # 2 back 3: past POW to NEPTUNE
        ("dawn", "to_path", {}, "path", 2, TURN),  # onto the path above where it stands
        ("neptune", "move", {"steps": 3}, "track", 9, DRAW),  # 6 on 3: DAWN O'DAY
        ("neptune", "move", {"steps": -2}, "track", 4, TURN),  # 6 back 2: HUMPBACK WHALE
        ("neptune", "advance_to", {}, "track", 20, TURN),  # CALVING SANCTUARY (no one to trade)
        ("neptune", "own_space", {}, "track", 1, OWN_SPACE),  # GRAY WHALE
        ("neptune", "to_path", {}, "path", 6, TURN),
    ],
)
def test_card_moving_a_whale_lands_on_the_board_numbering(
    table: Table,
    deck: str,
    effect: str,
    fields: dict[str, int],
    status: str,
    space: int,
    phase: int,
) -> None:
    """Every card that moves the drawer's whale: where it ends, by the board's numbering."""
    probe = table.new()
    state = draw_for_gray(table, deck, card_number(probe, deck, effect, **fields))
    whale = table.whale(state, "gray")
    assert (whale["status"], whale["space"]) == (status, space)
    assert state.phase == phase


def test_advance_to_moratorium_card_lands_there(table: Table) -> None:
    """DAWN O'DAY's "move to MORATORIUM" card: from 2 to 32, and the whale occupies it."""
    probe = table.new()
    number = next(
        c.number
        for c in probe.components.cards["dawn"]
        if c.effect == "advance_to" and c.to == "moratorium"
    )
    state = draw_for_gray(table, "dawn", number)
    assert table.whale(state, "gray")["space"] == 32
    assert state.observation(None)["moratorium"] is True


def test_advancing_past_pow_by_a_card_collects_like_the_dice(table: Table) -> None:
    """Reading: a card that moves a whale forward past POW pays the POW SPs, as the dice do."""
    state = table.new()
    table.put(state, "gray", 37)
    table.roll(state, 1, 1)  # 39: OLD FATHER NEPTUNE
    before = state.sp[0]
    state.apply(act.DrawCard("neptune", card_number(state, "neptune", "advance_to")))
    assert table.whale(state, "gray")["space"] == SPACE["calving"]
    assert state.sp[0] == before + state.components.pass_pow_sp


@pytest.mark.parametrize("deck", ["dawn", "neptune"])
def test_leave_path_cards_slide_each_whale_down_under_it(table: Table, deck: str) -> None:
    """Every "move out of the path" card: each whale taken out drops to the track square
    under its path square (blue above 3 to KRILL's square, without its penalty)."""
    state = table.new()
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1) if deck == "dawn" else table.roll(state, 2, 4)
    for card in state.components.cards[deck]:
        if card.effect != "leave_path":
            continue
        probe = state.clone()
        probe.apply(act.DrawCard(deck, card.number))
        assert probe.phase == LEAVE_PATH
        probe.apply(act.LeavePath("blue"))
        whale = table.whale(probe, "blue")
        assert (whale["status"], whale["space"]) == ("track", 3)
        assert probe.phase == TURN and probe.payment is None


# ----------------------------------------------------------- readings from the audit


def test_option_spotted_also_needs_the_ship_out_of_port(table: Table) -> None:
    """ "If a Whale lands on SPOTTED BY A CATCHER SHIP or PIRATE WHALERS (only if the Ship is
    out of the WHALING PORT)": by default the condition is PIRATE WHALERS' alone; option
    ship_out_for = "both" applies it to SPOTTED too."""
    for ship_out_for, status in (("pirate_whalers", "path"), ("both", "track")):
        state = table.new(ship_out_for=ship_out_for)
        table.put(state, "gray", SPACE["spotted"] - 3)
        table.roll(state, 1, 2)
        assert table.whale(state, "gray")["status"] == status, ship_out_for
    state = table.new(ship_out_for="both")
    table.ship(state, 30)
    table.put(state, "gray", SPACE["spotted"] - 3)
    table.roll(state, 1, 2)
    assert table.whale(state, "gray")["status"] == "path"


def test_put_onto_the_path_is_not_landing_on_its_square(table: Table) -> None:
    """Reading: a whale sent onto the path (here by refusing OIL SPILL's penalty, to the
    golden barnacle above 8) has not landed there: no barnacle passing is offered."""
    state = table.new()
    state.barnacle = BLUE
    table.put(state, "gray", SPACE["oil"] - 3)
    table.roll(state, 1, 2)
    state.apply(act.Refuse())
    assert table.whale(state, "gray")["status"] == "path"
    assert state.phase != BARNACLE and state.barnacle == BLUE


def test_ship_stays_out_when_the_path_empties(table: Table) -> None:
    """Reading: the rulebook never sends the Ship home by itself; it stays where it is when
    no whale is left on the path (so PIRATE WHALERS stays dangerous)."""
    state = table.new()
    table.put(state, "blue", 3, path=True)
    table.ship(state, 30)
    table.put(state, "gray", 8)
    table.roll(state, 1, 1)  # ARCTIC CIRCLE: blue comes out
    state.apply(act.LeavePath("blue"))
    assert state.on_path() == [] and state.observation(None)["ship"] == 30


def test_doubles_after_a_save_give_the_new_whale_the_other_turn(table: Table) -> None:
    """Reading: the other turn for doubles belongs to the player; if its whale was saved (or
    lost) on the doubles, it selects a new whale and rolls again."""
    state = table.new()
    state.barnacle = GRAY
    table.put(state, "gray", 35)
    table.roll(state, 3, 3)  # 41 = 1: GRAY WHALE with the barnacle, saved free
    assert state.status[GRAY] == SAVED and state.phase == CHOOSE and state.to_move == 0
    state.apply(state.legal_actions()[0])
    assert state.phase == TURN and state.turn_seat == 0


def test_barnacle_offer_on_a_golden_barnacle_goes_to_any_active_whale(table: Table) -> None:
    """ "the Magic Barnacle can be passed to any other Whale": every active whale, on the
    track or the path, is offered."""
    state = table.new(("gray", "blue", "fin"))
    state.barnacle = GRAY
    table.put(state, "gray", 6, path=True)
    table.put(state, "fin", 3, path=True)
    table.roll(state, 1, 1)  # onto the golden barnacle above 8
    assert state.phase == BARNACLE
    assert state.observation(None)["offer"] == ["blue", "fin"]
    state.apply(act.PassBarnacle("fin"))
    assert state.barnacle == FIN


# --------------------------------------------------- clauses that had no test of their own


def test_saved_whale_is_fully_protected_for_the_rest_of_the_game(table: Table) -> None:
    """ "Whenever a Whale is saved, it is placed in its NATURAL HABITAT. This Whale remains
    there, fully protected against all dangers for the remainder of the game." — IWC's
    penalty for every whale does not reach it."""
    state = table.new(("gray", "blue", "fin"))
    state.status[FIN] = SAVED
    state.saved_order = (FIN,)
    gray_lands_on_iwc(table, state, [20, 20, 20])
    assert state.observation(None)["payment"]["whale"] == "blue"
    assert state.observation(None)["payments_waiting"] == 0
    assert table.whale(state, "fin")["status"] == "saved"


def test_whale_on_the_path_may_be_saved(table: Table) -> None:
    """ "If another player's Whale occupies MARINE MAMMAL PROTECTION ACT and the correct
    number of SPs are paid to THE SYSTEM to save the Whale" it leaves the path, saved."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "blue", SPACE["act"])
    table.put(state, "fin", 3, path=True)
    state.sp = [20, 0, 0]
    state.apply(act.SaveWhale("fin"))
    pay_all(state)
    assert state.status[FIN] == SAVED and state.on_path() == []


def test_moratorium_protects_from_an_unpaid_penalty(table: Table) -> None:
    """ "Remember: Anytime any Whale occupies MORATORIUM, no Whale can become extinct." —
    not even one on the path whose penalty goes unpaid."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "fin", SPACE["moratorium"])
    table.put(state, "blue", 3, path=True)
    gray_lands_on_iwc(table, state, [20, 0, 0])
    assert state.observation(None)["payment"]["whale"] == "blue"
    state.apply(act.Refuse())
    assert table.whale(state, "blue")["status"] == "path"


def test_ship_landing_on_a_safe_zone_spares_the_whale(table: Table) -> None:
    """ "There are two Safe Zones on the ENDANGERED SPECIES path which are always safe when
    occupied" — the Ship stopping there catches no one."""
    state = table.new()
    table.put(state, "blue", 32, path=True)  # CATCHER SHIP STUCK ON ICEBERG
    table.ship(state, 29)
    table.roll(state, 0, 3)
    assert state.observation(None)["ship"] == 32
    assert state.status[BLUE] != EXTINCT


def test_slide_down_even_if_the_ship_is_in_the_way(table: Table) -> None:
    """ "the Whale simply slides down into the main track (even if the Catcher Ship is in
    the way)." — landing above THAR SHE BLOWS! where the Ship stands."""
    state = table.new()
    table.put(state, "gray", 3, path=True)
    table.ship(state, 5)
    table.roll(state, 1, 1)
    whale = table.whale(state, "gray")
    assert (whale["status"], whale["space"]) == ("track", 5)


@pytest.mark.parametrize(("players", "allowed"), [(1, False), (2, True), (4, True), (6, True)])
def test_two_to_four_players_and_a_few_more(table: Table, players: int, allowed: bool) -> None:
    """ "Two, three or four people ... Actually, even more people can play, but things get a
    little crowded." — 2 to 6 seats here; one seat is refused with a clear error."""
    if allowed:
        assert table.game.new_state(players).num_players == players
        return
    with pytest.raises(ValueError, match="player"):
        table.game.new_state(players)
