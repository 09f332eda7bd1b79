"""Parquet datasets of played games: one row per decision, loadable with pandas."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from whaletable import games

pd = pytest.importorskip("pandas")
pq = pytest.importorskip("pyarrow.parquet")
from whaletable.core.record import Record  # noqa: E402
from whaletable.rl.dataset import (  # noqa: E402
    LAYOUT_KEY,
    main,
    play_rows,
    record_rows,
    write_parquet,
    write_records,
)


def test_one_file_per_shard_and_every_game_in_one(tmp_path: Path) -> None:
    paths = write_parquet("whale-to-look", tmp_path, games=5, seed=10, games_per_shard=2)
    assert [p.name for p in paths] == [f"whale-to-look-3p-seed10-{i:05d}.parquet" for i in range(3)]
    seeds = [sorted(pd.read_parquet(p)["seed"].unique().tolist()) for p in paths]
    assert seeds == [[10, 11], [12, 13], [14]]


def test_rows_are_the_decisions_with_what_the_seat_saw(tmp_path: Path) -> None:
    write_parquet("whale-riders", tmp_path, games=2, num_players=2)
    frame = pd.read_parquet(tmp_path)
    game = games.get("whale-riders")
    size = game.observation_layout(2).size
    assert set(frame.columns) == {
        "game", "num_players", "seed", "step", "seat", "observation", "legal_mask", "action",
        "reward_to_go",
    }  # fmt: skip
    assert all(len(o) == size for o in frame["observation"])
    assert all(len(m) == game.num_player_actions for m in frame["legal_mask"])
    # The action taken is always legal in the row's mask.
    assert all(m[a] for m, a in zip(frame["legal_mask"], frame["action"], strict=True))
    for _, rows in frame.groupby("seed"):
        assert list(rows["step"]) == sorted(rows["step"])
        assert rows["reward_to_go"].groupby(rows["seat"]).nunique().max() == 1


def test_reward_to_go_is_the_seats_final_return() -> None:
    game = games.get("whale-to-look")
    cols = play_rows(game, 3, seed=4, bots=["random"] * 3)
    winners = {s for s, r in zip(cols["seat"], cols["reward_to_go"], strict=True) if r == 1.0}
    assert len(winners) == 1
    assert sum(1 for r in cols["reward_to_go"] if r not in (0.0, 1.0)) == 0


def test_rows_repeat_for_the_same_seed(tmp_path: Path) -> None:
    a = play_rows(games.get("save-the-whales"), 2, seed=3, bots=["random", "random"])
    b = play_rows(games.get("save-the-whales"), 2, seed=3, bots=["random", "random"])
    assert a["action"] == b["action"]
    assert all(
        np.array_equal(x, y) for x, y in zip(a["observation"], b["observation"], strict=True)
    )


def test_the_layout_travels_in_the_file(tmp_path: Path) -> None:
    (path,) = write_parquet("whale-to-look", tmp_path, games=1)
    meta = pq.read_schema(path).metadata
    layout = json.loads(meta[LAYOUT_KEY])
    assert [f["name"] for f in layout][:3] == ["round", "phase", "to_move"]


def test_a_wrong_number_of_bots_is_refused_before_writing(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="3 bots are needed"):
        write_parquet("whale-to-look", tmp_path / "x", bots=["random"])
    assert not (tmp_path / "x").exists()


def recorded_game(seed: int) -> Record:
    """The record of a seeded random 2-player game."""
    game = games.get("whale-to-look")
    state = game.new_state(2)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return Record.of(state)


def test_a_recorded_game_gives_one_row_per_decision() -> None:
    record = recorded_game(2)
    cols = record_rows(record, seed=2)
    replayed = record.replay()
    decisions = [a for a in replayed.history if not replayed.game.is_chance_action(a)]
    assert [replayed.game.player_action(c) for c in cols["action"]] == decisions
    assert cols["reward_to_go"] == [replayed.returns()[s] for s in cols["seat"]]
    assert 1.0 in cols["reward_to_go"]


def test_an_unfinished_record_is_refused_naming_its_step() -> None:
    game = games.get("whale-to-look")
    state = game.new_state(2)
    rng = random.Random(4)
    for _ in range(12):
        state.apply(
            state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    with pytest.raises(ValueError, match="unfinished at step 12"):
        record_rows(Record.of(state), seed=4)


def test_records_write_one_shard(tmp_path: Path) -> None:
    records = [recorded_game(s) for s in (1, 2)]
    path = write_records(records, tmp_path / "shard.parquet", first_seed=7)
    frame = pd.read_parquet(path)
    assert sorted(frame["seed"].unique().tolist()) == [7, 8]


def test_a_shard_holds_one_game_at_one_player_count(tmp_path: Path) -> None:
    other = Record.of(games.get("whale-to-look").new_state(3))
    with pytest.raises(ValueError, match="one game at one player count"):
        write_records([recorded_game(1), other], tmp_path / "x.parquet")


def test_a_shard_holds_one_set_of_options_and_names_the_record_that_differs(
    tmp_path: Path,
) -> None:
    game = games.get("whale-to-look")
    other = Record.of(game.new_state(2, game.make_options({"start_player": 1})))
    with pytest.raises(ValueError, match=r"record 1 has options"):
        write_records([recorded_game(1), other], tmp_path / "x.parquet")
    assert not (tmp_path / "x.parquet").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "games must be at least 1, not 0"),
        (["--games-per-shard", "0"], "games_per_shard must be at least 1, not 0"),
        (["--bots", "random,random"], "3 bots are needed"),
        (["--players", "9"], "not 9"),
        (["--bots", "bogus"], "unknown bot 'bogus'"),
    ],
)
def test_the_dataset_command_names_bad_input_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["whale-to-look", "--out", str(tmp_path / "d"), *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "d").exists()
