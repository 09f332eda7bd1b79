"""Survive's odds of safety counted in play, their data file, and hard's guide reading them."""

from __future__ import annotations

from pathlib import Path

import pytest
from survive_support import Table, quiet

from benchmark_scripts import load
from whaletable.agents import UnknownAgent, make_agent
from whaletable.core.errors import DataFileError
from whaletable.games.survive import odds
from whaletable.games.survive import rules as R
from whaletable.games.survive.bots import SEARCH, SurviveHeuristic, counted_prospects
from whaletable.games.survive.components import BOARD
from whaletable.sim.runner import game_seed

ROW = (
    '{ where = "swimming", distance = 2, creatures = 0, stage = 1, terrain = "-", '
    "seen = 9, safe = 4 }"
)


def odds_file(tmp_path: Path, *rows: str, provenance: str = "counted") -> Path:
    path = tmp_path / "odds.toml"
    head = f'[odds]\nprovenance = "{provenance}"\nreason = "a test"\ngames = 3\n'
    path.write_text(head + "situations = [\n" + ",\n".join(rows) + "\n]\n", encoding="utf-8")
    return path


def test_every_situation_has_one_place_in_the_table() -> None:
    places = {
        odds.index(status, distance, crowd, stage, terrain)
        for status in odds.WHERE.values()
        for distance in range(odds.FAR + 1)
        for crowd in range(odds.CROWD + 1)
        for stage in range(len(odds.STAGES))
        for terrain in range(4)
    }
    assert len(places) == 3 * (odds.FAR + 1) * (odds.CROWD + 1) * len(odds.STAGES) * 4
    assert max(places) < odds.TABLE_SIZE
    assert all(odds.index(*odds.unindex(p)) == p for p in places)


def test_the_games_odds_are_read_and_every_chance_is_a_probability() -> None:
    counts = odds.read_counts()
    assert len(counts) > 100 and all(0 <= safe <= seen for safe, seen in counts.values())
    assert len(odds.chances()) == odds.TABLE_SIZE
    assert all(0.0 < c < 1.0 for c in odds.chances())


def test_a_swimmer_is_likelier_saved_early_than_near_the_end() -> None:
    """What the hand-set chances miss: how much of the island is left to sink."""
    chance = odds.chances()
    early = chance[odds.index(R.SWIM, 2, 0, 0, 0)]
    late = chance[odds.index(R.SWIM, 2, 0, len(odds.STAGES) - 1, 0)]
    assert early > 2 * late


def test_counted_prospects_fall_as_the_island_sinks(table: Table) -> None:
    state = quiet(table)
    table.swimmer(state, 0, 1)
    early = counted_prospects(state, 0)[0]
    for h in BOARD.island:
        if state.terrain[h] != R.MOUNTAIN:
            state.terrain[h] = R.SEA
    late = counted_prospects(state, 0)[0]
    assert 0 < late < early <= state.ex_value[0]
    state.ex_status[0] = R.SAFE
    assert counted_prospects(state, 0)[0] == state.ex_value[0]


def test_a_situation_never_seen_takes_its_parents_chance() -> None:
    seen = odds.index(R.SWIM, 2, 0, 1, 0)
    unseen = odds.index(R.SWIM, 2, 1, 1, 0)
    chance = odds.smooth({seen: (400, 1000)})
    assert chance[seen] == pytest.approx(0.4, abs=0.01)
    # Its parent (swimming, two spaces away, whatever the creatures and stage) is the seen one.
    assert chance[unseen] == pytest.approx(chance[seen], abs=0.01)
    assert chance[odds.index(R.BOAT, 0, 0, 0, 0)] == pytest.approx(odds.FIRST_GUESS)


def test_counting_is_seeded_and_files_explorers_under_how_they_ended() -> None:
    first = odds.count_games([5, 6])
    assert first == odds.count_games([5, 6])
    assert first != odds.count_games([7])
    assert {safe for _, safe in first} == {True, False}
    assert all(0 <= where < odds.TABLE_SIZE for where, _ in first)


def test_written_counts_read_back_alike(tmp_path: Path) -> None:
    counts = odds.count_games([5])
    path = tmp_path / "odds.toml"
    path.write_text(odds.to_toml(counts, 1, "a test"), encoding="utf-8")
    read = odds.read_counts(path)
    assert read == {w: (counts[(w, True)], counts[(w, True)] + counts[(w, False)]) for w in read}
    assert set(read) == {w for w, _ in counts}


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (ROW.replace("safe = 4", "safe = 10"), "situations[0] safe cannot exceed seen (9), not 10"),
        (ROW.replace('"swimming"', '"flying"'), "situations[0] where must be one of land"),
        (ROW.replace('"-"', '"beach"'), "situations[0] terrain must name a walker's terrain"),
        (ROW.replace("stage = 1", "stage = 5"), "situations[0] stage must be at most 4, not 5"),
        (ROW.replace("distance = 2", "distance = -1"), "situations[0] distance must be at least 0"),
        (ROW.replace("seen = 9", "seen = 9, sunk = 1"), "situations[0] has unknown keys"),
    ],
)
def test_a_broken_odds_file_is_refused_by_name(tmp_path: Path, row: str, message: str) -> None:
    path = odds_file(tmp_path, row)
    with pytest.raises(DataFileError) as err:
        odds.read_counts(path)
    assert str(err.value).startswith(f"{path}: [odds] ")
    assert message in str(err.value)


def test_an_odds_file_names_a_situation_listed_twice(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match=r"situations\[1\] repeats a situation"):
        odds.read_counts(odds_file(tmp_path, ROW, ROW))


def test_an_odds_file_must_say_its_odds_were_counted(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="provenance must be one of counted"):
        odds.read_counts(odds_file(tmp_path, ROW, provenance="guessed"))


def test_hards_guide_reads_the_counted_odds_and_medium_its_own(table: Table) -> None:
    assert SEARCH.guide is not None
    guide = make_agent(SEARCH.guide, table.game)
    medium = make_agent("heuristic", table.game)
    assert isinstance(guide, SurviveHeuristic) and isinstance(medium, SurviveHeuristic)
    assert (guide.odds, medium.odds) == ("counted", "hand")
    assert (guide.beam, medium.beam) == (16, 6)


def test_an_unknown_odds_is_refused_by_name(table: Table) -> None:
    with pytest.raises(UnknownAgent) as err:
        make_agent("heuristic:odds=lucky", table.game)
    assert str(err.value) == (
        "bot 'heuristic': parameter 'odds' must be one of hand, counted, not 'lucky'"
    )


def test_the_counting_script_writes_a_file_the_game_reads_alike_for_any_jobs(
    tmp_path: Path,
) -> None:
    fit = load("fit_survive_odds")
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    assert fit.main(["--games", "3", "--seed", "4", "--jobs", "1", "--out", str(one)]) == 0
    assert fit.main(["--games", "3", "--seed", "4", "--jobs", "2", "--out", str(two)]) == 0
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")
    counts = odds.read_counts(one)
    seeds = [game_seed(4, i) for i in range(3)]
    assert counts == odds.read_counts(two) and sum(seen for _, seen in counts.values()) == sum(
        odds.count_games(seeds).values()
    )
