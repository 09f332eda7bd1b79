"""The search uses what each game knows: its settings, its heuristic, its evaluator.

And it stays what a bot must be: reproducible for a seed, within its time, blind
to what its seat cannot see, and free of any import of a game.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import whaletable
from whaletable import games
from whaletable.agents import UnknownAgent, make_agent, register_agent
from whaletable.agents.mcts import MctsAgent, _Node, overrules
from whaletable.agents.settings import SearchSettings, search_settings
from whaletable.core.action import Action
from whaletable.core.agent import SeatView
from whaletable.core.game import Game
from whaletable.core.state import State
from whaletable.core.testing import sample_states

GAMES = [g.spec.id for g in games.all()]


def decision(game: Game[Any], seed: int = 0, *, after: int = 0) -> State:
    """A state from a seeded random game where a seat has a choice of moves."""
    state = game.new_state(game.spec.min_players)
    rng = random.Random(seed)
    steps = 0
    while True:
        assert not state.is_terminal(), "the game ended before a choice came up"
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and steps >= after:
            return state
        state.apply(rng.choice(legal))
        steps += 1


def _mcts(game: Game[Any], spec: str = "mcts", seed: int = 0) -> MctsAgent:
    agent = make_agent(spec, game, seed=seed)
    assert isinstance(agent, MctsAgent)
    return agent


# ----------------------------------------------------------------- import circle


def test_importing_the_bots_imports_no_game() -> None:
    """``agents`` is generic: games register into it, it never reaches for them."""
    code = (
        "import sys\n"
        "import whaletable.agents, whaletable.agents.mcts, whaletable.agents.settings\n"
        "import whaletable.agents.random_agent\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('whaletable.games'))\n"
        "print(','.join(loaded))\n"
    )
    src = os.path.dirname(os.path.dirname(whaletable.__file__))
    env = {**os.environ, "PYTHONPATH": src}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == ""


def test_every_game_registers_its_search_settings() -> None:
    for game in games.all():
        settings = search_settings(game.spec.id)
        assert settings != SearchSettings(), game.spec.id
        assert _mcts(game).settings == settings


def test_a_spec_parameter_overrides_one_field_of_the_games_settings() -> None:
    game = games.get("whale-riders")
    base = search_settings("whale-riders")
    agent = _mcts(game, "mcts:time=0.9,cutoff=none")
    assert agent.settings.time == 0.9
    assert agent.settings.cutoff is None
    assert agent.settings.policy == base.policy
    assert agent.settings.iterations == base.iterations


# ----------------------------------------------------------- the rollout policy

_CALLS: list[int] = []


class _CountingPolicy:
    """Plays the first legal move and counts how often it is asked."""

    name = "counting-policy"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        pass

    def act(self, view: SeatView) -> Action:
        _CALLS.append(view.seat)
        return view.legal_actions()[0]


@pytest.fixture
def counting() -> Iterator[None]:
    register_agent("counting-policy", _CountingPolicy)
    _CALLS.clear()
    yield
    _CALLS.clear()


def test_rollouts_play_the_policy_bot_of_the_settings(counting: None) -> None:
    game = games.get("save-the-whales")
    state = decision(game)
    settings = SearchSettings(iterations=20, policy="counting-policy", cutoff=None)
    MctsAgent(game, 1, settings=settings).search(SeatView(state, state.current_player()))
    assert _CALLS, "the rollouts never asked the policy bot"
    asked = len(_CALLS)
    _CALLS.clear()
    # With epsilon 1 every rollout move is random: the bot is never asked.
    random_settings = SearchSettings(iterations=20, policy="counting-policy", epsilon=1.0)
    MctsAgent(game, 1, settings=random_settings).search(SeatView(state, state.current_player()))
    assert not _CALLS
    assert asked > 20  # many decisions per rollout, not one


def test_rollout_stops_at_the_cutoff_and_asks_the_evaluator(counting: None) -> None:
    game = games.get("save-the-whales")
    state = decision(game)
    scored: list[State] = []

    def evaluator(leaf: State, _: random.Random) -> list[float]:
        scored.append(leaf)
        return [0.0] * leaf.num_players

    settings = SearchSettings(iterations=1, policy="counting-policy", cutoff=5)
    agent = MctsAgent(game, 2, settings=settings, evaluator=evaluator)
    leaf = state.clone()
    agent.rollout(leaf, random.Random(0))
    assert len(scored) == 1
    assert len(_CALLS) <= 5


@pytest.mark.parametrize("game_id", ["save-the-whales", "whale-riders"])
def test_tuned_search_rolls_out_with_the_games_heuristic(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tuned settings name the heuristic; a rollout that ignored it would fail here."""
    game = games.get(game_id)
    heuristic = type(make_agent("heuristic", game))
    calls = []
    original = heuristic.act

    def spy(self: Any, view: SeatView) -> Action:
        calls.append(view.seat)
        return original(self, view)

    monkeypatch.setattr(heuristic, "act", spy)
    agent = _mcts(game, "mcts:iterations=10,guide=none")
    assert agent.settings.policy.partition(":")[0] == "heuristic"
    state = decision(game)
    agent.search(SeatView(state, state.current_player()))
    assert calls


# ------------------------------------------------------------------ budgets


class _FakeClock:
    """Each reading is a tenth of a second after the last."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        now = self.now
        self.now += 0.1
        return now


def test_search_stops_when_its_time_is_up() -> None:
    game = games.get("whale-riders")
    state = decision(game)
    clock = _FakeClock()
    settings = SearchSettings(iterations=10**9, time=0.35)
    agent = MctsAgent(game, 0, settings=settings, clock=clock)
    root = agent.search(SeatView(state, state.current_player()))
    # Deadline read at 0.0; checks read 0.1, 0.2, 0.3 (go on) and 0.4 (stop): the first
    # iteration runs unchecked, so four in all.
    assert agent.last_iterations == 4
    assert root.visits == 4


def test_search_stops_at_its_iterations_before_its_time() -> None:
    game = games.get("whale-riders")
    state = decision(game)
    agent = MctsAgent(game, 0, settings=SearchSettings(iterations=7, time=100.0))
    agent.search(SeatView(state, state.current_player()))
    assert agent.last_iterations == 7


# -------------------------------------------------------- the guide and widening


class _Fixed:
    """A guide that always proposes the last legal move."""

    name = "last-move"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        pass

    def act(self, view: SeatView) -> Action:
        return view.legal_actions()[-1]


def test_guide_move_stands_unless_the_search_beats_it_by_the_margin() -> None:
    register_agent("last-move", _Fixed)
    game = games.get("whale-riders")
    state = decision(game, after=3)
    view = SeatView(state, state.current_player())
    guided = MctsAgent(game, 3, settings=SearchSettings(iterations=60, guide="last-move", margin=1))
    # No move can score more than 1 above another on the [0, 1] scale.
    assert guided.act(view) == state.legal_actions()[-1]
    assert guided.last_guided
    free = MctsAgent(game, 3, settings=SearchSettings(iterations=60))
    unguided = MctsAgent(game, 3, settings=SearchSettings(iterations=60, guide="last-move"))
    choice = free.act(view)
    # With no margin the guide stands only where the search prefers it anyway (or a tie).
    if choice != state.legal_actions()[-1]:
        assert unguided.act(view) in (choice, state.legal_actions()[-1])


_GUIDES_MADE: list[int] = []


class _RememberingGuide(_Fixed):
    """Proposes the last legal move; counts how many of it were made."""

    name = "remembering-guide"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        _GUIDES_MADE.append(seed)


def test_the_guide_is_kept_from_move_to_move_until_overruled() -> None:
    """A guide's plan for a turn (Survive's movement) holds only if it is the same bot."""
    register_agent("remembering-guide", _RememberingGuide)
    game = games.get("whale-riders")
    _GUIDES_MADE.clear()
    kept = MctsAgent(
        game, 3, settings=SearchSettings(iterations=20, guide="remembering-guide", margin=1)
    )
    for seed in range(4):
        state = decision(game, seed, after=3)
        kept.act(SeatView(state, state.current_player()))
        assert kept.last_guided
    assert len(_GUIDES_MADE) == 1
    _GUIDES_MADE.clear()
    overruled = MctsAgent(
        game, 3, settings=SearchSettings(iterations=60, guide="remembering-guide")
    )
    overrulings = 0
    for seed in range(4):
        state = decision(game, seed, after=3)
        overruled.act(SeatView(state, state.current_player()))
        overrulings += not overruled.last_guided
    # A new guide for the first move and after every overruling but a last one.
    assert overrulings > 0
    assert len(_GUIDES_MADE) in (overrulings, overrulings + 1)


def _leaf_values(*values: float) -> _Node:
    """A root child that backed up ``values`` for seat 0."""
    node = _Node(1)
    for v in values:
        node.visits += 1
        node.totals[0] += v
        node.squares[0] += v * v
    return node


def test_the_confidence_test_refuses_an_overrule_on_noise() -> None:
    # 0.4 better on average, but from two leaves far apart: a gain noise could make.
    picked, advised = _leaf_values(1.0, 0.2), _leaf_values(0.1, 0.3)
    assert overrules(picked, advised, 0, margin=0.1, confidence=0.0)
    assert not overrules(picked, advised, 0, margin=0.1, confidence=2.0)


def test_the_confidence_test_lets_a_steady_gain_overrule() -> None:
    picked = _leaf_values(*[0.6, 0.62, 0.58] * 10)
    advised = _leaf_values(*[0.2, 0.22, 0.18] * 10)
    assert overrules(picked, advised, 0, margin=0.1, confidence=2.0)


def test_the_confidence_test_needs_two_leaves_of_each_move() -> None:
    # One leaf each has no spread to measure, so no gain can be told from noise.
    assert overrules(_leaf_values(0.9), _leaf_values(0.1), 0, margin=0.0, confidence=0.0)
    assert not overrules(_leaf_values(0.9), _leaf_values(0.1), 0, margin=0.0, confidence=2.0)
    assert not overrules(_leaf_values(0.9, 0.9), None, 0, margin=0.0, confidence=0.0)


def test_a_spec_sets_the_confidence_of_an_overrule() -> None:
    game = games.get("survive")
    assert _mcts(game, "mcts:confidence=2.5").settings.confidence == 2.5
    with pytest.raises(UnknownAgent):
        _mcts(game, "mcts:confidence=-1")


def test_chance_widening_bounds_the_outcomes_a_chance_node_keeps() -> None:
    game = games.get("survive")
    state = decision(game, after=40)
    seat = state.current_player()

    def chance_children(settings: SearchSettings) -> int:
        root = MctsAgent(game, 4, settings=settings).search(SeatView(state, seat))
        widest = 0
        stack = [root]
        while stack:
            node = stack.pop()
            stack.extend(node.children.values())
            widest = max(widest, len(node.children))
        return widest

    narrow = chance_children(SearchSettings(iterations=400, widening=0.5, cutoff=None))
    # ceil(0.5 * sqrt(401)) = 11 outcomes at most at a node visited 400 times.
    assert narrow <= max(11, len(state.legal_actions()))


# ------------------------------------------------ reproducible and blind


@pytest.mark.parametrize("game_id", GAMES)
def test_tuned_search_repeats_its_choices_for_a_seed(game_id: str) -> None:
    game = games.get(game_id)
    state = decision(game, after=5)
    view = SeatView(state, state.current_player())
    budget = "mcts:iterations=12"
    runs = []
    for _ in range(2):
        agent = _mcts(game, budget, seed=9)
        root = agent.search(view)
        runs.append({code: (c.visits, c.totals) for code, c in root.children.items()})
    assert runs[0] == runs[1]
    assert _mcts(game, budget, seed=9).act(view) == _mcts(game, budget, seed=9).act(view)


class _Sealed:
    """A true state that lets through only what a seat's view may ask of it."""

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self._seat = seat
        self.game = state.game
        self.num_players = state.num_players
        self.options = state.options

    def observation(self, seat: int | None) -> dict[str, Any]:
        assert seat == self._seat, f"the search looked at seat {seat}'s observation"
        return self._state.observation(seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def determinize(self, seat: int, rng: random.Random) -> State:
        assert seat == self._seat, f"the search determinized for seat {seat}"
        return self._state.determinize(seat, rng)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the search read {name!r} of the true state")


@pytest.mark.parametrize("game_id", GAMES)
def test_tuned_search_reads_the_true_state_only_through_its_seat(game_id: str) -> None:
    game = games.get(game_id)
    for after in (0, 30):
        state = decision(game, after=after)
        seat = state.current_player()
        sealed: Any = _Sealed(state, seat)
        action = _mcts(game, "mcts:iterations=6", seed=2).act(SeatView(sealed, seat))
        assert action in state.legal_actions()


# Whale Riders draws its determinizations from the hidden cards in the order they
# lie, so equal seeds give the truth and a determinization different (equally
# likely) worlds; the sealed-state test above covers it.
CANONICAL = [g for g in GAMES if g != "whale-riders"]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", CANONICAL)
def test_tuned_search_sees_no_more_than_its_seat(game_id: str) -> None:
    """A determinization for the seat to move looks the same to that seat as the truth:
    the tuned search (rollouts, evaluator and guide included) must choose the same and
    gather the same statistics from both."""
    game = games.get(game_id)
    checked = 0
    for sample in sample_states(game, 24, seed=3):
        state = sample.state
        if state.is_terminal() or state.is_chance_node() or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player()
        other = state.determinize(seat, random.Random(sample.where()))
        assert other.observation(seat) == state.observation(seat)
        roots = []
        moves = []
        for truth in (state, other):
            root = _mcts(game, "mcts:iterations=8", seed=5).search(SeatView(truth, seat))
            roots.append({c: (n.visits, n.totals) for c, n in root.children.items()})
            moves.append(_mcts(game, "mcts:iterations=8", seed=5).act(SeatView(truth, seat)))
        assert roots[0] == roots[1], sample.where()
        assert moves[0] == moves[1], sample.where()
        checked += 1
    assert checked >= 3


_SLOW_GUIDE_CLOCK = _FakeClock()


class _SlowGuide:
    """A guide that takes three tenths of a second (on the fake clock) to advise."""

    name = "slow-guide"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        pass

    def act(self, view: SeatView) -> Action:
        _SLOW_GUIDE_CLOCK.now += 0.3
        return view.legal_actions()[0]


def test_the_time_limit_covers_the_guides_advice_too() -> None:
    register_agent("slow-guide", _SlowGuide)
    game = games.get("whale-riders")
    state = decision(game)
    settings = SearchSettings(iterations=10**9, time=0.35, guide="slow-guide")
    agent = MctsAgent(game, 0, settings=settings, clock=_SLOW_GUIDE_CLOCK)
    agent.act(SeatView(state, state.current_player()))
    # The move starts at 0.0 and the guide's advice ends at 0.4: past the limit, so
    # the search runs its one unchecked iteration and stops.
    assert agent.last_iterations == 1
