"""The table and the component data file of Whale to Look."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from whaletable.core.errors import DataFileError
from whaletable.games.whale_to_look.components import (
    ADJACENT,
    AREA_FISH,
    FISH_AREAS,
    load_components,
)


def test_board_adjacency_orthogonal() -> None:
    """en: "areas are adjacent across the diagonal corners of the cards" / vi: "adjacent
    horizontally or vertically. No diagonal moves." (areas a0 a1 a2 over a3 a4 a5)"""
    expected = {0: {1, 3}, 1: {0, 2, 4}, 2: {1, 5}, 3: {0, 4}, 4: {1, 3, 5}, 5: {2, 4}}
    assert {a: set(n) for a, n in enumerate(ADJACENT)} == expected


def test_area_bordered_by_four_fish() -> None:
    """en: "For each area, add up the numbers on the 4 adjacent fish cards." — area (c,r) has
    the fish (c,r), (c+1,r), (c,r+1), (c+1,r+1) of the 4×3 lattice at its corners."""
    expected = [
        {0, 1, 4, 5},
        {1, 2, 5, 6},
        {2, 3, 6, 7},
        {4, 5, 8, 9},
        {5, 6, 9, 10},
        {6, 7, 10, 11},
    ]
    assert [set(f) for f in AREA_FISH] == expected


def test_fish_card_touches_one_two_or_four_areas() -> None:
    """The corner cards touch one area, the edge cards two, the two centre cards four."""
    assert [len(a) for a in FISH_AREAS] == [1, 2, 2, 1, 2, 4, 4, 2, 1, 2, 2, 1]


def test_fish_deck_two_of_each_value() -> None:
    """en: "The number of fish (0-5) is printed on the face of the fish cards." — 12 cards,
    two of each value (reconstructed, see the data file)."""
    deck = load_components().fish_values
    assert len(deck) == 12
    assert Counter(deck) == {v: 2 for v in range(6)}


def test_six_area_cards_with_distinct_numbers() -> None:
    """en: "6 area cards (dark backs)" with "printed" numbers that break ties."""
    components = load_components()
    assert len(set(components.area_numbers)) == 6
    assert sorted(components.ordered_layout) == sorted(components.area_numbers)


# --------------------------------------------------------- broken data files


def _good_text() -> str:
    ref = resources.files("whaletable.games.whale_to_look").joinpath("data/components.toml")
    return ref.read_text(encoding="utf-8")


def _written(tmp_path: Path, text: str) -> Path:
    """``text`` as a components file in ``tmp_path``."""
    (tmp_path / "components.toml").write_text(text, encoding="utf-8")
    return tmp_path / "components.toml"


def test_load_components_accepts_a_path(tmp_path: Path) -> None:
    """A data file elsewhere (a Path or a string) loads like the packaged one."""
    path = _written(tmp_path, _good_text())
    default = load_components()
    for given in (path, str(path)):
        loaded = load_components(given)
        assert loaded.fish_values == default.fish_values
        assert loaded.area_numbers == default.area_numbers
        assert loaded.source == str(path)


def test_missing_table(tmp_path: Path) -> None:
    """A data file "validated at load with clear errors naming the file and key" (DESIGN)."""
    text = _good_text()
    path = _written(tmp_path, text[: text.index("[fish]")])
    with pytest.raises(DataFileError, match=r"missing table \[fish\]") as info:
        load_components(path)
    assert str(path) in str(info.value)


def refused(tmp_path: Path, old: str, new: str, match: str) -> None:
    """The components file with ``old`` written as ``new`` is refused with ``match``, and
    the error names the file."""
    text = _good_text()
    assert old in text
    path = _written(tmp_path, text.replace(old, new, 1))
    with pytest.raises(DataFileError, match=match) as e:
        load_components(path)
    assert str(path) in str(e.value)


def test_wrong_length(tmp_path: Path) -> None:
    """en: "12 fish cards" — a deck of another size is refused."""
    refused(
        tmp_path,
        "values = [0, 0, 1, 1,",
        "values = [0, 1,",
        r"\[fish\] values must have 12 entries, not 10",
    )


@pytest.mark.parametrize("bad", ['"0"', "0.5", "true"])
def test_non_integer(tmp_path: Path, bad: str) -> None:
    """en: "The number of fish (0-5)" — whole numbers only."""
    refused(
        tmp_path,
        "values = [0, 0,",
        f"values = [{bad}, 0,",
        r"\[fish\] values must be a list of integers",
    )


def test_negative_fish_value(tmp_path: Path) -> None:
    """en: "The number of fish (0-5)" — never below 0."""
    refused(
        tmp_path, "values = [0, 0,", "values = [-1, 0,", r"\[fish\] values must not be negative"
    )


def test_duplicate_area_numbers(tmp_path: Path) -> None:
    """en: ties go to "the area with the higher printed number" — numbers must differ."""
    refused(
        tmp_path,
        "numbers = [0, 1, 2, 3, 4, 5]",
        "numbers = [0, 1, 2, 3, 4, 4]",
        r"\[areas\] numbers must be distinct",
    )


def test_ordered_layout_uses_each_number_once(tmp_path: Path) -> None:
    """The ordered layout lays each of the six area cards exactly once."""
    refused(
        tmp_path,
        "ordered_layout = [0, 1, 2, 3, 4, 5]",
        "ordered_layout = [0, 1, 2, 3, 5, 5]",
        r"\[areas\] ordered_layout must use each number",
    )


def test_missing_provenance(tmp_path: Path) -> None:
    """DESIGN: "the choice made is written in the game's data file with provenance"."""
    refused(tmp_path, 'provenance = "reconstructed"', "", r"\[fish\] needs a provenance string")


def test_unknown_provenance_label(tmp_path: Path) -> None:
    """Provenance is one of the reference notes' confidence labels."""
    refused(
        tmp_path,
        'provenance = "inferred"',
        'provenance = "probably"',
        r"\[areas\] provenance must be one of",
    )


def test_missing_reason(tmp_path: Path) -> None:
    """DESIGN: provenance comes "with ... a one-line reason"."""
    text = _good_text()
    start = text.index("reason", text.index("[fish]"))
    path = _written(tmp_path, text[:start])
    with pytest.raises(DataFileError, match=r"\[fish\] needs a reason string"):
        load_components(path)


def test_not_toml(tmp_path: Path) -> None:
    """A file that is not TOML is named in the error."""
    path = _written(tmp_path, "[areas\nnumbers = ")
    with pytest.raises(DataFileError, match="not valid TOML") as e:
        load_components(path)
    assert str(path) in str(e.value)


def test_missing_file(tmp_path: Path) -> None:
    """A file that cannot be read is named in the error."""
    path = tmp_path / "nowhere.toml"
    with pytest.raises(DataFileError, match="cannot read") as e:
        load_components(path)
    assert str(path) in str(e.value)


def test_adjacent_areas_are_those_with_no_fish_card_between() -> None:
    """en: "You may not move into an area if a fish card lies between the two areas — areas
    are adjacent across the diagonal corners of the cards." Two areas side by side in a row,
    or one above the other, share two fish cards and touch tip to tip between them: adjacent.
    Two areas on a diagonal share one fish card, which lies between them: not adjacent."""
    for a in range(6):
        for b in range(6):
            if a == b:
                continue
            shared = set(AREA_FISH[a]) & set(AREA_FISH[b])
            assert (b in ADJACENT[a]) == (len(shared) == 2), (a, b, shared)
    diagonals = [(0, 4), (1, 3), (1, 5), (2, 4)]
    for a, b in diagonals:
        (between,) = set(AREA_FISH[a]) & set(AREA_FISH[b])
        assert between in (5, 6)  # a centre fish card, touching all four areas around it
        assert b not in ADJACENT[a]
