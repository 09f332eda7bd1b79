"""A game's rules for its players: a page of their own (``/rules/{game}``) and the panel a
table's page opens without leaving the table, both in the reader's language."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from starlette.requests import Request

from whaletable import games, rulebook
from whaletable.core import UnknownGame
from whaletable.core.game import Game
from whaletable.web import i18n
from whaletable.web.routes.services import ServicesDep, lang_of

PANEL_PREFIX = "rules-"
"""Before each section's id in the table's panel, so no section's id meets the table's own."""

router = APIRouter()


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules_page(request: Request, services: ServicesDep, game: str) -> Response:
    lang = lang_of(request)
    try:
        found = games.get(game)
    except UnknownGame:
        tr = i18n.translator(lang)
        raise HTTPException(
            404,
            tr("There is no game {game}: the games are {games}.").format(
                game=repr(game[:40]), games=", ".join(g.spec.id for g in games.all())
            ),
        ) from None
    rules = rulebook.rules_of(found, lang)
    return services.page(
        request,
        "rules.html",
        {"title": rules.title, "game": found.spec.id, "rules_html": Markup(rules.html())},
    )


def rules_panel(game: Game[Any], lang: str) -> dict[str, Any]:
    """What ``rules_panel.html`` shows on a table's page: the rules, headings under its own;
    nothing for a game that has none (the panel is left out)."""
    try:
        rules = rulebook.rules_of(game, lang)
    except rulebook.NoSuchRules:
        return {}
    return {
        "rules_game": game.spec.id,
        "rules_title": rules.title,
        "rules_html": Markup(rules.html(id_prefix=PANEL_PREFIX, shift=1, title=False)),
    }
