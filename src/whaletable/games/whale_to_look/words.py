"""Whale to Look in words, for the web board, the terminal and the log alike, in the
reader's language through ``tr`` (the catalogs are extracted from this module, the web
board and the terminal view). Fish cards are F1–F12 in reading order, areas are named by
the number printed on their card, boats by how many tourists they carry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, plain_choice, seat_name, word_for
from whaletable.core.words import message as _
from whaletable.games.whale_to_look import actions as act
from whaletable.games.whale_to_look import events as ev
from whaletable.games.whale_to_look.observation import ScoredRound, SeatRow, WhaleToLookObservation
from whaletable.games.whale_to_look.rules import DOCK, ROUNDS, TOURISTS

NAMES = {
    "whale-watching": _("Whale-watching season"),
    "fishing": _("Fishing season"),
    "whale-and-orca": _("Whale & Orca season"),
    "orca-watching": _("Orca-watching season"),
    "edition": _("Edition"),
    "area_layout": _("Area cards"),
    "trending": _("Trending card in round 2"),
    "start_player": _("Start player"),
    "anchor_without_tourists": _("An anchored boat with no tourist on it"),
    "table": _("Table"),
    "en": _("English rulebook"),
    "vi": _("Vietnamese rulebook"),
    "shuffled": _("shuffled"),
    "ordered": _("in printed order"),
    "random": _("drawn at random"),
    "none": _("none"),
    "bonus": _("still gains the anchor’s +2"),
    "nothing": _("gains nothing"),
    "standard": _("as in the rulebooks"),
    "reduced": _("reduced, for research: 4 areas, 9 fish cards"),
    "round_1": _("Round 1"),
    "round_2": _("Round 2"),
    "total": _("Total"),
    "player": _("Player"),
    "dock": _("Dock"),
    "markers": _("Markers"),
    "radar": _("Radar"),
    "anchor": _("Anchor"),
    "finished": _("Finished"),
    "points": _("Points"),
}
"""What a key is called: a trending card; an option and its values, for the lobby; a part
of the result; a column of the players' table."""

SEAT_COLUMNS = ("player", "dock", "markers", "radar", "anchor", "finished", "points")
"""The players' table on both boards: the name, the dock, then :func:`seat_cells`."""

TREND_RULES = {
    "whale-watching": _("+2 for each of your boats on the whale's area"),
    "fishing": _("the fisher boat scores +3 on an area with neither the whale nor the orca"),
    "whale-and-orca": _("+4 if you have boats on both the whale's and the orca's areas"),
    "orca-watching": _("+3 if you have a boat on the orca's area"),
}

LABELS: dict[type[Action], str] = {
    act.Investigate: _("Investigate fish card {fish} (a secret look)"),
    act.UseRadar: _("Use the radar on fish card {fish} (turn it up for everyone)"),
    act.Finish: _('Finish: say "Done!" and take no more turns this round'),
    act.ChooseFisherBoat: _("Put the fisher on {boat}"),
    act.PickStartPlayer: _("{name} starts"),
    act.RevealTrend: _("Reveal the trending card: {trend}"),
    act.LayArea: _("Lay area card {number}"),
    act.DealFish: _("Deal a fish card face down"),  # never its value
}
"""What an action does, as both boards offer it; a move is said by :data:`MOVES`."""

MOVES = {  # (from the dock, dropping the anchor)
    (True, False): _("Move {boat} from the dock to {area}"),
    (True, True): _("Move {boat} from the dock to {area} and drop the anchor"),
    (False, False): _("Move {boat} from {origin} to {area}"),
    (False, True): _("Move {boat} from {origin} to {area} and drop the anchor"),
}

LOG: dict[type[Event], str] = {
    ev.StartPlayerChosen: _("{name} is the start player."),
    ev.TrendRevealed: _("The trending card for round 2: {trend} ({rule})."),
    ev.AreasLaid: _("The area cards are laid out: {numbers}."),
    ev.FishDealt: _("The fish cards are dealt face down."),
    ev.FisherPlaced: _("{name} put the fisher on {boat}."),
    ev.Investigated: _("{name} investigated fish card {fish}."),
    ev.RadarUsed: _("{name} used the radar on fish card {fish}: it shows {value}."),
    ev.BoatMoved: _("{name} moved {boat} to {area}."),
    ev.SaidDone: _('{name} said "Done!".'),
    ev.RoundScored: _(
        "Round {round} is scored: the whale surfaced at {whale_area} (sum {whale_sum}), "
        "the orca at {orca_area} (sum {orca_sum})."
    ),
    ev.GameWon: _("Game over: {name} wins with {points} points."),
}
"""One sentence of the log per event; a look at a value the reader may know and a move
that drops the anchor say more (:data:`SAW`, :data:`ANCHORED`)."""
SAW = _("{name} investigated fish card {fish} and saw {value}.")
ANCHORED = _("{name} moved {boat} to {area} and dropped the anchor.")

YOUR_TURN = {
    "fisher": _("Round {round} of {rounds} · Your turn: put the fisher on one of your boats."),
    "move": _("Round {round} of {rounds} · Your turn: move a boat."),
    "turn": _("Round {round} of {rounds} · Your turn: investigate a fish card or finish."),
}

TIE_BREAKS = {
    "round_2": _("Tie on points broken by the higher round 2 score."),
    "later_turn": _("Tie on points and round 2 score broken by the later turn in round 2."),
}
RANKING = _(
    "The most points wins; ties go to the higher round 2 score, then to whoever took "
    "their turn later in round 2."
)

NO_TREND = _("No trending card this round.")

ADVICE = (  # the advisor's words (``advice.py``), translated as they are said
    _("Where the whale and the orca surface"),
    _("whale nearby"),
    _("boat {tourists} to area {number}"),
    _("boat {tourists} to area {number} (anchor)"),
    _("expected points"),
    _("The areas are not laid yet."),
    _(
        "From {samples} deals of the cards you have not seen, "
        "weighed by where the other players' boats stand."
    ),
)


def fish_name(fish: int, tr: Translate) -> str:
    return tr("F{number}").format(number=fish + 1)


def area_name(number: int | str | None, position: int, tr: Translate) -> str:
    """An area by the number printed on its card (a scene's area label) once it is laid,
    else by its table position."""
    if number is None or number == "":
        return tr("the area at position {number}").format(number=position + 1)
    return tr("area {number}").format(number=number)


def boat_name(boat: int, tr: Translate) -> str:
    return tr("the {tourists}-tourist boat").format(tourists=TOURISTS[boat])


def word(key: str, tr: Translate) -> str:
    """What ``key`` is called (:data:`NAMES`); a key with no name is said as it is."""
    return word_for(NAMES, key, tr)


trend_name = option_label = result_word = word


def trend_rule(trend: str, tr: Translate) -> str:
    return tr(TREND_RULES[trend]) if trend in TREND_RULES else ""


def said(fields: Mapping[str, Any], names: Sequence[str], tr: Translate) -> dict[str, Any]:
    """An action's or event's fields (its JSON) as its sentence names them: a seat by its
    name, a fish card, a boat and a trend by theirs (and a trend's rule), a moved-to area
    by its number."""
    words = dict(fields)
    if "seat" in fields:
        words["name"] = seat_name(names, fields["seat"], tr)
    if isinstance(fields.get("fish"), int):  # one fish card (a round scored lists them all)
        words["fish"] = fish_name(fields["fish"], tr)
    if "boat" in fields:
        words["boat"] = boat_name(fields["boat"], tr)
    if "trend" in fields:
        words.update(trend=trend_name(fields["trend"], tr), rule=trend_rule(fields["trend"], tr))
    if "numbers" in fields:
        words["numbers"] = " ".join(str(n) for n in fields["numbers"])
    if "area" in fields and "number" in fields:
        words["area"] = area_name(fields["number"], fields["area"], tr)
    for fish in ("whale", "orca"):  # where each surfaced in a round scored
        if f"{fish}_number" in fields:
            words[f"{fish}_area"] = area_name(fields[f"{fish}_number"], fields[f"{fish}_area"], tr)
    return words


def tie_break_line(result: Result, tr: Translate) -> str | None:
    """Which of the rulebook's tie-breaks settled first place, if one did."""
    decided = TIE_BREAKS.get(result.decided_by or "")
    return None if decided is None else tr(decided)


# --- What a seat sees: the words both boards (web and terminal) say ----------------


def scored_line(result: ScoredRound, tr: Translate) -> str:
    """Where the whale and the orca surfaced in a round scored, and their sums."""
    areas, sums, whale, orca = result["areas"], result["sums"], result["whale"], result["orca"]
    scored = ev.RoundScored(
        result["round"], (), whale, areas[whale], sums[whale], orca, areas[orca], sums[orca], ()
    )
    return tr(LOG[ev.RoundScored]).format(**said(scored.to_json(), (), tr))


def game_over_line(obs: WhaleToLookObservation, names: Sequence[str], tr: Translate) -> str:
    winner = obs["winner"]
    if winner is None:
        return tr("Game over.")
    points = sum(obs["players"][winner]["points"])
    return tr(LOG[ev.GameWon]).format(name=seat_name(names, winner, tr), points=points)


def action_label(
    action: Action, obs: WhaleToLookObservation, names: Sequence[str], tr: Translate
) -> str:
    """What ``action`` does, as both boards offer it: the web board's label and the
    terminal's choice."""
    if isinstance(action, act.MoveBoat):
        # From where the boat of the seat to move (or of the viewer) stands.
        seat = obs["to_move"] if obs["to_move"] is not None else obs["seat"]
        at = obs["players"][seat]["boats"][action.boat] if seat is not None else DOCK
        areas, to = obs["areas"], action.area
        origin = "" if at == DOCK else area_name(areas[at], at, tr)
        return tr(MOVES[at == DOCK, action.anchor]).format(
            boat=boat_name(action.boat, tr), origin=origin, area=area_name(areas[to], to, tr)
        )
    text = LABELS.get(type(action))
    return str(action) if text is None else tr(text).format(**said(action.to_json(), names, tr))


def status_line(obs: WhaleToLookObservation, names: Sequence[str], tr: Translate) -> str:
    """Whose turn it is and what they must do, or the end."""
    to_move = obs["to_move"]
    if obs["phase"] == "over":
        return game_over_line(obs, names, tr)
    if to_move is None:
        text = tr("Round {round} of {rounds}: the table is being set up.")
    elif to_move == obs["seat"]:
        text = tr(YOUR_TURN.get(obs["phase"], YOUR_TURN["turn"]))
    else:
        text = tr("Round {round} of {rounds} · {name} is to play.")
    name = "" if to_move is None else seat_name(names, to_move, tr)
    return text.format(round=obs["round"], rounds=ROUNDS, name=name)


def view_line(round_: int, seat: int | None, names: Sequence[str], tr: Translate) -> str:
    """The round, and whose view of the table this is."""
    line = tr("Round {round} of {rounds}").format(round=round_, rounds=ROUNDS)
    if seat is None:
        return line + " · " + tr("spectator view: public information only")
    return line + " · " + tr("{name}'s view").format(name=seat_name(names, seat, tr))


def round_points_sentence(points: Sequence[int], names: Sequence[str], tr: Translate) -> str:
    """What each seat scored in a round."""
    each = ", ".join(
        tr("{name} {points}").format(name=seat_name(names, s, tr), points=p)
        for s, p in enumerate(points)
    )
    return tr("Points this round: {points}.").format(points=each)


def area_notes(boats: int, seats: int, seen: int, hidden: int, tr: Translate) -> tuple[str, str]:
    """How full an area is, and the sum of the fish cards around it the viewer knows."""
    full = tr("{count} of {seats} boats").format(count=boats, seats=seats)
    hint = tr("seen {sum}, {hidden} unknown") if hidden else tr("seen {sum} (all)")
    return full, hint.format(sum=seen, hidden=hidden)


def seat_cells(row: SeatRow, tr: Translate) -> tuple[str, ...]:
    """A seat's row in words, one per column of :data:`SEAT_COLUMNS` after the dock."""
    r1, r2 = row["points"]
    return (
        str(row["markers_left"]),
        str(row["radars"]),
        tr("used") if row["anchor_used"] else tr("ready"),
        tr("Done!") if row["finished"] else "",
        f"{r1} + {r2} = {r1 + r2}",
    )


def describe(event: Event, names: Sequence[str], tr: Translate) -> str | None:
    """One sentence of the log for ``event``, as the reader may know it."""
    text = LOG.get(type(event))
    if isinstance(event, ev.Investigated) and event.value is not None:
        text = SAW
    elif isinstance(event, ev.BoatMoved) and event.anchor:
        text = ANCHORED
    if text is None:
        return None
    line = tr(text).format(**said(event.to_json(), names, tr))
    if isinstance(event, ev.RoundScored):
        line += " " + round_points_sentence(event.points, names, tr)
    return line


def choice_label(name: str, choice: Any, tr: Translate) -> str:
    """One allowed value of option ``name``, for the lobby."""
    if name == "start_player" and isinstance(choice, int):
        return seat_name([], choice, tr)
    return word(choice, tr) if isinstance(choice, str) else plain_choice(choice, tr)


# --- The terminal: its legend, its typed commands and what is wrong with one ----------------
LEGEND = _(
    "Fn [v] = fish card n and its value v, [?] unknown · ●2 = Seat 2's marker · "
    "S1:3 = Seat 1's 3-tourist boat · ⚓ anchored · ⚑ fisher"
)
SHORT_FORMS = _(
    "type a number from the list, or: i N (investigate fish N), r N (radar on fish N), "
    "m B A (move boat B to area A), m B A a (…and drop the anchor), f (finish), "
    "c B (fisher on boat B), q (quit)"
)
MISREAD = {  # a typed command that does not name an action
    "f": _("'f' (finish) takes nothing after it"),
    "numbers": _("{text}: expected numbers after {verb}"),
    "c": _("write 'c B' with a boat B from 1 to {most}"),
    "fish": _("write '{verb} N' with a fish card N from 1 to {most}"),
    "m": _("write 'm B A' (boat 1–3 to area A), or 'm B A a' to anchor there"),
    "boat": _("there is no boat {number}: boats are 1, 2 and 3 (their tourists)"),
    "area": _("there is no area {number}: the areas are {areas}"),
}


def ranking_rule(result: Result, tr: Translate) -> str:
    """How the game ranks the players."""
    return tr(RANKING)


# --- The lobby: the game in a sentence or two, its picture, a line of help per option ------
SUMMARY = _(
    "Look at hidden fish cards and guess where the whale and the orca will surface: the whale "
    "where the fish add up to the most, the orca where they add up to the least. Over two "
    "rounds, take your tourist boats there first."
)
PICTURE = _("A whale and an orca surfacing between fish cards, watched by a tourist boat.")
OPTION_HELP = {
    "edition": _(
        "Where the English and Vietnamese rulebooks differ (the fisher boat, the radars of a "
        "two-player game), which one is followed."
    ),
    "area_layout": _("The six area cards shuffled, as the rulebook says, or in printed order."),
    "trending": _("The trending card of round 2: drawn at random, a chosen one, or none."),
    "anchor_without_tourists": _(
        "Whether an anchored boat left with no tourist still gains the anchor’s +2 on the "
        "whale’s or the orca’s area."
    ),
    "table": _(
        "The rulebooks’ table, or a smaller one (four areas, nine fish cards) for 2 to 4 players."
    ),
}
