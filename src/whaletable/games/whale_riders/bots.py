"""Whale Riders bots: a heuristic player, and a leaf evaluator for the generic search.

The heuristic plans a set of contracts and a pace for its voyage, from what its
seat sees. It keeps the contracts it can still hope to fill before the voyage
ends (a card asking for more goods than the ports left can sell is burned); at
each port it buys the tile that does most for those contracts or scores pearls,
worth its price in coins; it takes a coin when a wanted tile here is out of
reach; it fulfils whatever it can at once, since coins paid now buy tiles later.
Otherwise it rides on, and faster once another rider is home, because the Sun
Port's pearls go to the riders who come back first. At home it buys the pearls
that are worth their price, and the last one only when that wins the game.

Every decision reads one observation and does a few small loops: well under a
millisecond, so thousands of simulated games are practical.
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from typing import Any, cast

from whaletable.agents.mcts import register_game_bots
from whaletable.agents.parameters import number
from whaletable.agents.settings import SearchSettings
from whaletable.core.action import Action
from whaletable.core.agent import SeatView
from whaletable.core.state import State
from whaletable.games.whale_riders import actions
from whaletable.games.whale_riders.components import GOODS, PAYING, missing_goods
from whaletable.games.whale_riders.observation import (
    ContractView,
    HandContractView,
    PlayerView,
    PortView,
    TileView,
    WhaleRidersObservation,
)
from whaletable.games.whale_riders.rules import HOME, WhaleRidersState

GAME_ID = "whale-riders"

GOOD_WORTH = 1.4
"""Coins a wanted good is worth: a contract pays about 2-3 coins and 1-3 pearls for 3-5 goods."""
PEARL_WORTH = 2.5
"""Coins a pearl is worth on the way (what the Sun Port asks for one, roughly)."""
BUY_MARGIN = 0.3
"""Buy only a tile worth at least this much more than its price."""
HURRY = 1.0
"""Extra worth a tile must show once another rider is home (the race has begun)."""
GOODS_PER_PORT = 1.5
"""Goods a rider can hope to buy at each port still ahead: more needed than that is hopeless."""
HOME_PRICE_WEIGHT = 0.3
"""At home, how much a coin of price counts against a pearl when choosing which to buy."""
COIN_PEARLS = 0.4
"""Pearls a coin is worth to the search's leaf estimate."""
VOYAGE_PEARLS = 7.0
"""Pearls the whole voyage home is worth to the leaf estimate (a share of the Sun Port's)."""
STALL_TURNS = 400
"""After this many turns the bot buys any pearl it can, so that a game always ends."""

_GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}


@dataclass(frozen=True)
class Weights:
    """What the heuristic weighs its choices by; the defaults are the medium bot's, and
    each is a parameter of the bot spec (``heuristic:hurry=2``)."""

    good_worth: float = GOOD_WORTH
    pearl_worth: float = PEARL_WORTH
    buy_margin: float = BUY_MARGIN
    hurry: float = HURRY
    goods_per_port: float = GOODS_PER_PORT
    home_price_weight: float = HOME_PRICE_WEIGHT


def contract_worth(contract: ContractView, pearl_worth: float = PEARL_WORTH) -> float:
    """A contract's reward on one scale: its coins, and its pearls at ``pearl_worth``."""
    return float(contract["coins"] + pearl_worth * contract["pearls"])


def own_hand(me: PlayerView) -> list[HandContractView]:
    """The viewer's own contracts (its observation shows every one of them)."""
    return [c for c in me["hand"] if c is not None]


def ports_ahead(step: int) -> int:
    """Port visits left on the voyage after this one (the Sun Port sells no goods)."""
    return max(0, HOME - 1 - step)


def standing(player: PlayerView) -> tuple[int, int, int]:
    """The end-of-game order: pearls, then coins, then tiles."""
    return (player["pearls"], player["coins"], len(player["tiles"]))


class RiderHeuristic:
    """Plans contracts and pace; buys what the plan needs; comes home to buy pearls."""

    name = "heuristic"

    def __init__(self, game: Any, seed: int = 0, weights: Weights = Weights()) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = cast(WhaleRidersObservation, view.observation())
        seat = view.seat
        me = obs["players"][seat]
        phase = obs["phase"]
        if phase == "fulfilling":
            return self._fulfil_next(legal, obs, me)
        if phase == "burning":
            burn = self._hopeless(me)
            for action in legal:
                if isinstance(action, actions.Burn) and action.card in burn:
                    return action
            return actions.Done() if actions.Done() in legal else legal[0]
        return self._action(legal, obs, seat, me)

    # ---------------------------------------------------------------- the plan

    def _wanted(self, me: PlayerView) -> list[int]:
        """Goods the hand's hopeful contracts still ask for, beyond the tiles held."""
        have = me["goods"]
        hopeless = self._hopeless(me)
        want = [0] * PAYING
        for contract in own_hand(me):
            if contract["id"] in hopeless:
                continue
            for good, n in contract["needs"].items():
                want[_GOOD_INDEX[good]] += n
        return [max(0, want[g] - have.get(GOODS[g], 0)) for g in range(PAYING)]

    def _hopeless(self, me: PlayerView) -> set[int]:
        """Cards asking for more goods than the rest of the voyage can bring."""
        room = ports_ahead(me["step"]) * self.weights.goods_per_port
        out = set()
        for contract in own_hand(me):
            if missing_goods(contract["needs"], me["goods"]) > room:
                out.add(contract["id"])
        return out

    def _fulfil_next(
        self, legal: list[Action], obs: WhaleRidersObservation, me: PlayerView
    ) -> Action:
        by_id = {c["id"]: c for c in own_hand(me)}
        cards = [a for a in legal if isinstance(a, actions.Fulfil)]
        if not cards:
            return actions.Done()
        pearl = self.weights.pearl_worth
        return max(cards, key=lambda a: (contract_worth(by_id[a.card], pearl), -a.card))

    # --------------------------------------------------------------- an action

    def _action(
        self, legal: list[Action], obs: WhaleRidersObservation, seat: int, me: PlayerView
    ) -> Action:
        if actions.FulfilContracts() in legal:
            return actions.FulfilContracts()
        buys = [a for a in legal if isinstance(a, actions.Buy)]
        if me["step"] == HOME:
            return self._at_home(buys, obs, seat, me)
        race = any(p["step"] == HOME for p in obs["players"])
        port = obs["ports"][me["port"]]
        want = self._wanted(me)
        best: tuple[float, int] | None = None
        for buy in buys:
            worth = self._tile_worth(port["spaces"][buy.slot], want) - port["prices"][buy.slot]
            if best is None or worth > best[0]:
                best = (worth, buy.slot)
        margin = self.weights.buy_margin + (self.weights.hurry if race else 0.0)
        if best is not None and best[0] >= margin:
            return actions.Buy(best[1])
        if (
            me["step"] > 0
            and self._hopeless(me)
            and actions.BurnContracts() in legal
            and me["step"] < HOME - 2
        ):
            return actions.BurnContracts()
        if not race and me["step"] > 0 and self._reach_for(port, want, me["coins"]):
            return actions.TakeCoin()
        return actions.Move() if actions.Move() in legal else actions.TakeCoin()

    def _tile_worth(self, tile: TileView | None, want: list[int]) -> float:
        if tile is None or tile["good"] == "storm":
            return -math.inf
        g = _GOOD_INDEX[tile["good"]]
        count: int = tile["count"]
        if g >= PAYING:
            return self.weights.pearl_worth * count
        return self.weights.good_worth * min(count, want[g])

    def _reach_for(self, port: PortView, want: list[int], coins: int) -> bool:
        """Whether a tile here would be worth buying with the coin or two it lacks."""
        for slot, tile in enumerate(port["spaces"]):
            price = port["prices"][slot]
            short = coins < price <= coins + 1
            if short and self._tile_worth(tile, want) - price >= self.weights.buy_margin + 1.0:
                return True
        return False

    def _at_home(
        self, buys: list[actions.Buy], obs: WhaleRidersObservation, seat: int, me: PlayerView
    ) -> Action:
        sun = obs["ports"][0]
        stalled = obs["turn"] > STALL_TURNS
        best: tuple[float, int] | None = None
        for buy in buys:
            tile = sun["spaces"][buy.slot]
            if tile is None:  # never legal: an empty space sells nothing
                continue
            pearls = tile["count"]
            price = sun["prices"][buy.slot]
            if (
                obs["pearls_left"] == 1
                and not stalled
                and not self._wins_with(obs, seat, pearls, price)
            ):
                continue
            worth = pearls - self.weights.home_price_weight * price
            if best is None or worth > best[0]:
                best = (worth, buy.slot)
        # At home coins buy nothing but pearls (and break ties), so any pearl will do.
        if best is not None:
            return actions.Buy(best[1])
        return actions.TakeCoin()

    @staticmethod
    def _wins_with(obs: WhaleRidersObservation, seat: int, pearls: int, price: int) -> bool:
        """Whether buying the last pearl (ending the game) leaves this seat in front."""
        players = obs["players"]
        me = players[seat]
        mine = (me["pearls"] + pearls, me["coins"] - price, len(me["tiles"]) + 1)
        return all(mine >= standing(p) for s, p in enumerate(players) if s != seat)


def make_heuristic(
    game: Any,
    seed: int = 0,
    *,
    good_worth: Any = GOOD_WORTH,
    pearl_worth: Any = PEARL_WORTH,
    buy_margin: Any = BUY_MARGIN,
    hurry: Any = HURRY,
    goods_per_port: Any = GOODS_PER_PORT,
    home_price_weight: Any = HOME_PRICE_WEIGHT,
) -> RiderHeuristic:
    """The heuristic with its :class:`Weights`, each a number ≥ 0."""
    given = Weights(good_worth, pearl_worth, buy_margin, hurry, goods_per_port, home_price_weight)
    checked = {k: number("heuristic", k, v, positive=False) for k, v in asdict(given).items()}
    return RiderHeuristic(game, seed, Weights(**checked))


# ---------------------------------------------------------- the search's evaluator


def estimate(state: WhaleRidersState) -> list[float]:
    """Each seat's end score, guessed from the full state a search leaf holds.

    Pearls already won count in full; coins at what the Sun Port asks for a pearl;
    each contract in hand by the share of its goods already held (squared: a card
    half done is far from paid); the voyage by how far along it is, since only
    riders who come home share the Sun Port's pearls.
    """
    contracts = state.game.components.contracts
    out = []
    for s in range(state.num_players):
        have = state.goods(s)
        worth = state.pearls(s) + COIN_PEARLS * state.coins[s]
        for card in state.hands[s]:
            c = contracts[card]
            asked = sum(c.needs)
            held = sum(min(h, n) for h, n in zip(have, c.needs, strict=True))
            worth += (held / asked) ** 2 * (c.pearls + COIN_PEARLS * c.coins)
        worth += VOYAGE_PEARLS * state.steps[s] / HOME
        out.append(worth)
    return out


def evaluate(state: State, rng: random.Random) -> list[float]:
    """Score a search leaf without playing on: each seat's share of a softmax of estimates."""
    assert isinstance(state, WhaleRidersState)
    if state.is_terminal():
        return state.returns()
    est = estimate(state)
    top = max(est)
    weights = [math.exp((e - top) / 1.5) for e in est]
    total = sum(weights)
    return [w / total for w in weights]


HARD_GUIDE = "heuristic:buy_margin=1"
"""The heuristic hard's search follows and plays out with: it buys a tile only when its
goods are worth a coin more than its price (medium: 0.3), so it wastes fewer actions and
rides home sooner, yet still fills its contracts. Tuned by place in tournaments against
medium and random (see ``benchmarks/results/search_ladder.md``): a guide that buys even
less wins more of its games but places last in those it loses."""

SEARCH = SearchSettings(
    iterations=40,
    policy=HARD_GUIDE,
    cutoff=20,
    guide=HARD_GUIDE,
    margin=0.15,
)
"""How ``mcts`` plays Whale Riders (tuned with ``benchmarks/tune_search.py``).

A leaf is played on by the heuristic for 20 decisions (bag draws by their odds)
and then scored by :func:`evaluate`. With a few dozen rollouts a move the
search's statistics are noisy, so the heuristic's move stands unless another
scores clearly better (by 0.15): with a margin of 0.05 the search won less than
the heuristic it overruled.
"""
register_game_bots(GAME_ID, heuristic=make_heuristic, evaluator=evaluate, search=SEARCH)
