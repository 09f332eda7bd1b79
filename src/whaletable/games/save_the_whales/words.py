"""Save the Whales in words, shared by the web board, the terminal and the scene
(``view.py``), in the reader's language through ``tr``. Each function reads only an
observation. Spaces are named as printed with their number, since several share a name.

Most sentences sit in tables marked with ``_`` (so the catalog finds them) and are
translated where they are said.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.result import Result
from whaletable.core.words import Translate, plain_choice, seat_name, word_for
from whaletable.core.words import message as _
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales.components import default_components
from whaletable.games.save_the_whales.observation import (
    DrawnCard,
    SaveTheWhalesObservation,
    WhaleRow,
)

WHALES = {  # a whale's name and the three letters on its marker
    "gray": (_("Gray Whale"), _("GRY")),
    "humpback": (_("Humpback Whale"), _("HUM")),
    "bowhead": (_("Bowhead Whale"), _("BOW")),
    "right": (_("Right Whale"), _("RGT")),
    "blue": (_("Blue Whale"), _("BLU")),
    "fin": (_("Fin Whale"), _("FIN")),
    "sperm": (_("Sperm Whale"), _("SPM")),
    "orca": (_("Orca"), _("ORC")),
}
SPACES = {
    # A space's short label and full name: first by the name the data gives it (the data
    # may rename the rulebook's spaces), then by its kind.
    "ARCTIC CIRCLE": (_("ARCTIC CIRCLE"), _("ARCTIC CIRCLE")),
    "ANTARCTICA": (_("ANTARCTICA"), _("ANTARCTICA")),
    "MIND IN THE WATERS": (_("MIND IN THE WATERS"), _("MIND IN THE WATERS")),
    "WHALE MIGRATION": (_("WHALE MIGRATION"), _("WHALE MIGRATION")),
    "STORM AT SEA": (_("STORM AT SEA"), _("STORM AT SEA (a Safe Zone)")),
    "CATCHER SHIP STUCK ON ICEBERG": (
        _("ICEBERG"),
        _("CATCHER SHIP STUCK ON ICEBERG (a Safe Zone)"),
    ),
    "MERMAID": (_("MERMAID"), _("The Mermaid: on to THE MAGIC BARNACLE")),
    "GOLDEN BARNACLE": (
        _("GOLDEN BARNACLE"),
        _("A golden barnacle: the Magic Barnacle may be passed"),
    ),
    "card_dawn": (_("DAWN O'DAY"), _("DAWN O'DAY")),
    "card_neptune": (_("NEPTUNE"), _("OLD FATHER NEPTUNE")),
    "pow": (_("POW"), _("POW")),
    "krill": (_("KRILL"), _("KRILL IS BEING HARVESTED")),
    "oil_spill": (_("OIL SPILL"), _("OIL SPILL")),
    "radioactive_waste": (_("RADIOACTIVE WASTE"), _("RADIOACTIVE WASTE (LEAKING)")),
    "iwc": (_("IWC"), _("IWC")),
    "floating_factory": (_("FLOATING FACTORY"), _("FLOATING FACTORY")),
    "pirate_whalers": (_("PIRATE WHALERS"), _("PIRATE WHALERS")),
    "spotted": (_("SPOTTED"), _("SPOTTED BY A CATCHER SHIP")),
    "protection_act": (_("PROTECTION ACT"), _("MARINE MAMMAL PROTECTION ACT")),
    "moratorium": (_("MORATORIUM"), _("MORATORIUM")),
    "calving_sanctuary": (_("CALVING SANCTUARY"), _("CALVING SANCTUARY")),
    "magic_barnacle": (_("MAGIC BARNACLE"), _("THE MAGIC BARNACLE")),
    "thar_she_blows": (_("THAR SHE BLOWS!"), _("THAR SHE BLOWS!")),
}
STATUS = {  # a whale's state in a word or two
    "box": _("not yet in play"),
    "track": _("on the track"),
    "path": _("on the path!"),
    "saved": _("saved"),
    "extinct": _("extinct"),
}
OFF_BOARD = {  # where a whale off the board is
    "saved": _("saved, in its NATURAL HABITAT"),
    "extinct": _("in EXTINCT MARINE MAMMALS"),
}
PLACES = {  # the board's places and the empty hand, as printed
    "port": _("WHALING PORT"),
    "extinct": _("EXTINCT MARINE MAMMALS"),
    "habitats": _("NATURAL HABITATS"),
    "dice": _("The dice"),
    "no whale": _("no whale"),
}
RESULT = {  # the result table's columns and the team's tally
    "sp_left": _("SP left"),
    "whales_saved": _("Whales saved by the team"),
    "whales_lost": _("Whales lost"),
}
RISK = _("Risk: the chance the next throw sends it onto the path or into extinction.")
ADVICE = {  # the advisor's keys (``advice.py``): a whale's status, and its own messages
    "track": _("on the track"),
    "path": _("on the path"),
    "Which whale is most at risk": _("Which whale is most at risk"),
    "{whale} ({status})": _("{whale} ({status})"),
    "risk": _("risk"),
    RISK: RISK,
}
HINTS = {  # what to click now, by phase (see ``hint``)
    "choose_whale": _("Choose a whale on the NATURAL HABITATS."),
    "own_space": _("…or click a space to move there."),
    **dict.fromkeys(("barnacle", "leave_path", "trade_places"), _("Click a whale.")),
}
YOUR_TURN = {  # the status line of the seat to play, by phase
    "choose_whale": _("Your turn: choose a new whale."),
    "turn": _("Your turn: roll the dice."),
    "pay": _("Your turn: pay or refuse."),
    "own_space": _("Your turn: collect SP or move anywhere."),
    "barnacle": _("Your turn: the Magic Barnacle may be passed."),
    "leave_path": _("Your turn: whales may come out of the path."),
    "trade_places": _("Your turn: you may trade places with a whale on the path."),
}
DONE = {  # taking nothing (more) in the phase under way
    "barnacle": _("Keep the barnacle where it is"),
    "leave_path": _("Stay on the path"),
    "trade_places": _("Do not trade"),
}
ACTIONS: dict[type[Action], str] = {  # see ``action_label`` for the fields
    act.ChooseWhale: _("Choose the {whale} (saving it costs {value} SP)"),
    act.NameWhale: _("Move the {whale} this turn (now {where})"),
    act.SaveWhale: _("Save the {whale}: the team pays {value} SP"),
    act.CollectSurvivalPoints: _("Collect {sp} SP on your own whale space"),
    act.MoveAnywhere: _("Move to {space}"),
    act.LeavePath: _("Bring the {whale} out of the path to {space}"),
    act.TradePlaces: _("Trade places with the {whale} ({where})"),
    act.DrawCard: _("Draw a {deck} card"),
}
SENTENCES: dict[object, str | tuple[str, ...]] = {
    # One sentence of the log per event, keyed by its class, or by its class and what
    # ``VARIANTS`` reads of it. Fields are worded by ``event_fields``. A Landed event has
    # none: the move already says where.
    ev.WhaleChosen: _("{name} brings the {whale} into play at POW."),
    ev.WhaleNamed: _("{name} will move the {whale}."),
    (ev.DiceRolled, True): _("{name} rolls double Catcher Ships for the {whale}!"),
    (ev.DiceRolled, False): _("{name} rolls {first} and {second} for the {whale}."),
    ev.WhaleMoved: _("The {whale} moves to {space}."),
    ev.WhaleSwam: _("The {whale} swims along {where}."),
    ev.PassedPow: _("The {whale} passes POW."),
    ev.SurvivalPointsCollected: _("{name} collects {sp} SP."),
    ev.MovedAnywhere: _("{name} moves the {whale} anywhere: to {space}."),
    ev.SaveStarted: _("{name} starts saving the {whale}."),
    ev.SurvivalPointsPaid: _("{name} puts in {amount} SP of their own for the {whale}."),
    ev.PaymentLeftToOthers: _("{name} leaves the payment for the {whale} to the others."),
    ev.PenaltyPaid: _("The team pays a penalty of {sp} SP for the {whale}."),
    ev.SavePaid: _("The team pays {sp} SP to save the {whale}."),
    (ev.PenaltyRefused, True): (
        _("{name} refuses to pay."),
        _("The team cannot pay the penalty for the {whale}."),
    ),
    (ev.PenaltyRefused, False): _("{name} refuses to pay the penalty of {sp} SP for the {whale}."),
    ev.PenaltyUnpayable: _("The team cannot pay the penalty for the {whale}."),
    ev.SaveDeclined: _("{name} does not save the {whale}."),
    ev.WentOntoPath: _("The {whale} goes onto the ENDANGERED SPECIES path."),
    ev.SlidDown: _("The {whale} slides down to {space}."),
    ev.LeftPath: _("The {whale} comes out of the path to {space}."),
    ev.MermaidCarried: _("The Mermaid takes the {whale} to THE MAGIC BARNACLE."),
    ev.PlacesTraded: _("The {whale} trades places with the {other} on the path."),
    ev.ShipSailed: _("The Catcher Ship sails {steps} to {where}."),
    ev.ShipToPort: _("The Catcher Ship goes back to the WHALING PORT."),
    ev.WhaleExtinct: _("The {whale} becomes extinct."),
    (ev.WhaleProtected, "moratorium"): _("MORATORIUM protects the {whale}."),
    (ev.WhaleProtected, "safe_zone"): _("A Safe Zone protects the {whale}."),
    (ev.WhaleProtected, "barnacle"): _("The Magic Barnacle protects the {whale}."),
    (ev.WhaleSaved, True): _("The {whale} is saved, free, thanks to the Magic Barnacle!"),
    (ev.WhaleSaved, False): _("The {whale} is saved!"),
    ev.BarnacleGained: _("The {whale} gets the Magic Barnacle."),
    ev.BarnacleLost: _("The {whale} loses the Magic Barnacle."),
    ev.CardDrawn: _("Card drawn: {deck}."),
    ev.OfferDeclined: _("{name} takes nothing more."),
    ev.ExtraTurn: _("Doubles: {name} plays again."),
}
VARIANTS: dict[type[Event], Callable[[Any], object]] = {
    ev.DiceRolled: lambda e: e.first == e.second == 0,
    ev.PenaltyRefused: lambda e: e.unable,
    ev.WhaleProtected: lambda e: e.by,
    ev.WhaleSaved: lambda e: e.free,
}
OPTIONS = {
    "ship_face": _("Catcher Ship on the dice"),
    "wording": _("Card wording"),
    "double_ships": _("Double Catcher Ships take"),
    "slide_down_on": _("Whales on the path slide down from above"),
    "save_instead": _("Save a whale instead of paying the penalty on"),
    "save_instead_for": _("On IWC and FLOATING FACTORY, save instead"),
    "ship_out_for": _("Only while the Catcher Ship is out of port"),
}
CHOICES = {
    ("ship_face", "six"): _("instead of the 6"),
    ("ship_face", "one"): _("instead of the 1"),
    ("wording", "standard"): _("as printed"),
    ("wording", "gentle"): _("gentle, for young players"),
    ("double_ships", "closest_unprotected"): _("the closest unprotected whale"),
    ("double_ships", "closest"): _("only the closest whale"),
    ("slide_down_on", "dawn"): _("DAWN O’DAY spaces only"),
    ("slide_down_on", "any_card"): _("any card space"),
    ("save_instead", "bad_spaces"): _("every bad space"),
    ("save_instead", "penalty_spaces"): _("every space with an SP penalty"),
    ("save_instead", "named_spaces"): _("RADIOACTIVE WASTE and IWC only"),
    ("save_instead_for", "lander"): _("the whale that landed"),
    ("save_instead_for", "every_payer"): _("any whale that owes the penalty"),
    ("ship_out_for", "pirate_whalers"): _("PIRATE WHALERS"),
    ("ship_out_for", "both"): _("PIRATE WHALERS and SPOTTED BY A CATCHER SHIP"),
}


def whale_name(whale: str, tr: Translate) -> str:
    return tr(WHALES[whale][0]) if whale in WHALES else whale


def whale_code(whale: str, tr: Translate) -> str:
    return tr(WHALES[whale][1]) if whale in WHALES else whale[:3]


def place_words(place: str, tr: Translate) -> str:
    return word_for(PLACES, place, tr)


def result_word(key: str, tr: Translate) -> str:
    return word_for(RESULT, key, tr)


def option_label(name: str, tr: Translate) -> str:
    return word_for(OPTIONS, name, tr)


def choice_label(name: str, choice: Any, tr: Translate) -> str:
    """One allowed value of option ``name``, for the lobby."""
    if isinstance(choice, str) and (name, choice) in CHOICES:
        return tr(CHOICES[(name, choice)])
    return plain_choice(choice, tr)


def advice_word(key: str, tr: Translate) -> str:
    """The advisor's titles, labels and row names (``advice.py``), in the reader's language:
    its own words, a whale's name, or any other message of the catalog."""
    return tr(ADVICE[key]) if key in ADVICE else tr(WHALES[key][0] if key in WHALES else key)


def named_words(name: str, tr: Translate) -> tuple[str, str] | None:
    """Short and full words of a space the rulebook names (or of a kind of space)."""
    return (tr(SPACES[name][0]), tr(SPACES[name][1])) if name in SPACES else None


def space_words(index: int, tr: Translate) -> tuple[str, str]:
    """A track space's short label and full name."""
    space = default_components().track[index]
    if space.kind == "whale" and space.name not in SPACES:
        name = whale_name(space.whale, tr)
        return name, tr("{whale} space").format(whale=name)
    kind = f"card_{space.deck}" if space.kind == "card" else space.kind
    words = named_words(space.name, tr) or named_words(kind, tr)
    return words or (space.name, space.name)


def space_name(index: int, tr: Translate) -> str:
    """A track space's full name with its number (several spaces share a name)."""
    return tr("{name} (space {number})").format(name=space_words(index, tr)[1], number=index)


def path_space_name(above: int, tr: Translate) -> str:
    """A path space, named by the track space it lies above (and its own name, if any)."""
    space = space_name(above, tr)
    for p in default_components().path:
        named = named_words(p.name, tr) if p.above == above else None
        if named is not None:
            return tr("{name} on the path, above {space}").format(name=named[1], space=space)
    return tr("the path above {space}").format(space=space)


def deck_name(deck: str, tr: Translate) -> str:
    """A deck's full name, as its card spaces are named."""
    return tr(SPACES[f"card_{deck}"][1])


def die_words(face: int, tr: Translate) -> str:
    return tr("a Catcher Ship") if face == 0 else str(face)


# --- What the table shows ------------------------------------------------------------------


def whale_of(obs: SaveTheWhalesObservation, name: str) -> WhaleRow:
    """The observation's entry for whale ``name`` (it lists all eight, in or out of play)."""
    return next(w for w in obs["whales"] if w["name"] == name)


def where_words(whale: WhaleRow, tr: Translate) -> str:
    """Where a whale is: its space on the track or the path, its habitat, or the box."""
    status, space = whale["status"], whale["space"]
    if status in ("track", "path") and space is not None:
        return (space_name if status == "track" else path_space_name)(space, tr)
    return tr(OFF_BOARD.get(status, STATUS["box"]))


def ship_words(obs: SaveTheWhalesObservation, tr: Translate) -> str:
    ship = obs["ship"]
    where = tr("in the WHALING PORT") if ship is None else path_space_name(ship, tr)
    return tr("The Catcher Ship: {where}").format(where=where)


def dice_words(first: int, second: int, tr: Translate) -> str:
    show = tr("The dice show {first} and {second}")
    return show.format(first=die_words(first, tr), second=die_words(second, tr))


def turn_words(obs: SaveTheWhalesObservation, tr: Translate) -> str:
    """The turn being played: ``turns`` counts the throws, so before this turn's throw it is
    one more."""
    before = obs["phase"] in ("turn", "roll", "choose_whale")
    return tr("Turn {turns}").format(turns=obs["turns"] + 1 if before else max(obs["turns"], 1))


def summary_lines(obs: SaveTheWhalesObservation, tr: Translate) -> tuple[str, ...]:
    """The team's counts, then what the whales on MORATORIUM and the PROTECTION ACT do for
    every whale now."""
    counts = tr("Saved: {saved} · Extinct: {extinct} · The team's SP: {pool}").format(
        saved=len(obs["saved"]), extinct=len(obs["extinct"]), pool=obs["pool"]
    )
    flags = {
        tr("MORATORIUM: no whale can become extinct"): obs["moratorium"],
        tr("PROTECTION ACT: whales may be saved"): obs["protection_act"],
    }
    return (counts, *(flag for flag, on in flags.items() if on))


def payment_words(obs: SaveTheWhalesObservation, tr: Translate) -> str:
    """The payment under way (there is one): a save or a penalty, and what is paid of it."""
    pay = obs["payment"]
    if pay is None:
        return ""
    if pay["save"]:
        text = tr("Saving the {whale}: {paid} of {amount} SP paid")
    elif pay["amount"] == 0:
        text = tr("The {whale} must go onto the path unless it is saved now")
    else:
        text = tr("Penalty for the {whale}: {paid} of {amount} SP paid")
    words = text.format(whale=whale_name(pay["whale"], tr), paid=pay["paid"], amount=pay["amount"])
    if obs["payments_waiting"]:
        words += " · " + tr("{count} more to pay after this").format(count=obs["payments_waiting"])
    return words


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
        word_for(STATUS, whale["status"], tr),
        tr("{whale}: {where}").format(whale=whale_name(whale["name"], tr), where=" · ".join(where)),
    )


def deck_lines(obs: SaveTheWhalesObservation, tr: Translate) -> tuple[str, ...]:
    """The cards left in each deck, named as their card spaces are labelled."""
    return tuple(
        tr("{deck}: {left} left").format(deck=tr(SPACES[f"card_{d}"][0]), left=count["left"])
        for d, count in obs["decks"].items()
    )


def hint(obs: SaveTheWhalesObservation, legal: Sequence[Action], tr: Translate) -> str:
    """What to click now, for the seat that may act ("" for any other)."""
    phase = obs["phase"]
    if not legal or (phase == "pay" and obs["payment"] and obs["payment"]["amount"] == 0):
        return ""
    if phase == "turn" and any(isinstance(a, act.NameWhale) for a in legal):
        return tr("Click the whale you will move.")
    if phase == "pay" and not any(isinstance(a, act.Pay) for a in legal):
        return tr("The team cannot pay this penalty.")
    if phase == "pay":
        return tr("Choose how many of your own SP to pay.")
    return tr(HINTS[phase]) if phase in HINTS else ""


def action_label(
    action: Action, obs: SaveTheWhalesObservation, names: Sequence[str], tr: Translate
) -> str:
    """``action`` in words for the seat whose observation ``obs`` is."""
    pay, whale, holder = obs["payment"], getattr(action, "whale", None), obs["barnacle"]
    row = whale_of(obs, whale) if whale is not None else None
    named = whale_name(whale, tr) if whale is not None else ""
    if isinstance(action, act.Roll):
        moving = obs["moving_whale"]
        if moving is None:
            return tr("Roll the dice")
        return tr("Roll the dice for the {whale}").format(whale=whale_name(moving, tr))
    if isinstance(action, act.SaveWhale) and pay is not None and not pay["save"] and row:
        text = tr("Save the {whale} instead of paying the penalty: the team pays {value} SP")
        return text.format(whale=named, value=row["value"])
    if isinstance(action, act.Pay):
        if action.amount == 0:
            return tr("Pay nothing: leave the rest to the others")
        mine = obs["players"][obs["to_move"]]["sp"] if obs["to_move"] is not None else 0
        return tr("Pay {amount} SP of your own (you have {sp})").format(
            amount=action.amount, sp=mine
        )
    if isinstance(action, act.Refuse):
        return _refuse_label(obs, tr)
    if isinstance(action, act.PassBarnacle) and holder is not None and holder != whale:
        text = tr("Pass the Magic Barnacle from the {holder} to the {whale}")
        return text.format(holder=whale_name(holder, tr), whale=named)
    if isinstance(action, act.PassBarnacle):
        return tr("The {whale} takes the Magic Barnacle").format(whale=named)
    if isinstance(action, act.Done):
        return tr(DONE[obs["phase"]]) if obs["phase"] in DONE else tr("Done")
    if isinstance(action, act.ThrowDice):
        return dice_words(action.first, action.second, tr)
    template = ACTIONS.get(type(action))
    if template is None:
        return str(action)
    space = obs["leaving_to"][action.whale] if isinstance(action, act.LeavePath) else None
    space = action.space if isinstance(action, act.MoveAnywhere) else space
    return tr(template).format(
        whale=named,
        value=row["value"] if row else 0,
        where=where_words(row, tr) if row else "",
        space=space_name(space, tr) if space is not None else "",
        sp=default_components().own_space_sp,
        deck=deck_name(action.deck, tr) if isinstance(action, act.DrawCard) else "",
    )


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
        return tr("Game over: {headline}").format(headline=game_over_line(obs, names, tr))
    phase, to_move = obs["phase"], obs["to_move"]
    if to_move is None and phase == "draw":
        text = tr("a card is being drawn.")
    elif to_move is None:
        text = tr("the dice are rolling.")
    elif to_move != obs["seat"]:
        text = tr("{name} is to play.").format(name=seat_name(names, to_move, tr))
    elif phase == "turn" and obs["players"][to_move]["whale"] is None:
        text = tr("Your turn: name the whale you will move, then roll.")
    else:
        text = tr(YOUR_TURN[phase]) if phase in YOUR_TURN else tr("Your turn.")
    return turn_words(obs, tr) + " · " + text


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


def result_lines(obs: SaveTheWhalesObservation, tr: Translate) -> list[str]:
    """Under the result: the whales the team saved and those that became extinct."""
    lines = ((tr("Saved: {whales}"), obs["saved"]), (tr("Extinct: {whales}"), obs["extinct"]))
    return [
        line.format(whales=", ".join(whale_name(w, tr) for w in whales) or tr("none"))
        for line, whales in lines
    ]


def tie_break_line(result: Result, tr: Translate) -> str | None:
    """A cooperative game breaks no tie."""
    return None


def ranking_rule(result: Result, tr: Translate) -> str:
    """How the team wins."""
    return tr("The team wins only by saving every whale; its score is the whales saved.")


def event_fields(event: Event, names: Sequence[str], tr: Translate) -> dict[str, object]:
    """An event's fields in words: a seat by its name (``seat`` as ``name``), a whale by
    its species, a space by its name (a path space, ``above``, as ``where``), a die by
    its face, a deck by its name."""
    out: dict[str, object] = {}
    for field in fields(event):
        key, value = field.name, getattr(event, field.name)
        if key in ("seat", "payer"):
            out["name" if key == "seat" else key] = seat_name(names, value, tr)
        elif key in ("whale", "other"):
            out[key] = whale_name(value, tr)
        elif key == "space":
            out[key] = space_name(value, tr)
        elif key == "above":
            out["where"] = path_space_name(value, tr)
        elif key in ("first", "second"):
            out[key] = die_words(value, tr)
        else:
            out[key] = deck_name(value, tr) if key == "deck" else value
    return out


def describe(event: Event, names: Sequence[str], tr: Translate) -> str | None:
    """One sentence of the log for ``event``; None for a landing (the move says where)."""
    if isinstance(event, ev.GameOver):
        return headline(event.saved, event.total, tr)
    variant = VARIANTS.get(type(event))
    sentence = SENTENCES.get(type(event) if variant is None else (type(event), variant(event)))
    if sentence is None:
        return None
    words = event_fields(event, names, tr)
    parts = (sentence,) if isinstance(sentence, str) else sentence
    return " ".join(tr(part).format(**words) for part in parts)


# --- The terminal's typed commands -----------------------------------------------------------
SHORT_FORMS = _(
    "type a number from the list, or: r (roll), c W (choose whale W), n W (name whale W "
    "to move), s W (save W), p N (pay N of your own SP), x (refuse to pay), k (collect), "
    "m N (move to space N), b W (barnacle to W), l W (W leaves the path), "
    "t W (trade places with W), d (done), q (quit)"
)

# --- The lobby: the game in a sentence or two, its picture, a line of help per option ------
SUMMARY = _(
    "Work together to save the eight whales before the Catcher Ship, THE SYSTEM and bad luck "
    "make them extinct. Everyone wins or loses as one team."
)
PICTURE = _("A whale swimming away from a Catcher Ship on the waves.")
OPTION_HELP = {
    "ship_face": _(
        "Which face of each die shows the Catcher Ship: the numbers left are 1 to 5, or 2 to 6."
    ),
    "wording": _("The card texts as printed, or softened for young players."),
    "double_ships": _("Which whale is lost when both dice show the Catcher Ship."),
    "slide_down_on": _("Above which spaces a whale on the ENDANGERED SPECIES path slides down."),
    "save_instead": _(
        "While a whale occupies MARINE MAMMAL PROTECTION ACT, where a whale may be saved instead "
        "of taking a space’s penalty."
    ),
    "save_instead_for": _(
        "On IWC and FLOATING FACTORY, which whales may be saved instead of paying."
    ),
    "ship_out_for": _(
        "Whether SPOTTED BY A CATCHER SHIP, like PIRATE WHALERS, counts only while the "
        "Catcher Ship is out of the WHALING PORT."
    ),
}
