"""What a board shows, said once per game and drawn by every interface.

A game's ``view.py`` turns one viewer's observation and legal actions into a
:class:`Scene`: the places of the board (:class:`Region`: an area, a port, a hex, a seat's
row), what lies in them (:class:`Piece`: a card, a boat, an explorer), and for every legal
action where it is chosen (:class:`Choice`: the key of the region or piece a player clicks
in the browser or names at the terminal, or none for a plain button). The web board gives
each key a place in SVG and each kind a shape; the terminal gives them a place on screen.
Neither reads the observation for anything the scene already says, so what a player is
shown, and which click means which move, is decided once.

A scene is made from the observation and the events of the last step as its viewer may
know them (:meth:`~whaletable.core.state.State.step_events`), never from a state, so it
cannot show more than its viewer may know; the events say what to highlight. The test kit
checks every game's scenes with :func:`check_scene`.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.game import Game
from whaletable.core.words import Translate


@dataclass(frozen=True, slots=True)
class Piece:
    """Something drawn in a region: a card, a boat, an explorer, a marker."""

    key: str
    """Unique in its scene and stable from step to step (``"fish-4"``, ``"boat-1-2"``)."""
    kind: str
    """What it is (``"fish"``, ``"boat"``): an interface draws each kind its own way."""
    label: str
    """The short words on or beside it (``"F5 [3]"``, ``"3"``)."""
    owner: int | None = None
    """The seat it belongs to (its colour), if any."""
    marks: frozenset[str] = frozenset()
    """States it is drawn in, named by the game (``"anchored"``, ``"face-up"``)."""


@dataclass(frozen=True, slots=True)
class Region:
    """A place of the board, with what lies in it."""

    key: str
    kind: str
    label: str
    pieces: tuple[Piece, ...] = ()
    notes: tuple[str, ...] = ()
    """Lines of words shown in the region (a sum seen, a price)."""
    owner: int | None = None
    marks: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action, its words, and where it is chosen."""

    action: Action
    words: str
    target: str | None = None
    """The key of the region or piece that is clicked for it; ``None`` for a button."""


@dataclass(frozen=True, slots=True)
class Scene:
    """What one viewer is shown at one step."""

    status: str
    regions: tuple[Region, ...]
    choices: tuple[Choice, ...] = ()
    """Every legal action of the viewer once, in the order of ``legal_actions()``; empty
    when the viewer may not act."""
    highlights: frozenset[str] = field(default_factory=frozenset)
    """Keys of regions and pieces to draw the eye to (what the last move touched)."""

    def region(self, key: str) -> Region:
        for region in self.regions:
            if region.key == key:
                return region
        raise KeyError(f"the scene has no region {key!r}")

    def at(self, target: str) -> tuple[Choice, ...]:
        """The choices made by clicking ``target``, in order."""
        return tuple(c for c in self.choices if c.target == target)

    def keys(self) -> set[str]:
        """Every region's and piece's key."""
        found = {r.key for r in self.regions}
        found.update(p.key for r in self.regions for p in r.pieces)
        return found

    def lit(self, keys: Iterable[str]) -> Scene:
        """This scene with ``keys`` highlighted too, those that name a region or piece of
        it (what the last step touched may have left the board)."""
        return replace(self, highlights=self.highlights | (set(keys) & self.keys()))


class SceneMaker(Protocol):
    """A game's ``view.scene``."""

    def __call__(
        self,
        obs: Any,
        legal: Sequence[Action],
        names: Sequence[str],
        tr: Translate,
        *,
        events: Sequence[Event] = (),
    ) -> Scene:
        """``events``: the last step's, as the viewer of ``obs`` may know them."""
        ...


def marks(**flags: bool) -> frozenset[str]:
    """The names of the flags that hold, as a piece's or region's marks (``face_up`` is
    ``face-up``).

    >>> sorted(marks(home=True, to_move=True, buying=False))
    ['home', 'to-move']
    """
    return frozenset(name.replace("_", "-") for name, on in flags.items() if on)


def touched(events: Iterable[Event], fields: Mapping[str, str]) -> set[str]:
    """The keys the events name: ``fields`` maps a field of an event to the key its value
    names (``{"whale": "whale-{}"}``); a field an event lacks, or holds ``None`` (a value
    hidden from the viewer), names nothing."""
    found = set()
    for event in events:
        for name, key in fields.items():
            value = getattr(event, name, None)
            if value is not None:
                found.add(key.format(value))
    return found


def scene_maker(game: Game[Any]) -> SceneMaker | None:
    """The ``scene`` function of the game's ``view`` module, or None if it has none."""
    home = sys.modules[type(game).__module__]
    # A game class defined in its package's __init__ lives in the package itself.
    package = home.__name__ if hasattr(home, "__path__") else home.__name__.rpartition(".")[0]
    name = f"{package}.view"
    if not package or importlib.util.find_spec(name) is None:
        return None
    maker: SceneMaker = importlib.import_module(name).scene
    return maker


def check_scene(scene: Scene, legal: Sequence[Action], where: str) -> None:
    """What every scene must be: raises :class:`AssertionError` naming what is wrong.

    Keys are unique; every legal action is offered exactly once, in order (so every move
    can be made by a click), and nothing else is; every target names a region or piece.
    """
    keys: list[str] = [r.key for r in scene.regions]
    keys += [p.key for r in scene.regions for p in r.pieces]
    doubled = sorted({k for k in keys if keys.count(k) > 1})
    if doubled:
        raise AssertionError(f"{where}: keys used twice in the scene: {doubled}")
    offered = [c.action for c in scene.choices]
    if offered != list(legal):
        missing = [a for a in legal if a not in offered]
        extra = [a for a in offered if a not in legal]
        raise AssertionError(
            f"{where}: the scene's choices are not the legal actions in order "
            f"(missing {missing}, not legal {extra})"
        )
    known = set(keys)
    for choice in scene.choices:
        if choice.target is not None and choice.target not in known:
            raise AssertionError(
                f"{where}: {choice.action} is chosen at {choice.target!r}, "
                "which is no region or piece of the scene"
            )
        if not choice.words.strip():
            raise AssertionError(f"{where}: {choice.action} has no words")
    unknown = sorted(scene.highlights - known)
    if unknown:
        raise AssertionError(f"{where}: highlights name no region or piece: {unknown}")


__all__ = [
    "Choice",
    "Piece",
    "Region",
    "Scene",
    "SceneMaker",
    "check_scene",
    "marks",
    "scene_maker",
    "touched",
]
