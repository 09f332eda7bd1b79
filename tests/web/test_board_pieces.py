"""Kept drawings: a board drawn from kept pieces is the board drawn afresh, and no page is
ever handed a drawing made for a viewer who may see something else.

Boards keep the pieces they draw (``Svg.piece``) by everything each piece is drawn from,
and a table keeps one drawing of its current state per kind of page (``LiveTable.drawing``).
These tests draw with both kept and compare with drawings made from nothing.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from board_support import legal_for, walk
from table_support import tables_in

from whaletable import games
from whaletable.core import CHANCE
from whaletable.web import boards
from whaletable.web.boards import board_for
from whaletable.web.frames import Framed
from whaletable.web.i18n import translator
from whaletable.web.outbox import json_text
from whaletable.web.storage import StoredTable
from whaletable.web.tables import LiveTable, SeatConfig, Viewer

GAMES = ["whale-to-look", "save-the-whales", "whale-riders", "survive"]
LANGS = ["en", "vi", "fa"]


def fresh_svg(
    board: Any, obs: dict[str, Any], legal: Any, names: Any, tr: Any, events: Any = ()
) -> str:
    """The board drawn with no kept piece to draw from."""
    keep = boards.KEEP_PIECES
    boards.KEEP_PIECES = False
    try:
        drawn: str = board.svg(obs, legal, names, tr, events=events)
        return drawn
    finally:
        boards.KEEP_PIECES = keep


@pytest.mark.parametrize("game_id", GAMES)
def test_a_board_drawn_from_kept_pieces_is_the_board_drawn_afresh(game_id: str) -> None:
    game = games.get(game_id)
    board = board_for(game_id)
    n = game.spec.min_players + 1 if game.spec.max_players > game.spec.min_players else 2
    # Two tables whose seats have different names, in three languages, every viewer in
    # turn: a piece kept for one of them must not show up in another's board.
    tables = [[f"Ana {i}" for i in range(n)], [f"Bao <{i}> & co" for i in range(n)]]
    for i, snap in enumerate(walk(game, n, 11, {})):
        state = snap.state
        for seat in [*range(n), None]:
            obs = state.observation(seat)
            legal = legal_for(state, seat)
            names = tables[i % 2]
            tr = translator(LANGS[(i + (seat or 0)) % len(LANGS)])
            kept = board.svg(obs, legal, names, tr)
            again = board.svg(obs, legal, names, tr)  # every piece kept by now
            assert kept == again == fresh_svg(board, obs, legal, names, tr), (i, seat)


def test_two_seats_seeing_different_fish_never_get_each_others_pieces() -> None:
    """Seat 0 investigates a fish card: its board shows the value, seat 1's and the
    spectator's, drawn from the same kept pieces right after, show "?"."""
    game = games.get("whale-to-look")
    board = board_for("whale-to-look")
    tr = translator("en")
    names = ["Ana", "Bao", "Chi"]
    for snap in walk(game, 3, 5, {}):
        obs0 = snap.state.observation(0)
        seen = [f for f, v in enumerate(obs0["fish"]) if v is not None and not obs0["revealed"][f]]
        if seen and obs0["phase"] not in ("trending", "lay_areas", "deal_fish", "over"):
            break
    else:
        pytest.fail("no step where seat 0 alone knows a fish card")
    fish = seen[0]
    marker = f'class="fish-value" data-fish="{fish}">'
    mine = board.svg(obs0, [], names, tr)
    assert f"{marker}{obs0['fish'][fish]}<" in mine
    for seat in (1, None):
        other = board.svg(snap.state.observation(seat), [], names, tr)
        assert f"{marker}?<" in other
        assert other == fresh_svg(board, snap.state.observation(seat), [], names, tr)


def test_pieces_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(boards, "PIECES_KEPT", 50)
    boards.forget_pieces()
    board = board_for("whale-to-look")
    for i, snap in enumerate(walk(games.get("whale-to-look"), 3, 2, {})):
        obs = snap.state.observation(i % 3)
        board.svg(obs, [], [f"P{i}", "Q", "R"], translator("en"))
        assert len(boards._pieces) <= 50
    boards.forget_pieces()


# --------------------------------------------------------------------- at a table


class LatePage:
    """A page whose writer is slow: it is owed the latest state and draws it only when
    it catches up (as a socket's outbox does), or is sent each state as it comes."""

    def __init__(self, seat: int | None, *, lazy: bool, lang: str = "en") -> None:
        self.owed: Callable[[], dict[str, Any]] | None = None
        self.sent: list[dict[str, Any]] = []
        self.viewer = Viewer(
            send=self._send,
            send_latest=self._owe if lazy else None,
            tr=translator(lang),
            lang=lang,
            role="seat" if seat is not None else "spectator",
            seats=frozenset() if seat is None else frozenset({seat}),
            showing=seat,
        )

    async def _send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def _owe(self, draw: Callable[[], dict[str, Any]]) -> None:
        self.owed = draw

    def catch_up(self) -> None:
        if self.owed is not None:
            self.sent.append(self.owed())
            self.owed = None


def test_seats_at_one_table_are_each_drawn_their_own_view_and_spectators_share_one(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        with tables_in(tmp_path) as tables:
            seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Bao")]
            table = tables.create("whale-to-look", [*seats, SeatConfig("bot", "Chi", "easy")])
            pages = [
                LatePage(0, lazy=False),
                LatePage(1, lazy=True),
                LatePage(None, lazy=True),
                LatePage(None, lazy=False),
                LatePage(1, lazy=True, lang="vi"),
            ]
            for page in pages:
                table.viewers.add(page.viewer)
            rng = random.Random(3)
            moves = 0
            while not table.finished and moves < 80:
                tables.kick(table)
                if table.bot_task is not None:
                    await table.bot_task
                seat = table.state.current_player()
                if table.finished or seat not in (0, 1):
                    continue
                if rng.random() < 0.5:  # the slow pages catch up only now and then
                    for page in pages:
                        page.catch_up()
                    check_pages(table, pages)
                page = pages[0] if seat == 0 else pages[1]
                if seat == 1:
                    page.viewer.showing = 1
                action = rng.choice(table.state.legal_actions())
                await tables.act(table, page.viewer, len(table.state.history), action.to_json())
                moves += 1
            for page in pages:
                page.catch_up()
            check_pages(table, pages)
            assert moves >= 20

    asyncio.run(main())


def check_pages(table: LiveTable, pages: list[LatePage]) -> None:
    """Every page's latest message is its own view of the current state, drawn afresh."""
    state = table.state
    for page in pages:
        message = page.sent[-1]
        seat = page.viewer.showing
        assert message["step"] == len(state.history)
        obs = state.observation(seat)
        acting = seat is not None and seat == state.current_player()
        legal = state.legal_actions() if acting else []
        events = state.step_events(seat, len(state.history) - 1)  # the seat's own, lit
        drawn = fresh_svg(table.board, obs, legal, table.names, page.viewer.tr, events)
        assert message["board"] == drawn
        assert message["you"] == (seat if acting else None)
    # The latest state of each, without the steps before it that each page was sent.
    seat0, seat1, spectator, spectator_too, seat1_vi = (
        m.latest if isinstance(m, Framed) else m for m in (p.sent[-1] for p in pages)
    )
    assert spectator is spectator_too  # drawn once for both
    assert json_text(spectator) is json_text(spectator_too)
    assert seat0 is not seat1 and seat0["board"] != seat1["board"]
    assert seat1 is not seat1_vi
    assert spectator is not seat0 and spectator is not seat1


def test_a_seat_whose_private_view_changed_is_not_sent_the_drawing_kept_from_before() -> None:
    """The kept drawing of a table follows its state: after a step (or an undo) no page is
    handed the drawing of the step before."""
    game = games.get("whale-to-look")
    state = game.new_state(3, {})
    rng = random.Random(1)
    while True:  # up to a move its seat may take back
        actor = state.current_player()
        action = state.sample_chance(rng) if actor == CHANCE else rng.choice(state.legal_actions())
        trial = state.clone()
        trial.apply(action)
        if actor != CHANCE and trial.can_undo():
            break
        state = trial
    page = LatePage(actor, lazy=True)
    live = LiveTable(_stored(game.spec.id, state))
    before = live.drawing(page.viewer)
    assert live.drawing(page.viewer) is before
    live._advance(action)
    after = live.drawing(page.viewer)
    assert after is not before and after["step"] == before["step"] + 1
    assert after["board"] != before["board"]
    live.take_back()
    undone = live.drawing(page.viewer)
    assert undone is not after and undone["step"] == before["step"]
    assert undone["board"] == before["board"]


def _stored(game_id: str, state: Any) -> StoredTable:
    return StoredTable(
        key="k",
        game=game_id,
        num_players=state.num_players,
        options={},
        seats=[SeatConfig("human", n).to_json() for n in ("Ana", "Bao", "Chi")],
        spectator_token="s",
        hotseat_token=None,
        seed=1,
        actions=[a.to_json() for a in state.history],
    )


def test_a_step_taken_back_drops_its_log_lines_in_every_language_without_a_replay() -> None:
    game = games.get("whale-to-look")
    langs = {lang: translator(lang) for lang in LANGS}
    taken = 0
    for seed in range(6):
        rng = random.Random(seed)
        live = LiveTable(_stored(game.spec.id, game.new_state(3, {})))
        kept = {lang: live.log_lines(lang, tr) for lang, tr in langs.items()}
        logs = dict(live._log)
        while not live.finished:
            if live.state.current_player() == CHANCE:
                live._advance(live.state.sample_chance(rng))
                continue
            legal = live.state.legal_actions()
            undoable = [a for a in legal if _undoable(live.state, a)]
            if not undoable:
                live._advance(rng.choice(legal))
                continue
            live._advance(undoable[0], ("{name} was quick", {"name": "x"}))
            before = {lang: live.log_lines(lang, tr) for lang, tr in langs.items()}
            live.take_back()
            taken += 1
            for lang, tr in langs.items():
                assert live._log[lang, None] is logs[lang, None]  # kept, not rebuilt
                assert live.log_lines(lang, tr) == live.describe(0, len(live.state.history), tr)
                assert len(live.log_lines(lang, tr)) < len(before[lang])
            live._advance(rng.choice(legal))
        assert all(len(live.log_lines(lang, tr)) > len(kept[lang]) for lang, tr in langs.items())
    assert taken >= 6


def _undoable(state: Any, action: Any) -> bool:
    trial = state.clone()
    trial.apply(action)
    return bool(trial.can_undo())


def test_the_piece_used_longest_ago_is_forgotten_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(boards, "PIECES_KEPT", 2)
    boards.forget_pieces()
    drawn: list[str] = []

    def card(svg: boards.Svg, name: str) -> None:
        drawn.append(name)
        svg.add(f"<g>{name}</g>")

    svg = boards.Svg()
    for name in ("a", "b", "a", "c", "a", "b"):  # "b" goes when "c" comes; "a" stays in use
        svg.piece(card, name)
    assert drawn == ["a", "b", "c", "b"]
    assert svg.close() == "<g>a</g><g>b</g><g>a</g><g>c</g><g>a</g><g>b</g></svg>"
    boards.forget_pieces()
