"""Whale Riders on the web table: the game's scene (``games/whale_riders/view.py``: what
is shown, in which words, which click makes which move) given a place and a shape.

The coast runs left to right from the Sun Port (home) to the Lobster Port, each port a
column of spaces with its price beside each, the cheapest at the bottom (where the dearer
tiles slide down into gaps); the riders sail the lane under the ports. Below come the
viewer's contracts and a row per player with what everybody sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from whaletable.core.view import Choice, Piece, Region, Scene
from whaletable.games.whale_riders import view, words
from whaletable.games.whale_riders.observation import WhaleRidersObservation
from whaletable.web.boards import (
    HIGHLIGHT,
    INK,
    MUTED,
    Svg,
    Translate,
    WordedBoard,
    circle,
    esc,
    key_attrs,
    number,
    rect,
    seat_colour,
    seat_row,
)

# --- Geometry of the drawing (SVG user units) -----------------------------------------
WIDTH = 1000
HEADER = 54
COL_X0, COL_W = 14, 121  # port columns
NAME_Y = HEADER + 20
SPACE_H, SPACE_GAP = 40, 5
SPACES_TOP = NAME_Y + 14
SUN_SPACES = 7
SPACES_BOTTOM = SPACES_TOP + SUN_SPACES * (SPACE_H + SPACE_GAP)
TILE_X, TILE_W = 34, 80  # a tile's offset in its column, and its width
LANE_Y = SPACES_BOTTOM + 8  # the riders' lane under the ports
LANE_H = 62
CONTROLS_Y = LANE_Y + LANE_H + 14
HAND_Y = CONTROLS_Y + 58
CARD_W, CARD_H = 306, 62
ROW_H = 56

OCEAN = "#d9edf4"
COAST = "#eef6f9"
GOOD_FILL = {
    "shell": "#f6c9bd",
    "kelp": "#8fcf8a",
    "meat": "#e8998a",
    "pottery": "#e0ad6e",
    "crystal": "#a9ddf0",
    "pearl": "#c5a8e6",  # the rulebook's pearl tiles have a purple background
    "storm": "#5b6470",
}
BOLD = {"anchor": "middle", "weight": "bold"}
HEADING_MARK = {"out": "▶", "back": "◀", "home": "⌂"}
ACT_CLASS = {  # the classes the page's scripts and tests find each kind of move by
    "move": "move-act",
    "take_coin": "coin-act",
    "burn_contracts": "burn-start-act",
    "fulfil_contracts": "fulfil-start-act",
    "done": "done-act",
    "buy": "buy-act",
    "burn": "card-act burn-act",
    "fulfil": "card-act fulfil-act",
}


_PORT_EDGE = {"rx": 9, "stroke": "#b7cdd6", "stroke_width": 1}


def col_x(port: int) -> int:
    return COL_X0 + port * COL_W


def space_y(slot: int) -> int:
    """The top of space ``slot`` (0 = the cheapest, at the bottom of the column)."""
    return SPACES_BOTTOM - (slot + 1) * (SPACE_H + SPACE_GAP)


def _face(svg: Svg, x: float, y: float, kind: str, w: float, h: float, lit: bool = False) -> None:
    """A tile's face in its good's colour: on a space, or a small chip."""
    rx = 7 if h > 16 else 4
    edge = {"stroke": HIGHLIGHT, "stroke_width": 3} if lit else {"stroke": INK, "stroke_width": 1}
    svg.add(rect(x, y, w, h, GOOD_FILL.get(kind, "#dddddd"), cls="face", rx=rx, **edge))


class WhaleRidersBoard(WordedBoard[WhaleRidersObservation]):
    """The web board of Whale Riders."""

    words, view = words, view

    def draw(
        self, obs: WhaleRidersObservation, sc: Scene, names: Sequence[str], tr: Translate
    ) -> str:
        lit = sc.highlights
        at = {c.target: c for c in sc.choices if c.target is not None}
        regions = {r.key: r for r in sc.regions}
        seats = [r for r in sc.regions if r.kind == "seat"]
        ports = [r for r in sc.regions if r.kind == "port"]
        hand, decrees = regions.get("hand"), regions.get("decrees")
        players_y = HAND_Y + (CARD_H + 44 if hand else 0)
        decrees_y = players_y + 22 + len(seats) * ROW_H + 40
        height = decrees_y + (30 + 22 * len(decrees.pieces) if decrees else 0) + 8
        svg = Svg()
        svg.open("whale-riders", WIDTH, height, tr("Whale Riders table"), OCEAN)
        turn = regions["turn"]
        viewer = tr("spectator view: public information only")
        if turn.owner is not None:
            viewer = tr("{name}'s view").format(name=regions[f"seat-{turn.owner}"].label)
        svg.text(16, 22, f"{turn.label} · {viewer}", size=15, weight="bold")
        svg.text(16, 42, regions["supply"].label, size=12, fill=MUTED, extra=' class="counts"')
        for index, port in enumerate(ports):
            self._port(svg, index, port, at, lit, tr)
        svg.add(rect(COL_X0, LANE_Y, len(ports) * COL_W - 4, LANE_H, "#bcdde9", rx=10))
        for index, port in enumerate(ports):
            self._riders(svg, index, [p for p in port.pieces if p.kind == "rider"], lit)
        self._controls(svg, [c for c in sc.choices if c.target is None], turn, tr)
        if hand is not None:
            self._hand(svg, hand, at, lit, tr)
        self._players(svg, seats, players_y, lit, tr)
        if decrees is not None:
            svg.text(16, decrees_y + 14, tr("Decrees"), size=13, weight="bold", fill=MUTED)
            for i, decree in enumerate(decrees.pieces):
                data = key_attrs(decree.key, "decree", decree.key in lit)
                data += f' data-decree="{esc(decree.key.removeprefix("decree-"))}"'
                svg.text(16, decrees_y + 36 + i * 22, decree.label, size=12, extra=data)
        return svg.close()

    def _port(
        self,
        svg: Svg,
        index: int,
        port: Region,
        at: dict[str, Choice],
        lit: frozenset[str],
        tr: Translate,
    ) -> None:
        x = col_x(index)
        buying = "buying" in port.marks
        svg.keyed(port.key, "port", lit, f' data-port="{index}"', port.label)
        fill = "#fff6d6" if "home" in port.marks else COAST
        box = {"rx": 9, "stroke": HIGHLIGHT, "stroke_width": 2} if buying else _PORT_EDGE
        svg.add(rect(x + 2, NAME_Y - 16, COL_W - 6, SPACES_BOTTOM - NAME_Y + 18, fill, **box))
        named = {"anchor": "middle", "weight": "bold", "extra": ' class="port-name"'}
        svg.text(x + COL_W / 2 - 1, NAME_Y, port.label, size=12, **named)
        for slot, space in enumerate(p for p in port.pieces if p.kind != "rider"):
            y, mid = space_y(slot), space_y(slot) + SPACE_H / 2
            # The price printed beside the space: a coin.
            svg.add('<g class="price">' + circle(x + 18, mid, 11, "#f2d16b", stroke="#a07f1a"))
            svg.text(x + 18, mid + 4, port.notes[slot], size=12, anchor="middle", weight="bold")
            svg.add("</g>")
            choice = at.get(space.key)
            act = "" if choice is None else ACT_CLASS[choice.action.kind]
            data = f' data-port="{index}" data-slot="{slot}"'
            said = port.notes[slot]
            if space.label:
                said = tr("{space} · price {price}").format(space=space.label, price=said)
            svg.keyed(space.key, "space", lit, data, said, choice=choice, act=act)
            if space.kind == "empty":
                dashed = {"rx": 7, "stroke": "#9fb3bf", "stroke_dasharray": "4 3"}
                svg.add(rect(x + TILE_X, y, TILE_W, SPACE_H, "none", **dashed))
            else:
                svg.add(f'<g class="tile" data-good="{esc(space.kind)}">')
                _face(svg, x + TILE_X, y, space.kind, TILE_W, SPACE_H, choice is not None)
                # Its words on it (a storm as ⚡, in white).
                ink, centre = ("#ffffff" if space.kind == "storm" else INK), x + TILE_X + TILE_W / 2
                if space.kind == "storm":
                    svg.text(centre, mid - 1, "⚡", size=15, anchor="middle", fill=ink)
                base = y + SPACE_H - 5 if space.kind == "storm" else mid + 4
                svg.text(centre, base, space.label, size=11, fill=ink, **BOLD)
                svg.add("</g>")
            svg.add("</g>")
        svg.add("</g>")

    def _riders(self, svg: Svg, port: int, riders: list[Piece], lit: frozenset[str]) -> None:
        """The riders under their port; ▶ sailing out, ◀ sailing home, ⌂ home."""
        for i, rider in enumerate(riders):
            assert rider.owner is not None
            row, col = divmod(i, 3)
            cx = col_x(port) + 22 + col * 36
            cy = LANE_Y + 17 + row * 28
            heading = next(h for h in HEADING_MARK if h in rider.marks)
            data = f' data-seat="{rider.owner}" data-port="{port}" data-heading="{heading}"'
            svg.keyed(rider.key, "rider", lit, data, rider.label, piece=True)
            width = 3 if "to-move" in rider.marks else 1.2
            svg.add(circle(cx, cy, 12, seat_colour(rider.owner), stroke=INK, stroke_width=width))
            svg.text(cx, cy + 4, str(rider.owner + 1), size=12, **BOLD)
            if "not-left" not in rider.marks:
                svg.text(cx + 17, cy + 4, HEADING_MARK[heading], size=11, anchor="middle")
            svg.add("</g>")

    def _controls(self, svg: Svg, buttons: list[Choice], turn: Region, tr: Translate) -> None:
        short = {
            "take_coin": tr("Take a coin"),
            "burn_contracts": tr("Burn contracts"),
            "fulfil_contracts": tr("Fulfil contracts"),
            "done": tr("Done"),
        }
        shown = [(c, ACT_CLASS[c.action.kind], short.get(c.action.kind, c.words)) for c in buttons]
        x = svg.buttons(16, CONTROLS_Y, shown, height=36)
        for hint in turn.notes:
            svg.text(x + 6, CONTROLS_Y + 23, hint, size=13, fill=MUTED, extra=' class="hint"')

    def _hand(
        self, svg: Svg, hand: Region, at: dict[str, Choice], lit: frozenset[str], tr: Translate
    ) -> None:
        svg.text(16, HAND_Y, tr("Your contracts"), size=13, weight="bold", fill=MUTED)
        svg.text(220, HAND_Y, hand.label, size=12, fill=MUTED, extra=' class="my-goods"')
        if not hand.pieces:
            svg.text(16, HAND_Y + 30, tr("No contracts in hand."), size=13, fill=MUTED)
        for i, card in enumerate(hand.pieces):
            x, y = 16 + i * (CARD_W + 12), HAND_Y + 10
            choice = at.get(card.key)
            act = "" if choice is None else ACT_CLASS[choice.action.kind]
            data = f' data-card="{number(card.key)}"'
            svg.keyed(card.key, "contract", lit, data, card.label, choice=choice, act=act)
            stroke, width = (HIGHLIGHT, 3) if choice is not None else ("#8a7a5a", 1.5)
            edge = {"cls": "card", "rx": 8, "stroke": stroke, "stroke_width": width}
            svg.add(rect(x, y, CARD_W, CARD_H, "#f7f1e3", **edge))
            title = tr("Contract {number}").format(number=i + 1)
            svg.text(x + 10, y + 18, title, size=12, weight="bold")
            if "payable" in card.marks:
                paid = {"anchor": "end", "fill": "#1e7a3c", "extra": ' class="payable"'}
                svg.text(x + CARD_W - 10, y + 18, tr("✓ your tiles pay"), size=11, **paid)
            # Squeezed to the card when long: one sentence, never broken mid-way.
            fit = f' textLength="{CARD_W - 20}" lengthAdjust="spacingAndGlyphs"'
            squeeze = fit if len(card.label) * 6.2 > CARD_W - 20 else ""
            svg.text(x + 10, y + 46, card.label, size=11, weight="bold", extra=squeeze)
            svg.add("</g>")

    def _players(
        self, svg: Svg, seats: list[Region], top: int, lit: frozenset[str], tr: Translate
    ) -> None:
        heads = (tr("Player"), tr("Rider"), tr("Coins"), tr("Tiles"), tr("Hand"), tr("Fulfilled"))
        svg.headings(top + 12, zip((44, 196, 380, 440, 770, 850), heads, strict=True), tr("Pearls"))
        for row in seats:
            self._seat(svg, row, top + 20 + number(row.key) * ROW_H, lit, tr)
        # What the colours of the tiles mean.
        x, y = 16.0, top + 20 + len(seats) * ROW_H + 20
        for good in words.TILES:
            _face(svg, x, y - 12, good, 16, 16)
            svg.text(x + 21, y + 1, tr(good), size=11, fill=MUTED, extra=' class="legend"')
            x += 34 + 7 * len(tr(good))

    def _seat(
        self, svg: Svg, row: Region, row_top: int, lit: frozenset[str], tr: Translate
    ) -> None:
        sub = [tr("you")] if "viewer" in row.marks else []
        sub += [p.label for p in row.pieces if p.kind == "power"]
        now, power = "to-move" in row.marks, " · ".join(row.notes[1:]) or None
        mid = seat_row(svg, row, row_top, ROW_H, WIDTH, lit=lit, now=now, under=sub, title=power)
        svg.text(196, mid + 4, row.notes[0], size=11, extra=' class="place"')
        svg.add(circle(390, mid, 10, "#f2d16b", stroke="#a07f1a"))
        figures = {"coins": (406, 14), "fulfilled": (850, 14), "pearls": (WIDTH - 14, 17)}
        for p in (p for p in row.pieces if p.kind in figures):
            x, size = figures[p.kind]
            look = {"anchor": "end" if p.kind == "pearls" else "start", "weight": "bold"}
            said = key_attrs(p.key, p.kind, p.key in lit)
            svg.text(x, mid + 5, p.label, size=size, extra=said, **look)
        for k, back in enumerate(p for p in row.pieces if p.kind == "card-back"):
            face = {"cls": "card-back" + " highlight" * (back.key in lit), "data_key": back.key}
            svg.add(rect(770 + k * 14, mid - 13, 18, 26, "#3d5a80", rx=3, stroke=INK, **face))
        # Its tiles as small chips, two rows of up to 17.
        held = [p for p in row.pieces if p.kind in GOOD_FILL]
        per_row, size, gap = 17, 16, 2
        shown = held[: 2 * per_row]
        rows = 1 if len(shown) <= per_row else 2
        top = mid - (rows * size + (rows - 1) * gap) / 2
        for i, tile in enumerate(shown):
            r, c = divmod(i, per_row)
            data = f' data-good="{esc(tile.kind)}"'
            svg.keyed(tile.key, "held", lit=lit, title=tile.label, data=data)
            _face(svg, 440 + c * (size + gap), top + r * (size + gap), tile.kind, size, size)
            svg.add("</g>")
        if len(held) > len(shown):
            svg.text(440 + per_row * (size + gap), mid + 4, f"+{len(held) - len(shown)}", size=11)
        svg.add("</g>")


Board = WhaleRidersBoard
"""The name the registry looks for."""
