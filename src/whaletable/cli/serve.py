"""``whaletable serve``: the web table on an embedded SQLite file or a PostgreSQL URL."""

from __future__ import annotations

import argparse

DEFAULT_DB = "sqlite:///whaletable.db"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="run the web table (lobby, secret seat links, live boards, replays)",
        description="Run the web table. Games are stored in the database as they are played; "
        "a restarted server resumes every game.",
        epilog="Example: whaletable serve --port 8000 --db postgresql+psycopg://user@host/whaletable",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"SQLAlchemy database URL (default {DEFAULT_DB}, a file in this folder)",
    )
    p.add_argument("--bot-workers", type=int, default=1, help="processes that run bots (default 1)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from whaletable.web.app import MAX_MESSAGE, create_app

    app = create_app(args.db, bot_workers=args.bot_workers)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(
        f"whaletable is serving at http://{shown}:{args.port}/  (database: {args.db})", flush=True
    )
    uvicorn.run(
        app, host=args.host, port=args.port, log_level="warning", ws_max_size=MAX_MESSAGE * 4
    )
    return 0
