"""Under JupyterHub each user has an Atout server of their own: a live class needs one store every user's server
shares (PostgreSQL, ``ATOUT_DATABASE_URL``). Without it, a user's server refuses every class, saying why, and writes
nothing in that user's folder (one class split into one SQLite file per user, each side told "no such class", is what
it would be otherwise); the hub's one shared service, a laptop, and a folder the administrator names keep SQLite."""

from __future__ import annotations

import pytest

from atout.live.classes import Classes
from atout.live.errors import StoreError
from atout.live.store import open_store


@pytest.fixture
def own_folders(monkeypatch, tmp_path):
    """A process whose default data folder is its user's own (XDG_DATA_HOME), with no store named."""
    monkeypatch.delenv("ATOUT_DATABASE_URL", raising=False)
    monkeypatch.delenv("ATOUT_DATA", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    return tmp_path / "home" / "atout"


def test_a_hub_users_own_server_without_a_shared_store_refuses_a_class_and_says_what_to_set(own_folders, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    store = open_store()
    told = []
    try:
        with pytest.raises(StoreError) as refused:
            Classes(store).start()
        told.append(store.trouble)
    finally:
        store.close()
    assert refused.value.cause == "unshared" and told[0] is not None
    said = str(refused.value)
    assert "your own Atout on JupyterHub" in said and "ATOUT_DATABASE_URL" in said
    assert not own_folders.exists()              # nothing made in the user's folder
    with pytest.raises(StoreError):
        store.probe()


def test_a_hub_users_own_server_with_the_shared_store_runs_the_class(own_folders, monkeypatch, postgres_url):
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    monkeypatch.setenv("ATOUT_DATABASE_URL", postgres_url)
    store = open_store()
    try:
        assert store.backend == "postgresql"
        teacher = Classes(store).start()
        assert Classes(store).join(teacher.code, "Ben").name == "Ben"
    finally:
        store.close()


@pytest.mark.parametrize("where", ["laptop", "named folder"])
def test_sqlite_stays_where_one_server_keeps_the_classes(own_folders, monkeypatch, tmp_path, where):
    folder = own_folders
    if where == "named folder":                  # the administrator's choice, under the hub too
        monkeypatch.setenv("JUPYTERHUB_USER", "ada")
        folder = tmp_path / "shared"
        monkeypatch.setenv("ATOUT_DATA", str(folder))
    store = open_store()
    try:
        teacher = Classes(store).start()
        assert store.backend == "sqlite" and Classes(store).join(teacher.code, "Ben").name == "Ben"
    finally:
        store.close()
    assert (folder / "classes.sqlite3").exists()
