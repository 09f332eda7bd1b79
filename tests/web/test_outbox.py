"""A page's outbox: a page that has not taken the last state is sent the latest one, once."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from whaletable.web.outbox import Outbox, PageDropped


class SlowSocket:
    """A socket that takes each message only when the test lets it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.gate = asyncio.Event()
        self.waiting = asyncio.Event()  # a message is at the socket, waiting for the gate
        self._send = None  # no transport to cut: the outbox only closes it politely

    async def send_text(self, text: str) -> None:
        self.waiting.set()
        await self.gate.wait()
        self.gate.clear()
        self.waiting.clear()
        self.sent.append(json.loads(text))

    async def close(self, code: int) -> None:
        self.sent.append({"closed": code})


def drawing(step: int, drawn: list[int]) -> Any:
    def draw() -> dict[str, Any]:
        drawn.append(step)
        return {"type": "state", "step": step}

    return draw


def test_a_page_behind_is_sent_the_latest_state_once_not_every_state_between() -> None:
    async def main() -> None:
        socket = SlowSocket()
        outbox = Outbox(socket, limit=4)  # type: ignore[arg-type]
        outbox.start()
        drawn: list[int] = []
        outbox.send_latest(drawing(1, drawn))
        await socket.waiting.wait()  # step 1 is drawn and on its way; the page is slow
        for step in range(2, 40):  # far more states than the queue holds
            outbox.send_latest(drawing(step, drawn))
        await outbox.send({"type": "pong"})
        assert outbox.queue.qsize() == 2  # one state owed, and the pong
        for _ in range(3):
            socket.gate.set()
            await asyncio.sleep(0.01)
        assert socket.sent == [
            {"type": "state", "step": 1},
            {"type": "state", "step": 39},
            {"type": "pong"},
        ]
        assert drawn == [1, 39]  # the states between were never drawn
        assert outbox.dropped is None
        outbox.close(1000)
        await asyncio.wait_for(outbox.task, 1)  # type: ignore[arg-type]
        assert socket.sent[-1] == {"closed": 1000}

    asyncio.run(main())


def test_a_page_is_not_sent_the_drawing_it_was_sent_last_again() -> None:
    async def main() -> None:
        socket = SlowSocket()
        outbox = Outbox(socket)  # type: ignore[arg-type]
        outbox.start()
        state = {"type": "state", "step": 7}
        handover = {"type": "handover", "to": 1}
        # The bots' last step, then the turn it leaves (one drawing, told twice); a
        # hand-over hides the board, so the same drawing after it is sent again.
        for message in (state, state, handover, state, {"type": "state", "step": 7}):
            if message["type"] == "state":
                outbox.send_latest(lambda m=message: m)  # type: ignore[misc]
            else:
                await outbox.send(message)
            socket.gate.set()
            await asyncio.sleep(0.01)
        assert socket.sent == [state, handover, state, state]
        assert outbox.dropped is None

    asyncio.run(main())


def test_a_page_whose_state_cannot_be_drawn_is_dropped() -> None:
    async def main() -> None:
        socket = SlowSocket()
        outbox = Outbox(socket)  # type: ignore[arg-type]
        outbox.start()

        def broken() -> dict[str, Any]:
            raise ValueError("no board")

        outbox.send_latest(broken)
        await asyncio.wait_for(outbox.task, 1)  # type: ignore[arg-type]
        assert outbox.dropped == "its state could not be drawn"
        assert socket.sent == []
        with pytest.raises(PageDropped):
            outbox.send_latest(drawing(2, []))

    asyncio.run(main())


def test_a_full_queue_still_drops_a_page_that_owes_a_state() -> None:
    async def main() -> None:
        socket = SlowSocket()
        outbox = Outbox(socket, limit=2)  # type: ignore[arg-type]
        await outbox.send({"type": "pong"})
        await outbox.send({"type": "pong"})
        with pytest.raises(PageDropped):
            outbox.send_latest(drawing(1, []))
        assert outbox.dropped == "2 messages waited for it"

    asyncio.run(main())


def test_a_page_whose_socket_takes_no_message_is_dropped_after_the_send_timeout() -> None:
    async def main() -> None:
        socket = SlowSocket()  # its gate never opens
        outbox = Outbox(socket, send_timeout=0.05)  # type: ignore[arg-type]
        outbox.start()
        outbox.send_latest(drawing(1, []))
        await asyncio.wait_for(outbox.task, 1)  # type: ignore[arg-type]
        assert outbox.dropped == "a message took more than 0.05 s to leave"
        assert socket.sent == []

    asyncio.run(main())
