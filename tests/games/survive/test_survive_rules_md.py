"""``rules.md`` stays true to the tests: every test its coverage table names exists here, and
every option a reading offers is a real option."""

from __future__ import annotations

import ast
import re
from importlib import resources
from pathlib import Path

from whaletable import games

HERE = Path(__file__).resolve().parent


def rules_md() -> str:
    return resources.files("whaletable.games.survive").joinpath("rules.md").read_text("utf-8")


def section(title: str) -> str:
    text = rules_md()
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def test_every_test_in_the_coverage_table_exists() -> None:
    table = section("Coverage")
    named = re.findall(r"`(test_\w+)`", table)
    assert len(named) > 100
    missing = sorted(set(named) - defined_tests())
    assert not missing, f"rules.md names tests that do not exist: {missing}"


def test_every_reading_is_in_the_coverage_table() -> None:
    """Each numbered reading either names its test in the coverage table or is covered by a
    clause there (the readings whose tests are listed under a clause say so with its number)."""
    readings = section("Readings chosen")
    numbers = {int(n) for n in re.findall(r"^\| (\d+) \|", readings, flags=re.M)}
    assert numbers == set(range(1, max(numbers) + 1))
    covered = {int(n) for n in re.findall(r"[Rr]eading (\d+)", section("Coverage"))}
    assert numbers - covered == set(), f"readings with no test: {sorted(numbers - covered)}"


def test_every_option_named_in_the_readings_exists() -> None:
    options = games.get("survive").option_choices()
    named = set(re.findall(r"option `(\w+)", section("Readings chosen")))
    assert named and named <= set(options), named - set(options)
