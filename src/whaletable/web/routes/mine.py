"""“My games”: the tables this browser opened with a seat's link, and where each one stands.

The browser remembers the seat links it opened (``static/mine.js``: in its storage and in
the ``whaletable_mine`` cookie, the last ``MAX_MINE``); the server keeps no list of anyone's
games. It answers only for the tokens the cookie shows it, since a token is the credential:
a malformed, unknown or spectator's token is skipped, never an error. Each table is
described from public information only (the spectator's observation): the game, the seat's
name, whose turn it is, or the result once it is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Form
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.requests import Request

from whaletable.core import WhaletableError
from whaletable.web import i18n
from whaletable.web.routes.services import ServicesDep, lang_of
from whaletable.web.routes.tables import SECRET
from whaletable.web.tables import LiveTable

MINE_COOKIE = "whaletable_mine"
MAX_MINE = 20  # tables a browser remembers, and the server looks up per request
MAX_COOKIE = MAX_MINE * 65  # characters of the cookie read: the tokens and their dots
COOKIE_SECONDS = 365 * 24 * 3600

router = APIRouter()


def tokens_in(cookie: str) -> list[str]:
    """The well-formed tokens of the cookie, each once, at most ``MAX_MINE``, in order."""
    found: list[str] = []
    for token in cookie[:MAX_COOKIE].split("."):
        if SECRET.fullmatch(token) and token not in found:
            found.append(token)
            if len(found) == MAX_MINE:
                break
    return found


def described(
    table: LiveTable, role: str, seat: int | None, token: str, tr: Callable[[str], str]
) -> dict[str, Any]:
    """What the list says of one table, from what a spectator may see of it."""
    seats = sorted(table.hotseat_seats) if role == "hotseat" else [seat]
    obs = table.state.observation(None)
    finished = table.finished
    to_move = table.state.current_player()
    line = table.board.status(obs, table.names, tr)
    if finished:
        result = table.board.result(obs, table.names, tr)
        if result and result.get("headline"):
            line = result["headline"]
    return {
        "token": token,
        "title": table.game.spec.title,
        "names": ", ".join(table.names[s] for s in seats if s is not None),
        "your_turn": not finished and to_move in seats,
        "to_move": table.names[to_move] if not finished and to_move >= 0 else None,
        "finished": finished,
        "line": line,
    }


@router.get("/mine", response_class=HTMLResponse)
async def mine(request: Request, services: ServicesDep) -> Response:
    tr = i18n.translator(lang_of(request))
    listed = []
    for token in tokens_in(request.cookies.get(MINE_COOKIE, "")):
        try:
            table, role, seat = await services.tables.find(token)
        except WhaletableError:
            continue  # not a table's link (any more), or its table cannot be loaded now
        if role in ("seat", "hotseat") and table.kind == "live":
            listed.append(described(table, role, seat, token, tr))
    # The tables waiting for this browser first, then the games in play, then the finished.
    listed.sort(key=lambda t: (not t["your_turn"], t["finished"]))
    response = services.page(request, "mine.html", {"tables": listed, "most": MAX_MINE})
    response.headers["Cache-Control"] = "no-store"  # it holds the seats' links
    return response


@router.post("/mine/forget")
async def forget(request: Request, token: Annotated[str, Form(max_length=200)] = "") -> Response:
    """Take one table off the list (the browser's storage is told by ``mine.js``)."""
    kept = [t for t in tokens_in(request.cookies.get(MINE_COOKIE, "")) if t != token]
    response = RedirectResponse("/mine", status_code=303)
    response.set_cookie(
        MINE_COOKIE,
        ".".join(kept),
        max_age=COOKIE_SECONDS,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return response
