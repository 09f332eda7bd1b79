"""Survive's log, one sentence per event, and the words both boards say: an action, the
status line, the table line, the names of spaces, pieces and columns.

Every sentence goes through ``tr`` so the web table and the terminal say it in the
reader's language (the catalog ``survive`` is extracted from this module, the web board
and the terminal view). A sentence kept in a table is marked with :func:`_` so that it is
extracted; ``tr`` translates it where it is said. Spaces are named as on both boards: a row
letter A–M and the space's place in the row from the left (the centre of the island is
G6). An explorer is named by its seat and its place in that seat's order of placing, never
by its value: a value appears only in an event the reader may see whole (its own placing,
the end).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, plain_choice, seat_name, word_for
from whaletable.core.words import message as _
from whaletable.games.survive import actions as act
from whaletable.games.survive import events as ev
from whaletable.games.survive.components import BOARD, COMPONENTS, ISLE_NAMES
from whaletable.games.survive.observation import SurviveObservation
from whaletable.games.survive.rules import CREATURES_OF, ISLE_AT, KIND, KIND_NAMES

ROW_LETTERS = "ABCDEFGHIJKLM"

# --- Names of things ---------------------------------------------------------------------

TERRAINS = {"beach": _("beach"), "forest": _("forest"), "mountain": _("mountain")}
DIRECTION_WORDS = (
    _("east"),
    _("north-east"),
    _("north-west"),
    _("west"),
    _("south-west"),
    _("south-east"),
)
ISLES = {
    "NW": _("the north-west safe isle"),
    "NE": _("the north-east safe isle"),
    "SW": _("the south-west safe isle"),
    "SE": _("the south-east safe isle"),
}
KINDS = {
    "serpent": _("sea serpent"),
    "shark": _("shark"),
    "whale": _("whale"),
    "squid": _("giant squid"),
    "dolphin": _("dolphin"),
}
EFFECTS = {
    "shark": _("shark"),
    "whale": _("whale"),
    "boat": _("boat"),
    "whirlpool": _("whirlpool"),
    "volcano": _("volcano"),
    "dolphin": _("dolphin"),
    "boat-move": _("boat move"),
    "move-serpent": _("move a sea serpent"),
    "move-shark": _("move a shark"),
    "move-whale": _("move a whale"),
    "shark-deterrent": _("shark deterrent"),
    "whale-deterrent": _("whale deterrent"),
}
DIVE_PIECES = {  # the symbols of the dive die that say which piece moves (Challenge Rule 5)
    **KINDS,
    "boat": _("unoccupied boat"),
    "starfish": _("starfish (any piece)"),
}
NUMBERED = {  # a creature by its kind and its number among its kind
    "serpent": _("sea serpent {number}"),
    "shark": _("shark {number}"),
    "whale": _("whale {number}"),
    "squid": _("giant squid {number}"),
    "dolphin": _("dolphin {number}"),
}


def space_name(space: int) -> str:
    """``G6``: the row's letter and the space's place in the row, counted from 1."""
    return f"{ROW_LETTERS[BOARD.rows[space]]}{BOARD.idxs[space] + 1}"


def direction_name(direction: int, tr: Translate) -> str:
    in_range = 0 <= direction < len(DIRECTION_WORDS)
    return tr(DIRECTION_WORDS[direction]) if in_range else str(direction)


def isle_name(isle: str | None, tr: Translate) -> str:
    return tr(ISLES[isle]) if isle in ISLES else tr("a safe isle")


def dive_face_name(face: str, tr: Translate) -> str:
    """A face of the dive die that says how far: a number, or Dive."""
    if face == "dive":
        return tr("Dive (any unoccupied sea space)")
    return tr("{number} spaces").format(number=face) if face != "1" else tr("1 space")


def dive_roll_words(piece: str, face: str, tr: Translate) -> str:
    piece = word_for(DIVE_PIECES, piece, tr)
    return tr("{piece}, {face}").format(piece=piece, face=dive_face_name(face, tr))


def boat_words(boat: int, tr: Translate) -> str:
    return tr("boat {number}").format(number=boat + 1)


def creature_words(creature: int, tr: Translate) -> str:
    """``shark 2``: the kind and the creature's number among its kind, from 1."""
    if not 0 <= creature < len(KIND):
        return tr("creature {number}").format(number=creature + 1)
    kind = KIND[creature]
    return tr(NUMBERED[KIND_NAMES[kind]]).format(number=creature - CREATURES_OF[kind][0] + 1)


def explorer_words(explorer: int, names: Sequence[str], tr: Translate) -> str:
    """``Bao's explorer 3``: the owner and the explorer's place in its order of placing."""
    name = seat_name(names, explorer // 10, tr)
    return tr("{name}'s explorer {number}").format(name=name, number=explorer % 10 + 1)


def number(value: float) -> str:
    """A score as players write it: ``7``, not ``7.0``."""
    return str(int(value)) if float(value).is_integer() else str(value)


GAME_OVER = {  # by whether one seat won, and whether explorers count as equal (Rule 3)
    (True, True): _("Game over: {name} wins with {points} explorers saved."),
    (True, False): _("Game over: {name} wins with {points} points."),
    (False, True): _("Game over: {names} share the win with {points} explorers saved each."),
    (False, False): _("Game over: {names} share the win with {points} points each."),
}


def game_over_words(
    won: Sequence[int], scores: Sequence[float], saved: bool, names: Sequence[str], tr: Translate
) -> str:
    """The end: the seats that ``won``, with how much (``saved``: Rule 3's explorers saved)."""
    if not won:
        return tr("Game over.")
    named = [seat_name(names, w, tr) for w in won]
    points = number(scores[won[0]]) if won[0] < len(scores) else "0"
    text = tr(GAME_OVER[len(won) == 1, saved])
    return text.format(name=named[0], names=", ".join(named), points=points)


def result_word(key: str, tr: Translate) -> str:
    """A column of the result table: a part of a seat's line, or the score."""
    columns = {"saved": _("Saved"), "values": _("Values"), "lost": _("Lost"), "score": _("Score")}
    return word_for(columns, key, tr)


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


def _say(msgid: str, said: dict[str, Any], capital: tuple[str, ...], tr: Translate) -> str:
    """``msgid`` in the reader's language, filled from ``said``; a name in ``capital`` that
    opens the (English) sentence starts with a capital letter."""
    lead = msgid[1 : msgid.find("}")] if msgid.startswith("{") else ""
    if lead in capital:
        said = {**said, lead: str(said[lead])[:1].upper() + str(said[lead])[1:]}
    return tr(msgid).format(**said)


# --- What a seat sees: the words both boards (web and terminal) say ----------------


def space_words(space: int | None, tr: Translate) -> str:
    if space is None or not 0 <= space < BOARD.num_hexes:
        return tr("off the board")
    return tr("space {name}").format(name=space_name(space))


SEEN_EXPLORER = {  # by whether the viewer owns the explorer, and knows its value
    (True, False): _("your explorer {number}"),
    (True, True): _("your explorer {number} (worth {value})"),
    (False, False): _("{name}'s explorer {number}"),
    (False, True): _("{name}'s explorer {number} (worth {value})"),
}


def seen_explorer_words(
    explorer: int, obs: SurviveObservation, names: Sequence[str], tr: Translate
) -> str:
    """``your explorer 3 (worth 4)`` / ``Bao's explorer 3``: a value only where the viewer
    knows it."""
    seat, value = explorer // 10, obs["explorers"][explorer]["value"]
    text = tr(SEEN_EXPLORER[seat == obs["seat"], value is not None])
    return text.format(name=seat_name(names, seat, tr), number=explorer % 10 + 1, value=value)


def where(obs: SurviveObservation, explorer: int) -> int | None:
    """The space an explorer is on, swimming in or in a boat on (``None`` off the board)."""
    return obs["explorers"][explorer]["hex"]


def step(space: int | None, direction: int) -> int | None:
    """The space one step from ``space`` in ``direction``, or None (off the board)."""
    to = BOARD.step[space][direction] if space is not None and 0 <= direction < 6 else -1
    return to if to >= 0 else None


def landing_isle(space: int | None) -> str:
    """The safe isle an explorer on ``space`` steps onto: the rules' nearest by landings."""
    return ISLE_NAMES[max(ISLE_AT["touching"][space], 0) if space is not None else 0]


HINTS: dict[type[Action], str] = {  # the first kind of move found among the legal ones
    act.SinkTile: _("Choose a tile to sink."),
    act.PlaceBoat: _("Choose a sea space for your boat."),
    act.PlaceSquid: _("Choose a sea space for the giant squid."),
    act.MoveEmptyBoat: _("Choose the creature or unoccupied boat to move."),
    act.PickCreature: _("Choose the creature to move."),
    act.MoveCreature: _("Choose where the creature goes."),
    act.TakePerson: _("Choose the explorer the giant squid takes."),
}
MOVES = {act.MoveExplorer, act.MoveBoat, act.BoardBoat, act.JumpOverboard, act.LandOnSafeIsle}


def hint_words(obs: SurviveObservation, legal: Sequence[Action], tr: Translate) -> str:
    """How the viewer to move makes its move on the board, or nothing."""
    if not legal:
        return ""
    kinds = {type(a) for a in legal}
    if act.PlaceExplorer in kinds:
        return tr("Choose a value, then an empty tile.")
    if kinds & MOVES and obs["phase"] != "board":
        text = tr("Choose a piece, then where it goes ({left} left).")
        return text.format(left=obs["moves_left"])
    for kind, hint in HINTS.items():
        if kind in kinds:
            return tr(hint)
    if obs["phase"] == "board":
        return tr("Choose who climbs into the new boat.")
    return tr("You may play one of your tiles first.") if act.PlayTile in kinds else ""


def game_over_line(obs: SurviveObservation, names: Sequence[str], tr: Translate) -> str:
    everyone_is_equal = obs["options"]["everyone_is_equal"]
    return game_over_words(obs["winners"] or [], obs["scores"] or [], everyone_is_equal, names, tr)


ACTIONS: dict[type[Action], str] = {
    act.MoveExplorer: _("Move {explorer} {direction} from {origin} to {target}"),
    act.BoardBoat: _("{explorer} climbs into the boat on {space}"),
    act.JumpOverboard: _("{explorer} jumps overboard on {space}"),
    act.LandOnSafeIsle: _("{explorer} steps onto {isle}"),
    act.MoveBoat: _("Move {boat} {direction} from {origin} to {target}"),
    act.EndMovement: _("Done moving: spend no more movement points"),
    act.PlayTile: _("Play your tile {number}: {effect}"),
    act.Decline: _("Do not play a deterrent"),
    act.SinkTile: _("Sink the {terrain} tile on {space}"),
    act.PlaceExplorer: _("Place your explorer worth {value} on {space}"),
    act.PlaceBoat: _("Place a boat on {space}"),
    act.PlaceSquid: _("Bring the giant squid in on {space}"),
    act.TakePerson: _("The giant squid takes {explorer}"),
    act.PickCreature: _("Move {creature} (on {space})"),
    act.PickStartPlayer: _("{name} starts"),
    act.LayTile: _("Lay a {terrain} tile"),
    act.RevealBack: _("Turn the sunk tile over"),  # never its back
    act.RollCreatureDie: _("Roll the creature die: {kind}"),
    act.RollDiveDice: _("Roll the dive dice: {roll}"),
    act.MoveEmptyBoat: _("Move the unoccupied {boat} to {space}"),
}


def _action_said(
    a: Any, obs: SurviveObservation, names: Sequence[str], tr: Translate
) -> dict[str, Any]:
    """What an action's words may name: its fields, and where its piece is, in words."""
    v = {f.name: getattr(a, f.name) for f in fields(a)}
    said: dict[str, Any] = {"value": v.get("value"), "number": v.get("slot", 0) + 1}
    at: int | None = None  # the space of the piece that moves
    if "explorer" in v:
        at = where(obs, a.explorer)
        said["explorer"] = seen_explorer_words(a.explorer, obs, names, tr)
        said["isle"] = isle_name(landing_isle(at), tr)
    if "boat" in v:
        at = obs["boats"][a.boat]["hex"]
        said["boat"] = boat_words(a.boat, tr)
    picked = obs["pending"]["creature"]  # the creature a destination is chosen for
    if isinstance(a, act.PickCreature):
        picked, at = a.creature, obs["creatures"][a.creature]["hex"]
    if picked is not None:
        said["creature"] = creature_words(picked, tr)
    if "direction" in v:
        said["direction"] = direction_name(a.direction, tr)
        to = step(at, a.direction)
        said["origin"] = "?" if at is None else space_name(at)
        said["target"] = "?" if to is None else space_name(to)
    space = v.get("hex", v.get("to", at))
    said["space"] = "?" if space is None else space_name(space)
    if isinstance(a, act.SinkTile):
        v["terrain"] = obs["terrain"][a.hex] if 0 <= a.hex < BOARD.num_hexes else None
    said["terrain"] = word_for(TERRAINS, v.get("terrain") or "", tr)
    said["effect"] = word_for(EFFECTS, v.get("effect") or "", tr)
    said["name"] = seat_name(names, v.get("seat", -1), tr)
    if isinstance(a, act.RollCreatureDie):
        said["kind"] = word_for(KINDS, a.creature, tr)
    if isinstance(a, act.RollDiveDice):
        said["roll"] = dive_roll_words(a.piece, a.face, tr)
    return said


def action_label(
    action: Action, obs: SurviveObservation, names: Sequence[str], tr: Translate
) -> str:
    """What ``action`` does, as both boards offer it: the web board's label and the
    terminal's choice (after the command that types it)."""
    msgid = ACTIONS.get(type(action))
    if isinstance(action, act.EndMovement) and obs["phase"] == "tile-move":
        msgid = _("Stop moving with the tile")
    if isinstance(action, act.MoveCreature):
        picked = obs["pending"]["creature"]
        if picked is None:
            msgid = _("Move the creature to {space}")
        elif obs["creatures"][picked]["hex"] == action.to:
            msgid = _("Leave {creature} on {space}")
        else:
            msgid = _("Move {creature} to {space}")
    if msgid is None:
        return str(action)
    return _say(msgid, _action_said(action, obs, names, tr), ("explorer",), tr)


SETTING_UP = ("start", "lay-tiles", "place-explorers", "place-boats")
TASKS = {  # what the seat to move must do now, by phase
    "place-explorers": _("place an explorer"),
    "place-boats": _("place a boat"),
    "move": _("move ({left} points left)"),
    "tile-move": _("move with the tile ({left} left)"),
    "sink": _("sink a tile"),
    "board": _("choose who boards the new boat"),
    "place-squid": _("bring the giant squid in"),
    "take-person": _("choose whom the giant squid takes"),
    "deter": _("play a deterrent or not"),
    "pick-creature": _("choose the creature to move"),
    "move-creature": _("move the creature"),
}


def task_words(obs: SurviveObservation, tr: Translate) -> str:
    """What the seat to move must do now."""
    if obs["phase"] == "pick-creature" and obs["pending"]["boats"]:
        return tr("choose the creature or unoccupied boat to move")
    task = TASKS.get(obs["phase"], _("decide"))
    return tr(task).format(left=obs["moves_left"])


def status_line(obs: SurviveObservation, names: Sequence[str], tr: Translate) -> str:
    """Whose turn it is and what they must do, or the end."""
    if obs["phase"] == "over":
        return game_over_line(obs, names, tr)
    to_move, turn = obs["to_move"], obs["turn"]
    setting_up = obs["phase"] in SETTING_UP or not turn
    prefix = tr("Setting up") if setting_up else tr("Turn {turn}").format(turn=turn)
    if to_move is None:
        return prefix + " · " + tr("the dice and tiles decide.")
    what = task_words(obs, tr)
    if to_move == obs["seat"]:
        return prefix + " · " + tr("Your turn: {what}").format(what=what)
    name = seat_name(names, to_move, tr)
    return prefix + " · " + tr("{name} is to play: {what}").format(name=name, what=what)


def table_line(obs: SurviveObservation, tr: Translate) -> str:
    """What lies on the table besides the pieces: tiles left, the dice, the last tile sunk."""
    left = {t: obs["terrain"].count(t) for t in TERRAINS}
    line = tr("Tiles left: {beach} beach, {forest} forest, {mountain} mountain").format(**left)
    roll = obs["last_roll"]
    if roll:
        line += " · " + tr("creature die: {kind}").format(kind=word_for(KINDS, roll, tr))
    dive = obs["dive_roll"]
    if dive:
        roll = dive_roll_words(dive["piece"], dive["face"], tr)
        line += " · " + tr("dive dice: {roll}").format(roll=roll)
    if obs["sunk"]:
        last = obs["sunk"][-1]
        back = word_for(EFFECTS, last["effect"], tr) if last["effect"] else tr("a hidden red tile")
        terrain = word_for(TERRAINS, last["terrain"], tr)
        line += " · " + tr("last tile sunk: {terrain} ({back})").format(terrain=terrain, back=back)
    return line


# The places under the sea (the hand, the values to place), then the players' table's columns.
BOARD_WORDS = {
    "hand": _("Your tiles"),
    "held": _("Held tiles"),
    "hidden": _("A spectator sees only how many tiles each player holds."),
    "none": _("none"),
    "values": _("Explorers to place:"),
    "player": _("Player"),
    "land": _("On the island"),
    "swimming": _("Swimming"),
    "boat": _("In boats"),
    "safe": _("Saved"),
    "lost": _("Lost"),
    "tiles": _("Tiles held"),
    "score": _("Score"),
}


def board_word(key: str, tr: Translate) -> str:
    """A name or note both boards show beside the sea: see :data:`BOARD_WORDS`."""
    return tr(BOARD_WORDS[key])


SEAT_COLUMNS = ("land", "swimming", "boat", "safe", "lost")
"""The explorers' places counted in the players' table, in its order."""


# --- The log -----------------------------------------------------------------------------

LOG: dict[type[Event], str] = {  # an event's sentence where its kind alone says which
    ev.ExplorerMoved: _("{name} moved {explorer} {direction} to {space}."),
    ev.BoatMoved: _("{name} moved {boat} {direction} to {space}."),
    ev.ExplorerLost: _("The whirlpool swallowed {explorer}."),
    ev.CreatureDieRolled: _("{name} rolled the creature die: {kind}."),
    ev.DiveDiceRolled: _("{name} rolled the dive dice: {roll}."),
    ev.NothingMoved: _("Nothing can move."),
    ev.CreatureMoved: _("{name} moved {creature} to {space}."),
    ev.CreatureCameIn: _("{creature} comes in on {space}."),
    ev.CreatureRemoved: _("The whirlpool on {space} swallowed {creature}."),
    ev.BoatCapsized: _("{creature} capsized {boat} on {space}: {explorers} now swim."),
    ev.BoatSunk: _("{creature} dragged {boat} under on {space}."),
    ev.Whirlpool: _("A whirlpool opens on {space}."),
    ev.TileSunk: _("{name} sank the {terrain} tile on {space}."),
    ev.TileRevealed: _("{name} takes a red tile: {effect}."),
    ev.TilePlayed: _("{name} played a tile: {effect}."),
    ev.DeterrentPlayed: _("{name} played a {effect}: {creature} leaves the game."),
    ev.DeterrentDeclined: _("{name} played no deterrent."),
    ev.ExplorerBoarded: _("{explorer} climbed into {boat} on {space}."),
    ev.ExplorerJumped: _("{explorer} jumped overboard."),
    ev.ExplorerSaved: _("{explorer} reached {isle}."),
    ev.EmptyBoatMoved: _("{name} moved the unoccupied {boat} to {space}."),
    ev.BoatCameIn: _("{boat} comes in on {space}."),
    ev.ExplorerPlaced: _("{name} placed an explorer on {space}."),
    ev.BoatPlaced: _("{name} placed a boat on {space}."),
    ev.StartPlayerPicked: _("{name} is the first player."),
    ev.IslandLaid: _("The 40 island tiles are laid face up."),
}
REMOVED_BY = {
    "whale": _("A whale entered {space}: {creature} leaves the game."),
    "squid": _("A giant squid entered {space}: {creature} leaves the game."),
}


def _log_msgid(e: Event) -> str | None:
    """The sentence of ``e``, untranslated: the one its kind says unless its fields choose."""
    if isinstance(e, ev.ExplorerMoved) and e.boat >= 0:
        return _("{name} moved {explorer} {direction} into {boat} on {space}.")
    if isinstance(e, ev.ExplorerLost) and e.cause != "whirlpool":
        if e.cause == "squid":
            return _("{creature} took {explorer}.")
        return _("{creature} ate {explorer} on {space}.")
    if isinstance(e, ev.CreatureMoved) and e.origin == e.to:
        return _("{name} left {creature} on {space}.")
    if isinstance(e, ev.CreatureCameIn) and e.creature_kind == "squid":
        return _("{name} brought a giant squid in on {space}.")
    if isinstance(e, ev.CreatureRemoved) and e.by in REMOVED_BY:
        return REMOVED_BY[e.by]
    if isinstance(e, ev.Whirlpool) and e.boats:
        return _("A whirlpool opens on {space} and swallows {boats}.")
    if isinstance(e, ev.TileRevealed) and e.effect is None:
        return _("{name} keeps the tile's red back hidden.")
    if isinstance(e, ev.TileRevealed) and (e.public or e.effect in act.GREEN_EFFECTS):
        return _("The tile's back: {effect}!")
    if isinstance(e, ev.ExplorerPlaced) and e.value is not None:
        return _("{name} placed an explorer worth {value} on {space}.")
    return LOG.get(type(e))


def _event_said(e: Event, names: Sequence[str], tr: Translate) -> dict[str, Any]:
    """What an event's sentence may name: its fields, in words."""
    v = {f.name: getattr(e, f.name) for f in fields(e)}
    said: dict[str, Any] = {"value": v.get("value")}
    if "seat" in v:
        said["name"] = seat_name(names, v["seat"], tr)
    if "explorer" in v:
        said["explorer"] = explorer_words(v["explorer"], names, tr)
    if v.get("boat", -1) >= 0:  # a move that ends in no boat names boat -1
        said["boat"] = boat_words(v["boat"], tr)
    if "to" in v or "hex" in v:
        said["space"] = space_name(v.get("to", v.get("hex", 0)))
    if "origin" in v:
        steps = BOARD.step[v["origin"]]
        said["direction"] = direction_name(steps.index(v["to"]) if v["to"] in steps else -1, tr)
    if "creature" in v:
        said["creature"] = creature_words(v["creature"], tr)
    if "face" in v:
        said["kind"] = word_for(KINDS, v["face"], tr)
    if "piece" in v:
        said["roll"] = dive_roll_words(v["piece"], v["face"], tr)
    said["effect"] = word_for(EFFECTS, v.get("effect") or "", tr)
    said["terrain"] = word_for(TERRAINS, v.get("terrain", ""), tr)
    people = v.get("aboard", v.get("swimmers", ()))
    said["explorers"] = ", ".join(explorer_words(e, names, tr) for e in people)
    said["isle"] = isle_name(v.get("isle"), tr)
    said["boats"] = ", ".join(boat_words(b, tr) for b in v.get("boats", ()))
    return said


def describe(event: Event, names: Sequence[str], tr: Translate) -> str | None:
    """``event`` as one sentence of the log, as the reader may know it."""
    if isinstance(event, ev.GameOver):
        return game_over_words(event.winners, event.scores, event.counting == "saved", names, tr)
    msgid = _log_msgid(event)
    if msgid is None:
        return None
    said = _event_said(event, names, tr)
    line = _say(msgid, said, ("creature", "boat"), tr)
    if isinstance(event, ev.TileSunk) and event.swimmers:
        line += " " + tr("{explorers} fell into the sea.").format(**said)
    return line


def _dive_faces(die: str) -> str:
    """A movement dive die's faces as printed: numbers, and Dive (from the data file)."""
    return ", ".join("Dive" if f == "dive" else f for f in COMPONENTS.dive_moves[die])


def option_label(name: str, tr: Translate) -> str:
    """The name of one of the game's options, for the lobby."""
    labels = {
        "giant_squid": tr("Giant Squid mini-expansion"),
        "squids_replace_whales": tr("Giant squids replace the whales"),
        "densely_populated": tr("Challenge rule 1: densely populated"),
        "leave_no_one_behind": tr("Challenge rule 2: leave no one behind"),
        "everyone_is_equal": tr("Challenge rule 3: everyone is equal"),
        "atlantis_is_gone": tr("Challenge rule 4: Atlantis is gone"),
        "landing": tr("Landing on a safe isle"),
        "tie_break": tr("Ties"),
        "creature_stacking": tr("Creatures sharing a space"),
        "swim_into_boats": tr("A swimmer may swim into a neighbouring boat"),
        "centre_is_sea": tr("The centre hole counts as sea for sinking"),
        "no_enclosed_tiles": tr("No beach or forest enclosed by higher tiles at setup"),
        "dolphins_and_diving_creatures": tr("Challenge rule 5: dolphins and diving creatures"),
        "dive_die": tr("Dive die that says how far"),
        "start_player": tr("First player"),
    }
    return labels.get(name, name)


def choice_label(name: str, choice: Any, tr: Translate) -> str:
    """One allowed value of option ``name``, for the lobby."""
    if name == "start_player" and isinstance(choice, int) and not isinstance(choice, bool):
        return seat_name([], choice, tr)
    labels = {
        "yellow": tr("only from the yellow spaces"),
        "marked": tr("only from the yellow spaces"),
        "touching": tr("from any space touching the isle"),
        "shared": tr("tied players share the win"),
        "most-saved": tr("most explorers saved breaks the tie"),
        "allowed": tr("allowed"),
        "blocked": tr("blocked"),
        "reconstructed": tr("reconstructed: {faces}").format(faces=_dive_faces("reconstructed")),
        "1986": tr("the 1986 die: {faces}").format(faces=_dive_faces("1986")),
    }
    if isinstance(choice, str):
        return labels.get(choice, choice)
    return plain_choice(choice, tr)


ADVICE = {"boat": _("in a boat"), "land": _("on land")}  # the advisor's words keyed otherwise
ADVICE_AS_KEYED = (  # the advisor's words that are their own keys, marked to be extracted
    _("How safe your explorers are"),
    _("creature die: {face}"),
    _("dive die: {face}"),
    _("move die: {face}"),
    _("explorer {number} ({status})"),
    _("die"),
    _("dive piece"),
    _("move die"),
    _("safety"),
    _("swimming"),
    _("safe"),
    _("Safety: the chance the next creature roll brings nothing that can harm it."),
)


def advice_word(key: str, tr: Translate) -> str:
    """The advisor's titles, labels and row names (``advice.py``), in the reader's language."""
    if key in ADVICE:
        return tr(ADVICE[key])
    if key in KINDS or key == "starfish":
        return word_for(DIVE_PIECES, key, tr)
    return dive_face_name(key, tr) if key == "dive" else tr(key)


# --- The terminal's typed commands: how to write them, and what is wrong with one --------
SHORT_FORMS = _(
    "type a number from the list, or: go X D (explorer X like 1c, direction e ne nw w "
    "sw se), board X, jump X, land X, boat N D, done, play T, pass, sink H (space like "
    "E4), place H V (explorer worth V) / place H (boat or squid), take X, pick C (like "
    "shark2), to H, empty N H (an unoccupied boat, with dive dice), q (quit)"
)
LEGEND = _(
    "~ sea serpent · ^ shark · W whale · Q giant squid · D dolphin · B boat · "
    "digits: explorers by seat · 1c:N = Seat 1's explorer c, worth N (values "
    "show to their owner only) · ≈ swimming · yellow: safe isle landing spaces"
)
HOW = {  # a verb written with the wrong number of words after it (``{verb}``)
    "go": _("write 'go X D': explorer X (like 1c) one space in direction D (e ne nw w sw se)"),
    "board": _("write 'board X' with an explorer X, like 1c"),
    "jump": _("write 'jump X' with an explorer X, like 1c"),
    "land": _("write 'land X' with an explorer X, like 1c"),
    "take": _("write 'take X' with an explorer X, like 2d"),
    "boat": _("write 'boat N D': boat N one space in direction D (e ne nw w sw se)"),
    "done": _("'{verb}' takes nothing after it"),
    "pass": _("'{verb}' takes nothing after it"),
    "play": _("write 'play N' (your N-th tile) or 'play T' (a tile T, like dolphin)"),
    "sink": _("write 'sink H' with a space H, like 'sink E4'"),
    "pick": _("write 'pick C' with a creature C, like shark2"),
    "to": _("write 'to H' with a space H, like 'to C5'"),
    "empty": _("write 'empty N H': the unoccupied boat N to space H, like 'empty 3 C5'"),
    "place": _("write 'place H V': your explorer worth V on space H, like 'place E4 3'"),
    "place-one": _("write 'place H' with a space H, like 'place E3'"),
}
MISREAD = {  # a word that names no space, explorer, seat, direction, boat, creature or tile
    "space": _("{word} is not a space: write a row letter A–M and a number, like G6"),
    "row": _("row {row} has spaces 1 to {count}, not {number}"),
    "explorer": _("{word} is not an explorer: write a seat and a letter, like 1c"),
    "seat": _("there is no seat {number}: seats are 1 to {last}"),
    "direction": _("{word} is not a direction: use e, ne, nw, w, sw or se"),
    "boat": _("{word} is not a boat: write its number, like 3"),
    "boat-number": _("there is no boat {number}: boats are 1 to {count}"),
    "creature": _("{word} is not a creature: write its kind and number, like shark2"),
    "slot": _("you hold no tile {number}: you hold {count}"),
    "tile": _("{word} is not a tile: tiles are {tiles}"),
    "held": _("you hold no {tile} tile"),
}

# --- The lobby: the game in a sentence or two, its picture, a line of help per option ------
SUMMARY = _(
    "Atlantis is sinking: bring your explorers to the safe isles before the volcano erupts, past "
    "sharks, whales, sea serpents and giant squids. The highest total of hidden values saved wins."
)
PICTURE = _("A boat of explorers leaving a sinking island, a sea serpent and a giant squid near.")
OPTION_HELP = {
    "giant_squid": _("Play with the Giant Squid mini-expansion."),
    "squids_replace_whales": _(
        "The expansion’s own optional rule: giant squids take the whales’ place (with the Giant "
        "Squid only)."
    ),
    "landing": _(
        "Whether explorers step onto a safe isle only from its two yellow spaces, or from any sea "
        "space touching it."
    ),
    "tie_break": _("Whether tied players share the win, or the most explorers saved wins."),
    "creature_stacking": _("Whether sea creatures may share a space."),
    "swim_into_boats": _("Whether a swimmer’s one space may end in a boat with room."),
    "centre_is_sea": _(
        "Whether the hole in the middle of the island counts as sea when tiles sink."
    ),
    "no_enclosed_tiles": _(
        "The island is built with no beach or forest shut in by higher tiles; off for quicker "
        "random islands."
    ),
    "densely_populated": _(
        "Up to two explorers may be placed on a land tile away from the island’s outer rim."
    ),
    "leave_no_one_behind": _(
        "The game ends when the last explorer leaves the board; the volcano is a whirlpool."
    ),
    "everyone_is_equal": _("The most explorers saved wins; their values do not count."),
    "atlantis_is_gone": _("The game ends when the last tile has sunk; the volcano is a whirlpool."),
    "dolphins_and_diving_creatures": _(
        "Dolphins guard swimmers, and two dive dice say which creature moves and how far, "
        "instead of the creature die."
    ),
    "dive_die": _("Which movement die Challenge rule 5 rolls (no source prints its faces)."),
}
