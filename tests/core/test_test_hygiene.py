"""How the test suite itself is written: rules every test file keeps."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def conftest_imports(source: str) -> list[int]:
    """The lines of ``source`` that import from a conftest module, in any form."""

    def is_conftest(name: str | None) -> bool:
        return name is not None and (name == "conftest" or name.endswith(".conftest"))

    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        if any(is_conftest(name) for name in names):
            lines.append(node.lineno)
    return sorted(lines)


def test_conftest_imports_are_found_wherever_they_hide() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import conftest\n"
        "if TYPE_CHECKING:\n"
        "    from conftest import Table\n"
        "from tests.web.conftest import client\n"
        "from conftest_helpers import Table\n"
    )
    assert conftest_imports(source) == [2, 4, 5]


def test_no_test_file_imports_from_conftest() -> None:
    """pytest loads each conftest itself; importing one by name loads a second copy under
    another module name (and only works while its folder happens to be on sys.path), so
    shared helpers live in a module of their own, imported by that name."""
    offenders = [
        f"{path.relative_to(TESTS.parent)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        for line in conftest_imports(path.read_text(encoding="utf-8"))
    ]
    assert not offenders, "test files import from conftest: " + ", ".join(offenders)
