"""Every game whaletable plays, registered by id.

>>> from whaletable import games
>>> [g.spec.id for g in games.all()]
['survive', 'whale-to-look']
"""

from typing import Any

from whaletable.core.game import Game
from whaletable.core.registry import all_games, get
from whaletable.games import survive as survive
from whaletable.games import whale_to_look as whale_to_look


def all() -> list[Game[Any]]:
    return all_games()


__all__ = ["all", "get", "survive", "whale_to_look"]
