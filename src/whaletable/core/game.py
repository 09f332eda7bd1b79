"""A game: its spec, its options, its action codec and a factory of states."""

from __future__ import annotations

import dataclasses
import operator
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, Self, TypeVar

import numpy as np
from numpy.typing import NDArray

from whaletable.core.action import Action
from whaletable.core.errors import BadOption, BadPlayerCount, IllegalAction, WhaletableError
from whaletable.core.event import Event
from whaletable.core.spec import ChanceMode, GameSpec
from whaletable.core.state import State
from whaletable.core.tensor import ObservationTensor, TensorLayout
from whaletable.core.words import Translate, plain_action, plain_action_words, plain_event

S = TypeVar("S", bound=State)

PINNED_ACTIONS = 20_000
"""The most action objects a game remembers by identity for the integer API."""

PINNED_CHANCE_LISTS = 256
"""The most lists of chance outcomes a game remembers by identity."""

KEPT_MASK_BYTES = 1 << 20
"""The most bytes of legal-action masks a game keeps to hand out again."""

MAX_GAME_LENGTH = 10_000
"""The longest game the test kit allows (``testing.DEFAULT_MAX_STEPS``): the bound a game
declares when its rules give none."""


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
    observation_type: type | None = None
    """The game's observation as a ``TypedDict`` built on :class:`Observation`
    (``games/<id>/observation.py``); the kit checks every observation against it."""
    tensor: ObservationTensor | None = None
    """The game's observation tensor (``games/<id>/tensor.py``), if it declares one."""
    chance_action_types: tuple[type[Action], ...] = ()
    """The action types only chance takes: their actions are the chance outcome space,
    every other action is in the player action space (see :meth:`player_code`)."""
    turn_section: str | None = None
    """The section of the game's rules (the ``{#anchor}`` of a ``## `` heading of its
    ``rules.md``) that tells a turn: it governs every kind of player action not in
    :attr:`rule_sections`, and a move of a kind the game does not have, so a refused move
    can name its rule."""
    rule_sections: Mapping[str, str] = types.MappingProxyType({})
    """The kinds of player action governed by another section than :attr:`turn_section`,
    each with that section's anchor."""
    retired_actions: Mapping[str, str] = types.MappingProxyType({})
    """Kinds of action an earlier version of the game's rules had, each with the end of a
    sentence saying why this version cannot replay a stored game holding one."""

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
        self._build_code_spaces()

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
        """The action of a code of :meth:`encode` (any integer type, NumPy's included)."""
        return self._actions[_index(code, len(self._actions), f"action of {self.spec.id}")]

    def action_from_json(self, data: Any) -> Action:
        """Parse ``{"type": …, **fields}``; raises :class:`IllegalAction` naming the fault."""
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be a JSON object, not {data!r}")
        kind = data.get("type")
        cls = self._kinds.get(kind) if isinstance(kind, str) else None
        if cls is None and isinstance(kind, str) and kind in self.retired_actions:
            raise IllegalAction(f"an action of type {kind!r} {self.retired_actions[kind]}")
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

    def rule_section(self, kind: object) -> str | None:
        """The anchor of the rules' section that governs an action of ``kind`` (any JSON
        value: a forged move may name anything), else the turn's, else None."""
        if isinstance(kind, str):
            return self.rule_sections.get(kind, self.turn_section)
        return self.turn_section

    def describe(self, event: Event, names: Sequence[str], tr: Translate) -> str | None:
        """``event`` as one sentence of the log in the reader's language, None to stay silent.

        A game words its events in its ``words.py``; this plain form is the fallback.
        """
        return plain_event(event, names, tr)

    def describe_action(self, action: Action, tr: Translate) -> str:
        """``action`` in words, as a player choosing it reads it, in the reader's language.

        Drawn by the generic board and view of a game that has none of its own; a game's
        hand-made board and view word actions with what their viewer sees. This plain form
        (the action's kind and fields) is the fallback.
        """
        return plain_action_words(action, tr)

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

    # ------------------------------------------------------------------
    # The integer spaces for search and learning (OpenSpiel's conventions).
    #
    # ``encode``/``decode`` number every action of the game, chance outcomes included,
    # in one space. Learning code wants two: the player actions (a policy's output,
    # masked by :meth:`State.legal_action_mask`) and the chance outcomes. Both keep the
    # order of ``_all_actions``, so the codes are as stable as ``encode``'s.

    def _build_code_spaces(self) -> None:
        chance_types = self.chance_action_types
        if chance_types and self.spec.chance_mode is ChanceMode.DETERMINISTIC:
            raise ValueError(f"{self.spec.id}: a deterministic game has no chance action types")
        is_chance = [isinstance(a, chance_types) for a in self._actions]
        self._player_actions: tuple[Action, ...] = tuple(
            a for a, c in zip(self._actions, is_chance, strict=True) if not c
        )
        self._chance_actions: tuple[Action, ...] = tuple(
            a for a, c in zip(self._actions, is_chance, strict=True) if c
        )
        self._player_codes: dict[Action, int] = {a: i for i, a in enumerate(self._player_actions)}
        self._chance_codes: dict[Action, int] = {a: i for i, a in enumerate(self._chance_actions)}
        # Codes by object identity: a rules module hands out the same few action objects
        # again and again, and ``id`` is hashed far faster than a dataclass's fields. Every
        # object in these tables is pinned (kept alive), so its id is never reused.
        self._player_ids: dict[int, int] = {id(a): i for a, i in self._player_codes.items()}
        self._chance_ids: dict[int, int] = {id(a): i for a, i in self._chance_codes.items()}
        self._pinned: list[Action] = []
        # Chance nodes often hand out the same list of (outcome, odds) pairs (a cached
        # tuple of dice odds): their codes are kept by the pairs' identities, with the
        # pairs themselves, so no id in a key is ever reused by another object.
        self._chance_lists: dict[
            tuple[int, ...],
            tuple[list[int], list[tuple[int, float]], Sequence[tuple[Action, float]]],
        ] = {}
        # Masks by their legal codes, for the player space and the chance space: a game
        # meets the same few sets of legal codes again and again.
        self._masks: tuple[dict[tuple[int, ...], NDArray[np.bool_]], ...] = ({}, {})
        self._kept_mask_bytes = 0

    def _player_codes_of(self, actions: Sequence[Action]) -> list[int]:
        """The player codes of ``actions``, through the identity table where it knows them."""
        try:
            return list(map(self._player_ids.__getitem__, map(id, actions)))
        except KeyError:  # an action object not met before: look it up by value
            return [self._code_of(a, chance=False) for a in actions]

    def _chance_codes_of(self, actions: Sequence[Action]) -> list[int]:
        """The chance codes of ``actions``, as :meth:`_player_codes_of`."""
        try:
            return list(map(self._chance_ids.__getitem__, map(id, actions)))
        except KeyError:
            return [self._code_of(a, chance=True) for a in actions]

    def _code_of(self, action: Action, *, chance: bool) -> int:
        known = (self._chance_ids if chance else self._player_ids).get(id(action))
        return self._learn_code(action, chance=chance) if known is None else known

    def _chance_code_pairs(
        self, outcomes: Sequence[tuple[Action, float]]
    ) -> tuple[list[int], list[tuple[int, float]]]:
        """The chance codes of ``outcomes`` and the (code, odds) pairs; both are shared
        (callers copy before changing them)."""
        key = tuple(map(id, outcomes))
        known = self._chance_lists.get(key)
        if known is not None:
            return known[0], known[1]
        actions, odds = zip(*outcomes, strict=True)  # loops in C: a hot path
        codes = self._chance_codes_of(actions)
        pairs = list(zip(codes, odds, strict=True))
        if len(self._chance_lists) < PINNED_CHANCE_LISTS:
            self._chance_lists[key] = (codes, pairs, outcomes)
        return codes, pairs

    def _mask_of(self, key: tuple[int, ...], *, chance: bool) -> NDArray[np.bool_]:
        """The read-only mask of the codes ``key`` in the chance or the player space, made
        when ``self._masks`` has none, and kept for every position with these legal codes
        (up to :data:`KEPT_MASK_BYTES` of them)."""
        flags = bytearray(len(self._chance_actions if chance else self._player_actions))
        for code in key:  # a few codes: faster than NumPy's fancy indexing
            flags[code] = 1
        # An array over immutable bytes is read-only from the start: setting the flag on
        # a writable one costs as much again as making it.
        mask = np.frombuffer(bytes(flags), np.bool_)
        if self._kept_mask_bytes + mask.nbytes <= KEPT_MASK_BYTES:
            self._masks[chance][key] = mask
            self._kept_mask_bytes += mask.nbytes
        return mask

    def _learn_code(self, action: Action, *, chance: bool) -> int:
        """The code of an action object seen for the first time, remembered by identity
        (up to :data:`PINNED_ACTIONS` objects: a game that builds its actions afresh on
        every call is looked up by value instead of filling memory)."""
        code = self.chance_code(action) if chance else self.player_code(action)
        if len(self._pinned) < PINNED_ACTIONS:
            self._pinned.append(action)
            (self._chance_ids if chance else self._player_ids)[id(action)] = code
        return code

    @property
    def num_player_actions(self) -> int:
        """The size of the player action space: the length of every legal-action mask.

        OpenSpiel calls this ``num_distinct_actions``; here that name keeps its older
        meaning, the size of :meth:`encode`'s space (player actions and chance outcomes).
        """
        return len(self._player_actions)

    @property
    def num_chance_outcomes(self) -> int:
        """The size of the chance outcome space (chance codes are ``0..n-1``)."""
        return len(self._chance_actions)

    @property
    def max_chance_outcomes(self) -> int:
        """OpenSpiel's name for :attr:`num_chance_outcomes`: every chance code is below it."""
        return len(self._chance_actions)

    def is_chance_action(self, action: Action) -> bool:
        """Whether ``action`` is in the chance outcome space."""
        return isinstance(action, self.chance_action_types)

    def player_code(self, action: Action) -> int:
        """The code of a player action in the player space."""
        try:
            return self._player_codes[action]
        except KeyError:
            raise IllegalAction(f"{action} is not a player action of {self.spec.id}") from None

    def chance_code(self, action: Action) -> int:
        """The code of a chance outcome in the chance space."""
        try:
            return self._chance_codes[action]
        except KeyError:
            raise IllegalAction(f"{action} is not a chance outcome of {self.spec.id}") from None

    def player_action(self, code: int) -> Action:
        """The player action of a player code (any integer type, NumPy's included)."""
        return self._player_actions[
            _index(code, len(self._player_actions), f"player action of {self.spec.id}")
        ]

    def chance_outcome(self, code: int) -> Action:
        """The chance outcome of a chance code (any integer type, NumPy's included)."""
        return self._chance_actions[
            _index(code, len(self._chance_actions), f"chance outcome of {self.spec.id}")
        ]

    def observation_layout(self, num_players: int, options: Any = None) -> TensorLayout:
        """The named fields and shape of every observation tensor of such a game."""
        if self.tensor is None:
            raise WhaletableError(f"{self.spec.id} declares no observation tensor")
        opts = self.make_options(options)
        key = (num_players, opts)
        cache: dict[tuple[int, Any], TensorLayout] = self.__dict__.setdefault("_layouts", {})
        found = cache.get(key)
        if found is None:
            found = cache[key] = self.tensor.layout(num_players, opts)
        return found

    def max_game_length(self, num_players: int, options: Any = None) -> int:
        """The most player decisions a game of ``num_players`` can take (chance excluded).

        OpenSpiel's ``max_game_length``: learning code sizes buffers and horizons by it.
        """
        if num_players not in self.spec.num_players_range:
            raise BadPlayerCount(
                f"{self.spec.id} is for {self.spec.min_players}–{self.spec.max_players} "
                f"players, not {num_players!r}"
            )
        return self._max_game_length(num_players, self.make_options(options))

    def max_chance_nodes(self, num_players: int, options: Any = None) -> int:
        """The most chance nodes a game of ``num_players`` can pass through."""
        if num_players not in self.spec.num_players_range:
            raise BadPlayerCount(
                f"{self.spec.id} is for {self.spec.min_players}–{self.spec.max_players} "
                f"players, not {num_players!r}"
            )
        return self._max_chance_nodes(num_players, self.make_options(options))

    def _max_game_length(self, num_players: int, options: Any) -> int:
        """Hook: a bound the rules prove, where they give one.

        The default is :data:`MAX_GAME_LENGTH`, the length the test kit holds every game
        to; a game whose rules set no bound (dice can repeat a position) keeps it.
        """
        return MAX_GAME_LENGTH

    def _max_chance_nodes(self, num_players: int, options: Any) -> int:
        """Hook: as :meth:`_max_game_length`, for chance nodes."""
        return MAX_GAME_LENGTH

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A game is rules and tables that never change: copies share it (a deep copy of
        a state, as OpenSpiel makes of its Python states, must not copy the game)."""
        return self

    def __repr__(self) -> str:
        return f"<Game {self.spec.id}>"


def _index(code: Any, size: int, what: str) -> int:
    """``code`` as an index below ``size``; any integer type passes, NumPy's included.

    A bool is refused although Python counts it as an int: ``True`` for action 1 is a
    bug in the caller, never an intent.
    """
    if isinstance(code, bool) or type(code).__name__ == "bool_":
        raise IllegalAction(
            f"a code must be an integer, not the bool {code!r} ({what}: codes are 0..{size - 1})"
        )
    try:
        index = operator.index(code)
    except TypeError:
        raise IllegalAction(
            f"a code must be an integer, not {type(code).__name__} {code!r} "
            f"({what}: codes are 0..{size - 1})"
        ) from None
    if not 0 <= index < size:
        raise IllegalAction(f"no {what} has code {code!r}: codes are 0..{size - 1}")
    return index


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
