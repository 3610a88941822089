"""Both back-ends of the live-class store, for every test that takes ``store`` (or ``classes``).

PostgreSQL is a real server (``postgres_server`` in ``tests/conftest.py``, shared with the browser tests). Each test
gets a fresh schema of its own, dropped afterwards (``postgres_url``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from atout.live.classes import Classes
from atout.live.sqlite import SQLiteStore
from atout.live.store import Store

BACKENDS = ("sqlite", "postgresql")


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
