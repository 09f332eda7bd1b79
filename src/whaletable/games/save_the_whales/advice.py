"""Save the Whales' advisor: which whale is most at risk on the next throw of the dice.

Nothing in the game is hidden but the order of the decks, so the figures come from the
observation and the dice odds alone (:func:`rules.dice_odds`, the Catcher Ship on the
face option ``ship_face`` names). For every throw of the next roll, with its chance:

- double Catcher Ships: the whale on the path closest ahead of the Ship (the first not
  shielded, under option ``double_ships = closest_unprotected``) becomes extinct;
- one Catcher Ship and a number, with a whale on the path: the Ship sails that many
  spaces; a whale on the path where it stops is caught (extinct);
- otherwise the moving whale moves by the dice: on the path, it is caught if it ends
  on the Ship's space (unless it slides down first); on the track, it goes onto the
  path if it lands on SPOTTED BY A CATCHER SHIP or PIRATE WHALERS while the Ship is
  out, or on a penalty space the team's pool cannot pay.

A whale's *risk* is the chance the next throw moves it one step nearer to extinction
(onto the path, or into EXTINCT), with the Magic Barnacle, the Safe Zones and
MORATORIUM protecting as the rules say. Cards a whale may draw are not counted (their
deck order is hidden), so the risk is the dice's share of the danger.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.advice import Advice, Figure, Row, register_advisor
from whaletable.core.game import Game
from whaletable.games.save_the_whales.actions import NameWhale, SaveWhale
from whaletable.games.save_the_whales.observation import SaveTheWhalesObservation
from whaletable.games.save_the_whales.rules import SHIP, dice_faces, dice_odds

GAME_ID = "save-the-whales"
TITLE = "Which whale is most at risk"
PENALTY_KINDS = ("krill", "oil_spill", "radioactive_waste")


def advise(
    game: Game[Any],
    options: Any,
    seat: int,
    observation: SaveTheWhalesObservation,
    legal: Sequence[Action],
    seed: int,
    budget: int,
) -> Advice:
    obs = observation
    c = game.components  # type: ignore[attr-defined]
    path_under: tuple[int, ...] = game.path_under  # type: ignore[attr-defined]
    n_path = len(c.path)
    n_track = c.track_length
    whales = obs["whales"]
    protected = bool(obs["moratorium"])
    on_path = {
        w["name"]: path_under[w["space"]]
        for w in whales
        if w["status"] == "path" and w["space"] is not None
    }
    ship = None if obs["ship"] is None else path_under[obs["ship"]]

    def shielded(name: str) -> bool:
        w = next(x for x in whales if x["name"] == name)
        return bool(w["barnacle"]) or c.path[on_path[name]].kind == "safe_zone"

    risk = {w["name"]: 0.0 for w in whales}
    mover = obs["moving_whale"]
    for throw, p in dice_odds(dice_faces(c.dice_numbers, options.ship_face)):
        a, b = throw.first, throw.second
        if a == SHIP and b == SHIP:
            if on_path and not protected:
                start = c.port_entry if ship is None else ship
                ahead = sorted(on_path, key=lambda w: ((on_path[w] - start) % n_path, w))
                for name in ahead:
                    if shielded(name):
                        if options.double_ships == "closest_unprotected":
                            continue
                        break
                    risk[name] += p
                    break
            continue
        if (a == SHIP or b == SHIP) and on_path:
            steps = a or b
            stop = (c.port_entry + steps - 1) % n_path if ship is None else (ship + steps) % n_path
            for name, pos in on_path.items():
                if pos == stop and not protected and not shielded(name):
                    risk[name] += p
            continue
        if mover is None:
            continue
        steps = a + b if a != SHIP and b != SHIP else (a or b)
        w = next(x for x in whales if x["name"] == mover)
        if w["status"] == "path":
            to = (on_path[mover] + steps) % n_path
            under = c.track[c.path[to].above]
            slides = (
                (
                    under.kind == "card"
                    and (under.deck == "dawn" or options.slide_down_on == "any_card")
                )
                or under.kind == "thar_she_blows"
                or c.path[to].above == w["home"]
            )
            shield = w["barnacle"] or c.path[to].kind == "safe_zone"
            if not slides and ship == to and not protected and not shield:
                risk[mover] += p
        elif w["status"] == "track" and w["space"] is not None:
            space = c.track[(w["space"] + steps) % n_track]
            if space.kind in ("spotted", "pirate_whalers"):
                ship_out = ship is not None or (
                    space.kind == "spotted" and options.ship_out_for != "both"
                )
                if ship_out and not w["barnacle"]:
                    risk[mover] += p
            elif (
                space.kind in PENALTY_KINDS
                and -space.sp > obs["pool"]
                and not (space.kind == "krill" and w["barnacle"])
            ):
                risk[mover] += p
    active = [w for w in whales if w["status"] in ("track", "path")]
    rows = tuple(
        Row(
            "{whale} ({status})",
            (Figure("risk", min(risk[w["name"]], 1.0), "probability"),),
            heat=min(risk[w["name"]], 1.0),
            spot=None if w["space"] is None else f"{w['status']}:{w['space']}",
            params=(("whale", w["name"]), ("status", w["status"])),
        )
        for w in sorted(active, key=lambda x: (-risk[x["name"]], x["name"]))
    )
    suggestion: Action | None = None
    worst = str(rows[0].params[0][1]) if rows else ""
    if rows and risk[worst] > 0:
        for action in legal:
            if isinstance(action, (SaveWhale, NameWhale)) and action.whale == worst:
                suggestion = action
                break
    return Advice(
        TITLE,
        seat,
        rows,
        suggestion=suggestion,
        note="Risk: the chance the next throw sends it onto the path or into extinction.",
    )


register_advisor(GAME_ID, advise)
