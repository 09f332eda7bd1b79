"""Helpers that set a Whale Riders table up exactly as a test wants it.

Every helper goes through the public API (``state.apply``): the chance actions
that lay the coast, deal the contracts and pick the start player are applied
explicitly with the outcomes a test chooses, so a test knows every tile and card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from whaletable import games
from whaletable.core.action import Action
from whaletable.core.testing import refusal
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders.rules import WhaleRidersState

Tile = tuple[str, int]
PLAIN_PORT: list[Tile] = [("shell", 1), ("kelp", 1), ("meat", 1), ("pottery", 1)]


class Table:
    """Builds states and plays scripted turns; each method says what it applies."""

    def __init__(self) -> None:
        self.game: Any = games.get("whale-riders")
        self.contracts = self.game.components.contracts

    def card(self, **needs: int) -> int:
        """The id of the first contract asking for exactly ``needs``."""
        from whaletable.games.whale_riders.components import GOODS, PAYING

        want = tuple(needs.get(g, 0) for g in GOODS[:PAYING])
        for i, c in enumerate(self.contracts):
            if c.needs == want:
                return i
        raise AssertionError(f"no contract needs {needs}")

    def cards(self, count: int, *, avoid: Sequence[int] = ()) -> list[int]:
        """``count`` contract ids not in ``avoid``."""
        return [i for i in range(len(self.contracts)) if i not in avoid][:count]

    def new(
        self,
        players: int = 2,
        *,
        ports: Mapping[int, Sequence[Tile]] | None = None,
        hands: Mapping[int, Sequence[int]] | None = None,
        start: int = 0,
        powers: Sequence[str] = (),
        decrees: Sequence[str] = (),
        events: bool = False,
        **options: Any,
    ) -> WhaleRidersState:
        """A table after setup: ports 1-7 laid (plain unless ``ports``), hands dealt, start
        chosen; with ``events`` the state records what happens (``state.events``)."""
        if powers:
            options["magic_of_the_whale"] = True
        if decrees:
            options["clans_decree"] = True
        state: WhaleRidersState = self.game.new_state(players, options, events=events)
        for port in range(1, 8):
            for good, count in (ports or {}).get(port, PLAIN_PORT):
                state.apply(act.DrawTile(good, count))
        given = dict(hands or {})
        used = [c for h in given.values() for c in h]
        for seat in range(players):
            hand = list(given.get(seat, ()))
            extra = self.cards(3 - len(hand), avoid=used + hand)
            used += extra
            for card in hand + extra:
                state.apply(act.DrawContract(card))
        for power in powers:
            state.apply(act.DealPower(power))
        for decree in decrees:
            state.apply(act.RevealDecree(decree))
        state.apply(act.PickStartPlayer(start))
        return state

    def settle(self, state: WhaleRidersState, tile: Tile | None = None) -> None:
        """Apply chance draws until a seat decides: ``tile`` (or the first tile) for spaces,
        the lowest-numbered card left for hands."""
        while state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            pick = outcomes[0]
            if tile is not None and act.DrawTile(*tile) in outcomes:
                pick = act.DrawTile(*tile)
            state.apply(pick)

    def play(self, state: WhaleRidersState, *actions: Action, tile: Tile | None = None) -> None:
        """Apply decisions, settling chance draws after each."""
        for action in actions:
            state.apply(action)
            self.settle(state, tile)

    def ride(self, state: WhaleRidersState, seat: int, steps: int) -> None:
        """Every seat in turn: ``seat`` moves (twice a turn) until it has gone ``steps`` further;
        the others take coins."""
        target = state.steps[seat] + steps
        while state.steps[seat] < target:
            mover = state.current_player()
            if mover == seat and state.steps[seat] < target:
                self.play(state, act.Move())
            else:
                self.play(state, act.TakeCoin())
        # finish the mover's turn so the next decision is clean
        while state.current_player() == seat and state.actions_left < 2:
            self.play(state, act.TakeCoin())

    def to_turn_of(self, state: WhaleRidersState, seat: int) -> None:
        """Everyone else takes coins until it is ``seat``'s turn, at its start."""
        while state.current_player() != seat or state.actions_left != 2:
            self.play(state, act.TakeCoin())

    def refuses(self, state: WhaleRidersState, action: Action) -> str:
        """Apply an illegal action: return the reason, after checking nothing changed."""
        return refusal(state, action)

    def held(self, state: WhaleRidersState, seat: int) -> list[Tile]:
        return [(t["good"], t["count"]) for t in state.observation(seat)["players"][seat]["tiles"]]

    def spaces(self, state: WhaleRidersState, port: int) -> list[Tile | None]:
        return [
            (t["good"], t["count"]) if t else None
            for t in state.observation(None)["ports"][port]["spaces"]
        ]
