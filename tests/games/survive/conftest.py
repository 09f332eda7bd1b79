"""Fixtures for Survive's tests; the helpers they hand out live in ``survive_support``."""

from __future__ import annotations

import pytest
from survive_support import Table


@pytest.fixture
def table() -> Table:
    return Table()
