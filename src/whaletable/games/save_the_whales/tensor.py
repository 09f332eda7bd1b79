"""Save the Whales' observation tensor: the whole table, which every seat sees alike.

Written from ``observation(seat)``. Seats are relative (row 0 is the observer), so the
team's shared policy reads its own seat first. The words of a card and a payment's
reason are left out: the card is named by deck and number, the payment by its whale,
amount and flags.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from whaletable.core.tensor import Field, TensorLayout, TensorModule, TensorWriter, relative
from whaletable.games.save_the_whales.components import DECKS, WHALES, default_components
from whaletable.games.save_the_whales.observation import SaveTheWhalesObservation
from whaletable.games.save_the_whales.rules import PHASE_NAMES, SHIP, STATUS_NAMES

_COMPONENTS = default_components()
SPACES = _COMPONENTS.track_length
FACES: tuple[int, ...] = tuple(sorted({SHIP, *_COMPONENTS.dice_numbers}))
CARDS = max(len(cards) for cards in _COMPONENTS.cards.values())
W = len(WHALES)


def layout(num_players: int, options: Any = None) -> TensorLayout:
    n = num_players
    return TensorLayout(
        (
            Field("phase", (len(PHASE_NAMES),), "one-hot: " + ", ".join(PHASE_NAMES)),
            Field("to_move", (n,), "one-hot relative seat to move (none at chance or the end)"),
            Field("turn_seat", (n,), "one-hot relative seat whose turn it is"),
            Field("turns", (1,), "turns taken so far"),
            Field("moving_whale", (W,), "one-hot whale moving now"),
            Field("sp", (n,), "per relative seat: survival points"),
            Field("whale_of", (n, W), "per relative seat: one-hot whale it is moving"),
            Field("pool", (1,), "survival points in the pool"),
            Field("whale_status", (W, len(STATUS_NAMES)), "per whale: " + ", ".join(STATUS_NAMES)),
            Field("whale_space", (W, SPACES), "per whale: one-hot space on the track or path"),
            Field("whale_owner", (W, n), "per whale: one-hot relative seat moving it"),
            Field("barnacle", (W,), "one-hot whale carrying the barnacle"),
            Field("ship", (SPACES,), "one-hot space of the catcher ship (none: in port)"),
            Field("dice", (2, len(FACES)), "per die: one-hot face (0 is the catcher ship)"),
            Field("decks", (len(DECKS), 2), "per deck: cards left, cards discarded"),
            Field("card", (len(DECKS), CARDS), "one-hot card being read (deck, number)"),
            Field("card_bad", (1,), "1 when that card is bad news"),
            Field("payment_whale", (W,), "one-hot whale a payment is for"),
            Field("payment", (5,), "amount, paid, for a save, may refuse, may save instead"),
            Field("payments_waiting", (1,), "payments queued after this one"),
            Field("offer", (W,), "whales offered to choose from"),
            Field("rules_in_force", (2,), "moratorium, protection act"),
            Field("saved", (W,), "1 per whale saved"),
            Field("extinct", (W,), "1 per whale extinct"),
        )
    )


def write(observation: Mapping[str, Any], seat: int, out: TensorWriter) -> None:
    obs = cast(SaveTheWhalesObservation, observation)
    n = obs["num_players"]

    def rel(s: int | None) -> int | None:
        return None if s is None else relative(s, seat, n)

    out.one_hot("phase", obs["phase"], PHASE_NAMES)
    out.one_hot("to_move", rel(obs["to_move"]), range(n))
    out.one_hot("turn_seat", rel(obs["turn_seat"]), range(n))
    out.put("turns", obs["turns"])
    out.one_hot("moving_whale", obs["moving_whale"], WHALES)
    for s, p in enumerate(obs["players"]):
        r = relative(s, seat, n)
        out.put("sp", p["sp"], (r,))
        out.one_hot("whale_of", p["whale"], WHALES, (r,))
    out.put("pool", obs["pool"])
    for w, whale in enumerate(obs["whales"]):
        out.one_hot("whale_status", whale["status"], STATUS_NAMES, (w,))
        out.one_hot("whale_space", whale["space"], range(SPACES), (w,))
        out.one_hot("whale_owner", rel(whale["owner"]), range(n), (w,))
    out.one_hot("barnacle", obs["barnacle"], WHALES)
    out.one_hot("ship", obs["ship"], range(SPACES))
    for die, face in enumerate(obs["dice"] or ()):
        out.one_hot("dice", face, FACES, (die,))
    for d, deck in enumerate(DECKS):
        out.put("decks", [obs["decks"][deck]["left"], obs["decks"][deck]["discarded"]], (d,))
    card = obs["card"]
    if card is not None:
        out.one_hot("card", card["card"], range(CARDS), (DECKS.index(card["deck"]),))
        out.put("card_bad", card["bad"])
    payment = obs["payment"]
    if payment is not None:
        out.one_hot("payment_whale", payment["whale"], WHALES)
        out.put(
            "payment",
            [
                payment["amount"],
                payment["paid"],
                payment["save"],
                payment["may_refuse"],
                payment["may_save_instead"],
            ],
        )
    out.put("payments_waiting", obs["payments_waiting"])
    for name in obs["offer"]:
        out.put("offer", 1.0, (WHALES.index(name),))
    out.put("rules_in_force", [obs["moratorium"], obs["protection_act"]])
    for name in obs["saved"]:
        out.put("saved", 1.0, (WHALES.index(name),))
    for name in obs["extinct"]:
        out.put("extinct", 1.0, (WHALES.index(name),))


TENSOR = TensorModule(layout, write)
