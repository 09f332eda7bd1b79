"""A table being played: its page, and the WebSocket over which the page sends moves (and
asks for advice) and receives what its seat may see."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, Response
from starlette.requests import Request

from whaletable.core import WhaletableError
from whaletable.core.advice import advisor_of
from whaletable.web import i18n
from whaletable.web.advice import advice_message, advice_step
from whaletable.web.limits import ConnectionRate, client_of, deny_socket
from whaletable.web.outbox import CLOSE_TIMEOUT, Outbox, PageDropped
from whaletable.web.pace import PRESENCE_RATE
from whaletable.web.refusal import RefusedMove, refusal_message
from whaletable.web.routes.rules import rules_panel
from whaletable.web.routes.services import ServicesDep, lang_of
from whaletable.web.tables import LiveTable, TableError, Tables, Viewer, message_in

MAX_MESSAGE = 16_384  # characters in one WebSocket message
SOCKET_RETRY_SECONDS = 5  # told to a client refused for having too many pages open

router = APIRouter()

# Leaving, voting and coming back, per table socket (each is stored: see web.pace).
presence_rate = ConnectionRate("presence", PRESENCE_RATE)


@router.get("/t/{token}", response_class=HTMLResponse)
async def table_page(request: Request, services: ServicesDep, token: str) -> Response:
    table, role, seat = await services.tables.find(token)
    return services.page(
        request,
        "table.html",
        {
            "title": table.game.spec.title,
            "token": token,
            "key": table.key,
            "role": role,
            "seat_name": table.names[seat] if seat is not None else None,
            # The table's key rides along (ignored here) for a proxy to hash on, so every
            # page of a table meets the same worker (README, Deployment).
            "ws_path": f"/ws/{token}?table={table.key}",
            "advice": table.settings.advice,
            "advisor": advisor_of(table.game.spec.id) is not None,
            **rules_panel(table.game, lang_of(request)),
        },
    )


@router.websocket("/ws/{token}")
async def table_socket(websocket: WebSocket, services: ServicesDep, token: str) -> None:
    t = services.tables
    try:
        table, role, seat = await t.find(token)
    except TableError:
        await websocket.close(code=4404, reason="this link does not belong to any table")
        return
    client = client_of(websocket.scope)
    sockets = services.sockets
    if not sockets.enter(client, table.key):
        # Too many pages open from this client or on this table: refuse before accepting.
        await deny_socket(
            websocket.scope, websocket.send, "too many open pages", SOCKET_RETRY_SECONDS
        )
        return
    try:
        await accepted_socket(websocket, t, table, role, seat, services.advice_rate)
    finally:
        sockets.leave(client, table.key)


Rate = Callable[[], Awaitable[int | None]]
"""Spend one request of a page's rate: None if allowed, else the seconds to wait."""


async def accepted_socket(
    websocket: WebSocket,
    t: Tables,
    table: LiveTable,
    role: str,
    seat: int | None,
    advice_rate: ConnectionRate | None = None,
) -> None:
    await websocket.accept()
    lang = lang_of(websocket)
    if role == "hotseat":
        seats = table.hotseat_seats
    else:
        seats = frozenset() if seat is None else frozenset({seat})
    # The table only queues messages for this page; the page's own writer sends them,
    # so a page that stops reading is dropped instead of holding up the table.
    outbox = Outbox(websocket)
    viewer = Viewer(
        send=outbox.send,
        send_latest=outbox.send_latest,
        tr=i18n.translator(lang),
        lang=lang,
        role=role,
        seats=seats,
        showing=seat,
    )
    rate: Rate | None = None
    if advice_rate is not None:
        connection = advice_rate.connection()

        async def rate() -> int | None:
            return await advice_rate.retry_after(connection)

    presence_connection = presence_rate.connection()

    async def presence() -> int | None:
        return await presence_rate.retry_after(presence_connection)

    async def read() -> None:
        await table.show(viewer)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                await say(viewer, TableError("send text frames of JSON"))
                continue
            if len(text) > MAX_MESSAGE:
                await say(
                    viewer,
                    TableError("message too large: at most {limit} characters", limit=MAX_MESSAGE),
                )
                outbox.close(1009)
                return
            await handle(t, table, viewer, text, rate, presence)

    table.viewers.add(viewer)
    writer = outbox.start()
    reader = asyncio.get_running_loop().create_task(read())
    try:
        # Whichever ends first ends the page: the browser left, or the page was dropped.
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        if outbox.closing:
            await asyncio.wait({writer}, timeout=CLOSE_TIMEOUT)  # the queued close goes out
    finally:
        table.viewers.discard(viewer)
        for task in (reader, writer):
            task.cancel()
        for task in (reader, writer):
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, PageDropped):
                await task


async def handle(
    t: Tables,
    table: LiveTable,
    viewer: Viewer,
    text: str,
    advice_rate: Rate | None = None,
    presence_rate: Rate | None = None,
) -> None:
    try:
        msg = json.loads(text)
    except json.JSONDecodeError as e:
        await say(viewer, TableError("malformed JSON: {detail}", detail=e.msg))
        return
    except ValueError:  # an integer of more digits than Python converts
        await say(viewer, TableError("malformed JSON: a number too long"))
        return
    except RecursionError:
        await say(viewer, TableError("malformed JSON: nested too deeply"))
        return
    if not isinstance(msg, dict):
        await say(viewer, TableError("a message must be a JSON object"))
        return
    kind = msg.get("type")
    try:
        if kind == "act":
            await t.act(table, viewer, msg.get("step"), msg.get("action"))
        elif kind == "undo":
            await t.undo(table, viewer, msg.get("step"))
        elif kind == "ready":
            await t.ready(table, viewer, msg.get("seat"))
        elif kind == "ping":
            await viewer.send({"type": "pong"})
        elif kind == "advice":
            step = advice_step(msg)
            wait = None if advice_rate is None else await advice_rate()
            if wait is not None:
                raise TableError(
                    "too many requests for advice: try again in {seconds} s", seconds=wait
                )
            # Answered to this page alone: it is its seat's own view of the game.
            await viewer.send(await advice_message(table, viewer, step))
        elif kind in PRESENCE:
            wait = None if presence_rate is None else await presence_rate()
            if wait is not None:
                raise TableError("too many requests: try again in {seconds} s", seconds=wait)
            referee = t.referee
            what = {"leave": referee.leave, "vote": referee.vote, "return": referee.come_back}
            await what[kind](table, viewer, msg.get("seat"))
        else:
            raise TableError(
                "unknown message type {kind}: use act, undo, ready, ping, advice, leave, "
                "vote or return",
                kind=repr(kind),
            )
    except RefusedMove as e:
        await viewer.send(refusal_message(e, viewer.lang))
    except WhaletableError as e:
        await say(viewer, e)


PRESENCE = ("leave", "vote", "return")  # a seat's player leaves, votes, comes back


async def say(viewer: Viewer, error: Exception) -> None:
    await viewer.send({"type": "error", "message": message_in(error, viewer.tr)})
