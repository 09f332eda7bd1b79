"""``notes.md`` stays true to the tests: every test its coverage table names exists here, and
every option a reading offers is a real option."""

from __future__ import annotations

import re
from pathlib import Path

from notes_md import coverage_tests, defined_test_names, notes_section
from whaletable import games

HERE = Path(__file__).resolve().parent


def section(title: str) -> str:
    return notes_section("whaletable.games.survive", title)


def test_every_test_in_the_coverage_table_exists() -> None:
    named = coverage_tests("whaletable.games.survive")
    assert len(named) > 100
    missing = sorted(named - defined_test_names(HERE))
    assert not missing, f"notes.md names tests that do not exist: {missing}"


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
