"""Whale to Look in the terminal: the game's scene (``games/whale_to_look/view.py``) laid out.

Names on screen are the ones players use at the table: fish cards ``F1``–``F12``
(``F9`` on the reduced table) in reading order, areas by the number printed on their
card, boats by how many tourists they carry (1, 2, 3), seats from 1. A fish card reads
``F5 [3]`` when the viewer knows its value and ``F5 [?]`` when not: nothing else on
screen shows a fish value, so the board shows exactly what the observation says.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, result_panel, seat_colour, seat_words
from whaletable.core.action import Action
from whaletable.core.result import Result
from whaletable.core.view import Piece, Region
from whaletable.core.words import Translate, english
from whaletable.games.whale_to_look import words
from whaletable.games.whale_to_look.actions import (
    ChooseFisherBoat,
    Finish,
    Investigate,
    MoveBoat,
    UseRadar,
)
from whaletable.games.whale_to_look.components import board_with_areas
from whaletable.games.whale_to_look.events import TrendRevealed
from whaletable.games.whale_to_look.observation import ScoredRound, WhaleToLookObservation
from whaletable.games.whale_to_look.view import UNKNOWN, choice, kinds, position, scene


def fish_card(card: Region, tr: Translate) -> Text:
    """``F5 [3]`` (known), ``F5 [?]`` (not), then the markers beside it."""
    value = card.notes[0]
    text = Text(card.label + " ")
    if value == UNKNOWN:
        text.append("[?]", style="dim")
    else:
        text.append(f"[{value}]", style="bold reverse" if "face-up" in card.marks else "bold")
    text.append("\n" + (tr("face up") + " ") * ("face-up" in card.marks), style="italic")
    for marker in card.pieces:
        text.append(f"●{marker.label}", style=seat_colour(marker.owner or 0))
    return text


def boat_label(boat: Piece) -> str:
    """``S1:3`` is Seat 1's 3-tourist boat; ⚓ anchored, ⚑ the fisher on board."""
    seat = (boat.owner or 0) + 1
    return (
        f"S{seat}:{boat.label}" + "⚓" * ("anchored" in boat.marks) + "⚑" * ("fisher" in boat.marks)
    )


def area_panel(area: Region, tr: Translate) -> Panel:
    body = Text()
    for boat in area.pieces:
        body.append(
            " " * bool(body) + boat_label(boat), style=f"bold {seat_colour(boat.owner or 0)}"
        )
    if not body:
        body.append("—", style="dim")
    body.append("".join("\n" + note for note in area.notes), style="dim")
    title = words.area_title(area.label, position(area.key), tr)
    return Panel(body, title=title, padding=(0, 1))


def board_grid(fish: list[Region], areas: list[Region], tr: Translate) -> Table:
    """Fish rows and area rows interleave, so each area sits between its four fish."""
    columns = board_with_areas(len(areas)).columns
    grid = Table.grid(padding=(0, 1))
    for _ in range(2 * columns + 1):
        grid.add_column(justify="center", vertical="middle")
    for row in range(2 * (len(areas) // columns) + 1):
        cells: list[RenderableType] = []
        for col in range(2 * columns + 1):
            if row % 2 == 0 and col % 2 == 0:
                cells.append(fish_card(fish[(row // 2) * (columns + 1) + col // 2], tr))
            elif row % 2 == 1 and col % 2 == 1:
                cells.append(area_panel(areas[(row // 2) * columns + col // 2], tr))
            else:
                cells.append(Text(""))
        grid.add_row(*cells)
    return grid


def players_table(seats: list[Region], tr: Translate) -> Table:
    table = Table(padding=(0, 1))
    table.add_column("")
    table.add_column(tr(words.SEAT_COLUMNS["player"]), no_wrap=True)
    for key in list(words.SEAT_COLUMNS)[1:]:
        table.add_column(
            tr(words.SEAT_COLUMNS[key]), justify="right" if key == "points" else "left"
        )
    for row in seats:
        table.add_row(
            "▶" if "to-move" in row.marks else "",
            Text(row.label, style=f"bold {seat_colour(row.owner or 0)}"),
            " ".join(boat_label(b) for b in row.pieces) or "—",
            *row.notes,
        )
    return table


class WhaleToLookView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, o: WhaleToLookObservation, names: list[str]) -> RenderableType:
        tr = self.tr
        labels = [seat_words(s, names, tr) for s in range(o["num_players"])]
        regions = kinds(scene(o, (), labels, tr))
        title = tr("Whale to Look") + " · " + tr("edition {edition}").format(edition=o["edition"])
        header = Text(title, "bold")
        for row in regions["seat"]:
            if "start" in row.marks:
                header.append(" · " + tr("start player: {name}").format(name=row.label))
        top = regions["header"][0]
        header.append("".join("\n" + line for line in (top.label, *top.notes)))
        for trend in regions.get("trend", []):
            header.append(f"\n{trend.label}: {trend.notes[0]}")
        legend = Text(
            tr(
                "Fn [v] = fish card n and its value v, [?] unknown · ●2 = Seat 2's marker · "
                "S1:3 = Seat 1's 3-tourist boat · ⚓ anchored · ⚑ fisher"
            ),
            style="dim",
        )
        grid = board_grid(regions["fish"], regions["area"], tr)
        return Group(header, grid, legend, players_table(regions["seat"], tr))

    def choice(self, action: Action, obs: WhaleToLookObservation) -> str:
        """The web board's label for ``action``: one function says it for both."""
        return choice(action, obs, self.tr).words

    def parse(self, text: str, obs: WhaleToLookObservation) -> Action | None:
        tokens = text.lower().split()
        if not tokens or tokens[0] not in ("i", "r", "m", "f", "c"):
            return None
        verb, args = tokens[0], tokens[1:]
        if verb == "f":
            if args:
                raise BadCommand("'f' (finish) takes nothing after it")
            return Finish()
        try:
            numbers = [int(w) for w in args if w != "a"]
        except ValueError:
            raise BadCommand(f"{text!r}: expected numbers after {verb!r}") from None
        if verb in ("i", "r"):
            cards = len(obs["fish"])
            if len(args) != 1 or len(numbers) != 1 or not 1 <= numbers[0] <= cards:
                raise BadCommand(f"write '{verb} N' with a fish card N from 1 to {cards}")
            fish = numbers[0] - 1
            return Investigate(fish) if verb == "i" else UseRadar(fish)
        if verb == "c":
            if len(args) != 1 or len(numbers) != 1 or not 1 <= numbers[0] <= 3:
                raise BadCommand("write 'c B' with a boat B from 1 to 3")
            return ChooseFisherBoat(numbers[0] - 1)
        anchor = args[-1:] == ["a"]
        if len(numbers) != 2 or len(args) != 2 + anchor:
            raise BadCommand("write 'm B A' (boat 1–3 to area A), or 'm B A a' to anchor there")
        boat, number = numbers
        if not 1 <= boat <= 3:
            raise BadCommand(f"there is no boat {boat}: boats are 1, 2 and 3 (their tourists)")
        if number not in obs["areas"]:
            shown = ", ".join(str(a) for a in obs["areas"] if a is not None)
            raise BadCommand(f"there is no area {number}: the areas are {shown}")
        return MoveBoat(boat - 1, obs["areas"].index(number), anchor)

    def round_summaries(
        self, obs: WhaleToLookObservation, names: list[str]
    ) -> list[RenderableType]:
        return [self._round_summary(result, names) for result in obs["results"]]

    def _round_summary(self, result: ScoredRound, names: list[str]) -> RenderableType:
        tr = self.tr
        areas, sums = result["areas"], result["sums"]
        whale, orca = result["whale"], result["orca"]
        area_fish = board_with_areas(len(areas)).area_fish
        table = Table(padding=(0, 1))
        for heading in (tr("area"), tr("fish around it"), tr("sum"), tr("surfaced"), tr("boats")):
            table.add_column(heading)
        for position in sorted(range(len(areas)), key=lambda p: areas[p]):
            fish = " + ".join(str(result["fish"][f]) for f in area_fish[position])
            mark = tr("whale") if position == whale else tr("orca") if position == orca else ""
            boats = []
            for slot, at in enumerate(result["boats"]):
                if at == position:
                    seat, boat = divmod(slot, 3)
                    boats.append(f"S{seat + 1}:{boat + 1}")
            table.add_row(
                words.area_name(areas, position, tr),
                fish,
                str(sums[position]),
                Text(mark, style="bold"),
                " ".join(boats) or "—",
            )
        labels = [seat_words(s, names, tr) for s in range(len(result["points"]))]
        points = words.round_points_sentence(result["points"], labels, tr)
        lines = Text(words.scored_line(result, tr) + "\n" + points)
        if result["trend"]:
            lines.append("\n" + (words.describe(TrendRevealed(result["trend"]), (), tr) or ""))
        return Panel(
            Group(table, lines), title=tr("Round {round} scored").format(round=result["round"])
        )

    def final(self, obs: WhaleToLookObservation, names: list[str]) -> RenderableType:
        tr = self.tr
        result = Result.from_observation(obs)
        if result is None:
            return Text(tr("Game over."))
        labels = [seat_words(s, names, tr) for s in range(obs["num_players"])]
        notes = [words.tie_break_line(result, tr), tr(words.RANKING)]
        return result_panel(
            result,
            names,
            tr,
            words.result_word,
            headline=words.game_over_line(obs, labels, tr),
            notes=[note for note in notes if note],
        )

    def short_forms(self) -> str:
        return self.tr(
            "type a number from the list, or: i N (investigate fish N), r N (radar on fish N), "
            "m B A (move boat B to area A), m B A a (…and drop the anchor), f (finish), "
            "c B (fisher on boat B), q (quit)"
        )


View = WhaleToLookView
"""The name the registry looks for."""

__all__ = ["View", "WhaleToLookView", "fish_card"]
