"""What every game's board tests share: seeded games walked step by step, and boards
drawn from their observations and read back as XML.

Each game's test module says only how its random players lean (``choose``), which
games to walk, and what its board must show.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from whaletable.core import CHANCE, Action
from whaletable.core.game import Game
from whaletable.web.boards import BoardView

SVG_NS = "{http://www.w3.org/2000/svg}"

Choose = Callable[[list[Action], random.Random], Action]
"""How a walk's players pick among the legal actions."""


def tr(text: str) -> str:
    """The English "translator": every text as written."""
    return text


def uniformly(legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


@dataclass
class Snapshot:
    state: Any
    action: Action | None  # the action that led here
    actor: int  # who took it (-1: chance)


def walk(
    game: Game[Any],
    num_players: int,
    seed: int,
    options: dict[str, Any],
    choose: Choose = uniformly,
) -> Iterator[Snapshot]:
    """Every state of one seeded game, from the start to the end."""
    state = game.new_state(num_players, options)
    rng = random.Random(seed)
    yield Snapshot(state.clone(), None, -1)
    while not state.is_terminal():
        actor = state.current_player()
        action = state.sample_chance(rng) if actor == CHANCE else choose(state.legal_actions(), rng)
        state.apply(action)
        yield Snapshot(state.clone(), action, actor)


def walk_all(
    game: Game[Any],
    setups: Sequence[tuple[int, int, dict[str, Any]]],
    choose: Choose = uniformly,
) -> list[Snapshot]:
    """The snapshots of one game per ``(players, seed, options)``."""
    return [snap for n, seed, options in setups for snap in walk(game, n, seed, options, choose)]


def viewers(state: Any) -> list[int | None]:
    """Every seat, then the spectator."""
    return [*range(state.num_players), None]


def legal_for(state: Any, seat: int | None) -> list[Action]:
    """What ``seat``'s page may click: the legal actions when it is to move, else nothing."""
    return state.legal_actions() if seat is not None and state.current_player() == seat else []


@dataclass(frozen=True)
class Drawer:
    """Draws a board for one viewer of a state, parsed as XML."""

    board: BoardView
    names: Sequence[str]

    def __call__(self, state: Any, seat: int | None, names: list[str] | None = None) -> ET.Element:
        obs = state.observation(seat)
        shown = names or list(self.names[: state.num_players])
        return ET.fromstring(self.board.svg(obs, legal_for(state, seat), shown, tr))


def acts(root: ET.Element) -> list[tuple[ET.Element, dict[str, Any]]]:
    """Every clickable element and the action it plays."""
    return [
        (e, json.loads(e.attrib["data-action"])) for e in root.iter() if "data-action" in e.attrib
    ]


def classes(element: ET.Element) -> set[str]:
    return set(element.attrib.get("class", "").split())


def generic_rows(svg: str) -> dict[str, str]:
    """The rows of a generic board: each field's name and its value (lines joined)."""
    rows: dict[str, str] = {}
    for field in ET.fromstring(svg).iter(f"{SVG_NS}g"):
        if "field" not in classes(field):
            continue
        label, *lines = (text.text or "" for text in field.iter(f"{SVG_NS}text"))
        assert label not in rows, f"the field {label!r} is drawn twice"
        rows[label] = " ".join(lines)
    return rows


__all__ = [
    "SVG_NS",
    "Choose",
    "Drawer",
    "Snapshot",
    "acts",
    "classes",
    "generic_rows",
    "legal_for",
    "tr",
    "uniformly",
    "viewers",
    "walk",
    "walk_all",
]


def logged(game: Game[Any], snapshots: Sequence[Snapshot], names: Sequence[str]) -> list[list[str]]:
    """The log lines of each snapshot's step as the table writes them (the spectator's
    events in words); none for a game's start."""
    out: list[list[str]] = []
    state = None
    for snap in snapshots:
        if snap.action is None:
            state = game.new_state(snap.state.num_players, snap.state.options, events=True)
            out.append([])
            continue
        assert state is not None
        step = len(state.history)
        state.apply(snap.action)
        events = state.step_events(None, step)
        out.append(game.step_lines(events, snap.action, snap.actor, names, tr))
    return out
