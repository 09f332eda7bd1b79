"""Fixtures of the web table tests: an app on a temporary SQLite file, a real server in a
subprocess, and a throwaway PostgreSQL server (helpers live in ``table_support``)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from table_support import App, Postgres, Server, as_postgres, free_port

from whaletable.web.app import create_app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    db_url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db_url)) as client:
        yield App(client, db_url)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A real server on a temporary SQLite file; stopped after the test."""
    srv = Server(f"sqlite:///{tmp_path / 'server.db'}")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A throwaway PostgreSQL server from Debian's binaries, on 127.0.0.1, trust auth."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.skip("PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb")
    bindir = Path(found[-1]).parent
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        pytest.skip("running as root and runuser is missing, so PostgreSQL cannot be started")
    top = tempfile.mkdtemp(prefix="whaletable-pg-")
    datadir = os.path.join(top, "data")
    if os.geteuid() == 0:
        try:
            shutil.chown(top, user="postgres", group="postgres")
        except (LookupError, OSError) as e:
            shutil.rmtree(top, ignore_errors=True)
            pytest.skip(f"cannot hand {top} to the postgres user: {e}")
    port = free_port()
    started = False
    try:
        init = subprocess.run(
            as_postgres(
                [
                    str(bindir / "initdb"),
                    "-D",
                    datadir,
                    "-A",
                    "trust",
                    "-U",
                    "postgres",
                    "-E",
                    "UTF8",
                ]
            ),
            capture_output=True,
            text=True,
            timeout=120,
        )
        if init.returncode != 0:
            pytest.skip(f"initdb failed ({init.returncode}): {init.stderr.strip()[-500:]}")
        start = subprocess.run(
            as_postgres(
                [
                    str(bindir / "pg_ctl"),
                    "-D",
                    datadir,
                    "-l",
                    os.path.join(top, "server.log"),
                    "-o",
                    f"-p {port} -k {top} -c listen_addresses=127.0.0.1 -c fsync=off",
                    "-w",
                    "-t",
                    "60",
                    "start",
                ]
            ),
            capture_output=True,
            text=True,
            timeout=120,
        )
        if start.returncode != 0:
            log = Path(top, "server.log")
            tail = log.read_text()[-500:] if log.exists() else start.stderr.strip()[-500:]
            pytest.skip(f"PostgreSQL did not start ({start.returncode}): {tail}")
        started = True
        url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
        engine = create_engine(url)
        try:
            with engine.connect() as conn:
                conn.execute(text("select 1"))
        finally:
            engine.dispose()
        yield Postgres(url, datadir)
    finally:
        if started:
            subprocess.run(
                as_postgres([str(bindir / "pg_ctl"), "-D", datadir, "-m", "immediate", "stop"]),
                capture_output=True,
                timeout=60,
            )
        shutil.rmtree(top, ignore_errors=True)
