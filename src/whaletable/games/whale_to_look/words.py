"""Whale to Look in words: the names of cards, areas, boats and trends, and one sentence
per event.

Shared by the web table (``web/boards/whale_to_look.py`` draws with these names) and the
terminal, in the reader's language through ``tr`` (the catalogs are extracted from this
module). Fish cards are F1–F12 in reading order, areas are named by the number printed
on their card, boats by how many tourists they carry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, plain_choice, seat_name
from whaletable.games.whale_to_look import actions
from whaletable.games.whale_to_look import events as ev
from whaletable.games.whale_to_look.observation import ScoredRound, SeatRow, WhaleToLookObservation
from whaletable.games.whale_to_look.rules import DOCK, ROUNDS, TOURISTS


def fish_name(fish: int, tr: Translate) -> str:
    return tr("F{number}").format(number=fish + 1)


def area_number_name(number: int | str, tr: Translate) -> str:
    return tr("area {number}").format(number=number)


def area_name(areas: Sequence[int | None], position: int, tr: Translate) -> str:
    """The area at a table position, by its printed number once its card is laid."""
    number = areas[position] if 0 <= position < len(areas) else None
    return area_title("" if number is None else str(number), position, tr)


def area_title(number: str, position: int, tr: Translate) -> str:
    """An area by its printed ``number`` (a scene's area label), or by its position."""
    if not number:
        return tr("the area at position {number}").format(number=position + 1)
    return area_number_name(number, tr)


def boat_name(boat: int, tr: Translate) -> str:
    return tr("the {tourists}-tourist boat").format(tourists=TOURISTS[boat])


def trend_name(trend: str, tr: Translate) -> str:
    if trend == "whale-watching":
        return tr("Whale-watching season")
    if trend == "fishing":
        return tr("Fishing season")
    if trend == "whale-and-orca":
        return tr("Whale & Orca season")
    if trend == "orca-watching":
        return tr("Orca-watching season")
    return trend


def trend_rule(trend: str, tr: Translate) -> str:
    if trend == "whale-watching":
        return tr("+2 for each of your boats on the whale's area")
    if trend == "fishing":
        return tr("the fisher boat scores +3 on an area with neither the whale nor the orca")
    if trend == "whale-and-orca":
        return tr("+4 if you have boats on both the whale's and the orca's areas")
    if trend == "orca-watching":
        return tr("+3 if you have a boat on the orca's area")
    return ""


def trend_sentence(trend: str, tr: Translate) -> str:
    """The trending card of round 2: its name and what it scores."""
    return tr("The trending card for round 2: {trend} ({rule}).").format(
        trend=trend_name(trend, tr), rule=trend_rule(trend, tr)
    )


def scored_sentence(
    round_: int, whale: str, whale_sum: int, orca: str, orca_sum: int, tr: Translate
) -> str:
    """Where the whale and the orca surfaced (areas already named) and their sums."""
    return tr(
        "Round {round} is scored: the whale surfaced at {whale_area} (sum {whale_sum}), "
        "the orca at {orca_area} (sum {orca_sum})."
    ).format(round=round_, whale_area=whale, whale_sum=whale_sum, orca_area=orca, orca_sum=orca_sum)


def winner_sentence(name: str, points: int, tr: Translate) -> str:
    return tr("Game over: {name} wins with {points} points.").format(name=name, points=points)


def result_word(key: str, tr: Translate) -> str:
    """A column of the result table: a part of a seat's line, or the score."""
    words = {"round_1": tr("Round 1"), "round_2": tr("Round 2"), "total": tr("Total")}
    return words.get(key, key)


def tie_break_line(result: Result, tr: Translate) -> str | None:
    """Which of the rulebook's tie-breaks settled first place, if one did."""
    words = {
        "round_2": tr("Tie on points broken by the higher round 2 score."),
        "later_turn": tr("Tie on points and round 2 score broken by the later turn in round 2."),
    }
    return None if result.decided_by is None else words.get(result.decided_by)


def ranking_rule(result: Result, tr: Translate) -> str:
    """How the rulebook ranks the players."""
    return tr(
        "The most points wins; ties go to the higher round 2 score, then to whoever took "
        "their turn later in round 2."
    )


# --- What a seat sees: the words both boards (web and terminal) say ----------------


def scored_line(result: ScoredRound, tr: Translate) -> str:
    areas, sums = result["areas"], result["sums"]
    whale, orca = result["whale"], result["orca"]
    return scored_sentence(
        result["round"],
        area_name(areas, whale, tr),
        sums[whale],
        area_name(areas, orca, tr),
        sums[orca],
        tr,
    )


def game_over_line(obs: WhaleToLookObservation, names: Sequence[str], tr: Translate) -> str:
    winner = obs["winner"]
    if winner is None:
        return tr("Game over.")
    points = sum(obs["players"][winner]["points"])
    return winner_sentence(seat_name(names, winner, tr), points, tr)


def boat_at(obs: WhaleToLookObservation, boat: int) -> int:
    """Where the boat ``boat`` of the seat to move (or of the viewer) is."""
    seat = obs["to_move"] if obs["to_move"] is not None else obs["seat"]
    if seat is not None and 0 <= seat < len(obs["players"]):
        return obs["players"][seat]["boats"][boat]
    return DOCK


def move_label(
    boat: int, area: int, anchor: bool, at: int, areas: Sequence[int | None], tr: Translate
) -> str:
    """A boat's move in words, from where it is (``at``) to ``area``."""
    to = area_name(areas, area, tr)
    name = boat_name(boat, tr)
    if at == DOCK:
        if anchor:
            text = tr("Move {boat} from the dock to {area} and drop the anchor")
        else:
            text = tr("Move {boat} from the dock to {area}")
        return text.format(boat=name, area=to)
    origin = area_name(areas, at, tr)
    if anchor:
        text = tr("Move {boat} from {origin} to {area} and drop the anchor")
    else:
        text = tr("Move {boat} from {origin} to {area}")
    return text.format(boat=name, origin=origin, area=to)


def action_label(
    action: Action, obs: WhaleToLookObservation, names: Sequence[str], tr: Translate
) -> str:
    """What ``action`` does, as both boards offer it: the web board's label and the
    terminal's choice."""
    if isinstance(action, actions.Investigate):
        text = tr("Investigate fish card {fish} (a secret look)")
        return text.format(fish=fish_name(action.fish, tr))
    if isinstance(action, actions.UseRadar):
        text = tr("Use the radar on fish card {fish} (turn it up for everyone)")
        return text.format(fish=fish_name(action.fish, tr))
    if isinstance(action, actions.MoveBoat):
        at = boat_at(obs, action.boat)
        return move_label(action.boat, action.area, action.anchor, at, obs["areas"], tr)
    if isinstance(action, actions.Finish):
        return tr('Finish: say "Done!" and take no more turns this round')
    if isinstance(action, actions.ChooseFisherBoat):
        return tr("Put the fisher on {boat}").format(boat=boat_name(action.boat, tr))
    if isinstance(action, actions.PickStartPlayer):
        return tr("{name} starts").format(name=seat_name(names, action.seat, tr))
    if isinstance(action, actions.RevealTrend):
        return tr("Reveal the trending card: {trend}").format(trend=trend_name(action.trend, tr))
    if isinstance(action, actions.LayArea):
        return tr("Lay area card {number}").format(number=action.number)
    if isinstance(action, actions.DealFish):
        return tr("Deal a fish card face down")  # never its value
    return str(action)


def status_line(obs: WhaleToLookObservation, names: Sequence[str], tr: Translate) -> str:
    """Whose turn it is and what they must do, or the end."""
    if obs["phase"] == "over":
        return game_over_line(obs, names, tr)
    rnd = obs["round"]
    to_move = obs["to_move"]
    if to_move is None:
        return tr("Round {round} of {rounds}: the table is being set up.").format(
            round=rnd, rounds=ROUNDS
        )
    if to_move == obs["seat"]:
        if obs["phase"] == "fisher":
            text = tr("Round {round} of {rounds} · Your turn: put the fisher on one of your boats.")
        elif obs["phase"] == "move":
            text = tr("Round {round} of {rounds} · Your turn: move a boat.")
        else:
            text = tr("Round {round} of {rounds} · Your turn: investigate a fish card or finish.")
        return text.format(round=rnd, rounds=ROUNDS)
    return tr("Round {round} of {rounds} · {name} is to play.").format(
        round=rnd, rounds=ROUNDS, name=seat_name(names, to_move, tr)
    )


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


def no_trend_line(tr: Translate) -> str:
    return tr("No trending card this round.")


def area_notes(boats: int, seats: int, seen: int, hidden: int, tr: Translate) -> tuple[str, str]:
    """How full an area is, and the sum of the fish cards around it the viewer knows."""
    full = tr("{count} of {seats} boats").format(count=boats, seats=seats)
    hint = tr("seen {sum}, {hidden} unknown") if hidden else tr("seen {sum} (all)")
    return full, hint.format(sum=seen, hidden=hidden)


def boat_title(name: str, boat: int, marks: frozenset[str], tr: Translate) -> str:
    """A seat's boat, with the fisher or the anchor on it (a scene's boat marks)."""
    title = tr("{name}: {boat}").format(name=name, boat=boat_name(boat, tr))
    if "fisher" in marks:
        title += " · " + tr("fisher on board")
    if "anchored" in marks:
        title += " · " + tr("anchored")
    return title


SEAT_COLUMNS = ("markers", "radar", "anchor", "finished", "points")
"""The cells of a seat's row after its name and dock, in order (:func:`seat_cells`)."""


def seat_cells(row: SeatRow, tr: Translate) -> tuple[str, ...]:
    """A seat's row in words, one per :data:`SEAT_COLUMNS`."""
    r1, r2 = row["points"]
    return (
        str(row["markers_left"]),
        str(row["radars"]),
        tr("used") if row["anchor_used"] else tr("ready"),
        tr("Done!") if row["finished"] else "",
        f"{r1} + {r2} = {r1 + r2}",
    )


def seat_column(key: str, tr: Translate) -> str:
    """A column of the players' table on both boards."""
    return {
        "player": tr("Player"),
        "dock": tr("Dock"),
        "markers": tr("Markers"),
        "radar": tr("Radar"),
        "anchor": tr("Anchor"),
        "finished": tr("Finished"),
        "points": tr("Points"),
    }[key]


def describe(event: Event, names: Sequence[str], tr: Translate) -> str | None:
    """One sentence of the log for ``event``, as the reader may know it."""
    if isinstance(event, ev.StartPlayerChosen):
        return tr("{name} is the start player.").format(name=seat_name(names, event.seat, tr))
    if isinstance(event, ev.TrendRevealed):
        return trend_sentence(event.trend, tr)
    if isinstance(event, ev.AreasLaid):
        numbers = " ".join(str(n) for n in event.numbers)
        return tr("The area cards are laid out: {numbers}.").format(numbers=numbers)
    if isinstance(event, ev.FishDealt):
        return tr("The fish cards are dealt face down.")
    if isinstance(event, ev.FisherPlaced):
        return tr("{name} put the fisher on {boat}.").format(
            name=seat_name(names, event.seat, tr), boat=boat_name(event.boat, tr)
        )
    if isinstance(event, ev.Investigated):
        name, fish = seat_name(names, event.seat, tr), fish_name(event.fish, tr)
        if event.value is None:
            return tr("{name} investigated fish card {fish}.").format(name=name, fish=fish)
        return tr("{name} investigated fish card {fish} and saw {value}.").format(
            name=name, fish=fish, value=event.value
        )
    if isinstance(event, ev.RadarUsed):
        return tr("{name} used the radar on fish card {fish}: it shows {value}.").format(
            name=seat_name(names, event.seat, tr), fish=fish_name(event.fish, tr), value=event.value
        )
    if isinstance(event, ev.BoatMoved):
        if event.anchor:
            text = tr("{name} moved {boat} to {area} and dropped the anchor.")
        else:
            text = tr("{name} moved {boat} to {area}.")
        return text.format(
            name=seat_name(names, event.seat, tr),
            boat=boat_name(event.boat, tr),
            area=area_number_name(event.number, tr),
        )
    if isinstance(event, ev.SaidDone):
        return tr('{name} said "Done!".').format(name=seat_name(names, event.seat, tr))
    if isinstance(event, ev.RoundScored):
        scored = scored_sentence(
            event.round,
            area_number_name(event.whale_number, tr),
            event.whale_sum,
            area_number_name(event.orca_number, tr),
            event.orca_sum,
            tr,
        )
        return scored + " " + round_points_sentence(event.points, names, tr)
    if isinstance(event, ev.GameWon):
        return winner_sentence(seat_name(names, event.seat, tr), event.points, tr)
    return None


def option_label(name: str, tr: Translate) -> str:
    """The name of one of the game's options, for the lobby."""
    labels = {
        "edition": tr("Edition"),
        "area_layout": tr("Area cards"),
        "trending": tr("Trending card in round 2"),
        "start_player": tr("Start player"),
        "anchor_without_tourists": tr("An anchored boat with no tourist on it"),
        "table": tr("Table"),
    }
    return labels.get(name, name)


def choice_label(name: str, choice: Any, tr: Translate) -> str:
    """One allowed value of option ``name``, for the lobby."""
    if name == "start_player" and isinstance(choice, int):
        return seat_name([], choice, tr)
    labels = {
        "en": tr("English rulebook"),
        "vi": tr("Vietnamese rulebook"),
        "shuffled": tr("shuffled"),
        "ordered": tr("in printed order"),
        "random": tr("drawn at random"),
        "none": tr("none"),
        "bonus": tr("still gains the anchor’s +2"),
        "nothing": tr("gains nothing"),
        "standard": tr("as in the rulebooks"),
        "reduced": tr("reduced, for research: 4 areas, 9 fish cards"),
    }
    if isinstance(choice, str):
        return labels.get(choice) or trend_name(choice, tr)
    return plain_choice(choice, tr)


__all__ = [
    "action_label",
    "area_name",
    "area_number_name",
    "boat_name",
    "choice_label",
    "describe",
    "fish_name",
    "game_over_line",
    "option_label",
    "result_word",
    "scored_sentence",
    "status_line",
    "tie_break_line",
    "trend_name",
    "trend_rule",
    "winner_sentence",
]


def advice_word(key: str, tr: Translate) -> str:
    """The advisor's titles, labels and row names (``advice.py``), in the reader's language."""
    return {
        "Where the whale and the orca surface": tr("Where the whale and the orca surface"),
        "whale nearby": tr("whale nearby"),
        "boat {tourists} to area {number}": tr("boat {tourists} to area {number}"),
        "boat {tourists} to area {number} (anchor)": tr(
            "boat {tourists} to area {number} (anchor)"
        ),
        "expected points": tr("expected points"),
        "The areas are not laid yet.": tr("The areas are not laid yet."),
        "From {samples} deals of the cards you have not seen.": tr(
            "From {samples} deals of the cards you have not seen."
        ),
    }.get(key) or tr(key)
