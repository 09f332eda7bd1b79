"""docs/research.md lists every field of every game's observation tensor."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from whaletable import games

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def section(game_id: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(rf"^### {re.escape(game_id)}\n(.*?)(?=^##)", text, re.S | re.M)
    assert found, f"docs/research.md has no section '### {game_id}'"
    return found.group(1)


@pytest.mark.parametrize("game_id", [g.spec.id for g in games.all()])
def test_every_tensor_field_is_documented_in_order(game_id: str) -> None:
    rows = re.findall(r"^\| `(\w+)` \| ([\dn×]+) \| (\d+) \|", section(game_id), re.M)
    layout = games.get(game_id).observation_layout(3)
    assert [(name, int(offset)) for name, _, offset in rows] == [
        (f.name, layout.offsets[f.name][0]) for f in layout.fields
    ]
