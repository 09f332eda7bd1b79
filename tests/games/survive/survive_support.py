"""Helpers that set a Survive table up exactly as a test wants it (the ``table`` fixture
in ``conftest.py`` hands out a :class:`Table`).

Setup goes through the public API (chance actions with chosen outcomes, then
each seat's placements). To stage one situation — a squid here, a boat there —
:class:`Table` then moves pieces by writing the state's flat lists directly and
forgetting the cached legal actions; every rule under test is then exercised
through ``legal_actions`` and ``apply`` only.
"""

from __future__ import annotations

from typing import Any

from whaletable import games
from whaletable.core.action import Action
from whaletable.core.testing import refusal
from whaletable.games.survive import actions as act
from whaletable.games.survive import rules as R
from whaletable.games.survive.components import BOARD
from whaletable.games.survive.rules import SurviveState

# Terrain laid in reading order: the outer slots beach, then forest, the middle mountain,
# so that sinking order and sea contact are easy to reason about.
LAYOUT: list[str] = []


def _layout() -> list[str]:
    ring = sorted(
        BOARD.island,
        key=lambda h: max(abs(BOARD.axial[h][0]), abs(BOARD.axial[h][1]), abs(sum(BOARD.axial[h]))),
    )
    kinds: dict[int, str] = {}
    for i, h in enumerate(reversed(ring)):
        kinds[h] = "beach" if i < 16 else ("forest" if i < 32 else "mountain")
    return [kinds[h] for h in BOARD.island]


LAYOUT = _layout()


def hx(row: int, idx: int) -> int:
    return BOARD.hex_at(row, idx)


def direction(a: int, b: int) -> int:
    """The direction of the step from space ``a`` to its neighbour ``b``."""
    return BOARD.step[a].index(b)


def quiet(table: Table, players: int = 2, *, events: bool = False, **options: Any) -> SurviveState:
    """Seat 0 to move, no creatures, no boats, nobody on the board (``events``: recorded)."""
    state = table.setup(players, dict(options), boats=False, events=events)
    table.empty_sea(state)
    table.clear_people(state)
    return state


class Table:
    def __init__(self) -> None:
        self.game: Any = games.get("survive")

    def setup(
        self,
        players: int = 2,
        options: dict[str, Any] | None = None,
        *,
        boats: bool = True,
        events: bool = False,
    ) -> SurviveState:
        """Seat 0 first; explorers on the first free tiles; boats on the first free spaces.

        With ``events`` the state records what happens (``state.events``).
        """
        state: SurviveState = self.game.new_state(players, options or {}, events=events)
        state.apply(act.PickStartPlayer(0))
        for terrain in LAYOUT:
            state.apply(act.LayTile(terrain))
        while state.phase == R.PLACE_EXPLORERS:
            seat = state.to_move
            h = state.placement_spaces()[0]
            state.apply(act.PlaceExplorer(h, max(state.values_left(seat))))
        while state.phase == R.PLACE_BOATS:
            free = [a for a in state.legal_actions() if isinstance(a, act.PlaceBoat)]
            state.apply(free[0])
        if not boats:
            for b in range(R.NUM_BOATS):
                if state.boat_hex[b] >= 0:
                    state.boat_hex[b] = R.GONE
        return state

    def shark_threat(self, state: SurviveState, *tiles: str) -> None:
        """A shark on (0, 0) rolled to move; beside it on (0, 1) the first explorer of seats
        1, 2 … swims, each seat holding one of ``tiles``."""
        self.creature(state, R.SHARK, hx(0, 0))
        for seat, tile in enumerate(tiles, 1):
            self.swimmer(state, seat * 10, hx(0, 1))
            state.hands[seat].append((1, tile, seat - 1))
        self.roll(state, "shark")

    def sink_under(self, state: SurviveState, explorer: int | None = 0) -> int:
        """Stand ``explorer`` (if any) on the first tile that may sink, end seat 0's movement
        and sink that tile; its space."""
        h = state.sinkable()[0]
        if explorer is not None:
            self.on_land(state, explorer, h)
        state.apply(act.EndMovement())
        state.apply(act.SinkTile(h))
        return h

    def sink_to_whirlpool(self, state: SurviveState, h: int) -> None:
        """End seat 0's movement and sink the beach on ``h``: its back is a whirlpool (one
        added to the beaches' pool for the test)."""
        state.apply(act.EndMovement())
        state.apply(act.SinkTile(h))
        state.pool[0][R.EFFECT_INDEX["whirlpool"]] += 1
        state._legal = None

    def to_the_volcano(self, state: SurviveState) -> None:
        """Leave only the mountains, end seat 0's movement and sink one: its back comes next."""
        for h in BOARD.island:
            if state.terrain[h] != R.MOUNTAIN:
                state.terrain[h] = R.SEA
        state._legal = None
        state.apply(act.EndMovement())
        state.apply(act.SinkTile(state.sinkable()[0]))

    def empty_sea(self, state: SurviveState) -> None:
        """Take every creature off the board (tests put back the ones they need)."""
        for c in range(R.NUM_CREATURES):
            state.cr_hex[c] = R.SUPPLY
        state._legal = None

    def creature(self, state: SurviveState, kind: int, h: int) -> int:
        for c in R.CREATURES_OF[kind]:
            if state.cr_hex[c] == R.SUPPLY:
                state.cr_hex[c] = h
                state._legal = None
                return c
        raise AssertionError("no creature of that kind left")

    def whale_away(self, state: SurviveState) -> int:
        """Squid rule 2: a squid moves only "whenever a Whale may be moved". A whale in the
        bottom-left corner, far from every place the tests use, makes that so."""
        return self.creature(state, R.WHALE, BOARD.hex_at(12, 0))

    def boat(self, state: SurviveState, h: int, passengers: tuple[int, ...] = ()) -> int:
        b = next(b for b in range(R.NUM_BOATS) if state.boat_hex[b] < 0)
        state.boat_hex[b] = h
        state.boat_pass[b] = []
        for e in passengers:
            self.lift(state, e)
            state.ex_status[e] = R.BOAT
            state.ex_boat[e] = b
            state.ex_hex[e] = h
            state.boat_pass[b].append(e)
        state._legal = None
        return b

    def lift(self, state: SurviveState, e: int) -> None:
        b = state.ex_boat[e]
        if b >= 0:
            state.boat_pass[b].remove(e)
            state.ex_boat[e] = -1

    def swimmer(self, state: SurviveState, e: int, h: int) -> None:
        self.lift(state, e)
        state.ex_status[e] = R.SWIM
        state.ex_hex[e] = h
        state._legal = None

    def on_land(self, state: SurviveState, e: int, h: int) -> None:
        self.lift(state, e)
        state.ex_status[e] = R.LAND
        state.ex_hex[e] = h
        state._legal = None

    def clear_people(self, state: SurviveState) -> None:
        """Every explorer off the board (lost), so only the ones a test puts back count."""
        for e in range(len(state.ex_status)):
            self.lift(state, e)
            state.ex_status[e] = R.LOST
            state.ex_hex[e] = -1
        state._legal = None

    def sea(self, state: SurviveState, h: int) -> None:
        """Sink the tile at ``h`` by hand (no reveal)."""
        state.terrain[h] = R.SEA
        state._legal = None

    def roll(self, state: SurviveState, face: str) -> None:
        """Jump to the creature die of the player to move and roll ``face``."""
        state.decisions[:] = [R.D_ROLL]  # the turn's movement and sinking skipped
        state.to_move = state.active
        state._legal = None
        state.apply(act.RollCreatureDie(face))

    def refuses(self, state: SurviveState, action: Action) -> str:
        """Apply an illegal action: return the reason, after checking nothing changed."""
        return refusal(state, action)
