"""Whale Riders in the terminal: the game's scene laid out as tables and panels.

Names on screen are the ones players use at the table: ports by name, a port's
spaces numbered from 1 (the cheapest) up, the contracts in your hand numbered
C1-C3 in the order you hold them, seats from 1. What is shown, and in which words,
is the game's scene (``games/whale_riders/view.py``), which the web board draws too:
another seat's contracts are only ever counted, and an action here is worded as the
board's button.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, SceneView, chips, seat_cells
from whaletable.core.action import Action
from whaletable.core.view import Piece, Region, Scene
from whaletable.core.words import message as _
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders import words
from whaletable.games.whale_riders.observation import WhaleRidersObservation
from whaletable.games.whale_riders.view import scene

HEADING_MARK = {"out": "→", "back": "←", "home": "⌂"}
SHORT: dict[str, Action] = {
    "m": act.Move(),
    "c": act.TakeCoin(),
    "d": act.Done(),
    "f": act.FulfilContracts(),
    "x": act.BurnContracts(),
}
"""The short forms that name an action alone."""


def rider_tag(rider: Piece) -> str:
    """``S2→``: seat 2's rider sailing out (``·`` not yet left)."""
    mark = next((m for h, m in HEADING_MARK.items() if h in rider.marks), "")
    return f"S{(rider.owner or 0) + 1}{'·' if 'not-left' in rider.marks else mark}"


class WhaleRidersView(SceneView):
    maker, words = staticmethod(scene), words

    def draw(self, obs: WhaleRidersObservation, sc: Scene, names: list[str]) -> RenderableType:
        tr = self.tr
        ports = [r for r in sc.regions if r.kind == "port"]
        seats = [r for r in sc.regions if r.kind == "seat"]
        legend = tr("S2→ = Seat 2's rider sailing out, ← sailing home, ⌂ home, · not yet left")
        parts: list[RenderableType] = [
            self._header(sc, seats),
            self._coast(ports, sc.highlights),
            Text(self._prices(ports) + "\n" + legend, style="dim"),
            self._players(seats, sc.highlights),
        ]
        regions = {r.key: r for r in sc.regions}
        burned = regions["supply"].pieces[-1:]
        more = [tr("Last burned contract: {contract}").format(contract=p.label) for p in burned]
        if "decrees" in regions:
            more += [tr("Decrees"), *(d.label for d in regions["decrees"].pieces)]
        if more:
            parts.append(Text("\n".join(more)))
        if "hand" in regions:
            parts.append(self._hand(regions["hand"], regions[f"seat-{regions['hand'].owner}"]))
        return Group(*parts)

    def _header(self, sc: Scene, seats: list[Region]) -> Text:
        tr = self.tr
        turn = sc.region("turn")
        text = Text(tr("Whale Riders") + " · " + turn.label, style="bold")
        for seat in (s for s in seats if "start-player" in s.marks):
            text.append(" · " + tr("start player: {name}").format(name=seat.label))
        viewer = tr("spectator (public information only)")
        if turn.owner is not None:
            viewer = sc.region(f"seat-{turn.owner}").label
        text.append("\n" + tr("viewing as {viewer}").format(viewer=viewer))
        text.append(f"\n{sc.status}\n{sc.region('supply').label}")
        return text

    def _coast(self, ports: list[Region], lit: frozenset[str]) -> Table:
        """One row per port, its spaces from the cheapest (space 1) up; what the last step
        touched reversed."""
        tr = self.tr
        table = Table(padding=(0, 1), title=tr("The Ice Coast"))
        table.add_column(tr("Port"), no_wrap=True)
        spaces = [[p for p in port.pieces if p.kind != "rider"] for port in ports]
        widest = max(len(s) for s in spaces)
        for k in range(widest):
            table.add_column(tr("Space {space}").format(space=k + 1), no_wrap=True)
        table.add_column(tr("Riders"), no_wrap=True)
        for port, row in zip(ports, spaces, strict=True):
            cells = [
                Text(s.label or "—", "dim" * (s.kind == "empty") + " reverse" * (s.key in lit))
                for s in row
            ]
            cells += [Text("")] * (widest - len(row))
            riders = chips([p for p in port.pieces if p.kind == "rider"], lit, rider_tag)
            table.add_row(Text(port.label, style="bold"), *cells, riders)
        return table

    def _prices(self, ports: list[Region]) -> str:
        """The price ladders, once per distinct ladder (they are printed on the board)."""
        tr = self.tr
        ladders: dict[tuple[str, ...], list[str]] = {}
        for port in ports:
            ladders.setdefault(port.notes, []).append(port.label)
        parts = []
        for prices, names in ladders.items():
            where = names[0] if len(names) == 1 else tr("the other ports")
            parts.append(f"{where}: {'/'.join(prices)}")
        return tr("Prices in coins, from space 1 up: {prices}").format(prices=" · ".join(parts))

    def _players(self, seats: list[Region], lit: frozenset[str]) -> Table:
        tr = self.tr
        table = Table(padding=(0, 1))
        has_power = any(p.kind == "power" for s in seats for p in s.pieces)
        columns = ["", tr("Player"), tr("Rider"), tr("Coins"), tr("Tiles"), tr("Hand")]
        columns += [tr("Fulfilled"), tr("Pearls"), *([tr("Power")] if has_power else [])]
        for i, column in enumerate(columns):
            table.add_column(column, justify="right" if i in (3, 7) else "left")  # the figures
        for row in seats:
            # coins, fulfilled, pearls, power: each lit where the last step touched it
            said = {p.kind: Text(p.label, "reverse" * (p.key in lit)) for p in row.pieces}
            held = " · ".join(p.label for p in row.pieces if p.key.startswith("held-")) or "—"
            backs = [p for p in row.pieces if p.kind == "card-back"]
            drawn = any(p.key in lit for p in backs)
            cells: list[RenderableType] = [row.notes[0], said["coins"], held]
            cells.append(Text(str(len(backs)), "reverse" * drawn))
            cells += [said["fulfilled"], said["pearls"]]
            if has_power:
                cells.append(said.get("power", "—"))
            table.add_row(*seat_cells(row, lit), *cells)
        return table

    def _hand(self, hand: Region, mine: Region) -> Panel:
        tr = self.tr
        lines = Text()
        for i, card in enumerate(hand.pieces):
            if i:
                lines.append("\n")
            lines.append(f"C{i + 1}: {card.label}")
            if "payable" in card.marks:
                lines.append("  " + tr("✓ your tiles pay"), style="bold green")
        if not lines:
            lines.append(tr("No contracts in hand."), style="dim")
        coins = next(p.label for p in mine.pieces if p.kind == "coins")
        lines.append(f"\n{hand.label} · {tr('Coins')}: {coins}", style="dim")
        for power in mine.notes[1:]:
            lines.append("\n" + tr("Your power: {power}").format(power=power))
        return Panel(lines, title=tr("Your contracts"), padding=(0, 1))

    # --------------------------------------------------------------- choosing

    def parse(self, text: str, obs: WhaleRidersObservation) -> Action | None:
        verb, *args = text.lower().split() or [""]
        if verb not in SHORT and verb != "b":
            return None
        if not args and verb in SHORT:
            return SHORT[verb]

        def bad(message: str, **said: object) -> BadCommand:
            return BadCommand(self.tr(message).format(**said))

        if verb in ("m", "c", "d"):
            raise bad(_("'{verb}' takes nothing after it"), verb=verb)
        if len(args) != 1 or not args[0].isdigit():
            if verb == "b":
                raise bad(_("write 'b N' with a space N (1 is the cheapest)"))
            raise bad(_("write '{verb} N' with a contract N of your hand"), verb=verb)
        number, sc = int(args[0]), self.scene(obs, ())
        if verb == "b":
            # The spaces of the port where the viewer's rider is (four for a spectator).
            rider = f"rider-{sc.region('turn').owner}"
            port = next((r for r in sc.regions if rider in {p.key for p in r.pieces}), None)
            spaces = 4 if port is None else sum(p.kind != "rider" for p in port.pieces)
            if not 1 <= number <= spaces:
                no_space = _("there is no space {number}: this port's spaces are 1–{spaces}")
                raise bad(no_space, number=number, spaces=spaces)
            return act.Buy(number - 1)
        hand = [p.key for r in sc.regions if r.key == "hand" for p in r.pieces]
        if not hand:
            raise bad(_("your hand is empty"))
        if not 1 <= number <= len(hand):
            no_card = _("there is no contract C{number}: your hand holds C1–C{count}")
            raise bad(no_card, number=number, count=len(hand))
        card = int(hand[number - 1].removeprefix("contract-"))
        return act.Fulfil(card) if verb == "f" else act.Burn(card)


View = WhaleRidersView
"""The name the registry looks for."""
