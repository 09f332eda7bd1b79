"""Whale to Look in the terminal: the table drawn from one seat's observation.

Names on screen are the ones players use at the table: fish cards ``F1``–``F12``
(``F9`` on the reduced table) in reading order, areas by the number printed on their
card, boats by how many tourists they carry (1, 2, 3), seats from 1. A fish card reads
``F5 [3]`` when the viewer knows its value and ``F5 [?]`` when not: nothing else on
screen shows a fish value, so the board shows exactly what the observation says.
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
from whaletable.games.whale_to_look import words
from whaletable.games.whale_to_look.actions import (
    ChooseFisherBoat,
    Finish,
    Investigate,
    MoveBoat,
    UseRadar,
)
from whaletable.games.whale_to_look.components import board_with_areas
from whaletable.games.whale_to_look.rules import DOCK


def fish_card(obs: dict[str, Any], fish: int, tr: Translate = english) -> Text:
    """``F5 [3]`` (known), ``F5 [?]`` (not), then the markers beside it."""
    value = obs["fish"][fish]
    text = Text(words.fish_name(fish, tr) + " ")
    if value is None:
        text.append("[?]", style="dim")
    else:
        style = "bold reverse" if obs["revealed"][fish] else "bold"
        text.append(f"[{value}]", style=style)
    text.append("\n")
    if obs["revealed"][fish]:
        text.append(tr("face up") + " ", style="italic")
    for seat in obs["markers"][fish]:
        text.append(f"●{seat + 1}", style=seat_colour(seat))
    return text


def area_panel(obs: dict[str, Any], position: int, tr: Translate) -> Panel:
    players = obs["players"]
    body = Text()
    count = 0
    for seat, player in enumerate(players):
        for boat, at in enumerate(player["boats"]):
            if at != position:
                continue
            count += 1
            if body:
                body.append(" ")
            label = f"S{seat + 1}:{boat + 1}"
            if player["anchored_boat"] == boat:
                label += "⚓"
            if player["fisher_boat"] == boat:
                label += "⚑"
            body.append(label, style=f"bold {seat_colour(seat)}")
    if not body:
        body.append("—", style="dim")
    area_fish = board_with_areas(len(obs["areas"])).area_fish[position]
    known = [obs["fish"][f] for f in area_fish if obs["fish"][f] is not None]
    hidden = len(area_fish) - len(known)
    hint = tr("seen {sum}, {hidden} unknown") if hidden else tr("seen {sum} (all)")
    hint = hint.format(sum=sum(known), hidden=hidden)
    boats = tr("{count} of {seats} boats").format(count=count, seats=obs["num_players"])
    body.append(f"\n{boats}\n{hint}", style="dim")
    return Panel(body, title=words.area_name(obs["areas"], position, tr), padding=(0, 1))


def board_grid(obs: dict[str, Any], tr: Translate) -> Table:
    """Fish rows and area rows interleave, so each area sits between its four fish."""
    board = board_with_areas(len(obs["areas"]))
    columns = board.columns
    grid = Table.grid(padding=(0, 1))
    for _ in range(2 * columns + 1):
        grid.add_column(justify="center", vertical="middle")
    width = columns + 1
    for row in range(2 * board.rows + 1):
        cells: list[RenderableType] = []
        for col in range(2 * columns + 1):
            if row % 2 == 0 and col % 2 == 0:
                cells.append(fish_card(obs, (row // 2) * width + col // 2, tr))
            elif row % 2 == 1 and col % 2 == 1:
                cells.append(area_panel(obs, (row // 2) * columns + col // 2, tr))
            else:
                cells.append(Text(""))
        grid.add_row(*cells)
    return grid


def players_table(obs: dict[str, Any], labels: list[str], tr: Translate) -> Table:
    table = Table(padding=(0, 1))
    table.add_column("")
    table.add_column(words.seat_column("player", tr), no_wrap=True)
    for key in ("dock", "radar", "markers", "anchor", "finished"):
        table.add_column(words.seat_column(key, tr))
    table.add_column(tr("Fisher"))
    table.add_column(words.seat_column("points", tr), justify="right", no_wrap=True)
    for seat, p in enumerate(obs["players"]):
        dock = " ".join(str(b + 1) for b, at in enumerate(p["boats"]) if at == DOCK) or "—"
        if p["anchored_boat"] >= 0:
            anchor = words.boat_name(p["anchored_boat"], tr)
        else:
            anchor = tr("used") if p["anchor_used"] else tr("ready")
        fisher = words.boat_name(p["fisher_boat"], tr) if p["fisher_boat"] >= 0 else "—"
        r1, r2 = p["points"]
        table.add_row(
            "▶" if obs["to_move"] == seat else "",
            Text(labels[seat], style=f"bold {seat_colour(seat)}"),
            dock,
            str(p["radars"]),
            str(p["markers_left"]),
            anchor,
            tr("Done!") if p["finished"] else "",
            fisher,
            f"{r1} + {r2} = {r1 + r2}",
        )
    return table


def header(obs: dict[str, Any], labels: list[str], tr: Translate) -> Text:
    """The game, then the web board's header: the round and whose view, the trending card."""
    title = tr("Whale to Look") + " · " + tr("edition {edition}").format(edition=obs["edition"])
    text = Text(title, "bold")
    if obs["start_player"] is not None:
        text.append(" · " + tr("start player: {name}").format(name=labels[obs["start_player"]]))
    text.append("\n" + words.view_line(obs["round"], obs["seat"], labels, tr))
    if obs["trend"] is not None:
        text.append("\n" + words.trend_sentence(obs["trend"], tr))
    elif obs["round"] == 2:
        text.append("\n" + tr("No trending card this round."))
    return text


class WhaleToLookView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        labels = [seat_words(s, names, tr) for s in range(obs["num_players"])]
        legend = Text(
            tr(
                "Fn [v] = fish card n and its value v, [?] unknown · ●2 = Seat 2's marker · "
                "S1:3 = Seat 1's 3-tourist boat · ⚓ anchored · ⚑ fisher"
            ),
            style="dim",
        )
        return Group(
            header(obs, labels, tr), board_grid(obs, tr), legend, players_table(obs, labels, tr)
        )

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        """The web board's label for ``action``: one function says it for both."""
        return words.action_label(action, obs, (), self.tr)

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
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

    def round_summaries(self, obs: dict[str, Any], names: list[str]) -> list[RenderableType]:
        return [self._round_summary(result, names) for result in obs["results"]]

    def _round_summary(self, result: dict[str, Any], names: list[str]) -> RenderableType:
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
        if result.get("trend"):
            lines.append("\n" + words.trend_sentence(result["trend"], tr))
        return Panel(
            Group(table, lines), title=tr("Round {round} scored").format(round=result["round"])
        )

    def final(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        result = Result.from_observation(obs)
        if result is None:
            return Text(tr("Game over."))
        labels = [seat_words(s, names, tr) for s in range(obs["num_players"])]
        notes = [words.tie_break_line(result, tr), words.ranking_rule(result, tr)]
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
