"""The web application: lobby, per-seat secret links, live tables over WebSockets, replays.

Pages are rendered on the server; boards are SVG drawn from ``observation(seat)`` only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, File, Form, Request, UploadFile, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException

from whaletable import games
from whaletable.agents import available
from whaletable.core import Record, UnknownGame, WhaletableError
from whaletable.web import api_schema, i18n
from whaletable.web.boards import board_for
from whaletable.web.bots import BOT_DEADLINE, BotPool, Think, think
from whaletable.web.headers import SecurityHeaders
from whaletable.web.limits import (
    MAX_BODY,
    BodyLimit,
    Limits,
    RateLimit,
    SocketCount,
    client_of,
    deny_socket,
)
from whaletable.web.origin import Reach, SameOriginPosts, TrustedHostsOnly
from whaletable.web.outbox import CLOSE_TIMEOUT, Outbox, PageDropped
from whaletable.web.storage import RETRY_FOR, Store
from whaletable.web.tables import (
    BOT_LEVELS,
    BOTS_ONLY_PACE,
    IDLE_SECONDS,
    LiveTable,
    SeatConfig,
    TableError,
    Tables,
    Viewer,
    message_in,
)
from whaletable.web.text import clean_name, clean_word, printable

__all__ = ["MAX_BODY", "MAX_MESSAGE", "create_app"]

MAX_MESSAGE = 16_384  # characters in one WebSocket message
RECENT_REPLAYS = 20  # finished games listed in the lobby
SOCKET_RETRY_SECONDS = 5  # told to a client refused for having too many pages open
SWITCH_INTERVAL = 0.0005  # seconds between the interpreter's thread switches

_HERE = Path(str(resources.files(__package__)))


def create_app(
    db_url: str = "sqlite:///whaletable.db",
    *,
    bot_workers: int = 1,
    limits: Limits | None = None,
    reach: Reach | None = None,
    bot_deadline: float = BOT_DEADLINE,
    bot_think: Think = think,
    idle_seconds: float = IDLE_SECONDS,
    db_retry_seconds: float = RETRY_FOR,
    bots_only_pace: float = BOTS_ONLY_PACE,
) -> FastAPI:
    """The whaletable web app on the database at ``db_url`` (SQLite file or PostgreSQL URL).

    ``limits`` caps what one client may ask (bodies, rates, sockets); ``reach`` says how the
    server is reached, and so which hosts the links it hands out may name.
    ``bot_deadline`` is the time a bot move may take before a quick move is played for it;
    ``bot_think`` computes a bot's move in a worker (a module-level function: tests and
    benchmarks slow it down); a table nobody watches for ``idle_seconds`` leaves memory;
    a database hiccup is retried for ``db_retry_seconds`` before a move is refused; a
    table of bots alone plays a step per ``bots_only_pace`` seconds at most.
    """
    limits = limits or Limits()
    reach = reach or Reach()
    sockets = SocketCount(limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Steps are written by a thread (the group commit): a short switch interval hands
        # it the interpreter soon after the disk answers, instead of after the event loop's
        # next 5 ms of drawing boards, which otherwise shows in every move's round trip.
        switch = sys.getswitchinterval()
        sys.setswitchinterval(min(switch, SWITCH_INTERVAL))
        store = Store(db_url, retry_for=db_retry_seconds)
        bots = BotPool(bot_workers, think=bot_think, deadline=bot_deadline)
        tables = Tables(store, bots, idle_seconds=idle_seconds, bots_only_pace=bots_only_pace)
        app.state.tables = tables
        app.state.resumed = tables.resume()
        tables.start_all()
        try:
            yield
        finally:
            tables.close()
            store.close()
            sys.setswitchinterval(switch)

    app = FastAPI(title="whaletable", lifespan=lifespan, docs_url=None, redoc_url=None)
    # The last added runs first: headers on every answer, then host, origin, rate, body.
    app.add_middleware(BodyLimit, limit=limits.max_body)
    app.add_middleware(RateLimit, limits=limits)
    app.add_middleware(SameOriginPosts, reach=reach)
    app.add_middleware(TrustedHostsOnly, reach=reach)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=_HERE / "static"), name="static")
    templates = Jinja2Templates(directory=str(_HERE / "templates"))

    def tables_of(request: Request | WebSocket) -> Tables:
        t: Tables = request.app.state.tables
        return t

    def lang_of(request: Request | WebSocket) -> str:
        return i18n.negotiate(
            request.query_params.get("lang"),
            request.cookies.get("lang"),
            request.headers.get("accept-language"),
        )

    def page(
        request: Request, name: str, context: dict[str, Any], status_code: int = 200
    ) -> HTMLResponse:
        lang = lang_of(request)
        ctx = {
            "lang": lang,
            "dir": i18n.direction(lang),
            "languages": i18n.LANGUAGES,
            "_": i18n.translator(lang),
            **context,
        }
        response = templates.TemplateResponse(request, name, ctx, status_code=status_code)
        if request.query_params.get("lang") in i18n.CODES:
            response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="lax")
        return response

    def wants_json(request: Request) -> bool:
        return request.url.path.startswith("/api/") or "application/json" in request.headers.get(
            "accept", ""
        )

    @app.exception_handler(WhaletableError)
    async def bad_input(request: Request, exc: WhaletableError) -> Response:
        code = 404 if isinstance(exc, UnknownGame) or "does not belong" in str(exc) else 400
        if wants_json(request):
            return JSONResponse({"error": str(exc)}, status_code=code)
        message = message_in(exc, i18n.translator(lang_of(request)))
        return page(request, "error.html", {"status_code": code, "message": message}, code)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        headers = getattr(exc, "headers", None)
        if wants_json(request):
            return JSONResponse(
                {"error": str(exc.detail)}, status_code=exc.status_code, headers=headers
            )
        response = page(
            request,
            "error.html",
            {"status_code": exc.status_code, "message": str(exc.detail)},
            exc.status_code,
        )
        response.headers.update(headers or {})
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors()
        )
        message = f"bad request: {problems}"
        if wants_json(request):
            return JSONResponse({"error": message}, status_code=422)
        return page(request, "error.html", {"status_code": 422, "message": message}, 422)

    # ------------------------------------------------------------- the lobby

    def lobby_games(tr: Callable[[str], str]) -> list[dict[str, Any]]:
        out = []
        for g in games.all():
            try:
                board = board_for(g.spec.id)
            except UnknownGame:
                continue  # a game without a web board is played in the terminal only
            # Each menu starts at the game's own default, so an untouched form plays the
            # game as its spec defines it.
            defaults = g.options_to_json(g.make_options())
            options = [
                {
                    "name": name,
                    "label": board.option_label(name, tr),
                    "choices": [
                        {
                            "value": json.dumps(c),
                            "label": board.choice_label(name, c, tr),
                            "selected": json.dumps(c) == json.dumps(defaults.get(name)),
                        }
                        for c in choices
                    ],
                }
                for name, choices in g.option_choices().items()
            ]
            out.append(
                {
                    "id": g.spec.id,
                    "title": g.spec.title,
                    "min_players": g.spec.min_players,
                    "max_players": g.spec.max_players,
                    "options": options,
                    "bots": list(BOT_LEVELS),
                    "has_heuristic": "heuristic" in available(g),
                }
            )
        return out

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        open_tables = [
            {
                "key": t.key,
                "title": t.game.spec.title,
                "seats": [
                    {"index": i, "name": s.name, "kind": s.kind} for i, s in enumerate(t.seats)
                ],
            }
            for t in tables_of(request).open_tables()
        ]
        finished_tables = [
            {"key": t.key, "title": t.game.spec.title, "players": ", ".join(t.names)}
            for t in tables_of(request).finished_tables()[:RECENT_REPLAYS]
        ]
        return page(
            request,
            "lobby.html",
            {
                "games": lobby_games(i18n.translator(lang_of(request))),
                "open_tables": open_tables,
                "finished_tables": finished_tables,
            },
        )

    def links(request: Request, t: LiveTable) -> dict[str, Any]:
        base = reach.base(request.url.scheme, request.headers.get("host"))
        return {
            "key": t.key,
            "title": t.game.spec.title,
            "links": [
                {
                    "index": i,
                    "name": s.name,
                    "kind": s.kind,
                    # An open seat's link is given only to whoever claims it from the lobby.
                    "url": f"{base}/t/{s.token}" if s.kind == "human" else None,
                }
                for i, s in enumerate(t.seats)
            ],
            "spectator_url": f"{base}/t/{t.spectator_token}",
            "hotseat_url": f"{base}/t/{t.hotseat_token}" if t.hotseat_token else None,
        }

    game_ids = sorted(g.spec.id for g in games.all())

    @app.post("/games", response_class=HTMLResponse, openapi_extra=api_schema.create_form(game_ids))
    async def create_from_form(request: Request) -> Response:
        form = await request.form()
        fields = {k: clean_word(v, k) for k, v in form.items() if isinstance(v, str)}
        game_id = fields.get("game", "")
        games.get(game_id)  # an unknown game is named before anything else
        count = fields.get("num_players", "")
        if not (count.isascii() and count.isdigit() and len(count) <= 2):
            raise TableError("num_players must be a whole number")
        n = int(count)
        if not 1 <= n <= 8:
            raise TableError("num_players must be between 1 and 8, not {n}", n=n)
        seats = []
        for i in range(n):
            kind = fields.get(f"seat_{i}_kind", "human")
            seats.append(
                SeatConfig(
                    kind=kind,
                    name=clean_name(fields.get(f"seat_{i}_name", ""), f"seat {i + 1}: name"),
                    # A human's or open seat's row still carries the hidden bot menu.
                    bot=(fields.get(f"seat_{i}_bot") or None) if kind == "bot" else None,
                )
            )
        options: dict[str, Any] = {}
        for key, raw in fields.items():
            if key.startswith("option_") and raw != "":
                # Option values travel JSON-encoded; a bare word is taken as a string.
                try:
                    options[key[len("option_") :]] = json.loads(raw)
                except (ValueError, RecursionError):
                    options[key[len("option_") :]] = raw
        table = await tables_of(request).acreate(
            game_id, seats, options, fields.get("hotseat") == "on"
        )
        tables_of(request).kick(table)
        return page(request, "created.html", links(request, table))

    @app.post("/api/games", openapi_extra=api_schema.create_json(game_ids))
    async def create_from_json(request: Request) -> Response:
        try:
            body = await request.json()
        except (ValueError, RecursionError):  # bad JSON, bad UTF-8, a number past int's digits
            raise TableError("the request body is not valid JSON") from None
        if not isinstance(body, dict):
            raise TableError("the request body must be a JSON object")
        seats_in = body.get("seats")
        if not isinstance(seats_in, list) or not all(isinstance(s, dict) for s in seats_in):
            raise TableError("'seats' must be a list of objects, one per seat")
        if len(seats_in) > 8:
            raise TableError("'seats' must list at most 8 seats, not {n}", n=len(seats_in))
        seats = []
        for i, s in enumerate(seats_in):
            name = s.get("name")
            bot = s.get("bot")
            seats.append(
                SeatConfig(
                    kind=clean_word(s.get("kind", "human"), f"seat {i + 1}: kind"),
                    name=clean_name("" if name is None else name, f"seat {i + 1}: name"),
                    # A level that is not text is named by create() with the levels offered.
                    bot=clean_word(bot, f"seat {i + 1}: bot") if isinstance(bot, str) else bot,
                )
            )
        hotseat = body.get("hotseat", False)
        if not isinstance(hotseat, bool):
            raise TableError("'hotseat' must be true or false")
        table = await tables_of(request).acreate(
            clean_word(body.get("game", ""), "game"), seats, body.get("options") or {}, hotseat
        )
        tables_of(request).kick(table)
        return JSONResponse(links(request, table), status_code=201)

    @app.post("/games/{key}/claim/{index}")
    async def claim(
        request: Request, key: str, index: int, name: Annotated[str, Form()] = ""
    ) -> Response:
        config = tables_of(request).claim(key, index, name)
        return RedirectResponse(f"/t/{config.token}", status_code=303)

    @app.post("/games/{key}/again")
    async def again(request: Request, key: str, token: Annotated[str, Form()]) -> Response:
        t = tables_of(request)
        table, role, seat = t.lookup(token)
        if table.key != key:
            raise TableError("this link does not belong to that table")
        if role not in ("seat", "hotseat"):
            raise TableError("only a player's link may start a new game")
        if not table.finished:
            raise TableError("the game is not over yet")
        new = t.play_again(table)
        t.kick(new)
        # Every page still on the old table is offered its own seat's link to the new one.
        for viewer in list(table.viewers):
            own = next(iter(viewer.seats)) if viewer.role == "seat" else None
            with contextlib.suppress(PageDropped):  # a page that fell behind resyncs anyway
                await viewer.send({"type": "again", "url": link_at(new, viewer.role, own)})
        return RedirectResponse(link_at(new, role, seat), status_code=303)

    def link_at(new: LiveTable, role: str, seat: int | None) -> str:
        if role == "hotseat" and new.hotseat_token:
            return f"/t/{new.hotseat_token}"
        if role == "seat" and seat is not None:
            return f"/t/{new.seats[seat].token}"
        return f"/t/{new.spectator_token}"

    # -------------------------------------------------------------- the table

    @app.get("/t/{token}", response_class=HTMLResponse)
    async def table_page(request: Request, token: str) -> Response:
        table, role, seat = tables_of(request).lookup(token)
        return page(
            request,
            "table.html",
            {
                "title": table.game.spec.title,
                "token": token,
                "key": table.key,
                "role": role,
                "seat_name": table.names[seat] if seat is not None else None,
                "ws_path": f"/ws/{token}",
            },
        )

    @app.websocket("/ws/{token}")
    async def table_socket(websocket: WebSocket, token: str) -> None:
        t = tables_of(websocket)
        try:
            table, role, seat = t.lookup(token)
        except TableError:
            await websocket.close(code=4404, reason="this link does not belong to any table")
            return
        client = client_of(websocket.scope)
        if not sockets.enter(client, table.key):
            # Too many pages open from this client or on this table: refuse before accepting.
            await deny_socket(
                websocket.scope, websocket.send, "too many open pages", SOCKET_RETRY_SECONDS
            )
            return
        try:
            await accepted_socket(websocket, t, table, role, seat)
        finally:
            sockets.leave(client, table.key)

    async def accepted_socket(
        websocket: WebSocket, t: Tables, table: LiveTable, role: str, seat: int | None
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
            tr=i18n.translator(lang),
            lang=lang,
            role=role,
            seats=seats,
            showing=seat,
        )

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
                        TableError(
                            "message too large: at most {limit} characters", limit=MAX_MESSAGE
                        ),
                    )
                    outbox.close(1009)
                    return
                await handle(t, table, viewer, text)

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

    async def handle(t: Tables, table: LiveTable, viewer: Viewer, text: str) -> None:
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
            else:
                raise TableError(
                    "unknown message type {kind}: use act, undo, ready or ping", kind=repr(kind)
                )
        except WhaletableError as e:
            await say(viewer, e)

    async def say(viewer: Viewer, error: Exception) -> None:
        await viewer.send({"type": "error", "message": message_in(error, viewer.tr)})

    # ------------------------------------------------------ records, replays

    def finished_table(request: Request, key: str) -> LiveTable:
        table = tables_of(request).tables.get(key)
        if table is None:
            raise StarletteHTTPException(404, f"no table {key!r}")
        if not table.finished and table.kind != "replay":
            # A record holds every hidden card: only a finished game's may be seen
            # (an uploaded record, finished or not, is its uploader's to step through).
            raise StarletteHTTPException(403, "the record is available when the game is over")
        return table

    @app.get("/games/{key}/record.json")
    async def download(request: Request, key: str) -> Response:
        table = finished_table(request, key)
        return Response(
            table.record().dumps(),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="whaletable-{key}.json"'},
        )

    @app.post("/replay")
    async def upload(request: Request, record: Annotated[UploadFile, File()]) -> Response:
        data = await record.read(limits.max_body + 1)
        if len(data) > limits.max_body:
            raise StarletteHTTPException(413, f"record too large: at most {limits.max_body} bytes")
        try:
            rec = Record.loads(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise TableError("the record is not UTF-8 text") from None
        except RecursionError:
            raise TableError("the record is not valid JSON: nested too deeply") from None
        except WhaletableError:
            raise
        except ValueError:  # an integer of more digits than Python converts
            raise TableError("the record is not valid JSON: a number too long") from None
        rec.replay()  # raises RecordError naming the action that does not replay
        # A record's names were written elsewhere: shown as well as they can be, not refused.
        seats = [
            SeatConfig(kind="human", name=printable(name)) for name in rec.seats[: rec.num_players]
        ]
        while len(seats) < rec.num_players:
            seats.append(SeatConfig(kind="human", name=f"Player {len(seats) + 1}"))
        table = await tables_of(request).acreate(
            rec.game, seats, rec.options, kind="replay", actions=rec.actions
        )
        return RedirectResponse(f"/replay/{table.key}", status_code=303)

    @app.get("/replay/{key}", response_class=HTMLResponse)
    async def replay(
        request: Request, key: str, step: int | None = None, seat: int | None = None
    ) -> Response:
        table = finished_table(request, key)
        history = table.state.history
        n = len(history)
        at = n if step is None else max(0, min(step, n))
        if seat is not None and not 0 <= seat < table.state.num_players:
            raise TableError(
                "no seat {seat}: seats are 0..{last}", seat=seat, last=table.state.num_players - 1
            )
        tr = i18n.translator(lang_of(request))
        state, log = table.replay(at, tr)  # stepped from the record, nothing kept per step
        obs = state.observation(seat)
        view = f"&seat={seat}" if seat is not None else ""
        return page(
            request,
            "replay.html",
            {
                "title": table.game.spec.title,
                "key": key,
                "step": at,
                "num_steps": n,
                "board": table.board.svg(obs, [], table.names, tr),
                "log": log,
                "status": table.board.status(obs, table.names, tr),
                "seat": seat,
                "seats": table.names,
                "first_url": f"/replay/{key}?step=0{view}",
                "prev_url": f"/replay/{key}?step={max(0, at - 1)}{view}",
                "next_url": f"/replay/{key}?step={min(n, at + 1)}{view}",
                "last_url": f"/replay/{key}?step={n}{view}",
                "download_url": f"/games/{key}/record.json",
            },
        )

    @app.get("/healthz")
    async def health(request: Request) -> dict[str, Any]:
        return {"ok": True, "tables": len(tables_of(request).tables)}

    return app
