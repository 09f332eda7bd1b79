"""Run the ``whaletable`` command in-process with scripted input and captured screens.

Shared by every test folder (imported by name, as ``cli_run``); the ``cli`` fixture of
``tests/cli`` hands out :func:`run_cli`.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass

from rich.console import Console

from whaletable.cli.main import main


@dataclass
class Run:
    code: int
    out: str
    err: str
    inputs_used: int


class Script:
    """Feeds lines to the command like a player at the keyboard; then input ends."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.used = 0

    def __call__(self) -> str:
        if self.used >= len(self.lines):
            raise EOFError
        self.used += 1
        return self.lines[self.used - 1]


def run_cli(args: list[str], lines: Iterable[str] = (), *, terminal: bool = False) -> Run:
    """``terminal=True`` makes screen clears visible in the output as ESC[2J."""
    out, err = io.StringIO(), io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=terminal)
    err_console = Console(file=err, width=300, color_system=None)
    script = Script(lines)
    code = main(args, console=console, err_console=err_console, input_fn=script)
    return Run(code, out.getvalue(), err.getvalue(), script.used)


def render(renderable: object, width: int = 100) -> str:
    """What the terminal shows for ``renderable``, as plain text ``width`` columns wide."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()
