"""One name per seat: the log, the scores and the hot-seat hand-over speak of players by
name, so two seats at a table never answer to the same one.

Names are told apart as a reader tells them apart: "Ana", "ana" and " Ana  " are one name
(case folded, compatibility forms unified, runs of white space counted as one space).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence


def name_key(name: str) -> str:
    """What a name is compared by.

    >>> name_key("  Ana  Lý ") == name_key("ana lý") == name_key("ＡＮＡ\u3000LÝ")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def twins(names: Sequence[str]) -> tuple[int, int] | None:
    """The first two seats (indexes) whose names are one name, or None when all differ.

    >>> twins(["Ana", "Bao", "ANA"]), twins(["Ana", "Bao"])
    ((0, 2), None)
    """
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            return seen[key], index
        seen[key] = index
    return None
