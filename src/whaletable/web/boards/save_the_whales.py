"""Save the Whales on the web table: the game's scene as a square board in SVG.

The main track is a square ring of spaces clockwise from POW (top left); the ENDANGERED
SPECIES path is an inner ring, each path space drawn just inside the track space it lies
above, with a short line to it. Inside the path lie the World Map's eight NATURAL
HABITATS (one card per whale: what saving it costs, where it is, who plays it),
EXTINCT MARINE MAMMALS, the WHALING PORT, the dice and the card drawn this turn. Below
the board: the buttons of the moment and the players with their Survival Points.

What is drawn, its words and which click makes which move are the scene's
(``games/save_the_whales/view.py``, which the terminal draws too); this module gives each
region a place and each kind a shape.

A drawn card's text is in the observation in English, Vietnamese and Persian. The board
does not know the page's language, so it draws all three, each marked with ``lang``, and
a small style rule shows the one matching the page's ``<html lang>`` (English otherwise).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from whaletable.core.action import Action
from whaletable.core.view import Choice, Piece, Region, Scene
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import words
from whaletable.games.save_the_whales.components import default_components, layout
from whaletable.games.save_the_whales.observation import DrawnCard, SaveTheWhalesObservation
from whaletable.games.save_the_whales.view import scene
from whaletable.games.save_the_whales.words import own_space_sp, place_words
from whaletable.web.boards import (
    HIGHLIGHT,
    INK,
    Svg,
    Translate,
    WordedBoard,
    esc,
    seat_colour,
)

# --- Geometry (SVG user units) ------------------------------------------------------------
WIDTH = 800
HEADER = 46
X0, Y0 = 16, HEADER  # the board's top-left corner
SIDE = 768  # the board is a square
DEPTH = 96  # how deep a track space is (a corner is DEPTH × DEPTH)
INSET = 28  # from the track's inner edge to the path's centre line
CONTROLS_Y = Y0 + SIDE + 12
CONTROLS_H = 44
PLAYERS_Y = CONTROLS_Y + CONTROLS_H + 16
ROW_H = 44
TOKEN_W, TOKEN_H = 30, 14

OCEAN = "#cfe8f2"
BOARD_FILL = "#e9f4f8"
MUTED = "#44546a"
PATH_FILL = "#f4e3c7"
PATH_STROKE = "#9a6b2f"
SAVED_FILL = "#d8f0d2"
EXTINCT_FILL = "#4a4f57"
BAD, SHIPS, GOOD = "#f3c0b8", "#e7b7c9", "#c9e7b7"
KIND_FILL = {
    **dict.fromkeys(("krill", "oil_spill", "radioactive_waste", "iwc", "floating_factory"), BAD),
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
PATH_KIND_FILL = {"safe_zone": "#cfe9c0", "golden_barnacle": "#f7d96b", "mermaid": "#d7c6f0"}

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


@cache
def corners(n: int) -> tuple[int, int, int, int]:
    """The track indices of the four corners (POW is the first)."""
    return (0, round(n / 4), round(n / 2), round(3 * n / 4))


@cache
def track_box(n: int, index: int) -> tuple[float, float, float, float, int]:
    """``(x, y, width, height, side)`` of track space ``index``; side 0 top, 1 right, 2 bottom,
    3 left, clockwise from POW at the top left; -1..-4 for the four corners."""
    c = corners(n)
    ends = (*c, n)
    inner = SIDE - 2 * DEPTH
    corner_xy = (
        (X0, Y0),
        (X0 + SIDE - DEPTH, Y0),
        (X0 + SIDE - DEPTH, Y0 + SIDE - DEPTH),
        (X0, Y0 + SIDE - DEPTH),
    )
    for side in range(4):
        if index == c[side]:
            x, y = corner_xy[side]
            return (x, y, DEPTH, DEPTH, -side - 1)
        start, stop = ends[side], ends[side + 1]
        if start < index < stop:
            m = stop - start - 1
            w = inner / m
            t = index - start - 1
            if side == 0:
                return (X0 + DEPTH + t * w, Y0, w, DEPTH, 0)
            if side == 1:
                return (X0 + SIDE - DEPTH, Y0 + DEPTH + t * w, DEPTH, w, 1)
            if side == 2:
                return (X0 + SIDE - DEPTH - (t + 1) * w, Y0 + SIDE - DEPTH, w, DEPTH, 2)
            return (X0, Y0 + SIDE - DEPTH - (t + 1) * w, DEPTH, w, 3)
    raise ValueError(f"no track space {index}")


def _ring() -> tuple[float, float]:
    """The path ring's first coordinate and side length."""
    a = DEPTH + INSET
    return a, SIDE - 2 * a


@cache
def path_point(n: int, above: int) -> tuple[float, float]:
    """The centre of the path space lying above track space ``above``."""
    c = corners(n)
    ends = (*c, n)
    a, length = _ring()
    ring = ((a, a), (a + length, a), (a + length, a + length), (a, a + length))
    for side in range(4):
        if above == c[side]:
            x, y = ring[side]
            return (X0 + x, Y0 + y)
        start, stop = ends[side], ends[side + 1]
        if start < above < stop:
            f = (above - start) / (stop - start)
            (x1, y1), (x2, y2) = ring[side], ring[(side + 1) % 4]
            return (X0 + x1 + f * (x2 - x1), Y0 + y1 + f * (y2 - y1))
    raise ValueError(f"no track space {above}")


@cache
def path_cell(n: int) -> float:
    """The size of one path space."""
    c = corners(n)
    ends = (*c, n)
    most = max(ends[s + 1] - ends[s] for s in range(4))
    return _ring()[1] / most - 6


def inner_edge(n: int, index: int) -> tuple[float, float]:
    """The middle of a track space's edge that faces the path."""
    x, y, w, h, side = track_box(n, index)
    if side < 0:
        return (
            X0 + DEPTH if side in (-1, -4) else X0 + SIDE - DEPTH,
            Y0 + DEPTH if side in (-1, -2) else Y0 + SIDE - DEPTH,
        )
    if side == 0:
        return (x + w / 2, y + h)
    if side == 1:
        return (x, y + h / 2)
    if side == 2:
        return (x + w / 2, y)
    return (x + w, y + h / 2)


# --- Drawing ---------------------------------------------------------------------------------


def wrap(text: str, width: int) -> list[str]:
    """Words in lines of at most ``width`` characters (a longer word keeps its own line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def ship_shape(x: float, y: float, scale: float = 1.0) -> str:
    """A small catcher boat centred on ``(x, y)``."""
    s = scale
    return (
        f'<path d="M {x - 15 * s:.1f} {y - 1 * s:.1f} L {x + 15 * s:.1f} {y - 1 * s:.1f} '
        f'L {x + 10 * s:.1f} {y + 7 * s:.1f} L {x - 11 * s:.1f} {y + 7 * s:.1f} Z" '
        f'fill="{INK}"/>'
        f'<rect x="{x - 5 * s:.1f}" y="{y - 8 * s:.1f}" width="{9 * s:.1f}" height="{7 * s:.1f}" '
        f'fill="{INK}"/>'
        f'<line x1="{x + 9 * s:.1f}" y1="{y - 1 * s:.1f}" x2="{x + 17 * s:.1f}" '
        f'y2="{y - 9 * s:.1f}" stroke="{HIGHLIGHT}" stroke-width="{2 * s:.1f}"/>'
    )


# One NATURAL HABITAT card, four in a row inside the path.
HABITAT_W, HABITAT_H = (SIDE - 2 * (DEPTH + INSET) - path_cell(N) - 20 - 3 * 8) / 4, 74


class SaveTheWhalesBoard(WordedBoard[SaveTheWhalesObservation]):
    """The web board of Save the Whales: the game's scene (``games/save_the_whales/view.py``)
    given places and shapes."""

    words = words

    def svg(
        self,
        obs: SaveTheWhalesObservation,
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> str:
        sc = scene(obs, legal, names, tr)
        acts = {c.target: c for c in sc.choices if c.target is not None}
        regions = {r.key: r for r in sc.regions}
        seats = [r for r in sc.regions if r.kind == "seat"]
        svg = Svg(text_size=12)
        height = PLAYERS_Y + len(seats) * ROW_H + 12
        label = tr("Save the Whales board")
        svg.open("save-the-whales", WIDTH, height, label, OCEAN, css=CARD_TEXT_STYLE)
        self._header(svg, regions["summary"], seats, tr)
        svg.add(
            f'<rect x="{X0}" y="{Y0}" width="{SIDE}" height="{SIDE}" rx="6" fill="{BOARD_FILL}" '
            f'stroke="{INK}" stroke-width="1.5"/>'
        )
        for region in sc.regions:
            if region.key.startswith("space-"):
                self._space(svg, region, acts.get(region.key))
        self._path(svg, [r for r in sc.regions if r.key.startswith("path-")], regions["port"])
        # Every language of the card's words is drawn: the observation holds them all.
        self._centre(svg, obs["card"], sc, regions, acts, tr)
        for region in sc.regions:
            if region.key.startswith(("space-", "path-")):
                self._tokens(svg, region, regions, acts)
        x: float = X0
        for choice in sc.choices:
            if choice.target is None:
                cls, text = self._button(choice, tr)
                x = svg.button(choice.action, x, CONTROLS_Y, text, choice.words, cls, height=34)
        hint = " · ".join(regions["prompt"].notes)
        if hint:
            svg.text(x + 4, CONTROLS_Y + 22, hint, size=12, fill=INK, extra=' class="hint"')
        self._players(svg, seats, acts, tr)
        return svg.close()

    @staticmethod
    def _button(choice: Choice, tr: Translate) -> tuple[str, str]:
        """A plain button's class and its short words."""
        if isinstance(choice.action, act.Roll):
            return "roll-act", tr("Roll the dice")
        if isinstance(choice.action, act.Refuse):
            return "refuse-act", tr("Refuse to pay")
        if isinstance(choice.action, act.CollectSurvivalPoints):
            return "collect-act", tr("Collect {sp} SP").format(sp=own_space_sp())
        return "done-act", choice.words

    def _header(self, svg: Svg, summary: Region, seats: list[Region], tr: Translate) -> None:
        you = [r.label for r in seats if "you" in r.marks]
        viewer = tr("{name}'s view").format(name=you[0]) if you else tr("spectator view")
        svg.text(X0, 20, summary.label + " · " + viewer, size=15, weight="bold")
        svg.text(X0, 38, summary.notes[0], size=12, fill=MUTED, extra=' class="summary"')
        for k, flag in enumerate(summary.notes[1:]):
            svg.text(
                WIDTH - X0,
                18 + 18 * k,
                flag,
                size=11,
                anchor="end",
                weight="bold",
                fill="#2f6b2f",
                extra=' class="flag"',
            )

    def _space(self, svg: Svg, region: Region, choice: Choice | None) -> None:
        i = int(region.key.removeprefix("space-"))
        x, y, w, h, side = track_box(N, i)
        if choice is not None:
            svg.open_act(choice.action, choice.words, "space-act", f' data-space="{i}"')
        else:
            title = " · ".join(region.notes)
            svg.add(f'<g class="space" data-space="{i}"><title>{esc(title)}</title>')
        svg.add(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'fill="{KIND_FILL.get(region.kind, "#ffffff")}" '
            f'stroke="{INK if choice is None else HIGHLIGHT}" '
            f'stroke-width="{0.8 if choice is None else 2.5}"/>'
        )
        # The label sits on the outer half of the space; whales swim on the inner half.
        label_lines = wrap(region.label, 9 if side in (0, 2) else 12)[:3]
        extra = region.notes[1:2]
        cx = x + w / 2
        if side in (0, -1, -2):
            top = y + 13
        elif side in (1, 3):
            top = y + 12
        else:
            top = y + h - 12 - 11 * (len(label_lines) + len(extra) - 1)
        if side == 1:
            cx = x + w * 0.62
        elif side == 3:
            cx = x + w * 0.38
        if side < 0:
            top = y + 14 if side in (-1, -2) else y + h - 14 - 11 * len(label_lines)
        # A long word is drawn smaller so that it stays inside its space.
        longest = max((len(line) for line in label_lines), default=1)
        size = round(min(9.0, 9.0 * (10 if side in (0, 2) else 13) / max(longest, 1)), 1)
        svg.lines(cx, top, label_lines, size=size, anchor="middle", weight="bold", step=10.5)
        for note in extra:
            svg.text(cx, top + 10.5 * len(label_lines), note, size=9, anchor="middle", fill=MUTED)
        svg.text(x + 3, y + h - 3 if side != 2 else y + 9, str(i), size=7, fill=MUTED)
        svg.add("</g>")

    def _path(self, svg: Svg, path: list[Region], port: Region) -> None:
        cell = path_cell(N)
        svg.add('<g class="path">')
        for region in path:
            above = int(region.key.removeprefix("path-"))
            (px, py), (ex, ey) = path_point(N, above), inner_edge(N, above)
            svg.add(
                f'<line x1="{px:.1f}" y1="{py:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" '
                f'stroke="{PATH_STROKE}" stroke-width="1.5" stroke-dasharray="3 2"/>'
            )
        for region in path:
            above = int(region.key.removeprefix("path-"))
            px, py = path_point(N, above)
            svg.add(
                f'<g class="path-space" data-space="{above}"><title>{esc(region.notes[0])}</title>'
                f'<rect x="{px - cell / 2:.1f}" y="{py - cell / 2:.1f}" width="{cell:.1f}" '
                f'height="{cell:.1f}" rx="9" fill="{PATH_KIND_FILL.get(region.kind, PATH_FILL)}" '
                f'stroke="{PATH_STROKE}" stroke-width="1.2"/>'
            )
            lines = wrap(region.label, 9)[:2]
            svg.lines(px, py - cell / 2 + 9, lines, size=7, anchor="middle", fill=MUTED, step=8)
            svg.add("</g>")
        # The WHALING PORT lies beside the path, inside the ring at the Ship's first space.
        qx, qy = port_xy()
        svg.add(
            f'<g class="port"><title>{esc(port.label)}</title>'
            f'<rect x="{qx - 40}" y="{qy - 20}" width="80" height="40" rx="6" fill="#dde3ea" '
            f'stroke="{INK}" stroke-dasharray="4 2"/>'
        )
        svg.text(qx, qy - 8, port.label, size=8, anchor="middle", weight="bold")
        svg.add("</g>")
        for region in (*path, port):
            for ship in (p for p in region.pieces if p.kind == "ship"):
                if region is port:
                    sx, sy, where = qx, qy + 8, "port"
                else:
                    where = region.key.removeprefix("path-")
                    sx, sy = path_point(N, int(where))
                    sy += cell / 2 - 10
                svg.add(
                    f'<g class="ship" data-space="{where}"><title>{esc(ship.label)}</title>'
                    f"{ship_shape(sx, sy, 0.9)}</g>"
                )
        svg.add("</g>")

    def _centre(
        self,
        svg: Svg,
        card: DrawnCard | None,
        sc: Scene,
        regions: dict[str, Region],
        acts: dict[str, Choice],
        tr: Translate,
    ) -> None:
        cell = path_cell(N)
        a, length = _ring()
        left = X0 + a + cell / 2 + 10
        top = Y0 + a + cell / 2 + 10
        inner = length - cell - 20
        habitats = place_words("habitats", tr)
        svg.text(left, top + 12, habitats, size=12, weight="bold", fill=MUTED)
        gap = 8
        for k, region in enumerate(r for r in sc.regions if r.kind == "habitat"):
            x, y = left + (k % 4) * (HABITAT_W + gap), top + 20 + (k // 4) * (HABITAT_H + gap)
            self._habitat(svg, region, regions, acts.get(region.key), x, y, tr)
        ey = top + 20 + 2 * (HABITAT_H + gap) + 4
        extinct = regions["extinct"]
        svg.add(
            f'<g class="extinct-area"><title>{esc(extinct.label)}</title>'
            f'<rect x="{left:.1f}" y="{ey:.1f}" width="{inner:.1f}" height="40" rx="6" '
            f'fill="{EXTINCT_FILL}"/>'
        )
        svg.text(left + 8, ey + 24, extinct.label, size=10, fill="#ffffff", weight="bold")
        for k, piece in enumerate(extinct.pieces):
            self._token(svg, piece, regions, left + 200 + k * (TOKEN_W + 8), ey + 20, cls="extinct")
        svg.add("</g>")
        self._dice(svg, regions["dice"], left, ey + 52)
        if card is not None:
            self._card(svg, card, regions["card"], left + 120, ey + 52, inner - 230)

    def _habitat(
        self,
        svg: Svg,
        region: Region,
        regions: dict[str, Region],
        choice: Choice | None,
        x: float,
        y: float,
        tr: Translate,
    ) -> None:
        name, w, h = region.key.removeprefix("habitat-"), HABITAT_W, HABITAT_H
        status = next(m for m in region.marks if m != "barnacle")
        fill = {"saved": SAVED_FILL, "extinct": "#b9bec6"}.get(status, "#ffffff")
        svg.add(
            f'<g class="habitat" data-whale="{esc(name)}" data-status="{esc(status)}">'
            f"<title>{esc(region.notes[2])}</title>"
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="7" fill="{fill}" '
            f'stroke="{INK}" stroke-width="0.8"/>'
        )
        svg.text(x + 6, y + 14, region.label, size=10, weight="bold")
        svg.text(x + 6, y + 27, region.notes[0], size=9, fill=MUTED)
        weight = "bold" if status != "box" else "normal"
        svg.text(
            x + 6, y + 40, region.notes[1], size=9, weight=weight, extra=' class="whale-status"'
        )
        if region.owner is not None:
            svg.add(
                f'<circle cx="{x + w - 12:.1f}" cy="{y + h - 13:.1f}" r="8" '
                f'fill="{seat_colour(region.owner)}" stroke="{INK}"/>'
            )
            owner = str(region.owner + 1)
            svg.text(x + w - 12, y + h - 9.5, owner, size=9, anchor="middle", weight="bold")
        if "barnacle" in region.marks:
            svg.add(
                f'<circle cx="{x + w - 28:.1f}" cy="{y + h - 13:.1f}" r="5" fill="#f2c230" '
                f'stroke="{INK}"><title>{esc(region.notes[2])}</title></circle>'
            )
        for piece in region.pieces:
            self._token(svg, piece, regions, x + w - 22, y + h - 14, cls="saved")
        svg.add("</g>")
        if choice is not None:
            choose = isinstance(choice.action, act.ChooseWhale)
            text = tr("Choose") if choose else tr("Save")
            bx, by, bw = x + 6, y + h - 24, w - 40
            cls = "choose-act" if choose else "save-act"
            svg.open_act(choice.action, choice.words, cls, f' data-whale="{esc(name)}"')
            svg.add(
                f'<rect x="{bx:.1f}" y="{by:.1f}" width="{bw:.1f}" height="19" rx="6" '
                f'fill="#ffffff" stroke="{HIGHLIGHT}" stroke-width="2"/>'
            )
            svg.text(bx + bw / 2, by + 13.5, text, size=10, anchor="middle", weight="bold")
            svg.add("</g>")

    def _dice(self, svg: Svg, dice: Region, x: float, y: float) -> None:
        svg.add(f'<g class="dice"><title>{esc(dice.label)}</title>')
        for k in range(2):
            dx = x + k * 50
            svg.add(
                f'<rect x="{dx:.1f}" y="{y:.1f}" width="42" height="42" rx="8" fill="#ffffff" '
                f'stroke="{INK}" stroke-width="1.5"/>'
            )
            if k >= len(dice.pieces):
                continue
            die = dice.pieces[k]
            if "ship" in die.marks:
                svg.add(
                    f'<g class="die-ship"><title>{esc(die.label)}</title>'
                    f"{ship_shape(dx + 21, y + 23, 0.95)}</g>"
                )
            else:
                svg.text(
                    dx + 21,
                    y + 29,
                    die.label,
                    size=22,
                    anchor="middle",
                    weight="bold",
                    extra=' class="die"',
                )
        svg.add("</g>")
        for k, note in enumerate(dice.notes):
            svg.text(x, y + 60 + 12 * k, note, size=9, fill=MUTED)

    def _card(
        self, svg: Svg, card: DrawnCard, region: Region, x: float, y: float, w: float
    ) -> None:
        # The card's words in every language, one shown by the page's (see CARD_TEXT_STYLE).
        deck = card["deck"]
        fill = KIND_FILL.get("card_" + deck, "#ffffff")
        svg.add(
            f'<g class="card" data-deck="{esc(deck)}" data-card="{card["card"]}">'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="84" rx="8" fill="{fill}" '
            f'stroke="{INK}" stroke-width="1.2"/>'
        )
        svg.text(x + 8, y + 15, region.label, size=10, weight="bold")
        chars = max(20, int(w / 5.6))
        for lang, text in card["text"].items():
            lines = wrap(text, chars)[:5]
            svg.add(f'<g class="card-text" lang="{esc(lang)}">')
            if lang == "fa":
                rtl = ' direction="rtl"'
                svg.lines(x + w - 8, y + 30, lines, size=10, step=12, anchor="start", extra=rtl)
            else:
                svg.lines(x + 8, y + 30, lines, size=10, step=12)
            svg.add("</g>")
        svg.add("</g>")

    def _tokens(
        self, svg: Svg, region: Region, regions: dict[str, Region], acts: dict[str, Choice]
    ) -> None:
        whales = [p for p in region.pieces if p.kind == "whale"]
        if region.key.startswith("path-"):
            px, py = path_point(N, int(region.key.removeprefix("path-")))
            for k, piece in enumerate(whales):
                ty = py - 4 + (k - (len(whales) - 1) / 2) * 15
                self._token(svg, piece, regions, px, ty, choice=acts.get(piece.key))
            return
        x, y, w, h, side = track_box(N, int(region.key.removeprefix("space-")))
        # The inner half of the space, in two columns.
        if side in (0, -1, -2):
            ox, oy, cols, dy = x + w / 2, y + h - 10, 2, -16.0
        elif side in (2, -3, -4):
            ox, oy, cols, dy = x + w / 2, y + 10, 2, 16.0
        elif side == 1:
            ox, oy, cols, dy = x + 18, y + 10, 1, 15.0
        else:
            ox, oy, cols, dy = x + w - 18, y + 10, 1, 15.0
        if side < 0:
            cols = 3
        for k, piece in enumerate(whales):
            col, row = k % cols, k // cols
            tx = ox + (col - (cols - 1) / 2) * (TOKEN_W + 2)
            ty = oy + row * dy
            if side in (1, 3):
                tx, ty = ox, y + h / 2 + (k - (len(whales) - 1) / 2) * 15
            self._token(svg, piece, regions, tx, ty, choice=acts.get(piece.key))

    def _token(
        self,
        svg: Svg,
        piece: Piece,
        regions: dict[str, Region],
        x: float,
        y: float,
        *,
        choice: Choice | None = None,
        cls: str = "",
    ) -> None:
        name = piece.key.removeprefix("whale-")
        fill = seat_colour(piece.owner) if piece.owner is not None else "#ffffff"
        if choice is not None:
            svg.open_act(choice.action, choice.words, "whale-act", f' data-whale="{esc(name)}"')
        else:
            title = regions[f"habitat-{name}"].notes[2]
            svg.add(
                f'<g class="whale {cls}" data-whale="{esc(name)}" pointer-events="none">'
                f"<title>{esc(title)}</title>"
            )
        svg.add(
            f'<rect class="token" x="{x - TOKEN_W / 2:.1f}" y="{y - TOKEN_H / 2:.1f}" '
            f'width="{TOKEN_W}" height="{TOKEN_H}" rx="7" fill="{fill}" '
            f'stroke="{INK if choice is None else HIGHLIGHT}" '
            f'stroke-width="{1 if choice is None else 2.5}"/>'
        )
        svg.text(x, y + 3.5, piece.label, size=8.5, anchor="middle", weight="bold")
        if "barnacle" in piece.marks:
            svg.add(
                f'<circle class="barnacle" cx="{x + TOKEN_W / 2 - 1:.1f}" '
                f'cy="{y - TOKEN_H / 2 + 1:.1f}" r="4" fill="#f2c230" stroke="{INK}" '
                f'stroke-width="0.8"/>'
            )
        svg.add("</g>")

    def _players(
        self, svg: Svg, seats: list[Region], acts: dict[str, Choice], tr: Translate
    ) -> None:
        svg.text(X0 + 8, PLAYERS_Y - 4, tr("Player"), size=11, fill=MUTED)
        svg.text(260, PLAYERS_Y - 4, tr("Whale"), size=11, fill=MUTED)
        svg.text(380, PLAYERS_Y - 4, tr("Survival Points"), size=11, fill=MUTED)
        for seat, row in enumerate(seats):
            top = PLAYERS_Y + seat * ROW_H
            mid = top + ROW_H / 2
            colour = seat_colour(seat)
            turn = "turn" in row.marks
            svg.add(
                f'<g class="seat" data-seat="{seat}">'
                f'<rect x="{X0}" y="{top + 2}" width="{WIDTH - 2 * X0}" height="{ROW_H - 4}" '
                f'rx="8" fill="{"#ffffff" if turn else "#eef6f9"}" '
                f'stroke="{colour if turn else "#c4d6de"}" stroke-width="{3 if turn else 1}"/>'
            )
            if "to-move" in row.marks:
                svg.text(X0 + 6, mid + 5, "▶", size=13, extra=' class="to-move"')
            svg.add(
                f'<circle cx="{X0 + 30}" cy="{mid}" r="10" fill="{colour}" stroke="{INK}" '
                f'stroke-width="1.2"/>'
            )
            svg.text(X0 + 30, mid + 4, str(seat + 1), size=11, anchor="middle", weight="bold")
            name = row.label if len(row.label) <= 20 else row.label[:19] + "…"
            svg.text(X0 + 46, mid - 1, name, size=14, weight="bold", extra=' class="seat-name"')
            if "you" in row.marks:
                svg.text(X0 + 46, mid + 13, tr("you"), size=10, fill=MUTED)
            whale, sp = row.notes
            svg.text(260, mid + 5, whale, size=12, fill=MUTED if "no-whale" in row.marks else INK)
            svg.text(
                380, mid + 6, sp, size=17, weight="bold", extra=f' class="sp" data-seat="{seat}"'
            )
            # Exchange Pieces (5 SP each) and loose SPs.
            px = 412.0
            for piece in row.pieces:
                if piece.kind == "exchange":
                    svg.add(
                        f'<rect x="{px:.1f}" y="{mid - 8:.1f}" width="16" height="16" rx="3" '
                        f'fill="#f2c230" stroke="{INK}" stroke-width="0.8"/>'
                    )
                    svg.text(px + 8, mid + 3.5, piece.label, size=9, anchor="middle", weight="bold")
                    px += 19
                else:
                    svg.add(
                        f'<circle cx="{px + 6:.1f}" cy="{mid}" r="6" fill="#9fd3e6" stroke="{INK}" '
                        f'stroke-width="0.8"/>'
                    )
                    px += 14
            choice = acts.get(row.key)
            if choice is not None:
                text = tr("Pay 1 SP")
                bw = 26 + 7.0 * len(text)
                bx = WIDTH - X0 - 8 - bw
                svg.open_act(choice.action, choice.words, "pay-act", f' data-seat="{seat}"')
                svg.add(
                    f'<rect x="{bx:.1f}" y="{top + 7}" width="{bw:.1f}" height="{ROW_H - 14}" '
                    f'rx="8" fill="#ffffff" stroke="{HIGHLIGHT}" stroke-width="2.5"/>'
                )
                svg.text(bx + bw / 2, mid + 4.5, text, size=12, anchor="middle", weight="bold")
                svg.add("</g>")
            svg.add("</g>")


@cache
def port_xy() -> tuple[float, float]:
    """Where the WHALING PORT is drawn: inward from the port's path space, towards the
    middle, clear of the path."""
    px, py = path_point(N, layout()["port"])
    cx, cy = X0 + SIDE / 2, Y0 + SIDE / 2
    dx, dy = cx - px, cy - py
    if abs(dx) > abs(dy):
        qx, qy = px + math.copysign(80, dx), py
    else:
        qx, qy = px, py + math.copysign(52, dy)
    a, length = _ring()
    low = a + path_cell(N) / 2 + 46
    high = a + length - path_cell(N) / 2 - 46
    return min(max(qx, X0 + low), X0 + high), min(max(qy, Y0 + low - 24), Y0 + high + 24)


Board = SaveTheWhalesBoard
"""The name the registry looks for."""

__all__ = ["Board", "SaveTheWhalesBoard"]
