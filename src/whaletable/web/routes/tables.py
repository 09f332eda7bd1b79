"""Starting and joining tables: a new table from the lobby's form or the JSON API (answered
with every seat's secret link), claiming an open seat, and playing again at a finished table.

The form is answered with a redirect (303) to the table's host page, a GET of its own
that lists every link: reloading it, or coming back to it later, makes no second table.
That page holds every seat's secret, so its address is a secret of its own, made per
table; the database keeps only its digest, and the page lasts as long as the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Form
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.requests import Request

from whaletable import games
from whaletable.web import api_schema
from whaletable.web.outbox import PageDropped
from whaletable.web.pace import pace_from_form, pace_from_json
from whaletable.web.routes.services import Services, ServicesDep, TablesDep
from whaletable.web.storage import StorageUnavailable
from whaletable.web.tables import (
    DatabaseDown,
    LiveTable,
    SeatConfig,
    TableError,
    TableSettings,
    new_token,
    token_digest,
)
from whaletable.web.text import clean_name, clean_word


def router(game_ids: list[str]) -> APIRouter:
    """The routes of this module. Built per app rather than at import: the request bodies'
    schemas name the games registered when the app is built."""
    r = APIRouter()
    r.add_api_route(
        "/games",
        create_from_form,
        methods=["POST"],
        response_class=HTMLResponse,
        openapi_extra=api_schema.create_form(game_ids),
    )
    r.add_api_route(
        "/api/games",
        create_from_json,
        methods=["POST"],
        openapi_extra=api_schema.create_json(game_ids),
    )
    r.add_api_route("/games/links/{token}", host_page, methods=["GET"], response_class=HTMLResponse)
    r.add_api_route("/games/{key}/claim/{index}", claim, methods=["POST"])
    r.add_api_route("/games/{key}/again", again, methods=["POST"])
    return r


def links(request: Request, services: Services, t: LiveTable) -> dict[str, Any]:
    base = base_of(request, services)
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


SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")  # the shape of every secret link's token
HOST_PAGE = "/games/links/"
T = TypeVar("T")


async def host_path(services: Services, table: LiveTable) -> str:
    """A new secret address for the page of ``table``'s links, stored (as its digest)."""
    token = new_token()
    digest = token_digest(token).hex()
    try:
        await asyncio.to_thread(services.tables.store.update_table, table.key, host_digest=digest)
    except StorageUnavailable as e:
        raise DatabaseDown from e
    return HOST_PAGE + token


async def stored_by_secret(secret: str, find: Callable[[str], T | None]) -> T | None:
    """What ``find``, a lookup in the database by a secret's digest (hex), holds for
    ``secret``; None for a secret of the wrong shape or one nothing is stored under."""
    if not SECRET.fullmatch(secret):
        return None
    try:
        return await asyncio.to_thread(find, token_digest(secret).hex())
    except StorageUnavailable as e:
        raise DatabaseDown from e


async def host_page(request: Request, services: ServicesDep, token: str) -> Response:
    """Every link of a table, for whoever made it (the address the form redirected to)."""
    key = await stored_by_secret(token, services.tables.store.find_host)
    table = None if key is None else await services.tables.load(key)
    if table is None:
        raise TableError("this link does not belong to any table")
    context = links(request, services, table)
    context["host_url"] = base_of(request, services) + HOST_PAGE + token
    return services.page(request, "created.html", context)


def base_of(request: Request, services: Services) -> str:
    return services.settings.reach.base(request.url.scheme, request.headers.get("host"))


async def create_from_form(request: Request, services: ServicesDep) -> Response:
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
    # The lobby sends advice=off before its checkbox, whose "on" (sent when it is ticked)
    # comes after it and wins; a form without the field keeps the default.
    advice = fields.get("advice", "on")
    if advice not in ("on", "off"):
        raise TableError("advice must be on or off, not {value}", value=repr(advice))
    pace = pace_from_form(fields, services.settings.shortest_clock)
    tables = services.tables
    table = await tables.acreate(
        game_id,
        seats,
        options,
        fields.get("hotseat") == "on",
        settings=TableSettings(advice=advice == "on", pace=pace),
    )
    tables.kick(table)
    return RedirectResponse(await host_path(services, table), status_code=303)


async def create_from_json(request: Request, services: ServicesDep) -> Response:
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
    advice = body.get("advice", True)
    if not isinstance(advice, bool):
        raise TableError("'advice' must be true or false")
    pace = pace_from_json(body.get("pace"), services.settings.shortest_clock)
    tables = services.tables
    table = await tables.acreate(
        clean_word(body.get("game", ""), "game"),
        seats,
        body.get("options") or {},
        hotseat,
        settings=TableSettings(advice=advice, pace=pace),
    )
    tables.kick(table)
    created = links(request, services, table)
    created["host_url"] = base_of(request, services) + await host_path(services, table)
    return JSONResponse(created, status_code=201)


async def claim(
    tables: TablesDep, key: str, index: int, name: Annotated[str, Form()] = ""
) -> Response:
    config = await tables.claim(key, index, name)
    return RedirectResponse(f"/t/{config.token}", status_code=303)


async def again(tables: TablesDep, key: str, token: Annotated[str, Form()]) -> Response:
    table, role, seat = await tables.find(token)
    if table.key != key:
        raise TableError("this link does not belong to that table")
    if role not in ("seat", "hotseat"):
        raise TableError("only a player's link may start a new game")
    if not table.finished:
        raise TableError("the game is not over yet")
    new = await tables.play_again(table)
    tables.kick(new)
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
