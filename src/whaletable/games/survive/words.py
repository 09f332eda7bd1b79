"""Survive's log, one sentence per event, and the words the web board shares with it.

Every sentence goes through ``tr`` so the web table and the terminal say it in the
reader's language (the catalog ``survive`` is extracted from this module and the web
board). Spaces are named as on both boards: a row letter A–M and the space's place in
the row from the left (the centre of the island is G6). An explorer is named by its
seat and its place in that seat's order of placing, never by its value: a value
appears only in an event the reader may see whole (its own placing, the end).
"""

from __future__ import annotations

from collections.abc import Sequence

from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, seat_name
from whaletable.games.survive.actions import GREEN_EFFECTS
from whaletable.games.survive.components import BOARD
from whaletable.games.survive.events import (
    BoatCameIn,
    BoatCapsized,
    BoatMoved,
    BoatPlaced,
    BoatSunk,
    CreatureCameIn,
    CreatureDieRolled,
    CreatureMoved,
    CreatureRemoved,
    DeterrentDeclined,
    DeterrentPlayed,
    DiveDiceRolled,
    EmptyBoatMoved,
    ExplorerBoarded,
    ExplorerJumped,
    ExplorerLost,
    ExplorerMoved,
    ExplorerPlaced,
    ExplorerSaved,
    GameOver,
    IslandLaid,
    NothingMoved,
    StartPlayerPicked,
    TilePlayed,
    TileRevealed,
    TileSunk,
    Whirlpool,
)
from whaletable.games.survive.rules import CREATURES_OF, KIND, KIND_NAMES

ROW_LETTERS = "ABCDEFGHIJKLM"

# --- Names of things ---------------------------------------------------------------------


def space_name(space: int) -> str:
    """``G6``: the row's letter and the space's place in the row, counted from 1."""
    return f"{ROW_LETTERS[BOARD.rows[space]]}{BOARD.idxs[space] + 1}"


def terrain_name(terrain: str, tr: Translate) -> str:
    return {"beach": tr("beach"), "forest": tr("forest"), "mountain": tr("mountain")}.get(
        terrain, terrain
    )


def direction_name(direction: int, tr: Translate) -> str:
    words = (
        tr("east"),
        tr("north-east"),
        tr("north-west"),
        tr("west"),
        tr("south-west"),
        tr("south-east"),
    )
    return words[direction] if 0 <= direction < len(words) else str(direction)


def isle_name(isle: str | None, tr: Translate) -> str:
    return {
        "NW": tr("the north-west safe isle"),
        "NE": tr("the north-east safe isle"),
        "SW": tr("the south-west safe isle"),
        "SE": tr("the south-east safe isle"),
    }.get(isle or "", tr("a safe isle"))


def effect_name(effect: str, tr: Translate) -> str:
    return {
        "shark": tr("shark"),
        "whale": tr("whale"),
        "boat": tr("boat"),
        "whirlpool": tr("whirlpool"),
        "volcano": tr("volcano"),
        "dolphin": tr("dolphin"),
        "boat-move": tr("boat move"),
        "move-serpent": tr("move a sea serpent"),
        "move-shark": tr("move a shark"),
        "move-whale": tr("move a whale"),
        "shark-deterrent": tr("shark deterrent"),
        "whale-deterrent": tr("whale deterrent"),
    }.get(effect, effect)


def kind_name(kind: str, tr: Translate) -> str:
    return {
        "serpent": tr("sea serpent"),
        "shark": tr("shark"),
        "whale": tr("whale"),
        "squid": tr("giant squid"),
        "dolphin": tr("dolphin"),
    }.get(kind, kind)


def dive_piece_name(piece: str, tr: Translate) -> str:
    """A symbol of the dive die that says which piece moves (Challenge Rule 5)."""
    return {
        "serpent": tr("sea serpent"),
        "shark": tr("shark"),
        "whale": tr("whale"),
        "dolphin": tr("dolphin"),
        "boat": tr("unoccupied boat"),
        "starfish": tr("starfish (any piece)"),
    }.get(piece, piece)


def dive_face_name(face: str, tr: Translate) -> str:
    """A face of the dive die that says how far: a number, or Dive."""
    if face == "dive":
        return tr("Dive (any unoccupied sea space)")
    return tr("{number} spaces").format(number=face) if face != "1" else tr("1 space")


def dive_roll_words(piece: str, face: str, tr: Translate) -> str:
    return tr("{piece}, {face}").format(
        piece=dive_piece_name(piece, tr), face=dive_face_name(face, tr)
    )


def boat_words(boat: int, tr: Translate) -> str:
    return tr("boat {number}").format(number=boat + 1)


def creature_words(creature: int, tr: Translate) -> str:
    """``shark 2``: the kind and the creature's number among its kind, from 1."""
    if not 0 <= creature < len(KIND):
        return tr("creature {number}").format(number=creature + 1)
    kind = KIND[creature]
    number = creature - CREATURES_OF[kind][0] + 1
    text = {
        "serpent": tr("sea serpent {number}"),
        "shark": tr("shark {number}"),
        "whale": tr("whale {number}"),
        "squid": tr("giant squid {number}"),
        "dolphin": tr("dolphin {number}"),
    }[KIND_NAMES[kind]]
    return text.format(number=number)


def explorer_words(explorer: int, names: Sequence[str], tr: Translate) -> str:
    """``Bao's explorer 3``: the owner and the explorer's place in its order of placing."""
    return tr("{name}'s explorer {number}").format(
        name=seat_name(names, explorer // 10, tr), number=explorer % 10 + 1
    )


def explorers_words(explorers: Sequence[int], names: Sequence[str], tr: Translate) -> str:
    return ", ".join(explorer_words(e, names, tr) for e in explorers)


def number(value: float | int) -> str:
    """A score as players write it: ``7``, not ``7.0``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def game_over_words(
    winners: Sequence[int],
    scores: Sequence[float | int],
    equal: bool,
    names: Sequence[str],
    tr: Translate,
) -> str:
    """The end: who won with how much (Rule 3: how many explorers saved)."""
    if not winners:
        return tr("Game over.")
    points = number(scores[winners[0]]) if winners[0] < len(scores) else "0"
    if len(winners) == 1:
        if equal:
            text = tr("Game over: {name} wins with {points} explorers saved.")
        else:
            text = tr("Game over: {name} wins with {points} points.")
        return text.format(name=seat_name(names, winners[0], tr), points=points)
    joined = ", ".join(seat_name(names, w, tr) for w in winners)
    if equal:
        text = tr("Game over: {names} share the win with {points} explorers saved each.")
    else:
        text = tr("Game over: {names} share the win with {points} points each.")
    return text.format(names=joined, points=points)


def result_word(key: str, tr: Translate) -> str:
    """A column of the result table: a part of a seat's line, or the score."""
    words = {
        "saved": tr("Saved"),
        "values": tr("Values"),
        "lost": tr("Lost"),
        "score": tr("Score"),
    }
    return words.get(key, key)


def saved_line(name: str, explorers: str, tr: Translate) -> str:
    """Whom a seat saved (explorers already named), or nobody."""
    return tr("{name} saved: {explorers}").format(name=name, explorers=explorers or tr("nobody"))


def tie_break_line(result: Result, tr: Translate) -> str | None:
    """Which tie-break settled first place, if one did (option ``tie_break``)."""
    words = {"saved": tr("Tie on the score broken by the most explorers saved.")}
    return None if result.decided_by is None else words.get(result.decided_by)


def ranking_rule(result: Result, tr: Translate) -> str:
    """How the game ranks the players under its options."""
    if result.tie_breaks:
        return tr("The highest score wins; a tie goes to the most explorers saved.")
    return tr("The highest score wins; a tie is shared.")


def _direction(origin: int, to: int) -> int:
    steps = BOARD.step[origin]
    return steps.index(to) if to in steps else -1


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- The log -----------------------------------------------------------------------------


def describe(event: Event, names: Sequence[str], tr: Translate) -> str | None:
    """``event`` as one sentence of the log, as the reader may know it."""
    if isinstance(event, ExplorerMoved):
        name = seat_name(names, event.seat, tr)
        direction = direction_name(_direction(event.origin, event.to), tr)
        if event.boat >= 0:
            return tr("{name} moved {explorer} {direction} into {boat} on {space}.").format(
                name=name,
                explorer=explorer_words(event.explorer, names, tr),
                direction=direction,
                boat=boat_words(event.boat, tr),
                space=space_name(event.to),
            )
        return tr("{name} moved {explorer} {direction} to {space}.").format(
            name=name,
            explorer=explorer_words(event.explorer, names, tr),
            direction=direction,
            space=space_name(event.to),
        )
    if isinstance(event, BoatMoved):
        return tr("{name} moved {boat} {direction} to {space}.").format(
            name=seat_name(names, event.seat, tr),
            boat=boat_words(event.boat, tr),
            direction=direction_name(_direction(event.origin, event.to), tr),
            space=space_name(event.to),
        )
    if isinstance(event, ExplorerLost):
        return _lost(event, names, tr)
    if isinstance(event, (CreatureDieRolled, DiveDiceRolled, NothingMoved, CreatureMoved)):
        return _creature_turn(event, names, tr)
    if isinstance(event, (CreatureCameIn, CreatureRemoved, BoatCapsized, BoatSunk, Whirlpool)):
        return _at_sea(event, names, tr)
    if isinstance(event, (TileSunk, TileRevealed, TilePlayed, DeterrentPlayed, DeterrentDeclined)):
        return _tiles(event, names, tr)
    return _setup_and_people(event, names, tr)


def _lost(event: ExplorerLost, names: Sequence[str], tr: Translate) -> str:
    explorer = explorer_words(event.explorer, names, tr)
    if event.cause == "whirlpool":
        return tr("The whirlpool swallowed {explorer}.").format(explorer=explorer)
    creature = _capital(creature_words(event.creature, tr))
    if event.cause == "squid":
        return tr("{creature} took {explorer}.").format(creature=creature, explorer=explorer)
    return tr("{creature} ate {explorer} on {space}.").format(
        creature=creature, explorer=explorer, space=space_name(event.hex)
    )


def _creature_turn(event: Event, names: Sequence[str], tr: Translate) -> str:
    if isinstance(event, CreatureDieRolled):
        return tr("{name} rolled the creature die: {kind}.").format(
            name=seat_name(names, event.seat, tr), kind=kind_name(event.face, tr)
        )
    if isinstance(event, DiveDiceRolled):
        return tr("{name} rolled the dive dice: {roll}.").format(
            name=seat_name(names, event.seat, tr),
            roll=dive_roll_words(event.piece, event.face, tr),
        )
    if isinstance(event, NothingMoved):
        return tr("Nothing can move.")
    assert isinstance(event, CreatureMoved)
    if event.origin == event.to:
        text = tr("{name} left {creature} on {space}.")
    else:
        text = tr("{name} moved {creature} to {space}.")
    return text.format(
        name=seat_name(names, event.seat, tr),
        creature=creature_words(event.creature, tr),
        space=space_name(event.to),
    )


def _at_sea(event: Event, names: Sequence[str], tr: Translate) -> str:
    if isinstance(event, CreatureCameIn):
        if event.creature_kind == "squid":
            return tr("{name} brought a giant squid in on {space}.").format(
                name=seat_name(names, event.seat, tr), space=space_name(event.hex)
            )
        return tr("{creature} comes in on {space}.").format(
            creature=_capital(creature_words(event.creature, tr)), space=space_name(event.hex)
        )
    if isinstance(event, CreatureRemoved):
        creature = creature_words(event.creature, tr)
        if event.by == "whale":
            text = tr("A whale entered {space}: {creature} leaves the game.")
        elif event.by == "squid":
            text = tr("A giant squid entered {space}: {creature} leaves the game.")
        else:
            text = tr("The whirlpool on {space} swallowed {creature}.")
        return text.format(creature=creature, space=space_name(event.hex))
    if isinstance(event, BoatCapsized):
        return tr("{creature} capsized {boat} on {space}: {explorers} now swim.").format(
            creature=_capital(creature_words(event.creature, tr)),
            boat=boat_words(event.boat, tr),
            space=space_name(event.hex),
            explorers=explorers_words(event.aboard, names, tr),
        )
    if isinstance(event, BoatSunk):
        return tr("{creature} dragged {boat} under on {space}.").format(
            creature=_capital(creature_words(event.creature, tr)),
            boat=boat_words(event.boat, tr),
            space=space_name(event.hex),
        )
    assert isinstance(event, Whirlpool)
    if event.boats:
        return tr("A whirlpool opens on {space} and swallows {boats}.").format(
            space=space_name(event.hex),
            boats=", ".join(boat_words(b, tr) for b in event.boats),
        )
    return tr("A whirlpool opens on {space}.").format(space=space_name(event.hex))


def _tiles(event: Event, names: Sequence[str], tr: Translate) -> str:
    if isinstance(event, TileSunk):
        line = tr("{name} sank the {terrain} tile on {space}.").format(
            name=seat_name(names, event.seat, tr),
            terrain=terrain_name(event.terrain, tr),
            space=space_name(event.hex),
        )
        if event.swimmers:
            line += " " + tr("{explorers} fell into the sea.").format(
                explorers=explorers_words(event.swimmers, names, tr)
            )
        return line
    if isinstance(event, TileRevealed):
        name = seat_name(names, event.seat, tr)
        if event.effect is None:
            return tr("{name} keeps the tile's red back hidden.").format(name=name)
        if event.public or event.effect in GREEN_EFFECTS:
            return tr("The tile's back: {effect}!").format(effect=effect_name(event.effect, tr))
        return tr("{name} takes a red tile: {effect}.").format(
            name=name, effect=effect_name(event.effect, tr)
        )
    if isinstance(event, TilePlayed):
        return tr("{name} played a tile: {effect}.").format(
            name=seat_name(names, event.seat, tr), effect=effect_name(event.effect, tr)
        )
    if isinstance(event, DeterrentPlayed):
        return tr("{name} played a {effect}: {creature} leaves the game.").format(
            name=seat_name(names, event.seat, tr),
            effect=effect_name(event.effect, tr),
            creature=creature_words(event.creature, tr),
        )
    assert isinstance(event, DeterrentDeclined)
    return tr("{name} played no deterrent.").format(name=seat_name(names, event.seat, tr))


def _setup_and_people(event: Event, names: Sequence[str], tr: Translate) -> str | None:
    if isinstance(event, ExplorerBoarded):
        return tr("{explorer} climbed into {boat} on {space}.").format(
            explorer=explorer_words(event.explorer, names, tr),
            boat=boat_words(event.boat, tr),
            space=space_name(event.hex),
        )
    if isinstance(event, ExplorerJumped):
        return tr("{explorer} jumped overboard.").format(
            explorer=explorer_words(event.explorer, names, tr)
        )
    if isinstance(event, ExplorerSaved):
        return tr("{explorer} reached {isle}.").format(
            explorer=explorer_words(event.explorer, names, tr), isle=isle_name(event.isle, tr)
        )
    if isinstance(event, EmptyBoatMoved):
        return tr("{name} moved the unoccupied {boat} to {space}.").format(
            name=seat_name(names, event.seat, tr),
            boat=boat_words(event.boat, tr),
            space=space_name(event.to),
        )
    if isinstance(event, BoatCameIn):
        return tr("{boat} comes in on {space}.").format(
            boat=_capital(boat_words(event.boat, tr)), space=space_name(event.hex)
        )
    if isinstance(event, ExplorerPlaced):
        name = seat_name(names, event.seat, tr)
        if event.value is None:
            return tr("{name} placed an explorer on {space}.").format(
                name=name, space=space_name(event.hex)
            )
        return tr("{name} placed an explorer worth {value} on {space}.").format(
            name=name, value=event.value, space=space_name(event.hex)
        )
    if isinstance(event, BoatPlaced):
        return tr("{name} placed a boat on {space}.").format(
            name=seat_name(names, event.seat, tr), space=space_name(event.hex)
        )
    if isinstance(event, StartPlayerPicked):
        return tr("{name} is the first player.").format(name=seat_name(names, event.seat, tr))
    if isinstance(event, IslandLaid):
        return tr("The 40 island tiles are laid face up.")
    if isinstance(event, GameOver):
        return game_over_words(event.winners, event.scores, event.counting == "saved", names, tr)
    return None


__all__ = [
    "boat_words",
    "creature_words",
    "describe",
    "direction_name",
    "dive_face_name",
    "dive_piece_name",
    "dive_roll_words",
    "effect_name",
    "explorer_words",
    "game_over_words",
    "isle_name",
    "kind_name",
    "number",
    "space_name",
    "terrain_name",
]


def advice_word(key: str, tr: Translate) -> str:
    """The advisor's titles, labels and row names (``advice.py``), in the reader's language."""
    words = {
        "How safe your explorers are": tr("How safe your explorers are"),
        "creature die: {face}": tr("creature die: {face}"),
        "dive die: {face}": tr("dive die: {face}"),
        "move die: {face}": tr("move die: {face}"),
        "explorer {number} ({status})": tr("explorer {number} ({status})"),
        "die": tr("die"),
        "dive piece": tr("dive piece"),
        "move die": tr("move die"),
        "safety": tr("safety"),
        "swimming": tr("swimming"),
        "boat": tr("in a boat"),
        "land": tr("on land"),
        "safe": tr("safe"),
        "Safety: the chance the next creature roll brings nothing that can harm it.": tr(
            "Safety: the chance the next creature roll brings nothing that can harm it."
        ),
    }
    if key in words:
        return words[key]
    if key in ("serpent", "shark", "whale", "squid", "dolphin"):
        return kind_name(key, tr)
    if key in ("starfish", "dive"):
        return dive_piece_name(key, tr) if key == "starfish" else dive_face_name(key, tr)
    return tr(key)
