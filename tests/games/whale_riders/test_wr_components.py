"""The component data file of Whale Riders, and what it must refuse."""

from __future__ import annotations

import dataclasses
from importlib import resources
from pathlib import Path

import pytest

from whaletable.core.errors import DataFileError
from whaletable.games.whale_riders import WhaleRiders
from whaletable.games.whale_riders.components import (
    STORM,
    face,
    is_restricted,
    load_components,
)
from whaletable.games.whale_riders.rules import best_payment


def test_reconstructed_tables_say_so() -> None:
    """Every table the rulebook does not print is marked reconstructed, with a reason."""
    import tomllib

    text = resources.files("whaletable.games.whale_riders").joinpath("data/components.toml")
    data = tomllib.loads(text.read_text(encoding="utf-8"))
    for table in ("coast", "sun_port", "tiles", "storms", "contracts"):
        assert data[table]["provenance"] == "reconstructed"
        assert data[table]["reason"]
    for table in ("magic_of_the_whale", "clans_decree"):
        assert data[table]["provenance"] == "reconstructed"


def test_bag_holds_92_goods_tiles_and_24_storms() -> None:
    """Reference: 92 goods tiles and 24 storm tiles (MISUT)."""
    c = load_components()
    assert sum(c.bag) == 92 and c.bag[STORM] == 0
    assert c.storm_total == 24 and max(c.storms_in_play) <= 24


def test_seven_sun_port_pearls_four_ones_two_twos_one_three() -> None:
    """Setup 2: "first four tiles showing 1 pearl, then two tiles showing 2 pearls, and last
    the tile showing 3 pearls" (stored from the cheapest space up)."""
    assert load_components().sun_pearls == (3, 2, 2, 1, 1, 1, 1)


def test_restricted_tiles_are_two_pearls_two_crystals_three_goods() -> None:
    """Setup 3: "a tile showing 2 pearls, 2 crystals, or 3 goods of one kind\""""
    assert is_restricted(face(5, 2)) and is_restricted(face(4, 2)) and is_restricted(face(1, 3))
    assert not is_restricted(face(1, 2)) and not is_restricted(face(5, 1))
    assert not is_restricted(STORM)


def test_best_payment_wastes_least() -> None:
    assert best_payment(2, 2, 1, 1) == (0, 1, 0)
    assert best_payment(3, 2, 1, 1) == (0, 0, 1)
    assert best_payment(2, 0, 0, 1) == (0, 0, 1)
    assert best_payment(3, 1, 0, 0) is None


def test_game_accepts_other_components() -> None:
    """An owner's own data file plays without touching code."""
    c = load_components()
    game = WhaleRiders(c)
    assert game.num_distinct_actions == WhaleRiders().num_distinct_actions


# --------------------------------------------------------- broken data files


def _good_text() -> str:
    ref = resources.files("whaletable.games.whale_riders").joinpath("data/components.toml")
    return ref.read_text(encoding="utf-8")


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the real data file with ``old`` replaced by ``new``."""
    text = _good_text()
    assert old in text, old
    path = tmp_path / "components.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_load_accepts_a_path(tmp_path: Path) -> None:
    path = tmp_path / "components.toml"
    path.write_text(_good_text(), encoding="utf-8")
    assert load_components(path) == dataclasses.replace(load_components(), source=str(path))
    assert load_components(str(path)).source == str(path)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"Lobster Port",\n]', "]", r"\[coast\] names must have 8 entries, not 7"),
        ("goods = [0, 1, 2, 3]", "goods = [0, 1, 3, 2]", r"\[prices\] goods must not fall"),
        ("pearls = [3, 2, 2, 1, 1, 1, 1]", "pearls = [3, 2, 2, 1, 1, 1]", r"\[sun_port\] pearls"),
        ("pearls = [3, 2, 2, 1, 1, 1, 1]", "pearls = [4, 2, 2, 1, 1, 1, 1]", r"must each be 1-3"),
        (
            "shell = [10, 6, 3]",
            'shell = [10, "6", 3]',
            r"\[tiles\] shell must be a list of integers",
        ),
        ("shell = [10, 6, 3]", "shell = [10, 6, 3, 1]", r"\[tiles\] shell must have 1-3 entries"),
        ("crystal = [8, 2]", "crystal = [8, 2]\nsilk = [1]", r"\[tiles\] silk is not a good"),
        ("in_play = [4, 6, 8, 10, 12]", "in_play = [4, 6, 8, 10, 30]", r"must not exceed"),
        (
            'provenance = "reconstructed"\nreason = "24 storm',
            'provenance = "rumour"\nreason = "24 storm',
            r"\[storms\] provenance must be one of",
        ),
        (
            "{ needs = { shell = 2, kelp = 1 }, coins = 4, pearls = 1 }",
            "{ needs = { shell = 2, silk = 1 }, coins = 4, pearls = 1 }",
            r"\[contracts\] cards\[0\] needs silk is not a good",
        ),
        (
            "{ needs = { shell = 2, kelp = 1 }, coins = 4, pearls = 1 }",
            "{ needs = { shell = 2, kelp = 1 }, coins = -2, pearls = 1 }",
            r"cards\[0\] coins must be at least 0, not -2",
        ),
        (
            "{ needs = { shell = 2, kelp = 1 }, coins = 4, pearls = 1 }",
            "{ needs = { shell = 2, kelp = 1 }, pearls = 1 }",
            r"cards\[0\] coins must be an integer, not None",
        ),
        (
            'id = "bargain"',
            'id = "luck"',
            r"\[magic_of_the_whale\] powers\[0\] id must be one of .*; got 'luck'",
        ),
        ('id = "tide_tax"', 'id = "bargain"', r"lists an id twice"),
        ("revealed = 3", "revealed = 9", r"\[clans_decree\] revealed must be 1-8"),
        ("[storms]", "[gales]", r"missing table \[storms\]"),
        ("total = 24", "total = 24\ntotal = 25", r"not valid TOML"),
    ],
)
def test_broken_file_names_file_and_key(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(DataFileError, match=message) as info:
        load_components(path)
    assert str(path) in str(info.value)


def test_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        load_components(tmp_path / "nowhere.toml")


def test_too_few_tiles_for_the_coast(tmp_path: Path) -> None:
    text = _good_text()
    for good in ("shell", "kelp", "meat", "pottery"):
        text = text.replace(f"{good} = [10, 6, 3]", f"{good} = [1]")
    text = text.replace("crystal = [8, 2]", "crystal = [1]").replace(
        "pearl = [4, 2]", "pearl = [1]"
    )
    path = tmp_path / "components.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError, match=r"\[tiles\] holds 6 tiles, too few to fill 28 spaces"):
        load_components(path)


def test_plain_contracts_pay_the_tuned_coins() -> None:
    """notes.md, Tuning: the contracts asking for three basic goods (groups A and B) pay 4
    coins and 1 pearl, those asking for four basic goods of two kinds (C and D) 3 coins and
    2 pearls; the cards with crystals or all four kinds keep their first reconstruction."""
    contracts = load_components().contracts
    by_shape: dict[tuple[int, int, int], set[tuple[int, int]]] = {}
    for card in contracts:
        basic, crystals = sum(card.needs[:4]), card.needs[4]
        kinds = sum(1 for n in card.needs[:4] if n)
        by_shape.setdefault((basic, crystals, kinds), set()).add((card.coins, card.pearls))
    assert by_shape[(3, 0, 2)] == {(4, 1)}  # group A
    assert by_shape[(3, 0, 3)] == {(4, 1)}  # group B
    assert by_shape[(4, 0, 2)] == {(3, 2)}  # groups C and D
    assert by_shape[(4, 0, 4)] == {(3, 2)}  # group E
    assert by_shape[(2, 1, 1)] == {(2, 2)}  # group G
    assert len(contracts) == 60
