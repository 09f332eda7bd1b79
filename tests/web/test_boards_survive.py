"""The Survive web board, drawn from real observations of seeded games.

Every check reads the SVG as XML: clickable actions, selectable pieces and their
destinations, explorer values, held tiles. The leak checks compare what is drawn with
what other seats know, which the board never sees.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator

import pytest
from board_support import SVG_NS, Drawer, Snapshot, acts, classes, legal_for, tr, viewers, walk_all

from whaletable import games
from whaletable.core import CHANCE, Action
from whaletable.games.survive import actions as act
from whaletable.games.survive.components import BOARD
from whaletable.games.survive.observation import SurviveObservation
from whaletable.games.survive.rules import SurviveState
from whaletable.games.survive.words import game_over_line, space_name
from whaletable.web.boards import board_for
from whaletable.web.boards.survive import hex_xy

GAME = games.get("survive")
BOARD_VIEW = board_for("survive")
NAMES = ["Ann", "Bao", "Chi", "Dara"]
MOVING = (act.MoveExplorer, act.MoveBoat, act.BoardBoat, act.JumpOverboard, act.LandOnSafeIsle)


def choose(legal: list[Action], rng: random.Random) -> Action:
    """Players land whoever can land and rarely stop early, so pieces spread over the sea."""
    landing = [a for a in legal if isinstance(a, act.LandOnSafeIsle)]
    if landing:
        return landing[0]
    others = [a for a in legal if not isinstance(a, act.EndMovement)]
    return rng.choice(others) if others and rng.random() < 0.9 else rng.choice(legal)


GAMES = [
    (2, 1, {}),
    (3, 2, {"squids_replace_whales": True}),
    (4, 3, {"giant_squid": False}),
    (2, 4, {"everyone_is_equal": True, "tie_break": "most-saved"}),
    (3, 5, {"landing": "touching", "densely_populated": True}),
]


draw = Drawer(BOARD_VIEW, NAMES)


@pytest.fixture(scope="module")
def snapshots() -> list[Snapshot]:
    return walk_all(GAME, GAMES, choose)


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(SVG_NS + "text")]


# --------------------------------------------------------------------------- clicking


def to_move(
    snapshots: list[Snapshot], every: int
) -> Iterator[tuple[SurviveState, int, list[Action], SurviveObservation]]:
    """Every ``every``-th snapshot where a seat is to move: the state, that seat, its legal
    actions and its observation."""
    for snap in snapshots[::every]:
        seat = snap.state.current_player()
        if seat >= 0:
            yield snap.state, seat, snap.state.legal_actions(), snap.state.observation(seat)


@pytest.mark.slow
def test_every_legal_action_is_clickable_exactly_once_where_expected(
    snapshots: list[Snapshot],
) -> None:
    kinds_seen: set[str] = set()
    for state, seat, legal, obs in to_move(snapshots, 2):
        root = draw(state, seat)
        found = acts(root)
        counts = Counter(json.dumps(data, sort_keys=True) for _, data in found)
        expected = Counter(json.dumps(a.to_json(), sort_keys=True) for a in legal)
        assert counts == expected, obs["phase"]
        for element, data in found:
            cls = classes(element)
            assert "act" in cls
            action = GAME.action_from_json(data)
            kinds_seen.add(action.kind)
            if isinstance(action, act.MoveExplorer):
                assert {"move-target", "explorer-target"} <= cls
                assert element.attrib["data-boat"] == f"e{action.explorer}"
                assert element.attrib["visibility"] == "hidden"  # shown once chosen
            elif isinstance(action, act.MoveBoat):
                assert {"move-target", "boat-target"} <= cls
                assert element.attrib["data-boat"] == f"b{action.boat}"
                assert element.attrib["visibility"] == "hidden"
            elif isinstance(action, act.PlaceExplorer):
                assert {"move-target", "place-target"} <= cls
                assert element.attrib["data-boat"] == f"v{action.value}"
                assert element.attrib["data-hex"] == str(action.hex)
            elif isinstance(action, act.LandOnSafeIsle):
                assert "isle-target" in cls
            elif isinstance(action, act.JumpOverboard):
                assert "jump-target" in cls
            elif isinstance(action, act.BoardBoat):
                if obs["phase"] == "board":
                    assert "explorer-act" in cls
                else:
                    assert "board-target" in cls
            elif isinstance(action, act.SinkTile | act.PlaceBoat | act.PlaceSquid):
                assert "space-act" in cls and element.attrib["data-hex"] == str(action.hex)
            elif isinstance(action, act.MoveCreature):
                assert "space-act" in cls and element.attrib["data-hex"] == str(action.to)
            elif isinstance(action, act.PickCreature):
                assert "creature-act" in cls
                assert element.attrib["data-creature"] == str(action.creature)
            elif isinstance(action, act.TakePerson):
                assert "explorer-act" in cls
                assert element.attrib["data-explorer"] == str(action.explorer)
            elif isinstance(action, act.PlayTile):
                assert "tile-act" in cls and element.attrib["data-effect"] == action.effect
            else:
                assert {"end-act", "decline-act"} & cls
    must = {
        "place_explorer", "place_boat", "move_explorer", "move_boat", "end_movement",
        "sink_tile", "pick_creature", "move_creature", "play_tile", "place_squid",
    }  # fmt: skip
    assert must <= kinds_seen, must - kinds_seen


@pytest.mark.slow
def test_destinations_sit_on_the_space_the_move_reaches(snapshots: list[Snapshot]) -> None:
    checked = 0
    for state, seat, _, obs in to_move(snapshots, 5):
        for element, data in acts(draw(state, seat)):
            action = GAME.action_from_json(data)
            if isinstance(action, act.MoveExplorer):
                e = obs["explorers"][action.explorer]
                at = e["hex"] if e["hex"] is not None else obs["boats"][e["boat"]]["hex"]
                assert element.attrib["data-hex"] == str(BOARD.step[at][action.direction])
                checked += 1
            elif isinstance(action, act.MoveBoat):
                at = obs["boats"][action.boat]["hex"]
                assert element.attrib["data-hex"] == str(BOARD.step[at][action.direction])
                checked += 1
    assert checked > 100


@pytest.mark.slow
def test_each_movable_piece_is_selectable_once_and_owns_its_destinations(
    snapshots: list[Snapshot],
) -> None:
    checked = 0
    for state, seat, legal, obs in to_move(snapshots, 3):
        keys = set()
        for a in legal:
            climbing = isinstance(a, act.BoardBoat) and obs["phase"] != "board"
            if isinstance(a, act.MoveExplorer | act.JumpOverboard | act.LandOnSafeIsle) or climbing:
                keys.add(f"e{a.explorer}")
            elif isinstance(a, act.MoveBoat):
                keys.add(f"b{a.boat}")
            elif isinstance(a, act.PlaceExplorer):
                keys.add(f"v{a.value}")
        root = draw(state, seat)
        selectable = [e.attrib["data-boat"] for e in root.iter() if "selectable" in classes(e)]
        assert sorted(selectable) == sorted(keys)  # once each
        targets = {e.attrib["data-boat"] for e in root.iter() if "move-target" in classes(e)}
        assert targets == keys
        for key in selectable:
            if key.startswith("e"):
                piece = next(e for e in root.iter() if e.attrib.get("data-boat") == key)
                assert piece.attrib["data-seat"] == str(seat)  # only your own explorers
        checked += bool(keys)
    assert checked > 50


# ----------------------------------------------------------------------- hidden values


def value_labels(root: ET.Element) -> dict[int, str]:
    labels: dict[int, str] = {}
    for e in root.iter(SVG_NS + "text"):
        if "explorer-value" in classes(e) and "data-explorer" in e.attrib:
            explorer = int(e.attrib["data-explorer"])
            assert explorer not in labels, f"two values for explorer {explorer}"
            labels[explorer] = e.text or ""
    return labels


@pytest.mark.slow
def test_explorer_values_show_to_their_owner_only(snapshots: list[Snapshot]) -> None:
    hidden_checked = own_checked = 0
    for snap in snapshots[::7]:
        state = snap.state
        over = state.is_terminal()
        truth = {
            e["id"]: e["value"]
            for seat in range(state.num_players)
            for e in state.observation(seat)["explorers"]
            if e["seat"] == seat
        }
        for viewer in viewers(state):
            labels = value_labels(draw(state, viewer))
            for explorer, label in labels.items():
                assert label == str(truth[explorer])
                if not over:
                    assert viewer is not None and explorer // 10 == viewer, (viewer, explorer)
                    own_checked += 1
            if not over:
                obs = state.observation(viewer)
                drawn = {
                    e["id"] for e in obs["explorers"] if e["status"] in ("land", "swimming", "boat")
                }
                for explorer in drawn:
                    if viewer is None or explorer // 10 != viewer:
                        assert explorer not in labels
                        hidden_checked += 1
                    else:
                        assert explorer in labels
    assert hidden_checked > 2000 and own_checked > 500


@pytest.mark.slow
def test_no_hidden_value_or_tile_of_another_seat_reaches_the_svg(
    snapshots: list[Snapshot],
) -> None:
    """The SVG of each seat and of the spectator, searched for what others hold."""
    checked = 0
    for snap in snapshots[::9]:
        state = snap.state
        if state.is_terminal():
            continue
        for viewer in viewers(state):
            svg = BOARD_VIEW.svg(state.observation(viewer), legal_for(state, viewer), NAMES, tr)
            root = ET.fromstring(svg)
            for seat in range(state.num_players):
                if seat == viewer:
                    continue
                theirs = state.observation(seat)
                # No explorer of theirs carries a value, in text, title or label.
                for e in root.iter():
                    explorer = e.attrib.get("data-explorer")
                    if explorer is not None and int(explorer) // 10 == seat:
                        assert not texts(e) or all(t == "" for t in texts(e))
                        assert "worth" not in " ".join(
                            t.text or "" for t in e.iter(SVG_NS + "title")
                        )
                # Their held tiles are not drawn: only the viewer's own hand is.
                assert len(theirs["hands"][seat]["tiles"]) == theirs["hands"][seat]["count"]
                drawn = Counter(
                    e.attrib["data-effect"] for e in root.iter() if "data-effect" in e.attrib
                )
                if viewer is None:
                    assert not drawn
                else:
                    mine = Counter(
                        t["effect"]
                        for t in state.observation(viewer)["hands"][viewer]["tiles"]
                        if t
                    )
                    assert drawn == mine
                # Their values still to place are not offered.
                offered = sorted(
                    int(e.attrib["data-value"])
                    for e in root.iter()
                    if "selectable" in classes(e) and "data-value" in e.attrib
                )
                if viewer is None or viewer != state.current_player():
                    assert offered == []
                else:
                    assert set(offered) <= set(state.observation(viewer)["values_left"] or [])
                checked += 1
    assert checked > 100


@pytest.mark.slow
def test_the_board_of_a_seat_is_the_same_in_any_game_it_cannot_tell_apart(
    snapshots: list[Snapshot],
) -> None:
    rng = random.Random(9)
    checked = 0
    for snap in snapshots[::25]:
        state = snap.state
        for viewer in range(state.num_players):
            other = state.determinize(viewer, rng)
            for who in (viewer, None):
                mine = BOARD_VIEW.svg(state.observation(who), legal_for(state, who), NAMES, tr)
                theirs = BOARD_VIEW.svg(other.observation(who), legal_for(other, who), NAMES, tr)
                assert mine == theirs
                checked += 1
    assert checked > 40


@pytest.fixture(scope="module")
def told(snapshots: list[Snapshot]) -> list[tuple[Snapshot, int, list[str]]]:
    """Each step of the snapshot games with what the web log says of it: the spectator's
    events of that step in words, replayed from the game's record (who acted before it)."""
    out = []
    ends = [s.state for s in snapshots if s.state.is_terminal()]
    for end in ends:
        state = GAME.new_state(end.num_players, end.options, events=True)
        for action in end.history:
            step, actor, before = len(state.history), state.current_player(), state.active
            state.apply(action)
            events = state.step_events(None, step)
            snap = Snapshot(state.clone(), action, actor)
            out.append((snap, before, GAME.step_lines(events, action, actor, NAMES, tr)))
    return out


def test_log_lines_never_show_a_hidden_value_or_tile(
    told: list[tuple[Snapshot, int, list[str]]],
) -> None:
    red_hidden = 0
    for snap, _, lines in told:
        if isinstance(snap.action, act.PlaceExplorer):
            assert lines == [
                f"{NAMES[snap.actor]} placed an explorer on {space_name(snap.action.hex)}."
            ]
        if isinstance(snap.action, act.RevealBack):
            assert lines
            if snap.state.observation(None)["sunk"][-1]["effect"] is None:
                assert snap.action.effect not in " ".join(lines).replace("boat move", "")
                assert "hidden" in lines[0]
                red_hidden += 1
        if not snap.state.is_terminal():
            assert not any("worth" in line for line in lines)
    assert red_hidden > 10


def test_log_lines_of_seat_actions_name_the_seat(
    told: list[tuple[Snapshot, int, list[str]]],
) -> None:
    for snap, _, lines in told:
        if snap.actor < 0:
            continue
        if isinstance(snap.action, act.EndMovement | act.PickCreature):
            assert lines == []  # what follows (a tile sunk, the creature moved) says it
        elif isinstance(
            snap.action, act.BoardBoat | act.JumpOverboard | act.LandOnSafeIsle | act.TakePerson
        ):
            assert lines and NAMES[snap.action.explorer // 10] in lines[0]
        else:
            assert lines and lines[0].startswith(NAMES[snap.actor]), lines


def test_the_creature_roll_is_said_of_the_seat_who_rolled(
    told: list[tuple[Snapshot, int, list[str]]],
) -> None:
    """§6: the die is rolled by the player ending the turn, even when the turn then passes
    at once because nothing can move (the log used to name the next player)."""
    passed = 0
    for snap, roller, lines in told:
        if isinstance(snap.action, act.RollCreatureDie):
            assert lines[0] == f"{NAMES[roller]} rolled the creature die: " + (
                {"serpent": "sea serpent"}.get(snap.action.creature, snap.action.creature) + "."
            )
            passed += snap.state.active != roller
    assert passed > 0


# ----------------------------------------------------------------------------- words


def test_status_says_whose_turn_it_is(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::5]:
        state = snap.state
        to_move = state.current_player()
        for seat in viewers(state):
            status = BOARD_VIEW.status(state.observation(seat), NAMES, tr)
            if state.is_terminal():
                assert status.startswith("Game over")
            elif to_move == CHANCE:
                assert "the dice and tiles decide" in status
            elif seat == to_move:
                assert "Your turn" in status
            else:
                assert "Your turn" not in status and f"{NAMES[to_move]} is to play" in status


def test_result_rows_at_the_end_add_up_to_the_scores(snapshots: list[Snapshot]) -> None:
    ends = [s.state for s in snapshots if s.state.is_terminal()]
    assert len(ends) == len(GAMES)
    for state in ends:
        obs = state.observation(None)
        result = BOARD_VIEW.result(obs, NAMES, tr)
        assert result is not None
        assert result["columns"] == ["Saved", "Values", "Lost", "Score"]
        assert result["headline"] == game_over_line(obs, NAMES, tr)
        rows = result["rows"]
        assert sorted(r["seat"] for r in rows) == list(range(state.num_players))
        scores = state.scores()
        for row in rows:
            assert row["total"] == scores[row["seat"]] == row["cells"][3]
            assert row["name"] == NAMES[row["seat"]]
            assert row["winner"] == (row["seat"] in obs["winners"])
            saved = [
                e for e in obs["explorers"] if e["seat"] == row["seat"] and e["status"] == "safe"
            ]
            assert row["cells"][:2] == [len(saved), sum(e["value"] for e in saved)]
        assert [r["winner"] for r in rows] == sorted((r["winner"] for r in rows), reverse=True)


# -------------------------------------------------------------------------- drawing


def test_the_sea_has_133_spaces_and_tiles_show_their_terrain(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::40]:
        obs = snap.state.observation(None)
        root = draw(snap.state, None)
        hexes = [e for e in root.iter(SVG_NS + "polygon") if "hex" in classes(e)]
        assert len(hexes) == BOARD.num_hexes
        terrains = Counter(e.attrib.get("data-terrain") for e in hexes)
        expected = Counter(t for t in obs["terrain"])
        assert terrains == expected
        isles = [e for e in root.iter() if "isle" in classes(e)]
        assert sorted(e.attrib["data-isle"] for e in isles) == ["NE", "NW", "SE", "SW"]


def test_hexes_are_drawn_where_the_board_module_puts_them() -> None:
    for space in range(BOARD.num_hexes):
        for other in BOARD.neighbours[space]:
            (x1, y1), (x2, y2) = hex_xy(space), hex_xy(other)
            assert abs(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 - 30 * 3**0.5) < 0.1
    xs = [hex_xy(h)[0] for h in range(BOARD.num_hexes)]
    assert min(xs) > 30 and max(xs) < 780 - 30


def test_pieces_are_drawn_where_the_observation_puts_them(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::17]:
        obs = snap.state.observation(None)
        root = draw(snap.state, None)
        creatures = Counter(e.attrib["data-kind"] for e in root.iter() if "creature" in classes(e))
        assert creatures == Counter(c["kind"] for c in obs["creatures"] if c["status"] == "sea")
        boats = [e for e in root.iter() if "boat-piece" in classes(e)]
        assert len(boats) == sum(b["status"] == "sea" for b in obs["boats"])
        on_board = [
            e for e in root.iter() if "explorer" in classes(e) and "data-explorer" in e.attrib
        ]
        expected = [e for e in obs["explorers"] if e["status"] in ("land", "swimming", "boat")]
        assert len(on_board) == len(expected)
        safe = [e for e in root.iter() if "safe-explorer" in classes(e)]
        assert len(safe) == sum(e["status"] == "safe" for e in obs["explorers"])


def test_the_revealer_of_a_boat_tile_clicks_the_swimmers_who_board(
    snapshots: list[Snapshot],
) -> None:
    """Rare in random games (more than three swimmers where a boat tile sinks), so the
    observation is a real one turned to that decision."""
    for snap in snapshots:
        obs = snap.state.observation(0)
        swimmers = [
            e["id"] for e in obs["explorers"] if e["status"] == "swimming" and e["hex"] is not None
        ]
        if len(swimmers) >= 2 and obs["phase"] == "move":
            break
    else:
        pytest.fail("no state with swimmers")
    obs = {**obs, "phase": "board", "to_move": 0}
    legal = [act.BoardBoat(e) for e in swimmers]
    root = ET.fromstring(BOARD_VIEW.svg(obs, legal, NAMES, tr))
    clicked = {
        int(e.attrib["data-explorer"]): GAME.action_from_json(json.loads(e.attrib["data-action"]))
        for e in root.iter()
        if "explorer-act" in classes(e)
    }
    assert clicked == {e: act.BoardBoat(e) for e in swimmers}
    assert not any("selectable" in classes(e) for e in root.iter())
    assert "climbs into the new boat" in " ".join(texts(root))


@pytest.mark.slow
def test_no_chosen_piece_is_styled_for_a_viewer_who_may_not_act(snapshots: list[Snapshot]) -> None:
    for snap in snapshots[::13]:
        state = snap.state
        for seat in viewers(state):
            if seat is not None and seat == state.current_player():
                continue
            assert not any(e.tag == SVG_NS + "style" for e in draw(state, seat).iter())
