"""What a Whale to Look table shows one viewer, said once for the web board and the terminal.

Regions, in drawing order: the ``header`` (the round and whose view; the round just
scored, or that round 2 has no trending card), the ``trend`` card while one is in play,
the areas ``area-<position>`` with the boats on them, the fish cards ``fish-<card>`` with
the investigation markers by them, and one ``seat-<seat>`` row per seat with the boats
in its dock. A boat is ``boat-<seat>-<boat>`` wherever it stands.

Between rounds and at the end the table shows the round just scored: every fish card of
it was turned face up, so its values are public. A fish card's value is its note, ``?``
where the viewer does not know it.

What the last step touched is highlighted: the boat moved (or given the fisher) and the
area it went to, the fish card investigated or turned up and the marker put by it, the
seat that said "Done!", the areas the whale and the orca surfaced at.
"""

from __future__ import annotations

from collections.abc import Sequence

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.view import Choice, Piece, Region, Scene, marks
from whaletable.core.words import Translate, seat_name
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look import events as ev
from whaletable.games.whale_to_look import words
from whaletable.games.whale_to_look.components import board_with_areas
from whaletable.games.whale_to_look.observation import WhaleToLookObservation
from whaletable.games.whale_to_look.rules import BOATS, DOCK, TOURISTS

SCORED_PHASES = ("trending", "lay_areas", "deal_fish", "over")
"""Phases in which the table shows the round just scored rather than the next deal."""

UNKNOWN = "?"
"""A fish card's note while its value is hidden from the viewer."""


def position(key: str) -> int:
    """The number a key ends with: an area's or a fish card's table position, which of its
    owner's boats (0, 1, 2) a boat is."""
    return int(key.rsplit("-", 1)[1])


def kinds(scene: Scene) -> dict[str, list[Region]]:
    """The scene's regions by kind, each kind in drawing order."""
    found: dict[str, list[Region]] = {}
    for region in scene.regions:
        found.setdefault(region.kind, []).append(region)
    return found


def choice(action: Action, obs: WhaleToLookObservation, tr: Translate) -> Choice:
    """``action`` in words, and where it is clicked: a fish card, an area, or a button."""
    target = None
    if isinstance(action, act.Investigate | act.UseRadar):
        target = f"fish-{action.fish}"
    elif isinstance(action, act.MoveBoat):
        target = f"area-{action.area}"
    return Choice(action, words.action_label(action, obs, (), tr), target)


def touches(event: Event) -> tuple[str, ...]:
    """The keys of what ``event`` touched.

    One event kind at a time, for most keys here join two fields (a seat's boat, a port's
    space), which :func:`whaletable.core.view.touched`'s one field per key cannot say."""
    match event:
        case ev.BoatMoved(seat=seat, boat=boat, area=area):
            return f"boat-{seat}-{boat}", f"area-{area}"
        case ev.FisherPlaced(seat=seat, boat=boat):
            return (f"boat-{seat}-{boat}",)
        case ev.Investigated(seat=seat, fish=fish):
            return f"fish-{fish}", f"marker-{fish}-{seat}"
        case ev.RadarUsed(fish=fish):
            return (f"fish-{fish}",)
        case ev.SaidDone(seat=seat):
            return (f"seat-{seat}",)
        case ev.RoundScored(whale_area=whale, orca_area=orca):
            return f"area-{whale}", f"area-{orca}"
        case ev.TrendRevealed():
            return ("trend",)
    return ()


def scene(
    o: WhaleToLookObservation,
    legal: Sequence[Action],
    names: Sequence[str],
    tr: Translate,
    *,
    events: Sequence[Event] = (),
) -> Scene:
    n, trend = o["num_players"], o["trend"]
    scored = o["results"][-1] if o["results"] and o["phase"] in SCORED_PHASES else None
    areas: Sequence[int | None]
    fish: Sequence[int | None]
    if scored is None:
        areas, fish = o["areas"], o["fish"]
        places = [p["boats"] for p in o["players"]]
        anchored = [p["anchored_boat"] for p in o["players"]]
        fishers = [p["fisher_boat"] for p in o["players"]]
        header = (tr(words.NO_TREND),) if o["round"] == 2 and trend is None else ()
    else:
        areas, fish = scored["areas"], scored["fish"]
        places = [scored["boats"][s * BOATS : (s + 1) * BOATS] for s in range(n)]
        anchored, fishers = scored["anchors"], scored["fisher_boats"]
        header = (words.scored_line(scored, tr),)
    # Markers and radar reveals are the round's own: none between rounds, the last
    # round's at the end, as the observation gives them.
    revealed, markers = o["revealed"], o["markers"]
    movable = {a.boat for a in legal if isinstance(a, act.MoveBoat)}
    on_area: list[list[Piece]] = [[] for _ in areas]
    docked: list[list[Piece]] = [[] for _ in range(n)]
    for seat, boats in enumerate(places):
        mine = seat == o["seat"]
        for b, at in enumerate(boats):
            lit = marks(
                fisher=fishers[seat] == b,
                anchored=anchored[seat] == b,
                selectable=mine and b in movable,
            )
            boat = Piece(f"boat-{seat}-{b}", "boat", str(TOURISTS[b]), seat, lit)
            (docked[seat] if at == DOCK else on_area[at]).append(boat)
    view = words.view_line(o["round"], o["seat"], names, tr)
    regions = [Region("header", "header", view, notes=header)]
    if scored is None and trend is not None:
        rule = (words.trend_rule(trend, tr),)
        name = words.trend_name(trend, tr)
        regions.append(Region("trend", "trend", name, notes=rule, marks=frozenset({trend})))
    area_fish = board_with_areas(len(areas)).area_fish
    for p, number in enumerate(areas):
        notes: tuple[str, ...]
        if scored is None:
            known = [v for v in (fish[f] for f in area_fish[p]) if v is not None]
            hidden = len(area_fish[p]) - len(known)
            notes = words.area_notes(len(on_area[p]), n, sum(known), hidden, tr)
            lit = frozenset()
        else:
            notes = ("Σ " + str(scored["sums"][p]),)
            lit = marks(scored=True, whale=scored["whale"] == p, orca=scored["orca"] == p)
        label = "" if number is None else str(number)
        regions.append(Region(f"area-{p}", "area", label, tuple(on_area[p]), notes, None, lit))
    for f, value in enumerate(fish):
        by = tuple(Piece(f"marker-{f}-{s}", "marker", str(s + 1), s) for s in markers[f])
        shown = (UNKNOWN if value is None else str(value),)
        lit = marks(
            face_up=revealed[f], seen=not revealed[f] and scored is None and value is not None
        )
        regions.append(Region(f"fish-{f}", "fish", words.fish_name(f, tr), by, shown, None, lit))
    for seat, row in enumerate(o["players"]):
        lit = marks(
            to_move=o["to_move"] == seat, you=o["seat"] == seat, start=o["start_player"] == seat
        )
        cells, name = words.seat_cells(row, tr), seat_name(names, seat, tr)
        regions.append(Region(f"seat-{seat}", "seat", name, tuple(docked[seat]), cells, seat, lit))
    choices = tuple(choice(a, o, tr) for a in legal)
    made = Scene(words.status_line(o, names, tr), tuple(regions), choices)
    return made.lit(key for e in events for key in touches(e))
