"""Every rule of Survive: Escape from Atlantis! and its Giant Squid mini-expansion.

Facts come from the game's reference notes (setup §4, turn §5, creatures §6, end
§7, challenge rules §9) and the Giant Squid rulebook (rules 1–8 and its optional
rule; the squid helpers are in :mod:`~whaletable.games.survive.expansions.giant_squid`).
Where they are silent, the reading chosen is listed in ``notes.md`` ("Readings
chosen") and named in a comment here.

The state is flat: lists of ints indexed by space (``terrain``), explorer
(``ex_*``), boat (``boat_*``) and creature (``cr_hex``). Tile backs are not dealt
at setup: the back of a sunk tile is a chance outcome drawn from what is left of
its terrain's backs, which is the same as a hidden shuffle and leaves nothing
hidden on the board. What stays hidden is each explorer's value and each red
tile in hand; :meth:`SurviveState._determinize` redraws both.

The turn is kept as a decision stack (:mod:`whaletable.core.decisions`): the phase is
the top decision's kind, the movement points left are the pending ``MOVE`` decisions
and the seats still to be asked for a deterrent the pending ``DETER`` ones. What a
sub-decision needs beyond its kind and chooser (the creature moving, the space it
threatens, the tile being spent) stays in the ``p_*`` fields, which the end of the
interruption clears.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Container, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from whaletable.core.action import Action
from whaletable.core.decisions import KIND_BITS, KIND_MASK, DecisionKinds, decision
from whaletable.core.result import Ranking, Result, Standing, rank
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.core.state import StackedState
from whaletable.games.survive import layout
from whaletable.games.survive.actions import (
    CREATURE_FACES,
    DIVE,
    DIVE_MOVES,
    DIVE_PIECES,
    EFFECTS,
    GREEN_EFFECTS,
    RED_EFFECTS,
    TERRAINS,
    BoardBoat,
    Decline,
    EndMovement,
    JumpOverboard,
    LandOnSafeIsle,
    LayTile,
    MoveBoat,
    MoveCreature,
    MoveEmptyBoat,
    MoveExplorer,
    PickCreature,
    PickStartPlayer,
    PlaceBoat,
    PlaceExplorer,
    PlaceSquid,
    PlayTile,
    RevealBack,
    RollCreatureDie,
    RollDiveDice,
    SinkTile,
    TakePerson,
)
from whaletable.games.survive.components import BOARD, CENTRE, COMPONENTS, ISLE_NAMES, NUM_HEXES
from whaletable.games.survive.events import (
    BoatCameIn,
    BoatCapsized,
    BoatMoved,
    BoatPlaced,
    BoatSunk,
    CreatureCameIn,
    CreatureDieRolled,
    CreatureMoved,
    CreatureRemoved,
    DeterrentDeclined,
    DeterrentPlayed,
    DiveDiceRolled,
    EmptyBoatMoved,
    ExplorerBoarded,
    ExplorerJumped,
    ExplorerLost,
    ExplorerMoved,
    ExplorerPlaced,
    ExplorerSaved,
    GameOver,
    IslandLaid,
    NothingMoved,
    StartPlayerPicked,
    TilePlayed,
    TileRevealed,
    TileSunk,
    Whirlpool,
)
from whaletable.games.survive.expansions import giant_squid
from whaletable.games.survive.observation import (
    BoatView,
    CreatureView,
    ExplorerView,
    HandView,
    SunkView,
    SurviveObservation,
    SurviveOptionsView,
)

if TYPE_CHECKING:
    from whaletable.games.survive import Survive, SurviveOptions

# --- Pieces -------------------------------------------------------------------------
EXPLORERS_PER_SEAT = len(COMPONENTS.explorer_values)
MAX_PLAYERS = 4
MOVE_POINTS = 3
CAPACITY = COMPONENTS.boat_capacity
NUM_BOATS = COMPONENTS.boats_total
SAFETY_ROUNDS = 10
"""Rounds played after the last tile is gone before the game is stopped (see notes.md)."""

SEA, BEACH, FOREST, MOUNTAIN = 0, 1, 2, 3  # terrain[h]; terrain t is TERRAINS[t - 1]

# Explorer status.
UNPLACED, LAND, SWIM, BOAT, SAFE, LOST = range(6)
STATUS_NAMES = ("unplaced", "land", "swimming", "boat", "safe", "lost")

# A boat's or creature's place when it is not on a space.
SUPPLY = -1
GONE = -2

# Creatures: ids by kind, in one flat list.
SERPENT, SHARK, WHALE, SQUID, DOLPHIN = range(5)
KIND_NAMES = ("serpent", "shark", "whale", "squid", "dolphin")
_COUNTS = (
    COMPONENTS.serpents,
    COMPONENTS.sharks,
    COMPONENTS.whales,
    COMPONENTS.squids,
    COMPONENTS.dolphins,
)
_FIRST = tuple(sum(_COUNTS[:k]) for k in range(5))
CREATURES_OF = tuple(range(_FIRST[k], _FIRST[k] + _COUNTS[k]) for k in range(5))
NUM_CREATURES = sum(_COUNTS)
KIND = tuple(k for k in range(5) for _ in range(_COUNTS[k]))
REACH = (*(COMPONENTS.moves[name] for name in KIND_NAMES[:4]), 0)
"""Spaces each kind moves on the creature die (dolphins move only by the dive dice)."""
S0, S1 = _FIRST[SERPENT], _FIRST[SERPENT] + _COUNTS[SERPENT]
K0, K1 = _FIRST[SHARK], _FIRST[SHARK] + _COUNTS[SHARK]
W0, W1 = _FIRST[WHALE], _FIRST[WHALE] + _COUNTS[WHALE]
Q0, Q1 = _FIRST[SQUID], _FIRST[SQUID] + _COUNTS[SQUID]
D0, D1 = _FIRST[DOLPHIN], _FIRST[DOLPHIN] + _COUNTS[DOLPHIN]
DIVE_KINDS = {"serpent": SERPENT, "shark": SHARK, "whale": WHALE, "dolphin": DOLPHIN}
"""Challenge Rule 5: the creature each dive-die symbol moves ("boat" and "starfish" aside)."""

# Tile backs.
EFFECT_INDEX = {e: i for i, e in enumerate(EFFECTS)}
GREEN = frozenset(GREEN_EFFECTS)
GREEN_WITH_DOLPHINS = GREEN | {"dolphin"}
"""Challenge Rule 5: a dolphin tile is shown to all and brings a dolphin token."""
DETERRENT_OF = {SHARK: "shark-deterrent", WHALE: "whale-deterrent"}
MOVE_TILE_KIND = {"move-serpent": SERPENT, "move-shark": SHARK, "move-whale": WHALE}

# --- Kinds of decision on the stack (whaletable.core.decisions) --------------------------
# A turn (§5) is pushed as what it will ask, bottom first: the creature roll (step 4, a
# chance decision) under one MOVE decision per movement point (step 1). A move pops one;
# ending the movement pops the rest and, while tiles are left, pushes the sinking (step 2)
# whose tile pushes its reveal (step 3). A red tile, a creature to move, a deterrent to
# answer, a squid or a boat to board pushes its own sub-decision over the step it
# interrupts, and finishing it pops every sub-decision, so what lies beneath (a move, the
# roll, or nothing: the turn is over) says what comes next. The names are the
# observation's phases.
(
    START,
    LAY,
    PLACE_EXPLORERS,
    PLACE_BOATS,
    MOVE,
    TILE_MOVE,
    SINK,
    REVEAL,
    BOARDING,
    PLACE_SQUID,
    TAKE_PERSON,
    DETER,
    ROLL,
    PICK_CREATURE,
    MOVE_CREATURE,
    OVER,
) = range(16)
PHASE_NAMES = (
    "start",
    "lay-tiles",
    "place-explorers",
    "place-boats",
    "move",
    "tile-move",
    "sink",
    "reveal",
    "board",
    "place-squid",
    "take-person",
    "deter",
    "roll",
    "pick-creature",
    "move-creature",
    "over",
)
DECISION_KINDS = DecisionKinds(PHASE_NAMES)
_CHANCE_PHASES = frozenset((START, LAY, REVEAL, ROLL))
_SUB_DECISIONS = sum(
    1 << k
    for k in (BOARDING, PLACE_SQUID, TAKE_PERSON, DETER, PICK_CREATURE, MOVE_CREATURE, TILE_MOVE)
)
"""Bitmask of the kinds a step interrupted by a tile, creature or squid pushes; the end of
that interruption pops them all."""

# The decisions no seat makes, made once; a seat's are small ints in a table by kind and
# seat, so pushing and popping allocates nothing.
D_START = decision(START, CHANCE)
D_LAY = decision(LAY, CHANCE)
D_REVEAL = decision(REVEAL, CHANCE)
D_ROLL = decision(ROLL, CHANCE)
D_OVER = decision(OVER, TERMINAL)
BY = tuple(tuple(decision(kind, s) for s in range(MAX_PLAYERS)) for kind in range(len(PHASE_NAMES)))
"""``BY[kind][seat]``: the decision of ``kind`` that ``seat`` makes."""
TURN_BY = tuple((D_ROLL, *(BY[MOVE][s],) * MOVE_POINTS) for s in range(MAX_PLAYERS))
"""A seat's turn as pushed: its movement points over its creature roll."""
TILE_MOVE_BY = tuple((BY[TILE_MOVE][s],) * 3 for s in range(MAX_PLAYERS))
"""A dolphin or boat-move tile: "move 1-3 spaces", one pending decision per space."""

# --- Board facts the rules use ----------------------------------------------------------
NEIGHBOURS = BOARD.neighbours
STEP = BOARD.step
ISLAND = BOARD.island
ISLAND_SET = frozenset(ISLAND)
_DIRS = tuple(tuple((d, to) for d, to in enumerate(STEP[h]) if to >= 0) for h in range(NUM_HEXES))
"""Each space's (direction, neighbour) pairs on the board."""
NEAR_ISLAND = tuple(
    h
    for h in range(NUM_HEXES)
    if h not in ISLAND_SET and any(n in ISLAND_SET for n in NEIGHBOURS[h])
)
"""Sea spaces touching the island at setup: where starting boats may go."""
OUTER_RIM = frozenset(
    h for h in ISLAND if any(n not in ISLAND_SET and n != CENTRE for n in NEIGHBOURS[h])
)
"""Island slots on the outer rim: touching a sea space outside the island (Challenge Rule 1)."""
SQUID_SPACES = tuple(h for h in range(NUM_HEXES) if any(n in ISLAND_SET for n in NEIGHBOURS[h]))
"""Every space that can ever be a sea space next to a terrain tile."""


def sea_reach(
    terrain: Sequence[int],
    start: int,
    steps: int,
    blocked: Container[int],
    stops: Container[int] = (),
) -> list[int]:
    """The sea spaces a piece on ``start`` reaches in up to ``steps`` moves, in the order
    reached: never into ``blocked``, and no further once on a space of ``stops``."""
    seen = {start}
    out: list[int] = []
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for h in frontier:
            for to in NEIGHBOURS[h]:
                if terrain[to] or to in seen or to in blocked:
                    continue
                seen.add(to)
                out.append(to)
                if to not in stops:
                    nxt.append(to)
        frontier = nxt
    return out


def _isle_of(landing: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    out = [-1] * NUM_HEXES
    for isle, hexes in enumerate(landing):
        for h in hexes:
            out[h] = isle
    return tuple(out)


ISLE_AT = {"yellow": _isle_of(BOARD.landing), "touching": _isle_of(BOARD.landing_wide)}
"""``ISLE_AT[landing][h]``: the safe isle reached from space ``h``, or -1."""

# --- Every action, made once (legal lists hand out these very objects) -----------------
VALUES = tuple(sorted(set(COMPONENTS.explorer_values)))
MAX_EXPLORERS = EXPLORERS_PER_SEAT * MAX_PLAYERS
_START_P = tuple(PickStartPlayer(s) for s in range(MAX_PLAYERS))
_LAY = {t: LayTile(t) for t in TERRAINS}
_REVEAL = {e: RevealBack(e) for e in EFFECTS}
_ROLL = {f: RollCreatureDie(f) for f in CREATURE_FACES}
_PLACE_EX = {h: {v: PlaceExplorer(h, v) for v in VALUES} for h in ISLAND}
_PLACE_BOAT = {h: PlaceBoat(h) for h in NEAR_ISLAND}
_MOVE_EX = tuple(tuple(MoveExplorer(e, d) for d in range(6)) for e in range(MAX_EXPLORERS))
_BOARD = tuple(BoardBoat(e) for e in range(MAX_EXPLORERS))
_JUMP = tuple(JumpOverboard(e) for e in range(MAX_EXPLORERS))
_ASHORE = tuple(LandOnSafeIsle(e) for e in range(MAX_EXPLORERS))
_MOVE_BOAT = tuple(tuple(MoveBoat(b, d) for d in range(6)) for b in range(NUM_BOATS))
_END = EndMovement()
MAX_HAND = sum(row[EFFECTS.index(e)] for row in COMPONENTS.backs for e in RED_EFFECTS)
_PLAY = {e: tuple(PlayTile(e, i) for i in range(MAX_HAND)) for e in RED_EFFECTS}
# The movement phase's actions, laid out as the game's player codes are (see _movement).
_MOVEMENT_ACTIONS = SimpleNamespace(
    move_explorer=_MOVE_EX,
    board=_BOARD,
    jump=_JUMP,
    ashore=_ASHORE,
    move_boat=_MOVE_BOAT,
    end=_END,
    play=_PLAY,
)
_DECLINE = Decline()
_SINK = {h: SinkTile(h) for h in ISLAND}
_PLACE_SQUID = {h: PlaceSquid(h) for h in SQUID_SPACES}
_TAKE = tuple(TakePerson(e) for e in range(MAX_EXPLORERS))
_PICK = tuple(PickCreature(c) for c in range(NUM_CREATURES))
_MOVE_CR = tuple(MoveCreature(h) for h in range(NUM_HEXES))
_DIVE = {(p, f): RollDiveDice(p, f) for p in DIVE_PIECES for f in DIVE_MOVES}
_MOVE_EMPTY = tuple(tuple(MoveEmptyBoat(b, h) for h in range(NUM_HEXES)) for b in range(NUM_BOATS))


def all_actions() -> list[Action]:
    """Every distinct action, in codec order."""
    out: list[Action] = list(_START_P)
    out += _LAY.values()
    out += _REVEAL.values()
    out += _ROLL.values()
    out += [a for row in _PLACE_EX.values() for a in row.values()]
    out += _PLACE_BOAT.values()
    out += [a for row in _MOVE_EX for a in row]
    out += _BOARD
    out += _JUMP
    out += _ASHORE
    out += [a for row in _MOVE_BOAT for a in row]
    out.append(_END)
    out += [a for row in _PLAY.values() for a in row]
    out.append(_DECLINE)
    out += _SINK.values()
    out += _PLACE_SQUID.values()
    out += _TAKE
    out += _PICK[:D0]
    out += _MOVE_CR
    # Challenge Rule 5 came later: its actions follow, so earlier codes keep their numbers.
    out += _PICK[D0:]
    out += _DIVE.values()
    out += [a for row in _MOVE_EMPTY for a in row]
    return out


_FACE_ODDS = tuple(
    (_ROLL[f], COMPONENTS.die_faces.count(f) / len(COMPONENTS.die_faces))
    for f in CREATURE_FACES
    if f in COMPONENTS.die_faces
)


@functools.lru_cache(maxsize=8)
def _dive_odds(moves: str) -> tuple[tuple[Action, float], ...]:
    """Challenge Rule 5: both dive dice at once, for the movement die ``moves`` (option)."""
    pieces, faces = COMPONENTS.dive_pieces, COMPONENTS.dive_moves[moves]
    return tuple(
        (_DIVE[(p, f)], pieces.count(p) * faces.count(f) / (len(pieces) * len(faces)))
        for p in DIVE_PIECES
        if p in pieces
        for f in DIVE_MOVES
        if f in faces
    )


@functools.lru_cache(maxsize=64)
def _options_items(options: SurviveOptions) -> tuple[tuple[str, Any], ...]:
    return tuple(dataclasses.asdict(options).items())


def _options_json(options: SurviveOptions) -> SurviveOptionsView:
    """The options as JSON (made once per options value; a fresh dict every time)."""
    return cast(SurviveOptionsView, dict(_options_items(options)))


WHY_NOT: dict[type[Action], str] = {  # why a move of this kind is refused, where one reason
    BoardBoat: "a swimmer climbs only into a boat with room on its own space",
    JumpOverboard: "only a passenger can jump overboard",
    LandOnSafeIsle: "a safe isle is reached only from its landing spaces",
    PlaceExplorer: "that tile is taken, or you have no explorer of that value left",
    PlaceBoat: "boats go on vacant sea spaces next to the island",
    SinkTile: "sink beaches, then forests, then mountains, touching the sea",
    PlaceSquid: "the squid goes on a vacant sea space next to a terrain tile",
    TakePerson: "the squid takes a person from a neighbouring tile or from a boat in its space",
    PickCreature: "that creature is not of the rolled kind, or cannot move",
    MoveCreature: "the creature cannot reach that space",
}


class SurviveState(StackedState):
    """A game of Survive in progress (see the module docstring for the layout)."""

    __slots__ = (
        "_legal",
        "active",
        "boat_hex",
        "boat_pass",
        "boats_in_play",
        "cr_hex",
        "dive_roll",
        "ex_boat",
        "ex_hex",
        "ex_isle",
        "ex_status",
        "ex_value",
        "hands",
        "laid",
        "last_roll",
        "p_boats",
        "p_creature",
        "p_free",
        "p_kinds",
        "p_mover",
        "p_reach",
        "p_threat",
        "p_tile",
        "p_victims",
        "placed_at",
        "placed_count",
        "played",
        "pool",
        "revealing",
        "start",
        "sunk",
        "swam",
        "terrain",
        "tile_played",
        "tileless_turns",
        "to_move",
        "turn",
    )

    game: Survive
    options: SurviveOptions
    DECISION_KINDS = DECISION_KINDS

    def __init__(self, game: Survive, num_players: int, options: SurviveOptions) -> None:
        super().__init__(game, num_players, options)
        n = num_players
        self._legal: list[Action] | None = None
        self.decisions.append(D_START)
        # The seat to move is kept beside the stack (and always equal to its top's chooser
        # when a seat decides): setup passes it around the table and every action reads it.
        self.to_move = 0
        self.active = -1
        self.start = -1
        self.turn = 0
        self.terrain = [SEA] * NUM_HEXES
        self.laid = 0  # island slots laid so far (in ISLAND order)
        ne = n * EXPLORERS_PER_SEAT
        self.ex_status = [UNPLACED] * ne
        self.ex_hex = [-1] * ne
        self.ex_boat = [-1] * ne
        self.ex_value = [0] * ne
        self.ex_isle = [-1] * ne
        self.placed_at = [-1] * ne  # history index of each explorer's PlaceExplorer
        self.placed_count = [0] * n
        self.swam = 0  # bitmask of explorers that have swum this turn
        self.boat_hex = [SUPPLY] * NUM_BOATS
        self.boat_pass: list[list[int]] = [[] for _ in range(NUM_BOATS)]
        self.boats_in_play = 0
        self.cr_hex = [SUPPLY] * NUM_CREATURES
        for c, h in zip(CREATURES_OF[SERPENT], BOARD.serpent_starts, strict=True):
            self.cr_hex[c] = h  # setup 1: serpents on their five spaces
        self.pool = [list(row) for row in COMPONENTS.backs]  # backs left among unsunk tiles
        self.hands: list[list[tuple[int, str, int]]] = [[] for _ in range(n)]
        self.sunk: list[tuple[int, int, int, int]] = []  # (hex, terrain, seat, reveal index)
        self.played: frozenset[int] = frozenset()  # reveal indices of red tiles played
        self.revealing = -1  # the space whose back is about to be revealed
        self.last_roll = -1
        self.dive_roll: tuple[str, str] | None = None
        self.tile_played = False
        self.p_tile = ""  # the dolphin or boat-move tile being spent
        self.tileless_turns = 0
        self.p_creature = -1
        self.p_free = False  # a move-creature tile or the Dive face: anywhere unoccupied
        self.p_reach = 0  # a dive die's number (0: each kind's own reach on the creature die)
        self.p_boats = False  # the dive dice let an unoccupied boat move
        self.p_kinds: tuple[int, ...] = ()
        self.p_mover = -1
        self.p_threat = -1  # the space a deterrent answers for (the creature is p_creature)
        self.p_victims: tuple[int, ...] = ()

    # ============================================================ queries

    @property
    def moves_left(self) -> int:
        """The movement points of the turn not spent: its pending ``MOVE`` decisions
        (``list.count`` of the active seat's, as every one of them is that seat's)."""
        return self.decisions.count(BY[MOVE][self.active]) if self.active >= 0 else 0

    @property
    def tile_steps(self) -> int:
        """The spaces a dolphin or boat-move tile may still move: its pending decisions."""
        return self.decisions.count(BY[TILE_MOVE][self.active]) if self.active >= 0 else 0

    @property
    def p_askers(self) -> tuple[int, ...]:
        """The seats still to be asked for a deterrent, the one asked now first."""
        stack = self.decisions
        out: list[int] = []
        i = len(stack) - 1
        while i >= 0 and stack[i] & KIND_MASK == DETER:
            out.append(stack[i] >> KIND_BITS)
            i -= 1
        return tuple(out)

    def seat_of(self, explorer: int) -> int:
        return explorer // EXPLORERS_PER_SEAT

    def explorers_of(self, seat: int) -> range:
        return range(seat * EXPLORERS_PER_SEAT, (seat + 1) * EXPLORERS_PER_SEAT)

    def boat_at(self, hex_id: int) -> int:
        """The boat on a space, or -1 (one boat per space)."""
        try:
            return self.boat_hex.index(hex_id)
        except ValueError:
            return -1

    def controls(self, seat: int, boat: int) -> bool:
        """§4: an empty boat, or one where you have at least as many aboard as anyone."""
        aboard = self.boat_pass[boat]
        if not aboard:
            return True
        counts = [0] * self.num_players
        for e in aboard:
            counts[e // EXPLORERS_PER_SEAT] += 1
        return counts[seat] > 0 and counts[seat] == max(counts)

    def controllers(self, boat: int) -> list[int]:
        return [s for s in range(self.num_players) if self.controls(s, boat)]

    def swimmers_at(self, hex_id: int) -> list[int]:
        st, hx = self.ex_status, self.ex_hex
        return [e for e in range(len(st)) if st[e] == SWIM and hx[e] == hex_id]

    def people_on(self, hex_id: int) -> list[int]:
        """Explorers standing on the terrain tile at ``hex_id``."""
        st, hx = self.ex_status, self.ex_hex
        return [e for e in range(len(st)) if st[e] == LAND and hx[e] == hex_id]

    def isle_at(self, hex_id: int) -> int:
        return ISLE_AT[self.options.landing][hex_id]

    def _land_people(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        st, hx = self.ex_status, self.ex_hex
        for e in range(len(st)):
            if st[e] == LAND:
                out.setdefault(hx[e], []).append(e)
        return out

    def _occupied_boats(self) -> set[int]:
        bh, bp = self.boat_hex, self.boat_pass
        return {bh[b] for b in range(NUM_BOATS) if bh[b] >= 0 and bp[b]}

    def _taken(self) -> set[int]:
        """Spaces holding any piece: creature, boat or swimmer."""
        taken = {h for h in self.cr_hex if h >= 0}
        taken.update(h for h in self.boat_hex if h >= 0)
        st, hx = self.ex_status, self.ex_hex
        taken.update(hx[e] for e in range(len(st)) if st[e] == SWIM)
        return taken

    def tiles_left(self) -> int:
        return NUM_HEXES - self.terrain.count(SEA)

    # ============================================================ chance

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.decisions[-1] & KIND_MASK
        if phase == ROLL:
            if self.options.dolphins_and_diving_creatures:
                return list(_dive_odds(self.options.dive_die))
            return list(_FACE_ODDS)
        if phase == REVEAL:
            row = self.pool[self.terrain_revealing() - 1]
            total = sum(row)
            return [(_REVEAL[e], row[i] / total) for i, e in enumerate(EFFECTS) if row[i]]
        if phase == LAY:
            # Setup 2: the tiles not yet laid, shuffled onto the slots in reading order.
            terrain = self.terrain  # during setup only laid slots carry terrain
            left = [c - terrain.count(t + 1) for t, c in enumerate(COMPONENTS.terrain_counts)]
            ok = [t for t in range(3) if left[t]]
            if self.options.no_enclosed_tiles:
                # Building the island: a tile that would leave a beach or forest shut in by
                # higher tiles is put back (see layout.py).
                laid = tuple(terrain[ISLAND[i]] for i in range(self.laid))
                fits = layout.open_terrains(laid, tuple(left), self.options.centre_is_sea)
                ok = [t for t in ok if t + 1 in fits]
            total = sum(left[t] for t in ok)
            return [(_LAY[TERRAINS[t]], left[t] / total) for t in ok]
        p = 1.0 / self.num_players
        return [(_START_P[s], p) for s in range(self.num_players)]

    def terrain_revealing(self) -> int:
        return self.sunk[-1][1]

    # ============================================================ legal actions

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal.copy()

    def _generate(self) -> list[Action]:
        phase = self.decisions[-1] & KIND_MASK
        if phase in _CHANCE_PHASES:
            return [a for a, _ in self._chance_outcomes()]
        if phase == MOVE:
            return self._movement(_MOVEMENT_ACTIONS, in_code_order=False)
        if phase == MOVE_CREATURE:
            return [_MOVE_CR[h] for h in self.creature_destinations(self.p_creature)]
        if phase == SINK:
            return [_SINK[h] for h in self.sinkable()]
        if phase == PICK_CREATURE:
            picks: list[Action] = [_PICK[c] for c in self.movable_creatures()]
            for b in self.movable_empty_boats():
                row = _MOVE_EMPTY[b]
                picks.extend(row[h] for h in self.empty_boat_destinations(b))
            return picks
        if phase == PLACE_EXPLORERS:
            return self._placement_actions()
        if phase == PLACE_BOATS:
            taken = self._taken()
            return [_PLACE_BOAT[h] for h in NEAR_ISLAND if h not in taken]
        if phase == TILE_MOVE:
            return self._tile_move_actions()
        if phase == DETER:
            seat = self.to_move
            wanted = DETERRENT_OF[KIND[self.p_creature]]
            out: list[Action] = [
                _PLAY[wanted][i] for i, (_, e, _) in enumerate(self.hands[seat]) if e == wanted
            ]
            out.append(_DECLINE)
            return out
        if phase == TAKE_PERSON:
            return [_TAKE[e] for e in self.p_victims]
        if phase == PLACE_SQUID:
            return [_PLACE_SQUID[h] for h in self.squid_spaces()]
        if phase == BOARDING:
            return [_BOARD[e] for e in self.swimmers_at(self.revealing)]
        return []

    def _legal_player_codes(self) -> list[int]:
        """The codes of :meth:`_generate`'s decisions, ascending, named straight from the
        rules without building actions (the integer API's hook; the test kit holds it to
        the actions at every position it visits). Rare decisions take the base's way."""
        phase = self.decisions[-1] & KIND_MASK
        if phase == MOVE:
            return self._movement(self.game.player_codes, in_code_order=True)
        k = self.game.player_codes
        if phase == PLACE_EXPLORERS:
            values = sorted(set(self.values_left(self.to_move)))
            out: list[int] = []
            for h in self.placement_spaces():
                row = k.place_explorer[h]
                out.extend([row[v] for v in values])
            return out
        if phase == SINK:
            return [k.sink[h] for h in self.sinkable()]
        if phase == MOVE_CREATURE:
            return [k.move_creature[h] for h in self.creature_destinations(self.p_creature)]
        if phase == PICK_CREATURE:
            # Dolphins' picks are numbered after the other creatures' moves: sort the picks.
            picks = sorted([k.pick[c] for c in self.movable_creatures()])
            for b in self.movable_empty_boats():
                steps = k.move_empty_boat[b]
                picks.extend([steps[h] for h in self.empty_boat_destinations(b)])
            return picks
        if phase == PLACE_BOATS:
            taken = self._taken()
            return [k.place_boat[h] for h in NEAR_ISLAND if h not in taken]
        if phase == PLACE_SQUID:
            return [k.place_squid[h] for h in self.squid_spaces()]
        return super()._legal_player_codes()

    def _placement_actions(self) -> list[Action]:
        """Setup 5: one explorer at a time on an unoccupied tile (Rule 1: two inland)."""
        seat = self.to_move
        values = sorted(set(self.values_left(seat)))
        out: list[Action] = []
        for h in self.placement_spaces():
            row = _PLACE_EX[h]
            out.extend(row[v] for v in values)
        return out

    def placement_spaces(self) -> list[int]:
        count = [0] * NUM_HEXES
        for e, st in enumerate(self.ex_status):
            if st == LAND:
                count[self.ex_hex[e]] += 1
        if not self.options.densely_populated:
            return [h for h in ISLAND if count[h] == 0]
        # Challenge Rule 1: up to two per tile, one on the tiles "adjacent to sea spaces on
        # the outer rim of the island" (the centre sea space is inside the island, not rim).
        return [h for h in ISLAND if count[h] < (1 if h in OUTER_RIM else 2)]

    def values_left(self, seat: int) -> list[int]:
        left = list(COMPONENTS.explorer_values)
        for e in self.explorers_of(seat):
            if self.ex_status[e] != UNPLACED:
                left.remove(self.ex_value[e])
        return left

    def _movement(self, t: Any, in_code_order: bool) -> list[Any]:
        """The movement phase's choices from the table ``t`` of them (the actions, or the
        game's ``player_codes``): in the rules' order, or ``in_code_order``, ascending. The
        code space numbers explorer moves, boardings, jumps, landings, boat moves, the end
        and then red tiles, so in code order those kinds are gathered apart and joined."""
        seat = self.active
        out: list[Any] = []
        tiles: list[Any] = []
        if self.moves_left == MOVE_POINTS and not self.tile_played and self.hands[seat]:
            playable = self.playable_tiles(seat)
            hand = self.hands[seat]
            tiles = [t.play[e][i] for i, (_, e, _) in enumerate(hand) if e in playable]
            if not in_code_order:
                out += tiles
        # In the rules' order a boarding, a jump or a landing follows its explorer's moves.
        boards, jumps, ashore = ([], [], []) if in_code_order else (out, out, out)
        terrain = self.terrain
        st, hx = self.ex_status, self.ex_hex
        bh, bp = self.boat_hex, self.boat_pass
        isle = ISLE_AT[self.options.landing]
        room = {bh[b] for b in range(NUM_BOATS) if bh[b] >= 0 and len(bp[b]) < CAPACITY}
        swam = self.swam
        for e in self.explorers_of(seat):
            s = st[e]
            moves = t.move_explorer[e]
            if s == LAND:
                out.extend(moves)  # island slots are inland: all six neighbours exist
            elif s == SWIM:
                h = hx[e]
                if not swam >> e & 1:
                    out.extend([moves[d] for d, to in _DIRS[h] if not terrain[to]])
                if h in room:
                    boards.append(t.board[e])
                if isle[h] >= 0:
                    ashore.append(t.ashore[e])
            elif s == BOAT:
                h = hx[e]
                jumps.append(t.jump[e])
                out.extend([moves[d] for d, to in _DIRS[h] if to in room])
                if isle[h] >= 0:
                    ashore.append(t.ashore[e])
        if in_code_order:
            out += boards
            out += jumps
            out += ashore
        spaces = set(bh)
        squids = self.cr_hex[Q0:Q1]
        per = EXPLORERS_PER_SEAT
        for b in range(NUM_BOATS):
            h = bh[b]
            if h < 0:
                continue
            aboard = bp[b]
            if aboard:
                mine = sum(1 for e in aboard if e // per == seat)
                if not mine or (len(aboard) > 1 and not self.controls(seat, b)):
                    continue
            steps = t.move_boat[b]
            out.extend(
                [
                    steps[d]
                    for d, to in _DIRS[h]
                    if not terrain[to] and to not in spaces and not (aboard and to in squids)
                ]
            )
        out.append(t.end)
        if in_code_order and tiles:
            out += sorted(tiles)
        return out

    def _boat_steps(self, boat: int) -> list[MoveBoat]:
        """Boats move through sea, one per space; an occupied boat avoids squids (squid 6)."""
        bh = self.boat_hex
        h = bh[boat]
        terrain = self.terrain
        occupied = bool(self.boat_pass[boat])
        squids = self.cr_hex[Q0:Q1] if occupied else ()
        moves = _MOVE_BOAT[boat]
        return [
            moves[d] for d, to in _DIRS[h] if not terrain[to] and to not in bh and to not in squids
        ]

    def _swimmer_steps(self, e: int) -> list[MoveExplorer]:
        h = self.ex_hex[e]
        terrain = self.terrain
        moves = _MOVE_EX[e]
        return [moves[d] for d, to in _DIRS[h] if not terrain[to]]

    def playable_tiles(self, seat: int) -> list[str]:
        """Red tiles this seat may play now (deterrents only answer a creature)."""
        out: list[str] = []
        for _, effect, _ in self.hands[seat]:
            if effect in out or effect.endswith("deterrent"):
                continue
            if effect == "dolphin":
                ok = any(
                    self.ex_status[e] == SWIM and self._swimmer_steps(e)
                    for e in self.explorers_of(seat)
                )
            elif effect == "boat-move":
                ok = any(
                    self.boat_hex[b] >= 0 and self.controls(seat, b) and self._boat_steps(b)
                    for b in range(NUM_BOATS)
                )
            else:
                ok = bool(self._creatures_for_tile(MOVE_TILE_KIND[effect]))
            if ok:
                out.append(effect)
        return sorted(out)

    def _creatures_for_tile(self, kind: int) -> list[int]:
        kinds = self._kinds_for(kind)
        return [c for k in kinds for c in CREATURES_OF[k] if self.cr_hex[c] >= 0]

    def _kinds_for(self, kind: int) -> tuple[int, ...]:
        """Squid 2: "Whenever a Whale may be moved" a squid may move instead (optional rule:
        only squids). With no whale on the board no whale may be moved, so no squid either."""
        if kind != WHALE or not self.options.giant_squid:
            return (kind,)
        if self.options.squids_replace_whales:
            return (SQUID,)
        cr = self.cr_hex
        if not any(cr[c] >= 0 for c in range(W0, W1)):
            return (WHALE,)
        return (WHALE, SQUID)

    def _tile_move_actions(self) -> list[Action]:
        """Spending a dolphin (one swimmer) or a boat-move (one boat), one space at a time."""
        out: list[Action] = []
        seat = self.active
        mover = self.p_mover
        if self.p_tile == "dolphin":
            if mover >= 0:
                if self.ex_status[mover] == SWIM:
                    out.extend(self._swimmer_steps(mover))
            else:
                for e in self.explorers_of(seat):
                    if self.ex_status[e] == SWIM:
                        out.extend(self._swimmer_steps(e))
        elif mover >= 0:
            if self.boat_hex[mover] >= 0:
                out.extend(self._boat_steps(mover))
        else:
            for b in range(NUM_BOATS):
                if self.boat_hex[b] >= 0 and self.controls(seat, b):
                    out.extend(self._boat_steps(b))
        if mover >= 0:
            out.append(_END)
        return out

    def _touches_sea(self, h: int) -> bool:
        centre_ok = self.options.centre_is_sea
        terrain = self.terrain
        return any(not terrain[n] and (centre_ok or n != CENTRE) for n in NEIGHBOURS[h])

    def sinkable(self) -> list[int]:
        """§5.2: beaches, then forests, then mountains; touching the sea if any does."""
        terrain = self.terrain
        lowest = min(terrain[h] for h in ISLAND if terrain[h])
        tiles = [h for h in ISLAND if terrain[h] == lowest]
        touching = [h for h in tiles if self._touches_sea(h)]
        return touching or tiles

    def squid_spaces(self) -> list[int]:
        return giant_squid.placement_spaces(SQUID_SPACES, self.terrain, NEIGHBOURS, self._taken())

    def movable_creatures(self) -> list[int]:
        """Creatures of the rolled (or tile's) kinds that can move."""
        cr = self.cr_hex
        out = []
        for k in self.p_kinds:
            for c in CREATURES_OF[k]:
                if cr[c] >= 0 and self._can_move(c):
                    out.append(c)
        return out

    def movable_empty_boats(self) -> list[int]:
        """Challenge Rule 5: unoccupied boats the dive dice may move now."""
        if not self.p_boats:
            return []
        bh, bp = self.boat_hex, self.boat_pass
        return [
            b
            for b in range(NUM_BOATS)
            if bh[b] >= 0 and not bp[b] and self.empty_boat_destinations(b)
        ]

    def empty_boat_destinations(self, b: int) -> list[int]:
        """Where the dive dice may send unoccupied boat ``b``: up to the number through sea
        spaces without a boat, or (Dive) to any unoccupied sea space."""
        terrain = self.terrain
        if self.p_free:
            taken = self._taken()
            return [h for h in range(NUM_HEXES) if not terrain[h] and h not in taken]
        return sorted(sea_reach(terrain, self.boat_hex[b], self.p_reach, set(self.boat_hex)))

    def shown_backs(self) -> frozenset[str]:
        """Tile backs shown to everyone when revealed (Rule 5 adds the dolphin)."""
        return GREEN_WITH_DOLPHINS if self.options.dolphins_and_diving_creatures else GREEN

    def guarded(self, h: int) -> bool:
        """Challenge Rule 5: a dolphin on ``h`` guards the swimmers there."""
        return h in self.cr_hex[D0:D1]

    def _can_move(self, c: int) -> bool:
        """Whether creature ``c`` has a destination (cheaper than listing them)."""
        kind = KIND[c]
        if kind == SQUID or self.p_free:
            return True  # squid 3.5: staying put is a move; a tile finds free sea anywhere
        terrain = self.terrain
        if self.options.creature_stacking == "blocked":
            return bool(self.creature_destinations(c))
        return any(not terrain[to] for to in NEIGHBOURS[self.cr_hex[c]])

    def creature_destinations(self, c: int) -> list[int]:
        """Where creature ``c`` may go now: by the die (§6, squid 3) or a tile (anywhere free)."""
        terrain = self.terrain
        kind = KIND[c]
        if self.p_free:
            taken = self._taken()
            free = [h for h in range(NUM_HEXES) if not terrain[h] and h not in taken]
            if kind == SQUID:
                free.append(self.cr_hex[c])  # squid 3.5: staying put, however it is moved
                free.sort()
            return free
        start = self.cr_hex[c]
        cr = self.cr_hex
        st, hx = self.ex_status, self.ex_hex
        # The spaces where this kind's move ends (§6 "stops when it enters a space holding
        # something it can attack"; squid 3.4).
        if kind == DOLPHIN:
            stops = set()  # a dolphin attacks nothing, so nothing ends its move early
        elif kind in (SHARK, SERPENT):
            # Swimmers a dolphin guards cannot be attacked, so they do not stop it.
            dolphins = cr[D0:D1]
            stops = {hx[e] for e in range(len(st)) if st[e] == SWIM and hx[e] not in dolphins}
            if kind == SERPENT:
                stops |= self._occupied_boats()
        elif kind == WHALE:
            stops = self._occupied_boats()
            stops.update(cr[Q0:Q1])
        else:
            stops = giant_squid.stop_spaces(
                self._occupied_boats(), cr[W0:W1], self._land_people(), NEIGHBOURS
            )
        others: set[int] = set()
        if self.options.creature_stacking == "blocked":
            # Squid rules 4, 5 and 8 keep their meetings; otherwise one creature a space.
            # Dolphins share with everything (squid 8) and block nobody.
            kinds = (
                (SQUID,) if kind == SQUID else () if kind == DOLPHIN else (SERPENT, SHARK, WHALE)
            )
            others = {cr[o] for k in kinds for o in CREATURES_OF[k] if o != c and cr[o] >= 0}
        out = sea_reach(terrain, start, self.p_reach or REACH[kind], others, stops)
        if kind == SQUID:
            out.append(start)  # squid 3.5: staying put counts as its movement
        out.sort()
        return out

    # ============================================================ why illegal

    def _why_illegal(self, action: Action) -> str | None:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        for a in legal:
            if a is action:
                return None
        if action in legal:
            return None
        return self._reason(action)

    def _reason(self, action: Action) -> str:
        phase = self.decisions[-1] & KIND_MASK
        name = PHASE_NAMES[phase]
        if phase == LAY and isinstance(action, LayTile) and action.terrain in TERRAINS:
            return (
                f"no {action.terrain} tile can go on the next island slot: none is left, or "
                "the island could not then be finished without a beach or forest enclosed "
                "by higher tiles"
            )
        if phase in _CHANCE_PHASES:
            return f"chance decides now ({name})"
        expected = {
            PLACE_EXPLORERS: (PlaceExplorer, "place an explorer on an empty tile"),
            PLACE_BOATS: (PlaceBoat, "place a boat on a vacant sea space next to the island"),
            SINK: (SinkTile, "sink a tile"),
            PLACE_SQUID: (PlaceSquid, "bring the giant squid in next to the island"),
            TAKE_PERSON: (TakePerson, "pick the person the squid takes"),
            PICK_CREATURE: (PickCreature, "pick the creature that moves"),
            MOVE_CREATURE: (MoveCreature, "move the creature"),
            BOARDING: (BoardBoat, "pick who climbs into the new boat"),
        }
        if phase == PICK_CREATURE and isinstance(action, MoveEmptyBoat):
            if not self.p_boats:
                return "the dive dice did not let a boat move"
            return "only an unoccupied boat moves by the dive dice, as far as they say"
        if phase in expected:
            kind, what = expected[phase]
            if not isinstance(action, kind):
                return f"now you must {what}"
            return self._detail(action)
        if phase == DETER:
            if isinstance(action, PlayTile) and action.effect.endswith("deterrent"):
                return "you hold no such deterrent, or it does not answer this creature"
            return "now you may only play a deterrent or decline"
        if phase == TILE_MOVE:
            if isinstance(action, EndMovement):
                return "move the tile's piece at least one space first"
            if isinstance(action, MoveBoat) and self.p_tile == "boat-move":
                return (
                    "the tile moves a boat you control to a neighbouring sea space without a "
                    "boat (nor a squid, if anyone is aboard)"
                )
            return "spend the tile: move its swimmer or boat one sea space, or stop"
        # MOVE
        if isinstance(action, PlayTile):
            if self.moves_left < MOVE_POINTS or self.tile_played:
                return "a red tile is played at the start of your turn, one a turn"
            return "you hold no such tile that can be played now"
        if isinstance(action, (MoveExplorer, BoardBoat, JumpOverboard, LandOnSafeIsle)):
            e = action.explorer
            if not 0 <= e < len(self.ex_status) or self.seat_of(e) != self.active:
                return "you move only your own explorers"
            return self._detail(action)
        if isinstance(action, MoveBoat):
            b = action.boat
            if not 0 <= b < NUM_BOATS or self.boat_hex[b] < 0:
                return "there is no such boat at sea"
            if not self.controls(self.active, b):
                return "you do not control that boat"
            return (
                "a boat moves to a neighbouring sea space without a boat "
                "(nor a squid, if anyone is aboard)"
            )
        return "now you move your explorers and boats, or end your movement"

    def _detail(self, action: Action) -> str:
        if isinstance(action, MoveExplorer):
            e = action.explorer
            s = self.ex_status[e]
            if s == SWIM and self.swam >> e & 1:
                return "a swimmer swims only one space a turn"
            if s in (SWIM, BOAT):
                return (
                    "once in the sea an explorer never returns to land "
                    "(a passenger moves only into a boat with room)"
                )
            if s != LAND:
                return "that explorer is not on the board"
            return "there is no space in that direction"
        return WHY_NOT.get(type(action), "not possible now")

    # ============================================================ apply

    def _apply(self, action: Action) -> None:
        self._legal = None
        phase = self.decisions[-1] & KIND_MASK
        if phase == MOVE:
            self._apply_move(action)
        elif phase == MOVE_CREATURE:
            assert isinstance(action, MoveCreature)
            self._move_creature(action.to)
        elif phase == ROLL:
            if isinstance(action, RollDiveDice):
                self._roll_dive(action.piece, action.face)
            else:
                assert isinstance(action, RollCreatureDie)
                self._roll(action.creature)
        elif phase == SINK:
            assert isinstance(action, SinkTile)
            self._sink(action.hex)
        elif phase == REVEAL:
            assert isinstance(action, RevealBack)
            self._reveal(action.effect)
        elif phase == PICK_CREATURE:
            if isinstance(action, MoveEmptyBoat):
                # Challenge Rule 5: an unoccupied boat; nothing aboard for anything to strike.
                self._emit(
                    EmptyBoatMoved,
                    self.active,
                    action.boat,
                    self.boat_hex[action.boat],
                    action.to,
                )
                self.boat_hex[action.boat] = action.to
                self._resume()
            else:
                assert isinstance(action, PickCreature)
                self.p_creature = action.creature
                self.decisions[-1] = BY[MOVE_CREATURE][self.active]
        elif phase == LAY:
            assert isinstance(action, LayTile)
            self.terrain[ISLAND[self.laid]] = TERRAINS.index(action.terrain) + 1
            self.laid += 1
            if self.laid == len(ISLAND):
                if self._events is not None:
                    self._emit(IslandLaid, len(ISLAND))
                self.to_move = self.start
                self.decisions[-1] = BY[PLACE_EXPLORERS][self.start]
        elif phase == PLACE_EXPLORERS:
            assert isinstance(action, PlaceExplorer)
            self._place_explorer(action.hex, action.value)
        elif phase == PLACE_BOATS:
            assert isinstance(action, PlaceBoat)
            b = self._bring_boat(action.hex)
            self._emit(BoatPlaced, self.to_move, b, action.hex)
            if self.boats_in_play == COMPONENTS.boats_per_player * self.num_players:
                self.decisions.pop()  # the setup is over
                self._begin_turn(self.start)
            else:
                self.to_move = (self.to_move + 1) % self.num_players
                self.decisions[-1] = BY[PLACE_BOATS][self.to_move]
        elif phase == TILE_MOVE:
            self._apply_tile_move(action)
        elif phase == DETER:
            self._answer_threat(action)
        elif phase == TAKE_PERSON:
            assert isinstance(action, TakePerson)
            self._lose(action.explorer, "squid", self.p_creature)
            self._resume()
        elif phase == PLACE_SQUID:
            assert isinstance(action, PlaceSquid)
            self._place_squid(action.hex)
        elif phase == BOARDING:
            assert isinstance(action, BoardBoat)
            b = self.boat_at(self.revealing)
            self._emit(ExplorerBoarded, self.active, action.explorer, b, self.revealing)
            self._climb_in(action.explorer, b)
            if len(self.boat_pass[self.boat_at(self.revealing)]) == CAPACITY:
                self._resume()
        else:
            assert isinstance(action, PickStartPlayer)
            self.start = self.to_move = action.seat  # setup 4
            self._emit(StartPlayerPicked, action.seat)
            self.decisions[-1] = D_LAY
        # Challenge Rule 2: over when the last person has left the board.
        if (
            self.options.leave_no_one_behind
            and self.decisions[-1] != D_OVER
            and self.turn > 0
            and not any(s in (LAND, SWIM, BOAT) for s in self.ex_status)
        ):
            self.decisions.append(D_OVER)  # the end goes on top of whatever was pending
        if self.decisions[-1] == D_OVER and phase != OVER and self._events is not None:
            self._emit(self._game_over)

    def _game_over(self) -> GameOver:
        """§7: the end, with every explorer's value shown at last."""
        return GameOver(
            winners=tuple(self.winners()),
            scores=tuple(int(s) for s in self.scores()),
            values=tuple(self.ex_value),
            counting="saved" if self.options.everyone_is_equal else "values",
        )

    # --- setup ----------------------------------------------------------------------

    def _place_explorer(self, h: int, value: int) -> None:
        seat = self.to_move
        e = seat * EXPLORERS_PER_SEAT + self.placed_count[seat]
        self.placed_count[seat] += 1
        self.ex_status[e] = LAND
        self.ex_hex[e] = h
        self.ex_value[e] = value
        self.placed_at[e] = len(self.history)  # where this action is about to be appended
        self._emit(ExplorerPlaced, seat, e, h, value)
        n = self.num_players
        if sum(self.placed_count) == n * EXPLORERS_PER_SEAT:
            self.to_move = self.start
            self.decisions[-1] = BY[PLACE_BOATS][self.start]
            return
        nxt = (seat + 1) % n
        # Setup 5 ends early only if tiles run out (never with 40 tiles); a seat that
        # has placed all its explorers is skipped.
        while self.placed_count[nxt] == EXPLORERS_PER_SEAT:
            nxt = (nxt + 1) % n
        self.to_move = nxt
        self.decisions[-1] = BY[PLACE_EXPLORERS][nxt]
        if not self.placement_spaces():
            self.to_move = self.start
            self.decisions[-1] = BY[PLACE_BOATS][self.start]

    def _bring_boat(self, h: int) -> int:
        """A boat from the supply onto space ``h`` (-1 if the supply is empty)."""
        if self.boats_in_play >= NUM_BOATS:
            return -1
        b = self.boats_in_play
        self.boats_in_play += 1
        self.boat_hex[b] = h
        return b

    # --- turn flow --------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self.active = self.to_move = seat
        self.turn += 1
        self.decisions += TURN_BY[seat]  # §5: move, then (sink, reveal,) roll
        self.tile_played = False
        self.swam = 0
        self.last_roll = -1
        self.dive_roll = None

    def _end_turn(self) -> None:
        if not self.tiles_left():
            self.tileless_turns += 1
            if self.tileless_turns >= SAFETY_ROUNDS * self.num_players:
                self.decisions.append(D_OVER)
                return
        self._begin_turn((self.active + 1) % self.num_players)

    def _after_movement(self) -> None:
        """The movement's points are spent or given up: its pending moves are popped and,
        while tiles are left, the sinking goes over the roll."""
        stack = self.decisions
        while stack[-1] & KIND_MASK == MOVE:
            stack.pop()
        if self.tiles_left():
            stack.append(BY[SINK][self.active])
            self.to_move = self.active

    def _resume(self) -> None:
        """Go on with the turn after a sub-decision (creature, squid, boarding) is done."""
        self.p_creature = -1
        self.p_free = False
        self.p_reach = 0
        self.p_boats = False
        self.p_victims = ()
        self.p_threat = -1
        stack = self.decisions
        while stack and _SUB_DECISIONS >> (stack[-1] & KIND_MASK) & 1:
            stack.pop()
        self.to_move = self.active
        if not stack:  # the roll was the turn's last decision
            self._end_turn()
        elif stack[-1] & KIND_MASK == MOVE:  # a red tile played before moving
            self.p_kinds = ()
        elif self.options.atlantis_is_gone and not self.tiles_left():
            stack.append(D_OVER)  # Challenge Rule 4: the last tile is gone

    # --- movement ---------------------------------------------------------------------

    def _apply_move(self, action: Action) -> None:
        if isinstance(action, EndMovement):
            self._after_movement()
            return
        if isinstance(action, PlayTile):
            self._play_tile(action.effect, action.slot)
            return
        if isinstance(action, MoveExplorer):
            self._step_explorer(action.explorer, action.direction)
        elif isinstance(action, MoveBoat):
            self._step_boat(action.boat, action.direction)
        elif isinstance(action, BoardBoat):
            e = action.explorer
            h = self.ex_hex[e]
            b = self.boat_at(h)
            self._emit(ExplorerBoarded, self.active, e, b, h)
            self._climb_in(e, b)
            self._strike(h)
        elif isinstance(action, JumpOverboard):
            e = action.explorer
            self._emit(ExplorerJumped, self.active, e, self.ex_hex[e])
            self._leave_boat(e)
            self.ex_status[e] = SWIM
            self._strike(self.ex_hex[e])
        else:
            assert isinstance(action, LandOnSafeIsle)
            e = action.explorer
            isle = self.isle_at(self.ex_hex[e])
            self._emit(ExplorerSaved, self.active, e, ISLE_NAMES[isle])
            self._leave_boat(e)
            self.ex_status[e] = SAFE
            self.ex_isle[e] = isle
        stack = self.decisions
        stack.pop()  # a movement point spent
        if stack[-1] & KIND_MASK != MOVE:
            self._after_movement()

    def _step_explorer(self, e: int, d: int) -> bool:
        """Move explorer ``e`` one space; True if it ended aboard a boat."""
        st = self.ex_status[e]
        origin = self.ex_hex[e]
        to = STEP[origin][d]
        if st == LAND and self.terrain[to]:
            self.ex_hex[e] = to
            if self._events is not None:
                self._emit(ExplorerMoved, self.active, e, origin, to, -1)
            return False
        b = self.boat_at(to)
        aboard = False
        if st == BOAT:
            self._leave_boat(e)
            self._climb_in(e, b)
            aboard = True
        elif (
            b >= 0
            and len(self.boat_pass[b]) < CAPACITY
            and (st == LAND or self.options.swim_into_boats)
        ):
            self.ex_hex[e] = to
            self._climb_in(e, b)
            aboard = True
        else:
            self.ex_status[e] = SWIM
            self.ex_hex[e] = to
        if st != BOAT:
            # Entering the sea or swimming uses the turn's swim; so does a dolphin tile's move
            # (reading 33: the tile stretches the one space, it does not add to it).
            self.swam |= 1 << e
        if self._events is not None:
            self._emit(ExplorerMoved, self.active, e, origin, to, b if aboard else -1)
        self._strike(to)
        return aboard

    def _step_boat(self, b: int, d: int) -> None:
        origin = self.boat_hex[b]
        to = STEP[origin][d]
        self._emit(BoatMoved, self.active, b, origin, to)
        self.boat_hex[b] = to
        for e in self.boat_pass[b]:
            self.ex_hex[e] = to
        self._strike(to)

    def _climb_in(self, e: int, b: int) -> None:
        self.ex_status[e] = BOAT
        self.ex_boat[e] = b
        self.ex_hex[e] = self.boat_hex[b]
        self.boat_pass[b].append(e)

    def _leave_boat(self, e: int) -> None:
        b = self.ex_boat[e]
        if b >= 0:
            self.boat_pass[b].remove(e)
            self.ex_boat[e] = -1

    def _lose(self, e: int, cause: str, creature: int) -> None:
        """Explorer ``e`` leaves the game, to ``creature`` (of kind ``cause``) or a whirlpool."""
        self._emit(ExplorerLost, e, self.ex_hex[e], cause, creature)
        self._leave_boat(e)
        self.ex_status[e] = LOST
        self.ex_hex[e] = -1

    # --- creatures striking -------------------------------------------------------------

    def _strike(self, h: int) -> None:
        """§6: what the creatures on space ``h`` do to what is there now.

        Serpents sink occupied boats and eat everyone; whales capsize occupied boats
        (the people swim); sharks eat swimmers. Squids act only after their own move.
        """
        cr = self.cr_hex
        guarded = h in cr[D0:D1]  # Challenge Rule 5: a dolphin guards swimmers
        if h in cr[S0:S1]:
            serpent = cr.index(h, S0, S1)
            b = self.boat_at(h)
            if b >= 0 and self.boat_pass[b]:
                self._emit(BoatSunk, serpent, b, h)
                for e in list(self.boat_pass[b]):
                    self._lose(e, "serpent", serpent)
                self.boat_hex[b] = GONE
            if not guarded:
                for e in self.swimmers_at(h):
                    self._lose(e, "serpent", serpent)
            return
        if h in cr[W0:W1]:
            b = self.boat_at(h)
            if b >= 0 and self.boat_pass[b]:
                self._capsize(b, cr.index(h, W0, W1))
        if h in cr[K0:K1] and not guarded:
            shark = cr.index(h, K0, K1)
            for e in self.swimmers_at(h):
                self._lose(e, "shark", shark)

    def _capsize(self, b: int, whale: int) -> None:
        """A whale removes an occupied boat from the game; its people become swimmers."""
        if self._events is not None:
            self._emit(BoatCapsized, whale, b, self.boat_hex[b], tuple(self.boat_pass[b]))
        for e in self.boat_pass[b]:
            self.ex_status[e] = SWIM
            self.ex_boat[e] = -1
        self.boat_pass[b] = []
        self.boat_hex[b] = GONE

    def _whirlpool(self, h: int) -> None:
        """Everything at sea on ``h`` and the sea spaces around it leaves the game."""
        spaces = {h} | {n for n in NEIGHBOURS[h] if not self.terrain[n]}
        boats = [b for b in range(NUM_BOATS) if self.boat_hex[b] in spaces]
        if self._events is not None:
            self._emit(Whirlpool, h, tuple(boats))
        st, hx = self.ex_status, self.ex_hex
        for e in range(len(st)):
            if st[e] in (SWIM, BOAT) and hx[e] in spaces:
                self._lose(e, "whirlpool", -1)
        for b in boats:
            self.boat_hex[b] = GONE
        cr = self.cr_hex
        for c in range(NUM_CREATURES):
            if cr[c] in spaces:
                self._emit(CreatureRemoved, c, KIND_NAMES[KIND[c]], cr[c], "whirlpool")
                cr[c] = GONE  # squid 7: squids too

    def _come_in(self, kind: int, h: int) -> int:
        """A creature from the supply onto ``h``, said (-1 if none is left)."""
        c = self._place_creature(kind, h)
        if c >= 0 and self._events is not None:
            self._emit(CreatureCameIn, self.active, c, KIND_NAMES[kind], h)
        return c

    def _place_creature(self, kind: int, h: int) -> int:
        for c in CREATURES_OF[kind]:
            if self.cr_hex[c] == SUPPLY:
                self.cr_hex[c] = h
                return c
        return -1

    # --- sinking a tile -------------------------------------------------------------------

    def _sink(self, h: int) -> None:
        t = self.terrain[h]
        self.terrain[h] = SEA
        people = self.people_on(h)
        if self._events is not None:
            self._emit(TileSunk, self.active, h, TERRAINS[t - 1], tuple(people))
        for e in people:
            self.ex_status[e] = SWIM  # §5.1: the people drop into the sea
        self.sunk = [*self.sunk, (h, t, self.active, -1)]
        self.revealing = h
        self.decisions[-1] = D_REVEAL

    def _reveal(self, effect: str) -> None:
        h, t, seat, _ = self.sunk[-1]
        index = len(self.history)  # this action's place in the history
        self.sunk = [*self.sunk[:-1], (h, t, seat, index)]
        self.pool[t - 1][EFFECT_INDEX[effect]] -= 1
        self.decisions.pop()  # the reveal; the roll lies beneath
        self.to_move = self.active
        if self._events is not None:
            self._emit(TileRevealed, seat, h, TERRAINS[t - 1], effect, effect in self.shown_backs())
        if effect == "dolphin" and self.options.dolphins_and_diving_creatures:
            # Challenge Rule 5: shown to all, a dolphin token goes where the tile was, and
            # the tile leaves the game instead of going to the hand.
            self._come_in(DOLPHIN, h)
            self._resume()
            return
        if effect not in GREEN:
            self.hands[seat].append((t, effect, index))  # red: kept hidden for later
            self._resume()
            return
        if effect == "shark":
            self._come_in(SHARK, h)
            self._strike(h)
        elif effect == "whale":
            if not (self.options.giant_squid and self.options.squids_replace_whales):
                self._come_in(WHALE, h)
            if self.options.giant_squid and self._start_squid_placement():
                return  # squid 1: a squid comes with the whale
        elif effect == "boat":
            b = self._bring_boat(h)
            if b >= 0 and self._events is not None:
                self._emit(BoatCameIn, seat, b, h)
            swimmers = self.swimmers_at(h)
            if b >= 0 and swimmers:
                if len(swimmers) > CAPACITY:
                    # the revealer picks who climbs aboard
                    self.decisions.append(BY[BOARDING][self.active])
                    return
                for e in swimmers:
                    self._emit(ExplorerBoarded, seat, e, b, h)
                    self._climb_in(e, b)
        elif effect == "whirlpool":
            self._whirlpool(h)
        elif self.options.leave_no_one_behind or self.options.atlantis_is_gone:
            self._whirlpool(h)  # Challenge Rules 2 and 4: the volcano is a whirlpool
        else:
            self.decisions.append(D_OVER)  # §7: the volcano erupts
            return
        self._resume()

    # --- red tiles ------------------------------------------------------------------------

    def _take_from_hand(self, seat: int, slot: int) -> None:
        _, _, index = self.hands[seat].pop(slot)
        self.played = self.played | {index}

    def _play_tile(self, effect: str, slot: int) -> None:
        seat = self.active
        self._take_from_hand(seat, slot)
        self._emit(TilePlayed, seat, effect)
        self.tile_played = True
        if effect in MOVE_TILE_KIND:
            self.p_free = True
            self.p_kinds = self._kinds_for(MOVE_TILE_KIND[effect])
            self._start_creature_move()
            return
        self.decisions += TILE_MOVE_BY[seat]  # a dolphin or boat-move: 1–3 spaces
        self.p_tile = effect
        self.p_mover = -1

    def _apply_tile_move(self, action: Action) -> None:
        done = isinstance(action, EndMovement)
        if isinstance(action, MoveExplorer):
            self.p_mover = action.explorer
            aboard = self._step_explorer(action.explorer, action.direction)
            done = aboard or self.ex_status[action.explorer] != SWIM
        elif isinstance(action, MoveBoat):
            self.p_mover = action.boat
            self._step_boat(action.boat, action.direction)
            done = self.boat_hex[action.boat] < 0
        if not done:
            stack = self.decisions
            stack.pop()  # a space moved
            done = stack[-1] & KIND_MASK != TILE_MOVE
        if done:
            self.p_mover = -1
            self.p_tile = ""
            self._resume()

    # --- creatures moving -------------------------------------------------------------------

    def _roll(self, face: str) -> None:
        self._emit(CreatureDieRolled, self.active, face)
        self.last_roll = CREATURE_FACES.index(face)
        self.p_free = False
        self.p_kinds = self._kinds_for((SERPENT, SHARK, WHALE)[self.last_roll])
        self.decisions.pop()  # the roll, the turn's last step: its creature moves over nothing
        self._start_creature_move()

    def _roll_dive(self, piece: str, face: str) -> None:
        """Challenge Rule 5: the dive dice say which piece moves and how far."""
        self._emit(DiveDiceRolled, self.active, piece, face)
        self.dive_roll = (piece, face)
        self.p_free = face == DIVE
        self.p_reach = 0 if self.p_free else int(face)
        if piece == "boat":
            kinds: tuple[int, ...] = ()
        elif piece == "starfish":  # wild: any of the pieces the die names
            kinds = (SERPENT, SHARK, *self._kinds_for(WHALE), DOLPHIN)
        else:
            kinds = self._kinds_for(DIVE_KINDS[piece])
        self.p_kinds = kinds
        self.p_boats = piece in ("boat", "starfish")
        self.decisions.pop()  # the roll, the turn's last step: its creature moves over nothing
        self._start_creature_move()

    def _start_creature_move(self) -> None:
        """Pick the creature (if more than one can move), or move the only one."""
        self.to_move = self.active
        movable = self.movable_creatures()
        boats = self.movable_empty_boats()
        if not movable and not boats:
            self._emit(NothingMoved, self.active)
            self._resume()  # §6: none of that kind can move: nothing moves
        elif len(movable) == 1 and not boats:
            self.p_creature = movable[0]
            self.decisions.append(BY[MOVE_CREATURE][self.active])
        else:
            self.decisions.append(BY[PICK_CREATURE][self.active])

    def _move_creature(self, to: int) -> None:
        c = self.p_creature
        kind = KIND[c]
        self._emit(CreatureMoved, self.active, c, KIND_NAMES[kind], self.cr_hex[c], to)
        self.cr_hex[c] = to
        if kind == SQUID:
            self._squid_after_move(to)
            return
        if self.p_free or kind == DOLPHIN:
            self._resume()  # a tile moves creatures to unoccupied spaces: nothing to strike
            return
        threatened = self._threatened(kind, to)
        if threatened:
            self.p_threat = to
            # One deterrent decision per threatened seat, the first asked on top.
            stack = self.decisions
            stack.pop()
            stack.extend(BY[DETER][s] for s in reversed(threatened))
            self.to_move = threatened[0]
            return
        self._arrive(kind, to)

    def _threatened(self, kind: int, to: int) -> list[int]:
        """Seats (other than the mover, holding tiles) whose pieces the creature reaches."""
        n = self.num_players
        if kind == SHARK:
            swimmers = [] if self.guarded(to) else self.swimmers_at(to)
            seats = {e // EXPLORERS_PER_SEAT for e in swimmers}
        elif kind == WHALE:
            b = self.boat_at(to)
            seats = set(self.controllers(b)) if b >= 0 and self.boat_pass[b] else set()
        else:
            return []
        order = [(self.active + i) % n for i in range(1, n)]
        return [s for s in order if s in seats and self.hands[s]]

    def _answer_threat(self, action: Action) -> None:
        c, to = self.p_creature, self.p_threat
        if isinstance(action, PlayTile):
            self._take_from_hand(self.to_move, action.slot)
            self._emit(DeterrentPlayed, self.to_move, action.effect, c, KIND_NAMES[KIND[c]], to)
            self.cr_hex[c] = GONE  # the deterrent removes the creature; the people stay
            self._resume()
            return
        self._emit(DeterrentDeclined, self.to_move)
        stack = self.decisions
        stack.pop()
        if stack and stack[-1] & KIND_MASK == DETER:  # after the roll nothing lies beneath
            self.to_move = stack[-1] >> KIND_BITS
            return
        self._arrive(KIND[c], to)

    def _arrive(self, kind: int, to: int) -> None:
        if kind == WHALE:
            squids = self.cr_hex[Q0:Q1]
            if to in squids:
                for q in range(Q0, Q1):
                    if self.cr_hex[q] == to:
                        self._emit(CreatureRemoved, q, "squid", to, "whale")
                        self.cr_hex[q] = GONE  # squid 5.1: the whale removes the squid
        self._strike(to)
        self._resume()

    # --- the giant squid -------------------------------------------------------------------

    def _start_squid_placement(self) -> bool:
        if SUPPLY not in self.cr_hex[Q0:Q1] or not self.squid_spaces():
            return False
        self.decisions.append(BY[PLACE_SQUID][self.active])
        self.to_move = self.active
        return True

    def _place_squid(self, h: int) -> None:
        c = self._come_in(SQUID, h)
        self.p_creature = c
        self._squid_takes(h, passengers=False)

    def _squid_after_move(self, to: int) -> None:
        """Squid 4: remove a whale here, then take one person next to it or aboard here."""
        for w in range(W0, W1):
            if self.cr_hex[w] == to:
                self._emit(CreatureRemoved, w, "whale", to, "squid")
                self.cr_hex[w] = GONE
        self._squid_takes(to, passengers=True)

    def _squid_takes(self, h: int, *, passengers: bool) -> None:
        b = self.boat_at(h) if passengers else -1
        aboard = self.boat_pass[b] if b >= 0 else []
        victims = giant_squid.victims(h, NEIGHBOURS, self._land_people(), aboard)
        if len(victims) > 1:
            self.p_victims = tuple(victims)
            self.decisions[-1] = BY[TAKE_PERSON][self.active]  # over the squid's placing or move
            self.to_move = self.active
            return
        if victims:
            self._lose(victims[0], "squid", self.p_creature)
        self._resume()

    # ============================================================ clone, determinize

    def _clone(self) -> SurviveState:
        new = SurviveState.__new__(SurviveState)
        new.game = self.game
        new.num_players = self.num_players
        new.options = self.options
        new._legal = self._legal
        new.to_move = self.to_move
        new.active = self.active
        new.start = self.start
        new.turn = self.turn
        new.terrain = self.terrain.copy()
        new.laid = self.laid
        new.ex_status = self.ex_status.copy()
        new.ex_hex = self.ex_hex.copy()
        new.ex_boat = self.ex_boat.copy()
        new.ex_value = self.ex_value.copy()
        new.ex_isle = self.ex_isle.copy()
        new.placed_at = self.placed_at.copy()
        new.placed_count = self.placed_count.copy()
        new.swam = self.swam
        new.boat_hex = self.boat_hex.copy()
        new.boat_pass = [p.copy() for p in self.boat_pass]
        new.boats_in_play = self.boats_in_play
        new.cr_hex = self.cr_hex.copy()
        new.pool = [r.copy() for r in self.pool]
        new.hands = [h.copy() for h in self.hands]
        new.sunk = self.sunk  # replaced, never changed in place
        new.played = self.played
        new.revealing = self.revealing
        new.last_roll = self.last_roll
        new.dive_roll = self.dive_roll
        new.p_reach = self.p_reach
        new.p_boats = self.p_boats
        new.tile_played = self.tile_played
        new.p_tile = self.p_tile
        new.tileless_turns = self.tileless_turns
        new.p_creature = self.p_creature
        new.p_free = self.p_free
        new.p_kinds = self.p_kinds
        new.p_mover = self.p_mover
        new.p_threat = self.p_threat
        new.p_victims = self.p_victims
        return new

    def _determinize(self, seat: int, rng: random.Random) -> SurviveState:
        """Redraw what ``seat`` cannot know: other seats' explorer values and red tiles in hand.

        Values: each other seat's placed explorers get a uniformly random draw from
        its ten values (the rest are still to be placed). Tiles: each other seat's
        held tile is one of the red backs of its terrain that ``seat`` has not seen
        (not played, not in its own hand), drawn without replacement, which is the
        posterior of a uniform shuffle. The history is rewritten to match.
        """
        new = self.clone()
        if self.phase == OVER:
            return new
        new._legal = None
        history = new.history
        for s in range(self.num_players):
            if s == seat or not self.placed_count[s]:
                continue
            values = list(COMPONENTS.explorer_values)
            rng.shuffle(values)
            for j in range(self.placed_count[s]):
                e = s * EXPLORERS_PER_SEAT + j
                new.ex_value[e] = values[j]
                old = history[self.placed_at[e]]
                assert isinstance(old, PlaceExplorer)
                history[self.placed_at[e]] = _PLACE_EX[old.hex][values[j]]
        others = [s for s in range(self.num_players) if s != seat and self.hands[s]]
        shown = self.shown_backs()
        if others:
            for t in (1, 2, 3):
                unseen: list[str] = []
                for i, back in enumerate(EFFECTS):
                    if back not in shown:
                        unseen.extend([back] * COMPONENTS.backs[t - 1][i])
                for _h, tt, _, index in self.sunk:
                    if tt == t and index in self.played:
                        unseen.remove(self._effect_at(index))
                for tt, back, _ in self.hands[seat]:
                    if tt == t:
                        unseen.remove(back)
                slots = [
                    (s, i) for s in others for i, tile in enumerate(self.hands[s]) if tile[0] == t
                ]
                if not slots:
                    continue
                drawn = rng.sample(unseen, len(slots))
                for (s, i), effect in zip(slots, drawn, strict=True):
                    _, _, index = new.hands[s][i]
                    new.hands[s][i] = (t, effect, index)
                    history[index] = _REVEAL[effect]
            pool = [list(row) for row in COMPONENTS.backs]
            for _, t, _, index in new.sunk:
                if index >= 0:
                    pool[t - 1][EFFECT_INDEX[new._effect_at(index)]] -= 1
            new.pool = pool
        return new

    def _effect_at(self, index: int) -> str:
        action = self.history[index]
        assert isinstance(action, RevealBack)
        return action.effect

    def _is_barrier(self, action: Action) -> bool:
        return isinstance(action, PlayTile)  # a played tile is shown to everyone

    # ============================================================ outcome

    def saved(self, seat: int) -> int:
        return sum(1 for e in self.explorers_of(seat) if self.ex_status[e] == SAFE)

    def scores(self) -> list[float]:
        """§7: the values of your explorers on safe isles (Rule 3: how many are there)."""
        out = []
        for s in range(self.num_players):
            if self.options.everyone_is_equal:
                out.append(float(self.saved(s)))
            else:
                out.append(
                    float(
                        sum(
                            self.ex_value[e]
                            for e in self.explorers_of(s)
                            if self.ex_status[e] == SAFE
                        )
                    )
                )
        return out

    def tie_breaks(self) -> tuple[str, ...]:
        """§12.2 prints no tie-breaker: a tie is shared, unless option ``tie_break`` is
        ``most-saved`` (reading 2 in notes.md)."""
        return ("saved",) if self.options.tie_break == "most-saved" else ()

    def ranking(self) -> Ranking:
        """The highest score wins; then the tie-breaks; a tie after those is shared."""
        scores = self.scores()
        most_saved = bool(self.tie_breaks())
        return rank(
            [
                (int(scores[s]), self.saved(s)) if most_saved else (int(scores[s]),)
                for s in range(self.num_players)
            ]
        )

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return self.ranking().first

    def returns(self) -> list[float]:
        w = self.winners()
        if not w:
            return [0.0] * self.num_players
        return [1.0 / len(w) if s in w else 0.0 for s in range(self.num_players)]

    def _result(self) -> Result:
        ranking = self.ranking()
        scores = self.scores()
        tie_breaks = self.tie_breaks()
        lost = [
            sum(1 for e in self.explorers_of(s) if self.ex_status[e] == LOST)
            for s in range(self.num_players)
        ]
        values = [
            sum(self.ex_value[e] for e in self.explorers_of(s) if self.ex_status[e] == SAFE)
            for s in range(self.num_players)
        ]
        return Result(
            standings=tuple(
                Standing(
                    seat=s,
                    place=ranking.places[s],
                    winner=ranking.places[s] == 1,
                    score=int(scores[s]),
                    breakdown=(("saved", self.saved(s)), ("values", values[s]), ("lost", lost[s])),
                )
                for s in ranking.order
            ),
            score="score",
            tie_breaks=tie_breaks,
            decided_by=None if ranking.decided_by is None else tie_breaks[ranking.decided_by - 1],
        )

    # ============================================================ observation

    def _observation(self, seat: int | None) -> SurviveObservation:
        n = self.num_players
        over = self.phase == OVER
        st, hx, bo, isl, val = (
            self.ex_status,
            self.ex_hex,
            self.ex_boat,
            self.ex_isle,
            self.ex_value,
        )
        swam = self.swam
        explorers: list[ExplorerView] = []
        for e in range(len(st)):
            s = st[e]
            owner = e // EXPLORERS_PER_SEAT
            explorers.append(
                {
                    "id": e,
                    "seat": owner,
                    "status": STATUS_NAMES[s],
                    "hex": hx[e] if s in (LAND, SWIM, BOAT) else None,
                    "boat": bo[e] if s == BOAT else None,
                    "isle": ISLE_NAMES[isl[e]] if s == SAFE else None,
                    "value": val[e] if s != UNPLACED and (over or owner == seat) else None,
                    "swam": bool(swam >> e & 1),
                }
            )
        boats: list[BoatView] = []
        for b in range(NUM_BOATS):
            h = self.boat_hex[b]
            boats.append(
                {
                    "id": b,
                    "status": "sea" if h >= 0 else ("supply" if h == SUPPLY else "lost"),
                    "hex": h if h >= 0 else None,
                    "passengers": list(self.boat_pass[b]),
                    "controllers": self.controllers(b) if h >= 0 else [],
                }
            )
        creatures: list[CreatureView] = []
        for c in range(NUM_CREATURES):
            h = self.cr_hex[c]
            creatures.append(
                {
                    "id": c,
                    "kind": KIND_NAMES[KIND[c]],
                    "status": "sea" if h >= 0 else ("supply" if h == SUPPLY else "lost"),
                    "hex": h if h >= 0 else None,
                }
            )
        hands: list[HandView] = []
        for s in range(n):
            hand = self.hands[s]
            shown = over or s == seat
            hands.append(
                {
                    "count": len(hand),
                    "tiles": [
                        {"effect": e, "terrain": TERRAINS[t - 1]} if shown else None
                        for t, e, _ in hand
                    ],
                }
            )
        own_tiles = {index for _, _, index in self.hands[seat]} if seat is not None else set()
        public = self.shown_backs()
        sunk: list[SunkView] = []
        for h, t, s, index in self.sunk:
            effect = None
            if index >= 0:
                back = self._effect_at(index)
                if back in public or over or index in self.played or index in own_tiles:
                    effect = back
            sunk.append(
                {
                    "hex": h,
                    "terrain": TERRAINS[t - 1],
                    "seat": s,
                    "effect": effect,
                    "played": index in self.played,
                }
            )
        cp = self.current_player()
        # The values under the explorers are hidden until the end, and with them the
        # scores; under Challenge Rule 3 a score is the count of explorers saved, which
        # everyone sees on the safe isles.
        scores = self.scores() if over or self.options.everyone_is_equal else None
        phase = self.decisions[-1] & KIND_MASK
        obs: SurviveObservation = {
            "game": "survive",
            "seat": seat,
            "num_players": n,
            "options": _options_json(self.options),
            "phase": PHASE_NAMES[phase],
            "to_move": cp if cp >= 0 else None,
            "start_player": self.start if self.start >= 0 else None,
            "turn": self.turn,
            "active": self.active if self.active >= 0 else None,
            "moves_left": self.tile_steps if phase == TILE_MOVE else self.moves_left,
            "terrain": [TERRAINS[t - 1] if t else None for t in self.terrain],
            "explorers": explorers,
            "boats": boats,
            "creatures": creatures,
            "hands": hands,
            "sunk": sunk,
            "last_roll": CREATURE_FACES[self.last_roll] if self.last_roll >= 0 else None,
            "dive_roll": {"piece": self.dive_roll[0], "face": self.dive_roll[1]}
            if self.dive_roll
            else None,
            "pending": {
                "creature": self.p_creature if self.p_creature >= 0 else None,
                "kinds": [KIND_NAMES[k] for k in self.p_kinds]
                if phase in (PICK_CREATURE, MOVE_CREATURE)
                else [],
                "tile": self.p_tile or None,
                "mover": self.p_mover if self.p_mover >= 0 else None,
                "threat": {"creature": self.p_creature, "hex": self.p_threat}
                if phase == DETER
                else None,
                "victims": list(self.p_victims),
                "boats": self.movable_empty_boats() if phase == PICK_CREATURE else [],
            },
            "values_left": self.values_left(seat) if seat is not None and not over else None,
            "saved": [self.saved(s) for s in range(n)],
            "lost": [sum(1 for e in self.explorers_of(s) if st[e] == LOST) for s in range(n)],
            "scores": scores,
            "winners": self.winners() if over else None,
            "result": None,  # the core's to fill in
        }
        return obs
