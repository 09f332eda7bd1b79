"""Survive's advisor: which of the seat's explorers is safest, and the odds of the dice.

Everything here is public or the seat's own (explorer values of other seats are not
used), so the figures come straight from the observation:

- the creature die: each face's share of the die's faces (``components.toml``); with
  Challenge Rule 5 (dolphins), the two dive dice's faces the same way;
- per explorer of the seat in the sea (swimming or in a boat), its *safety*: the chance
  that the next creature roll moves no creature able to harm it within reach of it.
  A face moves the kinds it names (a whale face moves the giant squid too, or only it,
  by the options); a kind harms swimmers (serpent, shark, squid) or boats (serpent,
  whale, squid); a creature reaches the explorer when the explorer's space is within
  its moves, counted in spaces as the crow swims (land in between is not counted, so
  the safety is never overstated). A dolphin on a swimmer's space guards it (Rule 5).
  Explorers on land or on a safe isle cannot be reached by a creature: safety 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.advice import Advice, Figure, Row, register_advisor
from whaletable.core.game import Game
from whaletable.games.survive.components import COMPONENTS, spaces_apart
from whaletable.games.survive.observation import CreatureView, SurviveObservation

GAME_ID = "survive"
TITLE = "How safe your explorers are"
HARMS = {"swimming": ("serpent", "shark", "squid"), "boat": ("serpent", "whale", "squid")}
"""Which creatures harm an explorer in the sea, by where it is (rulebook, creature moves)."""


def face_kinds(face: str, options: Any) -> tuple[str, ...]:
    """The creature kinds a creature-die face lets move (Squid 2 and its optional rule)."""
    if face != "whale" or not options.giant_squid:
        return (face,)
    if options.squids_replace_whales:
        return ("squid",)
    return ("whale", "squid")


def face_odds() -> dict[str, float]:
    faces = COMPONENTS.die_faces
    return {f: faces.count(f) / len(faces) for f in dict.fromkeys(faces)}


def safety(hex_: int, where: str, creatures: Sequence[CreatureView], options: Any) -> float:
    """The chance the next creature roll brings no creature that harms this explorer."""
    harms = HARMS[where]
    if where == "swimming" and any(c["kind"] == "dolphin" and c["hex"] == hex_ for c in creatures):
        return 1.0
    risk = 0.0
    for face, p in face_odds().items():
        kinds = face_kinds(face, options)
        if any(
            c["hex"] is not None  # at sea
            and c["kind"] in kinds
            and c["kind"] in harms
            and spaces_apart(c["hex"], hex_) <= COMPONENTS.moves[c["kind"]]
            for c in creatures
        ):
            risk += p
    return 1.0 - risk


def advise(
    game: Game[Any],
    options: Any,
    seat: int,
    observation: SurviveObservation,
    legal: Sequence[Action],
    seed: int,
    budget: int,
) -> Advice:
    obs = observation
    rows: list[Row] = []
    for face, p in face_odds().items():
        rows.append(
            Row(
                "creature die: {face}",
                (Figure("die", p, "probability"),),
                heat=p,
                params=(("face", face),),
            )
        )
    sums = ["die"]
    if options.dolphins_and_diving_creatures:
        pieces = COMPONENTS.dive_pieces
        moves = COMPONENTS.dive_moves[options.dive_die]
        for title, figure, faces in (
            ("dive die: {face}", "dive piece", pieces),
            ("move die: {face}", "move die", moves),
        ):
            for face in dict.fromkeys(faces):
                p = faces.count(face) / len(faces)
                chance = (Figure(figure, p, "probability"),)
                rows.append(Row(title, chance, heat=p, params=(("face", face),)))
        sums += ["dive piece", "move die"]
    creatures = obs["creatures"]
    for ex in obs["explorers"]:
        if ex["seat"] != seat or ex["status"] in ("unplaced", "lost"):
            continue
        status = ex["status"]
        if status in ("swimming", "boat") and ex["hex"] is not None:
            safe = safety(ex["hex"], status, creatures, options)
        else:
            safe = 1.0
        rows.append(
            Row(
                "explorer {number} ({status})",
                (Figure("safety", safe, "probability"),),
                heat=1.0 - safe,
                spot=None if ex["hex"] is None else f"hex:{ex['hex']}",
                params=(("number", ex["id"]), ("status", status)),
            )
        )
    return Advice(
        TITLE,
        seat,
        tuple(rows),
        note="Safety: the chance the next creature roll brings nothing that can harm it.",
        sums=tuple(sums),
    )


register_advisor(GAME_ID, advise)
