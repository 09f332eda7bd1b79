"""Information-set Monte Carlo tree search, written once for every game.

Single-observer IS-MCTS: each iteration samples a full state consistent with
what the searching seat knows (``view.determinize``), then walks one tree whose
edges are action codes (``game.encode``). Every seat's decisions and every chance
outcome live in that one tree, so the tree is shared across determinizations;
an action is a candidate at a node only when it is legal in the determinization
at hand, and UCB1 counts how often each child was *available* rather than how
often its parent was visited. Chance outcomes are drawn with their
probabilities; with progressive widening a chance node with many outcomes grows
nodes for only a few of them, and later draws are steered among those. Each
decision node maximises the return of the seat to move there (max-n), so every
iteration backs up a vector with one value per seat.

Values are kept on ``[0, 1]``: every return or evaluation is rescaled from the
utility range the game's spec declares (``min_utility``..``max_utility``), so one
exploration constant suits a game paying 0 or 1 and a team game paying −1 to 1.

A leaf is scored by a rollout that uses what the game knows about itself: every
seat plays by a bot the game registered (its heuristic, say), for a few
decisions, and then the game's own evaluator scores the position reached. What
the search does for a game comes from the :class:`SearchSettings` the game
registered; this module never imports a game.

The bots in a rollout play from a determinization, so they can see no more than
the searching seat: what the determinization shows a seat is what that seat
would see if the determinization were the truth.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from typing import Any

from whaletable.agents import AgentFactory, UnknownAgent, make_agent, register_agent
from whaletable.agents.parameters import choice, count, number
from whaletable.agents.settings import (
    DEFAULT_C,
    DEFAULT_ITERATIONS,
    DEFAULT_SETTINGS,
    SearchSettings,
    register_search,
    search_settings,
)
from whaletable.core.action import Action
from whaletable.core.agent import Agent, SeatView
from whaletable.core.game import Game
from whaletable.core.state import State

Evaluator = Callable[[State, random.Random], Sequence[float]]
"""``evaluator(state, rng) -> one value per seat``, on the scale of ``State.returns``.

The state is the search's own scratch copy: an evaluator may change it freely.
"""

Clock = Callable[[], float]

_EVALUATORS: dict[str, Evaluator] = {}

RANDOM = "random"
"""The rollout policy that needs no bot: uniformly random legal actions."""


def register_evaluator(game_id: str, evaluator: Evaluator) -> None:
    """Let a game score search leaves its own way."""
    _EVALUATORS[game_id] = evaluator


def register_game_bots(
    game_id: str, *, heuristic: AgentFactory, evaluator: Evaluator, search: SearchSettings
) -> None:
    """A game's own bots (called from its ``bots.py``): its ``heuristic``, how its search
    scores a leaf, and the settings its search was tuned to."""
    register_agent("heuristic", heuristic, game_id=game_id)
    register_evaluator(game_id, evaluator)
    register_search(game_id, search)


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

    __slots__ = ("avail", "children", "squares", "totals", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * num_players
        self.squares = [0.0] * num_players
        """Sums of the squared values: how noisy each seat's mean is."""

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits

    def variance_of_mean(self, seat: int) -> float:
        """The squared standard error of ``seat``'s mean (needs two visits)."""
        n = self.visits
        mean = self.totals[seat] / n
        spread = max(self.squares[seat] / n - mean * mean, 0.0) * n / (n - 1)
        return spread / n


def overrules(
    picked: _Node, advised: _Node | None, seat: int, *, margin: float, confidence: float
) -> bool:
    """Whether the search's move ``picked`` should replace the guide's ``advised``.

    It must score more by ``margin``; with ``confidence`` > 0 the gain beyond the
    margin must also exceed that many standard errors of the difference of the
    two means, so a gain seen in a handful of noisy leaves does not count. A move
    the search did not try, or (under the test) tried once, keeps the guide's.
    """
    if advised is None or advised.visits == 0:
        return False
    gain = picked.mean(seat) - advised.mean(seat) - margin
    if gain <= 0:
        return False
    if confidence <= 0:
        return True
    if picked.visits < 2 or advised.visits < 2:
        return False
    noise = math.sqrt(picked.variance_of_mean(seat) + advised.variance_of_mean(seat))
    return gain > confidence * noise


class MctsAgent:
    """IS-MCTS with a budget of iterations and an optional time limit.

    ``settings`` gives every knob (plain search by default); the keyword
    arguments override single ones. With no time limit the choices depend only
    on ``seed`` and the positions seen, so a game against it replays exactly.
    ``clock`` is what the time limit is measured with.
    """

    name = "mcts"

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        *,
        settings: SearchSettings | None = None,
        iterations: int | None = None,
        time_limit: float | None = None,
        c: float | None = None,
        evaluator: Evaluator | None = None,
        clock: Clock = time.perf_counter,
    ) -> None:
        chosen = settings if settings is not None else DEFAULT_SETTINGS
        changes: dict[str, Any] = {}
        if iterations is not None:
            changes["iterations"] = iterations
        if time_limit is not None:
            changes["time"] = time_limit
        if c is not None:
            changes["c"] = c
        self.settings = replace(chosen, **changes) if changes else chosen
        self.game = game
        self.evaluator: Evaluator | None = (
            evaluator
            if evaluator is not None
            else (game_evaluator(game.spec.id) if self.settings.evaluator else None)
        )
        spec = game.spec
        self._low = spec.min_utility
        self._span = spec.max_utility - spec.min_utility
        self.clock = clock
        self.rng = random.Random(seed)
        self.last_iterations = 0
        """How many iterations the last :meth:`act` ran (0 when the move was forced)."""
        self.last_guided = False
        """Whether the last :meth:`act` played the guide's move."""
        self._guide: Agent | None = None
        """The guide, kept from move to move as the bot plays on its own: a plan it made
        for a whole turn (Survive's movement) then holds, instead of being made again
        from another sample at every step."""

    @property
    def iterations(self) -> int:
        return self.settings.iterations

    @property
    def time_limit(self) -> float | None:
        return self.settings.time

    @property
    def c(self) -> float:
        return self.settings.c

    def _bot(self, spec: str) -> Agent:
        return make_agent(spec, self.game, seed=self.rng.getrandbits(32))

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        self.last_guided = False
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        # The time limit covers the whole move: the guide's advice as well as the search.
        started = self.clock()
        advice = None
        if self.settings.guide is not None:
            if self._guide is None:
                self._guide = self._bot(self.settings.guide)
            advice = self._guide.act(view)
        root = self.search(view, started=started)
        encode = self.game.encode
        seat = view.seat

        def rank(action: Action) -> tuple[int, float, int]:
            code = encode(action)
            child = root.children.get(code)
            if child is None or child.visits == 0:
                return (0, 0.0, -code)
            return (child.visits, child.totals[seat] / child.visits, -code)

        choice = max(legal, key=rank)
        if advice is not None and advice != choice:
            picked = root.children[encode(choice)]
            advised = root.children.get(encode(advice))
            # The guide's move stands unless the search saw it and found better.
            settings = self.settings
            if not overrules(
                picked, advised, seat, margin=settings.margin, confidence=settings.confidence
            ):
                self.last_guided = True
                return advice
            # Overruled: the guide's plan no longer fits the position, so it starts afresh.
            self._guide = None
        self.last_guided = advice is not None and advice == choice
        return choice

    def search(self, view: SeatView, *, started: float | None = None) -> _Node:
        """Run the iterations from ``view``'s position; return the root of the tree.

        The time limit counts from ``started`` (a reading of :attr:`clock`), or from now.
        """
        n = view.num_players
        root = _Node(n)
        rng = self.rng
        limit = self.settings.time
        if started is None:
            started = self.clock()
        deadline = None if limit is None else started + limit
        done = 0
        while done < self.settings.iterations:
            if deadline is not None and done > 0 and self.clock() >= deadline:
                break
            self._iterate(root, view.determinize(rng), rng, n)
            done += 1
        self.last_iterations = done
        return root

    def _chance(self, node: _Node, state: State, rng: random.Random) -> Action:
        """A chance outcome: by its odds, among the outcomes with nodes once the node is wide."""
        widening = self.settings.widening
        children = node.children
        if widening is None or len(children) < math.ceil(widening * math.sqrt(node.visits + 1)):
            return state.sample_chance(rng)
        encode = self.game.encode
        known = [(a, p) for a, p in state.chance_outcomes() if encode(a) in children]
        if not known:
            return state.sample_chance(rng)
        pick = rng.random() * sum(p for _, p in known)
        for action, p in known:
            pick -= p
            if pick < 0:
                return action
        return known[-1][0]

    def _iterate(self, root: _Node, state: State, rng: random.Random, n: int) -> None:
        encode = self.game.encode
        c = self.settings.c
        depth = self.settings.depth
        node = root
        path = [root]
        expanded = False
        decisions = 0
        while not expanded and not state.is_terminal():
            if state.is_chance_node():
                action = self._chance(node, state, rng)
                code = encode(action)
                child = node.children.get(code)
                if child is None:
                    child = node.children[code] = _Node(n)
                    expanded = True
            else:
                if depth is not None and decisions >= depth:
                    break
                decisions += 1
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
        values = state.returns() if state.is_terminal() else self.rollout(state, rng)
        low, span = self._low, self._span
        scaled = [(v - low) / span for v in values]
        squared = [v * v for v in scaled]
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            squares = visited.squares
            for i in range(n):
                totals[i] += scaled[i]
                squares[i] += squared[i]

    def rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        """Score a leaf: play on by the policy, then let the evaluator judge (see the module)."""
        settings = self.settings
        evaluator = self.evaluator
        cutoff = settings.cutoff if evaluator is not None else None
        policy = None if settings.policy == RANDOM else settings.policy
        epsilon = settings.epsilon
        # Fresh bots for every rollout: a bot's memory of one determinization
        # (a movement plan, say) must not carry over into another.
        bots: dict[int, Agent] = {}
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if cutoff is not None and steps >= cutoff:
                assert evaluator is not None
                return evaluator(state, rng)
            steps += 1
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
            elif policy is None or (epsilon > 0 and rng.random() < epsilon):
                state.apply(legal[rng.randrange(len(legal))])
            else:
                seat = state.current_player()
                bot = bots.get(seat)
                if bot is None:
                    bot = bots[seat] = self._bot(policy)
                state.apply(bot.act(SeatView(state, seat)))
        return state.returns()


# ------------------------------------------------------------------ the factory


def _unset(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip().lower() in ("", "none"))


def _bot_name(name: str, value: Any, game: Game[Any]) -> str:
    if not isinstance(value, str) or not value or "," in value:
        raise UnknownAgent(f"bot 'mcts': parameter {name!r} must be a bot name, not {value!r}")
    if value.partition(":")[0] == "mcts":
        raise UnknownAgent(f"bot 'mcts': parameter {name!r} cannot be the search itself")
    make_agent(value, game)  # an unknown name fails here, listing the bots there are
    return value


PARAMETERS = (*(f.name for f in fields(SearchSettings)), "rollout")
"""Every parameter a ``mcts`` spec may set."""


def make_mcts(game: Game[Any], seed: int = 0, **params: Any) -> MctsAgent:
    """Build the bot from spec parameters (strings from the command line, or numbers).

    It starts from the settings the game registered; each parameter overrides one
    field of :class:`SearchSettings` (``time``, ``cutoff``, ``depth``, ``widening``
    and ``guide`` take ``none``). ``rollout=random`` is the plain search (random
    playouts to the end, no evaluator, no guide); ``rollout=game`` insists on the game's
    own evaluator.
    """
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise UnknownAgent(
            f"bot 'mcts': unknown parameter {unknown[0]!r}; parameters are: {', '.join(PARAMETERS)}"
        )
    base = search_settings(game.spec.id)
    changes: dict[str, Any] = {}
    rollout = params.pop("rollout", None)
    if rollout is not None:
        rollout = choice("mcts", "rollout", rollout, ("random", "game"))
    if rollout == "random":
        changes.update(policy=RANDOM, evaluator=False, cutoff=None, guide=None)
    elif rollout == "game":
        if game_evaluator(game.spec.id) is None:
            raise UnknownAgent(f"bot 'mcts': {game.spec.id} has no rollout of its own")
        changes.update(evaluator=True)
    for key, value in params.items():
        if key == "iterations":
            changes[key] = count("mcts", key, value, least=1)
        elif key in ("cutoff",):
            changes[key] = None if _unset(value) else count("mcts", key, value, least=0)
        elif key == "depth":
            changes[key] = None if _unset(value) else count("mcts", key, value, least=1)
        elif key in ("time", "widening"):
            changes[key] = None if _unset(value) else number("mcts", key, value, positive=True)
        elif key in ("c", "margin", "confidence"):
            changes[key] = number("mcts", key, value, positive=False)
        elif key == "epsilon":
            changes[key] = number("mcts", key, value, positive=False, at_most=1.0)
        elif key == "policy":
            changes[key] = RANDOM if value == RANDOM else _bot_name(key, value, game)
        elif key == "guide":
            changes[key] = None if _unset(value) else _bot_name(key, value, game)
        elif key == "evaluator":
            if str(value).lower() not in ("true", "false", "1", "0"):
                raise UnknownAgent(
                    f"bot 'mcts': parameter 'evaluator' must be true or false, not {value!r}"
                )
            changes[key] = str(value).lower() in ("true", "1")
    return MctsAgent(game, seed, settings=replace(base, **changes))


register_agent("mcts", make_mcts)

__all__ = [
    "DEFAULT_C",
    "DEFAULT_ITERATIONS",
    "Evaluator",
    "MctsAgent",
    "make_mcts",
    "overrules",
    "random_playout",
    "register_evaluator",
]
