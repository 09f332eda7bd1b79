"""Survive: Escape from Atlantis! in the terminal: the hex sea drawn from one observation.

Names on screen are short enough to type:

- spaces: a row letter A–M and the place in the row from the left (``G6`` is the
  hole in the middle of the island);
- explorers: the seat's number and a letter for each of its ten explorers in the order
  they were placed (``1a`` … ``1j``); ``1c:4`` when the viewer knows the value (its own
  explorers, and everyone's at the end), ``1c`` when not — no other place on screen
  shows an explorer's value;
- boats ``B1`` … ``B12``; creatures by kind and number (``shark2``, ``squid1``,
  ``dolphin1``);
- directions ``e``, ``ne``, ``nw``, ``w``, ``sw``, ``se``.

The map shows each space as two lines: its name (coloured by terrain) and what is on it
(``~`` sea serpent, ``^`` shark, ``W`` whale, ``Q`` giant squid, ``D`` dolphin (Challenge
Rule 5), ``B`` boat, then one
digit per explorer: its seat). The list under the map says exactly who is where.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, result_panel, seat_colour, seat_words
from whaletable.core.action import Action
from whaletable.core.result import Result
from whaletable.core.words import Translate, english
from whaletable.games.survive.actions import (
    EFFECTS,
    BoardBoat,
    Decline,
    EndMovement,
    JumpOverboard,
    LandOnSafeIsle,
    MoveBoat,
    MoveCreature,
    MoveEmptyBoat,
    MoveExplorer,
    PickCreature,
    PlaceBoat,
    PlaceExplorer,
    PlaceSquid,
    PlayTile,
    SinkTile,
    TakePerson,
)
from whaletable.games.survive.components import BOARD, DIRECTIONS
from whaletable.games.survive.words import (
    SEAT_COLUMNS,
    action_label,
    boat_of,
    creature_of,
    effect_name,
    explorer_of,
    game_over_line,
    isle_name,
    number,
    ranking_rule,
    result_word,
    saved_line,
    seat_column,
    seen_creature_words,
    space_name,
    status_line,
    table_line,
    terrain_name,
    tie_break_line,
)

ROW_LETTERS = "ABCDEFGHIJKLM"
EXPLORER_LETTERS = "abcdefghij"
COLUMN = 3  # characters per half-hex column
TERRAIN_STYLE = {
    "beach": "black on yellow",
    "forest": "white on green",
    "mountain": "white on grey42",
}
SEA_STYLE = "blue"
LANDING_STYLE = "bold black on bright_yellow"
CREATURE_MARK = {"serpent": "~", "shark": "^", "whale": "W", "squid": "Q", "dolphin": "D"}


# --------------------------------------------------------------------------- names


def parse_space(word: str) -> int:
    word = word.strip().upper()
    if len(word) < 2 or word[0] not in ROW_LETTERS or not word[1:].isdigit():
        raise BadCommand(f"{word!r} is not a space: write a row letter A–M and a number, like G6")
    row, idx = ROW_LETTERS.index(word[0]), int(word[1:]) - 1
    if not 0 <= idx < BOARD.row_lengths[row]:
        raise BadCommand(f"row {word[0]} has spaces 1 to {BOARD.row_lengths[row]}, not {idx + 1}")
    return BOARD.hex_at(row, idx)


def explorer_name(explorer: int) -> str:
    return f"{explorer // 10 + 1}{EXPLORER_LETTERS[explorer % 10]}"


def parse_explorer(word: str, obs: dict[str, Any]) -> int:
    word = word.strip().lower()
    seats = obs["num_players"]
    if len(word) != 2 or not word[0].isdigit() or word[1] not in EXPLORER_LETTERS:
        raise BadCommand(f"{word!r} is not an explorer: write a seat and a letter, like 1c")
    seat = int(word[0]) - 1
    if not 0 <= seat < seats:
        raise BadCommand(f"there is no seat {seat + 1}: seats are 1 to {seats}")
    return seat * 10 + EXPLORER_LETTERS.index(word[1])


def parse_direction(word: str) -> int:
    upper = word.strip().upper()
    if upper not in DIRECTIONS:
        raise BadCommand(f"{word!r} is not a direction: use e, ne, nw, w, sw or se")
    return DIRECTIONS.index(upper)


def boat_name(boat: int) -> str:
    return f"B{boat + 1}"


def creature_name(creature: dict[str, Any], obs: dict[str, Any]) -> str:
    same = [c["id"] for c in obs["creatures"] if c["kind"] == creature["kind"]]
    return f"{creature['kind']}{same.index(creature['id']) + 1}"


def parse_creature(word: str, obs: dict[str, Any]) -> int:
    word = word.strip().lower()
    for c in obs["creatures"]:
        if creature_name(c, obs) == word:
            found: int = c["id"]
            return found
    raise BadCommand(f"{word!r} is not a creature: write its kind and number, like shark2")


def explorer_tag(e: dict[str, Any]) -> str:
    """``1c:4`` when the value is known to the viewer, else ``1c``."""
    name = explorer_name(e["id"])
    return f"{name}:{e['value']}" if e.get("value") is not None else name


# --------------------------------------------------------------------------- drawing


def sea_map(obs: dict[str, Any]) -> Text:
    landing = {h for isle in BOARD.landing for h in isle}
    boats = {b["hex"]: b for b in obs["boats"] if b["status"] == "sea" and b["hex"] is not None}
    marks: dict[int, str] = {}
    for c in obs["creatures"]:
        if c["status"] == "sea" and c["hex"] is not None:
            marks[c["hex"]] = marks.get(c["hex"], "") + CREATURE_MARK.get(c["kind"], "?")
    people: dict[int, list[dict[str, Any]]] = {}
    for e in obs["explorers"]:
        at = e["hex"] if e["status"] in ("land", "swimming") else None
        if e["status"] == "boat" and e["boat"] is not None:
            boat = boat_of(obs, e["boat"])
            at = boat["hex"] if boat else None
        if at is not None:
            people.setdefault(at, []).append(e)
    out = Text()
    for row, length in enumerate(BOARD.row_lengths):
        first = BOARD.hex_at(row, 0)
        names = Text(" " * (COLUMN * BOARD.x2[first]))
        contents = Text(" " * (COLUMN * BOARD.x2[first]))
        for idx in range(length):
            space = first + idx
            terrain = obs["terrain"][space]
            style = TERRAIN_STYLE.get(terrain, SEA_STYLE) if terrain else SEA_STYLE
            if space in landing and not terrain:
                style = LANDING_STYLE
            names.append(f"{space_name(space):^5}", style=style)
            names.append(" ")
            code = marks.get(space, "")
            if space in boats:
                code += "B"
            code += "".join(str(e["seat"] + 1) for e in people.get(space, []))
            if len(code) > 5:
                code = code[:4] + "+"
            contents.append(f"{code or ('.' if not terrain else ''):^5}", style=style)
            contents.append(" ")
        out.append(names)
        out.append("\n")
        out.append(contents)
        if row < len(BOARD.row_lengths) - 1:
            out.append("\n")
    return out


def pieces_list(obs: dict[str, Any], tr: Translate) -> Table:
    """Who is where, space by space, in the names a player types."""
    table = Table(padding=(0, 1), show_edge=False, box=None)
    table.add_column(tr("space"), no_wrap=True)
    table.add_column(tr("what is there"))
    lines: dict[int, list[Text]] = {}

    def add(space: int, text: Text) -> None:
        lines.setdefault(space, []).append(text)

    for c in obs["creatures"]:
        if c["status"] == "sea" and c["hex"] is not None:
            add(c["hex"], Text(creature_name(c, obs), style="bold"))
    for b in obs["boats"]:
        if b["status"] == "sea" and b["hex"] is not None:
            text = Text(f"{boat_name(b['id'])}[")
            for k, pid in enumerate(b["passengers"]):
                e = explorer_of(obs, pid)
                if e is None:
                    continue
                if k:
                    text.append(" ")
                text.append(explorer_tag(e), style=f"bold {seat_colour(e['seat'])}")
            text.append("]")
            add(b["hex"], text)
    for e in obs["explorers"]:
        if e["status"] in ("land", "swimming") and e["hex"] is not None:
            tag = explorer_tag(e) + ("≈" if e["status"] == "swimming" else "")
            add(e["hex"], Text(tag, style=f"bold {seat_colour(e['seat'])}"))
    for space in sorted(lines):
        terrain = obs["terrain"][space]
        ground = terrain_name(terrain, tr) if terrain else tr("sea")
        table.add_row(f"{space_name(space)} {ground}", Text(" ").join(lines[space]))
    return table


def header(obs: dict[str, Any], labels: list[str], tr: Translate) -> Text:
    """The game, who views, whose turn it is to do what (the web board's status line) and
    what lies on the table (the web board's header line)."""
    seat = obs["seat"]
    viewer = tr("spectator (public information only)") if seat is None else labels[seat]
    text = Text(tr("Survive: Escape from Atlantis!"), "bold")
    if obs.get("options", {}).get("giant_squid"):
        text.append(" + " + tr("Giant Squid"), "bold")
    if obs["start_player"] is not None:
        text.append(" · " + tr("first player: {name}").format(name=labels[obs["start_player"]]))
    text.append("\n" + tr("viewing as {viewer}").format(viewer=viewer))
    text.append("\n" + status_line(obs, labels, tr))
    text.append("\n" + table_line(obs, tr))
    threat = (obs.get("pending") or {}).get("threat")
    if threat:
        line = tr("Threat: {creature} on {space}").format(
            creature=seen_creature_words(threat["creature"], obs, tr),
            space=space_name(threat["hex"]),
        )
        text.append("\n" + line, style="bold red")
    return text


def players_table(obs: dict[str, Any], labels: list[str], tr: Translate) -> Table:
    table = Table(padding=(0, 1))
    table.add_column("")
    table.add_column(seat_column("player", tr), no_wrap=True)
    for key in (*SEAT_COLUMNS, "tiles"):
        table.add_column(seat_column(key, tr))
    over = obs["phase"] == "over"
    if over:
        table.add_column(seat_column("score", tr), justify="right")
    for seat in range(obs["num_players"]):
        mine = [e for e in obs["explorers"] if e["seat"] == seat]
        counts = [str(sum(1 for e in mine if e["status"] == status)) for status in SEAT_COLUMNS]
        row = [
            "▶" if obs["to_move"] == seat else "",
            Text(labels[seat], style=f"bold {seat_colour(seat)}"),
            *counts,
            str(obs["hands"][seat]["count"]),
        ]
        if over:
            scores = obs["scores"] or []
            row.append(number(scores[seat]) if seat < len(scores) else "")
        table.add_row(*row)
    return table


def tile_words(effect: str, tr: Translate) -> str:
    """A held tile's name, with what it lets you do where the name alone does not say."""
    does = {
        "dolphin": tr("move a swimmer 1–3 spaces"),
        "boat-move": tr("move a boat 1–3 spaces"),
    }.get(effect)
    return f"{effect_name(effect, tr)} ({does})" if does else effect_name(effect, tr)


def own_things(obs: dict[str, Any], tr: Translate) -> Text | None:
    seat = obs["seat"]
    if seat is None:
        return None
    tiles = [t for t in obs["hands"][seat]["tiles"] if t]
    held = ", ".join(
        f"{k}. {tile_words(t['effect'], tr)} ({terrain_name(t['terrain'], tr)})"
        for k, t in enumerate(tiles, 1)
    )
    text = Text(f"{tr('Your tiles')}: {held or tr('none')}")
    if obs.get("values_left"):
        text.append(f"\n{tr('Explorers to place:')} ")
        text.append(" ".join(str(v) for v in obs["values_left"]))
    saved = [e for e in obs["explorers"] if e["seat"] == seat and e["status"] == "safe"]
    if saved:
        text.append("\n" + tr("Your explorers on the safe isles:") + " ")
        text.append(" ".join(explorer_tag(e) for e in saved))
    return text


# --------------------------------------------------------------------------- the view


class SurviveView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        labels = [seat_words(s, names, tr) for s in range(obs["num_players"])]
        legend = Text(
            tr(
                "~ sea serpent · ^ shark · W whale · Q giant squid · D dolphin · B boat · "
                "digits: explorers by seat · 1c:N = Seat 1's explorer c, worth N (values "
                "show to their owner only) · ≈ swimming · yellow: safe isle landing spaces"
            ),
            style="dim",
        )
        parts: list[RenderableType] = [header(obs, labels, tr), sea_map(obs), legend]
        parts.append(pieces_list(obs, tr))
        safe = [e for e in obs["explorers"] if e["status"] == "safe"]
        if safe:
            by_isle: dict[str | None, list[str]] = {}
            for e in safe:
                by_isle.setdefault(e["isle"], []).append(explorer_tag(e))
            on_isles = " · ".join(
                f"{isle_name(isle, tr)} {' '.join(tags)}" for isle, tags in by_isle.items()
            )
            parts.append(Text(tr("Saved: {explorers}").format(explorers=on_isles)))
        mine = own_things(obs, tr)
        if mine is not None:
            parts.append(mine)
        parts.append(players_table(obs, labels, tr))
        return Group(*parts)

    # --------------------------------------------------------------- choosing

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        """The short command that plays ``action``, then in brackets what it does: the web
        board's label for it (:func:`whaletable.games.survive.words.action_label`)."""
        return f"{self._command(action, obs)} ({action_label(action, obs, (), self.tr)})"

    @staticmethod
    def _command(action: Action, obs: dict[str, Any]) -> str:
        """The command typed for ``action``: the fixed syntax :meth:`parse` reads."""
        if isinstance(action, MoveExplorer):
            return f"go {explorer_name(action.explorer)} {DIRECTIONS[action.direction].lower()}"
        if isinstance(action, BoardBoat):
            return f"board {explorer_name(action.explorer)}"
        if isinstance(action, JumpOverboard):
            return f"jump {explorer_name(action.explorer)}"
        if isinstance(action, LandOnSafeIsle):
            return f"land {explorer_name(action.explorer)}"
        if isinstance(action, MoveBoat):
            return f"boat {action.boat + 1} {DIRECTIONS[action.direction].lower()}"
        if isinstance(action, EndMovement):
            return "done"
        if isinstance(action, PlayTile):
            return f"play {action.slot + 1}"
        if isinstance(action, Decline):
            return "pass"
        if isinstance(action, SinkTile):
            return f"sink {space_name(action.hex)}"
        if isinstance(action, PlaceExplorer):
            return f"place {space_name(action.hex)} {action.value}"
        if isinstance(action, PlaceBoat | PlaceSquid):
            return f"place {space_name(action.hex)}"
        if isinstance(action, TakePerson):
            return f"take {explorer_name(action.explorer)}"
        if isinstance(action, PickCreature):
            c = creature_of(obs, action.creature)
            return f"pick {creature_name(c, obs) if c else f'creature{action.creature + 1}'}"
        if isinstance(action, MoveCreature):
            return f"to {space_name(action.to)}"
        if isinstance(action, MoveEmptyBoat):
            return f"empty {action.boat + 1} {space_name(action.to)}"
        return str(action)

    def parse(self, text: str, obs: dict[str, Any]) -> Action | None:
        words = text.lower().split()
        if not words:
            return None
        verb, args = words[0], words[1:]
        arity = {
            "go": 2,
            "board": 1,
            "jump": 1,
            "land": 1,
            "boat": 2,
            "done": 0,
            "play": 1,
            "pass": 0,
            "sink": 1,
            "take": 1,
            "pick": 1,
            "to": 1,
            "empty": 2,
        }
        if verb == "place":
            return self._place(args, obs)
        if verb not in arity:
            return None
        if len(args) != arity[verb]:
            raise BadCommand(self._how(verb))
        if verb == "go":
            return MoveExplorer(parse_explorer(args[0], obs), parse_direction(args[1]))
        if verb == "board":
            return BoardBoat(parse_explorer(args[0], obs))
        if verb == "jump":
            return JumpOverboard(parse_explorer(args[0], obs))
        if verb == "land":
            return LandOnSafeIsle(parse_explorer(args[0], obs))
        if verb == "take":
            return TakePerson(parse_explorer(args[0], obs))
        if verb == "boat":
            if not args[0].lstrip("b").isdigit():
                raise BadCommand(self._how("boat"))
            boat = int(args[0].lstrip("b")) - 1
            if not 0 <= boat < len(obs["boats"]):
                raise BadCommand(f"there is no boat {boat + 1}: boats are 1 to {len(obs['boats'])}")
            return MoveBoat(boat, parse_direction(args[1]))
        if verb == "done":
            return EndMovement()
        if verb == "pass":
            return Decline()
        if verb == "play":
            return self._play(args[0], obs)
        if verb == "sink":
            return SinkTile(parse_space(args[0]))
        if verb == "pick":
            return PickCreature(parse_creature(args[0], obs))
        if verb == "empty":
            if not args[0].lstrip("b").isdigit():
                raise BadCommand(self._how("empty"))
            boat = int(args[0].lstrip("b")) - 1
            if not 0 <= boat < len(obs["boats"]):
                raise BadCommand(f"there is no boat {boat + 1}: boats are 1 to {len(obs['boats'])}")
            return MoveEmptyBoat(boat, parse_space(args[1]))
        return MoveCreature(parse_space(args[0]))

    def _play(self, word: str, obs: dict[str, Any]) -> Action:
        """``play 2`` (the second tile in your hand) or ``play dolphin`` (the first such)."""
        seat = obs["seat"]
        tiles = obs["hands"][seat]["tiles"] if seat is not None else []
        if word.isdigit():
            slot = int(word) - 1
            if not 0 <= slot < len(tiles) or not tiles[slot]:
                raise BadCommand(f"you hold no tile {slot + 1}: you hold {len(tiles)}")
            return PlayTile(tiles[slot]["effect"], slot)
        if word not in EFFECTS:
            raise BadCommand(f"{word!r} is not a tile: tiles are {', '.join(EFFECTS)}")
        for slot, tile in enumerate(tiles):
            if tile and tile["effect"] == word:
                return PlayTile(word, slot)
        raise BadCommand(f"you hold no {word} tile")

    def _place(self, args: list[str], obs: dict[str, Any]) -> Action:
        phase = obs["phase"]
        if phase == "place-explorers":
            if len(args) != 2 or not args[1].isdigit():
                raise BadCommand(self._how("place"))
            return PlaceExplorer(parse_space(args[0]), int(args[1]))
        if len(args) != 1:
            raise BadCommand("write 'place H' with a space H, like 'place E3'")
        space = parse_space(args[0])
        return PlaceSquid(space) if phase == "place-squid" else PlaceBoat(space)

    @staticmethod
    def _how(verb: str) -> str:
        return {
            "go": "write 'go X D': explorer X (like 1c) one space in direction D (e ne nw w sw se)",
            "board": "write 'board X' with an explorer X, like 1c",
            "jump": "write 'jump X' with an explorer X, like 1c",
            "land": "write 'land X' with an explorer X, like 1c",
            "take": "write 'take X' with an explorer X, like 2d",
            "boat": "write 'boat N D': boat N one space in direction D (e ne nw w sw se)",
            "done": "'done' takes nothing after it",
            "pass": "'pass' takes nothing after it",
            "play": "write 'play N' (your N-th tile) or 'play T' (a tile T, like dolphin)",
            "sink": "write 'sink H' with a space H, like 'sink E4'",
            "pick": "write 'pick C' with a creature C, like shark2",
            "to": "write 'to H' with a space H, like 'to C5'",
            "empty": "write 'empty N H': the unoccupied boat N to space H, like 'empty 3 C5'",
            "place": "write 'place H V': your explorer worth V on space H, like 'place E4 3'",
        }[verb]

    def round_summaries(self, obs: dict[str, Any], names: list[str]) -> list[RenderableType]:
        return []

    def final(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        tr = self.tr
        result = Result.from_observation(obs)
        if result is None:
            return Text(tr("Game over."))
        labels = [seat_words(s, names, tr) for s in range(obs["num_players"])]
        lines = []
        for seat in range(obs["num_players"]):
            mine = [e for e in obs["explorers"] if e["seat"] == seat and e["status"] == "safe"]
            lines.append(saved_line(labels[seat], " ".join(explorer_tag(e) for e in mine), tr))
        saved = Text("\n".join(lines))
        notes = [tie_break_line(result, tr), ranking_rule(result, tr)]
        return result_panel(
            result,
            names,
            tr,
            result_word,
            headline=game_over_line(obs, labels, tr),
            extra=[saved],
            notes=[note for note in notes if note],
        )

    def short_forms(self) -> str:
        return self.tr(
            "type a number from the list, or: go X D (explorer X like 1c, direction e ne nw w "
            "sw se), board X, jump X, land X, boat N D, done, play T, pass, sink H (space like "
            "E4), place H V (explorer worth V) / place H (boat or squid), take X, pick C (like "
            "shark2), to H, empty N H (an unoccupied boat, with dive dice), q (quit)"
        )


View = SurviveView
"""The name the registry looks for."""

__all__ = ["SurviveView", "View", "explorer_name", "parse_space", "space_name"]
