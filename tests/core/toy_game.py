"""Secret Steps: a tiny two-seat game that exercises every corner of the core API.

Chance deals each seat a secret value (0–2) that only it sees. On a turn a seat
takes one or two steps (1 or 2 squares each), may peek once per game at the
other seat's secret (a reveal, so a barrier to undo), and passes. After the
second seat passes, a die (1–3) is rolled for the tide. Points are squares
walked plus one's own secret; the higher total wins.

It registers nowhere: tests that need the registry register it under
:data:`TOY_ID` for their own duration.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal, Self

import pytest

from whaletable.core import CHANCE, TERMINAL, Action, Game, GameSpec, State, Utility, registry
from whaletable.core.event import Event
from whaletable.core.result import Ranking, Result, Standing, rank

TOY_ID = "secret-steps-test-only"
SECRETS = (0, 1, 2)
PIPS = (1, 2, 3)
STEP_SIZES = (1, 2, 3)  # 3 is in the codec but never legal, so the codec has illegal steps
MAX_STEPS_PER_TURN = 2


@dataclass(frozen=True, slots=True)
class Deal(Action):
    kind: ClassVar[str] = "deal"
    value: int


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    pips: int


@dataclass(frozen=True, slots=True)
class Step(Action):
    kind: ClassVar[str] = "step"
    size: int


@dataclass(frozen=True, slots=True)
class Peek(Action):
    kind: ClassVar[str] = "peek"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A secret was dealt: the seat learns it, the others only that it happened."""

    kind: ClassVar[str] = "dealt"
    seat: int
    value: int | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, value=None)


@dataclass(frozen=True, slots=True)
class Walked(Event):
    kind: ClassVar[str] = "walked"
    seat: int
    squares: int


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    """A seat looked at the other's secret: only it learns the value."""

    kind: ClassVar[str] = "peeked"
    seat: int
    value: int | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, value=None)


@dataclass(frozen=True, slots=True)
class TideRose(Event):
    kind: ClassVar[str] = "tide_rose"
    pips: int


@dataclass(frozen=True, slots=True)
class SecretsShown(Event):
    """The end: every secret is public."""

    kind: ClassVar[str] = "secrets_shown"
    secrets: tuple[int, ...]


@dataclass(frozen=True)
class ToyOptions:
    rounds: Literal[1, 2] = 2
    peeking: bool = True
    label: str = "toy"
    limit: int | None = None


class ToyState(State):
    __slots__ = ("peeked", "round", "secrets", "steps_taken", "tide", "to_move", "tracks")

    def __init__(self, game: ToyGame, num_players: int, options: ToyOptions) -> None:
        super().__init__(game, num_players, options)
        self.secrets = [-1, -1]
        self.tracks = [0, 0]
        self.peeked = [False, False]
        self.round = 1
        self.to_move = CHANCE
        self.steps_taken = 0
        self.tide = 0

    def current_player(self) -> int:
        return self.to_move

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if -1 in self.secrets:
            return [(Deal(v), 1 / len(SECRETS)) for v in SECRETS]
        return [(Roll(p), 1 / len(PIPS)) for p in PIPS]

    def _legal_actions(self) -> list[Action]:
        if self.to_move == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        out: list[Action] = []
        if self.steps_taken < MAX_STEPS_PER_TURN:
            out += [Step(1), Step(2)]
        if self.options.peeking and not self.peeked[self.to_move]:
            out.append(Peek())
        if self.steps_taken > 0:
            out.append(Pass())
        return out

    def _why_illegal(self, action: Action) -> str | None:
        if self.to_move == CHANCE:
            if action in [a for a, _ in self._chance_outcomes()]:
                return None
            return "chance decides now"
        if isinstance(action, Step):
            if action.size not in (1, 2):
                return "a step is 1 or 2 squares"
            if self.steps_taken >= MAX_STEPS_PER_TURN:
                return "two steps a turn at most"
            return None
        if isinstance(action, Peek):
            if not self.options.peeking:
                return "peeking is off"
            if self.peeked[self.to_move]:
                return "you have peeked already"
            return None
        if isinstance(action, Pass):
            return None if self.steps_taken > 0 else "take a step before passing"
        return "that is chance's to decide"

    def _apply(self, action: Action) -> None:
        if isinstance(action, Deal):
            seat = self.secrets.index(-1)
            self.secrets[seat] = action.value
            self._emit(Dealt, seat, action.value)
            if -1 not in self.secrets:
                self.to_move = 0
        elif isinstance(action, Roll):
            self.tide += action.pips
            self._emit(TideRose, action.pips)
            if self.round == self.options.rounds:
                self.to_move = TERMINAL
                self._emit(SecretsShown, tuple(self.secrets))
            else:
                self.round += 1
                self.to_move = 0
        elif isinstance(action, Step):
            self.tracks[self.to_move] += action.size
            self.steps_taken += 1
            self._emit(Walked, self.to_move, action.size)
        elif isinstance(action, Peek):
            self.peeked[self.to_move] = True
            self._emit(Peeked, self.to_move, self.secrets[1 - self.to_move])
        else:
            self.steps_taken = 0
            self.to_move = 1 if self.to_move == 0 else CHANCE

    def _is_barrier(self, action: Action) -> bool:
        return isinstance(action, Peek)

    def _clone(self) -> Self:
        new = type(self).__new__(type(self))  # subclasses in the kit's own tests clone too
        new.game = self.game
        new.num_players = self.num_players
        new.options = self.options
        new.secrets = self.secrets.copy()
        new.tracks = self.tracks.copy()
        new.peeked = self.peeked.copy()
        new.round = self.round
        new.to_move = self.to_move
        new.steps_taken = self.steps_taken
        new.tide = self.tide
        return new

    def knows(self, seat: int | None, owner: int) -> bool:
        if self.secrets[owner] < 0:
            return False
        if self.to_move == TERMINAL:
            return True  # the secrets are shown at the end
        return seat is not None and (seat == owner or self.peeked[seat])

    def _observation(self, seat: int | None) -> dict[str, Any]:
        over = self.to_move == TERMINAL
        return {
            "game": self.game.spec.id,
            "seat": seat,
            "num_players": self.num_players,
            "phase": "over" if over else "tide" if self.to_move == CHANCE else "walking",
            "to_move": self.to_move if self.to_move >= 0 else None,
            # A score counts a seat's hidden secret, so it is known only at the end.
            "scores": self.scores() if over else None,
            "result": None,
            "secrets": [self.secrets[o] if self.knows(seat, o) else None for o in (0, 1)],
            "tracks": list(self.tracks),
            "peeked": list(self.peeked),
            "round": self.round,
            "steps_taken": self.steps_taken,
            "tide": self.tide,
        }

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        new = self.clone()
        for owner in (0, 1):
            if self.secrets[owner] >= 0 and not self.knows(seat, owner):
                value = rng.choice(SECRETS)
                new.secrets[owner] = value
                new.history[owner] = Deal(value)  # the deals are the first two actions
        return new

    def scores(self) -> list[float]:
        return [float(t + max(s, 0)) for t, s in zip(self.tracks, self.secrets, strict=True)]

    def ranking(self) -> Ranking:
        return rank([(int(score),) for score in self.scores()])

    def returns(self) -> list[float]:
        if self.to_move != TERMINAL:
            return [0.0, 0.0]
        first = self.ranking().first
        return [float(first == [s]) for s in (0, 1)]

    def _result(self) -> Result:
        ranking = self.ranking()
        shared = len(ranking.first) > 1  # a tie pays nobody
        return Result(
            standings=tuple(
                Standing(
                    seat=s,
                    place=ranking.places[s],
                    winner=ranking.places[s] == 1 and not shared,
                    score=int(self.scores()[s]),
                    breakdown=(("track", self.tracks[s]), ("secret", self.secrets[s])),
                )
                for s in ranking.order
            ),
            score="steps",
        )


class ToyGame(Game[ToyState]):
    spec = GameSpec(
        id=TOY_ID,
        title="Secret Steps",
        min_players=2,
        max_players=2,
        options=ToyOptions,
        utility=Utility.GENERAL_SUM,  # a tie pays nobody, so the total is 0 or 1
        min_utility=0.0,
        max_utility=1.0,
    )
    action_types = (Deal, Roll, Step, Peek, Pass)
    event_types = (Dealt, Walked, Peeked, TideRose, SecretsShown)
    chance_action_types = (Deal, Roll)

    def _all_actions(self) -> list[Action]:
        return [
            *(Deal(v) for v in SECRETS),
            *(Roll(p) for p in PIPS),
            *(Step(s) for s in STEP_SIZES),
            Peek(),
            Pass(),
        ]

    def _new_state(self, num_players: int, options: ToyOptions) -> ToyState:
        return ToyState(self, num_players, options)


def play_to_turn(game: ToyGame, secrets: tuple[int, int] = (1, 2), **options: Any) -> ToyState:
    """A state at seat 0's first decision, the secrets dealt as given."""
    state = game.new_state(2, options or None)
    for value in secrets:
        state.apply(Deal(value))
    return state


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> ToyGame:
    """Secret Steps, registered under its test-only id until the test ends."""
    game = ToyGame()
    monkeypatch.setitem(registry._GAMES, TOY_ID, game)
    return game
