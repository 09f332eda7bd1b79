"""What the rules of Save the Whales say happened: who rolled, who paid whose Survival
Points, which whale was saved or lost and why, in the order it happened.

Positions use the board drawn in ``stw_support.py``. Nothing in this game is hidden, so
every seat and a spectator are told the same events.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from stw_support import SPACE, events_of, pay_all

from whaletable import games, i18n
from whaletable.core.spec import CHANCE
from whaletable.core.words import english
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales import words
from whaletable.games.save_the_whales.rules import WHALE_INDEX

if TYPE_CHECKING:
    from stw_support import Table

GAME = games.get("save-the-whales")
NAMES = ["Ann", "Bao", "Chi"]
GRAY = WHALE_INDEX["gray"]


def test_choosing_whales_says_who_brought_which_whale_into_play(table: Table) -> None:
    state = table.new(("gray", "blue"))
    assert state.events(None) == [(0, ev.WhaleChosen(0, "gray")), (1, ev.WhaleChosen(1, "blue"))]


def test_a_roll_names_the_seat_that_rolled_and_the_whale_it_moves(table: Table) -> None:
    state = table.new()
    table.roll(state, 2, 3)
    assert state.events(None, since=3) == [
        (3, ev.DiceRolled(0, "gray", 2, 3)),
        (3, ev.WhaleMoved("gray", 5)),
        (3, ev.Landed("gray", 5)),
        (3, ev.SurvivalPointsCollected(0, state.components.track[5].sp, "thar_she_blows")),
    ]


def test_a_seat_rolling_for_a_named_whale_is_the_one_told_of_the_roll(table: Table) -> None:
    """Reading 19: a seat without a whale names another's; it rolls and collects."""
    state = table.new()
    state.whale_of[0] = -1
    state.owner[GRAY] = -1
    table.put(state, "blue", SPACE["thar"] - 3)
    state.apply(act.NameWhale("blue"))
    state.apply(act.ThrowDice(1, 2))
    rolled = events_of(state, ev.DiceRolled)
    assert rolled == [ev.DiceRolled(0, "blue", 1, 2)]
    assert events_of(state, ev.SurvivalPointsCollected)[-1].seat == 0


def test_doubles_say_the_same_seat_plays_again(table: Table) -> None:
    state = table.new()
    table.roll(state, 2, 2)
    assert events_of(state, ev.ExtraTurn) == [ev.ExtraTurn(0)]


def test_each_share_names_the_seat_that_paid_it_and_how_much(table: Table) -> None:
    """The team pools its SPs, each seat putting in its own: the log says who paid what,
    and who left it to the others."""
    state = table.new(("gray", "blue", "fin"))
    state.sp = [10, 10, 10]
    table.roll(state, 1, 2)  # gray to KRILL
    amount = state.payment[1] if state.payment else 0
    assert amount >= 2
    state.apply(act.Pay(1))
    state.apply(act.Pay(0))
    state.apply(act.Pay(amount - 1))
    assert events_of(state, ev.SurvivalPointsPaid) == [
        ev.SurvivalPointsPaid(0, "gray", 1),
        ev.SurvivalPointsPaid(2, "gray", amount - 1),
    ]
    assert events_of(state, ev.PaymentLeftToOthers) == [ev.PaymentLeftToOthers(1, "gray")]
    assert events_of(state, ev.PenaltyPaid) == [ev.PenaltyPaid("gray", amount, "krill")]


def test_refusing_a_penalty_names_the_seat_and_sends_the_whale_onto_the_path(
    table: Table,
) -> None:
    state = table.new()
    state.sp = [10, 10]
    table.roll(state, 1, 2)  # KRILL
    amount = state.payment[1] if state.payment else 0
    state.apply(act.Refuse())
    assert events_of(state, ev.PenaltyRefused) == [ev.PenaltyRefused(0, "gray", amount, False)]
    assert events_of(state, ev.WentOntoPath) == [ev.WentOntoPath("gray", SPACE["krill"])]


def test_a_penalty_nobody_can_pay_is_said_without_a_refusal(table: Table) -> None:
    state = table.new()
    state.sp = [0, 0]
    table.roll(state, 1, 2)  # KRILL, with nothing to pay it with
    assert events_of(state, ev.PenaltyRefused) == []
    assert [e.whale for e in events_of(state, ev.PenaltyUnpayable)] == ["gray"]
    assert events_of(state, ev.WentOntoPath) == [ev.WentOntoPath("gray", SPACE["krill"])]


def test_saving_says_who_started_it_what_was_paid_and_that_the_whale_is_saved(
    table: Table,
) -> None:
    state = table.new()
    table.put(state, "blue", SPACE["act"])
    state.sp = [10, 10]
    value = state.components.values[GRAY]
    state.apply(act.SaveWhale("gray"))
    pay_all(state)
    assert events_of(state, ev.SaveStarted) == [ev.SaveStarted(0, "gray", value)]
    assert events_of(state, ev.SavePaid) == [ev.SavePaid("gray", value)]
    assert events_of(state, ev.WhaleSaved) == [ev.WhaleSaved("gray", False)]


def test_the_ship_catching_a_whale_says_it_sailed_and_the_whale_is_extinct(table: Table) -> None:
    state = table.new()
    table.put(state, "blue", 23, path=True)
    table.roll(state, 0, 3)
    assert events_of(state, ev.ShipSailed) == [ev.ShipSailed(3, 23)]
    assert events_of(state, ev.WhaleExtinct) == [ev.WhaleExtinct("blue", "ship")]


def test_moratorium_sparing_a_whale_says_what_spared_it_from_what(table: Table) -> None:
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "fin", SPACE["moratorium"])
    table.put(state, "blue", 23, path=True)
    table.roll(state, 0, 3)
    assert events_of(state, ev.WhaleProtected) == [ev.WhaleProtected("blue", "moratorium", "ship")]
    assert events_of(state, ev.WhaleExtinct) == []


def test_moving_anywhere_says_who_moved_which_whale_where(table: Table) -> None:
    state = table.new()
    table.roll(state, 0, 1)  # gray onto its own space
    state.apply(act.MoveAnywhere(SPACE["thar"]))
    assert events_of(state, ev.MovedAnywhere) == [ev.MovedAnywhere(0, "gray", SPACE["thar"])]
    assert events_of(state, ev.Landed)[-1] == ev.Landed("gray", SPACE["thar"])


def test_the_mermaid_and_the_barnacle_are_told_in_order(table: Table) -> None:
    state = table.new()
    table.put(state, "gray", 16, path=True)
    table.roll(state, 1, 1)
    kinds = [type(e) for _, e in state.events(None, since=3)]
    assert kinds.index(ev.MermaidCarried) < kinds.index(ev.BarnacleGained)
    assert events_of(state, ev.MermaidCarried) == [ev.MermaidCarried("gray", SPACE["barnacle"])]


def test_leaving_the_path_and_trading_places_name_the_seat_deciding(table: Table) -> None:
    state = table.new(("gray", "blue", "fin"))
    table.put(state, "gray", SPACE["arctic"] - 2)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)
    state.apply(act.LeavePath("blue"))
    assert events_of(state, ev.LeftPath) == [ev.LeftPath(0, "blue", SPACE["arctic"])]
    state = table.new()
    table.put(state, "gray", 18)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)
    state.apply(act.TradePlaces("blue"))
    assert events_of(state, ev.PlacesTraded) == [ev.PlacesTraded(0, "gray", "blue")]
    state = table.new()
    table.put(state, "gray", 18)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)
    state.apply(act.Done())
    assert events_of(state, ev.OfferDeclined) == [ev.OfferDeclined(0)]


def test_the_end_says_how_many_whales_the_team_saved() -> None:
    state = GAME.new_state(3, events=True)
    rng = random.Random(4)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    final = state.observation(None)
    assert state.events(None)[-1] == (
        len(state.history) - 1,
        ev.GameOver(final["whales_saved"], 8),
    )
    saved = [e.whale for e in events_of(state, ev.WhaleSaved)]
    extinct = [e.whale for e in events_of(state, ev.WhaleExtinct)]
    assert saved == final["saved"] and extinct == final["extinct"]


def test_every_seat_is_told_the_same_as_a_spectator_nothing_is_hidden() -> None:
    state = GAME.new_state(3, events=True)
    rng = random.Random(2)
    for _ in range(300):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    spectator = state.events(None)
    assert spectator and all(state.events(seat) == spectator for seat in range(3))


def test_the_observation_carries_no_log(table: Table) -> None:
    """What happened is told by events; the position is all the observation holds."""
    state = table.new()
    table.roll(state, 2, 3)
    assert "events" not in state.observation(None)


# ------------------------------------------------------------------------ words


def test_words_in_english() -> None:
    assert (
        words.describe(ev.DiceRolled(1, "blue", 0, 4), NAMES, english)
        == "Bao rolls a Catcher Ship and 4 for the Blue Whale."
    )
    assert (
        words.describe(ev.DiceRolled(2, "orca", 0, 0), NAMES, english)
        == "Chi rolls double Catcher Ships for the Orca!"
    )
    assert (
        words.describe(ev.SurvivalPointsPaid(2, "gray", 3), NAMES, english)
        == "Chi puts in 3 SP of their own for the Gray Whale."
    )
    assert (
        words.describe(ev.WhaleExtinct("fin", "ship"), NAMES, english)
        == "The Fin Whale becomes extinct."
    )
    assert (
        words.describe(ev.GameOver(8, 8), NAMES, english)
        == "All 8 whales are saved: the team wins!"
    )
    assert words.describe(ev.Landed("gray", 3), NAMES, english) is None


def test_words_in_vietnamese() -> None:
    vi = i18n.translator("vi")
    assert words.describe(ev.WhaleChosen(1, "blue"), NAMES, vi) == vi(
        "{name} brings the {whale} into play at POW."
    ).format(name="Bao", whale="Cá voi xanh")
    assert (
        words.describe(ev.DiceRolled(0, "blue", 2, 5), NAMES, vi)
        == "Ann đổ xúc xắc cho Cá voi xanh: 2 và 5."
    )
    assert words.describe(ev.SaveDeclined(2, "blue"), NAMES, vi) == "Chi không cứu Cá voi xanh."


def test_the_game_words_every_event_but_a_landing() -> None:
    state = GAME.new_state(4, events=True)
    rng = random.Random(7)
    seen: set[type] = set()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    for _, event in state.events(None):
        seen.add(type(event))
        line = GAME.describe(event, [*NAMES, "Dan"], english)
        assert (line is None) == isinstance(event, ev.Landed), event
    assert len(seen) > 15
