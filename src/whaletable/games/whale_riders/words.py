"""Whale Riders in words: the log, one sentence per event, and everything the web board
and the terminal both say (actions, the status line, where a rider is, goods, contracts).

Every sentence goes through ``tr`` so the web table and the terminal say it in the
reader's language (the catalog ``whale_riders`` is extracted from this module, the web
board and the terminal view). Each function reads only an observation, never a state.
Ports, contracts, powers and decrees are named from the game's component data, so a
data file's own names still read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, plain_choice, seat_name
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
from whaletable.games.whale_riders.observation import (
    ContractView,
    DecreeView,
    PlayerView,
    TileTextView,
    TileView,
    WhaleRidersObservation,
)

TURN_STEP = 7
"""The voyage's step at the last port, where a rider turns for home."""
HOME = 2 * TURN_STEP
PAYING = ("shell", "kelp", "meat", "pottery", "crystal")
"""The goods contracts ask for, in the order a contract lists them."""

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


def tile_name(tile: TileView, tr: Translate) -> str:
    if tile["good"] == "storm":
        return tr("a storm")
    return tr("{good} ×{count}").format(good=good_name(tile["good"], tr), count=tile["count"])


def coins_text(n: int, tr: Translate) -> str:
    return tr("1 coin") if n == 1 else tr("{count} coins").format(count=n)


def pearls_text(n: int, tr: Translate) -> str:
    return tr("1 pearl") if n == 1 else tr("{count} pearls").format(count=n)


def contract_text(contract: ContractView, tr: Translate) -> str:
    needs = " + ".join(
        tr("{good} ×{count}").format(good=good_name(g, tr), count=n)
        for g, n in contract["needs"].items()
    )
    return tr("{needs} → {coins}, {pearls}").format(
        needs=needs,
        coins=coins_text(contract["coins"], tr),
        pearls=pearls_text(contract["pearls"], tr),
    )


def power_name(power: TileTextView, tr: Translate) -> str:
    words = {
        "bargain": tr("Bargain"),
        "tide_tax": tr("Tide Tax"),
        "deep_current": tr("Deep Current"),
        "foresight": tr("Foresight"),
        "storm_breaker": tr("Storm Breaker"),
        "homecoming": tr("Homecoming"),
    }
    return words.get(power["id"]) or str(power["name"])


def power_text(power: TileTextView, tr: Translate) -> str:
    words = {
        "bargain": tr("The first tile you pay for each turn costs 1 coin less."),
        "tide_tax": tr("Your first Take a coin each turn gives 2 coins."),
        "deep_current": tr("Take 1 more coin for every contract you fulfil."),
        "foresight": tr("After a burn, draw back up to three contracts at once."),
        "storm_breaker": tr("You may buy a storm to clear it, paying its space's price."),
        "homecoming": tr("Sun Port pearls cost you 1 coin less."),
    }
    return words.get(power["id"]) or str(power["text"])


def decree_name(decree: TileTextView, tr: Translate) -> str:
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


def decree_text(decree: TileTextView, tr: Translate) -> str:
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


# --- What the table shows ------------------------------------------------------------------


def rider_title(name: str, place: str, tr: Translate) -> str:
    return tr("{name}'s rider, {place}").format(name=name, place=place)


def turn_title(turn: int, tr: Translate) -> str:
    return tr("Turn {turn}").format(turn=turn)


def turn_hint(obs: WhaleRidersObservation, legal: Sequence[Action], tr: Translate) -> str:
    """How to play the viewer's turn, as it stands."""
    if obs["phase"] == "burning":
        return tr("Click the contracts to burn, then Done.")
    if obs["phase"] == "fulfilling":
        return tr("Click the contracts to fulfil, then Done.")
    left = obs["actions_left"]
    text = tr("1 action left this turn") if left == 1 else tr("{count} actions left this turn")
    text = text.format(count=left)
    if any(isinstance(a, Buy) for a in legal):
        text += " · " + tr("click a tile at your port to buy it")
    return text


def rider_place(obs: WhaleRidersObservation, player: PlayerView, tr: Translate) -> str:
    """Where a rider is and which way it sails."""
    port = port_name(obs["ports"][player["port"]]["name"], tr)
    if player["heading"] == "home":
        return tr("home at {port}").format(port=port)
    if player["step"] == 0:
        return tr("at {port}, not yet left").format(port=port)
    if player["heading"] == "out":
        return tr("at {port}, sailing out").format(port=port)
    return tr("at {port}, sailing home").format(port=port)


def hand_place(obs: WhaleRidersObservation, card: int) -> int | None:
    """The 1-based place of contract ``card`` in the viewer's hand."""
    seat = obs["seat"]
    if seat is None or not 0 <= seat < len(obs["players"]):
        return None
    for i, c in enumerate(obs["players"][seat]["hand"]):
        if c is not None and c["id"] == card:
            return i + 1
    return None


def face_up_contract(obs: WhaleRidersObservation, card: int) -> ContractView | None:
    """Contract ``card`` where the observation shows it: the viewer's hand, or face up."""
    seen: list[ContractView | None] = list(obs["burned"])
    seat = obs["seat"]
    if seat is not None and 0 <= seat < len(obs["players"]):
        seen += obs["players"][seat]["hand"]
    for p in obs["players"]:
        seen += p["fulfilled"]
    for c in seen:
        if c is not None and c["id"] == card:
            return c
    return None


def next_port(obs: WhaleRidersObservation, tr: Translate) -> str:
    """The port the rider of the seat to move (or the viewer's) sails to next."""
    seat = obs["to_move"] if obs["to_move"] is not None else obs["seat"]
    if seat is None:
        return ""
    rider = obs["players"][seat]
    port = rider["port"] if rider["next_port"] is None else rider["next_port"]
    return port_name(obs["ports"][port]["name"], tr)


def goods_line(held: dict[str, int], tr: Translate) -> str:
    """The goods a player's tiles add up to, paying goods first, then pearls."""
    goods = " · ".join(
        tr("{good} ×{count}").format(good=good_name(g, tr), count=held[g])
        for g in (*PAYING, "pearl")
        if held.get(g)
    )
    return tr("Your goods: {goods}").format(goods=goods or tr("none"))


def counts_line(obs: WhaleRidersObservation, tr: Translate) -> str:
    """The bag, the contract pile, the burned contracts and the pearls left at home."""
    return tr(
        "Bag: {bag} tiles · Contract pile: {deck} · Burned: {burned} · Sun Port pearls left: {left}"
    ).format(bag=obs["bag"], deck=obs["deck"], burned=len(obs["burned"]), left=obs["pearls_left"])


def power_line(power: TileTextView, tr: Translate) -> str:
    return tr("{name}: {text}").format(name=power_name(power, tr), text=power_text(power, tr))


def decree_line(decree: DecreeView, names: Sequence[str], tr: Translate) -> str:
    """A decree, what it asks, and who has met it."""
    line = tr("{name}: {text}").format(name=decree_name(decree, tr), text=decree_text(decree, tr))
    claimed = ", ".join(seat_name(names, s, tr) for s in decree["claimed_by"])
    if claimed:
        line += " " + tr("(met by {names})").format(names=claimed)
    return line


def game_over_line(obs: WhaleRidersObservation, names: Sequence[str], tr: Translate) -> str:
    winners = obs["winners"]
    pearls = obs["players"][winners[0]]["pearls"] if winners else 0
    return game_over_words(winners, pearls, names, tr)


def action_label(
    action: Action, obs: WhaleRidersObservation, names: Sequence[str], tr: Translate
) -> str:
    """``action`` in words for the seat whose observation ``obs`` is."""
    if isinstance(action, Move):
        return tr("Move your rider to {port}").format(port=next_port(obs, tr))
    if isinstance(action, Buy):
        return _buy_label(action, obs, tr)
    if isinstance(action, TakeCoin):
        return tr("Take a coin from the bank")
    if isinstance(action, BurnContracts):
        return tr("Burn contracts: choose one or more, then Done")
    if isinstance(action, FulfilContracts):
        return tr("Fulfil contracts: choose one or more, then Done")
    if isinstance(action, (Burn, Fulfil)):
        place = hand_place(obs, action.card)
        card = face_up_contract(obs, action.card)
        text = (
            tr("Burn contract {number}: {contract}")
            if isinstance(action, Burn)
            else tr("Fulfil contract {number}: {contract}")
        )
        return text.format(
            number=place if place is not None else "?",
            contract=contract_text(card, tr) if card is not None else "?",
        )
    if isinstance(action, Done):
        if obs["phase"] == "burning":
            return tr("Done: burn no more contracts this action")
        return tr("Done: fulfil no more contracts this action")
    if isinstance(action, PickStartPlayer):
        return tr("{name} starts").format(name=seat_name(names, action.seat, tr))
    if isinstance(action, DrawTile):
        tile: TileView = {"good": action.good, "count": action.count}
        return tr("Draw {tile} from the bag").format(tile=tile_name(tile, tr))
    if isinstance(action, DrawContract):
        return tr("Draw a contract from the pile")  # never which
    if isinstance(action, DealPower):
        return tr("Deal a power tile")
    if isinstance(action, RevealDecree):
        return tr("Turn up a decree tile")
    return str(action)


def _buy_label(action: Buy, obs: WhaleRidersObservation, tr: Translate) -> str:
    seat = obs["to_move"] if obs["to_move"] is not None else obs["seat"]
    if seat is None:
        return tr("Buy the tile on space {space}").format(space=action.slot + 1)
    port = obs["ports"][obs["players"][seat]["port"]]
    tile = port["spaces"][action.slot] if action.slot < len(port["spaces"]) else None
    price = port["prices"][action.slot] if action.slot < len(port["prices"]) else 0
    where = port_name(port["name"], tr)
    if tile is not None and tile["good"] == "storm":
        return tr("Clear the storm on space {space} at {port} for {coins}").format(
            space=action.slot + 1, port=where, coins=coins_text(price, tr)
        )
    return tr("Buy {tile} on space {space} at {port} for {coins}").format(
        tile=tile_name(tile, tr) if tile is not None else "?",
        space=action.slot + 1,
        port=where,
        coins=coins_text(price, tr),
    )


def status_line(obs: WhaleRidersObservation, names: Sequence[str], tr: Translate) -> str:
    """Whose turn it is and what they are doing, as the viewer of ``obs`` reads it."""
    if obs["phase"] == "over":
        return game_over_line(obs, names, tr)
    to_move = obs["to_move"]
    turn = obs["turn"]
    if to_move is None:
        if obs["phase"] == "setup":
            return tr("The coast is being laid out and the contracts dealt.")
        return tr("Turn {turn} · drawing from the bag or the contract pile.").format(turn=turn)
    if to_move == obs["seat"]:
        if obs["phase"] == "burning":
            text = tr("Turn {turn} · Your turn: burn contracts, then Done.")
        elif obs["phase"] == "fulfilling":
            text = tr("Turn {turn} · Your turn: fulfil contracts, then Done.")
        elif obs["actions_left"] == 1:
            text = tr("Turn {turn} · Your turn: one action left.")
        else:
            text = tr("Turn {turn} · Your turn: two actions.")
        return text.format(turn=turn)
    return tr("Turn {turn} · {name} is to play.").format(
        turn=turn, name=seat_name(names, to_move, tr)
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


def _contract(c: Components, card: int) -> ContractView:
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


def option_label(name: str, tr: Translate) -> str:
    """The name of one of the game's options, for the lobby."""
    labels = {
        "storms": tr("Storm tiles"),
        "empty_bag": tr("When the bag is empty"),
        "surplus": tr("Goods beyond what a contract asks"),
        "refill": tr("Drawing contracts"),
        "gaps": tr("A bought tile’s gap closes"),
        "magic_of_the_whale": tr("Variant: The Magic of the Whale"),
        "clans_decree": tr("Variant: The Clan’s Decree"),
    }
    return labels.get(name, name)


def choice_label(name: str, choice: Any, tr: Translate) -> str:
    """One allowed value of option ``name``, for the lobby."""
    labels = {
        ("storms", "block"): tr("block their space"),
        ("storms", "clearable"): tr("may be bought to clear them"),
        ("storms", "lull"): tr("are set aside when drawn in play"),
        ("empty_bag", "leave_empty"): tr("spaces stay empty"),
        ("empty_bag", "ends_game"): tr("the game ends"),
        ("surplus", "lost"): tr("are lost"),
        ("surplus", "kept"): tr("are kept as a smaller tile"),
        ("refill", "end_of_turn"): tr("at the end of your turn"),
        ("refill", "after_action"): tr("after each burn or fulfil action"),
        ("gaps", "end_of_turn"): tr("at the end of the turn"),
        ("gaps", "at_once"): tr("at once"),
    }
    if isinstance(choice, str) and (name, choice) in labels:
        return labels[name, choice]
    return plain_choice(choice, tr)


__all__ = [
    "action_label",
    "choice_label",
    "contract_text",
    "counts_line",
    "decree_line",
    "describe",
    "game_over_line",
    "game_over_words",
    "good_name",
    "goods_line",
    "option_label",
    "port_name",
    "power_line",
    "power_name",
    "result_word",
    "rider_place",
    "rider_title",
    "status_line",
    "tie_break_line",
    "tile_name",
    "turn_hint",
    "turn_title",
]


def advice_word(key: str, tr: Translate) -> str:
    """The advisor's titles, labels and row names (``advice.py``), in the reader's language."""
    return {
        "What your contracts are worth": tr("What your contracts are worth"),
        "contract {number} ({where})": tr("contract {number} ({where})"),
        "hand": tr("in hand"),
        "offer": tr("on offer"),
        "coins": tr("coins"),
        "pearls": tr("pearls"),
        "missing": tr("goods missing"),
        "chance": tr("chance"),
        "expected": tr("expected"),
        "Expected: the chance of filling it times what it pays (a pearl as 2.5 coins).": tr(
            "Expected: the chance of filling it times what it pays (a pearl as 2.5 coins)."
        ),
    }.get(key) or tr(key)
