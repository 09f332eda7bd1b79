"""Helpers that set a Whale to Look table up exactly as a test wants it.

Every helper goes through the public API (``state.apply``): the chance actions that
would deal the fish cards are applied explicitly with the values a test chooses,
so a test knows every fish sum and can work out the scores by hand.

Fish positions on the table (area ``aN`` is bordered by the four fish at its corners)::

    f0    f1    f2    f3
       a0    a1    a2
    f4    f5    f6    f7
       a3    a4    a5
    f8    f9    f10   f11
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable import games
from whaletable.core.action import Action
from whaletable.core.testing import refusal
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look.rules import WhaleToLookState


class Table:
    """Builds states and plays scripted turns; each method says what it applies."""

    def __init__(self) -> None:
        self.game: Any = games.get("whale-to-look")

    def new(
        self,
        fish: Sequence[int],
        *,
        players: int = 3,
        edition: str = "en",
        trending: str = "none",
        start_player: int = 0,
        areas: Sequence[int] | None = None,
        **other: Any,
    ) -> WhaleToLookState:
        """A round-1 table: the given fish dealt, areas in printed order unless ``areas``;
        ``other`` options as given (its events kept)."""
        options = {
            **other,
            "edition": edition,
            "trending": trending,
            "start_player": start_player,
            "area_layout": "ordered" if areas is None else "shuffled",
        }
        state: WhaleToLookState = self.game.new_state(players, options, events=True)
        self.deal(state, fish, areas=areas)
        return state

    def deal(
        self, state: WhaleToLookState, fish: Sequence[int], *, areas: Sequence[int] | None = None
    ) -> None:
        """Apply the chance actions that lay the area cards (if shuffled) and deal the fish."""
        for number in areas or ():
            state.apply(act.LayArea(number))
        for value in fish:
            state.apply(act.DealFish(value))

    def turn(self, state: WhaleToLookState, boat: int, area: int, *, anchor: bool = False) -> None:
        """Investigate the first card the player may, then move ``boat`` to ``area``."""
        state.apply(self.first_investigation(state))
        state.apply(act.MoveBoat(boat, area, anchor))

    def first_investigation(self, state: WhaleToLookState) -> Action:
        for action in state.legal_actions():
            if isinstance(action, act.Investigate):
                return action
        raise AssertionError("the player to move may not investigate")

    def finish(self, state: WhaleToLookState, times: int = 1) -> None:
        for _ in range(times):
            state.apply(act.Finish())

    def finish_round(self, state: WhaleToLookState) -> None:
        """Every player still playing says "Done!" until the round is scored."""
        start_round = state.round
        for _ in range(state.num_players + 1):
            if state.round != start_round or state.is_terminal():
                return
            state.apply(act.Finish())
        raise AssertionError("the round went on after every player finished")

    def obs(self, state: WhaleToLookState, seat: int | None = None) -> dict[str, Any]:
        return state.observation(seat)

    def round_points(self, state: WhaleToLookState, rnd: int) -> list[int]:
        """Each seat's points in round ``rnd`` (1 or 2), read from the public view."""
        return [p["points"][rnd - 1] for p in state.observation(None)["players"]]

    def moves_of(self, state: WhaleToLookState, boat: int) -> set[int]:
        """The areas ``boat`` of the player to move may go to now (without anchoring)."""
        return {
            a.area
            for a in state.legal_actions()
            if isinstance(a, act.MoveBoat) and a.boat == boat and not a.anchor
        }

    def refuses(self, state: WhaleToLookState, action: Action) -> str:
        """Apply an illegal action: return the reason, after checking nothing changed."""
        return refusal(state, action)
