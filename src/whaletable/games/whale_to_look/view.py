"""What a Whale to Look table shows one viewer, said once for the web board and the terminal.

Regions, in drawing order: the ``header`` (the round and whose view; the round just
scored, or that round 2 has no trending card), the ``trend`` card while one is in play,
the areas ``area-<position>`` with the boats on them, the fish cards ``fish-<card>`` with
the investigation markers by them, and one ``seat-<seat>`` row per seat with the boats
in its dock. A boat is ``boat-<seat>-<boat>`` wherever it stands.

Between rounds and at the end the table shows the round just scored: every fish card of
it was turned face up, so its values are public. A fish card's value is its note, ``?``
where the viewer does not know it.
"""

from __future__ import annotations

from collections.abc import Sequence

from whaletable.core.action import Action
from whaletable.core.view import Choice, Piece, Region, Scene
from whaletable.core.words import Translate, seat_name
from whaletable.games.whale_to_look import words
from whaletable.games.whale_to_look.actions import Investigate, MoveBoat, UseRadar
from whaletable.games.whale_to_look.components import board_with_areas
from whaletable.games.whale_to_look.observation import ScoredRound, WhaleToLookObservation
from whaletable.games.whale_to_look.rules import BOATS, DOCK, TOURISTS

SCORED_PHASES = ("trending", "lay_areas", "deal_fish", "over")
"""Phases in which the table shows the round just scored rather than the next deal."""

UNKNOWN = "?"
"""A fish card's note while its value is hidden from the viewer."""


def boat_key(seat: int, boat: int) -> str:
    return f"boat-{seat}-{boat}"


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


def scored_round(obs: WhaleToLookObservation) -> ScoredRound | None:
    """The round the table shows as scored, if it shows one."""
    if obs["results"] and obs["phase"] in SCORED_PHASES:
        return obs["results"][-1]
    return None


def choice(action: Action, obs: WhaleToLookObservation, tr: Translate) -> Choice:
    """``action`` in words, and where it is clicked: a fish card, an area, or a button."""
    target = None
    if isinstance(action, Investigate | UseRadar):
        target = f"fish-{action.fish}"
    elif isinstance(action, MoveBoat):
        target = f"area-{action.area}"
    return Choice(action, words.action_label(action, obs, (), tr), target)


def scene(
    o: WhaleToLookObservation, legal: Sequence[Action], names: Sequence[str], tr: Translate
) -> Scene:
    scored = scored_round(o)
    n = o["num_players"]
    if scored is None:
        areas: Sequence[int | None] = o["areas"]
        fish: Sequence[int | None] = o["fish"]
        places = [p["boats"] for p in o["players"]]
        anchored = [p["anchored_boat"] for p in o["players"]]
        fishers = [p["fisher_boat"] for p in o["players"]]
    else:
        areas, fish = scored["areas"], scored["fish"]
        places = [scored["boats"][s * BOATS : (s + 1) * BOATS] for s in range(n)]
        anchored, fishers = scored["anchors"], scored["fisher_boats"]
    # Markers and radar reveals are the round's own: none between rounds, the last
    # round's at the end, as the observation gives them.
    revealed, markers = o["revealed"], o["markers"]
    movable = {a.boat for a in legal if isinstance(a, MoveBoat)}

    def boat(seat: int, b: int) -> Piece:
        marks = {"fisher"} if fishers[seat] == b else set()
        if anchored[seat] == b:
            marks.add("anchored")
        if seat == o["seat"] and b in movable:
            marks.add("selectable")
        return Piece(boat_key(seat, b), "boat", str(TOURISTS[b]), seat, frozenset(marks))

    on_area: list[list[Piece]] = [[] for _ in areas]
    docked: list[list[Piece]] = [[] for _ in range(n)]
    for seat in range(n):
        for b, at in enumerate(places[seat]):
            (docked[seat] if at == DOCK else on_area[at]).append(boat(seat, b))

    regions = [_header(o, scored, names, tr)]
    if scored is None and o["trend"] is not None:
        regions.append(
            Region(
                "trend",
                "trend",
                words.trend_name(o["trend"], tr),
                notes=(words.trend_rule(o["trend"], tr),),
                marks=frozenset({o["trend"]}),
            )
        )
    area_fish = board_with_areas(len(areas)).area_fish
    for p, number in enumerate(areas):
        if scored is not None:
            notes: tuple[str, ...] = ("Σ " + str(scored["sums"][p]),)
            marks = {"scored"} | {
                t for t, at in (("whale", scored["whale"]), ("orca", scored["orca"])) if at == p
            }
        else:
            known = [v for v in (fish[f] for f in area_fish[p]) if v is not None]
            hidden = len(area_fish[p]) - len(known)
            notes = words.area_notes(len(on_area[p]), n, sum(known), hidden, tr)
            marks = set()
        label = "" if number is None else str(number)
        regions.append(
            Region(f"area-{p}", "area", label, tuple(on_area[p]), notes, None, frozenset(marks))
        )
    for f, value in enumerate(fish):
        card_marks = {"face-up"} if revealed[f] else set()
        if value is not None and scored is None and not revealed[f]:
            card_marks.add("seen")
        by = tuple(Piece(f"marker-{f}-{s}", "marker", str(s + 1), s) for s in markers[f])
        shown = UNKNOWN if value is None else str(value)
        regions.append(
            Region(
                f"fish-{f}",
                "fish",
                words.fish_name(f, tr),
                by,
                (shown,),
                None,
                frozenset(card_marks),
            )
        )
    for seat, row in enumerate(o["players"]):
        marks = {"to-move"} if o["to_move"] == seat else set()
        if o["seat"] == seat:
            marks.add("you")
        if o["start_player"] == seat:
            marks.add("start")
        notes = words.seat_cells(row, tr)
        name = seat_name(names, seat, tr)
        regions.append(
            Region(f"seat-{seat}", "seat", name, tuple(docked[seat]), notes, seat, frozenset(marks))
        )
    return Scene(
        words.status_line(o, names, tr),
        tuple(regions),
        tuple(choice(a, o, tr) for a in legal),
    )


def _header(
    obs: WhaleToLookObservation, scored: ScoredRound | None, names: Sequence[str], tr: Translate
) -> Region:
    if scored is not None:
        notes: tuple[str, ...] = (words.scored_line(scored, tr),)
    elif obs["round"] == 2 and obs["trend"] is None:
        notes = (tr(words.NO_TREND),)
    else:
        notes = ()
    return Region(
        "header", "header", words.view_line(obs["round"], obs["seat"], names, tr), notes=notes
    )


__all__ = ["SCORED_PHASES", "UNKNOWN", "boat_key", "choice", "kinds", "position", "scene"]
