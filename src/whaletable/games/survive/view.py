"""What a seat of Survive is shown, and where each of its moves is chosen: one :class:`Scene`.

Regions: the 133 spaces (``space-<n>``, their kind the terrain or ``sea``), the four
safe isles (``isle-NW`` …), the viewer's held tiles (``hand``), the values still to place
(``values``), one row per seat (``seat-<s>``) and the line of hints (``controls``).
Pieces: creatures (``creature-<id>``, their kind the creature's), boats (``boat-<id>``)
and explorers (``explorer-<id>``: its label is its value where the viewer may know it,
else empty), held tiles (``tile-<slot>``) and values to place (``value-<v>``).

A move that takes two clicks (a piece, then where it goes) is chosen at its destination;
:func:`selected` names the piece clicked first.

Highlighted: the space a creature threatens, the creature picked to move, and what the
last step touched (the explorers, boats and creatures it moved and where to, a tile sunk,
an isle reached, and the red tile taken into the viewer's own hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.view import Choice, Piece, Region, Scene, marks, touched
from whaletable.core.words import Translate, seat_name, word_for
from whaletable.games.survive import actions as act
from whaletable.games.survive import events as ev
from whaletable.games.survive import words as w
from whaletable.games.survive.components import BOARD, ISLE_NAMES
from whaletable.games.survive.observation import ExplorerView, SurviveObservation

LANDING = frozenset(h for isle in BOARD.landing for h in isle)

TOUCHED = {
    "explorer": "explorer-{}",
    "boat": "boat-{}",
    "creature": "creature-{}",
    "hex": "space-{}",
    "to": "space-{}",
    "isle": "isle-{}",
}
"""The keys an event's fields name."""


def selected(action: Action, phase: str) -> str | None:
    """The piece clicked before the destination of a two-click move, or None."""
    if isinstance(action, act.MoveExplorer | act.JumpOverboard | act.LandOnSafeIsle):
        return f"explorer-{action.explorer}"
    if isinstance(action, act.BoardBoat):
        # The revealer of a boat tile clicks each swimmer who boards at once.
        return None if phase == "board" else f"explorer-{action.explorer}"
    if isinstance(action, act.MoveBoat | act.MoveEmptyBoat):
        return f"boat-{action.boat}"
    if isinstance(action, act.PlaceExplorer):
        return f"value-{action.value}"
    return None


def target(action: Action, obs: SurviveObservation) -> str | None:
    """The key of the region or piece clicked to make ``action`` (None: a button)."""
    if isinstance(action, act.MoveExplorer):
        return _space(w.step(w.where(obs, action.explorer), action.direction))
    if isinstance(action, act.MoveBoat):
        return _space(w.step(obs["boats"][action.boat]["hex"], action.direction))
    boarding = obs["phase"] == "board"  # the swimmers who climb into a new boat
    if isinstance(action, act.TakePerson) or (isinstance(action, act.BoardBoat) and boarding):
        return f"explorer-{action.explorer}"
    if isinstance(action, act.BoardBoat | act.JumpOverboard):
        return _space(w.where(obs, action.explorer))
    if isinstance(action, act.LandOnSafeIsle):
        return f"isle-{w.landing_isle(w.where(obs, action.explorer))}"
    if isinstance(action, act.SinkTile | act.PlaceBoat | act.PlaceSquid | act.PlaceExplorer):
        return _space(action.hex)
    if isinstance(action, act.MoveCreature | act.MoveEmptyBoat):
        return _space(action.to)
    if isinstance(action, act.PickCreature):
        return f"creature-{action.creature}"
    if isinstance(action, act.PlayTile):
        return f"tile-{action.slot}"
    return None  # done moving, no deterrent: buttons


def _space(space: int | None) -> str | None:
    return None if space is None else f"space-{space}"


def _explorer(e: ExplorerView) -> Piece:
    """An explorer, marked with its status; its label is its value, where the viewer knows it."""
    value = "" if e["value"] is None else str(e["value"])
    return Piece(f"explorer-{e['id']}", "explorer", value, e["seat"], frozenset({e["status"]}))


def _spaces(obs: SurviveObservation, tr: Translate) -> list[Region]:
    pieces: list[list[Piece]] = [[] for _ in range(BOARD.num_hexes)]
    picked = obs["pending"]["creature"]
    for c in obs["creatures"]:
        if c["status"] == "sea" and c["hex"] is not None:
            label = w.creature_words(c["id"], tr)
            picking = marks(picked=c["id"] == picked)
            pieces[c["hex"]].append(Piece(f"creature-{c['id']}", c["kind"], label, None, picking))
    explorers = obs["explorers"]
    for b in obs["boats"]:
        if b["status"] == "sea" and b["hex"] is not None:
            mine = obs["seat"] in b["controllers"] and bool(b["passengers"])
            label = w.boat_words(b["id"], tr)
            pieces[b["hex"]].append(
                Piece(f"boat-{b['id']}", "boat", label, None, marks(yours=mine))
            )
            pieces[b["hex"]] += [_explorer(explorers[e]) for e in b["passengers"]]
    for e in explorers:
        if e["status"] in ("land", "swimming") and e["hex"] is not None:
            pieces[e["hex"]].append(_explorer(e))
    threat = obs["pending"]["threat"]
    regions = []
    for space, terrain in enumerate(obs["terrain"]):
        ground = {"landing"} if space in LANDING else set()
        if threat is not None and threat["hex"] == space:
            ground.add("threat")
        key, name, here = f"space-{space}", w.space_name(space), tuple(pieces[space])
        regions.append(Region(key, terrain or "sea", name, here, marks=frozenset(ground)))
    return regions


def _isles(obs: SurviveObservation, tr: Translate) -> list[Region]:
    safe = [e for e in obs["explorers"] if e["status"] == "safe"]
    on = {i: tuple(_explorer(e) for e in safe if e["isle"] == i) for i in ISLE_NAMES}
    return [Region(f"isle-{i}", "isle", w.isle_name(i, tr), on[i]) for i in ISLE_NAMES]


def _hand(obs: SurviveObservation, tr: Translate) -> Region:
    seat = obs["seat"]
    if seat is None:
        return Region("hand", "hand", w.board_word("held", tr), notes=(w.board_word("hidden", tr),))
    tiles = []
    for slot, t in enumerate(obs["hands"][seat]["tiles"]):
        if t is not None:
            label = word_for(w.EFFECTS, t["effect"], tr)
            kinds = frozenset({t["terrain"], t["effect"]})
            tiles.append(Piece(f"tile-{slot}", "tile", label, seat, kinds))
    none = () if tiles else (w.board_word("none", tr),)
    return Region("hand", "hand", w.board_word("hand", tr), tuple(tiles), none, seat)


def _values(obs: SurviveObservation, tr: Translate) -> Region:
    seat = obs["seat"]
    values = sorted(set(obs["values_left"] or ()))
    pieces = tuple(Piece(f"value-{v}", "value", str(v), seat) for v in values)
    # The pieces are the values to choose from; the note says how many of each are left.
    left = " ".join(str(v) for v in obs["values_left"] or ())
    notes = (left,) if left else ()
    return Region("values", "values", w.board_word("values", tr), pieces, notes, seat)


def _seats(obs: SurviveObservation, names: Sequence[str], tr: Translate) -> list[Region]:
    out = []
    scores = obs["scores"]
    for seat in range(obs["num_players"]):
        mine = [e for e in obs["explorers"] if e["seat"] == seat]
        notes = [str(sum(1 for e in mine if e["status"] == status)) for status in w.SEAT_COLUMNS]
        notes.append(str(obs["hands"][seat]["count"]))
        if scores is not None:
            notes.append(w.number(scores[seat]))
        marked = marks(
            to_move=obs["to_move"] == seat, you=obs["seat"] == seat, active=obs["active"] == seat
        )
        name = seat_name(names, seat, tr)
        out.append(Region(f"seat-{seat}", "seat", name, (), tuple(notes), seat, marked))
    return out


def _taken(view: SurviveObservation, events: Sequence[Event]) -> set[str]:
    """The red tile the viewer just took into its hand (the last one there): only its
    taker learns its effect, so only its taker's events name one."""
    seat = view["seat"]
    for e in events:
        if isinstance(e, ev.TileRevealed) and e.effect is not None and not e.public:
            tiles = view["hands"][e.seat]["tiles"] if seat == e.seat else []
            if tiles and tiles[-1] is not None and tiles[-1]["effect"] == e.effect:
                return {f"tile-{len(tiles) - 1}"}
    return set()


def scene(
    view: SurviveObservation,
    legal: Sequence[Action],
    names: Sequence[str],
    tr: Translate,
    *,
    events: Sequence[Event] = (),
) -> Scene:
    """What the viewer of ``view`` is shown, and where each of ``legal`` is chosen."""
    hint = w.hint_words(view, legal, tr)
    regions = [
        *_spaces(view, tr),
        *_isles(view, tr),
        _hand(view, tr),
        _values(view, tr),
        *_seats(view, names, tr),
        Region("controls", "controls", "", notes=(hint,) if hint else ()),
    ]
    choices = tuple(Choice(a, w.action_label(a, view, names, tr), target(a, view)) for a in legal)
    highlights = touched(events, TOUCHED) | _taken(view, events)
    threat = view["pending"]["threat"]
    if threat is not None:
        highlights.add(f"space-{threat['hex']}")
    if view["pending"]["creature"] is not None and view["phase"] == "move-creature":
        highlights.add(f"creature-{view['pending']['creature']}")
    # A creature taken off by a deterrent is in no region: nothing to draw the eye to.
    return Scene(w.status_line(view, names, tr), tuple(regions), choices).lit(highlights)


__all__ = ["scene", "selected", "target"]
