"""The Whale Riders scene at positions set up by hand: what each viewer is shown, and where
each move is chosen (``games/whale_riders/view.py``)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from wr_support import Table

from whaletable import games
from whaletable.core.view import Scene, check_scene
from whaletable.core.words import english
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders import events as ev
from whaletable.games.whale_riders.rules import WhaleRidersState
from whaletable.games.whale_riders.view import scene
from whaletable.games.whale_riders.words import contract_text

NAMES = ["Ann", "Bao", "Chi"]
PORT_ONE = {1: [("shell", 2), ("kelp", 1), ("meat", 1), ("meat", 1)]}


def seen(state: WhaleRidersState, viewer: int | None) -> Scene:
    """``viewer``'s scene, with its legal actions when it is to move."""
    mover = state.current_player() == viewer
    legal = state.legal_actions() if mover else []
    made = scene(state.observation(viewer), legal, NAMES[: state.num_players], english)
    check_scene(made, legal, f"viewer {viewer}")
    return made


def at_port_one(table: Table, hand: list[int] | None = None) -> WhaleRidersState:
    """Seat 0's rider at the Swordfish Port at the start of its turn (holding ``hand``)."""
    state = table.new(2, ports=PORT_ONE, hands={0: hand or []})
    table.ride(state, 0, 1)
    table.to_turn_of(state, 0)
    return state


def test_a_purchase_is_chosen_at_its_space_of_the_riders_port(table: Table) -> None:
    state = at_port_one(table)
    made = seen(state, 0)
    tiles = ("shell ×2", "kelp ×1", "meat ×1", "meat ×1")
    for slot, tile in enumerate(tiles):
        (choice,) = made.at(f"space-1-{slot}")
        assert choice.action == act.Buy(slot)
        price = "1 coin" if slot == 1 else f"{slot} coins"
        assert choice.words == f"Buy {tile} on space {slot + 1} at Swordfish Port for {price}"
    assert "buying" in made.region("port-1").marks
    assert "buying" not in made.region("port-2").marks
    assert not made.at("space-2-0")


def test_a_space_shows_its_tile_and_an_empty_space_shows_none(table: Table) -> None:
    state = at_port_one(table)
    space = next(p for p in seen(state, 1).region("port-1").pieces if p.key == "space-1-0")
    assert (space.kind, space.label) == ("shell", "shell ×2")
    table.play(state, act.Buy(0))  # the gap closes at the end of the turn
    space = next(p for p in seen(state, 1).region("port-1").pieces if p.key == "space-1-0")
    assert (space.kind, space.label) == ("empty", "")


def test_a_port_notes_the_price_of_each_space_from_the_cheapest(table: Table) -> None:
    made = seen(table.new(2), None)
    assert made.region("port-0").notes == ("0", "1", "2", "3", "4", "5", "6")
    assert made.region("port-3").notes == ("0", "1", "2", "3")
    assert "home" in made.region("port-0").marks and "home" not in made.region("port-3").marks


def test_moving_taking_a_coin_and_starting_a_card_action_are_buttons(table: Table) -> None:
    state = table.new(2)
    made = seen(state, 0)
    buttons = {type(c.action) for c in made.choices if c.target is None}
    assert buttons == {act.Move, act.TakeCoin, act.BurnContracts}
    (move,) = [c for c in made.choices if c.action == act.Move()]
    assert move.words == "Move your rider to Swordfish Port"


def test_a_rider_stands_in_its_port_marked_with_its_heading(table: Table) -> None:
    state = table.new(2)
    table.play(state, act.Move())
    made = seen(state, 1)
    (rider,) = [p for p in made.region("port-1").pieces if p.kind == "rider"]
    assert (rider.key, rider.owner) == ("rider-0", 0)
    assert rider.marks == {"out", "to-move"}
    assert rider.label == "Ann's rider, at Swordfish Port, sailing out"
    (waiting,) = [p for p in made.region("port-0").pieces if p.kind == "rider"]
    assert waiting.key == "rider-1" and waiting.marks == {"out", "not-left"}


def test_the_hand_is_shown_to_its_own_seat_and_as_card_backs_to_everyone(table: Table) -> None:
    state = table.new(3)
    mine = seen(state, 0)
    hand = mine.region("hand")
    assert hand.owner == 0
    assert [p.key for p in hand.pieces] == [f"contract-{k}" for k in state.hands[0]]
    contracts = table.contracts
    assert [p.label for p in hand.pieces] == [
        contract_text(contracts[k].to_json(k), english) for k in state.hands[0]
    ]
    for viewer in (None, 1, 2):
        other = seen(state, viewer)
        shown = other.keys()
        assert shown.isdisjoint(f"contract-{k}" for k in state.hands[0])
        seat_row = other.region("seat-0")
        assert sum(p.kind == "card-back" for p in seat_row.pieces) == 3
    assert not any(r.key == "hand" for r in seen(state, None).regions)


def test_a_contract_the_tiles_pay_for_is_marked_payable(table: Table) -> None:
    card = table.card(shell=2, kelp=1)
    state = at_port_one(table, [card])
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    marks = {p.key: p.marks for p in seen(state, 0).region("hand").pieces}
    assert marks[f"contract-{card}"] == {"payable"}
    assert sum(m == {"payable"} for m in marks.values()) == 1
    fulfil = seen(state, 0)
    assert any(c.action == act.FulfilContracts() and c.target is None for c in fulfil.choices)


def test_a_card_to_burn_or_fulfil_is_chosen_at_the_card_itself(table: Table) -> None:
    card = table.card(shell=2, kelp=1)
    state = at_port_one(table, [card])
    table.play(state, act.Buy(0), act.Buy(1))
    table.to_turn_of(state, 0)
    table.play(state, act.FulfilContracts())
    made = seen(state, 0)
    assert [c.action for c in made.at(f"contract-{card}")] == [act.Fulfil(card)]
    state = table.new(2)
    table.play(state, act.BurnContracts())
    made = seen(state, 0)
    for k in state.hands[0]:
        assert [c.action for c in made.at(f"contract-{k}")] == [act.Burn(k)]
    assert not any(c.action == act.Done() for c in made.choices)  # first take at least one


def test_a_seat_row_shows_what_lies_in_front_of_it(table: Table) -> None:
    state = at_port_one(table)
    table.play(state, act.Buy(0), act.TakeCoin())
    made = seen(state, None)
    row = made.region("seat-0")
    labels = {p.key: p.label for p in row.pieces}
    assert labels["coins-0"] == str(state.coins[0])
    assert labels["held-0-0"] == "shell ×2"
    assert labels["pearls-0"] == "0" and labels["fulfilled-0"] == "0"
    assert row.notes == ("at Swordfish Port, sailing out",)
    assert row.label == "Ann" and "start-player" in row.marks
    assert "viewer" not in row.marks and "viewer" in seen(state, 0).region("seat-0").marks


def test_a_power_is_named_in_the_row_and_said_in_its_notes(table: Table) -> None:
    state = table.new(2, powers=["bargain", "homecoming"])
    row = seen(state, 1).region("seat-1")
    (power,) = [p for p in row.pieces if p.kind == "power"]
    assert power.label == "Homecoming"
    assert row.notes[1] == "Homecoming: Sun Port pearls cost you 1 coin less."


def test_scores_are_every_seats_pearls_for_every_viewer(table: Table) -> None:
    state = table.new(3)
    state.decree_pearls[1] = 2  # pearls lie face up: every viewer may count them
    for viewer in (None, 0, 1, 2):
        obs = state.observation(viewer)
        assert obs["scores"] == [0.0, 2.0, 0.0]
        assert obs["scores"] == [float(p["pearls"]) for p in obs["players"]]


def after_each_step(seed: int, players: int = 3) -> Iterator[WhaleRidersState]:
    """A seeded game played at random, its events kept, after each of its steps."""
    state = games.get("whale-riders").new_state(players, None, events=True)
    rng = random.Random(seed)
    while not state.is_terminal():
        mover = state.current_player()
        state.apply(state.sample_chance(rng) if mover < 0 else rng.choice(state.legal_actions()))
        yield state


def lit_for(state: WhaleRidersState, viewer: int | None) -> frozenset[str]:
    """What ``viewer``'s scene highlights, fed the last step's events as it may know them."""
    events = state.step_events(viewer, len(state.history) - 1)
    names = NAMES[: state.num_players]
    return scene(state.observation(viewer), [], names, english, events=events).highlights


def test_the_rider_moved_the_space_bought_and_the_contract_fulfilled_are_highlighted() -> None:
    seen: set[type] = set()
    for state in itertools.islice(after_each_step(seed=1), 3000):
        for e in state.step_events(None, len(state.history) - 1):
            touched = {
                ev.RiderMoved: lambda e: f"rider-{e.seat}",
                ev.TileBought: lambda e: f"space-{e.port}-{e.slot}",
                ev.ContractFulfilled: lambda e: f"fulfilled-{e.seat}",
            }.get(type(e))
            if touched is not None:
                seen.add(type(e))
                for viewer in (None, *range(state.num_players)):
                    assert touched(e) in lit_for(state, viewer), (e, viewer)
    assert seen == {ev.RiderMoved, ev.TileBought, ev.ContractFulfilled}


def test_a_contract_drawn_is_highlighted_face_up_to_its_drawer_and_as_a_back_to_others() -> None:
    draws = 0
    for state in itertools.islice(after_each_step(seed=2), 3000):
        step = len(state.history) - 1
        for seat in range(state.num_players):
            for e in state.step_events(seat, step):
                if isinstance(e, ev.ContractDrawn) and e.seat == seat and not e.dealing:
                    draws += 1
                    back = f"back-{seat}-{e.hand - 1}"
                    assert {back, f"contract-{e.card}"} <= lit_for(state, seat)
                    for viewer in (None, *(s for s in range(state.num_players) if s != seat)):
                        lit = lit_for(state, viewer)
                        assert back in lit
                        assert not any(key.startswith("contract-") for key in lit), (viewer, lit)
    assert draws > 3
