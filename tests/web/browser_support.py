"""A real ``whaletable serve`` and Debian's Chromium for the browser tests.

Loaded by ``test_browser*.py`` through ``pytest_plugins``: it registers the ``browser``
marker (select the tests with ``-m browser``, leave them out with ``-m "not browser"``),
starts one server per test session on a free loopback port with its own SQLite file,
and launches Chromium headless without ever downloading a browser.

PYTEST_DONT_REWRITE: pytest imports this file for its doctests before it loads it as a
plugin, and a module already imported cannot have its asserts rewritten.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BROWSER_MODULES = "test_browser"  # test_browser.py and one test_browser_<game>.py per game
STARTUP_SECONDS = 30.0
PR_SET_PDEATHSIG = 1  # prctl(2), Linux


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives the web table in Chromium against a real server"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Marked here, before ``-m`` selects, so the marker is registered when it is applied.
    for item in items:
        if item.path.name.startswith(BROWSER_MODULES):
            item.add_marker("browser")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """A running ``whaletable serve`` on loopback."""

    base: str
    process: subprocess.Popen[bytes]

    def url(self, path: str) -> str:
        return self.base + path

    def get_json(self, path: str) -> Any:
        with urllib.request.urlopen(self.url(path), timeout=10) as response:
            return json.loads(response.read())

    def create(self, seats: list[dict[str, Any]], *, hotseat: bool = False) -> dict[str, Any]:
        """A Whale to Look table made through the JSON API (the UI test uses the lobby)."""
        body = {"game": "whale-to-look", "seats": seats, "hotseat": hotseat}
        return create_table(self.base, body)


def _wait_healthy(server: Server, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server exited at start:\n{log.read_text()}")
        try:
            if server.get_json("/healthz").get("ok") is True:
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer /healthz in {STARTUP_SECONDS}s")


def _die_with_parent() -> None:
    """In the server's process: stop it if the test run is killed before its teardown."""
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


@contextlib.contextmanager
def serving(folder: Path, *flags: str) -> Iterator[Server]:
    """``whaletable serve`` as a subprocess, the way a user starts it, with ``flags`` added."""
    port = free_port()
    command = Path(sys.executable).with_name("whaletable")
    log = folder / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                str(command),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{folder / 't.db'}",
                *flags,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its bot workers go with it at the end
            preexec_fn=_die_with_parent,
        )
    server = Server(base=f"http://127.0.0.1:{port}", process=process)
    try:
        _wait_healthy(server, log)
        yield server
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the browser tests that do not depend on how the dice fall."""
    with serving(tmp_path_factory.mktemp("browser-server")) as server:
        yield server


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of the module's own whose tables are dealt from a fixed seed, for a test that
    plays a whole game: with free dice some games never offer a move the test must click."""
    with serving(tmp_path_factory.mktemp("seeded-server"), "--seed", "7") as server:
        yield server


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Headless Debian Chromium through Playwright (the test skips when it is missing).

    Module-scoped: Playwright's synchronous API keeps an event loop running in this thread
    until it stops, and later tests in the same worker start loops of their own.
    """
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (make system-deps installs it)")
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        new_context = browser.new_context

        def at_once(*args: Any, **kwargs: Any) -> Any:
            # Tests that play whole games would wait on each bot's step at a person's
            # pace: every profile shows steps at once unless its test picks a pace.
            ctx = new_context(*args, **kwargs)
            ctx.add_init_script(script=STEPS_AT_ONCE)
            return ctx

        browser.new_context = at_once  # type: ignore[method-assign]
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()


# ------------------------------------------------------------ shared by the browser tests

STEPS_AT_ONCE = """
try {
  if (!window.localStorage.getItem("whaletable.pace")) {
    window.localStorage.setItem("whaletable.pace", "off");
  }
} catch (e) {}  // a page without storage (about:blank)
"""
"""The table page's pace, unless a test chose one: each state shown as it comes."""

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TURN_TIMEOUT = 60_000  # ms: bots and chance between two turns of the human seat

# The page has taken in a state after step ``past`` in which this page may act or the game
# is over (``you`` is the seat the page acts for, "" when it may not act).
AFTER_STEP = """(past) => {
  const d = document.body.dataset;
  if (d.step === undefined || d.step === "" || Number(d.step) <= past) return false;
  if (document.body.classList.contains("waiting")) return false;
  return d.finished === "true" || (d.you !== undefined && d.you !== "");
}"""


@pytest.fixture
def context(chromium: Any) -> Iterator[Any]:
    """A desktop-sized browser profile."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    ctx.set_default_timeout(15_000)
    try:
        yield ctx
    finally:
        ctx.close()


def step_of(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.step"))


def wait_turn(page: Any, past: int) -> int:
    """Wait until this page may act (or the game is over) after step ``past``; the step."""
    page.wait_for_function(AFTER_STEP, arg=past, timeout=TURN_TIMEOUT)
    return step_of(page)


def finished(page: Any) -> bool:
    return bool(page.evaluate("document.body.dataset.finished === 'true'"))


def screenshot(page: Any, name: str, *, full_page: bool = True) -> None:
    """A picture for the README, overwritten by every run."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / name, full_page=full_page)


MOVED_ON = """(past) => Number(document.body.dataset.step) > past
  && !document.body.classList.contains("waiting")"""
"""The page has taken in a state after step ``past`` (whoever is to move in it)."""


def url_path(url: str) -> str:
    """A link's path, to be opened on another base."""
    return "/" + url.split("/", 3)[3]


def create_table(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """A table made through the JSON API of the server at ``base``: its links."""
    request = urllib.request.Request(
        base + "/api/games",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
        created: dict[str, Any] = json.loads(response.read())
        return created


@dataclass
class InProcess:
    """The web app served by uvicorn in a thread of the test process, so that a game
    registered only in this process (the kit's toy game, the template) is served."""

    base: str
    app: Any

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        return create_table(self.base, body)


@contextlib.contextmanager
def in_process(folder: Path, **options: Any) -> Iterator[InProcess]:
    """The app on a free loopback port with its SQLite file in ``folder`` (``options``:
    more of :func:`create_app`'s)."""
    import threading

    import uvicorn

    from whaletable.web.app import create_app
    from whaletable.web.origin import Reach

    port = free_port()
    app = create_app(
        f"sqlite:///{folder / 't.db'}",
        reach=Reach(bound_host="127.0.0.1", bound_port=port),
        **options,
    )
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the in-process server did not start")
        time.sleep(0.05)
    try:
        yield InProcess(f"http://127.0.0.1:{port}", app)
    finally:
        server.should_exit = True
        thread.join(timeout=30)
