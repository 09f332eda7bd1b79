"""The terminal numbers one scene's choices per decision, and says a typed command's faults
in the reader's language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from whaletable import games
from whaletable.cli.render import BadCommand, view_for
from whaletable.core.testing import sample_states

GAME_IDS = ("save-the-whales", "survive", "whale-riders", "whale-to-look")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_decision_is_worded_by_one_scene_of_all_its_choices(game_id: str) -> None:
    view = view_for(games.get(game_id))
    maker = view.maker
    assert maker is not None
    made: list[int] = []

    def counted(obs: Any, legal: Any, names: Any, tr: Any) -> Any:
        made.append(len(legal))
        return maker(obs, legal, names, tr)

    view.maker = counted
    decisions = 0
    for sample in sample_states(games.get(game_id), 12, seed=4, per_game=4):
        seat = sample.state.current_player()
        if seat < 0:
            continue
        legal = sample.state.legal_actions()
        made.clear()
        words = view.choices(sample.state.observation(seat), legal)
        assert made == [len(legal)], sample.where()
        assert len(words) == len(legal) and all(words), sample.where()
        decisions += 1
    assert decisions > 3


def marked(text: str) -> str:
    """A translator that shows which sentences went through it."""
    return f"«{text}»"


@pytest.mark.parametrize(
    ("game_id", "phase", "text"),
    [
        ("survive", "place-explorers", "go 1c"),
        ("survive", "place-explorers", "go 9c ne"),
        ("survive", "place-explorers", "go 1z ne"),
        ("survive", "place-explorers", "go 1c up"),
        ("survive", "place-explorers", "sink Z9"),
        ("survive", "place-explorers", "sink A9"),
        ("survive", "place-explorers", "boat 40 e"),
        ("survive", "place-explorers", "boat x e"),
        ("survive", "place-explorers", "pick kraken1"),
        ("survive", "place-explorers", "play wind"),
        ("survive", "place-explorers", "play 7"),
        ("survive", "place-explorers", "play dolphin"),
        ("survive", "place-explorers", "done now"),
        ("survive", "place-explorers", "place E4"),
        ("survive", "place-boats", "place E4 3"),
        ("whale-to-look", None, "f now"),
        ("whale-to-look", None, "i x"),
        ("whale-to-look", None, "i 13"),
        ("whale-to-look", None, "c 4"),
        ("whale-to-look", None, "m 1"),
        ("whale-to-look", None, "m 7 0"),
        ("whale-to-look", None, "m 1 9"),
    ],
)
def test_a_malformed_command_is_told_in_the_readers_language(
    game_id: str, phase: str | None, text: str
) -> None:
    game = games.get(game_id)
    obs = game.new_state(2).observation(0)
    if phase is not None:
        obs = {**obs, "phase": phase}
    with pytest.raises(BadCommand) as told:
        view_for(game, marked).parse(text, obs)
    assert re.fullmatch("«.*»", str(told.value)), str(told.value)


def test_the_advisors_pick_is_one_of_the_numbered_choices(cli) -> None:
    # After a look at a fish card the advisor picks a boat's move.
    args = ["play", "whale-to-look", "--seats", "human,random", "--seed", "3"]
    run = cli(args, ["i 1", "a", "q"])
    picks = re.findall(r"^→ (.+)$", run.out, re.MULTILINE)
    assert len(picks) == 1, run.out
    assert re.search(r"\b\d+\. " + re.escape(picks[0]), run.out), run.out
