"""Save the Whales on the web table: the game's scene (``games/save_the_whales/view.py``,
which the terminal draws too) given places and shapes in SVG.

The main track is a square ring of spaces clockwise from POW (top left); the ENDANGERED
SPECIES path an inner ring, each path space just inside the track space it lies above,
with a short line to it. Inside the path: the eight NATURAL HABITATS, EXTINCT MARINE
MAMMALS, the WHALING PORT, the dice and the card drawn this turn; below the board, the
buttons of the moment (a share of a payment: one button per amount) and the players with
their Survival Points.

A drawn card's text is in the observation in English, Vietnamese and Persian. The board
does not know the page's language, so it draws all three, each marked with ``lang``, and
a small style rule shows the one matching the page's ``<html lang>`` (English otherwise).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from functools import cache

from whaletable.core.view import Choice, Piece, Region, Scene
from whaletable.core.words import message as _
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import view, words
from whaletable.games.save_the_whales.components import PENALTY_KINDS, default_components, layout
from whaletable.games.save_the_whales.observation import DrawnCard, SaveTheWhalesObservation
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

# --- Geometry (SVG user units) ------------------------------------------------------------
WIDTH = 800
HEADER = 46
X0, Y0 = 16, HEADER  # the board's top-left corner
SIDE = 768  # the board is a square
DEPTH = 96  # how deep a track space is (a corner is DEPTH × DEPTH)
INSET = 28  # from the track's inner edge to the path's centre line
RING = DEPTH + INSET  # the path ring's first coordinate
RING_SIDE = SIDE - 2 * RING  # the length of the path ring's side
CONTROLS_Y = Y0 + SIDE + 12
CONTROLS_H = 44
PLAYERS_Y = CONTROLS_Y + CONTROLS_H + 16
ROW_H = 44
TOKEN_W, TOKEN_H = 30, 14

OCEAN = "#cfe8f2"
BOARD_FILL = "#e9f4f8"
PATH_FILL = "#f4e3c7"
PATH_STROKE = "#9a6b2f"
SAVED_FILL = "#d8f0d2"
EXTINCT_FILL = "#4a4f57"
BAD, SHIPS, GOOD = "#f3c0b8", "#e7b7c9", "#c9e7b7"
KIND_FILL = {
    **dict.fromkeys(PENALTY_KINDS, BAD),
    **dict.fromkeys(("pirate_whalers", "spotted"), SHIPS),
    **dict.fromkeys(("protection_act", "moratorium", "calving_sanctuary"), GOOD),
    "pow": "#ffe9a8",
    "whale": "#bfe1f0",
    "card_dawn": "#ffd7a8",
    "card_neptune": "#b9d8d0",
    "polar": "#f2f6fb",
    "magic_barnacle": "#f7e6a1",
    "barnacle_passing": "#e6dcf5",
    "thar_she_blows": "#d6f0e0",
}
GOLD, GREEN = "#f2c230", "#2f6b2f"
PATH_KIND_FILL = {"safe_zone": "#cfe9c0", "golden_barnacle": "#f7d96b", "mermaid": "#d7c6f0"}
BUTTONS = {  # a plain button's class and its short words (the choice's words are its title)
    act.Roll: ("roll-act", _("Roll the dice")),
    act.Refuse: ("refuse-act", _("Refuse to pay")),
    act.CollectSurvivalPoints: ("collect-act", _("Collect {sp} SP")),
}

# Each card's text is shown in the page's language: all three are drawn, one is visible.
CARD_TEXT_STYLE = (
    "svg.save-the-whales .card-text{display:none}"
    ':root:not([lang="vi"]):not([lang="fa"]) svg.save-the-whales .card-text[lang="en"],'
    ':root[lang="vi"] svg.save-the-whales .card-text[lang="vi"],'
    ':root[lang="fa"] svg.save-the-whales .card-text[lang="fa"]{display:inline}'
    "svg.save-the-whales .whale-act:hover .token,"
    "svg.save-the-whales .whale-act:focus .token{stroke-width:3.5}"
)


# --- Where things are ---------------------------------------------------------------------


N = default_components().track_length
"""The track's spaces: every table plays on the printed board."""
ENDS = (0, round(N / 4), round(N / 2), round(3 * N / 4), N)
"""The track indices of the four corners (POW is the first), then the track's end."""
CORNERS = ENDS[:4]


def turn(u: float, v: float, side: int) -> tuple[float, float]:
    """The point ``(u, v)`` of the top side (from the board's top-left corner) turned
    clockwise about the board's middle onto ``side`` (0 top, 1 right, 2 bottom, 3 left)."""
    for _turn in range(side):
        u, v = SIDE - v, u
    return X0 + u, Y0 + v


@cache
def side_of(index: int) -> tuple[int, int, int]:
    """The side track space ``index`` lies on, the side's corner and the next corner."""
    if not 0 <= index < N:
        raise ValueError(f"no track space {index}")
    side = max(s for s in range(4) if ENDS[s] <= index)
    return side, ENDS[side], ENDS[side + 1]


def span(index: int) -> tuple[int, float, float]:
    """A track space's side, where it starts along the side and how wide it is."""
    side, start, stop = side_of(index)
    if index == start:
        return side, 0, DEPTH
    width = (SIDE - 2 * DEPTH) / (stop - start - 1)
    return side, DEPTH + (index - start - 1) * width, width


@cache
def track_box(index: int) -> tuple[float, float, float, float, int]:
    """``(x, y, width, height, side)`` of track space ``index``; side 0 top, 1 right, 2 bottom,
    3 left, clockwise from POW at the top left; -1..-4 for the four corners."""
    side, u, w = span(index)
    (x1, y1), (x2, y2) = turn(u, 0, side), turn(u + w, DEPTH, side)
    corner = index in CORNERS
    return min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1), -side - 1 if corner else side


def inner_edge(index: int) -> tuple[float, float]:
    """The middle of a track space's edge that faces the path."""
    side, u, w = span(index)
    return turn(DEPTH if index in CORNERS else u + w / 2, DEPTH, side)


@cache
def path_point(above: int) -> tuple[float, float]:
    """The centre of the path space lying above track space ``above``."""
    side, start, stop = side_of(above)
    return turn(RING + (above - start) / (stop - start) * RING_SIDE, RING, side)


PATH_CELL = RING_SIDE / max(ENDS[s + 1] - ENDS[s] for s in range(4)) - 6
"""The size of one path space: the ring's side shared by the longest side's spaces."""


@cache
def port_xy() -> tuple[float, float]:
    """Where the WHALING PORT is drawn: inward from the port's path space, towards the
    middle, clear of the path."""
    px, py = path_point(layout()["port"])
    dx, dy = X0 + SIDE / 2 - px, Y0 + SIDE / 2 - py
    if abs(dx) > abs(dy):
        qx, qy = px + math.copysign(80, dx), py
    else:
        qx, qy = px, py + math.copysign(52, dy)
    low, high = RING + PATH_CELL / 2 + 46, RING + RING_SIDE - PATH_CELL / 2 - 46
    return min(max(qx, X0 + low), X0 + high), min(max(qy, Y0 + low - 24), Y0 + high + 24)


# One NATURAL HABITAT card, four in a row inside the path.
HABITAT_W, HABITAT_H = (RING_SIDE - PATH_CELL - 20 - 3 * 8) / 4, 74


# --- Drawing ---------------------------------------------------------------------------------


def wrap(text: str, width: int) -> list[str]:
    """Words in lines of at most ``width`` characters (a longer word keeps its own line)."""
    words = " ".join(text.split())  # one space between words: textwrap keeps runs of them
    return textwrap.wrap(words, width, break_long_words=False, break_on_hyphens=False)


def ship_shape(x: float, y: float, s: float = 1.0) -> str:
    """A small catcher boat centred on ``(x, y)``, ``s`` times its size."""
    hull = f"M {x - 15 * s:.1f} {y - s:.1f} L {x + 15 * s:.1f} {y - s:.1f} "
    hull += f"L {x + 10 * s:.1f} {y + 7 * s:.1f} L {x - 11 * s:.1f} {y + 7 * s:.1f} Z"
    mast = {"x2": x + 17 * s, "y2": y - 9 * s, "stroke": HIGHLIGHT, "stroke_width": 2 * s}
    return (
        el("path", d=hull, fill=INK)
        + rect(x - 5 * s, y - 8 * s, 9 * s, 7 * s, INK)
        + el("line", x1=x + 9 * s, y1=y - s, **mast)
    )


class SaveTheWhalesBoard(WordedBoard[SaveTheWhalesObservation]):
    """The web board of Save the Whales: the game's scene given places and shapes."""

    words, view = words, view

    def draw(
        self, obs: SaveTheWhalesObservation, sc: Scene, names: Sequence[str], tr: Translate
    ) -> str:
        return Drawing(obs, sc, tr).svg.close()


class Drawing:
    """One viewer's board, drawn from the scene: each region in its place."""

    def __init__(self, obs: SaveTheWhalesObservation, sc: Scene, tr: Translate) -> None:
        self.tr, self.svg = tr, Svg(text_size=12)
        self.acts = {c.target: c for c in sc.choices if c.target is not None}
        self.lit = sc.highlights
        self.regions = regions = {r.key: r for r in sc.regions}
        seats = [r for r in sc.regions if r.kind == "seat"]
        height = PLAYERS_Y + len(seats) * ROW_H + 12
        svg, label = self.svg, tr("Save the Whales board")
        svg.open("save-the-whales", WIDTH, height, label, OCEAN, css=CARD_TEXT_STYLE)
        self.header(regions["summary"], seats)
        svg.add(rect(X0, Y0, SIDE, SIDE, BOARD_FILL, rx=6, stroke=INK, stroke_width=1.5))
        for region in (r for r in sc.regions if r.key.startswith("space-")):
            self.space(region)
        self.path([r for r in sc.regions if r.key.startswith("path-")], regions["port"])
        self.centre(obs["card"], [r for r in sc.regions if r.kind == "habitat"])
        for region in (r for r in sc.regions if r.key.startswith(("space-", "path-"))):
            self.tokens(region)
        sp, shown, amounts = default_components().own_space_sp, [], []
        for choice in (c for c in sc.choices if c.target is None):
            if isinstance(choice.action, act.Pay):
                amounts.append(choice)
                continue
            cls, text = BUTTONS.get(type(choice.action), ("done-act", ""))
            shown.append((choice, cls, tr(text).format(sp=sp) if text else choice.words))
        x = svg.buttons(X0, CONTROLS_Y, shown, height=34)
        x = self.pay_buttons(x, amounts)
        hint = " · ".join(regions["prompt"].notes)
        if hint:
            svg.text(x + 4, CONTROLS_Y + 22, hint, size=12, fill=INK, extra=' class="hint"')
        self.players(seats)

    def pay_buttons(self, x: float, amounts: list[Choice]) -> float:
        """A seat's share of a payment, one button per amount it may put in (each names the
        amount; its title says it in full): paying is one click, whatever the amount."""
        if not amounts:
            return x
        svg, said = self.svg, self.tr("Pay of your own SP:")
        svg.text(x, CONTROLS_Y + 22, said, size=12, weight="bold", extra=' class="pay-label"')
        x += 12 + int(6.6 * len(said))
        for choice in amounts:
            assert isinstance(choice.action, act.Pay)
            amount = choice.action.amount
            extra = f' data-amount="{amount}"'
            x = (
                svg.button(
                    choice.action,
                    x,
                    CONTROLS_Y,
                    str(amount),
                    choice.words,
                    "pay-act",
                    height=34,
                    extra=extra,
                )
                - 6
            )
        return x + 6

    def header(self, summary: Region, seats: list[Region]) -> None:
        svg, tr = self.svg, self.tr
        you = [r.label for r in seats if "you" in r.marks]
        viewer = tr("{name}'s view").format(name=you[0]) if you else tr("spectator view")
        svg.text(X0, 20, summary.label + " · " + viewer, size=15, weight="bold")
        svg.text(X0, 38, summary.notes[0], size=12, fill=MUTED, extra=' class="summary"')
        flagged = {"anchor": "end", "weight": "bold", "fill": GREEN, "extra": ' class="flag"'}
        for k, flag in enumerate(summary.notes[1:]):
            svg.text(WIDTH - X0, 18 + 18 * k, flag, size=11, **flagged)

    def space(self, region: Region) -> None:
        svg, i, choice = self.svg, number(region.key), self.acts.get(region.key)
        x, y, w, h, side = track_box(i)
        title, data, lit = " · ".join(region.notes), f' data-space="{i}"', region.key in self.lit
        svg.keyed(region.key, "space", lit, data, title, choice=choice, act="space-act")
        stroke, width = (INK, 0.8) if choice is None else (HIGHLIGHT, 2.5)
        fill = KIND_FILL.get(region.kind, "#ffffff")
        svg.add(rect(x, y, w, h, fill, stroke=stroke, stroke_width=width))
        # The label sits on the outer half of the space; whales swim on the inner half.
        label_lines = wrap(region.label, 9 if side in (0, 2) else 12)[:3]
        extra = region.notes[1:2]
        cx = x + w * {1: 0.62, 3: 0.38}.get(side, 0.5)
        if side < 0:
            top = y + 14 if side in (-1, -2) else y + h - 14 - 11 * len(label_lines)
        elif side == 2:
            top = y + h - 12 - 11 * (len(label_lines) + len(extra) - 1)
        else:
            top = y + (13 if side == 0 else 12)
        # A long word is drawn smaller so that it stays inside its space.
        longest = max((len(line) for line in label_lines), default=1)
        size = round(min(9.0, 9.0 * (10 if side in (0, 2) else 13) / max(longest, 1)), 1)
        svg.lines(cx, top, label_lines, size=size, anchor="middle", weight="bold", step=10.5)
        for note in extra:
            svg.text(cx, top + 10.5 * len(label_lines), note, size=9, anchor="middle", fill=MUTED)
        svg.text(x + 3, y + h - 3 if side != 2 else y + 9, str(i), size=7, fill=MUTED)
        svg.add("</g>")

    def path(self, path: list[Region], port: Region) -> None:
        svg, cell = self.svg, PATH_CELL
        svg.add('<g class="path">')
        dashed = {"stroke": PATH_STROKE, "stroke_width": 1.5, "stroke_dasharray": "3 2"}
        for above in (number(region.key) for region in path):
            (px, py), (ex, ey) = path_point(above), inner_edge(above)
            svg.add(el("line", x1=px, y1=py, x2=ex, y2=ey, **dashed))
        for region in path:
            above = number(region.key)
            px, py = path_point(above)
            fill = PATH_KIND_FILL.get(region.kind, PATH_FILL)
            svg.keyed(region.key, "path-space", self.lit, f' data-space="{above}"', region.notes[0])
            edge = {"rx": 9, "stroke": PATH_STROKE, "stroke_width": 1.2}
            svg.add(rect(px - cell / 2, py - cell / 2, cell, cell, fill, **edge))
            lines = wrap(region.label, 9)[:2]
            svg.lines(px, py - cell / 2 + 9, lines, size=7, anchor="middle", fill=MUTED, step=8)
            svg.add("</g>")
        # The WHALING PORT lies beside the path, inside the ring at the Ship's first space.
        qx, qy = port_xy()
        svg.keyed(port.key, "port", lit=self.lit, title=port.label)
        svg.add(rect(qx - 40, qy - 20, 80, 40, "#dde3ea", rx=6, stroke=INK, stroke_dasharray="4 2"))
        svg.text(qx, qy - 8, port.label, size=8, anchor="middle", weight="bold")
        svg.add("</g>")
        for region in (*path, port):
            for ship in (p for p in region.pieces if p.kind == "ship"):
                where, (sx, sy) = "port", (qx, qy + 8)
                if region is not port:
                    (sx, sy), where = path_point(number(region.key)), str(number(region.key))
                    sy += cell / 2 - 10
                data = f' data-space="{where}"'
                svg.keyed(ship.key, "ship", self.lit, data, ship.label, piece=True)
                svg.add(ship_shape(sx, sy, 0.9) + "</g>")
        svg.add("</g>")

    def centre(self, card: DrawnCard | None, habitats: list[Region]) -> None:
        svg, cell, gap = self.svg, PATH_CELL, 8
        left, top = X0 + RING + cell / 2 + 10, Y0 + RING + cell / 2 + 10
        inner = RING_SIDE - cell - 20
        title = words.place_words("habitats", self.tr)
        svg.text(left, top + 12, title, size=12, weight="bold", fill=MUTED)
        for k, region in enumerate(habitats):
            x, y = left + (k % 4) * (HABITAT_W + gap), top + 20 + (k // 4) * (HABITAT_H + gap)
            self.habitat(region, x, y)
        ey = top + 20 + 2 * (HABITAT_H + gap) + 4
        extinct = self.regions["extinct"]
        svg.keyed(extinct.key, "extinct-area", lit=self.lit, title=extinct.label)
        svg.add(rect(left, ey, inner, 40, EXTINCT_FILL, rx=6))
        svg.text(left + 8, ey + 24, extinct.label, size=10, fill="#ffffff", weight="bold")
        for k, piece in enumerate(extinct.pieces):
            self.token(piece, left + 200 + k * (TOKEN_W + 8), ey + 20, cls="extinct")
        svg.add("</g>")
        self.dice(self.regions["dice"], left, ey + 52)
        if card is not None:
            self.card(card, self.regions["card"], left + 120, ey + 52, inner - 230)

    def habitat(self, region: Region, x: float, y: float) -> None:
        svg, tr, w, h = self.svg, self.tr, HABITAT_W, HABITAT_H
        name, whale_line = region.key.removeprefix("habitat-"), region.notes[2]
        status = next(m for m in region.marks if m != "barnacle")
        fill = {"saved": SAVED_FILL, "extinct": "#b9bec6"}.get(status, "#ffffff")
        data = f' data-whale="{esc(name)}" data-status="{status}"'
        svg.keyed(region.key, "habitat", lit=self.lit, title=whale_line, data=data)
        svg.add(rect(x, y, w, h, fill, rx=7, stroke=INK, stroke_width=0.8))
        svg.text(x + 6, y + 14, region.label, size=10, weight="bold")
        svg.text(x + 6, y + 27, region.notes[0], size=9, fill=MUTED)
        weight, said = "bold" if status != "box" else "normal", ' class="whale-status"'
        svg.text(x + 6, y + 40, region.notes[1], size=9, weight=weight, extra=said)
        if region.owner is not None:
            svg.add(circle(x + w - 12, y + h - 13, 8, seat_colour(region.owner), stroke=INK))
            owner = str(region.owner + 1)
            svg.text(x + w - 12, y + h - 9.5, owner, size=9, anchor="middle", weight="bold")
        if "barnacle" in region.marks:
            barnacle = circle(x + w - 28, y + h - 13, 5, GOLD, whale_line, stroke=INK)
            svg.add(barnacle + "</circle>")
        for piece in region.pieces:
            self.token(piece, x + w - 22, y + h - 14, cls="saved")
        svg.add("</g>")
        choice = self.acts.get(region.key)
        if choice is not None:
            choose = isinstance(choice.action, act.ChooseWhale)
            bx, by, bw = x + 6, y + h - 24, w - 40
            cls, text = ("choose-act", tr("Choose")) if choose else ("save-act", tr("Save"))
            svg.open_act(choice.action, choice.words, cls, f' data-whale="{esc(name)}"')
            svg.add(rect(bx, by, bw, 19, "#ffffff", rx=6, stroke=HIGHLIGHT, stroke_width=2))
            svg.text(bx + bw / 2, by + 13.5, text, size=10, anchor="middle", weight="bold")
            svg.add("</g>")

    def dice(self, dice: Region, x: float, y: float) -> None:
        svg = self.svg
        svg.keyed(dice.key, "dice", lit=self.lit, title=dice.label)
        for k in range(2):
            dx, die = x + k * 50, dice.pieces[k] if k < len(dice.pieces) else None
            svg.add(rect(dx, y, 42, 42, "#ffffff", rx=8, stroke=INK, stroke_width=1.5))
            if die is not None and "ship" in die.marks:
                ship = ship_shape(dx + 21, y + 23, 0.95)
                svg.add(el("g", ">", die.label, cls="die-ship") + ship + "</g>")
            elif die is not None:
                face = {"anchor": "middle", "weight": "bold", "extra": ' class="die"'}
                svg.text(dx + 21, y + 29, die.label, size=22, **face)
        svg.add("</g>")
        for k, note in enumerate(dice.notes):
            svg.text(x, y + 60 + 12 * k, note, size=9, fill=MUTED)

    def card(self, card: DrawnCard, region: Region, x: float, y: float, w: float) -> None:
        # The card's words in every language, one shown by the page's (see CARD_TEXT_STYLE).
        svg, fill = self.svg, KIND_FILL.get("card_" + card["deck"], "#ffffff")
        data = f' data-deck="{card["deck"]}" data-card="{card["card"]}"'
        svg.keyed(region.key, "card", lit=self.lit, data=data, title=region.label)
        svg.add(rect(x, y, w, 84, fill, rx=8, stroke=INK, stroke_width=1.2))
        svg.text(x + 8, y + 15, region.label, size=10, weight="bold")
        for lang, text in card["text"].items():
            lines = wrap(text, max(20, int(w / 5.6)))[:5]
            svg.add(el("g", ">", cls="card-text", lang=lang))
            rtl = lang == "fa"  # drawn from the right edge
            extra = ' direction="rtl"' * rtl
            svg.lines(x + w - 8 if rtl else x + 8, y + 30, lines, size=10, step=12, extra=extra)
            svg.add("</g>")
        svg.add("</g>")

    def tokens(self, region: Region) -> None:
        whales = [p for p in region.pieces if p.kind == "whale"]
        spread = [(k - (len(whales) - 1) / 2) * 15 for k in range(len(whales))]
        if region.key.startswith("path-"):
            px, py = path_point(number(region.key))
            for piece, dy in zip(whales, spread, strict=True):
                self.token(piece, px, py - 4 + dy)
            return
        x, y, w, h, side = track_box(number(region.key))
        # The inner half of the space: two columns (three in a corner), or one down a side.
        if side in (1, 3):
            for piece, dy in zip(whales, spread, strict=True):
                self.token(piece, x + 18 if side == 1 else x + w - 18, y + h / 2 + dy)
            return
        oy, dy = (y + h - 10, -16.0) if side in (0, -1, -2) else (y + 10, 16.0)
        cols = 3 if side < 0 else 2
        for k, piece in enumerate(whales):
            col, row = k % cols, k // cols
            self.token(piece, x + w / 2 + (col - (cols - 1) / 2) * (TOKEN_W + 2), oy + row * dy)

    def token(self, piece: Piece, x: float, y: float, *, cls: str = "") -> None:
        svg, name = self.svg, piece.key.removeprefix("whale-")
        fill = seat_colour(piece.owner) if piece.owner is not None else "#ffffff"
        choice = self.acts.get(piece.key) if not cls else None
        title, data = self.regions[f"habitat-{name}"].notes[2], f' data-whale="{esc(name)}"'
        lit, kind = piece.key in self.lit, f"whale {cls}".strip()
        act = "whale-act"
        svg.keyed(piece.key, kind, lit, data, title, choice=choice, act=act, still=True, piece=True)
        stroke, width = (INK, 1) if choice is None else (HIGHLIGHT, 2.5)
        left, top = x - TOKEN_W / 2, y - TOKEN_H / 2
        edge = {"rx": 7, "stroke": stroke, "stroke_width": width}
        svg.add(rect(left, top, TOKEN_W, TOKEN_H, fill, cls="token", **edge))
        svg.text(x, y + 3.5, piece.label, size=8.5, anchor="middle", weight="bold")
        if "barnacle" in piece.marks:
            ring = {"cls": "barnacle", "stroke": INK, "stroke_width": 0.8}
            svg.add(circle(left + TOKEN_W - 1, top + 1, 4, GOLD, **ring))
        svg.add("</g>")

    def players(self, seats: list[Region]) -> None:
        svg, tr = self.svg, self.tr
        heads = ((X0 + 8, tr("Player")), (260, tr("Whale")), (380, tr("Survival Points")))
        svg.headings(PLAYERS_Y - 4, heads)
        for seat, row in enumerate(seats):
            top, now, you = PLAYERS_Y + seat * ROW_H, "turn" in row.marks, "you" in row.marks
            under = [tr("you")] if you else []
            mid = seat_row(svg, row, top, ROW_H, WIDTH, lit=self.lit, now=now, under=under)
            whale, sp = row.notes
            svg.text(260, mid + 5, whale, size=12, fill=MUTED if "no-whale" in row.marks else INK)
            said = f' class="sp" data-seat="{seat}"'
            svg.text(380, mid + 6, sp, size=17, weight="bold", extra=said)
            # Exchange Pieces (5 SP each) and loose SPs.
            px, thin = 412.0, {"stroke": INK, "stroke_width": 0.8}
            for piece in row.pieces:
                if piece.kind == "exchange":
                    svg.add(rect(px, mid - 8, 16, 16, GOLD, rx=3, **thin))
                    svg.text(px + 8, mid + 3.5, piece.label, size=9, anchor="middle", weight="bold")
                else:
                    svg.add(circle(px + 6, mid, 6, "#9fd3e6", **thin))
                px += 19 if piece.kind == "exchange" else 14
            svg.add("</g>")


Board = SaveTheWhalesBoard
"""The name the registry looks for."""

__all__ = ["Board", "SaveTheWhalesBoard"]
