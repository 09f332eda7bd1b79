"""Component data files: TOML beside each game's rules, read with errors that name the
file and the key, every table labelled with how sure its facts are."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from whaletable.core.errors import DataFileError

PROVENANCE = ("confirmed", "inferred", "guessed", "reconstructed")
"""The confidence labels a data table may carry (as in the games' reference notes)."""


def read_toml(path: str | Path | None, package: str, name: str) -> tuple[dict[str, Any], str]:
    """The parsed file and how errors name it: ``path``, or the game's own ``data/<name>``.

    >>> data, source = read_toml(None, "whaletable.games.whale_to_look", "components.toml")
    >>> source
    'whale_to_look/data/components.toml'
    """
    if path is None:
        text = resources.files(package).joinpath(f"data/{name}").read_text(encoding="utf-8")
        source = f"{package.rpartition('.')[2]}/data/{name}"
    else:
        try:
            text, source = Path(path).read_text(encoding="utf-8"), str(path)
        except OSError as e:
            raise DataFileError(f"{path}: cannot read: {e.strerror}") from e
    try:
        return tomllib.loads(text), source
    except tomllib.TOMLDecodeError as e:
        raise DataFileError(f"{source}: not valid TOML: {e}") from e


def labelled_table(
    data: dict[str, Any], source: str, name: str, labels: tuple[str, ...] = PROVENANCE
) -> dict[str, Any]:
    """Table ``name`` (dotted for a nested one) with its ``provenance`` label and its
    one-line ``reason`` checked.

    >>> labelled_table({"deck": {"provenance": "guessed", "reason": "not printed"}}, "f", "deck")
    {'provenance': 'guessed', 'reason': 'not printed'}
    >>> labelled_table({"deck": {"reason": "x"}}, "f.toml", "deck")
    Traceback (most recent call last):
    ...
    whaletable.core.errors.DataFileError: f.toml: [deck] needs a provenance string
    """
    section: Any = data
    for part in name.split("."):
        section = section.get(part) if isinstance(section, dict) else None
    if not isinstance(section, dict):
        raise DataFileError(f"{source}: missing table [{name}]")
    for needed in ("provenance", "reason"):
        if not isinstance(section.get(needed), str) or not section[needed].strip():
            raise DataFileError(f"{source}: [{name}] needs a {needed} string")
    if section["provenance"] not in labels:
        raise DataFileError(
            f"{source}: [{name}] provenance must be one of {', '.join(labels)}; "
            f"got {section['provenance']!r}"
        )
    return section


__all__ = ["PROVENANCE", "labelled_table", "read_toml"]
