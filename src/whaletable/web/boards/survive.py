"""Survive: Escape from Atlantis! on the web table: the hex sea as SVG, from one observation.

The 133 spaces are drawn where :mod:`whaletable.games.survive.components` puts them
(pointy-top hexes, ``x`` from the half-hex column, ``y`` from the row); island tiles
are coloured by terrain, the four safe isles sit in the corners beside their yellow
landing spaces. Explorers are discs in their seat's colour; a disc shows a value only
when the observation gives it (the viewer's own explorers, everyone's at the end),
inside ``<text class="explorer-value">`` and nowhere else.

Moves are small decisions. Pieces that can move (explorers, boats, the values still
to place at setup) are *selectable*: a click on one shows its destinations, and a click
on a destination plays the move (two steps, as Whale to Look does for boats). Tiles to
sink, sea spaces for a boat or a squid, creatures to pick and their destinations,
people a squid may take and the held tiles are clicked directly; "done" and "do not
play a deterrent" are buttons under the sea.

Spaces are named as on the terminal: a row letter A–M and the space's place in the
row from the left, so the centre of the island is G6.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from whaletable.core.action import Action
from whaletable.games.survive import words
from whaletable.games.survive.actions import (
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
from whaletable.games.survive.components import BOARD, ISLE_NAMES
from whaletable.games.survive.words import (
    SEAT_COLUMNS,
    boat_of,
    boat_words,
    effect_name,
    explorer_of,
    isle_name,
    number,
    seat_column,
    seen_creature_words,
    seen_explorer_words,
    space_name,
    space_words,
    step,
    table_line,
    terrain_name,
    where,
)
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

MUTED = "#44546a"
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
LEGEND_KEYS = ("player", *SEAT_COLUMNS, "tiles")


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
    cx, cy = hex_xy(space)
    r = SIZE - shrink
    points = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    return " ".join(points)


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
NUM_SPACES = BOARD.num_hexes
_LANDING = frozenset(h for isle in BOARD.landing for h in isle)
ISLE_R = 34


def _space(
    svg: Svg,
    space: int,
    terrain: str | None,
    threatened: bool,
    on_space: Action | None,
    act_title: str,
    tr: Translate,
) -> None:
    """One space of the board: its terrain, a landing ring, a threat; clickable when
    ``on_space`` is the viewer's move there (``act_title`` its words)."""
    fill = TERRAIN_FILL.get(terrain, SEA) if terrain else SEA
    title = space_words(space, tr)
    if terrain:
        title += " · " + terrain_name(terrain, tr)
    if on_space is not None:
        svg.open_act(on_space, act_title, "space-act", f' data-hex="{space}"')
        stroke, width = HIGHLIGHT, 3.0
    else:
        svg.add(f'<g class="space" data-hex="{space}"><title>{esc(title)}</title>')
        stroke, width = ("#3f7f95", 1.0) if not terrain else ("#4d4030", 1.5)
    terrain_attr = f' data-terrain="{terrain}"' if terrain else ""
    svg.add(
        f'<polygon class="hex" points="{hex_points(space, 0.6)}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{width}"{terrain_attr}/>'
    )
    if space in _LANDING:
        svg.add(
            f'<polygon points="{hex_points(space, 3.5)}" fill="none" stroke="{LANDING}" '
            f'stroke-width="3" pointer-events="none"/>'
        )
    if threatened:
        svg.add(
            f'<polygon class="threat" points="{hex_points(space, 2.5)}" fill="none" '
            f'stroke="#c00000" stroke-width="3" stroke-dasharray="5 3" '
            f'pointer-events="none"/>'
        )
    svg.add("</g>")


# --- Drawing helpers ----------------------------------------------------------------------


def _creature_shape(svg: Svg, kind: str, x: float, y: float, r: float = 7.5) -> None:
    fill = CREATURE_FILL.get(kind, INK)
    svg.add(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="#ffffff" '
        f'stroke-width="1.2"/>'
    )
    if kind == "serpent":
        svg.add(
            f'<path d="M {x - 5:.1f} {y + 2:.1f} q 2.5 -6 5 0 t 5 0" fill="none" '
            f'stroke="#ffffff" stroke-width="1.6"/>'
        )
    elif kind == "shark":
        svg.add(
            f'<path d="M {x - 4.5:.1f} {y + 3:.1f} L {x + 1:.1f} {y - 5:.1f} '
            f'L {x + 4.5:.1f} {y + 3:.1f} Z" fill="#ffffff"/>'
        )
    elif kind == "whale":
        svg.add(
            f'<ellipse cx="{x - 1:.1f}" cy="{y + 1:.1f}" rx="4.2" ry="2.6" fill="#ffffff"/>'
            f'<path d="M {x + 3:.1f} {y + 1:.1f} L {x + 5.5:.1f} {y - 2:.1f} '
            f'L {x + 5.5:.1f} {y + 3.5:.1f} Z" fill="#ffffff"/>'
        )
    elif kind == "dolphin":
        svg.add(
            f'<path d="M {x - 5:.1f} {y + 3:.1f} Q {x - 1:.1f} {y - 6:.1f} {x + 5:.1f} '
            f'{y + 1:.1f} L {x + 1:.1f} {y + 1:.1f} L {x - 1:.1f} {y + 4:.1f} Z" '
            f'fill="#ffffff"/>'
        )
    else:  # giant squid
        svg.add(
            f'<circle cx="{x:.1f}" cy="{y - 2:.1f}" r="2.8" fill="#ffffff"/>'
            f'<path d="M {x - 3:.1f} {y} l -1.5 4.5 M {x:.1f} {y} l 0 5 M {x + 3:.1f} {y} '
            f'l 1.5 4.5" stroke="#ffffff" stroke-width="1.2"/>'
        )


def _hull(svg: Svg, x: float, y: float, stroke: str = INK, width: float = 1.2) -> None:
    svg.add(
        f'<path class="hull" d="M {x - 20:.1f} {y - 6:.1f} L {x + 20:.1f} {y - 6:.1f} '
        f'L {x + 14:.1f} {y + 6:.1f} L {x - 14:.1f} {y + 6:.1f} Z" fill="{HULL}" '
        f'stroke="{stroke}" stroke-width="{width}"/>'
    )


class SurviveBoard(WordedBoard):
    words = words

    """The web board of Survive: Escape from Atlantis! with the Giant Squid."""

    # ------------------------------------------------------------------ svg

    def svg(
        self, obs: dict[str, Any], legal: Sequence[Action], names: Sequence[str], tr: Translate
    ) -> str:
        n = obs["num_players"]
        layout = self._hand_layout(obs, tr)
        rows = max([1, *(row + 1 for _, _, row, _ in layout)])
        legend_y = HAND_Y + 26 + rows * TILE_ROW
        height = int(legend_y + n * SEAT_H + 14)
        svg = Svg()
        keys = self._selection_keys(obs, legal)
        svg.open(
            "survive",
            WIDTH,
            height,
            tr("Survive: Escape from Atlantis! board"),
            DEEP,
            css=self._selection_css(keys),
        )
        self._header(svg, obs, names, tr)
        self._isles(svg, obs, legal, names, tr)
        self._spaces(svg, obs, legal, tr)
        self._pieces(svg, obs, legal, names, tr)
        self._targets(svg, obs, legal, names, tr)
        self._controls(svg, obs, legal, names, tr)
        self._hand(svg, obs, legal, layout, names, tr)
        self._legend(svg, obs, legend_y, names, tr)
        return svg.close()

    # The two-step choices: a selectable piece carries ``data-boat`` (the page script's
    # name for "the thing chosen on this page"), its destinations the same value.

    def _selection_keys(self, obs: dict[str, Any], legal: Sequence[Action]) -> list[str]:
        keys: list[str] = []
        for action in legal:
            key = self._key_of(action)
            if key is not None and key not in keys:
                keys.append(key)
        return keys

    @staticmethod
    def _key_of(action: Action) -> str | None:
        if isinstance(action, MoveExplorer | JumpOverboard | LandOnSafeIsle):
            return f"e{action.explorer}"
        if isinstance(action, MoveBoat | MoveEmptyBoat):
            return f"b{action.boat}"
        if isinstance(action, PlaceExplorer):
            return f"v{action.value}"
        return None

    def _board_key(self, obs: dict[str, Any], action: BoardBoat) -> str | None:
        # A swimmer climbing into its boat during movement is a two-step choice; the
        # revealer of a boat tile picking who boards clicks the swimmer at once.
        return None if obs["phase"] == "board" else f"e{action.explorer}"

    @staticmethod
    def _selection_css(keys: list[str]) -> str:
        rules = []
        for key in keys:
            rules.append(
                f'svg.survive[data-selected="{key}"] .move-target[data-boat="{key}"]'
                "{visibility:visible}"
                f'svg.survive[data-selected="{key}"] .selectable[data-boat="{key}"] .mark'
                "{stroke:#d55e00;stroke-width:3.5;stroke-dasharray:none}"
            )
        return "".join(rules)

    def _header(self, svg: Svg, obs: dict[str, Any], names: Sequence[str], tr: Translate) -> None:
        seat = obs["seat"]
        turn = obs.get("turn") or 0
        first = tr("Turn {turn}").format(turn=turn) if turn else tr("Setting up")
        if seat is None:
            first += " · " + tr("spectator view: public information only")
        else:
            first += " · " + tr("{name}'s view").format(name=seat_name(names, seat, tr))
        svg.text(16, 22, first, size=15, weight="bold")
        second = table_line(obs, tr)
        svg.text(16, 44, second, size=12, fill=MUTED)

    # ---------------------------------------------------------------- spaces

    def _spaces(
        self, svg: Svg, obs: dict[str, Any], legal: Sequence[Action], tr: Translate
    ) -> None:
        direct: dict[int, Action] = {}
        for action in legal:
            if isinstance(action, SinkTile | PlaceBoat | PlaceSquid):
                direct[action.hex] = action
            elif isinstance(action, MoveCreature):
                direct[action.to] = action
        threat = (obs.get("pending") or {}).get("threat")
        threat_hex = threat.get("hex") if isinstance(threat, dict) else None
        for space in range(NUM_SPACES):
            on_space = direct.get(space)
            title = "" if on_space is None else self.label(on_space, obs, (), tr)
            # Kept by all it shows: most spaces look the same from one step to the next.
            svg.piece(
                _space, space, obs["terrain"][space], space == threat_hex, on_space, title, tr
            )

    def _isles(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        for i, isle in enumerate(ISLE_NAMES):
            x, y = ISLE_XY[i]
            for h in BOARD.landing[i]:
                hx, hy = hex_xy(h)
                svg.add(
                    f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{hx:.1f}" y2="{hy:.1f}" '
                    f'stroke="{LANDING}" stroke-width="5" stroke-linecap="round"/>'
                )
            svg.add(
                f'<g class="isle" data-isle="{isle}"><title>{esc(isle_name(isle, tr))}</title>'
                f'<circle cx="{x}" cy="{y}" r="{ISLE_R}" fill="{ISLE_FILL}" stroke="{LANDING}" '
                f'stroke-width="3"/>'
            )
            safe = [e for e in obs["explorers"] if e["status"] == "safe" and e["isle"] == isle]
            for k, e in enumerate(safe):
                row, col = divmod(k, 5)
                ex = x - 20 + col * 10
                ey = y - 14 + row * 10
                svg.add(
                    f'<circle class="safe-explorer" data-explorer="{e["id"]}" cx="{ex:.1f}" '
                    f'cy="{ey:.1f}" r="4.5" fill="{seat_colour(e["seat"])}" stroke="{INK}" '
                    f'stroke-width="0.8"/>'
                )
            svg.add("</g>")

    # ---------------------------------------------------------------- pieces

    def _pieces(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        selectable = set()
        for action in legal:
            key = self._key_of(action)
            if isinstance(action, BoardBoat):
                key = self._board_key(obs, action)
            if key is not None:
                selectable.add(key)
        direct_explorer: dict[int, Action] = {}
        for action in legal:
            if isinstance(action, TakePerson) or (
                isinstance(action, BoardBoat) and obs["phase"] == "board"
            ):
                direct_explorer[action.explorer] = action
        picks = {a.creature: a for a in legal if isinstance(a, PickCreature)}
        pending = obs.get("pending") or {}
        picked = pending.get("creature")

        boats_at: dict[int, dict[str, Any]] = {}
        for boat in obs["boats"]:
            if boat["status"] == "sea" and boat["hex"] is not None:
                boats_at[boat["hex"]] = boat
        people_at: dict[int, list[dict[str, Any]]] = {}
        for e in obs["explorers"]:
            if e["status"] in ("land", "swimming") and e["hex"] is not None:
                people_at.setdefault(e["hex"], []).append(e)
        creatures_at: dict[int, list[dict[str, Any]]] = {}
        for c in obs["creatures"]:
            if c["status"] == "sea" and c["hex"] is not None:
                creatures_at.setdefault(c["hex"], []).append(c)

        for space in range(BOARD.num_hexes):
            cx, cy = hex_xy(space)
            creatures = creatures_at.get(space, [])
            for k, c in enumerate(creatures):
                x = cx + (k - (len(creatures) - 1) / 2) * 15
                y = cy - 17
                self._creature(svg, obs, c, x, y, picks.get(c["id"]), c["id"] == picked, tr)
            boat = boats_at.get(space)
            people = people_at.get(space, [])
            if boat is not None:
                self._boat(svg, obs, boat, cx, cy + 4, selectable, direct_explorer, names, tr)
                spots = self._spots(len(people), cx, cy + 19, 1)
            elif obs["terrain"][space]:
                spots = self._spots(len(people), cx, cy, 3)
            else:
                spots = self._spots(len(people), cx, cy + 4, 2)
            for e, (x, y, r) in zip(people, spots, strict=True):
                self._explorer(svg, obs, e, x, y, r, selectable, direct_explorer, names, tr)

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

    def _explorer(
        self,
        svg: Svg,
        obs: dict[str, Any],
        e: dict[str, Any],
        x: float,
        y: float,
        r: float,
        selectable: set[str],
        direct: dict[int, Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        key = f"e{e['id']}"
        title = seen_explorer_words(e["id"], obs, names, tr)
        if e["status"] == "swimming":
            title += " · " + tr("swimming")
        elif e["status"] == "boat":
            title += " · " + tr("in a boat")
        attrs = f' data-explorer="{e["id"]}" data-seat="{e["seat"]}"'
        action = direct.get(e["id"])
        if action is not None:
            svg.open_act(action, self.label(action, obs, names, tr), "explorer-act", attrs)
        elif key in selectable:
            svg.add(
                f'<g class="explorer boat selectable" data-boat="{key}"{attrs} tabindex="0" '
                f'role="button" aria-label="{esc(title)}"><title>{esc(title)}</title>'
            )
        else:
            svg.add(f'<g class="explorer"{attrs} pointer-events="none"><title>{esc(title)}</title>')
        if e["status"] == "swimming":
            svg.add(
                f'<circle cx="{x}" cy="{y}" r="{r + 2.2:.1f}" fill="none" stroke="#1f78b4" '
                f'stroke-width="1.6" stroke-dasharray="2 1.5"/>'
            )
        ring = HIGHLIGHT if (key in selectable or action is not None) else INK
        dash = ' stroke-dasharray="3 2"' if key in selectable else ""
        width = 2.2 if ring == HIGHLIGHT else 1
        svg.add(
            f'<circle class="mark" cx="{x}" cy="{y}" r="{r}" fill="{seat_colour(e["seat"])}" '
            f'stroke="{ring}" stroke-width="{width}"{dash}/>'
        )
        if e.get("value") is not None:
            svg.text(
                x,
                y + r * 0.45,
                str(e["value"]),
                size=round(r * 1.35, 1),
                anchor="middle",
                weight="bold",
                extra=f' class="explorer-value" data-explorer="{e["id"]}"',
            )
        svg.add("</g>")

    def _boat(
        self,
        svg: Svg,
        obs: dict[str, Any],
        boat: dict[str, Any],
        x: float,
        y: float,
        selectable: set[str],
        direct: dict[int, Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        key = f"b{boat['id']}"
        title = boat_words(boat["id"], tr)
        controllers = boat.get("controllers") or []
        if controllers and obs.get("seat") in controllers and boat["passengers"]:
            title += " · " + tr("you may move it")
        attrs = f' data-boat-id="{boat["id"]}"'
        if key in selectable:
            svg.add(
                f'<g class="boat-piece boat selectable" data-boat="{key}"{attrs} tabindex="0" '
                f'role="button" aria-label="{esc(title)}"><title>{esc(title)}</title>'
            )
            svg.add(
                f'<ellipse class="mark" cx="{x}" cy="{y}" rx="24" ry="11" fill="none" '
                f'stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="4 3"/>'
            )
        else:
            svg.add(
                f'<g class="boat-piece"{attrs} pointer-events="none"><title>{esc(title)}</title>'
            )
        _hull(svg, x, y)
        svg.add("</g>")
        passengers = [p for p in boat["passengers"]]
        for k, pid in enumerate(passengers):
            e = explorer_of(obs, pid)
            if e is None:
                continue
            px = x + (k - (len(passengers) - 1) / 2) * 12.5
            self._explorer(svg, obs, e, px, y - 8, 5.8, selectable, direct, names, tr)

    def _creature(
        self,
        svg: Svg,
        obs: dict[str, Any],
        c: dict[str, Any],
        x: float,
        y: float,
        pick: Action | None,
        picked: bool,
        tr: Translate,
    ) -> None:
        title = seen_creature_words(c["id"], obs, tr)
        attrs = f' data-creature="{c["id"]}" data-kind="{c["kind"]}"'
        if pick is not None:
            svg.open_act(pick, self.label(pick, obs, (), tr), "creature-act", attrs)
            svg.add(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10.5" fill="#ffffff" '
                f'stroke="{HIGHLIGHT}" stroke-width="2.5"/>'
            )
        else:
            svg.add(f'<g class="creature"{attrs} pointer-events="none"><title>{esc(title)}</title>')
            if picked:
                svg.add(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10.5" fill="none" '
                    f'stroke="{HIGHLIGHT}" stroke-width="2.5"/>'
                )
        _creature_shape(svg, c["kind"], x, y)
        svg.add("</g>")

    # ---------------------------------------------------------------- targets

    def _targets(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        """The destinations of the selectable pieces, hidden until their piece is chosen."""
        for action in legal:
            key = self._key_of(action)
            if isinstance(action, BoardBoat):
                key = self._board_key(obs, action)
            if key is None:
                continue
            label = self.label(action, obs, names, tr)
            if isinstance(action, MoveExplorer):
                self._hex_target(
                    svg,
                    action,
                    key,
                    step(where(obs, action.explorer), action.direction),
                    label,
                    "explorer-target",
                )
            elif isinstance(action, MoveBoat):
                boat = boat_of(obs, action.boat)
                at = boat["hex"] if boat else None
                self._hex_target(svg, action, key, step(at, action.direction), label, "boat-target")
            elif isinstance(action, MoveEmptyBoat):
                self._hex_target(svg, action, key, action.to, label, "boat-target")
            elif isinstance(action, PlaceExplorer):
                self._hex_target(svg, action, key, action.hex, label, "place-target")
            elif isinstance(action, BoardBoat | JumpOverboard):
                at = where(obs, action.explorer)
                if at is None:
                    continue
                cx, cy = hex_xy(at)
                x, y = cx + 17, cy + 14
                cls = "board-target" if isinstance(action, BoardBoat) else "jump-target"
                svg.open_act(
                    action,
                    label,
                    f"move-target {cls}",
                    f' data-boat="{key}" data-hex="{at}" visibility="hidden"',
                )
                svg.add(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="#ffffff" '
                    f'stroke="{HIGHLIGHT}" stroke-width="2.5"/>'
                )
                if isinstance(action, BoardBoat):
                    svg.add(
                        f'<path d="M {x:.1f} {y + 5:.1f} L {x:.1f} {y - 4:.1f} M {x - 4:.1f} '
                        f'{y:.1f} L {x:.1f} {y - 4:.1f} L {x + 4:.1f} {y:.1f}" fill="none" '
                        f'stroke="{INK}" stroke-width="1.8"/>'
                    )
                else:
                    svg.add(
                        f'<path d="M {x:.1f} {y - 5:.1f} L {x:.1f} {y + 4:.1f} M {x - 4:.1f} '
                        f'{y:.1f} L {x:.1f} {y + 4:.1f} L {x + 4:.1f} {y:.1f}" fill="none" '
                        f'stroke="#1f78b4" stroke-width="1.8"/>'
                    )
                svg.add("</g>")
            elif isinstance(action, LandOnSafeIsle):
                at = where(obs, action.explorer)
                isle = next((i for i, hexes in enumerate(BOARD.landing_wide) if at in hexes), None)
                if isle is None:
                    isle = next((i for i, hexes in enumerate(BOARD.landing) if at in hexes), 0)
                x, y = ISLE_XY[isle]
                svg.open_act(
                    action,
                    label,
                    "move-target isle-target",
                    f' data-boat="{key}" data-isle="{ISLE_NAMES[isle]}" visibility="hidden"',
                )
                svg.add(
                    f'<circle cx="{x}" cy="{y}" r="{ISLE_R - 2}" fill="{HIGHLIGHT}" '
                    f'fill-opacity="0.3" stroke="{HIGHLIGHT}" stroke-width="3"/>'
                )
                svg.add("</g>")

    def _hex_target(
        self, svg: Svg, action: Action, key: str, space: int | None, label: str, cls: str
    ) -> None:
        if space is None:
            return
        svg.open_act(
            action,
            label,
            f"move-target {cls}",
            f' data-boat="{key}" data-hex="{space}" visibility="hidden"',
        )
        svg.add(
            f'<polygon points="{hex_points(space, 2.5)}" fill="{HIGHLIGHT}" fill-opacity="0.25" '
            f'stroke="{HIGHLIGHT}" stroke-width="3"/>'
        )
        svg.add("</g>")

    # ---------------------------------------------------------------- under the sea

    def _controls(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        x: float = 16
        for action in legal:
            if isinstance(action, EndMovement):
                text = tr("Stop") if obs["phase"] == "tile-move" else tr("Done moving")
                x = svg.button(
                    action, x, CONTROLS_Y, text, self.label(action, obs, names, tr), "end-act"
                )
            elif isinstance(action, Decline):
                x = svg.button(
                    action,
                    x,
                    CONTROLS_Y,
                    tr("No deterrent"),
                    self.label(action, obs, names, tr),
                    "decline-act",
                )
        values = sorted({a.value for a in legal if isinstance(a, PlaceExplorer)})
        if values:
            svg.text(x, CONTROLS_Y + 14, tr("Explorers to place:"), size=12, fill=INK)
            seat = obs["seat"]
            colour = seat_colour(seat if seat is not None else 0)
            for k, value in enumerate(values):
                vx = x + 12 + k * 30
                vy = CONTROLS_Y + 32
                title = tr("Your explorer worth {value}").format(value=value)
                svg.add(
                    f'<g class="explorer boat selectable" data-boat="v{value}" '
                    f'data-value="{value}" tabindex="0" role="button" '
                    f'aria-label="{esc(title)}"><title>{esc(title)}</title>'
                )
                svg.add(
                    f'<circle class="mark" cx="{vx}" cy="{vy}" r="11" fill="{colour}" '
                    f'stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="3 2"/>'
                )
                svg.text(
                    vx,
                    vy + 5,
                    str(value),
                    size=14,
                    anchor="middle",
                    weight="bold",
                    extra=f' class="explorer-value" data-value="{value}"',
                )
                svg.add("</g>")
            x += 12 + len(values) * 30 + 8
        hint = self._hint(obs, legal, tr)
        if hint:
            svg.text(x, CONTROLS_Y + 24, hint, size=12.5, extra=' class="hint"')

    def _hint(self, obs: dict[str, Any], legal: Sequence[Action], tr: Translate) -> str:
        if not legal:
            return ""
        phase = obs["phase"]
        if any(isinstance(a, PlaceExplorer) for a in legal):
            return tr("Choose a value, then an empty tile.")
        if (
            any(
                isinstance(a, MoveExplorer | MoveBoat | BoardBoat | JumpOverboard | LandOnSafeIsle)
                for a in legal
            )
            and phase != "board"
        ):
            left = obs.get("moves_left")
            if left is None:
                return tr("Choose a piece, then where it goes.")
            return tr("Choose a piece, then where it goes ({left} left).").format(left=left)
        if any(isinstance(a, SinkTile) for a in legal):
            return tr("Choose a tile to sink.")
        if any(isinstance(a, PlaceBoat) for a in legal):
            return tr("Choose a sea space for your boat.")
        if any(isinstance(a, PlaceSquid) for a in legal):
            return tr("Choose a sea space for the giant squid.")
        if any(isinstance(a, MoveEmptyBoat) for a in legal):
            return tr("Choose the creature or unoccupied boat to move.")
        if any(isinstance(a, PickCreature) for a in legal):
            return tr("Choose the creature to move.")
        if any(isinstance(a, MoveCreature) for a in legal):
            return tr("Choose where the creature goes.")
        if any(isinstance(a, TakePerson) for a in legal):
            return tr("Choose the explorer the giant squid takes.")
        if phase == "board":
            return tr("Choose who climbs into the new boat.")
        if any(isinstance(a, PlayTile) for a in legal):
            return tr("You may play one of your tiles first.")
        return ""

    @staticmethod
    def _hand_layout(obs: dict[str, Any], tr: Translate) -> list[tuple[int, float, int, float]]:
        """Where the viewer's held tiles go: ``(slot, x, row, width)``, wrapping rows."""
        seat = obs["seat"]
        hands = obs.get("hands") or []
        if seat is None or seat >= len(hands):
            return []
        out: list[tuple[int, float, int, float]] = []
        x: float = 16
        row = 0
        for slot, tile in enumerate(hands[seat].get("tiles") or []):
            words = effect_name((tile or {}).get("effect") or "", tr)
            width: float = max(86, 22 + int(6.6 * len(words)))
            if x + width > WIDTH - 16 and x > 16:
                x, row = 16, row + 1
            out.append((slot, x, row, width))
            x += width + 8
        return out

    def _hand(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        layout: list[tuple[int, float, int, float]],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        seat = obs["seat"]
        svg.text(
            16,
            HAND_Y + 4,
            tr("Your tiles") if seat is not None else tr("Held tiles"),
            size=12,
            fill=MUTED,
        )
        if seat is None:
            svg.text(
                16,
                HAND_Y + 34,
                tr("A spectator sees only how many tiles each player holds."),
                size=12,
                fill=MUTED,
            )
            return
        if not layout:
            svg.text(16, HAND_Y + 34, tr("none"), size=12, fill=MUTED)
            return
        tiles = obs["hands"][seat]["tiles"]
        playable = {a.slot: a for a in legal if isinstance(a, PlayTile)}
        for slot, x, row, width in layout:
            tile = tiles[slot] or {}
            effect = tile.get("effect") or ""
            words = effect_name(effect, tr)
            top = HAND_Y + 12 + row * TILE_ROW
            action = playable.get(slot)
            attrs = f' data-effect="{esc(effect)}" data-slot="{slot}"'
            if action is not None:
                svg.open_act(action, self.label(action, obs, names, tr), "tile-act", attrs)
                stroke, sw = HIGHLIGHT, 3.0
            else:
                svg.add(f'<g class="tile"{attrs}><title>{esc(words)}</title>')
                stroke, sw = "#b3261e", 1.5
            fill = TERRAIN_FILL.get(tile.get("terrain") or "", "#eeeeee")
            svg.add(
                f'<rect x="{x}" y="{top}" width="{width}" height="{TILE_H}" rx="8" '
                f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>'
                f'<rect x="{x + 4}" y="{top + 4}" width="{width - 8}" height="{TILE_H - 8}" '
                f'rx="6" fill="#ffffff" fill-opacity="0.85"/>'
            )
            svg.text(x + width / 2, top + 25, words, size=12, anchor="middle", weight="bold")
            svg.add("</g>")

    def _legend(
        self, svg: Svg, obs: dict[str, Any], top_y: float, names: Sequence[str], tr: Translate
    ) -> None:
        columns = tuple(
            zip(
                (40, 230, 330, 410, 480, 540, 600),
                (seat_column(k, tr) for k in LEGEND_KEYS),
                strict=True,
            )
        )
        head_y = top_y - 6
        for x, title in columns:
            svg.text(x, head_y, title, size=11, fill=MUTED)
        over = obs["phase"] == "over"
        if over:
            svg.text(
                WIDTH - 14, head_y, seat_column("score", tr), size=11, fill=MUTED, anchor="end"
            )
        hands = obs.get("hands") or []
        scores = obs.get("scores") or []
        for seat in range(obs["num_players"]):
            top = top_y + seat * SEAT_H
            mid = top + SEAT_H / 2
            colour = seat_colour(seat)
            to_move = obs["to_move"] == seat
            svg.add(f'<g class="seat" data-seat="{seat}">')
            svg.add(
                f'<rect x="8" y="{top + 2}" width="{WIDTH - 16}" height="{SEAT_H - 4}" rx="8" '
                f'fill="{"#ffffff" if to_move else "#eef6f9"}" '
                f'stroke="{colour if to_move else "#c4d6de"}" '
                f'stroke-width="{3 if to_move else 1}"/>'
            )
            if to_move:
                svg.text(12, mid + 5, "▶", size=12, extra=' class="to-move"')
            svg.add(
                f'<circle cx="28" cy="{mid}" r="9" fill="{colour}" stroke="{INK}" '
                f'stroke-width="1.2"/>'
            )
            name = seat_name(names, seat, tr)
            if len(name) > 18:
                name = name[:17] + "…"
            svg.text(42, mid - 1, name, size=14, weight="bold", extra=' class="seat-name"')
            sub = []
            if seat == obs["seat"]:
                sub.append(tr("you"))
            if obs.get("active") == seat:
                sub.append(tr("their turn") if seat != obs["seat"] else tr("your turn"))
            if sub:
                svg.text(42, mid + 13, " · ".join(sub), size=10.5, fill=MUTED)
            mine = [e for e in obs["explorers"] if e["seat"] == seat]
            for (x, _), status in zip(columns[1:6], SEAT_COLUMNS, strict=True):
                value = sum(1 for e in mine if e["status"] == status)
                svg.text(x, mid + 5, str(value), size=14, weight="bold")
            held = hands[seat]["count"] if seat < len(hands) else 0
            svg.text(
                600,
                mid + 5,
                str(held),
                size=14,
                weight="bold",
                extra=f' class="held" data-seat="{seat}"',
            )
            if over and seat < len(scores) and scores[seat] is not None:
                svg.text(
                    WIDTH - 14,
                    mid + 5,
                    number(scores[seat]),
                    size=15,
                    weight="bold",
                    anchor="end",
                    extra=' class="score"',
                )
            svg.add("</g>")


Board = SurviveBoard
"""The name the registry looks for."""

__all__ = ["Board", "SurviveBoard", "space_name"]
