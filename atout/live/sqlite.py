"""The embedded back-end: SQLite (the standard library), one file in the data folder, many kernels at once.

See ``atout.live.store`` for what the settings are for: write-ahead logging, ``BEGIN IMMEDIATE``, a busy timeout,
foreign keys (deleting a class deletes its students and answers) and ``secure_delete``.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from atout.live.store import DATABASE_FILE, Store

BUSY_TIMEOUT_S = 30.0     # a writer waits this long for its turn before giving up (a class of 30 writes in ms)


class SQLiteStore(Store):
    backend = "sqlite"
    id_column = "INTEGER PRIMARY KEY"

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / DATABASE_FILE
        super().__init__()

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: no implicit transactions; ``_begin`` starts each one. Each thread uses its own
        # connection (``Store.connection``); ``close`` may shut them all from one thread.
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")     # with WAL: durable at each checkpoint, never corrupt
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA secure_delete = ON")
        return conn

    def _begin(self, connection: sqlite3.Connection) -> sqlite3.Cursor:
        cursor = connection.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        return cursor

    def _is_conflict(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)

    def wait_for_change(self, class_id: int, version: int, timeout: float, stop: threading.Event | None = None,
                        shown: bool = False) -> int | None:
        return self.poll_for_change(class_id, version, timeout, stop, shown)

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"
