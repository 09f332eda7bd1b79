"""Information states with perfect recall: what a seat has seen at every step, and done.

``State.information_state_string(seat)`` is the seat's whole experience, one line per
step: line ``i`` is what the seat saw after ``i`` actions (``i = 0``: before any).
Every line is canonical JSON (sorted keys, no spaces, UTF-8), an object with up to two keys:

* ``"acted"`` — the seat's own decision that led to this step (its JSON form), on the
  lines that follow the seat's decisions;
* ``"seen"`` — how the seat's observation changed since the line before, as a list of
  changes in a fixed order: ``[path, value]`` sets the value at ``path`` (a list of keys
  and list indices; ``[]`` is the whole observation, which is line 0's one change) and
  ``[path]`` removes it. A list that changes length is set whole.

A line where nothing changed and the seat did not act is ``{}``. The changes of line
``i`` applied to the observation of line ``i - 1`` give exactly ``observation(seat)``
after ``i`` actions, so two states give one string only when the seat saw the same
thing at every step and took the same decisions: the seat cannot tell them apart.
:func:`observations` reads a string back.

Everything comes from ``observation(seat)`` (and the seat's own actions), the choke
point for hidden information. The record is kept only by states that have been asked
(``State._recall``, ``None`` for every other state, so search and simulation pay
nothing); it is immutable and shared by clones, and it catches up when asked: one step
from the state itself, a longer gap by replaying the missing steps from a state it kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from whaletable.core.errors import IllegalAction, WhaletableError

if TYPE_CHECKING:
    from whaletable.core.state import State

_KEYS_AS_TEXT = orjson.OPT_NON_STR_KEYS  # as the standard encoder writes integer keys
_CANONICAL = orjson.OPT_SORT_KEYS | _KEYS_AS_TEXT
"""orjson rather than the standard encoder: a replay encodes every field of every
observation at every step, and orjson does it several times faster."""


def canonical(value: Any) -> str:
    """The canonical JSON text of an observation or any JSON value (sorted keys, no spaces,
    UTF-8; integer keys written as strings)."""
    return orjson.dumps(value, option=_CANONICAL).decode()


@dataclass(frozen=True, slots=True)
class SeatRecall:
    """One seat's record: its last observation field by field, and its lines so far."""

    fields: dict[str, str]
    """Canonical JSON of each top-level field of the last observation (never changed)."""
    lines: tuple[str, ...]
    """One per step. A new record copies the tuple (pointers only) and shares the lines."""


@dataclass(frozen=True, slots=True)
class Recall:
    """What the seats asked about have seen, up to one step; shared by clones."""

    step: int
    """Every recorded seat's lines run to this step (``len(history)`` then)."""
    to_move: int
    """Who acted at ``step`` (``current_player()`` then): whose decision the next line follows."""
    seats: dict[int, SeatRecall]
    """Never changed after the record is built."""
    base: State
    """A state at or before ``step`` to replay a gap from; never applied to (cloned first)."""


def information_state_string(state: State, seat: int) -> str:
    """The seat's lines up to ``state``'s step (see the module), catching the record up."""
    recall = _caught_up(state, seat)
    state._recall = recall
    return "\n".join(recall.seats[seat].lines)


def _caught_up(state: State, seat: int) -> Recall:
    step = len(state.history)
    recall: Recall | None = state._recall
    if recall is not None and recall.step > step:
        recall = None  # not this state's record (it has fewer steps): start again
    if recall is not None and seat in recall.seats:
        if recall.step == step:
            return recall
        if recall.step == step - 1:
            return _advance(recall, state)
    return _replay(state, recall, seat)


def _advance(recall: Recall, state: State) -> Recall:
    """One step on: every recorded seat's next line comes from ``state`` itself."""
    acted = state.history[-1]
    seats = {
        s: _record(seen, state.observation(s), acted if recall.to_move == s else None)
        for s, seen in recall.seats.items()
    }
    return Recall(len(state.history), state.current_player(), seats, recall.base)


def _replay(state: State, recall: Recall | None, seat: int) -> Recall:
    """Fill every missing line by replaying ``state``'s history.

    A recorded seat needs the steps after ``recall.step`` (replayed from the kept base);
    a seat asked for the first time needs every step (replayed from the start).
    """
    history = state.history
    step = len(history)
    known = {} if recall is None else dict(recall.seats)
    since = -1 if recall is None else recall.step
    fresh = recall is None or seat not in known
    if recall is None or fresh:
        replay = state.game.new_state(state.num_players, state.options)
    else:
        replay = recall.base.clone()
    seats: dict[int, SeatRecall | None] = {s: known.get(s) for s in (*known, seat)}
    if fresh:
        seats[seat] = None
    first = {s: (0 if s == seat and fresh else since + 1) for s in seats}
    at = len(replay.history)
    actor = -1
    while True:
        view = state if at == step else replay
        for s, seen in seats.items():
            if at >= first[s]:
                acted = history[at - 1] if at > 0 and actor == s else None
                seats[s] = _record(seen, view.observation(s), acted)
        if at == step:
            break
        actor = replay.current_player()
        try:
            replay.apply(history[at])
        except IllegalAction as e:
            raise WhaletableError(
                f"seat {seat}'s information state: the history does not replay at step {at} ({e})"
            ) from None
        at += 1
    recorded = {s: seen for s, seen in seats.items() if seen is not None}
    return Recall(step, state.current_player(), recorded, replay)


def _record(seen: SeatRecall | None, observation: Mapping[str, Any], acted: Any) -> SeatRecall:
    """The seat's record with one more line: ``observation`` after ``acted``."""
    fields = {key: canonical(value) for key, value in observation.items()}
    line: dict[str, Any] = {}
    if acted is not None:
        line["acted"] = acted.to_json()
    if seen is None:
        # The whole observation, from its fields' texts: nothing is encoded twice.
        line["seen"] = [[[], {key: orjson.loads(text) for key, text in fields.items()}]]
        return SeatRecall(fields, (canonical(line),))
    changes = _changes(seen.fields, fields)
    if changes:
        line["seen"] = changes
    return SeatRecall(fields, (*seen.lines, canonical(line)))


def _changes(old: dict[str, str], new: dict[str, str]) -> list[list[Any]]:
    """The changes from one observation to the next, top-level fields given as JSON text."""
    out: list[list[Any]] = []
    changed = sorted(
        [key for key, text in new.items() if old.get(key) != text]
        + [key for key in old if key not in new]
    )
    for key in changed:
        if key not in new:
            out.append([[key]])
        elif key not in old:
            out.append([[key], orjson.loads(new[key])])
        else:
            _diff([key], orjson.loads(old[key]), orjson.loads(new[key]), out)
    return out


def _diff(path: list[Any], old: Any, new: Any, out: list[list[Any]]) -> None:
    """Changes from ``old`` to ``new`` (JSON values known to differ), at ``path``."""
    if type(old) is dict and type(new) is dict:
        for key in sorted(old.keys() | new.keys()):
            if key not in new:
                out.append([[*path, key]])
            elif key not in old:
                out.append([[*path, key], new[key]])
            elif not _same(old[key], new[key]):
                _diff([*path, key], old[key], new[key], out)
    elif type(old) is list and type(new) is list and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            if not _same(a, b):
                _diff([*path, index], a, b, out)
    else:
        out.append([path, new])


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: Python's ``==`` alone takes ``true`` for ``1`` and ``1.0`` for ``1``."""
    if type(a) is not type(b) or a != b:
        return False
    # Keys left unsorted: two texts of one value built in one order are alike, and texts
    # that differ by order alone only send _diff a level deeper, where nothing differs.
    if type(a) not in (dict, list):
        return True
    return orjson.dumps(a, option=_KEYS_AS_TEXT) == orjson.dumps(b, option=_KEYS_AS_TEXT)


def observations(text: str) -> list[tuple[dict[str, Any] | None, Any]]:
    """Read an information state string back: per step, the seat's own action that led
    there (its JSON form, or None) and the seat's observation then."""
    out: list[tuple[dict[str, Any] | None, Any]] = []
    current: Any = None
    for number, raw in enumerate(text.split("\n")):
        line = orjson.loads(raw)
        for change in line.get("seen", []):
            current = _patched(current, change, number)
        out.append((line.get("acted"), orjson.loads(canonical(current))))
    return out


def _patched(root: Any, change: list[Any], number: int) -> Any:
    path = change[0]
    if not path:
        return change[1]
    node = root
    for key in path[:-1]:
        node = node[key]
    if len(change) == 2:
        node[path[-1]] = change[1]
    elif isinstance(node, dict):
        del node[path[-1]]
    else:
        raise ValueError(f"line {number}: a removal from a list at {path}")
    return root
