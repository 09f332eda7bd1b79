"""One test per rulebook clause of Save the Whales.

Each docstring quotes the sentence it checks. Positions are set up with the helpers
in ``stw_support.py`` (the board is drawn there); amounts are read from the data file,
so the tests hold whatever the reconstructed numbers are tuned to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from stw_support import pay_all, penalty

from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales.rules import (
    BARNACLE,
    CHOOSE,
    DRAW,
    EXTINCT,
    LEAVE_PATH,
    OVER,
    OWN_SPACE,
    PAY,
    SAVED,
    TRADE,
    TURN,
    WHALE_INDEX,
)

if TYPE_CHECKING:
    from stw_support import Table

    from whaletable.games.save_the_whales.rules import SaveTheWhalesState

GRAY, BLUE, FIN = WHALE_INDEX["gray"], WHALE_INDEX["blue"], WHALE_INDEX["fin"]


# ------------------------------------------------------------------- setting up


def test_each_player_takes_three_sps(table: Table) -> None:
    """ "Each player takes 3 SPs to start the game.\""""
    state = table.new(("gray", "blue", "fin"))
    assert [p["sp"] for p in state.observation(None)["players"]] == [3, 3, 3]


def test_each_player_selects_a_whale_placed_on_pow(table: Table) -> None:
    """ "Each player selects one Whale and places it on POW to start the game.\""""
    state = table.game.new_state(2)
    assert state.phase == CHOOSE and state.to_move == 0
    state.apply(act.ChooseWhale("orca"))
    assert state.to_move == 1
    assert act.ChooseWhale("orca") not in state.legal_actions()
    state.apply(act.ChooseWhale("fin"))
    obs = state.observation(None)
    assert [p["whale"] for p in obs["players"]] == ["orca", "fin"]
    assert table.whale(state, "orca")["space"] == 0
    assert table.whale(state, "humpback")["status"] == "box"


def test_exchange_piece_is_worth_five_sps(table: Table) -> None:
    """ "One Exchange Piece is worth 5 SPs; they may be exchanged anytime during the game.\""""
    state = table.new()
    state.sp[0] = 12
    player = state.observation(0)["players"][0]
    assert (player["exchange_pieces"], player["loose_sp"]) == (2, 2)


# ------------------------------------------------------------------------ dice


def test_whale_moves_clockwise_by_dice_total(table: Table) -> None:
    """ "Play moves clockwise around the board according to the total thrown on the Dice.\""""
    state = table.new()
    table.roll(state, 2, 3)
    assert state.pos[GRAY] == 5
    assert state.turn_seat == 1 and state.phase == TURN


def test_doubles_give_another_turn(table: Table) -> None:
    """ "A player rolling doubles gets another turn\"."""
    state = table.new()
    table.roll(state, 2, 2)
    assert state.pos[GRAY] == 4
    assert state.turn_seat == 0 and state.to_move == 0


def test_double_catcher_ships_give_no_other_turn(table: Table) -> None:
    """ "—except when double Catcher Ships are rolled.\""""
    state = table.new()
    table.roll(state, 0, 0)
    assert state.pos[GRAY] == 0
    assert state.turn_seat == 1


def test_one_catcher_ship_moves_the_ship_when_a_whale_is_on_the_path(table: Table) -> None:
    """ "If any player rolls a Catcher Ship on one Die, he/she moves the Catcher Ship
    clockwise along the ENDANGERED SPECIES path according to the number shown on the other
    Die (and the Whale remains stationary).\""""
    state = table.new()
    table.put(state, "blue", 3, path=True)
    table.roll(state, 0, 3)
    assert state.pos[GRAY] == 0
    assert state.observation(None)["ship"] == 23  # port entry above 21, then 22, 23


def test_one_catcher_ship_moves_the_whale_when_the_path_is_empty(table: Table) -> None:
    """ "However, if no Whale is on the ENDANGERED SPECIES path, the Catcher Ship remains
    where it is and the player's Whale is moved on the main track instead\"."""
    state = table.new()
    table.roll(state, 0, 3)
    assert state.pos[GRAY] == 3
    assert state.observation(None)["ship"] is None


@pytest.mark.parametrize("ship_face", ["six", "one"])
def test_each_die_has_a_catcher_ship_face(table: Table, ship_face: str) -> None:
    """ "a pair of special Dice (each marked with a Catcher Ship)" — option ship_face says
    which number the Ship replaces."""
    state = table.new(ship_face=ship_face)
    state.apply(act.Roll())
    outcomes = state.chance_outcomes()
    faces = {a.first for a, _ in outcomes} | {a.second for a, _ in outcomes}  # type: ignore[attr-defined]
    assert faces == ({0, 1, 2, 3, 4, 5} if ship_face == "six" else {0, 2, 3, 4, 5, 6})
    assert dict(outcomes)[act.ThrowDice(0, 0)] == pytest.approx(1 / 36)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


# ---------------------------------------------------------- double Catcher Ships


def three_on_the_path(table: Table, **options: str) -> SaveTheWhalesState:
    """Gray (seat 0) on the track; blue above 3 and fin above 26 on the path.

    From the port (whose first step is above 21) fin is 6 spaces ahead, blue 23.
    """
    state = table.new(("gray", "blue", "fin"), **options)
    table.put(state, "blue", 3, path=True)
    table.put(state, "fin", 26, path=True)
    return state


def test_double_ships_make_the_whale_closest_to_the_ship_extinct(table: Table) -> None:
    """ "If two or more players' Whales ... are in the ENDANGERED SPECIES path and a third
    player rolls double Catcher Ships, the Whale closest to the Catcher Ship moves to
    EXTINCT MARINE MAMMALS.\""""
    state = three_on_the_path(table)
    table.roll(state, 0, 0)
    assert state.status[FIN] == EXTINCT
    assert state.status[BLUE] != EXTINCT


def test_double_ships_are_ignored_while_a_whale_occupies_moratorium(table: Table) -> None:
    """ "double Catcher Ships can be ignored ... If any Whale occupies MORATORIUM.\""""
    state = three_on_the_path(table)
    table.put(state, "gray", 32)
    table.roll(state, 0, 0)
    assert EXTINCT not in state.status


def test_double_ships_spare_the_barnacle_holder(table: Table) -> None:
    """ "double Catcher Ships can be ignored ... If the player's Whale holds the Magic
    Barnacle." — read as the endangered whale (reading 41): fin, the closest, holds it while
    seat 0 rolls; fin is spared and the closest whale without it (reading 9) is lost. The
    holder itself rolling is in ``test_stw_readings.py``."""
    state = three_on_the_path(table)
    state.barnacle = FIN
    table.roll(state, 0, 0)
    assert state.status[FIN] != EXTINCT
    assert state.status[BLUE] == EXTINCT


def test_option_double_ships_closest_spares_everyone_behind_a_protected_whale(
    table: Table,
) -> None:
    """Option double_ships = "closest": only the closest whale can be lost."""
    state = three_on_the_path(table, double_ships="closest")
    state.barnacle = FIN
    table.roll(state, 0, 0)
    assert EXTINCT not in state.status


def test_double_ships_spare_a_whale_in_a_safe_zone(table: Table) -> None:
    """ "There are two Safe Zones on the ENDANGERED SPECIES path which are always safe when
    occupied: STORM AT SEA and CATCHER SHIP STUCK ON ICEBERG.\""""
    state = three_on_the_path(table)
    table.put(state, "fin", 32, path=True)  # CATCHER SHIP STUCK ON ICEBERG, 12 ahead
    table.put(state, "blue", 36, path=True)  # 16 ahead
    table.roll(state, 0, 0)
    assert state.status[FIN] != EXTINCT
    assert state.status[BLUE] == EXTINCT


# ------------------------------------------------------------------- the Ship


def test_ship_landing_on_a_whale_makes_it_extinct(table: Table) -> None:
    """ "If a Whale is on a space in the ENDANGERED SPECIES path and the Catcher Ship lands
    on it\" it becomes extinct."""
    state = table.new()
    table.put(state, "blue", 23, path=True)
    table.roll(state, 0, 3)
    assert state.status[BLUE] == EXTINCT
    assert state.observation(None)["extinct"] == ["blue"]


def test_whale_landing_on_the_ship_makes_it_extinct(table: Table) -> None:
    """ "—or vice-versa.\""""
    state = table.new()
    table.put(state, "gray", 3, path=True)
    table.ship(state, 7)
    table.roll(state, 1, 3)
    assert state.status[GRAY] == EXTINCT


def test_ship_always_stays_on_the_path_and_starts_in_port(table: Table) -> None:
    """ "Place the Ship in the space labeled CATCHER SHIP WHALING PORT, alongside the
    ENDANGERED SPECIES path. It always stays and moves on this path.\""""
    state = table.new()
    obs = state.observation(None)
    assert obs["ship"] is None and obs["port"] == 21
    table.put(state, "blue", 3, path=True)
    table.roll(state, 0, 5)
    assert state.observation(None)["ship"] == 25


# ------------------------------------------------------------ own whale space


def test_own_whale_space_collect_five_sps(table: Table) -> None:
    """ "If you land on your own "Whale space," you may collect 5 SPs or move anywhere.\""""
    state = table.new()
    table.roll(state, 0, 1)
    assert state.phase == OWN_SPACE
    state.apply(act.CollectSurvivalPoints())
    assert state.sp[0] == 3 + 5


def test_own_whale_space_move_anywhere(table: Table) -> None:
    """ "... or move anywhere.\""""
    state = table.new()
    table.roll(state, 0, 1)
    state.apply(act.MoveAnywhere(38))
    assert state.pos[GRAY] == 38
    assert state.observation(None)["protection_act"] is True


def test_own_whale_space_with_the_barnacle_saves_it_free(table: Table) -> None:
    """ "If a Whale is fortunate enough to land on its own space while holding the Magic
    Barnacle it is automatically saved and may immediately move into its NATURAL HABITAT
    free!\""""
    state = table.new()
    state.barnacle = GRAY
    table.roll(state, 0, 1)
    assert state.status[GRAY] == SAVED
    assert state.sp == [3, 3]


def test_other_whale_space_does_nothing(table: Table) -> None:
    """Only your *own* whale space pays or moves you (another's space is just a space)."""
    state = table.new()
    table.roll(state, 1, 3)  # HUMPBACK WHALE
    assert state.phase == TURN and state.turn_seat == 1
    assert state.sp == [3, 3]


# ---------------------------------------------------------------- saving whales


def act_occupied(table: Table) -> SaveTheWhalesState:
    state = table.new()
    table.put(state, "blue", 38)
    state.sp = [10, 10]
    return state


def test_saving_needs_a_whale_on_the_protection_act(table: Table) -> None:
    """ "To save any Whale, any one of the Whales must first occupy MARINE MAMMAL
    PROTECTION ACT.\""""
    state = table.new()
    state.sp = [10, 10]
    reason = table.refuses(state, act.SaveWhale("gray"))
    assert "MARINE MAMMAL PROTECTION ACT" in reason


def test_saving_pays_the_system_the_exact_value(table: Table) -> None:
    """ "all players may combine their SPs to save any one or more "active" Whales by
    paying THE SYSTEM the exact number of SPs specified.\""""
    state = act_occupied(table)
    value = state.components.values[GRAY]
    state.apply(act.SaveWhale("gray"))
    assert state.phase == PAY
    assert act.Refuse() not in state.legal_actions()
    state.apply(act.Pay(value - 1))
    assert state.status[GRAY] != SAVED  # one short: the next seat is asked for the rest
    state.apply(act.Pay(1))
    assert state.status[GRAY] == SAVED
    assert sum(state.sp) == 20 - value
    # The seat whose whale was saved selects a new one at once.
    assert state.phase == CHOOSE and state.to_move == 0


def test_saving_more_than_one_whale(table: Table) -> None:
    """ "... to save any one or more "active" Whales\"."""
    state = act_occupied(table)
    state.sp = [20, 20]
    state.apply(act.SaveWhale("gray"))
    pay_all(state)
    state.apply(act.ChooseWhale("orca"))
    assert act.SaveWhale("blue") in state.legal_actions()
    state.apply(act.SaveWhale("orca"))
    pay_all(state)
    assert state.observation(None)["saved"] == ["gray", "orca"]


def test_saving_needs_enough_pooled_sps(table: Table) -> None:
    """The team pays the value exactly: with fewer SPs together, no save."""
    state = act_occupied(table)
    state.sp = [1, 1]
    assert "takes" in table.refuses(state, act.SaveWhale("gray"))


def test_whale_in_danger_may_be_saved_instead_of_paying(table: Table) -> None:
    """ "If a Whale lands on a space such as RADIOACTIVE WASTE or IWC (while another Whale
    occupies MARINE MAMMAL PROTECTION ACT), the Whale in danger may be immediately saved
    ... thereby avoiding the penalty of that space.\""""
    state = act_occupied(table)
    table.put(state, "gray", 20)
    table.roll(state, 1, 2)
    assert state.phase == PAY
    assert state.observation(None)["payment"]["may_save_instead"] is True
    state.apply(act.SaveWhale("gray"))
    pay_all(state)
    assert state.status[GRAY] == SAVED
    assert sum(state.sp) == 20 - state.components.values[GRAY]


def test_protection_act_occupant_itself_may_be_saved(table: Table) -> None:
    """Any active whale may be saved, the one on the Act included."""
    state = act_occupied(table)
    state.apply(act.SaveWhale("blue"))
    pay_all(state)
    assert state.status[BLUE] == SAVED


# ----------------------------------------------------------------------- paying


def test_unwilling_to_pay_moves_the_whale_onto_the_path(table: Table) -> None:
    """ "A player who is unable or unwilling to pay a penalty must move his/her Whale onto
    this path.\""""
    state = table.new()
    table.roll(state, 1, 2)  # KRILL IS BEING HARVESTED
    assert state.phase == PAY
    state.apply(act.Refuse())
    whale = table.whale(state, "gray")
    assert (whale["status"], whale["space"]) == ("path", 3)


def test_unable_to_pay_moves_the_whale_onto_the_path(table: Table) -> None:
    """ "If a player is unable ... to pay THE SYSTEM the total number of SPs required\"."""
    state = table.new()
    state.sp = [0, 0]
    table.roll(state, 1, 2)
    assert table.whale(state, "gray")["status"] == "path"


def test_players_pool_their_sps_to_pay_a_penalty(table: Table) -> None:
    """ "Players pool their SPs and help each other when a penalty must be paid.\""""
    state = table.new()
    state.sp = [0, 5]
    table.roll(state, 1, 2)
    pays = [a for a in state.legal_actions() if isinstance(a, act.Pay)]
    assert pays == [act.Pay(0)]  # seat 0 has none of its own: it leaves it to seat 1
    pay_all(state)
    assert state.sp == [0, 5 - penalty(state, 3)]
    assert table.whale(state, "gray")["status"] == "track"


def test_unpaid_penalty_on_the_path_makes_the_whale_extinct(table: Table) -> None:
    """ "If a player whose Whale is on the ENDANGERED SPECIES path cannot pay a
    penalty—even with the help from the other players" it becomes extinct."""
    state = table.new()
    state.sp = [20, 0]
    table.put(state, "gray", 10)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)  # IWC: every whale pays
    pay_all(state)  # gray's share
    assert state.observation(None)["payment"]["whale"] == "blue"
    state.apply(act.Refuse())
    assert state.status[BLUE] == EXTINCT


def test_unpaid_penalty_in_a_safe_zone_is_survived(table: Table) -> None:
    """Safe Zones are "always safe when occupied\"."""
    state = table.new()
    state.sp = [20, 0]
    table.put(state, "gray", 10)
    table.put(state, "blue", 12, path=True)  # STORM AT SEA
    table.roll(state, 1, 1)
    pay_all(state)
    state.apply(act.Refuse())
    assert table.whale(state, "blue")["status"] == "path"


def test_iwc_and_floating_factory_every_whale_pays(table: Table) -> None:
    """ "If another Whale (not the holder) lands on FLOATING FACTORY or IWC ... the Whale
    holding the Magic Barnacle must pay the penalty just as other players are required to
    do.\""""
    state = table.new()
    state.sp = [20, 20]
    state.barnacle = BLUE
    table.put(state, "gray", 34)
    table.roll(state, 1, 1)  # FLOATING FACTORY
    assert state.observation(None)["payment"]["whale"] == "gray"
    assert state.observation(None)["payments_waiting"] == 1
    pay_all(state)
    assert state.observation(None)["payment"]["whale"] == "blue"


# -------------------------------------------------------------- bad spaces


def test_spotted_by_a_catcher_ship_goes_to_the_path_space_above(table: Table) -> None:
    """ "A Whale must move into the ENDANGERED SPECIES path if ... a Whale lands on SPOTTED
    BY A CATCHER SHIP\"; it moves to the path space above where it stands."""
    state = table.new()
    table.put(state, "gray", 14)
    table.roll(state, 1, 2)
    whale = table.whale(state, "gray")
    assert (whale["status"], whale["space"]) == ("path", 17)


def test_pirate_whalers_only_when_the_ship_is_out_of_port(table: Table) -> None:
    """ "PIRATE WHALERS (only if the Ship is out of the WHALING PORT).\""""
    state = table.new()
    table.put(state, "gray", 25)
    table.roll(state, 1, 2)
    assert table.whale(state, "gray")["status"] == "track"
    state = table.new()
    table.put(state, "gray", 25)
    table.ship(state, 35)
    table.roll(state, 1, 2)
    assert table.whale(state, "gray")["status"] == "path"


def test_krill_oil_and_radioactive_waste_cost_sps(table: Table) -> None:
    """ "The most dangerous places to land on the main track include: KRILL IS BEING
    HARVESTED, OIL SPILL, RADIOACTIVE WASTE and IWC.\""""
    for start, space in ((0, 3), (5, 8), (20, 23)):
        state = table.new()
        state.sp = [10, 10]
        table.put(state, "gray", start)
        table.roll(state, 1, 2)
        assert state.observation(None)["payment"]["amount"] == penalty(state, space) > 0


# ------------------------------------------------------------- leaving the path


@pytest.mark.parametrize(("start", "lands"), [(0, 2), (3, 5), (39, 1)])
def test_whale_slides_down_above_dawn_thar_or_its_own_space(
    table: Table, start: int, lands: int
) -> None:
    """ "If the Whale lands on the space directly above DAWN O'DAY, THAR SHE BLOWS!, or that
    Whale's own space ... the Whale simply slides down into the main track (even if the
    Catcher Ship is in the way).\""""
    state = table.new()
    table.put(state, "gray", start, path=True)
    table.put(state, "blue", 30, path=True)
    table.ship(state, lands)
    state.apply(act.Roll())
    state.apply(act.ThrowDice(1, 1))
    whale = table.whale(state, "gray")
    assert (whale["status"], whale["space"]) == ("track", lands)


def test_slide_down_only_above_dawn_unless_option_any_card(table: Table) -> None:
    """The rulebook names DAWN O'DAY only; option slide_down_on = "any_card" adds OLD
    FATHER NEPTUNE."""
    state = table.new()
    table.put(state, "gray", 4, path=True)
    table.roll(state, 1, 1)
    assert table.whale(state, "gray")["status"] == "path"
    state = table.new(slide_down_on="any_card")
    table.put(state, "gray", 4, path=True)
    table.roll(state, 1, 1)
    assert table.whale(state, "gray")["status"] == "track"


def test_calving_sanctuary_trades_places_with_a_whale_on_the_path(table: Table) -> None:
    """ "If another player's Whale lands on CALVING SANCTUARY, the Whales may trade places.\""""
    state = table.new()
    table.put(state, "gray", 18)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)
    assert state.phase == TRADE and state.observation(None)["offer"] == ["blue"]
    state.apply(act.TradePlaces("blue"))
    assert (table.whale(state, "gray")["status"], table.whale(state, "gray")["space"]) == (
        "path",
        3,
    )
    assert (table.whale(state, "blue")["status"], table.whale(state, "blue")["space"]) == (
        "track",
        20,
    )


def test_calving_sanctuary_trade_is_optional(table: Table) -> None:
    """ "... the Whales *may* trade places.\""""
    state = table.new()
    table.put(state, "gray", 18)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)
    state.apply(act.Done())
    assert table.whale(state, "blue")["status"] == "path"


@pytest.mark.parametrize("corner", [10, 30])
def test_arctic_circle_and_antarctica_whales_come_out_and_join(table: Table, corner: int) -> None:
    """ "If another player's Whale lands on ARCTIC CIRCLE or ANTARCTICA, the Whale(s) may
    come out and join the Whale which landed there.\""""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "gray", corner - 2)
    table.put(state, "blue", 3, path=True)
    table.put(state, "fin", 26, path=True)
    table.roll(state, 1, 1)
    assert state.phase == LEAVE_PATH
    state.apply(act.LeavePath("fin"))
    state.apply(act.LeavePath("blue"))
    assert table.whale(state, "blue")["space"] == table.whale(state, "fin")["space"] == corner
    assert state.phase == TURN


def test_mermaid_takes_the_whale_to_the_magic_barnacle_space(table: Table) -> None:
    """ "If the Whale lands on the space with the Mermaid on it (which allows it to move to
    THE MAGIC BARNACLE space).\""""
    state = table.new()
    table.put(state, "gray", 16, path=True)
    table.roll(state, 1, 1)
    whale = table.whale(state, "gray")
    assert (whale["status"], whale["space"], whale["barnacle"]) == ("track", 27, True)


def test_leave_path_card_lets_whales_out(table: Table) -> None:
    """ "If a Game Card is drawn which permits the Whale to move out.\""""
    state = table.new()
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)  # DAWN O'DAY
    assert state.phase == DRAW
    card = next(i for i, c in enumerate(state.components.cards["dawn"]) if c.effect == "leave_path")
    state.apply(act.DrawCard("dawn", card))
    assert state.phase == LEAVE_PATH
    state.apply(act.LeavePath("blue"))
    assert (table.whale(state, "blue")["status"], table.whale(state, "blue")["space"]) == (
        "track",
        3,
    )


# ---------------------------------------------------------------- the barnacle


def test_magic_barnacle_taken_by_landing_on_its_space_if_there(table: Table) -> None:
    """ "A Whale gets it by landing on THE MAGIC BARNACLE space . . . if the Magic Barnacle
    is there.\""""
    state = table.new()
    table.put(state, "gray", 25)
    table.roll(state, 0, 2)
    assert state.barnacle == GRAY
    state = table.new()
    state.barnacle = BLUE
    table.put(state, "gray", 25)
    table.roll(state, 0, 2)
    assert state.barnacle == BLUE


@pytest.mark.parametrize("start", [5, 16])
def test_holder_may_pass_the_barnacle_on_mind_in_the_waters_or_migration(
    table: Table, start: int
) -> None:
    """ "Anytime the holder lands on MIND IN THE WATERS, WHALE MIGRATION ... the Magic
    Barnacle can be passed to any other Whale.\""""
    state = table.new()
    state.barnacle = GRAY
    table.put(state, "gray", start)
    table.roll(state, 0, 2)
    assert state.phase == BARNACLE
    state.apply(act.PassBarnacle("blue"))
    assert state.barnacle == BLUE


def test_any_whale_may_receive_the_barnacle_on_those_spaces(table: Table) -> None:
    """ "The reverse is also allowed: any Whale can receive the Magic Barnacle from the
    holder just by landing on any one of the spaces listed above.\""""
    state = table.new()
    state.barnacle = BLUE
    table.put(state, "gray", 5)
    table.roll(state, 0, 2)
    assert state.observation(None)["offer"] == ["gray"]
    state.apply(act.PassBarnacle("gray"))
    assert state.barnacle == GRAY


def test_golden_barnacle_path_space_passes_the_barnacle(table: Table) -> None:
    """ "... or on either of the two spaces on the ENDANGERED SPECIES path (shown with a
    glowing, golden barnacle)\"."""
    state = table.new()
    state.barnacle = GRAY
    table.put(state, "gray", 6, path=True)
    table.roll(state, 1, 1)
    assert state.phase == BARNACLE
    state.apply(act.PassBarnacle("blue"))
    assert state.barnacle == BLUE


def test_holder_ignores_bad_spaces(table: Table) -> None:
    """ "The holder can ignore the directions on ... almost all "bad" spaces.\""""
    state = table.new()
    state.barnacle = GRAY
    table.put(state, "gray", 1)
    table.roll(state, 0, 2)  # KRILL
    assert state.phase == TURN and state.sp == [3, 3]
    table.put(state, "blue", 15)
    table.roll(state, 0, 2)  # blue: SPOTTED, not protected
    assert table.whale(state, "blue")["status"] == "path"
    state.barnacle = GRAY
    table.put(state, "gray", 15)
    table.roll(state, 0, 2)  # gray: SPOTTED, protected
    assert table.whale(state, "gray")["status"] == "track"


def test_the_observation_names_the_whales_still_owing_in_the_order_asked(table: Table) -> None:
    """Everyone pays on FLOATING FACTORY: the lander first, then the others in whale order,
    each named in ``owing`` until its turn comes."""
    state = table.new(("gray", "blue", "fin"))
    state.sp = [20, 20, 20]
    table.put(state, "gray", 34)
    table.roll(state, 1, 1)  # FLOATING FACTORY
    obs = state.observation(None)
    assert obs["payment"]["whale"] == "gray"
    assert obs["owing"] == ["blue", "fin"] and obs["payments_waiting"] == 2
    pay_all(state)
    assert state.observation(None)["owing"] == ["fin"]
    pay_all(state)
    assert state.observation(None)["owing"] == []


def test_holder_ignores_its_own_iwc_penalty(table: Table) -> None:
    """The holder is unprotected at IWC only "If another Whale (not the holder) lands\"."""
    state = table.new()
    state.sp = [20, 20]
    state.barnacle = GRAY
    table.put(state, "gray", 10)
    table.roll(state, 0, 2)
    assert state.observation(None)["payment"]["whale"] == "blue"
    assert state.observation(None)["payments_waiting"] == 0


@pytest.mark.parametrize("start", [5, 20])
def test_barnacle_lost_on_oil_spill_or_radioactive_waste(table: Table, start: int) -> None:
    """ "If the holder lands on OIL SPILL or RADIOACTIVE WASTE. (The penalty must also be
    paid.)\""""
    state = table.new()
    state.barnacle = GRAY
    table.put(state, "gray", start)
    table.roll(state, 1, 2)
    assert state.observation(None)["barnacle"] is None
    assert state.phase == PAY


def test_barnacle_returns_when_its_holder_is_saved(table: Table) -> None:
    """ "If a Whale holding the Magic Barnacle is saved ... (This is the best way to lose
    it!)\""""
    state = act_occupied(table)
    state.barnacle = GRAY
    state.apply(act.SaveWhale("gray"))
    pay_all(state)
    assert state.observation(None)["barnacle"] is None


def test_holder_on_the_path_that_cannot_pay_becomes_extinct(table: Table) -> None:
    """ "If the holder is on the ENDANGERED SPECIES path and cannot pay a penalty, it moves
    into EXTINCT MARINE MAMMALS. (This rarely occurs.)\""""
    state = table.new()
    state.sp = [20, 0]
    state.barnacle = BLUE
    table.put(state, "gray", 10)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)
    pay_all(state)
    state.apply(act.Refuse())
    assert state.status[BLUE] == EXTINCT
    assert state.observation(None)["barnacle"] is None


def test_holder_survives_the_ship(table: Table) -> None:
    """ "if the Whale holds the Magic Barnacle ... becoming "extinct" can usually be
    avoided.\""""
    state = table.new()
    state.barnacle = BLUE
    table.put(state, "blue", 23, path=True)
    table.roll(state, 0, 3)
    assert state.status[BLUE] != EXTINCT


def test_moratorium_protects_from_the_ship(table: Table) -> None:
    """ "Remember: Anytime any Whale occupies MORATORIUM, no Whale can become extinct.\""""
    state = table.new()
    table.put(state, "gray", 32)
    table.put(state, "blue", 23, path=True)
    table.roll(state, 0, 3)
    assert state.status[BLUE] != EXTINCT


# -------------------------------------------------------------------------- cards


def test_card_spaces_draw_from_their_deck(table: Table) -> None:
    """ "Players draw Game Cards upon landing on the OLD FATHER NEPTUNE and DAWN O'DAY
    spaces.\""""
    state = table.new()
    table.roll(state, 2, 4)  # OLD FATHER NEPTUNE
    assert state.phase == DRAW
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21
    assert {a.deck for a, _ in outcomes} == {"neptune"}  # type: ignore[attr-defined]
    collect = next(
        i for i, c in enumerate(state.components.cards["neptune"]) if c.effect == "collect"
    )
    state.apply(act.DrawCard("neptune", collect))
    assert state.sp[0] == 3 + state.components.cards["neptune"][collect].sp
    assert state.observation(None)["decks"]["neptune"] == {"left": 20, "discarded": 1}


def test_barnacle_holder_ignores_bad_cards(table: Table) -> None:
    """ "The holder can ignore the directions on all "bad" Game Cards\"."""
    state = table.new()
    state.barnacle = GRAY
    table.roll(state, 0, 2)
    bad = next(i for i, c in enumerate(state.components.cards["dawn"]) if c.effect == "to_path")
    state.apply(act.DrawCard("dawn", bad))
    assert table.whale(state, "gray")["status"] == "track"


def test_empty_deck_is_made_again_from_its_discards(table: Table) -> None:
    """Reading: a deck drawn to the end is shuffled again from its discards."""
    state = table.new()
    state.left = ((0,), state.left[1])
    state.discard = (tuple(range(1, 21)), ())
    table.roll(state, 0, 2)
    state.apply(act.DrawCard("dawn", 0))
    assert state.observation(None)["decks"]["dawn"] == {"left": 21, "discarded": 0}


def test_gentle_wording_option(table: Table) -> None:
    """Option wording = "gentle" softens the harsh card texts for young players."""
    harsh = next(
        i
        for i, c in enumerate(table.game.components.cards["dawn"])
        if "Harpoon" in c.text["standard"]["en"]
    )
    for wording in ("standard", "gentle"):
        state = table.new(wording=wording)
        table.roll(state, 0, 2)
        state.apply(act.DrawCard("dawn", harsh))
        text = state.observation(None)["card"]["text"]
        assert ("Harpoon" in text["en"]) == (wording == "standard")
        assert text["vi"] and text["fa"]


# ------------------------------------------------------ new whales and the end


def test_new_whale_after_a_whale_is_saved_or_extinct(table: Table) -> None:
    """ "When a player's Whale is saved or becomes "extinct," that player selects another
    "new" Whale to play ... Each new Whale starts at POW.\""""
    state = table.new()
    table.put(state, "blue", 23, path=True)
    table.roll(state, 0, 3)
    assert state.phase == CHOOSE and state.to_move == 1
    assert act.ChooseWhale("blue") not in state.legal_actions()
    state.apply(act.ChooseWhale("sperm"))
    assert table.whale(state, "sperm")["space"] == 0
    assert state.turn_seat == 1 and state.phase == TURN


def all_but_two_saved(table: Table) -> SaveTheWhalesState:
    state = table.new()
    for w in range(8):
        if w not in (GRAY, BLUE):
            state.status[w] = SAVED
            state.saved_order += (w,)
    return state


def test_without_a_whale_name_another_players_whale_before_rolling(table: Table) -> None:
    """ "After all eight Whales have been brought into play and a player no longer has a
    Whale to move, he/she may continue playing by moving any other player's Whale.
    However, the player must announce which Whale he/she intends to move before rolling
    the Dice each time.\""""
    state = all_but_two_saved(table)
    state.barnacle = GRAY
    table.roll(state, 0, 1)  # gray saved free; no whale left in the box
    assert state.whale_of[0] == -1 and state.turn_seat == 1
    table.roll(state, 1, 2)  # blue to KRILL
    pay_all(state)
    assert state.turn_seat == 0
    assert state.legal_actions() == [act.NameWhale("blue")]
    state.apply(act.NameWhale("blue"))
    state.apply(act.ThrowDice(1, 2))
    assert table.whale(state, "blue")["space"] == 6


def test_game_ends_when_every_whale_is_saved_or_extinct(table: Table) -> None:
    """All eight saved is the win ("The only way you can really "win" this game is to save
    all eight Whales"); the team's score is the whales saved."""
    state = all_but_two_saved(table)
    state.barnacle = GRAY
    table.roll(state, 0, 1)
    state.barnacle = BLUE
    table.put(state, "blue", 19)
    table.roll(state, 0, 2)
    assert state.phase == OVER and state.is_terminal()
    assert state.scores() == [8.0, 8.0]
    assert state.returns() == [1.0, 1.0]
    result = state.result()
    assert result is not None and result.team is not None
    assert result.team.won and result.winners == (0, 1)
    assert dict(result.team.tally) == {"whales_saved": 8, "whales_lost": 0}
    assert state.observation(None)["result"] == result.to_json()


def test_team_shares_the_score(table: Table) -> None:
    """ "all players work together\": every seat has the same score and return."""
    state = all_but_two_saved(table)
    state.status[GRAY] = EXTINCT
    state.whale_of[0] = -1
    state.owner[GRAY] = -1
    state.barnacle = BLUE
    table.put(state, "blue", 19)
    state.apply(act.NameWhale("blue"))
    state.apply(act.ThrowDice(0, 2))
    assert state.is_terminal()
    assert state.scores() == [7.0, 7.0]
    assert state.returns() == [7 / 8 - 1, 7 / 8 - 1]  # a loss, however close


def test_path_instructions_apply_only_to_whales(table: Table) -> None:
    """ "All instructions in the ENDANGERED SPECIES path apply only to Whales—not to the
    Catcher Ship." — the Ship stopping on the Mermaid stays there."""
    state = table.new()
    table.put(state, "blue", 3, path=True)
    table.ship(state, 14)
    table.roll(state, 0, 4)
    assert state.observation(None)["ship"] == 18  # the Mermaid's space
    assert state.barnacle == -1


def test_holder_rolling_the_ship_onto_another_whale_does_not_protect_it(table: Table) -> None:
    """ "the "magic" only pertains to the holder's Whale ... if the holder causes the Catcher
    Ship to land on some other player's Whale, the other player's Whale is not protected.\""""
    state = table.new()
    state.barnacle = GRAY
    table.put(state, "blue", 23, path=True)
    table.roll(state, 0, 3)
    assert state.status[BLUE] == EXTINCT


def test_only_active_whales_can_be_saved(table: Table) -> None:
    """ "Active Whales include all Whales on the board (in play)—except those in their
    NATURAL HABITAT or in EXTINCT MARINE MAMMALS." — whales in the box cannot be saved."""
    state = act_occupied(table)
    legal = state.legal_actions()
    assert act.SaveWhale("gray") in legal and act.SaveWhale("blue") in legal
    assert act.SaveWhale("orca") not in legal
    assert "active" in table.refuses(state, act.SaveWhale("orca"))
