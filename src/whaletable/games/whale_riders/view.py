"""What one viewer of Whale Riders is shown, and where each move is chosen.

Regions, by key:

- ``turn``: the turn (its owner the viewer); a note says how to play it when the viewer
  may act.
- ``supply``: the bag, the pile and the pearls left; the burned contracts as pieces.
- ``port-P`` (0 the Sun Port … 7 the Lobster Port): its notes are the price of each
  space from the cheapest up; its pieces the spaces ``space-P-S`` (kind: the good on
  it, or ``empty``) and the riders ``rider-SEAT`` there (marked ``out``/``back``/``home``,
  ``not-left``, ``to-move``). Marked ``home`` (the Sun Port) and ``buying`` (the
  viewer's rider is there and may buy).
- ``hand``: the viewer's own contracts ``contract-ID`` (marked ``payable``), labelled with
  the goods the viewer's tiles add up to. A spectator has none.
- ``seat-SEAT``: what lies in front of a seat: ``coins-SEAT``, its tiles ``held-SEAT-I``
  (kind: the good), one ``back-SEAT-K`` per contract in hand (face down, whoever views),
  ``fulfilled-SEAT``, ``pearls-SEAT`` and its power ``power-SEAT``. Noted with where its
  rider is, then what its power does; marked ``to-move``, ``viewer`` and ``start-player``.
- ``decrees`` (The Clan's Decree): the decrees ``decree-ID`` turned up, marked ``met``.

Choices: a purchase at the space bought, a burn or fulfil at the contract taken; moving,
taking a coin, starting to burn or fulfil and Done are buttons.

What the last step touched is highlighted: the rider moved, the space bought from (or
refilled), the coins taken, the contract burned or fulfilled (the seat's pile), the
contract drawn (its face to the seat that drew it, its back to everyone), a decree met.
"""

from __future__ import annotations

from collections.abc import Sequence

from whaletable.core.action import Action
from whaletable.core.event import Event
from whaletable.core.view import Choice, Piece, Region, Scene, marks
from whaletable.core.words import Translate, seat_name
from whaletable.games.whale_riders import actions as act
from whaletable.games.whale_riders import events as ev
from whaletable.games.whale_riders import words
from whaletable.games.whale_riders.observation import (
    ContractView,
    TileView,
    WhaleRidersObservation,
)


def scene(
    o: WhaleRidersObservation,
    legal: Sequence[Action],
    names: Sequence[str],
    tr: Translate,
    *,
    events: Sequence[Event] = (),
) -> Scene:
    """One viewer's scene; ``legal`` its actions (empty when it may not act)."""
    choices = tuple(Choice(a, words.action_label(a, o, names, tr), _target(a, o)) for a in legal)
    buying = {
        c.target.rsplit("-", 1)[0] for c in choices if isinstance(c.action, act.Buy) and c.target
    }
    regions = [
        Region(
            "turn",
            "turn",
            tr(words.TURN).format(turn=o["turn"]),
            notes=(words.turn_hint(o, legal, tr),) if legal else (),
            owner=o["seat"],
        ),
        Region(
            "supply",
            "supply",
            words.counts_line(o, tr),
            tuple(_contract(f"burned-{c['id']}", c, tr) for c in o["burned"]),
        ),
    ]
    for p, port in enumerate(o["ports"]):
        spaces = [_tile(f"space-{p}-{s}", tile, tr) for s, tile in enumerate(port["spaces"])]
        spaces += [_rider(o, s, names, tr) for s, pl in enumerate(o["players"]) if pl["port"] == p]
        marked = marks(home=p == 0, buying=f"space-{p}" in buying)
        notes = tuple(str(price) for price in port["prices"])
        label = tr(port["name"])
        regions.append(Region(f"port-{p}", "port", label, tuple(spaces), notes, None, marked))
    seat = o["seat"]
    if seat is not None:
        me = o["players"][seat]
        hand = tuple(
            _contract(f"contract-{c['id']}", c, tr, payable=c["payable"], owner=seat)
            for c in me["hand"]
            if c is not None
        )
        regions.append(Region("hand", "hand", words.goods_line(me["goods"], tr), hand, owner=seat))
    regions += [_seat(o, s, names, tr) for s in range(o["num_players"])]
    if o["decrees"]:
        decrees = tuple(
            Piece(
                f"decree-{d['id']}",
                "decree",
                words.decree_line(d, names, tr),
                marks=marks(met=bool(d["claimed_by"])),
            )
            for d in o["decrees"]
        )
        regions.append(Region("decrees", "decrees", "", decrees))
    made = Scene(words.status_line(o, names, tr), tuple(regions), choices)
    return made.lit(key for e in events for key in touches(e))


def touches(event: Event) -> tuple[str, ...]:
    """The keys of what ``event`` touched; a contract drawn is named only to the seat
    that drew it (to the others its card is blanked: they see a back more).

    One event kind at a time, for most keys here join two fields (a seat's boat, a port's
    space), which :func:`whaletable.core.view.touched`'s one field per key cannot say."""
    match event:
        case ev.RiderMoved(seat=seat):
            return (f"rider-{seat}",)
        case ev.TileBought(port=port, slot=slot) | ev.SpaceRefilled(port=port, slot=slot):
            return (f"space-{port}-{slot}",)
        case ev.CoinTaken(seat=seat):
            return (f"coins-{seat}",)
        case ev.ContractBurned(card=card):
            return (f"burned-{card}",)
        case ev.ContractFulfilled(seat=seat):
            return (f"fulfilled-{seat}",)
        case ev.ContractDrawn(seat=seat, card=card, hand=hand):
            back = f"back-{seat}-{hand - 1}"
            return (back,) if card is None else (back, f"contract-{card}")
        case ev.DecreeMet(seat=seat, decree=decree):
            return f"decree-{decree}", f"pearls-{seat}"
        case ev.PowerDealt(seat=seat):
            return (f"power-{seat}",)
    return ()


def _target(action: Action, obs: WhaleRidersObservation) -> str | None:
    """Where ``action`` is chosen: the space bought, the contract taken, else a button."""
    if isinstance(action, act.Buy):
        mover = obs["to_move"]
        port = obs["players"][mover]["port"] if mover is not None else 0
        return f"space-{port}-{action.slot}"
    if isinstance(action, (act.Burn, act.Fulfil)):
        return f"contract-{action.card}"
    return None


def _tile(key: str, tile: TileView | None, tr: Translate, owner: int | None = None) -> Piece:
    """A tile (its kind the good) or, where there is none, an empty space."""
    if tile is None:
        return Piece(key, "empty", "")
    return Piece(key, tile["good"], words.tile_name(tile, tr), owner)


def _rider(obs: WhaleRidersObservation, seat: int, names: Sequence[str], tr: Translate) -> Piece:
    player = obs["players"][seat]
    marked = marks(not_left=player["step"] == 0, to_move=obs["to_move"] == seat)
    place = words.rider_place(obs, player, tr)
    label = tr(words.RIDER).format(name=seat_name(names, seat, tr), place=place)
    return Piece(f"rider-{seat}", "rider", label, seat, marked | {player["heading"]})


def _contract(
    key: str, card: ContractView, tr: Translate, *, payable: bool = False, owner: int | None = None
) -> Piece:
    return Piece(key, "contract", words.contract_text(card, tr), owner, marks(payable=payable))


def _seat(obs: WhaleRidersObservation, seat: int, names: Sequence[str], tr: Translate) -> Region:
    player = obs["players"][seat]
    power = player["power"]
    pieces = [Piece(f"coins-{seat}", "coins", str(player["coins"]), seat)]
    pieces += [_tile(f"held-{seat}-{i}", t, tr, seat) for i, t in enumerate(player["tiles"])]
    pieces += [Piece(f"back-{seat}-{k}", "card-back", "", seat) for k in range(player["hand_size"])]
    pieces.append(Piece(f"fulfilled-{seat}", "fulfilled", str(len(player["fulfilled"])), seat))
    pieces.append(Piece(f"pearls-{seat}", "pearls", str(player["pearls"]), seat))
    notes = [words.rider_place(obs, player, tr)]
    if power is not None:
        pieces.append(Piece(f"power-{seat}", "power", tr(power["name"]), seat))
        notes.append(words.tile_line(power, tr))
    marked = marks(
        to_move=obs["to_move"] == seat,
        viewer=obs["seat"] == seat,
        start_player=obs["start_player"] == seat,
    )
    label = seat_name(names, seat, tr)
    return Region(f"seat-{seat}", "seat", label, tuple(pieces), tuple(notes), seat, marked)
