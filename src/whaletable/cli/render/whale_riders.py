"""Whale Riders in the terminal: the Ice Coast drawn from one seat's observation.

Names on screen are the ones players use at the table: ports by name, a port's
spaces numbered from 1 (the cheapest) up, the contracts in your hand numbered
C1-C3 in the order you hold them, seats from 1. Another seat's contracts are only
ever counted: the observation gives nothing else, so nothing else is drawn.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, result_panel, seat_colour, seat_label, seat_words
from whaletable.core.action import Action
from whaletable.core.result import Result
from whaletable.core.words import Translate, english
from whaletable.games.whale_riders.actions import (
    Burn,
    BurnContracts,
    Buy,
    Done,
    Fulfil,
    FulfilContracts,
    Move,
    TakeCoin,
)
from whaletable.games.whale_riders.words import (
    game_over_words,
    ranking_rule,
    result_word,
    tie_break_line,
)

PAYING = ("shell", "kelp", "meat", "pottery", "crystal")
"""The goods contracts ask for, in the order a contract lists them."""
HEADING_MARK = {"out": "→", "back": "←", "home": "⌂"}


PLURAL = {"shell": "shells", "crystal": "crystals", "pearl": "pearls"}
"""Goods whose name takes an s for more than one (kelp, meat and pottery do not)."""


def goods_text(good: str, count: int) -> str:
    return f"{count} {PLURAL.get(good, good) if count != 1 else good}"


def tile_text(tile: dict[str, Any] | None) -> str:
    if tile is None:
        return "—"
    if tile["good"] == "storm":
        return "storm"
    return goods_text(tile["good"], tile["count"])


def needs_text(contract: dict[str, Any]) -> str:
    return " + ".join(goods_text(good, n) for good, n in contract["needs"].items())


def reward_text(contract: dict[str, Any]) -> str:
    coins, pearls = contract["coins"], contract["pearls"]
    return f"{coins} coin{'s' if coins != 1 else ''}, {pearls} pearl{'s' if pearls != 1 else ''}"


def contract_text(contract: dict[str, Any]) -> str:
    return f"{needs_text(contract)} → {reward_text(contract)}"


def holdings_text(tiles: list[dict[str, Any]]) -> str:
    """Tiles by good, each tile by its count: ``kelp 1,2 · meat 3``."""
    if not tiles:
        return "—"
    by_good: dict[str, list[int]] = {}
    for t in tiles:
        by_good.setdefault(t["good"], []).append(t["count"])
    return " · ".join(
        f"{good} {','.join(str(c) for c in sorted(counts))}" for good, counts in by_good.items()
    )


def hand_position(obs: dict[str, Any], card: int) -> int | None:
    """The 1-based place of contract ``card`` in the viewer's hand, if it is there."""
    seat = obs["seat"]
    if seat is None:
        return None
    for i, c in enumerate(obs["players"][seat]["hand"]):
        if c is not None and c["id"] == card:
            return i + 1
    return None


def contract_of(obs: dict[str, Any], card: int) -> dict[str, Any] | None:
    """Contract ``card`` wherever the observation shows it face up (hand, burned, fulfilled)."""
    seat = obs["seat"]
    places: list[dict[str, Any] | None] = list(obs["burned"])
    if seat is not None:
        places += obs["players"][seat]["hand"]
    for p in obs["players"]:
        places += p["fulfilled"]
    for c in places:
        if c is not None and c["id"] == card:
            return c
    return None


def rider_text(player: dict[str, Any], ports: list[dict[str, Any]]) -> str:
    name = ports[player["port"]]["name"]
    if player["heading"] == "home":
        return f"{name} (home)"
    if player["step"] == 0:
        return f"{name} (not yet left)"
    return f"{name} {HEADING_MARK[player['heading']]}"


def seat_name(seat: int, names: list[str]) -> str:
    return f"{seat_label(seat)} ({names[seat]})"


# ------------------------------------------------------------------- drawing


def header(obs: dict[str, Any], names: list[str]) -> Text:
    seat = obs["seat"]
    viewer = "spectator (public information only)" if seat is None else seat_label(seat)
    text = Text(f"Whale Riders · turn {obs['turn']}", style="bold")
    if obs["start_player"] is not None:
        text.append(f" · start player {seat_label(obs['start_player'])}")
    text.append(f"\nviewing as {viewer}")
    turn_player = obs["turn_player"]
    if turn_player is not None and obs["phase"] != "over":
        text.append(
            f"\n{seat_name(turn_player, names)} is on turn: "
            f"{obs['actions_left']} action(s) not yet begun"
        )
        if obs["phase"] in ("burning", "fulfilling"):
            verb = "burning" if obs["phase"] == "burning" else "fulfilling"
            text.append(f" · {verb} contracts ({len(obs['current_cards'])} so far)")
    text.append(
        f"\nbag: {obs['bag']} tiles · contract pile: {obs['deck']} · "
        f"burned: {len(obs['burned'])} · Sun Port pearls left: {obs['pearls_left']}"
    )
    return text


def riders_at(obs: dict[str, Any], index: int) -> Text:
    riders = Text()
    for seat, player in enumerate(obs["players"]):
        if player["port"] != index:
            continue
        if riders:
            riders.append(" ")
        mark = HEADING_MARK[player["heading"]] if player["step"] else "·"
        riders.append(f"S{seat + 1}{mark}", style=f"bold {seat_colour(seat)}")
    return riders


def coast_table(obs: dict[str, Any]) -> Table:
    """One row per trading port, its spaces from the cheapest (space 1) up."""
    table = Table(padding=(0, 1), title="The Ice Coast")
    table.add_column("port", no_wrap=True)
    widest = max(len(p["spaces"]) for p in obs["ports"][1:])
    for k in range(widest):
        table.add_column(f"space {k + 1}", no_wrap=True)
    table.add_column("riders", no_wrap=True)
    for index, port in enumerate(obs["ports"][1:], start=1):
        cells: list[RenderableType] = [Text(port["name"], style="bold")]
        for k in range(widest):
            tile = port["spaces"][k] if k < len(port["spaces"]) else None
            shown = "" if k >= len(port["spaces"]) else tile_text(tile)
            cells.append(Text(shown, style="dim" if tile is None else ""))
        cells.append(riders_at(obs, index))
        table.add_row(*cells)
    return table


def sun_port_text(obs: dict[str, Any]) -> Text:
    sun = obs["ports"][0]
    text = Text(f"{sun['name']} (home) · pearl tiles from space 1 up: ", style="bold")
    text.append(" ".join("—" if t is None else f"{t['count']}" for t in sun["spaces"]))
    riders = riders_at(obs, 0)
    if riders:
        text.append(" · riders: ")
        text.append_text(riders)
    return text


def prices_text(obs: dict[str, Any]) -> str:
    """The price ladders, once per distinct ladder (they are printed on the board)."""
    ladders: dict[tuple[int, ...], list[str]] = {}
    for port in obs["ports"]:
        ladders.setdefault(tuple(port["prices"]), []).append(port["name"])
    parts = []
    for prices, ports in ladders.items():
        where = ports[0] if len(ports) == 1 else "the other ports"
        parts.append(f"{where}: {'/'.join(str(p) for p in prices)}")
    return "prices from space 1 up · " + " · ".join(parts) + " coins"


def players_table(obs: dict[str, Any], names: list[str]) -> Table:
    table = Table(padding=(0, 1))
    for column in ("", "player", "rider", "coins", "tiles", "hand", "done", "pearls"):
        table.add_column(column, justify="right" if column in ("coins", "pearls") else "left")
    has_power = any(p["power"] is not None for p in obs["players"])
    if has_power:
        table.add_column("power")
    for seat, p in enumerate(obs["players"]):
        row: list[RenderableType] = [
            "▶" if obs["to_move"] == seat else "",
            Text(seat_name(seat, names), style=f"bold {seat_colour(seat)}"),
            rider_text(p, obs["ports"]),
            str(p["coins"]),
            holdings_text(p["tiles"]),
            str(p["hand_size"]),
            str(len(p["fulfilled"])),
            str(p["pearls"]),
        ]
        if has_power:
            row.append(p["power"]["name"] if p["power"] else "—")
        table.add_row(*row)
    return table


def hand_panel(obs: dict[str, Any]) -> Panel | None:
    seat = obs["seat"]
    if seat is None:
        return None
    me = obs["players"][seat]
    lines = Text()
    for i, card in enumerate(me["hand"]):
        if card is None:
            continue
        if lines:
            lines.append("\n")
        lines.append(f"C{i + 1}: {contract_text(card)}")
        if card["payable"]:
            lines.append("  ✓ your tiles pay for it", style="bold green")
    if not lines:
        lines.append("no contracts in hand", style="dim")
    held = me["goods"]
    goods = ", ".join(goods_text(g, held[g]) for g in (*PAYING, "pearl") if held.get(g))
    lines.append(f"\nyour goods: {goods or 'none'} · coins: {me['coins']}", style="dim")
    if me["power"] is not None:
        lines.append(f"\nyour power: {me['power']['name']} — {me['power']['text']}")
    return Panel(lines, title="Your contracts", padding=(0, 1))


def extras(obs: dict[str, Any], names: list[str]) -> Text | None:
    text = Text()
    if obs["burned"]:
        text.append(f"last burned contract: {contract_text(obs['burned'][-1])}")
    for decree in obs["decrees"]:
        if text:
            text.append("\n")
        claimed = ", ".join(seat_label(s) for s in decree["claimed_by"]) or "nobody yet"
        text.append(f"decree {decree['name']}: {decree['text']} (claimed by {claimed})")
    return text or None


class WhaleRidersView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        parts: list[RenderableType] = [header(obs, names), sun_port_text(obs), coast_table(obs)]
        legend = Text(
            prices_text(obs) + "\nS2→ = Seat 2's rider heading out, ← heading home, ⌂ home, "
            "· not yet left · hand = contracts in hand, done = contracts fulfilled",
            style="dim",
        )
        parts += [legend, players_table(obs, names)]
        more = extras(obs, names)
        if more is not None:
            parts.append(more)
        hand = hand_panel(obs)
        if hand is not None:
            parts.append(hand)
        return Group(*parts)

    # --------------------------------------------------------------- choosing

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        seat = obs["to_move"] if obs["to_move"] is not None else obs["seat"]
        me = obs["players"][seat] if seat is not None else None
        if isinstance(action, Move) and me is not None:
            to = obs["ports"][me["next_port"]]["name"]
            return f"move your rider to {to}"
        if isinstance(action, Buy) and me is not None:
            port = obs["ports"][me["port"]]
            tile = port["spaces"][action.slot] if action.slot < len(port["spaces"]) else None
            price = port["prices"][action.slot] if action.slot < len(port["prices"]) else "?"
            what = "clear the storm" if tile and tile["good"] == "storm" else "buy"
            if what == "buy":
                what += f" {tile_text(tile)}"
            return f"{what} on space {action.slot + 1} ({price}¢)"
        if isinstance(action, TakeCoin):
            return "take a coin"
        if isinstance(action, BurnContracts):
            return "burn contracts (choose one or more, then say done)"
        if isinstance(action, FulfilContracts):
            return "fulfil contracts (choose one or more, then say done)"
        if isinstance(action, (Burn, Fulfil)):
            verb = "burn" if isinstance(action, Burn) else "fulfil"
            place = hand_position(obs, action.card)
            card = contract_of(obs, action.card)
            name = f"C{place}" if place is not None else f"#{action.card}"
            return f"{verb} contract {name}" + (f" ({contract_text(card)})" if card else "")
        if isinstance(action, Done):
            if obs["phase"] == "burning":
                return "done burning contracts"
            if obs["phase"] == "fulfilling":
                return "done fulfilling contracts"
            return "done"
        return str(action)

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        words = text.lower().split()
        if not words or words[0] not in ("m", "b", "c", "f", "x", "d"):
            return None
        verb, args = words[0], words[1:]
        if verb in ("m", "c", "d"):
            if args:
                raise BadCommand(f"'{verb}' takes nothing after it")
            return {"m": Move(), "c": TakeCoin(), "d": Done()}[verb]
        if verb in ("f", "x") and not args:
            return FulfilContracts() if verb == "f" else BurnContracts()
        if len(args) != 1 or not args[0].isdigit():
            what = "a space N (1 is the cheapest)" if verb == "b" else "a contract N of your hand"
            raise BadCommand(f"write '{verb} N' with {what}")
        number = int(args[0])
        if verb == "b":
            seat = obs["seat"]
            spaces = (
                len(obs["ports"][obs["players"][seat]["port"]]["spaces"]) if seat is not None else 4
            )
            if not 1 <= number <= spaces:
                raise BadCommand(f"there is no space {number}: this port's spaces are 1–{spaces}")
            return Buy(number - 1)
        seat = obs["seat"]
        hand = obs["players"][seat]["hand"] if seat is not None else []
        if not 1 <= number <= len(hand) or hand[number - 1] is None:
            raise BadCommand(
                f"there is no contract C{number}: your hand holds C1–C{len(hand)}"
                if hand
                else "your hand is empty"
            )
        card = hand[number - 1]["id"]
        return Fulfil(card) if verb == "f" else Burn(card)

    def round_summaries(self, obs: dict[str, Any], names: list[str]) -> list[RenderableType]:
        return []

    def final(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        result = Result.from_observation(obs)
        if result is None:
            return Text(tr("Game over."))
        labels = [seat_words(s, names, tr) for s in range(len(result.standings))]
        winners = result.winners
        pearls = result.standing(winners[0]).score if winners else 0
        notes = [tie_break_line(result, tr), ranking_rule(result, tr)]
        return result_panel(
            result,
            names,
            tr,
            result_word,
            headline=game_over_words(winners, pearls, labels, tr),
            notes=[note for note in notes if note],
        )

    def short_forms(self) -> str:
        return (
            "type a number from the list, or: m (move), b N (buy the tile on space N), "
            "c (take a coin), f (start fulfilling), f N (fulfil contract CN), "
            "x (start burning), x N (burn contract CN), d (done), q (quit)"
        )


View = WhaleRidersView
"""The name the registry looks for."""

__all__ = ["View", "WhaleRidersView"]
