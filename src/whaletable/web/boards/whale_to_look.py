"""Whale to Look on the web table: the board as SVG, drawn from one observation.

The table is laid out as in the box: six dark-blue diamond area cards in a 3×2
grid, twelve light fish cards in the gaps at their corners (the reduced research table:
four areas in a 2×2 grid, nine fish cards, drawn the same way from the left). A fish card shows its
value only when the observation gives it (the viewer investigated it, a radar
turned it up, or the round was scored); otherwise it shows "?". Every fish label
is an element ``<text class="fish-value" data-fish="i">`` and no other element
shows a fish value, so what the board shows is exactly what the observation says.

Names follow the terminal table: fish cards F1–F12 in reading order, areas by the
number printed on their card, boats by how many tourists they carry, seats from 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from whaletable.core.action import Action
from whaletable.games.whale_to_look import words
from whaletable.games.whale_to_look.actions import (
    ChooseFisherBoat,
    Finish,
    Investigate,
    MoveBoat,
    UseRadar,
)
from whaletable.games.whale_to_look.components import (
    COLUMNS,
    area_xy,
    board_with_areas,
    fish_xy,
)
from whaletable.games.whale_to_look.rules import BOATS, DOCK, TOURISTS
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

OCEAN = "#d9edf4"
AREA_FILL = "#1d3a6b"
AREA_EMPTY = "#5d7396"
CARD_FILL = "#f7f1e3"
FACE_UP_FILL = "#fff1b8"

# Phases in which the board shows the round just scored rather than the next deal.
_SCORED_PHASES = ("trending", "lay_areas", "deal_fish", "over")


def fish_xy_px(fish: int, columns: int = COLUMNS) -> tuple[int, int]:
    c, r = fish_xy(fish, columns)
    return FISH_X0 + c * DX, FISH_Y0 + r * DY


def area_xy_px(area: int, columns: int = COLUMNS) -> tuple[int, int]:
    c, r = area_xy(area, columns)
    return FISH_X0 + c * DX + DX // 2, FISH_Y0 + r * DY + DY // 2


def columns_of(areas: Sequence[int | None]) -> int:
    """The table's columns of areas: three, or two on the reduced research table."""
    return board_with_areas(len(areas)).columns


def diamond_points(area: int, columns: int = COLUMNS) -> str:
    cx, cy = area_xy_px(area, columns)
    return f"{cx},{cy - HALF_H} {cx + HALF_W},{cy} {cx},{cy + HALF_H} {cx - HALF_W},{cy}"


def _move_target(
    svg: Svg, move: MoveBoat, at: int, areas: tuple[int | None, ...], tr: Translate
) -> None:
    """A legal move's target, hidden until its boat is selected."""
    title = words.move_label(move.boat, move.area, move.anchor, at, areas, tr)
    data = f' data-boat="{move.boat}" data-area="{move.area}" visibility="hidden"'
    columns = columns_of(areas)
    cx, cy = area_xy_px(move.area, columns)
    if move.anchor:
        svg.open_act(move, title, "move-target anchor-target", data)
        svg.add(
            f'<circle cx="{cx - 84}" cy="{cy}" r="15" fill="#ffffff" '
            f'stroke="{HIGHLIGHT}" stroke-width="3"/>'
        )
        svg.text(cx - 84, cy + 6, "⚓", size=17, anchor="middle", fill=INK)
    else:
        svg.open_act(move, title, "move-target", data)
        svg.add(
            f'<polygon points="{diamond_points(move.area, columns)}" fill="#ffffff" '
            f'fill-opacity="0.22" stroke="{HIGHLIGHT}" stroke-width="5" '
            f'stroke-dasharray="12 6"/>'
        )
    svg.add("</g>")


# --- Pieces of the drawing ----------------------------------------------------------------
# Each is drawn from its arguments alone, so Svg.piece keeps it by them (see there).

ScoredKey = tuple[tuple[int | None, ...], tuple[int, ...], int, int, int]
"""A scored round as a piece is drawn from it: areas, sums, whale, orca, round."""


def _scored_key(result: dict[str, Any]) -> ScoredKey:
    return (
        tuple(result["areas"]),
        tuple(result["sums"]),
        result["whale"],
        result["orca"],
        result["round"],
    )


def _header(
    svg: Svg,
    rnd: int,
    seat: int | None,
    trend: str | None,
    scored: ScoredKey | None,
    names: tuple[str, ...],
    tr: Translate,
) -> None:
    svg.text(16, 22, words.view_line(rnd, seat, names, tr), size=15, weight="bold")
    if scored is not None:
        areas, sums, whale, orca, scored_round = scored
        result = {"areas": areas, "sums": sums, "whale": whale, "orca": orca}
        svg.text(16, 42, words.scored_line({**result, "round": scored_round}, tr), size=12)
        return
    if trend is not None:
        name = words.trend_name(trend, tr)
        width = 16 + 7 * len(name)
        svg.add(
            f'<g class="trend" data-trend="{esc(trend)}">'
            f'<rect x="14" y="28" width="{width}" height="20" rx="4" fill="#fff" '
            f'stroke="{INK}" stroke-width="1.2"/>'
        )
        svg.text(22, 43, name, size=12, weight="bold")
        svg.text(width + 22, 43, words.trend_rule(trend, tr), size=12)
        svg.add("</g>")
    elif rnd == 2:
        svg.text(16, 42, tr("No trending card this round."), size=12)


def _area(
    svg: Svg,
    area: int,
    columns: int,
    number: int | None,
    scored: tuple[int, bool, bool] | None,
    tr: Translate,
) -> None:
    """An area card; ``scored`` is its sum and whether the whale or the orca surfaced."""
    cx, cy = area_xy_px(area, columns)
    fill = AREA_FILL if number is not None else AREA_EMPTY
    svg.add(
        f'<g class="area" data-area="{area}"><polygon points="{diamond_points(area, columns)}" '
        f'fill="{fill}" stroke="#0b1a33" stroke-width="2"/>'
    )
    if number is not None:
        svg.text(
            cx,
            cy - 48,
            str(number),
            size=24,
            fill="#ffffff",
            anchor="middle",
            weight="bold",
            extra=' class="area-number" pointer-events="none"',
        )
    if scored is not None:
        total, whale, orca = scored
        svg.add(
            f'<rect x="{cx - 30}" y="{cy + 46}" width="60" height="22" rx="11" '
            f'fill="#ffffff" stroke="{INK}"/>'
        )
        svg.text(
            cx,
            cy + 62,
            "Σ " + str(total),
            size=14,
            anchor="middle",
            weight="bold",
            extra=' class="area-sum"',
        )
        if whale:
            _token(svg, cx + 86, cy, whale=True, tr=tr)
        if orca:
            _token(svg, cx + 86, cy, whale=False, tr=tr)
    svg.add("</g>")


def _token(svg: Svg, x: int, y: int, *, whale: bool, tr: Translate) -> None:
    """The whale (light) or the orca (black and white) surfacing on an area."""
    body, belly, cls = ("#9ecae1", "#ffffff", "whale") if whale else ("#111111", "#f5f5f5", "orca")
    title = tr("The whale surfaces here") if whale else tr("The orca surfaces here")
    svg.add(
        f'<g class="token {cls}"><title>{esc(title)}</title>'
        f'<circle cx="{x}" cy="{y}" r="17" fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>'
        f'<ellipse cx="{x - 2}" cy="{y + 1}" rx="10" ry="6" fill="{body}" stroke="{INK}"/>'
        f'<path d="M {x + 7} {y} L {x + 14} {y - 6} L {x + 13} {y + 6} Z" fill="{body}" '
        f'stroke="{INK}"/>'
        f'<ellipse cx="{x - 3}" cy="{y + 4}" rx="6" ry="2" fill="{belly}"/>'
        f'<circle cx="{x - 8}" cy="{y - 1}" r="1.2" fill="{belly if not whale else INK}"/>'
        "</g>"
    )


def _boat(
    svg: Svg,
    x: float,
    y: float,
    seat: int,
    boat: int,
    *,
    fisher: bool,
    anchored: bool,
    selectable: bool,
    title: str,
) -> None:
    colour = seat_colour(seat)
    cls = "boat selectable" if selectable else "boat"
    events = ' tabindex="0" role="button"' if selectable else ' pointer-events="none"'
    svg.add(
        f'<g class="{cls}" data-seat="{seat}" data-boat="{boat}"{events}>'
        f"<title>{esc(title)}</title>"
    )
    if selectable:
        svg.add(
            f'<ellipse class="ring" cx="{x}" cy="{y + 1}" rx="27" ry="15" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="4 3"/>'
        )
    if fisher:
        svg.add(
            f'<g class="fisher"><line x1="{x - 9}" y1="{y - 6}" x2="{x - 9}" y2="{y - 22}" '
            f'stroke="{INK}" stroke-width="1.5"/>'
            f'<path d="M {x - 9} {y - 22} L {x + 3} {y - 18} L {x - 9} {y - 14} Z" '
            f'fill="#ffffff" stroke="{INK}"/></g>'
        )
    svg.add(
        f'<path class="hull" d="M {x - 21} {y - 7} L {x + 21} {y - 7} L {x + 14} {y + 8} '
        f'L {x - 14} {y + 8} Z" fill="{colour}" stroke="{INK}" stroke-width="1.4"/>'
    )
    svg.text(x, y + 5, str(TOURISTS[boat]), size=13, anchor="middle", weight="bold")
    if anchored:
        svg.add(
            f'<g class="anchor"><circle cx="{x + 21}" cy="{y + 7}" r="8" fill="#ffffff" '
            f'stroke="{INK}"/>'
        )
        svg.text(x + 21, y + 11, "⚓", size=11, anchor="middle")
        svg.add("</g>")
    svg.add("</g>")


def _boat_title(
    seat: int, boat: int, fisher: bool, anchored: bool, names: Sequence[str], tr: Translate
) -> str:
    title = tr("{name}: {boat}").format(
        name=seat_name(names, seat, tr), boat=words.boat_name(boat, tr)
    )
    if fisher:
        title += " · " + tr("fisher on board")
    if anchored:
        title += " · " + tr("anchored")
    return title


BoatHere = tuple[int, int, bool, bool, bool]
"""A boat as a piece is drawn from it: seat, boat, fisher on board, anchored, selectable."""


def _boats_on_area(
    svg: Svg,
    area: int,
    columns: int,
    here: tuple[BoatHere, ...],
    names: tuple[str, ...],
    tr: Translate,
) -> None:
    cx, cy = area_xy_px(area, columns)
    rows = [here[:3], here[3:]]
    for row, y in zip(rows, (cy - 10, cy + 24), strict=True):
        for i, (seat, boat, fisher, anchored, selectable) in enumerate(row):
            x = cx + (i - (len(row) - 1) / 2) * BOAT_GAP
            title = _boat_title(seat, boat, fisher, anchored, names, tr)
            _boat(
                svg,
                x,
                y,
                seat,
                boat,
                fisher=fisher,
                anchored=anchored,
                selectable=selectable,
                title=title,
            )


def _fish(
    svg: Svg,
    fish: int,
    columns: int,
    value: int | None,
    face_up: bool,
    seen: bool,
    clickable: bool,
    radar: bool,
    markers: tuple[int, ...],
    names: tuple[str, ...],
    tr: Translate,
) -> None:
    """A fish card: ``seen`` by the viewer alone, or ``face_up`` for everyone; ``clickable``
    to investigate and ``radar`` to turn up when those are the viewer's moves."""
    x, y = fish_xy_px(fish, columns)
    if clickable:
        svg.open_act(
            Investigate(fish), words.investigate_label(fish, tr), "fish-act", f' data-fish="{fish}"'
        )
    else:
        svg.add(f'<g class="fish" data-fish="{fish}">')
    fill = FACE_UP_FILL if face_up else CARD_FILL
    stroke, width = (
        (HIGHLIGHT, 3) if clickable else (("#c98b00", 3) if face_up else ("#8a7a5a", 1.5))
    )
    svg.add(
        f'<rect class="card" x="{x - CARD_W // 2}" y="{y - CARD_H // 2}" width="{CARD_W}" '
        f'height="{CARD_H}" rx="6" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
    )
    if face_up:
        svg.text(x, y - CARD_H // 2 + 12, tr("radar"), size=9, anchor="middle", fill="#8a5a00")
    elif seen:
        svg.text(x, y - CARD_H // 2 + 12, tr("seen"), size=9, anchor="middle", fill="#555555")
    shown = "?" if value is None else str(value)
    svg.text(
        x,
        y + 10,
        shown,
        size=30,
        anchor="middle",
        weight="bold",
        fill="#8c8c8c" if value is None else INK,
        extra=f' class="fish-value" data-fish="{fish}"',
    )
    svg.text(
        x, y + CARD_H // 2 - 6, words.fish_name(fish, tr), size=10, anchor="middle", fill="#666"
    )
    for i, seat in enumerate(markers):
        mx = x + (i - (len(markers) - 1) / 2) * 16
        my = y + CARD_H // 2 + 10
        by = tr("Investigated by {name}").format(name=seat_name(names, seat, tr))
        svg.add(
            f'<g class="marker" data-seat="{seat}"><title>{esc(by)}</title>'
            f'<circle cx="{mx}" cy="{my}" r="7" fill="{seat_colour(seat)}" '
            f'stroke="{INK}" stroke-width="1.2"/>'
        )
        svg.text(mx, my + 3, str(seat + 1), size=9, anchor="middle", weight="bold")
        svg.add("</g>")
    svg.add("</g>")
    if radar:
        rx, ry = x + CARD_W // 2 + 11, y - CARD_H // 2 + 6
        svg.open_act(
            UseRadar(fish), words.radar_label(fish, tr), "radar-act", f' data-fish="{fish}"'
        )
        svg.add(
            f'<circle cx="{rx}" cy="{ry}" r="12" fill="#ffffff" stroke="{HIGHLIGHT}" '
            f'stroke-width="2"/><circle cx="{rx}" cy="{ry}" r="6" fill="none" stroke="{INK}"/>'
            f'<circle cx="{rx}" cy="{ry}" r="1.8" fill="{INK}"/>'
            f'<line x1="{rx}" y1="{ry}" x2="{rx + 8}" y2="{ry - 6}" stroke="{INK}" '
            f'stroke-width="1.5"/>'
        )
        svg.add("</g>")


def _legend_head(svg: Svg, tr: Translate) -> None:
    columns = ((44, "player"), (222, "dock"), (380, "markers"), (496, "radar"), (556, "anchor"))
    head_y = LEGEND_Y - 8
    for x, key in (*columns, (626, "finished")):
        svg.text(x, head_y, words.seat_column(key, tr), size=11, fill="#44546a")
    svg.text(
        WIDTH - 14, head_y, words.seat_column("points", tr), size=11, fill="#44546a", anchor="end"
    )


def _seat_row_frame(svg: Svg, seat: int, to_move: bool) -> None:
    """A seat's row of the legend opened, marked when the seat is to move."""
    top = LEGEND_Y + seat * ROW_H
    mid = top + ROW_H / 2
    colour = seat_colour(seat)
    svg.add(f'<g class="seat" data-seat="{seat}">')
    svg.add(
        f'<rect x="8" y="{top + 2}" width="{WIDTH - 16}" height="{ROW_H - 4}" rx="8" '
        f'fill="{"#ffffff" if to_move else "#eef6f9"}" '
        f'stroke="{colour if to_move else "#c4d6de"}" '
        f'stroke-width="{3 if to_move else 1}"/>'
    )
    if to_move:
        svg.text(14, mid + 5, "▶", size=13, fill=INK, extra=' class="to-move"')


def _seat_row(
    svg: Svg,
    seat: int,
    you: bool,
    boats: tuple[int, ...],
    fisher: int,
    anchored: int,
    selectable: tuple[int, ...],
    markers_left: int,
    radars: int,
    anchor_used: bool,
    finished: bool,
    points: tuple[int, int],
    names: tuple[str, ...],
    tr: Translate,
) -> None:
    """The rest of a seat's row (after its frame): its boats in the dock, markers, radars,
    anchor, points; it closes the row."""
    top = LEGEND_Y + seat * ROW_H
    mid = top + ROW_H / 2
    colour = seat_colour(seat)
    svg.add(
        f'<circle cx="34" cy="{mid}" r="10" fill="{colour}" stroke="{INK}" stroke-width="1.2"/>'
    )
    svg.text(34, mid + 4, str(seat + 1), size=11, anchor="middle", weight="bold")
    name = seat_name(names, seat, tr)
    if len(name) > 16:
        name = name[:15] + "…"
    svg.text(50, mid - 2, name, size=14, weight="bold", extra=' class="seat-name"')
    if you:
        svg.text(50, mid + 13, tr("you"), size=11, fill="#44546a")
    for boat in range(BOATS):
        bx = 246 + boat * BOAT_GAP
        if boats[boat] == DOCK:
            on_board, anchor = fisher == boat, anchored == boat
            _boat(
                svg,
                bx,
                mid + 3,
                seat,
                boat,
                fisher=on_board,
                anchored=anchor,
                selectable=boat in selectable,
                title=_boat_title(seat, boat, on_board, anchor, names, tr),
            )
        else:
            svg.add(
                f'<path d="M {bx - 21} {mid - 4} L {bx + 21} {mid - 4} L {bx + 14} '
                f'{mid + 11} L {bx - 14} {mid + 11} Z" fill="none" stroke="#9fb3bf" '
                f'stroke-dasharray="3 3"/>'
            )
    svg.text(380, mid + 5, str(markers_left), size=14, weight="bold")
    for i in range(5):
        filled = colour if i < markers_left else "none"
        svg.add(
            f'<circle cx="{400 + i * 16}" cy="{mid}" r="5.5" fill="{filled}" '
            f'stroke="{INK}" stroke-width="1"/>'
        )
    svg.text(506, mid + 5, str(radars), size=14, weight="bold")
    svg.text(556, mid + 5, tr("used") if anchor_used else tr("ready"), size=13)
    if finished:
        svg.text(626, mid + 5, tr("Done!"), size=13, weight="bold", extra=' class="done"')
    r1, r2 = points
    svg.text(
        WIDTH - 14,
        mid + 5,
        f"{r1} + {r2} = {r1 + r2}",
        size=15,
        weight="bold",
        anchor="end",
        extra=' class="points"',
    )
    svg.add("</g>")


# --- What the board shows ---------------------------------------------------------------


@dataclass
class _Table:
    """The cards and boats on the table: the current deal, or the round just scored."""

    areas: list[int | None]
    fish: list[int | None]
    revealed: list[bool]
    markers: list[list[int]]
    boats: list[list[int]]  # per seat, the position of boats 0..2 (DOCK = in the dock)
    anchored: list[int]
    fisher: list[int]
    scored: dict[str, Any] | None


def _table_of(obs: dict[str, Any]) -> _Table:
    n = obs["num_players"]
    if obs["results"] and obs["phase"] in _SCORED_PHASES:
        # Between rounds and at the end, the table shows the round just scored:
        # every fish card of it was turned face up, so its values are public.
        r = obs["results"][-1]
        same_round = obs["phase"] == "over"
        return _Table(
            areas=list(r["areas"]),
            fish=list(r["fish"]),
            revealed=list(obs["revealed"]) if same_round else [False] * len(r["fish"]),
            markers=[list(m) for m in obs["markers"]] if same_round else [[]] * len(r["fish"]),
            boats=[list(r["boats"][s * BOATS : (s + 1) * BOATS]) for s in range(n)],
            anchored=list(r["anchors"]),
            fisher=list(r["fisher_boats"]),
            scored=r,
        )
    players = obs["players"]
    return _Table(
        areas=list(obs["areas"]),
        fish=list(obs["fish"]),
        revealed=list(obs["revealed"]),
        markers=[list(m) for m in obs["markers"]],
        boats=[list(p["boats"]) for p in players],
        anchored=[p["anchored_boat"] for p in players],
        fisher=[p["fisher_boat"] for p in players],
        scored=None,
    )


class WhaleToLookBoard(WordedBoard):
    words = words

    """The web board of Whale to Look."""

    # ------------------------------------------------------------------ svg

    def svg(
        self, obs: dict[str, Any], legal: Sequence[Action], names: Sequence[str], tr: Translate
    ) -> str:
        table = _table_of(obs)
        n = obs["num_players"]
        height = LEGEND_Y + n * ROW_H + 10
        svg = Svg()
        label = tr("Whale to Look table")
        svg.open("whale-to-look", WIDTH, height, label, OCEAN)
        # Each piece is kept by all it is drawn from (see Svg.piece): a step redraws only
        # the cards, boats and seats it changed.
        names = tuple(names)
        scored = None if table.scored is None else _scored_key(table.scored)
        svg.piece(_header, obs["round"], obs["seat"], obs["trend"], scored, names, tr)
        moves = [a for a in legal if isinstance(a, MoveBoat)]
        areas = len(table.areas)
        columns = columns_of(table.areas)
        for area in range(areas):
            on_area = None
            if scored is not None:
                _, sums, whale, orca, _ = scored
                on_area = (sums[area], area == whale, area == orca)
            svg.piece(_area, area, columns, table.areas[area], on_area, tr)
        self._move_targets(svg, obs, moves, tr)
        selectable = {m.boat for m in moves} if obs["seat"] is not None else set()
        mine = obs["seat"]
        on_areas: list[list[BoatHere]] = [[] for _ in range(areas)]
        for seat, boats in enumerate(table.boats):
            fisher, anchored = table.fisher[seat], table.anchored[seat]
            for boat, at in enumerate(boats):
                if at != DOCK:
                    mark = seat == mine and boat in selectable
                    on_areas[at].append((seat, boat, fisher == boat, anchored == boat, mark))
        for area in range(areas):
            svg.piece(_boats_on_area, area, columns, tuple(on_areas[area]), names, tr)
        investigable = {a.fish for a in legal if isinstance(a, Investigate)}
        radar = {a.fish for a in legal if isinstance(a, UseRadar)}
        for fish in range(len(table.fish)):
            value = table.fish[fish]
            markers = tuple(table.markers[fish])
            svg.piece(
                _fish,
                fish,
                columns,
                value,
                table.revealed[fish],
                value is not None and table.scored is None,
                fish in investigable,
                fish in radar,
                markers,
                names if markers else (),
                tr,
            )
        self._controls(svg, obs, legal, moves, tr)
        svg.piece(_legend_head, tr)
        for seat, player in enumerate(obs["players"]):
            # The row's frame shows whose turn it is, so its body stays drawn turn to turn.
            svg.piece(_seat_row_frame, seat, obs["to_move"] == seat)
            svg.piece(
                _seat_row,
                seat,
                seat == mine,
                tuple(table.boats[seat]),
                table.fisher[seat],
                table.anchored[seat],
                tuple(sorted(selectable)) if seat == mine else (),
                player["markers_left"],
                player["radars"],
                player["anchor_used"],
                player["finished"],
                tuple(player["points"]),
                names,
                tr,
            )
        return svg.close()

    def _move_targets(
        self, svg: Svg, obs: dict[str, Any], moves: list[MoveBoat], tr: Translate
    ) -> None:
        """One hidden target per legal move; table.js shows those of the selected boat."""
        areas = tuple(obs["areas"])
        for move in moves:
            svg.piece(_move_target, move, words.boat_at(obs, move.boat), areas, tr)

    def _controls(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        moves: list[MoveBoat],
        tr: Translate,
    ) -> None:
        x: float = 16
        for action in legal:
            if isinstance(action, Finish):
                x = svg.button(
                    action,
                    x,
                    CONTROLS_Y,
                    tr("Finish"),
                    self.label(action, obs, (), tr),
                    "finish-act",
                )
        for action in legal:
            if isinstance(action, ChooseFisherBoat):
                text = tr("Fisher on boat {tourists}").format(tourists=TOURISTS[action.boat])
                x = svg.button(
                    action, x, CONTROLS_Y, text, self.label(action, obs, (), tr), "fisher-act"
                )
        if moves:
            hint = tr(
                "Choose one of your boats, then an area (⚓: move there and drop the anchor)."
            )
            svg.text(x, CONTROLS_Y + 24, hint, size=13, extra=' class="hint"')


Board = WhaleToLookBoard
"""The name the registry looks for."""

__all__ = ["Board", "WhaleToLookBoard"]
