"""The board, the whales, the dice and the decks of Save the Whales, and their data files."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from whaletable.core.errors import DataFileError
from whaletable.games.save_the_whales.components import WHALES, layout, load_components


def test_four_corners_and_eight_whale_spaces() -> None:
    """ "the four corner spaces; the eight individual Whale spaces (note the number in each
    space)\"."""
    c = load_components()
    n = c.track_length
    corners = [c.track[i].name for i in range(0, n, n // 4)]
    assert corners == ["POW", "ARCTIC CIRCLE", "CALVING SANCTUARY", "ANTARCTICA"]
    assert sorted(s.whale for s in c.track if s.kind == "whale") == sorted(WHALES)


def test_fin_whale_is_worth_ten_sps() -> None:
    """ "one or more players would combine their resources to pay THE SYSTEM 10 SPs to save
    the Fin Whale.\""""
    c = load_components()
    assert c.values[WHALES.index("fin")] == 10


def test_every_space_the_rulebook_names_is_on_the_board() -> None:
    """Every space named in the rulebook exists on the track or the path."""
    c = load_components()
    names = {s.name for s in c.track} | {p.name for p in c.path}
    for name in (
        "KRILL IS BEING HARVESTED",
        "OIL SPILL",
        "RADIOACTIVE WASTE (LEAKING)",
        "IWC",
        "FLOATING FACTORY",
        "PIRATE WHALERS",
        "SPOTTED BY A CATCHER SHIP",
        "MARINE MAMMAL PROTECTION ACT",
        "MORATORIUM",
        "CALVING SANCTUARY",
        "ARCTIC CIRCLE",
        "ANTARCTICA",
        "THE MAGIC BARNACLE",
        "MIND IN THE WATERS",
        "WHALE MIGRATION",
        "DAWN O'DAY",
        "OLD FATHER NEPTUNE",
        "THAR SHE BLOWS!",
        "STORM AT SEA",
        "CATCHER SHIP STUCK ON ICEBERG",
        "MERMAID",
        "GOLDEN BARNACLE",
    ):
        assert name in names, name


def test_path_lies_just_inside_the_track_one_space_above_each() -> None:
    """ "the ENDANGERED SPECIES path (shown as a continuous line of Whales just inside the
    main track)": each path space lies directly above a track space, clockwise."""
    c = load_components()
    above = [p.above for p in c.path]
    assert len(set(above)) == len(above)
    assert above == sorted(above)
    kinds = Counter(p.kind for p in c.path)
    assert (kinds["safe_zone"], kinds["golden_barnacle"], kinds["mermaid"]) == (2, 2, 1)


def test_twenty_one_cards_in_each_deck_in_three_languages() -> None:
    """ "21 DAWN O'DAY and 21 OLD FATHER NEPTUNE Game Cards\"."""
    c = load_components()
    for deck in ("dawn", "neptune"):
        cards = c.cards[deck]
        assert len(cards) == 21
        for card in cards:
            for wording in ("standard", "gentle"):
                assert set(card.text[wording]) == {"en", "vi", "fa"}
                assert all(card.text[wording].values())
        effects = {card.effect for card in cards}
        assert {"collect", "pay", "move", "leave_path"} <= effects


def test_layout_is_json_ready() -> None:
    data = layout()
    assert len(data["track"]) == 40 and len(data["path"]) == 40
    assert data["port"] == 21
    assert [w["name"] for w in data["whales"]] == list(WHALES)


# --------------------------------------------------------------- broken data files


def _text(name: str) -> str:
    ref = resources.files("whaletable.games.save_the_whales").joinpath(f"data/{name}")
    return ref.read_text(encoding="utf-8")


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = _text(name)
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _load(tmp_path: Path, name: str, old: str, new: str) -> str:
    path = _broken(tmp_path, name, old, new)
    kwargs = {"board": path} if name == "board.toml" else {"cards": path}
    with pytest.raises(DataFileError) as info:
        load_components(**kwargs)  # type: ignore[arg-type]
    message = str(info.value)
    assert str(path) in message
    return message


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            '{ name = "IWC", kind = "iwc", sp = -4 }',
            '{ name = "IWC", kind = "iwc", sp = 4 }',
            r"\[track\] spaces\[12\] sp of a iwc space is a penalty",
        ),
        (
            'kind = "moratorium"',
            'kind = "moratorum"',
            r"\[track\] spaces\[32\] kind must be one of",
        ),
        (
            'kind = "whale", whale = "orca"',
            'kind = "whale", whale = "sperm"',
            r"need one space for each whale",
        ),
        (
            'kind = "card", deck = "dawn" },\n    { name = "KRILL',
            'kind = "card", deck = "dusk" },\n    { name = "KRILL',
            r"\[track\] spaces\[2\] deck must be one of",
        ),
        ("port_entry = 21", "port_entry = 99", r"\[path\] port_entry = 99"),
        (
            'kind = "safe_zone", above = 12',
            'kind = "safe_zone", above = 15',
            r"\[path\] specials\[0\] above = 15: a whale slides down",
        ),
        ("fin = 10", "fin = 0", r"\[whales\] values fin must be at least 1"),
        (
            "numbers = [1, 2, 3, 4, 5, 6]",
            "numbers = [1, 2, 3]",
            r"\[dice\] numbers must have 6 entries, not 3",
        ),
        (
            'provenance = "reconstructed"\nreason = "the real layout',
            'provenance = "maybe"\nreason = "the real layout',
            r"\[track\] provenance must be one of",
        ),
        ("start_sp = 3", 'start_sp = "3"', r"\[amounts\] start_sp must be an integer"),
    ],
)
def test_broken_board_file_names_file_and_key(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    """DESIGN: data "validated at load with clear errors naming the file and key"."""
    import re

    assert re.search(expected, _load(tmp_path, "board.toml", old, new))


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            'effect = "ship_to_port"',
            'effect = "sink_ship"',
            r"\[dawn\] cards\[10\] effect must be one of",
        ),
        ('to = "moratorium"', 'to = "the moon"', r"\[dawn\] cards\[9\] to = 'the moon'"),
        (
            'gentle_en = "Someone forgot',
            'gentle_xx = "Someone forgot',
            r"\[dawn\] cards\[13\] gives a gentle wording without gentle_en",
        ),
        (
            'vi = "Biển lặng và trong xanh. Nhận 1 SP."',
            "",
            r"\[neptune\] cards\[1\] vi must be a non-empty string",
        ),
        (
            '[[neptune.cards]]\neffect = "collect"\nsp = 1\n',
            '[[neptune.cards]]\neffect = "collect"\nsp = 0\n',
            r"\[neptune\] cards\[0\] sp must be at least 1",
        ),
    ],
)
def test_broken_cards_file_names_file_and_key(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    """A broken card is reported with its deck and position."""
    import re

    assert re.search(expected, _load(tmp_path, "cards.toml", old, new))


def test_wrong_number_of_cards(tmp_path: Path) -> None:
    """ "21 DAWN O'DAY ... Game Cards\": a deck of another size is refused."""
    text = _text("cards.toml")
    start = text.index("[[dawn.cards]]")
    end = text.index("[[dawn.cards]]", start + 1)
    path = tmp_path / "cards.toml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(DataFileError, match=r"\[dawn\] cards must have 21 cards, not 20"):
        load_components(cards=path)


def test_missing_table_and_not_toml(tmp_path: Path) -> None:
    text = _text("board.toml")
    path = tmp_path / "board.toml"
    path.write_text(text[: text.index("[dice]")], encoding="utf-8")
    with pytest.raises(DataFileError, match=r"missing table \[dice\]"):
        load_components(board=path)
    path.write_text("[track\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid TOML"):
        load_components(board=path)
    with pytest.raises(DataFileError, match="cannot read"):
        load_components(board=tmp_path / "nowhere.toml")
