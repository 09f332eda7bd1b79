"""Every rule of Save the Whales, in one place.

The rulebook's sections are quoted by name in the comments. The board, the dice, the
whale values and the cards are reconstructed data (``data/*.toml``); the readings
chosen where the rulebook is silent are listed in ``notes.md`` and marked "Reading:"
here.

How a turn runs: the seat whose turn it is may first save whales (while a whale
occupies MARINE MAMMAL PROTECTION ACT), names a whale if it has none, and rolls. The
dice are a chance action; the roll moves the whale or the Catcher Ship and the space
landed on may queue further steps (a payment, a card draw, a choice). Queued steps
run in order; a step that needs a decision or a chance outcome stops the flow until
it arrives. When nothing is queued, seats whose whale was saved or lost choose a new
one, then the next turn begins (the same seat again after doubles).

The turn is kept as a decision stack (:mod:`whaletable.core.decisions`). Its bottom is
the turn itself: ``TURN`` by the seat until it rolls, then the dice (a chance ``ROLL``),
then ``ROLLED`` (or ``ROLLED_DOUBLES``, another turn to come), which says the turn ends
once nothing is pending above it. A save started in the turn pushes ``PAY`` over
``TURN``; a queued step that waits pushes its decision (``PAY``, ``DRAW`` by chance,
``OWN_SPACE``, ``BARNACLE``, ``LEAVE_PATH``, ``TRADE``), which the action that completes
it pops. A seat whose whale is saved or lost has a ``CHOOSE`` decision slipped in just
above the bottom, under the ones already waiting, so the seats choose in the order their
whales left play once every step is done. The end goes on top of whatever was pending.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from whaletable.core.action import Action
from whaletable.core.decisions import KIND_BITS, KIND_MASK, DecisionKinds, decision
from whaletable.core.result import Result, Standing, Team
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.core.state import StackedState
from whaletable.games.save_the_whales.actions import (
    ChooseWhale,
    CollectSurvivalPoints,
    Done,
    DrawCard,
    LeavePath,
    MoveAnywhere,
    NameWhale,
    PassBarnacle,
    Pay,
    Refuse,
    Roll,
    SaveWhale,
    ThrowDice,
    TradePlaces,
)
from whaletable.games.save_the_whales.components import DECKS, WHALES, Card, Components
from whaletable.games.save_the_whales.events import (
    BarnacleGained,
    BarnacleLost,
    CardDrawn,
    DiceRolled,
    ExtraTurn,
    GameOver,
    Landed,
    LeftPath,
    MermaidCarried,
    MovedAnywhere,
    OfferDeclined,
    PassedPow,
    PaymentLeftToOthers,
    PenaltyPaid,
    PenaltyRefused,
    PenaltyUnpayable,
    PlacesTraded,
    SaveDeclined,
    SavePaid,
    SaveStarted,
    ShipSailed,
    ShipToPort,
    SlidDown,
    SurvivalPointsCollected,
    SurvivalPointsPaid,
    WentOntoPath,
    WhaleChosen,
    WhaleExtinct,
    WhaleMoved,
    WhaleNamed,
    WhaleProtected,
    WhaleSaved,
    WhaleSwam,
)
from whaletable.games.save_the_whales.observation import (
    DrawnCard,
    Payment,
    PlayerRow,
    SaveTheWhalesObservation,
    WhaleRow,
)
from whaletable.games.save_the_whales.payment import next_payer, pay_range

if TYPE_CHECKING:
    from whaletable.games.save_the_whales import SaveTheWhales, SaveTheWhalesOptions


MAX_SEATS = 6
NUM_WHALES = len(WHALES)
WHALE_INDEX = {w: i for i, w in enumerate(WHALES)}
SHIP = 0
"""The Catcher Ship face of a die."""

# --- Where a whale is -----------------------------------------------------------------
BOX = 0  # not yet brought into play
TRACK = 1  # on the main track
PATH = 2  # on the ENDANGERED SPECIES path
SAVED = 3  # in its NATURAL HABITAT
EXTINCT = 4  # in EXTINCT MARINE MAMMALS
STATUS_NAMES = ("box", "track", "path", "saved", "extinct")
PORT = -1  # the Catcher Ship in the WHALING PORT
ON_ITS_SPACE = -1  # the Magic Barnacle on THE MAGIC BARNACLE space

# --- Phases ------------------------------------------------------------------------------
CHOOSE = 0  # a seat selects a new whale
TURN = 1  # save whales, name a whale, roll
ROLL = 2  # chance: the dice
DRAW = 3  # chance: a card
PAY = 4  # a payment in progress
OWN_SPACE = 5  # collect 5 SPs or move anywhere
BARNACLE = 6  # the Magic Barnacle may be passed
LEAVE_PATH = 7  # whales on the path may come out
TRADE = 8  # CALVING SANCTUARY: trade places with a whale on the path
OVER = 9
# The bottom of the stack once the dice are thrown; never on top when a seat or chance
# decides, since the turn ends (or the game) as soon as nothing is pending above it.
ROLLED = 10  # the turn rolled: the next seat plays after it
ROLLED_DOUBLES = 11  # the turn rolled doubles: "A player rolling doubles gets another turn"
PHASE_NAMES = (
    "choose_whale",
    "turn",
    "roll",
    "draw",
    "pay",
    "own_space",
    "barnacle",
    "leave_path",
    "trade_places",
    "over",
)
"""The observation's ``phase``: the name of the top decision's kind."""

# --- Kinds of decision on the stack (whaletable.core.decisions) --------------------------
DECISION_KINDS = DecisionKinds((*PHASE_NAMES, "rolled", "rolled_doubles"))

# The decisions no seat makes, made once; a seat's come from a table by seat, so pushing
# and popping allocates nothing.
D_ROLL = decision(ROLL, CHANCE)
D_DRAW = decision(DRAW, CHANCE)
D_OVER = decision(OVER, TERMINAL)


def _by_seat(kind: int) -> tuple[int, ...]:
    return tuple(decision(kind, s) for s in range(MAX_SEATS))


CHOOSE_BY = _by_seat(CHOOSE)
TURN_BY = _by_seat(TURN)
PAY_BY = _by_seat(PAY)
OWN_SPACE_BY = _by_seat(OWN_SPACE)
BARNACLE_BY = _by_seat(BARNACLE)
LEAVE_PATH_BY = _by_seat(LEAVE_PATH)
TRADE_BY = _by_seat(TRADE)
ROLLED_BY = _by_seat(ROLLED)
ROLLED_DOUBLES_BY = _by_seat(ROLLED_DOUBLES)

# Every action object made once: the legal lists reuse them.
_CHOOSE = tuple(ChooseWhale(w) for w in WHALES)
_NAME = tuple(NameWhale(w) for w in WHALES)
_SAVE = tuple(SaveWhale(w) for w in WHALES)
_PASS = tuple(PassBarnacle(w) for w in WHALES)
_LEAVE = tuple(LeavePath(w) for w in WHALES)
_TRADE = tuple(TradePlaces(w) for w in WHALES)
_ROLL = Roll()
_REFUSE = Refuse()
_DONE = Done()
_COLLECT = CollectSurvivalPoints()

Step = tuple[Any, ...]
"""A queued step: ``("pay", whale, amount, reason, may_save)``, ``("draw", deck)``,
``("own", whale)``, ``("barnacle", whale)``, ``("leave", join_space)``, ``("trade", whale)``."""


def team_return(saved: int) -> float:
    """The team's payoff for ``saved`` whales: 1 for all eight, else ``saved/8 - 1``."""
    return 1.0 if saved == NUM_WHALES else saved / NUM_WHALES - 1.0


def dice_faces(numbers: tuple[int, ...], ship_face: str) -> tuple[int, ...]:
    """The six faces of one die: the Catcher Ship replaces the highest or lowest number."""
    kept = numbers[:-1] if ship_face == "six" else numbers[1:]
    return (SHIP, *kept)


def dice_odds(faces: tuple[int, ...]) -> tuple[tuple[ThrowDice, float], ...]:
    """The throws of two dice, unordered (``first <= second``), with their chances."""
    out = []
    sides = len(faces)
    ordered = sorted(faces)
    for i, a in enumerate(ordered):
        for b in ordered[i:]:
            p = (1 if a == b else 2) / (sides * sides)
            out.append((ThrowDice(a, b), p))
    return tuple(out)


class SaveTheWhalesState(StackedState):
    """A game of Save the Whales in progress.

    Per-whale data is kept in flat lists indexed by :data:`WHALES` order, per-seat
    data in lists indexed by seat; the queue of steps holds small tuples.
    """

    __slots__ = (
        "_legal",
        "barnacle",
        "card",
        "dice",
        "discard",
        "drawing",
        "extinct_order",
        "fresh",
        "join_space",
        "left",
        "mover",
        "offer",
        "owner",
        "paid",
        "payment",
        "pos",
        "queue",
        "saved_order",
        "ship",
        "sp",
        "status",
        "turn_seat",
        "turns",
        "whale_of",
    )

    game: SaveTheWhales
    options: SaveTheWhalesOptions
    DECISION_KINDS = DECISION_KINDS

    def __init__(self, game: SaveTheWhales, num_players: int, options: SaveTheWhalesOptions):
        super().__init__(game, num_players, options)
        c = game.components
        self.status = [BOX] * NUM_WHALES
        self.pos = [0] * NUM_WHALES
        self.owner = [-1] * NUM_WHALES
        self.whale_of = [-1] * num_players
        # Setting Up: "Each player takes 3 SPs to start the game."
        self.sp = [c.start_sp] * num_players
        self.ship = PORT
        self.barnacle = ON_ITS_SPACE
        # Per deck, as tuples replaced on every draw (clones share them).
        self.left: tuple[tuple[int, ...], ...] = tuple(tuple(range(len(c.cards[d]))) for d in DECKS)
        self.discard: tuple[tuple[int, ...], ...] = tuple(() for _ in DECKS)
        self.card: tuple[int, int] | None = None
        self.drawing = 0  # the deck a card is being drawn from
        self.dice: tuple[int, int] | None = None
        self.turns = 0
        self.turn_seat = 0
        self.mover = -1
        self.fresh = False
        self.queue: tuple[Step, ...] = ()
        # (whale, amount, reason, is_save, may_save, first): ``first`` is the seat asked
        # first, who alone may refuse a penalty (see :mod:`.payment`).
        self.payment: Step | None = None
        self.paid = 0
        self.offer: list[int] = []
        self.join_space = -1  # where whales leaving the path go (-1: slide down)
        self.saved_order: tuple[int, ...] = ()
        self.extinct_order: tuple[int, ...] = ()
        # "Each player selects one Whale and places it on POW to start the game."
        # Reading: "any player may go first"; seat 0 does, and the seats choose in order:
        # seat 0's turn at the bottom, each seat's choice above it, seat 0's on top.
        self.decisions.append(TURN_BY[0])
        self.decisions.extend(CHOOSE_BY[s] for s in reversed(range(num_players)))
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ queries

    @property
    def components(self) -> Components:
        return self.game.components

    @property
    def to_move(self) -> int:
        """Who makes the decision on top of the stack: a seat, CHANCE or TERMINAL."""
        return self.decisions[-1] >> KIND_BITS

    def active(self, w: int) -> bool:
        """ "Active Whales include all Whales on the board (in play)—except those in their
        NATURAL HABITAT or in EXTINCT MARINE MAMMALS."""
        s = self.status[w]
        return s in (TRACK, PATH)

    def active_whales(self) -> list[int]:
        return [w for w in range(NUM_WHALES) if self.status[w] == TRACK or self.status[w] == PATH]

    def on_path(self) -> list[int]:
        return [w for w in range(NUM_WHALES) if self.status[w] == PATH]

    def pool(self) -> int:
        """ "Players pool their SPs": what the team can pay together."""
        return sum(self.sp)

    def _occupant(self, kind: str) -> list[int]:
        space = self.components.first_of(kind)
        status, pos = self.status, self.pos
        return [w for w in range(NUM_WHALES) if pos[w] == space and status[w] == TRACK]

    def moratorium(self) -> bool:
        """ "Anytime a Whale occupies MORATORIUM, no other Whale can become extinct.\""""
        return bool(self._occupant("moratorium"))

    def protection_act(self) -> bool:
        """Saving is possible while any whale occupies MARINE MAMMAL PROTECTION ACT."""
        return bool(self._occupant("protection_act"))

    def in_safe_zone(self, w: int) -> bool:
        return self.status[w] == PATH and self.components.path[self.pos[w]].kind == "safe_zone"

    def whales_saved(self) -> int:
        return len(self.saved_order)

    def _queue(self, step: Step) -> None:
        self.queue += (step,)

    def _gain(self, seat: int, amount: int, source: str) -> None:
        if amount > 0:
            self.sp[seat] += amount
            self._emit(SurvivalPointsCollected, seat, amount, source)

    # -------------------------------------------------------- the flow of a turn

    def _advance(self) -> None:
        """Run queued steps until one needs a decision or chance; then end the move.

        The queue stays a tuple of steps beside the stack, not decisions on it: a step
        carries its whale, amount and reason, and most never ask anyone anything (the
        whale has gone, nothing is offered); it pushes a decision only when it waits."""
        stack = self.decisions
        while True:
            if self.queue:
                step, self.queue = self.queue[0], self.queue[1:]
                if self._run(step):
                    return
                continue
            # "When a player's Whale is saved or becomes extinct, that player selects
            # another new Whale to play, until all eight Whales have been brought into
            # the game." Their CHOOSE decisions wait above the turn's.
            if stack[-1] & KIND_MASK == CHOOSE:
                if BOX in self.status:
                    return
                del stack[1:]  # all eight are in play: nobody selects again
            status = self.status
            if TRACK not in status and PATH not in status and BOX not in status:
                # The game ends when every whale is saved or extinct.
                stack.append(D_OVER)
                self._emit(GameOver, self.whales_saved(), NUM_WHALES)
                return
            turn = stack[0] & KIND_MASK
            if turn != TURN:
                # "A player rolling doubles gets another turn—except when double Catcher
                # Ships are rolled." Play moves clockwise otherwise.
                if turn == ROLLED_DOUBLES:
                    self._emit(ExtraTurn, self.turn_seat)
                else:
                    self.turn_seat = (self.turn_seat + 1) % self.num_players
                self.fresh = True
                stack[0] = TURN_BY[self.turn_seat]
            self.mover = self.whale_of[self.turn_seat]
            return

    def _run(self, step: Step) -> bool:
        """Start one queued step; True when it waits for a decision or chance."""
        what = step[0]
        if what == "draw":
            self.decisions.append(D_DRAW)
            self.drawing = DECKS.index(step[1])
            return True
        if what == "leave":
            self.offer = self.on_path()
            if not self.offer:
                return False
            self.join_space = step[1]
            self.decisions.append(LEAVE_PATH_BY[self.turn_seat])
            return True
        w = step[1]
        if not self.active(w):
            return False  # saved or lost since the step was queued
        if what == "pay":
            amount, reason, may_save = step[2], step[3], step[4]
            # "the Whale in danger may be immediately saved ... if the correct number of
            # SPs are paid": the save needs the whale's value, not the penalty, so it is
            # offered even to a team that could not pay the penalty.
            can_save = may_save and self._may_save_instead(w)
            if amount == 0 and not can_save:
                # SPOTTED, PIRATE WHALERS: straight onto the path.
                self._to_path(w)
                return False
            if self.pool() < amount and not can_save:
                # "A player who is unable ... to pay a penalty must move his/her Whale
                # onto this path", "even with the help from the other players".
                self._emit(PenaltyUnpayable, WHALES[w], amount)
                self._unpaid(w)
                return False
            # "A player who is unable or unwilling to pay a penalty must move his/her Whale
            # onto this path ... (This can apply to any player, not just to the one whose
            # turn it is.)": the whale's player is asked first. Every whale in play has a
            # player; the turn's answers for one that has none.
            first = self.owner[w] if self.owner[w] >= 0 else self.turn_seat
            self.payment = (w, amount, reason, False, may_save, first)
            self.decisions.append(self._open_payment())
            return True
        if what == "own":
            if self.status[w] != TRACK or self.pos[w] != self.components.homes[w]:
                return False
            self.decisions.append(OWN_SPACE_BY[self.turn_seat])
            return True
        if what == "barnacle":
            self.offer = self._barnacle_offer(w)
            if not self.offer:
                return False
            self.decisions.append(BARNACLE_BY[self.turn_seat])
            return True
        assert what == "trade"
        self.offer = self.on_path()
        if not self.offer or self.status[w] != TRACK:
            return False
        self.join_space = w  # in this phase: the whale on CALVING SANCTUARY
        self.decisions.append(TRADE_BY[self.turn_seat])
        return True

    def _start_turn(self) -> None:
        """The first decision of a turn puts the last turn's card away."""
        if self.fresh:
            self.card = None
            self.fresh = False

    # ------------------------------------------------------------------ rolling

    def _throw(self, a: int, b: int) -> None:
        """Playing the Game; Activating the Catcher Ship; Rolling Double Catcher Ships."""
        self.turns += 1
        self.dice = (a, b)
        w = self.mover
        self._emit(DiceRolled, self.turn_seat, WHALES[w], a, b)
        if a == SHIP and b == SHIP:
            self._double_ships()
        elif a == SHIP or b == SHIP:
            steps = a or b
            # "one or more Whales must occupy the ENDANGERED SPECIES path before the
            # Catcher Ship is moved"; otherwise the whale moves by the number shown.
            if self.on_path():
                self._sail(steps)
            else:
                self._move(w, steps)
        else:
            self._move(w, a + b)

    def _double_ships(self) -> None:
        """ "If any player rolls double Catcher Ships while any Whale is on the path, the
        Whale in the path must move to EXTINCT MARINE MAMMALS": the one closest to the Ship.
        """
        on_path = self.on_path()
        if not on_path:
            return
        if self.moratorium():
            for w in on_path:
                self._emit(WhaleProtected, WHALES[w], "moratorium", "double_ships")
            return
        n = len(self.components.path)
        # Counted clockwise from the Ship's square; in port, from the square its first
        # step reaches (a whale there is the closest, one just behind the port the farthest).
        start = self.components.port_entry if self.ship == PORT else self.ship
        ahead = sorted(on_path, key=lambda w: ((self.pos[w] - start) % n, w))
        if self.options.double_ships == "closest_unprotected":
            # Reading: "If two or more players' Whales—without the Magic Barnacle—are in
            # the path": the closest whale that is not protected is lost.
            for w in ahead:
                if self._shielded(w):
                    self._emit(WhaleProtected, WHALES[w], self._shield(w), "double_ships")
                    continue
                self._extinct(w, "double_ships")
                return
            return
        w = ahead[0]
        if self._shielded(w):
            self._emit(WhaleProtected, WHALES[w], self._shield(w), "double_ships")
        else:
            self._extinct(w, "double_ships")

    def _shield(self, w: int) -> str:
        return "barnacle" if self.barnacle == w else "safe_zone"

    def _shielded(self, w: int) -> bool:
        """The Magic Barnacle's holder and a whale in a Safe Zone survive the Ship.

        Reading: "If the player's Whale holds the Magic Barnacle" is the endangered whale's
        barnacle, never the roller's ("If the holder rolls double Catcher Ships while
        another player's Whale is on the ... path ... the other player's Whale is not
        protected")."""
        return self.barnacle == w or self.in_safe_zone(w)

    def _sail(self, steps: int) -> None:
        """The Catcher Ship moves clockwise along the path; a whale where it stops is caught."""
        n = len(self.components.path)
        if self.ship == PORT:
            self.ship = (self.components.port_entry + steps - 1) % n
        else:
            self.ship = (self.ship + steps) % n
        self._emit(ShipSailed, steps, self.components.path[self.ship].above)
        for w in self.on_path():
            if self.pos[w] == self.ship:
                self._caught(w)

    def _caught(self, w: int) -> None:
        """ "If a Whale is on a space in the path and the Catcher Ship lands on it—or
        vice-versa" it becomes extinct, unless protected."""
        if self.moratorium():
            self._emit(WhaleProtected, WHALES[w], "moratorium", "ship")
        elif self._shielded(w):
            self._emit(WhaleProtected, WHALES[w], self._shield(w), "ship")
        else:
            self._extinct(w, "ship")

    # ------------------------------------------------------------------- moving

    def _move(self, w: int, steps: int) -> None:
        """Move a whale clockwise on the track or along the path, and land."""
        if self.status[w] == PATH:
            n = len(self.components.path)
            to = (self.pos[w] + steps) % n
            self.pos[w] = to
            self._emit(WhaleSwam, WHALES[w], self.components.path[to].above)
            self._land_on_path(w)
            return
        self._walk(w, steps)
        self._land(w)

    def _walk(self, w: int, steps: int) -> None:
        """Track movement; going forward onto or past POW pays the whale's player."""
        n = self.components.track_length
        start = self.pos[w]
        self.pos[w] = (start + steps) % n
        self._emit(WhaleMoved, WHALES[w], self.pos[w])
        if steps > 0 and start + steps >= n:
            # Reading: passing POW collects a few SPs (reconstructed amount).
            self._emit(PassedPow, WHALES[w])
            self._gain(self.turn_seat, self.components.pass_pow_sp, "pow")

    def _place(self, w: int, space: int) -> None:
        """Put a whale straight onto a track space (no passing POW on the way); the caller
        says how it got there."""
        self.status[w] = TRACK
        self.pos[w] = space

    def _land(self, w: int) -> None:
        """Landing on a main-track space (the spaces' rules, in the rulebook's words)."""
        c = self.components
        space = c.track[self.pos[w]]
        kind = space.kind
        holder = self.barnacle == w
        self._emit(Landed, WHALES[w], space.index)
        if kind == "whale":
            if space.index != c.homes[w]:
                return
            # "If a Whale is fortunate enough to land on its own space while holding the
            # Magic Barnacle it is automatically saved ... free!"
            if holder:
                self._save(w, free=True)
                return
            # "If you land on your own Whale space, you may collect 5 SPs or move anywhere."
            self._queue(("own", w))
        elif kind == "card":
            # "Players draw Game Cards upon landing on the OLD FATHER NEPTUNE and DAWN
            # O'DAY spaces."
            self._queue(("draw", space.deck))
        elif kind == "krill":
            if holder:
                self._ignored(w, kind)
            else:
                self._queue(("pay", w, -space.sp, kind, self._saves_instead_on(kind)))
        elif kind in ("oil_spill", "radioactive_waste"):
            # "The Magic Barnacle is lost ... if its holder lands on RADIOACTIVE WASTE
            # LEAKING or OIL SPILL. (The penalty must also be paid.)"
            if holder:
                self._lose_barnacle(w)
            self._queue(("pay", w, -space.sp, kind, self._saves_instead_on(kind)))
        elif kind in ("iwc", "floating_factory"):
            # Everyone pays; the holder ignores it only when it is the one that landed:
            # "If another Whale (not the holder) lands on FLOATING FACTORY or IWC ... the
            # Whale holding the Magic Barnacle must pay the penalty just as other players".
            payers = [w] + [x for x in self.active_whales() if x != w]
            for x in payers:
                if x == w and holder:
                    self._ignored(w, kind)
                    continue
                # Reading: "the Whale in danger" that may be saved instead is the lander;
                # option save_instead_for = "every_payer" extends it to every whale owing.
                lander = x == w or self.options.save_instead_for == "every_payer"
                self._queue(("pay", x, -space.sp, kind, lander and self._saves_instead_on(kind)))
        elif kind in ("pirate_whalers", "spotted"):
            # "If a Whale lands on SPOTTED BY A CATCHER SHIP or PIRATE WHALERS (only if the
            # Ship is out of the WHALING PORT)": PIRATE WHALERS' condition; option
            # ship_out_for = "both" makes it SPOTTED's too.
            if self.ship == PORT and (
                kind == "pirate_whalers" or self.options.ship_out_for == "both"
            ):
                return
            if holder:
                self._ignored(w, kind)
            else:
                # Going onto the path is this space's penalty: a payment of nothing that
                # may be "refused" (onto the path) or avoided by saving the whale.
                self._queue(("pay", w, 0, kind, self._saves_instead_on(kind)))
        elif kind == "calving_sanctuary":
            self._queue(("trade", w))
        elif kind == "polar":
            # "If another player's Whale lands on ARCTIC CIRCLE or ANTARCTICA, the
            # Whale(s) may come out and join the Whale which landed there."
            self._queue(("leave", space.index))
        elif kind == "magic_barnacle":
            # "A Whale gets it by landing on THE MAGIC BARNACLE space . . . if the Magic
            # Barnacle is there."
            if self.barnacle == ON_ITS_SPACE:
                self._give_barnacle(w)
        elif kind == "barnacle_passing":
            self._gain(self.turn_seat, space.sp, kind)
            self._queue(("barnacle", w))
        elif kind == "thar_she_blows":
            self._gain(self.turn_seat, space.sp, kind)
        # pow, protection_act and moratorium act by being occupied.

    def leave_path_to(self, w: int) -> int:
        """The track space whale ``w`` reaches if it comes out of the path now: joining the
        whale on ARCTIC CIRCLE / ANTARCTICA, or (a card) sliding down to the space under it."""
        return self.join_space if self.join_space >= 0 else self.components.path[self.pos[w]].above

    def _saves_instead_on(self, kind: str) -> bool:
        """Whether a whale landing on a penalty space of ``kind`` may be saved instead.

        Reading: "a space such as RADIOACTIVE WASTE or IWC" gives examples, so every bad
        space whose penalty a save avoids qualifies, going onto the path from SPOTTED or
        PIRATE WHALERS included. Option save_instead = "penalty_spaces" keeps the spaces
        that charge SPs, "named_spaces" the clause's two."""
        choice = self.options.save_instead
        if choice == "bad_spaces":
            return True
        if choice == "penalty_spaces":
            return kind not in ("spotted", "pirate_whalers")
        return kind in ("radioactive_waste", "iwc")

    def _ignored(self, w: int, what: str) -> None:
        self._emit(WhaleProtected, WHALES[w], "barnacle", what)

    def _land_on_path(self, w: int) -> None:
        """Landing on a path space: sliding down, the Ship, the Mermaid, the golden barnacles."""
        c = self.components
        p = c.path[self.pos[w]]
        under = c.track[p.above]
        # "If the Whale lands on the space directly above DAWN O'DAY, THAR SHE BLOWS!, or
        # that Whale's own space ... the Whale simply slides down into the main track
        # (even if the Catcher Ship is in the way)." Reading: any card space counts as
        # DAWN O'DAY only when it is one (option slide_down_on).
        if (
            (
                under.kind == "card"
                and (under.deck == "dawn" or self.options.slide_down_on == "any_card")
            )
            or under.kind == "thar_she_blows"
            or p.above == c.homes[w]
        ):
            self._emit(SlidDown, WHALES[w], p.above)
            self.status[w] = TRACK
            self.pos[w] = p.above
            return
        if self.ship == self.pos[w]:
            self._caught(w)
            if not self.active(w):
                return
        if p.kind == "mermaid":
            # "the space with the Mermaid on it (which allows it to move to THE MAGIC
            # BARNACLE space)"; landing there takes the barnacle if it is there.
            space = c.first_of("magic_barnacle")
            self._place(w, space)
            self._emit(MermaidCarried, WHALES[w], space)
            self._land(w)
        elif p.kind == "golden_barnacle":
            self._queue(("barnacle", w))

    def _to_path(self, w: int) -> None:
        """Onto the path: the path space directly above where the whale stands."""
        self.status[w] = PATH
        self.pos[w] = self.game.path_under[self.pos[w]]
        self._emit(WentOntoPath, WHALES[w], self.components.path[self.pos[w]].above)
        if self.ship == self.pos[w]:
            self._caught(w)

    # -------------------------------------------------------- saving and losing

    def _unpaid(self, w: int) -> None:
        """Unable or unwilling to pay: onto the path; already there, extinct."""
        if self.status[w] == TRACK:
            self._to_path(w)
            return
        # "If a player whose Whale is on the path cannot pay a penalty—even with the help
        # from the other players" it becomes extinct; MORATORIUM and the Safe Zones
        # ("always safe when occupied") still protect it, the Magic Barnacle does not
        # ("If the holder is on the path and cannot pay a penalty, it moves into EXTINCT").
        if self.moratorium():
            self._emit(WhaleProtected, WHALES[w], "moratorium", "unpaid")
        elif self.in_safe_zone(w):
            self._emit(WhaleProtected, WHALES[w], "safe_zone", "unpaid")
        else:
            self._extinct(w, "unpaid")

    def _extinct(self, w: int, cause: str) -> None:
        self.status[w] = EXTINCT
        self.extinct_order += (w,)
        self._emit(WhaleExtinct, WHALES[w], cause)
        if self.barnacle == w:
            self._lose_barnacle(w)
        self._retire(w)

    def _save(self, w: int, *, free: bool) -> None:
        """ "Whenever a Whale is saved, it is placed in its NATURAL HABITAT.\""""
        self.status[w] = SAVED
        self.saved_order += (w,)
        self._emit(WhaleSaved, WHALES[w], free)
        if self.barnacle == w:
            # "If a Whale holding the Magic Barnacle is saved ... (This is the best way
            # to lose it!)"
            self._lose_barnacle(w)
        self._retire(w)

    def _retire(self, w: int) -> None:
        seat = self.owner[w]
        if seat >= 0:
            self.whale_of[seat] = -1
            self.owner[w] = -1
            # Under the choices already waiting (the turn's own decision stays at the
            # bottom): the seats choose in the order their whales left play.
            self.decisions.insert(1, CHOOSE_BY[seat])

    def _lose_barnacle(self, w: int) -> None:
        self.barnacle = ON_ITS_SPACE
        self._emit(BarnacleLost, WHALES[w])

    def _give_barnacle(self, w: int) -> None:
        self.barnacle = w
        self._emit(BarnacleGained, WHALES[w])

    def _barnacle_offer(self, w: int) -> list[int]:
        """ "Anytime the holder lands on MIND IN THE WATERS, WHALE MIGRATION or on either of
        the two [golden barnacle] spaces, the Magic Barnacle can be passed to any other
        Whale. The reverse is also allowed: any Whale can receive the Magic Barnacle from
        the holder just by landing on any one of the spaces listed above."""
        if self.barnacle == w:
            return [x for x in self.active_whales() if x != w]
        if self.barnacle != ON_ITS_SPACE and self.active(self.barnacle):
            return [w]
        return []

    # -------------------------------------------------------------------- cards

    def _play_card(self, card: Card) -> None:
        """A drawn card's directions, for the whale this turn moves."""
        w = self.mover
        seat = self.turn_seat
        self._emit(CardDrawn, seat, card.deck, card.number)
        if not self.active(w):
            return
        effect = card.effect
        # "The holder can ignore the directions on all 'bad' Game Cards" — but the charm
        # "protects the Whale holding it—but only that Whale": what a bad card does to the
        # other whales (their share of a penalty for everyone, the Ship it sails) still
        # happens when the holder draws it.
        if card.bad and self.barnacle == w and effect not in ("everyone_pays", "ship_moves"):
            self._ignored(w, "card")
            return
        if effect == "collect":
            self._gain(seat, card.sp, "card")
        elif effect == "everyone_collects":
            for s in range(self.num_players):
                self._gain(s, card.sp, "card")
        elif effect == "pay":
            self._queue(("pay", w, card.sp, "card", False))
        elif effect == "everyone_pays":
            for x in [w] + [x for x in self.active_whales() if x != w]:
                if card.bad and x == self.barnacle:
                    # The rulebook's exceptions to the holder's protection are spaces
                    # (OIL SPILL, RADIOACTIVE WASTE, another whale on FLOATING FACTORY or
                    # IWC), never cards: the holder ignores its share whoever drew it.
                    self._ignored(x, "card")
                    continue
                self._queue(("pay", x, card.sp, "card", False))
        elif effect == "to_path":
            if self.status[w] == TRACK:
                self._to_path(w)
        elif effect == "leave_path":
            # "If a Game Card is drawn which permits the Whale to move out."
            self._queue(("leave", -1))
        elif effect == "ship_to_port":
            self.ship = PORT
            self._emit(ShipToPort)
        elif effect == "ship_moves":
            if self.on_path():
                self._sail(card.steps)
        elif effect == "take_barnacle":
            self._give_barnacle(w)
        elif self.status[w] == TRACK:  # the moving cards
            c = self.components
            if effect == "move":
                self._walk(w, card.steps)
            elif effect == "advance_to":
                target = c.first_of(card.to)
                self._walk(w, (target - self.pos[w]) % c.track_length)
            else:
                assert effect == "own_space"
                self._place(w, c.homes[w])
                self._emit(WhaleMoved, WHALES[w], c.homes[w])
            self._land(w)

    # ---------------------------------------------------------------- the hooks

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.decisions[-1] & KIND_MASK == ROLL:
            return list(self.game.dice_odds(self.options.ship_face))
        deck = DECKS[self.drawing]
        left = self.left[self.drawing]
        p = 1.0 / len(left)
        return [(self.game.draw_actions[deck][i], p) for i in left]

    def _legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_legal()
        return list(self._legal)

    def _list_legal(self) -> list[Action]:
        phase = self.decisions[-1] & KIND_MASK
        if phase in (ROLL, DRAW):
            return [a for a, _ in self._chance_outcomes()]
        if phase == CHOOSE:
            return [_CHOOSE[w] for w in range(NUM_WHALES) if self.status[w] == BOX]
        if phase == TURN:
            out: list[Action] = []
            if self.whale_of[self.turn_seat] < 0:
                out.extend(_NAME[w] for w in self.active_whales())
            else:
                out.append(_ROLL)
            if self.protection_act():
                pool = self.pool()
                values = self.components.values
                out.extend(_SAVE[w] for w in self.active_whales() if values[w] <= pool)
            return out
        if phase == PAY:
            assert self.payment is not None
            w, amount, _, _, may_save, _ = self.payment
            low, high = self._pay_range()
            pay = self.game.pay
            out = [pay[k] for k in range(low, high + 1)] if amount > 0 else []
            if self._may_refuse():
                out.append(_REFUSE)
                if may_save and self._may_save_instead(w):
                    out.append(_SAVE[w])
            return out
        if phase == OWN_SPACE:
            here = self.pos[self.mover]
            out = [_COLLECT]
            out.extend(
                self.game.move_anywhere[s] for s in range(self.components.track_length) if s != here
            )
            return out
        table = _PASS if phase == BARNACLE else _LEAVE if phase == LEAVE_PATH else _TRADE
        out = [table[w] for w in self.offer]
        out.append(_DONE)
        return out

    def _legal_player_codes(self) -> list[int]:
        """The codes of :meth:`_list_legal`'s decisions, ascending, named straight from
        the rules without building actions (the integer API's hook; the test kit holds
        it to the actions at every position it visits)."""
        codes = self.game.player_codes
        phase = self.decisions[-1] & KIND_MASK
        if phase == CHOOSE:
            status = self.status
            return [codes.choose[w] for w in range(NUM_WHALES) if status[w] == BOX]
        if phase == TURN:
            if self.whale_of[self.turn_seat] < 0:
                out = [codes.name[w] for w in self.active_whales()]
            else:
                out = [codes.roll]
            if self.protection_act():
                pool = self.pool()
                values = self.components.values
                out.extend([codes.save[w] for w in self.active_whales() if values[w] <= pool])
            return out
        if phase == PAY:
            assert self.payment is not None
            w, amount, _, _, may_save, _ = self.payment
            may_refuse = self._may_refuse()
            save_instead = may_refuse and may_save and self._may_save_instead(w)
            # The codes ascend save < pay < refuse: a save instead comes first here.
            out = [codes.save[w]] if save_instead else []
            if amount > 0:
                low, high = self._pay_range()
                out.extend(codes.pay[low : high + 1])
            if may_refuse:
                out.append(codes.refuse)
            return out
        if phase == OWN_SPACE:
            here = self.pos[self.mover]
            out = [codes.collect]
            out.extend([c for s, c in enumerate(codes.move_anywhere) if s != here])
            return out
        if phase == BARNACLE:
            table = codes.pass_barnacle
        else:
            table = codes.leave_path if phase == LEAVE_PATH else codes.trade_places
        out = [table[w] for w in self.offer]  # offers list whales ascending
        out.append(codes.done)
        return out

    def _chance_outcome_codes(self) -> tuple[list[int], list[tuple[int, float]]]:
        """:meth:`_chance_outcomes` as chance codes, without building the pairs of actions."""
        if self.decisions[-1] & KIND_MASK == ROLL:
            return self.game.dice_codes(self.options.ship_face)
        left = self.left[self.drawing]
        row = self.game.draw_codes[self.drawing]
        p = 1.0 / len(left)
        codes = [row[i] for i in left]
        return codes, [(c, p) for c in codes]

    def _open_payment(self) -> int:
        """The first decision of the payment just set: its first seat's, unless that seat has
        nothing to decide (no SPs, on a save it cannot refuse); then the next seat with SPs."""
        assert self.payment is not None
        first, is_save = self.payment[5], self.payment[3]
        self.paid = 0
        if is_save and self.sp[first] == 0:
            return PAY_BY[next_payer(self.sp, first, first)]
        return PAY_BY[first]

    def _pay_range(self) -> tuple[int, int]:
        """The fewest and most SPs the seat asked may put in now (see :mod:`.payment`)."""
        assert self.payment is not None
        seat = self.decisions[-1] >> KIND_BITS
        return pay_range(self.sp, self.payment[5], seat, self.payment[1] - self.paid)

    def _may_refuse(self) -> bool:
        """A penalty may be refused (or the whale saved instead) by the seat asked first,
        before anything is paid; a save, once started, is paid in full."""
        assert self.payment is not None
        seat = self.decisions[-1] >> KIND_BITS
        return not self.payment[3] and self.paid == 0 and seat == self.payment[5]

    def _may_save_instead(self, w: int) -> bool:
        """ "If a Whale lands on a space such as RADIOACTIVE WASTE or IWC (while another
        Whale occupies MARINE MAMMAL PROTECTION ACT), the Whale in danger may be
        immediately saved ... thereby avoiding the penalty of that space.\""""
        others = [x for x in self._occupant("protection_act") if x != w]
        return bool(others) and self.pool() >= self.components.values[w]

    def _why_illegal(self, action: Action) -> str | None:
        phase = self.decisions[-1] & KIND_MASK
        if phase == ROLL:
            if action in self.game.dice_set(self.options.ship_face):
                return None
            return self._reason(action)
        if phase == DRAW:
            if (
                type(action) is DrawCard
                and action.deck == DECKS[self.drawing]
                and action.card in self.left[self.drawing]
            ):
                return None
            return self._reason(action)
        if self._legal is None:
            self._legal = self._list_legal()
        if action in self._legal:
            return None
        return self._reason(action)

    def _reason(self, action: Action) -> str:
        """Why an action that is not legal now is not (for the message)."""
        phase = self.phase
        if phase == ROLL:
            return "the dice decide now"
        if phase == DRAW:
            return "a card is being drawn: chance decides now"
        if isinstance(action, (ThrowDice, DrawCard)):
            return "that is chance's action, not a player's"
        name = PHASE_NAMES[phase]
        if phase == CHOOSE:
            if isinstance(action, ChooseWhale):
                return "that whale is already in play (or was saved or lost)"
            return "a seat must first select a new whale"
        if phase == TURN:
            if isinstance(action, SaveWhale):
                if not self.protection_act():
                    return "no whale occupies MARINE MAMMAL PROTECTION ACT"
                w = WHALE_INDEX.get(action.whale, -1)
                if w < 0 or not self.active(w):
                    return "only an active whale can be saved"
                return (
                    f"saving it takes {self.components.values[w]} SPs; the team has {self.pool()}"
                )
            if isinstance(action, NameWhale):
                if self.whale_of[self.turn_seat] >= 0:
                    return "you have a whale of your own to move"
                return "name an active whale"
            if isinstance(action, Roll):
                return "name the whale you will move before rolling"
            return "roll the dice (or save a whale)"
        if phase == PAY:
            if isinstance(action, Pay) and self.payment is not None:
                if self.payment[1] == 0:
                    return (
                        "there is nothing to pay: save the whale instead, or refuse and it "
                        "goes onto the path"
                    )
                low, high = self._pay_range()
                if low > high:
                    return (
                        f"the team has {self.pool()} SPs and cannot pay {self.payment[1]}: "
                        "save the whale instead or refuse"
                    )
                if action.amount > high:
                    return f"you may put in at most {high} SP of your own now"
                return f"put in at least {low} SP: the players asked after you cannot pay the rest"
            if isinstance(action, Refuse):
                if self.payment is not None and self.payment[3]:
                    return "a save, once started, is paid in full"
                if self.paid == 0:
                    return "only the player asked first may refuse, before anything is paid"
                return "the payment has begun: it is paid in full"
            if isinstance(action, SaveWhale):
                return "this whale cannot be saved instead of paying now"
            return "a payment is in progress: pay SPs or refuse"
        if phase == OWN_SPACE:
            if isinstance(action, MoveAnywhere):
                return "the whale is already on that space"
            return "on your own whale space: collect 5 SPs or move anywhere"
        if phase in (BARNACLE, LEAVE_PATH, TRADE):
            return f"that whale is not offered now ({name})"
        return f"not now ({name})"

    def _apply(self, action: Action) -> None:
        self._legal = None
        stack = self.decisions
        phase = stack[-1] & KIND_MASK
        if phase == ROLL:
            assert isinstance(action, ThrowDice)
            a, b = action.first, action.second
            doubles = a == b and a != SHIP
            stack[-1] = (ROLLED_DOUBLES_BY if doubles else ROLLED_BY)[self.turn_seat]
            self._throw(a, b)
            self._advance()
            return
        if phase == DRAW:
            assert isinstance(action, DrawCard)
            stack.pop()
            d = self.drawing
            left, discard = list(self.left), list(self.discard)
            left[d] = tuple(c for c in left[d] if c != action.card)
            discard[d] = (*discard[d], action.card)
            if not left[d]:
                # Reading: an empty deck is made again from its discards.
                left[d], discard[d] = tuple(sorted(discard[d])), ()
            self.left, self.discard = tuple(left), tuple(discard)
            self.card = (d, action.card)
            self._play_card(self.components.cards[DECKS[d]][action.card])
            self._advance()
            return
        if phase == CHOOSE:
            assert isinstance(action, ChooseWhale)
            seat = stack.pop() >> KIND_BITS
            w = WHALE_INDEX[action.whale]
            self.status[w] = TRACK
            self.pos[w] = 0  # "Each new Whale starts at POW."
            self.owner[w] = seat
            self.whale_of[seat] = w
            self._emit(WhaleChosen, seat, action.whale)
            self._advance()
            return
        if phase == TURN:
            self._start_turn()
            if isinstance(action, Roll):
                stack[-1] = D_ROLL
            elif isinstance(action, NameWhale):
                # "the player must announce which Whale he/she intends to move before
                # rolling the Dice each time."
                self.mover = WHALE_INDEX[action.whale]
                self._emit(WhaleNamed, self.turn_seat, action.whale)
                stack[-1] = D_ROLL
            else:
                assert isinstance(action, SaveWhale)
                w = WHALE_INDEX[action.whale]
                self.payment = (w, self.components.values[w], "save", True, False, self.turn_seat)
                stack.append(self._open_payment())
                self._emit(SaveStarted, self.turn_seat, action.whale, self.components.values[w])
            return
        if phase == PAY:
            assert self.payment is not None
            w, amount, reason, is_save, _, first = self.payment
            if isinstance(action, Pay):
                seat = stack[-1] >> KIND_BITS
                if action.amount:
                    self.sp[seat] -= action.amount
                    self.paid += action.amount
                    self._emit(SurvivalPointsPaid, seat, WHALES[w], action.amount)
                else:
                    self._emit(PaymentLeftToOthers, seat, WHALES[w])
                if self.paid < amount:
                    # The next seat with SPs is asked for its own share.
                    stack[-1] = PAY_BY[next_payer(self.sp, first, seat)]
                    return
                stack.pop()
                self.payment = None
                if is_save:
                    self._emit(SavePaid, WHALES[w], amount)
                    self._save(w, free=False)
                else:
                    self._emit(PenaltyPaid, WHALES[w], amount, reason)
            elif isinstance(action, Refuse):
                stack.pop()
                self.payment = None
                if amount > 0:
                    unable = self.pool() < amount
                    self._emit(PenaltyRefused, first, WHALES[w], amount, unable)
                else:  # nothing to pay: the space sends the whale onto the path unless saved
                    self._emit(SaveDeclined, first, WHALES[w])
                self._unpaid(w)
            else:
                assert isinstance(action, SaveWhale)
                # The seat that would have refused saves the whale instead: the save goes
                # round the table from it.
                self.payment = (w, self.components.values[w], "save", True, False, first)
                stack[-1] = self._open_payment()
                self._emit(SaveStarted, first, action.whale, self.components.values[w])
                return
            self._advance()
            return
        if phase == OWN_SPACE:
            stack.pop()
            w = self.mover
            if isinstance(action, CollectSurvivalPoints):
                self._gain(self.turn_seat, self.components.own_space_sp, "own_space")
            else:
                assert isinstance(action, MoveAnywhere)
                self._place(w, action.space)
                self._emit(MovedAnywhere, self.turn_seat, WHALES[w], action.space)
                self._land(w)
            self._advance()
            return
        if isinstance(action, Done):
            stack.pop()
            self._emit(OfferDeclined, self.turn_seat)
            self.offer = []
            self._advance()
            return
        w = WHALE_INDEX[action.whale]  # type: ignore[attr-defined]
        if phase == BARNACLE:
            stack.pop()
            self._give_barnacle(w)
            self.offer = []
        elif phase == LEAVE_PATH:
            space = self.leave_path_to(w)
            self._place(w, space)
            self._emit(LeftPath, self.turn_seat, WHALES[w], space)
            self.offer = self.on_path()
            if self.offer:
                return  # the others on the path may still come out: LEAVE_PATH stays
            stack.pop()
        else:
            assert phase == TRADE
            stack.pop()
            lander = self.join_space
            spot = self.pos[w]
            here = self.pos[lander]
            self._place(w, here)
            self._emit(PlacesTraded, self.turn_seat, WHALES[lander], WHALES[w])
            self.status[lander] = PATH
            self.pos[lander] = spot
            if self.ship == spot:
                self._caught(lander)
            self.offer = []
        self._advance()

    def _clone(self) -> SaveTheWhalesState:
        new = SaveTheWhalesState.__new__(SaveTheWhalesState)
        new.game = self.game
        new.num_players = self.num_players
        new.options = self.options
        new.status = self.status.copy()
        new.pos = self.pos.copy()
        new.owner = self.owner.copy()
        new.whale_of = self.whale_of.copy()
        new.sp = self.sp.copy()
        new.ship = self.ship
        new.barnacle = self.barnacle
        new.left = self.left  # tuples below: shared, replaced on change
        new.discard = self.discard
        new.card = self.card
        new.drawing = self.drawing
        new.dice = self.dice
        new.turns = self.turns
        new.turn_seat = self.turn_seat
        new.mover = self.mover
        new.fresh = self.fresh
        new.queue = self.queue
        new.payment = self.payment
        new.paid = self.paid
        new.offer = self.offer  # replaced, never changed in place
        new.join_space = self.join_space
        new.saved_order = self.saved_order
        new.extinct_order = self.extinct_order
        new._legal = self._legal
        return new

    def _determinize(self, seat: int, rng: random.Random) -> SaveTheWhalesState:
        """Nothing is hidden but the order of the undrawn cards, and that order is drawn
        by chance only when a card is drawn (uniformly from the cards left), so every
        state consistent with a seat's view is this one: the copy is the sample."""
        return self.clone()

    # ------------------------------------------------------------------ outcome

    def scores(self) -> list[float]:
        """The team's score: whales saved, the same for every seat."""
        return [float(self.whales_saved())] * self.num_players

    def returns(self) -> list[float]:
        """Shared by the team once the game is over: 1.0 when all eight whales are saved
        (the win), otherwise ``saved / 8 - 1`` (−1 with none saved, −1/8 with seven): a
        loss is never worth more than the win, and every whale saved counts. All 0 until
        the end: returns are final utilities, not a running score."""
        if self.phase != OVER:
            return [0.0] * self.num_players
        return [team_return(self.whales_saved())] * self.num_players

    def _result(self) -> Result:
        """The team's result: every seat shares first place, and wins only with all eight
        whales saved ("The only way you can really "win" this game is to save all eight")."""
        saved = self.whales_saved()
        won = saved == NUM_WHALES
        return Result(
            standings=tuple(
                Standing(
                    seat=s, place=1, winner=won, score=saved, breakdown=(("sp_left", self.sp[s]),)
                )
                for s in range(self.num_players)
            ),
            score="whales_saved",
            team=Team(
                won=won,
                tally=(("whales_saved", saved), ("whales_lost", len(self.extinct_order))),
            ),
        )

    # -------------------------------------------------------------- observation

    def _observation(self, seat: int | None) -> SaveTheWhalesObservation:
        c = self.components
        wording = self.options.wording
        piece = c.exchange_piece
        players: list[PlayerRow] = [
            {
                "sp": self.sp[s],
                "exchange_pieces": self.sp[s] // piece,
                "loose_sp": self.sp[s] % piece,
                "whale": WHALES[self.whale_of[s]] if self.whale_of[s] >= 0 else None,
            }
            for s in range(self.num_players)
        ]
        whales: list[WhaleRow] = []
        for w, name in enumerate(WHALES):
            st = self.status[w]
            space: int | None = None
            if st == TRACK:
                space = self.pos[w]
            elif st == PATH:
                space = c.path[self.pos[w]].above
            whales.append(
                {
                    "name": name,
                    "value": c.values[w],
                    "home": c.homes[w],
                    "status": STATUS_NAMES[st],
                    "space": space,
                    "owner": self.owner[w] if self.owner[w] >= 0 else None,
                    "barnacle": self.barnacle == w,
                }
            )
        card: DrawnCard | None = None
        if self.card is not None:
            d, number = self.card
            cd = c.cards[DECKS[d]][number]
            card = {
                "deck": DECKS[d],
                "card": number,
                "bad": cd.bad,
                "text": dict(cd.text[wording]),
            }
        payment: Payment | None = None
        if self.payment is not None:
            w, amount, reason, is_save, may_save, _ = self.payment
            payment = {
                "whale": WHALES[w],
                "amount": amount,
                "paid": self.paid,
                "reason": reason,
                "save": is_save,
                "may_refuse": self._may_refuse(),
                "may_save_instead": bool(
                    may_save and self._may_refuse() and self._may_save_instead(w)
                ),
            }
        owing = [WHALES[s[1]] for s in self.queue if s[0] == "pay"]
        cp = self.current_player()
        obs: SaveTheWhalesObservation = {
            "game": "save-the-whales",
            "seat": seat,
            "num_players": self.num_players,
            "phase": DECISION_KINDS.name(self.decisions[-1]),
            "to_move": cp if cp >= 0 else None,
            # Nothing is hidden: every seat knows the team's score.
            "scores": self.scores(),
            "result": None,  # filled in by the core
            "wording": wording,
            "turn_seat": self.turn_seat,
            "turns": self.turns,
            "moving_whale": WHALES[self.mover] if self.mover >= 0 else None,
            "players": players,
            "pool": self.pool(),
            "whales": whales,
            "ship": c.path[self.ship].above if self.ship != PORT else None,
            "port": c.path[c.port_entry].above,
            "barnacle": WHALES[self.barnacle] if self.barnacle != ON_ITS_SPACE else None,
            "dice": list(self.dice) if self.dice is not None else None,
            "decks": {
                d: {"left": len(self.left[i]), "discarded": len(self.discard[i])}
                for i, d in enumerate(DECKS)
            },
            "card": card,
            "payment": payment,
            "payments_waiting": len(owing),
            "owing": owing,
            "offer": [WHALES[w] for w in self.offer]
            if self.phase in (BARNACLE, LEAVE_PATH, TRADE)
            else [],
            "leaving_to": {WHALES[w]: self.leave_path_to(w) for w in self.offer}
            if self.phase == LEAVE_PATH
            else {},
            "moratorium": self.moratorium(),
            "protection_act": self.protection_act(),
            "saved": [WHALES[w] for w in self.saved_order],
            "extinct": [WHALES[w] for w in self.extinct_order],
            "whales_saved": self.whales_saved(),
        }
        return obs
