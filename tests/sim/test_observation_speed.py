"""``benchmarks/observation_speed.py``: its figures are well formed (never timed here)."""

from __future__ import annotations

import json

import pytest

from benchmark_scripts import load


def test_every_reading_of_every_seat_is_timed(capsys: pytest.CaptureFixture[str]) -> None:
    code = load("observation_speed").main(
        ["whale-to-look", "--states", "4", "--repeats", "1", "--json"]
    )
    assert code == 0
    (row,) = json.loads(capsys.readouterr().out)["games"]
    assert row["game"] == "whale-to-look"
    assert row["pairs"] >= 4 * 2  # every sampled state, read by each of its seats
    for reading in ("observation_us", "tensor_us", "information_state_us"):
        assert row[reading] > 0


def test_an_unknown_game_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("observation_speed").main(["whale-to-watch"]) == 2
    assert "whale-to-watch" in capsys.readouterr().err
