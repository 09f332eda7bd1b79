"""The Whale Riders web board, drawn from real observations of seeded games.

Every check reads the SVG as XML: clickable actions, tiles on the spaces, riders,
contract cards. The leak checks compare what is drawn with the true state, which
the board never sees.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from board_support import SVG_NS, Drawer, Snapshot, acts, classes, tr, viewers, walk_all

from whaletable import games
from whaletable.agents.random_agent import RandomAgent
from whaletable.core import CHANCE, play_match
from whaletable.core.result import Result
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders.words import contract_text, game_over_line
from whaletable.web import i18n
from whaletable.web.boards import board_for, seat_colour

GAME = games.get("whale-riders")
BOARD = board_for("whale-riders")
NAMES = ["Ann", "Bao", "Chi", "Dara", "Eve", "Finn"]

DECISION_KINDS = {t.kind for t in act.ACTION_TYPES if t not in act.CHANCE_ACTION_TYPES}
"""Every kind of action a player chooses: each is reached below."""


GAMES = [
    (2, 1, {}),
    (3, 2, {"storms": "clearable"}),
    (4, 3, {"magic_of_the_whale": True, "clans_decree": True}),
    (6, 4, {"refill": "after_action", "surplus": "kept"}),
]


draw = Drawer(BOARD, NAMES)


@pytest.fixture(scope="module")
def snapshots() -> list[Snapshot]:
    return walk_all(GAME, GAMES)


def all_text(root: ET.Element) -> str:
    return "\n".join(
        part for e in root.iter() for part in (e.text or "", e.attrib.get("aria-label", "")) if part
    )


def true_hand(state: Any, seat: int) -> list[dict[str, Any]]:
    contracts = GAME.components.contracts
    return [contracts[k].to_json(k) for k in state.hands[seat]]


# --------------------------------------------------------------------------- clicking


@pytest.mark.slow
def test_every_legal_action_is_clickable_exactly_once_where_expected(
    snapshots: list[Snapshot],
) -> None:
    kinds_seen: set[str] = set()
    for snap in snapshots[::2]:
        state = snap.state
        seat = state.current_player()
        if seat < 0:
            continue
        obs = state.observation(seat)
        legal = state.legal_actions()
        found = acts(draw(state, seat))
        counts = Counter(json.dumps(data, sort_keys=True) for _, data in found)
        expected = Counter(json.dumps(a.to_json(), sort_keys=True) for a in legal)
        assert counts == expected
        for element, data in found:
            cls = classes(element)
            assert "act" in cls
            action = GAME.action_from_json(data)
            kinds_seen.add(action.kind)
            if isinstance(action, act.Buy):
                assert "buy-act" in cls
                assert element.attrib["data-slot"] == str(action.slot)
                assert element.attrib["data-port"] == str(obs["players"][seat]["port"])
            elif isinstance(action, (act.Burn, act.Fulfil)):
                assert ("burn-act" if isinstance(action, act.Burn) else "fulfil-act") in cls
                assert element.attrib["data-card"] == str(action.card)
            elif isinstance(action, act.Move):
                assert "move-act" in cls
            elif isinstance(action, act.TakeCoin):
                assert "coin-act" in cls
            elif isinstance(action, act.BurnContracts):
                assert "burn-start-act" in cls
            elif isinstance(action, act.FulfilContracts):
                assert "fulfil-start-act" in cls
            else:
                assert isinstance(action, act.Done) and "done-act" in cls
    assert kinds_seen == DECISION_KINDS


def test_the_buyable_tiles_are_those_at_the_riders_port(snapshots: list[Snapshot]) -> None:
    checked = 0
    for snap in snapshots[::3]:
        state = snap.state
        seat = state.current_player()
        if seat < 0:
            continue
        buys = {a.slot for a in state.legal_actions() if isinstance(a, act.Buy)}
        if not buys:
            continue
        root = draw(state, seat)
        port = str(state.observation(seat)["players"][seat]["port"])
        clickable = [e for e in root.iter() if "buy-act" in classes(e)]
        assert {int(e.attrib["data-slot"]) for e in clickable} == buys
        assert {e.attrib["data-port"] for e in clickable} == {port}
        checked += 1
    assert checked > 20


# ----------------------------------------------------------------------- hidden values


@pytest.mark.slow
def test_no_seat_and_no_spectator_sees_another_seats_contracts(
    snapshots: list[Snapshot],
) -> None:
    hidden_checked = 0
    for snap in snapshots[::11]:
        state = snap.state
        for seat in viewers(state):
            obs = state.observation(seat)
            root = draw(state, seat)
            text = all_text(root)
            # Contract cards drawn on the board are the viewer's own hand, nothing else.
            cards = [e.attrib["data-card"] for e in root.iter() if "data-card" in e.attrib]
            own = [str(c["id"]) for c in true_hand(state, seat)] if seat is not None else []
            assert sorted(cards) == sorted(own)
            face_up = [*obs["burned"]]
            for p in obs["players"]:
                face_up += p["fulfilled"]
            shown_anyway = {contract_text(c, tr) for c in face_up}
            if seat is not None:
                shown_anyway |= {contract_text(c, tr) for c in true_hand(state, seat)}
            for other in range(state.num_players):
                if other == seat:
                    continue
                for card in true_hand(state, other):
                    words = contract_text(card, tr)
                    if words not in shown_anyway:
                        assert words not in text, (seat, other, words)
                        hidden_checked += 1
                # Another seat's hand is drawn as card backs: its size only.
                row = next(
                    e
                    for e in root.iter()
                    if "seat" in classes(e) and e.get("data-seat") == str(other)
                )
                backs = [e for e in row.iter() if "card-back" in classes(e)]
                assert len(backs) == len(state.hands[other])
    assert hidden_checked > 150


@pytest.mark.slow
def test_the_board_is_the_same_for_every_deal_the_viewer_cannot_tell_apart(
    snapshots: list[Snapshot],
) -> None:
    rng = random.Random(3)
    for snap in snapshots[::23]:
        state = snap.state
        for seat in range(state.num_players):
            mine = BOARD.svg(state.observation(seat), [], NAMES, tr)
            spectator = BOARD.svg(state.observation(None), [], NAMES, tr)
            other = state.determinize(seat, rng)
            assert BOARD.svg(other.observation(seat), [], NAMES, tr) == mine
            assert BOARD.svg(other.observation(None), [], NAMES, tr) == spectator


@pytest.fixture(scope="module")
def told(snapshots: list[Snapshot]) -> list[tuple[Snapshot, list[str]]]:
    """Each step of the snapshot games with what the web log says of it: the spectator's
    events of that step in words, replayed from the game's record."""
    out = []
    for end in (s.state for s in snapshots if s.state.is_terminal()):
        state = GAME.new_state(end.num_players, end.options, events=True)
        for action in end.history:
            step, actor = len(state.history), state.current_player()
            state.apply(action)
            events = state.step_events(None, step)
            snap = Snapshot(state.clone(), action, actor)
            out.append((snap, GAME.step_lines(events, action, actor, NAMES, tr)))
    return out


def test_drawn_contracts_never_reach_a_log_line_or_a_label(
    told: list[tuple[Snapshot, list[str]]],
) -> None:
    dealt = drawn = 0
    for snap, lines in told:
        if not isinstance(snap.action, act.DrawContract):
            continue
        after = snap.state.observation(None)
        other = act.DrawContract((snap.action.card + 1) % len(GAME.components.contracts))
        assert BOARD.label(snap.action, after, NAMES, tr) == BOARD.label(other, after, NAMES, tr)
        card = GAME.components.contracts[snap.action.card].to_json(snap.action.card)
        assert not any(contract_text(card, tr) in line for line in lines)
        if lines == ["Three contracts are dealt face down to each player."]:
            dealt += 1
        elif lines:
            assert re.fullmatch(r"\w+ drew a contract \([1-3] in hand\)\.", lines[0]), lines
            drawn += 1
    assert dealt == len(GAMES)  # one line per deal
    assert drawn > 20


def test_log_lines_of_seat_actions_say_who_did_what(
    told: list[tuple[Snapshot, list[str]]],
) -> None:
    said = Counter[str]()
    for snap, lines in told:
        if snap.action is None or snap.actor < 0:
            continue
        if isinstance(snap.action, (act.BurnContracts, act.FulfilContracts, act.Done)):
            assert not any(line.startswith(NAMES[snap.actor]) for line in lines)
            continue
        assert lines and lines[0].startswith(NAMES[snap.actor]), lines
        said[snap.action.kind] += 1
        if isinstance(snap.action, (act.Burn, act.Fulfil)):
            card = GAME.components.contracts[snap.action.card].to_json(snap.action.card)
            assert contract_text(card, tr) in lines[0]  # face up once burned or fulfilled
        after = snap.state.observation(None)
        if after["phase"] == "over":
            assert lines[-1] == game_over_line(after, NAMES, tr)
    assert set(said) == {"move", "buy", "take_coin", "burn", "fulfil"}


def test_a_purchase_says_which_tile_at_which_price(told: list[tuple[Snapshot, list[str]]]) -> None:
    """Buy a tile: the log names the tile bought, its space and the price paid."""
    bought = 0
    for snap, lines in told:
        if isinstance(snap.action, act.Buy):
            assert re.match(
                rf"{NAMES[snap.actor]} (bought .+ on|cleared the storm on) space "
                rf"{snap.action.slot + 1} at .+ Port for \d+ coins?\.",
                lines[0],
            ), lines
            bought += 1
    assert bought > 20


def test_the_coast_laid_out_and_the_start_player_are_logged_once(
    told: list[tuple[Snapshot, list[str]]],
) -> None:
    lines = [line for snap, step_lines in told if snap.actor < 0 for line in step_lines]
    assert lines.count("The coast is laid out; the storm tiles go into the bag.") == len(GAMES)
    assert sum(1 for line in lines if line.endswith("is the start player.")) == len(GAMES)


# ----------------------------------------------------------------------------- words


def test_status_says_whose_turn_it_is(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::3]:
        state = snap.state
        to_move = state.current_player()
        for seat in viewers(state):
            status = BOARD.status(state.observation(seat), NAMES, tr)
            if state.is_terminal():
                assert status.startswith("Game over")
                assert all(NAMES[w] in status for w in state.observation(None)["winners"])
            elif to_move == CHANCE:
                assert "Your turn" not in status
            elif seat == to_move:
                assert "Your turn" in status
            else:
                assert "Your turn" not in status and f"{NAMES[to_move]} is to play" in status


def test_result_rows_at_the_end_add_up_to_the_pearls() -> None:
    for seed, n in ((0, 2), (1, 4), (2, 6)):
        agents = [RandomAgent(GAME, seed=s) for s in range(n)]
        match = play_match(GAME, agents, seed=seed)
        obs = match.state.observation(None)
        result = BOARD.result(obs, NAMES, tr)
        assert result is not None
        assert result["columns"] == [
            "Pearls on tiles",
            "Pearls on contracts",
            "Pearls from decrees",
            "Coins",
            "Tiles",
            "Pearls",
        ]
        assert result["headline"] == game_over_line(obs, NAMES, tr)
        rows = result["rows"]
        assert sorted(r["seat"] for r in rows) == list(range(n))
        for row in rows:
            p = obs["players"][row["seat"]]
            on_tiles = sum(t["count"] for t in p["tiles"] if t["good"] == "pearl")
            on_cards = sum(c["pearls"] for c in p["fulfilled"])
            decrees = p["pearls"] - on_tiles - on_cards
            assert row["cells"] == [
                on_tiles,
                on_cards,
                decrees,
                p["coins"],
                len(p["tiles"]),
                p["pearls"],
            ]
            assert sum(row["cells"][:3]) == p["pearls"] == row["total"] == match.scores[row["seat"]]
            assert row["name"] == NAMES[row["seat"]]
            assert row["winner"] == (row["seat"] in obs["winners"])
        assert rows[0]["winner"]
        keys = [(-r["total"], -r["cells"][3], -r["cells"][4]) for r in rows]
        assert keys == sorted(keys)


def test_result_note_says_which_tie_break_settled_first_place() -> None:
    """The board draws the rules' result as it is, and words the tie-break that decided
    ("tie broken by most coins") in the viewer's language; no note when none decided."""
    agents = [RandomAgent(GAME, seed=s) for s in range(3)]
    obs = play_match(GAME, agents, seed=4).state.observation(None)
    result = Result.from_observation(obs)
    assert result is not None
    assert [r["seat"] for r in BOARD.result(obs, NAMES, tr)["rows"]] == [
        s.seat for s in result.standings
    ]
    for decided_by, english in (
        ("coins", "Tie on pearls broken by the most coins."),
        ("tiles", "Tie on pearls and coins broken by the most tiles."),
    ):
        obs["result"] = dataclasses.replace(result, decided_by=decided_by).to_json()
        assert BOARD.result(obs, NAMES, tr)["note"] == english
        for lang in ("vi", "fa"):
            words = i18n.translator(lang)
            assert BOARD.result(obs, NAMES, words)["note"] == words(english) != english
    obs["result"] = dataclasses.replace(result, decided_by=None).to_json()
    assert BOARD.result(obs, NAMES, tr)["note"] is None


# -------------------------------------------------------------------------- drawing


@pytest.mark.slow
def test_tiles_riders_and_holdings_are_drawn_where_the_observation_puts_them(
    snapshots: list[Snapshot],
) -> None:
    for snap in snapshots[::11]:
        obs = snap.state.observation(None)
        root = draw(snap.state, None)
        for port, data in enumerate(obs["ports"]):
            for slot, tile in enumerate(data["spaces"]):
                place = [
                    e
                    for e in root.iter()
                    if e.get("data-port") == str(port) and e.get("data-slot") == str(slot)
                ]
                assert len(place) == 1
                goods = [t.get("data-good") for t in place[0].iter() if "tile" in classes(t)]
                assert goods == ([] if tile is None else [tile["good"]])
        riders = [e for e in root.iter() if "rider" in classes(e)]
        assert len(riders) == obs["num_players"]
        for rider in riders:
            player = obs["players"][int(rider.attrib["data-seat"])]
            assert rider.attrib["data-port"] == str(player["port"])
            assert rider.attrib["data-heading"] == player["heading"]
            colours = {c.get("fill") for c in rider.iter(SVG_NS + "circle")}
            assert colours == {seat_colour(int(rider.attrib["data-seat"]))}
        for row in (e for e in root.iter() if "seat" in classes(e)):
            player = obs["players"][int(row.attrib["data-seat"])]
            held = Counter(e.get("data-good") for e in row.iter() if "held" in classes(e))
            assert held == Counter(t["good"] for t in player["tiles"][:34])
            pearls = next(e for e in row.iter() if "pearls" in classes(e))
            assert pearls.text == str(player["pearls"])
            coins = next(e for e in row.iter() if "coins" in classes(e))
            assert coins.text == str(player["coins"])


def test_decrees_are_drawn_with_the_variant_only(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::17]:
        obs = snap.state.observation(None)
        drawn = [
            e.get("data-decree") for e in draw(snap.state, None).iter() if "decree" in classes(e)
        ]
        assert drawn == [d["id"] for d in obs["decrees"]]
