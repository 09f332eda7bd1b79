"""Nothing waits on a client, a bot or another table; a database hiccup is survived; memory
per finished table is bounded. One test per way a table was found to stall or grow."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import httpx
from table_support import HUMAN_AND_TWO_BOTS, Server, token_of
from websockets.sync.client import connect

TIMEOUT = 60.0


def create(server: Server, seats: list[dict[str, Any]], game: str = "whale-to-look") -> Any:
    r = httpx.post(f"{server.base}/api/games", json={"game": game, "seats": seats}, timeout=TIMEOUT)
    assert r.status_code == 201, r.text
    return r.json()


def never_reading_socket(server: Server, token: str) -> socket.socket:
    """A WebSocket that completes its handshake and then never reads another byte."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window fills quickly
    s.connect(("127.0.0.1", server.port))
    s.sendall(
        (
            f"GET /ws/{token} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    s.settimeout(TIMEOUT)
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def until_dropped(s: socket.socket, within: float) -> bool:
    """Read what the server had sent; True once the server has closed or cut the socket."""
    s.settimeout(within)
    try:
        while s.recv(1 << 16):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def test_a_page_that_stops_reading_does_not_hold_up_its_table(server: Server) -> None:
    # Survive's boards are large: the stuck page's buffers overflow within the game.
    created = create(server, HUMAN_AND_TWO_BOTS, game="survive")
    stuck = never_reading_socket(server, token_of(created["spectator_url"]))
    slowest = 0.0
    moves = 0
    with connect(f"{server.ws_base}/ws/{token_of(created['links'][0]['url'])}") as ws:
        while True:
            m = json.loads(ws.recv(timeout=TIMEOUT))
            if m["type"] != "state" or not (m["finished"] or m["you"] is not None):
                continue
            if m["finished"]:
                break
            sent = time.monotonic()
            act = {"type": "act", "step": m["step"], "action": m["actions"][0]["action"]}
            ws.send(json.dumps(act))
            while True:
                # Before the fix the table's sends queued behind the stuck page and this
                # acknowledgement never came.
                ack = json.loads(ws.recv(timeout=TIMEOUT))
                assert ack["type"] != "error", ack
                if ack["type"] == "state" and ack["step"] > m["step"]:
                    break
            slowest = max(slowest, time.monotonic() - sent)
            moves += 1
    assert moves >= 50
    assert slowest < 2.0, f"a move took {slowest:.2f} s to be acknowledged"
    # The page that fell behind was dropped, not kept with everything queued for it.
    assert until_dropped(stuck, within=10.0)
    stuck.close()
    # Its browser reconnects and is sent the whole state again.
    with connect(f"{server.ws_base}/ws/{token_of(created['spectator_url'])}") as ws:
        m = json.loads(ws.recv(timeout=TIMEOUT))
        assert m["type"] == "state" and m["finished"]
