"""Whale to Look's decisions as player codes, listed straight from the rules' bitmasks.

The integer API (``State._legal_player_codes``) wants a decision's legal codes
ascending. The game numbers its player actions (``WhaleToLook._all_actions``) in
the order the rules list them here: the fisher's boat, investigations by fish card,
radars by fish card, boat moves by boat, area and anchor, then "Done!". So a
decision's codes are concatenations of the tables below, already ascending, and no
action object is built or sorted on the way.

The tables are keyed by the bitmasks the rules keep (fish cards, areas): one tuple
per mask, computed once, shared by every state of the game.
"""

from __future__ import annotations

from collections.abc import Callable

from whaletable.core.action import Action
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look.components import NUM_AREAS, NUM_FISH
from whaletable.games.whale_to_look.rules import BOATS

ALL_FISH = (1 << NUM_FISH) - 1


def _bits(mask: int, width: int) -> list[int]:
    return [i for i in range(width) if mask >> i & 1]


def _by_mask(codes: list[int]) -> tuple[tuple[int, ...], ...]:
    """For every bitmask over ``codes``' positions, the codes of its set bits ascending:
    a mask's list is its list without the highest bit, plus that bit's code."""
    table: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << len(codes)):
        high = mask.bit_length() - 1
        table.append((*table[mask ^ 1 << high], codes[high]))
    return tuple(table)


class CodeBook:
    """The player codes of one game's decisions, by the rules' bitmasks.

    Built from the game's own numbering (``player_code``); it refuses a numbering
    whose order differs from the order the rules list decisions in, since the lists
    it hands out would then not be ascending.
    """

    def __init__(self, player_code: Callable[[Action], int]) -> None:
        self.fisher: tuple[int, ...] = tuple(
            player_code(act.ChooseFisherBoat(b)) for b in range(BOATS)
        )
        investigate = [player_code(act.Investigate(f)) for f in range(NUM_FISH)]
        radar = [player_code(act.UseRadar(f)) for f in range(NUM_FISH)]
        self.move: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(
                (player_code(act.MoveBoat(b, a, False)), player_code(act.MoveBoat(b, a, True)))
                for a in range(NUM_AREAS)
            )
            for b in range(BOATS)
        )
        self.finish: int = player_code(act.Finish())
        listed = [
            *self.fisher,
            *investigate,
            *radar,
            *(c for boat in self.move for pair in boat for c in pair),
            self.finish,
        ]
        if listed != sorted(listed):
            raise ValueError(
                "whale-to-look: the player codes must number the decisions in the order "
                "the rules list them (fisher, investigate, radar, move, finish)"
            )
        # One tuple per bitmask of fish cards (4096 each), built once.
        self.investigations = _by_mask(investigate)
        self.radars = _by_mask(radar)
        self._moves: dict[int, tuple[int, ...]] = {}

    def moves(self, boat: int, open_areas: int, anchorable: int) -> tuple[int, ...]:
        """The codes of moving ``boat`` into each of ``open_areas``, and of anchoring it
        there where ``anchorable`` (a subset of ``open_areas``) allows.

        At most 3 × 3⁶ distinct arguments exist, so every answer is kept.
        """
        key = boat << 12 | open_areas << 6 | anchorable
        known = self._moves.get(key)
        if known is not None:
            return known
        pairs = self.move[boat]
        out: list[int] = []
        for a in _bits(open_areas, NUM_AREAS):
            out.append(pairs[a][0])
            if anchorable >> a & 1:
                out.append(pairs[a][1])
        codes = self._moves[key] = tuple(out)
        return codes
