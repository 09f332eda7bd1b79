"""Rewrite the golden transcripts after an intended change to a game's rules or views.

Run ``.venv/bin/python tests/golden/regenerate.py`` (every game) or
``… regenerate.py --game survive`` (one game; repeat ``--game`` for more) and review the
diff before keeping it: every changed line is a change in what players see.
The tests compare these files with freshly played games; a transcript is never
compared with another made in the same run.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TOY_ID = "secret-steps-test-only"
"""The test kit's own toy game (tests/core/toy_game.py): registered nowhere."""


def game_of(game_id: str) -> Any:
    """The game to play: a registered one, or the kit's toy game."""
    if game_id == TOY_ID:
        core_tests = str(HERE.parent / "core")
        if core_tests not in sys.path:
            sys.path.insert(0, core_tests)
        from toy_game import ToyGame

        return ToyGame()
    from whaletable import games

    return games.get(game_id)


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
        from whaletable.core.testing import transcript

        return transcript(
            game_of(self.game_id), self.num_players, seed=self.seed, options=self.options
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


KIT_CASES = (Case("secret-steps-test-only-2p", TOY_ID, 2, seed=4, options={}),)
"""The kit's own transcript of its toy game (tests/core/test_core_testing_kit.py)."""


def main(argv: list[str] | None = None) -> None:
    every = (*CASES, *KIT_CASES)
    ids = sorted({case.game_id for case in every})
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        action="append",
        choices=ids,
        metavar="ID",
        help=f"rewrite only this game's transcripts (repeatable); one of: {', '.join(ids)}",
    )
    chosen = parser.parse_args(argv).game
    for case in every:
        if chosen and case.game_id not in chosen:
            continue
        case.path.write_text(case.write(), encoding="utf-8")
        print(f"wrote {case.path.relative_to(HERE.parent.parent)}")


if __name__ == "__main__":
    main()
