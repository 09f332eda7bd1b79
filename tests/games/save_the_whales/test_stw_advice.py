"""Save the Whales' advisor on constructed positions: each whale's risk is the chance the
next throw of the dice sends it onto the path or into extinction."""

from __future__ import annotations

from typing import Any

import pytest

from whaletable import games
from whaletable.core.advice import Advice, check_figures
from whaletable.games.save_the_whales.advice import advise

GAME = games.get("save-the-whales")
OPTIONS = GAME.make_options({})
ONE_SHIP_AND = 2 / 36  # one Catcher Ship and a given number, on two dice of six faces
DOUBLE_SHIPS = 1 / 36


def quiet_view() -> dict[str, Any]:
    """A position with no whale moving, the Ship at path space 0 and two whales named."""
    obs = GAME.new_state(2, OPTIONS).observation(0)
    obs["moving_whale"] = None
    obs["moratorium"] = False
    obs["ship"] = GAME.components.path[0].above  # type: ignore[attr-defined]
    return obs


def set_whale(
    obs: dict[str, Any], name: str, status: str, space: int, barnacle: bool = False
) -> None:
    w = next(w for w in obs["whales"] if w["name"] == name)
    w["status"], w["space"], w["barnacle"] = status, space, barnacle


def risk(advice: Advice, name: str) -> float:
    row = next(r for r in advice.rows if dict(r.params)["whale"] == name)
    return row.figures[0].value


def test_save_the_whales_advisor_whale_just_ahead_of_the_ship_is_most_at_risk() -> None:
    obs = quiet_view()
    set_whale(obs, "gray", "path", 3)  # three spaces ahead: a Ship and a 3, or double Ships
    set_whale(obs, "blue", "path", 6)  # six ahead: no single die sails the Ship there
    advice = advise(GAME, OPTIONS, 0, obs, [], 0, 0)
    check_figures(advice)
    assert risk(advice, "gray") == pytest.approx(ONE_SHIP_AND + DOUBLE_SHIPS)
    assert risk(advice, "blue") == 0.0
    assert dict(advice.rows[0].params)["whale"] == "gray"


def test_save_the_whales_advisor_the_barnacle_and_moratorium_protect() -> None:
    obs = quiet_view()
    set_whale(obs, "gray", "path", 3, barnacle=True)
    set_whale(obs, "blue", "path", 5)
    advice = advise(GAME, OPTIONS, 0, obs, [], 0, 0)
    # double Ships pass over the shielded gray to the next unprotected whale
    assert risk(advice, "gray") == 0.0
    assert risk(advice, "blue") == pytest.approx(ONE_SHIP_AND + DOUBLE_SHIPS)
    obs["moratorium"] = True
    assert risk(advise(GAME, OPTIONS, 0, obs, [], 0, 0), "blue") == 0.0


def test_save_the_whales_advisor_moving_whale_risks_a_penalty_the_pool_cannot_pay() -> None:
    obs = quiet_view()
    track = GAME.components.track  # type: ignore[attr-defined]
    oil = next(i for i, s in enumerate(track) if s.kind == "oil_spill")
    # two spaces short: double 1s, or (no whale on the path) a Ship and a 2
    set_whale(obs, "gray", "track", oil - 2)
    obs["moving_whale"] = "gray"
    obs["pool"] = -track[oil].sp - 1
    assert risk(advise(GAME, OPTIONS, 0, obs, [], 0, 0), "gray") == pytest.approx(
        1 / 36 + ONE_SHIP_AND
    )
    obs["pool"] = -track[oil].sp
    assert risk(advise(GAME, OPTIONS, 0, obs, [], 0, 0), "gray") == 0.0
