"""Every game's terminal view, checked the same way as its web page: what a screen shows
is a function of what its viewer may know.

For states met in seeded random games, each seat's screen (the board, the round
summaries, the choices in words) and the spectator's are drawn twice: from the true
game and from a determinization for that seat, a game that differs in everything the
seat cannot know. Anything hidden that reached the screen would make the two differ.
Every game gets this check by registering, whether it has a view of its own or not.
"""

from __future__ import annotations

import io
import random
from functools import cache

import pytest
from rich.console import Console

from whaletable import games
from whaletable.cli.render import SceneView, view_for
from whaletable.core import State
from whaletable.core.testing import Sample, sample_states
from whaletable.i18n import translator

pytestmark = pytest.mark.slow

GAME_IDS = [game.spec.id for game in games.all()]
LANGS = ("en", "vi", "fa")


@cache
def samples(game_id: str) -> list[Sample]:
    return sample_states(games.get(game_id), 30, seed=78, per_game=6)


def screen(view: SceneView, state: State, seat: int | None) -> str:
    """Everything the view draws for ``seat`` at ``state``, as the terminal prints it."""
    obs = state.observation(seat)
    names = [f"Player {i + 1}" for i in range(state.num_players)]
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    console.print(view.board(obs, names))
    for summary in view.round_summaries(obs, names):
        console.print(summary)
    if seat is not None and state.current_player() == seat:
        for words in view.choices(obs, state.legal_actions()):
            console.print(words)
    if state.is_terminal():
        console.print(view.final(obs, names))
    return out.getvalue()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_screen_shows_only_what_its_viewer_may_know(game_id: str) -> None:
    game = games.get(game_id)
    rng = random.Random(6)
    checked = 0
    for n, sample in enumerate(samples(game_id)):
        state = sample.state
        view = view_for(game, translator(LANGS[n % len(LANGS)]))
        spectator = screen(view, state, None)
        for seat in range(state.num_players):
            mine = screen(view, state, seat)
            other = state.determinize(seat, rng)
            assert screen(view, other, seat) == mine, f"seat {seat} at {sample.where()}"
            assert screen(view, other, None) == spectator, f"spectator at {sample.where()}"
            checked += 1
    assert checked == sum(s.state.num_players for s in samples(game_id))
