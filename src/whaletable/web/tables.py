"""Live tables: the games in play, who may act for which seat, and what each viewer is sent.

Every viewer sees the game only through ``state.observation(seat)`` (``None`` for a
spectator); every accepted action is in the database before anyone hears of it.
Bots think in a separate process so that a long search never stalls other tables.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import random
import secrets
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from whaletable import games
from whaletable.agents import available, make_agent, parse_spec
from whaletable.core import CHANCE, Action, Record, SeatView, State
from whaletable.core.errors import WhaletableError
from whaletable.web.boards import BoardView, board_for
from whaletable.web.storage import StaleWrite, Store, StoredTable
from whaletable.web.text import clean_name, clean_word, printable

BOT_LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "heuristic",
    "hard": "mcts:iterations=2000,time=1.5",
}
"""The strength levels offered in the lobby and the bot behind each.

"hard" searches for at most 1.5 s a move, so a table never waits long for it.
"""

BOT_TIMEOUT = 20.0  # seconds: far above any level's budget; past it the bot is replaced

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


def message_in(error: Exception, tr: Callable[[str], str]) -> str:
    """An error's message in the viewer's language where a catalog has it."""
    return error.translated(tr) if isinstance(error, TableError) else str(error)


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


def bot_spec(game_id: str, level: str) -> str:
    """The bot behind a level, falling back to MCTS for games without a heuristic."""
    spec = BOT_LEVELS[level]
    if parse_spec(spec)[0] not in available(games.get(game_id)):
        spec = BOT_LEVELS["hard"]
    return spec


def think(record: dict[str, Any], seat: int, spec: str, seed: int) -> dict[str, Any]:
    """A bot's move, computed in a worker process from the record and the seat's view only."""
    state = Record.from_json(record).replay()
    agent = make_agent(spec, state.game, seed)
    return agent.act(SeatView(state, seat)).to_json()


ORPHAN_CHECK_SECONDS = 1.0


def leave_with_server(server: int) -> None:
    """Run in each bot worker as it starts: end the worker once the server is gone.

    A server that is killed outright (SIGKILL, the OOM killer) cannot shut its pool
    down, and its idle workers would otherwise wait for work forever.
    """

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(ORPHAN_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-server", daemon=True).start()


Send = Callable[[dict[str, Any]], Awaitable[None]]


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


class LiveTable:
    """One game in play (or finished, for replays) and the pages watching it."""

    def __init__(self, stored: StoredTable) -> None:
        self.key = stored.key
        self.game = games.get(stored.game)
        self.board: BoardView = board_for(stored.game)
        self.seats = [SeatConfig.from_json(s) for s in stored.seats]
        self.spectator_token = stored.spectator_token
        self.hotseat_token = stored.hotseat_token
        self.seed = stored.seed
        self.kind = stored.kind
        self.next_key = stored.next_key
        self.options = stored.options
        self.state: State = self.game.new_state(stored.num_players, stored.options)
        # Every step as everyone may know it: (action, actor, spectator view after it).
        self.public: list[tuple[Action, int, dict[str, Any]]] = []
        self._log: dict[str, tuple[int, list[str]]] = {}  # language → (steps drawn, lines)
        for data in stored.actions:
            self._advance(self.game.action_from_json(data))
        self.lock = asyncio.Lock()
        self.viewers: set[Viewer] = set()
        self.bot_task: asyncio.Task[None] | None = None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def hotseat_seats(self) -> frozenset[int]:
        """The seats the hot-seat link acts for: its creator's, never one claimed since."""
        return frozenset(i for i, s in enumerate(self.seats) if s.kind == "human" and not s.claimed)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def _advance(self, action: Action) -> None:
        actor = self.state.current_player()
        self.state.apply(action)
        self.public.append((action, actor, self.state.observation(None)))

    def take_back(self) -> None:
        """Undo the last step (already dropped from the database)."""
        self.state = self.state.undo()
        self.public.pop()
        self._log.clear()

    def record(self) -> Record:
        return Record.of(self.state, seats=self.names, table=self.key)

    def chance_rng(self) -> random.Random:
        """Chance at each step comes from the table's seed, so a table is reproducible."""
        digest = hashlib.sha256(f"{self.seed}:{len(self.state.history)}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    # ------------------------------------------------------------- messages

    def log_lines(self, lang: str, tr: Callable[[str], str]) -> list[str]:
        """The log in one language, extended as steps are added (not redrawn per message)."""
        done, lines = self._log.get(lang, (0, []))
        lines.extend(self.describe(done, len(self.public), tr))
        self._log[lang] = (len(self.public), lines)
        return list(lines)

    def describe(self, start: int, stop: int, tr: Callable[[str], str]) -> list[str]:
        """The log lines of steps ``start``..``stop`` (some steps say nothing)."""
        lines = []
        for action, actor, after in self.public[start:stop]:
            line = self.board.log_line(action, actor, after, self.names, tr)
            if line:
                lines.append(line)
        return lines

    def message_for(self, viewer: Viewer) -> dict[str, Any]:
        seat = viewer.showing
        obs = self.state.observation(seat)
        to_move = self.state.current_player()
        acting = seat is not None and seat == to_move and seat in viewer.seats
        legal = self.state.legal_actions() if acting else []
        return {
            "type": "state",
            "key": self.key,
            "step": len(self.state.history),
            "board": self.board.svg(obs, legal, self.names, viewer.tr),
            "actions": [
                {"label": self.board.label(a, obs, self.names, viewer.tr), "action": a.to_json()}
                for a in legal
            ],
            "log": self.log_lines(viewer.lang, viewer.tr),
            "status": self.board.status(obs, self.names, viewer.tr),
            "can_undo": acting and self.state.can_undo(),
            "finished": self.finished,
            "result": self.board.result(obs, self.names, viewer.tr),
            "you": seat if acting else None,
        }

    async def show(self, viewer: Viewer) -> None:
        """Send ``viewer`` what it may see now, handing a shared device over first if needed."""
        to_move = self.state.current_player()
        if viewer.role == "hotseat" and to_move in viewer.seats and viewer.showing != to_move:
            # Hide the last seat's private view before the next player looks at the screen.
            viewer.pending = to_move
            await viewer.send({"type": "handover", "to": to_move, "name": self.names[to_move]})
            return
        await viewer.send(self.message_for(viewer))

    async def broadcast(self) -> None:
        for viewer in list(self.viewers):
            try:
                await self.show(viewer)
            except Exception:  # a page that went away; its socket handler cleans up
                log.info("a page of table %s stopped listening", self.key, exc_info=True)
                self.viewers.discard(viewer)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a table's play task failed", exc_info=task.exception())


class Tables:
    """All live tables of one server, their tokens, persistence and bots."""

    def __init__(self, store: Store, bot_pool: Callable[[], Executor] | None = None) -> None:
        self.store = store
        self.bot_pool = bot_pool
        self.executor = bot_pool() if bot_pool is not None else None
        self.tables: dict[str, LiveTable] = {}
        # digest of a token → (key, role, seat); see token_digest.
        self.tokens: dict[bytes, tuple[str, str, int | None]] = {}

    # ------------------------------------------------------------- creating

    def _index(self, t: LiveTable) -> None:
        self.tables[t.key] = t
        self.tokens[token_digest(t.spectator_token)] = (t.key, "spectator", None)
        if t.hotseat_token:
            self.tokens[token_digest(t.hotseat_token)] = (t.key, "hotseat", None)
        for i, s in enumerate(t.seats):
            if s.kind == "human":
                self.tokens[token_digest(s.token)] = (t.key, "seat", i)

    def create(
        self,
        game_id: str,
        seats: list[SeatConfig],
        options: Any = None,
        hotseat: bool = False,
        *,
        kind: str = "live",
        actions: list[dict[str, Any]] | None = None,
    ) -> LiveTable:
        """Validate and store a new table; raises a WhaletableError naming what was wrong."""
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
        humans = [s for s in seats if s.kind == "human"]
        stored = StoredTable(
            key=new_key(),
            game=game_id,
            num_players=len(seats),
            options=game.options_to_json(opts),
            seats=[s.to_json() for s in seats],
            spectator_token=new_token(),
            hotseat_token=new_token() if hotseat and len(humans) >= 1 else None,
            seed=secrets.randbits(62),
            kind=kind,
            finished=kind == "replay",
            actions=actions or [],
        )
        table = LiveTable(stored)  # replays uploaded actions; raises if they do not replay
        self.store.add_table(stored)
        self._index(table)
        return table

    def resume(self) -> int:
        """Load every stored table (after a restart) and set play going again."""
        count = 0
        for stored in self.store.load_all():
            try:
                table = LiveTable(stored)
            except WhaletableError as e:
                # One table that no longer replays (a game or board removed, a damaged
                # row) must not keep every other game from resuming.
                log.error("table %s is not resumed: %s", stored.key, e)
                continue
            self._index(table)
            count += 1
        return count

    def start_all(self) -> None:
        for table in self.tables.values():
            self.kick(table)

    def lookup(self, token: str) -> tuple[LiveTable, str, int | None]:
        """The table, role and seat a secret link stands for."""
        found = self.tokens.get(token_digest(token))
        if found is None:
            raise TableError("this link does not belong to any table")
        key, role, seat = found
        return self.tables[key], role, seat

    def claim(self, key: str, seat: int, name: str) -> SeatConfig:
        table = self.tables.get(key)
        if table is None:
            raise TableError("no table {key}", key=repr(key))
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "open":
            raise TableError("seat {seat} of table {key} is not open", seat=seat + 1, key=key)
        config = table.seats[seat]
        config.name = clean_name(name, "name") or f"Player {seat + 1}"
        config.kind = "human"
        config.claimed = True
        self.store.update_table(key, seats=[s.to_json() for s in table.seats])
        self.tokens[token_digest(config.token)] = (key, "seat", seat)
        return config

    def play_again(self, table: LiveTable) -> LiveTable:
        """The same seats and options at a new table (one per finished table)."""
        if table.next_key and table.next_key in self.tables:
            return self.tables[table.next_key]
        # A seat taken from the lobby stays its claimer's at the new table too. Tables made
        # before seats were checked may carry a bot level on a human seat: it is dropped.
        seats = [
            SeatConfig(
                kind=s.kind,
                name=s.name,
                bot=s.bot if s.kind == "bot" else None,
                claimed=s.claimed,
            )
            for s in table.seats
        ]
        new = self.create(
            table.game.spec.id, seats, table.options, hotseat=table.hotseat_token is not None
        )
        table.next_key = new.key
        self.store.update_table(table.key, next_key=new.key)
        return new

    def finished_tables(self) -> list[LiveTable]:
        """Finished live games, newest first (uploaded records are their uploader's)."""
        done = [t for t in self.tables.values() if t.kind == "live" and t.finished]
        return done[::-1]

    def open_tables(self) -> list[LiveTable]:
        return [
            t
            for t in self.tables.values()
            if t.kind == "live" and not t.finished and any(s.kind == "open" for s in t.seats)
        ]

    # --------------------------------------------------------------- acting

    async def act(self, table: LiveTable, viewer: Viewer, step: Any, data: Any) -> None:
        """A page's move: checked against its seats, the step it saw, and the rules."""
        async with table.lock:
            seat = table.state.current_player()
            if table.finished:
                raise TableError("the game is over")
            if viewer.showing != seat or seat not in viewer.seats:
                raise TableError("it is not your turn")
            self._check_step(table, step)
            action = table.game.action_from_json(data)
            await self._commit(table, action)
        await table.broadcast()
        self.kick(table)

    async def undo(self, table: LiveTable, viewer: Viewer, step: Any) -> None:
        async with table.lock:
            seat = table.state.current_player()
            if viewer.showing != seat or seat not in viewer.seats:
                raise TableError("only the seat to move may undo")
            self._check_step(table, step)
            if not table.state.can_undo():
                raise TableError(
                    "nothing to undo: a chance outcome, a reveal or another seat's move came last"
                )
            await asyncio.to_thread(self.store.drop_action, table.key, len(table.state.history) - 1)
            table.take_back()
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

    async def _commit(self, table: LiveTable, action: Action) -> None:
        """Check on a copy, write to the database, then make it the table's state."""
        trial = table.state.clone()
        trial.apply(action)  # raises IllegalAction with the reason; nothing has changed
        try:
            # The write (with its disk sync) runs off the event loop, under the table's lock,
            # so other tables keep playing while this one waits for the disk.
            await asyncio.to_thread(
                self.store.append_action, table.key, len(table.state.history), action.to_json()
            )
        except StaleWrite as e:
            raise TableError("stale move: {detail}", detail=str(e)) from e
        table._advance(action)
        if table.finished:
            self.store.update_table(table.key, finished=True)

    # ------------------------------------------------------- chance and bots

    def kick(self, table: LiveTable) -> None:
        """Let chance and bots play until a human is to move (one task per table)."""
        if table.kind != "live" or table.finished:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run(table))
            table.bot_task.add_done_callback(_log_failure)

    async def _run(self, table: LiveTable) -> None:
        # Between the last check and returning there is no await: a move that lands while
        # this task is still alive is always seen by it (kick() starts no second task).
        while True:
            seat = table.state.current_player()
            if seat == CHANCE:
                async with table.lock:
                    await self._commit(table, table.state.sample_chance(table.chance_rng()))
                continue
            config = table.seats[seat] if seat >= 0 else None
            if config is None or config.kind != "bot" or config.bot is None:
                # A human is to move, or the game is over: show everyone, then stop unless
                # a move landed meanwhile.
                step = len(table.state.history)
                await table.broadcast()
                if len(table.state.history) == step:
                    return
                continue
            step = len(table.state.history)
            try:
                data = await self._think(table, seat, bot_spec(table.game.spec.id, config.bot))
            except Exception:
                # A bot that fails must not stall the table: log it and play a random move.
                log.exception("bot in seat %s of table %s failed", seat, table.key)
                data = think(table.record().to_json(), seat, BOT_LEVELS["easy"], step)
            async with table.lock:
                if len(table.state.history) != step:
                    continue  # an undo or another move came first: think again
                await self._commit(table, table.game.action_from_json(data))
            await table.broadcast()

    async def _think(self, table: LiveTable, seat: int, spec: str) -> dict[str, Any]:
        record = table.record().to_json()
        seed = (table.seed + len(table.state.history)) % (1 << 31)
        loop = asyncio.get_running_loop()
        executor = self.executor
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(executor, think, record, seat, spec, seed), BOT_TIMEOUT
            )
        except TimeoutError:
            # A worker that does not answer is replaced, so one stuck bot cannot stall
            # every table that shares the pool.
            if executor is not None and executor is self.executor and self.bot_pool:
                self.executor = self.bot_pool()
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
