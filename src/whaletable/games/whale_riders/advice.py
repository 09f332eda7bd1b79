"""Whale Riders' advisor: what each contract in hand, or on offer, is expected to pay.

From the seat's observation only (its own hand, its tiles, its place on the voyage, and
the cards on offer, which are face up). For each contract:

- ``coins`` and ``pearls``: what it pays when fulfilled;
- ``missing``: the goods it asks for beyond the tiles the seat holds;
- ``chance``: the share of those missing goods the rest of the voyage can bring, at the
  heuristic bot's pace of :data:`bots.GOODS_PER_PORT` goods a port still ahead (1 when
  nothing is missing, 0 when no port is left) — a plain, reproducible estimate of the
  chance of filling it;
- ``expected``: ``chance`` × (:func:`bots.contract_worth`), in coins.

The suggestion, when the seat may fulfil a contract now, is the one paying the most.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whaletable.core.action import Action
from whaletable.core.advice import Advice, Figure, Row, heat_of, register_advisor
from whaletable.core.game import Game
from whaletable.games.whale_riders.actions import Fulfil
from whaletable.games.whale_riders.bots import GOODS_PER_PORT, contract_worth, ports_ahead
from whaletable.games.whale_riders.components import missing_goods
from whaletable.games.whale_riders.observation import ContractView, WhaleRidersObservation

GAME_ID = "whale-riders"
TITLE = "What your contracts are worth"


def fill_chance(missing: int, step: int) -> float:
    """The share of ``missing`` goods the ports still ahead of ``step`` can bring."""
    if missing <= 0:
        return 1.0
    return min(1.0, ports_ahead(step) * GOODS_PER_PORT / missing)


def advise(
    game: Game[Any],
    options: Any,
    seat: int,
    observation: WhaleRidersObservation,
    legal: Sequence[Action],
    seed: int,
    budget: int,
) -> Advice:
    obs = observation
    me = obs["players"][seat]
    contracts = game.components.contracts  # type: ignore[attr-defined]
    cards: list[tuple[ContractView, str]] = [(c, "hand") for c in me["hand"] if c is not None]
    held = {c["id"] for c, _ in cards}
    for card in obs["current_cards"]:
        if card not in held:
            cards.append((contracts[card].to_json(card), "offer"))
    worths: list[tuple[ContractView, str, int, float, float]] = []
    for contract, where in cards:
        missing = missing_goods(contract["needs"], me["goods"])
        chance = fill_chance(missing, me["step"])
        expected = chance * contract_worth(contract)
        worths.append((contract, where, missing, chance, expected))
    heats = heat_of([w[4] for w in worths])
    rows = tuple(
        Row(
            "contract {number} ({where})",
            (
                Figure("coins", contract["coins"], "coins"),
                Figure("pearls", contract["pearls"], "pearls"),
                Figure("missing", missing, "count"),
                Figure("chance", chance, "probability"),
                Figure("expected", expected, "coins"),
            ),
            heat=heat,
            spot=f"contract:{contract['id']}",
            params=(("number", contract["id"]), ("where", where)),
        )
        for (contract, where, missing, chance, expected), heat in zip(worths, heats, strict=True)
    )
    fulfils = [a for a in legal if isinstance(a, Fulfil)]
    suggestion: Action | None = None
    if fulfils:
        by_id = {c["id"]: c for c, _ in cards}
        suggestion = max(
            fulfils,
            key=lambda a: (
                contract_worth(by_id[a.card]) if a.card in by_id else 0.0,
                -a.card,
            ),
        )
    return Advice(
        TITLE,
        seat,
        rows,
        suggestion=suggestion,
        note="Expected: the chance of filling it times what it pays (a pearl as 2.5 coins).",
    )


register_advisor(GAME_ID, advise)
