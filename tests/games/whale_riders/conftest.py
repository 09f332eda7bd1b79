"""The ``table`` fixture: a fresh :class:`wr_support.Table` for each test."""

from __future__ import annotations

import pytest
from wr_support import Table


@pytest.fixture
def table() -> Table:
    return Table()
