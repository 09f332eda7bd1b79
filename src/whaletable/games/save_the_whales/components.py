"""The gameboard, the whales, the dice and the two decks, loaded from ``data/*.toml``.

The main track is a loop of spaces numbered clockwise from POW (0). The ENDANGERED
SPECIES path is a loop "just inside the main track": each path space lies directly
above one track space, and path spaces are named by the index of the track space
under them wherever a player sees them. Inside the rules a path space is its
position ``0..len(path)-1`` along the loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from whaletable.core.data import DataFile

WHALES: tuple[str, ...] = ("gray", "humpback", "bowhead", "right", "blue", "fin", "sperm", "orca")
"""The eight whales, in the order their spaces come round the board."""

DECKS: tuple[str, ...] = ("dawn", "neptune")
CARDS_PER_DECK = 21
"""The rulebook: "21 DAWN O'DAY and 21 OLD FATHER NEPTUNE Game Cards"."""

LANGUAGES: tuple[str, ...] = ("en", "vi", "fa")


TRACK_KINDS_ONCE = (
    "pow",
    "krill",
    "oil_spill",
    "radioactive_waste",
    "iwc",
    "floating_factory",
    "pirate_whalers",
    "spotted",
    "protection_act",
    "moratorium",
    "calving_sanctuary",
    "magic_barnacle",
)
"""Spaces the rulebook names once."""
TRACK_KINDS = (
    *TRACK_KINDS_ONCE,
    "whale",
    "card",
    "polar",
    "barnacle_passing",
    "thar_she_blows",
)
TRACK_KINDS_TWICE = ("polar", "barnacle_passing")
"""ARCTIC CIRCLE and ANTARCTICA; MIND IN THE WATERS and WHALE MIGRATION."""
PENALTY_KINDS = ("krill", "oil_spill", "radioactive_waste", "iwc", "floating_factory")
GAIN_KINDS = ("thar_she_blows", "barnacle_passing")

PATH_KINDS = ("safe_zone", "golden_barnacle", "mermaid")
PATH_KIND_COUNTS = {"safe_zone": 2, "golden_barnacle": 2, "mermaid": 1}
"""Two Safe Zones, two glowing golden barnacles and the Mermaid."""
EXIT_KINDS = ("card", "thar_she_blows", "whale")
"""Track kinds a whale on the path slides down to (DAWN O'DAY, THAR SHE BLOWS!, its own space)."""

CARD_EFFECTS = (
    "collect",
    "pay",
    "everyone_collects",
    "everyone_pays",
    "advance_to",
    "move",
    "own_space",
    "to_path",
    "leave_path",
    "ship_to_port",
    "ship_moves",
    "take_barnacle",
)
_NEEDS_SP = ("collect", "pay", "everyone_collects", "everyone_pays")
_NEEDS_STEPS = ("move", "ship_moves")


@dataclass(frozen=True, slots=True)
class Space:
    """One main-track space."""

    index: int
    name: str
    kind: str
    sp: int = 0
    whale: str = ""
    deck: str = ""


@dataclass(frozen=True, slots=True)
class PathSpace:
    """One space of the ENDANGERED SPECIES path."""

    index: int
    above: int
    name: str
    kind: str


@dataclass(frozen=True, slots=True)
class Card:
    """One game card; ``text[wording][language]``."""

    deck: str
    number: int
    effect: str
    sp: int
    steps: int
    to: str
    bad: bool
    text: dict[str, dict[str, str]]


@dataclass(frozen=True)
class Components:
    """Everything on the table, from ``data/board.toml`` and ``data/cards.toml``."""

    track: tuple[Space, ...]
    path: tuple[PathSpace, ...]
    port_entry: int
    """The path position the Catcher Ship reaches with its first step out of port."""
    values: tuple[int, ...]
    """SPs to save each whale, in :data:`WHALES` order."""
    homes: tuple[int, ...]
    """Each whale's own space on the track, in :data:`WHALES` order."""
    dice_numbers: tuple[int, ...]
    start_sp: int
    own_space_sp: int
    exchange_piece: int
    pass_pow_sp: int
    cards: dict[str, tuple[Card, ...]]
    sources: tuple[str, str]

    @property
    def track_length(self) -> int:
        return len(self.track)

    @property
    def most_owed(self) -> int:
        """The largest payment there can be (a whale's value, a space's or a card's
        penalty): the most SPs one seat may put in at once."""
        penalties = [-s.sp for s in self.track if s.sp < 0]
        charges = [
            c.sp
            for deck in self.cards.values()
            for c in deck
            if c.effect in ("pay", "everyone_pays")
        ]
        return max(*self.values, *penalties, *charges)

    def first_of(self, kind: str) -> int:
        """The first track space of a kind (the only one, for the spaces named once)."""
        return self._first[kind]

    @property
    def _first(self) -> dict[str, int]:
        found = self.__dict__.get("_first_cache")
        if found is None:
            found = {}
            for s in reversed(self.track):
                found[s.kind] = s.index
            object.__setattr__(self, "_first_cache", found)
        return found

    def path_under(self) -> tuple[int, ...]:
        """For each track space, the path position directly above it (or the next one on)."""
        n = len(self.track)
        above = {p.above: p.index for p in self.path}
        out = []
        for s in range(n):
            for k in range(n):
                if (s + k) % n in above:
                    out.append(above[(s + k) % n])
                    break
        return tuple(out)


# ------------------------------------------------------------------------- loading


def _load_track(data: DataFile) -> tuple[Space, ...]:
    out = []
    for i, space in enumerate(data.table("track").entries("spaces")):
        name = space.string("name")
        kind = space.choice("kind", TRACK_KINDS)
        sp = space.integer("sp") if "sp" in space else 0
        whale = space.choice("whale", WHALES) if kind == "whale" else ""
        deck = space.choice("deck", DECKS) if kind == "card" else ""
        if kind in PENALTY_KINDS and sp >= 0:
            raise space.fail(f"of a {kind} space is a penalty and must be negative", "sp")
        if kind in GAIN_KINDS and sp < 0:
            raise space.fail(f"of a {kind} space must not be negative", "sp")
        out.append(Space(i, name, kind, sp, whale, deck))
    if len(out) < 12:
        raise data.fail("[track] spaces", f"has {len(out)} spaces; the board needs at least 12")
    if out[0].kind != "pow":
        raise data.fail("[track] spaces[0]", "must be POW (kind = 'pow'), where every whale starts")
    kinds = [s.kind for s in out]
    for kind in TRACK_KINDS_ONCE:
        if kinds.count(kind) != 1:
            raise data.fail(
                "[track] spaces", f"need exactly one {kind} space, not {kinds.count(kind)}"
            )
    for kind in TRACK_KINDS_TWICE:
        if kinds.count(kind) != 2:
            raise data.fail(
                "[track] spaces", f"need exactly two {kind} spaces, not {kinds.count(kind)}"
            )
    whales = [s.whale for s in out if s.kind == "whale"]
    if sorted(whales) != sorted(WHALES):
        raise data.fail("[track] spaces", f"need one space for each whale; got {whales}")
    for deck in DECKS:
        if not any(s.deck == deck for s in out):
            raise data.fail("[track] spaces", f"need at least one card space for the {deck} deck")
    if "thar_she_blows" not in kinds:
        raise data.fail("[track] spaces", "need at least one thar_she_blows space")
    return tuple(out)


def _load_path(data: DataFile, track: tuple[Space, ...]) -> tuple[tuple[PathSpace, ...], int]:
    section = data.table("path")
    above = section.integers("above")
    n = len(track)
    if len(above) < 4:
        raise section.fail("must list at least 4 path spaces", "above")
    for i, a in enumerate(above):
        if not 0 <= a < n:
            raise section.fail(f"= {a} is not a track space 0..{n - 1}", f"above[{i}]")
    if len(set(above)) != len(above):
        raise section.fail("lists a track space twice", "above")
    # Clockwise: the track index grows along the path, wrapping round once at most.
    wraps = sum(1 for i in range(len(above)) if above[i] >= above[(i + 1) % len(above)])
    if wraps != 1:
        raise section.fail("must run clockwise round the board (track indices rising)", "above")
    at = {a: i for i, a in enumerate(above)}
    names = ["" for _ in above]
    kinds = ["plain" for _ in above]
    counts = dict.fromkeys(PATH_KINDS, 0)
    for special in section.entries("specials"):
        name = special.string("name")
        kind = special.choice("kind", PATH_KINDS)
        a = special.integer("above")
        if a not in at:
            raise special.fail(f"= {a}: no path space lies above track space {a}", "above")
        if track[a].kind in EXIT_KINDS:
            raise special.fail(
                f"= {a}: a whale slides down from above {track[a].name}, "
                "so no special path space may lie there",
                "above",
            )
        if kinds[at[a]] != "plain":
            raise special.fail(f"= {a}: that path space is already {names[at[a]]}", "above")
        names[at[a]], kinds[at[a]] = name, kind
        counts[kind] += 1
    for kind, need in PATH_KIND_COUNTS.items():
        if counts[kind] != need:
            raise section.fail(f"need {need} {kind} spaces, not {counts[kind]}", "specials")
    entry = section.integer("port_entry")
    if entry not in at:
        raise section.fail(f"= {entry}: no path space lies above that track space", "port_entry")
    spaces = tuple(PathSpace(i, a, names[i], kinds[i]) for i, a in enumerate(above))
    return spaces, at[entry]


def _load_cards(data: DataFile, track: tuple[Space, ...]) -> dict[str, tuple[Card, ...]]:
    kinds = {s.kind for s in track}
    gentle_keys = [f"gentle_{lang}" for lang in LANGUAGES]
    out: dict[str, tuple[Card, ...]] = {}
    for deck in DECKS:
        section = data.table(deck)
        entries = section.entries("cards")
        if len(entries) != CARDS_PER_DECK:
            raise section.fail(f"must have {CARDS_PER_DECK} cards, not {len(entries)}", "cards")
        cards = []
        for i, card in enumerate(entries):
            effect = card.choice("effect", CARD_EFFECTS)
            sp = card.integer("sp", low=1) if effect in _NEEDS_SP else 0
            steps = card.integer("steps") if effect in _NEEDS_STEPS else 0
            if effect in _NEEDS_STEPS and steps == 0:
                raise card.fail("must not be 0", "steps")
            if effect == "ship_moves" and steps < 0:
                raise card.fail(
                    "of ship_moves must be positive (the Ship sails clockwise)", "steps"
                )
            to = ""
            if effect == "advance_to":
                to = card.string("to")
                if to not in kinds:
                    raise card.fail(f"= {to!r} is no kind of track space", "to")
            bad = card.flag("bad", False)
            standard = {lang: card.string(lang) for lang in LANGUAGES}
            present = [k for k in gentle_keys if k in card]
            if present and len(present) != len(gentle_keys):
                missing = [k for k in gentle_keys if k not in card]
                raise card.fail(f"gives a gentle wording without {', '.join(missing)}")
            gentle = (
                {lang: card.string(f"gentle_{lang}") for lang in LANGUAGES} if present else standard
            )
            text = {"standard": standard, "gentle": gentle}
            cards.append(Card(deck, i, effect, sp, steps, to, bad, text))
        out[deck] = tuple(cards)
    return out


def load_components(board: str | Path | None = None, cards: str | Path | None = None) -> Components:
    """Load and validate both data files; errors name the file and the key."""
    data = DataFile.read(board, __package__, "board.toml")
    track = _load_track(data)
    path, entry = _load_path(data, track)
    values_table = data.table("whales").table("values")
    if sorted(values_table.values) != sorted(WHALES):
        raise values_table.fail(f"must name exactly the whales {', '.join(WHALES)}")
    values = tuple(values_table.integer(w, low=1) for w in WHALES)
    homes = tuple(next(s.index for s in track if s.whale == w) for w in WHALES)
    dice = data.table("dice")
    numbers = dice.integers("numbers", length=6, low=1)
    if len(set(numbers)) != 6:
        raise dice.fail("must be six different faces", "numbers")
    amounts = data.table("amounts")
    start_sp = amounts.integer("start_sp", low=0)
    own_sp = amounts.integer("own_space_sp", low=0)
    piece = amounts.integer("exchange_piece", low=1)
    pass_pow = amounts.integer("pass_pow_sp", low=0)
    card_file = DataFile.read(cards, __package__, "cards.toml")
    deck_cards = _load_cards(card_file, track)
    source, card_source = data.source, card_file.source
    return Components(
        track=track,
        path=path,
        port_entry=entry,
        values=values,
        homes=homes,
        dice_numbers=tuple(sorted(numbers)),
        start_sp=start_sp,
        own_space_sp=own_sp,
        exchange_piece=piece,
        pass_pow_sp=pass_pow,
        cards=deck_cards,
        sources=(source, card_source),
    )


@cache
def default_components() -> Components:
    return load_components()


def layout(components: Components | None = None) -> dict[str, Any]:
    """The static board as JSON-ready data, for views that draw it."""
    c = components or default_components()
    return {
        "track": [
            {
                "index": s.index,
                "name": s.name,
                "kind": s.kind,
                "sp": s.sp,
                "whale": s.whale or None,
                "deck": s.deck or None,
            }
            for s in c.track
        ],
        "path": [{"above": p.above, "name": p.name or None, "kind": p.kind} for p in c.path],
        "port": c.path[c.port_entry].above,
        "whales": [
            {"name": w, "value": c.values[i], "home": c.homes[i]} for i, w in enumerate(WHALES)
        ],
    }
