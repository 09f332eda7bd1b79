"""How many lines the presentation layer takes, per game and per layer.

Presentation is what draws a game rather than plays it: the web boards
(``web/boards/``), the terminal renderers (``cli/render/``), each game's words
(``games/<id>/words.py``) and presentation model (``games/<id>/view.py``), and the core's
shared model and words (``core/view.py``, ``core/generic_view.py``, ``core/words.py``).
Lines are counted as ``wc -l`` counts them. ``--at REV`` counts a git revision instead of
the working tree, so a change can be measured before and after::

    python benchmarks/presentation_size.py --at e324d0f
    python benchmarks/presentation_size.py
"""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = "src/whaletable"
GAMES = ("save_the_whales", "survive", "whale_riders", "whale_to_look")
LAYERS = {
    "web board": "web/boards/{game}.py",
    "terminal": "cli/render/{game}.py",
    "words": "games/{game}/words.py",
    "view": "games/{game}/view.py",
}
SHARED = {
    "web board": ("web/boards/__init__.py", "web/boards/_generic.py"),
    "terminal": ("cli/render/__init__.py", "cli/render/advice.py"),
    "words": ("core/words.py",),
    "view": ("core/view.py", "core/generic_view.py"),
}


def lines(path: str, at: str | None) -> int:
    """Lines of ``path`` (relative to the repository), 0 if it does not exist there."""
    if at is None:
        file = ROOT / path
        return len(file.read_text(encoding="utf-8").splitlines()) if file.exists() else 0
    shown = subprocess.run(
        ["git", "show", f"{at}:{path}"], cwd=ROOT, capture_output=True, text=True
    )
    return len(shown.stdout.splitlines()) if shown.returncode == 0 else 0


def table(at: str | None) -> dict[str, dict[str, int]]:
    """Lines per row (each game, then ``shared``) and layer."""
    out = {
        game: {
            layer: lines(f"{SRC}/{pattern.format(game=game)}", at)
            for layer, pattern in LAYERS.items()
        }
        for game in GAMES
    }
    out["shared"] = {
        layer: sum(lines(f"{SRC}/{path}", at) for path in paths) for layer, paths in SHARED.items()
    }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--at", help="a git revision to count instead of the working tree")
    args = parser.parse_args()
    rows = table(args.at)
    print(f"{'':<18}" + "".join(f"{layer:>11}" for layer in LAYERS) + f"{'total':>9}")
    totals = dict.fromkeys(LAYERS, 0)
    for name, row in rows.items():
        for layer, count in row.items():
            totals[layer] += count
        print(
            f"{name:<18}"
            + "".join(f"{row[layer]:>11,}" for layer in LAYERS)
            + f"{sum(row.values()):>9,}"
        )
    print(
        f"{'total':<18}"
        + "".join(f"{totals[layer]:>11,}" for layer in LAYERS)
        + f"{sum(totals.values()):>9,}"
    )


if __name__ == "__main__":
    main()
