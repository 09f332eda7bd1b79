"""The Giant Squid mini-expansion: where its rules live and what they need to know.

The rules engine (:mod:`whaletable.games.survive.rules`) calls these helpers at
the points the squid rulebook names; the rule numbers below are the rulebook's.

1. A whale brought in by a tile brings a squid: :func:`placement_spaces`, then
   :func:`victims` (the placer takes one person from the neighbouring tile).
2. A squid may move instead of a whale (move-whale tile, whale face of the die).
3. Moving: anywhere unoccupied with the tile; up to three spaces with the die,
   ending on an occupied boat, on a whale or next to a tile with people
   (:func:`stop_spaces`); staying put counts as moving.
4. After moving: a whale in its space is removed, then one person is taken from a
   neighbouring tile or from an occupied boat in its space (:func:`victims`).
5. A whale entering a squid's space stops and removes it (in the whale's stop rule).
6. An occupied boat may not enter a squid's space (in the boat move rule).
7. Whirlpools remove squids (whirlpools remove every creature).
8. Squids, serpents and sharks ignore each other.

Optional rule: squids replace whales (option ``squids_replace_whales``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def stop_spaces(
    occupied_boats: set[int],
    whale_spaces: Sequence[int],
    people_on_land: Iterable[int],
    neighbours: Sequence[Sequence[int]],
) -> set[int]:
    """Rule 3.4: the spaces whose entry ends a squid's move.

    An occupied boat or a whale there, or a terrain tile with people next to it.
    """
    stops = set(occupied_boats)
    stops.update(whale_spaces)
    for h in people_on_land:
        stops.update(neighbours[h])
    return stops


def victims(
    hex_id: int,
    neighbours: Sequence[Sequence[int]],
    land_people: dict[int, list[int]],
    passengers: Sequence[int],
) -> list[int]:
    """Rule 4.2: the people the squid may take: on a neighbouring tile or aboard here.

    Only one of them is taken; the player who moved or placed the squid picks which.
    """
    out: list[int] = []
    for n in neighbours[hex_id]:
        out.extend(land_people.get(n, ()))
    out.extend(passengers)
    return sorted(out)


def placement_spaces(
    candidates: Iterable[int],
    terrain: Sequence[int],
    neighbours: Sequence[Sequence[int]],
    taken: set[int],
) -> list[int]:
    """Rule 1: vacant sea spaces next to a terrain tile (``taken``: spaces with any piece)."""
    return [
        h
        for h in candidates
        if not terrain[h] and h not in taken and any(terrain[n] for n in neighbours[h])
    ]
