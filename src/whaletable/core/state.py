"""The state of one game in play, behind one API for every game.

A game implements the underscore hooks; the public methods around them enforce
what must hold for every game: nothing is applied after the end, an illegal
action raises :class:`IllegalAction` and changes nothing, every applied action
(chance outcomes included) is appended to :attr:`State.history`, and undo never
crosses a chance outcome, a reveal of hidden information or another seat's action.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Self

from whaletable.core.action import Action
from whaletable.core.errors import IllegalAction, WhaletableError
from whaletable.core.event import Event
from whaletable.core.spec import CHANCE, TERMINAL

if TYPE_CHECKING:
    from whaletable.core.game import Game


class State(ABC):
    """One position of one game.

    Subclasses keep their data in plain ints, tuples and small lists and copy
    it in :meth:`_clone`; ``copy.deepcopy`` is never needed.
    """

    __slots__ = ("_events", "_undo_floor", "game", "history", "num_players", "options")

    game: Game[Any]
    num_players: int
    options: Any
    history: list[Action]
    _undo_floor: int
    _events: list[tuple[int, Event]] | None
    """``(step, event)`` pairs, or None when this state keeps no events (search, simulation)."""

    def __init__(self, game: Game[Any], num_players: int, options: Any) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.history = []
        self._undo_floor = 0
        self._events = None

    # ----------------------------------------------------------------- hooks

    @abstractmethod
    def current_player(self) -> int:
        """A seat ``0..n-1``, or :data:`CHANCE`, or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal actions of a non-terminal state (chance outcomes at chance nodes)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """Outcomes and their probabilities at a chance node."""

    @abstractmethod
    def _why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal here, or ``None`` if it is legal.

        Must agree exactly with :meth:`_legal_actions` (the test kit checks it).
        """

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action. Called only after :meth:`_why_illegal` said yes."""

    @abstractmethod
    def _clone(self) -> Self:
        """A copy sharing no mutable data with this state (the base copies the history)."""

    @abstractmethod
    def _observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), JSON-ready."""

    @abstractmethod
    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """A state sampled uniformly from those ``seat`` cannot tell from this one.

        The sample's history must be consistent with it (it replays to the sample),
        so a bot reading it learns nothing the observation does not say.
        """

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's points in the game's own terms."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's payoff for bots: 1 for the winner, 0 otherwise (shared if cooperative)."""

    def _is_barrier(self, action: Action) -> bool:
        """Whether ``action`` reveals hidden information (so it can never be undone)."""
        return False

    def _emit(self, event: Event) -> None:
        """Say what just happened; called by :meth:`_apply` (the step is the action's index).

        Free when the state keeps no events, so rules emit unconditionally.
        """
        if self._events is not None:
            self._events.append((len(self.history), event))

    # ------------------------------------------------------------ public API

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """The actions the current player (or chance) may take; empty at the end."""
        if self.current_player() == TERMINAL:
            return []
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance_node():
            raise IllegalAction("not a chance node: nobody rolls or draws now")
        return self._chance_outcomes()

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw one chance outcome with its probability."""
        outcomes = self.chance_outcomes()
        pick = rng.random()
        for action, p in outcomes:
            pick -= p
            if pick < 0:
                return action
        return outcomes[-1][0]

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the current player, or raise :class:`IllegalAction`.

        The state is unchanged when this raises.
        """
        actor = self.current_player()
        if actor == TERMINAL:
            raise IllegalAction(f"{action}: the game is over")
        reason = self._why_illegal(action)
        if reason is not None:
            raise IllegalAction(f"{action}: {reason}")
        self._apply(action)
        self.history.append(action)
        if actor == CHANCE or self._is_barrier(action) or self.current_player() != actor:
            self._undo_floor = len(self.history)

    def child(self, action: Action) -> Self:
        """A new state: this one with ``action`` applied."""
        new = self.clone()
        new.apply(action)
        return new

    def clone(self) -> Self:
        new = self._clone()
        new.history = self.history.copy()
        new._undo_floor = self._undo_floor
        new._events = None if self._events is None else self._events.copy()
        return new

    @property
    def keeps_events(self) -> bool:
        """Whether this state records events (``Game.new_state(..., events=True)``)."""
        return self._events is not None

    def events(self, seat: int | None, since: int = 0) -> list[tuple[int, Event]]:
        """The events of steps ``since`` on as ``seat`` may know them, with their step.

        The choke point for events, as :meth:`observation` is for positions: each
        event passes through :meth:`Event.seen_by` for ``seat`` (``None``: a spectator).
        """
        self._check_seat(seat)
        if self._events is None:
            raise WhaletableError(
                f"this {self.game.spec.id} state keeps no events: "
                "create it with new_state(..., events=True)"
            )
        out: list[tuple[int, Event]] = []
        for step, event in self._events:
            if step >= since:
                seen = event.seen_by(seat)
                if seen is not None:
                    out.append((step, seen))
        return out

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know and nothing more; ``None`` is a spectator.

        The one choke point for hidden information: interfaces, logs and bots
        see the game only through this (or through :meth:`determinize`).
        """
        self._check_seat(seat)
        return self._observation(seat)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        self._check_seat(seat)
        if seat is None:
            raise IllegalAction("determinize needs a seat, not a spectator")
        sample = self._determinize(seat, rng)
        # The sample's own events would be made up; its true ones are hidden. Keep none.
        sample._events = None
        return sample

    def can_undo(self) -> bool:
        """Whether the current seat may take back its last decision (BGA's policy)."""
        return len(self.history) > self._undo_floor

    def undo(self) -> Self:
        """This state without its last decision, rebuilt by replaying the history."""
        if not self.can_undo():
            raise IllegalAction(
                "nothing to undo: a chance outcome, a reveal or another seat's action came last"
            )
        state: Self = self.game.new_state(
            self.num_players, self.options, events=self._events is not None
        )
        for action in self.history[:-1]:
            state.apply(action)
        return state

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise IllegalAction(f"no seat {seat!r}: seats are 0..{self.num_players - 1}")

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game.spec.id} players={self.num_players} "
            f"step={len(self.history)} to_move={self.current_player()}>"
        )
