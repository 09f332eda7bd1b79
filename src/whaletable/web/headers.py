"""Headers every response carries: what a browser may run, frame, sniff or tell others.

Seat links are secrets in URLs, so no page sends a Referer and no page holding a link is
stored by a cache. Scripts come from /static only (no inline script, no ``on*=``).
Boards are SVG with a small ``<style>`` of their own, some of it drawn per move, so
styles allow inline CSS; CSS cannot run code.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}

# Pages and answers that hold secret links: never kept by a browser or proxy cache.
SECRET_PREFIXES = ("/t/", "/games", "/api/games")


class SecurityHeaders:
    """Add :data:`HEADERS` to every HTTP response (error pages and static files too)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        secret = str(scope.get("path", "")).startswith(SECRET_PREFIXES)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers[name] = value
                if secret:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, with_headers)
