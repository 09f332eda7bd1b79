"""The steps a page has not seen yet, each drawn for it, so that it shows them one by one.

When bots or chance play several steps in a row, a page that only got the latest state
would jump over them. A table keeps its last few states (:class:`Recent`), and a page is
sent, with the latest state, a *frame* of each step played since the state it was sent
last: the same drawing as a state message, made from that step's observation for the
page's seat, with nothing to click. The page plays the frames at its own pace.

What is kept and sent is bounded: a table keeps :data:`FRAMES_SENT` + 1 states, and a
page further behind than that (or that saw a step taken back since) gets the latest
state alone.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from whaletable.core import State
from whaletable.core.event import Event
from whaletable.web.outbox import Shared

FRAMES_SENT = 12
"""The most steps sent before a state; a page further behind gets the latest state alone."""


class Recent:
    """A table's last few states, one per step, oldest first: ``FRAMES_SENT`` before the
    current one and the current one. A state kept here is never changed again (a table
    applies each step to a copy)."""

    def __init__(self, state: State) -> None:
        self.states: deque[State] = deque([state], maxlen=FRAMES_SENT + 1)

    def add(self, state: State) -> None:
        """``state`` is the next step's."""
        self.states.append(state)

    def restart(self, state: State) -> None:
        """Steps were taken back or replaced: only ``state`` is known to follow on."""
        self.states.clear()
        self.states.append(state)

    def between(self, seen: int, now: int) -> list[State] | None:
        """The states after steps ``seen + 1`` … ``now - 1``, or None if they are not all kept."""
        wanted = now - seen - 1
        if wanted <= 0 or wanted > FRAMES_SENT or wanted + 1 > len(self.states):
            return None
        found = list(self.states)[-wanted - 1 : -1]
        if [len(s.history) for s in found] != list(range(seen + 1, now)):
            return None  # not one state per step: nothing is sent rather than a wrong one
        return found


def reveals(events: Iterable[Event]) -> bool:
    """Whether a step made something public that the rules show everyone (a round's
    fish cards, the values under the explorers at the end): a page holds it longer."""
    return any(e.reveals for e in events)


class Framed(Shared):
    """A state message with the frames before it, written as JSON from the texts each
    drawing already has: a frame is drawn and encoded once for every page that sees it."""

    __slots__ = ("latest", "steps")

    def __init__(self, latest: Shared, frames: list[Shared]) -> None:
        super().__init__(latest, frames=frames)
        self.latest = latest
        self.steps = frames

    def text(self) -> str:
        try:
            return self._text
        except AttributeError:
            frames = ",".join(f.text() for f in self.steps)
            self._text = '{"frames":[' + frames + "]," + self.latest.text()[1:]
            return self._text


__all__ = ["FRAMES_SENT", "Framed", "Recent", "reveals"]
