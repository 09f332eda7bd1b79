"""What a Whale Spotting table shows one viewer, drawn by every interface.

Regions, in drawing order: one ``zone-<zone>`` per zone of the sea, the boats
``boat-<seat>`` in it, then one ``seat-<seat>`` per seat with its sightings. A sail is
chosen on the zone it sails to. The zone the last step touched is highlighted (the
whale's hiding place only to a viewer its event tells).
"""

from __future__ import annotations

from collections.abc import Sequence

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.view import Choice, Piece, Region, Scene, touched
from whaletable.core.words import Translate, seat_name

from . import words
from .actions import Sail
from .observation import WhaleSpottingObservation


def scene(
    o: WhaleSpottingObservation,
    legal: Sequence[Action],
    names: Sequence[str],
    tr: Translate,
    *,
    events: Sequence[Event] = (),
) -> Scene:
    heard = {zone: distance for zone, distance in o["echoes"]}
    regions: list[Region] = []
    for zone in range(o["zones"]):
        boats = tuple(
            Piece(f"boat-{seat}", "boat", seat_name(names, seat, tr), seat)
            for seat, at in enumerate(o["boats"])
            if at == zone
        )
        notes: list[str] = []
        marks: set[str] = set()
        if zone in o["empty"]:
            notes.append(words.empty_line(tr))
            marks.add("empty")
        if zone in heard:
            notes.append(words.echo_line(heard[zone], tr))
            marks.add("heard")
        if o["spotted_at"] == zone:
            marks.add("spotted")
        regions.append(
            Region(
                f"zone-{zone}",
                "zone",
                words.zone_name(zone, tr),
                boats,
                tuple(notes),
                None,
                frozenset(marks),
            )
        )
    for seat, count in enumerate(o["sightings"]):
        marks = {"to-move"} if o["to_move"] == seat else set()
        if o["seat"] == seat:
            marks.add("you")
        regions.append(
            Region(
                f"seat-{seat}",
                "seat",
                seat_name(names, seat, tr),
                notes=(words.sightings_line(count, tr),),
                owner=seat,
                marks=frozenset(marks),
            )
        )
    return Scene(
        words.status_line(o, names, tr),
        tuple(regions),
        tuple(choice(a, tr) for a in legal),
    ).lit(touched(events, {"zone": "zone-{}"}))


def choice(action: Action, tr: Translate) -> Choice:
    """A sail is clicked on the zone it goes to."""
    target = f"zone-{action.zone}" if isinstance(action, Sail) else None
    return Choice(action, words.action_words(action, tr), target)


__all__ = ["choice", "scene"]
