"""Component data files: TOML beside each game's rules, read with errors that name the
file and the key, every table labelled with how sure its facts are."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Section:
    """One table of a data file, or one entry of a list of tables in it: typed look-ups
    whose errors name the file, the table and the key, in one wording for every game.

    >>> s = Section("f.toml", "[dice]", {"numbers": [1, 2, 3], "name": "d6"})
    >>> s.integers("numbers", length=3, low=1)
    (1, 2, 3)
    >>> s.integers("numbers", length=6)
    Traceback (most recent call last):
    ...
    whaletable.core.errors.DataFileError: f.toml: [dice] numbers must have 6 entries, not 3
    >>> s.choice("name", ("d4", "d8"))
    Traceback (most recent call last):
    ...
    whaletable.core.errors.DataFileError: f.toml: [dice] name must be one of d4, d8; got 'd6'
    """

    def __init__(self, source: str, where: str, values: dict[str, Any]) -> None:
        self.source = source
        self.where = where
        self.values = values

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def get(self, key: str, default: Any = None) -> Any:
        """The raw value of ``key`` (for shapes the typed look-ups do not cover)."""
        return self.values.get(key, default)

    def fail(self, message: str, key: str | None = None) -> DataFileError:
        """An error about this section, or about its ``key``."""
        where = self.where if key is None else f"{self.where} {key}"
        return DataFileError(f"{self.source}: {where} {message}")

    def integer(self, key: str, *, low: int | None = None) -> int:
        value: Any = self.values.get(key)
        if not _is_int(value):
            raise self.fail(f"must be an integer, not {value!r}", key)
        if low is not None and value < low:
            raise self.fail(f"must be at least {low}, not {value}", key)
        return int(value)

    def integers(
        self,
        key: str,
        *,
        length: int | None = None,
        lengths: range | None = None,
        low: int | None = None,
    ) -> tuple[int, ...]:
        value: Any = self.values.get(key)
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise self.fail("must be a list of integers", key)
        if length is not None and len(value) != length:
            raise self.fail(f"must have {length} entries, not {len(value)}", key)
        if lengths is not None and len(value) not in lengths:
            raise self.fail(
                f"must have {lengths.start}-{lengths.stop - 1} entries, not {len(value)}", key
            )
        if low is not None and any(v < low for v in value):
            bound = "must not be negative" if low == 0 else f"must all be at least {low}"
            raise self.fail(f"{bound}: {value}", key)
        return tuple(value)

    def string(self, key: str) -> str:
        value = self.values.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"must be a non-empty string, not {value!r}", key)
        return value

    def choice(self, key: str, allowed: Sequence[str]) -> str:
        """A string that must be one of ``allowed``."""
        value = self.string(key)
        if value not in allowed:
            raise self.fail(f"must be one of {', '.join(allowed)}; got {value!r}", key)
        return value

    def choices(self, key: str, allowed: Sequence[str], *, wording: str = "") -> tuple[str, ...]:
        """A non-empty list of strings, each one of ``allowed`` (named by ``wording``,
        or listed)."""
        value = self.values.get(key)
        if not isinstance(value, list) or not value or any(v not in allowed for v in value):
            raise self.fail(
                f"must be a list of {wording or ', '.join(allowed)}; got {value!r}", key
            )
        return tuple(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.values.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(f"must be true or false, not {value!r}", key)
        return value

    def entries(self, key: str) -> list[Section]:
        """A list of tables, each a section named by its place (``[deck] cards[3]``)."""
        value = self.values.get(key)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail("must be a list of tables", key)
        return [Section(self.source, f"{self.where} {key}[{i}]", v) for i, v in enumerate(value)]

    def table(self, key: str) -> Section:
        """A table inside this one (``[whales] values``)."""
        value = self.values.get(key)
        if not isinstance(value, dict):
            raise self.fail("must be a table", key)
        return Section(self.source, f"{self.where} {key}", value)

    def only(self, known: Iterable[str], *, kind: str | None = None) -> None:
        """Refuse keys outside ``known`` (a misspelt key would otherwise be ignored); with
        ``kind``, the first such key is named as not being one (``"a good (shell, …)"``)."""
        unknown = sorted(set(self.values) - set(known))
        if unknown and kind is not None:
            raise self.fail(f"is not {kind}", unknown[0])
        if unknown:
            raise self.fail(f"has unknown keys {unknown}")


class DataFile:
    """One parsed data file: its labelled tables as :class:`Section` objects."""

    def __init__(
        self, data: dict[str, Any], source: str, labels: tuple[str, ...] = PROVENANCE
    ) -> None:
        self.data = data
        self.source = source
        self.labels = labels

    @classmethod
    def read(
        cls,
        path: str | Path | None,
        package: str,
        name: str,
        labels: tuple[str, ...] = PROVENANCE,
    ) -> DataFile:
        """``path``, or the game's own ``data/<name>`` (see :func:`read_toml`), whose
        tables carry one of ``labels``."""
        return cls(*read_toml(path, package, name), labels)

    def table(self, name: str) -> Section:
        """Table ``name`` (dotted for a nested one), its provenance label checked."""
        section = labelled_table(self.data, self.source, name, self.labels)
        return Section(self.source, f"[{name}]", section)

    def fail(self, where: str, message: str) -> DataFileError:
        """An error about something the file's tables say together."""
        return DataFileError(f"{self.source}: {where} {message}")


__all__ = ["PROVENANCE", "DataFile", "Section", "labelled_table", "read_toml"]
