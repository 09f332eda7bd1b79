"""``whaletable serve``: the web table on an embedded SQLite file or a PostgreSQL URL."""

from __future__ import annotations

import argparse

from whaletable.core.errors import WhaletableError
from whaletable.web.limits import Limits

DEFAULT_DB = "sqlite:///whaletable.db"
DEFAULTS = Limits()


class ServeError(WhaletableError):
    """A serve option that cannot be used (a malformed rate, cap or public URL)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="run the web table (lobby, secret seat links, live boards, replays)",
        description="Run the web table. Games are stored in the database as they are played; "
        "a restarted server resumes every game. To let friends on other machines join, see "
        "docs/sharing.md (--host 0.0.0.0 with --public-url, or a reverse proxy with TLS).",
        epilog="Example: whaletable serve --host 0.0.0.0 --public-url http://192.168.1.20:8000",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"SQLAlchemy database URL (default {DEFAULT_DB}, a file in this folder)",
    )
    p.add_argument("--bot-workers", type=int, default=1, help="processes that run bots (default 1)")
    p.add_argument(
        "--public-url",
        default=None,
        help="the address players reach the server at (e.g. https://whales.example.org); "
        "every link the server hands out starts with it",
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="HOST[:PORT]",
        help="a Host a request may name for links built from it (repeatable); the bound "
        "address is always allowed",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="deal every table's chance from this number, in order of creation, so that a "
        "demo replays the same games; never on a shared server (whoever knows it foresees the "
        "dice)",
    )
    p.add_argument(
        "--create-rate",
        default=DEFAULTS.create_rate,
        help=f"tables, rematches and seat claims per client (default {DEFAULTS.create_rate})",
    )
    p.add_argument(
        "--upload-rate",
        default=DEFAULTS.upload_rate,
        help=f"uploaded records per client (default {DEFAULTS.upload_rate})",
    )
    p.add_argument(
        "--socket-rate",
        default=DEFAULTS.socket_rate,
        help=f"table sockets a client may open (default {DEFAULTS.socket_rate})",
    )
    p.add_argument(
        "--advice-rate",
        default=DEFAULTS.advice_rate,
        help=f"advice a table page may ask for (default {DEFAULTS.advice_rate})",
    )
    p.add_argument(
        "--sockets-per-client",
        type=int,
        default=DEFAULTS.sockets_per_client,
        help=f"open table pages per client (default {DEFAULTS.sockets_per_client})",
    )
    p.add_argument(
        "--sockets-per-table",
        type=int,
        default=DEFAULTS.sockets_per_table,
        help=f"open pages per table (default {DEFAULTS.sockets_per_table})",
    )


def limits_of(args: argparse.Namespace) -> Limits:
    """The per-client limits the command line asks for; raises ServeError naming a bad one."""
    from limits import parse_many

    for flag, rate in (
        ("--create-rate", args.create_rate),
        ("--upload-rate", args.upload_rate),
        ("--socket-rate", args.socket_rate),
        ("--advice-rate", args.advice_rate),
    ):
        try:
            parse_many(rate)
        except ValueError:
            raise ServeError(
                f"{flag} must be like 20/minute or 20/minute;200/hour, not {rate!r}"
            ) from None
    for flag, cap in (
        ("--sockets-per-client", args.sockets_per_client),
        ("--sockets-per-table", args.sockets_per_table),
    ):
        if cap < 1:
            raise ServeError(f"{flag} must be at least 1, not {cap}")
    return Limits(
        create_rate=args.create_rate,
        upload_rate=args.upload_rate,
        socket_rate=args.socket_rate,
        advice_rate=args.advice_rate,
        sockets_per_client=args.sockets_per_client,
        sockets_per_table=args.sockets_per_table,
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from whaletable.web.app import MAX_MESSAGE, create_app
    from whaletable.web.origin import WILDCARD, Reach

    try:
        reach = Reach(
            public_url=args.public_url,
            allowed_hosts=tuple(args.allowed_host),
            bound_host=args.host,
            bound_port=args.port,
        )
    except ValueError as e:
        raise ServeError(f"--public-url: {e}") from None
    app = create_app(
        args.db,
        bot_workers=args.bot_workers,
        limits=limits_of(args),
        reach=reach,
        seed=args.seed,
    )
    shown = args.public_url or (
        f"http://{'localhost' if args.host in ('127.0.0.1', *WILDCARD) else args.host}:{args.port}/"
    )
    print(f"whaletable is serving at {shown}  (database: {args.db})", flush=True)
    if args.host in WILDCARD and not args.public_url and not args.allowed_host:
        print(
            "listening on every address: pass --public-url http://THIS-MACHINE:PORT so the "
            "links you share name an address your friends can reach",
            flush=True,
        )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,
        # A table's messages are drawn boards of ~15 KB. Compressing each one for every
        # page took a third of the server's time under load and tripled the slowest round
        # trips (benchmarks/web_latency.py); the bytes saved are not worth it.
        ws_per_message_deflate=False,
    )
    return 0
