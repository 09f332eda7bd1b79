"""The Whale to Look heuristic: legal play, sound beliefs, and the obvious choices."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from whale_positions import GAME, KNOWS_WHALE_AT_4, READS_AREA_4, WHALE_AT_4, dealt, played

from whaletable.agents import UnknownAgent, make_agent
from whaletable.core import SeatView
from whaletable.games.whale_to_look.actions import ChooseFisherBoat, Finish, MoveBoat
from whaletable.games.whale_to_look.bots import (
    HARD_BLOCK,
    HARD_READ,
    INFORMED,
    SEARCH,
    Fleet,
    Rivals,
    Sample,
    WhaleHeuristic,
    expected_points,
    finish_round,
    move_worth,
    odds_of,
    read_boats,
    sample_fish,
    split_by_card,
    surfacing,
)
from whaletable.games.whale_to_look.components import load_components
from whaletable.games.whale_to_look.rules import DOCK

DECK = load_components().fish_values
AREAS = list(range(6))


def _heuristic(
    seed: int = 0, samples: int = 300, read: float = 0.0, block: float = 0.0
) -> WhaleHeuristic:
    agent = make_agent(f"heuristic:samples={samples},read={read},block={block}", GAME, seed=seed)
    assert isinstance(agent, WhaleHeuristic)
    return agent


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"edition": "vi"},
        {"trending": "fishing"},
        {"trending": "whale-and-orca"},
        {"trending": "orca-watching"},
        {"trending": "whale-watching", "edition": "vi"},
    ],
)
@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize(("read", "block"), [(0.0, 0.0), (HARD_READ, HARD_BLOCK)])  # medium, hard
def test_heuristic_plays_only_legal_moves(
    options: dict[str, str], players: int, read: float, block: float
) -> None:
    chance = random.Random(players)
    state = GAME.new_state(players, options)
    # Fewer samples than the default: the same decisions are taken, only cruder.
    bots = [_heuristic(seed=s, samples=60, read=read, block=block) for s in range(players)]
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(chance))
            continue
        seat = state.current_player()
        action = bots[seat].act(SeatView(state, seat))
        assert action in state.legal_actions()
        state.apply(action)
        decisions += 1
    assert decisions >= 2 * players


def test_surfacing_breaks_ties_by_printed_number() -> None:
    flat = [1] * 12  # every area sums to 4
    assert surfacing(flat, [3, 0, 5, 1, 4, 2]) == (2, 1)


def test_samples_keep_what_the_seat_knows_and_use_the_rest_of_the_deck() -> None:
    known: list[int | None] = [None] * 12
    known[5], known[6] = 5, 5
    for s in sample_fish(known, DECK, AREAS, random.Random(0), 200):
        assert s.fish[5] == 5 and s.fish[6] == 5
        assert sorted(s.fish) == sorted(DECK)
        assert (s.whale, s.orca) == surfacing(s.fish, AREAS)


def test_odds_follow_the_samples() -> None:
    known: list[int | None] = list(WHALE_AT_4)
    known[0] = known[11] = None  # a 3 and a 0 unseen: two equally likely deals
    samples = sample_fish(known, DECK, AREAS, random.Random(1), 400)
    odds = odds_of(samples)
    assert odds.whale[4] == pytest.approx(1.0)
    # f0 = 0 puts the orca at area 0 (sum 6); f0 = 3 puts it there too (sum 9).
    assert odds.orca[0] == pytest.approx(1.0)
    counts = Counter(s.fish[0] for s in samples)
    assert set(counts) == {0, 3}


def _seat_0_reads(strength: float) -> tuple[list[Sample], list[Sample]]:
    state = played(WHALE_AT_4, READS_AREA_4)
    assert state.current_player() == 0
    obs = state.observation(0)
    samples = sample_fish(obs["fish"], DECK, AREAS, random.Random(3), 3000)
    return samples, read_boats(samples, obs, 0, DECK, strength)


def test_reading_the_table_makes_the_area_of_another_seats_boats_likelier() -> None:
    plain, read = _seat_0_reads(1.0)
    # The deals stay the same, only how much each counts changes.
    assert [s.fish for s in read] == [s.fish for s in plain]
    assert odds_of(read).scoring[4] > odds_of(plain).scoring[4]

    def mean_weight(keep: Callable[[Sample], bool]) -> float:
        kept = [s.weight for s in read if keep(s)]
        return sum(kept) / len(kept)

    # High cards seen by seat 1 explain its boats on area 4 (the whale), and so do low ones
    # (the orca); middling ones do not.
    high = mean_weight(lambda s: s.fish[5] + s.fish[6] >= 8)
    low = mean_weight(lambda s: s.fish[5] + s.fish[6] <= 2)
    middling = mean_weight(lambda s: 4 <= s.fish[5] + s.fish[6] <= 6)
    assert high > 3 * middling and low > 3 * middling


def test_a_seat_that_may_place_blindly_never_rules_a_deal_out() -> None:
    # However strongly seat 1's two boats are read, a deal they do not fit keeps the
    # weight of a seat placing blindly (each boat on any of six areas).
    _, read = _seat_0_reads(20.0)
    blind = (1 - INFORMED) * (1 / 6) ** 2
    floor = blind / (INFORMED + blind)
    weights = [s.weight for s in read]
    assert min(weights) / max(weights) >= floor * 0.999
    # ...though the deals they fit worst still count for little.
    assert min(weights) / max(weights) < 0.05


def test_a_table_read_at_strength_0_changes_nothing() -> None:
    plain, read = _seat_0_reads(0.0)
    assert read == plain
    assert odds_of(read) == odds_of(plain)


def test_a_seat_reads_the_other_seats_boats_never_its_own() -> None:
    # Only seat 0 has looked at a card and moved a boat: nobody else's boats are out.
    state = played(WHALE_AT_4, READS_AREA_4[:2])
    obs = state.observation(1)
    samples = sample_fish(obs["fish"], DECK, AREAS, random.Random(0), 200)
    # Seat 0's boat stands on area 0 after it looked at f0, so seat 1 does read it...
    assert len({s.weight for s in read_boats(samples, obs, 1, DECK, 1.0)}) > 1
    # ...but seat 0 itself never reads its own boats.
    own = state.observation(0)
    mine = sample_fish(own["fish"], DECK, AREAS, random.Random(0), 200)
    assert {s.weight for s in read_boats(mine, own, 0, DECK, 1.0)} == {1.0}


def test_weighted_samples_split_by_card_keep_their_weights() -> None:
    plain, read = _seat_0_reads(1.0)
    parts = split_by_card(read, 5)
    assert sum(weight for weight, _ in parts) == pytest.approx(1.0)
    share_of_5 = sum(s.weight for s in read if s.fish[5] == 5) / sum(s.weight for s in read)
    assert parts[-1][0] == pytest.approx(share_of_5)
    # Unweighted, each part weighs its share of the deals.
    plain_parts = split_by_card(plain, 5)
    assert plain_parts[-1][0] == pytest.approx(sum(s.fish[5] == 5 for s in plain) / len(plain))


def test_expected_points_count_boats_on_the_whale_and_orca() -> None:
    odds = odds_of(sample_fish(list(WHALE_AT_4), DECK, AREAS, random.Random(0), 1))
    fleet = Fleet((4, 0, 2), anchored=0, anchor_used=True, fisher=-1)
    # Boat 0 anchored on the whale: 1 + 2; boat 1 on the orca: 2; boat 2 nowhere.
    assert expected_points(fleet, odds, None) == 5.0
    assert expected_points(fleet, odds, "whale-watching") == 7.0
    assert expected_points(fleet, odds, "whale-and-orca") == 9.0
    assert expected_points(fleet, odds, "orca-watching") == 8.0
    fisher = Fleet((4, 0, 2), anchored=-1, anchor_used=False, fisher=2)
    assert expected_points(fisher, odds, "fishing") == 3.0 + 3.0
    docked = Fleet((DOCK, DOCK, DOCK), anchored=-1, anchor_used=False, fisher=-1)
    assert expected_points(docked, odds, None) == 0.0


def test_expected_points_follow_the_anchor_without_tourists_option() -> None:
    odds = odds_of(sample_fish(list(WHALE_AT_4), DECK, AREAS, random.Random(0), 1))
    # Boat 0 (one tourist) is the fisher's boat, anchored on the whale: no tourist left.
    bonus = Fleet((4, DOCK, DOCK), anchored=0, anchor_used=True, fisher=0)
    nothing = Fleet((4, DOCK, DOCK), 0, True, 0, bare_anchor_scores=False)
    assert expected_points(bonus, odds, None) == 2.0
    assert expected_points(nothing, odds, None) == 0.0


def test_heuristic_moves_to_the_area_it_knows_is_best() -> None:
    state = played(WHALE_AT_4, KNOWS_WHALE_AT_4)
    for seed in range(3):
        action = _heuristic(seed).act(SeatView(state, 0))
        assert isinstance(action, MoveBoat)
        assert action.area == 4
        # Certain of the whale, it drops the anchor there for the +2.
        assert action.anchor


def test_heuristic_finishes_when_a_move_cannot_help() -> None:
    # Seat 0 has seen all four cards of area 4, the certain whale, and every boat
    # it owns stands there, one anchored: any further turn would force a boat off
    # it, so the heuristic says "Done!".
    state = played(
        WHALE_AT_4,
        (
            *KNOWS_WHALE_AT_4[:1],
            MoveBoat(2, 4, True),
            Finish(),
            Finish(),
            *KNOWS_WHALE_AT_4[4:5],
            MoveBoat(1, 4, False),
            *KNOWS_WHALE_AT_4[6:8],
            MoveBoat(0, 4, False),
        ),
    )
    assert state.current_player() == 0
    assert Finish() in state.legal_actions() and len(state.legal_actions()) > 1
    for seed in range(3):
        assert _heuristic(seed).act(SeatView(state, 0)) == Finish()


def test_heuristic_puts_the_fisher_on_its_smallest_boat() -> None:
    state = GAME.new_state(3, {"start_player": 0, "trending": "fishing"})
    chance = random.Random(2)
    while state.round == 1 or state.is_chance_node():
        if state.is_chance_node():
            state.apply(state.sample_chance(chance))
        else:
            state.apply(Finish() if Finish() in state.legal_actions() else state.legal_actions()[0])
    seat = state.current_player()
    assert _heuristic().act(SeatView(state, seat)) == ChooseFisherBoat(0)


def test_search_evaluator_scores_the_round_as_it_stands() -> None:
    # Seat 0 has boat 2 anchored on the whale; the others have nothing placed.
    state = played(WHALE_AT_4, (*KNOWS_WHALE_AT_4[:1], MoveBoat(2, 4, True)))
    values = finish_round(state.clone(), random.Random(0))
    assert values == [1.0, 0.0, 0.0]
    # At the end of round 1 nobody scored: the lead is shared three ways.
    empty = dealt(WHALE_AT_4)
    assert finish_round(empty.clone(), random.Random(0)) == [1 / 3, 1 / 3, 1 / 3]


def test_rivals_count_the_places_left_and_leave_out_finished_seats() -> None:
    # Seats 0 and 1 each have two boats out (seat 0 on area 0, seat 1 on area 4); seat 2
    # has said "Done!". Three players: three places an area.
    state = played(WHALE_AT_4, READS_AREA_4)
    rivals = Rivals.at(state.observation(0), 0, 1.0, bare_anchor_scores=True)
    assert rivals.room == (1, 3, 3, 3, 1, 3)
    assert [(fleet.boats, turns) for fleet, turns in rivals.fleets] == [((4, 4, DOCK), 3)]


def test_taking_the_last_place_a_rival_wants_counts_for_hard() -> None:
    # The whale surfaces at area 4 and the orca at area 0, each with one place left.
    # In whale-watching season seat 1's 3-tourist boat in the dock would earn 5 on the
    # whale's area and 3 on the orca's: filling area 4 costs it 2 more than filling area 0.
    state = played(WHALE_AT_4, READS_AREA_4)
    odds = odds_of(sample_fish(list(WHALE_AT_4), DECK, AREAS, random.Random(0), 1))
    fleet = Fleet((0, 0, DOCK), anchored=-1, anchor_used=False, fisher=-1)
    to_whale, to_orca = MoveBoat(2, 4, False), MoveBoat(2, 0, False)
    trend = "whale-watching"

    def gap(rivals: Rivals | None) -> float:
        return move_worth(fleet, to_whale, odds, trend, 2, rivals) - move_worth(
            fleet, to_orca, odds, trend, 2, rivals
        )

    for block in (0.5, 1.0, 2.0):
        rivals = Rivals.at(state.observation(0), 0, block, bare_anchor_scores=True)
        assert gap(rivals) - gap(None) == pytest.approx(2.0 * block)
    # A move that leaves room everywhere shuts nobody out.
    roomy = Rivals(rivals.fleets, (3,) * 6, 1.0)
    assert gap(roomy) == pytest.approx(gap(None))


def test_hard_weighs_what_it_shuts_the_others_out_of_and_medium_does_not() -> None:
    assert SEARCH.guide is not None and f"block={HARD_BLOCK}" in SEARCH.guide
    assert HARD_BLOCK > 0
    assert make_agent("heuristic", GAME).block == 0.0  # type: ignore[attr-defined]
    with pytest.raises(UnknownAgent, match="block"):
        make_agent("heuristic:block=-1", GAME)
