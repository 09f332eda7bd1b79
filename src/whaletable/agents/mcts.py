"""Information-set Monte Carlo tree search, written once for every game.

Single-observer IS-MCTS: each iteration samples a full state consistent with
what the searching seat knows (``view.determinize``), then walks one tree whose
edges are action codes (``game.encode``). Every seat's decisions and every chance
outcome live in that one tree, so the tree is shared across determinizations;
an action is a candidate at a node only when it is legal in the determinization
at hand, and UCB1 counts how often each child was *available* rather than how
often its parent was visited. Chance outcomes are drawn with their
probabilities. Each decision node maximises the return of the seat to move
there (max-n), so every iteration backs up a vector with one value per seat.

Values are kept on ``[0, 1]``: every return or evaluation is rescaled from the
utility range the game's spec declares (``min_utility``..``max_utility``), so one
exploration constant suits a game paying 0 or 1 and a team game paying −1 to 1.

A leaf is scored by an *evaluator*: by default a uniformly random playout to the
end of the game. A game may register a cheaper or better-informed evaluator for
itself with :func:`register_evaluator`; this module never imports a game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from whaletable.agents import UnknownAgent, register_agent
from whaletable.core.action import Action
from whaletable.core.agent import SeatView
from whaletable.core.game import Game
from whaletable.core.state import State

Evaluator = Callable[[State, random.Random], Sequence[float]]
"""``evaluator(state, rng) -> one value per seat``, on the scale of ``State.returns``.

The state is the search's own scratch copy: an evaluator may change it freely.
"""

_EVALUATORS: dict[str, Evaluator] = {}

DEFAULT_ITERATIONS = 300
DEFAULT_C = 0.7
"""Values are rescaled to [0, 1], so an exploration constant below sqrt(2) suits them."""


def register_evaluator(game_id: str, evaluator: Evaluator) -> None:
    """Let a game score search leaves its own way (used when ``rollout="game"``)."""
    _EVALUATORS[game_id] = evaluator


def game_evaluator(game_id: str) -> Evaluator | None:
    return _EVALUATORS.get(game_id)


def random_playout(state: State, rng: random.Random) -> list[float]:
    """Play uniformly random legal actions (chance by its odds) to the end."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state.returns()


class _Node:
    """Statistics of one edge of the tree: the node reached by one action code."""

    __slots__ = ("avail", "children", "totals", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * num_players


class MctsAgent:
    """IS-MCTS with a budget of iterations and an optional time limit.

    With no time limit the choices depend only on ``seed`` and the positions
    seen, so a game against it replays exactly.
    """

    name = "mcts"

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        time_limit: float | None = None,
        c: float = DEFAULT_C,
        evaluator: Evaluator | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time_limit is not None and time_limit <= 0:
            raise ValueError("the time limit must be positive")
        if c < 0:
            raise ValueError("the exploration constant must not be negative")
        self.game = game
        self.iterations = iterations
        self.time_limit = time_limit
        self.c = c
        self.evaluator: Evaluator = evaluator if evaluator is not None else random_playout
        spec = game.spec
        self._low = spec.min_utility
        self._span = spec.max_utility - spec.min_utility
        self.rng = random.Random(seed)
        self.last_iterations = 0
        """How many iterations the last :meth:`act` ran (0 when the move was forced)."""

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(view)
        encode = self.game.encode
        seat = view.seat

        def rank(action: Action) -> tuple[int, float, int]:
            code = encode(action)
            child = root.children.get(code)
            if child is None or child.visits == 0:
                return (0, 0.0, -code)
            return (child.visits, child.totals[seat] / child.visits, -code)

        return max(legal, key=rank)

    def search(self, view: SeatView) -> _Node:
        """Run the iterations from ``view``'s position; return the root of the tree."""
        n = view.num_players
        root = _Node(n)
        rng = self.rng
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.iterations:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, view.determinize(rng), rng, n)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, root: _Node, state: State, rng: random.Random, n: int) -> None:
        encode = self.game.encode
        c = self.c
        node = root
        path = [root]
        expanded = False
        while not expanded and not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
                code = encode(action)
                child = node.children.get(code)
                if child is None:
                    child = node.children[code] = _Node(n)
                    expanded = True
            else:
                player = state.current_player()
                children = node.children
                untried: list[tuple[int, Action]] = []
                best: tuple[_Node, Action] | None = None
                best_score = -math.inf
                for a in state.legal_actions():
                    code = encode(a)
                    known = children.get(code)
                    if known is None:
                        untried.append((code, a))
                        continue
                    known.avail += 1
                    if untried:
                        continue  # an untried action will be taken; no need to score
                    score = known.totals[player] / known.visits + c * math.sqrt(
                        math.log(known.avail) / known.visits
                    )
                    if score > best_score:
                        best, best_score = (known, a), score
                if untried:
                    code, action = untried[rng.randrange(len(untried))]
                    child = children[code] = _Node(n)
                    child.avail = 1
                    expanded = True
                else:
                    assert best is not None  # a non-terminal state has a legal action
                    child, action = best
            state.apply(action)
            path.append(child)
            node = child
        values = state.returns() if state.is_terminal() else self.evaluator(state, rng)
        low, span = self._low, self._span
        scaled = [(v - low) / span for v in values]
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i in range(n):
                totals[i] += scaled[i]


# ------------------------------------------------------------------ the factory


def _positive_int(name: str, value: Any) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = 0
    if isinstance(value, bool) or number < 1 or (isinstance(value, float) and value != number):
        raise UnknownAgent(
            f"bot 'mcts': parameter {name!r} must be a positive integer, not {value!r}"
        )
    return number


def _number(name: str, value: Any, *, positive: bool) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    ok = math.isfinite(number) and (number > 0 if positive else number >= 0)
    if isinstance(value, bool) or not ok:
        kind = "a positive number" if positive else "a number ≥ 0"
        raise UnknownAgent(f"bot 'mcts': parameter {name!r} must be {kind}, not {value!r}")
    return number


def make_mcts(
    game: Game[Any],
    seed: int = 0,
    *,
    iterations: Any = DEFAULT_ITERATIONS,
    time: Any = None,
    c: Any = DEFAULT_C,
    rollout: Any = None,
) -> MctsAgent:
    """Build the bot from spec parameters (strings from the command line, or numbers).

    ``rollout`` is ``"random"`` (uniform random playouts) or ``"game"`` (the
    evaluator the game registered); by default the game's own when it has one.
    """
    limit = None if time in (None, "", "none") else _number("time", time, positive=True)
    own = game_evaluator(game.spec.id)
    if rollout is None:
        evaluator = own
    elif rollout == "random":
        evaluator = None
    elif rollout == "game":
        if own is None:
            raise UnknownAgent(f"bot 'mcts': {game.spec.id} has no rollout of its own")
        evaluator = own
    else:
        raise UnknownAgent(
            f"bot 'mcts': parameter 'rollout' must be random or game, not {rollout!r}"
        )
    return MctsAgent(
        game,
        seed,
        iterations=_positive_int("iterations", iterations),
        time_limit=limit,
        c=_number("c", c, positive=False),
        evaluator=evaluator,
    )


register_agent("mcts", make_mcts)
