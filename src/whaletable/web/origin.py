"""Where the server is reached from: the base of the links it hands out, which hosts it
answers to, and which form posts it accepts.

A link is built from the request's Host only if that host is trusted (the public URL,
the bound address, or one named with ``--allowed-host``); a forged Host would otherwise
put an attacker's address in links that people then share. Posts from another site's page
are refused: a stranger's page must not create tables or claim seats in a visitor's name.
A server bound to loopback answers only to its trusted hosts, so a web page whose name a
stranger points at 127.0.0.1 (DNS rebinding) cannot reach it through a visitor's browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from whaletable.web.limits import answer

LOOPBACK = frozenset({"localhost", "127.0.0.1", "[::1]", "::1"})
WILDCARD = frozenset({"0.0.0.0", "::", "[::]", ""})


def _split_host(host: str) -> tuple[str, str | None]:
    """``name[:port]`` (IPv6 in brackets) → (lower-case name, port or None)."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        name, rest = host[: end + 1], host[end + 1 :]
        return name, rest[1:] if rest.startswith(":") else None
    if host.count(":") == 1:
        name, port = host.split(":")
        return name, port
    return host, None


@dataclass(frozen=True)
class Reach:
    """How the server is reached: ``public_url`` if given, else trusted request hosts."""

    public_url: str | None = None
    allowed_hosts: tuple[str, ...] = ()
    bound_host: str | None = None  # the address the server listens on
    bound_port: int | None = None
    _allowed: frozenset[tuple[str, str | None]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.public_url is not None:
            parts = urlsplit(self.public_url)
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise ValueError(
                    f"public URL must be http(s)://host[:port][/path], not {self.public_url!r}"
                )
        allowed = {_split_host(h) for h in self.allowed_hosts}
        if self.public_url is not None:
            # A reverse proxy that keeps the Host it was reached by passes the public one on.
            allowed.add(_split_host(urlsplit(self.public_url).netloc))
        port = None if self.bound_port is None else str(self.bound_port)
        if self.bound_host is not None:
            bound = self.bound_host.lower()
            if bound not in WILDCARD:
                allowed.add((f"[{bound}]" if ":" in bound else bound, port))
            if bound in LOOPBACK or bound in WILDCARD:
                # The machine's own names reach a server bound to loopback or to every address.
                allowed.update((name, port) for name in LOOPBACK)
        object.__setattr__(self, "_allowed", frozenset(allowed))

    @property
    def private(self) -> bool:
        """Bound to loopback only: the server is meant for this machine alone."""
        return self.bound_host is not None and self.bound_host.lower() in LOOPBACK

    def trusts(self, host: str) -> bool:
        name, port = _split_host(host)
        return (name, port) in self._allowed or (name, None) in self._allowed

    def base(self, scheme: str, host: str | None) -> str:
        """The start of every link: the public URL, the request's trusted host, or nothing
        (a link relative to the page, which the browser completes from its own address)."""
        if self.public_url is not None:
            return self.public_url.rstrip("/")
        if host and self.trusts(host):
            return f"{scheme}://{host}"
        return ""

    def same_site(self, origin: str, host: str | None) -> bool:
        """Whether a post's Origin is this server (as the request or the public URL names it)."""
        netloc = urlsplit(origin).netloc.lower()
        if host is not None and netloc == host.lower():
            return True
        return self.public_url is not None and netloc == urlsplit(self.public_url).netloc.lower()


class SameOriginPosts:
    """Refuse a POST that a browser says came from another site's page (403)."""

    def __init__(self, app: ASGIApp, reach: Reach) -> None:
        self.app = app
        self.reach = reach

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") == "POST":
            headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
            fetch_site = headers.get("sec-fetch-site")
            origin = headers.get("origin")
            if fetch_site is not None:
                # The browser says where the post comes from: this site, or typed by the user.
                cross = fetch_site not in ("same-origin", "none")
            else:
                # An older browser: judge by Origin. "null" is what a page with
                # Referrer-Policy no-referrer (every page here) sends, so it cannot be refused.
                cross = (
                    origin is not None
                    and origin != "null"
                    and not self.reach.same_site(origin, headers.get("host"))
                )
            if cross:
                await answer(send, 403, "a post from another site's page is refused")
                return
        await self.app(scope, receive, send)


class TrustedHostsOnly:
    """On a loopback-bound server, refuse any request (page or socket) naming another Host."""

    def __init__(self, app: ASGIApp, reach: Reach) -> None:
        self.app = app
        self.reach = reach

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.reach.private and scope["type"] in ("http", "websocket"):
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
            if not self.reach.trusts(host):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                else:
                    await answer(send, 400, f"this server does not answer to host {host!r}")
                return
        await self.app(scope, receive, send)
