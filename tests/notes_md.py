"""A game's design notes (``notes.md``: readings, coverage, tuning) read against its tests:
every game's coverage test uses these."""

from __future__ import annotations

import ast
import re
from importlib import resources
from pathlib import Path


def notes_section(package: str, title: str) -> str:
    """The ``## title`` section of ``package``'s notes.md, up to the next ``## `` heading."""
    text = resources.files(package).joinpath("notes.md").read_text("utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def defined_test_names(folder: Path) -> set[str]:
    """The names of the test functions in ``folder``'s test modules."""
    names: set[str] = set()
    for path in folder.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def coverage_tests(package: str) -> set[str]:
    """The tests named in the Coverage section of ``package``'s notes.md."""
    return set(re.findall(r"`(test_\w+)`", notes_section(package, "Coverage")))


def coverage_rows(package: str, *headers: str) -> list[str]:
    """The Coverage section's table rows, less separators and rows starting with ``headers``."""
    return [
        line
        for line in notes_section(package, "Coverage").splitlines()
        if line.startswith("| ") and "---" not in line and not line.startswith(headers)
    ]
