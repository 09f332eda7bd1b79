"""Save the Whales' scene (``view.py``) at positions set up on the board: where each whale,
the ship and the dice lie, what each seat's row says, and which click makes which move."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from stw_support import Table

from whaletable import games
from whaletable.core.action import Action
from whaletable.core.view import Piece, Region, Scene, check_scene
from whaletable.core.words import english
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales.rules import WHALE_INDEX, SaveTheWhalesState
from whaletable.games.save_the_whales.view import scene

NAMES = ["Ann", "Bao", "Chi"]


def scene_of(state: SaveTheWhalesState, seat: int | None) -> Scene:
    """The scene ``seat`` is shown, with its legal actions when it is to move."""
    legal: list[Action] = state.legal_actions() if seat == state.current_player() else []
    made = scene(state.observation(seat), legal, NAMES, english)
    check_scene(made, legal, f"seat {seat}")
    return made


def holding(made: Scene, key: str) -> str:
    """The key of the region where piece ``key`` lies."""
    (region,) = [r.key for r in made.regions if any(p.key == key for p in r.pieces)]
    return region


def test_a_whale_lies_on_its_track_space_or_on_the_path_above_one(table: Table) -> None:
    state = table.new()
    table.put(state, "gray", 4)
    table.put(state, "blue", 12, path=True)
    made = scene_of(state, None)
    assert holding(made, "whale-gray") == "space-4"
    assert holding(made, "whale-blue") == "path-12"
    assert made.region("path-12").kind == "safe_zone"  # STORM AT SEA
    # Whales still in the box are on no space, only on their habitats.
    keys = made.keys()
    assert "whale-orca" not in keys and "habitat-orca" in keys


def test_a_whale_wears_its_players_colour_and_the_barnacle_it_holds(table: Table) -> None:
    state = table.new()
    state.barnacle = WHALE_INDEX["blue"]
    made = scene_of(state, None)
    (gray,) = [p for p in made.region("space-0").pieces if p.key == "whale-gray"]
    (blue,) = [p for p in made.region("space-0").pieces if p.key == "whale-blue"]
    assert (gray.owner, blue.owner) == (0, 1)
    assert "barnacle" in blue.marks and "barnacle" not in gray.marks
    assert made.region("habitat-blue").notes[2].endswith("played by Bao · holds the Magic Barnacle")


def test_the_ship_lies_in_the_port_until_it_sails(table: Table) -> None:
    state = table.new()
    assert holding(scene_of(state, None), "ship") == "port"
    table.ship(state, 21)
    assert holding(scene_of(state, None), "ship") == "path-21"


def test_a_saved_whale_lies_on_its_habitat_and_an_extinct_one_in_extinct(table: Table) -> None:
    state = table.new(("gray", "blue", "orca"))
    state.status[WHALE_INDEX["gray"]] = 3  # SAVED
    state.saved_order = (WHALE_INDEX["gray"],)
    state.status[WHALE_INDEX["orca"]] = 4  # EXTINCT
    state.extinct_order = (WHALE_INDEX["orca"],)
    made = scene_of(state, None)
    assert holding(made, "whale-gray") == "habitat-gray"
    assert "saved" in made.region("habitat-gray").marks
    assert [p.key for p in made.region("extinct").pieces] == ["whale-orca"]


def test_a_ship_face_of_the_dice_is_drawn_as_a_ship(table: Table) -> None:
    state = table.new()
    assert made_dice(scene_of(state, None)) == []
    table.roll(state, 0, 3)
    dice = made_dice(scene_of(state, None))
    assert [("ship" in d.marks, d.label) for d in dice] == [(True, "a Catcher Ship"), (False, "3")]


def made_dice(made: Scene) -> list[Piece]:
    return list(made.region("dice").pieces)


def test_a_seats_row_shows_its_whale_sp_exchange_pieces_and_the_viewer(table: Table) -> None:
    state = table.new()
    state.sp = [13, 2]
    made = scene_of(state, 1)
    ann, bao = made.region("seat-0"), made.region("seat-1")
    assert ann.notes == ("Gray Whale", "13") and ann.label == "Ann"
    assert sorted(p.kind for p in ann.pieces) == ["exchange", "exchange"] + ["loose"] * 3
    assert {"to-move", "turn"} <= ann.marks and "you" not in ann.marks
    assert "you" in bao.marks and "to-move" not in bao.marks


def test_every_seat_is_told_the_teams_score(table: Table) -> None:
    state = table.new()
    state.saved_order = (WHALE_INDEX["fin"],)
    assert [state.observation(s)["scores"] for s in (None, 0, 1)] == [[1.0, 1.0]] * 3


def test_choosing_a_whale_is_clicked_on_its_habitat(table: Table) -> None:
    state = table.game.new_state(2)
    made = scene_of(state, 0)
    assert made.choices and all(isinstance(c.action, act.ChooseWhale) for c in made.choices)
    for choice in made.choices:
        assert choice.target == f"habitat-{choice.action.whale}"  # type: ignore[attr-defined]
    # The seat that is not choosing is offered nothing.
    assert scene_of(state, 1).choices == ()


def test_naming_a_whale_is_clicked_on_it_and_rolling_is_a_button(table: Table) -> None:
    state = table.new()
    state.whale_of[0] = -1  # seat 0 lost its whale and names one of those in play
    state._legal = None
    made = scene_of(state, 0)
    names = [c for c in made.choices if isinstance(c.action, act.NameWhale)]
    assert names and all(c.target == f"whale-{c.action.whale}" for c in names)  # type: ignore[attr-defined]
    state = table.new()
    (roll,) = [c for c in scene_of(state, 0).choices if isinstance(c.action, act.Roll)]
    assert roll.target is None and roll.words == "Roll the dice for the Gray Whale"


def test_saving_is_clicked_on_the_habitat_and_a_share_is_one_button_per_amount(
    table: Table,
) -> None:
    state = table.new()
    table.put(state, "blue", 38)  # MARINE MAMMAL PROTECTION ACT
    state.sp = [10, 10]
    state._legal = None
    made = scene_of(state, 0)
    assert made.at("habitat-gray")[0].action == act.SaveWhale("gray")
    assert "PROTECTION ACT: whales may be saved" in made.region("summary").notes
    state.apply(act.SaveWhale("gray"))
    made = scene_of(state, 0)
    pays = [c for c in made.choices if isinstance(c.action, act.Pay)]
    assert [c.action for c in pays] == [act.Pay(k) for k in range(7)]  # gray is worth 6
    assert all(c.target is None for c in pays)
    assert act.Refuse() not in [c.action for c in made.choices]
    assert made.region("prompt").notes[0].startswith("Saving the Gray Whale: 0 of")


def test_moving_anywhere_is_clicked_on_the_space(table: Table) -> None:
    state = table.new()
    table.put(state, "gray", 37)
    table.roll(state, 1, 3)  # onto GRAY, its own space
    made = scene_of(state, 0)
    assert [c.action for c in made.at("space-27")] == [act.MoveAnywhere(27)]
    (collect,) = [c for c in made.choices if c.target is None]
    assert collect.action == act.CollectSurvivalPoints()
    assert "whale-gray" in made.highlights  # the whale the dice moved


def test_nothing_is_hidden_so_every_viewer_sees_the_same_board_but_its_own_row(
    table: Table,
) -> None:
    state = table.new(("gray", "blue", "orca"))
    table.roll(state, 2, 3)
    spectator, *seats = [scene(state.observation(s), [], NAMES, english) for s in (None, 0, 1, 2)]

    def board(made: Scene) -> list[Region]:
        return [replace(r, marks=r.marks - {"you"}) for r in made.regions]

    for seat, made in enumerate(seats):
        assert board(made) == board(spectator)
        assert [r.key for r in made.regions if "you" in r.marks] == [f"seat-{seat}"]
    assert not any("you" in r.marks for r in spectator.regions)


def after_each_step(seed: int, players: int = 3) -> Iterator[SaveTheWhalesState]:
    """A seeded game played at random, its events kept, after each of its steps."""
    state = games.get("save-the-whales").new_state(players, None, events=True)
    rng = random.Random(seed)
    while not state.is_terminal():
        mover = state.current_player()
        state.apply(state.sample_chance(rng) if mover < 0 else rng.choice(state.legal_actions()))
        yield state


def lit_for(state: SaveTheWhalesState, viewer: int | None) -> frozenset[str]:
    """What ``viewer``'s scene highlights, fed the last step's events as it may know them."""
    events = state.step_events(viewer, len(state.history) - 1)
    return scene(state.observation(viewer), [], NAMES, english, events=events).highlights


def test_the_whale_moved_and_the_space_it_landed_on_are_highlighted() -> None:
    landings = 0
    for state in after_each_step(seed=1):
        for e in state.step_events(None, len(state.history) - 1):
            if isinstance(e, ev.Landed) and state.observation(None)["phase"] != "over":
                landings += 1
                assert {f"whale-{e.whale}", f"space-{e.space}"} <= lit_for(state, None), e
    assert landings > 10


def test_every_viewer_is_shown_the_same_highlights_as_no_event_is_hidden() -> None:
    """Save the Whales hides nothing: each seat and a spectator see what the last step
    touched alike (the dice just thrown among it)."""
    thrown = 0
    for state in after_each_step(seed=2):
        spectator = lit_for(state, None)
        for seat in range(state.num_players):
            assert lit_for(state, seat) == spectator
        if any(
            isinstance(e, ev.DiceRolled) for e in state.step_events(None, len(state.history) - 1)
        ):
            thrown += 1
            assert "dice" in spectator
    assert thrown > 10
