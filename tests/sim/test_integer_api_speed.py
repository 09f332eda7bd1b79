"""``benchmarks/integer_api_speed.py --parts``: its figures are well formed (never timed here)."""

from __future__ import annotations

import json

import pytest

from benchmark_scripts import load


def test_each_part_of_a_decision_is_timed_on_every_path(capsys: pytest.CaptureFixture[str]) -> None:
    speed = load("integer_api_speed")
    assert speed.main(["whale-to-look", "--parts", "--seconds", "0.05", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["parts"]
    assert [(r["game"], r["path"]) for r in rows] == [
        ("whale-to-look", path) for path in ("objects", "codes", "masks")
    ]
    for row in rows:
        assert all(row[f"{part}_ns"] > 0 for part in ("list", "choose", "apply")), row


def test_the_masks_path_lists_masks_and_applies_the_codes_it_reads_from_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What ``--parts`` calls the masks path does go through masks, and only them."""
    speed = load("integer_api_speed")
    game = speed.games.get("save-the-whales")
    read: list[object] = []
    applied: list[object] = []
    mask_of, apply_code = speed.State.legal_action_mask, speed.State.apply_code

    def reading(state: object) -> object:
        read.append(mask := mask_of(state))
        return mask

    def applying(state: object, code: object) -> None:
        applied.append(code)
        apply_code(state, code)

    monkeypatch.setattr(speed.State, "legal_action_mask", reading)
    monkeypatch.setattr(speed.State, "apply_code", applying)
    timer = speed.PartTimer(game, 4, "masks", seed=3)
    played = timer(0.01)
    assert played.steps == timer.decisions == len(read) > 0
    # Every decision's code is one of its mask's true flags (chance codes come between).
    decided = iter(read)
    for code in applied:
        if type(code) is not int:  # a NumPy integer: sampled from a mask
            assert next(decided)[code]
    assert next(decided, None) is None


def test_an_unknown_game_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("integer_api_speed").main(["whale-to-watch", "--parts"]) == 2
    assert "whale-to-watch" in capsys.readouterr().err
