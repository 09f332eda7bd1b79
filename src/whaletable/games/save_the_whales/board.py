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

from whaletable.core.data import labelled_table, read_toml
from whaletable.core.errors import DataFileError

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


class _Reader:
    """Typed look-ups that raise :class:`DataFileError` naming the file and the key."""

    def __init__(self, data: dict[str, Any], source: str) -> None:
        self.data = data
        self.source = source

    def fail(self, where: str, message: str) -> DataFileError:
        return DataFileError(f"{self.source}: {where} {message}")

    def table(self, name: str) -> dict[str, Any]:
        return labelled_table(self.data, self.source, name)

    def integer(
        self, table: dict[str, Any], key: str, where: str, *, low: int | None = None
    ) -> int:
        value = table.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(where, f"{key} must be an integer, not {value!r}")
        if low is not None and value < low:
            raise self.fail(where, f"{key} must be at least {low}, not {value}")
        return value

    def string(self, table: dict[str, Any], key: str, where: str) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"{key} must be a non-empty string, not {value!r}")
        return value

    def items(self, table: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
        value = table.get(key)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(where, f"{key} must be a list of tables")
        return value


def _load_track(r: _Reader) -> tuple[Space, ...]:
    section = r.table("track")
    spaces = r.items(section, "spaces", "[track]")
    out = []
    for i, raw in enumerate(spaces):
        where = f"[track] spaces[{i}]"
        name = r.string(raw, "name", where)
        kind = r.string(raw, "kind", where)
        if kind not in TRACK_KINDS:
            raise r.fail(where, f"kind must be one of {', '.join(TRACK_KINDS)}; got {kind!r}")
        sp = r.integer(raw, "sp", where) if "sp" in raw else 0
        whale = deck = ""
        if kind == "whale":
            whale = r.string(raw, "whale", where)
            if whale not in WHALES:
                raise r.fail(where, f"whale must be one of {', '.join(WHALES)}; got {whale!r}")
        if kind == "card":
            deck = r.string(raw, "deck", where)
            if deck not in DECKS:
                raise r.fail(where, f"deck must be one of {', '.join(DECKS)}; got {deck!r}")
        if kind in PENALTY_KINDS and sp >= 0:
            raise r.fail(where, f"sp of a {kind} space is a penalty and must be negative")
        if kind in GAIN_KINDS and sp < 0:
            raise r.fail(where, f"sp of a {kind} space must not be negative")
        out.append(Space(i, name, kind, sp, whale, deck))
    if len(out) < 12:
        raise r.fail("[track] spaces", f"has {len(out)} spaces; the board needs at least 12")
    if out[0].kind != "pow":
        raise r.fail("[track] spaces[0]", "must be POW (kind = 'pow'), where every whale starts")
    kinds = [s.kind for s in out]
    for kind in TRACK_KINDS_ONCE:
        if kinds.count(kind) != 1:
            raise r.fail(
                "[track] spaces", f"need exactly one {kind} space, not {kinds.count(kind)}"
            )
    for kind in TRACK_KINDS_TWICE:
        if kinds.count(kind) != 2:
            raise r.fail(
                "[track] spaces", f"need exactly two {kind} spaces, not {kinds.count(kind)}"
            )
    whales = [s.whale for s in out if s.kind == "whale"]
    if sorted(whales) != sorted(WHALES):
        raise r.fail("[track] spaces", f"need one space for each whale; got {whales}")
    for deck in DECKS:
        if not any(s.deck == deck for s in out):
            raise r.fail("[track] spaces", f"need at least one card space for the {deck} deck")
    if "thar_she_blows" not in kinds:
        raise r.fail("[track] spaces", "need at least one thar_she_blows space")
    return tuple(out)


def _load_path(r: _Reader, track: tuple[Space, ...]) -> tuple[tuple[PathSpace, ...], int]:
    section = r.table("path")
    above = section.get("above")
    n = len(track)
    if not isinstance(above, list) or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in above
    ):
        raise r.fail("[path]", "above must be a list of track indices")
    if len(above) < 4:
        raise r.fail("[path]", "above must list at least 4 path spaces")
    for i, a in enumerate(above):
        if not 0 <= a < n:
            raise r.fail("[path]", f"above[{i}] = {a} is not a track space 0..{n - 1}")
    if len(set(above)) != len(above):
        raise r.fail("[path]", "above lists a track space twice")
    # Clockwise: the track index grows along the path, wrapping round once at most.
    wraps = sum(1 for i in range(len(above)) if above[i] >= above[(i + 1) % len(above)])
    if wraps != 1:
        raise r.fail("[path]", "above must run clockwise round the board (track indices rising)")
    at = {a: i for i, a in enumerate(above)}
    names = ["" for _ in above]
    kinds = ["plain" for _ in above]
    counts = dict.fromkeys(PATH_KINDS, 0)
    for i, raw in enumerate(r.items(section, "specials", "[path]")):
        where = f"[path] specials[{i}]"
        name = r.string(raw, "name", where)
        kind = r.string(raw, "kind", where)
        if kind not in PATH_KINDS:
            raise r.fail(where, f"kind must be one of {', '.join(PATH_KINDS)}; got {kind!r}")
        a = r.integer(raw, "above", where)
        if a not in at:
            raise r.fail(where, f"above = {a}: no path space lies above track space {a}")
        if track[a].kind in EXIT_KINDS:
            raise r.fail(
                where,
                f"above = {a}: a whale slides down from above {track[a].name}, "
                "so no special path space may lie there",
            )
        if kinds[at[a]] != "plain":
            raise r.fail(where, f"above = {a}: that path space is already {names[at[a]]}")
        names[at[a]], kinds[at[a]] = name, kind
        counts[kind] += 1
    for kind, need in PATH_KIND_COUNTS.items():
        if counts[kind] != need:
            raise r.fail("[path] specials", f"need {need} {kind} spaces, not {counts[kind]}")
    entry = r.integer(section, "port_entry", "[path]")
    if entry not in at:
        raise r.fail("[path]", f"port_entry = {entry}: no path space lies above that track space")
    spaces = tuple(PathSpace(i, a, names[i], kinds[i]) for i, a in enumerate(above))
    return spaces, at[entry]


def _load_cards(r: _Reader, track: tuple[Space, ...]) -> dict[str, tuple[Card, ...]]:
    kinds = {s.kind for s in track}
    out: dict[str, tuple[Card, ...]] = {}
    for deck in DECKS:
        section = r.table(deck)
        raw_cards = r.items(section, "cards", f"[{deck}]")
        if len(raw_cards) != CARDS_PER_DECK:
            raise r.fail(
                f"[{deck}] cards", f"must have {CARDS_PER_DECK} cards, not {len(raw_cards)}"
            )
        cards = []
        for i, raw in enumerate(raw_cards):
            where = f"[{deck}] cards[{i}]"
            effect = r.string(raw, "effect", where)
            if effect not in CARD_EFFECTS:
                raise r.fail(
                    where, f"effect must be one of {', '.join(CARD_EFFECTS)}; got {effect!r}"
                )
            sp = r.integer(raw, "sp", where, low=1) if effect in _NEEDS_SP else 0
            steps = r.integer(raw, "steps", where) if effect in _NEEDS_STEPS else 0
            if effect in _NEEDS_STEPS and steps == 0:
                raise r.fail(where, "steps must not be 0")
            if effect == "ship_moves" and steps < 0:
                raise r.fail(
                    where, "steps of ship_moves must be positive (the Ship sails clockwise)"
                )
            to = ""
            if effect == "advance_to":
                to = r.string(raw, "to", where)
                if to not in kinds:
                    raise r.fail(where, f"to = {to!r} is no kind of track space")
            bad = raw.get("bad", False)
            if not isinstance(bad, bool):
                raise r.fail(where, f"bad must be true or false, not {bad!r}")
            standard = {lang: r.string(raw, lang, where) for lang in LANGUAGES}
            gentle_keys = [f"gentle_{lang}" for lang in LANGUAGES]
            present = [k for k in gentle_keys if k in raw]
            if present and len(present) != len(gentle_keys):
                missing = [k for k in gentle_keys if k not in raw]
                raise r.fail(where, f"gives a gentle wording without {', '.join(missing)}")
            gentle = (
                {lang: r.string(raw, f"gentle_{lang}", where) for lang in LANGUAGES}
                if present
                else standard
            )
            known = {"effect", "sp", "steps", "to", "bad", *LANGUAGES, *gentle_keys}
            unknown = sorted(set(raw) - known)
            if unknown:
                raise r.fail(where, f"has unknown keys {unknown}")
            text = {"standard": standard, "gentle": gentle}
            cards.append(Card(deck, i, effect, sp, steps, to, bad, text))
        out[deck] = tuple(cards)
    return out


def load_components(board: str | Path | None = None, cards: str | Path | None = None) -> Components:
    """Load and validate both data files; errors name the file and the key."""
    data, source = read_toml(board, __package__, "board.toml")
    r = _Reader(data, source)
    track = _load_track(r)
    path, entry = _load_path(r, track)
    whales = r.table("whales")
    values_raw = whales.get("values")
    if not isinstance(values_raw, dict):
        raise r.fail("[whales]", "values must be a table of whale = SPs")
    if sorted(values_raw) != sorted(WHALES):
        raise r.fail("[whales]", f"values must name exactly the whales {', '.join(WHALES)}")
    values = tuple(r.integer(values_raw, w, "[whales] values", low=1) for w in WHALES)
    homes = tuple(next(s.index for s in track if s.whale == w) for w in WHALES)
    dice = r.table("dice")
    numbers = dice.get("numbers")
    if (
        not isinstance(numbers, list)
        or len(numbers) != 6
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in numbers)
    ):
        raise r.fail("[dice]", "numbers must be six positive integers (the faces of a die)")
    if len(set(numbers)) != 6:
        raise r.fail("[dice]", "numbers must be six different faces")
    amounts = r.table("amounts")
    start_sp = r.integer(amounts, "start_sp", "[amounts]", low=0)
    own_sp = r.integer(amounts, "own_space_sp", "[amounts]", low=0)
    piece = r.integer(amounts, "exchange_piece", "[amounts]", low=1)
    pass_pow = r.integer(amounts, "pass_pow_sp", "[amounts]", low=0)
    card_data, card_source = read_toml(cards, __package__, "cards.toml")
    deck_cards = _load_cards(_Reader(card_data, card_source), track)
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
