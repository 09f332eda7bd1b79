"""The board and component data files of Survive, and their validation."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from whaletable.core.errors import DataFileError
from whaletable.games.survive import actions as act
from whaletable.games.survive.components import BOARD, coordinates, load_board, load_components


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = resources.files("whaletable.games.survive").joinpath(f"data/{name}").read_text()
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_board_has_133_spaces_40_slots() -> None:
    """§1.1: "13 rows ... = 133 spaces" and "40 are island slots"."""
    assert BOARD.num_hexes == 133 and len(BOARD.island) == 40
    assert BOARD.row_lengths == (7, 10, 11, 10, 11, 12, 11, 12, 11, 10, 11, 10, 7)


def test_axial_description_matches() -> None:
    """§1.2: "all (q,r) with max(|q|,|r|,|q+r|) ≤ 6, minus (6,0) and (−6,0), plus the 8 corner
    cells"."""
    hexagon = {
        (q, r) for q in range(-6, 7) for r in range(-6, 7) if max(abs(q), abs(r), abs(q + r)) <= 6
    }
    expected = (hexagon - {(6, 0), (-6, 0)}) | {
        (-2, -5),
        (-3, -4),
        (7, -5),
        (7, -4),
        (-7, 4),
        (-7, 5),
        (3, 4),
        (2, 5),
    }
    assert set(BOARD.axial) == expected


def test_island_is_point_symmetric_and_serpents_confirmed() -> None:
    """§1.3: "Point-symmetric about the centre"; §1.4 serpent starts in axial form."""
    island = {BOARD.axial[h] for h in BOARD.island}
    assert island == {(-q, -r) for q, r in island}
    assert [BOARD.axial[h] for h in BOARD.serpent_starts] == [
        (0, 0),
        (-2, -5),
        (7, -4),
        (-7, 4),
        (2, 5),
    ]


def test_start_sea_contact_counts() -> None:
    """§1.3 derived facts: 28 slots touch the sea counting the centre hole, 29 sea spaces touch
    the island."""
    island = set(BOARD.island)
    touching = [h for h in island if any(n not in island for n in BOARD.neighbours[h])]
    assert len(touching) == 28
    assert len({n for h in island for n in BOARD.neighbours[h] if n not in island}) == 29


def test_coordinates_for_drawing() -> None:
    """Every space has offset and axial coordinates a drawing can use."""
    c = coordinates(BOARD.landing[0][0])
    assert (c["row"], c["idx"], c["q"], c["r"]) == (1, 0, -2, -5)


def test_tile_backs_match_component_counts() -> None:
    """§3.2: 6 shark, 5 whale, 4 boat, 6 whirlpool, 1 volcano tiles; the supply never runs out."""
    comp = load_components()
    totals = [sum(row[i] for row in comp.backs) for i in range(len(act.EFFECTS))]
    by = dict(zip(act.EFFECTS, totals, strict=True))
    assert (by["shark"], by["whale"], by["boat"], by["whirlpool"], by["volcano"]) == (6, 5, 4, 6, 1)
    assert by["shark"] <= comp.sharks and by["whale"] <= comp.whales <= comp.squids
    assert by["dolphin"] <= comp.dolphins  # Challenge Rule 5: a token for every dolphin tile
    assert 4 * comp.boats_per_player + by["boat"] <= comp.boats_total
    assert comp.terrain_counts == (16, 16, 8)


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("board.toml", "row_lengths = [7, 10", "row_lengths = [8, 10", "[grid] row_lengths"),
        ("board.toml", 'provenance = "confirmed"', 'provenance = "rumour"', "[grid] provenance"),
        ("board.toml", "starts = [[6, 5]", "starts = [[6, 4]", "[serpents] starts must be sea"),
        ("board.toml", "NW = [[1, 0], [2, 0]]", "NW = [[1, 0], [2, 99]]", "[safe_isles] NW"),
        ("board.toml", "[island]", "[islands]", "missing table [island]"),
        ("components.toml", "values = [1, 1, 1", "values = [1, 1", "[explorers] values"),
        ("components.toml", "shark = 3\n", "shark = 4\n", "[backs.beach] backs add up to 17"),
        ("components.toml", "dolphin = 3", "dolphins = 3", "[backs.beach] dolphins"),
        ("components.toml", 'faces = ["serpent"', 'faces = ["kraken"', "[die] faces"),
        ("components.toml", "volcano = 1", "volcano = 0\nwhirlpool2 = 1", "[backs.mountain]"),
        ("components.toml", "per_player = 2", 'per_player = "two"', "[boats] per_player"),
        ("components.toml", "serpents = 5", "serpents = 4", "[creatures] serpents"),
        ("components.toml", "count = 4", "count = -4", "[dolphins] count"),
        ("components.toml", '"boat", "starfish"]', '"boat", "kraken"]', "[dive_dice.piece] faces"),
        (
            "components.toml",
            'faces = ["1", "2", "3", "4", "5", "dive"]',
            'faces = ["1", "2", "12"]',
            "[dive_dice.movement] faces",
        ),
    ],
)
def test_broken_data_files_are_named(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    """A broken copy of a data file is refused with the file and key in the message."""
    path = _copy(tmp_path, name, old, new)
    loader = load_board if name == "board.toml" else load_components
    with pytest.raises(DataFileError) as info:
        loader(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        load_board(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[grid\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid TOML"):
        load_components(bad)


def test_reconstructed_tile_tables_say_so() -> None:
    """The tile-back tables are reconstructed from implementations, not printed anywhere: they
    carry ``provenance = "reconstructed"`` and a reason."""
    import tomllib

    text = resources.files("whaletable.games.survive").joinpath("data/components.toml")
    data = tomllib.loads(text.read_text(encoding="utf-8"))
    for terrain in ("beach", "forest", "mountain"):
        table = data["backs"][terrain]
        assert table["provenance"] == "reconstructed"
        assert "reconstructed" not in table["reason"] and len(table["reason"]) > 20
