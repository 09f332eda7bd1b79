"""Whale Spotting's decisions as player codes, listed straight from the rules.

The game numbers its sails by zone (``WhaleSpotting._all_actions``), so the codes of
the zones a boat may reach, listed ascending by zone, are ascending too.
"""

from __future__ import annotations

from collections.abc import Callable

from whaletable.core.action import Action

from .actions import Sail


class CodeBook:
    """The player code of every sail, by zone."""

    def __init__(self, zones: int, player_code: Callable[[Action], int]) -> None:
        self.sail: tuple[int, ...] = tuple(player_code(Sail(z)) for z in range(zones))
        if list(self.sail) != sorted(self.sail):
            raise ValueError("whale-spotting: the sails must be numbered by zone")


__all__ = ["CodeBook"]
