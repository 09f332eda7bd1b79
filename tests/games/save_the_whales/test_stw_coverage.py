"""notes.md keeps its promises: every test its coverage table names exists, every reading is
covered by a named test, and every option its readings name is a real option (and every
real option is named there)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from notes_md import defined_test_names, notes_section
from whaletable.games.save_the_whales import SaveTheWhalesOptions

HERE = Path(__file__).resolve().parent


def section(title: str) -> str:
    return notes_section("whaletable.games.save_the_whales", title)


def test_every_test_in_the_coverage_table_exists() -> None:
    rows = [line for line in section("Coverage").splitlines() if line.startswith("| ")]
    named = [m for line in rows for m in re.findall(r"`(test_\w+)`", line)]
    assert len(named) >= 90, "the coverage table lists a test per clause"
    missing = sorted(set(named) - defined_test_names(HERE))
    assert not missing, f"notes.md names tests that do not exist: {missing}"


def test_every_reading_is_covered_by_a_test() -> None:
    """Each numbered reading is named ("reading N") in a coverage row that names its test,
    as in the other games' coverage tables."""
    numbers = {int(n) for n in re.findall(r"^\| (\d+) \|", section("Readings chosen"), flags=re.M)}
    assert numbers == set(range(1, max(numbers) + 1)), "readings are numbered 1, 2, 3, ..."
    covered = {
        int(n)
        for line in section("Coverage").splitlines()
        if line.startswith("| ") and re.search(r"`test_\w+`", line)
        for n in re.findall(r"\breading (\d+)", line)
    }
    assert numbers - covered == set(), f"readings with no test: {sorted(numbers - covered)}"


def test_every_option_is_a_reading_and_every_reading_option_exists() -> None:
    readings = section("Readings chosen")
    named = set(re.findall(r"option `(\w+)", readings))
    real = {f.name for f in dataclasses.fields(SaveTheWhalesOptions)}
    # ``wording`` is not a reading of the rules but a choice of card texts.
    assert named == real - {"wording"}
