"""Frames: a page is sent every step played since the last state it was drawn, each step
drawn for that page's seat from that step's observation, with nothing to click.

The table's own drawing path draws them (``LiveTable.framed``); these tests compare each
frame with the step's board drawn afresh from the true state replayed from the record, so
a frame drawn for another seat (or from another step) cannot pass.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from table_support import tables_in
from test_board_pieces import LatePage, fresh_svg

from whaletable import games
from whaletable.core import State
from whaletable.web.frames import FRAMES_SENT, Framed, Recent
from whaletable.web.outbox import json_text
from whaletable.web.tables import LiveTable, SeatConfig

GAMES = ["whale-to-look", "save-the-whales", "whale-riders", "survive"]


def true_states(table: LiveTable) -> list[State]:
    """The state after every step, replayed from the table's record."""
    state = table.game.new_state(table.state.num_players, table.options, events=True)
    out = [state.clone()]
    for action in table.state.history:
        state.apply(action)
        out.append(state.clone())
    return out


def seat_log(table: LiveTable, states: list[State], step: int, page: LatePage) -> list[str]:
    """The log of the first ``step`` steps as the page's seat may read it."""
    seat, tr = page.viewer.showing, page.viewer.tr
    lines: list[str] = []
    for k in range(step):
        actor = states[k].current_player()
        action = table.state.history[k]
        events = states[k + 1].step_events(seat, k)
        lines += table.game.step_lines(events, action, actor, table.names, tr)
    return lines


def check_frames(table: LiveTable, states: list[State], page: LatePage, since: int) -> int:
    """Every message the page got after step ``since``: its frames and its latest state
    cover each step once, in order, each drawn for the page's seat; the frames counted."""
    seat, tr = page.viewer.showing, page.viewer.tr
    shown = since
    frames = 0
    for message in page.sent:
        if message["step"] <= since:
            continue
        for frame in message.get("frames", []):
            assert frame["frame"] is True
            assert frame["step"] == shown + 1, "a step was left out or sent twice"
            shown = frame["step"]
            state = states[shown]
            events = state.step_events(seat, shown - 1)
            obs = state.observation(seat)
            assert frame["board"] == fresh_svg(table.board, obs, [], table.names, tr, events)
            assert frame["status"] == table.board.status(obs, table.names, tr)
            assert frame["log"] == seat_log(table, states, shown, page)
            assert frame["actions"] == [] and frame["you"] is None and not frame["can_undo"]
            frames += 1
        if message.get("frames"):
            assert message["step"] == shown + 1
        elif message["step"] > shown + 1:
            # Only a page further behind than the frames kept is sent the latest alone.
            assert message["step"] - shown - 1 > FRAMES_SENT or since < 0
        shown = message["step"]
    return frames


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_played_since_a_page_last_looked_is_sent_drawn_for_its_seat(
    tmp_path: Path, game_id: str
) -> None:
    async def main() -> None:
        with tables_in(tmp_path) as tables:
            seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Bao")]
            bots = [SeatConfig("bot", "", "easy")]
            table = tables.create(game_id, [*seats, *bots])
            pages = [
                LatePage(0, lazy=True),
                LatePage(1, lazy=False, lang="vi"),
                LatePage(None, lazy=True, lang="fa"),
                LatePage(None, lazy=False),
            ]
            for page in pages:
                table.viewers.add(page.viewer)
                await table.show(page.viewer)
                page.catch_up()
            rng = random.Random(5)
            moves = 0
            while not table.finished and moves < 40:
                tables.kick(table)
                if table.bot_task is not None:
                    await table.bot_task
                for page in pages:
                    page.catch_up()
                seat = table.state.current_player()
                if table.finished or seat not in (0, 1):
                    continue
                action = rng.choice(table.state.legal_actions())
                page = pages[seat]
                await tables.act(table, page.viewer, len(table.state.history), action.to_json())
                moves += 1
            for page in pages:
                page.catch_up()
            states = true_states(table)
            frames = [check_frames(table, states, page, -1) for page in pages]
            # The pages that looked only when a person was to move were sent the steps of
            # the bots and chance before it as frames.
            assert frames[0] > 0 and frames[2] > 0

    asyncio.run(main())


def test_a_page_further_behind_than_the_frames_kept_gets_the_latest_state_alone(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        with tables_in(tmp_path) as tables:
            table = tables.create(
                "whale-to-look", [SeatConfig("bot", "", "easy") for _ in range(3)]
            )
            page = LatePage(None, lazy=True)
            table.viewers.add(page.viewer)
            await table.show(page.viewer)
            page.catch_up()
            rng = random.Random(2)
            while len(table.state.history) < FRAMES_SENT + 5:
                table._advance(
                    table.state.sample_chance(rng)
                    if table.state.current_player() < 0
                    else rng.choice(table.state.legal_actions())
                )
            await table.show(page.viewer)
            page.catch_up()
            assert page.sent[-1]["step"] == FRAMES_SENT + 5
            assert "frames" not in page.sent[-1]
            assert len(table.recent.states) == FRAMES_SENT + 1  # no more is kept

    asyncio.run(main())


def test_a_step_taken_back_sends_no_frames_of_the_steps_gone() -> None:
    game = games.get("whale-to-look")
    state = game.new_state(3, {})
    recent = Recent(state)
    rng = random.Random(4)
    for _ in range(4):
        state = state.clone()
        state.apply(
            state.sample_chance(rng)
            if state.current_player() < 0
            else rng.choice(state.legal_actions())
        )
        recent.add(state)
    assert [len(s.history) for s in recent.between(0, 4) or []] == [1, 2, 3]
    recent.restart(state)
    assert recent.between(0, 4) is None


def test_frames_are_written_as_the_json_of_the_message_they_make() -> None:
    import json

    from whaletable.web.outbox import Shared

    latest = Shared({"type": "state", "step": 3, "board": "<svg/>"})
    frames = [Shared({"type": "state", "step": s, "frame": True}) for s in (1, 2)]
    framed = Framed(latest, frames)
    written: dict[str, Any] = json.loads(json_text(framed))
    assert written == {**latest, "frames": [dict(f) for f in frames]}
    assert written == json.loads(json.dumps(dict(framed)))
