"""Random input against every route and the table socket: nothing a stranger sends may give
a 5xx or raise on the server. Example counts are bounded so the suite stays quick; every
input the fuzzers found to break the server is a named test in ``test_hostile.py``.
"""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from table_support import Socket, create_table, token_of

from whaletable.web.app import MAX_MESSAGE, create_app
from whaletable.web.limits import Limits

UNLIMITED = Limits(
    create_rate="100000/minute",
    upload_rate="100000/minute",
    socket_rate="100000/minute",
    sockets_per_client=1000,
)
# Per route; a deeper run sets WHALETABLE_FUZZ_EXAMPLES (e.g. 500) in the environment.
EXAMPLES = int(os.environ.get("WHALETABLE_FUZZ_EXAMPLES", "40"))


# Built at import (it starts nothing until a request comes): schemathesis needs the schema
# when it collects the test. Its database lives in a folder removed after the module.
FOLDER = Path(tempfile.mkdtemp(prefix="whaletable-fuzz-"))
fuzzed_app = create_app(f"sqlite:///{FOLDER / 'fuzz.db'}", limits=UNLIMITED)
schema = schemathesis.openapi.from_dict(fuzzed_app.openapi())
schema.app = fuzzed_app


@pytest.fixture(scope="module", autouse=True)
def stop_the_fuzzed_app() -> Iterator[None]:
    yield
    from schemathesis.python import asgi

    asgi.shutdown_lifespans()  # the app the fuzzer started: its bot workers and database
    shutil.rmtree(FOLDER, ignore_errors=True)


@pytest.fixture
def server_errors(caplog: pytest.LogCaptureFixture) -> Iterator[list[logging.LogRecord]]:
    """Every error the server logged during the test (an exception it swallowed included)."""
    with caplog.at_level(logging.ERROR):
        yield caplog.records


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_to_any_route_gives_a_server_error(case: Any) -> None:
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])


# ------------------------------------------------------------ the table socket

HUGE = "9" * 5000  # more digits than int() converts by default (4300)


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def frames(rng: random.Random, step: int) -> list[str | bytes]:
    """Malformed and ill-typed frames, a fresh random batch per call."""
    junk: list[Any] = [
        None,
        True,
        -1,
        2**63,
        1e308,
        "x" * 100,
        [],
        {},
        [[[]]],
        {"type": {"type": "act"}},
        "\ud800",
    ]
    fixed: list[str | bytes] = [
        "",
        "{",
        "null",
        "[]",
        '"act"',
        deep(5000),
        '{"type": "act", "step": ' + deep(900) + "}",
        '{"type": "act", "step": ' + HUGE + "}",
        '{"type": "act", "step": 0, "action": {"type": "x", "n": -' + HUGE + "}}",
        '{"type": "act", "step": 1e999999}',
        '{"type": "act", "step": NaN, "action": Infinity}',
        '{"type": "\ud800"}',
        '{"type": "ready", "seat": true}',
        '{"type": "ready", "seat": 99999999999999999999}',
        '{"type": "undo", "step": -1}',
        '{"type": "advice", "step": ' + HUGE + "}",
        '{"type": "advice", "step": 0, "step": "0"}',
        b"\x00\xff\xfe binary",
        b'{"type": "ping"}',
        b"\xed\xa0\x80",  # a surrogate in UTF-8 bytes
        "x" * (MAX_MESSAGE + 1),
    ]
    randomised: list[str | bytes] = []
    for _ in range(40):
        kinds = ["act", "undo", "ready", "ping", "advice", "what"]
        message: dict[str, Any] = {"type": rng.choice(kinds)}
        for key in rng.sample(["step", "action", "seat", "extra"], rng.randrange(5)):
            message[key] = rng.choice([*junk, step, step + 1, {"type": rng.choice(junk[5:7])}])
        randomised.append(json.dumps(message, allow_nan=True))
    return fixed + randomised


def test_no_frame_on_the_table_socket_raises_on_the_server(
    tmp_path: Path, server_errors: list[logging.LogRecord]
) -> None:
    from fastapi.testclient import TestClient

    rng = random.Random(20261203)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ws.db'}", limits=UNLIMITED)) as client:
        created = create_table(
            client,
            [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bao"}],
            hotseat=True,
        )
        links = [created["links"][0]["url"], created["spectator_url"], created["hotseat_url"]]
        for link in links:
            batch = frames(rng, 0)
            while batch:
                with client.websocket_connect(f"/ws/{token_of(link)}") as ws:
                    sock = Socket(ws)
                    sock.receive()  # the first view of the table
                    while batch:
                        frame = batch.pop(0)
                        if isinstance(frame, bytes):
                            ws.send_bytes(frame)
                        else:
                            ws.send_text(frame)
                        if isinstance(frame, str) and len(frame) > MAX_MESSAGE:
                            # Too large: the server says so and closes this socket (a view
                            # of the table sent before it may still be on its way).
                            answer = sock.receive()
                            while answer["type"] in ("state", "handover"):
                                answer = sock.receive()
                            assert answer["type"] == "error"
                            break
                        # A ping after each frame: the socket still answers in order.
                        ws.send_text('{"type": "ping"}')
                        answers = [sock.receive()]
                        while answers[-1]["type"] != "pong":
                            answers.append(sock.receive())
                        assert all(
                            a["type"] in ("error", "state", "handover", "pong", "advice")
                            for a in answers
                        )
    assert not server_errors, [r.getMessage() for r in server_errors]
