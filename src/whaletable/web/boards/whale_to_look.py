"""Whale to Look on the web table: the game's scene (``games/whale_to_look/view.py``) as SVG,
laid out as in the box: six diamond area cards in a 3×2 grid, twelve fish cards in the gaps
at their corners (the reduced research table: 2×2 areas, nine fish cards). What is shown,
and which click makes which move, is the scene's; no element but ``<text class="fish-value"
data-fish="i">`` shows a fish value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from whaletable.core.view import Choice, Piece, Region, Scene
from whaletable.core.words import Translate, seat_name
from whaletable.games.whale_to_look import view, words
from whaletable.games.whale_to_look.actions import ChooseFisherBoat, Finish, MoveBoat, UseRadar
from whaletable.games.whale_to_look.components import area_xy, board_with_areas, fish_xy
from whaletable.games.whale_to_look.observation import WhaleToLookObservation
from whaletable.games.whale_to_look.rules import BOATS, TOURISTS
from whaletable.games.whale_to_look.view import UNKNOWN, kinds, position
from whaletable.web.boards import (
    HIGHLIGHT,
    INK,
    Svg,
    WordedBoard,
    circle,
    el,
    esc,
    rect,
    seat_colour,
    seat_row,
)

# --- Geometry of the drawing (SVG user units) -----------------------------------------
WIDTH = 840
HEADER = 50  # two lines of text above the table
DX, DY = 240, 190  # distance between neighbouring fish cards
FISH_X0, FISH_Y0 = 60, HEADER + 56
HALF_W, HALF_H = 112, 88  # an area diamond's half width and half height
CARD_W, CARD_H = 54, 70
BOAT_GAP = 46
CONTROLS_Y = FISH_Y0 + 2 * DY + CARD_H // 2 + 30
LEGEND_Y = CONTROLS_Y + 62
ROW_H = 46
CELL_X = (380, 506, 556, 626)  # the seat row's markers, radar, anchor and finished cells
OCEAN, AREA_FILL, AREA_EMPTY = "#d9edf4", "#1d3a6b", "#5d7396"
CARD_FILL, FACE_UP_FILL = "#f7f1e3", "#fff1b8"
BOLD = {"anchor": "middle", "weight": "bold"}
Names = tuple[str, ...]
Choices = tuple[Choice, ...]
Lit = frozenset[str]
"""The keys the last step touched (of those a piece draws)."""


def fish_px(fish: int, columns: int) -> tuple[int, int]:
    c, r = fish_xy(fish, columns)
    return FISH_X0 + c * DX, FISH_Y0 + r * DY


def area_px(area: int, columns: int) -> tuple[int, int]:
    c, r = area_xy(area, columns)
    return FISH_X0 + c * DX + DX // 2, FISH_Y0 + r * DY + DY // 2


def diamond(area: int, columns: int) -> str:
    cx, cy = area_px(area, columns)
    return f"{cx},{cy - HALF_H} {cx + HALF_W},{cy} {cx},{cy + HALF_H} {cx - HALF_W},{cy}"


def hull(x: float, y: float, top: float, bottom: float) -> str:
    """A boat's hull (a trapezium) around ``(x, y)``: its deck ``top`` above, keel below."""
    deck, keel = y - top, y + bottom
    return f"M {x - 21} {deck} L {x + 21} {deck} L {x + 14} {keel} L {x - 14} {keel} Z"


# --- Pieces of the drawing ----------------------------------------------------------------
# Each is drawn from its arguments alone, so Svg.piece keeps it by them (see there).


def _header(svg: Svg, header: Region, trend: Region | None, lit: bool, tr: Translate) -> None:
    svg.text(16, 22, header.label, size=15, weight="bold")
    for note in header.notes:
        svg.text(16, 42, note, size=12)
    if trend is not None:
        width = 16 + 7 * len(trend.label)
        # What a screen reader says of it (one sentence: each language orders it its own way).
        said = tr("{label}: {note}").format(label=trend.label, note=trend.notes[0])
        svg.keyed(trend.key, "trend", lit, f' data-trend="{esc(min(trend.marks))}"', said)
        svg.add(rect(14, 28, width, 20, "#fff", rx=4, stroke=INK, stroke_width=1.2))
        svg.text(22, 43, trend.label, size=12, weight="bold")
        svg.text(width + 22, 43, trend.notes[0], size=12)
        svg.add("</g>")


def _area(svg: Svg, area: Region, columns: int, lit: bool, tr: Translate) -> None:
    """An area card, with its sum and the whale or the orca once the round is scored."""
    at = position(area.key)
    cx, cy = area_px(at, columns)
    fill = AREA_FILL if area.label else AREA_EMPTY
    svg.keyed(area.key, "area", lit=lit, data=f' data-area="{at}"', title=area.label or None)
    svg.add(el("polygon", points=diamond(at, columns), fill=fill, stroke="#0b1a33", stroke_width=2))
    if area.label:
        number = ' class="area-number" pointer-events="none"'
        svg.text(cx, cy - 48, area.label, size=24, fill="#ffffff", extra=number, **BOLD)
    if "scored" in area.marks:
        svg.add(rect(cx - 30, cy + 46, 60, 22, "#ffffff", rx=11, stroke=INK))
        svg.text(cx, cy + 62, area.notes[0], size=14, extra=' class="area-sum"', **BOLD)
        for token in ("whale", "orca"):
            if token in area.marks:
                _token(svg, cx + 86, cy, token, tr)
    svg.add("</g>")


def _token(svg: Svg, x: int, y: int, token: str, tr: Translate) -> None:
    """The whale (light) or the orca (black and white) surfacing on an area."""
    whale = token == "whale"
    body, belly = ("#9ecae1", "#ffffff") if whale else ("#111111", "#f5f5f5")
    title = tr("The whale surfaces here") if whale else tr("The orca surfaces here")
    svg.add(f'<g class="token {token}"><title>{esc(title)}</title>')
    svg.add(circle(x, y, 17, "#ffffff", stroke=INK, stroke_width=1.5))
    svg.add(f'<ellipse cx="{x - 2}" cy="{y + 1}" rx="10" ry="6" fill="{body}" stroke="{INK}"/>')
    svg.add(f'<path d="M {x + 7} {y} L {x + 14} {y - 6} L {x + 13} {y + 6} Z" fill="{body}" ')
    svg.add(f'stroke="{INK}"/><ellipse cx="{x - 3}" cy="{y + 4}" rx="6" ry="2" fill="{belly}"/>')
    svg.add(circle(x - 8, y - 1, 1.2, belly if not whale else INK) + "</g>")


def _move_target(svg: Svg, move: Choice, columns: int) -> None:
    """A legal move's target, hidden until its boat is selected: the area, or the anchor
    beside it that moves there and drops the anchor."""
    action = move.action
    assert isinstance(action, MoveBoat)
    data = f' data-boat="{action.boat}" data-area="{action.area}" visibility="hidden"'
    cx, cy = area_px(action.area, columns)
    cls = "move-target anchor-target" if action.anchor else "move-target"
    svg.open_act(action, move.words, cls, data)
    if action.anchor:
        svg.add(circle(cx - 84, cy, 15, "#ffffff", stroke=HIGHLIGHT, stroke_width=3))
        svg.text(cx - 84, cy + 6, "⚓", size=17, anchor="middle", fill=INK)
    else:
        ring = {"stroke": HIGHLIGHT, "stroke_width": 5, "stroke_dasharray": "12 6"}
        where = {"points": diamond(action.area, columns), "fill": "#ffffff"}
        svg.add(el("polygon", **where, fill_opacity=0.22, **ring))
    svg.add("</g>")


def _boat(
    svg: Svg, x: float, y: float, boat: Piece, lit: bool, names: Names, tr: Translate
) -> None:
    seat, number = boat.owner or 0, position(boat.key)
    name, what = seat_name(names, seat, tr), words.boat_name(number, tr)
    title = tr("{name}: {boat}").format(name=name, boat=what)
    title += (" · " + tr("fisher on board")) * ("fisher" in boat.marks)
    title += (" · " + tr("anchored")) * ("anchored" in boat.marks)
    picked = "selectable" in boat.marks
    data = f' data-seat="{seat}"' + ("" if picked else f' data-boat="{number}"')
    pick = str(number) if picked else None
    svg.keyed(boat.key, "boat", lit, data, title, pick=pick, still=True, piece=True)
    if picked:
        svg.add(f'<ellipse class="ring" cx="{x}" cy="{y + 1}" rx="27" ry="15" fill="none" ')
        svg.add(f'stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="4 3"/>')
    if "fisher" in boat.marks:
        svg.add(f'<g class="fisher"><line x1="{x - 9}" y1="{y - 6}" x2="{x - 9}" y2="{y - 22}" ')
        svg.add(f'stroke="{INK}" stroke-width="1.5"/><path d="M {x - 9} {y - 22} L {x + 3} ')
        svg.add(f'{y - 18} L {x - 9} {y - 14} Z" fill="#ffffff" stroke="{INK}"/></g>')
    look = {"fill": seat_colour(seat), "stroke": INK, "stroke_width": 1.4}
    svg.add(el("path", cls="hull", d=hull(x, y, 7, 8), **look))
    svg.text(x, y + 5, boat.label, size=13, **BOLD)
    if "anchored" in boat.marks:
        svg.add('<g class="anchor">' + circle(x + 21, y + 7, 8, "#ffffff", stroke=INK))
        svg.text(x + 21, y + 11, "⚓", size=11, anchor="middle")
        svg.add("</g>")
    svg.add("</g>")


def _boats_on_area(
    svg: Svg, at: int, columns: int, here: tuple[Piece, ...], lit: Lit, names: Names, tr: Translate
) -> None:
    cx, cy = area_px(at, columns)
    for row, y in zip((here[:3], here[3:]), (cy - 10, cy + 24), strict=True):
        for i, boat in enumerate(row):
            x = cx + (i - (len(row) - 1) / 2) * BOAT_GAP
            _boat(svg, x, y, boat, boat.key in lit, names, tr)


def _fish(
    svg: Svg, card: Region, columns: int, at: Choices, lit: Lit, names: Names, tr: Translate
) -> None:
    """A fish card: ``seen`` by the viewer alone, or ``face-up`` for everyone, with the
    markers by it; its choices ``at`` investigate it or turn it up by radar."""
    fish, face_up = position(card.key), "face-up" in card.marks
    x, y = fish_px(fish, columns)
    look = next((c for c in at if not isinstance(c.action, UseRadar)), None)
    radar = next((c for c in at if isinstance(c.action, UseRadar)), None)
    data = f' data-fish="{fish}"'
    svg.keyed(card.key, "fish", lit, data, card.label, choice=look, act="fish-act")
    stroke, width = (HIGHLIGHT, 3) if look else (("#c98b00", 3) if face_up else ("#8a7a5a", 1.5))
    fill = FACE_UP_FILL if face_up else CARD_FILL
    edge = {"cls": "card", "rx": 6, "stroke": stroke, "stroke_width": width}
    svg.add(rect(x - CARD_W // 2, y - CARD_H // 2, CARD_W, CARD_H, fill, **edge))
    if face_up:
        svg.text(x, y - CARD_H // 2 + 12, tr("radar"), size=9, anchor="middle", fill="#8a5a00")
    elif "seen" in card.marks:
        svg.text(x, y - CARD_H // 2 + 12, tr("seen"), size=9, anchor="middle", fill="#555555")
    value, label = card.notes[0], f' class="fish-value" data-fish="{fish}"'
    grey = "#8c8c8c" if value == UNKNOWN else INK
    svg.text(x, y + 10, value, size=30, fill=grey, extra=label, **BOLD)
    svg.text(x, y + CARD_H // 2 - 6, card.label, size=10, anchor="middle", fill="#666")
    for i, marker in enumerate(card.pieces):
        seat = marker.owner or 0
        mx, my = x + (i - (len(card.pieces) - 1) / 2) * 16, y + CARD_H // 2 + 10
        by = tr("Investigated by {name}").format(name=seat_name(names, seat, tr))
        svg.keyed(marker.key, "marker", lit, f' data-seat="{seat}"', by)
        svg.add(circle(mx, my, 7, seat_colour(seat), stroke=INK, stroke_width=1.2))
        svg.text(mx, my + 3, marker.label, size=9, **BOLD)
        svg.add("</g>")
    svg.add("</g>")
    if radar is not None:
        rx, ry = x + CARD_W // 2 + 11, y - CARD_H // 2 + 6
        svg.open_act(radar.action, radar.words, "radar-act", f' data-fish="{fish}"')
        svg.add(circle(rx, ry, 12, "#ffffff", stroke=HIGHLIGHT, stroke_width=2))
        svg.add(circle(rx, ry, 6, "none", stroke=INK) + circle(rx, ry, 1.8, INK))
        svg.add(f'<line x1="{rx}" y1="{ry}" x2="{rx + 8}" ')
        svg.add(f'y2="{ry - 6}" stroke="{INK}" stroke-width="1.5"/></g>')


def _legend_head(svg: Svg, tr: Translate) -> None:
    # The player, the dock and the cells of a seat's row, the points at the right end.
    heads = zip((44, 222, *CELL_X), [words.word(c, tr) for c in words.SEAT_COLUMNS], strict=False)
    svg.headings(LEGEND_Y - 8, heads, words.word("points", tr))


def _seat_row(svg: Svg, row: Region, lit: Lit, names: Names, tr: Translate) -> None:
    """A seat's row of the legend: its dock, its cells."""
    seat, top = row.owner or 0, LEGEND_Y + (row.owner or 0) * ROW_H
    now, you = "to-move" in row.marks, [tr("you")] if "you" in row.marks else []
    mid = seat_row(svg, row, top, ROW_H, WIDTH, lit=lit, now=now, under=you)
    colour = seat_colour(seat)
    docked = {position(p.key): p for p in row.pieces}
    for boat in range(BOATS):
        bx, piece = 246 + boat * BOAT_GAP, docked.get(boat)
        if piece is not None:
            _boat(svg, bx, mid + 3, piece, piece.key in lit, names, tr)
        else:
            dashed = 'fill="none" stroke="#9fb3bf" stroke-dasharray="3 3"'
            svg.add(f'<path d="{hull(bx, mid, 4, 11)}" {dashed}/>')
    markers, radars, anchor, finished, points = row.notes
    svg.text(CELL_X[0], mid + 5, markers, size=14, weight="bold")
    for i in range(5):
        fill = colour if i < int(markers) else "none"
        svg.add(circle(400 + i * 16, mid, 5.5, fill, stroke=INK, stroke_width=1))
    svg.text(CELL_X[1], mid + 5, radars, size=14, weight="bold")
    svg.text(CELL_X[2], mid + 5, anchor, size=13)
    if finished:
        svg.text(CELL_X[3], mid + 5, finished, size=13, weight="bold", extra=' class="done"')
    end = ' class="points"'
    svg.text(WIDTH - 14, mid + 5, points, size=15, weight="bold", anchor="end", extra=end)
    svg.add("</g>")


class WhaleToLookBoard(WordedBoard[WhaleToLookObservation]):
    """The web board of Whale to Look."""

    words, view = words, view

    def draw(
        self, obs: WhaleToLookObservation, shown: Scene, names: Sequence[str], tr: Translate
    ) -> str:
        names = tuple(names)
        lit = shown.highlights
        regions = kinds(shown)
        areas, seats = regions["area"], regions["seat"]
        columns = board_with_areas(len(areas)).columns
        svg = Svg()
        height = LEGEND_Y + len(seats) * ROW_H + 10
        svg.open("whale-to-look", WIDTH, height, tr("Whale to Look table"), OCEAN)
        # Each piece is kept by all it is drawn from (see Svg.piece): a step redraws only
        # the cards, boats and seats it changed.
        trend = next(iter(regions.get("trend", [])), None)
        svg.piece(_header, regions["header"][0], trend, "trend" in lit, tr)
        for area in areas:
            # Drawn without its boats (they lie above the move targets) or, in play, notes.
            notes = area.notes if "scored" in area.marks else ()
            svg.piece(_area, replace(area, pieces=(), notes=notes), columns, area.key in lit, tr)
        for move in shown.choices:
            if isinstance(move.action, MoveBoat):
                svg.piece(_move_target, move, columns)
        for area in areas:
            here = lit & {p.key for p in area.pieces}
            svg.piece(_boats_on_area, position(area.key), columns, area.pieces, here, names, tr)
        for card in regions["fish"]:
            markers = names if card.pieces else ()  # names only for the markers' titles
            here = lit & {card.key, *(p.key for p in card.pieces)}
            svg.piece(_fish, card, columns, shown.at(card.key), here, markers, tr)
        x: float = 16  # the buttons, then what a move is made of
        for c in shown.choices:  # "Done!" and the fisher are never offered together
            if isinstance(c.action, Finish):
                x = svg.button(c.action, x, CONTROLS_Y, tr("Finish"), c.words, "finish-act")
            elif isinstance(c.action, ChooseFisherBoat):
                text = tr("Fisher on boat {tourists}").format(tourists=TOURISTS[c.action.boat])
                x = svg.button(c.action, x, CONTROLS_Y, text, c.words, "fisher-act")
        if any(isinstance(c.action, MoveBoat) for c in shown.choices):
            hint = tr(
                "Choose one of your boats, then an area (⚓: move there and drop the anchor)."
            )
            svg.text(x, CONTROLS_Y + 24, hint, size=13, extra=' class="hint"')
        svg.piece(_legend_head, tr)
        for row in seats:
            here = lit & {row.key, *(p.key for p in row.pieces)}
            svg.piece(_seat_row, row, here, names, tr)
        return svg.close()


Board = WhaleToLookBoard
"""The name the registry looks for."""
