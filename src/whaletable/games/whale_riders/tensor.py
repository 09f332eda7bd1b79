"""Whale Riders' observation tensor: what one seat knows, as a fixed-shape vector.

Written from ``observation(seat)``: the observer's own hand is there card by card, the
other hands only by their size. Seats are relative (row 0 is the observer). Contracts
are named by their number in the deck (``components.toml``), so a card's needs and
rewards are the same input wherever it lies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from whaletable.core.tensor import Field, TensorLayout, TensorModule, TensorWriter, relative
from whaletable.games.whale_riders.components import (
    GOODS,
    NUM_PORTS,
    SPACES,
    SUN_SPACES,
    load_components,
)
from whaletable.games.whale_riders.observation import WhaleRidersObservation
from whaletable.games.whale_riders.rules import HOME, PHASE_NAMES

_COMPONENTS = load_components()
CONTRACTS = len(_COMPONENTS.contracts)
POWERS: tuple[str, ...] = tuple(t.id for t in _COMPONENTS.powers)
DECREES: tuple[str, ...] = tuple(t.id for t in _COMPONENTS.decrees)
KINDS: tuple[str, ...] = (*GOODS, "storm")
PHASES: tuple[str, ...] = tuple(dict.fromkeys(PHASE_NAMES))
PORT_SPACES = max(SUN_SPACES, SPACES)


def layout(num_players: int, options: Any = None) -> TensorLayout:
    n = num_players
    return TensorLayout(
        (
            Field("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
            Field("to_move", (n,), "one-hot relative seat to move (none at chance or the end)"),
            Field("turn_player", (n,), "one-hot relative seat whose turn it is"),
            Field("start_player", (n,), "one-hot relative start player"),
            Field("turn", (1,), "turns taken so far"),
            Field("actions_left", (1,), "actions left in this turn"),
            Field("current_cards", (CONTRACTS,), "contracts taken in the action in progress"),
            Field(
                "ports",
                (NUM_PORTS, PORT_SPACES, len(KINDS)),
                "per port, space: the tile's count at its kind (" + ", ".join(KINDS) + ")",
            ),
            Field("bag", (1,), "tiles left in the bag"),
            Field("deck", (1,), "contracts left in the pile"),
            Field("burned", (CONTRACTS,), "contracts burned"),
            Field("pearls_left", (1,), "Sun Port pearls left"),
            Field("step", (n, HOME + 1), "per relative seat: one-hot step of its voyage"),
            Field("coins", (n,), "per relative seat: coins"),
            Field("tiles", (n, len(KINDS)), "per relative seat: goods held, by kind"),
            Field("hand", (CONTRACTS,), "the observer's own hand"),
            Field("hand_size", (n,), "per relative seat: contracts in hand"),
            Field("fulfilled", (n, CONTRACTS), "per relative seat: contracts fulfilled"),
            Field("decree_pearls", (n,), "per relative seat: pearls from decrees"),
            Field("pearls", (n,), "per relative seat: pearls"),
            Field("power", (n, max(len(POWERS), 1)), "per relative seat: one-hot power tile"),
            Field("decrees", (max(len(DECREES), 1),), "decree tiles face up"),
            Field("decree_claims", (max(len(DECREES), 1), n), "per decree: seats that claimed it"),
        )
    )


def write(observation: Mapping[str, Any], seat: int, out: TensorWriter) -> None:
    obs = cast(WhaleRidersObservation, observation)  # the tensor interface hands any game's
    n = obs["num_players"]

    def rel(s: int | None) -> int | None:
        return None if s is None else relative(s, seat, n)

    out.one_hot("phase", obs["phase"], PHASES)
    out.one_hot("to_move", rel(obs["to_move"]), range(n))
    out.one_hot("turn_player", rel(obs["turn_player"]), range(n))
    out.one_hot("start_player", rel(obs["start_player"]), range(n))
    out.put("turn", obs["turn"])
    out.put("actions_left", obs["actions_left"])
    for taken in obs["current_cards"]:
        out.put("current_cards", 1.0, (taken,))
    for at, port in enumerate(obs["ports"]):
        for space, tile in enumerate(port["spaces"]):
            if tile is not None:
                out.put("ports", tile["count"], (at, space, KINDS.index(tile["good"])))
    out.put("bag", obs["bag"])
    out.put("deck", obs["deck"])
    for card in obs["burned"]:
        out.put("burned", 1.0, (card["id"],))
    out.put("pearls_left", obs["pearls_left"])
    for s, p in enumerate(obs["players"]):
        r = relative(s, seat, n)
        out.one_hot("step", p["step"], range(HOME + 1), (r,))
        out.put("coins", p["coins"], (r,))
        held = out.field("tiles")
        for tile in p["tiles"]:
            held[r, KINDS.index(tile["good"])] += tile["count"]
        for held_card in p["hand"]:
            if held_card is not None:  # only the observer's own cards are shown
                out.put("hand", 1.0, (held_card["id"],))
        out.put("hand_size", p["hand_size"], (r,))
        for card in p["fulfilled"]:
            out.put("fulfilled", 1.0, (r, card["id"]))
        out.put("decree_pearls", p["decree_pearls"], (r,))
        out.put("pearls", p["pearls"], (r,))
        if p["power"] is not None:
            out.one_hot("power", p["power"]["id"], POWERS, (r,))
    for decree in obs["decrees"]:
        d = DECREES.index(decree["id"])
        out.put("decrees", 1.0, (d,))
        for claimer in decree["claimed_by"]:
            out.put("decree_claims", 1.0, (d, relative(claimer, seat, n)))


TENSOR = TensorModule(layout, write)
