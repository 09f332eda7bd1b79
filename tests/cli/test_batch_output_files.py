"""Where simulate and tournament write their results is checked before a game is played."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

TOURNAMENT = ["tournament", "whale-to-look", "--bots", "random,heuristic", "--players", "2"]
SIMULATE = ["simulate", "whale-to-look", "--seats", "random,random"]
BATCH = ["--games", "2", "--jobs", "1"]


def refused(run: Any, message: str) -> None:
    assert run.code == 2
    assert run.err.startswith("whaletable: error: ")
    assert message in run.err
    assert run.err.count("\n") == 1  # one line, and no progress bar: nothing was played
    assert run.out == ""


@pytest.mark.parametrize("command", [TOURNAMENT, SIMULATE], ids=["tournament", "simulate"])
def test_a_plot_in_a_format_matplotlib_cannot_draw_is_refused_naming_it(
    cli: Callable[..., Any], tmp_path: Path, command: list[str]
) -> None:
    picture = tmp_path / "ratings.txt"
    refused(cli([*command, *BATCH, "--plot", str(picture)]), f"--plot {picture}: ")
    assert "'.txt'" in cli([*command, *BATCH, "--plot", str(picture)]).err
    assert not picture.exists()


@pytest.mark.parametrize("command", [TOURNAMENT, SIMULATE], ids=["tournament", "simulate"])
def test_a_plot_without_an_extension_is_refused_not_renamed(
    cli: Callable[..., Any], tmp_path: Path, command: list[str]
) -> None:
    picture = tmp_path / "ratings"
    refused(cli([*command, *BATCH, "--plot", str(picture)]), "name its format by its extension")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("flag", ["--json", "--plot"])
def test_a_tournament_output_that_is_a_folder_is_refused(
    cli: Callable[..., Any], tmp_path: Path, flag: str
) -> None:
    folder = tmp_path / "ratings.png"
    folder.mkdir()
    refused(cli([*TOURNAMENT, *BATCH, flag, str(folder)]), f"{flag} {folder}: is a folder")


def test_a_tournament_json_under_a_file_is_refused(cli: Callable[..., Any], tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder")
    target = blocker / "wtl.json"
    refused(cli([*TOURNAMENT, *BATCH, "--json", str(target)]), f"--json {target}: ")
    assert blocker.read_text() == "a file, not a folder"
