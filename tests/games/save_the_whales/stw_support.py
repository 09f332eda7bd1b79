"""Helpers that set a Save the Whales table up exactly as a test wants it.

Tests import them with ``from stw_support import ...``; ``conftest.py`` only hands out
the ``table`` fixture.

Whales are chosen and dice thrown through the public API (chance actions are
applied with the faces a test picks). Where a test needs a whale somewhere the
dice would take many turns to reach, :meth:`Table.put` places it directly, the
way a player sets a position up on the real board.

Board (data/board.toml), clockwise from POW = 0::

    0 POW  1 GRAY  2 DAWN  3 KRILL  4 HUMPBACK  5 THAR  6 NEPTUNE  7 MIND IN THE WATERS
    8 OIL SPILL  9 DAWN  10 ARCTIC CIRCLE  11 BOWHEAD  12 IWC  13 NEPTUNE  14 RIGHT
    15 THAR  16 DAWN  17 SPOTTED  18 WHALE MIGRATION  19 NEPTUNE  20 CALVING SANCTUARY
    21 BLUE  22 DAWN  23 RADIOACTIVE WASTE  24 FIN  25 THAR  26 NEPTUNE  27 THE MAGIC
    BARNACLE  28 PIRATE WHALERS  29 DAWN  30 ANTARCTICA  31 SPERM  32 MORATORIUM
    33 NEPTUNE  34 ORCA  35 THAR  36 FLOATING FACTORY  37 DAWN  38 MARINE MAMMAL
    PROTECTION ACT  39 NEPTUNE

The path has one space above each track space; path specials lie above 8 (golden
barnacle), 12 (STORM AT SEA), 18 (Mermaid), 28 (golden barnacle) and 32 (CATCHER
SHIP STUCK ON ICEBERG); the Ship's first step from port is to the space above 21.
"""

from __future__ import annotations

from typing import Any, TypeVar

from whaletable import games
from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.testing import refusal
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales.rules import (
    PATH,
    PAY,
    PORT,
    TRACK,
    TURN,
    WHALE_INDEX,
    SaveTheWhalesState,
)

E = TypeVar("E", bound=Event)

SPACE = {
    "pow": 0,
    "gray": 1,
    "dawn": 2,
    "krill": 3,
    "humpback": 4,
    "thar": 5,
    "neptune": 6,
    "mind": 7,
    "oil": 8,
    "arctic": 10,
    "bowhead": 11,
    "iwc": 12,
    "right": 14,
    "spotted": 17,
    "migration": 18,
    "calving": 20,
    "blue": 21,
    "radioactive": 23,
    "fin": 24,
    "barnacle": 27,
    "pirates": 28,
    "antarctica": 30,
    "sperm": 31,
    "moratorium": 32,
    "orca": 34,
    "factory": 36,
    "act": 38,
}


class Table:
    def __init__(self) -> None:
        self.game: Any = games.get("save-the-whales")

    def new(self, whales: tuple[str, ...] = ("gray", "blue"), **options: Any) -> SaveTheWhalesState:
        """A game where seat i chose ``whales[i]``; seat 0 to roll (its events kept)."""
        state: SaveTheWhalesState = self.game.new_state(len(whales), options or None, events=True)
        for w in whales:
            state.apply(act.ChooseWhale(w))
        assert state.phase == TURN and state.to_move == 0
        return state

    def put(self, state: SaveTheWhalesState, whale: str, space: int, *, path: bool = False) -> None:
        """Place a whale on a track space, or on the path space above ``space``."""
        w = WHALE_INDEX[whale]
        state.status[w] = PATH if path else TRACK
        state.pos[w] = state.game.path_under[space] if path else space
        state._legal = None

    def ship(self, state: SaveTheWhalesState, above: int | None) -> None:
        """Put the Catcher Ship on the path space above ``above`` (None: in port)."""
        state.ship = PORT if above is None else state.game.path_under[above]
        state._legal = None

    def roll(self, state: SaveTheWhalesState, a: int, b: int) -> None:
        """The seat to move rolls; the dice show ``a`` and ``b`` (0 = Catcher Ship)."""
        state.apply(act.Roll())
        state.apply(act.ThrowDice(min(a, b), max(a, b)))

    def whale(self, state: SaveTheWhalesState, name: str) -> dict[str, Any]:
        return next(w for w in state.observation(None)["whales"] if w["name"] == name)

    def refuses(self, state: SaveTheWhalesState, action: Action) -> str:
        """Apply an illegal action: return the reason, after checking nothing changed."""
        return refusal(state, action)


def events_of(state: SaveTheWhalesState, kind: type[E]) -> list[E]:
    """The events of one kind the game emitted so far, in order."""
    return [e for _, e in state.events(None) if isinstance(e, kind)]


def penalty(state: SaveTheWhalesState, space: int) -> int:
    """The SPs a penalty space costs (its ``sp`` is negative in the data)."""
    return -state.components.track[space].sp


def pay_all(state: SaveTheWhalesState) -> None:
    """Pay the payment in progress (only that one): each seat asked pays all it can."""
    payment = state.payment
    while state.phase == PAY and state.payment is payment:
        pays = [a for a in state.legal_actions() if isinstance(a, act.Pay)]
        state.apply(max(pays, key=lambda a: a.amount))
