"""Rewrite the golden transcripts after an intended change to a game's rules or views.

Run ``.venv/bin/python tests/golden/regenerate.py`` and review the diff before keeping it:
every changed line is a change in what players see.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case:
    """One seeded game kept as a transcript."""

    name: str
    game_id: str
    num_players: int
    seed: int
    options: dict[str, Any]

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"

    def write(self) -> str:
        from whaletable import games
        from whaletable.core.testing import transcript

        return transcript(
            games.get(self.game_id), self.num_players, seed=self.seed, options=self.options
        )


CASES = (
    Case(
        "whale-to-look-2p-en-ordered",
        "whale-to-look",
        2,
        seed=11,
        options={"edition": "en", "area_layout": "ordered"},
    ),
    Case(
        "whale-to-look-3p-vi-whale-and-orca",
        "whale-to-look",
        3,
        seed=23,
        options={"edition": "vi", "trending": "whale-and-orca"},
    ),
    Case(
        "whale-to-look-5p-en-fishing",
        "whale-to-look",
        5,
        seed=5,
        options={"edition": "en", "trending": "fishing", "start_player": 2},
    ),
    Case("save-the-whales-2p-standard", "save-the-whales", 2, seed=9, options={}),
    Case(
        "save-the-whales-3p-gentle-ship-on-one",
        "save-the-whales",
        3,
        seed=9,
        options={
            "wording": "gentle",
            "ship_face": "one",
            "double_ships": "closest",
            "slide_down_on": "any_card",
        },
    ),
    Case("whale-riders-3p-default", "whale-riders", 3, seed=1, options={}),
    Case(
        "whale-riders-2p-variants-clearable",
        "whale-riders",
        2,
        seed=39,
        options={"clans_decree": True, "magic_of_the_whale": True, "storms": "clearable"},
    ),
    Case("survive-4p-default", "survive", 4, seed=12, options={}),
    Case(
        "survive-2p-squids-replace-whales",
        "survive",
        2,
        seed=2,
        options={"squids_replace_whales": True, "densely_populated": True, "landing": "touching"},
    ),
)


def main() -> None:
    for case in CASES:
        case.path.write_text(case.write(), encoding="utf-8")
        print(f"wrote {case.path.relative_to(HERE.parent.parent)}")


if __name__ == "__main__":
    main()
