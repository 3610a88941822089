"""The several-machines back-end: PostgreSQL at ``ATOUT_DATABASE_URL``, through psycopg 3.

A change students see is announced with ``NOTIFY`` on the class's channel (``atout_class_<id>``), sent by the
transaction that made it when it commits; a student's watcher ``LISTEN``\\s on its own connection and wakes at
once. Notifications are a wake-up call, not the truth: the watcher then reads the counter, and reads it every
``SAFETY_POLL_S`` seconds anyway, so a notification lost with a dropped connection delays a page by seconds, never
forever. The teacher's page polls its counter instead (see ``atout.live.store``: why answers are not announced).
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
    """The channel announcing the changes students see."""
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

    def _is_conflict(self, error: BaseException) -> bool:
        return isinstance(error, errors.UniqueViolation)

    def _migration_lock(self, tx: Any) -> None:
        tx.run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))

    def _announce(self, tx: Any, class_id: int, shown: bool) -> None:
        if shown:
            tx.run("SELECT pg_notify(?, '')", (channel(class_id),))

    def _listener(self, class_id: int) -> tuple[psycopg.Connection, bool]:
        """This thread's listening connection, listening on the class's channel; and whether it has only just begun
        to (what changed before then was never announced to it)."""
        conn = getattr(self._listeners, "connection", None)
        if conn is None or not self._usable(conn):
            conn = self._listeners.connection = self._connect()
            self._listeners.channels = set()
            with self._lock:
                self._connections.append(conn)
        name = channel(class_id)
        fresh = name not in self._listeners.channels
        if fresh:
            conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(name)))
            self._listeners.channels.add(name)
        return conn, fresh

    def wait_for_change(self, class_id: int, version: int, timeout: float, stop: threading.Event | None = None,
                        shown: bool = False) -> int | None:
        if not shown:                      # the teacher's page: every answer moves its counter (module docstring)
            return self.poll_for_change(class_id, version, timeout, stop)
        listener, fresh = self._listener(class_id)
        deadline = time.monotonic() + timeout
        # Once listening, every change is announced (notifications wait on the connection between two waits), so
        # the counter is read first only when listening has just begun.
        now = self.version(class_id, True) if fresh else version
        last_read = time.monotonic()
        while now == version:
            left = deadline - time.monotonic()
            if left <= 0 or (stop is not None and stop.is_set()):
                break
            # Wake at a notification, or to look at ``stop`` (every half second when there is one to look at); the
            # counter is read after a notification, and once every safety interval.
            wait = min(left, self.safety_poll_s, 0.5 if stop is not None else self.safety_poll_s)
            notified = any(True for _note in listener.notifies(timeout=wait, stop_after=1))
            if notified or time.monotonic() - last_read >= self.safety_poll_s:
                now = self.version(class_id, True)
                last_read = time.monotonic()
        return now

    def __repr__(self) -> str:
        return "PostgresStore(ATOUT_DATABASE_URL)"
