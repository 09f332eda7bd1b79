"""Events: what happened, said by the rules in the game's own words.

Each game declares its events once, as small frozen dataclasses deriving from
:class:`Event` in ``games/<id>/events.py`` (``Moved(explorer, src, dst)``,
``Bought(seat, tile, price)``…), and its rules emit them while applying an action
(:meth:`whaletable.core.state.State._emit`). Interfaces draw and word events; they
never guess what happened by comparing observations.

An event may carry a value some seats may not know (the card a seat drew). It then
says so in :meth:`Event.seen_by`, which returns the event as one seat may know it:
itself, a copy with the hidden values blanked, or ``None`` when that seat learns
nothing at all. :meth:`whaletable.core.state.State.events` applies it, so events
pass the same choke point as observations.

>>> from dataclasses import dataclass, replace
>>> @dataclass(frozen=True, slots=True)
... class Drew(Event):
...     kind = "drew"
...     seat: int
...     card: str | None
...     def seen_by(self, seat):
...         return self if seat == self.seat else replace(self, card=None)
>>> Drew(0, "orca").seen_by(1).to_json()
{'type': 'drew', 'seat': 0, 'card': None}
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of every game's events; ``kind`` names the event in JSON (``type``)."""

    kind: ClassVar[str] = "event"
    # The rules make something public at this moment (a round's cards turned up, every
    # value shown at the end): a table shows it to everyone a while before moving on.
    reveals: ClassVar[bool] = False

    def seen_by(self, seat: int | None) -> Event | None:
        """This event as ``seat`` (``None``: a spectator) may know it.

        The default is an event everyone sees whole. Override it for an event that
        carries a hidden value: return a copy without the value, or ``None``.
        """
        return self

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for field in dataclasses.fields(self):
            data[field.name] = _plain(getattr(self, field.name))
        return data

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{self.kind}({args})"


def _plain(value: Any) -> Any:
    """A field value as JSON: tuples become lists, nested events their JSON."""
    if isinstance(value, Event):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


__all__ = ["Event"]
