"""Whale Spotting's rules: every rule in one place, each with the clause (``rules.md``) it follows.

The whale hides (chance) in a zone without a boat. In turn, each seat sails its boat to
a zone within reach (§2). A boat that reaches the whale's zone spots it: the seat scores
a sighting, and the whale dives and surfaces elsewhere (§3); otherwise the boat hears an
echo, the whale's distance in zones, that every seat hears (§4). The game ends
when a seat has spotted the whale often enough, or after the last round (§5); the most
sightings wins, and seats tied for most share the win (§6).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Self

from whaletable.core import CHANCE, TERMINAL, Action, State
from whaletable.core.result import Ranking, Result, Standing, rank

from .actions import HideWhale, Sail
from .events import Heard, Sailed, Spotted, WhaleHid
from .observation import WhaleSpottingObservation

if TYPE_CHECKING:
    from . import WhaleSpotting, WhaleSpottingOptions

HARBOUR = 0
"""Every boat starts in zone 0 (§1)."""
NOWHERE = -1
"""The whale's zone while it has not surfaced yet."""


class WhaleSpottingState(State):
    __slots__ = (
        "boats",
        "echoes",
        "empty",
        "hidden_at",
        "next_seat",
        "reach",
        "sail_codes",
        "sightings",
        "spotted_at",
        "to_move",
        "turns",
        "whale",
        "zones",
    )

    def __init__(
        self, game: WhaleSpotting, num_players: int, options: WhaleSpottingOptions
    ) -> None:
        super().__init__(game, num_players, options)
        self.zones = game.sea.zones
        self.reach = game.sea.reach
        self.sail_codes = game.code_book.sail
        self.boats = [HARBOUR] * num_players
        self.sightings = [0] * num_players
        self.whale = NOWHERE
        self.hidden_at = -1
        """The step of the whale's last dive (its HideWhale in the history)."""
        self.empty = [False] * self.zones
        self.echoes: list[tuple[int, int]] = []
        """``(zone, distance)`` of every echo since the whale last dived."""
        self.spotted_at: int | None = None
        self.turns = 0
        """Sails made so far: the round is ``turns // num_players + 1``."""
        self.to_move = CHANCE
        self.next_seat = 0
        """Who sails once chance has hidden the whale."""

    # ------------------------------------------------------------------ turns

    def current_player(self) -> int:
        return self.to_move

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        # §1, §3: the whale surfaces, uniformly, in a zone no boat is in.
        free = [z for z in range(self.zones) if z not in self.boats]
        return [(HideWhale(z), 1 / len(free)) for z in free]

    def _legal_actions(self) -> list[Action]:
        if self.to_move == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return [Sail(z) for z in self.reachable(self.to_move)]

    def reachable(self, seat: int) -> list[int]:
        """§2: the zones ``seat``'s boat may sail to, ascending (never its own zone)."""
        at = self.boats[seat]
        low, high = max(0, at - self.reach), min(self.zones - 1, at + self.reach)
        return [z for z in range(low, high + 1) if z != at]

    def _why_illegal(self, action: Action) -> str | None:
        if self.to_move == CHANCE:
            if isinstance(action, HideWhale) and action.zone in self.boats:
                return f"the whale never surfaces under a boat (zone {action.zone + 1})"
            if isinstance(action, HideWhale) and 0 <= action.zone < self.zones:
                return None
            return "the whale is diving: chance decides now"
        if isinstance(action, HideWhale):
            return "only chance hides the whale"
        assert isinstance(action, Sail)
        at = self.boats[self.to_move]
        if not 0 <= action.zone < self.zones:
            return f"the sea has zones 1 to {self.zones}"
        if action.zone == at:
            return "a boat must leave its zone"
        if abs(action.zone - at) > self.reach:
            return f"zone {action.zone + 1} is more than {self.reach} zones from your boat"
        return None

    def _apply(self, action: Action) -> None:
        if isinstance(action, HideWhale):
            self.whale = action.zone
            self.hidden_at = len(self.history)
            # The boats stand where the whale is not: everyone knows those zones empty.
            self.empty = [z in self.boats for z in range(self.zones)]
            self.echoes = []
            self._emit(WhaleHid, action.zone)
            self.to_move = self.next_seat
            return
        assert isinstance(action, Sail)
        seat = self.to_move
        self.boats[seat] = action.zone
        self.turns += 1
        self._emit(Sailed, seat, action.zone)
        self.next_seat = (seat + 1) % self.num_players
        if action.zone == self.whale:
            # §3: spotted; the whale dives at once.
            self.sightings[seat] += 1
            self.spotted_at = action.zone
            self.whale = NOWHERE
            self._emit(Spotted, seat, action.zone)
            self.to_move = TERMINAL if self._over() else CHANCE
            return
        # §4: an echo, heard by every boat.
        distance = abs(self.whale - action.zone)
        self.echoes.append((action.zone, distance))
        self.empty[action.zone] = True
        self._emit(Heard, seat, action.zone, distance)
        self.to_move = TERMINAL if self._over() else self.next_seat

    def _over(self) -> bool:
        """§5: a seat has spotted the whale often enough, or the last round is sailed."""
        options: WhaleSpottingOptions = self.options
        return (
            max(self.sightings) >= options.sightings_to_win
            or self.turns >= options.rounds * self.num_players
        )

    def _is_barrier(self, action: Action) -> bool:
        # Every sail tells its seat something (an echo or a sighting).
        return isinstance(action, Sail)

    # ----------------------------------------------------------- what is seen

    def _observation(self, seat: int | None) -> WhaleSpottingObservation:
        over = self.to_move == TERMINAL
        n = self.num_players
        return {
            "game": self.game.spec.id,
            "seat": seat,
            "num_players": n,
            "phase": "over" if over else ("diving" if self.to_move == CHANCE else "sailing"),
            "to_move": self.to_move if self.to_move >= 0 else None,
            "scores": [float(s) for s in self.sightings],
            "result": None,
            "zones": self.zones,
            "reach": self.reach,
            "round": min(self.turns // n + 1, self.options.rounds),
            "rounds": self.options.rounds,
            "sightings_to_win": self.options.sightings_to_win,
            "boats": list(self.boats),
            "sightings": list(self.sightings),
            "empty": [z for z in range(self.zones) if self.empty[z]],
            "echoes": [[z, d] for z, d in self.echoes],
            "spotted_at": self.spotted_at,
        }

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        new = self.clone()
        if self.whale == NOWHERE:
            return new  # nothing hidden: the whale is diving (chance is to decide)
        # Uniform over the zones nobody can rule out: the prior is uniform over the
        # free zones and every clue either allows a zone or not.
        zone = rng.choice(candidates(self.zones, self.empty, self.echoes))
        new.whale = zone
        new.history[self.hidden_at] = HideWhale(zone)
        return new

    def _clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        State.__init__(new, self.game, self.num_players, self.options)
        new.zones, new.reach, new.sail_codes = self.zones, self.reach, self.sail_codes
        new.boats = list(self.boats)
        new.sightings = list(self.sightings)
        new.whale, new.hidden_at = self.whale, self.hidden_at
        new.empty = list(self.empty)
        new.echoes = list(self.echoes)
        new.spotted_at = self.spotted_at
        new.turns, new.to_move, new.next_seat = self.turns, self.to_move, self.next_seat
        return new

    # ---------------------------------------------------------------- results

    def scores(self) -> list[float]:
        return [float(s) for s in self.sightings]

    def ranking(self) -> Ranking:
        return rank([(s,) for s in self.sightings])

    def returns(self) -> list[float]:
        if self.to_move != TERMINAL:
            return [0.0] * self.num_players
        first = self.ranking().first
        return [1 / len(first) if s in first else 0.0 for s in range(self.num_players)]

    def _result(self) -> Result:
        ranking = self.ranking()
        return Result(
            standings=tuple(
                Standing(
                    seat=s,
                    place=ranking.places[s],
                    winner=ranking.places[s] == 1,
                    score=self.sightings[s],
                    breakdown=(("sightings", self.sightings[s]),),
                )
                for s in ranking.order
            ),
            score="sightings",
        )

    def _legal_player_codes(self) -> list[int]:
        return [self.sail_codes[z] for z in self.reachable(self.to_move)]


def candidates(zones: int, empty: list[bool], echoes: list[tuple[int, int]]) -> list[int]:
    """The zones the whale may be in for a seat that knows ``empty`` and heard ``echoes``.

    >>> candidates(7, [True] + [False] * 6, [(2, 1)])
    [1, 3]
    """
    return [z for z in range(zones) if not empty[z] and all(abs(z - at) == d for at, d in echoes)]


def whale_odds(obs: WhaleSpottingObservation) -> list[float]:
    """Per zone, the chance the whale is there, from one seat's observation alone."""
    empty = [z in obs["empty"] for z in range(obs["zones"])]
    places = candidates(obs["zones"], empty, [(z, d) for z, d in obs["echoes"]])
    return [1 / len(places) if z in places else 0.0 for z in range(obs["zones"])]


def any_state(state: Any) -> WhaleSpottingState:
    """``state`` as this game's state (bots and evaluators are handed a plain State)."""
    assert isinstance(state, WhaleSpottingState)
    return state


__all__ = ["HARBOUR", "NOWHERE", "WhaleSpottingState", "any_state", "candidates", "whale_odds"]
