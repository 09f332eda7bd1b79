"""One page's outgoing messages: a bounded queue and a writer with a send timeout.

A table sends to every page watching it. If those sends went straight to the socket, one
page that stops reading (a phone in a tunnel, a hostile client) would fill its socket's
buffers and then block every send of the table behind it. Here a table only puts the
message in the page's queue, which never waits; the page's own writer task drains it. A
page whose queue fills up, or whose socket takes longer than the send timeout to take a
message, is dropped: its browser reconnects and is sent the whole state again.

A table's state is not queued as a drawing but as a promise to draw the latest state
when the writer gets to it (:meth:`Outbox.send_latest`): a page that has not yet taken
the last state is sent the newest one once, never every state in between, and nothing
is drawn for a page before its socket is ready for it. A table draws once per change
and hands every page of one view the same drawing, so a drawing just sent to a page is
not sent to it again: the bots' last step and the turn that follows it, or a change no page
of this view can see, reach the page once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import orjson
from starlette.websockets import WebSocket

OUTBOX_LIMIT = 32  # messages waiting for one page; a page this far behind is dropped
SEND_TIMEOUT = 5.0  # seconds one message may take to leave; past it the page is dropped
CLOSE_TIMEOUT = 1.0  # seconds a polite close may take before the socket is cut
FELL_BEHIND = 4008  # close code: this page fell behind and should reconnect to resync

log = logging.getLogger(__name__)


LATEST = object()  # in a queue: the page is owed the table's latest state, drawn when sent

Draw = Callable[[], dict[str, Any]]


class PageDropped(Exception):
    """The page fell behind (or went away) and no longer gets messages."""


class Shared(dict[str, Any]):
    """A message several pages receive (one drawing for all spectators): encoded to JSON
    once, however many pages it goes to."""

    __slots__ = ("_text",)

    def text(self) -> str:
        try:
            return self._text
        except AttributeError:
            self._text: str = encode(self)
            return self._text


def encode(message: dict[str, Any]) -> str:
    """A message as JSON text (orjson: a drawn board is most of a message, and the standard
    library's encoder took three times as long as drawing it)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def json_text(message: dict[str, Any]) -> str:
    return message.text() if isinstance(message, Shared) else encode(message)


class Outbox:
    """The queue of one WebSocket and the task that writes it out."""

    def __init__(
        self,
        websocket: WebSocket,
        *,
        limit: int = OUTBOX_LIMIT,
        send_timeout: float = SEND_TIMEOUT,
    ) -> None:
        self.websocket = websocket
        self.send_timeout = send_timeout
        self.queue: asyncio.Queue[dict[str, Any] | int | object] = asyncio.Queue(maxsize=limit)
        self.draw: Draw | None = None  # how to draw the latest state, while LATEST waits
        self.last: dict[str, Any] | None = None  # the message sent last
        self.dropped: str | None = None  # why the page was dropped, once it is
        self.task: asyncio.Task[None] | None = None
        self.closing = False  # a close is queued after the last messages

    def start(self) -> asyncio.Task[None]:
        """Start the writer task; it ends when the page closes or is dropped."""
        self.task = asyncio.get_running_loop().create_task(self.run())
        return self.task

    async def send(self, message: dict[str, Any]) -> None:
        """Queue a message; never waits. Raises :class:`PageDropped` for a dropped page."""
        if self.dropped is not None:
            raise PageDropped(self.dropped)
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.drop(f"{self.queue.maxsize} messages waited for it")
            raise PageDropped(self.dropped) from None

    def send_latest(self, draw: Draw) -> None:
        """Owe the page the latest state, drawn by ``draw`` when the writer sends it; never
        waits. A state still waiting is replaced, not queued again. Raises
        :class:`PageDropped` for a dropped page."""
        if self.dropped is not None:
            raise PageDropped(self.dropped)
        if self.draw is None:
            try:
                self.queue.put_nowait(LATEST)
            except asyncio.QueueFull:
                self.drop(f"{self.queue.maxsize} messages waited for it")
                raise PageDropped(self.dropped) from None
        self.draw = draw

    def close(self, code: int) -> None:
        """Close the socket after the messages already queued (a full queue drops it)."""
        if self.dropped is None:
            self.closing = True
            try:
                self.queue.put_nowait(code)
            except asyncio.QueueFull:
                self.drop("its queue was full when it was to be closed")

    def drop(self, why: str) -> None:
        if self.dropped is None:
            self.dropped = why
            log.info("a page is dropped: %s", why)
            self.cut()
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()

    async def run(self) -> None:
        """Write queued messages until the page closes or is dropped."""
        while self.dropped is None:
            message = await self.queue.get()
            try:
                if isinstance(message, int):
                    await asyncio.wait_for(self.websocket.close(code=message), CLOSE_TIMEOUT)
                    return
                if not isinstance(message, dict):  # LATEST: draw the state as it is now
                    message = self.drawn()
                    if message is self.last:
                        continue  # the very drawing the page was sent last
                # A timeout scope, not wait_for: wait_for wraps each send in a task of its own.
                async with asyncio.timeout(self.send_timeout):
                    await self.websocket.send_text(json_text(message))
                self.last = message
            except TimeoutError:
                self.drop(f"a message took more than {self.send_timeout:g} s to leave")
            except PageDropped:
                return
            except Exception as e:  # the page went away: its socket handler cleans up
                self.dropped = f"its socket failed: {type(e).__name__}"

    def drawn(self) -> dict[str, Any]:
        """The latest state this page is owed, drawn now."""
        draw, self.draw = self.draw, None
        if draw is None:  # queued only with a drawing to make; kept for the type checker
            raise PageDropped("a state was owed without a way to draw it")
        try:
            return draw()
        except Exception:
            log.exception("a page's state could not be drawn")
            self.drop("its state could not be drawn")
            raise PageDropped(self.dropped) from None

    def cut(self) -> None:
        """Release a dropped page's socket at once, without waiting for it to read anything.

        A polite close would sit in the same full buffer as everything else, so the
        connection is aborted where the server exposes its transport (uvicorn does);
        elsewhere the server closes it when the handler returns.
        """
        protocol = getattr(self.websocket._send, "__self__", None)
        transport = getattr(protocol, "transport", None)
        abort = getattr(transport, "abort", None)
        if callable(abort):
            abort()
