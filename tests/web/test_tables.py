"""Live tables without HTTP: undo by Board Game Arena's policy, persistence before
acknowledgement, and resuming from the database.

Whale to Look has no undoable decision, so undo is tested on the core's test-only game
"Secret Steps", which has no board of its own: the web table draws it with the generic
board.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from board_support import generic_rows
from toy_game import TOY_ID, Pass, Peek, Step, ToyGame, toy

from whaletable.core import Action, IllegalAction
from whaletable.web.outbox import json_text
from whaletable.web.refusal import RefusedMove
from whaletable.web.storage import Store
from whaletable.web.tables import SeatConfig, TableError, Tables, Viewer

__all__ = ["toy"]  # the fixture that registers Secret Steps


class Page:
    """A viewer that records what it is sent, and how many actions were stored then."""

    def __init__(self, store: Store, key: str, seat: int | None, role: str = "seat") -> None:
        self.store, self.key = store, key
        self.sent: list[tuple[dict[str, Any], int]] = []
        self.viewer = Viewer(
            send=self._send,
            tr=lambda s: s,
            lang="en",
            role=role,
            seats=frozenset() if seat is None else frozenset({seat}),
            showing=seat,
        )

    async def _send(self, message: dict[str, Any]) -> None:
        stored = self.store.load(self.key)
        assert stored is not None
        self.sent.append((message, len(stored.actions)))

    @property
    def last(self) -> dict[str, Any]:
        return self.sent[-1][0]


def step(tables: Tables, key: str) -> int:
    return len(tables.tables[key].state.history)


async def toy_table(store: Store) -> tuple[Tables, str, Page, Page]:
    """A Secret Steps table of two humans, the secrets dealt: seat 0 to move."""
    tables = Tables(store)
    table = tables.create(TOY_ID, [SeatConfig("human", "Ana"), SeatConfig("human", "Bao")])
    pages = Page(store, table.key, 0), Page(store, table.key, 1)
    for page in pages:
        table.viewers.add(page.viewer)
    tables.kick(table)
    assert table.bot_task is not None
    await table.bot_task  # chance deals both secrets
    assert table.state.current_player() == 0
    return tables, table.key, *pages


def act(tables: Tables, key: str, page: Page, action: Action, at: int | None = None) -> Any:
    table = tables.tables[key]
    when = step(tables, key) if at is None else at
    return tables.act(table, page.viewer, when, action.to_json())


def test_a_seat_takes_back_its_own_step_and_the_database_forgets_it(
    tmp_path: Path, toy: ToyGame
) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, ana, _ = await toy_table(store)
        await act(tables, key, ana, Step(2))
        assert ana.last["can_undo"] is True
        assert ana.last["step"] == 3
        await tables.undo(tables.tables[key], ana.viewer, 3)
        assert step(tables, key) == 2
        assert ana.last["step"] == 2
        assert ana.last["can_undo"] is False
        assert generic_rows(ana.last["board"])["Tracks"] == "0, 0"
        stored = store.load(key)
        assert stored is not None
        assert len(stored.actions) == 2
        # The restarted server sees the game without the step taken back.
        again = Tables(store)
        again.resume()
        assert again.tables[key].state.history == tables.tables[key].state.history
        store.close()

    asyncio.run(main())


def test_undo_never_crosses_a_reveal_or_another_seats_move(tmp_path: Path, toy: ToyGame) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, ana, bao = await toy_table(store)
        table = tables.tables[key]
        await act(tables, key, ana, Peek())  # a look at the other secret: a barrier
        assert ana.last["can_undo"] is False
        with pytest.raises(TableError, match="nothing to undo"):
            await tables.undo(table, ana.viewer, step(tables, key))
        await act(tables, key, ana, Step(1))
        await act(tables, key, ana, Pass())
        assert table.state.current_player() == 1
        with pytest.raises(TableError, match="only the seat to move may undo"):
            await tables.undo(table, ana.viewer, step(tables, key))
        with pytest.raises(TableError, match="nothing to undo: a chance outcome, a reveal"):
            await tables.undo(table, bao.viewer, step(tables, key))
        stored = store.load(key)
        assert stored is not None
        assert len(stored.actions) == step(tables, key) == 5
        store.close()

    asyncio.run(main())


def test_a_stale_undo_is_refused(tmp_path: Path, toy: ToyGame) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, ana, _ = await toy_table(store)
        await act(tables, key, ana, Step(1))
        await act(tables, key, ana, Step(1))
        for stale in (3, 5, None):
            with pytest.raises(TableError, match="stale move"):
                await tables.undo(tables.tables[key], ana.viewer, stale)
        assert step(tables, key) == 4
        store.close()

    asyncio.run(main())


def test_every_state_message_is_sent_after_its_action_is_stored(
    tmp_path: Path, toy: ToyGame
) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, ana, bao = await toy_table(store)
        for seat_page, action in [(ana, Step(1)), (ana, Pass()), (bao, Step(2)), (bao, Pass())]:
            await act(tables, key, seat_page, action)
        await tables.tables[key].bot_task  # type: ignore[misc]
        for page in (ana, bao):
            states = [(m, n) for m, n in page.sent if m["type"] == "state"]
            assert len(states) >= 4
            for message, stored in states:
                assert stored >= message["step"]
        store.close()

    asyncio.run(main())


def test_pages_that_see_the_same_view_share_one_drawing_encoded_once(
    tmp_path: Path, toy: ToyGame
) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, ana, _ = await toy_table(store)
        table = tables.tables[key]
        watchers = [Page(store, key, None, role="spectator") for _ in range(3)]
        for watcher in watchers:
            table.viewers.add(watcher.viewer)
        await act(tables, key, ana, Step(1))
        first, second, third = (watcher.last for watcher in watchers)
        assert first is second is third
        assert json_text(first) is json_text(second)
        assert json.loads(json_text(first))["step"] == step(tables, key)
        assert ana.last is not first  # the seat's own view is drawn for it alone
        store.close()

    asyncio.run(main())


def test_an_illegal_or_mistimed_action_changes_nothing(tmp_path: Path, toy: ToyGame) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, ana, bao = await toy_table(store)
        table = tables.tables[key]
        # The engine's reason stays out of what the player is told: the move is refused.
        with pytest.raises(RefusedMove) as refused:
            await act(tables, key, ana, Pass())
        assert isinstance(refused.value.__cause__, IllegalAction)
        assert "take a step before passing" in str(refused.value.__cause__)
        with pytest.raises(TableError, match="it is not your turn"):
            await act(tables, key, bao, Step(1))
        with pytest.raises(TableError, match="stale move: the game is at step 2"):
            await act(tables, key, ana, Step(1), at=1)
        assert step(tables, key) == 2
        assert table.state.tracks == [0, 0]  # type: ignore[attr-defined]
        stored = store.load(key)
        assert stored is not None
        assert len(stored.actions) == 2
        store.close()

    asyncio.run(main())


def test_a_move_for_a_step_gone_by_is_stale_even_when_the_turn_has_passed(
    tmp_path: Path, toy: ToyGame
) -> None:
    """Two pages of one seat race: the loser's move is refused as stale, not as out of
    turn, though the winner's move has passed the turn on."""

    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, ana, _ = await toy_table(store)
        table = tables.tables[key]
        await act(tables, key, ana, Step(1))
        seen = step(tables, key)  # both of Ana's pages see this step
        await act(tables, key, ana, Pass())
        assert table.state.current_player() == 1
        with pytest.raises(TableError, match=f"stale move: the game is at step {seen + 1}"):
            await act(tables, key, ana, Pass(), at=seen)
        # With the step as it is now, the seat that is not to move is still refused.
        with pytest.raises(TableError, match="it is not your turn"):
            await act(tables, key, ana, Step(1))
        assert step(tables, key) == seen + 1
        stored = store.load(key)
        assert stored is not None and len(stored.actions) == seen + 1
        store.close()

    asyncio.run(main())


def test_another_seats_page_moves_nothing_whichever_step_it_names(
    tmp_path: Path, toy: ToyGame
) -> None:
    """The step is checked before the seat, but never instead of it: Bao's page, acting
    while Ana is to move, is refused at a step gone by and at the step as it is now."""

    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, ana, bao = await toy_table(store)
        await act(tables, key, ana, Step(1))
        now = step(tables, key)
        assert tables.tables[key].state.current_player() == 0
        with pytest.raises(TableError, match="stale move"):
            await act(tables, key, bao, Pass(), at=now - 1)
        with pytest.raises(TableError, match="it is not your turn"):
            await act(tables, key, bao, Pass(), at=now)
        assert step(tables, key) == now
        stored = store.load(key)
        assert stored is not None and len(stored.actions) == now
        store.close()

    asyncio.run(main())


def test_chance_at_a_table_follows_its_seed(tmp_path: Path, toy: ToyGame) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, key, _, _ = await toy_table(store)
        table = tables.tables[key]
        draws = [table.chance_rng().random() for _ in range(2)]
        assert draws[0] == draws[1]  # the same step, the same draw: a restart changes nothing
        stored = store.load(key)
        assert stored is not None
        again = Tables(store)
        again.resume()
        assert again.tables[key].chance_rng().random() == draws[0]
        store.close()

    asyncio.run(main())


def test_a_server_seed_deals_the_same_tables_and_none_deals_them_at_random(
    tmp_path: Path, toy: ToyGame
) -> None:
    def seeds(name: str, seed: int | None) -> list[int]:
        store = Store(f"sqlite:///{tmp_path / name}")
        tables = Tables(store, seed=seed)
        seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Bao")]
        dealt = [tables.create(TOY_ID, seats).seed for _ in range(3)]
        store.close()
        return dealt

    assert seeds("a.db", 7) == seeds("b.db", 7)
    assert seeds("c.db", 7) != seeds("d.db", 8)
    assert seeds("e.db", None) != seeds("f.db", None)


def test_a_stored_table_that_does_not_replay_does_not_stop_the_others(
    tmp_path: Path, toy: ToyGame, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 't.db'}")
        tables, good, ana, _ = await toy_table(store)
        await act(tables, good, ana, Step(2))
        broken = tables.create(TOY_ID, [SeatConfig("human", "A"), SeatConfig("human", "B")])
        store.append_action(broken.key, 0, {"type": "pass"})  # chance was to deal first
        again = Tables(store)
        assert again.resume() == 1
        assert set(again.tables) == {good}
        assert again.tables[good].state.history == tables.tables[good].state.history
        store.close()

    asyncio.run(main())
    assert "is not resumed: " in caplog.text
    assert "chance decides now" in caplog.text
