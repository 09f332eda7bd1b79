"""A batch shows its progress: a bar on a terminal, a line per tenth of the games in a log."""

from __future__ import annotations

import io
import re

from rich.console import Console

from whaletable.cli.main import main

GAMES = 200
SIMULATE = ["simulate", "whale-to-look", "--games", str(GAMES), "--jobs", "1", "--seed", "3"]


def progress_of(terminal: bool) -> str:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        SIMULATE,
        console=Console(file=out, width=100, color_system=None),
        err_console=Console(file=err, width=100, color_system=None, force_terminal=terminal),
    )
    assert code == 0, err.getvalue()
    return err.getvalue()


def test_a_batch_written_to_a_log_says_each_tenth_it_reaches() -> None:
    lines = progress_of(terminal=False).splitlines()
    said = [re.fullmatch(r"simulating (\d+)/200 \d+:\d\d:\d\d", line) for line in lines]
    assert all(said), lines
    # One process plays one game per chunk, so every tenth is said, once, as it is reached.
    assert [int(m.group(1)) for m in said if m] == list(range(20, GAMES + 1, 20))


def test_a_batch_on_a_terminal_draws_one_bar() -> None:
    shown = progress_of(terminal=True)
    assert "━" in shown
    assert f"{GAMES}/{GAMES}" in shown
    assert not re.search(r"^simulating \d+/200 \d", shown, re.MULTILINE)
