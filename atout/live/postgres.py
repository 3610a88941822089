"""The several-machines back-end: PostgreSQL at ``ATOUT_DATABASE_URL``, through psycopg 3.

A change students see is announced with ``NOTIFY`` on the class's channel (``atout_class_<id>``), sent by the
transaction that made it when it commits; a student's watcher ``LISTEN``\\s on its own connection and wakes at
once. Notifications are a wake-up call, not the truth: the watcher then reads the counter, and reads it every
``SAFETY_POLL_S`` seconds anyway, so a notification lost with a dropped connection delays a page by seconds, never
forever. The teacher's page polls its counter instead (see ``atout.live.store``: why answers are not announced).

A server that does not answer is said within ``CONNECT_TIMEOUT_S``; a lock another session holds on the tables
within ``LOCK_TIMEOUT_S`` (each connection's ``lock_timeout``), not after an endless wait. Each failure is said by
its cause (``_fault``): the server unreachable or stopped, a lock, a read-only database, the tables or the database
gone.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg
from psycopg import errors, sql

from atout.i18n import Text
from atout.live.errors import StoreError
from atout.live.store import SAFETY_POLL_S, TABLES, Store

MIGRATION_LOCK = 0x41544F55   # "ATOU": the advisory lock kernels take to create the schema one at a time
CONNECT_TIMEOUT_S = 5         # a server that does not answer is said after this long
LOCK_TIMEOUT_S = 5            # a statement waits this long for a lock another session holds (a class writes in ms)
GONE = errors.UndefinedTable | errors.InvalidSchemaName | errors.InvalidCatalogName    # the tables, the database


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
        conn = psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
        try:
            conn.execute(f"SET lock_timeout = '{int(LOCK_TIMEOUT_S * 1000)}ms'")
        except BaseException:
            conn.close()
            raise
        return conn

    def _usable(self, connection: psycopg.Connection) -> bool:
        return not connection.closed and not connection.broken

    def _dropped(self, connection: psycopg.Connection) -> bool:
        return bool(connection.broken or connection.closed)

    def _begin(self, connection: psycopg.Connection) -> psycopg.Cursor:
        cursor = connection.cursor()
        cursor.execute("BEGIN")
        return cursor

    def _probe(self, connection: psycopg.Connection) -> None:
        # What every write takes first: a row-exclusive lock on the tables, refused in a read-only transaction.
        cursor = self._begin(connection)
        try:
            cursor.execute(sql.SQL("LOCK TABLE {} IN ROW EXCLUSIVE MODE").format(
                sql.SQL(", ").join(sql.Identifier(table) for table in TABLES)))
        finally:
            try:
                cursor.execute("ROLLBACK")
            finally:
                cursor.close()

    def _is_conflict(self, error: BaseException) -> bool:
        return isinstance(error, errors.UniqueViolation)

    def _fault(self, error: BaseException) -> StoreError | None:
        if not isinstance(error, psycopg.Error) or isinstance(error, errors.IntegrityError):
            return None
        if isinstance(error, psycopg.ProgrammingError) and not isinstance(error, GONE | errors.InsufficientPrivilege):
            return None             # a fault in Atout's own SQL, not the database's
        why = _first_line(error)
        if isinstance(error, errors.LockNotAvailable):
            holder = self._lock_holder()
            if holder is None:
                return StoreError(Text("The class database is locked by another session, so answers and changes are "
                                       "not being saved. End the transaction that holds it (a LOCK TABLE, a "
                                       "transaction left open), and they are saved again."), cause="locked")
            return StoreError(Text("The class database is locked by another session (server process {pid}, {program}), "
                                   "so answers and changes are not being saved. End that session's transaction, and "
                                   "they are saved again.", pid=holder[0], program=holder[1]), cause="locked")
        if isinstance(error, errors.ReadOnlySqlTransaction | errors.InsufficientPrivilege):
            return StoreError(Text("The class database at ATOUT_DATABASE_URL takes no writes ({why}), so answers and "
                                   "changes are not being saved. Make it writable again, and they are saved again.",
                                   why=why), cause="read-only")
        if isinstance(error, GONE) or (
                isinstance(error, psycopg.OperationalError) and "does not exist" in why):
            return StoreError(Text("The class database at ATOUT_DATABASE_URL, or its tables, were deleted ({why}), so "
                                   "answers and changes are not being saved. Put them back from a backup; if they "
                                   "are lost, so is this class: restart the site to start afresh.", why=why),
                              cause="deleted")
        if isinstance(error, errors.DiskFull):
            return StoreError(Text("The class database server's disk is full ({why}), so answers and changes are not "
                                   "being saved. Make room on it, and they are saved again.", why=why), cause="full")
        if isinstance(error, psycopg.OperationalError | psycopg.InterfaceError):
            return StoreError(Text("Cannot reach the class database server at ATOUT_DATABASE_URL ({why}), so answers "
                                   "and changes are not being saved. Start the server again, or check "
                                   "ATOUT_DATABASE_URL: the class carries on by itself once it answers.", why=why),
                              cause="unreachable")
        return StoreError(Text("The class database failed ({why}), so answers and changes are not being saved. Try "
                               "again; if it goes on, tell whoever runs the site.", why=why))

    def _lock_holder(self) -> tuple[int, str] | None:
        """The session holding a lock on the tables that writes wait for (its server process and program, as it
        named itself), asked on a connection of its own; None when it cannot be told (a row's lock, say)."""
        try:
            with psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S) as conn:
                row = conn.execute(
                    "SELECT l.pid, coalesce(nullif(a.application_name, ''), a.usename) FROM pg_locks l "
                    "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.granted AND l.pid <> pg_backend_pid() "
                    "AND l.mode IN ('ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock') "
                    "AND l.relation = ANY (SELECT to_regclass(t)::oid FROM unnest(%s::text[]) AS t) LIMIT 1",
                    (list(TABLES),)).fetchone()
        except psycopg.Error:
            return None
        return (int(row[0]), str(row[1])) if row else None

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
        with self._faults():
            listener, fresh = self._listener(class_id)
            deadline = time.monotonic() + timeout
            # Once listening, every change is announced (notifications wait on the connection between two waits),
            # so the counter is read first only when listening has just begun.
            now = self.version(class_id, True) if fresh else version
            last_read = time.monotonic()
            while now == version:
                left = deadline - time.monotonic()
                if left <= 0 or (stop is not None and stop.is_set()):
                    break
                # Wake at a notification, or to look at ``stop`` (every half second when there is one to look at);
                # the counter is read after a notification, and once every safety interval.
                wait = min(left, self.safety_poll_s, 0.5 if stop is not None else self.safety_poll_s)
                notified = any(True for _note in listener.notifies(timeout=wait, stop_after=1))
                if notified or time.monotonic() - last_read >= self.safety_poll_s:
                    now = self.version(class_id, True)
                    last_read = time.monotonic()
            return now

    def __repr__(self) -> str:
        return "PostgresStore(ATOUT_DATABASE_URL)"


def _first_line(error: BaseException) -> str:
    """What the server said (its main sentence), else the driver's message's first line."""
    said = getattr(getattr(error, "diag", None), "message_primary", None)
    text = str(said or error).strip()
    return text.splitlines()[0] if text else type(error).__name__
