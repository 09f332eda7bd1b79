"""Records: the save-game, database and replay format.

A record is the game id, its options, the seats and every action applied
(chance outcomes included). Replaying it rebuilds every state exactly.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whaletable.core.errors import RecordError, WhaletableError
from whaletable.core.state import State

FORMAT = "whaletable-record/1"


@dataclass
class Record:
    game: str
    num_players: int
    options: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, seats: list[str] | None = None, **meta: Any) -> Record:
        """The record of everything applied to ``state`` since its start."""
        return cls(
            game=state.game.spec.id,
            num_players=state.num_players,
            options=state.game.options_to_json(state.options),
            actions=[a.to_json() for a in state.history],
            seats=list(seats) if seats else [f"seat {i}" for i in range(state.num_players)],
            meta=dict(meta),
        )

    def new_state(self, *, events: bool = False) -> State:
        from whaletable.core import registry

        try:
            state: State = registry.get(self.game).new_state(
                self.num_players, self.options, events=events
            )
        except WhaletableError as e:
            raise RecordError(f"record cannot start: {e}") from e
        return state

    def _replaying(self, events: bool = False) -> Iterator[State]:
        """The state after each action in turn (one object, advanced in place)."""
        state = self.new_state(events=events)
        yield state
        for i, data in enumerate(self.actions):
            try:
                state.apply(state.game.action_from_json(data))
            except WhaletableError as e:
                raise RecordError(f"action {i} of the record does not replay: {e}") from e
            yield state

    def states(self) -> list[State]:
        """Every state of the game, from the start to the last action."""
        return [state.clone() for state in self._replaying()]

    def replay(self, *, events: bool = False) -> State:
        """The final state, rebuilt by applying every action in order (with its events)."""
        return deque(self._replaying(events), maxlen=1)[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "num_players": self.num_players,
            "options": self.options,
            "seats": self.seats,
            "created": self.created,
            "meta": self.meta,
            "actions": self.actions,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a whaletable record: format is {data.get('format')!r}")
        expect: dict[str, type | tuple[type, ...]] = {
            "game": str,
            "num_players": int,
            "options": dict,
            "seats": list,
            "actions": list,
            "created": (int, float),
            "meta": dict,
        }
        for key, typ in expect.items():
            if key not in data:
                raise RecordError(f"record has no {key!r}")
            if not isinstance(data[key], typ) or isinstance(data[key], bool):
                raise RecordError(f"record field {key!r} has the wrong type: {data[key]!r}")
        for i, action in enumerate(data["actions"]):
            if not isinstance(action, dict):
                raise RecordError(f"action {i} of the record is not a JSON object: {action!r}")
        return cls(
            game=data["game"],
            num_players=data["num_players"],
            options=data["options"],
            actions=data["actions"],
            seats=[str(s) for s in data["seats"]],
            created=float(data["created"]),
            meta=data["meta"],
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"record is not valid JSON: {e}") from e
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise RecordError(f"cannot read record {path}: {e.strerror}") from e
        return cls.loads(text)
