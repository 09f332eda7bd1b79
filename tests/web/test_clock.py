"""The clocks' arithmetic: increments, days per move, absent and replaced seats, and the
same clocks again from what is stored (every function takes the time: nothing sleeps)."""

from __future__ import annotations

import pytest

from whaletable.web.clock import (
    ABSENT,
    BACK,
    DAY,
    LEFT,
    REALTIME,
    REPLACED,
    TURN,
    Event,
    Pace,
    Presence,
)
from whaletable.web.pace import pace_from_form, pace_from_json
from whaletable.web.tables import TableError

HUMANS = frozenset({0, 2})  # seat 1 is a bot
BLITZ = Pace(REALTIME, start=180.0, increment=20.0)


def presence(pace: Pace = BLITZ, ready: float | None = 0.0) -> Presence:
    return Presence(pace, lambda: HUMANS, ready)


def test_a_move_takes_its_time_off_the_clock_and_adds_the_increment() -> None:
    p = presence()
    p.moved(0, 30.0)  # seat 0 thought 30 s
    p.moved(1, 31.0)  # the bot's second is nobody's
    p.moved(2, 41.0)  # seat 2 thought 10 s
    st = p.standing(0, 41.0)
    assert st.left[0] == 180 - 30 + 20
    assert st.left[2] == 180 - 10 + 20
    assert st.running == 0
    assert st.runs_out == 41.0 + 170.0
    # Later on, only the running clock has moved.
    later = p.standing(0, 101.0)
    assert later.left[0] == 110.0
    assert later.left[2] == 190.0


def test_no_clock_runs_for_a_bot_nor_before_everyone_sat_down() -> None:
    assert presence().standing(1, 50.0).running is None
    waiting = presence(ready=None)
    waiting.moved(0, 500.0)
    st = waiting.standing(2, 900.0)
    assert st.running is None and st.left[0] == 180.0 and st.left[2] == 180.0


def test_a_clock_stops_at_zero() -> None:
    st = presence().standing(0, 1000.0)
    assert st.left[0] == 0.0
    assert st.runs_out == 180.0


def test_turn_based_gives_each_move_its_days() -> None:
    p = presence(Pace(TURN, days=2))
    p.moved(0, 1.5 * DAY)
    st = p.standing(2, 2.0 * DAY)
    assert st.left[2] == pytest.approx(1.5 * DAY)
    assert st.left[0] == 2 * DAY  # a new move has its whole time again
    assert st.runs_out == pytest.approx(3.5 * DAY)


def test_a_replaced_seat_is_played_off_the_clock_and_comes_back_with_a_move_time() -> None:
    p = presence()
    p.events.append(Event(0, ABSENT, 0, 180.0))
    p.events.append(Event(0, REPLACED, 0, 200.0))
    p.moved(0, 200.5)  # the bot's move for seat 0: not charged
    p.moved(2, 210.0)
    assert p.replaced_seats() == {0}
    st = p.standing(0, 300.0)
    assert st.running is None and st.left[0] == 0.0 and st.replaced == {0: 0}
    p.events.append(Event(0, BACK, 2, 250.0))
    st = p.standing(0, 260.0)
    assert st.running == 0
    assert st.left[0] == 10.0  # one move's time (the increment), from 250 s on
    assert [(s.seat, s.start, s.stop) for s in st.spells] == [(0, 0, 2)]
    assert st.absent == {}


def test_moving_while_away_brings_the_player_back() -> None:
    p = presence()
    p.events.append(Event(2, LEFT, 0, 5.0))
    p.moved(0, 10.0)  # seat 0 moves meanwhile
    assert 2 in p.standing(2, 11.0).absent
    p.moved(2, 20.0)
    assert p.standing(0, 21.0).absent == {}


def test_votes_count_for_one_absence_and_for_present_humans_only() -> None:
    p = presence()
    p.events.append(Event(0, ABSENT, 0, 180.0))
    st = p.standing(0, 190.0)
    assert p.voters(0, st) == {2}
    voted = p.with_vote(0, 180.0, 2)
    assert voted.votes_for(0, voted.standing(0, 190.0)) == {2}
    stale = p.with_vote(0, 99.0, 2)  # a vote on an earlier absence
    assert stale.votes_for(0, stale.standing(0, 190.0)) == frozenset()


def test_the_clocks_tell_each_page_whom_it_may_vote_on_and_which_seat_it_may_take_back() -> None:
    names = ["Ana", "Bot", "Cy"]
    p = presence()
    p.events.append(Event(0, ABSENT, 0, 180.0))

    def buttons(
        q: Presence, showing: int | None, seats: frozenset[int]
    ) -> tuple[list[int], list[int]]:
        message = q.message(0, names, showing, 190.0, seats)
        return message["may_vote"], message["may_return"]

    assert buttons(p, 2, frozenset({2})) == ([0], [])  # a present player votes on the absent
    assert buttons(p, 0, frozenset({0})) == ([], [0])  # the absent one takes the seat back
    assert buttons(p, None, frozenset()) == ([], [])  # a spectator does neither
    assert buttons(p, 2, frozenset()) == ([], [])  # nor does a page showing a seat it is not
    voted = p.with_vote(0, 180.0, 2)
    assert buttons(voted, 2, frozenset({2})) == ([], [])  # one vote each
    # A shared device takes back whichever of its seats a bot plays.
    p.events.append(Event(0, REPLACED, 0, 200.0))
    assert buttons(p, 2, frozenset({0, 2})) == ([], [0])


def test_the_stored_record_gives_the_same_clocks_back() -> None:
    p = presence()
    p.moved(0, 30.0)
    p.moved(1, 31.0)
    p.events.append(Event(2, LEFT, 2, 40.0))
    p = p.with_vote(2, 40.0, 0)
    again = Presence.load(BLITZ, lambda: HUMANS, p.to_json(), 0.0, list(p.times), list(p.actors))
    assert again.standing(2, 99.0) == p.standing(2, 99.0)
    assert again.votes == p.votes


def test_a_damaged_stored_record_reads_as_far_as_it_goes() -> None:
    stored = {"ready": "soon", "events": [{"seat": True}, 7], "votes": {"x": 1, "0": {}}}
    p = Presence.load(BLITZ, lambda: HUMANS, stored, 5.0, [], [0, 2])
    assert p.ready == 5.0 and p.events == [] and p.votes == {}
    assert p.times == [5.0, 5.0]  # steps without a stored time count from the start
    assert Pace.from_json({"kind": "realtime", "start": -1}) == Pace()
    assert Pace.from_json("fast") == Pace()


def test_an_undone_step_takes_its_time_and_events_with_it() -> None:
    p = presence()
    p.moved(0, 30.0)
    p.events.append(Event(2, LEFT, 1, 35.0))
    p.took_back()
    assert p.times == [] and p.events == []


@pytest.mark.parametrize(
    ("body", "wrong"),
    [
        ("fast", "'pace' must be an object"),
        ({"kind": "blitz"}, "'pace.kind' must be untimed, realtime or turn"),
        ({"kind": "realtime"}, "needs 'start'"),
        ({"kind": "realtime", "start": 5}, "'pace.start' must be a number of seconds from 60"),
        ({"kind": "realtime", "start": "180"}, "'pace.start' must be a number"),
        ({"kind": "realtime", "start": 180, "increment": -1}, "'pace.increment'"),
        ({"kind": "realtime", "start": 1e400}, "'pace.start'"),
        ({"kind": "realtime", "start": True}, "'pace.start'"),
        ({"kind": "turn", "days": 0}, "'pace.days' must be a whole number of days from 1 to 14"),
        ({"kind": "turn", "days": 1.5}, "'pace.days'"),
        ({"kind": "turn", "days": 2, "start": 9}, "has no field 'start'"),
        ({"kind": "untimed", "grace": 1}, "'pace.grace'"),
    ],
)
def test_a_malformed_pace_is_named(body: object, wrong: str) -> None:
    with pytest.raises(TableError) as e:
        pace_from_json(body)
    assert wrong in str(e.value)


def test_paces_from_the_api_and_the_form() -> None:
    assert pace_from_json(None) == Pace()
    assert pace_from_json({"kind": "realtime", "start": 180, "increment": 20}) == BLITZ
    assert pace_from_json({"kind": "turn", "days": 3}).move_time == 3 * DAY
    # Below a minute only where the operator allows it (tests and demos).
    assert pace_from_json({"kind": "realtime", "start": 0.5}, shortest=0.1).start == 0.5
    assert pace_from_form({"pace": "realtime", "clock": "180+20"}) == BLITZ
    custom = {"pace": "realtime", "clock": "custom", "clock_minutes": "2", "clock_increment": ""}
    assert pace_from_form(custom) == Pace(REALTIME, start=120.0)
    assert pace_from_form({"pace": "turn", "turn_days": "2"}) == Pace(TURN, days=2)
    assert pace_from_form({}) == Pace()
    with pytest.raises(TableError, match="clock_minutes must be a number"):
        pace_from_form({"pace": "realtime", "clock": "custom", "clock_minutes": "lots"})
    with pytest.raises(TableError, match="clock must be one of"):
        pace_from_form({"pace": "realtime", "clock": "1+1"})
