"""``benchmarks/presentation_size.py``: what it counts, line by line."""

from __future__ import annotations

from collections import Counter

from benchmark_scripts import load

SOURCE = '''"""A module's docstring,
on two lines."""

from whaletable.core.words import message as _

# a comment
GREETING = _("Hello, {name}.")
NAMES = {
    "whale": _(
        "whale"
    ),
}


def hello(name: str, tr) -> str:
    """Greet."""
    said = tr("Hello, {name}.").format(name=name)
    return said


def later() -> None: ...
'''


def test_each_line_is_counted_once_as_what_it_is() -> None:
    kinds = load("presentation_size").kinds(SOURCE)
    assert kinds == {
        "comment or docstring": 4,  # two docstring lines, the comment, the function's
        "blank": 6,
        "import": 1,
        # A sentence counts once, on the line that opens its _( or tr( (the literal
        # below an opening _( is code).
        "sentence": 3,
        "code": 7,  # the last, a stub, too
    }
    assert kinds.total() == len(SOURCE.splitlines())


def test_the_kinds_add_up_to_the_layers_lines() -> None:
    size = load("presentation_size")
    layers = size.table(None)
    total = sum(sum(row.values()) for row in layers.values())
    counted = sum(
        (size.kinds(size.text(f"{size.SRC}/{path}", None)) for path in size.presentation_files()),
        start=Counter[str](),
    )
    assert counted.total() == total
