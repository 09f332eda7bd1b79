"""No leaks: every message a page receives is checked, step by step, against the
server's true state for what that page's seat may not know.

Whole games of 2–5 seats are played over WebSockets (humans acting through their links,
bots on the server) with a spectator and a hot-seat device watching; every message to
every socket is kept. Afterwards each state message is matched with the true state at
its step: a fish card whose value the seat does not know must show "?", every card must
show exactly what the seat's observation allows, and the log must be the seat's own: the
public log with what that seat alone saw.
"""

from __future__ import annotations

import random
import time
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from table_support import App, Socket, create_table, fish_shown, token_of

from whaletable import games
from whaletable.core import Action, State
from whaletable.core.event import Event
from whaletable.games.whale_to_look.actions import DealFish
from whaletable.games.whale_to_look.rules import WhaleToLookState
from whaletable.web import i18n
from whaletable.web.tables import LiveTable

GAME = games.get("whale-to-look")
NUM_FISH = 12
# Between rounds and at the end the board shows the round just scored: all of it public.
SCORED_PHASES = ("trending", "lay_areas", "deal_fish", "over")


@dataclass(frozen=True)
class Setup:
    seats: tuple[str, ...]  # "human" or a bot level, per seat
    edition: str
    lang: str


SETUPS = [
    Setup(("human", "human"), "en", "en"),
    Setup(("human", "easy", "medium"), "vi", "vi"),
    Setup(("human", "easy", "human", "easy"), "en", "vi"),
    Setup(("easy", "human", "medium", "easy", "easy"), "vi", "en"),
]


def seat_configs(setup: Setup) -> list[dict[str, Any]]:
    return [
        {"kind": "human", "name": f"Human {i + 1}"}
        if kind == "human"
        else {"kind": "bot", "bot": kind}
        for i, kind in enumerate(setup.seats)
    ]


def wait_for_a_human(table: LiveTable, humans: set[int], deadline: float) -> int | None:
    """The human seat to move once the server is quiet, or None at the end."""
    while time.monotonic() < deadline:
        steps = len(table.state.history)
        seat = table.state.current_player()
        quiet = table.bot_task is None or table.bot_task.done()
        if table.finished and quiet:
            return None
        if seat in humans and quiet and len(table.state.history) == steps:
            return seat
        time.sleep(0.005)
    raise AssertionError("the game made no progress")


def play(app: App, key: str, socks: dict[int, Socket], seed: int) -> None:
    """Each human acts on its latest state (a random legal choice) until the game ends."""
    rng = random.Random(seed)
    table = app.tables.tables[key]
    last = dict.fromkeys(socks, -1)
    deadline = time.monotonic() + 300
    while (seat := wait_for_a_human(table, set(socks), deadline)) is not None:
        state = socks[seat].my_turn(after=last[seat])
        choice = state["actions"][rng.randrange(len(state["actions"]))]["action"]
        socks[seat].send({"type": "act", "step": state["step"], "action": choice})
        last[seat] = state["step"]
        while len(table.state.history) <= state["step"]:  # until the server took the move
            assert time.monotonic() < deadline, "the move was not taken"
            time.sleep(0.002)


def states_of(table: LiveTable) -> list[WhaleToLookState]:
    """The true state after every step of the finished game."""
    state: State = GAME.new_state(table.state.num_players, table.options)
    out = [state.clone()]
    for action in table.state.history:
        state.apply(action)
        out.append(state.clone())
    assert all(isinstance(s, WhaleToLookState) for s in out)
    return out  # type: ignore[return-value]


@cache
def steps_as(table: LiveTable, seat: int | None) -> list[tuple[Action, int, list[Event]]]:
    """Every step as ``seat`` may know it (``None``: everyone): (action, actor, the
    seat's events of it), from a fresh replay of the game's actions."""
    state: State = GAME.new_state(table.state.num_players, table.options, events=True)
    out: list[tuple[Action, int, list[Event]]] = []
    for step, action in enumerate(table.state.history):
        actor = state.current_player()
        state.apply(action)
        out.append((action, actor, state.step_events(seat, step)))
    return out


def expected_log(table: LiveTable, step: int, lang: str, seat: int | None) -> list[str]:
    tr = i18n.translator(lang)
    return [
        line
        for action, actor, events in steps_as(table, seat)[:step]
        for line in GAME.step_lines(events, action, actor, table.names, tr)
    ]


def check_message(
    message: dict[str, Any], seat: int | None, true: WhaleToLookState, table: LiveTable, lang: str
) -> int:
    """Check one state message to ``seat``; returns how many hidden values it had to hide."""
    obs = true.observation(seat)
    shown = fish_shown(message["board"])
    assert sorted(shown) == list(range(NUM_FISH))
    scored = bool(obs["results"]) and obs["phase"] in SCORED_PHASES
    hidden = 0
    for f in range(NUM_FISH):
        value = true.fish[f]  # the truth, which the board never sees
        secret = value >= 0 and not true.knows(seat, f)
        if scored:
            assert shown[f] == str(obs["results"][-1]["fish"][f])
        else:
            allowed = obs["fish"][f]
            assert shown[f] == ("?" if allowed is None else str(allowed))
            if secret:
                assert shown[f] == "?", f"seat {seat} was shown fish card {f}"
                hidden += 1
            elif value >= 0 and seat is not None and true.knows(seat, f):
                assert shown[f] == str(value)
    # A seat's log tells it its own secrets (what it saw when investigating), no others.
    assert message["log"] == expected_log(table, message["step"], lang, seat)
    if seat is None:
        assert message["you"] is None
        assert message["actions"] == []
    else:
        assert message["you"] in (None, seat)
    return hidden


def check_dealing_is_silent(table: LiveTable, lang: str) -> int:
    """What any viewer is told of a deal, and the log line of it, is the same whatever
    card was dealt."""
    tr = i18n.translator(lang)
    state: State = GAME.new_state(table.state.num_players, table.options, events=True)
    viewers = [*range(state.num_players), None]
    deals = 0
    for step, action in enumerate(table.state.history):
        if isinstance(action, DealFish):
            told = set()
            for outcome, _ in state.chance_outcomes():
                events = state.child(outcome).events
                seen = tuple(tuple(e for _, e in events(v, since=step)) for v in viewers)
                line = tuple(GAME.step_lines(list(seen[-1]), outcome, -1, table.names, tr))
                told.add((seen, line))
            assert len(told) == 1, told
            deals += 1
        state.apply(action)
    return deals


@pytest.mark.slow
@pytest.mark.parametrize(
    "setup", SETUPS, ids=[f"{len(s.seats)}p-{s.edition}-{s.lang}" for s in SETUPS]
)
def test_no_message_or_page_shows_a_seat_what_it_may_not_know(app: App, setup: Setup) -> None:
    created = create_table(
        app.client, seat_configs(setup), hotseat=True, options={"edition": setup.edition}
    )
    key = created["key"]
    table = app.tables.tables[key]
    seat_tokens = {link["index"]: token_of(link["url"]) for link in created["links"] if link["url"]}
    watchers = {
        "spectator": token_of(created["spectator_url"]),
        "hotseat": token_of(created["hotseat_url"]),
    }
    lang = f"?lang={setup.lang}"

    pages = [app.client.get(f"/t/{t}{lang}") for t in [*seat_tokens.values(), *watchers.values()]]
    for page in pages:
        assert page.status_code == 200
        assert f'lang="{setup.lang}"' in page.text
        assert "fish-value" not in page.text  # the board comes over the socket only
        assert "data-fish" not in page.text

    with ExitStack() as stack:

        def open_socket(token: str) -> Socket:
            return Socket(stack.enter_context(app.client.websocket_connect(f"/ws/{token}{lang}")))

        spectator, hotseat = open_socket(watchers["spectator"]), open_socket(watchers["hotseat"])
        socks = {seat: open_socket(t) for seat, t in seat_tokens.items()}
        first = wait_for_a_human(table, set(socks), time.monotonic() + 60)
        assert first is not None
        # While the game runs its record, holding every card, is refused.
        assert app.client.get(f"/games/{key}/record.json").status_code == 403
        assert app.client.get(f"/replay/{key}?seat=0").status_code == 403
        play(app, key, socks, seed=len(setup.seats))
        for sock in [*socks.values(), spectator, hotseat]:
            sock.until_finished()

    assert table.finished
    states = states_of(table)
    viewers: list[tuple[Socket, int | None]] = [
        *((sock, seat) for seat, sock in socks.items()),
        (spectator, None),
        (hotseat, None),  # never took the device: it may only ever show public views
    ]
    hidden = 0
    for sock, seat in viewers:
        # A state comes with frames of the steps played since the page's last one: each
        # is checked as a state of its own.
        shown = [
            f for m in sock.messages if m["type"] == "state" for f in [*m.get("frames", []), m]
        ]
        steps = [m["step"] for m in shown]
        assert steps == sorted(steps)
        assert steps[-1] == len(states) - 1
        for m in sock.messages:
            assert m["type"] in ("state", "handover"), m
        for m in shown:
            hidden += check_message(m, seat, states[m["step"]], table, setup.lang)
            if m.get("frame"):
                assert m["actions"] == [] and m["you"] is None
    # The checks had secrets to guard: cards were dealt and hidden from someone, and
    # some seat's log told it a value the public log does not.
    assert hidden > 0
    public = expected_log(table, len(states) - 1, setup.lang, None)
    assert any(expected_log(table, len(states) - 1, setup.lang, s) != public for s in socks)
    assert check_dealing_is_silent(table, setup.lang) == 2 * NUM_FISH
    handovers = [m for m in hotseat.messages if m["type"] == "handover"]
    assert handovers, "the hot-seat device was never asked to hand over"
    assert {m["to"] for m in handovers} <= set(socks)
    assert app.client.get(f"/games/{key}/record.json").status_code == 200
