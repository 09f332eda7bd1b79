"""The lobby: the games to start (each told in a sentence or two, with its picture, players,
length, options and bots), open seats, recent replays."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response
from starlette.requests import Request

from whaletable import games
from whaletable.agents import available
from whaletable.core.spec import GameSpec
from whaletable.sim import bot_rating
from whaletable.web import i18n
from whaletable.web.boards import board_for
from whaletable.web.routes.services import ServicesDep, lang_of
from whaletable.web.tables import BOT_LEVELS

RECENT_REPLAYS = 20  # finished games listed in the lobby
PICTURES = Path(__file__).resolve().parents[1] / "static" / "games"
"""Each game's picture, ``<id>.svg``; a game without one is listed without a picture."""

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


def default_names(tr: Callable[[str], str]) -> dict[str, str]:
    """What the lobby's form calls a seat until someone writes a name there, by who sits in
    it (a player, or a bot of a level), in the reader's words. Each carries the seat's number,
    so no two seats start with one name (the server refuses two alike)."""
    return {
        "human": tr("Player {number}"),
        "easy": tr("Easy bot {number}"),
        "medium": tr("Medium bot {number}"),
        "hard": tr("Hard bot {number}"),
    }


def players_words(spec: GameSpec, tr: Callable[[str], str]) -> str:
    if spec.min_players == spec.max_players:
        return tr("{count} players").format(count=spec.min_players)
    return tr("{low}–{high} players").format(low=spec.min_players, high=spec.max_players)


def length_words(spec: GameSpec, tr: Callable[[str], str]) -> str:
    """How long a game usually takes, as the box of the game says it ("30–45 min")."""
    if spec.playing_time is None:
        return ""
    low, high = spec.playing_time
    if low == high:
        return tr("{minutes} min").format(minutes=low)
    return tr("{low}–{high} min").format(low=low, high=high)


def lobby_games(tr: Callable[[str], str]) -> list[dict[str, Any]]:
    out = []
    for g in games.all():
        spec = g.spec
        board = board_for(g.spec.id)  # a game without a board of its own gets the generic one
        # Each menu starts at the game's own default, so an untouched form plays the
        # game as its spec defines it.
        defaults = g.options_to_json(g.make_options())
        options = [
            {
                "name": name,
                "label": board.option_label(name, tr),
                "help": tr(spec.option_help[name]) if name in spec.option_help else "",
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
                "id": spec.id,
                "title": spec.title,
                "summary": tr(spec.summary) if spec.summary else "",
                "picture": tr(spec.picture) if spec.picture else "",
                "has_picture": (PICTURES / f"{spec.id}.svg").is_file(),
                "players": players_words(spec, tr),
                "length": length_words(spec, tr),
                "min_players": spec.min_players,
                "max_players": spec.max_players,
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
    tr = i18n.translator(lang_of(request))
    return services.page(
        request,
        "lobby.html",
        {
            "games": lobby_games(tr),
            "default_names": default_names(tr),
            "open_tables": open_tables,
            "finished_tables": finished_tables,
        },
    )
