"""Survive's events: the rules say what happened, to whom, by whose hand, at the moment it
happens, and a hidden value (an explorer's worth, a red tile's back) only to who may know it.
The log sentences (``words.py``) are checked here in English and in Vietnamese."""

from __future__ import annotations

import random
from typing import Any

import pytest
import survive_support
from survive_support import LAYOUT, Table, hx

from whaletable import games, i18n
from whaletable.core.testing import check_events, sample_states
from whaletable.core.words import english
from whaletable.games.survive import actions as act
from whaletable.games.survive import events as ev
from whaletable.games.survive import rules as R
from whaletable.games.survive.components import BOARD
from whaletable.games.survive.rules import SurviveState
from whaletable.games.survive.words import space_name

NAMES = ["Ann", "Bao", "Chi"]
EAST = 0


def quiet(table: Table, players: int = 2, **options: Any) -> SurviveState:
    """A table with events on, and no creature, boat or explorer on the board."""
    return survive_support.quiet(table, players, events=True, **options)


def log(state: SurviveState, since: int, seat: int | None = None, tr=english) -> list[str]:
    """The log lines of the steps from ``since`` on, as ``seat`` may know them."""
    events = [e for _, e in state.events(seat, since=since)]
    lines = (state.game.describe(e, NAMES, tr) for e in events)
    return [line for line in lines if line is not None]


def kinds(state: SurviveState, since: int) -> list[type]:
    return [type(e) for _, e in state.events(None, since=since)]


# ------------------------------------------------------------- the creature roll


def test_creature_roll_names_the_seat_who_rolled_not_the_next_player(table: Table) -> None:
    """§6: the player ending the turn rolls the creature die. When nothing can move, the turn
    passes at once; the log must still say the roller rolled, never the next player."""
    state = quiet(table)
    assert state.active == 0
    step = len(state.history)
    table.roll(state, "shark")  # no shark on the board: nothing moves, Bao's turn begins
    assert state.active == 1
    assert log(state, step) == ["Ann rolled the creature die: shark.", "Nothing can move."]
    assert [(type(e), e.seat) for _, e in state.events(None, since=step)] == [
        (ev.CreatureDieRolled, 0),
        (ev.NothingMoved, 0),
    ]


def test_the_creature_a_seat_moves_is_said_with_whom_it_ate(table: Table) -> None:
    """§6 and §5.1: the roller moves the shark; the swimmer it reaches is eaten — by that
    shark, on that space, whoever owns the swimmer."""
    state = quiet(table)
    shark = table.creature(state, R.SHARK, hx(0, 0))
    table.swimmer(state, 10, hx(0, 1))
    step = len(state.history)
    table.roll(state, "shark")
    state.apply(act.MoveCreature(hx(0, 1)))
    events = [e for _, e in state.events(None, since=step)]
    assert events[1:] == [
        ev.CreatureMoved(0, shark, "shark", hx(0, 0), hx(0, 1)),
        ev.ExplorerLost(10, hx(0, 1), "shark", shark),
    ]
    assert log(state, step) == [
        "Ann rolled the creature die: shark.",
        f"Ann moved shark 1 to {space_name(hx(0, 1))}.",
        f"Shark 1 ate Bao's explorer 1 on {space_name(hx(0, 1))}.",
    ]


def test_a_swimmer_entering_a_shark_is_eaten_by_that_shark(table: Table) -> None:
    """§5.1: "a swimmer entering a shark or serpent space is removed"."""
    state = quiet(table)
    a, b = hx(2, 5), hx(1, 5)
    shark = table.creature(state, R.SHARK, b)
    table.swimmer(state, 0, a)
    step = len(state.history)
    state.apply(act.MoveExplorer(0, BOARD.step[a].index(b)))
    assert [e for _, e in state.events(None, since=step)] == [
        ev.ExplorerMoved(0, 0, a, b, -1),
        ev.ExplorerLost(0, b, "shark", shark),
    ]


def test_capsizing_emits_boat_capsized_with_who_was_aboard(table: Table) -> None:
    """§5.1: a boat with explorers entering a whale's space is removed; they swim there."""
    state = quiet(table)
    b = hx(1, 5)
    to = BOARD.step[b][EAST]
    whale = table.creature(state, R.WHALE, to)
    boat = table.boat(state, b, passengers=(0, 10))
    step = len(state.history)
    state.apply(act.MoveBoat(boat, EAST))
    assert ev.BoatCapsized(whale, boat, to, (0, 10)) in [e for _, e in state.events(None, step)]
    assert log(state, step)[-1] == (
        f"Whale 1 capsized boat {boat + 1} on {space_name(to)}: "
        "Ann's explorer 1, Bao's explorer 1 now swim."
    )


def test_serpent_sinking_a_boat_emits_boat_sunk_and_each_loss(table: Table) -> None:
    """§6 Sea serpent: "destroys an occupied boat and eats every explorer in the space"."""
    state = quiet(table)
    serpent = table.creature(state, R.SERPENT, hx(0, 0))
    boat = table.boat(state, hx(0, 1), passengers=(10, 11))
    table.swimmer(state, 12, hx(0, 1))
    step = len(state.history)
    table.roll(state, "serpent")
    state.apply(act.MoveCreature(hx(0, 1)))
    events = [e for _, e in state.events(None, since=step)]
    assert events[-4:] == [
        ev.BoatSunk(serpent, boat, hx(0, 1)),
        ev.ExplorerLost(10, hx(0, 1), "serpent", serpent),
        ev.ExplorerLost(11, hx(0, 1), "serpent", serpent),
        ev.ExplorerLost(12, hx(0, 1), "serpent", serpent),
    ]


def test_deterrent_names_the_seat_who_played_it_and_the_creature(table: Table) -> None:
    """§3.1 Shark deterrent: the threatened seat plays it and the shark leaves the game."""
    state = quiet(table)
    shark = table.creature(state, R.SHARK, hx(0, 0))
    table.swimmer(state, 10, hx(0, 1))
    state.hands[1].append((1, "shark-deterrent", 0))
    table.roll(state, "shark")
    step = len(state.history)
    state.apply(act.MoveCreature(hx(0, 1)))
    state.apply(act.PlayTile("shark-deterrent", 0))
    assert ev.DeterrentPlayed(1, "shark-deterrent", shark, "shark", hx(0, 1)) in [
        e for _, e in state.events(None, step)
    ]
    assert not any(isinstance(e, ev.ExplorerLost) for _, e in state.events(None, step))
    assert log(state, step)[-1] == "Bao played a shark deterrent: shark 1 leaves the game."


def test_declining_a_deterrent_is_said_and_the_shark_then_eats(table: Table) -> None:
    state = quiet(table)
    table.shark_threat(state, "shark-deterrent")
    step = len(state.history)
    state.apply(act.MoveCreature(hx(0, 1)))
    state.apply(act.Decline())
    assert log(state, step)[1:] == [
        "Bao played no deterrent.",
        f"Shark 1 ate Bao's explorer 1 on {space_name(hx(0, 1))}.",
    ]


def test_the_squid_a_seat_brings_in_takes_a_person_named_in_the_log(table: Table) -> None:
    """Squid rule 1: a whale tile brings a squid; its placer takes one person next to it."""
    state = quiet(table)
    table.whale_away(state)
    h = state.sinkable()[0]
    land = next(n for n in BOARD.neighbours[h] if state.terrain[n])
    table.on_land(state, 10, land)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(h))
    step = len(state.history)
    state.apply(act.RevealBack("whale"))
    squid_space = next(s for s in state.squid_spaces() if land in BOARD.neighbours[s] and s != h)
    state.apply(act.PlaceSquid(squid_space))
    events = [e for _, e in state.events(None, since=step)]
    squid = state.cr_hex.index(squid_space, R.Q0, R.Q1)
    assert ev.CreatureCameIn(0, squid, "squid", squid_space) in events
    assert events[-1] == ev.ExplorerLost(10, land, "squid", squid)
    assert log(state, step)[-2:] == [
        f"Ann brought a giant squid in on {space_name(squid_space)}.",
        f"Giant squid {squid - R.Q0 + 1} took Bao's explorer 1.",
    ]


def test_whirlpool_emits_what_it_swallowed(table: Table) -> None:
    """§3.1 Whirlpool: everything at sea on the space and around it leaves the game."""
    state = quiet(table)
    h = state.sinkable()[0]
    sea = next(n for n in BOARD.neighbours[h] if not state.terrain[n])
    table.swimmer(state, 10, sea)
    shark = table.creature(state, R.SHARK, sea)
    table.sink_to_whirlpool(state, h)
    step = len(state.history)
    state.apply(act.RevealBack("whirlpool"))
    events = [e for _, e in state.events(None, since=step)]
    assert events[1] == ev.Whirlpool(h, ())
    assert ev.ExplorerLost(10, sea, "whirlpool", -1) in events
    assert "The whirlpool swallowed Bao's explorer 1." in log(state, step)
    assert f"The whirlpool on {space_name(sea)} swallowed shark {shark - R.K0 + 1}." in log(
        state, step
    )


def test_sinking_a_tile_says_who_fell_into_the_sea(table: Table) -> None:
    """§5.1: "Explorers on a removed tile drop into that sea space as swimmers"."""
    state = quiet(table)
    h = state.sinkable()[0]
    table.on_land(state, 10, h)
    state.apply(act.EndMovement())
    step = len(state.history)
    state.apply(act.SinkTile(h))
    terrain = R.TERRAINS[0]
    assert [e for _, e in state.events(None, step)] == [ev.TileSunk(0, h, terrain, (10,))]
    assert log(state, step) == [
        f"Ann sank the beach tile on {space_name(h)}. Bao's explorer 1 fell into the sea."
    ]


# ------------------------------------------------------------------- hidden values


def test_an_explorers_value_is_told_to_its_owner_only(table: Table) -> None:
    """Setup 5: the value under an explorer is its owner's secret."""
    state: SurviveState = table.game.new_state(2, {}, events=True)
    state.apply(act.PickStartPlayer(0))
    for terrain in LAYOUT:
        state.apply(act.LayTile(terrain))
    step = len(state.history)
    h = state.placement_spaces()[0]
    state.apply(act.PlaceExplorer(h, 6))
    assert state.events(0, step) == [(step, ev.ExplorerPlaced(0, 0, h, 6))]
    assert state.events(1, step) == [(step, ev.ExplorerPlaced(0, 0, h, None))]
    assert state.events(None, step) == [(step, ev.ExplorerPlaced(0, 0, h, None))]
    assert log(state, step, seat=None) == [f"Ann placed an explorer on {space_name(h)}."]
    assert log(state, step, seat=0) == [f"Ann placed an explorer worth 6 on {space_name(h)}."]


def test_a_red_back_is_told_to_its_taker_only(table: Table) -> None:
    """§3.1: "Red border: keep secret in hand, play later"."""
    state = quiet(table)
    h = table.sink_under(state, None)
    step = len(state.history)
    state.apply(act.RevealBack("move-shark"))
    mine = ev.TileRevealed(0, h, "beach", "move-shark", False)
    assert state.events(0, step) == [(step, mine)]
    for seat in (1, None):
        assert state.events(seat, step) == [(step, ev.TileRevealed(0, h, "beach", None, False))]
    assert log(state, step, seat=0) == ["Ann takes a red tile: move a shark."]
    assert log(state, step, seat=1) == ["Ann keeps the tile's red back hidden."]


def test_a_green_back_acts_at_once_and_is_told_to_all(table: Table) -> None:
    """§3.1: green backs are resolved at once, face up."""
    state = quiet(table)
    h = table.sink_under(state, None)
    step = len(state.history)
    state.apply(act.RevealBack("shark"))
    shark = state.cr_hex.index(h, R.K0, R.K1)
    for seat in (0, 1, None):
        assert [e for _, e in state.events(seat, step)] == [
            ev.TileRevealed(0, h, "beach", "shark", True),
            ev.CreatureCameIn(0, shark, "shark", h),
        ]
    assert log(state, step, seat=1) == [
        "The tile's back: shark!",
        f"Shark 1 comes in on {space_name(h)}.",
    ]


def test_every_value_is_shown_at_the_end(table: Table) -> None:
    """§7: at the end the explorers are turned over and their values counted."""
    state = quiet(table)
    table.to_the_volcano(state)
    step = len(state.history)
    state.apply(act.RevealBack("volcano"))
    last = state.events(None, step)[-1][1]
    assert isinstance(last, ev.GameOver)
    assert last.values == tuple(state.ex_value) and last.winners == (0, 1)
    assert log(state, step)[-1] == "Game over: Ann, Bao share the win with 0 points each."


@pytest.mark.slow
def test_no_event_tells_a_seat_what_its_determinizations_change() -> None:
    """The kit's check: what each seat and the spectator are told is the same whatever
    the unknowns are (explorer values, held tiles), across the option sets the kit plays."""
    samples = sample_states(games.get("survive"), 24, seed=5)
    assert check_events(samples) > 40


# ------------------------------------------------------------------------ words


def test_the_log_speaks_vietnamese(table: Table) -> None:
    vi = i18n.translator("vi")
    state = quiet(table)
    step = len(state.history)
    table.roll(state, "shark")
    lines = log(state, step, tr=vi)
    assert lines == [
        vi("{name} rolled the creature die: {kind}.").format(name="Ann", kind=vi("shark")),
        vi("Nothing can move."),
    ]
    assert lines == ["Ann gieo xúc xắc sinh vật: cá mập.", "Không có gì di chuyển được."]


def test_every_random_game_is_told_without_a_hidden_value() -> None:
    """No spectator line says "worth" before the end, and each red back stays unnamed."""
    game = games.get("survive")
    rng = random.Random(3)
    for _ in range(3):
        state = game.new_state(3, events=True)
        while not state.is_terminal():
            action = (
                state.sample_chance(rng)
                if state.is_chance_node()
                else rng.choice(state.legal_actions())
            )
            state.apply(action)
        for _, event in state.events(None):
            line = game.describe(event, NAMES, english)
            assert line is not None
            if isinstance(event, ev.ExplorerPlaced):
                assert "worth" not in line
            if isinstance(event, ev.TileRevealed) and not event.public:
                assert event.effect is None and "hidden" in line


def test_recording_events_changes_nothing_in_the_game() -> None:
    """The same seeded game with and without events: the same positions, step by step (an
    event is only said, never a side effect)."""
    game = games.get("survive")
    for seed in (1, 2):
        told, quiet_state = game.new_state(3, events=True), game.new_state(3)
        rng = random.Random(seed)
        while not told.is_terminal():
            chance = told.is_chance_node()
            action = told.sample_chance(rng) if chance else rng.choice(told.legal_actions())
            told.apply(action)
            quiet_state.apply(action)
            assert quiet_state.observation(None) == told.observation(None)
        assert quiet_state.is_terminal()
