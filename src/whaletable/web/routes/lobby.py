"""The lobby: the games to start (with their options and bots), open seats, recent replays."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response
from starlette.requests import Request

from whaletable import games
from whaletable.agents import available
from whaletable.sim import bot_rating
from whaletable.web import i18n
from whaletable.web.boards import board_for
from whaletable.web.routes.services import ServicesDep, lang_of
from whaletable.web.tables import BOT_LEVELS

RECENT_REPLAYS = 20  # finished games listed in the lobby

router = APIRouter()


def bot_choice(game: str, level: str, tr: Callable[[str], str]) -> dict[str, str]:
    """A bot level as the lobby offers it: its name, and its rating from the game's stored
    tournament where there is one (``python -m whaletable.sim.ratings``)."""
    name = {"easy": tr("easy"), "medium": tr("medium"), "hard": tr("hard")}.get(level, level)
    rating = bot_rating(game, BOT_LEVELS[level])
    if rating is None:
        return {"level": level, "label": name}
    label = tr("{level} · rated {rating}").format(level=name, rating=rating.label())
    return {"level": level, "label": label}


def lobby_games(tr: Callable[[str], str]) -> list[dict[str, Any]]:
    out = []
    for g in games.all():
        board = board_for(g.spec.id)  # a game without a board of its own gets the generic one
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
                "bots": [bot_choice(g.spec.id, level, tr) for level in BOT_LEVELS],
                "has_heuristic": "heuristic" in available(g),
            }
        )
    return out


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, services: ServicesDep) -> Response:
    waiting, ended = await services.tables.listed(RECENT_REPLAYS)
    open_tables = [
        {
            "key": t.key,
            "title": t.game.spec.title,
            "seats": [{"index": i, "name": s.name, "kind": s.kind} for i, s in enumerate(t.seats)],
        }
        for t in waiting
    ]
    finished_tables = [
        {"key": t.key, "title": t.game.spec.title, "players": ", ".join(t.names)} for t in ended
    ]
    return services.page(
        request,
        "lobby.html",
        {
            "games": lobby_games(i18n.translator(lang_of(request))),
            "open_tables": open_tables,
            "finished_tables": finished_tables,
        },
    )
