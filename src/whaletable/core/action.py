"""Actions: small frozen value objects with a JSON form.

Each game defines its actions as frozen dataclasses deriving from :class:`Action`.
The JSON form is ``{"type": <kind>, **fields}``; the integer form comes from the
game's codec (:meth:`whaletable.core.game.Game.encode`).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions.

    ``kind`` is the action's name in the game's own words, used as the JSON
    ``type`` tag.
    """

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for field in dataclasses.fields(self):
            data[field.name] = getattr(self, field.name)
        return data

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self))
        return f"{self.kind}({args})"
