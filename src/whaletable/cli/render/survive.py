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

from whaletable.cli.render import BadCommand, result_panel, seat_colour, seat_label, seat_words
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
    game_over_words,
    ranking_rule,
    result_word,
    saved_line,
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
KIND_WORDS = {
    "serpent": "sea serpent",
    "shark": "shark",
    "whale": "whale",
    "squid": "giant squid",
    "dolphin": "dolphin",
}
DIVE_PIECE_WORDS = {**KIND_WORDS, "boat": "unoccupied boat", "starfish": "starfish (any piece)"}
"""Challenge Rule 5: the symbols of the dive die that says which piece moves."""


def dive_words(piece: str, face: str) -> str:
    """Both dive dice, like ``shark, 2 spaces`` or ``whale, Dive (any unoccupied sea space)``."""
    how = {"dive": "Dive (any unoccupied sea space)", "1": "1 space"}.get(face, f"{face} spaces")
    return f"{DIVE_PIECE_WORDS.get(piece, piece)}, {how}"


EFFECT_WORDS = {
    "shark": "shark",
    "whale": "whale",
    "boat": "boat",
    "whirlpool": "whirlpool",
    "volcano": "volcano",
    "dolphin": "dolphin (move a swimmer 1–3 spaces)",
    "boat-move": "boat move (move a boat 1–3 spaces)",
    "move-serpent": "move a sea serpent",
    "move-shark": "move a shark",
    "move-whale": "move a whale",
    "shark-deterrent": "shark deterrent",
    "whale-deterrent": "whale deterrent",
}
TASKS = {
    "place-explorers": "place an explorer",
    "place-boats": "place a boat",
    "move": "move",
    "tile-move": "move with the tile",
    "sink": "sink a tile",
    "board": "choose who boards the new boat",
    "place-squid": "bring the giant squid in",
    "take-person": "choose whom the giant squid takes",
    "deter": "play a deterrent or not",
    "pick-creature": "choose the creature to move",
    "move-creature": "move the creature",
}


# --------------------------------------------------------------------------- names


def space_name(space: int) -> str:
    return f"{ROW_LETTERS[BOARD.rows[space]]}{BOARD.idxs[space] + 1}"


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


def _explorer(obs: dict[str, Any], explorer: int) -> dict[str, Any] | None:
    for e in obs["explorers"]:
        if e["id"] == explorer:
            found: dict[str, Any] = e
            return found
    return None


def _boat(obs: dict[str, Any], boat: int) -> dict[str, Any] | None:
    for b in obs["boats"]:
        if b["id"] == boat:
            found: dict[str, Any] = b
            return found
    return None


def _creature(obs: dict[str, Any], creature: int) -> dict[str, Any] | None:
    for c in obs["creatures"]:
        if c["id"] == creature:
            found: dict[str, Any] = c
            return found
    return None


def where(obs: dict[str, Any], explorer: int) -> int | None:
    e = _explorer(obs, explorer)
    if e is None:
        return None
    if e["hex"] is not None:
        at: int = e["hex"]
        return at
    if e["boat"] is not None:
        boat = _boat(obs, e["boat"])
        if boat is not None and boat["hex"] is not None:
            on: int = boat["hex"]
            return on
    return None


def step(space: int | None, direction: int) -> int | None:
    if space is None:
        return None
    to = BOARD.step[space][direction]
    return to if to >= 0 else None


def explorer_tag(e: dict[str, Any]) -> str:
    """``1c:4`` when the value is known to the viewer, else ``1c``."""
    name = explorer_name(e["id"])
    return f"{name}:{e['value']}" if e.get("value") is not None else name


def number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


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
            boat = _boat(obs, e["boat"])
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


def pieces_list(obs: dict[str, Any]) -> Table:
    """Who is where, space by space, in the names a player types."""
    table = Table(padding=(0, 1), show_edge=False, box=None)
    table.add_column("space", no_wrap=True)
    table.add_column("what is there")
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
                e = _explorer(obs, pid)
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
        head = f"{space_name(space)} {terrain or 'sea'}"
        body = Text(" ").join(lines[space])
        table.add_row(head, body)
    return table


def header(obs: dict[str, Any], names: list[str]) -> Text:
    seat = obs["seat"]
    viewer = "spectator (public information only)" if seat is None else seat_label(seat)
    text = Text("Survive: Escape from Atlantis!", "bold")
    if obs.get("options", {}).get("giant_squid"):
        text.append(" + Giant Squid", "bold")
    text.append(f" · turn {obs['turn']}")
    if obs["start_player"] is not None:
        text.append(f" · first player {seat_label(obs['start_player'])}")
    text.append(f"\nviewing as {viewer}")
    to_move = obs["to_move"]
    if obs["phase"] == "over":
        text.append(" · the game is over")
    elif to_move is not None:
        task = TASKS.get(obs["phase"], obs["phase"])
        if obs["phase"] in ("move", "tile-move"):
            task += f" ({obs['moves_left']} left)"
        text.append(f" · {seat_label(to_move)} ({names[to_move]}) to {task}")
    left = {t: 0 for t in TERRAIN_STYLE}
    for t in obs["terrain"]:
        if t in left:
            left[t] += 1
    text.append(
        f"\ntiles left: {left['beach']} beach, {left['forest']} forest, {left['mountain']} mountain"
    )
    if obs["last_roll"]:
        text.append(f" · creature die: {KIND_WORDS.get(obs['last_roll'], obs['last_roll'])}")
    dive = obs.get("dive_roll")
    if dive:
        text.append(f" · dive dice: {dive_words(dive['piece'], dive['face'])}")
    if obs["sunk"]:
        last = obs["sunk"][-1]
        back = EFFECT_WORDS.get(last["effect"], last["effect"]) if last["effect"] else "hidden"
        text.append(f" · last sunk: {last['terrain']} at {space_name(last['hex'])} ({back})")
    threat = (obs.get("pending") or {}).get("threat")
    if threat:
        creature = _creature(obs, threat["creature"])
        what = creature_name(creature, obs) if creature else "a creature"
        text.append(f"\nthreat: {what} on {space_name(threat['hex'])}", style="bold red")
    return text


def players_table(obs: dict[str, Any], names: list[str]) -> Table:
    table = Table(padding=(0, 1))
    for column in ("", "player", "island", "swim", "boat", "safe", "lost", "tiles"):
        table.add_column(column, no_wrap=column == "player")
    over = obs["phase"] == "over"
    if over:
        table.add_column("score", justify="right")
    for seat in range(obs["num_players"]):
        mine = [e for e in obs["explorers"] if e["seat"] == seat]
        counts = [
            str(sum(1 for e in mine if e["status"] == status))
            for status in ("land", "swimming", "boat", "safe", "lost")
        ]
        row = [
            "▶" if obs["to_move"] == seat else "",
            Text(f"{seat_label(seat)} {names[seat]}", style=f"bold {seat_colour(seat)}"),
            *counts,
            str(obs["hands"][seat]["count"]),
        ]
        if over:
            scores = obs["scores"] or []
            row.append(number(scores[seat]) if seat < len(scores) else "")
        table.add_row(*row)
    return table


def own_things(obs: dict[str, Any]) -> Text | None:
    seat = obs["seat"]
    if seat is None:
        return None
    text = Text()
    tiles = [t for t in obs["hands"][seat]["tiles"] if t]
    if tiles:
        text.append("your tiles: ")
        text.append(
            ", ".join(
                f"{k}. {EFFECT_WORDS.get(t['effect'], t['effect'])} ({t['terrain']})"
                for k, t in enumerate(tiles, 1)
            )
        )
    else:
        text.append("your tiles: none")
    if obs.get("values_left"):
        text.append("\nexplorers still to place (values): ")
        text.append(" ".join(str(v) for v in obs["values_left"]))
    saved = [e for e in obs["explorers"] if e["seat"] == seat and e["status"] == "safe"]
    if saved:
        text.append("\nyour explorers on safe isles: ")
        text.append(" ".join(explorer_tag(e) for e in saved))
    return text


# --------------------------------------------------------------------------- the view


class SurviveView:
    def __init__(self, tr: Translate = english) -> None:
        self.tr = tr  # the reader's language: the game's words

    def board(self, obs: dict[str, Any], names: list[str]) -> RenderableType:
        legend = Text(
            "~ sea serpent · ^ shark · W whale · Q giant squid · D dolphin · B boat · digits: "
            "explorers by "
            "seat · 1c:N = Seat 1's explorer c, worth N (values show to their owner only) · "
            "≈ swimming · yellow: safe isle landing spaces",
            style="dim",
        )
        parts: list[RenderableType] = [header(obs, names), sea_map(obs), legend]
        parts.append(pieces_list(obs))
        safe = [e for e in obs["explorers"] if e["status"] == "safe"]
        if safe:
            by_isle: dict[str, list[str]] = {}
            for e in safe:
                by_isle.setdefault(e["isle"] or "?", []).append(explorer_tag(e))
            parts.append(
                Text(
                    "safe: "
                    + " · ".join(f"{isle} {' '.join(tags)}" for isle, tags in by_isle.items())
                )
            )
        mine = own_things(obs)
        if mine is not None:
            parts.append(mine)
        parts.append(players_table(obs, names))
        return Group(*parts)

    # --------------------------------------------------------------- choosing

    def choice(self, action: Action, obs: dict[str, Any]) -> str:
        """The short command that plays ``action``, then what it means in brackets."""
        command, details = self._command(action, obs)
        return f"{command} ({details})" if details else command

    def _command(self, action: Action, obs: dict[str, Any]) -> tuple[str, str]:
        if isinstance(action, MoveExplorer):
            origin = where(obs, action.explorer)
            to = step(origin, action.direction)
            route = ""
            if origin is not None and to is not None:
                route = f"{space_name(origin)}→{space_name(to)}"
            return (
                f"go {explorer_name(action.explorer)} {DIRECTIONS[action.direction].lower()}",
                self._worth(obs, action.explorer, route),
            )
        if isinstance(action, BoardBoat):
            at = where(obs, action.explorer)
            return (
                f"board {explorer_name(action.explorer)}",
                self._worth(obs, action.explorer, f"into the boat on {self._at(at)}"),
            )
        if isinstance(action, JumpOverboard):
            at = where(obs, action.explorer)
            return (
                f"jump {explorer_name(action.explorer)}",
                self._worth(obs, action.explorer, f"overboard on {self._at(at)}"),
            )
        if isinstance(action, LandOnSafeIsle):
            return (
                f"land {explorer_name(action.explorer)}",
                self._worth(obs, action.explorer, "onto the safe isle"),
            )
        if isinstance(action, MoveBoat):
            boat = _boat(obs, action.boat)
            origin = boat["hex"] if boat else None
            to = step(origin, action.direction)
            route = ""
            if origin is not None and to is not None:
                route = f"{space_name(origin)}→{space_name(to)}"
            return f"boat {action.boat + 1} {DIRECTIONS[action.direction].lower()}", route
        if isinstance(action, EndMovement):
            return "done", "no more moves" if obs["phase"] == "move" else "stop the tile"
        if isinstance(action, PlayTile):
            words = EFFECT_WORDS.get(action.effect, action.effect)
            return f"play {action.slot + 1}", f"your tile {action.slot + 1}: {words}"
        if isinstance(action, Decline):
            return "pass", "play no deterrent"
        if isinstance(action, SinkTile):
            return f"sink {space_name(action.hex)}", str(obs["terrain"][action.hex])
        if isinstance(action, PlaceExplorer):
            return (
                f"place {space_name(action.hex)} {action.value}",
                f"your explorer worth {action.value}",
            )
        if isinstance(action, PlaceBoat):
            return f"place {space_name(action.hex)}", "a boat"
        if isinstance(action, PlaceSquid):
            return f"place {space_name(action.hex)}", "the giant squid"
        if isinstance(action, TakePerson):
            at = where(obs, action.explorer)
            return (
                f"take {explorer_name(action.explorer)}",
                self._worth(obs, action.explorer, f"on {self._at(at)}"),
            )
        if isinstance(action, PickCreature):
            c = _creature(obs, action.creature)
            if c is None:
                return f"pick creature{action.creature + 1}", ""
            return f"pick {creature_name(c, obs)}", f"on {self._at(c['hex'])}"
        if isinstance(action, MoveCreature):
            picked = (obs.get("pending") or {}).get("creature")
            c = _creature(obs, picked) if picked is not None else None
            if c is not None and c["hex"] == action.to:
                return f"to {space_name(action.to)}", "stay put"
            return f"to {space_name(action.to)}", ""
        if isinstance(action, MoveEmptyBoat):
            boat = _boat(obs, action.boat)
            origin = boat["hex"] if boat else None
            route = f"{self._at(origin)}→{space_name(action.to)}"
            return (
                f"empty {action.boat + 1} {space_name(action.to)}",
                f"the unoccupied {boat_name(action.boat)} {route}",
            )
        return str(action), ""

    @staticmethod
    def _at(space: int | None) -> str:
        return space_name(space) if space is not None else "?"

    @staticmethod
    def _worth(obs: dict[str, Any], explorer: int, rest: str) -> str:
        e = _explorer(obs, explorer)
        if e is None or e.get("value") is None:
            return rest
        return f"worth {e['value']}" + (f", {rest}" if rest else "")

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
        equal = bool(obs.get("options", {}).get("everyone_is_equal"))
        scores = [s.score for s in sorted(result.standings, key=lambda s: s.seat)]
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
            headline=game_over_words(result.winners, scores, equal, labels, tr),
            extra=[saved],
            notes=[note for note in notes if note],
        )

    def short_forms(self) -> str:
        return (
            "type a number from the list, or: go X D (explorer X like 1c, direction e ne nw w "
            "sw se), board X, jump X, land X, boat N D, done, play T, pass, sink H (space like "
            "E4), place H V (explorer worth V) / place H (boat or squid), take X, pick C (like "
            "shark2), to H, empty N H (an unoccupied boat, with dive dice), q (quit)"
        )


View = SurviveView
"""The name the registry looks for."""

__all__ = ["SurviveView", "View", "explorer_name", "parse_space", "space_name"]
