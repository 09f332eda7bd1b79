"""Bots that misbehave on purpose, for the tests of deadlines and worker replacement.

They run in the bot worker processes, which import them by module name: this module
sits on the tests' import path, which a spawned worker inherits.
"""

from __future__ import annotations

import time
from typing import Any

from whaletable.web.bots import think

SLOTH = "Sloth"  # a bot seat named so never answers in time
SLOTH_SECONDS = 30.0


def think_slowly_for_sloths(
    record: dict[str, Any], seat: int, spec: str, seed: int
) -> dict[str, Any]:
    """``think``, except that a seat whose name starts with "Sloth" dawdles far too long."""
    if str(record["seats"][seat]).startswith(SLOTH):
        time.sleep(SLOTH_SECONDS)
    return think(record, seat, spec, seed)
