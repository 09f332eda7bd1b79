"""Save the Whales as a scene: what the web board and the terminal both draw.

Regions, keyed by what a player points at:

- ``space-N``: track space N (POW is 0, clockwise), kind as printed (``"krill"``,
  ``"card_dawn"``, …); notes: its full name, then its SP if any. Whales on it lie in it.
- ``path-N``: the ENDANGERED SPECIES path space above track space N (kind ``"path"`` or
  its own, ``"safe_zone"``…), with the whales and the Catcher Ship on it.
- ``port``: the WHALING PORT, holding the ship while it is in port.
- ``habitat-W``: whale W's NATURAL HABITAT card, marked with its status; notes: what
  saving it costs, its status, where it is. A saved whale lies here.
- ``extinct``: EXTINCT MARINE MAMMALS. ``dice``: two dice (none before the first throw),
  notes: the cards left per deck. ``card``: the card drawn this turn, if any.
- ``seat-S``: seat S's row, notes: its whale, its SP; pieces: Exchange Pieces and loose SP.
- ``summary`` (the team's counts, then what MORATORIUM and the PROTECTION ACT do now) and
  ``prompt`` (the payment under way, what to click).

A whale is the piece ``whale-W`` wherever it is (none while in the box). Its choices
(naming, the barnacle, leaving the path, trading) are clicked on it; choosing and saving
on its habitat; paying on the payer's row; moving anywhere on the space; the rest are
buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from whaletable.core.action import Action
from whaletable.core.view import Choice, Piece, Region, Scene
from whaletable.core.words import Translate, seat_name
from whaletable.games.save_the_whales import words as w
from whaletable.games.save_the_whales.actions import (
    ChooseWhale,
    Contribute,
    LeavePath,
    MoveAnywhere,
    NameWhale,
    PassBarnacle,
    SaveWhale,
    TradePlaces,
)
from whaletable.games.save_the_whales.components import default_components
from whaletable.games.save_the_whales.observation import SaveTheWhalesObservation, WhaleRow


def whale_piece(whale: WhaleRow, tr: Translate) -> Piece:
    marks = {whale["status"], "barnacle"} if whale["barnacle"] else {whale["status"]}
    return Piece(
        f"whale-{whale['name']}",
        "whale",
        w.whale_code(whale["name"], tr),
        whale["owner"],
        frozenset(marks),
    )


def target(action: Action, obs: SaveTheWhalesObservation) -> str | None:
    """The key clicked for ``action``: see the module's docstring."""
    if isinstance(action, (NameWhale, PassBarnacle, LeavePath, TradePlaces)):
        whale = w.whale_of(obs, action.whale)
        return f"whale-{action.whale}" if whale["status"] != "box" else f"habitat-{action.whale}"
    if isinstance(action, (ChooseWhale, SaveWhale)):
        return f"habitat-{action.whale}"
    if isinstance(action, Contribute):
        return f"seat-{action.seat}"
    if isinstance(action, MoveAnywhere):
        return f"space-{action.space}"
    return None


def scene(obs: Any, legal: Sequence[Action], names: Sequence[str], tr: Translate) -> Scene:
    o = cast(SaveTheWhalesObservation, obs)
    c = default_components()
    pieces: dict[str, list[Piece]] = {}
    for whale in o["whales"]:
        status = whale["status"]
        where = {"track": f"space-{whale['space']}", "path": f"path-{whale['space']}"}.get(
            status, f"habitat-{whale['name']}"
        )
        if status not in ("box", "extinct"):
            pieces.setdefault(where, []).append(whale_piece(whale, tr))
    ship = "port" if o["ship"] is None else f"path-{o['ship']}"
    pieces.setdefault(ship, []).append(Piece("ship", "ship", w.ship_words(o, tr)))

    regions = [
        Region(
            "summary",
            "summary",
            w.turn_words(o, tr),
            (),
            (w.counts_line(o, tr), *w.flag_lines(o, tr)),
        )
    ]
    for space in c.track:
        kind = f"card_{space.deck}" if space.kind == "card" else space.kind
        value = w.whale_of(o, space.whale)["value"] if space.whale else 0
        notes = (w.space_name(space.index, tr), *w.space_sp(space.sp, value, tr))
        key = f"space-{space.index}"
        regions.append(
            Region(key, kind, w.space_words(space.index, tr)[0], tuple(pieces.get(key, ())), notes)
        )
    for p in c.path:
        key = f"path-{p.above}"
        named = w.named_words(p.name, tr) if p.name else None
        label = "" if named is None else named[0]
        kind = p.kind or "path"
        regions.append(
            Region(key, kind, label, tuple(pieces.get(key, ())), (w.path_space_name(p.above, tr),))
        )
    regions.append(Region("port", "port", w.place_words("port", tr), tuple(pieces.get("port", ()))))
    for whale in o["whales"]:
        name = whale["name"]
        key = f"habitat-{name}"
        notes = w.habitat_notes(whale, names, tr)
        marks = {whale["status"], "barnacle"} if whale["barnacle"] else {whale["status"]}
        regions.append(
            Region(
                key,
                "habitat",
                w.whale_name(name, tr),
                tuple(pieces.get(key, ())),
                notes,
                whale["owner"],
                frozenset(marks),
            )
        )
    extinct = tuple(whale_piece(w.whale_of(o, name), tr) for name in o["extinct"])
    regions.append(Region("extinct", "extinct", w.place_words("extinct", tr), extinct))
    dice = tuple(
        Piece(
            f"die-{k}", "die", w.die_words(face, tr), marks=frozenset({"ship"} if face == 0 else ())
        )
        for k, face in enumerate(o["dice"] or ())
    )
    regions.append(
        Region(
            "dice",
            "dice",
            w.place_words("dice", tr)
            if o["dice"] is None
            else w.dice_words(o["dice"][0], o["dice"][1], tr),
            dice,
            w.deck_lines(o, tr),
        )
    )
    card = o["card"]
    if card is not None:
        regions.append(
            Region(
                "card",
                "card",
                w.deck_name(card["deck"], tr),
                (),
                (w.card_text(card, tr),),
                marks=frozenset({card["deck"]}),
            )
        )
    for s, player in enumerate(o["players"]):
        coins = [
            Piece(f"exchange-{s}-{k}", "exchange", "5") for k in range(player["exchange_pieces"])
        ]
        coins += [Piece(f"loose-{s}-{k}", "loose", "1") for k in range(player["loose_sp"])]
        marks = {
            m
            for m, on in (
                ("turn", o["turn_seat"] == s and o["phase"] != "over"),
                ("to-move", o["to_move"] == s),
                ("you", o["seat"] == s),
            )
            if on
        }
        mine = (
            w.whale_name(player["whale"], tr) if player["whale"] else w.place_words("no whale", tr)
        )
        regions.append(
            Region(
                f"seat-{s}",
                "seat",
                seat_name(names, s, tr),
                tuple(coins),
                (mine, str(player["sp"])),
                s,
                frozenset(marks),
            )
        )
    prompt = [w.payment_words(o, tr)] if o["payment"] is not None else []
    prompt += [h for h in (w.hint(o, legal, tr),) if h]
    regions.append(Region("prompt", "prompt", "", (), tuple(prompt)))
    choices = tuple(Choice(a, w.action_label(a, obs, names, tr), target(a, o)) for a in legal)
    moving = o["moving_whale"]
    highlights = frozenset(
        {f"whale-{moving}"} if moving and w.whale_of(o, moving)["status"] != "box" else ()
    )
    return Scene(w.status_line(obs, names, tr), tuple(regions), choices, highlights)


__all__ = ["scene", "target"]
