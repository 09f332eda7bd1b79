"""Servers sharing one PostgreSQL database, beyond moves: a server whose listening
connection is cut off catches up what it missed, every server's lobby lists every
server's tables, a client's request rates are counted across the servers, and a table of
bots alone is handed to the server where a page watches it."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from sqlalchemy import create_engine, text
from table_support import Server, token_of
from test_workers import TIMEOUT, Page, database, new_table, stored_steps, whose_turn
from websockets.sync.client import connect

from whaletable.core import CHANCE, Record
from whaletable.web.limits import Limits, SharedRates, rates_of
from whaletable.web.listen import APP_NAME, Listener, conninfo
from whaletable.web.storage import ASK, CHANNEL, GIVE, Store, actions
from whaletable.web.storage import tables as tables_table
from whaletable.web.tables import LiveTable, SeatConfig, Tables, Viewer

__all__ = ["database"]  # the fixture, imported for pytest

SHARED = ["--shared", "--takeover-seconds", "2"]


def servers(db: str, *more: str) -> tuple[Server, Server]:
    return Server(db, args=[*SHARED, *more]), Server(db, args=[*SHARED, *more])


@pytest.fixture
def pair(database: str) -> Iterator[tuple[Server, Server]]:
    a, b = servers(database)
    a.start()
    try:
        b.start()
        try:
            yield a, b
        finally:
            b.stop()
    finally:
        a.stop()


def well_inside_a_minute() -> None:
    """Rates are counted in fixed windows from the epoch (``Store.spend_rate``), where a
    client may spend up to twice a rate across the end of one: wait out a window that
    ends within the next 20 seconds, so the requests a test counts fall in one."""
    into = time.time() % 60
    if into > 40:
        time.sleep(60 - into + 0.5)


def listeners_of(db: str, pid: int) -> list[int]:
    """The backends of the listening connection of the server process ``pid``."""
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("select pid from pg_stat_activity where application_name = :name"),
                {"name": f"{APP_NAME}-{pid}"},
            ).all()
        return [int(r[0]) for r in rows]
    finally:
        engine.dispose()


def terminate(db: str, backends: list[int]) -> None:
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            for backend in backends:
                conn.execute(text("select pg_terminate_backend(:p)"), {"p": backend})
            conn.commit()
    finally:
        engine.dispose()


# ------------------------------------------------------------------- a lost listener


@pytest.mark.slow
def test_a_server_whose_listener_was_cut_off_pushes_the_moves_it_missed(
    pair: tuple[Server, Server], database: str
) -> None:
    a, b = pair
    assert a.proc is not None
    key, tokens = new_table(a, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}])
    with (
        connect(f"{a.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as wa,
        connect(f"{b.ws_base}/ws/{tokens[1]}", open_timeout=TIMEOUT) as wb,
    ):
        pages = [Page(wa), Page(wb)]
        step, played = -1, 0
        # Ana plays through A until Ben (on B) is to move.
        while (seat := whose_turn(pages, step)) == 0:
            step = pages[0].state["step"]
            pages[0].act(pages[0].state, played)
            played += 1
            pages[1].until(lambda s, step=step: s["step"] > step)
        assert seat == 1, "the game ended before Ben was to move"
        ana = pages[0]
        ana.until(lambda s: s["step"] == pages[1].state["step"])
        deaf = listeners_of(database, a.proc.pid)
        assert len(deaf) == 1, "server A listens on one connection, named for its process"
        said_before = len(a.log_text())
        terminate(database, deaf)
        # Ben moves through B while A is not listening (it waits before listening again).
        step = pages[1].state["step"]
        pages[1].act(pages[1].state, played)
        assert ana.until(lambda s, step=step: s["step"] > step)["step"] > step
        assert not ana.errors and not pages[1].errors
        deadline = time.monotonic() + TIMEOUT
        while not listeners_of(database, a.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        again = listeners_of(database, a.proc.pid)
        assert again and again != deaf, "A listens again, on a new connection"
    said = a.log_text()[said_before:]
    assert "not hearing other servers" in said
    assert "hearing other servers again" in said
    assert "tables held here are caught up from the database" in said
    # A's page shows the table at the database's step.
    assert ana.state["step"] == len(stored_steps(database, key)) == step + 1


# ------------------------------------------------------------------- presence


@pytest.mark.slow
def test_a_player_leaving_through_one_server_is_away_on_the_others_page_and_voted_out_there(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    r = httpx.post(
        f"{a.base}/api/games",
        json={
            "game": "whale-to-look",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}],
            "pace": {"kind": "realtime", "start": 600, "increment": 0, "grace": 1000},
        },
        timeout=TIMEOUT,
    )
    assert r.status_code == 201, r.text
    tokens = [token_of(link["url"]) for link in r.json()["links"]]
    with (
        connect(f"{a.ws_base}/ws/{tokens[0]}", open_timeout=TIMEOUT) as wa,
        connect(f"{b.ws_base}/ws/{tokens[1]}", open_timeout=TIMEOUT) as wb,
    ):
        ana, ben = Page(wa), Page(wb)
        for page in (ana, ben):
            page.until(lambda s: s["clocks"]["running"] in (0, 1))
        wb.send(json.dumps({"type": "leave"}))  # through B
        assert ben.until(lambda s: s["clocks"]["absent"] == [1])
        assert ana.until(lambda s: s["clocks"]["absent"] == [1])["clocks"]["may_vote"] == [1]
        wa.send(json.dumps({"type": "vote", "seat": 1}))  # through A
        replaced = ben.until(lambda s: s["clocks"]["replaced"] == [1])
        assert replaced["clocks"]["may_return"], "Ben, on B, may take his seat back"
        assert not ana.errors and not ben.errors


@pytest.mark.slow
def test_a_listener_cut_off_listens_again_and_asks_for_every_table(database: str) -> None:
    Store(database, announce=True).close()  # the schema

    async def scenario() -> list[tuple[str | None, int]]:
        heard: list[tuple[str | None, int]] = []
        loop = asyncio.get_running_loop()
        listener = Listener(database, loop, lambda k, n: heard.append((k, n)), lambda *_: None)
        listener.start()
        try:
            assert await asyncio.to_thread(listener.listening.wait, TIMEOUT)
            backends = listeners_of(database, os.getpid())
            assert len(backends) == 1
            terminate(database, backends)
            deadline = time.monotonic() + TIMEOUT
            while (None, -1) not in heard and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            engine = create_engine(database)
            try:
                with engine.begin() as conn:
                    conn.execute(text("select pg_notify(:c, :p)"), {"c": CHANNEL, "p": "abc123:7"})
            finally:
                engine.dispose()
            while ("abc123", 7) not in heard and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
        finally:
            await asyncio.to_thread(listener.stop)
        return heard

    heard = asyncio.run(scenario())
    assert heard.count((None, -1)) == 1, "told once to catch every table up"
    assert heard.index((None, -1)) < heard.index(("abc123", 7)), "and it hears again"


class Watching:
    """A page's socket as a table sees it: the states it was sent."""

    def __init__(self) -> None:
        self.steps: list[int] = []

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "state":
            self.steps.append(message["step"])


def test_every_table_held_is_caught_up_and_shown_when_announcements_were_missed(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:

        async def scenario() -> tuple[int, list[int]]:
            here = Tables(store, seed=3, shared=True)
            seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Ben")]
            # A page's visit loads the table here (its creator does not keep it).
            table = here.tables[here.create("whale-to-look", seats).key]
            page = Watching()
            table.viewers.add(
                Viewer(page.send, lambda m: m, "en", "spectator", frozenset(), showing=None)
            )
            # Another server plays five steps; this one hears none of them.
            stored = store.load(table.key)
            assert stored is not None
            copy = LiveTable(stored)
            rng = random.Random(5)
            for seq in range(5):
                state = copy.state
                action = (
                    state.sample_chance(rng)
                    if state.current_player() == CHANCE
                    else rng.choice(state.legal_actions())
                )
                store.append_action(table.key, seq, action.to_json())
                copy._advance(action)
            here.heard(None, -1)  # what the listener says once it listens again
            deadline = time.monotonic() + TIMEOUT
            while not page.steps and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            return len(table.state.history), page.steps

        steps, shown = asyncio.run(scenario())
    finally:
        store.close()
    assert steps == 5
    assert shown == [5], "the page is sent the state the other server reached"


# ------------------------------------------------------------------------- the lobby


@pytest.mark.slow
def test_a_table_made_through_one_server_is_listed_and_joinable_in_the_lobby_of_the_other(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    key, tokens = new_table(a, [{"kind": "human", "name": "Ana"}, {"kind": "open", "name": ""}])
    lobby = httpx.get(f"{b.base}/", timeout=TIMEOUT)
    assert lobby.status_code == 200
    assert f'action="/games/{key}/claim/1"' in lobby.text
    # Listed from the database, where the seats' links are kept: none of them is shown.
    assert all(token not in lobby.text for token in tokens if token)
    claimed = httpx.post(f"{b.base}/games/{key}/claim/1", data={"name": "Zed"}, timeout=TIMEOUT)
    assert claimed.status_code == 303, claimed.text
    # Taken through B: no server lists the seat any more, A (which made the table) included.
    for server in (a, b):
        assert f"/games/{key}/claim/" not in httpx.get(f"{server.base}/", timeout=TIMEOUT).text


def test_the_lobby_of_a_shared_server_lists_the_tables_and_replays_stored_by_others(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:
        there = Tables(store, seed=1, shared=True)
        waiting = there.create(
            "whale-to-look", [SeatConfig("human", "Ana"), SeatConfig("open", "")]
        )
        seats = [SeatConfig("human", "Ana"), SeatConfig("bot", "", "easy")]
        full = there.create("whale-to-look", seats)
        store.update_table(full.key, finished=True)
        here = Tables(store, shared=True)

        async def listed() -> tuple[list[str], list[str]]:
            open_tables, finished = await here.listed(recent=20)
            return [t.key for t in open_tables], [t.key for t in finished]

        open_keys, finished_keys = asyncio.run(listed())
        assert open_keys == [waiting.key]
        assert finished_keys == [full.key]
        alone = Tables(store)  # a server that does not share its database lists its own
        assert asyncio.run(alone.listed(recent=20)) == ([], [])
    finally:
        store.close()


# ---------------------------------------------------------------------- rate limits


@pytest.mark.slow
def test_a_client_spreading_new_tables_over_two_servers_is_limited_as_if_there_were_one(
    database: str,
) -> None:
    a, b = servers(database, "--create-rate", "3/minute")
    a.start()
    try:
        b.start()
        try:
            seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]
            well_inside_a_minute()
            answers = [
                httpx.post(
                    f"{server.base}/api/games",
                    json={"game": "whale-to-look", "seats": seats},
                    timeout=TIMEOUT,
                )
                for server in (a, b, a, b, a)
            ]
        finally:
            b.stop()
    finally:
        a.stop()
    assert [r.status_code for r in answers] == [201, 201, 201, 429, 429]
    for refused in answers[3:]:
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert "too many requests" in refused.json()["error"]


@pytest.mark.slow
def test_shared_rates_are_counted_in_the_database_per_kind_and_client(database: str) -> None:
    store = Store(database, announce=True)
    try:
        one, two = SharedRates(lambda: store), SharedRates(lambda: store)
        limits = Limits(create_rate="2/minute", upload_rate="1/minute")

        async def spend() -> list[int | None]:
            rates = [rates_of(limits), rates_of(limits)]
            return [
                await one.spend(rates[0]["create"], "create", "198.51.100.7"),
                await two.spend(rates[1]["create"], "create", "198.51.100.7"),
                await one.spend(rates[0]["create"], "create", "198.51.100.7"),
                await two.spend(rates[1]["create"], "create", "198.51.100.8"),
                await two.spend(rates[1]["upload"], "upload", "198.51.100.7"),
            ]

        well_inside_a_minute()
        spent = asyncio.run(spend())
    finally:
        store.close()
    assert spent[:2] == [None, None]
    assert spent[2] is not None and 1 <= spent[2] <= 60, "the third in a minute waits"
    assert spent[3:] == [None, None], "another client, another kind: counted apart"


def test_shared_rates_fall_back_to_this_servers_counts_when_the_database_is_away() -> None:
    class Away:
        def spend_rate(self, kind: str, client: str, rates: list[tuple[int, int]]) -> int | None:
            from whaletable.web.storage import StorageUnavailable

            raise StorageUnavailable("the database did not answer")

    shared = SharedRates(lambda: Away())  # type: ignore[arg-type, return-value]
    rates = rates_of(Limits(create_rate="2/minute"))["create"]

    async def spend() -> list[int | None]:
        return [await shared.spend(rates, "create", "192.0.2.1") for _ in range(3)]

    spent = asyncio.run(spend())
    assert spent[:2] == [None, None]
    assert spent[2] is not None, "still limited, by this server's own counts"


def test_a_server_does_not_read_back_its_own_step_heard_while_it_was_taking_it(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    reads: list[str] = []
    steps_from = store.steps_from

    def counted(key: str, start: int) -> Any:
        reads.append(key)
        return steps_from(key, start)

    store.steps_from = counted  # type: ignore[method-assign]
    try:

        async def scenario() -> int:
            here = Tables(store, seed=3, shared=True)
            seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Ben")]
            table = here.create("whale-to-look", seats)
            rng = random.Random(2)
            async with table.lock:  # as _commit holds it while the step is written
                state = table.state
                action = (
                    state.sample_chance(rng)
                    if state.current_player() == CHANCE
                    else rng.choice(state.legal_actions())
                )
                store.append_action(table.key, 0, action.to_json())
                here.heard(table.key, 1)  # the announcement, heard before the table took it
                await asyncio.sleep(0.01)
                table._advance(action)
            for _ in range(10):
                await asyncio.sleep(0.01)
            return len(table.state.history)

        steps = asyncio.run(scenario())
    finally:
        store.close()
    assert steps == 1
    assert reads == [], "nothing is read back: the table took the step it heard of"


def test_a_shared_server_leaves_a_table_people_play_to_the_server_its_first_page_reaches(
    tmp_path: Path,
) -> None:
    """Held by its creator as well, a table played through another server would have every
    move replayed twice; a table of bots alone is played where it was made."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:

        async def scenario() -> None:
            maker = Tables(store, seed=3, shared=True)
            other = Tables(store, seed=4, shared=True)
            people = maker.create(
                "whale-to-look", [SeatConfig("human", "Ana"), SeatConfig("open", "")]
            )
            maker.kick(people)
            assert maker.tables.held(people.key) is None
            assert people.bot_task is None, "a table not held is not played here"
            # Its links work on the maker too: a page there loads it and plays it.
            seated, role, seat = other.lookup(people.seats[0].token)
            assert (seated.key, role, seat) == (people.key, "seat", 0)
            assert other.tables.held(people.key) is seated
            assert maker.tables.held(people.key) is None
            bots = maker.create(
                "whale-to-look", [SeatConfig("bot", "", bot="easy") for _ in range(3)]
            )
            assert maker.tables.held(bots.key) is bots
            maker.kick(bots)
            assert bots.bot_task is not None
            bots.bot_task.cancel()
            assert other.tables.held(bots.key) is None

        asyncio.run(scenario())
    finally:
        store.close()


def test_a_table_moved_elsewhere_with_no_page_here_is_dropped_not_followed(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:

        async def scenario() -> None:
            here = Tables(store, seed=3, shared=True)
            bots = [SeatConfig("bot", "", bot="easy") for _ in range(3)]
            table = here.create("whale-to-look", bots)  # made here, so held here
            watched = here.create("whale-to-look", bots)
            watched.viewers.add(
                Viewer(Watching().send, lambda m: m, "en", "spectator", frozenset(), showing=None)
            )
            for moved in (table, watched):
                stored = store.load(moved.key)
                assert stored is not None
                action = LiveTable(stored).state.sample_chance(random.Random(5))
                store.append_action(moved.key, 0, action.to_json())  # another server's step
                here.heard(moved.key, 1)
            assert here.tables.held(table.key) is None
            assert table.key in here.evicted, "its links and lobby line are kept"
            assert here.tables.held(watched.key) is watched, "a page here still follows it"
            deadline = time.monotonic() + TIMEOUT
            while len(watched.state.history) < 1 and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            assert len(watched.state.history) == 1

        asyncio.run(scenario())
    finally:
        store.close()


def test_a_page_here_does_not_start_a_second_player_of_a_bots_table_played_elsewhere(
    tmp_path: Path,
) -> None:
    """A table of bots alone is played by the server that made it; a page of it on another
    server follows it (until it is handed over, below), and plays on at once only a table
    that has stood still for the takeover time."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:

        async def scenario() -> None:
            maker = Tables(store, seed=3, shared=True)
            bots = maker.create(
                "whale-to-look", [SeatConfig("bot", "", bot="easy") for _ in range(3)]
            )
            people = maker.create(
                "whale-to-look", [SeatConfig("human", "Ana"), SeatConfig("bot", "", bot="easy")]
            )
            for made in (bots, people):  # a first step, stored just now by its player
                stored = store.load(made.key)
                assert stored is not None
                action = LiveTable(stored).state.sample_chance(random.Random(5))
                store.append_action(made.key, 0, action.to_json())

            here = Tables(store, seed=4, shared=True)
            followed, _, _ = here.lookup(bots.spectator_token)
            assert followed.bot_task is None, "no second player while its maker plays it"
            takeover = time.monotonic() - followed.changed_at
            assert 0 <= takeover < here.takeover_seconds
            seated, _, _ = here.lookup(people.seats[0].token)
            assert seated.bot_task is not None, "a table with people is played where its pages are"
            seated.bot_task.cancel()

            # Stood still past the takeover time: a page's server plays it at once.
            with store.engine.begin() as conn:
                conn.execute(actions.update().values(created=time.time() - 100))
            later = Tables(store, seed=5, shared=True)
            resumed, _, _ = later.lookup(bots.spectator_token)
            assert resumed.bot_task is not None
            resumed.bot_task.cancel()

        asyncio.run(scenario())
    finally:
        store.close()


def test_a_bots_table_made_elsewhere_moments_ago_is_followed_before_its_first_step(
    tmp_path: Path,
) -> None:
    """Its maker plays it from the start: a page here, quicker than its first step, must not
    start a second player of it."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:

        async def scenario() -> None:
            maker = Tables(store, seed=3, shared=True)
            made = maker.create("whale-to-look", bot_seats())
            here = Tables(store, seed=4, shared=True)
            followed, _, _ = here.lookup(made.spectator_token)
            assert not followed.playing
            # Made long ago and never played (its maker gone at once): played here.
            with store.engine.begin() as conn:
                conn.execute(tables_table.update().values(created=time.time() - 100))
            later = Tables(store, seed=5, shared=True)
            resumed, _, _ = later.lookup(made.spectator_token)
            assert resumed.playing
            assert resumed.bot_task is not None
            resumed.bot_task.cancel()

        asyncio.run(scenario())
    finally:
        store.close()


def test_every_step_of_a_group_commit_is_announced(database: str) -> None:
    """Steps written together in one transaction are announced together, each by name."""
    store = Store(database, announce=True)
    try:
        keys = []
        for _ in range(4):
            table = Tables(store, seed=len(keys)).create(
                "whale-to-look", [SeatConfig("human", "Ana"), SeatConfig("human", "Ben")]
            )
            keys.append(table.key)
        with psycopg.connect(conninfo(database), autocommit=True) as listening:
            listening.execute(f"LISTEN {CHANNEL}")
            # Queued at once, so the writer takes most of them in one group commit.
            writes = [
                store.submit_action(key, seq, {"type": "Pass"}) for seq in range(3) for key in keys
            ]
            for w in writes:
                w.result(timeout=TIMEOUT)
            heard = [n.payload for n in listening.notifies(timeout=TIMEOUT, stop_after=len(writes))]
    finally:
        store.close()
    assert sorted(heard) == sorted(f"{key}:{seq + 1}" for seq in range(3) for key in keys)


# ------------------------------------------------------- handing a bots' table over

PACE = 0.02  # seconds per step at the tables of bots alone below (the web app's is 0.2)
BOTS = [{"kind": "bot", "bot": "easy"} for _ in range(3)]


def bot_seats() -> list[SeatConfig]:
    return [SeatConfig("bot", "", bot="easy") for _ in BOTS]


class Here:
    """A server in this process on the shared database: its tables, its listener, and when
    its store wrote (successfully) and read back each step of each table."""

    def __init__(self, database: str, seed: int) -> None:
        self.database = database
        self.store = Store(database, announce=True)
        self.tables = Tables(
            self.store, seed=seed, shared=True, bots_only_pace=PACE, takeover_seconds=2.0
        )
        self.wrote: dict[str, list[tuple[float, int]]] = {}
        self.read: dict[str, list[float]] = {}
        self.listener: Listener | None = None
        submit, steps_from, load = self.store.submit_action, self.store.steps_from, self.store.load

        def counted_submit(key: str, seq: int, *more: Any) -> Any:
            done = submit(key, seq, *more)

            def landed(f: Any) -> None:
                if f.exception() is None:
                    self.wrote.setdefault(key, []).append((time.monotonic(), seq))

            done.add_done_callback(landed)
            return done

        def counted_steps_from(key: str, start: int) -> Any:
            self.read.setdefault(key, []).append(time.monotonic())
            return steps_from(key, start)

        def counted_load(key: str) -> Any:
            self.read.setdefault(key, []).append(time.monotonic())
            return load(key)

        self.store.submit_action = counted_submit  # type: ignore[method-assign]
        self.store.steps_from = counted_steps_from  # type: ignore[method-assign]
        self.store.load = counted_load  # type: ignore[method-assign]

    async def start(self) -> None:
        self.listener = Listener(
            self.database, asyncio.get_running_loop(), self.tables.heard, self.tables.handed
        )
        self.listener.start()
        assert await asyncio.to_thread(self.listener.listening.wait, TIMEOUT)
        self.tables.start_all()

    async def stop(self) -> None:
        for table in self.tables.tables.in_memory():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self.tables.close()
        if self.listener is not None:
            await asyncio.to_thread(self.listener.stop)
        await asyncio.to_thread(self.store.close)

    def steps_written(self, key: str, after: float = 0.0) -> list[int]:
        return [seq for t, seq in self.wrote.get(key, []) if t >= after]

    def page(self, token: str) -> tuple[LiveTable, Viewer, Watching]:
        """A page opened on this server, as its socket does: the link looked up, a viewer
        joining the table it names."""
        table, role, seat = self.tables.lookup(token)
        seen = Watching()
        viewer = Viewer(seen.send, lambda m: m, "en", role, frozenset(), showing=seat)
        table.viewers.add(viewer)
        return table, viewer, seen


async def servers_here(database: str, count: int) -> list[Here]:
    Store(database, announce=True).close()  # the schema, made once
    here = [Here(database, seed) for seed in range(count)]
    for server in here:
        await server.start()
    return here


async def until(done: Any, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def bots_table_played_by(maker: Here, steps: int = 3) -> LiveTable:
    """A table of bots alone made and played by ``maker``, once it has stored ``steps``."""
    table = maker.tables.create("whale-to-look", bot_seats())
    maker.tables.kick(table)
    await until(lambda: len(maker.steps_written(table.key)) >= steps)
    return table


def played_once_to_the_end(database: str, key: str, servers: list[Here]) -> None:
    """The record has each step once and is a finished game, and each step was written
    by one server alone."""
    steps = stored_steps(database, key)
    assert [seq for seq, _ in steps] == list(range(len(steps)))
    stored = Store(database)
    try:
        found = stored.load(key)
        assert found is not None
        assert LiveTable(found).finished
    finally:
        stored.close()
    written = sorted(seq for s in servers for seq in s.steps_written(key))
    assert written == list(range(len(steps))), "every step written once, by one server"


def test_a_bots_table_watched_on_another_server_is_handed_over_and_played_there(
    database: str,
) -> None:
    async def scenario() -> tuple[Here, Here, str, float]:
        maker, other = await servers_here(database, 2)
        try:
            table = await bots_table_played_by(maker)
            opened = time.monotonic()
            watched, _, seen = other.page(table.spectator_token)
            await until(lambda: watched.finished and not watched.playing)
            assert maker.tables.tables.held(table.key) is None, "the maker let it go"
            assert seen.steps[-1] == len(watched.state.history)
            return maker, other, table.key, opened
        finally:
            for server in (maker, other):
                await server.stop()

    maker, other, key, opened = asyncio.run(scenario())
    handed = opened + 2.0
    assert maker.steps_written(key, after=handed) == [], "the maker stopped playing it"
    assert [t for t in maker.read.get(key, []) if t >= handed] == [], "nor does it follow it"
    played_here = other.steps_written(key)
    assert played_here, "the page's server plays it"
    assert min(other.steps_written(key)) > max(maker.steps_written(key))
    # Followed by reading its steps only until it was handed over.
    assert [t for t in other.read[key] if t >= handed] == []
    played_once_to_the_end(database, key, [maker, other])


def test_a_server_playing_a_bots_table_it_shows_a_page_keeps_it_until_the_page_leaves(
    database: str,
) -> None:
    said: list[str] = []

    async def scenario() -> tuple[Here, Here, str]:
        maker, other = await servers_here(database, 2)
        try:
            table = await bots_table_played_by(maker)
            with psycopg.connect(conninfo(database), autocommit=True) as listening:
                listening.execute(f"LISTEN {CHANNEL}")
                _, own, _ = maker.page(table.spectator_token)
                watched, _, _ = other.page(table.spectator_token)
                kept_from = time.monotonic()
                await asyncio.sleep(1.5)
                said.extend(n.payload for n in listening.notifies(timeout=0.1))
            # The page's server asked, was refused, and follows: the maker plays on.
            assert any(p.startswith(f"{table.key}:ask:") for p in said)
            assert not any(p.startswith(f"{table.key}:give:") for p in said)
            assert maker.steps_written(table.key, after=kept_from + 0.5)
            assert other.steps_written(table.key) == []
            assert len(watched.state.history) >= len(maker.steps_written(table.key)) - 1
            # Its page gone, the maker hands the table over at the next ask.
            table.viewers.discard(own)
            await until(lambda: bool(other.steps_written(table.key)), timeout=5.0)
            await until(lambda: watched.finished and not watched.playing)
            assert maker.tables.tables.held(table.key) is None
            return maker, other, table.key
        finally:
            for server in (maker, other):
                await server.stop()

    maker, other, key = asyncio.run(scenario())
    played_once_to_the_end(database, key, [maker, other])


def test_two_servers_asking_for_one_bots_table_leave_it_one_player(database: str) -> None:
    async def scenario() -> tuple[list[Here], str]:
        servers = await servers_here(database, 3)
        maker, *askers = servers
        try:
            table = await bots_table_played_by(maker)
            pages = [asker.page(table.spectator_token)[0] for asker in askers]
            await until(lambda: all(p.finished for p in pages))
            await until(lambda: not any(p.playing for p in pages))
            players = [a for a in askers if a.steps_written(table.key)]
            assert len(players) == 1, "one asker was given it; the other follows it"
            return servers, table.key
        finally:
            for server in servers:
                await server.stop()

    servers, key = asyncio.run(scenario())
    maker, *askers = servers
    player = next(a for a in askers if a.steps_written(key))
    assert min(player.steps_written(key)) > max(maker.steps_written(key))
    played_once_to_the_end(database, key, servers)


def test_a_player_asked_for_its_table_mid_step_stores_that_step_then_gives_it(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    said: list[tuple[str, str, str]] = []

    def say(key: str, word: str, server: str) -> None:
        said.append((key, word, server))

    store.hand_over = say  # type: ignore[method-assign]
    try:

        async def scenario() -> None:
            maker = Tables(store, seed=3, shared=True, bots_only_pace=PACE)
            table = maker.create("whale-to-look", bot_seats())
            maker.kick(table)
            await until(lambda: len(table.state.history) >= 3)
            async with table.lock:  # a step in hand: its writer holds the table's lock
                maker.handed(table.key, ASK, "elsewhere")
                await asyncio.sleep(0.05)
                assert maker.tables.held(table.key) is table, "kept while the step is stored"
                state = table.state
                rng = random.Random(5)
                action = (
                    state.sample_chance(rng)
                    if state.current_player() == CHANCE
                    else rng.choice(state.legal_actions())
                )
                await maker._commit(table, action)
            await until(lambda: bool(said))
            assert said == [(table.key, GIVE, "elsewhere")]
            assert maker.tables.held(table.key) is None
            given_at = len(table.state.history)
            await asyncio.sleep(0.2)
            assert not table.playing, "its player stopped"
            assert len(stored_steps_of(store, table.key)) == given_at, "and stored no more"
            assert stored_steps_of(store, table.key)[-1] == table.state.history[-1].to_json()

        asyncio.run(scenario())
    finally:
        store.close()


def stored_steps_of(store: Store, key: str) -> list[dict[str, Any]]:
    return store.steps_from(key, 0)[0]


def test_a_page_joining_a_followed_table_is_not_left_on_a_dropped_copy(tmp_path: Path) -> None:
    """A page's socket looks its table up, then joins it a moment later: a step heard in
    between must not drop the table it is joining."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:

        async def scenario() -> None:
            maker = Tables(store, seed=3, shared=True)
            table = maker.create("whale-to-look", bot_seats())
            rng = random.Random(5)
            for seq in range(2):  # the maker's steps, one before the page's lookup
                if seq == 1:
                    here = Tables(store, seed=4, shared=True)
                    joining, _, _ = here.lookup(table.spectator_token)
                    assert not joining.playing, "played by its maker: followed here"
                state = table.state
                action = (
                    state.sample_chance(rng)
                    if state.current_player() == CHANCE
                    else rng.choice(state.legal_actions())
                )
                store.append_action(table.key, seq, action.to_json())
                table._advance(action)
            here.heard(table.key, 2)
            assert here.tables.held(table.key) is joining

        asyncio.run(scenario())
    finally:
        store.close()


@pytest.mark.slow
def test_a_killed_server_playing_a_bots_table_it_shows_is_still_taken_over(
    pair: tuple[Server, Server], database: str
) -> None:
    """Its own page kept the table from being handed over; killed, the server of the other
    page plays on once the table has stood still for the takeover time."""
    a, b = pair
    made = httpx.post(
        f"{a.base}/api/games", json={"game": "whale-to-look", "seats": BOTS}, timeout=TIMEOUT
    )
    assert made.status_code == 201, made.text
    key, spectator = made.json()["key"], made.json()["spectator_url"].rsplit("/", 1)[1]
    said: list[str] = []
    with psycopg.connect(conninfo(database), autocommit=True) as listening:
        listening.execute(f"LISTEN {CHANNEL}")
        with (
            connect(f"{a.ws_base}/ws/{spectator}", open_timeout=TIMEOUT),
            connect(f"{b.ws_base}/ws/{spectator}", open_timeout=TIMEOUT) as on_b,
        ):
            page = Page(on_b)
            deadline = time.monotonic() + TIMEOUT
            while not any(p.startswith(f"{key}:ask:") for p in said):
                assert time.monotonic() < deadline, "B never asked for the table"
                said += [n.payload for n in listening.notifies(timeout=0.5)]
                page.drain()
            asked_at = page.state["step"]
            a.kill()
            final = page.until(lambda s: s["finished"])
            assert not page.errors
        said += [n.payload for n in listening.notifies(timeout=0.1)]
    assert not any(p.startswith(f"{key}:give:") for p in said), "A refused: it had a page"
    steps = stored_steps(database, key)
    assert final["step"] > asked_at + 1, "played on after the kill"
    assert [seq for seq, _ in steps] == list(range(final["step"])), "no gap, no step twice"
    record = httpx.get(f"{b.base}/games/{key}/record.json", timeout=TIMEOUT)
    assert Record.loads(record.text).replay().is_terminal()
