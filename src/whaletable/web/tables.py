"""Live tables: the games in play, who may act for which seat, and what each viewer is sent.

Every viewer sees the game only through ``state.observation(seat)`` (``None`` for a
spectator); every accepted action is in the database before anyone hears of it.
Bots think in separate processes (``web.bots``) so that a long search never stalls other
tables, and a bot past its deadline is answered for by a quick random move.

A table keeps its state and record, never a view per step: logs and replays are rebuilt
from the record when asked, and a table nobody watches is evicted after a while and
loaded again from the database when it is next visited.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math
import random
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from whaletable import games
from whaletable.agents import has_agent, make_agent, parse_spec
from whaletable.core import CHANCE, Action, Game, Record, SeatView, State
from whaletable.core.errors import IllegalAction, WhaletableError
from whaletable.core.words import message as _  # translated on each page where shown
from whaletable.web import clock
from whaletable.web.boards import BoardView, board_for
from whaletable.web.bots import BotFailed, BotOverran, BotPool, think
from whaletable.web.frames import FRAMES_SENT, Framed, Recent, reveals
from whaletable.web.outbox import Shared
from whaletable.web.refusal import RefusedMove
from whaletable.web.result import result_message
from whaletable.web.seat_names import twins
from whaletable.web.storage import (
    ASK,
    GIVE,
    Note,
    StaleWrite,
    StorageUnavailable,
    Store,
    StoredTable,
)
from whaletable.web.text import clean_name, clean_word, printable

BOT_LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "heuristic",
    "hard": "mcts:time=0.9",
}
"""The strength levels offered in the lobby and the bot behind each.

"hard" is the game's tuned search (its settings registered in the game's ``bots.py``),
guided by the heuristic, within 0.9 s a move: a table never waits long for it.
"""

QUICK_BOT = "random"  # needs no search: played in the server itself, and the fallback
BOTS_ONLY_PACE = 0.2  # seconds per step at a table of bots alone, in the web app
IDLE_SECONDS = 60.0  # a table nobody watches is evicted from memory after this long
SWEEP_SECONDS = 10.0  # how often idle tables are looked for
RETRY_PLAY_SECONDS = (1.0, 10.0)  # a table waiting for its database tries again this often
# Shared database: a table whose bot or chance is to move, unchanged this long, is played
# on by any server holding it (the server that moved last, which plays it, may be gone).
TAKEOVER_SECONDS = 15.0
WATCH_SECONDS = 1.0  # how often such tables are looked for
# A server following a table of bots alone that a page of its own watches asks its player
# for it at most this often (a player showing a page of it refuses, and may not later).
ASK_SECONDS = 2.0
# A table looked up this recently may be about to be joined by the page that looked it up
# (a socket looks its table up, then joins it): it is neither dropped nor given away.
JOINING_SECONDS = 1.0


# What the table's log says of a quick move played for a bot (a gettext template).
OVERRAN = _("{name} took too long to move, so a quick move was played instead")
FAILED = _("{name} could not move, so a quick move was played instead")

log = logging.getLogger(__name__)


class TableError(WhaletableError):
    """A request about a table that cannot be done (unknown token, not your turn, …).

    The message is a gettext template with ``{placeholders}``, so each page shows it in
    its own language (``make catalogs`` extracts every ``TableError("…")``).
    """

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))

    def translated(self, tr: Callable[[str], str]) -> str:
        return tr(self.template).format(**self.params)


def refuse_twin_names(names: Sequence[str]) -> None:
    """Refuse a table where two seats would answer to one name (:mod:`seat_names`)."""
    pair = twins(names)
    if pair is not None:
        first, second = pair
        raise TableError(
            "seats {first} and {second} have the same name, {name}: "
            "give each seat a name of its own",
            first=first + 1,
            second=second + 1,
            name=names[second],
        )


def message_in(error: Exception, tr: Callable[[str], str]) -> str:
    """An error's message in the viewer's language where a catalog has it."""
    return error.translated(tr) if isinstance(error, TableError) else str(error)


class DatabaseDown(TableError):
    """The database did not answer in time: the move was not taken, nothing changed."""

    def __init__(self) -> None:
        super().__init__(
            _("the table's database is not answering, so nothing was changed: try again shortly")
        )


def new_token() -> str:
    return secrets.token_urlsafe(16)


def token_digest(token: str) -> bytes:
    """What a secret link is looked up by.

    A lookup compares the digest of what a stranger sent, not the secret itself, so how
    long a comparison takes tells nothing about how much of a real token was guessed.
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def new_key() -> str:
    return secrets.token_hex(6)


@dataclass
class SeatConfig:
    """Who sits in a seat: a named human, an open seat to claim, or a bot of a level.

    ``claimed`` marks a seat a stranger took from the lobby: it answers to the link it was
    claimed with alone, never to the table's hot-seat link.
    """

    kind: str  # "human" | "open" | "bot"
    name: str
    bot: str | None = None
    token: str = field(default_factory=new_token)
    claimed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "token": self.token,
            "claimed": self.claimed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatConfig:
        # A stored name is printed on every page: whatever a row holds, it must print.
        name = data.get("name")
        return cls(
            kind=data["kind"],
            name=printable(name) if isinstance(name, str) else "?",
            bot=data.get("bot"),
            token=data["token"],
            claimed=data.get("claimed") is True,
        )


@dataclass(frozen=True)
class TableSettings:
    """What a table's creator chose beside the game's options, stored with the table.

    ``advice``: whether the players may ask for advice from what their seat sees (on
    by default). ``pace``: untimed, real-time or turn-based clocks (see ``web.clock``).
    A table stored before it had settings, or with a damaged entry, reads as the defaults.
    """

    advice: bool = True
    pace: clock.Pace = field(default_factory=clock.Pace)

    def to_json(self) -> dict[str, Any]:
        return {"advice": self.advice, "pace": self.pace.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        advice = data.get("advice")
        return cls(
            advice=advice if isinstance(advice, bool) else cls.advice,
            pace=clock.Pace.from_json(data.get("pace")),
        )


def bot_spec(game_id: str, level: str) -> str:
    """The bot behind a level, falling back to MCTS for games without a heuristic."""
    spec = BOT_LEVELS[level]
    if not has_agent(games.get(game_id), parse_spec(spec)[0]):
        spec = BOT_LEVELS["hard"]
    return spec


Send = Callable[[dict[str, Any]], Awaitable[None]]
SendLatest = Callable[[Callable[[], dict[str, Any]]], None]


@dataclass(eq=False)
class Viewer:
    """One open page: a seat's, a spectator's, or a device shared by several seats (hot-seat)."""

    send: Send
    tr: Callable[[str], str]
    lang: str
    role: str  # "seat" | "spectator" | "hotseat"
    seats: frozenset[int]  # the seats this page may act for
    showing: int | None = None  # the seat whose view the page shows
    pending: int | None = None  # hot-seat: waiting for this seat to take the device
    # Where the page's writer takes the state lazily (a socket's outbox): it is drawn when
    # the page is ready for it, the latest one only. Without it each state is drawn and sent.
    send_latest: SendLatest | None = None
    # The table's ``changes`` and step when this page was last drawn a state: the steps
    # after it are sent along with the next one, for the page to show one by one.
    seen: tuple[int, int] | None = None


@dataclass
class Log:
    """A table's log in one language as one seat (or a spectator) may read it, and where
    each step's lines end (so that taking a step back drops its lines instead of
    replaying the game)."""

    tr: Callable[[str], str]
    seat: int | None
    lines: list[str] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)  # len(lines) after each step

    def add(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        self.ends.append(len(self.lines))

    def take_back(self) -> None:
        self.ends.pop()
        del self.lines[self.ends[-1] if self.ends else 0 :]


class LiveTable:
    """One game in play (or finished, for replays) and the pages watching it."""

    def __init__(self, stored: StoredTable) -> None:
        self.key = stored.key
        self.game = games.get(stored.game)
        self.board: BoardView[Any] = board_for(stored.game)
        self.seats = [SeatConfig.from_json(s) for s in stored.seats]
        self.spectator_token = stored.spectator_token
        self.hotseat_token = stored.hotseat_token
        self.seed = stored.seed
        self.kind = stored.kind
        self.next_key = stored.next_key
        self.options = stored.options
        self.settings = TableSettings.from_json(stored.settings)
        self.created = stored.created
        self.state: State = self.game.new_state(stored.num_players, stored.options, events=True)
        actors = []
        for data in stored.actions:
            actors.append(self.state.current_player())
            self.state.apply(self.game.action_from_json(data))
        # Clocks and absent seats, from the stored steps' times (see web.clock).
        everyone_seated = all(s.kind != "open" for s in self.seats)
        self.presence = clock.Presence.load(
            self.settings.pace,
            self.human_seats,
            stored.presence,
            stored.created if everyone_seated else None,
            stored.times,
            actors,
        )
        self.notes: dict[int, Note] = dict(stored.notes)  # step → why it was played so
        # The log of each language and seat a page reads, extended as steps are added;
        # rebuilt from the record for one not seen yet (no view is kept per step).
        self._log: dict[tuple[str, int | None], Log] = {}
        # The drawings of the current state, one per thing a page may see (see drawing()),
        # kept while ``changes`` and the names stay what they were when drawn.
        self.changes = 0
        self._drawn: dict[tuple[Any, ...], Shared] = {}
        self._drawn_for: tuple[Any, ...] = ()
        # The last few states, and each one's drawings (by its ``changes`` and the page):
        # the frames of steps a page has not seen yet (see ``web.frames``).
        self.recent = Recent(self.state)
        self._frames: dict[tuple[Any, ...], Shared] = {}
        self.lock = asyncio.Lock()
        self.viewers: set[Viewer] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.unsure: int | None = None  # a step whose write may or may not have landed
        self.last_used = time.monotonic()
        self.looked_up = -math.inf  # when a request here last looked it up
        self.changed_at = time.monotonic()  # when the state last changed, here or elsewhere
        # Shared database: another server changed the game, so it plays the bots now.
        self.moved_elsewhere = False
        self.asked_at = -math.inf  # when this server last asked its player for it

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def hotseat_seats(self) -> frozenset[int]:
        """The seats the hot-seat link acts for: its creator's, never one claimed since."""
        return frozenset(i for i, s in enumerate(self.seats) if s.kind == "human" and not s.claimed)

    def human_seats(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.seats) if s.kind == "human")

    def player_of(self, seat: int) -> SeatConfig:
        """Who plays ``seat`` now: its own player, or the bot standing in for an absent one."""
        config = self.seats[seat]
        if config.kind == "human" and seat in self.presence.replaced_seats():
            return SeatConfig(kind="bot", name=config.name, bot=clock.STAND_IN, token="")
        return config

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def bots_only(self) -> bool:
        return all(s.kind == "bot" for s in self.seats)

    @property
    def playing(self) -> bool:
        """Chance and bots are being played here (this server's task for it runs)."""
        return self.bot_task is not None and not self.bot_task.done()

    def unwatched(self, now: float) -> bool:
        """No page here shows it, and none is about to (see ``JOINING_SECONDS``)."""
        return not self.viewers and now - self.looked_up >= JOINING_SECONDS

    def summary(self) -> TableSummary:
        return TableSummary(self.key, self.game, self.names, self.created, self.kind, self.finished)

    def _advance(
        self, action: Action, note: Note | None = None, after: State | None = None
    ) -> None:
        """Make ``action`` the next step; ``after`` is this state with it applied already
        (the copy it was checked on), so it is not applied twice."""
        actor = self.state.current_player()
        if after is None:  # applied to a copy: the state before it is kept unchanged
            after = self.state.clone()
            after.apply(action)
        self.state = after
        self.recent.add(after)
        self.changes += 1
        self.changed_at = time.monotonic()
        self.presence.moved(actor, clock.clock())
        step = len(self.state.history) - 1
        if note is not None:
            self.notes[step] = note
        for log in self._log.values():
            log.add(self._lines(self.state, step, action, actor, log.tr, log.seat))

    def take_back(self) -> None:
        """Undo the last step (already dropped from the database)."""
        self.state = self.state.undo()
        self.recent.restart(self.state)
        self.changes += 1
        self.changed_at = time.monotonic()
        self.presence.took_back()
        self.notes.pop(len(self.state.history), None)
        for log in self._log.values():
            log.take_back()

    def record(self) -> Record:
        # Who was replaced by a bot, and from which step, goes with the record.
        spells = self.presence.replaced_list(self.state.current_player(), self.names)
        replaced = {"replaced": spells} if spells else {}
        return Record.of(self.state, seats=self.names, table=self.key, **replaced)

    def catch_up(self, stored: list[dict[str, Any]], notes: dict[int, Note]) -> bool:
        """Make the state the stored record's (another server wrote or dropped steps);
        True if anything changed."""
        mine = [a.to_json() for a in self.state.history]
        if mine == stored:
            return False
        if stored[: len(mine)] == mine:
            for step in range(len(mine), len(stored)):
                note = notes.get(step)
                self._advance(self.game.action_from_json(stored[step]), note)
        elif mine[:-1] == stored and self.state.can_undo():
            self.take_back()
        else:  # anything else: the game again from its record
            state = self.game.new_state(self.state.num_players, self.options, events=True)
            actors = []
            for data in stored:
                actors.append(state.current_player())
                state.apply(self.game.action_from_json(data))
            self.state = state
            self.presence.retold(actors, clock.clock())
            self.recent.restart(state)
            self.notes = dict(notes)
            self._log.clear()
            self.changes += 1
            self.changed_at = time.monotonic()
        self.moved_elsewhere = True
        return True

    def take_presence(self, stored: dict[str, Any]) -> bool:
        """Make the leaves, votes and bots in seats the stored ones (another server
        stored them); True if anything changed. The clocks' times stay this table's:
        they come from the steps."""
        p = self.presence
        taken = clock.Presence.load(p.pace, p.humans, stored, p.ready, p.times, p.actors)
        if taken.to_json() == p.to_json():
            return False
        self.presence = taken  # drawn anew: the drawings are kept by its mark()
        return True

    def chance_rng(self) -> random.Random:
        """Chance at each step comes from the table's seed, so a table is reproducible."""
        digest = hashlib.sha256(f"{self.seed}:{len(self.state.history)}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    # ------------------------------------------------------------- messages

    def _lines(
        self,
        state: State,
        step: int,
        action: Action,
        actor: int,
        tr: Callable[[str], str],
        seat: int | None,
    ) -> list[str]:
        """What the log says of ``step``, just applied to ``state``: what happened, as
        ``seat`` (``None``: a spectator) may know it, and why it was played so."""
        events = state.step_events(seat, step)
        lines = self.game.step_lines(events, action, actor, self.names, tr)
        note = self.notes.get(step)
        if note is not None:
            lines.append(tr(note[0]).format(**note[1]))
        return lines

    def log_lines(self, lang: str, tr: Callable[[str], str], seat: int | None = None) -> list[str]:
        """The log in one language as ``seat`` may read it: its own secrets in it, no
        one else's (kept per language and seat in use, not per step)."""
        log = self._log.get((lang, seat))
        if log is None:
            log = self._log[lang, seat] = Log(tr, seat)
            state = self.game.new_state(self.state.num_players, self.options, events=True)
            for step, action in enumerate(self.state.history):
                actor = state.current_player()
                state.apply(action)
                log.add(self._lines(state, step, action, actor, tr, seat))
        return list(log.lines)

    def describe(self, start: int, stop: int, tr: Callable[[str], str]) -> list[str]:
        """The log lines of steps ``start``..``stop``, replayed from the record."""
        return self.replay(stop, tr, start)[1]

    def replay(
        self, stop: int, tr: Callable[[str], str], log_from: int = 0
    ) -> tuple[State, list[str]]:
        """The game after ``stop`` steps and its log from step ``log_from``, from the record."""
        state = self.game.new_state(self.state.num_players, self.options, events=True)
        lines: list[str] = []
        for step, action in enumerate(self.state.history[:stop]):
            actor = state.current_player()
            state.apply(action)
            if step >= log_from:
                lines.extend(self._lines(state, step, action, actor, tr, None))
        return state, lines

    def message_for(self, viewer: Viewer) -> dict[str, Any]:
        seat = viewer.showing
        acting = (
            seat is not None
            and seat == self.state.current_player()
            and seat in viewer.seats
            and self.player_of(seat).kind == "human"
        )
        log = self.log_lines(viewer.lang, viewer.tr, seat)
        drawn = self._draw(self.state, self.changes, seat, acting, viewer.tr, log)
        # The clocks are of now: a frame of a step gone by carries none.
        drawn["clocks"] = self.presence.message(
            self.state.current_player(), self.names, seat, clock.clock(), acts_for(viewer)
        )
        return drawn

    def _draw(
        self,
        state: State,
        version: int,
        seat: int | None,
        acting: bool,
        tr: Callable[[str], str],
        log: list[str],
    ) -> dict[str, Any]:
        """``state`` drawn from ``seat``'s observation (``None``: a spectator's); its legal
        actions offered when ``acting``."""
        obs = state.observation(seat)
        legal = state.legal_actions() if acting else []
        step = len(state.history)
        # What the last step touched, as this seat may know it, is highlighted.
        events = state.step_events(seat, step - 1)
        return {
            "type": "state",
            "key": self.key,
            "step": step,
            # Which state this is, even where an undo came back to the same step: what
            # the page was told of an earlier state (advice) is dropped by it.
            "version": version,
            "board": self.board.svg(obs, legal, self.names, tr, events=events),
            "actions": [
                {"label": self.board.label(a, obs, self.names, tr), "action": a.to_json()}
                for a in legal
            ],
            "log": log,
            "status": self.board.status(obs, self.names, tr),
            "can_undo": acting and state.can_undo(),
            "finished": state.is_terminal(),
            "result": result_message(self.board, obs, self.names, tr),
            "you": seat if acting else None,
            "reveal": reveals(events),
        }

    def frames_for(self, viewer: Viewer) -> list[Shared]:
        """The steps played since ``viewer`` was last drawn a state, each drawn for it as a
        frame to show before the latest state: nothing to click, the log up to that step.

        None when the page is new, saw a step taken back (``changes`` counts one per step
        only while steps are just added), or is further behind than the states kept.
        """
        if viewer.seen is None:
            return []
        changes, seen = viewer.seen
        now = len(self.state.history)
        if self.changes - changes != now - seen:
            return []
        states = self.recent.between(seen, now)
        if states is None:
            return []
        seat = viewer.showing
        log = self._log.get((viewer.lang, seat))
        if log is None:
            return []
        oldest = self.changes - FRAMES_SENT  # a frame of a state no longer kept is dropped
        for key in [k for k in self._frames if k[0] < oldest]:
            del self._frames[key]
        frames = []
        for state in states:
            step = len(state.history)
            version = self.changes - (now - step)
            same = (version, seat, viewer.lang, *self.names)
            frame = self._frames.get(same)
            if frame is None:
                lines = log.lines[: log.ends[step - 1]] if step else []
                drawn = self._draw(state, version, seat, False, viewer.tr, lines)
                frame = self._frames[same] = Shared(drawn, frame=True)
            frames.append(frame)
        return frames

    def framed(self, viewer: Viewer) -> Shared:
        """The latest state for ``viewer``, with the frames of the steps it has not seen."""
        frames = self.frames_for(viewer)
        latest = self.drawing(viewer)
        viewer.seen = (self.changes, len(self.state.history))
        return Framed(latest, frames) if frames else latest

    def drawing(self, viewer: Viewer) -> Shared:
        """What ``viewer`` may see now, drawn once for every page that sees the same.

        Pages see the same when they show the same seat (or none), may act for it or not
        alike, act for the same seats (whose clocks' buttons they show) and read one
        language: nothing else of a page goes into its message. The drawings are kept for
        the current state and names only.
        """
        clocks = self.presence.mark(self.state.current_player(), clock.clock())
        now = (self.changes, clocks, *self.names)
        if now != self._drawn_for:
            self._drawn.clear()
            self._drawn_for = now
        same = (viewer.showing, viewer.showing in viewer.seats, acts_for(viewer), viewer.lang)
        message = self._drawn.get(same)
        if message is None:
            message = self._drawn[same] = Shared(self.message_for(viewer))
        return message

    async def show(self, viewer: Viewer) -> None:
        """Send ``viewer`` what it may see now, handing a shared device over first if needed.

        A page with a writer of its own is owed the latest state, drawn when its writer
        sends it (a page that falls behind skips states instead of piling them up).
        """
        self.last_used = time.monotonic()
        to_move = self.state.current_player()
        if viewer.role == "hotseat" and to_move in viewer.seats and viewer.showing != to_move:
            # Hide the last seat's private view before the next player looks at the screen.
            viewer.pending = to_move
            viewer.seen = None  # the next player sees its board, not the steps before it
            await viewer.send({"type": "handover", "to": to_move, "name": self.names[to_move]})
            return
        if viewer.send_latest is not None:
            viewer.send_latest(lambda: self.framed(viewer))
        else:
            await viewer.send(self.framed(viewer))

    async def broadcast(self, first: Viewer | None = None) -> None:
        """Show every page the new state; ``first`` (the page that moved) hears first."""
        viewers = list(self.viewers)
        if first in self.viewers:
            viewers.remove(first)
            viewers.insert(0, first)
        for viewer in viewers:
            try:
                await self.show(viewer)
            except Exception:  # a page that went away; its socket handler cleans up
                log.info("a page of table %s stopped listening", self.key, exc_info=True)
                self.viewers.discard(viewer)

    def idle(self, now: float, after: float) -> bool:
        """Nobody watches, nothing runs, and nothing happened for ``after`` seconds."""
        return (
            not self.viewers
            and not self.playing
            and not self.lock.locked()
            and now - self.last_used >= after
        )


@dataclass
class TableSummary:
    """What the lobby shows of a table that is not in memory."""

    key: str
    game: Game[Any]
    names: list[str]
    created: float
    kind: str
    finished: bool


@dataclass
class OpenTable:
    """A game in play with a seat open, as the lobby lists it."""

    key: str
    game: Game[Any]
    seats: list[SeatConfig]


class TableCache(MutableMapping[str, LiveTable]):
    """The tables in memory; an evicted table is loaded again when it is looked up.

    ``in``, ``[]`` and ``get`` know every table (evicted ones included); iterating and
    ``len`` see the tables in memory only.
    """

    def __init__(
        self,
        reload: Callable[[str], LiveTable | None],
        evicted: dict[str, Any],
        discover: Callable[[str], bool] | None = None,
    ) -> None:
        self._live: dict[str, LiveTable] = {}
        self._reload = reload
        self._evicted = evicted
        # Shared database: a key not known here may be a table another server made.
        self._discover = discover

    def __getitem__(self, key: str) -> LiveTable:
        table = self._live.get(key)
        if table is None and key not in self._evicted and self._discover is not None:
            self._discover(key)
        if table is None:
            table = self._reload(key) if key in self._evicted else None
            if table is None:
                raise KeyError(key)
            self._live[key] = table
        table.last_used = table.looked_up = time.monotonic()
        return table

    def __contains__(self, key: object) -> bool:
        if key in self._live or key in self._evicted:
            return True
        return isinstance(key, str) and self._discover is not None and self._discover(key)

    def __setitem__(self, key: str, table: LiveTable) -> None:
        self._live[key] = table

    def __delitem__(self, key: str) -> None:
        del self._live[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._live)

    def __len__(self) -> int:
        return len(self._live)

    def held(self, key: str) -> LiveTable | None:
        """The table if it is in memory (nothing is loaded, no visit is counted)."""
        return self._live.get(key)

    def in_memory(self) -> list[LiveTable]:
        """The tables in memory, without counting this as a visit to each."""
        return list(self._live.values())


def acts_for(viewer: Viewer) -> frozenset[int]:
    """The seats a page may leave, vote for or take back (a spectator's: none)."""
    return frozenset() if viewer.role == "spectator" else viewer.seats


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a table's play task failed", exc_info=task.exception())


class Tables:
    """All live tables of one server, their tokens, persistence and bots."""

    def __init__(
        self,
        store: Store,
        bots: BotPool | None = None,
        *,
        idle_seconds: float = IDLE_SECONDS,
        sweep_seconds: float = SWEEP_SECONDS,
        bot_deadline: float | None = None,
        bots_only_pace: float = 0.0,
        seed: int | None = None,
        shared: bool = False,
        takeover_seconds: float = TAKEOVER_SECONDS,
    ) -> None:
        self.store = store
        # Other servers write to the same database (PostgreSQL): tables and links made
        # there are looked up in it, and their steps are heard (``heard``) and caught up.
        self.shared = shared
        self.takeover_seconds = takeover_seconds
        self.name = new_key()  # this server, as a handover names it
        self.watcher: asyncio.Task[None] | None = None
        # Table seeds: secret random bits, or drawn in order from ``seed`` so that a demo or a
        # test server deals the same games every time (anyone knowing it foresees the dice).
        self.seeds: random.Random | None = None if seed is None else random.Random(seed)
        # Seconds between steps at a table of bots alone: people watch it, and a table that
        # played flat out would take the server's time from people's tables.
        self.bots_only_pace = bots_only_pace
        self.bots = bots
        self.idle_seconds = idle_seconds
        self.sweep_seconds = min(sweep_seconds, max(idle_seconds, 0.5))
        # Without a pool (tests, tools) bots think in a thread, under the same deadline.
        self.bot_deadline = bots.deadline if bots is not None else bot_deadline or 10.0
        self.evicted: dict[str, TableSummary] = {}
        self.tables: TableCache = TableCache(
            self._reload, self.evicted, self._discover_key if shared else None
        )
        # digest of a token → (key, role, seat); see token_digest.
        self.tokens: dict[bytes, tuple[str, str, int | None]] = {}
        self.sweeper: asyncio.Task[None] | None = None
        from whaletable.web.pace import Referee  # built on this module

        # Clocks and absent players: the timers of every table in play, and their votes.
        self.referee = Referee(self)
        # Told of every step this server stores, with the seat that moved (web.alerts):
        # it must neither wait nor raise.
        self.on_step: Callable[[LiveTable, int], None] | None = None

    # ------------------------------------------------------------- creating

    def _index(self, t: LiveTable) -> None:
        self.tables[t.key] = t
        self._index_tokens(
            t.key, [s.to_json() for s in t.seats], t.spectator_token, t.hotseat_token
        )

    def _index_tokens(
        self, key: str, seats: list[dict[str, Any]], spectator: str, hotseat: str | None
    ) -> None:
        self.tokens[token_digest(spectator)] = (key, "spectator", None)
        if hotseat:
            self.tokens[token_digest(hotseat)] = (key, "hotseat", None)
        for i, s in enumerate(seats):
            if s["kind"] == "human":
                self.tokens[token_digest(s["token"])] = (key, "seat", i)

    def create(
        self,
        game_id: str,
        seats: list[SeatConfig],
        options: Any = None,
        hotseat: bool = False,
        *,
        kind: str = "live",
        actions: list[dict[str, Any]] | None = None,
        settings: TableSettings | None = None,
    ) -> LiveTable:
        """Validate and store a new table; raises a WhaletableError naming what was wrong."""
        stored, table = self._new_table(
            game_id, seats, options, hotseat, kind, actions, settings or TableSettings()
        )
        self.store.add_table(stored)
        self._place(table)
        return table

    async def acreate(
        self,
        game_id: str,
        seats: list[SeatConfig],
        options: Any = None,
        hotseat: bool = False,
        *,
        kind: str = "live",
        actions: list[dict[str, Any]] | None = None,
        settings: TableSettings | None = None,
    ) -> LiveTable:
        """:meth:`create` for the server: the table is stored (a disk sync) off the event loop,
        so a new table never holds up the moves of the others."""
        stored, table = self._new_table(
            game_id, seats, options, hotseat, kind, actions, settings or TableSettings()
        )
        await asyncio.to_thread(self.store.add_table, stored)
        self._place(table)
        return table

    def _place(self, table: LiveTable) -> None:
        """Hold a new table here, or, on a shared database, leave a table people play to the
        server its first page reaches: the proxy sends a table's pages to one server, and a
        copy kept here as well would replay every move a second time."""
        if self.shared and any(s.kind != "bot" for s in table.seats):
            self.evicted[table.key] = table.summary()
            self._index_tokens(
                table.key,
                [s.to_json() for s in table.seats],
                table.spectator_token,
                table.hotseat_token,
            )
        else:
            self._index(table)
            self.referee.arm(table)

    def _new_table(
        self,
        game_id: str,
        seats: list[SeatConfig],
        options: Any,
        hotseat: bool,
        kind: str,
        actions: list[dict[str, Any]] | None,
        settings: TableSettings,
    ) -> tuple[StoredTable, LiveTable]:
        game = games.get(clean_word(game_id, "game"))
        opts = game.make_options(options)
        game.new_state(len(seats), opts)  # checks the player count and the options together
        unnamed_bots = Counter(
            s.bot for s in seats if s.kind == "bot" and not s.name and isinstance(s.bot, str)
        )
        for i, s in enumerate(seats):
            if not isinstance(s.kind, str) or s.kind not in ("human", "open", "bot"):
                raise TableError(
                    "seat {seat}: kind must be human, open or bot, not {kind}",
                    seat=i + 1,
                    kind=repr(s.kind),
                )
            if s.kind != "bot" and s.bot is not None:
                raise TableError("seat {seat}: only a bot seat has a bot level", seat=i + 1)
            if s.kind == "bot":
                if not isinstance(s.bot, str) or s.bot not in BOT_LEVELS:
                    raise TableError(
                        "seat {seat}: bot level must be one of {levels}, not {level}",
                        seat=i + 1,
                        levels=", ".join(BOT_LEVELS),
                        level=repr(s.bot),
                    )
                if not s.name:
                    # Unnamed bots of one level are told apart by their seat number.
                    alike = unnamed_bots[s.bot]
                    s.name = f"{s.bot} bot" if alike == 1 else f"{s.bot} bot {i + 1}"
            s.name = clean_name(s.name, f"seat {i + 1}: name") or f"Player {i + 1}"
        refuse_twin_names([s.name for s in seats])
        humans = [s for s in seats if s.kind == "human"]
        stored = StoredTable(
            key=new_key(),
            game=game_id,
            num_players=len(seats),
            options=game.options_to_json(opts),
            seats=[s.to_json() for s in seats],
            spectator_token=new_token(),
            hotseat_token=new_token() if hotseat and len(humans) >= 1 else None,
            seed=secrets.randbits(62) if self.seeds is None else self.seeds.getrandbits(62),
            kind=kind,
            finished=kind == "replay",
            settings=settings.to_json(),
            actions=actions or [],
        )
        # LiveTable replays uploaded actions, and raises if they do not replay.
        return stored, LiveTable(stored)

    def resume(self) -> int:
        """Index every stored table (after a restart) and set play going again.

        Games in play are loaded; finished games and uploaded records stay in the database
        until someone visits them.
        """
        count = 0
        for stored in self.store.load_for_resume():
            if stored.kind == "live" and not stored.finished:
                try:
                    table = LiveTable(stored)
                except WhaletableError as e:
                    # One table that no longer replays (a game or board removed, a damaged
                    # row) must not keep every other game from resuming.
                    log.error("table %s is not resumed: %s", stored.key, e)
                    continue
                self._index(table)
            else:
                try:
                    game = games.get(stored.game)
                except WhaletableError as e:
                    log.error("table %s is not resumed: %s", stored.key, e)
                    continue
                names = [str(s.get("name", "")) for s in stored.seats]
                self.evicted[stored.key] = TableSummary(
                    stored.key, game, names, stored.created, stored.kind, stored.finished
                )
                self._index_tokens(
                    stored.key, stored.seats, stored.spectator_token, stored.hotseat_token
                )
            count += 1
        return count

    def start_all(self) -> None:
        for table in self.tables.in_memory():
            self.kick(table)
            self.referee.arm(table)
        if self.sweeper is None:
            self.sweeper = asyncio.get_running_loop().create_task(self._sweep())
            self.sweeper.add_done_callback(_log_failure)
        if self.shared and self.watcher is None:
            self.watcher = asyncio.get_running_loop().create_task(self._watch())
            self.watcher.add_done_callback(_log_failure)

    # ------------------------------------------------- a database shared by servers

    def heard(self, key: str | None, steps: int) -> None:
        """Another server (or this one) announced table ``key`` has ``steps`` steps;
        ``None``: announcements may have been missed, so every table catches up."""
        chosen = self.tables.in_memory() if key is None else [self.tables.held(key)]
        if key is None:
            log.warning("%d tables held here are caught up from the database", len(chosen))
        loop = asyncio.get_running_loop()
        now = time.monotonic()
        for table in chosen:
            if table is None or (len(table.state.history) == steps and table.unsure is None):
                continue  # not held here, or known already (this server's own step)
            if table.idle(now, 0.0) and table.unwatched(now):
                # Moved elsewhere, with no page here and nothing playing here: following it
                # would read every step for nobody. A page here loads it again.
                self._evict(table)
                continue
            if (
                key is not None
                and table.bots_only
                and table.viewers
                and not table.playing
                and now - table.asked_at >= ASK_SECONDS
            ):
                # Played elsewhere and watched here: played here, it is read by nobody else.
                table.asked_at = now
                self._say(table.key, ASK, self.name)
            task = loop.create_task(self._hear(table, steps))
            task.add_done_callback(_log_failure)

    def handed(self, key: str, word: str, server: str) -> None:
        """``server`` asked for table ``key`` (ASK), or was given it (GIVE)."""
        if word == ASK and server != self.name:
            table = self.tables.held(key)
            if table is not None and table.bots_only and table.playing:
                task = asyncio.get_running_loop().create_task(self._give(table, server))
                task.add_done_callback(_log_failure)
        elif word == GIVE and server == self.name:
            task = asyncio.get_running_loop().create_task(self._take(key))
            task.add_done_callback(_log_failure)

    async def _give(self, table: LiveTable, asker: str) -> None:
        """Stop playing ``table`` and hand it to ``asker``, unless a page here shows it."""
        async with table.lock:  # the step in hand, if any, is stored first
            if (
                self.tables.held(table.key) is not table
                or not table.playing
                or table.moved_elsewhere
            ):
                return  # given to another asker already, or no longer played here
            if not table.unwatched(time.monotonic()):
                log.info("table %s stays here: a page here shows it", table.key)
                return
            # Its task stops at its next look, storing nothing more; a page here later
            # loads the table again and follows it.
            table.moved_elsewhere = True
            self._evict(table)
        log.info("table %s is handed to the server of its page", table.key)
        await self._said(table.key, GIVE, asker)

    async def _take(self, key: str) -> None:
        """Play a table handed over to this server (its page here may have left
        meanwhile: played here all the same, as it was by the server that made it)."""
        table = await self.load(key)
        if table is not None and table.kind == "live" and not table.finished:
            await self._play_here(table, "handed over")

    def _say(self, key: str, word: str, server: str) -> None:
        task = asyncio.get_running_loop().create_task(self._said(key, word, server))
        task.add_done_callback(_log_failure)

    async def _said(self, key: str, word: str, server: str) -> None:
        try:
            await asyncio.to_thread(self.store.hand_over, key, word, server)
        except StorageUnavailable as e:
            # Unheard, the table is played on after the takeover time by a server holding
            # it (a GIVE), or stays where it is (an ASK, said again at a later step).
            log.warning("table %s: %s not said: %s", key, word, e)

    async def _hear(self, table: LiveTable, steps: int) -> None:
        steps_only = steps >= 0
        async with table.lock:
            if steps_only and len(table.state.history) == steps and table.unsure is None:
                # This server's own step, announced at its commit and heard before the
                # table (whose lock its writer held) had taken it: nothing to read back.
                return
            try:
                changed = await self._catch_up(table, steps_only)
            except (StorageUnavailable, WhaletableError) as e:
                log.warning("table %s not caught up: %s", table.key, e)
                return
        if changed:
            await table.broadcast()

    async def _catch_up(self, table: LiveTable, steps_only: bool = False) -> bool:
        """The table as stored now (its lock held); True if it changed.

        ``steps_only``: only steps were added or dropped (not seats changed), so the steps
        from this table's last one on are read, and the whole table only if that last
        step is no longer the stored one (an undo).
        """
        if steps_only:
            history = table.state.history
            start = max(len(history) - 1, 0)
            tail, notes = await asyncio.to_thread(self.store.steps_from, table.key, start)
            kept = len(history) - start  # the table's last step, read again to compare
            if len(tail) >= kept and (kept == 0 or tail[0] == history[-1].to_json()):
                changed = False
                for step in range(len(history), start + len(tail)):
                    table._advance(table.game.action_from_json(tail[step - start]), notes.get(step))
                    table.moved_elsewhere = changed = True
                if changed and table.finished:
                    await self._mark_finished(table)
                return changed
        stored = await asyncio.to_thread(self.store.load, table.key)
        if stored is None:
            return False
        seated = [s.to_json() for s in table.seats] != stored.seats
        if seated:  # a seat claimed through another server
            self._take_in(stored)
            table.changes += 1
        changed = table.catch_up(stored.actions, stored.notes) or seated
        if table.take_presence(stored.presence):  # a leave or a vote through another server
            self.referee.arm(table)
            changed = True
        if changed and table.finished:
            await self._mark_finished(table)
        return changed

    async def _watch(self) -> None:
        """Play on tables whose bot or chance waits on a server that stopped answering."""
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            now = time.monotonic()
            for table in self.tables.in_memory():
                if (
                    table.kind != "live"
                    or table.finished
                    or table.playing
                    or now - table.changed_at < self.takeover_seconds
                    or not self._machine_to_move(table)
                ):
                    continue
                await self._play_here(table, "taken over")

    async def _play_here(self, table: LiveTable, why: str) -> None:
        """Catch the table up and play its bots and chance here from its stored steps on."""
        async with table.lock:
            try:
                await self._catch_up(table)
            except (StorageUnavailable, WhaletableError) as e:
                log.warning("table %s not caught up: %s", table.key, e)
                return
        table.changed_at = time.monotonic()
        table.moved_elsewhere = False
        if self._machine_to_move(table):
            log.info("table %s: its bots are played on here (%s)", table.key, why)
            self.kick(table)
        else:
            await table.broadcast()

    @staticmethod
    def _machine_to_move(table: LiveTable) -> bool:
        seat = table.state.current_player()
        return seat == CHANCE or (seat >= 0 and table.player_of(seat).kind == "bot")

    def _discover_key(self, key: str) -> bool:
        """A table made by another server, looked up in the database; True if found."""
        try:
            stored = self.store.load(key)
        except StorageUnavailable as e:
            log.error("table %s cannot be looked up: %s", key, e)
            return False
        if stored is None:
            return False
        self._take_in(stored)
        return True

    def _take_in(self, stored: StoredTable) -> None:
        """Know a table stored by another server (or its seats as they are now)."""
        held = self.tables.held(stored.key)
        if held is not None:
            held.seats = [SeatConfig.from_json(s) for s in stored.seats]
        else:
            try:
                game = games.get(stored.game)
            except WhaletableError as e:
                log.error("table %s cannot be taken in: %s", stored.key, e)
                return
            names = [str(s.get("name", "")) for s in stored.seats]
            self.evicted[stored.key] = TableSummary(
                stored.key, game, names, stored.created, stored.kind, stored.finished
            )
        self._index_tokens(stored.key, stored.seats, stored.spectator_token, stored.hotseat_token)

    # ------------------------------------------------------------- memory

    def _reload(self, key: str) -> LiveTable | None:
        """An evicted table, loaded from the database and set going again."""
        try:
            stored = self.store.load(key)
        except StorageUnavailable as e:
            log.error("table %s cannot be loaded: %s", key, e)
            return None
        table = None if stored is None else self._replay(stored)
        return None if stored is None or table is None else self._revive(stored, table)

    @staticmethod
    def _replay(stored: StoredTable) -> LiveTable | None:
        """A stored table played to where it is, or None (logged) if it cannot be;
        touches nothing of this server's, so it may run in a thread."""
        try:
            return LiveTable(stored)
        except WhaletableError as e:
            log.error("table %s cannot be loaded: %s", stored.key, e)
            return None

    def _revive(self, stored: StoredTable, table: LiveTable) -> LiveTable:
        """Set a loaded table going again in place of its summary."""
        key = stored.key
        del self.evicted[key]
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return table  # looked up outside the server (tools, tests)
        self.tables[key] = table
        # A table without a step yet is as quiet as it is old: its maker plays it from the start.
        moved = stored.created if stored.last_moved is None else stored.last_moved
        quiet = max(0.0, time.time() - moved)
        if self._played_elsewhere(stored, quiet):
            # Followed here; should its steps stop, _watch plays on from the takeover time.
            table.changed_at -= quiet
        else:
            self.kick(table)
        self.referee.arm(table)
        return table

    def _played_elsewhere(self, stored: StoredTable, quiet: float) -> bool:
        """A table of bots alone that another server is playing (it stored a step, or made
        the table, ``quiet`` seconds ago, less than ``takeover_seconds``): a page here must
        not start a second player of it. A table with people at it is played at once where
        its pages are."""
        return (
            self.shared
            and quiet < self.takeover_seconds
            and all(s.get("kind") == "bot" for s in stored.seats)
        )

    def evict_idle(self, now: float | None = None) -> int:
        """Drop idle tables from memory (the lobby keeps a few words of each)."""
        now = time.monotonic() if now is None else now
        count = 0
        for table in self.tables.in_memory():
            if not table.idle(now, self.idle_seconds):
                continue
            open_seat = any(s.kind == "open" for s in table.seats)
            if open_seat and not table.finished and table.kind == "live":
                continue  # listed in the lobby for someone to join
            self._evict(table)
            count += 1
        return count

    def _evict(self, table: LiveTable) -> None:
        """Drop a table from memory; the lobby keeps a few words of it, its links still work."""
        self.evicted[table.key] = table.summary()
        del self.tables[table.key]

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_seconds)
            evicted = self.evict_idle()
            if evicted:
                log.info("%d idle tables evicted from memory", evicted)

    async def find(self, token: str) -> tuple[LiveTable, str, int | None]:
        """:meth:`lookup` for a request served on the event loop: what it would read
        from the database (a table another server made, an evicted table's record) is
        read in a thread, so a slow database holds up this request alone and never the
        other tables."""
        digest = token_digest(token)
        if digest not in self.tokens and self.shared:
            try:
                for stored in await asyncio.to_thread(self.store.find_token, token):
                    self._take_in(stored)
            except StorageUnavailable as e:
                raise DatabaseDown from e
        found = self.tokens.get(digest)
        table = None if found is None else await self.load(found[0])
        if found is None or table is None:
            raise TableError("this link does not belong to any table")
        return table, found[1], found[2]

    async def load(self, key: str) -> LiveTable | None:
        """The table ``key``, or None; as ``self.tables.get``, but what it needs from
        the database is read in a thread (see :meth:`find`)."""
        if self.tables.held(key) is None and (key in self.evicted or self.shared):
            try:
                stored = await asyncio.to_thread(self.store.load, key)
            except StorageUnavailable as e:
                raise DatabaseDown from e
            if stored is None:
                return None
            if key not in self.evicted:
                self._take_in(stored)  # made by another server
            table = await asyncio.to_thread(self._replay, stored)
            # Another request may have set it going meanwhile: that one stays.
            if table is not None and key in self.evicted:
                self._revive(stored, table)
        return self.tables[key] if self.tables.held(key) is not None else None

    def lookup(self, token: str) -> tuple[LiveTable, str, int | None]:
        """The table, role and seat a secret link stands for (reading the database on
        this thread when it must: requests use :meth:`find`)."""
        found = self.tokens.get(token_digest(token))
        if found is None and self.shared:
            try:
                for stored in self.store.find_token(token):
                    self._take_in(stored)
            except StorageUnavailable as e:
                raise DatabaseDown from e
            found = self.tokens.get(token_digest(token))
        if found is None:
            raise TableError("this link does not belong to any table")
        key, role, seat = found
        return self.tables[key], role, seat

    async def claim(self, key: str, seat: int, name: str) -> SeatConfig:
        """Give open seat ``seat`` of table ``key`` to the person named ``name``; stored off
        the event loop, under the table's lock so that of two claims one takes the seat."""
        table = await self.load(key)
        if table is None:
            raise TableError("no table {key}", key=repr(key))
        async with table.lock:
            if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "open":
                raise TableError("seat {seat} of table {key} is not open", seat=seat + 1, key=key)
            config = table.seats[seat]
            claimed = SeatConfig(
                kind="human",
                name=clean_name(name, "name") or f"Player {seat + 1}",
                token=config.token,
                claimed=True,
            )
            refuse_twin_names(
                [claimed.name if i == seat else s.name for i, s in enumerate(table.seats)]
            )
            try:
                # Compare and set: of two servers giving the same seat away, one succeeds.
                won = await asyncio.to_thread(self.store.claim_seat, key, seat, claimed.to_json())
                if not won:
                    stored = await asyncio.to_thread(self.store.load, key)
                    if stored is not None:
                        self._take_in(stored)
                    raise TableError(
                        "seat {seat} of table {key} is not open", seat=seat + 1, key=key
                    )
            except StorageUnavailable as e:
                raise DatabaseDown from e
            config.name, config.kind, config.claimed = claimed.name, "human", True
            self.tokens[token_digest(config.token)] = (key, "seat", seat)
        await self.referee.seated(table)
        return config

    async def play_again(self, table: LiveTable) -> LiveTable:
        """The same seats and options at a new table (one per finished table, however
        many ask at once: the first makes it under the table's lock)."""
        async with table.lock:
            if table.next_key:
                again = await self.load(table.next_key)
                if again is not None:
                    return again
            # A seat taken from the lobby stays its claimer's at the new table too. Tables
            # made before seats were checked may carry a bot level on a human seat: it is
            # dropped.
            seats = [
                SeatConfig(
                    kind=s.kind,
                    name=s.name,
                    bot=s.bot if s.kind == "bot" else None,
                    claimed=s.claimed,
                )
                for s in table.seats
            ]
            new = await self.acreate(
                table.game.spec.id,
                seats,
                table.options,
                hotseat=table.hotseat_token is not None,
                settings=table.settings,
            )
            table.next_key = new.key
            try:
                await asyncio.to_thread(self.store.update_table, table.key, next_key=new.key)
            except StorageUnavailable as e:
                raise DatabaseDown from e
            return new

    def finished_tables(self) -> list[TableSummary]:
        """Finished live games, newest first (uploaded records are their uploader's)."""
        done = [t.summary() for t in self.tables.in_memory() if t.kind == "live" and t.finished]
        done += [t for t in self.evicted.values() if t.kind == "live" and t.finished]
        return sorted(done, key=lambda t: t.created, reverse=True)

    def open_tables(self) -> list[OpenTable]:
        """Games in play here with a seat open."""
        return [
            OpenTable(t.key, t.game, t.seats)
            for t in self.tables.values()
            if t.kind == "live" and not t.finished and any(s.kind == "open" for s in t.seats)
        ]

    async def listed(self, recent: int) -> tuple[list[OpenTable], list[TableSummary]]:
        """What the lobby lists: games with a seat open, and the ``recent`` last finished.

        A server sharing its database lists every server's tables, read from it (this
        one's memory holds only the tables its own pages and requests brought in);
        should the database not answer, this server's own are listed meanwhile.
        """
        if self.shared:
            try:
                waiting, ended = await asyncio.to_thread(self.store.lobby, recent)
            except StorageUnavailable as e:
                log.warning("the lobby lists this server's tables alone: %s", e)
            else:
                return self._open_of(waiting), self._summaries_of(ended)
        return self.open_tables(), self.finished_tables()[:recent]

    @staticmethod
    def _listed(stored: list[StoredTable]) -> Iterator[tuple[StoredTable, Game[Any]]]:
        """Each stored table with its game; a table of a game this server lacks is left out."""
        for t in stored:
            try:
                yield t, games.get(t.game)
            except WhaletableError as e:
                log.error("table %s is not listed: %s", t.key, e)

    @classmethod
    def _open_of(cls, stored: list[StoredTable]) -> list[OpenTable]:
        return [
            OpenTable(t.key, game, [SeatConfig.from_json(s) for s in t.seats])
            for t, game in cls._listed(stored)
        ]

    @classmethod
    def _summaries_of(cls, stored: list[StoredTable]) -> list[TableSummary]:
        return [
            TableSummary(
                t.key,
                game,
                [SeatConfig.from_json(s).name for s in t.seats],
                t.created,
                t.kind,
                t.finished,
            )
            for t, game in cls._listed(stored)
        ]

    # --------------------------------------------------------------- acting

    async def act(self, table: LiveTable, viewer: Viewer, step: Any, data: Any) -> None:
        """A page's move: checked against its seats, the step it saw, and the rules."""
        async with table.lock:
            await self._settle(table)
            seat = table.state.current_player()
            if table.finished:
                raise TableError("the game is over")
            # A move made for a step gone by is stale whoever is to move now: another page
            # of the same seat (on this server or another) may have moved it on.
            self._check_step(table, step)
            if viewer.showing != seat or seat not in viewer.seats:
                raise TableError("it is not your turn")
            if table.player_of(seat).kind != "human":
                raise TableError("a bot plays your seat while you are away: take it back first")
            try:
                await self._commit(table, table.game.action_from_json(data))
            except IllegalAction as e:
                raise RefusedMove(table.game, data) from e
        await table.broadcast(first=viewer)
        self.kick(table)

    async def undo(self, table: LiveTable, viewer: Viewer, step: Any) -> None:
        async with table.lock:
            await self._settle(table)
            seat = table.state.current_player()
            if viewer.showing != seat or seat not in viewer.seats:
                raise TableError("only the seat to move may undo")
            self._check_step(table, step)
            if not table.state.can_undo():
                raise TableError(
                    "nothing to undo: a chance outcome, a reveal or another seat's move came last"
                )
            last = len(table.state.history) - 1
            try:
                await asyncio.to_thread(self.store.drop_action, table.key, last)
            except StorageUnavailable as e:
                table.unsure = last
                log.error("table %s: undo not stored: %s", table.key, e)
                raise DatabaseDown from e
            table.take_back()
        self.referee.arm(table)
        await table.broadcast()

    async def ready(self, table: LiveTable, viewer: Viewer, seat: Any) -> None:
        """Hot-seat: the player named on the hand-over screen has taken the device."""
        if viewer.pending is None or isinstance(seat, bool) or seat != viewer.pending:
            raise TableError("no hand-over to that seat is waiting")
        viewer.showing, viewer.pending = viewer.pending, None
        await table.show(viewer)

    @staticmethod
    def _check_step(table: LiveTable, step: Any) -> None:
        now = len(table.state.history)
        if not isinstance(step, int) or isinstance(step, bool) or step != now:
            raise TableError(
                "stale move: the game is at step {now}, the move was for {step}",
                now=now,
                step=repr(step),
            )

    async def _commit(self, table: LiveTable, action: Action, note: Note | None = None) -> None:
        """Check on a copy, write to the database, then make it the table's state.

        The write either lands and the state follows, or the move is refused and the state
        is unchanged; a write whose outcome is unknown (the connection dropped during the
        commit) is settled from the database before the table's next move.
        """
        await self._settle(table)
        actor = table.state.current_player()
        trial = table.state.clone()
        trial.apply(action)  # raises IllegalAction with the reason; nothing has changed
        seq = len(table.state.history)
        try:
            # The write (with its disk sync, shared with other tables' writes) runs off the
            # event loop, under the table's lock, so other tables play on meanwhile.
            await asyncio.wrap_future(
                self.store.submit_action(table.key, seq, action.to_json(), note)
            )
        except asyncio.CancelledError:
            table.unsure = seq  # the write may still land
            raise
        except StaleWrite as e:
            if self.shared:
                # Another server wrote this step first: take up its steps (and show them),
                # and this move, made for a state gone by, is refused.
                try:
                    if await self._catch_up(table):
                        task = asyncio.get_running_loop().create_task(table.broadcast())
                        task.add_done_callback(_log_failure)
                except StorageUnavailable as down:
                    raise DatabaseDown from down
            raise TableError("stale move: {detail}", detail=str(e)) from e
        except StorageUnavailable as e:
            table.unsure = seq
            log.error("table %s: step %d not stored: %s", table.key, seq, e)
            raise DatabaseDown from e
        table._advance(action, note, after=trial)
        table.moved_elsewhere = False  # this server moved last: it plays the bots next
        if self.on_step is not None:
            self.on_step(table, actor)
        if table.finished:
            await self._mark_finished(table)
        self.referee.arm(table)  # the next seat's clock, if any, runs from now

    async def _settle(self, table: LiveTable) -> None:
        """Make the state equal the stored record after a write of unknown outcome."""
        seq = table.unsure
        if seq is None:
            return
        try:
            stored = await asyncio.to_thread(self.store.action_at, table.key, seq)
        except StorageUnavailable as e:
            raise DatabaseDown from e
        table.unsure = None
        steps = len(table.state.history)
        if stored is not None and steps == seq:  # the write had landed after all
            table._advance(table.game.action_from_json(stored[0]), stored[1])
            if table.finished:
                await self._mark_finished(table)
        elif stored is None and steps == seq + 1:  # the undo had landed after all
            table.take_back()

    async def _mark_finished(self, table: LiveTable) -> None:
        try:
            await asyncio.to_thread(self.store.update_table, table.key, finished=True)
        except StorageUnavailable as e:
            # The game's end follows from its actions; the flag only spares replays at
            # start-up, and a game found finished is flagged again later.
            log.warning("table %s: finished flag not stored: %s", table.key, e)

    # ------------------------------------------------------- chance and bots

    def kick(self, table: LiveTable) -> None:
        """Let chance and bots play until a human is to move (one task per table).

        A table not held here (see :meth:`_place`) is played by the server that holds it.
        """
        if table.kind != "live" or table.finished or self.tables.held(table.key) is not table:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run(table))
            table.bot_task.add_done_callback(_log_failure)

    async def _run(self, table: LiveTable) -> None:
        wait, most = RETRY_PLAY_SECONDS
        paced = self.bots_only_pace > 0 and all(s.kind == "bot" for s in table.seats)
        while True:
            if paced:
                await asyncio.sleep(self.bots_only_pace)
            try:
                if await self._play_one(table):
                    return
                wait = RETRY_PLAY_SECONDS[0]
            except DatabaseDown:
                # The table carries on by itself once its database answers again.
                log.warning("table %s waits %.0f s for its database", table.key, wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, most)

    async def _play_one(self, table: LiveTable) -> bool:
        """One step of chance or of a bot; True once a human is to move or the game is over.

        Between the last check and returning True there is no await: a move that lands
        while this task is still alive is always seen by it (kick() starts no second task).
        """
        if table.moved_elsewhere:
            table.moved_elsewhere = False
            return True  # another server moved at this table: it plays on from there
        seat = table.state.current_player()
        if seat == CHANCE:
            async with table.lock:
                if table.moved_elsewhere:  # caught up or given away while this waited
                    table.moved_elsewhere = False
                    return True
                try:
                    await self._commit(table, table.state.sample_chance(table.chance_rng()))
                except TableError:
                    if not table.moved_elsewhere:
                        raise
                    table.moved_elsewhere = False
                    return True  # another server drew it first, and plays on from there
            return False
        config = table.player_of(seat) if seat >= 0 else None
        if config is None or config.kind != "bot" or config.bot is None:
            # A human is to move, or the game is over: show everyone, then stop unless
            # a move landed meanwhile.
            step = len(table.state.history)
            await table.broadcast()
            return len(table.state.history) == step
        step = len(table.state.history)
        data, note = await self._bot_move(table, seat, config)
        async with table.lock:
            if table.moved_elsewhere:
                # Another server moved at this table: it plays the bots from there on.
                table.moved_elsewhere = False
                return True
            if len(table.state.history) != step:
                return False  # an undo or another move came first: think again
            try:
                await self._commit(table, table.game.action_from_json(data), note)
            except TableError:
                if not table.moved_elsewhere:
                    raise
                table.moved_elsewhere = False
                return True
        await table.broadcast()
        return False

    async def _bot_move(
        self, table: LiveTable, seat: int, config: SeatConfig
    ) -> tuple[dict[str, Any], Note | None]:
        """A bot's move, or a quick random one (and a note saying so) past its deadline."""
        assert config.bot is not None
        spec = bot_spec(table.game.spec.id, config.bot)
        seed = (table.seed + len(table.state.history)) % (1 << 31)
        if parse_spec(spec)[0] == QUICK_BOT:
            return self._quick_move(table, seat, seed), None
        record = table.record().to_json()
        try:
            if self.bots is not None:
                return await self.bots.move(record, seat, spec, seed), None
            return await asyncio.wait_for(
                asyncio.to_thread(think, record, seat, spec, seed), self.bot_deadline
            ), None
        except (BotOverran, TimeoutError) as e:
            log.warning("table %s: the bot in seat %d overran: %s", table.key, seat, e)
            template = OVERRAN
        except (BotFailed, WhaletableError) as e:
            log.error("table %s: the bot in seat %d failed: %s", table.key, seat, e)
            template = FAILED
        return self._quick_move(table, seat, seed), (template, {"name": config.name})

    @staticmethod
    def _quick_move(table: LiveTable, seat: int, seed: int) -> dict[str, Any]:
        """A random legal move, made here: it needs no search, so it cannot overrun."""
        agent = make_agent(QUICK_BOT, table.game, seed)
        # No copy of the state: a SeatView only reads it (a determinization is a new state).
        return agent.act(SeatView(table.state, seat)).to_json()

    def close(self) -> None:
        self.referee.close()
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.watcher is not None:
            self.watcher.cancel()
        if self.bots is not None:
            self.bots.close()
