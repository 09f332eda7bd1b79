"""The one runner behind simulate and tournament: chunks, streaming, reproducibility."""

from __future__ import annotations

import random

import pytest

from whaletable.core import registry
from whaletable.core.agent import SeatView
from whaletable.sim.batch import SeatPlan, plan
from whaletable.sim.runner import (
    CHUNK_SECONDS,
    MAX_CHUNK,
    GameResult,
    Paced,
    Runner,
    TaskList,
    chunks,
    gather,
    make_seats,
    portable,
    run_plan,
)

THREE = ("random", "random", "random")


def test_chunks_cover_every_game_once_shrinking_towards_the_end() -> None:
    for games, jobs in [(1, 2), (7, 2), (400, 2), (400, 3), (5000, 2)]:
        cut = chunks(games, jobs)
        assert [i for c in cut for i in c] == list(range(games))
        sizes = [len(c) for c in cut]
        assert sizes == sorted(sizes, reverse=True)
        assert max(sizes) <= MAX_CHUNK
    assert len(chunks(400, 2)) >= 8  # every worker gets several chunks


def handed_out(work: Paced) -> list[range]:
    out = []
    while (part := work.next()) is not None:
        out.append(part)
    return out


def test_slow_games_go_one_to_a_chunk_so_the_progress_bar_moves_every_game() -> None:
    now = [0.0]
    work = Paced(1000, jobs=2, clock=lambda: now[0])
    first = [work.next(), work.next()]
    now[0] = 3 * CHUNK_SECONDS  # two games on two workers, each slower than a chunk's time
    work.finished(2)
    rest = handed_out(work)
    assert [len(c) for c in first + rest] == [1] * 1000
    assert [i for c in first + rest for i in c] == list(range(1000))


def test_fast_games_go_in_guided_chunks_once_their_pace_is_known() -> None:
    now = [0.0]
    work = Paced(400, jobs=2, clock=lambda: now[0])
    first = work.next()
    now[0] = 0.001
    work.finished(1)
    rest = handed_out(work)
    assert first is not None and len(first) == 1  # the pace was not known yet
    assert [len(c) for c in rest] == [len(c) for c in chunks(399, 2)]


def test_game_i_depends_only_on_the_seed_and_i() -> None:
    short = run_plan(SeatPlan("whale-to-look", THREE, 3, seed=5), jobs=1)
    long = run_plan(SeatPlan("whale-to-look", THREE, 6, seed=5), jobs=2)
    assert long[:3] == short
    other = run_plan(SeatPlan("whale-to-look", THREE, 3, seed=6), jobs=1)
    assert [r.scores for r in other] != [r.scores for r in short]


def test_results_are_the_same_for_any_number_of_processes() -> None:
    batch = SeatPlan("whale-to-look", ("random", "random"), 10, seed=2)
    one = run_plan(batch, jobs=1)
    assert run_plan(batch, jobs=2) == one
    assert run_plan(batch, jobs=3) == one
    assert [r.index for r in one] == list(range(10))


def test_results_stream_chunk_by_chunk_as_they_finish() -> None:
    seen: list[list[GameResult]] = []
    batch = SeatPlan("whale-to-look", ("random", "random"), 20, seed=1)
    results = run_plan(batch, jobs=2, on_results=seen.append)
    assert len(seen) >= len(chunks(20, 2))  # guided, and one game a chunk until paced
    assert sorted(r.index for chunk in seen for r in chunk) == list(range(20))
    assert results == sorted((r for chunk in seen for r in chunk), key=lambda r: r.index)


def test_results_come_back_in_index_order_whatever_order_the_chunks_finish() -> None:
    batch = SeatPlan("whale-to-look", ("random", "random"), 9, seed=3)
    played = run_plan(batch)
    parts = [played[6:9], played[0:4], played[4:6]]  # as a backend's tasks might end
    seen: list[list[GameResult]] = []
    assert gather(iter(parts), seen.append) == played
    assert seen == parts  # handed over as they came, for a progress bar


def test_one_runner_plays_several_batches_on_the_same_workers() -> None:
    a = SeatPlan("whale-to-look", ("random", "random"), 4, seed=1)
    b = SeatPlan("whale-to-look", THREE, 4, seed=1)
    with Runner(2) as runner:
        first, second = runner.run(a), runner.run(b)
    assert first == run_plan(a) and second == run_plan(b)
    assert {len(r.seats) for r in second} == {3}


def test_a_worker_s_error_reaches_the_caller() -> None:
    tasks = plan("whale-to-look", ["random", "human"], 4, seed=1)
    with pytest.raises(ValueError, match="no human seats"):
        run_plan(TaskList(tuple(tasks)), jobs=2)


def test_a_failed_batch_stops_the_workers_so_no_stale_result_reaches_the_next() -> None:
    tasks = plan("whale-to-look", ["random", "human"], 8, seed=1)
    with Runner(2) as runner:
        with pytest.raises(ValueError, match="no human seats"):
            runner.run(TaskList(tuple(tasks)))
        with pytest.raises(RuntimeError, match="enter the runner"):
            runner.run(SeatPlan("whale-to-look", THREE, 2, seed=1))


def test_an_error_in_the_caller_s_callback_stops_the_batch() -> None:
    def refuse(chunk: list[GameResult]) -> None:
        raise KeyError("no more")

    with Runner(2) as runner, pytest.raises(KeyError, match="no more"):
        runner.run(SeatPlan("whale-to-look", THREE, 40, seed=1), on_results=refuse)


def test_a_worker_that_dies_is_reported_not_waited_for() -> None:
    with Runner(2) as runner:
        process, _ = runner._workers[0]
        process.kill()
        process.join()
        with pytest.raises(RuntimeError, match="a worker process ended before its games"):
            runner.run(SeatPlan("whale-to-look", THREE, 40, seed=1))


def test_an_error_that_cannot_cross_processes_arrives_as_its_text() -> None:
    class Odd(Exception):
        def __init__(self) -> None:
            super().__init__("odd")
            self.hook = lambda: None  # no pickle for this

    error = portable(Odd())
    assert isinstance(error, RuntimeError)
    assert str(error) == "Odd: odd"
    plain = ValueError("plain")
    assert portable(plain) is plain


def test_a_runner_needs_a_process() -> None:
    with pytest.raises(ValueError, match="jobs must be at least 1, not 0"):
        Runner(0)


def test_spawned_workers_give_the_same_results_where_fork_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import whaletable.sim.runner as runner_module

    asked: list[str] = []

    def spawn() -> str:
        asked.append("spawn")
        return "spawn"

    monkeypatch.setattr(runner_module, "start_method", spawn)
    batch = SeatPlan("whale-to-look", ("random", "random"), 6, seed=4)
    assert run_plan(batch, jobs=2) == run_plan(batch, jobs=1)
    assert asked  # the workers were started by spawning


def test_bots_in_different_seats_never_share_a_random_stream() -> None:
    game = registry.get("whale-riders")
    state = game.new_state(4)
    rng = random.Random(1)
    while state.current_player() < 0 or len(state.legal_actions()) < 3:
        state.apply(
            state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    view = SeatView(state, state.current_player())
    bots = make_seats(game, ["random"] * 4, seed=11)
    picks = [tuple(bot.act(view) for _ in range(12)) for bot in bots if bot is not None]
    assert len(set(picks)) == 4
