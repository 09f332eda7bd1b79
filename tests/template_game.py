"""The template game (``templates/game/``) copied into a temporary package and registered,
as a game added by following ``docs/adding-a-game.md`` would be.

The registry, the bots and the advisors are restored afterwards and the copied modules
forgotten, so no other test meets the template.
"""

from __future__ import annotations

import importlib
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from whaletable import agents
from whaletable import games as games  # the installed games register before any patching
from whaletable.agents import mcts, settings
from whaletable.core import advice, registry
from whaletable.core.game import Game

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "game"
PACKAGE = "whale_spotting_copy"
GAME_ID = "whale-spotting"


@contextmanager
def template_registered(folder: Path) -> Iterator[Game[Any]]:
    """Copy the template under ``folder`` as the package :data:`PACKAGE`, import it (which
    registers the game, its bots and its advisor) and hand out the game."""
    shutil.copytree(TEMPLATE, folder / PACKAGE)
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(folder))
        patch.setattr(registry, "_GAMES", dict(registry._GAMES))
        patch.setattr(agents, "_PER_GAME", dict(agents._PER_GAME))
        patch.setattr(mcts, "_EVALUATORS", dict(mcts._EVALUATORS))
        patch.setattr(settings, "_SETTINGS", dict(settings._SETTINGS))
        patch.setattr(advice, "_ADVISORS", dict(advice._ADVISORS))
        try:
            module = importlib.import_module(PACKAGE)
            yield registry.get(module.GAME_ID)
        finally:
            for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
                del sys.modules[name]


__all__ = ["GAME_ID", "PACKAGE", "TEMPLATE", "template_registered"]
