"""Every browser wait passes JavaScript as a function, never as a bare expression.

Playwright evaluates a bare expression with ``eval`` each time it polls again, and our
pages' Content-Security-Policy forbids ``eval``: such a wait passes when its condition
already holds at the first look and fails with an ``EvalError`` when it has to wait.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def bare_expression_waits(source: str) -> list[int]:
    """The lines of ``wait_for_function`` calls given a string that is not a function.

    >>> bare_expression_waits('page.wait_for_function("window.ready")')
    [1]
    >>> bare_expression_waits('page.wait_for_function("() => window.ready")')
    []
    """
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and not node.args[0].value.lstrip().startswith(("(", "function", "async"))
        ):
            lines.append(node.lineno)
    return lines


def test_every_browser_wait_is_a_function_the_page_policy_lets_poll() -> None:
    found = {
        f"{path.relative_to(TESTS)}:{line}"
        for path in TESTS.rglob("*.py")
        for line in bare_expression_waits(path.read_text(encoding="utf-8"))
    }
    assert not found, f"wait_for_function given a bare expression at {sorted(found)}"
