"""Tune Save the Whales' reconstructed data: play team games and draw the whales saved.

Run ``.venv/bin/python benchmarks/tune_save_the_whales.py --games 2000`` after changing
``data/board.toml`` or ``data/cards.toml``. It prints the figures the issue sets as targets
(mean whales saved 4–6, all eight saved in 5–25% of games, mean length 60–120 turns) and
writes a histogram of whales saved to ``docs/save-the-whales-whales-saved.png``.

The picture is written by a small PNG encoder (zlib) with a 3×5 pixel font, so the
script needs nothing beyond the standard library.
"""

from __future__ import annotations

import argparse
import struct
import time
import zlib
from pathlib import Path

import whaletable.games  # noqa: F401 - registers the games and their bots
from whaletable.games.save_the_whales.tuning import play_team_games, summarise

ROOT = Path(__file__).resolve().parent.parent
PNG = ROOT / "docs" / "save-the-whales-whales-saved.png"

TARGETS = {
    "mean_saved": (4.0, 6.0),
    "all_eight": (0.05, 0.25),
    "mean_turns": (60.0, 120.0),
}

# A 3×5 pixel font: each glyph is five rows of three bits.
FONT = {
    "0": "111101101101111",
    "1": "010110010010111",
    "2": "111001111100111",
    "3": "111001111001111",
    "4": "101101111001001",
    "5": "111100111001111",
    "6": "111100111101111",
    "7": "111001001001001",
    "8": "111101111101111",
    "9": "111101111001111",
    "A": "010101111101101",
    "B": "110101110101110",
    "C": "011100100100011",
    "D": "110101101101110",
    "E": "111100110100111",
    "G": "011100101101011",
    "H": "101101111101101",
    "I": "111010010010111",
    "L": "100100100100111",
    "M": "101111111101101",
    "N": "110101101101101",
    "O": "010101101101010",
    "P": "110101110100100",
    "R": "110101110101101",
    "S": "011100010001110",
    "T": "111010010010010",
    "U": "101101101101111",
    "V": "101101101101010",
    "W": "101101111111101",
    "X": "101101010101101",
    "Y": "101101010010010",
    "%": "101001010100101",
    ".": "000000000000010",
    "=": "000111000111000",
    " ": "000000000000000",
    "-": "000000111000000",
    "(": "010100100100010",
    ")": "010001001001010",
    ":": "000010000010000",
    "/": "001001010100100",
    "F": "111100110100100",
    ",": "000000000010100",
}


class Canvas:
    """An RGB picture in memory, written out as a PNG."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(b"\xff" * (width * height * 3))

    def rect(self, x0: int, y0: int, x1: int, y1: int, rgb: tuple[int, int, int]) -> None:
        for y in range(max(0, y0), min(self.height, y1)):
            row = y * self.width * 3
            for x in range(max(0, x0), min(self.width, x1)):
                self.pixels[row + 3 * x : row + 3 * x + 3] = bytes(rgb)

    def text(
        self, x: int, y: int, s: str, scale: int = 2, rgb: tuple[int, int, int] = (0, 0, 0)
    ) -> None:
        for ch in s.upper():
            glyph = FONT.get(ch, FONT[" "])
            for i, bit in enumerate(glyph):
                if bit == "1":
                    gx, gy = x + (i % 3) * scale, y + (i // 3) * scale
                    self.rect(gx, gy, gx + scale, gy + scale, rgb)
            x += 4 * scale

    def save(self, path: Path) -> None:
        raw = b"".join(
            b"\x00" + bytes(self.pixels[y * self.width * 3 : (y + 1) * self.width * 3])
            for y in range(self.height)
        )

        def chunk(tag: bytes, data: bytes) -> bytes:
            body = tag + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b"")
        )


def draw_histogram(histogram: list[int], title: str, path: Path) -> None:
    """Bars of the share of games by whales saved (0–8), labelled with their percentages."""
    width, height = 720, 420
    left, right, top, bottom = 60, 20, 60, 60
    canvas = Canvas(width, height)
    canvas.text(left, 20, title, scale=3)
    total = sum(histogram) or 1
    top_share = max(histogram) / total or 1.0
    plot_w, plot_h = width - left - right, height - top - bottom
    slot = plot_w // len(histogram)
    canvas.rect(left, height - bottom, width - right, height - bottom + 2, (0, 0, 0))
    for k, count in enumerate(histogram):
        share = count / total
        bar = int(plot_h * share / top_share)
        x0 = left + k * slot + slot // 6
        x1 = left + (k + 1) * slot - slot // 6
        colour = (40, 110, 170) if k < len(histogram) - 1 else (230, 150, 30)
        canvas.rect(x0, height - bottom - bar, x1, height - bottom, colour)
        label = f"{100 * share:.1f}%"
        canvas.text(x0, height - bottom - bar - 14, label, scale=2)
        canvas.text((x0 + x1) // 2 - 4, height - bottom + 10, str(k), scale=3)
    canvas.text(left, height - 22, "WHALES SAVED PER GAME (8 = ALL SAVED)", scale=2)
    canvas.save(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--png", type=Path, default=PNG)
    args = parser.parse_args()
    start = time.perf_counter()
    results = play_team_games(args.games, players=args.players, seed=args.seed)
    seconds = time.perf_counter() - start
    s = summarise(results)
    print(f"{args.games} games, {args.players} heuristic seats, seed {args.seed} ({seconds:.0f} s)")
    print("| figure | result | target |")
    print("|---|---|---|")
    print(
        f"| mean whales saved | {s['mean_saved']:.2f} ± {s['saved_95']:.2f} | "
        f"{TARGETS['mean_saved'][0]:g}–{TARGETS['mean_saved'][1]:g} |"
    )
    print(
        f"| all eight saved | {100 * s['all_eight']:.1f}% ± {100 * s['all_eight_95']:.1f} | 5–25% |"
    )
    print(
        f"| mean length (turns) | {s['mean_turns']:.1f} (median {s['median_turns']:g}, "
        f"{s['min_turns']}–{s['max_turns']}) | 60–120 |"
    )
    print("| whales saved 0..8 | " + " ".join(str(c) for c in s["histogram"]) + " | |")
    ok = all(lo <= s[key] <= hi for key, (lo, hi) in TARGETS.items())
    print("within every target" if ok else "OUTSIDE A TARGET")
    title = f"SAVE THE WHALES: {args.games} GAMES, {args.players} HEURISTIC SEATS"
    draw_histogram(s["histogram"], title, args.png)
    print(f"wrote {args.png}")


if __name__ == "__main__":
    main()
