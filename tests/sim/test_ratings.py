"""Stored bot ratings: made from tournament results, read back for a lobby."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toy_bots import TOY_ID, toy_with_strider  # noqa: F401 - the fixture

from whaletable.sim.ratings import (
    SCHEMA,
    RatingsError,
    bot_rating,
    default_path,
    load_ratings,
    main,
    store,
)
from whaletable.sim.tournament import tournament


def test_the_packaged_ratings_file_is_a_valid_ratings_file_shipped_with_the_package() -> None:
    assert json.loads(default_path().read_text())["schema"] == SCHEMA
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    assert '"sim/ratings.json"' in pyproject.read_text()
    ratings = load_ratings()  # raises on anything malformed
    for game, entry in ratings.items():
        assert entry.game == game
        assert all(r.low <= r.mu <= r.high for r in entry.bots.values())


@pytest.mark.usefixtures("toy_with_strider")
def test_a_tournament_s_ratings_are_stored_and_read_back(tmp_path: Path) -> None:
    _, result = tournament(TOY_ID, ["random", "strider"], 20, seed=4)
    path = tmp_path / "ratings.json"
    store([result], path)
    entry = load_ratings(path)[TOY_ID]
    assert list(entry.bots) == [r["bot"] for r in result["ratings"]]
    strider = bot_rating(TOY_ID, "strider", path)
    assert strider is not None
    row = next(r for r in result["ratings"] if r["bot"] == "strider")
    assert (strider.mu, strider.low, strider.high) == (row["mu"], row["low"], row["high"])
    assert strider.label() == f"{row['mu']:.1f} ± {2 * row['sigma']:.1f}"
    assert entry.command().startswith(
        f"whaletable tournament {TOY_ID} --bots {result['ratings'][0]['bot']},"
    )
    assert "--games 20 --seed 4 --players 2" in entry.command()
    assert bot_rating(TOY_ID, "grandmaster", path) is None
    assert bot_rating("whale-to-look", "random", path) is None


def test_a_time_cap_is_rated_as_the_search_it_caps_and_nothing_else_is(tmp_path: Path) -> None:
    row = {"mu": 30, "sigma": 1, "low": 28, "high": 32, "ordinal": 27}
    entry = {"ratings": [{"bot": "mcts", **row}], "games": 10, "players": [3], "seed": 0}
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps({"schema": SCHEMA, "games": {"whale-to-look": entry}}))
    capped = bot_rating("whale-to-look", "mcts:time=0.9", path)
    assert capped is not None and capped.bot == "mcts"
    # Another parameter changes the bot: it has no rating of its own.
    assert bot_rating("whale-to-look", "mcts:iterations=5", path) is None
    assert bot_rating("whale-to-look", "mcts:iterations=5,time=0.9", path) is None


def test_storing_a_game_again_replaces_only_that_game(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    entry = {
        "ratings": [{"bot": "random", "mu": 20, "sigma": 2, "low": 16, "high": 24, "ordinal": 14}],
        "games": 10,
        "players": [2],
        "seed": 0,
        "options": {},
    }
    path.write_text(json.dumps({"schema": SCHEMA, "games": {"other": entry}}))
    result = {"schema": "whaletable.tournament/1", "game": "g", **entry}
    store([result], path)
    store([{**result, "games": 30}], path)
    ratings = load_ratings(path)
    assert set(ratings) == {"other", "g"}
    assert ratings["g"].games == 30


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "cannot read ratings from"),
        ('{"schema": "x", "games": {}}', "not a ratings file"),
        ('{"schema": "whaletable.ratings/1", "games": []}', "'games' must be an object"),
        (
            '{"schema": "whaletable.ratings/1", "games": {"g": {"ratings": []}}}',
            "g: 'ratings' must be a non-empty list",
        ),
        (
            '{"schema": "whaletable.ratings/1", "games": {"g": {"ratings": [{"bot": "a", '
            '"mu": "high"}]}}}',
            "rating 1: 'mu' must be a number, not 'high'",
        ),
    ],
)
def test_a_broken_ratings_file_is_named_with_what_is_wrong(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "ratings.json"
    path.write_text(content)
    with pytest.raises(RatingsError, match=message):
        load_ratings(path)


def test_the_store_command_refuses_what_is_not_a_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "sim.json"
    source.write_text('{"games": 3}')
    target = tmp_path / "ratings.json"
    assert main([str(source), "--into", str(target)]) == 2
    assert "not a tournament result" in capsys.readouterr().err
    assert not target.exists()


def test_the_stored_ladder_holds_with_intervals_apart() -> None:
    # The ratings the lobby shows: in every game hard (mcts) above medium (heuristic) above
    # easy (random), each interval clear of the next.
    for game, entry in load_ratings().items():
        hard, medium, easy = (entry.bots[b] for b in ("mcts", "heuristic", "random"))
        assert hard.low > medium.high, (game, hard, medium)
        assert medium.low > easy.high, (game, medium, easy)
