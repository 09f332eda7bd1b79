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

from whaletable.cli.render import BadCommand, result_panel, seat_colour, seat_label, seat_words
from whaletable.core.action import Action
from whaletable.core.result import Result
from whaletable.core.words import Translate, english
from whaletable.games.whale_to_look.actions import (
    ChooseFisherBoat,
    Finish,
    Investigate,
    MoveBoat,
    UseRadar,
)
from whaletable.games.whale_to_look.components import board_with_areas
from whaletable.games.whale_to_look.words import (
    ranking_rule,
    result_word,
    tie_break_line,
    winner_sentence,
)

DOCK = -1
TREND_NAMES = {
    "whale-watching": "Whale-watching season: +2 per boat on the whale",
    "fishing": "Fishing season: the fisher boat scores +3 off the whale and orca",
    "whale-and-orca": "Whale & Orca season: +4 for boats on both",
    "orca-watching": "Orca-watching season: +3 for a boat on the orca",
}


def fish_label(fish: int) -> str:
    return f"F{fish + 1}"


def boat_label(boat: int) -> str:
    return f"boat {boat + 1}"


def area_label(obs: dict[str, Any], position: int) -> str:
    number = obs["areas"][position]
    return f"area {number}" if number is not None else f"area at position {position + 1}"


def fish_card(obs: dict[str, Any], fish: int) -> Text:
    """``F5 [3]`` (known), ``F5 [?]`` (not), then the markers beside it."""
    value = obs["fish"][fish]
    text = Text(fish_label(fish) + " ")
    if value is None:
        text.append("[?]", style="dim")
    else:
        style = "bold reverse" if obs["revealed"][fish] else "bold"
        text.append(f"[{value}]", style=style)
    text.append("\n")
    if obs["revealed"][fish]:
        text.append("face up ", style="italic")
    for seat in obs["markers"][fish]:
        text.append(f"●{seat + 1}", style=seat_colour(seat))
    return text


def area_panel(obs: dict[str, Any], position: int) -> Panel:
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
    hidden = 4 - len(known)
    hint = f"seen {sum(known)}" + (f" +{hidden}?" if hidden else " (all)")
    body.append(f"\n{count}/{obs['num_players']} boats\n{hint}", style="dim")
    return Panel(body, title=area_label(obs, position), padding=(0, 1))


def board_grid(obs: dict[str, Any]) -> Table:
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
                cells.append(fish_card(obs, (row // 2) * width + col // 2))
            elif row % 2 == 1 and col % 2 == 1:
                cells.append(area_panel(obs, (row // 2) * columns + col // 2))
            else:
                cells.append(Text(""))
        grid.add_row(*cells)
    return grid


def players_table(obs: dict[str, Any], names: list[str]) -> Table:
    table = Table(padding=(0, 1))
    for column in ("", "player", "dock", "radar", "markers", "anchor", "status"):
        table.add_column(column, no_wrap=column == "player")
    table.add_column("points r1+r2", justify="right", no_wrap=True)
    for seat, p in enumerate(obs["players"]):
        dock = " ".join(str(b + 1) for b, at in enumerate(p["boats"]) if at == DOCK) or "—"
        if p["anchored_boat"] >= 0:
            anchor = f"boat {p['anchored_boat'] + 1}"
        else:
            anchor = "used" if p["anchor_used"] else "ready"
        status = "Done!" if p["finished"] else "playing"
        if p["fisher_boat"] >= 0:
            status += f", fisher: boat {p['fisher_boat'] + 1}"
        r1, r2 = p["points"]
        table.add_row(
            "▶" if obs["to_move"] == seat else "",
            Text(f"{seat_label(seat)} {names[seat]}", style=f"bold {seat_colour(seat)}"),
            dock,
            str(p["radars"]),
            str(p["markers_left"]),
            anchor,
            status,
            f"{r1} + {r2} = {r1 + r2}",
        )
    return table


def header(obs: dict[str, Any], names: list[str]) -> Text:
    seat = obs["seat"]
    viewer = "spectator (public information only)" if seat is None else seat_label(seat)
    text = Text(f"Whale to Look · edition {obs['edition']} · round {obs['round']} of 2", "bold")
    if obs["start_player"] is not None:
        text.append(f" · start player {seat_label(obs['start_player'])}")
    text.append(f"\nviewing as {viewer}")
    if obs["trend"] is not None:
        text.append(f"\ntrending card: {TREND_NAMES.get(obs['trend'], obs['trend'])}")
    elif obs["round"] == 2:
        text.append("\ntrending card: none")
    return text


class WhaleToLookView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        legend = Text(
            "Fn [v] = fish card n and its value v, [?] unknown · ●2 = Seat 2's marker · "
            "S1:3 = Seat 1's 3-tourist boat · ⚓ anchored · ⚑ fisher",
            style="dim",
        )
        return Group(header(obs, names), board_grid(obs), legend, players_table(obs, names))

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        if isinstance(action, Investigate):
            return f"investigate {fish_label(action.fish)} (secret look)"
        if isinstance(action, UseRadar):
            return f"radar on {fish_label(action.fish)} (reveal to all)"
        if isinstance(action, MoveBoat):
            at = obs["players"][obs["to_move"]]["boats"][action.boat]
            origin = "dock" if at == DOCK else f"area {obs['areas'][at]}"
            anchor = " + anchor" if action.anchor else ""
            return f"boat {action.boat + 1} to {area_label(obs, action.area)}{anchor} ({origin})"
        if isinstance(action, Finish):
            return 'finish (say "Done!" for this round)'
        if isinstance(action, ChooseFisherBoat):
            return f"put the fisher on {boat_label(action.boat)}"
        return str(action)

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        words = text.lower().split()
        if not words or words[0] not in ("i", "r", "m", "f", "c"):
            return None
        verb, args = words[0], words[1:]
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
        areas, sums = result["areas"], result["sums"]
        whale, orca = result["whale"], result["orca"]
        area_fish = board_with_areas(len(areas)).area_fish
        table = Table(padding=(0, 1))
        for header_text in ("area", "fish around it", "sum", "surfaced", "boats"):
            table.add_column(header_text)
        for position in sorted(range(len(areas)), key=lambda p: areas[p]):
            fish = " + ".join(str(result["fish"][f]) for f in area_fish[position])
            mark = "WHALE" if position == whale else "orca" if position == orca else ""
            boats = []
            for slot, at in enumerate(result["boats"]):
                if at == position:
                    seat, boat = divmod(slot, 3)
                    boats.append(f"S{seat + 1}:{boat + 1}")
            table.add_row(
                f"area {areas[position]}",
                fish,
                str(sums[position]),
                Text(mark, style="bold"),
                " ".join(boats) or "—",
            )
        points = ", ".join(
            f"{seat_label(s)} ({names[s]}) {p}" for s, p in enumerate(result["points"])
        )
        lines = Text(
            f"The whale surfaced at area {areas[whale]} (sum {sums[whale]}), "
            f"the orca at area {areas[orca]} (sum {sums[orca]}).\nPoints this round: {points}"
        )
        if result.get("trend"):
            lines.append(f"\nTrending card: {TREND_NAMES.get(result['trend'], result['trend'])}")
        return Panel(Group(table, lines), title=f"Round {result['round']} scored")

    def final(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        result = Result.from_observation(obs)
        if result is None:
            return Text(tr("Game over."))
        winner = result.standings[0]
        notes = [tie_break_line(result, tr), ranking_rule(result, tr)]
        return result_panel(
            result,
            names,
            tr,
            result_word,
            headline=winner_sentence(seat_words(winner.seat, names, tr), winner.score, tr),
            notes=[note for note in notes if note],
        )

    def short_forms(self) -> str:
        return (
            "type a number from the list, or: i N (investigate fish N), r N (radar on fish N), "
            "m B A (move boat B to area A), m B A a (…and drop the anchor), f (finish), "
            "c B (fisher on boat B), q (quit)"
        )


View = WhaleToLookView
"""The name the registry looks for."""

__all__ = ["View", "WhaleToLookView", "fish_card", "fish_label"]
