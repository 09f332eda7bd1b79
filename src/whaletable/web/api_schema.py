"""The request bodies of the routes that read them by hand, described for the OpenAPI schema.

The routes parse their bodies themselves (so a bad body gets this app's clear error, not a
framework's), which leaves FastAPI nothing to describe; these schemas fill that gap for
readers of ``/openapi.json`` and for the fuzzer that drives every route from it.
"""

from __future__ import annotations

from typing import Any

from whaletable.web.tables import BOT_LEVELS
from whaletable.web.text import MAX_NAME

SEAT_KINDS = ["human", "open", "bot"]
MAX_SEATS = 8


def _body(content_type: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {content_type: {"schema": schema}}}}


def create_json(game_ids: list[str]) -> dict[str, Any]:
    """``POST /api/games``: a game, its seats, options, whether one device plays them and
    whether the players may ask for advice."""
    return _body(
        "application/json",
        {
            "type": "object",
            "required": ["game", "seats"],
            "properties": {
                "game": {"type": "string", "enum": game_ids},
                "seats": {
                    "type": "array",
                    "maxItems": MAX_SEATS,
                    "items": {
                        "type": "object",
                        "properties": {
                            "kind": {"type": "string", "enum": SEAT_KINDS},
                            "name": {"type": "string", "maxLength": MAX_NAME},
                            "bot": {"type": "string", "enum": list(BOT_LEVELS)},
                        },
                    },
                },
                "options": {"type": "object"},
                "hotseat": {"type": "boolean"},
                "advice": {"type": "boolean", "default": True},
            },
        },
    )


def create_form(game_ids: list[str]) -> dict[str, Any]:
    """``POST /games``: the lobby's form (seat and option fields are numbered and named)."""
    seat_fields: dict[str, Any] = {}
    for i in range(MAX_SEATS):
        seat_fields[f"seat_{i}_kind"] = {"type": "string", "enum": SEAT_KINDS}
        seat_fields[f"seat_{i}_name"] = {"type": "string", "maxLength": MAX_NAME}
        seat_fields[f"seat_{i}_bot"] = {"type": "string", "enum": list(BOT_LEVELS)}
    return _body(
        "application/x-www-form-urlencoded",
        {
            "type": "object",
            "required": ["game", "num_players"],
            "properties": {
                "game": {"type": "string", "enum": game_ids},
                "num_players": {"type": "string", "pattern": "^[0-9]{1,2}$"},
                "hotseat": {"type": "string", "enum": ["on"]},
                # The lobby sends "off" and then, when its box is ticked, "on" (the last wins).
                "advice": {"type": "string", "enum": ["on", "off"], "default": "on"},
                **seat_fields,
            },
            # option_<name>: an option's value, JSON-encoded or a bare word.
            "additionalProperties": {"type": "string"},
        },
    )
