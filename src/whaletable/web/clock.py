"""A table's pace and who is at it: each seat's clock, and the seats whose players are away.

A table is untimed (as tables always were), real-time (a clock per seat: a starting time
and an increment per move) or turn-based (some days per move). Only a human seat's clock
matters; bots and chance move at once. The engines decide one seat at a time
(``current_player()``), so one clock at most runs: the clock of the seat to move.

Nothing here is kept only in memory: what each clock shows is worked out again from when
each step was stored (the ``created`` time of each action), who made it, and the few
presence events stored with the table (a seat gone absent, replaced by a bot, come back).
So a server restarted mid-game shows the clocks as they would have run without it.

This module is arithmetic alone (every function takes ``now``); ``web.pace`` runs the
timers and answers the players.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

UNTIMED, REALTIME, TURN = "untimed", "realtime", "turn"
PACE_KINDS = (UNTIMED, REALTIME, TURN)
DAY = 86_400.0

# The pieces of a presence event.
ABSENT = "absent"  # the seat's clock ran out
LEFT = "left"  # its player left the table
REPLACED = "replaced"  # a bot plays it from then on
BACK = "back"  # its player took it back
EVENT_KINDS = (ABSENT, LEFT, REPLACED, BACK)

STAND_IN = "medium"  # the bot level that plays a replaced seat
DRAWN_FOR = 0.5  # seconds a drawn state's clocks stay shown to pages that join meanwhile

clock: Callable[[], float] = time.time
"""The wall clock every table's time is read from (tests put a clock of their own here)."""


@dataclass(frozen=True)
class Pace:
    """How fast a table plays, chosen at its creation and stored in its settings.

    ``start`` and ``increment`` are seconds (real-time), ``days`` a whole number of days
    per move (turn-based). ``grace`` is how long an absent seat waits for its player
    before a bot takes it without a vote; by default one move's time (none at an untimed
    table: there only a vote replaces an absent player).
    """

    kind: str = UNTIMED
    start: float = 0.0
    increment: float = 0.0
    days: int = 0
    grace: float | None = None

    @property
    def timed(self) -> bool:
        return self.kind in (REALTIME, TURN)

    @property
    def move_time(self) -> float:
        """One move's time: what a turn-based move may take, or what a real-time move
        adds to its clock (the whole starting time where nothing is added)."""
        if self.kind == TURN:
            return self.days * DAY
        if self.kind == REALTIME:
            return self.increment or self.start
        return 0.0

    @property
    def replace_after(self) -> float | None:
        """Seconds an absent seat waits before a bot plays it without a vote (None: never)."""
        if self.grace is not None:
            return self.grace
        return self.move_time if self.timed else None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "start": self.start,
            "increment": self.increment,
            "days": self.days,
            "grace": self.grace,
        }

    @classmethod
    def from_json(cls, data: Any) -> Pace:
        """A stored pace; a damaged one reads as untimed (what the table was made under
        cannot be guessed, and an untimed table takes nobody's seat away)."""
        if not isinstance(data, dict) or data.get("kind") not in PACE_KINDS:
            return cls()
        start, increment, days, grace = (
            data.get("start", 0.0),
            data.get("increment", 0.0),
            data.get("days", 0),
            data.get("grace"),
        )
        if not (_seconds(start) and _seconds(increment) and (grace is None or _seconds(grace))):
            return cls()
        if not isinstance(days, int) or isinstance(days, bool) or days < 0:
            return cls()
        pace = cls(data["kind"], float(start), float(increment), days, grace)
        if (pace.kind == REALTIME and pace.start <= 0) or (pace.kind == TURN and days < 1):
            return cls()
        return pace


def _seconds(value: Any) -> TypeGuard[float]:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


@dataclass(frozen=True)
class Event:
    """Something that happened to a seat's presence, while step ``step`` was pending."""

    seat: int
    what: str
    step: int
    at: float

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "what": self.what, "step": self.step, "at": self.at}

    @classmethod
    def from_json(cls, data: Any) -> Event | None:
        if not isinstance(data, dict):
            return None
        seat, what, step, at = data.get("seat"), data.get("what"), data.get("step"), data.get("at")
        if not (isinstance(seat, int) and isinstance(step, int)) or what not in EVENT_KINDS:
            return None
        if not _seconds(at) or isinstance(seat, bool) or isinstance(step, bool):
            return None
        return cls(seat, what, step, float(at))


@dataclass(frozen=True)
class Spell:
    """A time a bot played a seat: from step ``start`` to ``stop`` (None: to the end)."""

    seat: int
    start: int
    stop: int | None


@dataclass
class Standing:
    """Everyone's clock and presence at one moment."""

    left: dict[int, float]  # seconds left on each human seat's clock
    running: int | None  # the seat whose clock runs
    runs_out: float | None  # when the running clock reaches zero (epoch seconds)
    absent: dict[int, Event]  # seat → the event that made it absent (its clock, or leaving)
    replaced: dict[int, int]  # seat → the step from which a bot plays it
    spells: list[Spell]  # every seat a bot played, and when, in order


@dataclass
class Presence:
    """A table's clocks and absences: the stored record of them and what follows.

    ``times[k]`` is when step ``k`` was stored and ``actors[k]`` who made it (a seat, or
    a negative number for chance); ``ready`` is when the last seat was filled (None
    while a seat is open: no clock runs before everyone has sat down).
    """

    pace: Pace
    humans: Callable[[], frozenset[int]]
    ready: float | None
    times: list[float] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    # Votes to replace an absent seat: seat → (when it went absent, the seats that voted).
    # A vote counts for that absence only, not for a later one.
    votes: dict[int, tuple[float, frozenset[int]]] = field(default_factory=dict)

    # ---------------------------------------------------------- stored form

    def to_json(self) -> dict[str, Any]:
        """What is stored of it (the times and actors come from the steps themselves)."""
        return {
            "ready": self.ready,
            "events": [e.to_json() for e in self.events],
            "votes": {
                str(seat): {"since": since, "voters": sorted(voters)}
                for seat, (since, voters) in self.votes.items()
            },
        }

    @classmethod
    def load(
        cls,
        pace: Pace,
        humans: Callable[[], frozenset[int]],
        stored: dict[str, Any],
        default_ready: float | None,
        times: list[float],
        actors: list[int],
    ) -> Presence:
        """The record stored with a table (damaged entries are left out)."""
        ready = stored.get("ready", default_ready) if stored else default_ready
        if ready is not None and not _seconds(ready):
            ready = default_ready
        events = [e for e in map(Event.from_json, stored.get("events") or []) if e is not None]
        votes: dict[int, tuple[float, frozenset[int]]] = {}
        raw = stored.get("votes")
        for key, entry in (raw if isinstance(raw, dict) else {}).items():
            if not (isinstance(key, str) and key.isdigit() and isinstance(entry, dict)):
                continue
            since, voters = entry.get("since"), entry.get("voters")
            if _seconds(since) and isinstance(voters, list):
                seats = frozenset(v for v in voters if isinstance(v, int) and v >= 0)
                votes[int(key)] = (float(since), seats)
        # A step stored without a time (an uploaded record) counts as made at the start.
        start = default_ready if default_ready is not None else 0.0
        padded = [*times, *[start] * (len(actors) - len(times))][: len(actors)]
        return cls(pace, humans, ready, padded, list(actors), events, votes)

    # ------------------------------------------------------------ changes

    def moved(self, actor: int, at: float) -> None:
        self.times.append(at)
        self.actors.append(actor)

    def retold(self, actors: list[int], now: float) -> None:
        """The game was rebuilt from its record: steps kept keep their times, new ones are
        counted as made ``now``."""
        self.times = [*self.times[: len(actors)], *[now] * (len(actors) - len(self.times))]
        self.actors = list(actors)

    def took_back(self) -> None:
        """The last step was undone: its time goes, and so does what happened during it."""
        self.times.pop()
        self.actors.pop()
        pending = len(self.actors)
        self.events = [e for e in self.events if e.step < pending]

    def with_event(self, event: Event) -> Presence:
        """A copy with ``event`` added (stored first, then made the table's)."""
        votes = dict(self.votes)
        if event.what in (REPLACED, BACK):
            votes.pop(event.seat, None)
        return Presence(
            self.pace,
            self.humans,
            self.ready,
            self.times,
            self.actors,
            [*self.events, event],
            votes,
        )

    def with_vote(self, target: int, since: float, voter: int) -> Presence:
        votes = dict(self.votes)
        old = votes.get(target)
        voters = old[1] if old is not None and old[0] == since else frozenset()
        votes[target] = (since, voters | {voter})
        return Presence(
            self.pace, self.humans, self.ready, self.times, self.actors, list(self.events), votes
        )

    # ------------------------------------------------------------ reading

    def standing(self, to_move: int, now: float) -> Standing:
        """Every clock and absence at ``now``, with ``to_move`` the seat to move now.

        The steps are gone through in order: a human's decision, unless a bot played it,
        takes its time off the seat's clock (from the end of the step before, or from the
        moment the player came back if that was later), and then gains the increment. A
        clock never goes below zero, and a player who comes back (by the button, or by
        moving while absent) has at least one move's time.
        """
        pace = self.pace
        humans = self.humans()
        bank = {s: (pace.start if pace.kind == REALTIME else pace.move_time) for s in humans}
        absent: dict[int, Event] = {}
        replaced: dict[int, int] = {}
        since: dict[int, float] = {}  # a player came back during the decision, at
        spells: list[Spell] = []
        opened: dict[int, int] = {}  # seat → index of its spell still open
        events = sorted(self.events, key=lambda e: (e.step, e.at))
        ready = self.ready
        begin = 0.0
        i = 0

        def back(seat: int, at: float) -> None:
            absent.pop(seat, None)
            replaced.pop(seat, None)
            if seat in bank:
                bank[seat] = max(bank[seat], pace.move_time)
            since[seat] = at

        def spend(seat: int, until: float) -> None:
            """Take the seat's time in the decision pending since ``begin`` off its clock."""
            if ready is not None and pace.timed and seat in bank:
                spent = max(0.0, until - max(begin, ready, since.get(seat, begin)))
                bank[seat] = max(0.0, bank[seat] - spent)

        for k in range(len(self.actors) + 1):
            while i < len(events) and events[i].step <= k:
                e = events[i]
                i += 1
                if e.what in (ABSENT, LEFT):
                    absent.setdefault(e.seat, e)
                elif e.what == REPLACED and e.seat not in replaced:
                    replaced[e.seat] = e.step
                    opened[e.seat] = len(spells)
                    spells.append(Spell(e.seat, e.step, None))
                    if k < len(self.actors) and self.actors[k] == e.seat:
                        spend(e.seat, e.at)  # its time ran until the bot took over
                elif e.what == BACK:
                    if e.seat in opened:
                        n = opened.pop(e.seat)
                        spells[n] = Spell(e.seat, spells[n].start, k)
                    back(e.seat, e.at)
            if k == len(self.actors):
                break
            actor, end = self.actors[k], self.times[k]
            if actor in humans and actor not in replaced:
                if actor in absent:  # moved while absent: the player is back
                    back(actor, since.get(actor, begin))
                spend(actor, end)
                if actor in bank and ready is not None and pace.timed:
                    bank[actor] = (
                        pace.move_time if pace.kind == TURN else bank[actor] + pace.increment
                    )
            since.pop(actor, None)
            begin = end

        running = runs_out = None
        left = dict(bank)
        pending = len(self.actors)
        if to_move in replaced and replaced[to_move] == pending:
            taken = next(e.at for e in reversed(events) if e.seat == to_move and e.what == REPLACED)
            spend(to_move, taken)
            left[to_move] = bank[to_move]
        elif (
            pace.timed
            and ready is not None
            and to_move in humans
            and to_move not in replaced
            and to_move in bank
        ):
            running = to_move
            started = max(begin, ready, since.get(to_move, begin))
            runs_out = started + bank[to_move]
            left[to_move] = max(0.0, runs_out - max(now, started))
        return Standing(left, running, runs_out, absent, replaced, spells)

    def voters(self, target: int, standing: Standing) -> frozenset[int]:
        """The seats whose vote counts on replacing ``target``: the other humans present."""
        away = standing.absent.keys() | standing.replaced.keys()
        return frozenset(s for s in self.humans() if s != target and s not in away)

    def votes_for(self, target: int, standing: Standing) -> frozenset[int]:
        """The counted votes to replace ``target`` during its current absence."""
        event = standing.absent.get(target)
        entry = self.votes.get(target)
        if event is None or entry is None or entry[0] != event.at:
            return frozenset()
        return entry[1] & self.voters(target, standing)

    def replaced_seats(self) -> frozenset[int]:
        """The seats a bot plays now (from the events alone: a replaced seat never moves)."""
        replaced: set[int] = set()
        for e in sorted(self.events, key=lambda e: (e.step, e.at)):
            if e.what == REPLACED:
                replaced.add(e.seat)
            elif e.what == BACK:
                replaced.discard(e.seat)
        return frozenset(replaced)

    def mark(self, to_move: int, now: float) -> tuple[Any, ...]:
        """What a drawing of the table's clocks depends on: a drawn state is shown again to
        a page that joins later only while its clocks are still right to ``DRAWN_FOR``."""
        running = self.pace.timed and self.ready is not None and to_move in self.humans()
        votes = tuple(sorted((s, v) for s, (_, v) in self.votes.items()))
        return (len(self.events), votes, self.ready, int(now / DRAWN_FOR) if running else 0)

    def message(
        self,
        to_move: int,
        names: list[str],
        showing: int | None,
        now: float,
        seats: frozenset[int],
    ) -> dict[str, Any]:
        """What a page needs to show the clocks and absences, as of ``now``: the server
        keeps the time, a page only counts down from what it was told. ``seats`` are those
        the page may act for (none: a spectator's); ``may_vote`` and ``may_return`` say what
        its buttons may ask, by the same rules ``web.pace`` answers with."""
        st = self.standing(to_move, now)
        waiting = {s: e for s, e in st.absent.items() if s not in st.replaced}
        voting = showing is not None and showing in seats
        return {
            "pace": self.pace.kind,
            "names": names,
            "left": [
                round(st.left[s] * 1000) if self.pace.timed and s in st.left else None
                for s in range(len(names))
            ],
            "running": st.running,
            "humans": sorted(self.humans()),
            "absent": sorted(st.absent),
            "gone": sorted(s for s, e in st.absent.items() if e.what == LEFT),
            "replaced": sorted(st.replaced),
            "votes": {str(s): sorted(self.votes_for(s, st)) for s in waiting},
            "needed": {str(s): len(self.voters(s, st)) // 2 + 1 for s in waiting},
            "seat": showing,
            "spells": _spells(st, names),
            "may_vote": sorted(
                s
                for s in waiting
                if voting and showing in self.voters(s, st) and showing not in self.votes_for(s, st)
            ),
            "may_return": sorted(s for s in seats if s in st.absent or s in st.replaced),
        }

    def replaced_list(self, to_move: int, names: list[str]) -> list[dict[str, Any]]:
        """Every seat a bot played, from which step to which (None: to the end)."""
        return _spells(self.standing(to_move, 0.0), names)


def _spells(st: Standing, names: list[str]) -> list[dict[str, Any]]:
    return [
        {"seat": p.seat, "name": names[p.seat], "from": p.start, "to": p.stop}
        for p in st.spells
        if 0 <= p.seat < len(names)
    ]
