"""Whale Riders on the web table: the Ice Coast as SVG, drawn from one observation.

The coast runs left to right from the Sun Port (home) to the Lobster Port, each
port a column of spaces with its price ladder printed beside it, the cheapest
space at the bottom (at the end of a turn the dearer tiles slide down into the gaps
left by bought ones). The riders sail the lane under the ports. Below come the
viewer's own contracts (only the viewer's own: the observation gives every other
hand as a count) and a row per player with what everybody can see: coins, tiles,
contracts in hand and fulfilled, pearls.

Every legal action has one place to click: a tile of the rider's port (buy), a
button (move, take a coin, start burning or fulfilling, done), a contract card of
the viewer's hand (burn or fulfil it once that action is under way).

What the board says (labels, the status line, goods, contracts, where a rider is) is the
game's own wording in ``games/whale_riders/words.py``, which the terminal speaks too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.games.whale_riders import words
from whaletable.games.whale_riders.actions import (
    Burn,
    BurnContracts,
    Buy,
    Done,
    Fulfil,
    FulfilContracts,
    Move,
    TakeCoin,
)
from whaletable.games.whale_riders.words import (
    PAYING,
    coins_text,
    counts_line,
    decree_line,
    good_name,
    goods_line,
    next_port,
    pearls_text,
    port_name,
    power_line,
    power_name,
    rider_place,
    tile_name,
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
CARD_W, CARD_H = 228, 92
ROW_H = 56

OCEAN = "#d9edf4"
COAST = "#eef6f9"
MUTED = "#44546a"
GOOD_FILL = {
    "shell": "#f6c9bd",
    "kelp": "#8fcf8a",
    "meat": "#e8998a",
    "pottery": "#e0ad6e",
    "crystal": "#a9ddf0",
    "pearl": "#c5a8e6",  # the rulebook's pearl tiles have a purple background
    "storm": "#5b6470",
}


def col_x(port: int) -> int:
    return COL_X0 + port * COL_W


def space_y(slot: int) -> int:
    """The top of space ``slot`` (0 = the cheapest, at the bottom of the column)."""
    return SPACES_BOTTOM - (slot + 1) * (SPACE_H + SPACE_GAP)


# --- Drawing helpers ---------------------------------------------------------------------


def _tile(
    svg: Svg,
    x: float,
    y: float,
    w: float,
    h: float,
    tile: dict[str, Any],
    tr: Translate,
    *,
    clickable: bool = False,
    small: bool = False,
) -> None:
    """A tile: its good's colour, the count large, the good's name small."""
    good = tile["good"]
    fill = GOOD_FILL.get(good, "#dddddd")
    stroke, width = (HIGHLIGHT, 3) if clickable else (INK, 1)
    svg.add(
        f'<rect class="face" x="{x}" y="{y}" width="{w}" height="{h}" rx="{4 if small else 7}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
    )
    ink = "#ffffff" if good == "storm" else INK
    if small:
        shown = "⚡" if good == "storm" else str(tile["count"])
        svg.text(x + w / 2, y + h / 2 + 4, shown, size=11, anchor="middle", weight="bold", fill=ink)
        return
    if good == "storm":
        svg.text(x + w / 2, y + h / 2 - 1, "⚡", size=15, anchor="middle", fill=ink)
        svg.text(x + w / 2, y + h - 5, good_name(good, tr), size=10, anchor="middle", fill=ink)
        return
    svg.text(x + 14, y + h / 2 + 7, str(tile["count"]), size=20, anchor="middle", weight="bold")
    svg.text(x + 28, y + h / 2 + 4, good_name(good, tr), size=11, fill=ink)


class WhaleRidersBoard(WordedBoard):
    words = words

    """The web board of Whale Riders."""

    # ------------------------------------------------------------------ svg

    def svg(
        self, obs: dict[str, Any], legal: Sequence[Action], names: Sequence[str], tr: Translate
    ) -> str:
        n = obs["num_players"]
        seat = obs["seat"]
        mine = seat is not None and 0 <= seat < n
        players_y = HAND_Y + (CARD_H + 44 if mine else 0)
        decrees_y = players_y + 22 + n * ROW_H + 40
        height = decrees_y + (30 + 22 * len(obs["decrees"]) if obs["decrees"] else 0) + 8
        svg = Svg()
        label = tr("Whale Riders table")
        svg.open("whale-riders", WIDTH, height, label, OCEAN)
        self._header(svg, obs, names, tr)
        for port in range(len(obs["ports"])):
            self._port(svg, obs, port, legal, names, tr)
        self._lane(svg, obs, names, tr)
        self._controls(svg, obs, legal, names, tr)
        if mine:
            self._hand(svg, obs, legal, names, tr)
        self._players(svg, obs, players_y, names, tr)
        if obs["decrees"]:
            self._decrees(svg, obs, decrees_y, names, tr)
        return svg.close()

    def _header(self, svg: Svg, obs: dict[str, Any], names: Sequence[str], tr: Translate) -> None:
        seat = obs["seat"]
        first = tr("Turn {turn}").format(turn=obs["turn"])
        if seat is None:
            first += " · " + tr("spectator view: public information only")
        else:
            first += " · " + tr("{name}'s view").format(name=seat_name(names, seat, tr))
        svg.text(16, 22, first, size=15, weight="bold")
        svg.text(16, 42, counts_line(obs, tr), size=12, fill=MUTED, extra=' class="counts"')

    def _port(
        self,
        svg: Svg,
        obs: dict[str, Any],
        index: int,
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        port = obs["ports"][index]
        x = col_x(index)
        home = index == 0
        svg.add(f'<g class="port" data-port="{index}">')
        acting = obs["to_move"]
        here = (
            acting is not None and acting == obs["seat"] and obs["players"][acting]["port"] == index
        )
        buying = here and any(isinstance(a, Buy) for a in legal)
        svg.add(
            f'<rect x="{x + 2}" y="{NAME_Y - 16}" width="{COL_W - 6}" '
            f'height="{SPACES_BOTTOM - NAME_Y + 18}" rx="9" '
            f'fill="{"#fff6d6" if home else COAST}" '
            f'stroke="{HIGHLIGHT if buying else "#b7cdd6"}" stroke-width="{2 if buying else 1}"/>'
        )
        svg.text(
            x + COL_W / 2 - 1,
            NAME_Y,
            port_name(port["name"], tr),
            size=12,
            anchor="middle",
            weight="bold",
            extra=' class="port-name"',
        )
        for slot, tile in enumerate(port["spaces"]):
            y = space_y(slot)
            price = port["prices"][slot] if slot < len(port["prices"]) else 0
            # The price printed beside the space: a coin.
            svg.add(
                f'<g class="price"><circle cx="{x + 18}" cy="{y + SPACE_H / 2}" r="11" '
                f'fill="#f2d16b" stroke="#a07f1a"/>'
            )
            svg.text(
                x + 18, y + SPACE_H / 2 + 4, str(price), size=12, anchor="middle", weight="bold"
            )
            svg.add("</g>")
            buy = Buy(slot)
            clickable = here and tile is not None and buy in legal
            if clickable:
                svg.open_act(
                    buy,
                    self.label(buy, obs, names, tr),
                    "buy-act",
                    f' data-port="{index}" data-slot="{slot}"',
                )
            else:
                svg.add(f'<g class="space" data-port="{index}" data-slot="{slot}">')
            if tile is None:
                svg.add(
                    f'<rect x="{x + TILE_X}" y="{y}" width="{TILE_W}" height="{SPACE_H}" rx="7" '
                    f'fill="none" stroke="#9fb3bf" stroke-dasharray="4 3"/>'
                )
            else:
                svg.add(f'<g class="tile" data-good="{esc(tile["good"])}">')
                _tile(svg, x + TILE_X, y, TILE_W, SPACE_H, tile, tr, clickable=clickable)
                svg.add("</g>")
            svg.add("</g>")
        svg.add("</g>")

    def _lane(self, svg: Svg, obs: dict[str, Any], names: Sequence[str], tr: Translate) -> None:
        """The riders under their ports; ▶ sailing out, ◀ sailing home, ⌂ home."""
        svg.add(
            f'<rect x="{COL_X0}" y="{LANE_Y}" width="{len(obs["ports"]) * COL_W - 4}" '
            f'height="{LANE_H}" rx="10" fill="#bcdde9"/>'
        )
        at: dict[int, list[int]] = {}
        for seat, player in enumerate(obs["players"]):
            at.setdefault(player["port"], []).append(seat)
        for port, seats in at.items():
            for i, seat in enumerate(seats):
                row, col = divmod(i, 3)
                cx = col_x(port) + 22 + col * 36
                cy = LANE_Y + 17 + row * 28
                player = obs["players"][seat]
                mark = {"out": "▶", "back": "◀", "home": "⌂"}[player["heading"]]
                if player["step"] == 0:
                    mark = ""
                title = tr("{name}'s rider, {place}").format(
                    name=seat_name(names, seat, tr), place=rider_place(obs, player, tr)
                )
                svg.add(
                    f'<g class="rider" data-seat="{seat}" data-port="{port}" '
                    f'data-heading="{esc(player["heading"])}"><title>{esc(title)}</title>'
                )
                svg.add(
                    f'<circle cx="{cx}" cy="{cy}" r="12" fill="{seat_colour(seat)}" '
                    f'stroke="{INK}" stroke-width="{3 if obs["to_move"] == seat else 1.2}"/>'
                )
                svg.text(cx, cy + 4, str(seat + 1), size=12, anchor="middle", weight="bold")
                if mark:
                    svg.text(cx + 17, cy + 4, mark, size=11, anchor="middle")
                svg.add("</g>")

    def _controls(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        x: float = 16
        y = CONTROLS_Y
        buttons: list[tuple[type[Action], str, str]] = [
            (Move, "", "move-act"),
            (TakeCoin, tr("Take a coin"), "coin-act"),
            (BurnContracts, tr("Burn contracts"), "burn-start-act"),
            (FulfilContracts, tr("Fulfil contracts"), "fulfil-start-act"),
            (Done, tr("Done"), "done-act"),
        ]
        for kind, text, cls in buttons:
            for action in legal:
                if type(action) is not kind:
                    continue
                title = self.label(action, obs, names, tr)
                if isinstance(action, Move):
                    text = tr("Move to {port}").format(port=next_port(obs, tr))
                x = svg.button(action, x, y, text, title, cls, height=36)
        if legal:
            hint = self._hint(obs, legal, tr)
            if hint:
                svg.text(x + 6, y + 23, hint, size=13, fill=MUTED, extra=' class="hint"')

    def _hint(self, obs: dict[str, Any], legal: Sequence[Action], tr: Translate) -> str:
        if obs["phase"] == "burning":
            return tr("Click the contracts to burn, then Done.")
        if obs["phase"] == "fulfilling":
            return tr("Click the contracts to fulfil, then Done.")
        left = obs["actions_left"]
        text = tr("1 action left this turn") if left == 1 else tr("{count} actions left this turn")
        text = text.format(count=left)
        if any(isinstance(a, Buy) for a in legal):
            text += " · " + tr("click a tile at your port to buy it")
        return text

    def _hand(
        self,
        svg: Svg,
        obs: dict[str, Any],
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
    ) -> None:
        seat = obs["seat"]
        me = obs["players"][seat]
        svg.text(16, HAND_Y, tr("Your contracts"), size=13, weight="bold", fill=MUTED)
        svg.text(
            220,
            HAND_Y,
            goods_line(me["goods"], tr),
            size=12,
            fill=MUTED,
            extra=' class="my-goods"',
        )
        if not me["hand"]:
            svg.text(16, HAND_Y + 30, tr("No contracts in hand."), size=13, fill=MUTED)
        for i, card in enumerate(me["hand"]):
            if card is None:
                continue
            x, y = 16 + i * (CARD_W + 12), HAND_Y + 10
            action: Action | None = None
            for a in legal:
                if isinstance(a, (Burn, Fulfil)) and a.card == card["id"]:
                    action = a
            cls = "burn-act" if isinstance(action, Burn) else "fulfil-act"
            if action is not None:
                svg.open_act(
                    action,
                    self.label(action, obs, names, tr),
                    f"card-act {cls}",
                    f' data-card="{card["id"]}"',
                )
            else:
                svg.add(f'<g class="contract" data-card="{card["id"]}">')
            self._contract(svg, x, y, i + 1, card, tr, clickable=action is not None)
            svg.add("</g>")

    def _contract(
        self,
        svg: Svg,
        x: int,
        y: int,
        place: int,
        card: dict[str, Any],
        tr: Translate,
        *,
        clickable: bool,
    ) -> None:
        stroke, width = (HIGHLIGHT, 3) if clickable else ("#8a7a5a", 1.5)
        svg.add(
            f'<rect class="card" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="8" '
            f'fill="#f7f1e3" stroke="{stroke}" stroke-width="{width}"/>'
        )
        svg.text(
            x + 10, y + 18, tr("Contract {number}").format(number=place), size=12, weight="bold"
        )
        if card["payable"]:
            svg.text(
                x + CARD_W - 10,
                y + 18,
                tr("✓ your tiles pay"),
                size=11,
                anchor="end",
                fill="#1e7a3c",
                extra=' class="payable"',
            )
        cx = x + 10
        for good, count in card["needs"].items():
            _tile(svg, cx, y + 28, 26, 26, {"good": good, "count": count}, tr, small=True)
            svg.text(cx + 13, y + 66, good_name(good, tr), size=9, anchor="middle", fill=MUTED)
            cx += 40
        reward = tr("→ {coins} · {pearls}").format(
            coins=coins_text(card["coins"], tr), pearls=pearls_text(card["pearls"], tr)
        )
        svg.text(x + 10, y + CARD_H - 8, reward, size=12, weight="bold")

    def _players(
        self, svg: Svg, obs: dict[str, Any], top: int, names: Sequence[str], tr: Translate
    ) -> None:
        columns = (
            (44, tr("Player")),
            (196, tr("Rider")),
            (380, tr("Coins")),
            (440, tr("Tiles")),
            (770, tr("Hand")),
            (850, tr("Fulfilled")),
        )
        head_y = top + 12
        for x, title in columns:
            svg.text(x, head_y, title, size=11, fill=MUTED)
        svg.text(WIDTH - 14, head_y, tr("Pearls"), size=11, fill=MUTED, anchor="end")
        for seat, player in enumerate(obs["players"]):
            row_top = top + 20 + seat * ROW_H
            mid = row_top + ROW_H / 2
            colour = seat_colour(seat)
            to_move = obs["to_move"] == seat
            svg.add(f'<g class="seat" data-seat="{seat}">')
            if player["power"] is not None:
                svg.add(f"<title>{esc(power_line(player['power'], tr))}</title>")
            svg.add(
                f'<rect x="8" y="{row_top + 2}" width="{WIDTH - 16}" height="{ROW_H - 4}" rx="8" '
                f'fill="{"#ffffff" if to_move else "#eef6f9"}" '
                f'stroke="{colour if to_move else "#c4d6de"}" '
                f'stroke-width="{3 if to_move else 1}"/>'
            )
            if to_move:
                svg.text(14, mid + 5, "▶", size=13, extra=' class="to-move"')
            svg.add(
                f'<circle cx="34" cy="{mid}" r="10" fill="{colour}" stroke="{INK}" '
                f'stroke-width="1.2"/>'
            )
            svg.text(34, mid + 4, str(seat + 1), size=11, anchor="middle", weight="bold")
            name = seat_name(names, seat, tr)
            if len(name) > 16:
                name = name[:15] + "…"
            svg.text(50, mid - 4, name, size=14, weight="bold", extra=' class="seat-name"')
            sub = tr("you") if seat == obs["seat"] else ""
            if player["power"] is not None:
                power = power_name(player["power"], tr)
                sub = f"{sub} · {power}" if sub else power
            if sub:
                svg.text(50, mid + 13, sub, size=11, fill=MUTED)
            svg.text(196, mid + 4, rider_place(obs, player, tr), size=11, extra=' class="place"')
            svg.add(f'<circle cx="390" cy="{mid}" r="10" fill="#f2d16b" stroke="#a07f1a"/>')
            svg.text(
                406, mid + 5, str(player["coins"]), size=14, weight="bold", extra=' class="coins"'
            )
            self._held(svg, player["tiles"], 440, mid, tr)
            for k in range(player["hand_size"]):
                svg.add(
                    f'<rect class="card-back" x="{770 + k * 14}" y="{mid - 13}" width="18" '
                    f'height="26" rx="3" fill="#3d5a80" stroke="{INK}"/>'
                )
            svg.text(
                850,
                mid + 5,
                str(len(player["fulfilled"])),
                size=14,
                weight="bold",
                extra=' class="fulfilled"',
            )
            svg.text(
                WIDTH - 14,
                mid + 6,
                str(player["pearls"]),
                size=17,
                weight="bold",
                anchor="end",
                extra=' class="pearls"',
            )
            svg.add("</g>")
        self._legend(svg, top + 20 + len(obs["players"]) * ROW_H + 20, tr)

    def _legend(self, svg: Svg, y: float, tr: Translate) -> None:
        """What the colours of the tiles mean."""
        x = 16.0
        for good in (*PAYING, "pearl", "storm"):
            count = 0 if good == "storm" else 1
            _tile(svg, x, y - 12, 16, 16, {"good": good, "count": count}, tr, small=True)
            name = good_name(good, tr)
            svg.text(x + 21, y + 1, name, size=11, fill=MUTED, extra=' class="legend"')
            x += 34 + 7 * len(name)

    def _held(
        self, svg: Svg, tiles: list[dict[str, Any]], x0: int, mid: float, tr: Translate
    ) -> None:
        """A seat's tiles as small chips, two rows of up to 17."""
        per_row, size, gap = 17, 16, 2
        shown = tiles[: 2 * per_row]
        rows = 1 if len(shown) <= per_row else 2
        top = mid - (rows * size + (rows - 1) * gap) / 2
        for i, tile in enumerate(shown):
            row, col = divmod(i, per_row)
            x = x0 + col * (size + gap)
            y = top + row * (size + gap)
            svg.add(f'<g class="held" data-good="{esc(tile["good"])}">')
            svg.add(f"<title>{esc(tile_name(tile, tr))}</title>")
            _tile(svg, x, y, size, size, tile, tr, small=True)
            svg.add("</g>")
        if len(tiles) > len(shown):
            svg.text(x0 + per_row * (size + gap), mid + 4, f"+{len(tiles) - len(shown)}", size=11)

    def _decrees(
        self, svg: Svg, obs: dict[str, Any], top: int, names: Sequence[str], tr: Translate
    ) -> None:
        svg.text(16, top + 14, tr("Decrees"), size=13, weight="bold", fill=MUTED)
        for i, decree in enumerate(obs["decrees"]):
            svg.text(
                16,
                top + 36 + i * 22,
                decree_line(decree, names, tr),
                size=12,
                extra=f' class="decree" data-decree="{esc(decree["id"])}"',
            )


Board = WhaleRidersBoard
"""The name the registry looks for."""

__all__ = ["Board", "WhaleRidersBoard"]
