"""Clocks and absent players at the live tables: the pace a new table is given, the timer
that wakes when a seat's time runs out, and what the players do about a seat that is away.

A seat is absent when its clock runs out or its player leaves the table. The other humans
present may then vote to have a bot play it (a majority of them; with nobody to vote, the
bot takes it at once), and after the table's grace time the bot takes it without a vote.
The bot is the table's medium one, played by the same machinery as any bot seat (its
worker, its deadline), so a replaced seat never stalls another table. The player takes
the seat back with their own link, from their next decision on.

The time is worked out in ``web.clock`` from the stored steps; here are the timers (one
per table in play, holding only the table's key, so a table evicted from memory is loaded
again when its time runs out) and the checks on what each page may do.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING, Any

from whaletable.core.words import message as _  # refusals, translated where shown
from whaletable.web import clock
from whaletable.web.clock import ABSENT, BACK, DAY, LEFT, REPLACED, TURN, Event, Pace, Presence
from whaletable.web.storage import StorageUnavailable
from whaletable.web.tables import DatabaseDown, TableError

if TYPE_CHECKING:
    from whaletable.web.tables import LiveTable, Tables, Viewer

SHORTEST_CLOCK = 60.0  # seconds: the least a real-time clock (or a grace time) may be
LONGEST_CLOCK = 3 * 3600.0  # a real-time clock's most
LONGEST_INCREMENT = 600.0  # what a move may add to a clock, at most
LONGEST_GRACE = 14 * DAY
MOST_DAYS = 14  # per move at a turn-based table
CLOCK_PRESETS = ((180, 20), (300, 30), (600, 10), (1200, 0))  # (seconds, seconds per move)
TURN_DAYS = (1, 2, 3, 5, 7)
# What one page may ask of the presence at its table (leave, vote, come back): each is
# stored, so a page sending them as fast as it can is answered "try again in N s".
PRESENCE_RATE = "4/5seconds;30/minute"
RETRY_SECONDS = 5.0  # a timer whose change could not be stored tries again after this

log = logging.getLogger(__name__)


# ------------------------------------------------------------------ a new table's pace


def pace_from_json(value: Any, shortest: float = SHORTEST_CLOCK) -> Pace:
    """The ``pace`` of ``POST /api/games``: absent or null (untimed), or an object such as
    ``{"kind": "realtime", "start": 180, "increment": 20}`` or ``{"kind": "turn", "days":
    2}``, each with an optional ``grace`` (seconds an absent seat waits before a bot takes
    it). ``shortest`` is the least a clock may be (the operator may lower it, for tests)."""
    if value is None:
        return Pace()
    if not isinstance(value, dict):
        raise TableError(
            "'pace' must be an object such as {example}",
            example='{"kind": "realtime", "start": 180, "increment": 20}',
        )
    kind = value.get("kind", clock.UNTIMED)
    if not isinstance(kind, str) or kind not in clock.PACE_KINDS:
        raise TableError(
            "'pace.kind' must be untimed, realtime or turn, not {kind}", kind=_shown(kind)
        )
    allowed = {
        clock.UNTIMED: {"kind", "grace"},
        clock.REALTIME: {"kind", "start", "increment", "grace"},
        TURN: {"kind", "days", "grace"},
    }[kind]
    for name in value:
        if name not in allowed:
            raise TableError(
                "'pace' of kind {kind} has no field {name}: it takes {fields}",
                kind=kind,
                name=_shown(name),
                fields=", ".join(sorted(allowed)),
            )
    grace = value.get("grace")
    if grace is not None:
        grace = _seconds(grace, "pace.grace", shortest, LONGEST_GRACE)
    if kind == clock.REALTIME:
        if "start" not in value:
            raise TableError("a real-time 'pace' needs 'start': the seconds on each clock")
        start = _seconds(value["start"], "pace.start", shortest, LONGEST_CLOCK)
        increment = _seconds(value.get("increment", 0), "pace.increment", 0.0, LONGEST_INCREMENT)
        return Pace(kind, start=start, increment=increment, grace=grace)
    if kind == TURN:
        days = value.get("days")
        if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= MOST_DAYS:
            raise TableError(
                "'pace.days' must be a whole number of days from 1 to {most}, not {value}",
                most=MOST_DAYS,
                value=_shown(days),
            )
        return Pace(kind, days=days, grace=grace)
    return Pace(kind, grace=grace)


def pace_from_form(fields: dict[str, str], shortest: float = SHORTEST_CLOCK) -> Pace:
    """The pace chosen in the lobby's form (``templates/pace_options.html``): ``pace``, and
    for a real-time table ``clock`` (a preset ``seconds+increment`` or ``custom`` with
    ``clock_minutes`` and ``clock_increment``), for a turn-based one ``turn_days``."""
    kind = fields.get("pace", clock.UNTIMED) or clock.UNTIMED
    body: dict[str, Any] = {"kind": kind}
    if kind == clock.REALTIME:
        chosen = fields.get("clock", "")
        if chosen == "custom":
            body["start"] = _number(fields.get("clock_minutes", ""), "clock_minutes") * 60
            increment = fields.get("clock_increment", "") or "0"
            body["increment"] = _number(increment, "clock_increment")
        else:
            presets = {f"{s}+{i}": (s, i) for s, i in CLOCK_PRESETS}
            if chosen not in presets:
                raise TableError(
                    "clock must be one of {presets} or custom, not {value}",
                    presets=", ".join(presets),
                    value=_shown(chosen),
                )
            body["start"], body["increment"] = presets[chosen]
    elif kind == TURN:
        body["days"] = int(_number(fields.get("turn_days", ""), "turn_days"))
    return pace_from_json(body, shortest)


def _number(text: str, name: str) -> float:
    try:
        value = float(text) if text.isascii() and len(text) <= 12 else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise TableError("{name} must be a number, not {value}", name=name, value=_shown(text))
    return value


def _seconds(value: Any, name: str, low: float, high: float) -> float:
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        # Compared first: an integer too large for a float is out of range, not an error.
        or not low <= value <= high
        or not math.isfinite(value)
    ):
        raise TableError(
            "'{name}' must be a number of seconds from {low} to {high}, not {value}",
            name=name,
            low=f"{low:g}",
            high=f"{high:g}",
            value=_shown(value),
        )
    return float(value)


def _shown(value: Any) -> str:
    """A value a client sent, named in an error without letting it run on."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


# ------------------------------------------------------------------ the tables in play


class PresenceChanged(TableError):
    """Who is away changed through another server while this one changed it."""

    def __init__(self) -> None:
        super().__init__(
            _("someone at this table left, came back or voted just now: look again, then ask again")
        )


class Referee:
    """The clocks of one server's tables: a timer per table whose time may run out, and
    the leaving, voting and coming back of its players."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.timers: dict[str, asyncio.TimerHandle] = {}

    def close(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()

    # ------------------------------------------------------------- timers

    def arm(self, table: LiveTable) -> None:
        """Wake when the running clock runs out or an absent seat's grace ends; none is
        kept for a finished table (or one with nothing that can run out)."""
        old = self.timers.pop(table.key, None)
        if old is not None:
            old.cancel()
        if table.kind != "live" or table.finished:
            return
        wake = self._next_wake(table, clock.clock())
        if wake is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # looked at outside the server (tools, tests): nothing runs
        self.timers[table.key] = loop.call_later(
            max(0.0, wake - clock.clock()), self._wake, table.key
        )

    @staticmethod
    def _next_wake(table: LiveTable, now: float) -> float | None:
        presence = table.presence
        st = presence.standing(table.state.current_player(), now)
        wake: list[float] = []
        if st.running is not None and st.running not in st.absent and st.runs_out is not None:
            wake.append(st.runs_out)
        grace = presence.pace.replace_after
        if grace is not None:
            wake += [e.at + grace for s, e in st.absent.items() if s not in st.replaced]
        return min(wake) if wake else None

    def _wake(self, key: str) -> None:
        self.timers.pop(key, None)
        task = asyncio.get_running_loop().create_task(self._woken(key))
        task.add_done_callback(_log_failure)

    async def _woken(self, key: str) -> None:
        # Looked up by its key: a table evicted meanwhile is loaded again (and armed anew).
        table = await self.tables.load(key)
        if table is not None:
            await self.check(table)

    async def check(self, table: LiveTable) -> None:
        """Make absent the seat whose time ran out, and let a bot play each absent seat
        whose grace is over (or that nobody is left to vote on)."""
        async with table.lock:
            if table.finished or table.kind != "live":
                return
            now = clock.clock()
            presence = table.presence
            step = len(table.state.history)
            st = presence.standing(table.state.current_player(), now)
            if st.running is not None and st.running not in st.absent and st.left[st.running] <= 0:
                presence = presence.with_event(Event(st.running, ABSENT, step, now))
            grace = presence.pace.replace_after
            if grace is not None:
                for seat, e in sorted(st.absent.items()):
                    if seat not in st.replaced and now >= e.at + grace:
                        presence = presence.with_event(Event(seat, REPLACED, step, now))
            presence = self._settle(table, presence, now)
            if presence is table.presence:
                self.arm(table)
                return
            try:
                await self._store(table, presence)
            except DatabaseDown:
                log.warning("table %s: its clocks wait for the database", table.key)
                self._retry(table)
                return
            except PresenceChanged:
                return  # looked at again as it is now, once shown
        await self._changed(table)

    def _retry(self, table: LiveTable) -> None:
        old = self.timers.pop(table.key, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self.timers[table.key] = loop.call_later(RETRY_SECONDS, self._wake, table.key)

    async def seated(self, table: LiveTable) -> None:
        """A seat was claimed: once none is open, the clocks may run (from now)."""
        presence = table.presence
        if presence.ready is not None or any(s.kind == "open" for s in table.seats):
            return
        presence.ready = clock.clock()
        stored = presence.to_json()  # the time alone is new: leaves and votes stay as stored
        why: object = None
        try:
            if not await asyncio.to_thread(
                self.tables.store.replace_presence, table.key, stored, stored
            ):
                why = "who is away changed through another server"
        except StorageUnavailable as e:
            why = e
        if why is not None:
            # The clocks run from this moment here; after a restart, from the last step.
            log.warning("table %s: the time everyone sat down is not stored: %s", table.key, why)
        self.arm(table)

    # ------------------------------------------------------------- players

    async def leave(self, table: LiveTable, viewer: Viewer, seat: Any) -> None:
        """A player leaves the table: their seat is absent until they come back."""
        already = _("you have left this table already")
        await self._presence_event(table, viewer, seat, LEFT, away=False, refusal=already)

    async def vote(self, table: LiveTable, viewer: Viewer, target: Any) -> None:
        """The seat this page shows votes to have a bot play absent seat ``target``."""
        voter = viewer.showing
        if viewer.role == "spectator" or voter is None or voter not in viewer.seats:
            raise TableError("only a player at this table may vote")
        seat = _seat_index(table, target)
        if seat == voter:
            raise TableError("you cannot vote on your own seat")
        async with table.lock:
            self._in_play(table)
            now = clock.clock()
            presence = table.presence
            st = presence.standing(table.state.current_player(), now)
            name = table.names[seat]
            if seat not in st.absent or seat in st.replaced:
                raise TableError("{name} is not away: there is nothing to vote on", name=name)
            if voter not in presence.voters(seat, st):
                raise TableError("an absent player cannot vote")
            if voter in presence.votes_for(seat, st):
                raise TableError("you have voted to replace {name} already", name=name)
            voted = presence.with_vote(seat, st.absent[seat].at, voter)
            await self._store(table, self._settle(table, voted, now))
        await self._changed(table)

    async def come_back(self, table: LiveTable, viewer: Viewer, seat: Any) -> None:
        """A player takes their seat back: they play it from their next decision on."""
        yours = _("your seat is yours already: there is nothing to take back")
        await self._presence_event(table, viewer, seat, BACK, away=True, refusal=yours)

    async def _presence_event(
        self,
        table: LiveTable,
        viewer: Viewer,
        seat: Any,
        what: str,
        *,
        away: bool,
        refusal: str,
    ) -> None:
        """Store that the page's own seat left (``LEFT``) or came back (``BACK``); refused
        with ``refusal`` unless the seat is ``away`` (absent or replaced) as the event
        needs. Settled as any change of presence is (a seat coming back replaces nobody,
        but the rule is one)."""
        own = self._own_seat(table, viewer, seat)
        async with table.lock:
            self._in_play(table)
            now = clock.clock()
            st = table.presence.standing(table.state.current_player(), now)
            if (own in st.absent or own in st.replaced) != away:
                raise TableError(refusal)
            step = len(table.state.history)
            # One leave per seat and move: each is stored and gone through at every drawing,
            # so leaving and coming back in a loop would grow them without end.
            if what == LEFT and any(
                e.seat == own and e.what == LEFT and e.step == step for e in table.presence.events
            ):
                raise TableError(
                    "you left this table at this move already: you may leave again after the "
                    "next move"
                )
            event = Event(own, what, step, now)
            await self._store(table, self._settle(table, table.presence.with_event(event), now))
        await self._changed(table)

    @staticmethod
    def _own_seat(table: LiveTable, viewer: Viewer, seat: Any) -> int:
        """The seat a page acts for: its own, or (a shared device) the one it names."""
        if viewer.role == "spectator" or not viewer.seats:
            raise TableError("a spectator can only watch")
        if seat is None:
            if viewer.showing in viewer.seats:
                return viewer.showing
            if len(viewer.seats) == 1:
                return next(iter(viewer.seats))
            raise TableError("say which seat: 'seat' is missing")
        index = _seat_index(table, seat)
        if index not in viewer.seats:
            raise TableError("this page does not play seat {seat}", seat=index)
        return index

    @staticmethod
    def _in_play(table: LiveTable) -> None:
        if table.kind != "live" or table.finished:
            raise TableError("the game is over")

    # ------------------------------------------------------------- shared

    @staticmethod
    def _settle(table: LiveTable, presence: Presence, now: float) -> Presence:
        """Let a bot play every absent seat its voters agreed on, or that has none left."""
        step = len(table.state.history)
        to_move = table.state.current_player()
        while True:
            st = presence.standing(to_move, now)
            for seat in sorted(st.absent):
                if seat in st.replaced:
                    continue
                voters = presence.voters(seat, st)
                if not voters or 2 * len(presence.votes_for(seat, st)) > len(voters):
                    presence = presence.with_event(Event(seat, REPLACED, step, now))
                    break
            else:
                return presence

    async def _store(self, table: LiveTable, presence: Presence) -> None:
        """Store the new presence, then make it the table's (under the table's lock).

        Raises :class:`PresenceChanged` when another server changed who is away first: the
        table takes that in, and the change asked for here is to be asked again."""
        store = self.tables.store
        try:
            stored = await asyncio.to_thread(
                store.replace_presence, table.key, table.presence.to_json(), presence.to_json()
            )
            if not stored:
                found = await asyncio.to_thread(store.load, table.key)
                if found is not None:
                    table.take_presence(found.presence)
        except StorageUnavailable as e:
            log.error("table %s: presence not stored: %s", table.key, e)
            raise DatabaseDown from e
        if not stored:
            # Shown on every page here once the lock is let go, as a change made here is.
            task = asyncio.get_running_loop().create_task(self._changed(table))
            task.add_done_callback(_log_failure)
            raise PresenceChanged
        table.presence = presence  # drawn anew: a table's drawings depend on it (mark())

    async def _changed(self, table: LiveTable) -> None:
        self.arm(table)
        await table.broadcast()
        self.tables.kick(table)  # a replaced seat to move is played at once


def _seat_index(table: LiveTable, value: Any) -> int:
    last = len(table.seats) - 1
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= last:
        raise TableError(
            "'seat' must be a seat number from 0 to {last}, not {value}",
            last=last,
            value=_shown(value),
        )
    return value


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a table's clock failed", exc_info=task.exception())
