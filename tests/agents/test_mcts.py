"""The generic information-set MCTS: reproducible, within budget, blind to hidden cards."""

from __future__ import annotations

import random
import time

from whale_positions import GAME, KNOWS_WHALE_AT_4, WHALE_AT_4, dealt, played

from whaletable import games
from whaletable.agents import make_agent
from whaletable.agents.mcts import MctsAgent
from whaletable.core import SeatView, State, play_match
from whaletable.games.whale_to_look.actions import Finish, Investigate, MoveBoat


def _mcts(spec: str, seed: int = 0) -> MctsAgent:
    agent = make_agent(spec, GAME, seed=seed)
    assert isinstance(agent, MctsAgent)
    return agent


def test_mcts_is_reproducible_for_a_seed_and_budget() -> None:
    def game_actions(bot_seed: int) -> list[dict[str, object]]:
        seats = [
            _mcts("mcts:iterations=40", seed=bot_seed),
            make_agent("random", GAME, seed=1),
            make_agent("random", GAME, seed=2),
        ]
        return play_match(GAME, seats, seed=11).record.actions

    first = game_actions(5)
    assert game_actions(5) == first


def test_mcts_search_statistics_repeat_for_a_seed() -> None:
    state = played(WHALE_AT_4, KNOWS_WHALE_AT_4[:1])
    roots = [_mcts("mcts:iterations=60", seed=3).search(SeatView(state, 0)) for _ in range(2)]
    visits = [{code: child.visits for code, child in root.children.items()} for root in roots]
    assert visits[0] == visits[1]


def test_mcts_runs_exactly_its_iteration_budget() -> None:
    state = played(WHALE_AT_4, KNOWS_WHALE_AT_4[:1])
    for budget in (1, 17, 90):
        agent = _mcts(f"mcts:iterations={budget}")
        root = agent.search(SeatView(state, 0))
        assert root.visits == budget
        assert agent.last_iterations == budget
        assert sum(child.visits for child in root.children.values()) == budget


def test_mcts_stops_at_its_time_limit() -> None:
    state = dealt(WHALE_AT_4)
    agent = _mcts("mcts:iterations=100000000,time=0.05")
    started = time.perf_counter()
    action = agent.act(SeatView(state, 0))
    elapsed = time.perf_counter() - started
    assert action in state.legal_actions()
    # The budget of iterations could never be met in this time; the limit ended it.
    assert 1 <= agent.last_iterations < 100_000_000
    assert elapsed < 5.0


def test_mcts_does_not_search_a_forced_move() -> None:
    # Seat 0 spends all five markers while the others finish; then it must finish.
    state = played(
        WHALE_AT_4,
        (
            *KNOWS_WHALE_AT_4[:4],
            Investigate(6),
            MoveBoat(1, 3, False),
            Investigate(9),
            MoveBoat(2, 4, False),
            Investigate(10),
            MoveBoat(0, 1, False),
            Investigate(1),
            MoveBoat(0, 0, False),
        ),
    )
    assert state.current_player() == 0
    assert state.legal_actions() == [Finish()]
    agent = _mcts("mcts:iterations=30")
    assert agent.act(SeatView(state, 0)) == Finish()
    assert agent.last_iterations == 0


def test_mcts_choice_ignores_cards_the_seat_has_not_seen() -> None:
    # Seat 0 has looked at f5 only. The second deal rearranges every other card, so
    # the whale and the orca surface elsewhere, yet seat 0 cannot tell the two apart.
    other = (0, 4, 1, 3, 2, 5, 0, 1, 3, 5, 2, 4)
    assert other[5] == WHALE_AT_4[5] and sorted(other) == sorted(WHALE_AT_4)
    a = played(WHALE_AT_4, KNOWS_WHALE_AT_4[:1])
    b = played(other, KNOWS_WHALE_AT_4[:1])
    assert a.whale_and_orca()[:2] != b.whale_and_orca()[:2]
    assert a.observation(0) == b.observation(0)

    for seed in range(3):
        roots = [_mcts("mcts:iterations=150", seed=seed).search(SeatView(s, 0)) for s in (a, b)]
        stats = [
            {code: (c.visits, c.totals) for code, c in root.children.items()} for root in roots
        ]
        assert stats[0] == stats[1]
        moves = [_mcts("mcts:iterations=150", seed=seed).act(SeatView(s, 0)) for s in (a, b)]
        assert moves[0] == moves[1]


def test_mcts_takes_the_whale_it_knows_about() -> None:
    state = played(WHALE_AT_4, KNOWS_WHALE_AT_4)
    assert state.whale_and_orca()[0] == 4
    for seed in range(3):
        action = _mcts("mcts", seed=seed).act(SeatView(state, 0))
        assert isinstance(action, MoveBoat)
        assert action.area == 4


def test_mcts_with_random_playouts_finds_the_whale() -> None:
    state = played(WHALE_AT_4, KNOWS_WHALE_AT_4)
    action = _mcts("mcts:iterations=1000,rollout=random", seed=1).act(SeatView(state, 0))
    assert action == MoveBoat(2, 4, True)


def test_mcts_plays_only_legal_moves_in_whole_games() -> None:
    chance = random.Random(3)
    for game_seed, options in enumerate(({}, {"edition": "vi"}, {"trending": "fishing"})):
        state = GAME.new_state(3, options)
        bots = [
            _mcts("mcts:iterations=25", seed=game_seed),
            *(make_agent("random", GAME, seed=s) for s in (1, 2)),
        ]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(chance))
                continue
            seat = state.current_player()
            action = bots[seat].act(SeatView(state, seat))
            assert action in state.legal_actions()
            state.apply(action)


def test_mcts_keeps_values_on_the_game_s_declared_utility_range() -> None:
    """Save the Whales pays the team from −1 to 1: the tree stores every value rescaled
    from the declared range to [0, 1], so one exploration constant suits every game."""
    game = games.get("save-the-whales")
    assert (game.spec.min_utility, game.spec.max_utility) == (-1.0, 1.0)
    state = game.new_state(2)
    rng = random.Random(0)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        moves = state.legal_actions()
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(moves))
    seat = state.current_player()
    for value, stored in ((-1.0, 0.0), (0.0, 0.5), (1.0, 1.0)):

        def constant(leaf: State, _: random.Random, value: float = value) -> list[float]:
            return [value] * leaf.num_players

        agent = MctsAgent(game, seed=1, iterations=30, evaluator=constant)
        root = agent.search(SeatView(state, seat))
        assert root.children
        for child in root.children.values():
            assert child.totals == [stored * child.visits] * 2, value
