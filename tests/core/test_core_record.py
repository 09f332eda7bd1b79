"""Records: save, load and replay, and a clear error for every way a record can be broken."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from toy_game import TOY_ID, Deal, Pass, Peek, Roll, Step, ToyGame, play_to_turn, toy

from whaletable.core import Record, RecordError
from whaletable.core.record import FORMAT
from whaletable.core.testing import views

__all__ = ["toy"]  # the fixture, imported for pytest


def played(game: ToyGame) -> Any:
    state = play_to_turn(game, secrets=(2, 0), rounds=1)  # ends with the roll after seat 1
    for action in (Step(1), Peek(), Step(2), Pass(), Step(2), Pass(), Roll(2)):
        state.apply(action)
    return state


def good_json(game: ToyGame) -> dict[str, Any]:
    return Record.of(played(game)).to_json()


def test_record_of_a_state_lists_everything(toy: ToyGame) -> None:
    state = played(toy)
    record = Record.of(state, seats=["ann", "bob"], note="x")
    assert record.game == TOY_ID
    assert record.num_players == 2
    assert record.options == {"rounds": 1, "peeking": True, "label": "toy", "limit": None}
    assert record.actions[:3] == [
        {"type": "deal", "value": 2},
        {"type": "deal", "value": 0},
        {"type": "step", "size": 1},
    ]
    assert len(record.actions) == len(state.history)
    assert record.seats == ["ann", "bob"]
    assert record.meta == {"note": "x"}
    assert Record.of(state).seats == ["seat 0", "seat 1"]


def test_save_load_replay_rebuilds_every_view(toy: ToyGame, tmp_path: Path) -> None:
    state = played(toy)
    path = tmp_path / "game.json"
    Record.of(state, seats=["ann", "bob"]).save(path)
    loaded = Record.load(path)
    assert loaded.seats == ["ann", "bob"]
    replayed = loaded.replay()
    assert views(replayed) == views(state)
    assert replayed.history == state.history


def test_states_gives_every_state_from_the_start(toy: ToyGame) -> None:
    state = played(toy)
    states = Record.of(state).states()
    assert len(states) == len(state.history) + 1
    assert states[0].history == []
    assert [s.history[-1] for s in states[1:]] == state.history
    assert views(states[-1]) == views(state)
    assert states[2].observation(0)["secrets"] == [2, None]


def test_dumps_loads_round_trip(toy: ToyGame) -> None:
    record = Record.of(played(toy), seats=["ann", "bob"], seed=5)
    assert Record.loads(record.dumps()).to_json() == record.to_json()


def test_bad_json_text() -> None:
    with pytest.raises(RecordError, match="record is not valid JSON"):
        Record.loads("{not json")


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read record"):
        Record.load(tmp_path / "missing.json")


@pytest.mark.parametrize("data", [[], "record", 3, None])
def test_record_must_be_an_object(data: object) -> None:
    with pytest.raises(RecordError, match="must be a JSON object"):
        Record.from_json(data)


def test_wrong_format(toy: ToyGame) -> None:
    data = good_json(toy)
    data["format"] = "chess-pgn"
    with pytest.raises(RecordError, match="not a whaletable record: format is 'chess-pgn'"):
        Record.from_json(data)
    del data["format"]
    with pytest.raises(RecordError, match="format is None"):
        Record.from_json(data)


@pytest.mark.parametrize(
    "key", ["game", "num_players", "options", "seats", "actions", "created", "meta"]
)
def test_missing_field(toy: ToyGame, key: str) -> None:
    data = good_json(toy)
    del data[key]
    with pytest.raises(RecordError, match=f"record has no '{key}'"):
        Record.from_json(data)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("game", 7),
        ("num_players", "2"),
        ("num_players", True),
        ("options", []),
        ("seats", "ann"),
        ("actions", {}),
        ("created", "today"),
        ("meta", None),
    ],
)
def test_wrong_type(toy: ToyGame, key: str, value: object) -> None:
    data = good_json(toy)
    data[key] = value
    with pytest.raises(RecordError, match=f"record field '{key}' has the wrong type"):
        Record.from_json(data)


def test_action_that_is_not_an_object_is_named_by_index(toy: ToyGame) -> None:
    data = good_json(toy)
    data["actions"][3] = "peek"
    with pytest.raises(RecordError, match="action 3 of the record is not a JSON object"):
        Record.from_json(data)


@pytest.mark.parametrize(
    ("index", "action", "reason"),
    [
        (4, {"type": "peek"}, "you have peeked already"),
        (2, {"type": "pass"}, "take a step before passing"),
        (5, {"type": "jump"}, "unknown action type 'jump'"),
        (0, {"type": "deal", "value": 9}, "is not an action of"),
        (6, {"type": "step", "size": [2]}, "step"),
    ],
)
def test_action_that_does_not_replay_is_named_by_index(
    toy: ToyGame, index: int, action: dict[str, Any], reason: str
) -> None:
    data = good_json(toy)
    data["actions"][index] = action
    record = Record.from_json(data)
    for rebuild in (record.replay, record.states):
        with pytest.raises(RecordError) as caught:
            rebuild()
        message = str(caught.value)
        assert message.startswith(f"action {index} of the record does not replay")
        assert reason in message


def test_extra_action_after_the_end_is_named(toy: ToyGame) -> None:
    data = good_json(toy)
    index = len(data["actions"])
    data["actions"].append({"type": "step", "size": 1})
    with pytest.raises(RecordError, match=f"action {index} .* the game is over"):
        Record.from_json(data).replay()


def test_record_of_an_unknown_game_cannot_start() -> None:
    data = {
        "format": FORMAT,
        "game": "no-such-game",
        "num_players": 2,
        "options": {},
        "seats": [],
        "actions": [],
        "created": 0,
        "meta": {},
    }
    with pytest.raises(RecordError, match="record cannot start: unknown game 'no-such-game'"):
        Record.from_json(data).replay()


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [("num_players", 3, "for 2–2 players, not 3"), ("options", {"rounds": 5}, "'rounds'")],
)
def test_record_with_bad_setup_cannot_start(
    toy: ToyGame, key: str, value: object, reason: str
) -> None:
    data = good_json(toy)
    data[key] = value
    with pytest.raises(RecordError, match="record cannot start") as caught:
        Record.from_json(data).replay()
    assert reason in str(caught.value)


def test_saved_file_is_readable_json(toy: ToyGame, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    Record.of(played(toy)).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    assert data["actions"][1] == Deal(0).to_json()
