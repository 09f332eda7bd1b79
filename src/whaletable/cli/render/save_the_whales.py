"""Save the Whales in the terminal: the board drawn from one observation.

Nothing in this game is private, so every seat sees the same board. Spaces are named
as printed on the board with their number (POW is 0, counting clockwise); a whale on
the ENDANGERED SPECIES path is shown on the path space "above" a track space, named by
that track space. Whales are named by species (``gray``, ``blue``, … on the command
line, any unambiguous beginning will do), seats from 1.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, result_panel, seat_colour, seat_label
from whaletable.core.action import Action
from whaletable.core.result import Result
from whaletable.core.words import Translate, english
from whaletable.games.save_the_whales.actions import (
    ChooseWhale,
    CollectSurvivalPoints,
    Contribute,
    Done,
    DrawCard,
    LeavePath,
    MoveAnywhere,
    NameWhale,
    PassBarnacle,
    Refuse,
    Roll,
    SaveWhale,
    ThrowDice,
    TradePlaces,
)
from whaletable.games.save_the_whales.components import WHALES, layout
from whaletable.games.save_the_whales.words import headline as team_headline
from whaletable.games.save_the_whales.words import (
    ranking_rule,
    result_word,
    whales_lines,
)
from whaletable.games.save_the_whales.words import whale_name as whale_words

WHALE_NAMES = {
    "gray": "Gray Whale",
    "humpback": "Humpback Whale",
    "bowhead": "Bowhead Whale",
    "right": "Right Whale",
    "blue": "Blue Whale",
    "fin": "Fin Whale",
    "sperm": "Sperm Whale",
    "orca": "Orca",
}
SHORT_NAMES = {
    "KRILL IS BEING HARVESTED": "KRILL",
    "OLD FATHER NEPTUNE": "NEPTUNE",
    "SPOTTED BY A CATCHER SHIP": "SPOTTED",
    "RADIOACTIVE WASTE (LEAKING)": "RADIOACTIVE",
    "MARINE MAMMAL PROTECTION ACT": "PROTECTION ACT",
    "THE MAGIC BARNACLE": "MAGIC BARNACLE",
    "MIND IN THE WATERS": "MIND IN WATERS",
}
"""Shorter names for the track table (the full name appears everywhere else)."""
STATUS_WORDS = {
    "box": "not yet in play",
    "track": "on the track",
    "path": "ON THE PATH",
    "saved": "saved",
    "extinct": "extinct",
}


@cache
def _board() -> dict[str, Any]:
    return layout()


def whale_name(whale: str) -> str:
    return WHALE_NAMES.get(whale, whale)


def space_name(index: int) -> str:
    space = _board()["track"][index]
    return f"{space['name']} ({index})"


def path_name(above: int) -> str:
    for p in _board()["path"]:
        if p["above"] == above and p["name"]:
            return f"the path at {p['name']}, above {space_name(above)}"
    return f"the path above {space_name(above)}"


def die(face: int) -> str:
    return "Ship" if face == 0 else str(face)


def where(whale: dict[str, Any]) -> str:
    if whale["status"] == "track":
        return space_name(whale["space"])
    if whale["status"] == "path":
        return path_name(whale["space"])
    return STATUS_WORDS[whale["status"]]


def _whale(obs: dict[str, Any], name: str) -> dict[str, Any]:
    return next(w for w in obs["whales"] if w["name"] == name)


class SaveTheWhalesView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        parts: list[RenderableType] = [self._header(obs, names), self._track(obs)]
        parts.append(self._whales(obs, names))
        parts.append(self._players(obs, names))
        card = obs["card"]
        if card is not None:
            deck = "DAWN O'DAY" if card["deck"] == "dawn" else "OLD FATHER NEPTUNE"
            parts.append(Panel(Text(card["text"]["en"]), title=f"{deck} card", expand=False))
        if obs["payment"] is not None:
            pay = obs["payment"]
            what = "Saving" if pay["save"] else "Penalty for"
            line = (
                f"{what} the {whale_name(pay['whale'])}: {pay['paid']} of {pay['amount']} SP paid"
            )
            if pay["amount"] == 0 and not pay["save"]:
                line = f"The {whale_name(pay['whale'])} goes onto the path unless it is saved now"
            parts.append(
                Text(
                    line
                    + (
                        f" ({obs['payments_waiting']} more after this)"
                        if obs["payments_waiting"]
                        else ""
                    ),
                    style="bold",
                )
            )
        return Group(*parts)

    def _header(self, obs: dict[str, Any], names: list[str]) -> Text:
        seat = obs["seat"]
        viewer = "spectator" if seat is None else seat_label(seat)
        text = Text(f"Save the Whales · dice thrown: {obs['turns']}", "bold")
        text.append(f" · viewing as {viewer}")
        text.append(
            f"\nsaved {len(obs['saved'])} · extinct {len(obs['extinct'])} · team SP {obs['pool']}"
        )
        dice = obs["dice"]
        if dice is not None:
            text.append(f" · dice {die(dice[0])} + {die(dice[1])}")
        ship = obs["ship"]
        text.append(
            "\nCatcher Ship: " + ("in the WHALING PORT" if ship is None else path_name(ship))
        )
        holder = obs["barnacle"]
        text.append(
            " · Magic Barnacle: "
            + ("on its space" if holder is None else f"with the {whale_name(holder)}")
        )
        if obs["moratorium"]:
            text.append("\nMORATORIUM is occupied: no whale can become extinct", "bold green")
        if obs["protection_act"]:
            text.append("\nMARINE MAMMAL PROTECTION ACT is occupied: whales may be saved", "bold")
        return text

    def _track(self, obs: dict[str, Any]) -> Table:
        track = _board()["track"]
        here: dict[int, list[str]] = {}
        above: dict[int, list[str]] = {}
        for w in obs["whales"]:
            if w["status"] == "track":
                here.setdefault(w["space"], []).append(w["name"])
            elif w["status"] == "path":
                above.setdefault(w["space"], []).append(w["name"])
        rows = (len(track) + 3) // 4
        table = Table(
            show_header=False, padding=(0, 1), title="the track; ↑ = on the path above it"
        )
        for _ in range(4):
            table.add_column(ratio=1)
        cells: list[Text] = []
        for space in track:
            i = space["index"]
            cell = Text(f"{i:>2} ", style="dim")
            cell.append(SHORT_NAMES.get(space["name"], space["name"]))
            if space["sp"]:
                cell.append(f" {space['sp']:+d}", style="dim")
            for name in here.get(i, []):
                owner = _whale(obs, name)["owner"]
                style = f"bold {seat_colour(owner)}" if owner is not None else "bold"
                cell.append(f" {name}", style=style)
            path_bits = [*above.get(i, [])]
            if obs["ship"] == i:
                path_bits.append("SHIP")
            if path_bits:
                cell.append(" ↑" + " ↑".join(path_bits), style="bold red")
            cells.append(cell)
        for r in range(rows):
            row = [c * rows + r for c in range(4)]
            table.add_row(*[cells[k] if k < len(cells) else Text("") for k in row])
        return table

    def _whales(self, obs: dict[str, Any], names: list[str]) -> Table:
        table = Table(padding=(0, 1), title="the whales")
        for column in ("whale", "save for", "where", "player"):
            table.add_column(column)
        for w in obs["whales"]:
            owner = w["owner"]
            who = Text("")
            if owner is not None:
                who = Text(f"{seat_label(owner)} ({names[owner]})", style=seat_colour(owner))
            name = whale_name(w["name"]) + (" (barnacle)" if w["barnacle"] else "")
            table.add_row(name, f"{w['value']} SP", where(w), who)
        return table

    def _players(self, obs: dict[str, Any], names: list[str]) -> Table:
        table = Table(padding=(0, 1))
        for column in ("", "player", "whale", "SP", "exchange pieces + loose"):
            table.add_column(column)
        for seat, p in enumerate(obs["players"]):
            table.add_row(
                "▶" if obs["to_move"] == seat else "",
                Text(f"{seat_label(seat)} {names[seat]}", style=f"bold {seat_colour(seat)}"),
                whale_name(p["whale"]) if p["whale"] else "—",
                str(p["sp"]),
                f"{p['exchange_pieces']} × 5 + {p['loose_sp']}",
            )
        return table

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        if isinstance(action, ChooseWhale):
            value = _whale(obs, action.whale)["value"]
            return f"choose the {whale_name(action.whale)} (save for {value} SP)"
        if isinstance(action, NameWhale):
            return f"move the {whale_name(action.whale)} ({where(_whale(obs, action.whale))})"
        if isinstance(action, Roll):
            return "roll the dice"
        if isinstance(action, SaveWhale):
            value = _whale(obs, action.whale)["value"]
            pay = obs["payment"]
            instead = " instead of the penalty" if pay is not None and not pay["save"] else ""
            return f"save the {whale_name(action.whale)}{instead} ({value} SP)"
        if isinstance(action, Contribute):
            sp = obs["players"][action.seat]["sp"] if action.seat < len(obs["players"]) else 0
            return f"pay 1 SP from {seat_label(action.seat)} (has {sp})"
        if isinstance(action, Refuse):
            pay = obs["payment"]
            if pay is not None and pay["amount"] == 0:
                return "do not save it: onto the path"
            return "refuse to pay"
        if isinstance(action, CollectSurvivalPoints):
            return "collect the SP of your own whale space"
        if isinstance(action, MoveAnywhere):
            return f"move to {space_name(action.space)}"
        if isinstance(action, PassBarnacle):
            return f"the Magic Barnacle to the {whale_name(action.whale)}"
        if isinstance(action, LeavePath):
            moving = obs["moving_whale"]
            to = _whale(obs, action.whale)["space"]
            if moving is not None:
                mover = _whale(obs, moving)
                polar = _board()["track"][mover["space"]]["kind"] == "polar"
                if mover["status"] == "track" and polar:
                    to = mover["space"]
            return f"bring the {whale_name(action.whale)} out of the path to {space_name(to)}"
        if isinstance(action, TradePlaces):
            return f"trade places with the {whale_name(action.whale)}"
        if isinstance(action, Done):
            return "done: take nothing (more)"
        if isinstance(action, ThrowDice):
            return f"dice {die(action.first)} and {die(action.second)}"
        if isinstance(action, DrawCard):
            return "draw a card"
        return str(action)

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        words = text.lower().split()
        if not words or words[0] not in (
            "r",
            "d",
            "x",
            "k",
            "m",
            "p",
            "c",
            "n",
            "s",
            "b",
            "l",
            "t",
        ):
            return None
        verb, args = words[0], words[1:]
        if verb in ("r", "d", "x", "k"):
            if args:
                raise BadCommand(f"'{verb}' takes nothing after it")
            return {"r": Roll(), "d": Done(), "x": Refuse(), "k": CollectSurvivalPoints()}[verb]
        if verb in ("m", "p"):
            if len(args) != 1 or not args[0].isdigit():
                what = "a space number N (0 is POW)" if verb == "m" else "a seat number N"
                raise BadCommand(f"write '{verb} N' with {what}")
            number = int(args[0])
            if verb == "m":
                n = len(_board()["track"])
                if number >= n:
                    raise BadCommand(f"there is no space {number}: spaces are 0 to {n - 1}")
                return MoveAnywhere(number)
            if not 1 <= number <= obs["num_players"]:
                raise BadCommand(f"there is no seat {number}: seats are 1 to {obs['num_players']}")
            return Contribute(number - 1)
        if len(args) != 1:
            raise BadCommand(f"write '{verb} WHALE' with a whale: {', '.join(WHALES)}")
        matches = [w for w in WHALES if w.startswith(args[0])]
        if len(matches) != 1:
            raise BadCommand(f"{args[0]!r} is not one whale: write one of {', '.join(WHALES)}")
        whale = matches[0]
        kinds: dict[str, type[Action]] = {
            "c": ChooseWhale,
            "n": NameWhale,
            "s": SaveWhale,
            "b": PassBarnacle,
            "l": LeavePath,
            "t": TradePlaces,
        }
        return kinds[verb](whale)  # type: ignore[call-arg]

    def round_summaries(self, obs: dict[str, Any], names: list[str]) -> list[RenderableType]:
        return []

    def final(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        result = Result.from_observation(obs)
        if result is None or result.team is None:
            return Text(tr("Game over."))
        tally = dict(result.team.tally)
        saved = [whale_words(w, tr) for w in obs["saved"]]
        lost = [whale_words(w, tr) for w in obs["extinct"]]
        return result_panel(
            result,
            names,
            tr,
            result_word,
            headline=team_headline(tally["whales_saved"], len(obs["whales"]), tr),
            extra=[Text("\n".join(whales_lines(saved, lost, tr)))],
            notes=[ranking_rule(result, tr)],
        )

    def short_forms(self) -> str:
        return (
            "type a number from the list, or: r (roll), c W (choose whale W), n W (name whale W "
            "to move), s W (save W), p N (pay 1 SP of seat N), x (refuse to pay), k (collect), "
            "m N (move to space N), b W (barnacle to W), l W (W leaves the path), "
            "t W (trade places with W), d (done), q (quit)"
        )


View = SaveTheWhalesView
"""The name the registry looks for."""

__all__ = ["SaveTheWhalesView", "View"]
