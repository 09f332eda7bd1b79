"""Whale Riders in the terminal: the Ice Coast drawn from one seat's observation.

Names on screen are the ones players use at the table: ports by name, a port's
spaces numbered from 1 (the cheapest) up, the contracts in your hand numbered
C1-C3 in the order you hold them, seats from 1. Another seat's contracts are only
ever counted: the observation gives nothing else, so nothing else is drawn.

Every sentence is the game's own (``games/whale_riders/words.py``, which the web board
speaks too: an action here is worded as the board's button) or a line of this layout,
and goes through the view's translator ``tr``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, result_panel, seat_colour, seat_words
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
    action_label,
    contract_text,
    counts_line,
    decree_line,
    game_over_words,
    good_name,
    goods_line,
    port_name,
    power_line,
    power_name,
    ranking_rule,
    result_word,
    rider_place,
    status_line,
    tie_break_line,
    tile_name,
)

HEADING_MARK = {"out": "→", "back": "←", "home": "⌂"}


def holdings_text(tiles: list[dict[str, Any]], tr: Translate) -> str:
    """Tiles by good, each tile by its count: ``kelp 1,2 · meat 3``."""
    if not tiles:
        return "—"
    by_good: dict[str, list[int]] = {}
    for t in tiles:
        by_good.setdefault(t["good"], []).append(t["count"])
    return " · ".join(
        f"{good_name(good, tr)} {','.join(str(c) for c in sorted(counts))}"
        for good, counts in by_good.items()
    )


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


class WhaleRidersView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        labels = [seat_words(s, names, tr) for s in range(len(obs["players"]))]
        legend = (
            self._prices(obs)
            + "\n"
            + tr("S2→ = Seat 2's rider sailing out, ← sailing home, ⌂ home, · not yet left")
        )
        parts: list[RenderableType] = [
            self._header(obs, labels),
            self._sun_port(obs),
            self._coast(obs),
            Text(legend, style="dim"),
            self._players(obs, labels),
        ]
        more = self._extras(obs, labels)
        if more is not None:
            parts.append(more)
        hand = self._hand(obs)
        if hand is not None:
            parts.append(hand)
        return Group(*parts)

    def _header(self, obs: dict[str, Any], labels: list[str]) -> Text:
        tr = self.tr
        seat = obs["seat"]
        title = tr("Whale Riders") + " · " + tr("Turn {turn}").format(turn=obs["turn"])
        text = Text(title, style="bold")
        if obs["start_player"] is not None:
            start = tr("start player: {name}").format(name=labels[obs["start_player"]])
            text.append(" · " + start)
        viewer = tr("spectator (public information only)") if seat is None else labels[seat]
        text.append("\n" + tr("viewing as {viewer}").format(viewer=viewer))
        text.append("\n" + status_line(obs, labels, tr))
        if obs["phase"] in ("burning", "fulfilling"):
            chosen = tr("{count} chosen so far").format(count=len(obs["current_cards"]))
            text.append(f" ({chosen})")
        text.append("\n" + counts_line(obs, tr))
        return text

    def _coast(self, obs: dict[str, Any]) -> Table:
        """One row per trading port, its spaces from the cheapest (space 1) up."""
        tr = self.tr
        table = Table(padding=(0, 1), title=tr("The Ice Coast"))
        table.add_column(tr("Port"), no_wrap=True)
        widest = max(len(p["spaces"]) for p in obs["ports"][1:])
        for k in range(widest):
            table.add_column(tr("Space {space}").format(space=k + 1), no_wrap=True)
        table.add_column(tr("Riders"), no_wrap=True)
        for index, port in enumerate(obs["ports"][1:], start=1):
            cells: list[RenderableType] = [Text(port_name(port["name"], tr), style="bold")]
            for k in range(widest):
                tile = port["spaces"][k] if k < len(port["spaces"]) else None
                shown = "" if k >= len(port["spaces"]) else "—"
                if tile is not None:
                    shown = tile_name(tile, tr)
                cells.append(Text(shown, style="dim" if tile is None else ""))
            cells.append(riders_at(obs, index))
            table.add_row(*cells)
        return table

    def _sun_port(self, obs: dict[str, Any]) -> Text:
        tr = self.tr
        sun = obs["ports"][0]
        pearls = " ".join("—" if t is None else f"{t['count']}" for t in sun["spaces"])
        text = Text(
            tr("{port} (home) · pearl tiles from space 1 up: {pearls}").format(
                port=port_name(sun["name"], tr), pearls=pearls
            ),
            style="bold",
        )
        riders = riders_at(obs, 0)
        if riders:
            text.append(" · " + tr("Riders") + ": ")
            text.append_text(riders)
        return text

    def _prices(self, obs: dict[str, Any]) -> str:
        """The price ladders, once per distinct ladder (they are printed on the board)."""
        tr = self.tr
        ladders: dict[tuple[int, ...], list[str]] = {}
        for port in obs["ports"]:
            ladders.setdefault(tuple(port["prices"]), []).append(port["name"])
        parts = []
        for prices, ports in ladders.items():
            where = port_name(ports[0], tr) if len(ports) == 1 else tr("the other ports")
            parts.append(f"{where}: {'/'.join(str(p) for p in prices)}")
        return tr("Prices in coins, from space 1 up: {prices}").format(prices=" · ".join(parts))

    def _players(self, obs: dict[str, Any], labels: list[str]) -> Table:
        tr = self.tr
        table = Table(padding=(0, 1))
        table.add_column("")
        for column in (tr("Player"), tr("Rider")):
            table.add_column(column)
        table.add_column(tr("Coins"), justify="right")
        for column in (tr("Tiles"), tr("Hand"), tr("Fulfilled")):
            table.add_column(column)
        table.add_column(tr("Pearls"), justify="right")
        has_power = any(p["power"] is not None for p in obs["players"])
        if has_power:
            table.add_column(tr("Power"))
        for seat, p in enumerate(obs["players"]):
            row: list[RenderableType] = [
                "▶" if obs["to_move"] == seat else "",
                Text(labels[seat], style=f"bold {seat_colour(seat)}"),
                rider_place(obs, p, tr),
                str(p["coins"]),
                holdings_text(p["tiles"], tr),
                str(p["hand_size"]),
                str(len(p["fulfilled"])),
                str(p["pearls"]),
            ]
            if has_power:
                row.append(power_name(p["power"], tr) if p["power"] else "—")
            table.add_row(*row)
        return table

    def _hand(self, obs: dict[str, Any]) -> Panel | None:
        tr = self.tr
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
            lines.append(f"C{i + 1}: {contract_text(card, tr)}")
            if card["payable"]:
                lines.append("  " + tr("✓ your tiles pay"), style="bold green")
        if not lines:
            lines.append(tr("No contracts in hand."), style="dim")
        coins = tr("Coins") + f": {me['coins']}"
        lines.append(f"\n{goods_line(me['goods'], tr)} · {coins}", style="dim")
        if me["power"] is not None:
            lines.append("\n" + tr("Your power: {power}").format(power=power_line(me["power"], tr)))
        return Panel(lines, title=tr("Your contracts"), padding=(0, 1))

    def _extras(self, obs: dict[str, Any], labels: list[str]) -> Text | None:
        tr = self.tr
        text = Text()
        if obs["burned"]:
            last = contract_text(obs["burned"][-1], tr)
            text.append(tr("Last burned contract: {contract}").format(contract=last))
        if obs["decrees"]:
            if text:
                text.append("\n")
            text.append(tr("Decrees"), style="bold")
        for decree in obs["decrees"]:
            text.append("\n" + decree_line(decree, labels, tr))
        return text or None

    # --------------------------------------------------------------- choosing

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        # The web board's label, word for word: the terminal names no seat but by number.
        return action_label(action, obs, (), self.tr)

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        tr = self.tr
        words = text.lower().split()
        if not words or words[0] not in ("m", "b", "c", "f", "x", "d"):
            return None
        verb, args = words[0], words[1:]
        if verb in ("m", "c", "d"):
            if args:
                raise BadCommand(tr("'{verb}' takes nothing after it").format(verb=verb))
            return {"m": Move(), "c": TakeCoin(), "d": Done()}[verb]
        if verb in ("f", "x") and not args:
            return FulfilContracts() if verb == "f" else BurnContracts()
        if len(args) != 1 or not args[0].isdigit():
            if verb == "b":
                raise BadCommand(tr("write 'b N' with a space N (1 is the cheapest)"))
            raise BadCommand(
                tr("write '{verb} N' with a contract N of your hand").format(verb=verb)
            )
        number = int(args[0])
        seat = obs["seat"]
        if verb == "b":
            spaces = (
                len(obs["ports"][obs["players"][seat]["port"]]["spaces"]) if seat is not None else 4
            )
            if not 1 <= number <= spaces:
                raise BadCommand(
                    tr("there is no space {number}: this port's spaces are 1–{spaces}").format(
                        number=number, spaces=spaces
                    )
                )
            return Buy(number - 1)
        hand = obs["players"][seat]["hand"] if seat is not None else []
        if not 1 <= number <= len(hand) or hand[number - 1] is None:
            if not hand:
                raise BadCommand(tr("your hand is empty"))
            raise BadCommand(
                tr("there is no contract C{number}: your hand holds C1–C{count}").format(
                    number=number, count=len(hand)
                )
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
        return self.tr(
            "type a number from the list, or: m (move), b N (buy the tile on space N), "
            "c (take a coin), f (start fulfilling), f N (fulfil contract CN), "
            "x (start burning), x N (burn contract CN), d (done), q (quit)"
        )


View = WhaleRidersView
"""The name the registry looks for."""

__all__ = ["View", "WhaleRidersView"]
