"""The state of one game in play, behind one API for every game.

A game implements the underscore hooks; the public methods around them enforce
what must hold for every game: nothing is applied after the end, an illegal
action raises :class:`IllegalAction` and changes nothing, every applied action
(chance outcomes included) is appended to :attr:`State.history`, and undo never
crosses a chance outcome, a reveal of hidden information or another seat's action.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, ParamSpec, Self

import numpy as np
from numpy.typing import NDArray

from whaletable.core.action import Action
from whaletable.core.decisions import KIND_BITS, KIND_MASK, Decision, DecisionKinds
from whaletable.core.errors import IllegalAction, WhaletableError
from whaletable.core.event import Event
from whaletable.core.observation import Observation
from whaletable.core.recall import Recall, information_state_string
from whaletable.core.result import Result
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.core.tensor import Tensor, TensorWriter

P = ParamSpec("P")

_NUMPY_INTS: frozenset[type] = frozenset(
    (np.int8, np.int16, np.int32, np.int64, np.longlong)
) | frozenset((np.uint8, np.uint16, np.uint32, np.uint64, np.ulonglong))
"""NumPy's integer scalar types: found by type first, the cheap test a policy's sample meets."""

if TYPE_CHECKING:
    from whaletable.core.game import Game


class State(ABC):
    """One position of one game.

    Subclasses keep their data in plain ints, tuples and small lists and copy
    it in :meth:`_clone`; ``copy.deepcopy`` is never needed.
    """

    __slots__ = (
        "_codes_memo",  # the integer API's memo (section "Integer API")
        "_events",
        "_recall",  # information states with perfect recall (whaletable.core.recall)
        "_undo_floor",
        "decisions",  # the pending decisions, for a game that keeps a stack of them
        "game",
        "history",
        "num_players",
        "options",
    )

    game: Game[Any]
    num_players: int
    options: Any
    history: list[Action]
    _undo_floor: int
    _events: list[tuple[int, Event]] | None
    """``(step, event)`` pairs, or None when this state keeps no events (search, simulation)."""
    _codes_memo: tuple[int, list[int], int] | None
    """The integer API's memo of one position (see :meth:`_codes_here`)."""
    _recall: Recall | None
    """What seats asked about have seen so far, or None for a state never asked."""
    decisions: list[Decision]
    """The pending decisions, bottom first (:mod:`whaletable.core.decisions`): empty for a
    game that keeps no decision stack."""
    DECISION_KINDS: ClassVar[DecisionKinds | None] = None
    """The names of the kinds of decision of a game that keeps a decision stack; the test
    kit then checks the stack against :meth:`current_player` at every step."""

    def __init__(self, game: Game[Any], num_players: int, options: Any) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.history = []
        self._undo_floor = 0
        self._events = None
        self._codes_memo = None
        self._recall = None
        self.decisions = []

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
    def _observation(self, seat: int | None) -> Observation:
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

    @abstractmethod
    def _result(self) -> Result:
        """How the finished game came out (called only at the end, by :meth:`result`).

        Built from the same ranking as :meth:`returns`, so the two cannot disagree.
        """

    def _legal_player_codes(self) -> list[int]:
        """The legal player codes of a decision, ascending (see "Integer API" below).

        A game whose rules can list codes without building actions overrides this for
        speed; the test kit checks the override against :meth:`_legal_actions` everywhere.
        """
        return sorted(self.game._player_codes_of(self._legal_actions()))

    def _is_barrier(self, action: Action) -> bool:
        """Whether ``action`` reveals hidden information (so it can never be undone)."""
        return False

    def _emit(self, event: Callable[P, Event], *args: P.args, **kwargs: P.kwargs) -> None:
        """Say what just happened: ``event(*args, **kwargs)``, at the step of the action
        being applied. Called by :meth:`_apply`.

        The event is built only when this state keeps events, so search and simulation,
        which keep none, pay nothing for it and rules emit unconditionally.
        """
        if self._events is not None:
            self._events.append((len(self.history), event(*args, **kwargs)))

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
        self._apply_legal(actor, action)

    def _apply_legal(self, actor: int, action: Action) -> None:
        """Apply an action known to be legal for ``actor``, and keep the history and the
        undo floor (every path that applies an action comes through here)."""
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
        new.decisions = self.decisions.copy()
        new._events = None if self._events is None else self._events.copy()
        new._recall = self._recall  # immutable, so shared
        new._codes_memo = None  # a clone may be changed before it is applied to (determinize)
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

    def observation(self, seat: int | None) -> Observation:
        """Everything ``seat`` may know and nothing more; ``None`` is a spectator.

        The one choke point for hidden information: interfaces, logs and bots
        see the game only through this (or through :meth:`determinize`).
        """
        self._check_seat(seat)
        observation = self._observation(seat)
        # Every game's observation carries its result, the same for every viewer (a
        # finished game hides nothing its result shows).
        result = self.result()
        observation["result"] = None if result is None else result.to_json()
        return observation

    def result(self) -> Result | None:
        """How the game came out, or None until the end.

        The one source of a finished game's standings, tie-break and breakdowns: every
        interface draws it. The base holds every game's result to the same invariants
        (each seat once, places in order and shared only on ties, the winners exactly
        the first place or nobody, winners exactly the seats with a positive return,
        scores as :meth:`scores` says) and raises
        :class:`~whaletable.core.result.InconsistentResult` when one breaks.
        """
        if self.current_player() != TERMINAL:
            return None
        result = self._result()
        result.check(self.scores(), self.returns(), self.game.spec.cooperative)
        return result

    def step_events(self, seat: int | None, step: int) -> list[Event]:
        """The events of one step (the action at ``history[step]``) as ``seat`` may know them."""
        return [event for at, event in self.events(seat, since=step) if at == step]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        self._check_seat(seat)
        if seat is None:
            raise IllegalAction("determinize needs a seat, not a spectator")
        sample = self._determinize(seat, rng)
        # The sample's own events would be made up; its true ones are hidden. Keep none.
        sample._events = None
        # Its seats' past is its own history's: the source's record would be another's.
        sample._recall = None
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

    # ------------------------------------------------------------------
    # Integer API: codes and masks for search and learning (OpenSpiel's conventions).
    #
    # Player decisions are codes in the player space (``game.num_player_actions``),
    # chance outcomes codes in the chance space (``game.num_chance_outcomes``). The
    # legal codes of a position (player codes ascending, chance codes in the outcomes'
    # order) are remembered with the history length they belong to and the seat to move
    # (a state changes only through ``apply``), so a mask, the codes and ``apply_code``
    # of one position share one look-up, and ``apply_code`` of a code from that list
    # skips the rule check the look-up already made. The memo's list is never handed
    # out: callers get a copy, so nothing they do to it can make a code pass as legal.

    def _codes_here(self) -> tuple[int, list[int], int]:
        """This position's memo: (history length, legal codes, :meth:`current_player`)."""
        step = len(self.history)
        try:
            memo = self._codes_memo
        except AttributeError:  # a state a game built without __init__ or clone
            memo = None
        if memo is not None and memo[0] == step:
            return memo
        actor = self.current_player()
        if actor >= 0:
            codes = self._legal_player_codes()
        elif actor == CHANCE:
            codes = self._chance_outcome_codes()[0]
        else:
            codes = []
        memo = self._codes_memo = (step, codes, actor)
        return memo

    def _chance_outcome_codes(self) -> tuple[list[int], list[tuple[int, float]]]:
        """At a chance node: the outcomes' chance codes, and (code, probability) pairs,
        in :meth:`_chance_outcomes` order. Both may be shared: callers never change them.

        A game whose rules can list them without building actions may override this; the
        test kit checks the pairs against :meth:`chance_outcomes` at every chance node.
        """
        return self.game._chance_code_pairs(self._chance_outcomes())

    def legal_action_codes(self) -> list[int]:
        """The legal codes, ascending: player codes at a decision, chance codes at a
        chance node, none at the end."""
        # _codes_here written out: this runs once per position of every coded playout.
        step = len(self.history)
        try:
            memo = self._codes_memo
        except AttributeError:  # a state a game built without __init__ or clone
            memo = None
        if memo is None or memo[0] != step:
            actor = self.current_player()
            if actor >= 0:
                codes = self._legal_player_codes()
                self._codes_memo = (step, codes, actor)
                return codes.copy()  # ascending from the rules
            memo = self._codes_here()  # a chance node or the end: the general way
        # Player codes come ascending from the rules; chance codes in the outcomes' order.
        return sorted(memo[1]) if memo[2] == CHANCE else memo[1].copy()

    def legal_action_mask(self) -> NDArray[np.bool_]:
        """One flag per code of the space in play, as a read-only NumPy bool array (what
        a learner's masked policy reads; positions with the same legal codes share it):
        ``game.num_player_actions`` long at a decision (and at the end, all false),
        ``game.num_chance_outcomes`` at a chance node."""
        # _codes_here and the kept mask's look-up written out: this runs once a decision.
        step = len(self.history)
        try:
            memo = self._codes_memo
        except AttributeError:
            memo = None
        if memo is None or memo[0] != step:
            actor = self.current_player()
            if actor >= 0:
                codes = self._legal_player_codes()
                self._codes_memo = (step, codes, actor)
                mask = self.game._masks[False].get(key := tuple(codes))
                return mask if mask is not None else self.game._mask_of(key, chance=False)
            memo = self._codes_here()
        chance = memo[2] == CHANCE
        mask = self.game._masks[chance].get(key := tuple(memo[1]))
        return mask if mask is not None else self.game._mask_of(key, chance=chance)

    def chance_outcome_codes(self) -> list[tuple[int, float]]:
        """The chance outcomes as (chance code, probability), in ``chance_outcomes`` order."""
        if self.current_player() != CHANCE:
            raise IllegalAction("not a chance node: nobody rolls or draws now")
        codes, pairs = self._chance_outcome_codes()
        self._codes_memo = (len(self.history), codes, CHANCE)
        return pairs.copy()

    def apply_code(self, code: int) -> None:
        """Apply the action of ``code``: a chance code at a chance node, a player code
        otherwise. Any integer type is accepted (NumPy's included); a bool, a
        non-integer or a code outside the space raises :class:`IllegalAction`.
        """
        if type(code) in _NUMPY_INTS:
            code = operator.index(code)  # a NumPy policy's sample takes the known-legal path too
        try:
            memo = self._codes_memo
        except AttributeError:  # a state a game built without __init__ or clone
            memo = None
        if (
            memo is not None
            and memo[0] == len(self.history)
            and type(code) is int
            and code in memo[1]
        ):
            # Known legal: the memo's look-up went through the rules for this position.
            actor = memo[2]
            game = self.game
            action = (game._chance_actions if actor == CHANCE else game._player_actions)[code]
            self._apply_legal(actor, action)
            return
        actor = self.current_player()
        if actor == TERMINAL:
            raise IllegalAction(f"code {code!r}: the game is over")
        game = self.game
        self.apply(game.chance_outcome(code) if actor == CHANCE else game.player_action(code))

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy`` (which adapters such as OpenSpiel's use) is :meth:`clone`."""
        return self.clone()

    # ------------------------------------------------------------------
    # Observations for learning: both read observation(seat), the choke point.

    def observation_tensor(self, seat: int) -> Tensor:
        """What ``seat`` knows as a flat float32 vector of the game's declared layout
        (``game.observation_layout``), written from :meth:`observation` alone."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalAction(f"an observation tensor is a seat's: not {seat!r}")
        observation = self.observation(seat)
        game = self.game
        layout = game.observation_layout(self.num_players, self.options)
        if game.tensor is None:  # observation_layout has refused already
            raise IllegalAction(f"{game.spec.id} declares no observation tensor")
        out = TensorWriter(layout)
        game.tensor.write(observation, seat, out)
        return out.array

    def information_state_string(self, seat: int) -> str:
        """Everything ``seat`` has seen and done, with perfect recall: one line of
        canonical JSON per step, its own decision and how its observation changed
        (the format: :mod:`whaletable.core.recall`).

        Two states give one string only when the seat saw the same at every step and
        decided the same. The first call replays the history; later calls add the new
        steps only, and clones share what was recorded.
        """
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalAction(f"an information state is a seat's: not {seat!r}")
        self._check_seat(seat)
        return information_state_string(self, seat)

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise IllegalAction(f"no seat {seat!r}: seats are 0..{self.num_players - 1}")

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game.spec.id} players={self.num_players} "
            f"step={len(self.history)} to_move={self.current_player()}>"
        )


class StackedState(State):
    """A state whose turns are a stack of pending decisions (:mod:`whaletable.core.decisions`):
    the top one says who decides and what kind of decision it is."""

    __slots__ = ()

    def current_player(self) -> int:
        return self.decisions[-1] >> KIND_BITS

    @property
    def phase(self) -> int:
        """The kind of the decision on top of the stack (the observation's ``phase`` names it).

        The rules' hooks read ``self.decisions[-1] & KIND_MASK`` inline instead, to spare a
        playout a function call per step."""
        return self.decisions[-1] & KIND_MASK
