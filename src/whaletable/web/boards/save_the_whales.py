"""Save the Whales on the web table: the square board as SVG, drawn from one observation.

The main track is a square ring of spaces clockwise from POW (top left); the ENDANGERED
SPECIES path is an inner ring, each path space drawn just inside the track space it lies
above, with a short line to it. Inside the path lie the World Map's eight NATURAL
HABITATS (one card per whale: what saving it costs, where it is, who plays it),
EXTINCT MARINE MAMMALS, the WHALING PORT, the dice and the card drawn this turn. Below
the board: the buttons of the moment and the players with their Survival Points.

Nothing in this game is private, so every viewer sees the same board; only the viewer's
own clickable choices differ. The static board (names and kinds of spaces) comes from
``board.layout()``, everything that changes from the observation.

A drawn card's text is in the observation in English, Vietnamese and Persian. The board
does not know the page's language, so it draws all three, each marked with ``lang``, and
a small style rule shows the one matching the page's ``<html lang>`` (English otherwise).

What the board says (labels, the status line, where a whale is, payments) is the game's
own wording in ``games/save_the_whales/words.py``, which the terminal speaks too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from whaletable.core.action import Action
from whaletable.games.save_the_whales import words
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
from whaletable.games.save_the_whales.components import layout
from whaletable.games.save_the_whales.words import (
    counts_line,
    deck_name,
    done_words,
    flag_lines,
    named_words,
    own_space_sp,
    path_space_name,
    payment_words,
    ship_words,
    space_words,
    status_word,
    turn_number,
    whale_name,
    where_words,
)
from whaletable.games.save_the_whales.words import whale_of as _whale
from whaletable.web.boards import (
    HIGHLIGHT,
    INK,
    Svg,
    Translate,
    WordedBoard,
    esc,
    seat_colour,
    seat_name,
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
KIND_FILL = {
    "pow": "#ffe9a8",
    "whale": "#bfe1f0",
    "card_dawn": "#ffd7a8",
    "card_neptune": "#b9d8d0",
    "krill": "#f3c0b8",
    "oil_spill": "#f3c0b8",
    "radioactive_waste": "#f3c0b8",
    "iwc": "#f3c0b8",
    "floating_factory": "#f3c0b8",
    "pirate_whalers": "#e7b7c9",
    "spotted": "#e7b7c9",
    "protection_act": "#c9e7b7",
    "moratorium": "#c9e7b7",
    "calving_sanctuary": "#c9e7b7",
    "polar": "#f2f6fb",
    "magic_barnacle": "#f7e6a1",
    "barnacle_passing": "#e6dcf5",
    "thar_she_blows": "#d6f0e0",
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


@cache
def _board() -> dict[str, Any]:
    return layout()


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


# --- Words ---------------------------------------------------------------------------------


def whale_code(whale: str, tr: Translate) -> str:
    """Three letters on a whale's marker."""
    words = {
        "gray": tr("GRY"),
        "humpback": tr("HUM"),
        "bowhead": tr("BOW"),
        "right": tr("RGT"),
        "blue": tr("BLU"),
        "fin": tr("FIN"),
        "sperm": tr("SPM"),
        "orca": tr("ORC"),
    }
    return words.get(whale, whale[:3])


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


class SaveTheWhalesBoard(WordedBoard):
    words = words

    """The web board of Save the Whales."""

    # --------------------------------------------------------------------------- svg

    def svg(
        self, obs: dict[str, Any], legal: Sequence[Action], names: Sequence[str], tr: Translate
    ) -> str:
        n = obs["num_players"]
        height = PLAYERS_Y + n * ROW_H + 12
        svg = Svg(text_size=12)
        label = tr("Save the Whales board")
        svg.open("save-the-whales", WIDTH, height, label, OCEAN, css=CARD_TEXT_STYLE)
        self._header(svg, obs, names, tr)
        svg.add(
            f'<rect x="{X0}" y="{Y0}" width="{SIDE}" height="{SIDE}" rx="6" fill="{BOARD_FILL}" '
            f'stroke="{INK}" stroke-width="1.5"/>'
        )
        moves = {a.space: a for a in legal if isinstance(a, MoveAnywhere)}
        whale_acts: dict[str, Action] = {}
        for a in legal:
            if isinstance(a, (NameWhale, PassBarnacle, LeavePath, TradePlaces)):
                whale_acts[a.whale] = a
        self._track(svg, obs, moves, names, tr)
        self._path(svg, obs, tr)
        self._centre(svg, obs, legal, names, tr)
        self._tokens(svg, obs, whale_acts, names, tr)
        self._controls(svg, obs, legal, names, tr)
        self._players(svg, obs, legal, names, tr)
        return svg.close()

    def _header(self, svg: Svg, obs: dict[str, Any], names: Sequence[str], tr: Translate) -> None:
        seat = obs["seat"]
        first = tr("Turn {turns}").format(turns=turn_number(obs))
        if seat is None:
            first += " · " + tr("spectator view")
        else:
            first += " · " + tr("{name}'s view").format(name=seat_name(names, seat, tr))
        svg.text(X0, 20, first, size=15, weight="bold")
        flags = flag_lines(obs, tr)
        svg.text(X0, 38, counts_line(obs, tr), size=12, fill=MUTED, extra=' class="summary"')
        for k, flag in enumerate(flags):
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

    def _track(
        self,
        svg: Svg,
        obs: dict[str, Any],
        moves: dict[int, MoveAnywhere],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        track = _board()["track"]
        n = len(track)
        for space in track:
            i = space["index"]
            x, y, w, h, side = track_box(n, i)
            kind = space["kind"]
            key = f"card_{space['deck']}" if kind == "card" else kind
            fill = KIND_FILL.get(key, "#ffffff")
            short, full = space_words(i, tr)
            title = tr("{name} (space {number})").format(name=full, number=i)
            if space["sp"]:
                title += " · " + tr("{sp} SP").format(sp=f"{space['sp']:+d}")
            if kind == "whale":
                value = _whale(obs, space["whale"])["value"]
                title += " · " + tr("saving it costs {value} SP").format(value=value)
            action = moves.get(i)
            if action is not None:
                svg.open_act(
                    action,
                    self.label(action, obs, names, tr),
                    "space-act",
                    f' data-space="{i}"',
                )
            else:
                svg.add(f'<g class="space" data-space="{i}"><title>{esc(title)}</title>')
            stroke = HIGHLIGHT if action is not None else INK
            svg.add(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
                f'stroke="{stroke}" stroke-width="{2.5 if action is not None else 0.8}"/>'
            )
            # The label sits on the outer half of the space; whales swim on the inner half.
            label_lines = wrap(short, 9 if side in (0, 2) else 12)[:3]
            extra = []
            if kind == "whale":
                extra.append(tr("{sp} SP").format(sp=_whale(obs, space["whale"])["value"]))
            elif space["sp"]:
                extra.append(tr("{sp} SP").format(sp=f"{space['sp']:+d}"))
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
            if extra:
                svg.text(
                    cx, top + 10.5 * len(label_lines), extra[0], size=9, anchor="middle", fill=MUTED
                )
            svg.text(x + 3, y + h - 3 if side != 2 else y + 9, str(i), size=7, fill=MUTED)
            svg.add("</g>")

    def _path(self, svg: Svg, obs: dict[str, Any], tr: Translate) -> None:
        board = _board()
        n = len(board["track"])
        cell = path_cell(n)
        svg.add('<g class="path">')
        for p in board["path"]:
            above = p["above"]
            px, py = path_point(n, above)
            ex, ey = inner_edge(n, above)
            svg.add(
                f'<line x1="{px:.1f}" y1="{py:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" '
                f'stroke="{PATH_STROKE}" stroke-width="1.5" stroke-dasharray="3 2"/>'
            )
        for p in board["path"]:
            above = p["above"]
            px, py = path_point(n, above)
            kind = p["kind"]
            fill = {"safe_zone": "#cfe9c0", "golden_barnacle": "#f7d96b", "mermaid": "#d7c6f0"}.get(
                kind, PATH_FILL
            )
            title = path_space_name(above, tr)
            svg.add(f'<g class="path-space" data-space="{above}"><title>{esc(title)}</title>')
            svg.add(
                f'<rect x="{px - cell / 2:.1f}" y="{py - cell / 2:.1f}" width="{cell:.1f}" '
                f'height="{cell:.1f}" rx="9" fill="{fill}" stroke="{PATH_STROKE}" '
                f'stroke-width="1.2"/>'
            )
            if p["name"]:
                named = named_words(p["name"], tr)
                short = named[0] if named is not None else p["name"]
                svg.lines(
                    px,
                    py - cell / 2 + 9,
                    wrap(short, 9)[:2],
                    size=7,
                    anchor="middle",
                    fill=MUTED,
                    step=8,
                )
            svg.add("</g>")
        # The WHALING PORT lies beside the path, inside the ring at the Ship's first space.
        qx, qy = self._port_xy(obs)
        port = tr("CATCHER SHIP WHALING PORT")
        svg.add(f'<g class="port"><title>{esc(port)}</title>')
        svg.add(
            f'<rect x="{qx - 40}" y="{qy - 20}" width="80" height="40" rx="6" fill="#dde3ea" '
            f'stroke="{INK}" stroke-dasharray="4 2"/>'
        )
        svg.text(qx, qy - 8, tr("WHALING PORT"), size=8, anchor="middle", weight="bold")
        svg.add("</g>")
        ship = obs["ship"]
        if ship is None:
            sx, sy = qx, qy + 8
        else:
            sx, sy = path_point(n, ship)
            sy += cell / 2 - 10
        title = ship_words(obs, tr)
        svg.add(
            f'<g class="ship" data-space="{"port" if ship is None else ship}">'
            f"<title>{esc(title)}</title>{ship_shape(sx, sy, 0.9)}</g>"
        )
        svg.add("</g>")

    def _port_xy(self, obs: dict[str, Any]) -> tuple[float, float]:
        n = len(_board()["track"])
        px, py = path_point(n, obs["port"])
        cx, cy = X0 + SIDE / 2, Y0 + SIDE / 2
        dx, dy = cx - px, cy - py
        # Inward from the port's path space, towards the middle, clear of the path.
        if abs(dx) > abs(dy):
            qx, qy = px + math.copysign(80, dx), py
        else:
            qx, qy = px, py + math.copysign(52, dy)
        a, length = _ring()
        low = a + path_cell(n) / 2 + 46
        high = a + length - path_cell(n) / 2 - 46
        return min(max(qx, X0 + low), X0 + high), min(max(qy, Y0 + low - 24), Y0 + high + 24)

    def _centre(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        n = len(_board()["track"])
        cell = path_cell(n)
        a, length = _ring()
        left = X0 + a + cell / 2 + 10
        top = Y0 + a + cell / 2 + 10
        inner = length - cell - 20
        svg.text(left, top + 12, tr("NATURAL HABITATS"), size=12, weight="bold", fill=MUTED)
        buttons: dict[str, Action] = {}
        for act in legal:
            if isinstance(act, (ChooseWhale, SaveWhale)):
                buttons[act.whale] = act
        gap = 8
        card_w = (inner - 3 * gap) / 4
        card_h = 74
        for k, whale in enumerate(obs["whales"]):
            cx = left + (k % 4) * (card_w + gap)
            cy = top + 20 + (k // 4) * (card_h + gap)
            self._habitat(svg, obs, whale, cx, cy, card_w, card_h, buttons, names, tr)
        # EXTINCT MARINE MAMMALS
        ey = top + 20 + 2 * (card_h + gap) + 4
        extinct = tr("EXTINCT MARINE MAMMALS")
        svg.add(f'<g class="extinct-area"><title>{esc(extinct)}</title>')
        svg.add(
            f'<rect x="{left:.1f}" y="{ey:.1f}" width="{inner:.1f}" height="40" rx="6" '
            f'fill="{EXTINCT_FILL}"/>'
        )
        svg.text(
            left + 8, ey + 24, tr("EXTINCT MARINE MAMMALS"), size=10, fill="#ffffff", weight="bold"
        )
        for k, name in enumerate(obs["extinct"]):
            tx = left + 200 + k * (TOKEN_W + 8)
            self._token(svg, obs, name, tx, ey + 20, names, tr, cls="extinct")
        svg.add("</g>")
        # The dice, the decks and the card drawn this turn.
        dy = ey + 52
        self._dice(svg, obs, left, dy, tr)
        self._card(svg, obs, left + 120, dy, inner - 120 - 110, tr)

    def _habitat(
        self,
        svg: Svg,
        obs: dict[str, Any],
        whale: dict[str, Any],
        x: float,
        y: float,
        w: float,
        h: float,
        buttons: dict[str, Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        name = whale["name"]
        status = whale["status"]
        fill = {"saved": SAVED_FILL, "extinct": "#b9bec6"}.get(status, "#ffffff")
        title = tr("{whale}: {where}").format(
            whale=whale_name(name, tr), where=where_words(whale, tr)
        )
        svg.add(
            f'<g class="habitat" data-whale="{esc(name)}" data-status="{esc(status)}">'
            f"<title>{esc(title)}</title>"
        )
        svg.add(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="7" fill="{fill}" '
            f'stroke="{INK}" stroke-width="0.8"/>'
        )
        svg.text(x + 6, y + 14, whale_name(name, tr), size=10, weight="bold")
        svg.text(
            x + 6, y + 27, tr("saving: {value} SP").format(value=whale["value"]), size=9, fill=MUTED
        )
        svg.text(
            x + 6,
            y + 40,
            status_word(status, tr),
            size=9,
            weight="bold" if status != "box" else "normal",
            extra=' class="whale-status"',
        )
        owner = whale["owner"]
        if owner is not None:
            svg.add(
                f'<circle cx="{x + w - 12:.1f}" cy="{y + h - 13:.1f}" r="8" '
                f'fill="{seat_colour(owner)}" stroke="{INK}"/>'
            )
            svg.text(
                x + w - 12, y + h - 9.5, str(owner + 1), size=9, anchor="middle", weight="bold"
            )
        if whale["barnacle"]:
            holds = tr("holds the Magic Barnacle")
            svg.add(
                f'<circle cx="{x + w - 28:.1f}" cy="{y + h - 13:.1f}" r="5" fill="#f2c230" '
                f'stroke="{INK}"><title>{esc(holds)}</title></circle>'
            )
        if status == "saved":
            self._token(svg, obs, name, x + w - 22, y + h - 14, names, tr, cls="saved")
        svg.add("</g>")
        action = buttons.get(name)
        if action is not None:
            text = tr("Choose") if isinstance(action, ChooseWhale) else tr("Save")
            bx, by, bw, bh = x + 6, y + h - 24, w - 40, 19
            svg.open_act(
                action,
                self.label(action, obs, names, tr),
                "choose-act" if isinstance(action, ChooseWhale) else "save-act",
                f' data-whale="{esc(name)}"',
            )
            svg.add(
                f'<rect x="{bx:.1f}" y="{by:.1f}" width="{bw:.1f}" height="{bh}" rx="6" '
                f'fill="#ffffff" stroke="{HIGHLIGHT}" stroke-width="2"/>'
            )
            svg.text(bx + bw / 2, by + 13.5, text, size=10, anchor="middle", weight="bold")
            svg.add("</g>")

    def _dice(self, svg: Svg, obs: dict[str, Any], x: float, y: float, tr: Translate) -> None:
        dice = obs["dice"]
        dice_words = tr("The dice")
        ship_words = tr("a Catcher Ship")
        svg.add(f'<g class="dice"><title>{esc(dice_words)}</title>')
        for k in range(2):
            dx = x + k * 50
            svg.add(
                f'<rect x="{dx:.1f}" y="{y:.1f}" width="42" height="42" rx="8" fill="#ffffff" '
                f'stroke="{INK}" stroke-width="1.5"/>'
            )
            if dice is None:
                continue
            face = dice[k]
            if face == 0:
                svg.add(
                    f'<g class="die-ship"><title>{esc(ship_words)}</title>'
                    f"{ship_shape(dx + 21, y + 23, 0.95)}</g>"
                )
            else:
                svg.text(
                    dx + 21,
                    y + 29,
                    str(face),
                    size=22,
                    anchor="middle",
                    weight="bold",
                    extra=' class="die"',
                )
        svg.add("</g>")
        decks = obs["decks"]
        svg.text(
            x,
            y + 60,
            tr("{deck}: {left} left").format(deck=tr("DAWN O'DAY"), left=decks["dawn"]["left"]),
            size=9,
            fill=MUTED,
        )
        svg.text(
            x,
            y + 72,
            tr("{deck}: {left} left").format(deck=tr("NEPTUNE"), left=decks["neptune"]["left"]),
            size=9,
            fill=MUTED,
        )

    def _card(
        self, svg: Svg, obs: dict[str, Any], x: float, y: float, w: float, tr: Translate
    ) -> None:
        card = obs["card"]
        if card is None:
            return
        deck = card["deck"]
        fill = KIND_FILL.get("card_" + deck, "#ffffff")
        svg.add(f'<g class="card" data-deck="{esc(deck)}" data-card="{int(card["card"])}">')
        svg.add(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="84" rx="8" fill="{fill}" '
            f'stroke="{INK}" stroke-width="1.2"/>'
        )
        svg.text(x + 8, y + 15, deck_name(deck, tr), size=10, weight="bold")
        chars = max(20, int(w / 5.6))
        for lang, text in card["text"].items():
            lines = wrap(text, chars)[:5]
            if lang == "fa":
                svg.add(f'<g class="card-text" lang="{esc(lang)}">')
                svg.lines(
                    x + w - 8,
                    y + 30,
                    lines,
                    size=10,
                    step=12,
                    anchor="start",
                    extra=' direction="rtl"',
                )
            else:
                svg.add(f'<g class="card-text" lang="{esc(lang)}">')
                svg.lines(x + 8, y + 30, lines, size=10, step=12)
            svg.add("</g>")
        svg.add("</g>")

    def _tokens(
        self,
        svg: Svg,
        obs: dict[str, Any],
        acts: dict[str, Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        board = _board()
        n = len(board["track"])
        cell = path_cell(n)
        on_track: dict[int, list[str]] = {}
        on_path: dict[int, list[str]] = {}
        for whale in obs["whales"]:
            if whale["status"] == "track":
                on_track.setdefault(whale["space"], []).append(whale["name"])
            elif whale["status"] == "path":
                on_path.setdefault(whale["space"], []).append(whale["name"])
        for space, whales in on_track.items():
            x, y, w, h, side = track_box(n, space)
            # The inner half of the space, in two columns.
            if side in (0, -1, -2):
                ox, oy, cols = x + w / 2, y + h - 10, 2
                dy = -16.0
            elif side in (2, -3, -4):
                ox, oy, cols = x + w / 2, y + 10, 2
                dy = 16.0
            elif side == 1:
                ox, oy, cols = x + 18, y + 10, 1
                dy = 15.0
            else:
                ox, oy, cols = x + w - 18, y + 10, 1
                dy = 15.0
            if side < 0:
                cols = 3
            for k, name in enumerate(whales):
                col, row = k % cols, k // cols
                tx = ox + (col - (cols - 1) / 2) * (TOKEN_W + 2)
                ty = oy + row * dy
                if side in (1, 3):
                    tx, ty = ox, y + h / 2 + (k - (len(whales) - 1) / 2) * 15
                self._token(svg, obs, name, tx, ty, names, tr, action=acts.get(name))
        for above, whales in on_path.items():
            px, py = path_point(n, above)
            for k, name in enumerate(whales):
                ty = py - 4 + (k - (len(whales) - 1) / 2) * 15
                self._token(svg, obs, name, px, ty, names, tr, action=acts.get(name))
        del cell

    def _token(
        self,
        svg: Svg,
        obs: dict[str, Any],
        name: str,
        x: float,
        y: float,
        names: Sequence[str],
        tr: Translate,
        *,
        action: Action | None = None,
        cls: str = "",
    ) -> None:
        whale = _whale(obs, name)
        owner = whale["owner"]
        fill = seat_colour(owner) if owner is not None else "#ffffff"
        title = tr("{whale}: {where}").format(
            whale=whale_name(name, tr), where=where_words(whale, tr)
        )
        if owner is not None:
            title += " · " + tr("played by {name}").format(name=seat_name(names, owner, tr))
        if whale["barnacle"]:
            title += " · " + tr("holds the Magic Barnacle")
        if action is not None:
            svg.open_act(
                action,
                self.label(action, obs, names, tr),
                "whale-act",
                f' data-whale="{esc(name)}"',
            )
        else:
            svg.add(
                f'<g class="whale {cls}" data-whale="{esc(name)}" pointer-events="none">'
                f"<title>{esc(title)}</title>"
            )
        stroke = HIGHLIGHT if action is not None else INK
        svg.add(
            f'<rect class="token" x="{x - TOKEN_W / 2:.1f}" y="{y - TOKEN_H / 2:.1f}" '
            f'width="{TOKEN_W}" height="{TOKEN_H}" rx="7" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{2.5 if action is not None else 1}"/>'
        )
        svg.text(x, y + 3.5, whale_code(name, tr), size=8.5, anchor="middle", weight="bold")
        if whale["barnacle"]:
            svg.add(
                f'<circle class="barnacle" cx="{x + TOKEN_W / 2 - 1:.1f}" '
                f'cy="{y - TOKEN_H / 2 + 1:.1f}" r="4" fill="#f2c230" stroke="{INK}" '
                f'stroke-width="0.8"/>'
            )
        svg.add("</g>")

    def _controls(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        x: float = X0
        y = CONTROLS_Y
        for action in legal:
            text = None
            cls = ""
            if isinstance(action, Roll):
                text, cls = tr("Roll the dice"), "roll-act"
            elif isinstance(action, Refuse):
                text, cls = tr("Refuse to pay"), "refuse-act"
            elif isinstance(action, CollectSurvivalPoints):
                text, cls = tr("Collect {sp} SP").format(sp=own_space_sp()), "collect-act"
            elif isinstance(action, Done):
                text, cls = done_words(obs, tr), "done-act"
            if text is not None:
                x = svg.button(
                    action, x, y, text, self.label(action, obs, names, tr), cls, height=34
                )
        hint = self._hint(obs, legal, names, tr)
        if obs["payment"] is not None:
            hint = payment_words(obs, tr) + (" · " + hint if hint else "")
        if hint:
            svg.text(x + 4, y + 22, hint, size=12, fill=INK, extra=' class="hint"')

    def _hint(
        self, obs: dict[str, Any], legal: Sequence[Action], names: Sequence[str], tr: Translate
    ) -> str:
        if not legal:
            return ""
        phase = obs["phase"]
        if phase == "choose_whale":
            return tr("Choose a whale on the NATURAL HABITATS.")
        if phase == "turn" and any(isinstance(a, NameWhale) for a in legal):
            return tr("Click the whale you will move.")
        if phase == "pay":
            if obs["payment"] is not None and obs["payment"]["amount"] == 0:
                return ""
            if not any(isinstance(a, Contribute) for a in legal):
                return tr("The team cannot pay this penalty.")
            return tr("Click a player's SP to pay 1 SP.")
        if phase == "own_space":
            return tr("…or click a space to move there.")
        if phase in ("barnacle", "leave_path", "trade_places"):
            return tr("Click a whale.")
        return ""

    def _players(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        pays = {a.seat: a for a in legal if isinstance(a, Contribute)}
        svg.text(X0 + 8, PLAYERS_Y - 4, tr("Player"), size=11, fill=MUTED)
        svg.text(260, PLAYERS_Y - 4, tr("Whale"), size=11, fill=MUTED)
        svg.text(380, PLAYERS_Y - 4, tr("Survival Points"), size=11, fill=MUTED)
        for seat, player in enumerate(obs["players"]):
            top = PLAYERS_Y + seat * ROW_H
            mid = top + ROW_H / 2
            colour = seat_colour(seat)
            turn = obs["turn_seat"] == seat and obs["phase"] != "over"
            svg.add(f'<g class="seat" data-seat="{seat}">')
            svg.add(
                f'<rect x="{X0}" y="{top + 2}" width="{WIDTH - 2 * X0}" height="{ROW_H - 4}" '
                f'rx="8" fill="{"#ffffff" if turn else "#eef6f9"}" '
                f'stroke="{colour if turn else "#c4d6de"}" stroke-width="{3 if turn else 1}"/>'
            )
            if obs["to_move"] == seat:
                svg.text(X0 + 6, mid + 5, "▶", size=13, extra=' class="to-move"')
            svg.add(
                f'<circle cx="{X0 + 30}" cy="{mid}" r="10" fill="{colour}" stroke="{INK}" '
                f'stroke-width="1.2"/>'
            )
            svg.text(X0 + 30, mid + 4, str(seat + 1), size=11, anchor="middle", weight="bold")
            name = seat_name(names, seat, tr)
            if len(name) > 20:
                name = name[:19] + "…"
            svg.text(X0 + 46, mid - 1, name, size=14, weight="bold", extra=' class="seat-name"')
            if seat == obs["seat"]:
                svg.text(X0 + 46, mid + 13, tr("you"), size=10, fill=MUTED)
            whale = player["whale"]
            if whale is not None:
                svg.text(260, mid + 5, whale_name(whale, tr), size=12)
            else:
                svg.text(260, mid + 5, tr("no whale"), size=12, fill=MUTED)
            svg.text(
                380,
                mid + 6,
                str(player["sp"]),
                size=17,
                weight="bold",
                extra=f' class="sp" data-seat="{seat}"',
            )
            # Exchange Pieces (5 SP each) and loose SPs.
            px = 412.0
            for _ in range(min(player["exchange_pieces"], 8)):
                svg.add(
                    f'<rect x="{px:.1f}" y="{mid - 8:.1f}" width="16" height="16" rx="3" '
                    f'fill="#f2c230" stroke="{INK}" stroke-width="0.8"/>'
                )
                svg.text(px + 8, mid + 3.5, "5", size=9, anchor="middle", weight="bold")
                px += 19
            for _ in range(player["loose_sp"]):
                svg.add(
                    f'<circle cx="{px + 6:.1f}" cy="{mid}" r="6" fill="#9fd3e6" stroke="{INK}" '
                    f'stroke-width="0.8"/>'
                )
                px += 14
            action = pays.get(seat)
            if action is not None:
                text = tr("Pay 1 SP")
                bw = 26 + 7.0 * len(text)
                bx = WIDTH - X0 - 8 - bw
                svg.open_act(
                    action,
                    self.label(action, obs, names, tr),
                    "pay-act",
                    f' data-seat="{seat}"',
                )
                svg.add(
                    f'<rect x="{bx:.1f}" y="{top + 7}" width="{bw:.1f}" height="{ROW_H - 14}" '
                    f'rx="8" fill="#ffffff" stroke="{HIGHLIGHT}" stroke-width="2.5"/>'
                )
                svg.text(bx + bw / 2, mid + 4.5, text, size=12, anchor="middle", weight="bold")
                svg.add("</g>")
            svg.add("</g>")


Board = SaveTheWhalesBoard
"""The name the registry looks for."""

__all__ = ["Board", "SaveTheWhalesBoard"]
