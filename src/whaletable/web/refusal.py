"""A move the rules refuse, as the page that sent it is told: a sentence in the reader's
language naming the section of the game's rules that governs that kind of move, with a link
to it (the game declares which, :attr:`whaletable.core.game.Game.rule_sections`). The
engine's own reason is for developers and stays in the log: a player reads the rule."""

from __future__ import annotations

from typing import Any

from whaletable.core.errors import WhaletableError
from whaletable.core.game import Game
from whaletable.i18n import translator
from whaletable.rulebook import clause_of


class RefusedMove(WhaletableError):
    """A page's move that is not legal now (forged, malformed or from a menu gone by)."""

    def __init__(self, game: Game[Any], data: Any) -> None:
        self.game = game
        # A forged move may name anything: only a string names a kind.
        self.kind = data.get("type") if isinstance(data, dict) else None
        super().__init__(f"{game.spec.id}: this move is not allowed now")


def rule_url(game_id: str, section: str, lang: str) -> str:
    """The rules page of ``game_id`` in ``lang``, at ``section``."""
    return f"/rules/{game_id}?lang={lang}#{section}"


def refusal_message(refused: RefusedMove, lang: str) -> dict[str, Any]:
    """The WebSocket answer to a refused move: ``message`` to show, and ``rule`` (its
    ``id``, ``title``, ``url`` and the link's ``label``) when the game names a section."""
    tr = translator(lang)
    section = clause_of(refused.game, refused.kind, lang)
    if section is None:
        return {"type": "error", "message": tr("This move is not allowed now.")}
    return {
        "type": "error",
        "message": tr("This move is not allowed now: see “{section}” in the rules.").format(
            section=section.title
        ),
        "rule": {
            "id": section.id,
            "title": section.title,
            "url": rule_url(refused.game.spec.id, section.id, lang),
            "label": tr("Read this rule"),
        },
    }
