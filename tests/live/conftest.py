"""Both back-ends of the live-class store, for every test that takes ``store`` (or ``classes``).

PostgreSQL is a real server: ``ATOUT_TEST_DATABASE_URL`` when set, else Debian's ``postgresql`` started for the run
in a temporary folder (``atout.live.pgtemp``; as an unprivileged user when the tests run as root). Without it the
PostgreSQL half skips locally, saying how to install it; in CI (``CI=true``) it fails. Each test gets a fresh
schema of its own, dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from atout.live.classes import Classes
from atout.live.pgtemp import INSTALL_HINT, TempPostgres, find_binaries
from atout.live.sqlite import SQLiteStore
from atout.live.store import Store

BACKENDS = ("sqlite", "postgresql")


def need_postgres() -> None:
    """Skip without PostgreSQL locally, with how to install it; in CI (CI=true) fail instead."""
    if os.environ.get("ATOUT_TEST_DATABASE_URL") or find_binaries() is not None:
        return
    message = (f"PostgreSQL is not installed: the PostgreSQL store's tests need Debian's server ({INSTALL_HINT}), "
               "or set ATOUT_TEST_DATABASE_URL to a server they may create schemas on")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The address of a PostgreSQL server for this run."""
    need_postgres()
    if os.environ.get("ATOUT_TEST_DATABASE_URL"):
        yield os.environ["ATOUT_TEST_DATABASE_URL"]
        return
    with TempPostgres() as server:
        yield server.url


@pytest.fixture
def postgres_url(postgres_server) -> Iterator[str]:
    """A connection string whose tables live in a schema of this test's own (made here, dropped after)."""
    import psycopg
    from psycopg.conninfo import make_conninfo

    schema = f"test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield make_conninfo(postgres_server, options=f"-csearch_path={schema}")
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def make_store(backend: str, request, tmp_path) -> Store:
    if backend == "sqlite":
        return SQLiteStore(tmp_path / "data")
    from atout.live.postgres import PostgresStore

    return PostgresStore(request.getfixturevalue("postgres_url"))


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def store(backend, request, tmp_path) -> Iterator[Store]:
    store = make_store(backend, request, tmp_path)
    yield store
    store.close()


@pytest.fixture
def where(backend, request, tmp_path) -> dict[str, str]:
    """How another process opens this test's store: ``open_store(**where)``."""
    if backend == "sqlite":
        return {"folder": str(tmp_path / "data")}
    return {"url": request.getfixturevalue("postgres_url")}


class Clock:
    """A clock the tests move by hand (time in a class: ends, retention)."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def classes(store, clock) -> Classes:
    return Classes(store, clock=clock)
