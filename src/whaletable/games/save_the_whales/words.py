"""Save the Whales in words: the names of whales and spaces, one sentence per event, and
everything the web board and the terminal both say (actions, the status line, where a
whale is, payments, the Catcher Ship).

Shared by the web table (``web/boards/save_the_whales.py``) and the terminal
(``cli/render/save_the_whales.py``), in the reader's language through ``tr`` (the catalog
is extracted from this module and both). Each function reads only an observation.
Spaces are named as printed on the board with their number, since several spaces share
a name.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from functools import cache
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, plain_choice, seat_name
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales.components import default_components
from whaletable.games.save_the_whales.observation import (
    DrawnCard,
    SaveTheWhalesObservation,
    WhaleRow,
)


def whale_name(whale: str, tr: Translate) -> str:
    words = {
        "gray": tr("Gray Whale"),
        "humpback": tr("Humpback Whale"),
        "bowhead": tr("Bowhead Whale"),
        "right": tr("Right Whale"),
        "blue": tr("Blue Whale"),
        "fin": tr("Fin Whale"),
        "sperm": tr("Sperm Whale"),
        "orca": tr("Orca"),
    }
    return words.get(whale, whale)


def named_words(name: str, tr: Translate) -> tuple[str, str] | None:
    """Short and full words of the spaces the rulebook names (the data may rename them)."""
    words = {
        "ARCTIC CIRCLE": (tr("ARCTIC CIRCLE"), tr("ARCTIC CIRCLE")),
        "ANTARCTICA": (tr("ANTARCTICA"), tr("ANTARCTICA")),
        "MIND IN THE WATERS": (tr("MIND IN THE WATERS"), tr("MIND IN THE WATERS")),
        "WHALE MIGRATION": (tr("WHALE MIGRATION"), tr("WHALE MIGRATION")),
        "STORM AT SEA": (tr("STORM AT SEA"), tr("STORM AT SEA (a Safe Zone)")),
        "CATCHER SHIP STUCK ON ICEBERG": (
            tr("ICEBERG"),
            tr("CATCHER SHIP STUCK ON ICEBERG (a Safe Zone)"),
        ),
        "MERMAID": (tr("MERMAID"), tr("The Mermaid: on to THE MAGIC BARNACLE")),
        "GOLDEN BARNACLE": (
            tr("GOLDEN BARNACLE"),
            tr("A golden barnacle: the Magic Barnacle may be passed"),
        ),
    }
    return words.get(name)


def space_words(index: int, tr: Translate) -> tuple[str, str]:
    """A track space's short label and full name."""
    space = default_components().track[index]
    kind = space.kind
    named = named_words(space.name, tr)
    if named is not None:
        return named
    if kind == "whale":
        name = whale_name(space.whale, tr)
        return name, tr("{whale} space").format(whale=name)
    if kind == "card":
        if space.deck == "dawn":
            return tr("DAWN O'DAY"), tr("DAWN O'DAY")
        return tr("NEPTUNE"), tr("OLD FATHER NEPTUNE")
    words = {
        "pow": (tr("POW"), tr("POW")),
        "krill": (tr("KRILL"), tr("KRILL IS BEING HARVESTED")),
        "oil_spill": (tr("OIL SPILL"), tr("OIL SPILL")),
        "radioactive_waste": (tr("RADIOACTIVE WASTE"), tr("RADIOACTIVE WASTE (LEAKING)")),
        "iwc": (tr("IWC"), tr("IWC")),
        "floating_factory": (tr("FLOATING FACTORY"), tr("FLOATING FACTORY")),
        "pirate_whalers": (tr("PIRATE WHALERS"), tr("PIRATE WHALERS")),
        "spotted": (tr("SPOTTED"), tr("SPOTTED BY A CATCHER SHIP")),
        "protection_act": (tr("PROTECTION ACT"), tr("MARINE MAMMAL PROTECTION ACT")),
        "moratorium": (tr("MORATORIUM"), tr("MORATORIUM")),
        "calving_sanctuary": (tr("CALVING SANCTUARY"), tr("CALVING SANCTUARY")),
        "magic_barnacle": (tr("MAGIC BARNACLE"), tr("THE MAGIC BARNACLE")),
        "thar_she_blows": (tr("THAR SHE BLOWS!"), tr("THAR SHE BLOWS!")),
    }
    return words.get(kind, (space.name, space.name))


def space_name(index: int, tr: Translate) -> str:
    """A track space's full name with its number (several spaces share a name)."""
    return tr("{name} (space {number})").format(name=space_words(index, tr)[1], number=index)


def path_space_name(above: int, tr: Translate) -> str:
    """A path space, named by the track space it lies above (and its own name, if any)."""
    for p in default_components().path:
        if p.above == above and p.name:
            named = named_words(p.name, tr)
            if named is not None:
                return tr("{name} on the path, above {space}").format(
                    name=named[1], space=space_name(above, tr)
                )
    return tr("the path above {space}").format(space=space_name(above, tr))


def deck_name(deck: str, tr: Translate) -> str:
    return tr("DAWN O'DAY") if deck == "dawn" else tr("OLD FATHER NEPTUNE")


def die_words(face: int, tr: Translate) -> str:
    return tr("a Catcher Ship") if face == 0 else str(face)


# --- What the table shows ------------------------------------------------------------------


def whale_of(obs: SaveTheWhalesObservation, name: str) -> WhaleRow:
    """The observation's entry for whale ``name`` (it lists all eight, in or out of play)."""
    return next(w for w in obs["whales"] if w["name"] == name)


def status_word(status: str, tr: Translate) -> str:
    """A whale's state in a word or two: in the box, on the track or path, saved, extinct."""
    words = {
        "box": tr("not yet in play"),
        "track": tr("on the track"),
        "path": tr("on the path!"),
        "saved": tr("saved"),
        "extinct": tr("extinct"),
    }
    return words.get(status, status)


def where_words(whale: WhaleRow, tr: Translate) -> str:
    """Where a whale is: its space on the track or the path, its habitat, or the box."""
    status, space = whale["status"], whale["space"]
    if status == "track" and space is not None:
        return space_name(space, tr)
    if status == "path" and space is not None:
        return path_space_name(space, tr)
    if status == "saved":
        return tr("saved, in its NATURAL HABITAT")
    if status == "extinct":
        return tr("in EXTINCT MARINE MAMMALS")
    return tr("not yet in play")


def ship_words(obs: SaveTheWhalesObservation, tr: Translate) -> str:
    ship = obs["ship"]
    where = tr("in the WHALING PORT") if ship is None else path_space_name(ship, tr)
    return tr("The Catcher Ship: {where}").format(where=where)


def dice_words(first: int, second: int, tr: Translate) -> str:
    return tr("The dice show {first} and {second}").format(
        first=die_words(first, tr), second=die_words(second, tr)
    )


def turn_words(obs: SaveTheWhalesObservation, tr: Translate) -> str:
    """The turn being played: ``turns`` counts the throws, so before this turn's throw it is
    one more."""
    before = obs["phase"] in ("turn", "roll", "choose_whale")
    return tr("Turn {turns}").format(turns=obs["turns"] + 1 if before else max(obs["turns"], 1))


def counts_line(obs: SaveTheWhalesObservation, tr: Translate) -> str:
    return tr("Saved: {saved} · Extinct: {extinct} · The team's SP: {pool}").format(
        saved=len(obs["saved"]), extinct=len(obs["extinct"]), pool=obs["pool"]
    )


def flag_lines(obs: SaveTheWhalesObservation, tr: Translate) -> list[str]:
    """What the whales on MORATORIUM and the PROTECTION ACT do for every whale now."""
    flags = []
    if obs["moratorium"]:
        flags.append(tr("MORATORIUM: no whale can become extinct"))
    if obs["protection_act"]:
        flags.append(tr("PROTECTION ACT: whales may be saved"))
    return flags


def payment_words(obs: SaveTheWhalesObservation, tr: Translate) -> str:
    """The payment under way (there is one): a save or a penalty, and what is paid of it."""
    pay = obs["payment"]
    if pay is None:
        return ""
    whale = whale_name(pay["whale"], tr)
    if pay["save"]:
        text = tr("Saving the {whale}: {paid} of {amount} SP paid")
    elif pay["amount"] == 0:
        text = tr("The {whale} must go onto the path unless it is saved now")
    else:
        text = tr("Penalty for the {whale}: {paid} of {amount} SP paid")
    words = text.format(whale=whale, paid=pay["paid"], amount=pay["amount"])
    if obs["payments_waiting"]:
        words += " · " + tr("{count} more to pay after this").format(count=obs["payments_waiting"])
    return words


def whale_code(whale: str, tr: Translate) -> str:
    """Three letters on a whale's marker."""
    words = {
        "gray": tr("GRY"),
        "humpback": tr("HUM"),
        "bowhead": tr("BOW"),
        "right": tr("RGT"),
        "blue": tr("BLU"),
        "fin": tr("FIN"),
        "sperm": tr("SPM"),
        "orca": tr("ORC"),
    }
    return words.get(whale, whale[:3])


def place_words(place: str, tr: Translate) -> str:
    """The board's places and the empty hand, as printed."""
    words = {
        "port": tr("WHALING PORT"),
        "extinct": tr("EXTINCT MARINE MAMMALS"),
        "habitats": tr("NATURAL HABITATS"),
        "dice": tr("The dice"),
        "no whale": tr("no whale"),
    }
    return words[place]


def space_sp(sp: int, value: int, tr: Translate) -> tuple[str, ...]:
    """What a track space gives or takes (``sp``), or what saving its whale costs."""
    return (tr("{sp} SP").format(sp=value or f"{sp:+d}"),) if value or sp else ()


def habitat_notes(whale: WhaleRow, names: Sequence[str], tr: Translate) -> tuple[str, ...]:
    """A NATURAL HABITAT card: what saving the whale costs, its state in a word or two, and
    in a line where it is, who plays it and whether it holds the Magic Barnacle."""
    where = [where_words(whale, tr)]
    if whale["owner"] is not None:
        where.append(tr("played by {name}").format(name=seat_name(names, whale["owner"], tr)))
    if whale["barnacle"]:
        where.append(tr("holds the Magic Barnacle"))
    return (
        tr("saving: {value} SP").format(value=whale["value"]),
        status_word(whale["status"], tr),
        tr("{whale}: {where}").format(whale=whale_name(whale["name"], tr), where=" · ".join(where)),
    )


def deck_lines(obs: SaveTheWhalesObservation, tr: Translate) -> tuple[str, ...]:
    """The cards left in each deck."""
    short = {"dawn": tr("DAWN O'DAY"), "neptune": tr("NEPTUNE")}
    return tuple(
        tr("{deck}: {left} left").format(deck=short[d], left=count["left"])
        for d, count in obs["decks"].items()
    )


def hint(obs: SaveTheWhalesObservation, legal: Sequence[Action], tr: Translate) -> str:
    """What to click now, for the seat that may act ("" for any other)."""
    if not legal:
        return ""
    phase = obs["phase"]
    if phase == "choose_whale":
        return tr("Choose a whale on the NATURAL HABITATS.")
    if phase == "turn" and any(isinstance(a, act.NameWhale) for a in legal):
        return tr("Click the whale you will move.")
    if phase == "pay":
        if obs["payment"] is not None and obs["payment"]["amount"] == 0:
            return ""
        if not any(isinstance(a, act.Contribute) for a in legal):
            return tr("The team cannot pay this penalty.")
        return tr("Click a player's SP to pay 1 SP.")
    if phase == "own_space":
        return tr("…or click a space to move there.")
    if phase in ("barnacle", "leave_path", "trade_places"):
        return tr("Click a whale.")
    return ""


@cache
def own_space_sp() -> int:
    """The rulebook's "collect 5 SPs" on your own whale space (static game data)."""
    return default_components().own_space_sp


def action_label(
    action: Action, obs: SaveTheWhalesObservation, names: Sequence[str], tr: Translate
) -> str:
    """``action`` in words for the seat whose observation ``obs`` is."""
    if isinstance(action, act.ChooseWhale):
        return tr("Choose the {whale} (saving it costs {value} SP)").format(
            whale=whale_name(action.whale, tr), value=whale_of(obs, action.whale)["value"]
        )
    if isinstance(action, act.NameWhale):
        return tr("Move the {whale} this turn (now {where})").format(
            whale=whale_name(action.whale, tr), where=where_words(whale_of(obs, action.whale), tr)
        )
    if isinstance(action, act.Roll):
        moving = obs["moving_whale"]
        if moving is None:
            return tr("Roll the dice")
        return tr("Roll the dice for the {whale}").format(whale=whale_name(moving, tr))
    if isinstance(action, act.SaveWhale):
        value = whale_of(obs, action.whale)["value"]
        pay = obs["payment"]
        if pay is not None and not pay["save"]:
            return tr(
                "Save the {whale} instead of paying the penalty: the team pays {value} SP"
            ).format(whale=whale_name(action.whale, tr), value=value)
        return tr("Save the {whale}: the team pays {value} SP").format(
            whale=whale_name(action.whale, tr), value=value
        )
    if isinstance(action, act.Contribute):
        sp = obs["players"][action.seat]["sp"] if action.seat < len(obs["players"]) else 0
        return tr("Pay 1 SP from {name} (has {sp})").format(
            name=seat_name(names, action.seat, tr), sp=sp
        )
    if isinstance(action, act.Refuse):
        return _refuse_label(obs, tr)
    if isinstance(action, act.CollectSurvivalPoints):
        return tr("Collect {sp} SP on your own whale space").format(sp=own_space_sp())
    if isinstance(action, act.MoveAnywhere):
        return tr("Move to {space}").format(space=space_name(action.space, tr))
    if isinstance(action, act.PassBarnacle):
        holder = obs["barnacle"]
        if holder is not None and holder != action.whale:
            return tr("Pass the Magic Barnacle from the {holder} to the {whale}").format(
                holder=whale_name(holder, tr), whale=whale_name(action.whale, tr)
            )
        return tr("The {whale} takes the Magic Barnacle").format(whale=whale_name(action.whale, tr))
    if isinstance(action, act.LeavePath):
        return tr("Bring the {whale} out of the path to {space}").format(
            whale=whale_name(action.whale, tr),
            space=space_name(obs["leaving_to"][action.whale], tr),
        )
    if isinstance(action, act.TradePlaces):
        return tr("Trade places with the {whale} ({where})").format(
            whale=whale_name(action.whale, tr), where=where_words(whale_of(obs, action.whale), tr)
        )
    if isinstance(action, act.Done):  # taking nothing (more) in the phase under way
        done = {
            "barnacle": tr("Keep the barnacle where it is"),
            "leave_path": tr("Stay on the path"),
            "trade_places": tr("Do not trade"),
        }
        return done.get(obs["phase"], tr("Done"))
    if isinstance(action, act.ThrowDice):
        return dice_words(action.first, action.second, tr)
    if isinstance(action, act.DrawCard):
        return tr("Draw a {deck} card").format(deck=deck_name(action.deck, tr))
    return str(action)


def _refuse_label(obs: SaveTheWhalesObservation, tr: Translate) -> str:
    pay = obs["payment"]
    if pay is None:
        return tr("Refuse to pay")
    whale = whale_name(pay["whale"], tr)
    if pay["amount"] == 0:
        return tr("Do not save it: the {whale} goes onto the path").format(whale=whale)
    if whale_of(obs, pay["whale"])["status"] == "path":
        return tr("Refuse to pay: the {whale} may become extinct").format(whale=whale)
    return tr("Refuse to pay: the {whale} goes onto the path").format(whale=whale)


def status_line(obs: SaveTheWhalesObservation, names: Sequence[str], tr: Translate) -> str:
    """Whose turn it is and what they are doing, as the viewer of ``obs`` reads it."""
    if obs["phase"] == "over":
        return tr("Game over: {headline}").format(
            headline=headline(obs["whales_saved"], len(obs["whales"]), tr)
        )
    turn = turn_words(obs, tr)
    phase = obs["phase"]
    to_move = obs["to_move"]
    if to_move is None:
        if phase == "draw":
            return turn + " · " + tr("a card is being drawn.")
        return turn + " · " + tr("the dice are rolling.")
    if to_move == obs["seat"]:
        words = {
            "choose_whale": tr("Your turn: choose a new whale."),
            "turn": tr("Your turn: roll the dice."),
            "pay": tr("Your turn: pay or refuse."),
            "own_space": tr("Your turn: collect SP or move anywhere."),
            "barnacle": tr("Your turn: the Magic Barnacle may be passed."),
            "leave_path": tr("Your turn: whales may come out of the path."),
            "trade_places": tr("Your turn: you may trade places with a whale on the path."),
        }
        text = words.get(phase, tr("Your turn."))
        if phase == "turn" and obs["players"][to_move]["whale"] is None:
            text = tr("Your turn: name the whale you will move, then roll.")
        return turn + " · " + text
    return turn + " · " + tr("{name} is to play.").format(name=seat_name(names, to_move, tr))


def card_text(card: DrawnCard, tr: Translate) -> str:
    """A drawn card's text in the reader's language: the observation holds it in each
    language, and a gettext translator knows its own (English when it says none)."""
    owner = getattr(tr, "__self__", None)
    lang = (
        owner.info().get("language", "en") if isinstance(owner, gettext.NullTranslations) else "en"
    )
    return card["text"].get(lang) or card["text"]["en"]


def headline(saved: int, total: int, tr: Translate) -> str:
    """How the team did: every whale saved wins."""
    if saved == total:
        return tr("All {total} whales are saved: the team wins!").format(total=total)
    return tr("The team saved {saved} of {total} whales.").format(saved=saved, total=total)


def game_over_line(obs: SaveTheWhalesObservation, names: Sequence[str], tr: Translate) -> str:
    """The end of the game in one line: how many whales the team saved."""
    return headline(int(obs["whales_saved"]), len(obs["whales"]), tr)


def result_word(key: str, tr: Translate) -> str:
    """A column of the result table (a part of a seat's line, or the team's score), or a
    line of the team's tally."""
    words = {
        "sp_left": tr("SP left"),
        "whales_saved": tr("Whales saved by the team"),
        "whales_lost": tr("Whales lost"),
    }
    return words.get(key, key)


def whales_lines(saved: Sequence[str], lost: Sequence[str], tr: Translate) -> list[str]:
    """The whales the team saved and those that became extinct, already named."""
    none = tr("none")
    return [
        tr("Saved: {whales}").format(whales=", ".join(saved) or none),
        tr("Extinct: {whales}").format(whales=", ".join(lost) or none),
    ]


def tie_break_line(result: Result, tr: Translate) -> str | None:
    """A cooperative game breaks no tie."""
    return None


def ranking_rule(result: Result, tr: Translate) -> str:
    """How the team wins."""
    return tr("The team wins only by saving every whale; its score is the whales saved.")


def describe(event: Event, names: Sequence[str], tr: Translate) -> str | None:
    """One sentence of the log for ``event``; None for a landing (the move says where)."""
    if isinstance(event, ev.WhaleChosen):
        return tr("{name} brings the {whale} into play at POW.").format(
            name=seat_name(names, event.seat, tr), whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.WhaleNamed):
        return tr("{name} will move the {whale}.").format(
            name=seat_name(names, event.seat, tr), whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.DiceRolled):
        name, whale = seat_name(names, event.seat, tr), whale_name(event.whale, tr)
        if event.first == event.second == 0:
            return tr("{name} rolls double Catcher Ships for the {whale}!").format(
                name=name, whale=whale
            )
        return tr("{name} rolls {first} and {second} for the {whale}.").format(
            name=name,
            whale=whale,
            first=die_words(event.first, tr),
            second=die_words(event.second, tr),
        )
    if isinstance(event, ev.WhaleMoved):
        return tr("The {whale} moves to {space}.").format(
            whale=whale_name(event.whale, tr), space=space_name(event.space, tr)
        )
    if isinstance(event, ev.WhaleSwam):
        return tr("The {whale} swims along {where}.").format(
            whale=whale_name(event.whale, tr), where=path_space_name(event.above, tr)
        )
    if isinstance(event, ev.PassedPow):
        return tr("The {whale} passes POW.").format(whale=whale_name(event.whale, tr))
    if isinstance(event, ev.SurvivalPointsCollected):
        return tr("{name} collects {sp} SP.").format(
            name=seat_name(names, event.seat, tr), sp=event.sp
        )
    if isinstance(event, ev.MovedAnywhere):
        return tr("{name} moves the {whale} anywhere: to {space}.").format(
            name=seat_name(names, event.seat, tr),
            whale=whale_name(event.whale, tr),
            space=space_name(event.space, tr),
        )
    if isinstance(event, ev.SaveStarted):
        return tr("{name} starts saving the {whale}.").format(
            name=seat_name(names, event.seat, tr), whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.SurvivalPointPaid):
        return tr("{name} puts in 1 SP of {payer}.").format(
            name=seat_name(names, event.seat, tr), payer=seat_name(names, event.payer, tr)
        )
    if isinstance(event, ev.PenaltyPaid):
        return tr("The team pays a penalty of {sp} SP for the {whale}.").format(
            sp=event.sp, whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.SavePaid):
        return tr("The team pays {sp} SP to save the {whale}.").format(
            sp=event.sp, whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.PenaltyRefused):
        name, whale = seat_name(names, event.seat, tr), whale_name(event.whale, tr)
        if event.unable:
            return (
                tr("{name} refuses to pay.").format(name=name)
                + " "
                + tr("The team cannot pay the penalty for the {whale}.").format(whale=whale)
            )
        return tr("{name} refuses to pay the penalty of {sp} SP for the {whale}.").format(
            name=name, sp=event.sp, whale=whale
        )
    if isinstance(event, ev.PenaltyUnpayable):
        return tr("The team cannot pay the penalty for the {whale}.").format(
            whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.SaveDeclined):
        return tr("{name} does not save the {whale}.").format(
            name=seat_name(names, event.seat, tr), whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.WentOntoPath):
        return tr("The {whale} goes onto the ENDANGERED SPECIES path.").format(
            whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.SlidDown):
        return tr("The {whale} slides down to {space}.").format(
            whale=whale_name(event.whale, tr), space=space_name(event.space, tr)
        )
    if isinstance(event, ev.LeftPath):
        return tr("The {whale} comes out of the path to {space}.").format(
            whale=whale_name(event.whale, tr), space=space_name(event.space, tr)
        )
    if isinstance(event, ev.MermaidCarried):
        return tr("The Mermaid takes the {whale} to THE MAGIC BARNACLE.").format(
            whale=whale_name(event.whale, tr)
        )
    if isinstance(event, ev.PlacesTraded):
        return tr("The {whale} trades places with the {other} on the path.").format(
            whale=whale_name(event.whale, tr), other=whale_name(event.other, tr)
        )
    if isinstance(event, ev.ShipSailed):
        return tr("The Catcher Ship sails {steps} to {where}.").format(
            steps=event.steps, where=path_space_name(event.above, tr)
        )
    if isinstance(event, ev.ShipToPort):
        return tr("The Catcher Ship goes back to the WHALING PORT.")
    if isinstance(event, ev.WhaleExtinct):
        return tr("The {whale} becomes extinct.").format(whale=whale_name(event.whale, tr))
    if isinstance(event, ev.WhaleProtected):
        whale = whale_name(event.whale, tr)
        if event.by == "moratorium":
            return tr("MORATORIUM protects the {whale}.").format(whale=whale)
        if event.by == "safe_zone":
            return tr("A Safe Zone protects the {whale}.").format(whale=whale)
        return tr("The Magic Barnacle protects the {whale}.").format(whale=whale)
    if isinstance(event, ev.WhaleSaved):
        whale = whale_name(event.whale, tr)
        if event.free:
            return tr("The {whale} is saved, free, thanks to the Magic Barnacle!").format(
                whale=whale
            )
        return tr("The {whale} is saved!").format(whale=whale)
    if isinstance(event, ev.BarnacleGained):
        return tr("The {whale} gets the Magic Barnacle.").format(whale=whale_name(event.whale, tr))
    if isinstance(event, ev.BarnacleLost):
        return tr("The {whale} loses the Magic Barnacle.").format(whale=whale_name(event.whale, tr))
    if isinstance(event, ev.CardDrawn):
        return tr("Card drawn: {deck}.").format(deck=deck_name(event.deck, tr))
    if isinstance(event, ev.OfferDeclined):
        return tr("{name} takes nothing more.").format(name=seat_name(names, event.seat, tr))
    if isinstance(event, ev.ExtraTurn):
        return tr("Doubles: {name} plays again.").format(name=seat_name(names, event.seat, tr))
    if isinstance(event, ev.GameOver):
        return headline(event.saved, event.total, tr)
    return None  # Landed: the move already says where


def option_label(name: str, tr: Translate) -> str:
    """The name of one of the game's options, for the lobby."""
    labels = {
        "ship_face": tr("Catcher Ship on the dice"),
        "wording": tr("Card wording"),
        "double_ships": tr("Double Catcher Ships take"),
        "slide_down_on": tr("Whales on the path slide down from above"),
        "save_instead": tr("Save a whale instead of paying the penalty on"),
        "save_instead_for": tr("On IWC and FLOATING FACTORY, save instead"),
        "ship_out_for": tr("Only while the Catcher Ship is out of port"),
    }
    return labels.get(name, name)


def choice_label(name: str, choice: Any, tr: Translate) -> str:
    """One allowed value of option ``name``, for the lobby."""
    labels = {
        ("ship_face", "six"): tr("instead of the 6"),
        ("ship_face", "one"): tr("instead of the 1"),
        ("wording", "standard"): tr("as printed"),
        ("wording", "gentle"): tr("gentle, for young players"),
        ("double_ships", "closest_unprotected"): tr("the closest unprotected whale"),
        ("double_ships", "closest"): tr("only the closest whale"),
        ("slide_down_on", "dawn"): tr("DAWN O’DAY spaces only"),
        ("slide_down_on", "any_card"): tr("any card space"),
        ("save_instead", "bad_spaces"): tr("every bad space"),
        ("save_instead", "penalty_spaces"): tr("every space with an SP penalty"),
        ("save_instead", "named_spaces"): tr("RADIOACTIVE WASTE and IWC only"),
        ("save_instead_for", "lander"): tr("the whale that landed"),
        ("save_instead_for", "every_payer"): tr("any whale that owes the penalty"),
        ("ship_out_for", "pirate_whalers"): tr("PIRATE WHALERS"),
        ("ship_out_for", "both"): tr("PIRATE WHALERS and SPOTTED BY A CATCHER SHIP"),
    }
    if isinstance(choice, str) and (name, choice) in labels:
        return labels[(name, choice)]
    return plain_choice(choice, tr)


__all__ = [
    "action_label",
    "advice_word",
    "card_text",
    "choice_label",
    "counts_line",
    "deck_lines",
    "deck_name",
    "describe",
    "dice_words",
    "die_words",
    "flag_lines",
    "game_over_line",
    "habitat_notes",
    "headline",
    "hint",
    "named_words",
    "option_label",
    "own_space_sp",
    "path_space_name",
    "payment_words",
    "place_words",
    "result_word",
    "ship_words",
    "space_name",
    "space_sp",
    "space_words",
    "status_line",
    "status_word",
    "tie_break_line",
    "turn_words",
    "whale_code",
    "whale_name",
    "whale_of",
    "where_words",
]


def advice_word(key: str, tr: Translate) -> str:
    """The advisor's titles, labels and row names (``advice.py``), in the reader's language."""
    words = {
        "Which whale is most at risk": tr("Which whale is most at risk"),
        "{whale} ({status})": tr("{whale} ({status})"),
        "risk": tr("risk"),
        "track": tr("on the track"),
        "path": tr("on the path"),
        "Risk: the chance the next throw sends it onto the path or into extinction.": tr(
            "Risk: the chance the next throw sends it onto the path or into extinction."
        ),
    }
    if key in words:
        return words[key]
    named = whale_name(key, tr)
    return named if named != key else tr(key)
