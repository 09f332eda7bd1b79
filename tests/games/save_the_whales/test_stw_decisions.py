"""Save the Whales' turn as a decision stack (whaletable.core.decisions): the turn at the
bottom (its seat's ``TURN``, then the dice, then ``ROLLED``), each waiting step pushed over
it and popped by the action that completes it, the seats whose whales left play choosing
in order above the turn, and the end on top of whatever was pending."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stw_support import events_of, pay_all

from whaletable.core.decisions import chooser_of, kind_of
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales import rules as rules

if TYPE_CHECKING:
    from stw_support import Table

    from whaletable.games.save_the_whales.rules import SaveTheWhalesState

GRAY = rules.WHALE_INDEX["gray"]


def kinds(state: SaveTheWhalesState) -> list[int]:
    """The stack's kinds, bottom first."""
    return [kind_of(d) for d in state.decisions]


def choosers(state: SaveTheWhalesState) -> list[int]:
    """Who makes each pending decision, bottom first."""
    return [chooser_of(d) for d in state.decisions]


def collect_card(state: SaveTheWhalesState, deck: str) -> act.DrawCard:
    """A card of ``deck`` that only pays SPs, so it queues nothing after it."""
    number = next(i for i, c in enumerate(state.components.cards[deck]) if c.effect == "collect")
    return act.DrawCard(deck, number)


def test_the_seats_choose_their_whales_above_the_first_turn(table: Table) -> None:
    """ "Each player selects one Whale ... to start the game": one CHOOSE each, seat 0's
    on top, over seat 0's first turn."""
    state = table.game.new_state(3)
    assert kinds(state) == [rules.TURN, rules.CHOOSE, rules.CHOOSE, rules.CHOOSE]
    assert choosers(state) == [0, 2, 1, 0]
    state.apply(act.ChooseWhale("gray"))
    assert kinds(state) == [rules.TURN, rules.CHOOSE, rules.CHOOSE] and state.current_player() == 1
    state.apply(act.ChooseWhale("blue"))
    state.apply(act.ChooseWhale("fin"))
    assert kinds(state) == [rules.TURN] and choosers(state) == [0]
    assert state.observation(0)["phase"] == "turn"


def test_rolling_puts_the_dice_in_place_of_the_turn(table: Table) -> None:
    """Playing the Game: the roll is chance's decision, taking the turn's place."""
    state = table.new()
    state.apply(act.Roll())
    assert kinds(state) == [rules.ROLL] and state.current_player() == CHANCE
    assert state.observation(0)["phase"] == "roll"


def test_a_throw_with_nothing_to_do_passes_the_turn_clockwise(table: Table) -> None:
    """ "Play moves clockwise around the board": the next seat's turn is all that is left."""
    state = table.new()
    table.roll(state, 2, 3)
    assert kinds(state) == [rules.TURN] and choosers(state) == [1]


def test_doubles_leave_the_turn_with_the_same_seat(table: Table) -> None:
    """ "A player rolling doubles gets another turn": ROLLED_DOUBLES under what the throw
    queued, then the same seat's turn."""
    state = table.new()
    table.put(state, "gray", 4)
    table.roll(state, 1, 1)  # 6: OLD FATHER NEPTUNE
    assert kinds(state) == [rules.ROLLED_DOUBLES, rules.DRAW] and choosers(state) == [0, CHANCE]
    state.apply(collect_card(state, "neptune"))
    assert kinds(state) == [rules.TURN] and choosers(state) == [0]
    assert len(events_of(state, ev.ExtraTurn)) == 1


def test_a_card_is_drawn_by_chance_over_the_rolled_turn(table: Table) -> None:
    """ "Players draw Game Cards upon landing on the OLD FATHER NEPTUNE and DAWN O'DAY
    spaces": a chance decision in the middle of the turn, popped by the draw."""
    state = table.new()
    table.roll(state, 2, 4)  # 6: OLD FATHER NEPTUNE
    assert kinds(state) == [rules.ROLLED, rules.DRAW] and state.current_player() == CHANCE
    assert state.observation(0)["phase"] == "draw"
    state.apply(collect_card(state, "neptune"))
    assert kinds(state) == [rules.TURN] and choosers(state) == [1]


def test_a_penalty_waits_over_the_roll_and_refusing_pops_it(table: Table) -> None:
    """KRILL: a payment is the turn's seat's decision until it is paid or refused."""
    state = table.new()
    table.roll(state, 1, 2)  # 3: KRILL
    assert kinds(state) == [rules.ROLLED, rules.PAY] and choosers(state) == [0, 0]
    state.apply(act.Refuse())
    assert kinds(state) == [rules.TURN] and choosers(state) == [1]


def test_a_save_is_pushed_over_the_turn_and_the_saved_whales_seat_chooses_next(
    table: Table,
) -> None:
    """Saving in the turn pays over the turn; "that player selects another new Whale",
    and the turn, not rolled yet, is still the same seat's."""
    state = table.new()
    table.put(state, "blue", 38)
    state.sp = [10, 10]
    state.apply(act.SaveWhale("gray"))
    assert kinds(state) == [rules.TURN, rules.PAY] and choosers(state) == [0, 0]
    state.apply(act.Pay(1))
    assert kinds(state) == [rules.TURN, rules.PAY]  # a share adds to the payment in progress
    pay_all(state)
    assert kinds(state) == [rules.TURN, rules.CHOOSE] and choosers(state) == [0, 0]
    state.apply(act.ChooseWhale("fin"))
    assert kinds(state) == [rules.TURN] and choosers(state) == [0]


def test_seats_whose_whales_are_lost_in_one_turn_choose_in_that_order(table: Table) -> None:
    """ "When a player's Whale ... becomes extinct, that player selects another new Whale":
    each lost whale's seat waits above the turn, under those lost before it."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "gray", 7)
    table.put(state, "blue", 3, path=True)
    table.put(state, "fin", 26, path=True)
    state.sp = [10, 10, 10]
    table.roll(state, 2, 3)  # 12: IWC, every whale pays
    state.apply(act.Refuse())  # gray goes onto the path
    assert kinds(state) == [rules.ROLLED, rules.PAY] and choosers(state) == [0, 1]
    state.apply(act.Refuse())  # blue's player lets it go: on the path, it is lost
    assert kinds(state) == [rules.ROLLED, rules.CHOOSE, rules.PAY] and choosers(state) == [0, 1, 2]
    state.apply(act.Refuse())  # fin's player too
    assert kinds(state) == [rules.ROLLED, rules.CHOOSE, rules.CHOOSE]
    assert choosers(state) == [0, 2, 1]
    state.apply(act.ChooseWhale("orca"))
    assert kinds(state) == [rules.ROLLED, rules.CHOOSE] and state.current_player() == 2
    state.apply(act.ChooseWhale("right"))
    assert kinds(state) == [rules.TURN] and choosers(state) == [1]


def test_own_whale_space_is_a_decision_over_the_roll(table: Table) -> None:
    """ "you may collect 5 SPs or move anywhere": one decision, popped by either."""
    state = table.new()
    table.roll(state, 0, 1)  # 1: GRAY WHALE
    assert kinds(state) == [rules.ROLLED, rules.OWN_SPACE] and choosers(state) == [0, 0]
    state.apply(act.CollectSurvivalPoints())
    assert kinds(state) == [rules.TURN] and choosers(state) == [1]


def test_leaving_the_path_stays_pending_while_whales_are_offered(table: Table) -> None:
    """ "the Whale(s) may come out": one whale at a time until none is left on the path."""
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "gray", 8)
    table.put(state, "blue", 3, path=True)
    table.put(state, "fin", 26, path=True)
    table.roll(state, 1, 1)  # 10: ARCTIC CIRCLE
    assert kinds(state) == [rules.ROLLED_DOUBLES, rules.LEAVE_PATH]
    state.apply(act.LeavePath("fin"))
    assert kinds(state) == [rules.ROLLED_DOUBLES, rules.LEAVE_PATH]
    state.apply(act.LeavePath("blue"))
    assert kinds(state) == [rules.TURN] and choosers(state) == [0]


def test_done_pops_an_offer(table: Table) -> None:
    """ "the Whales *may* trade places": Done ends the offer, and with it the turn."""
    state = table.new()
    table.put(state, "gray", 17)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 2)  # 20: CALVING SANCTUARY
    assert kinds(state) == [rules.ROLLED, rules.TRADE] and choosers(state) == [0, 0]
    state.apply(act.Done())
    assert kinds(state) == [rules.TURN] and choosers(state) == [1]


def test_the_end_goes_on_top_of_what_was_pending(table: Table) -> None:
    """The game ends when every whale is saved or extinct: nobody decides again."""
    state = table.new()
    for w in range(len(state.status)):
        if state.status[w] == rules.BOX or w == rules.WHALE_INDEX["blue"]:
            state.status[w] = rules.EXTINCT
    table.put(state, "gray", 38)
    state.sp = [10, 10]
    state.apply(act.SaveWhale("gray"))
    pay_all(state)
    assert kinds(state) == [rules.TURN, rules.OVER] and state.current_player() == TERMINAL
    assert state.observation(None)["phase"] == "over"


def test_the_phases_a_player_sees_keep_their_names() -> None:
    """The observation's ``phase`` is the top decision's name: the same names as before
    the stack; the two bottom-only kinds come after them."""
    assert rules.DECISION_KINDS.names[: len(rules.PHASE_NAMES)] == rules.PHASE_NAMES
    assert rules.DECISION_KINDS.names[rules.ROLLED] == "rolled"
    assert rules.DECISION_KINDS.names[rules.ROLLED_DOUBLES] == "rolled_doubles"
