"""One name per seat: the log, the scores and the hot-seat hand-over speak of players by
name, so two seats at a table never answer to the same one.

Names are told apart as a reader tells them apart: "Ana", "ana" and " Ana  " are one name
(case folded, compatibility forms unified, runs of white space counted as one space,
characters drawn as nothing left out).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

# Unicode's default-ignorable code points (DerivedCoreProperties.txt): drawn as nothing,
# so a name with one added reads as the name without it. Names refuse most of them (format
# characters); these are the joiners, fillers and selectors a name may hold.
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def name_key(name: str) -> str:
    """What a name is compared by.

    >>> name_key("  Ana  Lý ") == name_key("ana lý") == name_key("ＡＮＡ\u3000LÝ")
    True
    >>> name_key("A\u200dna\ufe0f") == name_key("Ana")
    True
    """
    shown = INVISIBLE.sub("", unicodedata.normalize("NFKC", name))
    return " ".join(shown.casefold().split())


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
