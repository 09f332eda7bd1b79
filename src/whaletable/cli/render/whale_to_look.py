"""Whale to Look in the terminal: the game's scene (``games/whale_to_look/view.py``) laid out.

Names on screen are the ones players use at the table: fish cards ``F1``–``F12``
(``F9`` on the reduced table) in reading order, areas by the number printed on their
card, boats by how many tourists they carry (1, 2, 3), seats from 1. A fish card reads
``F5 [3]`` when the viewer knows its value and ``F5 [?]`` when not: nothing else on
screen shows a fish value, so the board shows exactly what the observation says.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, JustifyMethod, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, SceneView, chips, seat_cells, seat_colour
from whaletable.core.action import Action
from whaletable.core.view import Piece, Region, Scene
from whaletable.core.words import Translate
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look import words
from whaletable.games.whale_to_look.components import board_with_areas
from whaletable.games.whale_to_look.events import TrendRevealed
from whaletable.games.whale_to_look.observation import ScoredRound, WhaleToLookObservation
from whaletable.games.whale_to_look.rules import BOATS
from whaletable.games.whale_to_look.view import UNKNOWN, kinds, position, scene

CHOSEN = {"i": act.Investigate, "r": act.UseRadar, "c": act.ChooseFisherBoat}
"""The short forms that name one fish card or boat, counted from 1."""


def fish_card(card: Region, tr: Translate, lit: frozenset[str] = frozenset()) -> Text:
    """``F5 [3]`` (known), ``F5 [?]`` (not), then the markers beside it; its name underlined
    where the last step touched it."""
    value, face_up = card.notes[0], "face-up" in card.marks
    touched = card.key in lit or any(m.key in lit for m in card.pieces)
    text = Text(card.label + " ", style="underline" if touched else "")
    if value == UNKNOWN:
        text.append("[?]", style="dim")
    else:
        text.append(f"[{value}]", style="bold reverse" if face_up else "bold")
    text.append("\n" + (tr("face up") + " ") * face_up, style="italic")
    for marker in card.pieces:
        text.append(f"●{marker.label}", style=seat_colour(marker.owner or 0))
    return text


def boat_label(boat: Piece) -> str:
    """``S1:3`` is Seat 1's 3-tourist boat; ⚓ anchored, ⚑ the fisher on board."""
    marks = "⚓" * ("anchored" in boat.marks) + "⚑" * ("fisher" in boat.marks)
    return f"S{(boat.owner or 0) + 1}:{boat.label}{marks}"


def area_panel(area: Region, tr: Translate, lit: frozenset[str] = frozenset()) -> Panel:
    body = chips(area.pieces, lit, boat_label) or Text("—", style="dim")
    body.append("".join("\n" + note for note in area.notes), style="dim")
    title = words.area_name(area.label, position(area.key), tr)
    border = "bold" if area.key in lit else ""
    return Panel(body, title=title, padding=(0, 1), border_style=border)


def spaced(cells: Sequence[RenderableType]) -> list[RenderableType]:
    """``cells`` with a blank cell before, between and after them."""
    return [*(c for cell in cells for c in (Text(""), cell)), Text("")]


def board_grid(
    fish: list[Region], areas: list[Region], tr: Translate, lit: frozenset[str] = frozenset()
) -> Table:
    """Fish rows and area rows interleave, so each area sits between its four fish; what the
    last step touched is lit."""
    columns = board_with_areas(len(areas)).columns
    grid = Table.grid(padding=(0, 1))
    for _ in range(2 * columns + 1):
        grid.add_column(justify="center", vertical="middle")
    for r in range(len(areas) // columns + 1):
        cards = fish[r * (columns + 1) : (r + 1) * (columns + 1)]
        grid.add_row(*spaced([fish_card(card, tr, lit) for card in cards])[1:-1])
        row = [area_panel(area, tr, lit) for area in areas[r * columns : (r + 1) * columns]]
        if row:
            grid.add_row(*spaced(row))
    return grid


def players_table(seats: list[Region], tr: Translate, lit: frozenset[str]) -> Table:
    table = Table(padding=(0, 1))
    table.add_column("")
    for key in words.SEAT_COLUMNS:
        justify: JustifyMethod = "right" if key == "points" else "left"
        table.add_column(words.word(key, tr), justify=justify, no_wrap=key == "player")
    for row in seats:
        boats = chips(row.pieces, lit, boat_label) or "—"
        table.add_row(*seat_cells(row, lit), boats, *row.notes)
    return table


class WhaleToLookView(SceneView):
    maker, words = staticmethod(scene), words

    def draw(self, o: WhaleToLookObservation, sc: Scene, names: list[str]) -> RenderableType:
        tr = self.tr
        regions = kinds(sc)
        edition = tr("edition {edition}").format(edition=o["edition"])
        header = Text(tr("Whale to Look") + " · " + edition, "bold")
        for row in regions["seat"]:
            if "start" in row.marks:
                header.append(" · " + tr("start player: {name}").format(name=row.label))
        top = regions["header"][0]
        header.append("".join("\n" + line for line in (top.label, *top.notes)))
        for trend in regions.get("trend", []):
            header.append(f"\n{trend.label}: {trend.notes[0]}")
        grid = board_grid(regions["fish"], regions["area"], tr, sc.highlights)
        table = players_table(regions["seat"], tr, sc.highlights)
        return Group(header, grid, Text(tr(words.LEGEND), style="dim"), table)

    def parse(self, text: str, obs: WhaleToLookObservation) -> Action | None:
        verb, *args = text.lower().split() or [""]
        if verb not in ("i", "r", "m", "f", "c"):
            return None

        def misread(key: str, **said: object) -> BadCommand:
            return BadCommand(self.tr(words.MISREAD[key]).format(**said))

        if verb == "f":
            if args:
                raise misread("f")
            return act.Finish()
        try:
            numbers = [int(w) for w in args if w != "a"]
        except ValueError:
            raise misread("numbers", text=repr(text), verb=repr(verb)) from None
        if verb in CHOSEN:
            most = BOATS if verb == "c" else len(obs["fish"])
            if len(args) != 1 or len(numbers) != 1 or not 1 <= numbers[0] <= most:
                raise misread("c" if verb == "c" else "fish", verb=verb, most=most)
            return CHOSEN[verb](numbers[0] - 1)
        anchor = args[-1:] == ["a"]
        if len(numbers) != 2 or len(args) != 2 + anchor:
            raise misread("m")
        boat, number = numbers
        if not 1 <= boat <= BOATS:
            raise misread("boat", number=boat)
        if number not in obs["areas"]:
            shown = ", ".join(str(a) for a in obs["areas"] if a is not None)
            raise misread("area", number=number, areas=shown)
        return act.MoveBoat(boat - 1, obs["areas"].index(number), anchor)

    def round_summaries(
        self, obs: WhaleToLookObservation, names: list[str]
    ) -> list[RenderableType]:
        return [self._round_summary(result, names) for result in obs["results"]]

    def _round_summary(self, result: ScoredRound, names: list[str]) -> RenderableType:
        tr = self.tr
        areas, whale, orca = result["areas"], result["whale"], result["orca"]
        area_fish = board_with_areas(len(areas)).area_fish
        heads = (tr("area"), tr("fish around it"), tr("sum"), tr("surfaced"), tr("boats"))
        table = Table(*heads, padding=(0, 1))
        for at in sorted(range(len(areas)), key=lambda p: areas[p]):
            fish = " + ".join(str(result["fish"][f]) for f in area_fish[at])
            mark = tr("whale") if at == whale else tr("orca") if at == orca else ""
            boats = " ".join(
                f"S{slot // BOATS + 1}:{slot % BOATS + 1}"
                for slot, place in enumerate(result["boats"])
                if place == at
            )
            name, total = words.area_name(areas[at], at, tr), str(result["sums"][at])
            table.add_row(name, fish, total, Text(mark, style="bold"), boats or "—")
        points = self.labels(len(result["points"]), names)
        lines = Text(words.scored_line(result, tr))
        lines.append("\n" + words.round_points_sentence(result["points"], points, tr))
        if result["trend"]:
            lines.append("\n" + (words.describe(TrendRevealed(result["trend"]), (), tr) or ""))
        title = tr("Round {round} scored").format(round=result["round"])
        return Panel(Group(table, lines), title=title)


View = WhaleToLookView
"""The name the registry looks for."""
