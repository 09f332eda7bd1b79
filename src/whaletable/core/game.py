"""A game: its spec, its options, its action codec and a factory of states."""

from __future__ import annotations

import dataclasses
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from whaletable.core.action import Action
from whaletable.core.errors import BadOption, BadPlayerCount, IllegalAction
from whaletable.core.event import Event
from whaletable.core.spec import GameSpec
from whaletable.core.state import State
from whaletable.core.words import Translate, plain_action, plain_event

S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """One game behind the uniform API.

    A subclass sets :attr:`spec` and :attr:`action_types`, lists every distinct
    action once in :meth:`_all_actions` (its index is the action's integer code)
    and builds initial states in :meth:`_new_state`. A game that says what happened
    lists its :attr:`event_types` and words them in :meth:`describe`.
    """

    spec: GameSpec
    action_types: tuple[type[Action], ...]
    event_types: tuple[type[Event], ...] = ()
    """Every kind of event the rules emit; empty for a game told only by its actions."""

    def __init__(self) -> None:
        self._actions: tuple[Action, ...] = tuple(self._all_actions())
        self._codes: dict[Action, int] = {a: i for i, a in enumerate(self._actions)}
        if len(self._codes) != len(self._actions):
            raise ValueError(f"{self.spec.id}: _all_actions lists an action twice")
        self._kinds: dict[str, type[Action]] = {t.kind: t for t in self.action_types}
        # The exact type of every field, so JSON `1` never passes for `true` (or a list
        # for an int) when an action is read back.
        self._field_types: dict[str, dict[str, type]] = {
            t.kind: {f.name: typing.get_type_hints(t)[f.name] for f in dataclasses.fields(t)}
            for t in self.action_types
        }

    @abstractmethod
    def _all_actions(self) -> Sequence[Action]:
        """Every distinct action of the game, chance outcomes included."""

    @abstractmethod
    def _new_state(self, num_players: int, options: Any) -> S:
        """The state before setup: setup randomness happens through chance actions."""

    def _check_options(self, num_players: int, options: Any) -> None:
        """Reject option values that do not fit this player count (hook)."""

    # ------------------------------------------------------------ public API

    def new_state(self, num_players: int, options: Any = None, *, events: bool = False) -> S:
        """The state before setup; with ``events`` it records what happens (for interfaces)."""
        if not isinstance(num_players, int) or not (
            self.spec.min_players <= num_players <= self.spec.max_players
        ):
            raise BadPlayerCount(
                f"{self.spec.id} is for {self.spec.min_players}–{self.spec.max_players} "
                f"players, not {num_players!r}"
            )
        opts = self.make_options(options)
        self._check_options(num_players, opts)
        state = self._new_state(num_players, opts)
        if events:
            state._events = []
        return state

    @property
    def num_distinct_actions(self) -> int:
        return len(self._actions)

    def encode(self, action: Action) -> int:
        try:
            return self._codes[action]
        except KeyError:
            raise IllegalAction(f"{action} is not an action of {self.spec.id}") from None

    def decode(self, code: int) -> Action:
        if not isinstance(code, int) or not 0 <= code < len(self._actions):
            raise IllegalAction(
                f"no action {code!r} in {self.spec.id}: codes are 0..{len(self._actions) - 1}"
            )
        return self._actions[code]

    def action_from_json(self, data: Any) -> Action:
        """Parse ``{"type": …, **fields}``; raises :class:`IllegalAction` naming the fault."""
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be a JSON object, not {data!r}")
        kind = data.get("type")
        cls = self._kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise IllegalAction(
                f"unknown action type {kind!r} for {self.spec.id}; types are: "
                + ", ".join(sorted(self._kinds))
            )
        types_ = self._field_types[cls.kind]
        given = {k: v for k, v in data.items() if k != "type"}
        if set(given) != set(types_):
            raise IllegalAction(f"action {kind!r} takes fields {list(types_)}, got {sorted(given)}")
        for name, value in given.items():
            if type(value) is not types_[name]:
                raise IllegalAction(
                    f"field {name!r} of action {kind!r} must be {types_[name].__name__}, "
                    f"not {value!r}"
                )
        action = cls(**given)
        if action not in self._codes:
            raise IllegalAction(f"{data!r} is not an action of {self.spec.id}")
        return self._actions[self._codes[action]]

    def describe(self, event: Event, names: Sequence[str], tr: Translate) -> str | None:
        """``event`` as one sentence of the log in the reader's language, None to stay silent.

        A game words its events in its ``words.py``; this plain form is the fallback.
        """
        return plain_event(event, names, tr)

    def step_lines(
        self,
        events: Sequence[Event],
        action: Action,
        actor: int,
        names: Sequence[str],
        tr: Translate,
    ) -> list[str]:
        """What the log says of one step: its events in words (as the reader may know
        them), or the action itself for a game that declares no events."""
        if not self.event_types:
            line = plain_action(action, actor, names, tr)
            return [] if line is None else [line]
        lines = (self.describe(event, names, tr) for event in events)
        return [line for line in lines if line is not None]

    def make_options(self, given: Any = None) -> Any:
        """The options object for ``given`` (a mapping of name to value, or None)."""
        cls = self.spec.options
        if given is None:
            return cls()
        if isinstance(given, cls):
            return given
        if not isinstance(given, Mapping):
            raise BadOption(f"options must be a mapping of name to value, not {given!r}")
        hints = typing.get_type_hints(cls)
        known = [f.name for f in dataclasses.fields(cls)]
        for name, value in given.items():
            if name not in known:
                raise BadOption(
                    f"unknown option {name!r} for {self.spec.id}; options are: {', '.join(known)}"
                )
            _check_option_value(self.spec.id, name, hints[name], value)
        return cls(**given)

    def options_to_json(self, options: Any) -> dict[str, Any]:
        return dataclasses.asdict(options)

    def option_choices(self) -> dict[str, tuple[Any, ...]]:
        """Each option's allowed values (for menus and help), where they are a fixed set."""
        hints = typing.get_type_hints(self.spec.options)
        out: dict[str, tuple[Any, ...]] = {}
        for f in dataclasses.fields(self.spec.options):
            hint = hints[f.name]
            if typing.get_origin(hint) is typing.Literal:
                out[f.name] = typing.get_args(hint)
            elif hint is bool:
                out[f.name] = (False, True)
        return out

    def __repr__(self) -> str:
        return f"<Game {self.spec.id}>"


def _check_option_value(game_id: str, name: str, hint: Any, value: Any) -> None:
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        if value not in allowed or isinstance(value, bool) != any(
            isinstance(a, bool) for a in allowed
        ):
            raise BadOption(
                f"option {name!r} of {game_id} must be one of "
                f"{', '.join(repr(a) for a in allowed)}; got {value!r}"
            )
        return
    if origin in (typing.Union, types.UnionType):
        for arm in typing.get_args(hint):
            try:
                _check_option_value(game_id, name, arm, value)
                return
            except BadOption:
                continue
        raise BadOption(f"option {name!r} of {game_id}: {value!r} fits none of {hint}")
    if hint is type(None):
        if value is not None:
            raise BadOption(f"option {name!r} of {game_id} must be null; got {value!r}")
        return
    if hint is bool or hint is int or hint is str or hint is float:
        ok = isinstance(value, hint) and not (hint is int and isinstance(value, bool))
        if not ok:
            raise BadOption(f"option {name!r} of {game_id} must be {hint.__name__}; got {value!r}")
        return
    raise BadOption(f"option {name!r} of {game_id} has an unsupported type {hint}")
