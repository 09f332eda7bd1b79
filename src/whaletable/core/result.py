"""The result of a finished game: one shape that the rules export and every interface draws.

A game's rules build a :class:`Result` (``State.result()``); the web table, the terminal,
the logs and the records draw it and never re-derive an order, a tie-break or a
breakdown. Names in a result are short keys (``"coins"``, ``"round_2"``), never words:
each game's ``words.py`` says them in the reader's language.

The order of a competitive game comes from :func:`rank`, so a game's ``winners()``,
``returns()`` and its result share one reading of the rulebook's tie-breaks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Part = tuple[str, int]
"""One line of a breakdown or a tally: a key the game's words name, and its value."""


class InconsistentResult(RuntimeError):
    """A game's result that contradicts itself or the game's scores and returns."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's line of the result."""

    seat: int
    place: int
    """1 for first; seats tied on every criterion share a place (1, 1, 3, …)."""
    winner: bool
    score: int
    """The game's own points (``State.scores()``), the number the rulebook ranks by first."""
    breakdown: tuple[Part, ...]
    """What the seat's line shows besides the score, in the order a table shows it (the
    same parts for every seat)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "place": self.place,
            "winner": self.winner,
            "score": self.score,
            "breakdown": [[name, value] for name, value in self.breakdown],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Standing:
        return cls(
            seat=int(data["seat"]),
            place=int(data["place"]),
            winner=bool(data["winner"]),
            score=int(data["score"]),
            breakdown=tuple((str(name), int(value)) for name, value in data["breakdown"]),
        )


@dataclass(frozen=True, slots=True)
class Team:
    """The shared result of a cooperative game."""

    won: bool
    tally: tuple[Part, ...]
    """What the team achieved and lost, e.g. ``(("whales_saved", 5), ("whales_lost", 3))``."""

    def to_json(self) -> dict[str, Any]:
        return {"won": self.won, "tally": [[name, value] for name, value in self.tally]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Team:
        return cls(
            won=bool(data["won"]),
            tally=tuple((str(name), int(value)) for name, value in data["tally"]),
        )


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game came out: every seat's standing, best first."""

    standings: tuple[Standing, ...]
    """One per seat, in final order (tied seats by seat number)."""
    score: str
    """The key naming the score (``"pearls"``, ``"total"``, ``"whales_saved"``)."""
    tie_breaks: tuple[str, ...] = ()
    """The rulebook's tie-breaks after the score, in order (keys)."""
    decided_by: str | None = None
    """The tie-break that settled first place among seats tied on the score, or None when
    the score alone decided (or no tie-break did: then the first place is shared)."""
    team: Team | None = None
    """A cooperative game's shared result; None in a competitive game."""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.standings if s.winner)

    def standing(self, seat: int) -> Standing:
        for s in self.standings:
            if s.seat == seat:
                return s
        raise KeyError(f"no seat {seat} in this result")

    def to_json(self) -> dict[str, Any]:
        return {
            "standings": [s.to_json() for s in self.standings],
            "score": self.score,
            "tie_breaks": list(self.tie_breaks),
            "decided_by": self.decided_by,
            "team": None if self.team is None else self.team.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        team = data.get("team")
        return cls(
            standings=tuple(Standing.from_json(s) for s in data["standings"]),
            score=str(data["score"]),
            tie_breaks=tuple(str(t) for t in data.get("tie_breaks", ())),
            decided_by=None if data.get("decided_by") is None else str(data["decided_by"]),
            team=None if team is None else Team.from_json(team),
        )

    @classmethod
    def from_observation(cls, observation: Mapping[str, Any]) -> Result | None:
        """The result an observation carries (every game's does), or None before the end."""
        data = observation.get("result")
        return None if data is None else cls.from_json(data)

    def check(self, scores: Sequence[float], returns: Sequence[float], cooperative: bool) -> None:
        """Raise :class:`InconsistentResult` unless this result agrees with itself and with
        the game's ``scores()`` and ``returns()``."""
        n = len(scores)
        seats = [s.seat for s in self.standings]
        if sorted(seats) != list(range(n)):
            raise InconsistentResult(f"standings list seats {seats}, not each of 0..{n - 1} once")
        places = [s.place for s in self.standings]
        for i, place in enumerate(places):
            if place != (1 if i == 0 else places[i - 1]) and place != i + 1:
                raise InconsistentResult(
                    f"places {places}: each is the one before it (a tie) or its position"
                )
        first = {s.seat for s in self.standings if s.place == 1}
        winners = set(self.winners)
        if winners and winners != first:
            raise InconsistentResult(
                f"winners {sorted(winners)} are not exactly the seats in first place "
                f"{sorted(first)}"
            )
        for s in self.standings:
            if s.score != scores[s.seat]:
                raise InconsistentResult(
                    f"seat {s.seat}'s score {s.score} is not its scores() {scores[s.seat]}"
                )
            if s.winner != (returns[s.seat] > 0):
                raise InconsistentResult(
                    f"seat {s.seat} is {'a winner' if s.winner else 'no winner'} but its "
                    f"return is {returns[s.seat]}"
                )
            names = [name for name, _ in s.breakdown]
            if len(set(names)) != len(names):
                raise InconsistentResult(f"seat {s.seat}'s breakdown repeats a part: {names}")
            parts = [name for name, _ in self.standings[0].breakdown]
            if names != parts:
                raise InconsistentResult(
                    f"seat {s.seat}'s breakdown has parts {names}, another seat's {parts}: "
                    "every line of the table shows the same parts"
                )
        if self.decided_by is not None and self.decided_by not in self.tie_breaks:
            raise InconsistentResult(
                f"decided by {self.decided_by!r}, which is not one of the tie-breaks "
                f"{list(self.tie_breaks)}"
            )
        if (self.team is not None) != cooperative:
            raise InconsistentResult(
                "a cooperative game's result has a team result, a competitive game's none"
            )
        if self.team is not None and self.team.won != bool(winners):
            raise InconsistentResult(
                f"the team {'won' if self.team.won else 'lost'} but the winners are "
                f"{sorted(winners)}"
            )


@dataclass(frozen=True, slots=True)
class Ranking:
    """Seats ordered by the rulebook's criteria (:func:`rank`)."""

    order: tuple[int, ...]
    """Best first; seats tied on every criterion by seat number."""
    places: tuple[int, ...]
    """Each seat's place (indexed by seat), shared on a full tie."""
    decided_by: int | None
    """The index of the first criterion after which first place is settled, when seats
    tied with the winner on criterion 0; None when criterion 0 decided or none did."""

    @property
    def first(self) -> list[int]:
        """The seats in first place, ascending."""
        return [s for s, place in enumerate(self.places) if place == 1]


def rank(keys: Sequence[Sequence[int]]) -> Ranking:
    """Order seats by their keys, highest first: criterion 0, then each tie-break in turn.

    ``keys[seat]`` holds the seat's value for every criterion, bigger being better.

    >>> r = rank([(5, 2, 1), (5, 3, 0), (4, 9, 9)])
    >>> r.order, r.places, r.decided_by
    ((1, 0, 2), (2, 1, 3), 1)
    >>> rank([(5, 2), (5, 2), (1, 0)]).places, rank([(5, 2), (5, 2)]).decided_by
    ((1, 1, 3), None)
    >>> rank([(5, 3, 4), (5, 3, 2), (5, 1, 9)]).decided_by  # coins left two: tiles decided
    2
    """
    seats = range(len(keys))
    order = tuple(sorted(seats, key=lambda s: ([-v for v in keys[s]], s)))
    places = [0] * len(keys)
    for i, seat in enumerate(order):
        before = order[i - 1] if i else None
        places[seat] = (
            places[before] if before is not None and keys[before] == keys[seat] else i + 1
        )
    best = keys[order[0]] if order else ()
    decided_by: int | None = None
    tied = [s for s in seats if keys[s][:1] == best[:1]]
    first = [s for s in seats if places[s] == 1]
    if len(tied) > len(first):
        # The first tie-break after which first place is what it finally is.
        for criterion in range(1, len(best)):
            if [s for s in tied if keys[s][: criterion + 1] == best[: criterion + 1]] == first:
                decided_by = criterion
                break
    return Ranking(order=order, places=tuple(places), decided_by=decided_by)


__all__ = ["InconsistentResult", "Part", "Ranking", "Result", "Standing", "Team", "rank"]
