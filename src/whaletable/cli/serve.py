"""``whaletable serve``: the web table on an embedded SQLite file or a PostgreSQL URL."""

from __future__ import annotations

import argparse
import json
import os
from typing import TYPE_CHECKING

from whaletable.core.errors import WhaletableError
from whaletable.web.limits import Limits

if TYPE_CHECKING:
    from fastapi import FastAPI

    from whaletable.web.origin import Reach

DEFAULT_DB = "sqlite:///whaletable.db"
ARGS_VARIABLE = "WHALETABLE_SERVE_ARGS"  # the command line, handed to each worker process
TAKEOVER_SECONDS = 15.0  # as web.tables.TAKEOVER_SECONDS, without importing the web app
SHORTEST_CLOCK = 60.0  # as web.pace.SHORTEST_CLOCK
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
        "--workers",
        type=int,
        default=1,
        help="server processes sharing the port and one PostgreSQL database (default 1); "
        "more than one needs a postgresql+psycopg:// --db",
    )
    p.add_argument(
        "--shared",
        action="store_true",
        help="other whaletable servers (on other hosts or ports) use the same PostgreSQL "
        "database: take up their tables and moves (implied by --workers 2 or more)",
    )
    p.add_argument(
        "--takeover-seconds",
        type=float,
        default=TAKEOVER_SECONDS,
        help="with a shared database, how long a table whose bot is to move may wait on the "
        f"server that moved last before this one plays on (default {TAKEOVER_SECONDS:g})",
    )
    p.add_argument(
        "--shortest-clock",
        type=float,
        default=SHORTEST_CLOCK,
        metavar="SECONDS",
        help="the fewest seconds a new table's clock may be set to (default "
        f"{SHORTEST_CLOCK:g}); lower it for tests and demos only",
    )
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


def check_sharing(args: argparse.Namespace) -> bool:
    """Whether this server shares its database with others; raises ServeError if it
    cannot (only PostgreSQL tells servers of each other's moves)."""
    if args.workers < 1:
        raise ServeError(f"--workers must be at least 1, not {args.workers}")
    shared = bool(args.shared) or args.workers > 1
    if shared and not str(args.db).startswith("postgresql"):
        flag = f"--workers {args.workers}" if args.workers > 1 else "--shared"
        raise ServeError(
            f"{flag} needs a PostgreSQL database (--db postgresql+psycopg://USER@HOST/DB): "
            f"SQLite ({args.db}) is for one server process alone"
        )
    if args.takeover_seconds <= 0:
        raise ServeError(f"--takeover-seconds must be positive, not {args.takeover_seconds:g}")
    if not 0 < args.shortest_clock <= SHORTEST_CLOCK:
        raise ServeError(
            f"--shortest-clock must be above 0 and at most {SHORTEST_CLOCK:g}, "
            f"not {args.shortest_clock:g}"
        )
    return shared


def build_app(args: argparse.Namespace) -> FastAPI:
    """The app the command line asks for; raises ServeError naming a bad option."""
    from whaletable.web.app import create_app

    shared = check_sharing(args)
    return create_app(
        args.db,
        bot_workers=args.bot_workers,
        limits=limits_of(args),
        reach=reach_of(args),
        seed=args.seed,
        shared=shared,
        takeover_seconds=args.takeover_seconds,
        shortest_clock=args.shortest_clock,
    )


def app_from_environment() -> FastAPI:
    """The app of one worker of ``serve --workers N``, from the command line it was given
    (uvicorn starts each worker process afresh and calls this factory there)."""
    parser = argparse.ArgumentParser(prog="whaletable")
    add_parser(parser.add_subparsers())
    args = parser.parse_args(["serve", *json.loads(os.environ[ARGS_VARIABLE])])
    return build_app(args)


def reach_of(args: argparse.Namespace) -> Reach:
    from whaletable.web.origin import Reach

    try:
        reach = Reach(
            public_url=args.public_url,
            allowed_hosts=tuple(args.allowed_host),
            bound_host=args.host,
            bound_port=args.port,
        )
    except ValueError as e:
        raise ServeError(f"--public-url: {e}") from None
    return reach


def serve_argv(args: argparse.Namespace) -> list[str]:
    """The options of ``args`` as a command line again (for the worker processes)."""
    argv = [
        "--host", args.host,
        "--port", str(args.port),
        "--db", args.db,
        "--bot-workers", str(args.bot_workers),
        "--workers", str(args.workers),
        "--takeover-seconds", repr(args.takeover_seconds),
        "--shortest-clock", repr(args.shortest_clock),
        "--create-rate", args.create_rate,
        "--upload-rate", args.upload_rate,
        "--socket-rate", args.socket_rate,
        "--advice-rate", args.advice_rate,
        "--sockets-per-client", str(args.sockets_per_client),
        "--sockets-per-table", str(args.sockets_per_table),
    ]  # fmt: skip
    if args.public_url is not None:
        argv += ["--public-url", args.public_url]
    for host in args.allowed_host:
        argv += ["--allowed-host", host]
    if args.seed is not None:
        argv += ["--seed", str(args.seed)]
    if args.shared:
        argv.append("--shared")
    return argv


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from whaletable.web.app import MAX_MESSAGE
    from whaletable.web.origin import WILDCARD

    app: FastAPI | str
    if args.workers > 1:
        check_sharing(args)
        limits_of(args)
        reach_of(args)  # a bad option is refused here, not by every worker
        os.environ[ARGS_VARIABLE] = json.dumps(serve_argv(args))
        app = "whaletable.cli.serve:app_from_environment"
    else:
        app = build_app(args)
    if args.workers > 1:
        print(f"{args.workers} worker processes share the port and the database", flush=True)
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
        factory=args.workers > 1,
        workers=args.workers,
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
