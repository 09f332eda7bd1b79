"""Building the island: the base game's rule that no tile is shut in by higher tiles.

The Island (the same game as Survive's 30th anniversary edition) says, when the terrain
tiles are laid: do not leave a beach tile enclosed only by forest or mountain tiles, nor a
forest tile enclosed only by mountain tiles; fix the layout if that happens (reference
``survive.md`` §4). A tile touching the sea is not enclosed; the centre sea space counts as
sea here exactly when it does for sinking (option ``centre_is_sea``), since the rule is there
so that every tile can be sunk in order from the sea.

The tiles are laid one island slot at a time, in reading order, as chance outcomes. With the
rule on, a terrain is offered for the next slot only if the island can still be finished
without breaking the rule with the tiles left: :func:`can_finish`. That is the stack of
shuffled tiles with any tile that would spoil the island put back, which is how players fix
a layout by hand; it never needs a second try.

>>> broken_tiles([0] * 133, centre_is_sea=True)
[]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from whaletable.games.survive.components import BOARD

SEA, BEACH, FOREST, MOUNTAIN = 0, 1, 2, 3

_ISLAND = BOARD.island
_INDEX = {h: i for i, h in enumerate(_ISLAND)}
_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[n] for n in BOARD.neighbours[h] if n in _INDEX) for h in _ISLAND
)
"""Each slot's neighbouring slots, by their place in laying order."""
_CENTRE = BOARD.serpent_starts[0]
_OPEN_SEA = {
    centre: tuple(
        any(n not in _INDEX and (centre or n != _CENTRE) for n in BOARD.neighbours[h])
        for h in _ISLAND
    )
    for centre in (True, False)
}
"""``_OPEN_SEA[centre_is_sea][j]``: whether slot ``j`` touches a space that is never a tile."""
_DECIDED_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(len(_ISLAND)) if max((j, *_NEAR[j])) == i) for i in range(len(_ISLAND))
)
"""The slots whose neighbourhood is complete once slot ``i`` is laid."""
_KEEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            {
                k
                for j in range(len(_ISLAND))
                if max((j, *_NEAR[j])) >= i
                for k in (j, *_NEAR[j])
                if k < i
            }
        )
    )
    for i in range(len(_ISLAND) + 1)
)
"""``_KEEP[i]``: the laid slots that still matter once ``i`` slots are laid."""


def enclosed(terrain: int, around: Sequence[int], open_sea: bool) -> bool:
    """A beach with only forest/mountain tiles around it, or a forest with only mountains."""
    if open_sea or terrain not in (BEACH, FOREST):
        return False
    return all(t > terrain for t in around)


def _slot_ok(laid: Sequence[int] | dict[int, int], j: int, centre: bool) -> bool:
    # enclosed() written out: island building asks this hundreds of times per tile laid.
    terrain = laid[j]
    if (terrain != BEACH and terrain != FOREST) or _OPEN_SEA[centre][j]:
        return True
    return any(laid[k] <= terrain for k in _NEAR[j])


def broken_tiles(terrain: Sequence[int], *, centre_is_sea: bool) -> list[int]:
    """The spaces of tiles the rule forbids in a finished island (``terrain`` by space)."""
    laid = [terrain[h] for h in _ISLAND]
    return [
        _ISLAND[j] for j in range(len(_ISLAND)) if laid[j] and not _slot_ok(laid, j, centre_is_sea)
    ]


def can_finish(laid: Sequence[int], left: Sequence[int], *, centre_is_sea: bool) -> bool:
    """Whether the slots after ``laid`` (terrain per slot, in laying order) can take the tiles
    ``left`` (beach, forest, mountain counts) with no tile enclosed."""
    return _finish(tuple(laid), tuple(left), centre_is_sea) is not None


def _finish(laid: tuple[int, ...], left: tuple[int, ...], centre: bool) -> tuple[int, ...] | None:
    """A way to lay the rest of the island (terrain per remaining slot), or None."""
    i = len(laid)
    for j in _DECIDED_AT[i - 1] if i else ():
        if not _slot_ok(laid, j, centre):
            return None
    kept = tuple((k, laid[k]) for k in _KEEP[i])
    return _search(i, left, kept, centre)


@functools.lru_cache(maxsize=1 << 16)
def _search(
    i: int, left: tuple[int, ...], kept: tuple[tuple[int, int], ...], centre: bool
) -> tuple[int, ...] | None:
    if i == len(_ISLAND):
        return ()
    laid = dict(kept)  # only the slots that still matter, by place in laying order
    for t in (BEACH, FOREST, MOUNTAIN):
        if not left[t - 1]:
            continue
        laid[i] = t
        if all(_slot_ok(laid, j, centre) for j in _DECIDED_AT[i]):
            rest = list(left)
            rest[t - 1] -= 1
            kept_next = tuple((k, laid[k]) for k in _KEEP[i + 1])
            tail = _search(i + 1, tuple(rest), kept_next, centre)
            if tail is not None:
                return (t, *tail)
    return None


_WITNESS: dict[tuple[tuple[int, ...], bool], tuple[int, ...]] = {}
"""A known way to finish each recently seen partial island: most next tiles fit it, or fit
it with one later tile swapped, which spares a search."""


def _fits(laid: tuple[int, ...], rest: tuple[int, ...], centre: bool) -> bool:
    whole = (*laid, *rest)
    return all(
        _slot_ok(whole, j, centre) for k in range(len(laid), len(whole)) for j in _DECIDED_AT[k]
    )


@functools.lru_cache(maxsize=256)
def open_terrains(
    laid: tuple[int, ...], left: tuple[int, ...], centre_is_sea: bool
) -> tuple[int, ...]:
    """The terrains the next slot may take: tiles of it are left, and the island can still
    be finished within the rule (cached: the odds and the legality check ask the same)."""
    if len(_WITNESS) > 4096:
        _WITNESS.clear()
    known = _WITNESS.get((laid, centre_is_sea))
    out = []
    for t in (BEACH, FOREST, MOUNTAIN):
        if not left[t - 1]:
            continue
        rest: tuple[int, ...] | None = None
        if known is not None and t in known:
            swap = list(known)
            j = swap.index(t)
            swap[0], swap[j] = t, known[0]
            if _fits(laid, tuple(swap), centre_is_sea):
                rest = tuple(swap[1:])
        if rest is None:
            left_after = tuple(n - (u == t - 1) for u, n in enumerate(left))
            rest = _finish((*laid, t), left_after, centre_is_sea)
        if rest is not None:
            _WITNESS[((*laid, t), centre_is_sea)] = rest
            out.append(t)
    return tuple(out)
