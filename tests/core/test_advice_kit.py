"""The advice check of the kit: it passes the games' advisors and catches leaky ones.

A leaky advisor is given what a sound one is (the seat's observation), but keeps a
closure over the state that produced that observation and reads the fields a
determinization redraws: the kit's comparison across determinizations catches it. An
advisor that asks for the state itself is caught by its signature alone.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from whaletable import games
from whaletable.core.action import Action
from whaletable.core.advice import (
    ADVISOR_PARAMETERS,
    Advice,
    Figure,
    Row,
    advisor_of,
    check_figures,
)
from whaletable.core.game import Game
from whaletable.core.spec import Information
from whaletable.core.state import State
from whaletable.core.testing import Sample, check_advice, check_advisor_signature, sample_states

GAME_IDS = [game.spec.id for game in games.all()]
HIDING_GAME_IDS = [g.spec.id for g in games.all() if g.spec.information is Information.IMPERFECT]
"""Games with something a seat cannot see (in Save the Whales a seat sees everything)."""
SAMPLES = 16
SEED = 7


@cache
def sound_samples(game_id: str) -> tuple[Sample, ...]:
    return tuple(sample_states(games.get(game_id), SAMPLES, seed=SEED, max_steps=2_000))


def hidden_fields(state: State) -> list[str]:
    """The state's own fields some determinization for some seat redraws."""
    names = [n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ())]
    names = sorted(set(names) - set(State.__slots__))
    found = set()
    for seat in range(state.num_players):
        twin = state.determinize(seat, random.Random(seat))
        found.update(n for n in names if getattr(twin, n) != getattr(state, n))
    return sorted(found)


def test_every_game_registers_an_advisor_taking_no_state() -> None:
    for game_id in GAME_IDS:
        advisor = advisor_of(game_id)
        assert advisor is not None, f"{game_id} registers no advisor"
        check_advisor_signature(advisor)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_games_advisors_pass_the_advice_check(game_id: str) -> None:
    picked = sound_samples(game_id)
    live = sum(s.state.num_players for s in picked if not s.state.is_terminal())
    assert check_advice(picked, rngs=2) == live > 0


@pytest.mark.parametrize("game_id", HIDING_GAME_IDS)
def test_kit_catches_an_advisor_reading_hidden_state_through_a_closure(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[State] = []
    real = State.observation

    def remembering(self: State, seat: int | None) -> dict[str, Any]:
        seen.append(self)  # the closure the leaky advisor reads from
        return real(self, seat)

    monkeypatch.setattr(State, "observation", remembering)

    def leaky(
        game: Game[Any],
        options: Any,
        seat: int,
        observation: dict[str, Any],
        legal: Sequence[Action],
        seed: int,
        budget: int,
    ) -> Advice:
        state = seen[-1]
        hidden = repr([getattr(state, n) for n in hidden_fields(state)])
        p = zlib.crc32(hidden.encode()) / 2**32
        return Advice("leak", seat, (Row("hidden", (Figure("p", p, "probability"),), p),))

    with pytest.raises(AssertionError, match="leak through advice"):
        check_advice(sound_samples(game_id), advisor=leaky)


def test_kit_catches_an_advisor_that_asks_for_the_state() -> None:
    def peeking(
        game: Game[Any],
        options: Any,
        seat: int,
        state: State,
        legal: Sequence[Action],
        seed: int,
        budget: int,
    ) -> Advice:
        return Advice("peek", seat, ())

    with pytest.raises(AssertionError, match="must be handed only what the seat sees"):
        check_advice(sound_samples("whale-to-look"), advisor=peeking)
    assert ADVISOR_PARAMETERS[3] == "observation"


def test_kit_catches_a_probability_out_of_range_and_a_distribution_not_summing_to_one() -> None:
    def wild(
        game: Game[Any],
        options: Any,
        seat: int,
        observation: dict[str, Any],
        legal: Sequence[Action],
        seed: int,
        budget: int,
    ) -> Advice:
        return Advice("wild", seat, (Row("x", (Figure("p", 1.5, "probability"),), 0.5),))

    with pytest.raises(AssertionError, match=r"probability p = 1\.5"):
        check_advice(sound_samples("whale-to-look"), advisor=wild)
    uneven = Advice(
        "uneven",
        0,
        (Row("a", (Figure("p", 0.3, "probability"),), 0.3),) * 2,
        sums=("p",),
    )
    with pytest.raises(ValueError, match=r"adds up to 0\.6"):
        check_figures(uneven)
    with pytest.raises(ValueError, match="is nan"):
        check_figures(Advice("nan", 0, (Row("a", (Figure("v", math.nan, "points"),), 0.0),)))
