"""The Save the Whales bots: the team heuristic and the search's leaf evaluator."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from whaletable.agents import available, make_agent
from whaletable.agents.mcts import game_evaluator
from whaletable.core.agent import SeatView
from whaletable.core.match import play_match
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales.bots import SEARCH
from whaletable.games.save_the_whales.rules import (
    CHOOSE,
    EXTINCT,
    OWN_SPACE,
    PAY,
    SAVED,
    WHALE_INDEX,
    SaveTheWhalesState,
)
from whaletable.games.save_the_whales.tuning import play_team_games, summarise

if TYPE_CHECKING:
    from stw_support import Table


def test_heuristic_is_registered_for_the_game(table: Table) -> None:
    assert {"heuristic", "random", "mcts"} <= set(available(table.game))


def test_heuristic_team_plays_whole_games(table: Table) -> None:
    """Four heuristic seats finish their games with every whale saved or extinct."""
    for seed in range(3):
        agents = [make_agent("heuristic", table.game, seed=seed * 4 + s) for s in range(4)]
        result = play_match(table.game, agents, seed=seed)
        obs = result.state.observation(None)
        assert len(obs["saved"]) + len(obs["extinct"]) == 8
        saved = len(obs["saved"])
        assert result.returns == [1.0 if saved == 8 else saved / 8 - 1] * 4


def test_heuristic_saves_when_the_team_can(table: Table) -> None:
    state = table.new()
    table.put(state, "blue", 38)
    state.sp = [10, 10]
    bot = make_agent("heuristic", table.game, seed=1)
    action = bot.act(SeatView(state, 0))
    # The whale on the Act is saved last, so the Act stays occupied for the others.
    assert action == act.SaveWhale("gray")


def test_a_team_keeping_a_larger_reserve_waits_to_save_a_whale_not_in_danger(
    table: Table,
) -> None:
    # Saving the gray whale (6 SPs) from a pool of 12 leaves 6: enough for the default
    # reserve, not for hard's; with a pool of 16 it leaves 10, enough for both.
    for pool, saves in ((12, ["heuristic"]), (16, ["heuristic", "hard"])):
        state = table.new()
        table.put(state, "blue", 38)
        state.sp = [pool // 2, pool // 2]
        for name, spec in (("heuristic", "heuristic"), ("hard", SEARCH.guide)):
            assert spec is not None
            action = make_agent(spec, table.game, seed=1).act(SeatView(state, 0))
            assert (action == act.SaveWhale("gray")) == (name in saves)
            assert action in (act.SaveWhale("gray"), act.Roll())


def test_hards_larger_reserve_lapses_once_a_whale_is_extinct(table: Table) -> None:
    # With a whale lost the win is gone: hard saves the gray whale from a pool of 12,
    # leaving 6, as medium does, where with all eight still in play it waits.
    for lost, saves in ((False, False), (True, True)):
        state = table.new()
        table.put(state, "blue", 38)
        state.sp = [6, 6]
        if lost:
            state.status[WHALE_INDEX["orca"]] = EXTINCT
            state.extinct_order += (WHALE_INDEX["orca"],)
        assert SEARCH.guide is not None
        action = make_agent(SEARCH.guide, table.game, seed=1).act(SeatView(state, 0))
        assert action == (act.SaveWhale("gray") if saves else act.Roll())


def test_a_seat_selects_the_cheapest_whale_for_medium_and_the_dearest_for_hard(
    table: Table,
) -> None:
    state = table.game.new_state(2)
    assert state.phase == CHOOSE
    medium = make_agent("heuristic", table.game, seed=1)
    assert SEARCH.guide is not None
    hard = make_agent(SEARCH.guide, table.game, seed=1)
    assert medium.act(SeatView(state, 0)) == act.ChooseWhale("orca")  # 5 SPs
    assert hard.act(SeatView(state, 0)) == act.ChooseWhale("blue")  # 11 SPs
    state.apply(act.ChooseWhale("blue"))
    assert hard.act(SeatView(state, 1)) == act.ChooseWhale("fin")  # 10 SPs


def test_a_seat_without_a_whale_names_one_in_danger_first_then_for_hard_the_barnacles_holder(
    table: Table,
) -> None:
    state = table.new(("gray", "blue", "fin"))
    for w in ("humpback", "bowhead", "right", "sperm", "orca"):
        state.status[WHALE_INDEX[w]] = SAVED
        state.saved_order += (WHALE_INDEX[w],)
    gray = WHALE_INDEX["gray"]
    state.whale_of[0] = state.owner[gray] = -1  # seat 0's whale left; the box is empty
    state.barnacle = WHALE_INDEX["fin"]
    state._legal = None
    assert SEARCH.guide is not None
    medium = make_agent("heuristic", table.game, seed=1)
    hard = make_agent(SEARCH.guide, table.game, seed=1)
    assert len(state.legal_actions()) == 3
    assert medium.act(SeatView(state, 0)) == act.NameWhale("blue")  # the first by name
    assert hard.act(SeatView(state, 0)) == act.NameWhale("fin")  # it ignores most bad spaces
    table.put(state, "gray", 3, path=True)
    for bot in (medium, hard):
        assert bot.act(SeatView(state, 0)) == act.NameWhale("gray")  # in danger on the path


def test_hard_counts_a_whale_waiting_in_a_safe_zone_out_of_danger(table: Table) -> None:
    state = table.new(("gray", "blue", "fin"))
    for w in ("humpback", "bowhead", "right", "sperm", "orca"):
        state.status[WHALE_INDEX[w]] = SAVED
        state.saved_order += (WHALE_INDEX[w],)
    state.whale_of[0] = state.owner[WHALE_INDEX["gray"]] = -1  # the box is empty
    table.put(state, "blue", 12, path=True)  # STORM AT SEA, a Safe Zone
    table.put(state, "gray", 3, path=True)
    assert SEARCH.guide is not None
    medium = make_agent("heuristic", table.game, seed=1)
    hard = make_agent(SEARCH.guide, table.game, seed=1)
    assert medium.act(SeatView(state, 0)) == act.NameWhale("blue")  # both on the path
    assert hard.act(SeatView(state, 0)) == act.NameWhale("gray")  # blue waits in safety


def test_heuristic_pays_all_it_can_of_its_own_share(table: Table) -> None:
    state = table.new()
    state.sp = [1, 6]
    table.roll(state, 1, 2)  # KRILL
    assert state.phase == PAY
    bot = make_agent("heuristic", table.game, seed=1)
    action = bot.act(SeatView(state, 0))
    assert action == act.Pay(1)  # its one SP; the other seat is asked for the rest


def _pay_with(bot_spec: str, state: SaveTheWhalesState) -> None:
    """Let ``bot_spec`` decide every payment until the penalties are done."""
    bot = make_agent(bot_spec, state.game, seed=1)
    while state.phase == PAY:
        state.apply(bot.act(SeatView(state, state.current_player())))


def test_hard_lets_a_whale_on_the_track_go_when_the_path_needs_the_survival_points(
    table: Table,
) -> None:
    # Gray lands on FLOATING FACTORY (4 SPs each): gray, then blue (on the path) and fin
    # owe. With 7 SPs medium pays gray's share and blue, unable to pay, becomes extinct;
    # hard lets gray take the path, pays blue's share and only fin goes onto the path.
    # With 8 SPs there is enough for gray and blue, and hard pays as medium does.
    assert SEARCH.guide is not None
    for pool, spec, lost, on_path in (
        (7, "heuristic", ["blue"], ["fin"]),
        (7, SEARCH.guide, [], ["gray", "blue", "fin"]),
        (8, SEARCH.guide, [], ["blue", "fin"]),
    ):
        state = table.new(("gray", "blue", "fin"))
        table.put(state, "gray", 30)
        table.put(state, "blue", 3, path=True)
        table.put(state, "fin", 5)
        state.sp = [pool, 0, 0]
        table.roll(state, 2, 4)
        assert state.phase == PAY and state.payment is not None
        _pay_with(spec, state)
        obs = state.observation(None)
        assert obs["extinct"] == lost, (pool, spec)
        assert [w["name"] for w in obs["whales"] if w["status"] == "path"] == on_path, (pool, spec)


def test_hard_lets_a_penalty_go_under_a_safe_zone_unless_it_holds_moratorium(
    table: Table,
) -> None:
    # Gray lands on IWC: the path space above is STORM AT SEA, a Safe Zone, where hard
    # lets gray wait rather than pay, unless the Ship is there. Blue, on MORATORIUM
    # (under CATCHER SHIP STUCK ON ICEBERG), pays its share: it holds the space for all.
    assert SEARCH.guide is not None
    for spec, ship, gray in (
        ("heuristic", None, "track"),
        (SEARCH.guide, None, "path"),
        (SEARCH.guide, 12, "track"),
    ):
        state = table.new(("gray", "blue"))
        table.put(state, "gray", 8)
        table.put(state, "blue", 32)
        table.ship(state, ship)
        state.sp = [10, 10]
        table.roll(state, 1, 3)
        _pay_with(spec, state)
        assert table.whale(state, "gray")["status"] == gray, (spec, ship)
        assert table.whale(state, "blue")["status"] == "track"
        assert state.pool() == 20 - 4 * (1 + (gray == "track")), (spec, ship)


def test_hards_barnacle_holder_on_the_track_lets_its_share_go(table: Table) -> None:
    # Gray lands on FLOATING FACTORY; blue, on the track and holding the Magic Barnacle,
    # owes its share (4 SPs). Hard lets it go: on the path the Ship cannot take the holder.
    # Medium pays, and so does hard when blue holds MORATORIUM for the team.
    assert SEARCH.guide is not None
    for spec, blue_on, blue in (
        ("heuristic", 5, "track"),
        (SEARCH.guide, 5, "path"),
        (SEARCH.guide, 32, "track"),
    ):
        state = table.new(("gray", "blue"))
        table.put(state, "gray", 30)
        table.put(state, "blue", blue_on)
        state.barnacle = WHALE_INDEX["blue"]
        state.sp = [10, 10]
        table.roll(state, 2, 4)
        _pay_with(spec, state)
        assert table.whale(state, "blue")["status"] == blue, (spec, blue_on)
        assert state.pool() == 20 - 4 - 4 * (blue == "track"), (spec, blue_on)


def test_hard_pays_nothing_for_a_whale_on_the_path_the_rules_protect(table: Table) -> None:
    # Gray lands on FLOATING FACTORY (4 SPs each); blue owes its share on the path, in the
    # STORM AT SEA Safe Zone, or on a plain path space while fin holds MORATORIUM. Unpaid,
    # it becomes extinct in neither case, so hard keeps its 4 SPs; medium pays.
    assert SEARCH.guide is not None
    for blue_above, fin_on in ((12, 5), (3, 32)):
        for spec, kept in (("heuristic", 0), (SEARCH.guide, 4)):
            state = table.new(("gray", "blue", "fin"))
            table.put(state, "gray", 30)
            table.put(state, "blue", blue_above, path=True)
            table.put(state, "fin", fin_on)
            state.sp = [20, 0, 0]
            table.roll(state, 2, 4)
            _pay_with(spec, state)
            assert state.pool() == 20 - 3 * 4 + kept, (blue_above, spec)
            assert table.whale(state, "blue")["status"] == "path"


def test_heuristic_brings_whales_out_of_the_path(table: Table) -> None:
    state = table.new()
    table.put(state, "gray", 8)
    table.put(state, "blue", 3, path=True)
    table.roll(state, 1, 1)  # ARCTIC CIRCLE
    bot = make_agent("heuristic", table.game, seed=1)
    assert bot.act(SeatView(state, 0)) == act.LeavePath("blue")


def test_heuristic_on_its_own_space_heads_for_the_act_when_a_save_is_affordable(
    table: Table,
) -> None:
    state = table.new()
    table.roll(state, 0, 1)
    assert state.phase == OWN_SPACE
    state.sp = [1, 1]
    bot = make_agent("heuristic", table.game, seed=1)
    assert bot.act(SeatView(state, 0)) == act.CollectSurvivalPoints()  # 2 SPs: no save yet
    state.sp = [10, 10]
    assert bot.act(SeatView(state, 0)) == act.MoveAnywhere(38)


def test_leaf_evaluator_scores_every_seat_alike(table: Table) -> None:
    evaluator = game_evaluator("save-the-whales")
    assert evaluator is not None
    state = table.new(("gray", "blue", "fin"))
    values = list(evaluator(state.clone(), random.Random(0)))
    assert len(values) == 3 and len(set(values)) == 1 and -1.0 <= values[0] <= 1.0


def test_tuning_summary_counts_games() -> None:
    results = play_team_games(4, players=2, seed=3)
    summary = summarise(results)
    assert summary["games"] == 4
    assert sum(summary["histogram"]) == 4
    assert 0 <= summary["mean_saved"] <= 8
