"""``whaletable rules``: the game's own Markdown summary, rendered."""

from __future__ import annotations

import dataclasses
import json
from importlib import resources
from pathlib import Path

import pytest

import whaletable.cli.main as cli_main


def test_rules_prints_the_games_summary(cli) -> None:
    source = resources.files("whaletable.games.whale_to_look").joinpath("rules.md")
    first_heading = next(
        line.lstrip("# ").strip()
        for line in source.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    )
    run = cli(["rules", "whale-to-look"])
    assert run.code == 0
    assert first_heading in run.out
    assert "#" not in run.out.splitlines()[0]  # Markdown is rendered, not echoed


def test_rules_reads_rules_md_from_the_games_package(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "rules.md").write_text("# Test summary\n\n* **bold** point\n", encoding="utf-8")
    asked: list[str] = []

    def files(package: str) -> Path:
        asked.append(package)
        return tmp_path

    monkeypatch.setattr(cli_main.resources, "files", files)
    run = cli(["rules", "whale-to-look"])
    assert asked == ["whaletable.games.whale_to_look"]
    assert "Test summary" in run.out
    assert "• bold point" in run.out


def test_missing_rules_is_a_clear_error(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_main.resources, "files", lambda package: tmp_path)
    run = cli(["rules", "whale-to-look"])
    assert run.code == 2
    assert run.err.strip() == (
        "whaletable: error: no rules summary for whale-to-look: "
        "whaletable.games.whale_to_look has no rules.md"
    )


@pytest.mark.parametrize("game_id", ["save-the-whales", "survive", "whale-riders", "whale-to-look"])
def test_rules_end_with_every_option_and_its_default(cli, game_id: str) -> None:
    from whaletable import games

    game = games.get(game_id)
    run = cli(["rules", game_id])
    assert run.code == 0
    table = run.out[run.out.index(f"Options of {game_id}") :].splitlines()
    for field in dataclasses.fields(game.spec.options):
        row = next(line for line in table if line.startswith(f"│ {field.name} "))
        assert f" {json.dumps(field.default)} " in row, row
