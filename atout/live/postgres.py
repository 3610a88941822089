"""The several-machines back-end: PostgreSQL at ``ATOUT_DATABASE_URL``, through psycopg 3.

A change is announced with ``NOTIFY`` on the class's own channel (``atout_class_<id>``), sent by the transaction
that made it when it commits; a watcher ``LISTEN``\\s on its own connection and wakes at once. Notifications are a
wake-up call, not the truth: the watcher then reads the change counter, and reads it every ``SAFETY_POLL_S``
seconds anyway, so a notification lost with a dropped connection delays a page by seconds, never forever.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg
from psycopg import errors, sql

from atout.i18n import Text
from atout.live.store import SAFETY_POLL_S, Store, StoreError

MIGRATION_LOCK = 0x41544F55   # "ATOU": the advisory lock kernels take to create the schema one at a time


def channel(class_id: int) -> str:
    return f"atout_class_{int(class_id)}"


class PostgresStore(Store):
    backend = "postgresql"
    id_column = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
    placeholder = "%s"

    def __init__(self, url: str, safety_poll_s: float = SAFETY_POLL_S) -> None:
        self.url = url
        self.safety_poll_s = safety_poll_s
        self._listeners = threading.local()
        super().__init__()

    def _connect(self) -> psycopg.Connection:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.OperationalError as exc:
            raise StoreError(Text("cannot reach the class database at ATOUT_DATABASE_URL: {why}",
                                  why=str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__)
                             ) from None

    def _usable(self, connection: psycopg.Connection) -> bool:
        return not connection.closed and not connection.broken

    def _begin(self, connection: psycopg.Connection) -> psycopg.Cursor:
        cursor = connection.cursor()
        cursor.execute("BEGIN")
        return cursor

    def _is_conflict(self, error: Exception) -> bool:
        return isinstance(error, errors.UniqueViolation)

    def _migration_lock(self, tx: Any) -> None:
        tx.run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))

    def _announce(self, tx: Any, class_id: int) -> None:
        tx.run("SELECT pg_notify(?, '')", (channel(class_id),))

    def _listener(self, class_id: int) -> psycopg.Connection:
        """This thread's listening connection, listening on ``class_id``'s channel."""
        conn = getattr(self._listeners, "connection", None)
        if conn is None or not self._usable(conn):
            conn = self._listeners.connection = self._connect()
            self._listeners.channels = set()
            with self._lock:
                self._connections.append(conn)
        if class_id not in self._listeners.channels:
            conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel(class_id))))
            self._listeners.channels.add(class_id)
        return conn

    def wait_for_change(self, class_id: int, version: int, timeout: float,
                        stop: threading.Event | None = None) -> int | None:
        listener = self._listener(class_id)
        deadline = time.monotonic() + timeout
        now = self.version(class_id)       # what changed before we listened is read here
        while now == version:
            left = deadline - time.monotonic()
            if left <= 0 or (stop is not None and stop.is_set()):
                break
            # Wake at a notification on this class's channel, or after the safety interval (shorter if asked to
            # stop soon: ``stop`` is looked at between waits).
            wait = min(left, self.safety_poll_s, 0.5 if stop is not None else self.safety_poll_s)
            for _note in listener.notifies(timeout=wait, stop_after=1):
                pass        # any notification: read the counter (another class's only costs that read)
            now = self.version(class_id)
        return now

    def __repr__(self) -> str:
        return "PostgresStore(ATOUT_DATABASE_URL)"
