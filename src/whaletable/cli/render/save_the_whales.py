"""Save the Whales in the terminal: the board drawn from one observation.

Nothing in this game is private, so every seat sees the same board. Spaces are named
as printed on the board with their number (POW is 0, counting clockwise); a whale on
the ENDANGERED SPECIES path is shown on the path space "above" a track space, named by
that track space. Whales are named by species (``gray``, ``blue``, … on the command
line, any unambiguous beginning will do), seats from 1.

Every sentence is the game's own (``games/save_the_whales/words.py``, which the web board
speaks too) or a line of this layout, and goes through the view's translator ``tr``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, result_panel, seat_colour, seat_words
from whaletable.core.action import Action
from whaletable.core.result import Result
from whaletable.core.words import Translate, english
from whaletable.games.save_the_whales.actions import (
    ChooseWhale,
    CollectSurvivalPoints,
    Contribute,
    Done,
    LeavePath,
    MoveAnywhere,
    NameWhale,
    PassBarnacle,
    Refuse,
    Roll,
    SaveWhale,
    TradePlaces,
)
from whaletable.games.save_the_whales.components import WHALES, layout
from whaletable.games.save_the_whales.words import (
    action_label,
    card_text,
    counts_line,
    deck_name,
    dice_words,
    flag_lines,
    payment_words,
    ranking_rule,
    result_word,
    ship_words,
    space_words,
    status_line,
    turn_number,
    whale_name,
    whale_of,
    whales_lines,
    where_words,
)
from whaletable.games.save_the_whales.words import headline as team_headline


@cache
def _board() -> dict[str, Any]:
    return layout()


class SaveTheWhalesView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        labels = [seat_words(s, names, tr) for s in range(len(obs["players"]))]
        parts: list[RenderableType] = [self._header(obs, labels), self._track(obs)]
        parts.append(self._whales(obs, labels))
        parts.append(self._players(obs, labels))
        card = obs["card"]
        if card is not None:
            title = deck_name(card["deck"], tr)
            parts.append(Panel(Text(card_text(card, tr)), title=title, expand=False))
        if obs["payment"] is not None:
            parts.append(Text(payment_words(obs, tr), style="bold"))
        return Group(*parts)

    def _header(self, obs: dict[str, Any], labels: list[str]) -> Text:
        tr = self.tr
        seat = obs["seat"]
        viewer = tr("spectator") if seat is None else tr("Seat {number}").format(number=seat + 1)
        title = tr("Save the Whales") + " · " + tr("Turn {turns}").format(turns=turn_number(obs))
        text = Text(title, "bold")
        text.append(" · " + tr("viewing as {viewer}").format(viewer=viewer))
        # Nothing is private in this game, so every seat reads the spectator's status line
        # (the prompt says whose move it is).
        text.append("\n" + status_line({**obs, "seat": None}, labels, tr))
        text.append("\n" + counts_line(obs, tr))
        dice = obs["dice"]
        if dice is not None:
            text.append(" · " + dice_words(dice[0], dice[1], tr))
        # The whale holding the Magic Barnacle says so in the whales' table.
        text.append("\n" + ship_words(obs, tr))
        for flag in flag_lines(obs, tr):
            text.append("\n" + flag, "bold green")
        return text

    def _track(self, obs: dict[str, Any]) -> Table:
        tr = self.tr
        track = _board()["track"]
        here: dict[int, list[str]] = {}
        above: dict[int, list[str]] = {}
        for w in obs["whales"]:
            if w["status"] == "track":
                here.setdefault(w["space"], []).append(w["name"])
            elif w["status"] == "path":
                above.setdefault(w["space"], []).append(w["name"])
        rows = (len(track) + 3) // 4
        title = tr("The track; ↑ = on the path above it")
        table = Table(show_header=False, padding=(0, 1), title=title)
        for _ in range(4):
            table.add_column(ratio=1)
        cells: list[Text] = []
        for space in track:
            i = space["index"]
            cell = Text(f"{i:>2} ", style="dim")
            cell.append(space_words(i, tr)[0])
            if space["sp"]:
                cell.append(f" {space['sp']:+d}", style="dim")
            # Whales go by the names a player types (c gray, n blue, …).
            for name in here.get(i, []):
                owner = whale_of(obs, name)["owner"]
                style = f"bold {seat_colour(owner)}" if owner is not None else "bold"
                cell.append(f" {name}", style=style)
            path_bits = [*above.get(i, [])]
            if obs["ship"] == i:
                path_bits.append(tr("SHIP"))
            if path_bits:
                cell.append(" ↑" + " ↑".join(path_bits), style="bold red")
            cells.append(cell)
        for r in range(rows):
            row = [c * rows + r for c in range(4)]
            table.add_row(*[cells[k] if k < len(cells) else Text("") for k in row])
        return table

    def _whales(self, obs: dict[str, Any], labels: list[str]) -> Table:
        tr = self.tr
        table = Table(padding=(0, 1), title=tr("NATURAL HABITATS"))
        for column in (tr("Whale"), tr("Saving costs"), tr("Where"), tr("Player")):
            table.add_column(column)
        for w in obs["whales"]:
            owner = w["owner"]
            who = Text("")
            if owner is not None:
                who = Text(labels[owner], style=seat_colour(owner))
            name = whale_name(w["name"], tr)
            if w["barnacle"]:
                name += " · " + tr("holds the Magic Barnacle")
            value = tr("{sp} SP").format(sp=w["value"])
            table.add_row(name, value, where_words(w, tr), who)
        return table

    def _players(self, obs: dict[str, Any], labels: list[str]) -> Table:
        tr = self.tr
        table = Table(padding=(0, 1))
        columns = ("", tr("Player"), tr("Whale"), tr("Survival Points"))
        for column in (*columns, tr("Exchange Pieces × 5 + loose SP")):
            table.add_column(column)
        for seat, p in enumerate(obs["players"]):
            table.add_row(
                "▶" if obs["to_move"] == seat else "",
                Text(labels[seat], style=f"bold {seat_colour(seat)}"),
                whale_name(p["whale"], tr) if p["whale"] else tr("no whale"),
                str(p["sp"]),
                f"{p['exchange_pieces']} × 5 + {p['loose_sp']}",
            )
        return table

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        # The web board's label, word for word: the terminal names no seat but by number.
        return action_label(action, obs, (), self.tr)

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        tr = self.tr
        words = text.lower().split()
        if not words or words[0] not in tuple("rdxkmpcnsblt"):  # the short forms' letters
            return None
        verb, args = words[0], words[1:]
        if verb in ("r", "d", "x", "k"):
            if args:
                raise BadCommand(tr("'{verb}' takes nothing after it").format(verb=verb))
            return {"r": Roll(), "d": Done(), "x": Refuse(), "k": CollectSurvivalPoints()}[verb]
        if verb in ("m", "p"):
            if len(args) != 1 or not args[0].isdigit():
                if verb == "m":
                    raise BadCommand(tr("write 'm N' with a space number N (0 is POW)"))
                raise BadCommand(tr("write 'p N' with a seat number N"))
            number = int(args[0])
            if verb == "m":
                n = len(_board()["track"])
                if number >= n:
                    raise BadCommand(
                        tr("there is no space {number}: spaces are 0 to {last}").format(
                            number=number, last=n - 1
                        )
                    )
                return MoveAnywhere(number)
            if not 1 <= number <= obs["num_players"]:
                raise BadCommand(
                    tr("there is no seat {number}: seats are 1 to {last}").format(
                        number=number, last=obs["num_players"]
                    )
                )
            return Contribute(number - 1)
        whales = ", ".join(WHALES)
        if len(args) != 1:
            raise BadCommand(
                tr("write '{verb} WHALE' with a whale: {whales}").format(verb=verb, whales=whales)
            )
        matches = [w for w in WHALES if w.startswith(args[0])]
        if len(matches) != 1:
            raise BadCommand(
                tr("{word} is not one whale: write one of {whales}").format(
                    word=repr(args[0]), whales=whales
                )
            )
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
        saved = [whale_name(w, tr) for w in obs["saved"]]
        lost = [whale_name(w, tr) for w in obs["extinct"]]
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
        return self.tr(
            "type a number from the list, or: r (roll), c W (choose whale W), n W (name whale W "
            "to move), s W (save W), p N (pay 1 SP of seat N), x (refuse to pay), k (collect), "
            "m N (move to space N), b W (barnacle to W), l W (W leaves the path), "
            "t W (trade places with W), d (done), q (quit)"
        )


View = SaveTheWhalesView
"""The name the registry looks for."""

__all__ = ["SaveTheWhalesView", "View"]
