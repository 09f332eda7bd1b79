"""Survive: Escape from Atlantis! in the terminal: the hex sea drawn from one scene.

Names on screen are short enough to type: spaces by a row letter A–M and the place in the
row from the left (``G6`` is the hole in the middle of the island); explorers by the
seat's number and a letter in the order they were placed (``1a`` … ``1j``), ``1c:4`` where
the viewer knows the value (its own, and everyone's at the end) and nowhere else; boats
``B1`` … ``B12``; creatures by kind and number (``shark2``, ``squid1``, ``dolphin1``);
directions ``e``, ``ne``, ``nw``, ``w``, ``sw``, ``se``.

The map shows each space as two lines: its name (coloured by terrain) and what is on it
(``~`` sea serpent, ``^`` shark, ``W`` whale, ``Q`` giant squid, ``D`` dolphin, ``B`` boat,
then one digit per explorer: its seat). The list under the map says exactly who is where.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whaletable.cli.render import BadCommand, SceneView, seat_cells, seat_colour
from whaletable.core.action import Action
from whaletable.core.view import Choice, Piece, Region, Scene
from whaletable.core.words import Translate, english, word_for
from whaletable.games.survive import actions as act
from whaletable.games.survive import words as w
from whaletable.games.survive.components import BOARD, DIRECTIONS
from whaletable.games.survive.observation import CreatureView, SurviveObservation
from whaletable.games.survive.view import scene
from whaletable.games.survive.words import ROW_LETTERS, SEAT_COLUMNS, space_name

EXPLORER_LETTERS = "abcdefghij"
COLUMN = 3  # characters per half-hex column
TERRAIN_STYLE = {
    "beach": "black on yellow",
    "forest": "white on green",
    "mountain": "white on grey42",
}
SEA_STYLE = "blue"
LANDING_STYLE = "bold black on bright_yellow"
MARK = {"serpent": "~", "shark": "^", "whale": "W", "squid": "Q", "dolphin": "D", "boat": "B"}


# --------------------------------------------------------------------------- names


def misread(key: str, tr: Translate, **said: object) -> BadCommand:
    """A typed word that names nothing, said in the reader's language."""
    return BadCommand(tr(w.MISREAD[key]).format(**said))


def parse_space(word: str, tr: Translate = english) -> int:
    word = word.strip().upper()
    if len(word) < 2 or word[0] not in ROW_LETTERS or not word[1:].isdigit():
        raise misread("space", tr, word=repr(word))
    row, idx = ROW_LETTERS.index(word[0]), int(word[1:]) - 1
    if not 0 <= idx < BOARD.row_lengths[row]:
        raise misread("row", tr, row=word[0], count=BOARD.row_lengths[row], number=idx + 1)
    return BOARD.hex_at(row, idx)


def explorer_name(explorer: int) -> str:
    return f"{explorer // 10 + 1}{EXPLORER_LETTERS[explorer % 10]}"


def parse_explorer(word: str, obs: SurviveObservation, tr: Translate) -> int:
    word = word.strip().lower()
    seats = obs["num_players"]
    if len(word) != 2 or not word[0].isdigit() or word[1] not in EXPLORER_LETTERS:
        raise misread("explorer", tr, word=repr(word))
    seat = int(word[0]) - 1
    if not 0 <= seat < seats:
        raise misread("seat", tr, number=seat + 1, last=seats)
    return seat * 10 + EXPLORER_LETTERS.index(word[1])


def parse_direction(word: str, tr: Translate) -> int:
    upper = word.strip().upper()
    if upper not in DIRECTIONS:
        raise misread("direction", tr, word=repr(word))
    return DIRECTIONS.index(upper)


def parse_boat(word: str, obs: SurviveObservation, tr: Translate) -> int:
    """``3`` or ``b3``: boat 3, counted from 1."""
    if not word.lstrip("b").isdigit():
        raise misread("boat", tr, word=repr(word))
    boat, count = int(word.lstrip("b")) - 1, len(obs["boats"])
    if not 0 <= boat < count:
        raise misread("boat-number", tr, number=boat + 1, count=count)
    return boat


def creature_name(creature: CreatureView, obs: SurviveObservation) -> str:
    same = [c["id"] for c in obs["creatures"] if c["kind"] == creature["kind"]]
    return f"{creature['kind']}{same.index(creature['id']) + 1}"


def parse_creature(word: str, obs: SurviveObservation, tr: Translate) -> int:
    word, named = word.strip().lower(), {creature_name(c, obs): c["id"] for c in obs["creatures"]}
    if word not in named:
        raise misread("creature", tr, word=repr(word))
    return named[word]


COMMANDS: dict[str, tuple[type[Action], tuple[str, ...]]] = {  # a verb, then what it names
    "go": (act.MoveExplorer, ("explorer", "direction")),
    "board": (act.BoardBoat, ("explorer",)),
    "jump": (act.JumpOverboard, ("explorer",)),
    "land": (act.LandOnSafeIsle, ("explorer",)),
    "take": (act.TakePerson, ("explorer",)),
    "boat": (act.MoveBoat, ("boat", "direction")),
    "done": (act.EndMovement, ()),
    "pass": (act.Decline, ()),
    "sink": (act.SinkTile, ("space",)),
    "pick": (act.PickCreature, ("creature",)),
    "to": (act.MoveCreature, ("space",)),
    "empty": (act.MoveEmptyBoat, ("boat", "space")),
}
VERBS = {cls: verb for verb, (cls, _) in COMMANDS.items()}
READ: dict[str, Callable[[str, SurviveObservation, Translate], int]] = {
    "explorer": parse_explorer,
    "direction": lambda word, obs, tr: parse_direction(word, tr),
    "boat": parse_boat,
    "space": lambda word, obs, tr: parse_space(word, tr),
    "creature": parse_creature,
}
WRITE: dict[str, Callable[[int, SurviveObservation], str]] = {
    "explorer": lambda explorer, obs: explorer_name(explorer),
    "direction": lambda direction, obs: DIRECTIONS[direction].lower(),
    "boat": lambda boat, obs: str(boat + 1),
    "space": lambda space, obs: space_name(space),
    "creature": lambda creature, obs: creature_name(obs["creatures"][creature], obs),
}


def _number(key: str) -> int:
    """The number in a scene's key (``explorer-12`` is explorer 12)."""
    return int(key.rpartition("-")[2])


def explorer_tag(e: Piece) -> str:
    """``1c:4`` when the value is known to the viewer, else ``1c``."""
    name = explorer_name(_number(e.key))
    return f"{name}:{e.label}" if e.label else name


# --------------------------------------------------------------------------- drawing


def saved(sc: Scene, seat: int) -> str:
    """A seat's explorers on the safe isles, as tags."""
    on_isles = (p for r in sc.regions if r.kind == "isle" for p in r.pieces)
    return " ".join(explorer_tag(p) for p in on_isles if p.owner == seat)


def header(obs: SurviveObservation, sc: Scene, labels: list[str], tr: Translate) -> Text:
    """The game, who views, the scene's status line and what lies on the table (the web
    board's header line)."""
    seat = obs["seat"]
    viewer = tr("spectator (public information only)") if seat is None else labels[seat]
    text = Text(tr("Survive: Escape from Atlantis!"), "bold")
    if obs["options"]["giant_squid"]:
        text.append(" + " + tr("Giant Squid"), "bold")
    if obs["start_player"] is not None:
        text.append(" · " + tr("first player: {name}").format(name=labels[obs["start_player"]]))
    text.append("\n" + tr("viewing as {viewer}").format(viewer=viewer))
    text.append("\n" + sc.status)
    text.append("\n" + w.table_line(obs, tr))
    threat = obs["pending"]["threat"]
    if threat:
        creature, space = w.creature_words(threat["creature"], tr), space_name(threat["hex"])
        line = tr("Threat: {creature} on {space}").format(creature=creature, space=space)
        text.append("\n" + line, style="bold red")
    return text


def players_table(seats: list[Region], tr: Translate, lit: frozenset[str]) -> Table:
    table = Table(padding=(0, 1))
    table.add_column("")
    table.add_column(w.board_word("player", tr), no_wrap=True)
    for key in (*SEAT_COLUMNS, "tiles"):
        table.add_column(w.board_word(key, tr))
    if any(len(seat.notes) > len(SEAT_COLUMNS) + 1 for seat in seats):
        table.add_column(w.board_word("score", tr), justify="right")
    for seat in seats:
        table.add_row(*seat_cells(seat, lit), *seat.notes)
    return table


def tile_words(tile: Piece, tr: Translate) -> str:
    """A held tile's name, with what it lets you do where the name alone does not say."""
    does = {"dolphin": tr("move a swimmer 1–3 spaces"), "boat-move": tr("move a boat 1–3 spaces")}
    said = [does[m] for m in tile.marks if m in does]
    terrain = [word_for(w.TERRAINS, m, tr) for m in tile.marks if m in TERRAIN_STYLE]
    return " ".join([tile.label, *(f"({word})" for word in said + terrain)])


def own_things(sc: Scene, seat: int, tr: Translate) -> Text:
    held = ", ".join(f"{k}. {tile_words(t, tr)}" for k, t in enumerate(sc.region("hand").pieces, 1))
    text = Text(f"{tr('Your tiles')}: {held or tr('none')}")
    values = sc.region("values")
    for note in values.notes:
        text.append(f"\n{values.label} {note}")
    mine = saved(sc, seat)
    if mine:
        text.append("\n" + tr("Your explorers on the safe isles:") + " " + mine)
    return text


def sea_map(spaces: list[Region], lit: frozenset[str] = frozenset()) -> Text:
    """The island row by row, each space's name over what is on it; reversed where the
    last step touched the space or anything on it."""
    lines: list[Text] = []
    for row, length in enumerate(BOARD.row_lengths):
        first = BOARD.hex_at(row, 0)
        indent = " " * (COLUMN * BOARD.x2[first])
        names, contents = Text(indent), Text(indent)
        for region in spaces[first : first + length]:
            style = TERRAIN_STYLE.get(region.kind, SEA_STYLE)
            if "landing" in region.marks and region.kind == "sea":
                style = LANDING_STYLE
            if region.key in lit or any(p.key in lit for p in region.pieces):
                style += " reverse"
            names.append(f"{region.label:^5}", style=style)
            names.append(" ")
            code = "".join(MARK.get(p.kind, "") for p in region.pieces)
            code += "".join(str((p.owner or 0) + 1) for p in region.pieces if p.kind == "explorer")
            if len(code) > 5:
                code = code[:4] + "+"
            contents.append(f"{code or ('.' if region.kind == 'sea' else ''):^5}", style=style)
            contents.append(" ")
        lines += [names, contents]
    return Text("\n").join(lines)


def pieces_list(
    spaces: list[Region], obs: SurviveObservation, tr: Translate, lit: frozenset[str] = frozenset()
) -> Table:
    """Who is where, space by space, in the names a player types (reversed where the last
    step touched it)."""
    table = Table(padding=(0, 1), show_edge=False, box=None)
    table.add_column(tr("space"), no_wrap=True)
    table.add_column(tr("what is there"))
    for region in spaces:
        if not region.pieces:
            continue
        texts: list[Text] = []
        boat: Text | None = None
        for p in region.pieces:
            lit_up = " reverse" * (p.key in lit)
            style = f"bold {seat_colour(p.owner or 0)}{lit_up}"
            if p.kind == "boat":
                boat = Text(f"B{_number(p.key) + 1}[")
                texts.append(boat)
            elif p.kind == "explorer" and "boat" in p.marks and boat is not None:
                boat.append(("" if boat.plain.endswith("[") else " ") + explorer_tag(p), style)
            elif p.kind == "explorer":
                texts.append(Text(explorer_tag(p) + "≈" * ("swimming" in p.marks), style))
            else:
                creature = obs["creatures"][_number(p.key)]
                texts.append(Text(creature_name(creature, obs), style=f"bold{lit_up}"))
        if boat is not None:
            boat.append("]")
        ground = tr("sea") if region.kind == "sea" else word_for(w.TERRAINS, region.kind, tr)
        table.add_row(f"{region.label} {ground}", Text(" ").join(texts))
    return table


# --------------------------------------------------------------------------- the view


class SurviveView(SceneView):
    maker, words = staticmethod(scene), w

    def draw(self, view: SurviveObservation, sc: Scene, names: list[str]) -> RenderableType:
        tr, lit = self.tr, sc.highlights
        labels = self.labels(view["num_players"], names)
        spaces = [r for r in sc.regions if r.key.startswith("space-")]
        parts: list[RenderableType] = [header(view, sc, labels, tr), sea_map(spaces, lit)]
        parts += [Text(tr(w.LEGEND), style="dim"), pieces_list(spaces, view, tr, lit)]
        isles = [r for r in sc.regions if r.kind == "isle" and r.pieces]
        if isles:
            on_isles = " · ".join(
                f"{r.label} {' '.join(explorer_tag(p) for p in r.pieces)}" for r in isles
            )
            parts.append(Text(tr("Saved: {explorers}").format(explorers=on_isles)))
        if view["seat"] is not None:
            parts.append(own_things(sc, view["seat"], tr))
        parts.append(players_table([r for r in sc.regions if r.kind == "seat"], tr, lit))
        return Group(*parts)

    # --------------------------------------------------------------- choosing

    def worded(self, choice: Choice, obs: SurviveObservation) -> str:
        """The short command that plays the choice, then in brackets the scene's words."""
        return f"{self.command(choice.action, obs)} ({choice.words})"

    @staticmethod
    def command(action: Action, obs: SurviveObservation) -> str:
        """The command typed for ``action``: the fixed syntax :meth:`parse` reads."""
        if isinstance(action, act.PlayTile):
            return f"play {action.slot + 1}"
        if isinstance(action, act.PlaceExplorer):
            return f"place {space_name(action.hex)} {action.value}"
        if isinstance(action, act.PlaceBoat | act.PlaceSquid):
            return f"place {space_name(action.hex)}"
        verb = VERBS.get(type(action))
        if verb is None:
            return str(action)
        values = [getattr(action, f.name) for f in fields(action)]
        said = (WRITE[kind](v, obs) for kind, v in zip(COMMANDS[verb][1], values, strict=True))
        return " ".join((verb, *said))

    def parse(self, text: str, obs: SurviveObservation) -> Action | None:
        tr, words = self.tr, text.lower().split()
        if not words:
            return None
        verb, args = words[0], words[1:]
        if verb == "place":
            return self._place(args, obs)
        if verb == "play":
            if len(args) != 1:
                raise BadCommand(tr(w.HOW[verb]).format(verb=verb))
            return self._play(args[0], obs)
        if verb not in COMMANDS:
            return None
        cls, kinds = COMMANDS[verb]
        if len(args) != len(kinds):
            raise BadCommand(tr(w.HOW[verb]).format(verb=verb))
        return cls(*(READ[kind](word, obs, tr) for kind, word in zip(kinds, args, strict=True)))

    def _play(self, word: str, obs: SurviveObservation) -> Action:
        """``play 2`` (the second tile in your hand) or ``play dolphin`` (the first such)."""
        seat, tr = obs["seat"], self.tr
        tiles = obs["hands"][seat]["tiles"] if seat is not None else []
        if word.isdigit():
            slot = int(word) - 1
            held = tiles[slot] if 0 <= slot < len(tiles) else None
            if held is None:
                raise misread("slot", tr, number=slot + 1, count=len(tiles))
            return act.PlayTile(held["effect"], slot)
        if word not in act.EFFECTS:
            raise misread("tile", tr, word=repr(word), tiles=", ".join(act.EFFECTS))
        for slot, tile in enumerate(tiles):
            if tile and tile["effect"] == word:
                return act.PlayTile(word, slot)
        raise misread("held", tr, tile=word)

    def _place(self, args: list[str], obs: SurviveObservation) -> Action:
        phase, tr = obs["phase"], self.tr
        if phase == "place-explorers":
            if len(args) != 2 or not args[1].isdigit():
                raise BadCommand(tr(w.HOW["place"]))
            return act.PlaceExplorer(parse_space(args[0], tr), int(args[1]))
        if len(args) != 1:
            raise BadCommand(tr(w.HOW["place-one"]))
        space = parse_space(args[0], tr)
        return act.PlaceSquid(space) if phase == "place-squid" else act.PlaceBoat(space)

    def final_extra(self, obs: SurviveObservation, labels: list[str]) -> list[RenderableType]:
        sc = scene(obs, (), labels, self.tr)
        lines = (w.saved_line(name, saved(sc, s), self.tr) for s, name in enumerate(labels))
        return [Text("\n".join(lines))]


View = SurviveView
"""The name the registry looks for."""

__all__ = ["SurviveView", "View", "explorer_name", "parse_space", "space_name"]
