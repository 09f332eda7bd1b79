"""What the rules of Whale to Look say happened, and what each viewer is told of it.

A look at a fish card is private (2. "look at it secretly"): the event of an
investigation carries the value for the seat that looked and blanks it for everyone
else. A radar turns a card face up for all, and scoring flips every card.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from whaletable import games, i18n
from whaletable.core.event import Event
from whaletable.core.testing import check_events, sample_states
from whaletable.core.words import english
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look import events as ev
from whaletable.games.whale_to_look import words

if TYPE_CHECKING:
    from wtl_support import Table

    from whaletable.games.whale_to_look.rules import WhaleToLookState

E = TypeVar("E", bound=Event)
GAME = games.get("whale-to-look")
LAYOUT = (3, 0, 5, 1, 2, 4, 0, 5, 1, 3, 4, 2)
NAMES = ["Ann", "Bao", "Chi"]


def told(state: WhaleToLookState, seat: int | None, kind: type[E]) -> list[E]:
    return [e for _, e in state.events(seat) if isinstance(e, kind)]


# ------------------------------------------------------------------- private looks


def test_investigating_tells_the_value_to_the_investigator_only(table: Table) -> None:
    state = table.new(LAYOUT)
    state.apply(act.Investigate(2))  # seat 0 looks at f2, a 5
    assert told(state, 0, ev.Investigated) == [ev.Investigated(0, 2, 5)]
    for viewer in (1, 2, None):
        assert told(state, viewer, ev.Investigated) == [ev.Investigated(0, 2, None)]


def test_a_second_look_at_a_card_tells_its_value_only_to_the_second_investigator(
    table: Table,
) -> None:
    """Seat 1 looks at a card seat 0 already saw: seat 0 learns nothing new from seat 1's
    look, and is told seat 1's look without the value."""
    state = table.new(LAYOUT)
    table.turn(state, 0, 0)  # seat 0 looks at f0
    state.apply(act.Investigate(0))  # seat 1 looks at f0 too
    assert told(state, 1, ev.Investigated)[-1] == ev.Investigated(1, 0, 3)
    assert told(state, 0, ev.Investigated)[-1] == ev.Investigated(1, 0, None)


def test_the_kit_catches_an_investigation_told_to_everyone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The blanking is what keeps the look private: without it, check_events fails."""
    samples = sample_states(GAME, 24, seed=3)
    assert check_events(samples) > 0
    monkeypatch.setattr(ev.Investigated, "seen_by", lambda self, seat: self)
    with pytest.raises(AssertionError, match="leak through events"):
        check_events(samples)


def test_the_deal_tells_no_fish_value() -> None:
    """Cards are dealt face down: what any viewer is told of a deal is the same whatever
    the cards are."""
    told_of: list[list[Any]] = []
    for values in (LAYOUT, tuple(reversed(LAYOUT))):
        state = GAME.new_state(3, {"start_player": 0, "area_layout": "ordered"}, events=True)
        for v in values:
            state.apply(act.DealFish(v))
        told_of.append([state.events(seat) for seat in (0, 1, 2, None)])
        assert told(state, None, ev.FishDealt) == [ev.FishDealt(1, 12)]
    assert told_of[0] == told_of[1]


# ------------------------------------------------------------------ public events


def test_a_radar_tells_everyone_the_value(table: Table) -> None:
    state = table.new(LAYOUT)
    state.apply(act.UseRadar(9))
    for viewer in (0, 1, 2, None):
        assert told(state, viewer, ev.RadarUsed) == [ev.RadarUsed(0, 9, 3)]


def test_moving_a_boat_says_from_where_to_which_area_and_the_anchor(table: Table) -> None:
    state = table.new(LAYOUT, areas=(5, 4, 3, 2, 1, 0))
    table.turn(state, 2, 1, anchor=True)  # seat 0: the 3-tourist boat from the dock
    table.finish(state, 2)  # seats 1 and 2 are done
    table.turn(state, 0, 0)
    state.apply(act.Investigate(5))
    state.apply(act.MoveBoat(0, 3, False))  # back in seat 0's turn: area 0 -> area 3
    assert told(state, None, ev.BoatMoved) == [
        ev.BoatMoved(0, 2, -1, 1, 4, True),
        ev.BoatMoved(0, 0, -1, 0, 5, False),
        ev.BoatMoved(0, 0, 0, 3, 2, False),
    ]
    assert told(state, None, ev.SaidDone) == [ev.SaidDone(1), ev.SaidDone(2)]


def test_scoring_says_where_the_whale_and_the_orca_surfaced(table: Table) -> None:
    """4. Scoring: the whale at the richest area, the orca at the poorest, every card face
    up. LAYOUT's areas a0..a5 sum to 9, 9, 11, 10, 11, 11: ties send the whale to the
    higher printed number (a5) and the orca to the lower (a0)."""
    state = table.new(LAYOUT)
    table.turn(state, 2, 5)  # seat 0's 3-tourist boat on a5
    table.finish_round(state)
    (scored,) = told(state, 1, ev.RoundScored)
    assert scored == ev.RoundScored(1, LAYOUT, 5, 5, 11, 0, 0, 9, (3, 0, 0))


def test_the_end_names_the_winner_with_its_points(table: Table) -> None:
    state = table.new(LAYOUT)
    table.turn(state, 2, 5)
    table.finish_round(state)
    table.deal(state, LAYOUT)
    table.finish_round(state)
    assert state.is_terminal()
    assert told(state, None, ev.GameWon) == [ev.GameWon(0, 3)]
    assert [e.round for e in told(state, None, ev.RoundScored)] == [1, 2]


def test_a_drawn_start_player_and_shuffled_areas_are_said_when_they_happen() -> None:
    state = GAME.new_state(2, events=True)
    state.apply(act.PickStartPlayer(1))
    assert state.events(None) == [(0, ev.StartPlayerChosen(1))]
    for number in (2, 0, 1, 5, 4):
        state.apply(GAME.action_from_json({"type": "lay_area", "number": number}))
    assert told(state, None, ev.AreasLaid) == []  # not until the sixth card lies
    state.apply(GAME.action_from_json({"type": "lay_area", "number": 3}))
    assert state.events(None, since=6) == [(6, ev.AreasLaid(1, (2, 0, 1, 5, 4, 3)))]


def test_a_fixed_start_player_and_ordered_areas_are_said_at_the_first_step() -> None:
    """The options fix them before any action; the log says so with the first one."""
    state = GAME.new_state(3, {"start_player": 2, "area_layout": "ordered"}, events=True)
    state.apply(act.DealFish(LAYOUT[0]))
    ordered = tuple(GAME.components.ordered_layout)
    assert state.events(None) == [(0, ev.StartPlayerChosen(2)), (0, ev.AreasLaid(1, ordered))]


def test_a_fixed_trending_card_is_said_when_round_two_begins(table: Table) -> None:
    state = table.new(LAYOUT, trending="fishing")
    table.finish_round(state)
    assert told(state, None, ev.TrendRevealed) == [ev.TrendRevealed("fishing")]
    table.deal(state, LAYOUT)
    state.apply(act.ChooseFisherBoat(1))  # round 2's start player: the fisher on its 2-tourist boat
    assert told(state, None, ev.FisherPlaced) == [ev.FisherPlaced(state.start, 1)]


# ------------------------------------------------------------------------ words


def test_words_say_a_look_without_its_value_to_others_and_with_it_to_the_looker() -> None:
    look = ev.Investigated(1, 4, 5)
    assert words.describe(look, NAMES, english) == "Bao investigated fish card F5 and saw 5."
    blanked = look.seen_by(0)
    assert blanked == replace(look, value=None)
    assert words.describe(blanked, NAMES, english) == "Bao investigated fish card F5."


def test_words_of_scoring_and_the_end_in_english() -> None:
    scored = ev.RoundScored(1, LAYOUT, 2, 5, 14, 3, 0, 6, (3, 0, 2))
    assert words.describe(scored, NAMES, english) == (
        "Round 1 is scored: the whale surfaced at area 5 (sum 14), the orca at area 0 "
        "(sum 6). Points this round: Ann 3, Bao 0, Chi 2."
    )
    assert words.describe(ev.GameWon(2, 9), NAMES, english) == "Game over: Chi wins with 9 points."
    assert (
        words.describe(ev.BoatMoved(0, 2, -1, 1, 4, True), NAMES, english)
        == "Ann moved the 3-tourist boat to area 4 and dropped the anchor."
    )


def test_words_in_vietnamese_and_persian() -> None:
    vi, fa = i18n.translator("vi"), i18n.translator("fa")
    assert words.describe(ev.StartPlayerChosen(1), NAMES, vi) == "Bao là người đi đầu."
    assert words.describe(ev.Investigated(0, 0, None), NAMES, vi) == "Ann đã khảo sát thẻ Cá C1."
    assert (
        words.describe(ev.Investigated(0, 0, 4), NAMES, vi)
        == "Ann đã khảo sát thẻ Cá C1 và thấy 4."
    )
    assert (
        words.describe(ev.Investigated(2, 3, 1), NAMES, fa)
        == "Chi کارت ماهی م4 را بررسی کرد و 1 دید."
    )


def test_the_game_words_every_event_it_emits(table: Table) -> None:
    state = table.new(LAYOUT, trending="fishing")
    table.turn(state, 2, 2)
    state.apply(act.Finish())
    table.finish_round(state)
    for _, event in state.events(None):
        assert GAME.describe(event, NAMES, english), event
