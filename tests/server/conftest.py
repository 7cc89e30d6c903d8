"""Fixtures for the server tests: a database of each kind, and a running application.

PostgreSQL comes from ``REGENCY_TEST_PG`` (a ``postgresql+psycopg://`` URL of a server the
tests may create databases on; ``.ci/start-postgres`` starts one). Without it the
PostgreSQL tests are skipped locally, and fail in CI (``CI`` set), where it must be there.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from regency.server.app import ServerSettings, create_app

PG_ENV = "REGENCY_TEST_PG"


def pg_base() -> str:
    url = os.environ.get(PG_ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"{PG_ENV} is not set: CI must start PostgreSQL (.ci/start-postgres)")
        pytest.skip(f"{PG_ENV} is not set (start one with: export {PG_ENV}=$(.ci/start-postgres))")
    return url


def fresh_pg_database() -> str:
    """Create an empty database on the test server; return its URL."""
    base = sa.engine.make_url(pg_base())
    name = "t_" + secrets.token_hex(6)
    engine = sa.create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'regency.db'}"
    return fresh_pg_database()


@pytest.fixture
def sqlite_db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'regency.db'}"


def make_client(database: str, **settings: Any) -> TestClient:
    return TestClient(create_app(ServerSettings(database=database, **settings)))


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with make_client(database) as c:
        yield c


@pytest.fixture
def sqlite_client(sqlite_db: str) -> Iterator[TestClient]:
    with make_client(sqlite_db) as c:
        yield c


class ThreadServer:
    """The application on uvicorn, in a thread of the test process, on a loopback port."""

    def __init__(self, database: str, **settings: Any) -> None:
        import socket

        import uvicorn

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(ServerSettings(database=database, **settings)),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=16 * 1024,
        )
        self.server = uvicorn.Server(config)

    def __enter__(self) -> ThreadServer:
        import threading
        import time

        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture
def live_server(database: str) -> Iterator[ThreadServer]:
    with ThreadServer(database) as server:
        yield server
