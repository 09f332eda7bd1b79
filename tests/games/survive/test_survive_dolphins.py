"""Challenge Rule 5, "Dolphins and Diving Creatures" (option ``dolphins_and_diving_creatures``).

Each docstring quotes the rule text (reference ``survive.md`` §9) or names the reading in
``notes.md`` it checks. Places used (row, idx) are along the top edge, far from the island.
"""

from __future__ import annotations

import math
import random
import tomllib
from importlib import resources
from typing import Any

import survive_support
from survive_support import Table, hx

from whaletable.games.survive import actions as act
from whaletable.games.survive import rules as R
from whaletable.games.survive.components import BOARD
from whaletable.games.survive.rules import SurviveState

RULE5 = {"dolphins_and_diving_creatures": True}


def quiet(table: Table, players: int = 2, **options: Any) -> SurviveState:
    """Rule 5 on; seat 0 to move, no creatures, no boats, nobody on the board."""
    return survive_support.quiet(table, players, **{**RULE5, **options})


def dive(state: SurviveState, piece: str, face: str) -> None:
    """Jump to step 4 of seat 0's turn and roll the dive dice."""
    state.decisions[:] = [R.D_ROLL]  # the turn's movement and sinking skipped
    state.to_move = state.active
    state._legal = None
    state.apply(act.RollDiveDice(piece, face))


def shark_dives(
    table: Table, face: str, creature: tuple[int, int], swimmer: tuple[int, int]
) -> SurviveState:
    """A shark on (0, 0), a creature ``(kind, space)`` and a swimmer ``(explorer, space)``;
    the dive dice then pick the shark to move ``face``."""
    state = quiet(table)
    shark = table.creature(state, R.SHARK, hx(0, 0))
    table.creature(state, *creature)
    table.swimmer(state, *swimmer)
    dive(state, "shark", face)
    assert state.p_creature == shark
    return state


def odds(state: SurviveState) -> dict[tuple[str, str], float]:
    state.decisions[:] = [R.D_ROLL]  # the turn's movement and sinking skipped
    state._legal = None
    out = {}
    for a, p in state.chance_outcomes():
        assert isinstance(a, act.RollDiveDice)
        out[(a.piece, a.face)] = p
    return out


def test_dive_dice_replace_the_creature_die(table: Table) -> None:
    """Rule 5: "Do not use the red Creature die when using this rule. [...] In step 4, roll both
    Dive dice (instead of the Creature die)." """
    state = quiet(table)
    table.creature(state, R.SHARK, hx(0, 3))
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("move-shark"))
    assert state.phase == R.ROLL
    assert all(isinstance(a, act.RollDiveDice) for a in state.legal_actions())
    assert table.refuses(state, act.RollCreatureDie("shark"))
    assert math.isclose(sum(odds(state).values()), 1.0)


def test_piece_die_names_serpent_shark_whale_dolphin_boat_or_starfish(table: Table) -> None:
    """Rule 5: "One of the Dive dice has symbols that indicate whether you may move a Sea
    Serpent, Shark, Whale, Dolphin, or unoccupied Boat. The Starfish symbol is "wild"." """
    by_piece: dict[str, float] = {}
    for (piece, _), p in odds(quiet(table)).items():
        by_piece[piece] = by_piece.get(piece, 0.0) + p
    assert set(by_piece) == {"serpent", "shark", "whale", "dolphin", "boat", "starfish"}
    assert all(math.isclose(p, 1 / 6) for p in by_piece.values())


def test_movement_die_is_reconstructed_with_the_1986_die_beside_it(table: Table) -> None:
    """Rule 5's other die is not printed in any source (reference §9: "number faces plus a
    'Dive' face", guessed). ``data/components.toml`` holds a reconstruction (provenance
    "reconstructed"): 1 to 5 and Dive; option ``dive_die = "1986"`` uses the die the reference
    guesses from Escape from Atlantis (1986), 1, 1, 2, 2, 3, Dive, labelled guessed. The two
    dice differ, and each gives the odds its own faces say."""
    text = resources.files("whaletable.games.survive").joinpath("data/components.toml")
    data = tomllib.loads(text.read_text(encoding="utf-8"))["dive_dice"]
    assert data["movement"]["provenance"] == "reconstructed" and data["movement"]["reason"]
    assert data["movement"]["faces"] == ["1", "2", "3", "4", "5", "dive"]
    assert data["movement_1986"]["faces"] == ["1", "1", "2", "2", "3", "dive"]
    assert data["movement_1986"]["provenance"] == "guessed"
    assert "no source" in data["movement_1986"]["reason"]

    def by_face(state: SurviveState) -> dict[str, int]:
        out: dict[str, float] = {}
        for (_, face), p in odds(state).items():
            out[face] = out.get(face, 0.0) + p
        return {f: round(p * 6) for f, p in out.items() if p}

    assert by_face(quiet(table, dive_die="1986")) == {"1": 2, "2": 2, "3": 1, "dive": 1}
    assert by_face(quiet(table)) == {"1": 1, "2": 1, "3": 1, "4": 1, "5": 1, "dive": 1}


def test_dolphin_tile_brings_a_dolphin_token(table: Table) -> None:
    """Rule 5: "Reveal the tile to all players. Place a Dolphin token in the sea space where the
    Land tile had been. Remove the Land tile from the game (instead of placing it into your
    hand)." """
    state = quiet(table)
    h = state.sinkable()[0]
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(h))
    state.apply(act.RevealBack("dolphin"))
    assert h in state.cr_hex[R.D0 : R.D1]
    assert state.hands[0] == [] and state.phase == R.ROLL
    for seat in (None, 0, 1):
        assert state.observation(seat)["sunk"][-1]["effect"] == "dolphin"


def test_dolphin_tile_is_a_red_tile_without_rule_5(table: Table) -> None:
    """Without Rule 5 the dolphin back is red: kept hidden in hand, no token."""
    state = table.setup(2, {}, boats=False)
    table.empty_sea(state)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("dolphin"))
    assert [e for _, e, _ in state.hands[0]] == ["dolphin"]
    assert all(h == R.SUPPLY for h in state.cr_hex[R.D0 : R.D1])
    assert state.observation(1)["sunk"][-1]["effect"] is None


def test_all_creatures_move_by_the_dive_dice_number(table: Table) -> None:
    """Rule 5: "All Creatures, including the Dolphins, are moved using the Dive dice." — the
    number is how far the piece may go: a shark on a 3 goes three spaces (one more than on
    the creature die), on a 1 only one."""
    for face, reach in (("1", 1), ("3", 3)):
        state = quiet(table)
        table.creature(state, R.SHARK, hx(0, 0))
        dive(state, "shark", face)
        spots = {a.to for a in state.legal_actions()}
        assert hx(0, reach) in spots and hx(0, reach + 1) not in spots


def test_dive_face_sends_the_piece_to_any_unoccupied_sea_space(table: Table) -> None:
    """Rule 5 ("diving creatures"), reading: the Dive face moves the piece to any unoccupied sea
    space, as the move-creature tiles do."""
    state = shark_dives(table, "dive", (R.SERPENT, hx(12, 3)), (0, hx(12, 6)))
    spots = {a.to for a in state.legal_actions()}
    sea = {h for h in range(BOARD.num_hexes) if not state.terrain[h]}
    assert spots == sea - {hx(0, 0), hx(12, 3), hx(12, 6)}


def test_dolphins_move_on_the_dolphin_face(table: Table) -> None:
    """Rule 5: the dolphin symbol moves a dolphin, "including the Dolphins"."""
    state = quiet(table)
    dolphin = table.creature(state, R.DOLPHIN, hx(0, 0))
    table.swimmer(state, 0, hx(0, 1))
    dive(state, "dolphin", "2")
    assert state.p_creature == dolphin
    spots = {a.to for a in state.legal_actions()}
    assert hx(0, 2) in spots and hx(0, 3) not in spots  # a swimmer does not stop it
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.cr_hex[dolphin] == hx(0, 1) and state.ex_status[0] == R.SWIM


def test_boat_face_moves_an_unoccupied_boat(table: Table) -> None:
    """Rule 5: "[...] or unoccupied Boat" — an empty boat moves as far as the number; a boat with
    anyone aboard does not."""
    state = quiet(table)
    empty = table.boat(state, hx(0, 0))
    table.boat(state, hx(0, 6), passengers=(0,))
    dive(state, "boat", "2")
    assert state.phase == R.PICK_CREATURE
    moves = {(a.boat, a.to) for a in state.legal_actions() if isinstance(a, act.MoveEmptyBoat)}
    assert {b for b, _ in moves} == {empty}
    assert (empty, hx(0, 2)) in moves and (empty, hx(0, 3)) not in moves
    assert "unoccupied" in table.refuses(state, act.MoveEmptyBoat(1, hx(0, 5)))
    state.apply(act.MoveEmptyBoat(empty, hx(0, 2)))
    assert state.boat_hex[empty] == hx(0, 2) and state.phase != R.PICK_CREATURE


def test_boat_face_moves_only_through_spaces_without_a_boat(table: Table) -> None:
    """Reading 28: the unoccupied boat moves up to the number "through sea spaces without a
    boat" (one boat per space): a space holding another boat is not a stop."""
    state = quiet(table)
    empty = table.boat(state, hx(0, 0))
    other = table.boat(state, hx(0, 1))
    dive(state, "boat", "2")
    moves = {
        a.to for a in state.legal_actions() if isinstance(a, act.MoveEmptyBoat) and a.boat == empty
    }
    near = {n for n in BOARD.neighbours[hx(0, 0)] if not state.terrain[n]}
    assert hx(0, 1) not in moves and near - {hx(0, 1)} <= moves
    assert "unoccupied" in table.refuses(state, act.MoveEmptyBoat(empty, hx(0, 1)))
    assert state.boat_hex[other] == hx(0, 1)


def test_starfish_is_wild(table: Table) -> None:
    """Rule 5: "The Starfish symbol is "wild" which means that you can move one Sea Serpent,
    Shark, Whale, Dolphin, or unoccupied" Boat."""
    state = quiet(table)
    picks = {
        table.creature(state, R.SERPENT, hx(0, 0)),
        table.creature(state, R.SHARK, hx(0, 2)),
        table.creature(state, R.WHALE, hx(0, 4)),
        table.creature(state, R.SQUID, hx(12, 0)),
        table.creature(state, R.DOLPHIN, hx(12, 3)),
    }
    boat = table.boat(state, hx(12, 6))
    dive(state, "starfish", "1")
    legal = state.legal_actions()
    assert {a.creature for a in legal if isinstance(a, act.PickCreature)} == picks
    assert {a.boat for a in legal if isinstance(a, act.MoveEmptyBoat)} == {boat}
    # Reading: a piece must move when one can (the symbol says which piece is allowed).
    assert all(isinstance(a, act.PickCreature | act.MoveEmptyBoat) for a in legal)


def test_dolphin_guards_swimmers_on_its_space(table: Table) -> None:
    """Rule 5 (reference §9: "protects swimmers on its space"): a shark entering a dolphin's
    space eats nobody there, and guarded swimmers do not end a shark's move."""
    state = shark_dives(table, "2", (R.DOLPHIN, hx(0, 1)), (10, hx(0, 1)))
    assert hx(0, 2) in {a.to for a in state.legal_actions()}  # it swims past them
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.ex_status[10] == R.SWIM


def test_dolphin_guards_swimmers_from_a_serpent(table: Table) -> None:
    """Rule 5 reading: the guard holds against every creature that eats swimmers (sharks and
    serpents); a serpent still sinks an occupied boat."""
    state = quiet(table)
    table.creature(state, R.SERPENT, hx(0, 0))
    table.creature(state, R.DOLPHIN, hx(0, 1))
    table.swimmer(state, 10, hx(0, 1))
    dive(state, "serpent", "1")
    state.apply(act.MoveCreature(hx(0, 1)))
    assert state.ex_status[10] == R.SWIM


def test_squid_moved_by_dive_dice_goes_as_they_say(table: Table) -> None:
    """Giant Squid 3.3: "If the movement occurs via the blue Dive dice, you may move the Giant
    Squid per the movement indicated on the Dive dice." — the whale symbol lets a squid move
    instead (rule 2), as far as the number, or anywhere unoccupied on the Dive face."""
    state = quiet(table)
    table.whale_away(state)
    squid = table.creature(state, R.SQUID, hx(0, 0))
    dive(state, "whale", "2")
    state.apply(act.PickCreature(R.Q0))
    assert state.p_creature == squid
    spots = {a.to for a in state.legal_actions()}
    assert {hx(0, 0), hx(0, 2)} <= spots and hx(0, 3) not in spots
    state = quiet(table)
    table.whale_away(state)
    table.creature(state, R.SQUID, hx(0, 0))
    dive(state, "whale", "dive")
    state.apply(act.PickCreature(R.Q0))
    spots = {a.to for a in state.legal_actions()}
    assert hx(12, 6) in spots and hx(0, 0) in spots  # 3.5: it may still stay


def test_dolphins_share_spaces_with_squids_serpents_and_sharks(table: Table) -> None:
    """Giant Squid 8: "Giant Squids, Sea Serpents. Sharks, and Dolphins do not affect each other.
    They can occupy the same sea space." — even with ``creature_stacking = "blocked"``."""
    state = quiet(table, creature_stacking="blocked")
    dolphin = table.creature(state, R.DOLPHIN, hx(0, 0))
    table.creature(state, R.SQUID, hx(0, 1))
    table.creature(state, R.SHARK, hx(0, 2))
    dive(state, "dolphin", "2")
    assert {hx(0, 1), hx(0, 2)} <= {a.to for a in state.legal_actions()}
    state.apply(act.MoveCreature(hx(0, 2)))
    assert state.cr_hex[dolphin] == hx(0, 2)


def test_hidden_hands_never_hold_dolphins_under_rule_5(table: Table) -> None:
    """With Rule 5 a dolphin back is shown at once, so a search never deals one into a hand."""
    state = quiet(table)
    state.apply(act.EndMovement())
    state.apply(act.SinkTile(state.sinkable()[0]))
    state.apply(act.RevealBack("move-shark"))
    for seed in range(20):
        other = state.determinize(1, random.Random(seed))
        assert [e for _, e, _ in other.hands[0]] != ["dolphin"]


def test_random_games_with_rule_5_end(table: Table) -> None:
    """Games with Rule 5 (both movement dice) play to the end with legal moves only."""
    rng = random.Random(3)
    for die in ("reconstructed", "1986"):
        state = table.game.new_state(3, {**RULE5, "dive_die": die})
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
