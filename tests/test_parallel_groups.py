"""``make test`` runs tests on two workers with ``--dist loadgroup``: the tests of one
``xdist_group`` must share a worker, or a module's costly fixture is made once per worker
and two local Rays may start at once. Some pytest and pytest-xdist releases together drop
the groups without a word; this test says so instead."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

GROUPED = """
import pytest

pytestmark = pytest.mark.xdist_group("together")


def test_one():
    pass


def test_two():
    pass


def test_three():
    pass
"""


@pytest.mark.slow  # two pytest workers start
def test_tests_of_one_group_run_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v", "-p",
         "no:cacheprovider", "test_grouped.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTEST_ADDOPTS": ""},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    workers = re.findall(r"\[(gw\d+)\].*PASSED test_grouped\.py::test_\w+", done.stdout)
    assert len(workers) == 3, done.stdout[-2000:]
    assert len(set(workers)) == 1, f"the group was split over {sorted(set(workers))}"
