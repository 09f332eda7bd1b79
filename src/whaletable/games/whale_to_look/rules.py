"""Every rule of Whale to Look, both editions (``en`` and ``vi``), in one place.

Rulebook sections are quoted by name in the comments (en = English rulebook,
vi = Vietnamese rulebook). Where the books are silent the choice is written here
and in ``notes.md`` ("Readings chosen").

Choices where the rulebooks are silent:

* Investigating targets a face-down fish card that does not already carry one of
  your markers (a card is "returned face down" after a look, so it was face down;
  a second marker by the same card would tell you nothing).
* The radar may be used before investigating or between investigating and moving,
  on a turn where you investigate and move. Finishing happens "at the start of your
  turn", so no radar is used on a finishing turn.
* The fisher boat scores its +3 only when it stands on an area (a boat left in the
  dock is not "placed"), as the Vietnamese book says explicitly.

A round is kept as a decision stack (:mod:`whaletable.core.decisions`): its setup is a
chance decision whose kind says which cards come next; Fishing season (en) pushes one
fisher decision for each seat, start player on top, and each choice pops one; a turn
pushes its two steps, ``MOVE`` under ``TURN``: investigating pops ``TURN`` and leaves the
move pending, finishing pops both, and a move ends the turn with the stack empty. The end
goes on as a decision nobody makes.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, ParamSpec, cast

from whaletable.core.action import Action
from whaletable.core.decisions import KIND_BITS, KIND_MASK, DecisionKinds, decision
from whaletable.core.event import Event
from whaletable.core.result import Ranking, Result, Standing, rank
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.core.state import StackedState
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look import events as ev
from whaletable.games.whale_to_look.components import (
    BOARDS,
    NUM_AREAS,
    NUM_FISH,
)
from whaletable.games.whale_to_look.observation import (
    ScoredRound,
    SeatRow,
    WhaleToLookObservation,
)

if TYPE_CHECKING:
    from whaletable.games.whale_to_look import WhaleToLook, WhaleToLookOptions

P = ParamSpec("P")  # the fields of an event, checked against its class where it is said

# --- The player's kit (Setup 1–2) -------------------------------------------------
BOATS = 3
TOURISTS = (1, 2, 3)  # boat 0, 1, 2
RADARS = 1
RADARS_TWO_PLAYERS = 2  # "In a 2-player game, take 2."
ROUNDS = 2
DOCK = -1  # a boat's place while it is in its owner's dock

# --- Scoring (4. Scoring and the trending cards) -----------------------------------
ANCHOR_BONUS = 2
WHALE_WATCHING_PER_BOAT = 2
FISHING_BONUS = 3
WHALE_AND_ORCA_BONUS = 4
ORCA_WATCHING_BONUS = 3


def boat_points(boat: int, *, fisher: bool, anchored: bool, bare_anchor_scores: bool) -> int:
    """What ``boat`` scores where the whale or orca surfaces (4. Scoring).

    Its tourists, one fewer on the fisher's boat; "in addition, if they dropped their anchor
    there, +2" — for a boat left with no tourist only when ``bare_anchor_scores`` (option
    ``anchor_without_tourists``: "nothing" reads "if your anchored boat scores" as needing one).
    """
    value = TOURISTS[boat] - (1 if fisher else 0)
    if anchored and (value > 0 or bare_anchor_scores):
        value += ANCHOR_BONUS
    return value


Trend = Literal["whale-watching", "fishing", "whale-and-orca", "orca-watching"]
TRENDS: tuple[Trend, ...] = ("whale-watching", "fishing", "whale-and-orca", "orca-watching")

# --- Kinds of decision on the stack (whaletable.core.decisions) ----------------------
START = 0  # chance: the round-1 start player
TRENDING = 1  # chance: the round-2 trending card
LAY_AREAS = 2  # chance: area cards, one position at a time
DEAL_FISH = 3  # chance: fish cards, one position at a time
FISHER = 4  # a seat puts the fisher on one of its boats (Fishing season, en)
TURN = 5  # start of a turn: investigate, radar, or finish
MOVE = 6  # after investigating: radar or move a boat
OVER = 7  # the end: nobody decides
PHASE_NAMES = ("start", "trending", "lay_areas", "deal_fish", "fisher", "turn", "move", "over")
DECISION_KINDS = DecisionKinds(PHASE_NAMES)

# The decisions no seat makes, made once; a seat's are small ints Python shares, so
# pushing and popping allocates nothing.
D_START = decision(START, CHANCE)
D_TRENDING = decision(TRENDING, CHANCE)
D_LAY_AREAS = decision(LAY_AREAS, CHANCE)
D_DEAL_FISH = decision(DEAL_FISH, CHANCE)
D_OVER = decision(OVER, TERMINAL)
_SEATS = range(5)  # the most players the game takes
FISHER_BY = tuple(decision(FISHER, s) for s in _SEATS)
TURN_BY = tuple((decision(MOVE, s), decision(TURN, s)) for s in _SEATS)
"""A seat's turn as pushed: "investigate a fish card, then move a boat" - the move
beneath, the investigation (or "Done!") on top."""

ALL_AREAS = (1 << NUM_AREAS) - 1  # bitmask of every area position

_FINISH = act.Finish()
_INVESTIGATE = tuple(act.Investigate(f) for f in range(NUM_FISH))
_RADAR = tuple(act.UseRadar(f) for f in range(NUM_FISH))


@functools.cache
def _investigations(mask: int) -> tuple[act.Investigate, ...]:
    """One :class:`Investigate` per fish card in the bitmask (listed once per mask)."""
    return tuple(_INVESTIGATE[f] for f in range(NUM_FISH) if mask >> f & 1)


@functools.cache
def _radar_uses(mask: int) -> tuple[act.UseRadar, ...]:
    """One :class:`UseRadar` per fish card in the bitmask (listed once per mask)."""
    return tuple(_RADAR[f] for f in range(NUM_FISH) if mask >> f & 1)


_MOVE = tuple(
    tuple((act.MoveBoat(b, a, False), act.MoveBoat(b, a, True)) for a in range(NUM_AREAS))
    for b in range(BOATS)
)
_FISHER = tuple(act.ChooseFisherBoat(b) for b in range(BOATS))


# Chance outcomes are handed out as the same few objects again and again, so that the
# integer API finds their codes by identity, and each list of odds is worked out once.


@functools.cache
def _fish_card(value: int) -> act.DealFish:
    return act.DealFish(value)


@functools.cache
def _area_card(number: int) -> act.LayArea:
    return act.LayArea(number)


@functools.lru_cache(maxsize=4096)
def _deal_odds(deck: tuple[int, ...], dealt: tuple[int, ...]) -> tuple[tuple[Action, float], ...]:
    """The odds of the next fish card, given the deck and the values dealt so far.

    Which values are dealt (not where) decides the odds, so they are computed once
    per sorted ``dealt`` (``-1`` marks a position not dealt yet) and reused.
    """
    left = list(deck)
    for v in dealt:
        if v >= 0:
            left.remove(v)
    total = len(left)
    return tuple((_fish_card(v), left.count(v) / total) for v in sorted(set(left)))


@functools.lru_cache(maxsize=256)
def _lay_odds(numbers: tuple[int, ...], laid: tuple[int, ...]) -> tuple[tuple[Action, float], ...]:
    """The odds of the next area card: each card not laid yet (in ``numbers``' order)
    alike. Which cards are laid decides them, so ``laid`` comes sorted."""
    left = [n for n in numbers if n not in laid]
    return tuple((_area_card(n), 1.0 / len(left)) for n in left)


@functools.cache
def _start_odds(num_players: int) -> tuple[tuple[Action, float], ...]:
    p = 1.0 / num_players
    return tuple((act.PickStartPlayer(s), p) for s in range(num_players))


_TREND_ODDS: tuple[tuple[Action, float], ...] = tuple(
    (act.RevealTrend(t), 1.0 / len(TRENDS)) for t in TRENDS
)


class WhaleToLookState(StackedState):
    """A Whale to Look game in progress.

    Per-seat data is kept in flat lists indexed by seat (boats: ``seat*3 + boat``);
    sets of fish cards are bitmasks over the twelve positions.
    """

    __slots__ = (
        "anchor_areas",
        "anchor_boat",
        "anchor_used",
        "areas",
        "board",
        "boat_at",
        "finished",
        "first_start",
        "fish",
        "fish_deal_start",
        "fisher_boat",
        "full_areas",
        "marked",
        "points",
        "radar_this_turn",
        "radars",
        "results",
        "revealed",
        "round",
        "start",
        "to_move",
        "trend",
    )

    game: WhaleToLook
    options: WhaleToLookOptions
    DECISION_KINDS = DECISION_KINDS

    def __init__(self, game: WhaleToLook, num_players: int, options: WhaleToLookOptions) -> None:
        super().__init__(game, num_players, options)
        n = num_players
        self.board = BOARDS[options.table]  # the table's shape: positions, markers
        self.round = 1
        self.to_move = 0  # the turn's player (the last one, between turns)
        self.start = 0
        self.first_start = 0
        self.trend: str | None = None
        self.areas = [-1] * self.board.num_areas  # printed number at each position; -1 = not laid
        self.fish = [-1] * self.board.num_fish  # value at each position; -1 = not dealt
        self.fish_deal_start = 0  # history index of this round's first fish deal
        self.revealed = 0  # bitmask: fish turned face up by a radar
        self.marked = [0] * n  # bitmask per seat: fish carrying that seat's marker
        self.boat_at = [DOCK] * (n * BOATS)
        self.anchor_boat = [-1] * n  # which boat sits on the seat's anchor
        self.anchor_used = [False] * n
        # Kept as boats move, since every decision asks: which areas hold an anchor,
        # and which hold as many boats as there are players (bitmasks of positions).
        self.anchor_areas = 0
        self.full_areas = 0
        self.radars = [0] * n
        # The radar takes no step of a turn (it may come before investigating or between
        # investigating and moving), so it pushes no decision: whether it was used is a
        # once-a-turn allowance that both pending steps read, kept as a flag.
        self.radar_this_turn = False
        self.finished = [False] * n
        self.fisher_boat = [-1] * n
        self.points = [[0] * n for _ in range(ROUNDS)]
        self.results: list[ScoredRound] = []
        if options.start_player is not None:
            self.first_start = self.start = self.to_move = options.start_player
            self._begin_round()
        else:
            self.decisions.append(D_START)

    def _say(self, event: Callable[P, Event], *args: P.args, **kwargs: P.kwargs) -> None:
        """Emit ``event(*args)``, built only when this state keeps events: search and
        simulation states, which keep none, pay nothing for them on the hot path."""
        if self._events is not None:
            self._emit(event, *args, **kwargs)

    # ------------------------------------------------------------ round flow

    def _begin_round(self) -> None:
        """Setup steps 1, 2, 4 and 5 (a new round restarts "from step 4").

        The stack is empty: the start player's draw or the last turn has been popped. The
        setup's draws are one chance decision, its kind changed as each kind of card is done.
        """
        n = self.num_players
        self.marked = [0] * n
        self.boat_at = [DOCK] * (n * BOATS)
        self.anchor_boat = [-1] * n
        self.anchor_used = [False] * n
        self.anchor_areas = 0
        self.full_areas = 0
        self.radars = [RADARS_TWO_PLAYERS if n == 2 else RADARS] * n
        self.finished = [False] * n
        self.revealed = 0
        self.areas = [-1] * self.board.num_areas
        self.fish = [-1] * self.board.num_fish
        self.to_move = self.start
        if self.round == 2 and self.options.trending != "none":
            if self.options.trending == "random":
                self.decisions.append(D_TRENDING)
                return
            self.trend = self.options.trending
            self._emit(ev.TrendRevealed, self.trend)
        self._lay_areas()

    def _lay_areas(self) -> None:
        if self.options.area_layout == "ordered":
            self.areas = list(self.game.ordered_layout(self.board))
            self._emit(ev.AreasLaid, self.round, tuple(self.areas))
            self._set_up(D_DEAL_FISH)
        else:
            self._set_up(D_LAY_AREAS)

    def _set_up(self, draw: int) -> None:
        """The setup's chance decision becomes ``draw`` (pushed if the round's setup had
        none yet: a trend fixed by the options, or a fixed start player)."""
        stack = self.decisions
        if stack:
            stack[-1] = draw
        else:
            stack.append(draw)

    def _after_setup(self) -> None:
        """The fish are dealt: the setup's decision gives way to the round's first turn."""
        self.decisions.pop()
        self.to_move = self.start
        # Fishing season, en: each player chooses the boat; vi: the 1-tourist boat.
        if self.trend == "fishing":
            if self.options.edition == "vi":
                self.fisher_boat = [0] * self.num_players
            else:
                self.fisher_boat = [-1] * self.num_players
                # One decision for each seat in turn order, the start player's on top.
                n = self.num_players
                self.decisions += [FISHER_BY[(self.start + k) % n] for k in range(n - 1, -1, -1)]
                return
        self.decisions += TURN_BY[self.start]

    def _next_turn(self) -> None:
        """Turns go clockwise (seat order), skipping players who said "Done!".

        The stack is empty: the last turn has been popped.
        """
        n = self.num_players
        self.radar_this_turn = False
        for step in range(1, n + 1):
            seat = (self.to_move + step) % n
            if not self.finished[seat]:
                self.to_move = seat
                self.decisions += TURN_BY[seat]
                return
        self._score_round()

    def _score_round(self) -> None:
        """4. Scoring: the whale surfaces at the richest area, the orca at the poorest."""
        whale, orca, sums = self.whale_and_orca()
        r = self.round - 1
        n = self.num_players
        pts = self.points[r]
        areas = self.areas
        for seat in range(n):
            on_whale = on_orca = 0
            for b in range(BOATS):
                at = self.boat_at[seat * BOATS + b]
                if at == DOCK:
                    continue
                value = boat_points(
                    b,
                    fisher=self.fisher_boat[seat] == b,
                    anchored=self.anchor_boat[seat] == b,
                    bare_anchor_scores=self.options.anchor_without_tourists == "bonus",
                )
                if at == whale:
                    on_whale += 1
                    pts[seat] += value
                elif at == orca:
                    on_orca += 1
                    pts[seat] += value
                elif self.trend == "fishing" and self.fisher_boat[seat] == b:
                    pts[seat] += FISHING_BONUS
            if self.trend == "whale-watching":
                pts[seat] += WHALE_WATCHING_PER_BOAT * on_whale
            elif self.trend == "whale-and-orca" and on_whale and on_orca:
                pts[seat] += WHALE_AND_ORCA_BONUS
            elif self.trend == "orca-watching" and on_orca:
                pts[seat] += ORCA_WATCHING_BONUS
        # A new list, never an append: clones share the list of finished rounds.
        self.results = [
            *self.results,
            {
                "round": self.round,
                "areas": list(self.areas),
                "fish": list(self.fish),
                "sums": sums,
                "whale": whale,
                "orca": orca,
                "boats": list(self.boat_at),
                "anchors": list(self.anchor_boat),
                "fisher_boats": list(self.fisher_boat),
                "trend": self.trend,
                "points": list(pts),
            },
        ]
        self._emit(
            ev.RoundScored,
            self.round,
            tuple(self.fish),
            whale,
            areas[whale],
            sums[whale],
            orca,
            areas[orca],
            sums[orca],
            tuple(pts),
        )
        if self.round == ROUNDS:
            self.decisions.append(D_OVER)
            winner = self.winner()
            assert winner is not None
            self._emit(ev.GameWon, winner, int(self.scores()[winner]))
            return
        # 5. "The player with the most points in the first round becomes the start
        # player"; ties go to the tied player furthest clockwise from the first start.
        self.start = max(range(n), key=lambda s: (pts[s], (s - self.first_start) % n))
        self.round += 1
        self.fisher_boat = [-1] * n
        self._begin_round()

    def whale_and_orca(self) -> tuple[int, int, list[int]]:
        """The positions where the whale and the orca surface, and every area's sum.

        Ties: the whale goes to the higher printed number, the orca to the lower.
        """
        fish = self.fish
        sums = [fish[a] + fish[b] + fish[c] + fish[d] for a, b, c, d in self.board.area_fish]
        areas = self.areas
        positions = range(len(areas))
        whale = max(positions, key=lambda p: (sums[p], areas[p]))
        orca = min(positions, key=lambda p: (sums[p], areas[p]))
        return whale, orca, sums

    # ---------------------------------------------------------------- queries

    def boats_in(self, area: int) -> int:
        return self.boat_at.count(area)

    def can_enter(self, seat: int, boat: int, area: int) -> bool:
        """Area capacity (= number of players) and, in vi, one fisher boat per area."""
        if self.full_areas >> area & 1:
            return False
        if self.options.edition == "vi" and self.fisher_boat[seat] == boat:
            return not self._fisher_areas() >> area & 1
        return True

    def _fisher_areas(self) -> int:
        """Bitmask of the areas that hold a fisher boat (vi: one per area)."""
        mask = 0
        boat_at = self.boat_at
        for s, fb in enumerate(self.fisher_boat):
            if fb >= 0 and (at := boat_at[s * BOATS + fb]) != DOCK:
                mask |= 1 << at
        return mask

    def _open_areas(self, seat: int, boat: int) -> int:
        """Bitmask of the areas ``boat`` may move into now: reachable (not anchored; any
        area from the dock, an adjacent one otherwise) and enterable (as can_enter)."""
        if self.anchor_boat[seat] == boat:
            return 0  # "A boat that has been anchored may no longer be moved."
        open_areas = self.board.reach[self.boat_at[seat * BOATS + boat]] & ~self.full_areas
        if self.options.edition == "vi" and self.fisher_boat[seat] == boat:
            open_areas &= ~self._fisher_areas()
        return open_areas

    def can_anchor(self, seat: int, boat: int, area: int) -> bool:
        """Once per round; one anchor per area; vi: never under the fisher boat."""
        return self._may_anchor_boat(seat, boat) and not self._anchored_areas() >> area & 1

    def _may_anchor_boat(self, seat: int, boat: int) -> bool:
        """Once per round; vi: never under the fisher boat (wherever the boat goes)."""
        if self.anchor_used[seat]:
            return False
        return not (self.options.edition == "vi" and self.fisher_boat[seat] == boat)

    def _anchored_areas(self) -> int:
        """Bitmask of the areas that already hold an anchor (one anchor per area)."""
        return self.anchor_areas

    def _reachable(self, seat: int, boat: int) -> Sequence[int]:
        """Any area from the dock, an adjacent area otherwise (before capacity)."""
        if self.anchor_boat[seat] == boat:
            return ()  # "A boat that has been anchored may no longer be moved."
        at = self.boat_at[seat * BOATS + boat]
        return range(self.board.num_areas) if at == DOCK else self.board.adjacent[at]

    def boat_destinations(self, seat: int, boat: int) -> list[int]:
        """Where a boat may go: a reachable area it may enter (in ``_reachable``'s order)."""
        open_areas = self._open_areas(seat, boat)
        return [a for a in self._reachable(seat, boat) if open_areas >> a & 1]

    def can_move_a_boat(self, seat: int) -> bool:
        # Stops at the first boat that may move, without listing its destinations; a loop,
        # not any(), since a generator costs more than the test on this hot path.
        for b in range(BOATS):  # noqa: SIM110
            if self._open_areas(seat, b):
                return True
        return False

    def markers_left(self, seat: int) -> int:
        return self.board.markers - self.marked[seat].bit_count()

    def _investigable(self, seat: int) -> int:
        """Bitmask of fish this seat may investigate: face down, not yet marked by it."""
        return self.board.all_fish & ~self.revealed & ~self.marked[seat]

    def _may_investigate_and_move(self, seat: int) -> bool:
        """False means the player "must choose [B. Finish]"."""
        return (
            self.markers_left(seat) > 0
            and self._investigable(seat) != 0
            and self.can_move_a_boat(seat)
        )

    def _why_must_finish(self, seat: int) -> str:
        if self.markers_left(seat) == 0:
            return "you have no investigation markers left"
        if not self.can_move_a_boat(seat):
            return "you can no longer move a boat"
        return "there is no face-down fish card left for you to investigate"

    def _may_use_radar(self, seat: int) -> bool:
        if self.radars[seat] == 0:
            return False
        # en: "In a 2-player game you may use the radar twice per round. However,
        # you may only use it once per turn." vi states no per-turn limit.
        return not (self.radar_this_turn and self.options.edition == "en")

    def knows(self, seat: int | None, fish: int) -> bool:
        """Whether ``seat`` may see fish card ``fish``'s value now."""
        if self.fish[fish] < 0:
            return False
        # 4. Scoring: "flip all the fish cards face up" - after the last round they stay so.
        if self.revealed >> fish & 1 or self.phase == OVER:
            return True
        return seat is not None and bool(self.marked[seat] >> fish & 1)

    # ------------------------------------------------------------- the API hooks

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.decisions[-1] & KIND_MASK
        if phase == DEAL_FISH:
            # The next card comes from what is left of the deck.
            return list(_deal_odds(self.game.components.fish_values, tuple(sorted(self.fish))))
        if phase == LAY_AREAS:
            laid = tuple(sorted(self.areas))
            return list(_lay_odds(self.game.area_numbers(self.board), laid))
        if phase == START:
            return list(_start_odds(self.num_players))
        return list(_TREND_ODDS)

    def _legal_player_codes(self) -> list[int]:
        """``_legal_actions``' codes, ascending, listed from the bitmasks (``codes.py``):
        the code book numbers decisions in the order they are concatenated here."""
        book = self.game.code_book
        phase = self.decisions[-1] & KIND_MASK
        if phase == FISHER:
            return list(book.fisher)
        seat = self.to_move
        face_down = self.board.all_fish & ~self.revealed
        if phase == TURN:
            if not self._may_investigate_and_move(seat):
                return [book.finish]
            out = list(book.investigations[face_down & ~self.marked[seat]])
            if self._may_use_radar(seat):
                out += book.radars[face_down]
            if not self.radar_this_turn:
                out.append(book.finish)
            return out
        # MOVE: radars (coded below every move), then each boat's moves.
        out = list(book.radars[face_down]) if self._may_use_radar(seat) else []
        unanchored = ALL_AREAS & ~self.anchor_areas  # open_areas keeps to this board
        for b in range(BOATS):
            open_areas = self._open_areas(seat, b)
            if open_areas:
                anchorable = open_areas & unanchored if self._may_anchor_boat(seat, b) else 0
                out += book.moves(b, open_areas, anchorable)
        return out

    def _legal_actions(self) -> list[Action]:
        phase = self.decisions[-1] & KIND_MASK
        if phase < FISHER:
            return [a for a, _ in self._chance_outcomes()]
        seat = self.to_move
        if phase == FISHER:
            return list(_FISHER)
        out: list[Action] = []
        face_down = self.board.all_fish & ~self.revealed
        if phase == TURN:
            if not self._may_investigate_and_move(seat):
                return [_FINISH]
            out.extend(_investigations(self._investigable(seat)))
        else:  # MOVE: as can_anchor says, with the anchored areas found once
            anchored = self._anchored_areas()
            for b in range(BOATS):
                may_anchor = self._may_anchor_boat(seat, b)
                for a in self.boat_destinations(seat, b):
                    out.append(_MOVE[b][a][0])
                    if may_anchor and not anchored >> a & 1:
                        out.append(_MOVE[b][a][1])
        if self._may_use_radar(seat):
            out.extend(_radar_uses(face_down))
        if phase == TURN and not self.radar_this_turn:
            out.append(_FINISH)
        return out

    def _why_illegal(self, action: Action) -> str | None:
        phase = self.decisions[-1] & KIND_MASK
        if phase < FISHER:
            if any(action == a for a, _ in self._chance_outcomes()):
                return None
            return f"chance decides now ({PHASE_NAMES[phase]})"
        seat = self.to_move
        if phase == FISHER:
            if isinstance(action, act.ChooseFisherBoat) and 0 <= action.boat < BOATS:
                return None
            return "every player must first put the fisher on one of their boats"
        if phase == TURN and not self._may_investigate_and_move(seat):
            if isinstance(action, act.Finish):
                return None
            return "you must finish: " + self._why_must_finish(seat)
        if isinstance(action, act.UseRadar):
            if self.radars[seat] == 0:
                return "you have no radar left this round"
            if not self._may_use_radar(seat):
                return "the radar may be used only once per turn"
            if not 0 <= action.fish < self.board.num_fish:
                return f"there is no fish card {action.fish}"
            if self.revealed >> action.fish & 1:
                return "that fish card is already face up"
            return None
        if phase == TURN:
            if isinstance(action, act.Finish):
                # "At the start of your turn ... say 'Done!'": a turn that has used the
                # radar has begun, so it goes on to investigate and move.
                if self.radar_this_turn:
                    return "you may finish only at the start of your turn, before using the radar"
                return None
            if isinstance(action, act.Investigate):
                if not 0 <= action.fish < self.board.num_fish:
                    return f"there is no fish card {action.fish}"
                if self.revealed >> action.fish & 1:
                    return "that fish card is face up already"
                if self.marked[seat] >> action.fish & 1:
                    return "your marker is already by that fish card"
                return None
            return "a turn starts by investigating a fish card (or by finishing)"
        # MOVE
        if not isinstance(action, act.MoveBoat):
            return "after investigating you must move a boat"
        if not 0 <= action.boat < BOATS:
            return f"there is no boat {action.boat}"
        if not 0 <= action.area < self.board.num_areas:
            return f"there is no area {action.area}"
        if self.anchor_boat[seat] == action.boat:
            return "an anchored boat may no longer be moved"
        at = self.boat_at[seat * BOATS + action.boat]
        if at != DOCK and action.area not in self.board.adjacent[at]:
            return "a boat in an area moves only to an adjacent area (no diagonals)"
        if not self.can_enter(seat, action.boat, action.area):
            if self.boats_in(action.area) >= self.num_players:
                return f"that area already holds {self.num_players} boats"
            return "that area already has a fisher boat"
        if action.anchor and not self.can_anchor(seat, action.boat, action.area):
            if self.anchor_used[seat]:
                return "you have already dropped your anchor this round"
            if self.options.edition == "vi" and self.fisher_boat[seat] == action.boat:
                return "the fisher boat cannot be anchored"
            return "that area already has an anchor"
        return None

    def _apply(self, action: Action) -> None:
        top = self.decisions[-1]
        phase = top & KIND_MASK
        if phase < FISHER:
            self._apply_chance(phase, action)
            return
        # Player decisions, the commonest first. Events are built only by a state that
        # keeps them (the test is spelled out: search and playouts pay for no call).
        seat = top >> KIND_BITS
        if isinstance(action, act.MoveBoat):
            area = action.area
            boat_at = self.boat_at
            slot = seat * BOATS + action.boat
            origin = boat_at[slot]
            boat_at[slot] = area
            n = self.num_players
            if origin != DOCK and boat_at.count(origin) < n:
                self.full_areas &= ~(1 << origin)
            if boat_at.count(area) >= n:
                self.full_areas |= 1 << area
            if action.anchor:
                self.anchor_used[seat] = True
                self.anchor_boat[seat] = action.boat
                self.anchor_areas |= 1 << area
            if self._events is not None:
                self._emit(
                    ev.BoatMoved, seat, action.boat, origin, area, self.areas[area], action.anchor
                )
            del self.decisions[-1]  # the move: the turn is over
            self._next_turn()
        elif isinstance(action, act.Investigate):
            self.marked[seat] |= 1 << action.fish
            del self.decisions[-1]  # the investigation: the move beneath is pending
            if self._events is not None:
                # Only the investigator learns the value (Investigated.seen_by blanks it).
                self._emit(ev.Investigated, seat, action.fish, self.fish[action.fish])
        elif isinstance(action, act.Finish):
            self.finished[seat] = True
            if self._events is not None:
                self._emit(ev.SaidDone, seat)
            del self.decisions[-2:]  # "Done!" ends the turn: no move follows
            self._next_turn()
        elif isinstance(action, act.UseRadar):
            self.revealed |= 1 << action.fish
            self.radars[seat] -= 1
            self.radar_this_turn = True
            self._emit(ev.RadarUsed, seat, action.fish, self.fish[action.fish])
        else:
            assert isinstance(action, act.ChooseFisherBoat)
            self.fisher_boat[seat] = action.boat
            self._emit(ev.FisherPlaced, seat, action.boat)
            stack = self.decisions
            stack.pop()
            if not stack:  # every seat has chosen: the start player's turn
                stack += TURN_BY[self.start]

    def _apply_chance(self, phase: int, action: Action) -> None:
        if phase == DEAL_FISH:
            assert isinstance(action, act.DealFish)
            fish = self.fish
            p = fish.index(-1)
            if p == 0:
                if not self.history and self.options.start_player is not None:
                    self._announce_fixed_setup()
                self.fish_deal_start = len(self.history)  # where this action will be appended
            fish[p] = action.value
            if p == len(fish) - 1:
                # Face down: the event says that the cards lie there, never what they are.
                self._emit(ev.FishDealt, self.round, len(fish))
                self._after_setup()
        elif phase == LAY_AREAS:
            assert isinstance(action, act.LayArea)
            p = self.areas.index(-1)
            if p == 0 and not self.history and self.options.start_player is not None:
                self._announce_fixed_setup()
            self.areas[p] = action.number
            if p == len(self.areas) - 1:
                self._emit(ev.AreasLaid, self.round, tuple(self.areas))
                self.decisions[-1] = D_DEAL_FISH
        elif phase == START:
            assert isinstance(action, act.PickStartPlayer)
            self.first_start = self.start = self.to_move = action.seat
            self._emit(ev.StartPlayerChosen, action.seat)
            self.decisions.pop()
            self._begin_round()
        else:
            assert isinstance(action, act.RevealTrend)
            self.trend = action.trend
            self._emit(ev.TrendRevealed, action.trend)
            self._lay_areas()

    def _announce_fixed_setup(self) -> None:
        """Say what the options fixed before the first action (a chance action: the first
        area card or fish card) — the start player and, laid in printed order, the area
        cards — since the constructor records no events."""
        self._emit(ev.StartPlayerChosen, self.start)
        if self.options.area_layout == "ordered":
            self._emit(ev.AreasLaid, self.round, tuple(self.areas))

    def _is_barrier(self, action: Action) -> bool:
        # A look at a card or a radar reveal can never be taken back.
        return isinstance(action, (act.Investigate, act.UseRadar))

    def _clone(self) -> WhaleToLookState:
        new = WhaleToLookState.__new__(WhaleToLookState)
        new.game = self.game
        new.num_players = self.num_players
        new.options = self.options
        new.board = self.board
        new.round = self.round  # the decision stack is the base's to copy
        new.to_move = self.to_move
        new.start = self.start
        new.first_start = self.first_start
        new.trend = self.trend
        new.areas = self.areas.copy()
        new.fish = self.fish.copy()
        new.fish_deal_start = self.fish_deal_start
        new.revealed = self.revealed
        new.marked = self.marked.copy()
        new.boat_at = self.boat_at.copy()
        new.anchor_boat = self.anchor_boat.copy()
        new.anchor_used = self.anchor_used.copy()
        new.anchor_areas = self.anchor_areas
        new.full_areas = self.full_areas
        new.radars = self.radars.copy()
        new.radar_this_turn = self.radar_this_turn
        new.finished = self.finished.copy()
        new.fisher_boat = self.fisher_boat.copy()
        new.points = [self.points[0].copy(), self.points[1].copy()]
        new.results = self.results  # finished rounds are never changed, only appended to
        return new

    def _determinize(self, seat: int, rng: random.Random) -> WhaleToLookState:
        """Redeal the dealt fish cards ``seat`` has not seen from the cards it cannot place."""
        new = self.clone()
        unknown = [p for p, v in enumerate(self.fish) if v >= 0 and not self.knows(seat, p)]
        if not unknown:
            return new
        pool = list(self.game.components.fish_values)
        for p in range(len(self.fish)):
            if self.fish[p] >= 0 and p not in unknown:
                pool.remove(self.fish[p])
        rng.shuffle(pool)
        for p, value in zip(unknown, pool, strict=False):
            new.fish[p] = value
            # Keep the history consistent with the sample: it replays to this state.
            new.history[self.fish_deal_start + p] = act.DealFish(value)
        return new

    # --------------------------------------------------------------- outcome

    def scores(self) -> list[float]:
        return [float(self.points[0][s] + self.points[1][s]) for s in range(self.num_players)]

    TIE_BREAKS = ("round_2", "later_turn")
    """6. "the player with the higher score in round 2 ... the player who took their turn
    later" (later in round 2's turn order, which begins at its start player)."""

    def ranking(self) -> Ranking:
        """6. Most points; then the higher round-2 score; then whoever played later."""
        n = self.num_players
        p1, p2 = self.points
        return rank([(p1[s] + p2[s], p2[s], (s - self.start) % n) for s in range(n)])

    def winner(self) -> int | None:
        if self.phase != OVER:
            return None
        return self.ranking().order[0]

    def returns(self) -> list[float]:
        w = self.winner()
        return [1.0 if s == w else 0.0 for s in range(self.num_players)]

    def _result(self) -> Result:
        ranking = self.ranking()
        p1, p2 = self.points
        return Result(
            standings=tuple(
                Standing(
                    seat=s,
                    place=ranking.places[s],
                    winner=ranking.places[s] == 1,
                    score=p1[s] + p2[s],
                    breakdown=(("round_1", p1[s]), ("round_2", p2[s])),
                )
                for s in ranking.order
            ),
            score="total",
            tie_breaks=self.TIE_BREAKS,
            decided_by=None
            if ranking.decided_by is None
            else self.TIE_BREAKS[ranking.decided_by - 1],
        )

    # ----------------------------------------------------------- observation

    def _observation(self, seat: int | None) -> WhaleToLookObservation:
        """What ``seat`` may know (``None``: a spectator); every seat's points are public."""
        n = self.num_players
        seats: list[SeatRow] = [
            {
                "boats": self.boat_at[s * BOATS : (s + 1) * BOATS],
                "anchored_boat": self.anchor_boat[s],
                "anchor_used": self.anchor_used[s],
                "radars": self.radars[s],
                "markers_left": self.markers_left(s),
                "finished": self.finished[s],
                "fisher_boat": self.fisher_boat[s],
                "points": [self.points[0][s], self.points[1][s]],
            }
            for s in range(n)
        ]
        cp = self.current_player()
        return {
            "game": "whale-to-look",
            "edition": self.options.edition,
            "seat": seat,
            "num_players": n,
            "round": self.round,
            "phase": DECISION_KINDS.name(self.decisions[-1]),
            "to_move": cp if cp >= 0 else None,
            "scores": self.scores(),
            "start_player": self.start if self.phase != START else None,
            "trend": self.trend if self.round == 2 else None,
            "areas": [a if a >= 0 else None for a in self.areas],
            "fish": [self.fish[f] if self.knows(seat, f) else None for f in range(len(self.fish))],
            "revealed": [bool(self.revealed >> f & 1) for f in range(len(self.fish))],
            "markers": [
                [s for s in range(n) if self.marked[s] >> f & 1] for f in range(len(self.fish))
            ],
            "radar_used_this_turn": self.radar_this_turn,
            "players": seats,
            "results": [
                # Copies: a reader may change its observation, never a finished round.
                cast(ScoredRound, {k: list(v) if isinstance(v, list) else v for k, v in r.items()})
                for r in self.results
            ],
            "winner": self.winner(),
            "result": None,  # filled in by the core
        }
