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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whaletable.core.data import labelled_table, read_toml
from whaletable.core.errors import DataFileError

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

    def to_json(self, card: int) -> dict[str, Any]:
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

    def to_json(self) -> dict[str, Any]:
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


class _Reader:
    """Reads typed values out of the parsed TOML, naming file and key on every error."""

    def __init__(self, data: dict[str, Any], source: str) -> None:
        self.data = data
        self.source = source

    def fail(self, where: str, message: str) -> DataFileError:
        return DataFileError(f"{self.source}: {where} {message}")

    def table(self, name: str) -> dict[str, Any]:
        return labelled_table(self.data, self.source, name, PROVENANCE)

    def ints(
        self, name: str, key: str, *, length: int | None = None, lengths: range | None = None
    ) -> tuple[int, ...]:
        value: Any = self.table(name).get(key)
        where = f"[{name}] {key}"
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise self.fail(where, "must be a list of integers")
        if length is not None and len(value) != length:
            raise self.fail(where, f"must have {length} entries, not {len(value)}")
        if lengths is not None and len(value) not in lengths:
            raise self.fail(
                where, f"must have {lengths.start}-{lengths.stop - 1} entries, not {len(value)}"
            )
        if any(v < 0 for v in value):
            raise self.fail(where, f"must not be negative: {value}")
        return tuple(value)

    def int(self, name: str, key: str) -> int:
        value: Any = self.table(name).get(key)
        if not _is_int(value) or value < 0:
            raise self.fail(f"[{name}] {key}", f"must be a non-negative integer, not {value!r}")
        return int(value)

    def tiles(self, name: str, key: str, known: tuple[str, ...]) -> tuple[Tile, ...]:
        value: Any = self.table(name).get(key)
        if not isinstance(value, list) or not value:
            raise self.fail(f"[{name}] {key}", "must be a non-empty list of tables")
        out = []
        for i, entry in enumerate(value):
            where = f"[{name}] {key}[{i}]"
            if not isinstance(entry, dict):
                raise self.fail(where, "must be a table with id, name and text")
            for field in ("id", "name", "text"):
                if not isinstance(entry.get(field), str) or not entry[field]:
                    raise self.fail(f"{where}.{field}", "must be a non-empty string")
            if set(entry) != {"id", "name", "text"}:
                raise self.fail(
                    where, f"has unknown keys {sorted(set(entry) - {'id', 'name', 'text'})}"
                )
            if entry["id"] not in known:
                raise self.fail(f"{where}.id", f"{entry['id']!r} is not one of {', '.join(known)}")
            out.append(Tile(entry["id"], entry["name"], entry["text"]))
        ids = [t.id for t in out]
        if len(set(ids)) != len(ids):
            raise self.fail(f"[{name}] {key}", f"lists an id twice: {ids}")
        return tuple(out)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _contracts(r: _Reader) -> tuple[Contract, ...]:
    cards: Any = r.table("contracts").get("cards")
    if not isinstance(cards, list):
        raise r.fail("[contracts] cards", "must be a list of tables")
    if len(cards) < 6 * 3:
        raise r.fail(
            "[contracts] cards", f"must hold at least 18 cards (6 hands), not {len(cards)}"
        )
    out = []
    for i, card in enumerate(cards):
        where = f"[contracts] cards[{i}]"
        if not isinstance(card, dict) or set(card) != {"needs", "coins", "pearls"}:
            raise r.fail(where, "must be a table with exactly needs, coins and pearls")
        needs = card["needs"]
        if not isinstance(needs, dict) or not needs:
            raise r.fail(f"{where}.needs", "must be a non-empty table of good = count")
        counts = [0] * PAYING
        for good, n in needs.items():
            if good not in GOODS[:PAYING]:
                raise r.fail(
                    f"{where}.needs.{good}",
                    f"is not a good contracts ask for ({', '.join(GOODS[:PAYING])})",
                )
            if not _is_int(n) or not 1 <= n <= 9:
                raise r.fail(f"{where}.needs.{good}", f"must be an integer 1-9, not {n!r}")
            counts[GOODS.index(good)] = n
        for key in ("coins", "pearls"):
            if not _is_int(card[key]) or card[key] < 0:
                raise r.fail(f"{where}.{key}", f"must be a non-negative integer, not {card[key]!r}")
        out.append(Contract(tuple(counts), card["coins"], card["pearls"]))
    return tuple(out)


def _bag(r: _Reader) -> tuple[int, ...]:
    section = r.table("tiles")
    bag = [0] * NUM_FACES
    for key in section:
        if key not in GOODS and key not in ("provenance", "reason"):
            raise r.fail(f"[tiles] {key}", f"is not a good ({', '.join(GOODS)})")
    for g, good in enumerate(GOODS):
        counts = r.ints("tiles", good, lengths=range(1, MAX_COUNT + 1))
        for c, number in enumerate(counts, start=1):
            bag[face(g, c)] = number
    return tuple(bag)


def load_components(path: str | Path | None = None) -> Components:
    """Load and validate the component data; errors name the file and the key."""
    data, source = read_toml(path, __package__, "components.toml")
    r = _Reader(data, source)

    names: Any = r.table("coast").get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise r.fail("[coast] names", "must be a list of non-empty strings")
    if len(names) != NUM_PORTS:
        raise r.fail("[coast] names", f"must have {NUM_PORTS} entries, not {len(names)}")

    goods_prices = r.ints("prices", "goods", length=SPACES)
    sun_pearls = r.ints("sun_port", "pearls", length=SUN_SPACES)
    if not all(1 <= p <= MAX_COUNT for p in sun_pearls):
        raise r.fail("[sun_port] pearls", f"must each be 1-{MAX_COUNT}: {list(sun_pearls)}")
    sun_prices = r.ints("sun_port", "prices", length=SUN_SPACES)
    for key, prices in (("[prices] goods", goods_prices), ("[sun_port] prices", sun_prices)):
        if list(prices) != sorted(prices):
            raise r.fail(key, f"must not fall from the cheapest space up: {list(prices)}")

    bag = _bag(r)
    coast = (NUM_PORTS - 1) * SPACES
    if sum(bag) < coast:
        raise r.fail("[tiles]", f"holds {sum(bag)} tiles, too few to fill {coast} spaces")
    allowed = sum(n for f, n in enumerate(bag) if not is_restricted(f))
    if allowed < RESTRICTED_PORTS * SPACES:
        raise r.fail(
            "[tiles]",
            f"holds {allowed} tiles allowed in the first three ports, fewer than "
            f"{RESTRICTED_PORTS * SPACES}",
        )

    storm_total = r.int("storms", "total")
    in_play = r.ints("storms", "in_play", length=5)
    if any(n > storm_total for n in in_play):
        raise r.fail("[storms] in_play", f"must not exceed total {storm_total}: {list(in_play)}")

    contracts = _contracts(r)
    powers = r.tiles("magic_of_the_whale", "powers", POWER_IDS)
    if len(powers) < 6:
        raise r.fail(
            "[magic_of_the_whale] powers", f"must hold 6 (one a player), not {len(powers)}"
        )
    decrees = r.tiles("clans_decree", "decrees", DECREE_IDS)
    revealed = r.int("clans_decree", "revealed")
    if not 1 <= revealed <= len(decrees):
        raise r.fail("[clans_decree] revealed", f"must be 1-{len(decrees)}, not {revealed}")
    decree_pearls = r.ints("clans_decree", "pearls", lengths=range(1, 7))
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
