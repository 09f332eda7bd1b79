"""notes.md names a test for every rulebook clause and every reading: each must exist."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from notes_md import coverage_rows, coverage_tests, defined_test_names, notes_section
from whaletable.games.whale_riders import WhaleRidersOptions

HERE = Path(__file__).resolve().parent
GAME = "whaletable.games.whale_riders"


def _section(title: str) -> str:
    return notes_section(GAME, title)


def test_every_test_named_in_the_coverage_table_exists() -> None:
    named = coverage_tests(GAME)
    assert len(named) > 30
    missing = sorted(named - defined_test_names(HERE))
    assert not missing, f"notes.md names tests that do not exist: {missing}"


def test_every_clause_and_reading_row_names_a_test() -> None:
    rows = coverage_rows(GAME, "| reading |", "| clause (translation)")
    bare = [r for r in rows if not re.search(r"`test_\w+`", r)]
    assert not bare, f"rows without a test: {bare}"


def test_every_reading_is_covered() -> None:
    readings = re.findall(r"^\| (\d+) \|", _section("Readings chosen"), flags=re.M)
    covered = re.findall(r"^\| (\d+) ", _section("Coverage"), flags=re.M)
    # Reading 6 (clockwise is seat order) is checked with the clause it reads.
    assert set(readings) - set(covered) <= {"6"}, set(readings) - set(covered)


def test_every_option_is_a_written_reading() -> None:
    readings = _section("Readings chosen")
    for field in dataclasses.fields(WhaleRidersOptions):
        if field.name in ("magic_of_the_whale", "clans_decree"):
            continue  # the variants have their own section
        assert f"option `{field.name}`" in readings, field.name
