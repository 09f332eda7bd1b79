"""Whale Riders in words: the log, one sentence per event, and everything the web board
and the terminal both say (actions, the status line, where a rider is, goods, contracts).

Every sentence goes through ``tr`` so the web table and the terminal say it in the
reader's language (the catalog ``whale_riders`` is extracted from this module, the web
board and the terminal view). Each function reads only an observation, never a state.
Goods, ports, powers and decrees are shown by their data's own words through ``tr``: the
rulebook's are msgids below, and a name a data file adds reads as it is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, plain_choice, seat_name, word_for
from whaletable.core.words import message as _
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders import events as ev
from whaletable.games.whale_riders.components import Components
from whaletable.games.whale_riders.observation import (
    ContractView,
    DecreeView,
    PlayerView,
    TileTextView,
    TileView,
    WhaleRidersObservation,
)
from whaletable.games.whale_riders.rules import HOME, TURN_STEP

TILES = (_("shell"), _("kelp"), _("meat"), _("pottery"), _("crystal"), _("pearl"), _("storm"))
"""What a tile shows: the goods contracts ask for in a contract's order, pearls, storms."""
PORTS = (
    *(_("Sun Port"), _("Swordfish Port"), _("Stingray Port"), _("Starfish Port")),
    *(_("Seal Port"), _("Octopus Port"), _("Seahorse Port"), _("Lobster Port")),
)
POWERS = (
    (_("Bargain"), _("The first tile you pay for each turn costs 1 coin less.")),
    (_("Tide Tax"), _("Your first Take a coin each turn gives 2 coins.")),
    (_("Deep Current"), _("Take 1 more coin for every contract you fulfil.")),
    (_("Foresight"), _("After a burn, draw back up to three contracts at once.")),
    (_("Storm Breaker"), _("You may buy a storm to clear it, paying its space's price.")),
    (_("Homecoming"), _("Sun Port pearls cost you 1 coin less.")),
)
DECREES = (
    (_("Far Shore"), _("Reach the Lobster Port.")),
    (_("Full Hand"), _("Fulfil three contracts in one action.")),
    (_("Four Goods"), _("Fulfil contracts needing shell, kelp, meat and pottery in one action.")),
    (_("Rich Arrival"), _("Reach the Lobster Port holding 8 coins or more.")),
    (_("High Bidder"), _("Buy three tiles from 3-coin spaces.")),
    (_("Master Trader"), _("Fulfil five contracts.")),
    (_("Crystal Hoard"), _("Hold tiles showing 3 crystals or more.")),
    (_("Laden Return"), _("Come home having fulfilled four contracts or more.")),
)
"""The rulebook's ports, powers and decrees as the data file names them (for the catalog)."""

# --- Names of things ---------------------------------------------------------------------


def goods(good: str, count: int, tr: Translate) -> str:
    return tr("{good} ×{count}").format(good=tr(good), count=count)


def tile_name(tile: TileView, tr: Translate) -> str:
    return tr("a storm") if tile["good"] == "storm" else goods(tile["good"], tile["count"], tr)


def coins_text(n: int, tr: Translate) -> str:
    return tr("1 coin") if n == 1 else tr("{count} coins").format(count=n)


def pearls_text(n: int, tr: Translate) -> str:
    return tr("1 pearl") if n == 1 else tr("{count} pearls").format(count=n)


def contract_text(contract: ContractView, tr: Translate) -> str:
    needs = " + ".join(goods(g, n, tr) for g, n in contract["needs"].items())
    return tr("{needs} → {coins}, {pearls}").format(
        needs=needs,
        coins=coins_text(contract["coins"], tr),
        pearls=pearls_text(contract["pearls"], tr),
    )


def tile_line(tile: TileTextView, tr: Translate) -> str:
    """A power or a decree: its name, then what it does or asks."""
    return tr("{name}: {text}").format(name=tr(tile["name"]), text=tr(tile["text"]))


def game_over_words(
    winners: Sequence[int], pearls: int, names: Sequence[str], tr: Translate
) -> str:
    """The end: who won, with how many pearls."""
    if not winners:
        return tr("Game over.")
    one = tr("Game over: {name} wins with {pearls}.")
    text = one if len(winners) == 1 else tr("Game over: {names} share the win with {pearls}.")
    return text.format(
        name=seat_name(names, winners[0], tr),
        names=", ".join(seat_name(names, s, tr) for s in winners),
        pearls=pearls_text(pearls, tr),
    )


# --- What the table shows ------------------------------------------------------------------


def turn_hint(obs: WhaleRidersObservation, legal: Sequence[Action], tr: Translate) -> str:
    """How to play the viewer's turn, as it stands."""
    if obs["phase"] == "burning":
        return tr("Click the contracts to burn, then Done.")
    if obs["phase"] == "fulfilling":
        return tr("Click the contracts to fulfil, then Done.")
    left = obs["actions_left"]
    text = tr("1 action left this turn") if left == 1 else tr("{count} actions left this turn")
    text = text.format(count=left)
    if any(isinstance(a, act.Buy) for a in legal):
        text += " · " + tr("click a tile at your port to buy it")
    return text


PLACES = {
    "home": _("home at {port}"),
    "not-left": _("at {port}, not yet left"),
    "out": _("at {port}, sailing out"),
    "back": _("at {port}, sailing home"),
}
"""Where a rider is, by its heading (``not-left`` at the Sun Port before it sails)."""
RIDER = _("{name}'s rider, {place}")
TURN = _("Turn {turn}")


def rider_place(obs: WhaleRidersObservation, player: PlayerView, tr: Translate) -> str:
    """Where a rider is and which way it sails."""
    heading = "not-left" if player["step"] == 0 and player["heading"] != "home" else None
    place = PLACES[heading or player["heading"]]
    return tr(place).format(port=tr(obs["ports"][player["port"]]["name"]))


def _viewer_hand(obs: WhaleRidersObservation) -> list[ContractView]:
    """The contracts in the viewer's hand (none for a spectator)."""
    seat = obs["seat"]
    if seat is None or not 0 <= seat < len(obs["players"]):
        return []
    return [c for c in obs["players"][seat]["hand"] if c is not None]


def goods_line(held: dict[str, int], tr: Translate) -> str:
    """The goods a player's tiles add up to, paying goods first, then pearls."""
    said = " · ".join(goods(g, held[g], tr) for g in TILES[:-1] if held.get(g))
    return tr("Your goods: {goods}").format(goods=said or tr("none"))


def counts_line(obs: WhaleRidersObservation, tr: Translate) -> str:
    """The bag, the contract pile, the burned contracts and the pearls left at home."""
    return tr(
        "Bag: {bag} tiles · Contract pile: {deck} · Burned: {burned} · Sun Port pearls left: {left}"
    ).format(bag=obs["bag"], deck=obs["deck"], burned=len(obs["burned"]), left=obs["pearls_left"])


def decree_line(decree: DecreeView, names: Sequence[str], tr: Translate) -> str:
    """A decree, what it asks, and who has met it."""
    claimed = ", ".join(seat_name(names, s, tr) for s in decree["claimed_by"])
    met = " " + tr("(met by {names})").format(names=claimed) if claimed else ""
    return tile_line(decree, tr) + met


def game_over_line(obs: WhaleRidersObservation, names: Sequence[str], tr: Translate) -> str:
    winners = obs["winners"]
    pearls = obs["players"][winners[0]]["pearls"] if winners else 0
    return game_over_words(winners, pearls, names, tr)


ACTION_WORDS = {
    act.TakeCoin: _("Take a coin from the bank"),
    act.BurnContracts: _("Burn contracts: choose one or more, then Done"),
    act.FulfilContracts: _("Fulfil contracts: choose one or more, then Done"),
    act.Burn: _("Burn contract {number}: {contract}"),
    act.Fulfil: _("Fulfil contract {number}: {contract}"),
    act.DrawContract: _("Draw a contract from the pile"),  # never which
    act.DealPower: _("Deal a power tile"),
    act.RevealDecree: _("Turn up a decree tile"),
}
"""The words of each action whose sentence its kind picks."""


def action_label(
    action: Action, obs: WhaleRidersObservation, names: Sequence[str], tr: Translate
) -> str:
    """``action`` in words for the seat whose observation ``obs`` is."""
    seat = obs["to_move"] if obs["to_move"] is not None else obs["seat"]
    if isinstance(action, act.Move):
        rider = obs["players"][seat] if seat is not None else None
        port = None if rider is None else rider["next_port"]
        port = rider["port"] if rider is not None and port is None else port
        where = "" if port is None else tr(obs["ports"][port]["name"])
        return tr("Move your rider to {port}").format(port=where)
    if isinstance(action, act.Buy):
        return _buy_label(action, obs, seat, tr)
    if isinstance(action, (act.Burn, act.Fulfil)):
        hand = _viewer_hand(obs)
        place = next((i + 1 for i, c in enumerate(hand) if c["id"] == action.card), "?")
        # Every contract the observation shows: burned, the viewer's hand, fulfilled.
        shown = obs["burned"] + hand + [c for p in obs["players"] for c in p["fulfilled"]]
        card = next((c for c in shown if c["id"] == action.card), None)
        contract = contract_text(card, tr) if card is not None else "?"
        return tr(ACTION_WORDS[type(action)]).format(number=place, contract=contract)
    if isinstance(action, act.Done) and obs["phase"] == "burning":
        return tr("Done: burn no more contracts this action")
    if isinstance(action, act.Done):
        return tr("Done: fulfil no more contracts this action")
    if isinstance(action, act.PickStartPlayer):
        return tr("{name} starts").format(name=seat_name(names, action.seat, tr))
    if isinstance(action, act.DrawTile):
        tile: TileView = {"good": action.good, "count": action.count}
        return tr("Draw {tile} from the bag").format(tile=tile_name(tile, tr))
    words = ACTION_WORDS.get(type(action))
    return str(action) if words is None else tr(words)


def _buy_label(
    action: act.Buy, obs: WhaleRidersObservation, seat: int | None, tr: Translate
) -> str:
    if seat is None:
        return tr("Buy the tile on space {space}").format(space=action.slot + 1)
    port = obs["ports"][obs["players"][seat]["port"]]
    tile = port["spaces"][action.slot] if action.slot < len(port["spaces"]) else None
    price = port["prices"][action.slot] if action.slot < len(port["prices"]) else 0
    said = {"space": action.slot + 1, "port": tr(port["name"]), "coins": coins_text(price, tr)}
    if tile is not None and tile["good"] == "storm":
        return tr("Clear the storm on space {space} at {port} for {coins}").format(**said)
    return tr("Buy {tile} on space {space} at {port} for {coins}").format(
        tile=tile_name(tile, tr) if tile is not None else "?", **said
    )


YOUR_TURN = {
    "burning": _("Turn {turn} · Your turn: burn contracts, then Done."),
    "fulfilling": _("Turn {turn} · Your turn: fulfil contracts, then Done."),
    1: _("Turn {turn} · Your turn: one action left."),
    2: _("Turn {turn} · Your turn: two actions."),
}
"""The viewer's turn, by the phase it is in or (when it acts) its actions left."""


def status_line(obs: WhaleRidersObservation, names: Sequence[str], tr: Translate) -> str:
    """Whose turn it is and what they are doing, as the viewer of ``obs`` reads it."""
    to_move, turn = obs["to_move"], obs["turn"]
    if obs["phase"] == "over":
        return game_over_line(obs, names, tr)
    if to_move is None and obs["phase"] == "setup":
        return tr("The coast is being laid out and the contracts dealt.")
    if to_move is None:
        return tr("Turn {turn} · drawing from the bag or the contract pile.").format(turn=turn)
    if to_move == obs["seat"]:
        text = YOUR_TURN.get(obs["phase"]) or YOUR_TURN[1 if obs["actions_left"] == 1 else 2]
        return tr(text).format(turn=turn)
    return tr("Turn {turn} · {name} is to play.").format(
        turn=turn, name=seat_name(names, to_move, tr)
    )


# --- The result --------------------------------------------------------------------------

RESULT_WORDS = {
    "tile_pearls": _("Pearls on tiles"),
    "contract_pearls": _("Pearls on contracts"),
    "decree_pearls": _("Pearls from decrees"),
    "coins": _("Coins"),
    "tiles": _("Tiles"),
    "pearls": _("Pearls"),
}
TIE_BREAKS = {
    "coins": _("Tie on pearls broken by the most coins."),
    "tiles": _("Tie on pearls and coins broken by the most tiles."),
}


def result_word(key: str, tr: Translate) -> str:
    """A column of the result table: a part of a seat's line, or the score."""
    return word_for(RESULT_WORDS, key, tr)


def tie_break_line(result: Result, tr: Translate) -> str | None:
    """Which of the rulebook's tie-breaks settled first place, if one did."""
    words = TIE_BREAKS.get(result.decided_by or "")
    return None if words is None else tr(words)


def ranking_rule(result: Result, tr: Translate) -> str:
    """How the rulebook ranks the players."""
    return tr("The most pearls wins; ties go to the most coins, then the most tiles.")


# --- The log -----------------------------------------------------------------------------

EVENT_WORDS: dict[type[Event], str] = {
    ev.TileBought: _("{name} bought {tile} on space {space} at {port} for {coins}."),
    ev.CoinTaken: _("{name} took {gained} from the bank and has {coins}."),
    ev.ContractBurned: _("{name} burned a contract: {contract}."),
    ev.ContractFulfilled: _("{name} fulfilled a contract: {contract}."),
    ev.ContractDrawn: _("{name} drew a contract: {contract}."),
    ev.GapsClosed: _("The tiles slide down to close the gaps at {ports}."),
    ev.SpaceRefilled: _("Drawn from the bag for {port}: {tile}."),
    ev.StormSetAside: _("A storm is drawn and set aside."),
    ev.BagEmpty: _("The bag is empty: the space stays empty."),
    ev.PileReshuffled: _("The {count} burned contracts are shuffled into a new draw pile."),
    ev.DecreeMet: _("{name} meets the decree {decree} and gains {pearls}."),
    ev.StartPlayerPicked: _("{name} is the start player."),
    ev.CoastLaid: _("The coast is laid out; the storm tiles go into the bag."),
    ev.ContractsDealt: _("Three contracts are dealt face down to each player."),
    ev.PowerDealt: _("{name} takes the power {power}: {text}"),
    ev.DecreeRevealed: _("Decree turned up: {name}: {text}"),
}
"""Each event's sentence, but for the cases :func:`_sentence` tells apart."""


def _sentence(event: Event) -> str | None:
    """The msgid that says ``event``; none for a contract dealt (the deal is told once)."""
    if isinstance(event, ev.RiderMoved):
        if event.step == HOME:
            return _("{name} came home to {port}.")
        if event.step == TURN_STEP:
            return _("{name} reached {port} and turned for home.")
        return _("{name} sailed to {port}.")
    if isinstance(event, ev.TileBought) and event.good == "storm":
        return _("{name} cleared the storm on space {space} at {port} for {coins}.")
    if isinstance(event, ev.ContractDrawn) and (event.dealing or event.card is None):
        return None if event.dealing else _("{name} drew a contract ({count} in hand).")
    if isinstance(event, ev.BagEmpty) and event.ends_game:
        return _("The bag is empty: the game ends.")
    return EVENT_WORDS.get(type(event))


def describe(
    event: Event, names: Sequence[str], tr: Translate, components: Components
) -> str | None:
    """``event`` as one sentence of the log, as the reader may know it."""
    if isinstance(event, ev.GameOver):
        pearls = event.pearls[event.winners[0]] if event.winners else 0
        return game_over_words(event.winners, pearls, names, tr)
    sentence = _sentence(event)
    return None if sentence is None else tr(sentence).format(**_said(event, names, tr, components))


def _said(event: Event, names: Sequence[str], tr: Translate, c: Components) -> dict[str, Any]:
    """Each field of ``event`` in words, under the name the sentences give it."""
    e: Any = event  # each event has its own fields: those it has are said
    said: dict[str, Any] = {}
    if hasattr(e, "seat"):
        said["name"] = seat_name(names, e.seat, tr)
    if hasattr(e, "port"):
        said["port"] = tr(c.port_names[e.port])
    if hasattr(e, "ports"):
        said["ports"] = ", ".join(tr(c.port_names[p]) for p in e.ports)
    if hasattr(e, "slot"):
        said["space"] = e.slot + 1
    if hasattr(e, "good"):
        said["tile"] = tile_name({"good": e.good, "count": e.count}, tr)
    if hasattr(e, "price"):
        said["coins"] = coins_text(e.price, tr)
    if hasattr(e, "gained"):
        said.update(gained=coins_text(e.gained, tr), coins=coins_text(e.coins, tr))
    if getattr(e, "card", None) is not None:
        said["contract"] = contract_text(c.contracts[e.card].to_json(e.card), tr)
    said["count"] = getattr(e, "hand", getattr(e, "cards", 0))
    if isinstance(event, ev.DecreeMet):
        said["pearls"] = pearls_text(event.pearls, tr)
    for field, tiles in (("power", c.powers), ("decree", c.decrees)):
        if hasattr(e, field):
            tile = next(t for t in tiles if t.id == getattr(e, field)).to_json()
            said.update({field: tr(tile["name"]), "text": tr(tile["text"])})
            said.setdefault("name", tr(tile["name"]))  # a decree turned up: no seat
    return said


# --- The lobby and the advisor -----------------------------------------------------------

OPTION_WORDS = {
    "storms": _("Storm tiles"),
    "empty_bag": _("When the bag is empty"),
    "surplus": _("Goods beyond what a contract asks"),
    "refill": _("Drawing contracts"),
    "gaps": _("A bought tile’s gap closes"),
    "magic_of_the_whale": _("Variant: The Magic of the Whale"),
    "clans_decree": _("Variant: The Clan’s Decree"),
    ("storms", "block"): _("block their space"),
    ("storms", "clearable"): _("may be bought to clear them"),
    ("storms", "lull"): _("are set aside when drawn in play"),
    ("empty_bag", "leave_empty"): _("spaces stay empty"),
    ("empty_bag", "ends_game"): _("the game ends"),
    ("surplus", "lost"): _("are lost"),
    ("surplus", "kept"): _("are kept as a smaller tile"),
    ("refill", "end_of_turn"): _("at the end of your turn"),
    ("refill", "after_action"): _("after each burn or fulfil action"),
    ("gaps", "end_of_turn"): _("at the end of the turn"),
    ("gaps", "at_once"): _("at once"),
}
"""Each option's name, by its key, and each of its values' words, by (key, value)."""


def option_label(name: str, tr: Translate) -> str:
    """The name of one of the game's options, for the lobby."""
    return word_for(OPTION_WORDS, name, tr)


def choice_label(name: str, choice: Any, tr: Translate) -> str:
    """One allowed value of option ``name``, for the lobby."""
    if isinstance(choice, str) and (name, choice) in OPTION_WORDS:
        return tr(OPTION_WORDS[name, choice])
    return plain_choice(choice, tr)


ADVICE_WORDS = {"hand": _("in hand"), "offer": _("on offer"), "missing": _("goods missing")}
"""The advisor's row names (``advice.py``) that are not their own msgid, as these are:"""
ADVICE_TITLES = (
    _("What your contracts are worth"),
    _("contract {number} ({where})"),
    *(_("coins"), _("pearls"), _("chance"), _("expected")),
    _("Expected: the chance of filling it times what it pays (a pearl as 2.5 coins)."),
)


def advice_word(key: str, tr: Translate) -> str:
    """The advisor's titles, labels and row names, in the reader's language."""
    return tr(ADVICE_WORDS.get(key, key))


# --- The terminal's typed commands -----------------------------------------------------------
SHORT_FORMS = _(
    "type a number from the list, or: m (move), b N (buy the tile on space N), "
    "c (take a coin), f (start fulfilling), f N (fulfil contract CN), "
    "x (start burning), x N (burn contract CN), d (done), q (quit)"
)

# --- The lobby: the game in a sentence or two, its picture, a line of help per option ------
SUMMARY = _(
    "Ride your whale along the Ice Coast and back, buying goods to fulfil secret contracts. "
    "Home again, buy pearls: the most pearls wins."
)
PICTURE = _("A rider on a whale’s back, carrying goods past a pearl.")
OPTION_HELP = {
    "storms": _(
        "What a storm tile drawn for the coast does: it blocks its space, may be bought to clear "
        "it, or is set aside and replaced."
    ),
    "empty_bag": _("When the bag cannot refill a space: the space stays empty, or the game ends."),
    "surplus": _("Whether goods on a tile beyond what a contract asks for are lost or kept."),
    "refill": _(
        "When hands are drawn back up to three contracts: at the end of the turn, or after each "
        "burn or fulfil action."
    ),
    "gaps": _(
        "When the tiles above a bought tile slide down: at the end of the turn, as the rulebook "
        "says, or at once."
    ),
    "magic_of_the_whale": _(
        "Play the variant The Magic of the Whale (its tiles are reconstructed)."
    ),
    "clans_decree": _("Play the variant The Clan’s Decree (its tiles are reconstructed)."),
}
