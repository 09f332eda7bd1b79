"""The test kit every registered game gets by registering.

Plain functions, usable from any test suite: each plays or samples seeded games
and raises :class:`AssertionError` naming the game, the seed, the game number and
the step when a promise of the game API is broken. Everything is reproducible
from the seed, so a failure can be replayed exactly.

>>> from whaletable import games
>>> from whaletable.core.testing import random_playouts
>>> random_playouts(games.get("whale-to-look"), games=4, seed=1).games
4
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from whaletable.core.action import Action
from whaletable.core.errors import BadOption, IllegalAction, WhaletableError
from whaletable.core.game import Game
from whaletable.core.observation import Observation
from whaletable.core.record import Record
from whaletable.core.result import InconsistentResult, Result
from whaletable.core.spec import CHANCE, TERMINAL, GameSpec, Utility
from whaletable.core.state import State

DEFAULT_MAX_STEPS = 10_000
"""The longest game the kit accepts unless told otherwise: a game that runs on is a bug."""


# --------------------------------------------------------------------- games to play


@dataclass(frozen=True)
class Setup:
    """One seeded game the kit plays: enough to replay it exactly."""

    game_id: str
    seed: int
    index: int
    num_players: int
    options: Mapping[str, Any]

    def where(self, step: int | None = None) -> str:
        """Where a failure happened, for the message."""
        at = "" if step is None else f", step {step}"
        opts = json.dumps(dict(self.options), sort_keys=True)
        return (
            f"{self.game_id}: seed {self.seed}, game {self.index} "
            f"({self.num_players} players, options {opts}){at}"
        )


def option_sets(game: Game[Any], *, seed: int = 0, mixes: int = 2) -> list[dict[str, Any]]:
    """A few option combinations: the defaults, each other choice alone, and random mixes.

    Each alternative alone shows which option breaks a game; the mixes catch
    options that only fail together.
    """
    choices = game.option_choices()
    defaults = dataclasses.asdict(game.make_options(None))
    out: list[dict[str, Any]] = [{}]
    for name, values in choices.items():
        for value in values:
            if value != defaults[name]:
                out.append({name: value})
    rng = random.Random(seed)
    for _ in range(mixes if len(choices) > 1 else 0):
        mix = {name: rng.choice(values) for name, values in choices.items()}
        if mix not in out:
            out.append(mix)
    return out


def setups(game: Game[Any], count: int | None = None, *, seed: int = 0) -> Iterator[Setup]:
    """Seeded games cycling through every player count and option set; endless without ``count``.

    Player counts change fastest, so the first ``players × option sets`` games
    cover every pairing.
    """
    spec = game.spec
    counts = list(range(spec.min_players, spec.max_players + 1))
    sets = option_sets(game, seed=seed)
    indices = range(count) if count is not None else itertools.count()
    for i in indices:
        yield Setup(
            game_id=spec.id,
            seed=seed,
            index=i,
            num_players=counts[i % len(counts)],
            options=sets[(i // len(counts)) % len(sets)],
        )


def _pairings(game: Game[Any], seed: int) -> int:
    spec = game.spec
    return (spec.max_players - spec.min_players + 1) * len(option_sets(game, seed=seed))


def _rng(setup: Setup) -> random.Random:
    return random.Random(f"{setup.game_id}/{setup.seed}/{setup.index}")


def _start(game: Game[Any], setup: Setup) -> State | None:
    """The initial state, or ``None`` when the game rejects this option set for this count."""
    try:
        state: State = game.new_state(setup.num_players, dict(setup.options))
        return state
    except BadOption:
        return None


def _starts(game: Game[Any], games: int, seed: int) -> Iterator[tuple[Setup, State]]:
    """The first ``games`` playable setups of ``seed`` with their initial states; option
    sets the game rejects at a player count are passed over, but not every one of them."""
    started = skipped = 0
    for setup in setups(game, seed=seed):
        if started >= games:
            return
        state = _start(game, setup)
        if state is None:
            skipped += 1
            if skipped >= _pairings(game, seed) and started == 0:
                raise AssertionError(f"{game.spec.id}: seed {seed}: no option set could be played")
            continue
        started += 1
        yield setup, state


def _check_node(state: State, where: str) -> None:
    """What must hold at every state, whatever the game."""
    player = state.current_player()
    n = state.num_players
    kinds = state.DECISION_KINDS
    if kinds is not None:
        why = kinds.why_inconsistent(state.decisions, player)
        if why is not None:
            raise AssertionError(
                f"{where}: decision stack {kinds.describe(state.decisions)}: {why}"
            )
    returns = state.returns()
    if len(returns) != n:
        raise AssertionError(f"{where}: returns {returns} do not have one entry per seat")
    if player == TERMINAL:
        if state.legal_actions():
            raise AssertionError(f"{where}: the game is over but there are legal actions")
        scores = state.scores()
        if len(scores) != n:
            raise AssertionError(f"{where}: scores {scores} do not have one entry per seat")
        check_final_returns(state.game.spec, returns, where)
        check_result(state, where)
        return
    if state.result() is not None:
        raise AssertionError(f"{where}: result() is not None before the end")
    if any(r != 0 for r in returns):
        raise AssertionError(
            f"{where}: returns {returns} before the end: returns are final utilities, "
            "all 0 until the game is over"
        )
    if player != CHANCE and not 0 <= player < n:
        raise AssertionError(
            f"{where}: current_player() is {player}, not a seat, CHANCE or TERMINAL"
        )
    legal = state.legal_actions()
    if not legal:
        raise AssertionError(f"{where}: no legal actions for player {player}, yet not over")
    if len(set(legal)) != len(legal):
        raise AssertionError(f"{where}: legal_actions() lists an action twice: {legal}")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if [a for a, _ in outcomes] != legal:
            raise AssertionError(f"{where}: chance outcomes differ from legal_actions()")
        total = sum(p for _, p in outcomes)
        if any(p <= 0 for _, p in outcomes) or not math.isclose(total, 1.0, abs_tol=1e-9):
            raise AssertionError(f"{where}: chance probabilities {outcomes} do not sum to 1")


def check_final_returns(spec: GameSpec, returns: Sequence[float], where: str) -> None:
    """The returns of a finished game lie in the declared range and obey the declared sum."""
    low, high = spec.min_utility, spec.max_utility
    for seat, value in enumerate(returns):
        if not (isinstance(value, int | float) and math.isfinite(value)):
            raise AssertionError(f"{where}: seat {seat}'s return {value!r} is not a number")
        if not low - _UTILITY_TOLERANCE <= value <= high + _UTILITY_TOLERANCE:
            raise AssertionError(
                f"{where}: seat {seat}'s return {value} is outside the declared utility "
                f"range [{low}, {high}]"
            )
    total = spec.total_utility
    if total is not None and not math.isclose(sum(returns), total, abs_tol=_UTILITY_TOLERANCE):
        raise AssertionError(
            f"{where}: returns {list(returns)} add up to {sum(returns)}, but the game is "
            f"declared {spec.utility.value} with total {total}"
        )
    if spec.utility is Utility.IDENTICAL and len(set(returns)) > 1:
        raise AssertionError(
            f"{where}: returns {list(returns)} differ, but the game declares them identical"
        )


def check_result(state: State, where: str) -> Result:
    """A finished game's result holds the invariants of ``State.result()`` (each seat
    once, places in order, the winners the first place or nobody and exactly the seats
    with a positive return, the scores of ``scores()``), round-trips through JSON, and is
    what every viewer's observation carries."""
    try:
        result = state.result()
    except InconsistentResult as e:
        raise AssertionError(f"{where}: the result contradicts itself or the game: {e}") from e
    if result is None:
        raise AssertionError(f"{where}: the game is over but result() is None")
    data = result.to_json()
    if Result.from_json(json.loads(json.dumps(data))) != result:
        raise AssertionError(f"{where}: the result does not round-trip through JSON: {data}")
    for seat in [None, *range(state.num_players)]:
        if state.observation(seat)["result"] != data:
            raise AssertionError(
                f"{where}: {_viewer_name(seat)}'s observation does not carry the result"
            )
    return result


def _viewer_name(seat: int | None) -> str:
    return "the spectator" if seat is None else f"seat {seat}"


_UTILITY_TOLERANCE = 1e-9
"""Returns are sums of fractions such as 1/3: equal up to rounding is equal."""


def _play(
    game: Game[Any], setup: Setup, max_steps: int, keep: bool
) -> tuple[list[State], int] | None:
    """One seeded random game; every state when ``keep``. ``None`` if the options don't fit."""
    state = _start(game, setup)
    if state is None:
        return None
    rng = _rng(setup)
    kept = [state.clone()] if keep else []
    step = 0
    while True:
        where = setup.where(step)
        try:
            _check_node(state, where)
            if state.is_terminal():
                break
            if step >= max_steps:
                raise AssertionError(f"{where}: no end after {max_steps} steps")
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
        except AssertionError:
            raise
        except Exception as e:
            raise AssertionError(f"{where}: {type(e).__name__}: {e}") from e
        step += 1
        if keep:
            kept.append(state.clone())
    return kept, step


@dataclass(frozen=True)
class PlayoutStats:
    """What a batch of random playouts did."""

    games: int
    steps: int
    longest: int
    skipped: int = 0
    """Games not played because the game rejects that option set at that player count."""


def random_playouts(
    game: Game[Any], *, games: int = 200, seed: int = 0, max_steps: int = DEFAULT_MAX_STEPS
) -> PlayoutStats:
    """``games`` seeded random games must all end, without raising, within ``max_steps``.

    At every state the returns are all 0 until the end; at the end they lie in the
    utility range the spec declares and obey its declared sum (or are identical).

    Option sets the game rejects at a player count are skipped and counted; the
    rest are played until ``games`` games have been.
    """
    played = steps = longest = skipped = 0
    for setup in setups(game, seed=seed):
        if played >= games:
            break
        result = _play(game, setup, max_steps, keep=False)
        if result is None:
            skipped += 1
            if skipped >= _pairings(game, seed) and played == 0:
                raise AssertionError(f"{game.spec.id}: seed {seed}: no option set could be played")
            continue
        played += 1
        steps += result[1]
        longest = max(longest, result[1])
    return PlayoutStats(games=played, steps=steps, longest=longest, skipped=skipped)


@dataclass(frozen=True)
class Sample:
    """A state met in a seeded random game, and where it was met."""

    state: State
    setup: Setup
    step: int

    def where(self) -> str:
        return self.setup.where(self.step)


def sample_states(
    game: Game[Any],
    count: int,
    *,
    seed: int = 0,
    per_game: int = 4,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> list[Sample]:
    """``count`` states from seeded random games, ``per_game`` from each, start and end included.

    The first and last state of a game are the easiest to get wrong, so every
    other game gives up its start and its end.
    """
    out: list[Sample] = []
    skipped = 0
    for setup in setups(game, seed=seed):
        if len(out) >= count:
            break
        result = _play(game, setup, max_steps, keep=True)
        if result is None:
            skipped += 1
            if skipped >= _pairings(game, seed) and not out:
                raise AssertionError(f"{game.spec.id}: seed {seed}: no option set could be played")
            continue
        states = result[0]
        rng = random.Random(f"sample/{setup.seed}/{setup.index}")
        picks = set(rng.sample(range(len(states)), min(per_game, len(states))))
        if setup.index % 2 == 0:
            picks |= {0, len(states) - 1}
        for step in sorted(picks):
            out.append(Sample(states[step], setup, step))
    return out[:count]


# ------------------------------------------------------------------------- snapshots


def views(state: State) -> list[Observation]:
    """The observations of the spectator and of every seat, in that order."""
    return [state.observation(None)] + [state.observation(s) for s in range(state.num_players)]


def _viewer(index: int) -> str:
    return "the spectator" if index == 0 else f"seat {index - 1}"


def _snapshot(state: State) -> tuple[Any, ...]:
    """Everything public about a state that an action could change."""
    return (views(state), list(state.history), state.current_player(), state.legal_actions())


def _first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON-like values first differ, as a path, or ``None`` if equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key} (present on one side only)"
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and type(a) is type(b):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    if type(a) is not type(b) or a != b:
        return f"{path or '(top)'}: {a!r} vs {b!r}"
    return None


def _same_views(expected: State, actual: State, where: str, what: str) -> None:
    for i, (a, b) in enumerate(zip(views(expected), views(actual), strict=True)):
        diff = _first_difference(a, b)
        if diff:
            raise AssertionError(f"{where}: {what}: observation of {_viewer(i)} differs at {diff}")


def _same_snapshot(before: tuple[Any, ...], state: State, where: str, what: str) -> None:
    after = _snapshot(state)
    names = ("observations", "history", "current_player()", "legal_actions()")
    for name, b, a in zip(names, before, after, strict=True):
        if b != a:
            diff = _first_difference(b, a) if name == "observations" else f"{b!r} -> {a!r}"
            raise AssertionError(f"{where}: {what}: {name} changed: {diff}")


def _random_moves(state: State, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------------------- checks


def check_clone_independence(samples: Sequence[Sample], *, moves: int = 8) -> int:
    """A clone equals its source and shares nothing with it: playing on one never moves the other.

    What the two show is compared, and so is what they hide: the determinizations
    of each (which read hidden fields and bookkeeping no observation shows) and
    every field of the state (its slots: plain ints, tuples and lists) must be
    those of the state rebuilt from scratch by replaying its history. From a
    game's first state the copy plays to the end rather than ``moves`` steps, and
    every legal action is also tried on a clone of its own, so a field that only
    some action changes, or only now and then (at setup, at the end of a round),
    is changed too. Returns the number of states checked.
    """
    for sample in samples:
        where = sample.where()
        try:
            _check_clone(sample.state, where, moves if sample.step else DEFAULT_MAX_STEPS)
        except AssertionError:
            raise
        except Exception as e:
            raise AssertionError(
                f"{where}: the clone check raised {type(e).__name__}: {e} (shared data?)"
            ) from e
    return len(samples)


def _check_clone(state: State, where: str, moves: int) -> None:
    rng = random.Random(where)
    rebuilt = _rebuild(state, where)
    clone = state.clone()
    if clone is state:
        raise AssertionError(f"{where}: clone() returned the state itself")
    _same_views(state, clone, where, "a fresh clone")
    before = _snapshot(state)
    if _snapshot(clone) != before:
        raise AssertionError(f"{where}: a fresh clone differs from its source")
    _play_on(clone, rng, moves, where, "a clone")
    # Every next action on a clone of its own, so a field only some action changes is hit.
    for action in state.legal_actions():
        state.clone().apply(action)
    _same_snapshot(before, state, where, "playing on a clone changed its source")
    _same_hidden(rebuilt, state, where, "playing on a clone changed its source")
    _same_fields(rebuilt, state, where, "playing on a clone changed its source")
    # And the other way round: the source plays on, a clone taken earlier stays put.
    source = state.clone()
    kept = source.clone()
    _play_on(source, rng, moves, where, "a source")
    _same_snapshot(before, kept, where, "playing on a source changed its clone")
    _same_hidden(rebuilt, kept, where, "playing on a source changed its clone")
    _same_fields(rebuilt, kept, where, "playing on a source changed its clone")


def _fields(state: State) -> dict[str, Any]:
    """A state's own data, field by field (its slots; private caches and the game left out)."""
    names = {
        name
        for cls in type(state).__mro__
        for name in getattr(cls, "__slots__", ())
        if not name.startswith("_") and name != "game"
    }
    out = {name: getattr(state, name) for name in names if hasattr(state, name)}
    out.update((k, v) for k, v in getattr(state, "__dict__", {}).items() if not k.startswith("_"))
    return out


def _same_fields(expected: State, actual: State, where: str, what: str) -> None:
    """Field by field equal: catches a shared list whose change no observation shows yet."""
    a, b = _fields(expected), _fields(actual)
    for name in sorted(set(a) | set(b)):
        if a.get(name) != b.get(name):
            raise AssertionError(
                f"{where}: {what}: its field {name!r} is no longer that of the state "
                "rebuilt from its history"
            )


def _rebuild(state: State, where: str) -> State:
    """The state replayed from the start: made of new objects only."""
    rebuilt: State = state.game.new_state(state.num_players, state.options)
    for step, action in enumerate(state.history):
        try:
            rebuilt.apply(action)
        except WhaletableError as e:
            raise AssertionError(f"{where}: the history does not replay at {step}: {e}") from e
    return rebuilt


def _play_on(state: State, rng: random.Random, moves: int, where: str, what: str) -> None:
    try:
        _random_moves(state, rng, moves)
    except Exception as e:
        raise AssertionError(
            f"{where}: playing on {what} raised {type(e).__name__}: {e} (shared data?)"
        ) from e


def _same_hidden(expected: State, actual: State, where: str, what: str) -> None:
    """Equal seeds draw equal determinizations from both: their hidden parts are equal."""
    for seat in range(expected.num_players):
        seed = f"{where}/hidden/{seat}"
        a = expected.determinize(seat, random.Random(seed))
        b = actual.determinize(seat, random.Random(seed))
        if a.history != b.history:
            raise AssertionError(
                f"{where}: {what}: its determinizations for seat {seat} have another history"
            )
        for i, (x, y) in enumerate(zip(views(a), views(b), strict=True)):
            if x != y:
                raise AssertionError(
                    f"{where}: {what}: its determinizations for seat {seat} differ in the "
                    f"observation of {_viewer(i)} at {_first_difference(x, y)}"
                )


def check_illegal_actions(samples: Sequence[Sample]) -> int:
    """Every action of the codec not in legal_actions() raises IllegalAction and changes nothing.

    Every legal action applies to a clone. Together this checks that the game's
    ``_why_illegal`` agrees with its ``_legal_actions``. Returns the number of
    actions tried. Each state is compared with its snapshot once all its illegal
    actions were tried; only if it changed are they tried again one by one, to
    name the action that changed it (a snapshot per action would cost far more
    than the actions themselves in a game with a large codec).
    """
    tried = 0
    for sample in samples:
        where, state = sample.where(), sample.state
        game = state.game
        legal = state.legal_actions()
        for action in legal:
            try:
                game.encode(action)
            except IllegalAction as e:
                raise AssertionError(f"{where}: legal action {action} is not in the codec") from e
        legal_set = set(legal)
        pristine = state.clone()
        before = _snapshot(state)
        rejected = []
        for code in range(game.num_distinct_actions):
            action = game.decode(code)
            tried += 1
            if action in legal_set:
                try:
                    state.clone().apply(action)
                except Exception as e:
                    raise AssertionError(
                        f"{where}: legal action {action} failed: {type(e).__name__}: {e}"
                    ) from e
                continue
            _reject(state, action, where)
            rejected.append(action)
        if _snapshot(state) != before:
            for action in rejected:
                probe = pristine.clone()
                _reject(probe, action, where)
                _same_snapshot(before, probe, where, f"the rejected action {action}")
            _same_snapshot(before, state, where, "the rejected actions together")
    return tried


def refusal(state: State, action: Action) -> str:
    """Why ``state`` refuses ``action``, after checking that the action is not among the legal
    ones, that ``apply`` raises IllegalAction with a reason, and that nothing changed — for a
    game's own tests of what its rules forbid."""
    if action in state.legal_actions():
        raise AssertionError(f"{action} is a legal action here")
    before = _snapshot(state)
    reason = _reject(state, action, "refusal")
    _same_snapshot(before, state, "refusal", f"the refused action {action}")
    return reason


def _reject(state: State, action: Action, where: str) -> str:
    """``action`` must raise IllegalAction with a reason, and nothing else; returns the reason."""
    try:
        state.apply(action)
    except IllegalAction as e:
        if not str(e).strip():
            raise AssertionError(f"{where}: {action} raised IllegalAction without a reason") from e
        return str(e)
    except Exception as e:
        raise AssertionError(
            f"{where}: illegal {action} raised {type(e).__name__} instead of IllegalAction: {e}"
        ) from e
    else:
        raise AssertionError(f"{where}: {action} is not in legal_actions() but apply() accepted it")


def _json_round_trip(value: Any, where: str, what: str) -> None:
    try:
        text = json.dumps(value, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as e:
        raise AssertionError(f"{where}: {what} is not JSON: {e}") from e
    diff = _first_difference(value, json.loads(text))
    if diff:
        raise AssertionError(f"{where}: {what} changes through JSON at {diff}")


def check_codec(game: Game[Any]) -> int:
    """Every action of the codec survives encode/decode and its JSON form unchanged."""
    for code in range(game.num_distinct_actions):
        action = game.decode(code)
        where = f"{game.spec.id}: action code {code} ({action})"
        if game.encode(action) != code:
            raise AssertionError(f"{where}: encodes to {game.encode(action)}")
        _check_action_json(game, action, where)
    return game.num_distinct_actions


def _check_action_json(game: Game[Any], action: Action, where: str) -> None:
    data = action.to_json()
    _json_round_trip(data, where, f"the JSON form of {action}")
    try:
        back = game.action_from_json(json.loads(json.dumps(data)))
    except WhaletableError as e:
        raise AssertionError(f"{where}: {action} does not parse back from JSON: {e}") from e
    if back != action or type(back) is not type(action):
        raise AssertionError(f"{where}: {action} comes back from JSON as {back}")


def check_records(samples: Sequence[Sample]) -> int:
    """Record -> JSON text -> Record -> replay rebuilds the state for every viewer.

    Also: every action in the history survives its JSON form and the integer
    codec, and every observation is JSON that round-trips unchanged. Returns the
    number of states replayed.
    """
    for sample in samples:
        where, state = sample.where(), sample.state
        game = state.game
        for i, view in enumerate(views(state)):
            _json_round_trip(view, where, f"the observation of {_viewer(i)}")
        for i, action in enumerate(state.history):
            at = f"{where}, history[{i}]"
            if game.decode(game.encode(action)) != action:
                raise AssertionError(f"{at}: {action} does not survive encode/decode")
            _check_action_json(game, action, at)
        record = Record.of(state)
        text = record.dumps()
        try:
            loaded = Record.loads(text)
            replayed = loaded.replay()
        except WhaletableError as e:
            raise AssertionError(f"{where}: the record does not load and replay: {e}") from e
        if loaded.to_json() != record.to_json():
            raise AssertionError(f"{where}: the record changes through its JSON text")
        _same_views(state, replayed, where, "the replayed record")
        if replayed.history != state.history:
            raise AssertionError(f"{where}: the replayed record has a different history")
        if replayed.current_player() != state.current_player():
            raise AssertionError(f"{where}: the replayed record has another player to move")
        if replayed.legal_actions() != state.legal_actions():
            raise AssertionError(f"{where}: the replayed record has other legal actions")
    return len(samples)


def _private_difference(a: Any, seat_a: int, b: Any, seat_b: int) -> bool:
    """Whether two seats' observations differ in more than naming their own seat.

    Such a difference means one seat knows something the other does not: hidden
    information that a determinization must be free to redraw.
    """
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return True
        return any(_private_difference(a[k], seat_a, b[k], seat_b) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return True
        return any(_private_difference(x, seat_a, y, seat_b) for x, y in zip(a, b, strict=True))
    if a == b and type(a) is type(b):
        return False
    return not (a == seat_a and b == seat_b and type(a) is int and type(b) is int)


def check_no_leaks(
    samples: Sequence[Sample], *, rngs: int = 3, replays: int = 1, variation_tries: int = 24
) -> int:
    """What a seat sees of a state it also sees of every determinization for that seat.

    For every sample and seat: the seat's and the spectator's observations, the
    player to move (and, on the seat's own turn, its legal actions) are the same
    in ``rngs`` determinizations; each determinization's history replays to a
    state every viewer sees exactly as the determinization; the source is left
    untouched. Where another seat knows something this seat does not, some
    determinization must differ from the truth. Returns the number of
    determinizations checked.
    """
    checked = 0
    for sample in samples:
        where, state = sample.where(), sample.state
        game = state.game
        truth = views(state)
        before = _snapshot(state)
        player = state.current_player()
        for seat in range(state.num_players):
            here = f"{where}, seat {seat}"
            for k in range(rngs):
                sampled = state.determinize(seat, random.Random(f"{here}/{k}"))
                checked += 1
                if sampled is state:
                    raise AssertionError(f"{here}: determinize returned the state itself")
                seen = views(sampled)
                for i in (0, seat + 1):
                    diff = _first_difference(truth[i], seen[i])
                    if diff:
                        raise AssertionError(
                            f"{here}: leak: the observation of {_viewer(i)} differs in a "
                            f"determinization for seat {seat} at {diff}"
                        )
                if sampled.current_player() != player:
                    raise AssertionError(f"{here}: a determinization has another player to move")
                if len(sampled.history) != len(state.history):
                    raise AssertionError(
                        f"{here}: a determinization has a history of another length"
                    )
                if player == seat and sampled.legal_actions() != state.legal_actions():
                    raise AssertionError(
                        f"{here}: on its own turn the seat's legal actions differ in a "
                        "determinization, so they depend on what it cannot know"
                    )
                if k < replays:
                    rebuilt = game.new_state(state.num_players, state.options)
                    for step, action in enumerate(sampled.history):
                        try:
                            rebuilt.apply(action)
                        except WhaletableError as e:
                            raise AssertionError(
                                f"{here}: a determinization's history does not replay at "
                                f"action {step} ({action}): {e}"
                            ) from e
                    _same_views(sampled, rebuilt, here, "the replayed determinization history")
            _same_snapshot(before, state, here, "determinize changed its source")
        _check_variation(state, truth, where, variation_tries)
    return checked


def _check_variation(state: State, truth: list[Observation], where: str, tries: int) -> None:
    """Where two seats know different things, determinizing for one of them must redraw.

    If seat ``s`` knows something ``t`` does not, determinizations for ``t`` can
    change what ``s`` sees; so for every pair of seats whose observations differ
    in more than their own seat number, one of the two must vary.
    """
    varies: dict[int, bool] = {}

    def vary(seat: int) -> bool:
        if seat not in varies:
            varies[seat] = any(
                views(state.determinize(seat, random.Random(f"{where}/vary {seat}/{k}"))) != truth
                for k in range(tries)
            )
        return varies[seat]

    for s, t in itertools.combinations(range(state.num_players), 2):
        if not _private_difference(truth[s + 1], s, truth[t + 1], t):
            continue
        if not (vary(s) or vary(t)):
            raise AssertionError(
                f"{where}: seats {s} and {t} know different things, yet {tries} "
                "determinizations for each reproduce the true state exactly"
            )


def check_spectator_privacy(samples: Sequence[Sample], *, rngs: int = 3) -> int:
    """The spectator's view never changes when the hidden part of a state is redrawn.

    A spectator knows only what is public, less than any seat, so redrawing what
    any one seat cannot know (a determinization for that seat) must leave the
    spectator's view as it was. The seats are redrawn for one after another, in a
    random order, so each sample tries many combinations of hidden values at once.
    Returns the number of redraws checked.
    """
    checked = 0
    for sample in samples:
        where, state = sample.where(), sample.state
        truth = state.observation(None)
        for k in range(rngs):
            rng = random.Random(f"{where}/spectator/{k}")
            order = list(range(state.num_players))
            rng.shuffle(order)
            redrawn = state
            for done, seat in enumerate(order):
                redrawn = redrawn.determinize(seat, rng)
                checked += 1
                seen = redrawn.observation(None)
                diff = _first_difference(truth, seen) if seen != truth else None
                if diff:
                    also = f" after seats {order[:done]}" if done else ""
                    raise AssertionError(
                        f"{where}: leak to the spectator: its view changes when the hidden "
                        f"part is redrawn for seat {seat}{also}, at {diff}"
                    )
    return checked


# ---------------------------------------------------------------------------- events


def _events_by_viewer(state: State) -> list[list[tuple[int, Any]]]:
    """The events of ``state``'s history as each seat, then the spectator, may know them."""
    replay = state.game.new_state(state.num_players, state.options, events=True)
    for action in state.history:
        replay.apply(action)
    return [replay.events(seat) for seat in [*range(state.num_players), None]]


def check_events(samples: Sequence[Sample], *, rngs: int = 2) -> int:
    """Events say nothing a viewer may not know, and say it as JSON.

    Every event a state emits is of a kind its game declares (``event_types``) and
    survives JSON. A seat cannot tell its determinizations from the truth, so the
    events it sees, and the spectator sees, must be the same in every one of them:
    an event that differs carries a hidden value its ``seen_by`` failed to blank.
    Returns the number of redrawn histories compared.
    """
    checked = 0
    for sample in samples:
        where, state = sample.where(), sample.state
        declared = tuple(state.game.event_types)
        truth = _events_by_viewer(state)
        for step, event in truth[-1] + [e for seat in truth[:-1] for e in seat]:
            if not isinstance(event, declared):
                raise AssertionError(
                    f"{where}: step {step} emits {event}, a kind the game does not declare "
                    "in its event_types"
                )
            _json_round_trip(event.to_json(), where, f"event {event} of step {step}")
        for k in range(rngs):
            rng = random.Random(f"{where}/events/{k}")
            for seat in range(state.num_players):
                sample_state = state.determinize(seat, rng)
                seen = _events_by_viewer(sample_state)
                checked += 1
                for viewer, label in ((seat, f"seat {seat}"), (-1, "the spectator")):
                    if seen[viewer] != truth[viewer]:
                        diff = _first_difference(
                            [e.to_json() for _, e in truth[viewer]],
                            [e.to_json() for _, e in seen[viewer]],
                        )
                        raise AssertionError(
                            f"{where}: leak through events: what {label} is told changes "
                            f"when seat {seat}'s unknowns are redrawn, at {diff}"
                        )
    return checked


# ------------------------------------------------------------------------------ undo


@dataclass(frozen=True)
class UndoStats:
    """What :func:`check_undo` covered."""

    games: int
    undone: int
    """Decisions taken back and compared with the state before them."""
    refused: int
    """Actions after which undo was (rightly) refused."""
    reveal_probes: int
    """Determinizations played on to see whether an undoable decision revealed anything."""


def _undo_barrier(actor: int, action: Action, state: State) -> str | None:
    """Why the policy forbids taking ``action`` back from ``state`` (BGA's), or None."""
    if actor == CHANCE:
        return "a chance outcome"
    now = state.current_player()
    if now != actor:
        to = {CHANCE: "chance", TERMINAL: "the end of the game"}.get(now, f"seat {now}")
        return f"the turn passed from seat {actor} to {to}"
    if state._is_barrier(action):
        return "an action the game marks as a reveal"
    return None


def check_undo(
    game: Game[Any],
    *,
    games: int = 12,
    seed: int = 0,
    max_steps: int = DEFAULT_MAX_STEPS,
    reveal_tries: int = 1,
) -> UndoStats:
    """Undo takes back exactly one decision, and only where the policy allows it.

    After every step of ``games`` seeded random games: after a chance outcome, a
    step that hands the turn on, or an action the game marks as a barrier,
    ``can_undo()`` is False and ``undo()`` raises IllegalAction and changes nothing.
    After any other decision ``undo()`` gives back the state before it: the same
    observation for every viewer, history, player to move, legal actions and
    further undo. Such a decision must reveal nothing: played from
    ``reveal_tries`` determinizations of the state before it for each seat, it
    must show that seat and the spectator what it shows them in truth (else the
    game must mark it as a barrier).
    """
    played = undone = refused = probes = 0
    for setup, state in _starts(game, games, seed):
        played += 1
        rng = _rng(setup)
        step = 0
        while not state.is_terminal():
            if step >= max_steps:
                raise AssertionError(f"{setup.where(step)}: no end after {max_steps} steps")
            before = state.clone()
            actor = state.current_player()
            if actor == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
            step += 1
            where = f"{setup.where(step)} ({action})"
            try:
                barrier = _undo_barrier(actor, action, state)
                if barrier is not None:
                    _check_undo_refused(state, where, barrier)
                    refused += 1
                    continue
                probes += _check_reveals(before, action, state, where, reveal_tries)
                _check_undo_restores(before, state, where)
                undone += 1
            except AssertionError:
                raise
            except Exception as e:
                raise AssertionError(f"{where}: {type(e).__name__}: {e}") from e
    return UndoStats(games=played, undone=undone, refused=refused, reveal_probes=probes)


def _check_undo_refused(state: State, where: str, barrier: str) -> None:
    if state.can_undo():
        raise AssertionError(f"{where}: undo is offered across {barrier}")
    # The history and the player to move stand for the state here: a refusal that
    # changed anything else would have to rewrite the state without replaying it.
    history, player = list(state.history), state.current_player()
    try:
        state.undo()
    except IllegalAction as e:
        if not str(e).strip():
            raise AssertionError(f"{where}: undo was refused without a reason") from e
    except Exception as e:
        raise AssertionError(
            f"{where}: undo across {barrier} raised {type(e).__name__} instead of "
            f"IllegalAction: {e}"
        ) from e
    else:
        raise AssertionError(f"{where}: undo() went across {barrier}")
    if state.history != history or state.current_player() != player:
        raise AssertionError(f"{where}: a refused undo changed the state")


def _check_undo_restores(before: State, state: State, where: str) -> None:
    if not state.can_undo():
        raise AssertionError(
            f"{where}: undo is refused for the seat's own decision within its turn "
            "(no chance outcome, reveal or other seat came between)"
        )
    history = list(state.history)
    try:
        back = state.undo()
    except Exception as e:
        raise AssertionError(f"{where}: undo failed: {type(e).__name__}: {e}") from e
    if back is state:
        raise AssertionError(f"{where}: undo() returned the state itself, not the earlier one")
    _same_snapshot(_snapshot(before), back, where, "undo did not restore the earlier state")
    if back.can_undo() != before.can_undo():
        raise AssertionError(
            f"{where}: after undo, can_undo() is {back.can_undo()} where the earlier state "
            f"said {before.can_undo()}"
        )
    if state.history != history:
        raise AssertionError(f"{where}: undo changed the history of the state it was taken from")


def _check_reveals(before: State, action: Action, state: State, where: str, tries: int) -> int:
    """An undoable decision shows no viewer what it could not know before it.

    From a determinization of the earlier state for a seat, the same decision must
    leave that seat and the spectator seeing what they see in truth: if their
    view depends on what was redrawn, the decision revealed it.
    """
    probes = 0
    truth = views(state)
    for seat in range(state.num_players):
        for k in range(tries):
            sampled = before.determinize(seat, random.Random(f"{where}/reveal {seat}/{k}"))
            if sampled._why_illegal(action) is not None:
                continue  # the redrawn state does not allow it: nothing to compare
            sampled.apply(action)
            probes += 1
            for i in (0, seat + 1):
                seen = sampled.observation(None if i == 0 else seat)
                diff = _first_difference(truth[i], seen) if seen != truth[i] else None
                if diff:
                    raise AssertionError(
                        f"{where}: the decision reveals hidden information to {_viewer(i)} "
                        f"(its view after it depends on what seat {seat} cannot know, at "
                        f"{diff}), yet undo may take it back: the game must mark it as a "
                        "barrier"
                    )
    return probes


# ------------------------------------------------------------------ golden transcripts


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def changes(old: Any, new: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """What changed from ``old`` to ``new`` (JSON-like), as ``(path, new value)`` pairs.

    Dicts and equal-length lists are followed key by key; anything else that differs
    is given whole. A key that disappeared is reported with the value ``"<gone>"``.

    >>> list(changes({"a": [1, 2], "b": 0}, {"a": [1, 3], "b": 0, "c": True}))
    [('a.1', 3), ('c', True)]
    """
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in new:
                yield where, "<gone>"
            elif key not in old:
                yield where, new[key]
            else:
                yield from changes(old[key], new[key], where)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            yield from changes(a, b, f"{path}.{i}" if path else str(i))
    elif old != new or type(old) is not type(new):
        yield path, new


def transcript(
    game: Game[Any],
    num_players: int,
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> str:
    """A seeded game between random seats, written out step by step.

    Chance draws from ``seed``; seat ``s`` chooses with its own generator, so a
    change in one seat's legal actions shows up at that seat's next decision.
    Every viewer's observation is written whole at the start, then after each step
    only what changed in it (one ``path = value`` per change), so a transcript stays
    small and a change in what someone sees is one readable line in a diff.
    """
    opts = dict(options or {})
    state = game.new_state(num_players, opts)
    chance = random.Random(seed)
    seats = [random.Random(f"{seed}/seat {s}") for s in range(num_players)]
    lines = [
        f"# {game.spec.id} version {game.spec.version}",
        f"# players {num_players} seed {seed} options {_compact(opts)}",
        "step 0 start",
    ]

    seen: list[Any] = []

    def write_views() -> None:
        current = views(state)
        for i, view in enumerate(current):
            if not seen:
                lines.append(f"  {_viewer(i)} {_compact(view)}")
                continue
            for path, value in changes(seen[i], view):
                lines.append(f"  {_viewer(i)} {path} = {_compact(value)}")
        seen[:] = current

    write_views()
    step = 0
    while not state.is_terminal():
        if step >= max_steps:
            raise AssertionError(f"{game.spec.id}: seed {seed}: no end after {max_steps} steps")
        player = state.current_player()
        legal = state.legal_actions()
        if player == CHANCE:
            actor, action = "chance", state.sample_chance(chance)
        else:
            actor, action = f"seat {player}", seats[player].choice(legal)
        state.apply(action)
        step += 1
        lines.append(f"step {step} {actor} legal {len(legal)} {_compact(action.to_json())}")
        write_views()
    lines.append(f"end scores {_compact(state.scores())} returns {_compact(state.returns())}")
    return "\n".join(lines) + "\n"


def compare_transcript(
    expected: str, actual: str, *, name: str = "transcript", hint: str = ""
) -> None:
    """Raise naming the first line where ``actual`` differs from the stored ``expected``.

    Long lines are cut to a window around the first differing column, so the
    change itself is on screen.
    """
    old, new = expected.splitlines(), actual.splitlines()
    for number, (a, b) in enumerate(itertools.zip_longest(old, new), start=1):
        if a == b:
            continue
        column = 0 if a is None or b is None else _first_text_difference(a, b)
        where = f" at column {column + 1}" if a is not None and b is not None else ""
        raise AssertionError(
            f"{name}: line {number} differs{where}\n"
            f"  stored:      {_clip(a, column)}\n"
            f"  regenerated: {_clip(b, column)}" + (f"\n{hint}" if hint else "")
        )


def _first_text_difference(a: str, b: str) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


def _clip(line: str | None, column: int, width: int = 160) -> str:
    if line is None:
        return "(no such line)"
    if len(line) <= width:
        return line
    start = max(0, column - width // 2)
    head = "..." if start > 0 else ""
    tail = "..." if start + width < len(line) else ""
    return head + line[start : start + width] + tail


# ------------------------------------------------------------------------ everything


def run_all(
    game: Game[Any],
    *,
    playouts: int = 200,
    samples: int = 100,
    seed: int = 0,
    max_steps: int = DEFAULT_MAX_STEPS,
    undo_games: int = 12,
) -> dict[str, int]:
    """Every check of the kit on one game; returns how much each one covered.

    Golden transcripts are not among them: a transcript is only worth comparing
    with one stored in a file (``tests/golden/``), never with one made in the same run.
    """
    stats = random_playouts(game, games=playouts, seed=seed, max_steps=max_steps)
    picked = sample_states(game, samples, seed=seed, max_steps=max_steps)
    result = {
        "games": stats.games,
        "steps": stats.steps,
        "codes": check_codec(game),
        "clones": check_clone_independence(picked),
        "illegal_tries": check_illegal_actions(picked),
        "records": check_records(picked),
        "determinizations": check_no_leaks(picked),
        "spectator_redraws": check_spectator_privacy(picked),
        "event_redraws": check_events(picked),
    }
    undo = check_undo(game, games=undo_games, seed=seed, max_steps=max_steps)
    result["undone"] = undo.undone
    result["undo_refused"] = undo.refused
    # The integer API and, where the game declares one, the observation tensor.
    coded = check_integer_api(game, games=min(playouts, 2), seed=seed, max_steps=max_steps)
    result["coded_games"] = coded.games
    if game.tensor is not None:
        result["tensor_views"] = check_observation_tensors(picked, rngs=1)
    result["advice_views"] = check_advice(picked, rngs=1)
    result["observations"] = check_observations(picked)
    result["scenes"] = check_scenes(picked)
    return result


# ------------------------------------------------------------------ the integer API


@dataclass(frozen=True)
class IntegerApiStats:
    """What :func:`check_integer_api` covered."""

    games: int
    decisions: int
    chance_nodes: int
    longest_decisions: int
    most_chance_nodes: int


VIEW_EVERY = 7
"""check_integer_api compares apply_code's state with apply's at every this many steps."""


def _check_codes_here(state: State, where: str) -> None:
    """The codes, the mask and the chance codes of one state agree with its actions."""
    game = state.game
    codes = state.legal_action_codes()
    mask = state.legal_action_mask()
    if codes != sorted(set(codes)):
        raise AssertionError(f"{where}: legal codes not ascending and distinct: {codes}")
    if state.is_terminal():
        if codes or any(mask) or len(mask) != game.num_player_actions:
            raise AssertionError(f"{where}: a finished game still has legal codes")
        return
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        pairs = state.chance_outcome_codes()
        if [(game.chance_outcome(c), p) for c, p in pairs] != outcomes:
            raise AssertionError(f"{where}: chance codes {pairs} do not decode to {outcomes}")
        expected = sorted(c for c, _ in pairs)
        size = game.num_chance_outcomes
    else:
        actions = state.legal_actions()
        for action in actions:
            if game.is_chance_action(action):
                raise AssertionError(f"{where}: {action} is a chance type, offered to a seat")
        expected = sorted(game.player_code(a) for a in actions)
        if [game.player_action(c) for c in expected] != sorted(actions, key=game.player_code):
            raise AssertionError(f"{where}: player codes do not decode to the legal actions")
        size = game.num_player_actions
    if codes != expected:
        raise AssertionError(f"{where}: legal codes {codes}, the actions say {expected}")
    if len(mask) != size or [i for i, legal in enumerate(mask) if legal] != codes:
        raise AssertionError(f"{where}: the mask (length {len(mask)}) disagrees with {codes}")


def check_integer_api(
    game: Game[Any], *, games: int = 20, seed: int = 0, max_steps: int = DEFAULT_MAX_STEPS
) -> IntegerApiStats:
    """Seeded random games played through codes alone, checked against the object API.

    At every state the legal codes are the legal actions' codes, ascending, in the space
    of the node (player or chance), and the mask marks exactly them; ``apply_code`` of a
    code leaves the state ``apply`` of its action leaves; no game takes more decisions
    than ``game.max_game_length`` or chance nodes than ``game.max_chance_nodes``.
    """
    played = decisions = chances = longest = most_chance = 0
    for setup, state in _starts(game, games, seed):
        rng = _rng(setup)
        limit = game.max_game_length(setup.num_players, state.options)
        chance_limit = game.max_chance_nodes(setup.num_players, state.options)
        own = node_chances = step = 0
        while True:
            where = setup.where(step)
            _check_codes_here(state, where)
            if state.is_terminal():
                break
            if step >= max_steps:
                raise AssertionError(f"{where}: no end after {max_steps} steps")
            if state.is_chance_node():
                pairs = state.chance_outcome_codes()
                pick = rng.random()
                code = pairs[-1][0]
                for c, p in pairs:
                    pick -= p
                    if pick < 0:
                        code = c
                        break
                action = game.chance_outcome(code)
                node_chances += 1
            else:
                code = rng.choice(state.legal_action_codes())
                action = game.player_action(code)
                own += 1
            # Views are costly to compare: every few steps, and the history at every one.
            twin = state.clone() if step % VIEW_EVERY == 0 else None
            if twin is not None:
                twin.apply(action)
            state.apply_code(code)
            if state.history[-1] != action:
                raise AssertionError(f"{where}: apply_code({code}) applied {state.history[-1]}")
            if twin is not None:
                # apply_code's fast path repeats apply's bookkeeping: any drift shows here.
                _same_views(twin, state, where, f"apply_code({code})")
                if twin.can_undo() != state.can_undo():
                    raise AssertionError(f"{where}: apply_code({code}) and apply disagree on undo")
            if own > limit:
                raise AssertionError(f"{where}: more than max_game_length={limit} decisions")
            if node_chances > chance_limit:
                raise AssertionError(f"{where}: more than max_chance_nodes={chance_limit}")
            step += 1
        played += 1
        decisions += own
        chances += node_chances
        longest = max(longest, own)
        most_chance = max(most_chance, node_chances)
    return IntegerApiStats(played, decisions, chances, longest, most_chance)


# ------------------------------------------------------------ observations for learning


def check_observation_tensors(samples: Sequence[Sample], *, rngs: int = 2) -> int:
    """Every seat's tensor has its layout's shape, float32 and finite values, and the
    seat's tensor and information state are the same in every determinization for it
    (a seat cannot tell those states apart, so neither may its tensor).

    The information state has perfect recall, so a determinization's string is built by
    replaying its own history: its past must be the seat's past too. That replay costs
    a whole game, so the string is compared in the first determinization of each seat
    and the tensor in all ``rngs``.

    Returns the number of (state, seat) pairs checked.
    """
    import numpy as np  # the kit runs without numpy for games that declare no tensor

    checked = 0
    for sample in samples:
        state, where = sample.state, sample.where()
        game = state.game
        layout = game.observation_layout(state.num_players, state.options)
        for seat in range(state.num_players):
            tensor = state.observation_tensor(seat)
            if tensor.dtype != np.float32 or tensor.shape != layout.shape:
                raise AssertionError(
                    f"{where}: seat {seat}'s tensor is {tensor.dtype}{tensor.shape}, "
                    f"the layout says float32{layout.shape}"
                )
            if not np.isfinite(tensor).all():
                raise AssertionError(f"{where}: seat {seat}'s tensor holds a non-finite value")
            text = state.information_state_string(seat)
            for r in range(rngs):
                rng = random.Random(f"tensor/{sample.setup.seed}/{sample.step}/{seat}/{r}")
                twin = state.determinize(seat, rng)
                other = twin.observation_tensor(seat)
                if not np.array_equal(other, tensor):
                    changed = [
                        f.name
                        for f in layout.fields
                        if not np.array_equal(
                            layout.view(other, f.name), layout.view(tensor, f.name)
                        )
                    ]
                    raise AssertionError(
                        f"{where}: seat {seat}'s tensor changes in a determinization "
                        f"(fields {changed}): it shows something the seat cannot know"
                    )
                if r == 0 and twin.information_state_string(seat) != text:
                    raise AssertionError(
                        f"{where}: seat {seat}'s information state changes in a determinization"
                    )
            checked += 1
    return checked


# ------------------------------------------------------------------------------ advice


def check_advisor_signature(advisor: Any) -> None:
    """An advisor takes the seat's observation and legal actions, never a state: its
    parameters are exactly :data:`advice.ADVISOR_PARAMETERS`, none of them a State."""
    import inspect
    import typing

    from whaletable.core.advice import ADVISOR_PARAMETERS

    names = tuple(inspect.signature(advisor).parameters)
    if names != ADVISOR_PARAMETERS:
        raise AssertionError(
            f"advisor {advisor!r} takes {names}, not {ADVISOR_PARAMETERS}: "
            "it must be handed only what the seat sees"
        )
    hints = typing.get_type_hints(advisor)
    for name, hint in hints.items():
        if isinstance(hint, type) and issubclass(hint, State):
            raise AssertionError(f"advisor {advisor!r}: parameter {name!r} is a State")


def _advice_of(advisor: Any, state: State, seat: int, seed: int) -> dict[str, Any]:
    legal = state.legal_actions() if state.current_player() == seat else []
    advice = advisor(
        state.game, state.options, seat, state.observation(seat), legal, seed, ADVICE_BUDGET
    )
    return dict(advice.to_json(), _advice=advice)


ADVICE_BUDGET = 60
"""Samples the kit grants an advisor: the check compares answers, not their precision."""


def check_advice(samples: Sequence[Sample], *, rngs: int = 2, advisor: Any = None) -> int:
    """The game's advisor reads only what the seat sees, and its figures are sound.

    For every sampled state and seat, the advice (same seed) is the same in every
    determinization for that seat — the seat cannot tell those states apart, so
    neither may its advice — and its signature takes no state. Every figure is finite,
    every probability lies in [0, 1], and every promised distribution adds up to 1.
    ``advisor`` overrides the registered one (for the kit's own tests). Returns the
    number of (state, seat) pairs checked; 0 for a game that registers no advisor.
    """
    from whaletable.core.advice import advisor_of, check_figures

    checked = 0
    for sample in samples:
        state, where = sample.state, sample.where()
        found = advisor if advisor is not None else advisor_of(state.game.spec.id)
        if found is None:
            return 0
        check_advisor_signature(found)
        if state.is_terminal():
            continue
        for seat in range(state.num_players):
            seed = sample.step * 31 + seat
            truth = _advice_of(found, state, seat, seed)
            try:
                check_figures(truth.pop("_advice"))
            except ValueError as err:
                raise AssertionError(f"{where}: seat {seat}'s advice: {err}") from None
            _json_round_trip(truth, where, f"seat {seat}'s advice")
            for r in range(rngs):
                rng = random.Random(f"advice/{sample.setup.seed}/{sample.step}/{seat}/{r}")
                twin = state.determinize(seat, rng)
                other = _advice_of(found, twin, seat, seed)
                other.pop("_advice")
                if other != truth:
                    diff = _first_difference(truth, other)
                    raise AssertionError(
                        f"{where}: leak through advice: seat {seat}'s advice changes in a "
                        f"determinization, at {diff}: it reads what the seat cannot see"
                    )
            checked += 1
    return checked


__all__ = [
    "ADVICE_BUDGET",
    "DEFAULT_MAX_STEPS",
    "IntegerApiStats",
    "PlayoutStats",
    "Sample",
    "Setup",
    "UndoStats",
    "changes",
    "check_advice",
    "check_advisor_signature",
    "check_clone_independence",
    "check_codec",
    "check_events",
    "check_final_returns",
    "check_illegal_actions",
    "check_integer_api",
    "check_no_leaks",
    "check_observation_tensors",
    "check_records",
    "check_spectator_privacy",
    "check_undo",
    "compare_transcript",
    "option_sets",
    "random_playouts",
    "refusal",
    "run_all",
    "sample_states",
    "setups",
    "transcript",
    "views",
]


# ------------------------------------------------------------ observations and scenes


def check_observations(samples: Sequence[Sample]) -> int:
    """Every viewer's observation has the core fields (:class:`Observation`) with values of
    their kind, and, where the game declares its observation type, exactly the fields the
    type declares: a field a view reads is a field the rules give. Returns the views checked.
    """
    from whaletable.core.observation import CORE_FIELDS, declared_fields

    checked = 0
    for sample in samples:
        state = sample.state
        declared = state.game.observation_type
        wanted = declared_fields(declared) if declared is not None else None
        for index, obs in enumerate(views(state)):
            where = f"{sample.where()}, {_viewer(index)}"
            missing = [f for f in CORE_FIELDS if f not in obs]
            if missing:
                raise AssertionError(f"{where}: the observation lacks the core fields {missing}")
            if obs["seat"] != (None if index == 0 else index - 1):
                raise AssertionError(f"{where}: the observation says seat {obs['seat']!r}")
            if obs["game"] != state.game.spec.id or obs["num_players"] != state.num_players:
                raise AssertionError(f"{where}: game or num_players do not match the state")
            player = state.current_player()
            if obs["to_move"] != (player if player >= 0 else None):
                raise AssertionError(
                    f"{where}: to_move is {obs['to_move']!r}, current_player() {player}"
                )
            if not isinstance(obs["phase"], str):
                raise AssertionError(f"{where}: phase {obs['phase']!r} is not a name")
            scores = obs["scores"]
            if scores is not None and (
                len(scores) != state.num_players
                or not all(isinstance(s, int | float) for s in scores)
            ):
                raise AssertionError(f"{where}: scores {scores!r} are not one number per seat")
            if declared is not None and wanted is not None and set(obs) != wanted:
                raise AssertionError(
                    f"{where}: the observation's fields differ from "
                    f"{declared.__name__}: undeclared {sorted(set(obs) - wanted)}, "
                    f"missing {sorted(wanted - set(obs))}"
                )
            checked += 1
    return checked


def check_scenes(samples: Sequence[Sample], *, languages: Sequence[str] = ("en",)) -> int:
    """Where the game has a ``view`` module, every viewer's scene, made with the last
    step's events as that viewer knows them, is sound (:func:`whaletable.core.view.check_scene`):
    every legal action can be chosen on it, once, and it highlights only what it shows.
    Returns the scenes checked (0 for a game without a view)."""
    from whaletable.core.view import check_scene, scene_maker
    from whaletable.i18n import translator

    if not samples:
        return 0
    scene = scene_maker(samples[0].state.game)
    if scene is None:
        return 0
    checked = 0
    for sample in samples:
        state = sample.state
        names = [f"P{s + 1}" for s in range(state.num_players)]
        # The scene is drawn with the last step's events as each viewer knows them (what
        # it highlights), as the web table and the terminal draw it.
        replay = state.game.new_state(state.num_players, state.options, events=True)
        for action in state.history:
            replay.apply(action)
        last = len(state.history) - 1
        for lang in languages:
            tr = translator(lang)
            for index, obs in enumerate(views(state)):
                seat = None if index == 0 else index - 1
                mover = seat is not None and state.current_player() == seat
                legal = state.legal_actions() if mover else []
                events = replay.step_events(seat, last) if last >= 0 else []
                where = f"{sample.where()}, {_viewer(index)}, {lang}"
                check_scene(scene(obs, legal, names, tr, events=events), legal, where)
                checked += 1
    return checked
