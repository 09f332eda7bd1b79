"""Records of games: a finished game's record to download, a record uploaded to step
through, and the replay page that steps through either."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

from fastapi import APIRouter, File, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request

from whaletable.core import Record, State, WhaletableError
from whaletable.web import i18n
from whaletable.web.frames import reveals
from whaletable.web.routes.services import ServicesDep, TablesDep, lang_of
from whaletable.web.tables import LiveTable, SeatConfig, TableError, Tables
from whaletable.web.text import printable

router = APIRouter()

FRAMES_AT_ONCE = 40
"""Steps drawn by one request for a replay's frames: a long game is loaded a part at a time."""

# A request's frames take a good part of a second to draw for a long game: they are drawn
# here, one request at a time, never on the event loop that plays every table's moves.
drawer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="whaletable-replay")


async def finished_table(tables: Tables, key: str) -> LiveTable:
    table = await tables.load(key)
    if table is None:
        raise StarletteHTTPException(404, f"no table {key!r}")
    if not table.finished and table.kind != "replay":
        # A record holds every hidden card: only a finished game's may be seen
        # (an uploaded record, finished or not, is its uploader's to step through).
        raise StarletteHTTPException(403, "the record is available when the game is over")
    return table


@router.get("/games/{key}/record.json")
async def download(tables: TablesDep, key: str) -> Response:
    table = await finished_table(tables, key)
    return Response(
        table.record().dumps(),
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="whaletable-{key}.json"'},
    )


@router.post("/replay")
async def upload(services: ServicesDep, record: Annotated[UploadFile, File()]) -> Response:
    max_body = services.settings.limits.max_body
    data = await record.read(max_body + 1)
    if len(data) > max_body:
        raise StarletteHTTPException(413, f"record too large: at most {max_body} bytes")
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
    table = await services.tables.acreate(
        rec.game, seats, rec.options, kind="replay", actions=rec.actions
    )
    return RedirectResponse(f"/replay/{table.key}", status_code=303)


def viewpoint(table: LiveTable, seat: int | None) -> None:
    """Check the seat a replay is seen as (``None``: a spectator)."""
    if seat is not None and not 0 <= seat < table.state.num_players:
        raise TableError(
            "no seat {seat}: seats are 0..{last}", seat=seat, last=table.state.num_players - 1
        )


def drawn_step(
    table: LiveTable, state: State, seat: int | None, tr: Callable[[str], str]
) -> dict[str, Any]:
    """One step of a replay as ``seat`` saw it: its board (the last step lit) and status."""
    at = len(state.history)
    obs = state.observation(seat)
    events = state.step_events(seat, at - 1)  # the last step's, highlighted
    return {
        "step": at,
        "board": table.board.svg(obs, [], table.names, tr, events=events),
        "status": table.board.status(obs, table.names, tr),
        "reveal": reveals(events),
    }


def replay_log(table: LiveTable, tr: Callable[[str], str]) -> list[tuple[int, str]]:
    """The whole game's public log, each line with the step it leads to."""
    state = table.game.new_state(table.state.num_players, table.options, events=True)
    lines: list[tuple[int, str]] = []
    for step, action in enumerate(table.state.history):
        actor = state.current_player()
        state.apply(action)
        lines += [(step + 1, line) for line in table._lines(state, step, action, actor, tr, None)]
    return lines


@router.get("/replay/{key}/frames.json")
async def replay_frames(
    request: Request,
    services: ServicesDep,
    key: str,
    start: int = 0,
    count: int = FRAMES_AT_ONCE,
    seat: int | None = None,
) -> Response:
    """The boards of steps ``start`` … ``start + count - 1`` as ``seat`` saw them (at most
    :data:`FRAMES_AT_ONCE`), for the replay page to step through without reloading."""
    table = await finished_table(services.tables, key)
    viewpoint(table, seat)
    n = len(table.state.history)
    if not 0 <= start <= n:
        raise TableError("no step {start}: steps are 0..{last}", start=start, last=n)
    if not 1 <= count <= FRAMES_AT_ONCE:
        raise TableError("count must be 1..{most}, not {count}", most=FRAMES_AT_ONCE, count=count)
    tr = i18n.translator(lang_of(request))
    loop = asyncio.get_running_loop()
    frames = await loop.run_in_executor(drawer, drawn_steps, table, start, count, seat, tr)
    return JSONResponse({"steps": n, "seat": seat, "frames": frames})


def drawn_steps(
    table: LiveTable, start: int, count: int, seat: int | None, tr: Callable[[str], str]
) -> list[dict[str, Any]]:
    """Steps ``start`` … ``start + count - 1`` of a finished game, each as ``seat`` saw it."""
    stop = min(len(table.state.history), start + count - 1)
    state = table.game.new_state(table.state.num_players, table.options, events=True)
    frames = [drawn_step(table, state, seat, tr)] if start == 0 else []
    for step, action in enumerate(table.state.history[:stop]):
        state.apply(action)
        if step + 1 >= start:
            frames.append(drawn_step(table, state, seat, tr))
    return frames


@router.get("/replay/{key}", response_class=HTMLResponse)
async def replay(
    request: Request,
    services: ServicesDep,
    key: str,
    step: int | None = None,
    seat: int | None = None,
) -> Response:
    table = await finished_table(services.tables, key)
    n = len(table.state.history)
    at = n if step is None else max(0, min(step, n))
    viewpoint(table, seat)
    tr = i18n.translator(lang_of(request))
    state, _ = table.replay(at, tr)  # stepped from the record, nothing kept per step
    shown = drawn_step(table, state, seat, tr)
    view = f"&seat={seat}" if seat is not None else ""
    return services.page(
        request,
        "replay.html",
        {
            "title": table.game.spec.title,
            "key": key,
            "step": at,
            "num_steps": n,
            "board": shown["board"],
            "log": replay_log(table, tr),
            "status": shown["status"],
            "seat": seat,
            "seats": table.names,
            "view": view,
            "first_url": f"/replay/{key}?step=0{view}",
            "prev_url": f"/replay/{key}?step={max(0, at - 1)}{view}",
            "next_url": f"/replay/{key}?step={min(n, at + 1)}{view}",
            "last_url": f"/replay/{key}?step={n}{view}",
            "frames_url": f"/replay/{key}/frames.json",
            "download_url": f"/games/{key}/record.json",
            # The seats a bot played while their players were away, and when.
            "replaced": table.presence.replaced_list(table.state.current_player(), table.names),
        },
    )
