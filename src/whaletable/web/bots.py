"""The bots' worker processes: one move at a time each, a deadline per move, and a new
worker in place of any that overran its deadline or died.

A bot that searches must not stall the server, so bots think in separate processes. Each
worker is its own process with its own pipe, so a worker that overruns is killed alone:
no other table's move is cancelled with it, and a worker that dies (the OOM killer, a
crash) is replaced the next time it is needed. Waiting for a free worker counts against
the move's deadline too, so no table waits on another for longer than that.

Workers are forked from a fork server that has imported the games once: a new worker
costs a fork, not a fresh interpreter importing everything again (half a second of CPU),
so replacing the worker of a bot that overruns at every move slows no other table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from whaletable import games as games  # registers every game in the worker too
from whaletable.agents import make_agent
from whaletable.core import Record, SeatView

BOT_DEADLINE = 10.0  # seconds a bot move may take, waiting for a worker included
ORPHAN_CHECK_SECONDS = 1.0
STARTUP_TIMEOUT = 60.0  # seconds a new worker may take to import the games

PRELOAD = ["whaletable.cli.main", "whaletable.web.app", __name__]
"""What the fork server imports once for every worker: the games, and what the server's
main module imports (a worker runs its parent's main module again, as a spawned one does;
with these already imported, that is nearly free)."""

Think = Callable[[dict[str, Any], int, str, int], dict[str, Any]]

log = logging.getLogger(__name__)


class BotOverran(Exception):
    """A bot move that was not ready by its deadline."""


class BotFailed(Exception):
    """A bot move that could not be made: the bot raised, or its worker died."""


def think(record: dict[str, Any], seat: int, spec: str, seed: int) -> dict[str, Any]:
    """A bot's move, computed in a worker process from the record and the seat's view only."""
    state = Record.from_json(record).replay()
    agent = make_agent(spec, state.game, seed)
    return agent.act(SeatView(state, seat)).to_json()


def leave_with_parent() -> None:
    """Run in each bot worker as it starts: end the worker once its parent is gone.

    A server that is killed outright (SIGKILL, the OOM killer) cannot stop its workers,
    and an idle worker would otherwise wait for work forever. The parent is the fork
    server, which ends with the server.
    """
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-server", daemon=True).start()


def serve_moves(conn: Connection, think: Think) -> None:
    """A worker's life: read a job, answer it, until the pipe closes."""
    leave_with_parent()
    conn.send(("ready", None))  # imports done: the pool may hand it a move now
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("move", think(*job))
        except Exception as e:  # the server logs it and plays a fallback move
            answer = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(answer)
        except OSError:  # the server gave up on this move and closed the pipe
            return


class Worker:
    """One worker process and the server's end of its pipe (it says "ready" once started)."""

    def __init__(self, think: Think) -> None:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        self.conn, theirs = ctx.Pipe()
        self.process: BaseProcess = ctx.Process(
            target=serve_moves, args=(theirs, think), name="whaletable-bot"
        )
        self.process.daemon = True  # never outlives a server that exits normally
        self.process.start()
        theirs.close()

    async def ask(self, job: tuple[Any, ...]) -> Any:
        """Send a job and wait for its answer without blocking the event loop."""
        await asyncio.to_thread(self.conn.send, job)  # a large record may fill the pipe
        return await self.answer()

    async def answer(self) -> Any:
        """The next message from the worker; EOFError if it died."""
        loop = asyncio.get_running_loop()
        readable = loop.create_future()
        fd = self.conn.fileno()

        def ready() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(fd, ready)
        try:
            await readable
        finally:
            loop.remove_reader(fd)
        return self.conn.recv()  # EOFError if the worker died

    def stop(self) -> None:
        """Kill the process (it may be stuck in a search) and release its pipe."""
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
        with contextlib.suppress(OSError):
            self.conn.close()
        # Reap it off the event loop so it does not linger as a zombie.
        threading.Thread(target=self.process.join, args=(5,), daemon=True).start()


class BotPool:
    """``workers`` bot processes shared by every table of a server."""

    def __init__(
        self, workers: int = 1, *, think: Think = think, deadline: float = BOT_DEADLINE
    ) -> None:
        if workers < 1:
            raise ValueError(f"a bot pool needs at least one worker, not {workers}")
        self.think = think
        self.deadline = deadline
        self.idle: asyncio.Queue[Worker] = asyncio.Queue()
        self.workers: list[Worker] = []
        self.starting: set[asyncio.Task[None]] = set()
        for _ in range(workers):
            self._start(Worker(think))
        self.replaced = 0  # workers replaced since the start (overran or died)

    def _start(self, worker: Worker) -> None:
        """Hand ``worker`` moves once it says it is ready (starting takes a second or so,
        which no table should spend waiting for it)."""
        self.workers.append(worker)

        async def when_ready() -> None:
            try:
                await asyncio.wait_for(worker.answer(), STARTUP_TIMEOUT)
            except (TimeoutError, EOFError, OSError):
                log.error("a bot worker did not start; starting another")
                await asyncio.sleep(1.0)  # not a storm of processes if none can start
                self._replace(worker)
                return
            self.idle.put_nowait(worker)

        task = asyncio.get_running_loop().create_task(when_ready())
        self.starting.add(task)
        task.add_done_callback(self.starting.discard)

    async def started(self) -> None:
        """Wait until every worker started so far is ready for moves."""
        while self.starting:
            await asyncio.gather(*self.starting, return_exceptions=True)

    def _replace(self, worker: Worker) -> None:
        worker.stop()
        if worker in self.workers:
            self.workers.remove(worker)
        self.replaced += 1
        self._start(Worker(self.think))

    async def move(self, record: dict[str, Any], seat: int, spec: str, seed: int) -> dict[str, Any]:
        """A bot's move by the deadline; raises :class:`BotOverran` or :class:`BotFailed`."""
        worker: Worker | None = None
        done = False
        try:
            async with asyncio.timeout(self.deadline):
                worker = await self.idle.get()
                while not worker.process.is_alive():
                    log.warning("bot worker %s had died; starting another", worker.process.pid)
                    self._replace(worker)
                    worker = await self.idle.get()
                answer = await worker.ask((record, seat, spec, seed))
                done = True
        except TimeoutError:
            raise BotOverran(f"no move within {self.deadline:g} s") from None
        except (EOFError, OSError) as e:
            raise BotFailed(f"the bot's worker died ({type(e).__name__})") from None
        finally:
            if worker is not None:
                if done:
                    self.idle.put_nowait(worker)
                else:
                    # Its answer may still come and would be read as the next job's, or it
                    # is stuck: either way, a fresh worker takes its place.
                    self._replace(worker)
        kind, value = answer
        if kind != "move":
            raise BotFailed(value)
        result: dict[str, Any] = value
        return result

    def close(self) -> None:
        for task in list(self.starting):
            task.cancel()
        for worker in self.workers:
            worker.stop()
