"""The components: goods, tiles, the coast, the contract deck and the variant tiles.

The facts the rulebook states (eight ports, four spaces a port, three contracts,
the kinds of goods) are constants here; everything it does not print (the tile
mix, the storms per player count, the contracts, four port names, the Sun Port
prices, the variant tiles) is read from ``data/components.toml`` and validated,
with errors that name the file and the key.

A tile is a small int, its *face*: ``good * 3 + count - 1`` for a tile showing
``count`` (1-3) of ``good``, and :data:`STORM` for a storm.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from whaletable.core.data import DataFile, Section
from whaletable.games.whale_riders.observation import ContractView, TileTextView

GOODS = ("shell", "kelp", "meat", "pottery", "crystal", "pearl")
"""What tiles show. The first four are the basic goods; crystals are rare; pearls score."""
BASIC = GOODS[:4]
CRYSTAL = 4
PEARL = 5
PAYING = 5
"""Goods ``0..4`` pay for contracts; pearls on tiles only score."""
MAX_COUNT = 3
"""A tile shows at most three goods."""

STORM = len(GOODS) * MAX_COUNT
NUM_FACES = STORM + 1
EMPTY = -1
"""An empty space."""

NUM_PORTS = 8
"""The Sun Port (0), six trading ports, the last port (7) where riders turn."""
SUN_PORT = 0
LAST_PORT = NUM_PORTS - 1
SPACES = 4
"""Spaces of a trading port."""
SUN_SPACES = 7
"""The Sun Port's seven pearl tiles."""
RESTRICTED_PORTS = 3
"""Swordfish, Stingray and Starfish Port: no strong tiles at setup."""

PROVENANCE = ("confirmed", "inferred", "seed", "reconstructed")
"""The confidence labels a data table may carry (as in the game's reference notes)."""

POWER_IDS = ("bargain", "tide_tax", "deep_current", "foresight", "storm_breaker", "homecoming")
"""The powers of *The Magic of the Whale* that rules.py knows how to play."""
DECREE_IDS = (
    "far_shore",
    "full_hand",
    "four_goods",
    "rich_arrival",
    "high_bidder",
    "master_trader",
    "crystal_hoard",
    "laden_return",
)
"""The decrees of *The Clan's Decree* that rules.py knows how to check."""


def missing_goods(needs: Mapping[str, int], goods: Mapping[str, int]) -> int:
    """How many more goods a contract asking for ``needs`` wants beyond ``goods`` (both by
    good name, as an observation shows them): 0 when the tiles pay for it.

    >>> missing_goods({"shell": 2, "kelp": 1}, {"shell": 3})
    1
    """
    return sum(max(0, n - goods.get(good, 0)) for good, n in needs.items())


def face(good: int, count: int) -> int:
    return good * MAX_COUNT + count - 1


def face_good(f: int) -> int:
    """The good a face shows (``len(GOODS)`` for a storm)."""
    return f // MAX_COUNT


def face_count(f: int) -> int:
    """How many goods a face shows (0 for a storm)."""
    return 0 if f == STORM else f % MAX_COUNT + 1


def face_name(f: int) -> str:
    return "storm" if f == STORM else GOODS[face_good(f)]


def is_restricted(f: int) -> bool:
    """Setup step 3: 2 pearls, 2 crystals or 3 goods of one kind may not start in ports 1-3."""
    if f == STORM:
        return False
    good, count = face_good(f), face_count(f)
    return count >= 3 or (count == 2 and good in (PEARL, CRYSTAL))


@dataclass(frozen=True)
class Contract:
    """A contract card: the goods it asks for (one count per paying good), its reward."""

    needs: tuple[int, ...]
    coins: int
    pearls: int

    def to_json(self, card: int) -> ContractView:
        return {
            "id": card,
            "needs": {GOODS[g]: n for g, n in enumerate(self.needs) if n},
            "coins": self.coins,
            "pearls": self.pearls,
        }


@dataclass(frozen=True)
class Tile:
    """A variant tile (a power or a decree): its id in rules.py, its name, its text."""

    id: str
    name: str
    text: str

    def to_json(self) -> TileTextView:
        return {"id": self.id, "name": self.name, "text": self.text}


@dataclass(frozen=True)
class Components:
    """Component data loaded from ``data/components.toml``."""

    port_names: tuple[str, ...]
    goods_prices: tuple[int, ...]
    sun_pearls: tuple[int, ...]
    sun_prices: tuple[int, ...]
    bag: tuple[int, ...]
    """Goods tiles in the bag by face (the storm entry is 0: storms come per player count)."""
    storm_total: int
    storms_in_play: tuple[int, ...]
    """Storms put in the bag for 2, 3, 4, 5 and 6 players."""
    contracts: tuple[Contract, ...]
    powers: tuple[Tile, ...]
    decrees: tuple[Tile, ...]
    decrees_revealed: int
    decree_pearls: tuple[int, ...]
    source: str

    def storms_for(self, num_players: int) -> int:
        return self.storms_in_play[num_players - 2]


def _tiles(section: Section, key: str, known: tuple[str, ...]) -> tuple[Tile, ...]:
    entries = section.entries(key)
    if not entries:
        raise section.fail("must be a non-empty list of tables", key)
    out = []
    for entry in entries:
        entry.only(("id", "name", "text"))
        out.append(Tile(entry.choice("id", known), entry.string("name"), entry.string("text")))
    ids = [t.id for t in out]
    if len(set(ids)) != len(ids):
        raise section.fail(f"lists an id twice: {ids}", key)
    return tuple(out)


def _contracts(section: Section) -> tuple[Contract, ...]:
    cards = section.entries("cards")
    if len(cards) < 6 * 3:
        raise section.fail(f"must hold at least 18 cards (6 hands), not {len(cards)}", "cards")
    out = []
    for card in cards:
        card.only(("needs", "coins", "pearls"))
        needs = card.table("needs")
        if not needs.values:
            raise card.fail("must be a non-empty table of good = count", "needs")
        counts = [0] * PAYING
        for good in needs.values:
            if good not in GOODS[:PAYING]:
                raise needs.fail(
                    f"is not a good contracts ask for ({', '.join(GOODS[:PAYING])})", good
                )
            n = needs.integer(good, low=1)
            if n > 9:
                raise needs.fail(f"must be an integer 1-9, not {n!r}", good)
            counts[GOODS.index(good)] = n
        out.append(
            Contract(tuple(counts), card.integer("coins", low=0), card.integer("pearls", low=0))
        )
    return tuple(out)


def _bag(section: Section) -> tuple[int, ...]:
    bag = [0] * NUM_FACES
    section.only((*GOODS, "provenance", "reason"), kind=f"a good ({', '.join(GOODS)})")
    for g, good in enumerate(GOODS):
        counts = section.integers(good, lengths=range(1, MAX_COUNT + 1), low=0)
        for c, number in enumerate(counts, start=1):
            bag[face(g, c)] = number
    return tuple(bag)


def load_components(path: str | Path | None = None) -> Components:
    """Load and validate the component data; errors name the file and the key."""
    data = DataFile.read(path, __package__, "components.toml", PROVENANCE)
    coast = data.table("coast")
    names = coast.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise coast.fail("must be a list of non-empty strings", "names")
    if len(names) != NUM_PORTS:
        raise coast.fail(f"must have {NUM_PORTS} entries, not {len(names)}", "names")

    goods_prices = data.table("prices").integers("goods", length=SPACES, low=0)
    sun_port = data.table("sun_port")
    sun_pearls = sun_port.integers("pearls", length=SUN_SPACES, low=0)
    if not all(1 <= p <= MAX_COUNT for p in sun_pearls):
        raise sun_port.fail(f"must each be 1-{MAX_COUNT}: {list(sun_pearls)}", "pearls")
    sun_prices = sun_port.integers("prices", length=SUN_SPACES, low=0)
    for key, prices in (("[prices] goods", goods_prices), ("[sun_port] prices", sun_prices)):
        if list(prices) != sorted(prices):
            raise data.fail(key, f"must not fall from the cheapest space up: {list(prices)}")

    tiles = data.table("tiles")
    bag = _bag(tiles)
    spaces = (NUM_PORTS - 1) * SPACES
    if sum(bag) < spaces:
        raise data.fail("[tiles]", f"holds {sum(bag)} tiles, too few to fill {spaces} spaces")
    allowed = sum(n for f, n in enumerate(bag) if not is_restricted(f))
    if allowed < RESTRICTED_PORTS * SPACES:
        raise data.fail(
            "[tiles]",
            f"holds {allowed} tiles allowed in the first three ports, fewer than "
            f"{RESTRICTED_PORTS * SPACES}",
        )

    storms = data.table("storms")
    storm_total = storms.integer("total", low=0)
    in_play = storms.integers("in_play", length=5, low=0)
    if any(n > storm_total for n in in_play):
        raise storms.fail(f"must not exceed total {storm_total}: {list(in_play)}", "in_play")

    contracts = _contracts(data.table("contracts"))
    powers = _tiles(data.table("magic_of_the_whale"), "powers", POWER_IDS)
    if len(powers) < 6:
        raise data.fail(
            "[magic_of_the_whale] powers", f"must hold 6 (one a player), not {len(powers)}"
        )
    decree_table = data.table("clans_decree")
    decrees = _tiles(decree_table, "decrees", DECREE_IDS)
    revealed = decree_table.integer("revealed", low=0)
    if not 1 <= revealed <= len(decrees):
        raise decree_table.fail(f"must be 1-{len(decrees)}, not {revealed}", "revealed")
    decree_pearls = decree_table.integers("pearls", lengths=range(1, 7), low=0)
    source = data.source
    return Components(
        port_names=tuple(names),
        goods_prices=goods_prices,
        sun_pearls=sun_pearls,
        sun_prices=sun_prices,
        bag=bag,
        storm_total=storm_total,
        storms_in_play=in_play,
        contracts=contracts,
        powers=powers,
        decrees=decrees,
        decrees_revealed=revealed,
        decree_pearls=decree_pearls,
        source=source,
    )
