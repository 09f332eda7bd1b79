"""Every rule of Whale Riders in one place.

Rulebook sections are quoted by name in the comments ("Setup 3", "Playing",
"End of the game"). Where the rulebook is silent the choice is written here and
in ``notes.md`` ("Readings chosen"), and the other readings are options.

The voyage is counted in *steps*: 0 is the Sun Port before leaving, 7 the last
port (where the rider turns), 14 home again; ``PORT_AT[step]`` is the port.

A turn is two actions. Burning and fulfilling are one action each however many
cards they take, played as a short run of decisions (the first card starts the
action, each further card adds to it, :class:`Done` ends it), so every decision
has a small list of legal actions.

The turn is kept as a decision stack (:mod:`whaletable.core.decisions`): a turn
pushes one ``ACTION`` decision for each of its two actions, an action pops one,
burning or fulfilling pushes its own decision that ``Done`` (or an empty hand)
pops, and the draws and refills no one chooses are chance decisions pushed on
top of what they interrupt. What lies beneath says what comes next: another
action, or (the stack empty) the end of the turn.
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from whaletable.core.action import Action
from whaletable.core.decisions import KIND_MASK, DecisionKinds, decision, pending
from whaletable.core.result import Ranking, Result, Standing, rank
from whaletable.core.spec import CHANCE, TERMINAL
from whaletable.core.state import StackedState
from whaletable.games.whale_riders import events as ev
from whaletable.games.whale_riders.actions import (
    Burn,
    BurnContracts,
    Buy,
    DealPower,
    Done,
    DrawContract,
    DrawTile,
    Fulfil,
    FulfilContracts,
    Move,
    PickStartPlayer,
    RevealDecree,
    TakeCoin,
)
from whaletable.games.whale_riders.components import (
    BASIC,
    CRYSTAL,
    EMPTY,
    GOODS,
    LAST_PORT,
    MAX_COUNT,
    NUM_FACES,
    NUM_PORTS,
    PAYING,
    PEARL,
    RESTRICTED_PORTS,
    SPACES,
    STORM,
    SUN_PORT,
    SUN_SPACES,
    face,
    face_count,
    face_name,
    is_restricted,
)
from whaletable.games.whale_riders.observation import (
    HandContractView,
    PlayerView,
    PortView,
    TileView,
    WhaleRidersObservation,
)

if TYPE_CHECKING:
    from whaletable.games.whale_riders import WhaleRiders, WhaleRidersOptions
    from whaletable.games.whale_riders.components import Components

T = TypeVar("T")

# --- Goods packed in one int, a field of GOOD_BITS bits a paying good -----------------
GOOD_BITS = 16
"""Bits of one good's field: far more goods than the bag's tiles can ever show."""
GOOD_FIELD = (1 << GOOD_BITS) - 1
GUARDS = sum(1 << (GOOD_BITS * g + GOOD_BITS - 1) for g in range(PAYING))
"""The top bit of every field. ``((have | GUARDS) - needs) & GUARDS == GUARDS`` says
whether ``have`` covers ``needs`` good by good in one subtraction: a field whose
goods fall short borrows its guard bit, and no field borrows from its neighbour."""


def pack_goods(counts: Sequence[int]) -> int:
    """Counts by paying good as one int (see :data:`GUARDS`)."""
    return sum(n << (GOOD_BITS * g) for g, n in enumerate(counts))


def unpack_goods(packed: int) -> list[int]:
    return [(packed >> (GOOD_BITS * g)) & GOOD_FIELD for g in range(PAYING)]


# --- The players' kit (Setup 4-5, Playing) ----------------------------------------
HAND_SIZE = 3  # "deal 3 to each player"
START_COINS = 3  # "three small coins (value 1)"
ACTIONS_PER_TURN = 2  # "you must take two actions"
HELD = STORM  # faces a player can hold: every face but the storm

# --- The voyage ---------------------------------------------------------------------
TURN_STEP = LAST_PORT  # the step at the last port, where the rider turns round
HOME = 2 * LAST_PORT  # back at the Sun Port: "it can no longer move"
PORT_AT = tuple(s if s <= TURN_STEP else HOME - s for s in range(HOME + 1))
COAST_SPACES = (NUM_PORTS - 1) * SPACES  # trading spaces, port p >= 1 at (p-1)*SPACES

# --- Kinds of decision on the stack (whaletable.core.decisions) --------------------------
SETUP_COAST = 0  # chance: a tile for each trading space
SETUP_DEAL = 1  # chance: three contracts for each seat
SETUP_POWERS = 2  # chance: a power tile for each seat (The Magic of the Whale)
SETUP_DECREES = 3  # chance: the decree tiles turned up (The Clan's Decree)
SETUP_START = 4  # chance: the start player
ACTION = 5  # one of the turn's actions: the turn's player chooses which
BURNING = 6  # a burn action in progress: burn another card, or done
FULFILLING = 7  # a fulfil action in progress: fulfil another card, or done
REFILL_SPACE = 8  # chance: a tile from the bag for the space a purchase emptied
DRAW_HAND = 9  # chance: a contract from the pile for a hand
OVER = 10  # the end: nobody decides
PHASE_NAMES = (
    "setup",
    "setup",
    "setup",
    "setup",
    "setup",
    "action",
    "burning",
    "fulfilling",
    "drawing",
    "drawing",
    "over",
)
DECISION_KINDS = DecisionKinds(PHASE_NAMES)

# The decisions no seat makes, made once; a seat's are small ints Python shares, so
# pushing and popping allocates nothing.
D_SETUP_COAST = decision(SETUP_COAST, CHANCE)
D_SETUP_DEAL = decision(SETUP_DEAL, CHANCE)
D_SETUP_POWERS = decision(SETUP_POWERS, CHANCE)
D_SETUP_DECREES = decision(SETUP_DECREES, CHANCE)
D_SETUP_START = decision(SETUP_START, CHANCE)
D_REFILL_SPACE = decision(REFILL_SPACE, CHANCE)
D_DRAW_HAND = decision(DRAW_HAND, CHANCE)
D_OVER = decision(OVER, TERMINAL)
_SEATS = range(6)  # the most players the game takes
ACTION_BY = tuple(decision(ACTION, s) for s in _SEATS)
BURNING_BY = tuple(decision(BURNING, s) for s in _SEATS)
FULFILLING_BY = tuple(decision(FULFILLING, s) for s in _SEATS)
TURN_BY = tuple((d,) * ACTIONS_PER_TURN for d in ACTION_BY)
"""A seat's turn as pushed: "you must take two actions", one pending decision each."""

_CHANCE_PHASES = frozenset((SETUP_COAST, SETUP_DEAL, SETUP_POWERS, SETUP_DECREES, SETUP_START,
                            REFILL_SPACE, DRAW_HAND))  # fmt: skip

_DRAW_PHASES = frozenset((SETUP_COAST, REFILL_SPACE, SETUP_DEAL, DRAW_HAND))

REDEAL_TRIES = 1000
"""Redeals tried for a determinization that must give a player a card it can pay for."""

# What comes after a run of contract draws.
THEN_SETUP = 0  # the next seat's deal, or the next setup step
THEN_TURN = 1  # back to the turn in progress
THEN_NEXT_TURN = 2  # the next player's turn

# --- The canonical action objects (every legal list reuses these) -------------------
MOVE = Move()
TAKE_COIN = TakeCoin()
DONE = Done()
BURN_CONTRACTS = BurnContracts()
FULFIL_CONTRACTS = FulfilContracts()
BUY = tuple(Buy(k) for k in range(SUN_SPACES))
DRAW_TILE = tuple(
    DrawTile(face_name(f), face_count(f)) for f in range(NUM_FACES)
)  # indexed by face
FACE_OF = {(a.good, a.count): f for f, a in enumerate(DRAW_TILE)}
RESTRICTED = tuple(is_restricted(f) for f in range(NUM_FACES))
ALL_FACES = tuple(range(NUM_FACES))
SLOTS = tuple(range(SPACES))
UNRESTRICTED_FACES = tuple(f for f in ALL_FACES if not RESTRICTED[f])


def price_rows(c: Components) -> tuple[tuple[int, ...], ...]:
    """Every price a space can have, made once: row ``4*sun + 2*homecoming + bargain``
    holds a port's prices by space for a seat with those powers (the bargain unused).

    "Homecoming" makes the Sun Port's pearls 1 cheaper, "bargain" one purchase a turn
    1 cheaper; no price falls below 0.
    """
    rows = []
    for sun in (False, True):
        for homecoming in (False, True):
            for bargain in (False, True):
                row = []
                for price in c.sun_prices if sun else c.goods_prices:
                    if sun and homecoming:
                        price -= 1
                    if price > 0 and bargain:
                        price -= 1
                    row.append(max(price, 0))
                rows.append(tuple(row))
    return tuple(rows)


@functools.lru_cache(maxsize=4096)
def best_payment(need: int, ones: int, twos: int, threes: int) -> tuple[int, int, int] | None:
    """Which tiles of one good pay ``need`` goods: how many 1-, 2- and 3-good tiles.

    The payment wastes the fewest goods, then hands in the fewest tiles (so the
    small, flexible tiles stay); ``None`` if the tiles do not add up to ``need``.
    """
    best: tuple[int, int, int] | None = None
    best_key = (1 << 30, 0)
    for c in range(min(threes, need // 3 + 1) + 1):
        for b in range(min(twos, need // 2 + 1) + 1):
            for a in range(min(ones, need) + 1):
                total = a + 2 * b + 3 * c
                if total < need:
                    continue
                key = (total - need, a + b + c)
                if key < best_key:
                    best, best_key = (a, b, c), key
    return best


class WhaleRidersState(StackedState):
    """A Whale Riders game in progress.

    Per-seat data is kept in flat lists indexed by seat; a seat's tiles are counts
    by face at ``seat * HELD + face``. Hands, fulfilled cards and the burned pile
    are tuples (never changed in place), so clones share them.
    """

    __slots__ = (
        "bag",
        "bag_total",
        "bargain_used",
        "burned",
        "claims",
        "coins",
        "current_cards",
        "deck",
        "deck_codes",
        "decree_pearls",
        "decrees",
        "draw_seat",
        "draw_then",
        "fulfilled",
        "goods_held",
        "hand_drawn_at",
        "hands",
        "pearls_left",
        "powers",
        "refill_at",
        "reshuffles",
        "setup_space",
        "spaces",
        "start",
        "steps",
        "sun",
        "tide_used",
        "tiles",
        "to_move",
        "top_buys",
        "turn",
    )

    game: WhaleRiders
    options: WhaleRidersOptions
    DECISION_KINDS = DECISION_KINDS

    def __init__(self, game: WhaleRiders, num_players: int, options: WhaleRidersOptions) -> None:
        super().__init__(game, num_players, options)
        c = game.components
        n = num_players
        self.decisions.append(D_SETUP_COAST)
        self.to_move = 0  # the turn's player
        self.start = -1
        self.turn = 0
        self.current_cards: tuple[int, ...] = ()
        # Setup 3: "Put the goods tiles in the bag"; storms come in once the coast is full.
        self.bag = list(c.bag)
        self.bag_total = sum(self.bag)
        self.setup_space = 0
        self.spaces = [EMPTY] * COAST_SPACES
        self.refill_at = -1
        # Setup 2: the seven pearl tiles on the Sun Port, pearls by space (0 = empty).
        self.sun = list(c.sun_pearls)
        self.pearls_left = SUN_SPACES
        # Setup 1, 4, 5: riders on the Sun Port, three coins each; hands dealt by chance.
        self.steps = [0] * n
        self.coins = [START_COINS] * n
        self.tiles = [0] * (n * HELD)
        # What each seat's tiles show, kept with them: paying goods packed (pack_goods).
        self.goods_held = [0] * n
        self.hands: list[tuple[int, ...]] = [()] * n
        self.hand_drawn_at: list[tuple[int, ...]] = [()] * n
        self.fulfilled: list[tuple[int, ...]] = [()] * n
        self.deck: tuple[int, ...] = ()  # the draw pile, as a set
        self.deck_codes: tuple[int, ...] = ()  # the chance codes of drawing each card of it
        self._set_deck(tuple(range(len(c.contracts))))
        self.burned: tuple[int, ...] = ()
        self.reshuffles: tuple[int, ...] = ()  # history index of each new pile's first draw
        self.draw_seat = 0
        self.draw_then = THEN_SETUP
        # Variants.
        self.powers = [-1] * n
        self.decrees: tuple[int, ...] = ()
        self.claims: tuple[tuple[int, ...], ...] = ()
        self.decree_pearls = [0] * n
        self.top_buys = [0] * n
        self.bargain_used = False
        self.tide_used = False

    # ------------------------------------------------------------ price and goods

    def prices(self, seat: int, port: int) -> tuple[int, ...]:
        """What each space of ``port`` costs this seat now (the variant powers may lower it)."""
        row = 4 if port == SUN_PORT else 0
        power = self.powers[seat]
        if power >= 0:
            index = self.game.power_index
            if power == index["homecoming"]:
                row += 2
            elif power == index["bargain"] and not self.bargain_used:
                row += 1
        return self.game.price_rows[row]

    def space_price(self, seat: int, port: int, slot: int) -> int:
        """What the space costs this seat now."""
        return self.prices(seat, port)[slot]

    def goods(self, seat: int) -> list[int]:
        """How many of each paying good (shell ... crystal) the seat's tiles show."""
        return unpack_goods(self.goods_held[seat])

    def can_pay(self, seat: int, card: int) -> bool:
        return ((self.goods_held[seat] | GUARDS) - self.game.needs[card]) & GUARDS == GUARDS

    def payable(self, seat: int) -> list[int]:
        """The cards in the seat's hand its tiles could pay for now."""
        hand = self.hands[seat]
        if not hand:
            return []
        have = self.goods_held[seat] | GUARDS
        needs = self.game.needs
        return [card for card in hand if (have - needs[card]) & GUARDS == GUARDS]

    def pearls(self, seat: int) -> int:
        """End of the game: pearls on tiles and on fulfilled contracts (and decrees)."""
        return sum(part for _, part in self.pearl_parts(seat))

    def pearl_parts(self, seat: int) -> tuple[tuple[str, int], ...]:
        """The pearls a seat counts at the end, by where they come from: its pearl tiles,
        its fulfilled contracts and the decrees it met (what the result table adds up)."""
        base = seat * HELD + PEARL * MAX_COUNT
        on_tiles = sum((k + 1) * self.tiles[base + k] for k in range(MAX_COUNT))
        contracts = self.game.components.contracts
        on_cards = sum(contracts[card].pearls for card in self.fulfilled[seat])
        return (
            ("tile_pearls", on_tiles),
            ("contract_pearls", on_cards),
            ("decree_pearls", self.decree_pearls[seat]),
        )

    def tile_count(self, seat: int) -> int:
        return sum(self.tiles[seat * HELD : (seat + 1) * HELD])

    def _may_clear_storms(self, seat: int) -> bool:
        return self.options.storms == "clearable" or (
            self.powers[seat] == self.game.power_index["storm_breaker"]
        )

    # ---------------------------------------------------------------- queries

    @property
    def actions_left(self) -> int:
        """The actions of the turn not begun yet: its pending ``ACTION`` decisions."""
        return pending(self.decisions, ACTION)

    TIE_BREAKS = ("coins", "tiles")
    """End: "the player with the most money wins; if still tied, the most tiles left"."""

    def ranking(self) -> Ranking:
        """Most pearls; ties: most coins, then most tiles; a tie after that is shared."""
        return rank(
            [(self.pearls(s), self.coins[s], self.tile_count(s)) for s in range(self.num_players)]
        )

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return self.ranking().first

    def scores(self) -> list[float]:
        return [float(self.pearls(s)) for s in range(self.num_players)]

    def returns(self) -> list[float]:
        won = self.winners()
        return [1.0 / len(won) if s in won else 0.0 for s in range(self.num_players)]

    def _result(self) -> Result:
        ranking = self.ranking()
        return Result(
            standings=tuple(
                Standing(
                    seat=s,
                    place=ranking.places[s],
                    winner=ranking.places[s] == 1,
                    score=self.pearls(s),
                    # The pearls added up, then the tie-breaks' counts.
                    breakdown=(
                        *self.pearl_parts(s),
                        ("coins", self.coins[s]),
                        ("tiles", self.tile_count(s)),
                    ),
                )
                for s in ranking.order
            ),
            score="pearls",
            tie_breaks=self.TIE_BREAKS,
            decided_by=None
            if ranking.decided_by is None
            else self.TIE_BREAKS[ranking.decided_by - 1],
        )

    # ------------------------------------------------------------------ chance

    def _restricted_draw(self) -> bool:
        """Setup 3: a restricted tile drawn for the first three ports goes back and another
        is drawn, so the tile that stays comes from the bag without the restricted ones."""
        return self.decisions[-1] == D_SETUP_COAST and self.setup_space < RESTRICTED_PORTS * SPACES

    def _tile_faces(self) -> tuple[list[int], int]:
        """The faces chance may draw from the bag now, and how many tiles show them."""
        bag = self.bag
        if self._restricted_draw():
            faces = [f for f in UNRESTRICTED_FACES if bag[f]]
            return faces, sum([bag[f] for f in faces])
        return [f for f in ALL_FACES if bag[f]], self.bag_total

    def _tile_outcomes(self) -> list[tuple[Action, float]]:
        faces, total = self._tile_faces()
        bag = self.bag
        return [(DRAW_TILE[f], bag[f] / total) for f in faces]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.decisions[-1] & KIND_MASK
        if phase in (SETUP_COAST, REFILL_SPACE):
            return self._tile_outcomes()
        if phase in (SETUP_DEAL, DRAW_HAND):
            # Each card left in the pile is equally likely to be drawn next.
            draw = self.game.draw_contract
            p = 1.0 / len(self.deck)
            return [(draw[k], p) for k in self.deck]
        if phase == SETUP_START:
            p = 1.0 / self.num_players
            return [(PickStartPlayer(s), p) for s in range(self.num_players)]
        if phase == SETUP_POWERS:
            left = [i for i in range(len(self.game.components.powers)) if i not in self.powers]
            return [(self.game.deal_power[i], 1.0 / len(left)) for i in left]
        # SETUP_DECREES
        left = [i for i in range(len(self.game.components.decrees)) if i not in self.decrees]
        return [(self.game.reveal_decree[i], 1.0 / len(left)) for i in left]

    def _chance_outcome_codes(self) -> tuple[list[int], list[tuple[int, float]]]:
        """At a chance node: the outcomes' chance codes and (code, probability) pairs in
        :meth:`_chance_outcomes` order, the draws from the bag and the pile straight from
        the rules (the setup's other chance nodes, once a game, through their actions)."""
        phase = self.decisions[-1] & KIND_MASK
        if phase in (SETUP_COAST, REFILL_SPACE):
            tile = self.game.codes.tile
            if self._restricted_draw():
                faces, total = self._tile_faces()
                bag = self.bag
                pairs = [(tile[f], bag[f] / total) for f in faces]
            else:  # every face in the bag may come: one pass over it
                total = self.bag_total
                pairs = [(tile[f], n / total) for f, n in enumerate(self.bag) if n]
            return [code for code, _ in pairs], pairs
        if phase in (SETUP_DEAL, DRAW_HAND):
            codes = list(self.deck_codes)
            p = 1.0 / len(codes)
            return codes, [(code, p) for code in codes]
        return self.game._chance_code_pairs(self._chance_outcomes())

    # ------------------------------------------------------------- legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.decisions[-1] & KIND_MASK
        if phase in _CHANCE_PHASES:
            return [a for a, _ in self._chance_outcomes()]
        seat = self.to_move
        g = self.game
        if phase in (BURNING, FULFILLING):
            cards = self.hands[seat] if phase == BURNING else self.payable(seat)
            out: list[Action] = [(g.burn if phase == BURNING else g.fulfil)[c] for c in cards]
            if self.current_cards:  # "one or more": done once a card is taken
                out.append(DONE)
            return out
        # ACTION: "two actions from the five below".
        out = [MOVE] if self.steps[seat] < HOME else []
        out += self._buyable(seat, BUY)
        out.append(TAKE_COIN)
        hand = self.hands[seat]
        if hand:
            out.append(BURN_CONTRACTS)
            if self.payable(seat):
                out.append(FULFIL_CONTRACTS)
        return out

    def _legal_player_codes(self) -> list[int]:
        """:meth:`_legal_actions` of a decision as codes, listed in code order (see
        ``codes.CodeTables``): the hand's cards by number, so no other sort is needed."""
        seat = self.to_move
        codes = self.game.codes
        phase = self.decisions[-1] & KIND_MASK
        if phase == ACTION:
            out = [codes.move] if self.steps[seat] < HOME else []
            out += self._buyable(seat, codes.buy)
            out.append(codes.take_coin)
            hand = self.hands[seat]
            if hand:
                out.append(codes.burn_contracts)
                if self.payable(seat):
                    out.append(codes.fulfil_contracts)
            return out
        # A hand is kept in the order it was drawn: its cards are sorted to list codes.
        if phase == BURNING:
            out = [codes.burn[c] for c in sorted(self.hands[seat])]
        else:
            out = [codes.fulfil[c] for c in sorted(self.payable(seat))]
        if self.current_cards:
            out.append(codes.done)
        return out

    def _buyable(self, seat: int, by_space: Sequence[T]) -> list[T]:
        """The spaces of the rider's port whose tile the seat may buy now, each given as
        ``by_space[space]`` (the space's action, or its code): one rule for both lists."""
        step = self.steps[seat]
        port = PORT_AT[step]
        coins = self.coins[seat]
        if port == SUN_PORT:
            # "A rider that has come home may buy these pearls in the usual way."
            if step != HOME:
                return []
            prices = self.prices(seat, port)
            sun = self.sun
            return [by_space[k] for k in range(SUN_SPACES) if sun[k] and prices[k] <= coins]
        # Most seats hold no power: their prices are the printed ones.
        prices = self.game.price_rows[0] if self.powers[seat] < 0 else self.prices(seat, port)
        base = (port - 1) * SPACES
        spaces = self.spaces
        out = []
        for k in SLOTS:
            f = spaces[base + k]
            # Faces below STORM are goods; EMPTY (a gap, or a space the bag left empty)
            # is below 0; a storm may be bought only where storms can be cleared.
            if 0 <= f < STORM:
                if prices[k] <= coins:
                    out.append(by_space[k])
            elif f == STORM and prices[k] <= coins and self._may_clear_storms(seat):
                out.append(by_space[k])
        return out

    def _why_illegal(self, action: Action) -> str | None:
        phase = self.decisions[-1] & KIND_MASK
        if phase in _CHANCE_PHASES:
            return self._why_not_chance(action)
        seat = self.to_move
        kind = type(action)
        if phase in (BURNING, FULFILLING):
            if kind is Done:
                return None if self.current_cards else "first take at least one contract"
            if phase == BURNING and kind is not Burn:
                return "finish the burn action first: burn a contract or say done"
            if phase == FULFILLING and kind is not Fulfil:
                return "finish the fulfil action first: fulfil a contract or say done"
        elif kind is Done:
            return "there is no burn or fulfil action in progress to end"
        elif kind is Burn or kind is Fulfil:
            return "choose the action first: burn contracts or fulfil contracts"
        if kind is Move:
            if self.steps[seat] >= HOME:
                return "your rider is home: once back at the Sun Port it can no longer move"
            return None
        if kind is TakeCoin:
            return None
        if kind is BurnContracts:
            return None if self.hands[seat] else "you have no contract to burn"
        if kind is FulfilContracts:
            if self.payable(seat):
                return None
            return "your tiles do not pay for any contract in your hand"
        if kind is Buy:
            assert isinstance(action, Buy)
            return self._why_not_buy(seat, action.slot)
        if kind is Burn or kind is Fulfil:
            assert isinstance(action, (Burn, Fulfil))
            if action.card not in self.hands[seat]:
                return f"contract {action.card} is not in your hand"
            if kind is Fulfil and not self.can_pay(seat, action.card):
                return "your tiles do not show the goods that contract asks for"
            return None
        return f"{action} is not a decision of this game"

    def _why_not_chance(self, action: Action) -> str | None:
        """As :meth:`_chance_outcomes` says, checked directly (it is on every chance step)."""
        phase = self.decisions[-1] & KIND_MASK
        kind = type(action)
        if phase in (SETUP_COAST, REFILL_SPACE):
            if kind is not DrawTile:
                return "chance draws a tile from the bag now"
            assert isinstance(action, DrawTile)
            f = FACE_OF.get((action.good, action.count), -1)
            if f < 0 or not self.bag[f]:
                return "there is no such tile in the bag"
            if (
                phase == SETUP_COAST
                and self.setup_space < RESTRICTED_PORTS * SPACES
                and RESTRICTED[f]
            ):
                return "that tile may not start in the first three ports"
            return None
        if phase in (SETUP_DEAL, DRAW_HAND):
            if kind is not DrawContract:
                return "chance draws a contract from the pile now"
            assert isinstance(action, DrawContract)
            return None if action.card in self.deck else "that contract is not in the pile"
        if phase == SETUP_START:
            if kind is PickStartPlayer:
                assert isinstance(action, PickStartPlayer)
                if 0 <= action.seat < self.num_players:
                    return None
                return f"there is no seat {action.seat}"
            return "chance picks the start player now"
        if phase == SETUP_POWERS:
            if kind is DealPower:
                assert isinstance(action, DealPower)
                index = self.game.power_index.get(action.power, -1)
                return None if index >= 0 and index not in self.powers else "that power is dealt"
            return "chance deals the power tiles now"
        if kind is RevealDecree:
            assert isinstance(action, RevealDecree)
            index = self.game.decree_index.get(action.decree, -1)
            return None if index >= 0 and index not in self.decrees else "that decree is up"
        return "chance turns up the decree tiles now"

    def _why_not_buy(self, seat: int, slot: int) -> str | None:
        step = self.steps[seat]
        port = PORT_AT[step]
        if port == SUN_PORT:
            if step != HOME:
                return "the Sun Port's pearls are for riders who have come home"
            if not 0 <= slot < SUN_SPACES or not self.sun[slot]:
                return f"there is no pearl tile on space {slot} of the Sun Port"
        else:
            if not 0 <= slot < SPACES:
                return f"a port has spaces 0-{SPACES - 1}, not {slot}"
            f = self.spaces[(port - 1) * SPACES + slot]
            if f == EMPTY:
                return f"space {slot} of this port is empty"
            if f == STORM and not self._may_clear_storms(seat):
                return "a storm cannot be bought"
        price = self.space_price(seat, port, slot)
        if price > self.coins[seat]:
            return f"that space costs {price} coins and you have {self.coins[seat]}"
        return None

    # ------------------------------------------------------------------ apply

    def _apply(self, action: Action) -> None:
        # Each action type means one thing whatever the phase: one look-up finds it.
        _APPLY[type(action)](self, action)

    def _apply_draw_tile(self, action: DrawTile) -> None:
        self._place_drawn_tile(FACE_OF[action.good, action.count])

    def _apply_draw_contract(self, action: DrawContract) -> None:
        self._draw_contract(action.card)

    def _apply_move(self, action: Move) -> None:
        self._move()

    def _apply_buy(self, action: Buy) -> None:
        self._buy(action.slot)

    def _apply_take_coin(self, action: TakeCoin) -> None:
        self._take_coin()

    def _apply_burn(self, action: Burn) -> None:
        self._burn(action.card)

    def _apply_fulfil(self, action: Fulfil) -> None:
        self._fulfil(action.card)

    def _apply_done(self, action: Done) -> None:
        self._end_card_action()

    # Burning and fulfilling take the action's place with a decision of their own,
    # which Done (or an empty hand) pops.
    def _apply_burn_contracts(self, action: BurnContracts) -> None:
        self._begin_action()
        self.decisions.append(BURNING_BY[self.to_move])

    def _apply_fulfil_contracts(self, action: FulfilContracts) -> None:
        self._begin_action()
        self.decisions.append(FULFILLING_BY[self.to_move])

    def _apply_pick_start_player(self, action: PickStartPlayer) -> None:
        self.start = self.to_move = action.seat
        self._emit(ev.StartPlayerPicked, action.seat)
        self.decisions.pop()  # the setup is over
        self._next_turn(first=True)

    def _apply_deal_power(self, action: DealPower) -> None:
        seat = self.powers.index(-1)
        self.powers[seat] = self.game.power_index[action.power]
        self._emit(ev.PowerDealt, seat, action.power)
        if seat == self.num_players - 1:
            self._after_powers()

    def _apply_reveal_decree(self, action: RevealDecree) -> None:
        index = self.game.decree_index[action.decree]
        self._emit(ev.DecreeRevealed, action.decree)
        self.decrees = (*self.decrees, index)
        self.claims = (*self.claims, ())
        if len(self.decrees) == self.game.components.decrees_revealed:
            self.decisions[-1] = D_SETUP_START

    # --- Setup ------------------------------------------------------------------------

    def _place_drawn_tile(self, f: int) -> None:
        self.bag[f] -= 1
        self.bag_total -= 1
        if self.decisions[-1] == D_SETUP_COAST:
            self.spaces[self.setup_space] = f
            self.setup_space += 1
            if self.setup_space == COAST_SPACES:
                # Setup 3: "When the board is full, add the storm tiles ... to the bag."
                storms = self.game.components.storms_for(self.num_players)
                self.bag[STORM] += storms
                self.bag_total += storms
                self._emit(ev.CoastLaid, storms, self.bag_total)
                self.decisions[-1] = D_SETUP_DEAL
                self.draw_seat = 0
                self.draw_then = THEN_SETUP
                self._continue_drawing()
            return
        # A refill of a gap.
        if f == STORM and self.options.storms == "lull":
            # Reading "lull": the storm goes to the box and another tile is drawn.
            self._emit(ev.StormSetAside)
            if self.bag_total == 0:
                self._bag_ran_out()
            return
        at = self.refill_at
        self.spaces[at] = f
        if self._events is not None:
            self._emit(ev.SpaceRefilled, at // SPACES + 1, at % SPACES, face_name(f), face_count(f))
        self._refill_gaps()

    def _after_deal(self) -> None:
        if self.draw_seat < self.num_players - 1:
            self.draw_seat += 1
            self._continue_drawing()
            return
        self._after_hands_dealt()

    def _after_hands_dealt(self) -> None:
        self._emit(ev.ContractsDealt, HAND_SIZE)
        if self.options.magic_of_the_whale:
            self.decisions[-1] = D_SETUP_POWERS
        else:
            self._after_powers()

    def _after_powers(self) -> None:
        self.decisions[-1] = D_SETUP_DECREES if self.options.clans_decree else D_SETUP_START

    # --- Contracts: the draw pile -------------------------------------------------

    def _continue_drawing(self) -> None:
        """Draw for ``draw_seat`` until its hand holds three, or the cards run out.

        When the draw pile is empty the burned pile is shuffled into a new one. The
        setup's deal draws under its own decision; a hand drawn up in play pushes a
        draw decision on what it interrupts, and pops it when the hand is full.
        """
        seat = self.draw_seat
        if len(self.hands[seat]) < HAND_SIZE:
            if not self.deck and self.burned:
                if self._events is not None:
                    self._emit(ev.PileReshuffled, len(self.burned))
                self._set_deck(tuple(sorted(self.burned)))
                self.burned = ()
                # The next action (the first draw from the new pile) has this index.
                self.reshuffles = (*self.reshuffles, len(self.history) + 1)
            if self.deck:
                stack = self.decisions
                if self.draw_then != THEN_SETUP and (not stack or stack[-1] != D_DRAW_HAND):
                    stack.append(D_DRAW_HAND)
                return
        then = self.draw_then
        if then == THEN_SETUP:
            self._after_deal()
            return
        stack = self.decisions
        if stack and stack[-1] == D_DRAW_HAND:
            stack.pop()
        if then == THEN_TURN:
            self._after_action()
        else:
            self._next_turn()

    def _set_deck(self, cards: tuple[int, ...]) -> None:
        """A new draw pile; its chance codes are kept beside it, card for card, so the
        pile's draws are listed as codes without a look-up per card."""
        self.deck = cards
        contract = self.game.codes.contract
        self.deck_codes = tuple([contract[k] for k in cards])

    def _draw_contract(self, card: int) -> None:
        seat = self.draw_seat
        i = self.deck.index(card)
        self.deck = self.deck[:i] + self.deck[i + 1 :]
        self.deck_codes = self.deck_codes[:i] + self.deck_codes[i + 1 :]
        self.hands[seat] = (*self.hands[seat], card)
        self.hand_drawn_at[seat] = (*self.hand_drawn_at[seat], len(self.history))
        if self._events is not None:
            self._emit(
                ev.ContractDrawn,
                seat,
                card,
                len(self.hands[seat]),
                self.decisions[-1] == D_SETUP_DEAL,
            )
        self._continue_drawing()

    def _draw_up(self, seat: int, then: int) -> None:
        self.draw_seat = seat
        self.draw_then = then
        self._continue_drawing()

    def _remove_from_hand(self, seat: int, card: int) -> None:
        i = self.hands[seat].index(card)
        hand, drawn = self.hands[seat], self.hand_drawn_at[seat]
        self.hands[seat] = hand[:i] + hand[i + 1 :]
        self.hand_drawn_at[seat] = drawn[:i] + drawn[i + 1 :]

    # --- The turn -----------------------------------------------------------------

    def _next_turn(self, *, first: bool = False) -> None:
        """Play goes clockwise (seat order) from the start player.

        The stack is empty: the last turn (or the setup) has been popped.
        """
        if not first:
            self.to_move = (self.to_move + 1) % self.num_players
        self.turn += 1
        self.decisions += TURN_BY[self.to_move]  # "two actions": one pending decision each
        self.bargain_used = self.tide_used = False

    def _begin_action(self) -> None:
        """An action begins: its decision is made."""
        self.decisions.pop()

    def _after_action(self) -> None:
        """An action is complete: the next one, or the end of the turn."""
        if self.decisions:  # the turn's next action (or the end of the game) is on top
            return
        # End of the turn: close the gaps ("at the end of a turn"), refill the goods
        # ports from the bag, then draw back up to three.
        if self.options.gaps == "end_of_turn":
            slid = self._close_coast_gaps()
            if 0 in self.sun:  # a pearl has been bought: there may be a gap to close
                slid = self._close_sun_gaps() + slid
            self._gaps_closed(slid)
            self._refill_gaps()
            return
        self._draw_up(self.to_move, THEN_NEXT_TURN)

    # "Move your rider": one port toward the last port, then back toward the Sun Port.
    def _move(self) -> None:
        self._begin_action()
        seat = self.to_move
        self.steps[seat] += 1
        if self._events is not None:
            step = self.steps[seat]
            self._emit(ev.RiderMoved, seat, PORT_AT[step], step)
        if self.decrees:
            step = self.steps[seat]
            if step == TURN_STEP:
                self._claim(seat, "far_shore")
                if self.coins[seat] >= 8:
                    self._claim(seat, "rich_arrival")
            elif step == HOME and len(self.fulfilled[seat]) >= 4:
                self._claim(seat, "laden_return")
        self._after_action()

    # "Take a coin": one small coin from the bank.
    def _take_coin(self) -> None:
        self._begin_action()
        seat = self.to_move
        gain = 1
        if not self.tide_used and self.powers[seat] == self.game.power_index["tide_tax"]:
            gain, self.tide_used = 2, True
        self.coins[seat] += gain
        if self._events is not None:
            self._emit(ev.CoinTaken, seat, gain, self.coins[seat])
        self._after_action()

    # "Buy a tile": from the rider's port, paying the space's printed price.
    def _buy(self, slot: int) -> None:
        self._begin_action()
        seat = self.to_move
        port = PORT_AT[self.steps[seat]]
        price = self.space_price(seat, port, slot)
        if price < self._base_price(port, slot):
            self.bargain_used = self.bargain_used or (
                self.powers[seat] == self.game.power_index["bargain"]
            )
        self.coins[seat] -= price
        if port == SUN_PORT:
            self._emit(ev.TileBought, seat, port, slot, "pearl", self.sun[slot], price)
            self.tiles[seat * HELD + face(PEARL, self.sun[slot])] += 1
            self.sun[slot] = 0
            self.pearls_left -= 1
            if self.pearls_left == 0:
                # "As soon as all seven starting pearl tiles have been bought, the game
                # ends at once."
                self._game_over()
                return
            if self.options.gaps == "at_once":
                self._gaps_closed(self._close_sun_gaps())
            self._after_action()
            return
        base = (port - 1) * SPACES
        f = self.spaces[base + slot]
        if self._events is not None:
            self._emit(ev.TileBought, seat, port, slot, face_name(f), face_count(f), price)
        if f != STORM:  # a cleared storm goes to the box
            self.tiles[seat * HELD + f] += 1
            good = f // MAX_COUNT
            if good < PAYING:
                self.goods_held[seat] += (f % MAX_COUNT + 1) << (GOOD_BITS * good)
            if self.decrees:
                if self._base_price(port, slot) == 3:
                    self.top_buys[seat] += 1
                    if self.top_buys[seat] >= 3:
                        self._claim(seat, "high_bidder")
                if self.goods(seat)[CRYSTAL] >= 3:
                    self._claim(seat, "crystal_hoard")
        self.spaces[base + slot] = EMPTY
        if self.options.gaps == "end_of_turn":
            # "In the usual way ... pushed down to close the gap at the end of a turn":
            # the gap stays open, so a second purchase pays its own space's price.
            self._after_action()
            return
        # Option "at_once": the tiles above slide down now and the top is refilled.
        self._gaps_closed(self._close_coast_gaps())
        self._refill_gaps()

    def _base_price(self, port: int, slot: int) -> int:
        c = self.game.components
        return c.sun_prices[slot] if port == SUN_PORT else c.goods_prices[slot]

    def _game_over(self) -> None:
        # Nobody decides again; what was pending stays beneath, to say where the game
        # stopped (a pearl bought with an action left ends the turn there too).
        self.decisions.append(D_OVER)
        if self._events is not None:
            self._emit(
                ev.GameOver, tuple(self.winners()), tuple(map(self.pearls, range(self.num_players)))
            )

    def _close_coast_gaps(self) -> list[int]:
        """The tiles above each gap slide down toward the cheap spaces; the top is left empty.

        Returns the ports where a tile slid (an empty top space the bag could not fill
        is no gap).
        """
        spaces = self.spaces
        slid: list[int] = []
        if EMPTY not in spaces:  # no purchase this turn and a bag that filled every space
            return slid
        for base in range(0, COAST_SPACES, SPACES):
            column = spaces[base : base + SPACES]
            if EMPTY in column:
                left = [f for f in column if f != EMPTY]
                closed = left + [EMPTY] * (SPACES - len(left))
                if closed != column:
                    spaces[base : base + SPACES] = closed
                    slid.append(base // SPACES + 1)
        return slid

    def _gaps_closed(self, ports: list[int]) -> None:
        if ports and self._events is not None:
            self._emit(ev.GapsClosed, self.to_move, tuple(ports))

    def _refill_gaps(self) -> None:
        """Draw a tile from the bag for the lowest empty coast space, or go on if none is left.

        Used tiles never go back in the bag, so an empty space is either a gap opened
        this turn (or by this purchase) or one the empty bag could not fill before.
        """
        spaces = self.spaces
        if EMPTY not in spaces:  # the usual end of a turn: no space to fill
            self._after_refills()
            return
        at = spaces.index(EMPTY)
        if self.bag_total == 0:
            self._bag_ran_out()
            return
        self.refill_at = at
        stack = self.decisions
        if not stack or stack[-1] != D_REFILL_SPACE:
            stack.append(D_REFILL_SPACE)

    def _after_refills(self) -> None:
        self.refill_at = -1
        stack = self.decisions
        if stack and stack[-1] == D_REFILL_SPACE:
            stack.pop()
        if self.options.gaps == "end_of_turn":
            self._draw_up(self.to_move, THEN_NEXT_TURN)
        else:
            self._after_action()

    def _bag_ran_out(self) -> None:
        """Reading: the space stays empty (option ``empty_bag="ends_game"``: the game ends)."""
        if self._events is not None:
            self._emit(ev.BagEmpty, self.options.empty_bag == "ends_game")
        if self.options.empty_bag == "ends_game":
            self.refill_at = -1
            self._game_over()
            return
        self._after_refills()

    def _close_sun_gaps(self) -> list[int]:
        """ "The dearer pearls above a bought pearl are pushed down to close the gap."

        Returns ``[SUN_PORT]`` if a pearl slid, else nothing.
        """
        left = [p for p in self.sun if p]
        closed = left + [0] * (SUN_SPACES - len(left))
        if closed == self.sun:
            return []
        self.sun = closed
        return [SUN_PORT]

    # "Burn contracts": one or more cards from the hand, face up on the burned pile.
    def _burn(self, card: int) -> None:
        seat = self.to_move
        self._remove_from_hand(seat, card)
        if self._events is not None:
            self._emit(ev.ContractBurned, seat, card)
        self.burned = (*self.burned, card)
        self.current_cards = (*self.current_cards, card)
        if not self.hands[seat]:
            self._end_card_action()

    # "Fulfil contracts": as many as you like in one action; goods to the box, coins now.
    def _fulfil(self, card: int) -> None:
        seat = self.to_move
        contract = self.game.components.contracts[card]
        self._pay(seat, contract.needs)
        gained = contract.coins
        if self.powers[seat] == self.game.power_index["deep_current"]:
            gained += 1
        self.coins[seat] += gained
        self._emit(ev.ContractFulfilled, seat, card, gained)
        self._remove_from_hand(seat, card)
        self.fulfilled[seat] = (*self.fulfilled[seat], card)
        self.current_cards = (*self.current_cards, card)
        if self.decrees:
            self._check_fulfil_decrees(seat)
        # Only an empty hand ends the action by itself: whether another card could be
        # paid for is the seat's secret, so the others must not see it in the turn's flow.
        if not self.hands[seat]:
            self._end_card_action()

    def _pay(self, seat: int, needs: tuple[int, ...]) -> None:
        """Hand in whole tiles, "one card at a time"; used tiles go to the box.

        Reading: surplus goods on a tile are lost (option ``surplus="kept"``: the
        surplus stays as a smaller tile).
        """
        t = self.tiles
        for g in range(PAYING):
            need = needs[g]
            if not need:
                continue
            at = seat * HELD + g * MAX_COUNT
            pay = best_payment(need, min(t[at], need), min(t[at + 1], need), min(t[at + 2], need))
            assert pay is not None
            for k in range(MAX_COUNT):
                t[at + k] -= pay[k]
            surplus = pay[0] + 2 * pay[1] + 3 * pay[2] - need
            if surplus and self.options.surplus == "kept":
                t[at + surplus - 1] += 1
            shown = t[at] + 2 * t[at + 1] + 3 * t[at + 2]
            field = GOOD_BITS * g
            self.goods_held[seat] += (
                shown - ((self.goods_held[seat] >> field) & GOOD_FIELD)
            ) << field

    def _end_card_action(self) -> None:
        """The burn or fulfil action in progress is over: its decision is popped."""
        burned = self.decisions.pop() & KIND_MASK == BURNING
        self.current_cards = ()
        seat = self.to_move
        foresight = burned and self.powers[seat] == self.game.power_index["foresight"]
        if self.options.refill == "after_action" or foresight:
            self._draw_up(seat, THEN_TURN)
        else:
            self._after_action()

    # --- The Clan's Decree (variant) ------------------------------------------------

    def _check_fulfil_decrees(self, seat: int) -> None:
        if len(self.current_cards) >= 3:
            self._claim(seat, "full_hand")
        if len(self.fulfilled[seat]) >= 5:
            self._claim(seat, "master_trader")
        contracts = self.game.components.contracts
        asked = [0] * len(BASIC)
        for card in self.current_cards:
            for g in range(len(BASIC)):
                asked[g] += contracts[card].needs[g]
        if all(asked):
            self._claim(seat, "four_goods")

    def _claim(self, seat: int, decree: str) -> None:
        """The first player to meet a decree gains its first reward, the second the next."""
        index = self.game.decree_index[decree]
        if index not in self.decrees:
            return
        i = self.decrees.index(index)
        claimed = self.claims[i]
        rewards = self.game.components.decree_pearls
        if seat in claimed or len(claimed) >= len(rewards):
            return
        self.decree_pearls[seat] += rewards[len(claimed)]
        self._emit(ev.DecreeMet, seat, decree, rewards[len(claimed)])
        self.claims = (*self.claims[:i], (*claimed, seat), *self.claims[i + 1 :])

    # ------------------------------------------------------------------ undo

    def _is_barrier(self, action: Action) -> bool:
        # Burned and fulfilled cards are turned face up, and beginning to fulfil shows that
        # the hand holds a card the tiles pay for: a reveal is never taken back.
        return type(action) in _BARRIERS

    # ----------------------------------------------------------------- copies

    def _clone(self) -> WhaleRidersState:
        new = WhaleRidersState.__new__(WhaleRidersState)
        new.game = self.game
        new.num_players = self.num_players
        new.options = self.options
        new.to_move = self.to_move  # the decision stack is the base's to copy
        new.start = self.start
        new.turn = self.turn
        new.current_cards = self.current_cards
        new.bag = self.bag.copy()
        new.bag_total = self.bag_total
        new.setup_space = self.setup_space
        new.spaces = self.spaces.copy()
        new.refill_at = self.refill_at
        new.sun = self.sun.copy()
        new.pearls_left = self.pearls_left
        new.steps = self.steps.copy()
        new.coins = self.coins.copy()
        new.tiles = self.tiles.copy()
        new.goods_held = self.goods_held.copy()
        new.hands = self.hands.copy()
        new.hand_drawn_at = self.hand_drawn_at.copy()
        new.fulfilled = self.fulfilled.copy()
        new.deck = self.deck
        new.deck_codes = self.deck_codes
        new.burned = self.burned
        new.reshuffles = self.reshuffles
        new.draw_seat = self.draw_seat
        new.draw_then = self.draw_then
        new.powers = self.powers.copy()
        new.decrees = self.decrees
        new.claims = self.claims
        new.decree_pearls = self.decree_pearls.copy()
        new.top_buys = self.top_buys.copy()
        new.bargain_used = self.bargain_used
        new.tide_used = self.tide_used
        return new

    def _determinize(self, seat: int, rng: random.Random) -> WhaleRidersState:
        """Redeal the contracts ``seat`` cannot see: the other hands and the draw pile.

        One thing the others know of a hand besides its size: a player who has just
        begun to fulfil, and not fulfilled a card yet, holds a card its tiles pay
        for. Samples that break this are drawn again (which keeps the rest uniform).
        """
        fulfiller = self.to_move
        if self.phase != FULFILLING or self.current_cards or fulfiller == seat:
            return self._redeal(seat, rng)
        for _ in range(REDEAL_TRIES):
            sample = self._redeal(seat, rng)
            if sample.payable(fulfiller):
                return sample
        return self.clone()  # so rare a sample that the truth stands in for it

    def _redeal(self, seat: int, rng: random.Random) -> WhaleRidersState:
        """A uniform redeal of the cards ``seat`` cannot see, history rewritten to match.

        Each reshuffle of the burned pile starts a new pile whose cards everyone
        saw; a hidden card can only have been drawn from its own pile, so the
        unseen cards are shuffled among the hidden draws of the same pile (and,
        for the pile in play, among the cards still in it). The bag holds no
        secret: what it holds follows from the public history, and its draws are
        chance outcomes made when they happen.
        """
        new = self.clone()
        piles = len(self.reshuffles)
        slots: list[list[tuple[int, int]]] = [[] for _ in range(piles + 1)]
        cards: list[list[int]] = [[] for _ in range(piles + 1)]
        for other in range(self.num_players):
            if other == seat:
                continue
            for pos, (card, at) in enumerate(
                zip(self.hands[other], self.hand_drawn_at[other], strict=True)
            ):
                pile = bisect_right(self.reshuffles, at)
                slots[pile].append((other, pos))
                cards[pile].append(card)
        cards[piles].extend(self.deck)
        hands = [list(h) for h in self.hands]
        deck: list[int] = []
        draw = self.game.draw_contract
        for pile in range(piles + 1):
            pool = cards[pile]
            if not pool:
                continue
            rng.shuffle(pool)
            for (other, pos), card in zip(slots[pile], pool, strict=False):
                hands[other][pos] = card
                # Keep the history consistent with the sample: it replays to it.
                new.history[self.hand_drawn_at[other][pos]] = draw[card]
            deck.extend(pool[len(slots[pile]) :])
        new.hands = [tuple(h) for h in hands]
        new._set_deck(tuple(sorted(deck)))
        return new

    # ----------------------------------------------------------- observation

    def _tile_json(self, f: int) -> TileView:
        return {"good": face_name(f), "count": face_count(f)}

    def _held_json(self, seat: int) -> list[TileView]:
        out: list[TileView] = []
        tiles = self.tiles[seat * HELD : (seat + 1) * HELD]
        for f, count in enumerate(tiles):
            if count:  # most faces are held by nobody: no view is made for them
                out.extend([self._tile_json(f)] * count)
        return out

    def _goods_json(self, seat: int) -> dict[str, int]:
        """How many of each good the seat's tiles show (goods it has none of left out)."""
        out: dict[str, int] = {}
        base = seat * HELD
        for f in range(HELD):
            if self.tiles[base + f]:
                good = face_name(f)
                out[good] = out.get(good, 0) + face_count(f) * self.tiles[base + f]
        return out

    def _hand_json(self, seat: int) -> list[HandContractView | None]:
        """The seat's own contracts, each saying whether its tiles pay for it now."""
        contracts = self.game.components.contracts
        payable = set(self.payable(seat))
        return [{**contracts[k].to_json(k), "payable": k in payable} for k in self.hands[seat]]

    def _observation(self, seat: int | None) -> WhaleRidersObservation:
        c = self.game.components
        contracts = c.contracts
        n = self.num_players
        ports: list[PortView] = [
            {
                "name": c.port_names[SUN_PORT],
                "prices": list(c.sun_prices),
                "spaces": [self._tile_json(face(PEARL, p)) if p else None for p in self.sun],
            }
        ]
        for port in range(1, NUM_PORTS):
            base = (port - 1) * SPACES
            ports.append(
                {
                    "name": c.port_names[port],
                    "prices": list(c.goods_prices),
                    "spaces": [
                        self._tile_json(f) if f != EMPTY else None
                        for f in self.spaces[base : base + SPACES]
                    ],
                }
            )
        players: list[PlayerView] = []
        for s in range(n):
            step = self.steps[s]
            players.append(
                {
                    "step": step,
                    "port": PORT_AT[step],
                    "next_port": PORT_AT[step + 1] if step < HOME else None,
                    "heading": "home" if step == HOME else "back" if step >= TURN_STEP else "out",
                    "coins": self.coins[s],
                    "tiles": self._held_json(s),
                    "goods": self._goods_json(s),
                    "hand_size": len(self.hands[s]),
                    "hand": self._hand_json(s) if s == seat else [None] * len(self.hands[s]),
                    "fulfilled": [contracts[k].to_json(k) for k in self.fulfilled[s]],
                    "decree_pearls": self.decree_pearls[s],
                    "pearls": self.pearls(s),
                    "power": c.powers[self.powers[s]].to_json() if self.powers[s] >= 0 else None,
                }
            )
        cp = self.current_player()
        top = self.decisions[-1]
        playing = ACTION <= top & KIND_MASK < OVER
        obs: WhaleRidersObservation = {
            "game": "whale-riders",
            "seat": seat,
            "num_players": n,
            "phase": DECISION_KINDS.name(top),
            "to_move": cp if cp >= 0 else None,
            # Every pearl lies face up (tiles, fulfilled contracts, decrees): all may see.
            "scores": [float(p["pearls"]) for p in players],
            "result": None,  # the core's to fill in
            "turn_player": self.to_move if playing else None,
            "start_player": self.start if self.start >= 0 else None,
            "turn": self.turn,
            "actions_left": self.actions_left if playing else 0,
            "current_cards": list(self.current_cards),
            "ports": ports,
            "bag": self.bag_total,
            "deck": len(self.deck),
            "burned": [contracts[k].to_json(k) for k in self.burned],
            "pearls_left": self.pearls_left,
            "players": players,
            "decrees": [
                {**c.decrees[d].to_json(), "claimed_by": list(self.claims[i])}
                for i, d in enumerate(self.decrees)
            ],
            "winners": self.winners(),
        }
        return obs


_APPLY: dict[type[Action], Callable[[WhaleRidersState, Any], None]] = {
    DrawTile: WhaleRidersState._apply_draw_tile,
    DrawContract: WhaleRidersState._apply_draw_contract,
    Move: WhaleRidersState._apply_move,
    Buy: WhaleRidersState._apply_buy,
    TakeCoin: WhaleRidersState._apply_take_coin,
    Burn: WhaleRidersState._apply_burn,
    Fulfil: WhaleRidersState._apply_fulfil,
    Done: WhaleRidersState._apply_done,
    BurnContracts: WhaleRidersState._apply_burn_contracts,
    FulfilContracts: WhaleRidersState._apply_fulfil_contracts,
    PickStartPlayer: WhaleRidersState._apply_pick_start_player,
    DealPower: WhaleRidersState._apply_deal_power,
    RevealDecree: WhaleRidersState._apply_reveal_decree,
}
"""What applying each action type does (the rules' own dispatch, by type)."""

_BARRIERS = frozenset((Burn, Fulfil, FulfilContracts))

__all__ = ["GOODS", "HOME", "PORT_AT", "TURN_STEP", "WhaleRidersState", "best_payment"]
