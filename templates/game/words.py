"""Every sentence a Whale Spotting player reads, in the reader's language (``tr``).

Each message is a literal inside ``tr(...)``, so ``make catalogs`` finds it once the
game lives under ``src/whaletable/games/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, humanise, plain_choice, seat_name

from .actions import HideWhale, Sail
from .events import Heard, Sailed, Spotted, WhaleHid
from .observation import WhaleSpottingObservation


def zone_name(zone: int, tr: Translate) -> str:
    """Zones are counted from 1, the harbour's zone first, as players count them."""
    return tr("Zone {number}").format(number=zone + 1)


def describe(event: Event, names: Sequence[str], tr: Translate) -> str | None:
    """One line of the log per event."""
    if isinstance(event, WhaleHid):
        return tr("The whale dived and surfaced out of sight.")
    if isinstance(event, Sailed):
        return tr("{name} sailed to {zone}.").format(
            name=seat_name(names, event.seat, tr), zone=zone_name(event.zone, tr)
        )
    if isinstance(event, Heard):
        name = seat_name(names, event.seat, tr)
        if event.distance == 1:
            return tr("{name} heard the whale in the next zone.").format(name=name)
        return tr("{name} heard the whale {distance} zones away.").format(
            name=name, distance=event.distance
        )
    if isinstance(event, Spotted):
        return tr("{name} spotted the whale in {zone}!").format(
            name=seat_name(names, event.seat, tr), zone=zone_name(event.zone, tr)
        )
    return None


def action_words(action: Action, tr: Translate) -> str:
    if isinstance(action, Sail):
        return tr("Sail to {zone}").format(zone=zone_name(action.zone, tr))
    if isinstance(action, HideWhale):
        return tr("The whale surfaces in {zone}").format(zone=zone_name(action.zone, tr))
    raise ValueError(f"{action} is not an action of Whale Spotting")


def action_label(
    action: Action, obs: WhaleSpottingObservation, names: Sequence[str], tr: Translate
) -> str:
    return action_words(action, tr)


def status_line(obs: WhaleSpottingObservation, names: Sequence[str], tr: Translate) -> str:
    result = Result.from_observation(obs)
    if result is not None:
        return game_over_line(obs, names, tr)
    to_move = obs["to_move"]
    if to_move is None:
        return tr("The whale is diving…")
    head = tr("Round {round} of {rounds}").format(round=obs["round"], rounds=obs["rounds"])
    if to_move == obs["seat"]:
        return head + " · " + tr("Your turn: sail your boat.")
    return head + " · " + tr("{name} to move").format(name=seat_name(names, to_move, tr))


def game_over_line(obs: WhaleSpottingObservation, names: Sequence[str], tr: Translate) -> str:
    result = Result.from_observation(obs)
    if result is None:
        return ""
    winners = ", ".join(seat_name(names, s, tr) for s in result.winners)
    return tr("Game over: {names} won.").format(names=winners)


def tie_break_line(result: Result, tr: Translate) -> str | None:
    return None  # tied seats share the win (rules.md, §6)


def sightings_line(count: int, tr: Translate) -> str:
    return tr("Sightings: {count}").format(count=count)


def echo_line(distance: int, tr: Translate) -> str:
    if distance == 1:
        return tr("Echo: the whale is in the next zone")
    return tr("Echo: the whale is {distance} zones away").format(distance=distance)


def empty_line(tr: Translate) -> str:
    return tr("No whale here")


def result_word(key: str, tr: Translate) -> str:
    if key == "sightings":
        return tr("Sightings")
    return tr(humanise(key))


def option_label(name: str, tr: Translate) -> str:
    if name == "rounds":
        return tr("Rounds")
    if name == "sightings_to_win":
        return tr("Sightings to win")
    return tr(humanise(name))


def choice_label(name: str, choice: Any, tr: Translate) -> str:
    return plain_choice(choice, tr)


def advice_word(key: str, tr: Translate) -> str:
    """The advisor's title, labels and subjects."""
    if key == "where":
        return tr("Where the whale may be")
    if key == "whale":
        return tr("Whale")
    if key == "zone {zone}":
        return tr("Zone {zone}")
    if key == "from the echoes":
        return tr("from the echoes")
    return tr(key)


__all__ = [
    "action_label",
    "action_words",
    "advice_word",
    "choice_label",
    "describe",
    "echo_line",
    "empty_line",
    "game_over_line",
    "option_label",
    "result_word",
    "sightings_line",
    "status_line",
    "tie_break_line",
    "zone_name",
]
