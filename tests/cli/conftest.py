"""The ``cli`` fixture: runs the ``whaletable`` command in-process (see ``tests/cli_run.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cli_run import Run, run_cli


@pytest.fixture
def cli() -> Callable[..., Run]:
    return run_cli
