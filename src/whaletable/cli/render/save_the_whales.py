"""Save the Whales in the terminal: the game's scene (``games/save_the_whales/view.py``,
which the web board draws too) laid out as tables. Nothing in this game is private, so
every seat sees the spectator's scene. On the command line whales are named by species
(``gray``, ``blue``…; any unambiguous beginning will do), spaces by number, seats from 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, SceneView, seat_cells, seat_colour
from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.view import Region, Scene
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import words as w
from whaletable.games.save_the_whales.components import WHALES, default_components
from whaletable.games.save_the_whales.observation import SaveTheWhalesObservation
from whaletable.games.save_the_whales.view import scene


def whales_in(region: Region, moving: frozenset[str]) -> list[tuple[str, str]]:
    """The whales lying in a region, by the name a player types, each in its player's colour
    (underlined: the whale this turn moves)."""
    return [
        (
            p.key.removeprefix("whale-"),
            " ".join(filter(None, ("bold", colour(p.owner), "underline" * (p.key in moving)))),
        )
        for p in region.pieces
        if p.kind == "whale"
    ]


def colour(seat: int | None) -> str:
    return "" if seat is None else seat_colour(seat)


PLAIN = {"r": act.Roll(), "d": act.Done(), "x": act.Refuse(), "k": act.CollectSurvivalPoints()}
BY_WHALE: dict[str, Callable[[str], Action]] = {
    "c": act.ChooseWhale,
    "n": act.NameWhale,
    "s": act.SaveWhale,
    "b": act.PassBarnacle,
    "l": act.LeavePath,
    "t": act.TradePlaces,
}
TRACK_LENGTH = default_components().track_length


def number(args: list[str], write: str) -> int:
    """The one whole number typed after a verb, else :class:`BadCommand` saying how to
    ``write`` it."""
    if len(args) != 1 or not args[0].isdecimal():
        raise BadCommand(write)
    return int(args[0])


class SaveTheWhalesView(SceneView):
    maker, words = staticmethod(scene), w

    def scene(
        self,
        obs: Any,
        names: Sequence[str],
        legal: Sequence[Action] = (),
        events: Sequence[Event] = (),
    ) -> Scene:
        # The board is the spectator's, whoever views it: nothing in Save the Whales is
        # hidden, and a seat's own row is told apart by the viewer's line instead.
        return super().scene({**obs, "seat": None}, names, legal, events)

    def draw(self, obs: SaveTheWhalesObservation, sc: Scene, names: list[str]) -> RenderableType:
        tr = self.tr
        regions = {r.key: r for r in sc.regions}
        seat = obs["seat"]
        viewer = tr("spectator") if seat is None else tr("Seat {number}").format(number=seat + 1)
        summary, dice, lit = regions["summary"], regions["dice"], sc.highlights
        text = Text(tr("Save the Whales") + " · " + summary.label, "bold")
        text.append(" · " + tr("viewing as {viewer}").format(viewer=viewer))
        text.append("\n" + sc.status + "\n" + summary.notes[0])
        if dice.pieces:
            text.append(" · ")
            text.append(dice.label, style="reverse" * (dice.key in lit))
        ship = next(p for r in sc.regions for p in r.pieces if p.kind == "ship")
        text.append("\n" + ship.label)
        for flag in summary.notes[1:]:
            text.append("\n" + flag, "bold green")
        parts: list[RenderableType] = [text, self._track(regions, lit)]
        title = w.place_words("habitats", tr)
        whales = Table(tr("Whale"), tr("Saving costs"), padding=(0, 1), title=title)
        for r in (r for r in sc.regions if r.kind == "habitat"):
            style = f"{colour(r.owner)}{' reverse' * (r.key in lit)}".strip()
            whales.add_row(Text(r.notes[2], style=style), r.notes[0])
        columns = ("", tr("Player"), tr("Whale"), tr("Survival Points"))
        players = Table(*columns, tr("Exchange Pieces × 5 + loose SP"), padding=(0, 1))
        for r in (r for r in sc.regions if r.kind == "seat"):
            coins = sum(p.kind == "exchange" for p in r.pieces)
            players.add_row(*seat_cells(r, lit), *r.notes, f"{coins} × 5 + {len(r.pieces) - coins}")
        parts += [whales, players]
        card = regions.get("card")
        if card is not None:
            border = "bold" * (card.key in lit)
            parts.append(
                Panel(Text(card.notes[0]), title=card.label, expand=False, border_style=border)
            )
        parts += [Text(note, style="bold") for note in regions["prompt"].notes]
        return Group(*parts)

    def _track(self, regions: dict[str, Region], lit: frozenset[str]) -> Table:
        """The track in four columns, each space with the whales on it and on the path
        above it; what the last step touched is lit (the whale it moved underlined)."""
        tr, n = self.tr, TRACK_LENGTH
        rows = (n + 3) // 4
        title = tr("The track; ↑ = on the path above it")
        table = Table(show_header=False, padding=(0, 1), title=title)
        for _ in range(4):
            table.add_column(ratio=1)
        cells: list[Text] = []
        for i in range(n):
            space, path = regions[f"space-{i}"], regions.get(f"path-{i}")
            cell = Text(f"{i:>2} ", style="dim")
            touched = space.key in lit or (path is not None and path.key in lit)
            cell.append(space.label, style="reverse" * touched)
            for note in space.notes[1:]:
                cell.append(f" {note}", style="dim")
            # Whales go by the names a player types (c gray, n blue, …).
            for name, style in whales_in(space, lit):
                cell.append(f" {name}", style=style)
            above = [name for name, _ in whales_in(path, lit)] if path is not None else []
            if path is not None and any(p.kind == "ship" for p in path.pieces):
                above.append(tr("SHIP"))
            if above:
                cell.append(" ↑" + " ↑".join(above), style="bold red")
            cells.append(cell)
        cells += [Text("") for _ in range(4 * rows - n)]
        for r in range(rows):
            table.add_row(*cells[r::rows])
        return table

    def parse(self, text: str, obs: SaveTheWhalesObservation) -> Action | None:
        tr, words = self.tr, text.lower().split()
        if not words or words[0] not in (*PLAIN, *BY_WHALE, "m", "p"):
            return None
        verb, args = words[0], words[1:]
        if verb in PLAIN:
            if args:
                raise BadCommand(tr("'{verb}' takes nothing after it").format(verb=verb))
            return PLAIN[verb]
        if verb == "m":
            write = tr("write 'm N' with a space number N (0 is POW)")
            missing = tr("there is no space {number}: spaces are 0 to {last}")
            space = number(args, write)
            if space >= TRACK_LENGTH:
                raise BadCommand(missing.format(number=space, last=TRACK_LENGTH - 1))
            return act.MoveAnywhere(space)
        if verb == "p":
            # Any amount: the legal moves refuse one out of the payment's range.
            write = tr("write 'p N' with the number N of your own SP to pay")
            return act.Pay(number(args, write))
        whales = ", ".join(WHALES)
        if len(args) != 1:
            write = tr("write '{verb} WHALE' with a whale: {whales}")
            raise BadCommand(write.format(verb=verb, whales=whales))
        matches = [whale for whale in WHALES if whale.startswith(args[0])]
        if len(matches) != 1:
            wrong = tr("{word} is not one whale: write one of {whales}")
            raise BadCommand(wrong.format(word=repr(args[0]), whales=whales))
        return BY_WHALE[verb](matches[0])


View = SaveTheWhalesView
"""The name the registry looks for."""

__all__ = ["SaveTheWhalesView", "View"]
