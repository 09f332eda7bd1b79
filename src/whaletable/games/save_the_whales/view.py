"""Save the Whales as a scene: what the web board and the terminal both draw.

Regions, keyed by what a player points at:

- ``space-N``: track space N (POW is 0, clockwise), kind as printed (``"krill"``,
  ``"card_dawn"``, …); notes: its full name, then its SP if any. Whales on it lie in it.
- ``path-N``: the ENDANGERED SPECIES path space above track space N (kind ``"path"`` or
  its own, ``"safe_zone"``…), with the whales and the Catcher Ship on it.
- ``port``: the WHALING PORT, holding the ship while it is in port.
- ``habitat-W``: whale W's NATURAL HABITAT card, marked with its status; notes: what
  saving it costs, its status in a word, and the whale's line (where it is, who plays it,
  the Magic Barnacle it holds), which its marker shows too. A saved whale lies here.
- ``extinct``: EXTINCT MARINE MAMMALS. ``dice``: two dice (none before the first throw),
  notes: the cards left per deck. ``card``: the card drawn this turn, if any.
- ``seat-S``: seat S's row, notes: its whale, its SP; pieces: Exchange Pieces and loose SP;
  marks: ``turn``, ``to-move``, ``you`` (the viewer), ``no-whale``.
- ``summary`` (the team's counts, then what MORATORIUM and the PROTECTION ACT do now) and
  ``prompt`` (the payment under way, what to click).

A whale is the piece ``whale-W`` wherever it is (none while in the box). Its choices
(naming, the barnacle, leaving the path, trading) are clicked on it; choosing and saving
on its habitat; moving anywhere on the space; the rest (the amounts to pay among them)
are buttons. The whale named to move this turn is highlighted, and what the last step touched:
the whales it moved and where to, the ship, the dice, the card, a habitat saved, a payer.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.view import Choice, Piece, Region, Scene, marks, touched
from whaletable.core.words import Translate, seat_name
from whaletable.games.save_the_whales import actions as act
from whaletable.games.save_the_whales import events as ev
from whaletable.games.save_the_whales import words as w
from whaletable.games.save_the_whales.components import default_components
from whaletable.games.save_the_whales.observation import SaveTheWhalesObservation, WhaleRow

SHIP_FACE, NONE = frozenset({"ship"}), frozenset[str]()

TOUCHED = {
    "whale": "whale-{}",
    "other": "whale-{}",
    "space": "space-{}",
    "above": "path-{}",
}
"""The keys an event's fields name: a whale, a track space, a path space (the ship's too)."""
TOUCHED_BY: dict[type[Event], str] = {
    ev.DiceRolled: "dice",
    ev.CardDrawn: "card",
    ev.ShipSailed: "ship",
    ev.ShipToPort: "ship",
    ev.WhaleExtinct: "extinct",
    ev.WhaleSaved: "habitat-{e.whale}",
    ev.SaveStarted: "habitat-{e.whale}",
    ev.SurvivalPointsCollected: "seat-{e.seat}",
    ev.SurvivalPointsPaid: "seat-{e.seat}",
}
"""The key an event of each of these kinds touches besides its fields' (``e``: the event):
a seat's SPs paid toward a payment light that payer's row."""


def touched_by(events: Sequence[Event]) -> set[str]:
    """What the events of a step touched, by key."""
    found = touched(events, TOUCHED)
    found.update(TOUCHED_BY[type(e)].format(e=e) for e in events if type(e) in TOUCHED_BY)
    return found


def whale_marks(whale: WhaleRow) -> frozenset[str]:
    """A whale's status, and whether a barnacle holds it: on its piece and its habitat."""
    return marks(barnacle=whale["barnacle"]) | {whale["status"]}


def whale_piece(whale: WhaleRow, tr: Translate) -> Piece:
    label = w.whale_code(whale["name"], tr)
    return Piece(f"whale-{whale['name']}", "whale", label, whale["owner"], whale_marks(whale))


def target(action: Action, obs: SaveTheWhalesObservation) -> str | None:
    """The key clicked for ``action``: see the module's docstring."""
    if isinstance(action, (act.NameWhale, act.PassBarnacle, act.LeavePath, act.TradePlaces)):
        on_board = w.whale_of(obs, action.whale)["status"] != "box"
        return f"whale-{action.whale}" if on_board else f"habitat-{action.whale}"
    if isinstance(action, (act.ChooseWhale, act.SaveWhale)):
        return f"habitat-{action.whale}"
    if isinstance(action, act.MoveAnywhere):
        return f"space-{action.space}"
    return None


def board(o: SaveTheWhalesObservation, names: Sequence[str], tr: Translate) -> list[Region]:
    """The track, the path, the port and the habitats, with the whales and the ship."""
    c = default_components()
    pieces: defaultdict[str, list[Piece]] = defaultdict(list)
    for whale in o["whales"]:
        at = {"track": "space-", "path": "path-"}.get(whale["status"])
        key = f"{at}{whale['space']}" if at else f"habitat-{whale['name']}"
        if whale["status"] not in ("box", "extinct"):
            pieces[key].append(whale_piece(whale, tr))
    ship = "port" if o["ship"] is None else f"path-{o['ship']}"
    pieces[ship].append(Piece("ship", "ship", w.ship_words(o, tr)))

    def region(key: str, kind: str, label: str, notes: tuple[str, ...], *rest: Any) -> Region:
        return Region(key, kind, label, tuple(pieces[key]), notes, *rest)

    regions = []
    for space in c.track:
        kind = f"card_{space.deck}" if space.kind == "card" else space.kind
        value = w.whale_of(o, space.whale)["value"] if space.whale else 0
        notes = (w.space_name(space.index, tr), *w.space_sp(space.sp, value, tr))
        label = w.space_words(space.index, tr)[0]
        regions.append(region(f"space-{space.index}", kind, label, notes))
    for p in c.path:
        label = (w.named_words(p.name, tr) or ("",))[0]
        notes = (w.path_space_name(p.above, tr),)
        regions.append(region(f"path-{p.above}", p.kind or "path", label, notes))
    regions.append(region("port", "port", w.place_words("port", tr), ()))
    for whale in o["whales"]:
        label, notes = w.whale_name(whale["name"], tr), w.habitat_notes(whale, names, tr)
        habitat = f"habitat-{whale['name']}"
        regions.append(region(habitat, "habitat", label, notes, whale["owner"], whale_marks(whale)))
    return regions


def table(o: SaveTheWhalesObservation, names: Sequence[str], tr: Translate) -> list[Region]:
    """Beside the board: the extinct whales, the dice and the card, and the seats' rows."""
    extinct = tuple(whale_piece(w.whale_of(o, name), tr) for name in o["extinct"])
    faces = o["dice"]
    dice = tuple(
        Piece(f"die-{k}", "die", w.die_words(face, tr), None, SHIP_FACE if face == 0 else NONE)
        for k, face in enumerate(faces or ())
    )
    thrown = w.place_words("dice", tr) if faces is None else w.dice_words(faces[0], faces[1], tr)
    regions = [
        Region("extinct", "extinct", w.place_words("extinct", tr), extinct),
        Region("dice", "dice", thrown, dice, w.deck_lines(o, tr)),
    ]
    card = o["card"]
    if card is not None:
        deck, text = w.deck_name(card["deck"], tr), (w.card_text(card, tr),)
        regions.append(Region("card", "card", deck, (), text, None, frozenset({card["deck"]})))
    for s, player in enumerate(o["players"]):
        coins = [
            Piece(f"exchange-{s}-{k}", "exchange", "5") for k in range(player["exchange_pieces"])
        ]
        coins += [Piece(f"loose-{s}-{k}", "loose", "1") for k in range(player["loose_sp"])]
        marked = marks(
            turn=o["turn_seat"] == s and o["phase"] != "over",
            to_move=o["to_move"] == s,
            you=o["seat"] == s,
            no_whale=player["whale"] is None,
        )
        whale = player["whale"]
        notes = (
            w.whale_name(whale, tr) if whale else w.place_words("no whale", tr),
            str(player["sp"]),
        )
        name = seat_name(names, s, tr)
        regions.append(Region(f"seat-{s}", "seat", name, tuple(coins), notes, s, marked))
    return regions


def scene(
    o: SaveTheWhalesObservation,
    legal: Sequence[Action],
    names: Sequence[str],
    tr: Translate,
    *,
    events: Sequence[Event] = (),
) -> Scene:
    summary = w.summary_lines(o, tr)
    prompt = [w.payment_words(o, tr), w.hint(o, legal, tr)]
    regions = (
        Region("summary", "summary", w.turn_words(o, tr), (), summary),
        *board(o, names, tr),
        *table(o, names, tr),
        Region("prompt", "prompt", "", (), tuple(p for p in prompt if p)),
    )
    choices = tuple(Choice(a, w.action_label(a, o, names, tr), target(a, o)) for a in legal)
    # The whale named to move this turn is the one the dice will move (none in the box is
    # lit: it is no piece of the scene).
    made = Scene(w.status_line(o, names, tr), regions, choices)
    return made.lit({f"whale-{o['moving_whale']}", *touched_by(events)})


__all__ = ["board", "scene", "table", "target"]
