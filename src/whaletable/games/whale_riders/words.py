"""Whale Riders' log, one sentence per event, and the words the web board shares with it.

Every sentence goes through ``tr`` so the web table and the terminal say it in the
reader's language (the catalog ``whale_riders`` is extracted from this module and the
web board). Ports, contracts, powers and decrees are named from the game's component
data, so a data file's own names still read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, seat_name
from whaletable.games.whale_riders.components import Components
from whaletable.games.whale_riders.events import (
    BagEmpty,
    CoastLaid,
    CoinTaken,
    ContractBurned,
    ContractDrawn,
    ContractFulfilled,
    ContractsDealt,
    DecreeMet,
    DecreeRevealed,
    GameOver,
    GapsClosed,
    PileReshuffled,
    PowerDealt,
    RiderMoved,
    SpaceRefilled,
    StartPlayerPicked,
    StormSetAside,
    TileBought,
)

TURN_STEP = 7
"""The voyage's step at the last port, where a rider turns for home."""
HOME = 2 * TURN_STEP

# --- Names of things ---------------------------------------------------------------------


def port_name(name: str, tr: Translate) -> str:
    """A port's name in the viewer's language (a name the data file adds stays as it is)."""
    words = {
        "Sun Port": tr("Sun Port"),
        "Swordfish Port": tr("Swordfish Port"),
        "Stingray Port": tr("Stingray Port"),
        "Starfish Port": tr("Starfish Port"),
        "Seal Port": tr("Seal Port"),
        "Octopus Port": tr("Octopus Port"),
        "Seahorse Port": tr("Seahorse Port"),
        "Lobster Port": tr("Lobster Port"),
    }
    return words.get(name, name)


def good_name(good: str, tr: Translate) -> str:
    words = {
        "shell": tr("shell"),
        "kelp": tr("kelp"),
        "meat": tr("meat"),
        "pottery": tr("pottery"),
        "crystal": tr("crystal"),
        "pearl": tr("pearl"),
        "storm": tr("storm"),
    }
    return words.get(good, good)


def tile_name(tile: dict[str, Any], tr: Translate) -> str:
    if tile["good"] == "storm":
        return tr("a storm")
    return tr("{good} ×{count}").format(good=good_name(tile["good"], tr), count=tile["count"])


def coins_text(n: int, tr: Translate) -> str:
    return tr("1 coin") if n == 1 else tr("{count} coins").format(count=n)


def pearls_text(n: int, tr: Translate) -> str:
    return tr("1 pearl") if n == 1 else tr("{count} pearls").format(count=n)


def contract_text(contract: dict[str, Any], tr: Translate) -> str:
    needs = " + ".join(
        tr("{good} ×{count}").format(good=good_name(g, tr), count=n)
        for g, n in contract["needs"].items()
    )
    return tr("{needs} → {coins}, {pearls}").format(
        needs=needs,
        coins=coins_text(contract["coins"], tr),
        pearls=pearls_text(contract["pearls"], tr),
    )


def power_name(power: dict[str, Any], tr: Translate) -> str:
    words = {
        "bargain": tr("Bargain"),
        "tide_tax": tr("Tide Tax"),
        "deep_current": tr("Deep Current"),
        "foresight": tr("Foresight"),
        "storm_breaker": tr("Storm Breaker"),
        "homecoming": tr("Homecoming"),
    }
    return words.get(power["id"]) or str(power["name"])


def power_text(power: dict[str, Any], tr: Translate) -> str:
    words = {
        "bargain": tr("The first tile you pay for each turn costs 1 coin less."),
        "tide_tax": tr("Your first Take a coin each turn gives 2 coins."),
        "deep_current": tr("Take 1 more coin for every contract you fulfil."),
        "foresight": tr("After a burn, draw back up to three contracts at once."),
        "storm_breaker": tr("You may buy a storm to clear it, paying its space's price."),
        "homecoming": tr("Sun Port pearls cost you 1 coin less."),
    }
    return words.get(power["id"]) or str(power["text"])


def decree_name(decree: dict[str, Any], tr: Translate) -> str:
    words = {
        "far_shore": tr("Far Shore"),
        "full_hand": tr("Full Hand"),
        "four_goods": tr("Four Goods"),
        "rich_arrival": tr("Rich Arrival"),
        "high_bidder": tr("High Bidder"),
        "master_trader": tr("Master Trader"),
        "crystal_hoard": tr("Crystal Hoard"),
        "laden_return": tr("Laden Return"),
    }
    return words.get(decree["id"]) or str(decree["name"])


def decree_text(decree: dict[str, Any], tr: Translate) -> str:
    words = {
        "far_shore": tr("Reach the Lobster Port."),
        "full_hand": tr("Fulfil three contracts in one action."),
        "four_goods": tr("Fulfil contracts needing shell, kelp, meat and pottery in one action."),
        "rich_arrival": tr("Reach the Lobster Port holding 8 coins or more."),
        "high_bidder": tr("Buy three tiles from 3-coin spaces."),
        "master_trader": tr("Fulfil five contracts."),
        "crystal_hoard": tr("Hold tiles showing 3 crystals or more."),
        "laden_return": tr("Come home having fulfilled four contracts or more."),
    }
    return words.get(decree["id"]) or str(decree["text"])


def game_over_words(
    winners: Sequence[int], pearls: int, names: Sequence[str], tr: Translate
) -> str:
    """The end: who won, with how many pearls."""
    if not winners:
        return tr("Game over.")
    if len(winners) == 1:
        return tr("Game over: {name} wins with {pearls}.").format(
            name=seat_name(names, winners[0], tr), pearls=pearls_text(pearls, tr)
        )
    return tr("Game over: {names} share the win with {pearls}.").format(
        names=", ".join(seat_name(names, s, tr) for s in winners),
        pearls=pearls_text(pearls, tr),
    )


# --- The result --------------------------------------------------------------------------


def result_word(key: str, tr: Translate) -> str:
    """A column of the result table: a part of a seat's line, or the score."""
    words = {
        "coins": tr("Coins"),
        "tiles": tr("Tiles"),
        "contracts": tr("Contracts fulfilled"),
        "pearls": tr("Pearls"),
    }
    return words.get(key, key)


def tie_break_line(result: Result, tr: Translate) -> str | None:
    """Which of the rulebook's tie-breaks settled first place, if one did."""
    words = {
        "coins": tr("Tie on pearls broken by the most coins."),
        "tiles": tr("Tie on pearls and coins broken by the most tiles."),
    }
    return None if result.decided_by is None else words.get(result.decided_by)


def ranking_rule(result: Result, tr: Translate) -> str:
    """How the rulebook ranks the players."""
    return tr("The most pearls wins; ties go to the most coins, then the most tiles.")


# --- The log -----------------------------------------------------------------------------


def describe(
    event: Event, names: Sequence[str], tr: Translate, components: Components
) -> str | None:
    """``event`` as one sentence of the log, as the reader may know it."""
    c = components
    if isinstance(event, RiderMoved):
        name = seat_name(names, event.seat, tr)
        port = port_name(c.port_names[event.port], tr)
        if event.step == HOME:
            return tr("{name} came home to {port}.").format(name=name, port=port)
        if event.step == TURN_STEP:
            return tr("{name} reached {port} and turned for home.").format(name=name, port=port)
        return tr("{name} sailed to {port}.").format(name=name, port=port)
    if isinstance(event, TileBought):
        return _bought(event, names, tr, c)
    if isinstance(event, CoinTaken):
        return tr("{name} took {gained} from the bank and has {coins}.").format(
            name=seat_name(names, event.seat, tr),
            gained=coins_text(event.gained, tr),
            coins=coins_text(event.coins, tr),
        )
    if isinstance(event, ContractBurned):
        return tr("{name} burned a contract: {contract}.").format(
            name=seat_name(names, event.seat, tr),
            contract=contract_text(_contract(c, event.card), tr),
        )
    if isinstance(event, ContractFulfilled):
        return tr("{name} fulfilled a contract: {contract}.").format(
            name=seat_name(names, event.seat, tr),
            contract=contract_text(_contract(c, event.card), tr),
        )
    if isinstance(event, ContractDrawn):
        return _drawn(event, names, tr, c)
    return _coast_and_setup(event, names, tr, c)


def _contract(c: Components, card: int) -> dict[str, Any]:
    return c.contracts[card].to_json(card)


def _bought(event: TileBought, names: Sequence[str], tr: Translate, c: Components) -> str:
    name = seat_name(names, event.seat, tr)
    port = port_name(c.port_names[event.port], tr)
    price = coins_text(event.price, tr)
    if event.good == "storm":
        return tr("{name} cleared the storm on space {space} at {port} for {coins}.").format(
            name=name, space=event.slot + 1, port=port, coins=price
        )
    tile = tile_name({"good": event.good, "count": event.count}, tr)
    return tr("{name} bought {tile} on space {space} at {port} for {coins}.").format(
        name=name, tile=tile, space=event.slot + 1, port=port, coins=price
    )


def _drawn(event: ContractDrawn, names: Sequence[str], tr: Translate, c: Components) -> str | None:
    if event.dealing:
        return None  # the deal is told once, when every hand is full
    name = seat_name(names, event.seat, tr)
    if event.card is None:
        return tr("{name} drew a contract ({count} in hand).").format(name=name, count=event.hand)
    return tr("{name} drew a contract: {contract}.").format(
        name=name, contract=contract_text(_contract(c, event.card), tr)
    )


def _coast_and_setup(
    event: Event, names: Sequence[str], tr: Translate, c: Components
) -> str | None:
    if isinstance(event, GapsClosed):
        return tr("The tiles slide down to close the gaps at {ports}.").format(
            ports=", ".join(port_name(c.port_names[p], tr) for p in event.ports)
        )
    if isinstance(event, SpaceRefilled):
        return tr("Drawn from the bag for {port}: {tile}.").format(
            port=port_name(c.port_names[event.port], tr),
            tile=tile_name({"good": event.good, "count": event.count}, tr),
        )
    if isinstance(event, StormSetAside):
        return tr("A storm is drawn and set aside.")
    if isinstance(event, BagEmpty):
        if event.ends_game:
            return tr("The bag is empty: the game ends.")
        return tr("The bag is empty: the space stays empty.")
    if isinstance(event, PileReshuffled):
        return tr("The {count} burned contracts are shuffled into a new draw pile.").format(
            count=event.cards
        )
    if isinstance(event, DecreeMet):
        decree = c.decrees[_index(c.decrees, event.decree)].to_json()
        return tr("{name} meets the decree {decree} and gains {pearls}.").format(
            name=seat_name(names, event.seat, tr),
            decree=decree_name(decree, tr),
            pearls=pearls_text(event.pearls, tr),
        )
    if isinstance(event, StartPlayerPicked):
        return tr("{name} is the start player.").format(name=seat_name(names, event.seat, tr))
    if isinstance(event, CoastLaid):
        return tr("The coast is laid out; the storm tiles go into the bag.")
    if isinstance(event, ContractsDealt):
        return tr("Three contracts are dealt face down to each player.")
    if isinstance(event, PowerDealt):
        power = c.powers[_index(c.powers, event.power)].to_json()
        return tr("{name} takes the power {power}: {text}").format(
            name=seat_name(names, event.seat, tr),
            power=power_name(power, tr),
            text=power_text(power, tr),
        )
    if isinstance(event, DecreeRevealed):
        decree = c.decrees[_index(c.decrees, event.decree)].to_json()
        return tr("Decree turned up: {name}: {text}").format(
            name=decree_name(decree, tr), text=decree_text(decree, tr)
        )
    if isinstance(event, GameOver):
        pearls = event.pearls[event.winners[0]] if event.winners else 0
        return game_over_words(event.winners, pearls, names, tr)
    return None


def _index(tiles: Sequence[Any], tile_id: str) -> int:
    return next(i for i, t in enumerate(tiles) if t.id == tile_id)


__all__ = [
    "coins_text",
    "contract_text",
    "decree_name",
    "decree_text",
    "describe",
    "game_over_words",
    "good_name",
    "pearls_text",
    "port_name",
    "power_name",
    "power_text",
    "tile_name",
]
