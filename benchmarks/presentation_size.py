"""How many lines the presentation layer takes, per game and per layer.

Presentation is what draws a game rather than plays it: the web boards
(``web/boards/``), the terminal renderers (``cli/render/``), each game's words
(``games/<id>/words.py``) and presentation model (``games/<id>/view.py``), and the core's
shared model and words (``core/view.py``, ``core/generic_view.py``, ``core/words.py``).
Lines are counted as ``wc -l`` counts them. ``--at REV`` counts a git revision instead of
the working tree, so a change can be measured before and after::

    python benchmarks/presentation_size.py --at e324d0f
    python benchmarks/presentation_size.py

``--kinds`` says what the lines are: blank, comments and docstrings, imports, lines that
hold a sentence to translate (a literal in ``_(…)`` or ``tr(…)``), and the rest, code.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
from collections import Counter
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


KINDS = ("blank", "comment or docstring", "import", "sentence", "code")
SENTENCE = re.compile(r"\b(?:_|tr)\(\s*(?:\"|$)")


def text(path: str, at: str | None) -> str:
    """The text of ``path`` (relative to the repository), empty if it does not exist there."""
    if at is None:
        file = ROOT / path
        return file.read_text(encoding="utf-8") if file.exists() else ""
    shown = subprocess.run(
        ["git", "show", f"{at}:{path}"], cwd=ROOT, capture_output=True, text=True
    )
    return shown.stdout if shown.returncode == 0 else ""


def lines(path: str, at: str | None) -> int:
    return len(text(path, at).splitlines())


def kinds(source: str) -> Counter[str]:
    """Lines of ``source`` by :data:`KINDS`, each line counted once (in that order)."""
    docs: set[int] = set()
    imports: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)  # a lambda's or an if-expression's is no list
        for statement in body if isinstance(body, list) else ():
            end = statement.end_lineno or statement.lineno
            said = statement.value if isinstance(statement, ast.Expr) else None
            if isinstance(said, ast.Constant) and isinstance(said.value, str):
                docs.update(range(statement.lineno, end + 1))  # a docstring, or one after a name
            elif isinstance(statement, ast.Import | ast.ImportFrom):
                imports.update(range(statement.lineno, end + 1))
    found: Counter[str] = Counter()
    for n, line in enumerate(source.splitlines(), 1):
        bare = line.strip()
        if not bare:
            found["blank"] += 1
        elif bare.startswith("#") or n in docs:
            found["comment or docstring"] += 1
        elif n in imports:
            found["import"] += 1
        else:
            found["sentence" if SENTENCE.search(line) else "code"] += 1
    return found


def presentation_files() -> list[str]:
    """Every file counted, relative to the package."""
    paths = [pattern.format(game=game) for game in GAMES for pattern in LAYERS.values()]
    return paths + [path for shared in SHARED.values() for path in shared]


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
    parser.add_argument("--kinds", action="store_true", help="what the lines are, in total")
    args = parser.parse_args()
    if args.kinds:
        total: Counter[str] = Counter()
        for path in presentation_files():
            total += kinds(text(f"{SRC}/{path}", args.at))
        for kind in KINDS:
            print(f"{kind:<22}{total[kind]:>7,}")
        print(f"{'total':<22}{total.total():>7,}")
        return
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
