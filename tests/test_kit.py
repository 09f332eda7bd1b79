"""The test kit on every registered game: a game gets all of these by registering.

The full kit is slow (``-m slow``); one quick pass over every check runs in the fast loop.
Golden transcripts are compared with their stored files in tests/test_golden.py.
"""

from __future__ import annotations

from functools import cache

import pytest

from whaletable import games
from whaletable.core.testing import (
    Sample,
    check_advice,
    check_clone_independence,
    check_codec,
    check_illegal_actions,
    check_no_leaks,
    check_records,
    check_spectator_privacy,
    check_undo,
    random_playouts,
    run_all,
    sample_states,
)

GAME_IDS = [game.spec.id for game in games.all()]
PLAYOUT_BATCHES = 4
PLAYOUTS_PER_BATCH = 500  # 2,000 seeded random games per game across the batches
SAMPLED_STATES = 300
MAX_STEPS = 2_000
UNDO_GAMES = 8


@cache
def samples(game_id: str) -> list[Sample]:
    """The sampled states every heavier check shares (they are never changed)."""
    return sample_states(games.get(game_id), SAMPLED_STATES, seed=2024, max_steps=MAX_STEPS)


def test_every_game_is_checked() -> None:
    assert "whale-to-look" in GAME_IDS
    assert "save-the-whales" in GAME_IDS
    assert "whale-riders" in GAME_IDS
    assert "survive" in GAME_IDS


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(PLAYOUT_BATCHES))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts_reach_the_end(game_id: str, batch: int) -> None:
    stats = random_playouts(
        games.get(game_id), games=PLAYOUTS_PER_BATCH, seed=batch, max_steps=MAX_STEPS
    )
    assert stats.games == PLAYOUTS_PER_BATCH
    assert stats.longest <= MAX_STEPS
    assert stats.steps >= stats.games


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_codec_and_action_json_round_trip(game_id: str) -> None:
    game = games.get(game_id)
    assert check_codec(game) == game.num_distinct_actions


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_samples_cover_every_player_count_start_and_end(game_id: str) -> None:
    game = games.get(game_id)
    picked = samples(game_id)
    assert len(picked) == SAMPLED_STATES
    counts = {s.state.num_players for s in picked}
    assert counts == set(range(game.spec.min_players, game.spec.max_players + 1))
    assert any(s.step == 0 for s in picked)
    assert any(s.state.is_terminal() for s in picked)
    assert any(s.state.is_chance_node() for s in picked)
    assert any(s.state.current_player() >= 0 for s in picked)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_clone_is_independent(game_id: str) -> None:
    assert check_clone_independence(samples(game_id)) == SAMPLED_STATES


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_actions_change_nothing(game_id: str) -> None:
    tried = check_illegal_actions(samples(game_id))
    assert tried == SAMPLED_STATES * games.get(game_id).num_distinct_actions


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_records_replay_and_round_trip_through_json(game_id: str) -> None:
    assert check_records(samples(game_id)) == SAMPLED_STATES


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_do_not_leak(game_id: str) -> None:
    picked = samples(game_id)
    seats = sum(s.state.num_players for s in picked)
    assert check_no_leaks(picked, rngs=3) == 3 * seats


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_spectator_view_survives_redrawing_the_hidden_part(game_id: str) -> None:
    picked = samples(game_id)
    seats = sum(s.state.num_players for s in picked)
    assert check_spectator_privacy(picked, rngs=3) == 3 * seats


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_advice_is_the_same_in_every_determinization_and_sound(game_id: str) -> None:
    picked = samples(game_id)
    live = [s for s in picked if not s.state.is_terminal()]
    assert check_advice(picked, rngs=2) == sum(s.state.num_players for s in live)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_restores_the_earlier_state_and_follows_the_policy(game_id: str) -> None:
    stats = check_undo(games.get(game_id), games=UNDO_GAMES, seed=2024, max_steps=MAX_STEPS)
    assert stats.games == UNDO_GAMES
    assert stats.undone > 0, f"{game_id}: no decision could be taken back in {UNDO_GAMES} games"
    assert stats.refused > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_check_passes_a_few_games(game_id: str) -> None:
    """The fast loop's pass over the whole kit (the slow tests above go much further)."""
    stats = run_all(
        games.get(game_id), playouts=8, samples=8, seed=5, max_steps=MAX_STEPS, undo_games=1
    )
    assert stats["games"] == 8
    assert stats["clones"] == stats["records"] == 8
    assert stats["coded_games"] == 2
    assert stats["tensor_views"] >= 8 * games.get(game_id).spec.min_players
    assert stats["advice_views"] >= games.get(game_id).spec.min_players
    # Every registered game declares its observation and has a view: both are checked.
    assert stats["observations"] >= 8 * (1 + games.get(game_id).spec.min_players)
    assert stats["scenes"] == stats["observations"]
