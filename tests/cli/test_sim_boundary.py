"""The command line uses the simulation package only through what ``whaletable.sim`` exports."""

from __future__ import annotations

import ast
from pathlib import Path

import whaletable.cli
import whaletable.sim

CLI = Path(whaletable.cli.__file__).parent


def sim_imports(source: str) -> list[str]:
    """Every ``whaletable.sim`` name a module imports, written as the module path it uses."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("whaletable.sim"):
            found.extend(f"{node.module}:{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names if a.name.startswith("whaletable.sim"))
    return found


def test_the_checker_sees_an_import_of_an_internal_module() -> None:
    assert sim_imports("from whaletable.sim.batch import plan") == ["whaletable.sim.batch:plan"]
    assert sim_imports("import whaletable.sim.runner") == ["whaletable.sim.runner"]


def test_the_cli_imports_nothing_from_sim_internals() -> None:
    for module in sorted(CLI.rglob("*.py")):
        for name in sim_imports(module.read_text(encoding="utf-8")):
            path, _, imported = name.partition(":")
            assert path == "whaletable.sim", f"{module.name} imports {name}"
            assert imported in whaletable.sim.__all__, f"{module.name} imports {name}"
