"""The ``table`` fixture for the Save the Whales tests (the helpers are in ``stw_support``)."""

from __future__ import annotations

import pytest
from stw_support import Table


@pytest.fixture
def table() -> Table:
    return Table()
