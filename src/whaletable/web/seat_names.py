"""One name per seat: the log, the scores and the hot-seat hand-over speak of players by
name, so two seats at a table never answer to the same one.

Names are told apart as a reader tells them apart: "Ana", "ana", " Ana  " and "Аna" (its
first letter Cyrillic) are one name (case folded, compatibility forms unified, letters
that look alike counted as one, runs of white space counted as one space, characters
drawn as nothing left out).
"""

from __future__ import annotations

import functools
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


@functools.cache
def look_alikes() -> dict[str, str]:
    """Each character of Unicode's confusables (UTS #39's ``confusables.txt``, as the
    ``confusable_homoglyphs`` package keeps it) mapped to the one that stands for every
    character it may be taken for: the least of them, so ASCII where there is one.

    Only one-character look-alikes are followed, and a character stands for itself
    unless listed. Read once, when a name is first compared.
    """
    from confusable_homoglyphs.confusables import confusables_data

    standing: dict[str, str] = {}

    def stand_in(c: str) -> str:
        while (up := standing.get(c, c)) != c:
            c = up
        return c

    for char, alike in confusables_data.items():
        if len(char) != 1:
            continue
        for other in alike:
            if len(other["c"]) == 1:
                a, b = sorted((stand_in(char), stand_in(other["c"])))
                if a != b:
                    standing[b] = a
    return {c: stand_in(c) for c in standing}


def name_key(name: str) -> str:
    """What a name is compared by.

    >>> name_key("  Ana  Lý ") == name_key("ana lý") == name_key("ＡＮＡ\u3000LÝ")
    True
    >>> name_key("A\u200dna\ufe0f") == name_key("Ana")
    True
    >>> name_key("\u0410n\u0430") == name_key("Ana") == name_key("\u0391NA")  # Cyrillic, Greek
    True
    >>> name_key("Al") == name_key("AI"), name_key("Bảo") == name_key("Bao")
    (True, False)
    """
    shown = INVISIBLE.sub("", unicodedata.normalize("NFKC", name))
    alike = look_alikes()
    # Before case folding ("I" and "l" look alike, "i" and "l" do not), and after it (a
    # letter folds to one that may stand for others). Accents are marks of their own.
    drawn = "".join(alike.get(c, c) for c in unicodedata.normalize("NFD", shown))
    folded = "".join(alike.get(c, c) for c in drawn.casefold())
    return " ".join(folded.split())


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
