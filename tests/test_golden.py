"""Golden transcripts: seeded games written out step by step, compared on every run.

Always with the files stored in tests/golden/, never with a transcript made in the same run.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from whaletable.core.testing import compare_transcript

GOLDEN = Path(__file__).resolve().parent / "golden"
HINT = (
    "If the change is intended, run .venv/bin/python tests/golden/regenerate.py "
    "and review the diff of tests/golden/."
)


def load_cases() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_regenerate", GOLDEN / "regenerate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


CASES = load_cases().CASES
KIT_CASES = load_cases().KIT_CASES

pytestmark = pytest.mark.slow


def test_every_game_has_golden_transcripts() -> None:
    from whaletable import games

    covered = {case.game_id for case in CASES}
    assert covered == {game.spec.id for game in games.all()}
    for game_id in covered:
        mine = [case for case in CASES if case.game_id == game_id]
        assert len(mine) >= 2, f"{game_id}: one transcript is too few"
        assert len({repr(case.options) for case in mine}) == len(mine), game_id


def test_whale_to_look_cases_cover_both_editions_and_several_player_counts() -> None:
    wtl = [case for case in CASES if case.game_id == "whale-to-look"]
    assert {case.options.get("edition") for case in wtl} == {"en", "vi"}
    assert len({case.num_players for case in wtl}) >= 3
    assert any(case.options.get("trending") == "fishing" for case in wtl)


def test_every_stored_transcript_belongs_to_a_case() -> None:
    """No stale file lies in tests/golden/ unchecked, and every case has its file."""
    stored = {path.name for path in GOLDEN.glob("*.txt")}
    assert stored == {case.path.name for case in (*CASES, *KIT_CASES)}


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_transcript_matches_the_stored_one(case: object) -> None:
    path = case.path  # type: ignore[attr-defined]
    assert path.exists(), f"{path.name} is missing. {HINT}"
    stored = path.read_text(encoding="utf-8")
    compare_transcript(stored, case.write(), name=path.name, hint=HINT)  # type: ignore[attr-defined]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_stored_transcript_plays_the_whole_game(case: object) -> None:
    lines = case.path.read_text(encoding="utf-8").splitlines()  # type: ignore[attr-defined]
    assert lines[1].startswith(f"# players {case.num_players} seed {case.seed} ")  # type: ignore[attr-defined]
    assert lines[-1].startswith("end scores ")
    steps = [line for line in lines if line.startswith("step ")]
    assert [line.split()[1] for line in steps] == [str(i) for i in range(len(steps))]
    assert any(" seat 0 legal " in line for line in steps)
