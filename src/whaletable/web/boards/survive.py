"""Survive: Escape from Atlantis! on the web table: the hex sea as SVG, drawn from the scene
(:mod:`whaletable.games.survive.view`); this module keeps only where things go and how
each kind of piece looks.

Spaces are pointy-top hexes placed by :mod:`whaletable.games.survive.components`; the safe
isles sit in the corners beside their yellow landing spaces. An explorer's value is drawn
only where the scene gives it, inside ``<text class="explorer-value">`` (``explorer-value
safe`` on a safe isle). A piece that moves (an explorer, a boat, a value to place) is
*selectable*: a click on it shows its destinations, and a click on one plays the move.
Everything else is clicked directly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from whaletable.core.action import Action
from whaletable.core.view import Choice, Piece, Region, Scene
from whaletable.core.words import word_for
from whaletable.games.survive import actions as act
from whaletable.games.survive import view, words
from whaletable.games.survive.components import BOARD, ISLE_NAMES
from whaletable.games.survive.observation import SurviveObservation
from whaletable.games.survive.view import selected
from whaletable.web.boards import (
    HIGHLIGHT,
    INK,
    MUTED,
    Svg,
    Translate,
    WordedBoard,
    circle,
    el,
    esc,
    number,
    rect,
    seat_colour,
    seat_row,
)

# --- Geometry of the drawing (SVG user units) -----------------------------------------
SIZE = 30  # a hex's radius (centre to corner)
HALF_W = SIZE * math.sqrt(3) / 2  # half a hex's width: one half-hex column
ROW_H = SIZE * 1.5
WIDTH = 780
HEADER = 56
MARGIN_X = (WIDTH - (max(BOARD.x2) + 2) * HALF_W) / 2
SEA_TOP = HEADER + 44
SEA_BOTTOM = SEA_TOP + (len(BOARD.row_lengths) - 1) * ROW_H + SIZE + 14
CONTROLS_Y = SEA_BOTTOM + 8
HAND_Y = CONTROLS_Y + 56
TILE_H = 40
TILE_ROW = TILE_H + 8
SEAT_H = 44

DEEP = "#7fbfd6"
SEA = "#cfe9f2"
TERRAIN_FILL = {"beach": "#f2dc9b", "forest": "#6aa84f", "mountain": "#9a8f84"}
ISLE_FILL = "#f2dc9b"
LANDING = "#e8b900"
CREATURE_FILL = {
    "serpent": "#2e7d32",
    "shark": "#5f6f7a",
    "whale": "#1a3d7c",
    "squid": "#7b3fa0",
    "dolphin": "#2a9d8f",
}
HULL = "#8b5a2b"
BOLD = {"anchor": "middle", "weight": "bold"}
TARGET = {"stroke": HIGHLIGHT, "stroke_width": 3}
LEGEND_KEYS = ("player", *words.SEAT_COLUMNS, "tiles")


# --- Where things are ---------------------------------------------------------------------


@cache
def hex_xy(space: int) -> tuple[float, float]:
    """The centre of a space in the drawing."""
    return (
        round(MARGIN_X + (BOARD.x2[space] + 1) * HALF_W, 2),
        round(SEA_TOP + BOARD.rows[space] * ROW_H, 2),
    )


@cache
def hex_points(space: int, shrink: float = 0.0) -> str:
    (cx, cy), r = hex_xy(space), SIZE - shrink
    angles = [math.radians(60 * k - 30) for k in range(6)]
    return " ".join(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}" for a in angles)


def _isle_xy() -> list[tuple[float, float]]:
    """Each safe isle's centre: beyond its two landing spaces, away from the island."""
    mid_x = sum(hex_xy(h)[0] for h in range(BOARD.num_hexes)) / BOARD.num_hexes
    mid_y = sum(hex_xy(h)[1] for h in range(BOARD.num_hexes)) / BOARD.num_hexes
    out = []
    for landing in BOARD.landing:
        lx = sum(hex_xy(h)[0] for h in landing) / len(landing)
        ly = sum(hex_xy(h)[1] for h in landing) / len(landing)
        dx, dy = lx - mid_x, ly - mid_y
        norm = math.hypot(dx, dy) or 1.0
        out.append((round(lx + dx / norm * 58, 1), round(ly + dy / norm * 58, 1)))
    return out


ISLE_XY = _isle_xy()
ISLE_R = 34


def _space(svg: Svg, region: Region, on_space: Choice | None, lit: bool, tr: Translate) -> None:
    """One space of the board: its terrain, a landing ring, a threat; clickable when
    ``on_space`` is the viewer's move there."""
    space, terrain = number(region.key), None if region.kind == "sea" else region.kind
    fill = TERRAIN_FILL.get(terrain, SEA) if terrain else SEA
    title = words.space_words(space, tr)
    if terrain:
        title += " · " + word_for(words.TERRAINS, terrain, tr)
    data, act = f' data-hex="{space}"', "space-act"
    svg.keyed(region.key, "space", lit, data, title, choice=on_space, act=act)
    stroke, width = ("#4d4030", 1.5) if terrain else ("#3f7f95", 1.0)
    if on_space is not None:
        stroke, width = HIGHLIGHT, 3.0
    ground = {"cls": "hex", "data_terrain": terrain} if terrain else {"cls": "hex"}
    hexagon = {"points": hex_points(space, 0.6), "fill": fill, "stroke": stroke, **ground}
    svg.add(el("polygon", **hexagon, stroke_width=width))
    still = {"fill": "none", "stroke_width": 3, "pointer_events": "none"}
    if "landing" in region.marks:
        svg.add(el("polygon", points=hex_points(space, 3.5), stroke=LANDING, **still))
    if "threat" in region.marks:
        dashed = {"cls": "threat", "stroke": "#c00000", "stroke_dasharray": "5 3"}
        svg.add(el("polygon", points=hex_points(space, 2.5), **dashed, **still))
    svg.add("</g>")


# --- Drawing helpers ----------------------------------------------------------------------


CREATURE_MARK = {  # the white sign on a creature's disc, around its centre
    "serpent": '<path d="M -5 2 q 2.5 -6 5 0 t 5 0" fill="none" stroke-width="1.6"/>',
    "shark": '<path d="M -4.5 3 L 1 -5 L 4.5 3 Z"/>',
    "whale": '<ellipse cx="-1" cy="1" rx="4.2" ry="2.6"/><path d="M 3 1 L 5.5 -2 L 5.5 3.5 Z"/>',
    "dolphin": '<path d="M -5 3 Q -1 -6 5 1 L 1 1 L -1 4 Z"/>',
    "squid": '<circle cy="-2" r="2.8"/><path d="M -3 0 l -1.5 4.5 M 0 0 l 0 5 M 3 0 l 1.5 4.5" '
    'fill="none" stroke-width="1.2"/>',
}


TARGET_CLASS: dict[type[Action], str] = {
    act.MoveExplorer: "explorer-target",
    act.MoveBoat: "boat-target",
    act.MoveEmptyBoat: "boat-target",
    act.PlaceExplorer: "place-target",
    act.BoardBoat: "board-target",
    act.JumpOverboard: "jump-target",
}


def _short(key: str) -> str:
    """The page script's name of a selectable piece (``data-boat``): ``e3``, ``b2``, ``v4``."""
    return key[0] + key.rpartition("-")[2]


class SurviveBoard(WordedBoard[SurviveObservation]):
    """The web board of Survive: Escape from Atlantis! with the Giant Squid."""

    words, view = words, view

    def draw(self, obs: SurviveObservation, sc: Scene, names: Sequence[str], tr: Translate) -> str:
        return _Drawing(obs, sc, names, tr).svg()


class _Drawing:
    """One viewer's board: the scene, which pieces are selectable (:attr:`keys`) and which
    regions and pieces are clicked directly for a move (:attr:`direct`)."""

    def __init__(
        self, view: SurviveObservation, sc: Scene, names: Sequence[str], tr: Translate
    ) -> None:
        self.view, self.sc, self.names, self.tr = view, sc, names, tr
        self.regions = {r.key: r for r in sc.regions}
        self.lit = sc.highlights
        self.movers = [selected(c.action, view["phase"]) for c in sc.choices]
        self.keys = [_short(k) for k in dict.fromkeys(k for k in self.movers if k is not None)]
        self.direct = {
            c.target: c
            for c, mover in zip(sc.choices, self.movers, strict=True)
            if mover is None and c.target is not None
        }
        self.out = Svg()

    def svg(self) -> str:
        sc, tr, svg = self.sc, self.tr, self.out
        layout = self._hand_layout(self.regions["hand"])
        rows = max([1, *(row + 1 for _, _, row, _ in layout)])
        legend_y = HAND_Y + 26 + rows * TILE_ROW
        seats = [r for r in sc.regions if r.kind == "seat"]
        height = int(legend_y + len(seats) * SEAT_H + 14)
        label = tr("Survive: Escape from Atlantis! board")
        svg.open("survive", WIDTH, height, label, DEEP, css=self._selection_css())
        self._header()
        self._isles()
        spaces = [r for r in sc.regions if r.key.startswith("space-")]
        for region in spaces:
            # Kept by all it shows (not its pieces): most spaces look the same turn to turn.
            bare, choice = replace(region, pieces=()), self.direct.get(region.key)
            svg.piece(_space, bare, choice, region.key in self.lit, tr)
        for region in spaces:
            self._pieces(region)
        for choice, mover in zip(sc.choices, self.movers, strict=True):
            if mover is not None and choice.target is not None:
                self._target(choice, _short(mover))
        self._controls()
        self._hand(self.regions["hand"], layout)
        self._legend(seats, legend_y)
        return svg.close()

    def _open(
        self, piece: Piece, cls: str, title: str, data: str, choice: Choice | None = None
    ) -> bool:
        """Open a piece's ``<g>``: played by ``choice`` (class ``<cls>-act``), selectable where
        the viewer may move it (then True), else letting clicks through to its space."""
        key = piece.key
        pick = _short(key) if _short(key) in self.keys else None
        lit, act = key in self.lit, f"{cls}-act"
        self.out.keyed(
            key, cls, lit, data, title, choice=choice, act=act, pick=pick, still=True, piece=True
        )
        return pick is not None

    def _selection_css(self) -> str:
        """A chosen piece (``data-selected`` on the svg) shows its destinations."""
        return "".join(
            f'svg.survive[data-selected="{key}"] .move-target[data-boat="{key}"]'
            "{visibility:visible}"
            f'svg.survive[data-selected="{key}"] .selectable[data-boat="{key}"] .mark'
            "{stroke:#d55e00;stroke-width:3.5;stroke-dasharray:none}"
            for key in self.keys
        )

    def _header(self) -> None:
        seat, turn, tr = self.view["seat"], self.view["turn"], self.tr
        first = tr("Turn {turn}").format(turn=turn) if turn else tr("Setting up")
        if seat is None:
            first += " · " + tr("spectator view: public information only")
        else:
            first += " · " + tr("{name}'s view").format(name=self.regions[f"seat-{seat}"].label)
        self.out.text(16, 22, first, size=15, weight="bold")
        self.out.text(16, 44, words.table_line(self.view, tr), size=12, fill=MUTED)

    # ---------------------------------------------------------------- the sea

    def _isles(self) -> None:
        svg = self.out
        for i, isle in enumerate(ISLE_NAMES):
            region = self.regions[f"isle-{isle}"]
            x, y = ISLE_XY[i]
            road = {"stroke": LANDING, "stroke_width": 5, "stroke_linecap": "round"}
            for hx, hy in (hex_xy(h) for h in BOARD.landing[i]):
                svg.add(el("line", x1=float(x), y1=float(y), x2=float(hx), y2=float(hy), **road))
            svg.keyed(region.key, "isle", self.lit, f' data-isle="{isle}"', region.label)
            svg.add(circle(x, y, ISLE_R, ISLE_FILL, stroke=LANDING, stroke_width=3))
            for k, e in enumerate(region.pieces):
                (row, col), fill = divmod(k, 5), seat_colour(e.owner or 0)
                cls = "safe-explorer" + " highlight" * (e.key in self.lit)
                said = {"cls": cls, "data_key": e.key, "data_explorer": number(e.key)}
                at = (x - 20 + col * 10.0, y - 14 + row * 10.0, 4.5, fill)
                svg.add(circle(*at, **said, data_piece="", stroke=INK, stroke_width=0.8))
                if e.label:  # its value, where the viewer may know it: everyone's at the end
                    svg.text(
                        at[0],
                        at[1] + 2.3,
                        e.label,
                        size=6.5,
                        anchor="middle",
                        weight="bold",
                        extra=f' class="explorer-value safe" data-explorer="{number(e.key)}"'
                        ' pointer-events="none"',
                    )
            svg.add("</g>")

    def _pieces(self, region: Region) -> None:
        cx, cy = hex_xy(number(region.key))
        creatures = [p for p in region.pieces if p.kind in CREATURE_FILL]
        for k, c in enumerate(creatures):
            self._creature(c, cx + (k - (len(creatures) - 1) / 2) * 15, cy - 17)
        boat = next((p for p in region.pieces if p.kind == "boat"), None)
        people = [p for p in region.pieces if p.kind == "explorer"]
        aboard = [p for p in people if "boat" in p.marks]
        people = [p for p in people if "boat" not in p.marks]
        if boat is not None:
            self._boat(boat, cx, cy + 4)
            for k, e in enumerate(aboard):
                self._explorer(e, (cx + (k - (len(aboard) - 1) / 2) * 12.5, cy - 4, 5.8))
        # Under a boat one row of explorers, at sea two, on land three.
        dy, rows = (19, 1) if boat is not None else (0, 3) if region.kind != "sea" else (4, 2)
        for e, spot in zip(people, self._spots(len(people), cx, cy + dy, rows), strict=True):
            self._explorer(e, spot)

    @staticmethod
    def _spots(count: int, cx: float, cy: float, rows: int) -> list[tuple[float, float, float]]:
        """Where ``count`` explorers stand in a space: rows of up to four, centred."""
        if count == 0:
            return []
        per_row = 3 if count <= 3 * rows else 4
        r = 7.5 if per_row == 3 and count <= 6 else 5.8
        gap = 2 * r + 1.5
        lines = math.ceil(count / per_row)
        out = []
        for k in range(count):
            line, col = divmod(k, per_row)
            in_line = min(per_row, count - line * per_row)
            x = cx + (col - (in_line - 1) / 2) * gap
            y = cy + (line - (lines - 1) / 2) * gap
            out.append((round(x, 1), round(y, 1), r))
        return out

    def _explorer(self, e: Piece, spot: tuple[float, float, float]) -> None:
        svg, tr, (x, y, r) = self.out, self.tr, spot
        explorer = number(e.key)
        title = words.seen_explorer_words(explorer, self.view, self.names, tr)
        if "swimming" in e.marks:
            title += " · " + tr("swimming")
        elif "boat" in e.marks:
            title += " · " + tr("in a boat")
        attrs = f' data-explorer="{explorer}" data-seat="{e.owner}"'
        choice = self.direct.get(e.key)
        chosen = self._open(e, "explorer", title, attrs, choice)
        if "swimming" in e.marks:
            wet = {"stroke": "#1f78b4", "stroke_width": 1.6, "stroke_dasharray": "2 1.5"}
            svg.add(circle(x, y, r + 2.2, "none", **wet))
        ring, width = (HIGHLIGHT, 2.2) if chosen or choice is not None else (INK, 1)
        dash = {"stroke_dasharray": "3 2"} if chosen else {}
        fill = seat_colour(e.owner or 0)
        svg.add(circle(x, y, r, fill, cls="mark", stroke=ring, stroke_width=width, **dash))
        if e.label:
            value, look = f' class="explorer-value" data-explorer="{explorer}"', BOLD
            svg.text(x, y + r * 0.45, e.label, size=round(r * 1.35, 1), extra=value, **look)
        svg.add("</g>")

    def _boat(self, boat: Piece, x: float, y: float) -> None:
        svg = self.out
        title = boat.label + (" · " + self.tr("you may move it") if "yours" in boat.marks else "")
        attrs = f' data-boat-id="{number(boat.key)}"'
        chosen = self._open(boat, "boat-piece", title, attrs)
        if chosen:
            ring = {"stroke": HIGHLIGHT, "stroke_width": 2, "stroke_dasharray": "4 3"}
            svg.add(el("ellipse", cls="mark", cx=x, cy=y, rx=24, ry=11, fill="none", **ring))
        hull = f"M {x - 20:.1f} {y - 6:.1f} L {x + 20:.1f} {y - 6:.1f} "
        hull += f"L {x + 14:.1f} {y + 6:.1f} L {x - 14:.1f} {y + 6:.1f} Z"
        svg.add(el("path", cls="hull", d=hull, fill=HULL, stroke=INK, stroke_width=1.2) + "</g>")

    def _creature(self, c: Piece, x: float, y: float) -> None:
        svg, choice = self.out, self.direct.get(c.key)
        attrs = f' data-creature="{number(c.key)}" data-kind="{c.kind}"'
        ring = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10.5" stroke="{HIGHLIGHT}" stroke-width="2.5"'
        self._open(c, "creature", c.label, attrs, choice)
        if choice is not None:
            svg.add(ring + ' fill="#ffffff"/>')
        elif "picked" in c.marks:
            svg.add(ring + ' fill="none"/>')
        fill = CREATURE_FILL.get(c.kind, INK)
        svg.add(circle(x, y, 7.5, fill, stroke="#ffffff", stroke_width=1.2))
        sign = {"fill": "#ffffff", "stroke": "#ffffff", "stroke_width": 0}
        svg.add(el("g", ">", transform=f"translate({x:.1f} {y:.1f})", **sign))
        svg.add(CREATURE_MARK.get(c.kind, "") + "</g></g>")

    def _target(self, choice: Choice, key: str) -> None:
        """A destination of a selectable piece, hidden until its piece is chosen."""
        svg, (where, _, name) = self.out, (choice.target or "").partition("-")
        action, isle = choice.action, where == "isle"
        cls = "isle-target" if isle else TARGET_CLASS[type(action)]
        hidden = f' data-boat="{key}" data-{"isle" if isle else "hex"}="{name}" visibility="hidden"'
        svg.open_act(action, choice.words, f"move-target {cls}", hidden)
        if isle:
            x, y = ISLE_XY[ISLE_NAMES.index(name)]
            svg.add(circle(x, y, ISLE_R - 2, HIGHLIGHT, fill_opacity=0.3, **TARGET) + "</g>")
            return
        space = int(name)
        if cls not in ("board-target", "jump-target"):
            where = hex_points(space, 2.5)
            svg.add(el("polygon", points=where, fill=HIGHLIGHT, fill_opacity=0.25, **TARGET))
            svg.add("</g>")
            return
        # Climbing into the boat on one's space (arrow up) or jumping out of it (down).
        cx, cy = hex_xy(space)
        x, y = cx + 17, cy + 14
        climb = cls == "board-target"
        tip, tail, colour = (y - 4, y + 5, INK) if climb else (y + 4, y - 5, "#1f78b4")
        svg.add(circle(x, y, 9, "#ffffff", stroke=HIGHLIGHT, stroke_width=2.5))
        arrow = f"M {x:.1f} {tail:.1f} L {x:.1f} {tip:.1f} M {x - 4:.1f} {y:.1f} "
        arrow += f"L {x:.1f} {tip:.1f} L {x + 4:.1f} {y:.1f}"
        svg.add(el("path", d=arrow, fill="none", stroke=colour, stroke_width=1.8) + "</g>")

    # ---------------------------------------------------------------- under the sea

    def _controls(self) -> None:
        svg, tr = self.out, self.tr
        stop = tr("Stop") if self.view["phase"] == "tile-move" else tr("Done moving")
        short = {
            act.EndMovement: ("end-act", stop),
            act.Decline: ("decline-act", tr("No deterrent")),
        }
        shown = [(c, *short[type(c.action)]) for c in self.sc.choices if type(c.action) in short]
        x = svg.buttons(16, CONTROLS_Y, shown)
        values = self.regions["values"]
        offered = [p for p in values.pieces if _short(p.key) in self.keys]
        if offered:
            svg.text(x, CONTROLS_Y + 14, values.label, size=12, fill=INK)
            for k, value in enumerate(offered):
                self._value(value, x + 12 + k * 30, CONTROLS_Y + 32)
            x += 12 + len(offered) * 30 + 8
        for hint in self.regions["controls"].notes:
            svg.text(x, CONTROLS_Y + 24, hint, size=12.5, extra=' class="hint"')

    def _value(self, value: Piece, x: float, y: float) -> None:
        svg, label = self.out, value.label
        title = self.tr("Your explorer worth {value}").format(value=label)
        self._open(value, "explorer", title, f' data-value="{label}"')
        ring = {"stroke": HIGHLIGHT, "stroke_width": 2, "stroke_dasharray": "3 2"}
        svg.add(circle(x, y, 11, seat_colour(value.owner or 0), cls="mark", **ring))
        extra = f' class="explorer-value" data-value="{label}"'
        svg.text(x, y + 5, label, size=14, extra=extra, **BOLD)
        svg.add("</g>")

    @staticmethod
    def _hand_layout(hand: Region) -> list[tuple[Piece, float, int, float]]:
        """Where the viewer's held tiles go: ``(tile, x, row, width)``, wrapping rows."""
        out: list[tuple[Piece, float, int, float]] = []
        x: float = 16
        row = 0
        for tile in hand.pieces:
            width: float = max(86, 22 + int(6.6 * len(tile.label)))
            if x + width > WIDTH - 16 and x > 16:
                x, row = 16, row + 1
            out.append((tile, x, row, width))
            x += width + 8
        return out

    def _hand(self, hand: Region, layout: list[tuple[Piece, float, int, float]]) -> None:
        svg = self.out
        svg.text(16, HAND_Y + 4, hand.label, size=12, fill=MUTED)
        for note in hand.notes:
            svg.text(16, HAND_Y + 34, note, size=12, fill=MUTED)
        for tile, x, row, width in layout:
            terrain = next((m for m in tile.marks if m in TERRAIN_FILL), "")
            effect = next((m for m in tile.marks if m not in TERRAIN_FILL), "")
            top = HAND_Y + 12 + row * TILE_ROW
            choice = self.direct.get(tile.key)
            attrs = f' data-effect="{esc(effect)}" data-slot="{number(tile.key)}"'
            svg.keyed(tile.key, "tile", self.lit, attrs, tile.label, choice=choice, act="tile-act")
            stroke, sw = (HIGHLIGHT, 3.0) if choice is not None else ("#b3261e", 1.5)
            fill = TERRAIN_FILL.get(terrain, "#eeeeee")
            svg.add(rect(x, top, width, TILE_H, fill, rx=8, stroke=stroke, stroke_width=sw))
            svg.add(rect(x + 4, top + 4, width - 8, TILE_H - 8, "#ffffff", rx=6, fill_opacity=0.85))
            svg.text(x + width / 2, top + 25, tile.label, size=12, **BOLD)
            svg.add("</g>")

    def _legend(self, seats: list[Region], top_y: float) -> None:
        svg, tr = self.out, self.tr
        columns = (40, 230, 330, 410, 480, 540, 600)
        scored = any(len(seat.notes) > len(LEGEND_KEYS) - 1 for seat in seats)
        heads = zip(columns, [words.board_word(key, tr) for key in LEGEND_KEYS], strict=True)
        svg.headings(top_y - 6, heads, words.board_word("score", tr) if scored else "")
        for index, seat in enumerate(seats):
            sub = [tr("you")] if "you" in seat.marks else []
            if "active" in seat.marks:
                sub.append(tr("your turn") if "you" in seat.marks else tr("their turn"))
            now, lit = "to-move" in seat.marks, seat.key in self.lit
            top = top_y + index * SEAT_H
            mid = seat_row(svg, seat, top, SEAT_H, WIDTH, lit=lit, now=now, under=sub)
            # Where the seat's explorers are, then the tiles it holds (the page reads ``held``).
            for x, note in zip(columns[1:], seat.notes[: len(LEGEND_KEYS) - 1], strict=True):
                held = f' class="held" data-seat="{seat.owner}"' if x == columns[-1] else ""
                svg.text(x, mid + 5, note, size=14, weight="bold", extra=held)
            if scored:
                end = {"anchor": "end", "extra": ' class="score"'}
                svg.text(WIDTH - 14, mid + 5, seat.notes[-1], size=15, weight="bold", **end)
            svg.add("</g>")


Board = SurviveBoard
"""The name the registry looks for."""

__all__ = ["Board", "SurviveBoard"]
