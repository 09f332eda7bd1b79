"""The ``table`` fixture: a fresh :class:`wtl_support.Table` for each test."""

from __future__ import annotations

import pytest
from wtl_support import Table


@pytest.fixture
def table() -> Table:
    return Table()
