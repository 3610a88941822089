"""The embedded back-end: SQLite (the standard library), one file in the data folder, many kernels at once.

See ``atout.live.store`` for what the settings are for: write-ahead logging, ``BEGIN IMMEDIATE``, a busy timeout,
foreign keys (deleting a class deletes its students and answers) and ``secure_delete``. ``synchronous = FULL``: a
commit is on the disk before it is acknowledged, so an answer a student was told is in survives the machine losing
power (with write-ahead logging, one flush of the log a commit).

**The file is checked, not trusted.** A connection keeps the file it opened even when that file is deleted or moved:
SQLite would go on writing to it while every other kernel, and every page opened afterwards, reads the file now at
the path (or none). So each connection remembers which file it opened (device and inode); before each use the file
at the path must still be that one, and again after each commit, else the write is refused (``StoreError``, cause
``deleted``). A file replaced by another (a copy put back) is used from then on: it is the one the other kernels
read. A store never makes the file again once it has opened it, and no store makes it where its write-ahead log or
shared-memory file is left (the database was there: a new file beside them would be a different, empty database,
and mixing them damages it). A file made read-only (its write permission taken away, even from root) is refused
before anything is written.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import sys
import threading
from pathlib import Path

from atout.i18n import Text
from atout.live.errors import StoreError
from atout.live.store import DATABASE_FILE, Store

BUSY_TIMEOUT_S = 5.0     # a writer waits this long for its turn before saying the file is locked (a class writes in ms)
SIDE_FILES = ("-wal", "-shm")   # the write-ahead log and its shared-memory index, beside the database file
SHM_WRITE_LOCK = 120     # the byte of the shared-memory file a writer locks (SQLite's WAL_WRITE_LOCK)


class _Connection(sqlite3.Connection):
    """A connection that remembers the file it opened: (device, inode)."""

    opened: tuple[int, int] = (0, 0)


def _identity(found: os.stat_result) -> tuple[int, int]:
    return found.st_dev, found.st_ino


class SQLiteStore(Store):
    backend = "sqlite"
    id_column = "INTEGER PRIMARY KEY"

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / DATABASE_FILE
        self._opened_once = False        # once this store has opened the file, it never makes it again
        super().__init__()

    # --- connections ------------------------------------------------------------------------------------------

    def _connect(self) -> _Connection:
        # isolation_level=None: no implicit transactions; ``_begin`` starts each one. Each thread uses its own
        # connection (``Store.connection``); ``close`` may shut them all from one thread.
        making = not self.path.exists()
        if making:
            self._may_make()
        try:
            conn = sqlite3.connect(f"{self.path.as_uri()}?mode={'rwc' if making else 'rw'}", uri=True,
                                   timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False,
                                   factory=_Connection)
        except sqlite3.Error as error:
            if making and not self.path.exists():
                raise StoreError(Text("The class database cannot be made in the folder {folder} ({why}), so answers "
                                      "and changes are not being saved. Make the folder writable, or set ATOUT_DATA "
                                      "to a folder that is.", folder=str(self.folder), why=str(error)),
                                 cause="read-only") from error
            raise
        try:
            conn.opened = _identity(os.stat(self.path))
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA secure_delete = ON")
        except BaseException:
            conn.close()
            raise
        self._opened_once = True
        return conn

    def _may_make(self) -> None:
        """The file is not at its path: make it, unless it was there (``StoreError``, cause ``deleted``)."""
        if self._opened_once or any(Path(f"{self.path}{side}").exists() for side in SIDE_FILES):
            raise self._deleted()
        self.folder.mkdir(parents=True, exist_ok=True)

    def _current(self, connection: _Connection) -> bool:
        try:
            return _identity(os.stat(self.path)) == connection.opened
        except FileNotFoundError:
            return False

    def _committed(self, connection: _Connection) -> None:
        if not self._current(connection):
            raise self._deleted()

    def _writable(self) -> None:
        """Refuse before writing to a file whose write permission was taken away (root may still write to it)."""
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            raise self._deleted() from None
        if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(self.path, os.W_OK):
            raise self._read_only()

    def _begin(self, connection: sqlite3.Connection) -> sqlite3.Cursor:
        self._writable()
        cursor = connection.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        return cursor

    def _probe(self, connection: sqlite3.Connection) -> None:
        cursor = self._begin(connection)
        try:
            cursor.execute("ROLLBACK")
        finally:
            cursor.close()

    def _is_conflict(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)

    # --- what a failure is said as ----------------------------------------------------------------------------

    def _fault(self, error: BaseException) -> StoreError | None:
        if not isinstance(error, sqlite3.DatabaseError) or isinstance(error, sqlite3.IntegrityError
                                                                      | sqlite3.ProgrammingError):
            return None
        name = getattr(error, "sqlite_errorname", "") or ""
        if not self.path.exists() or name == "SQLITE_READONLY_DBMOVED":
            return self._deleted()
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return self._locked()
        if name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_CANTOPEN", "SQLITE_AUTH")):
            return self._read_only()
        if name.startswith("SQLITE_FULL"):
            return StoreError(Text("The disk holding the class database file {path} is full, so answers and changes "
                                   "are not being saved. Make room on it, and they are saved again.",
                                   path=str(self.path)), cause="full")
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return StoreError(Text("The class database file {path} is damaged ({why}), so answers and changes are not "
                                   "being saved. Put back a copy from a backup, or move it away and restart the site "
                                   "to start a new one.", path=str(self.path), why=str(error)), cause="damaged")
        return StoreError(Text("Reading or writing the class database file {path} failed ({why}), so answers and "
                               "changes are not being saved. Try again; if it goes on, tell whoever runs the site.",
                               path=str(self.path), why=str(error)))

    def _deleted(self) -> StoreError:
        if not self.folder.exists():
            return StoreError(Text("The folder {folder} holding the class database was deleted or moved, so answers "
                                   "and changes are not being saved. Put it back where it was and the class carries "
                                   "on. If it is lost, so is this class: restart the site to start afresh.",
                                   folder=str(self.folder)), cause="deleted")
        return StoreError(Text("The class database file {path} was deleted or moved, so answers and changes are not "
                               "being saved. Put it back where it was and the class carries on. If it is lost, so is "
                               "this class: to start afresh, stop the site, delete {wal} and {shm} beside it, and "
                               "start it again.", path=str(self.path), wal=f"{DATABASE_FILE}-wal",
                               shm=f"{DATABASE_FILE}-shm"), cause="deleted")

    def _read_only(self) -> StoreError:
        return StoreError(Text("The class database file {path} is read-only, so answers and changes are not being "
                               "saved. Give it back its write permission, and they are saved again.",
                               path=str(self.path)), cause="read-only")

    def _locked(self) -> StoreError:
        holder = lock_holder(self.path)
        if holder is None:
            return StoreError(Text("The class database file {path} is locked by another program, so answers and "
                                   "changes are not being saved. Close the program that has it open (a database "
                                   "viewer, a backup), and they are saved again.", path=str(self.path)),
                              cause="locked")
        pid, program = holder
        return StoreError(Text("The class database file {path} is locked by another program ({program}, process "
                               "{pid}), so answers and changes are not being saved. Close that program, and they are "
                               "saved again.", path=str(self.path), program=program, pid=pid), cause="locked")

    def wait_for_change(self, class_id: int, version: int, timeout: float, stop: threading.Event | None = None,
                        shown: bool = False) -> int | None:
        return self.poll_for_change(class_id, version, timeout, stop, shown)

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"


def lock_holder(path: Path) -> tuple[int, str] | None:
    """The process holding the write lock on the database ``path`` (its id and program name), from the kernel's
    table of locks; None when it cannot be told (not Linux, or no such lock now). A writer's lock is on the
    shared-memory file's ``SHM_WRITE_LOCK`` byte; a program that locked the database file itself (SQLite's exclusive
    locking mode) holds a write lock on it."""
    if not sys.platform.startswith("linux"):
        return None
    wanted = {}
    for file, byte in ((Path(f"{path}-shm"), SHM_WRITE_LOCK), (path, None)):
        try:
            found = os.stat(file)
        except OSError:
            continue
        device = f"{os.major(found.st_dev):02x}:{os.minor(found.st_dev):02x}:{found.st_ino}"
        wanted[device] = byte
    try:
        with open("/proc/locks") as table:
            lines = table.read().splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        # "1: POSIX  ADVISORY  WRITE 4321 fe:01:1234 120 120" (a lock waited for starts with "->": not held)
        if len(fields) < 8 or fields[1] == "->" or fields[3] != "WRITE" or fields[5] not in wanted:
            continue
        byte, start, end = wanted[fields[5]], fields[6], fields[7]
        if byte is not None and not (int(start) <= byte and (end == "EOF" or byte <= int(end))):
            continue
        try:
            pid = int(fields[4])
        except ValueError:
            continue
        if pid == os.getpid() or pid <= 0:
            continue
        try:
            program = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            program = "?"
        return pid, program
    return None


class UnsharedStore(SQLiteStore):
    """SQLite in a JupyterHub user's own data folder, which no other user's server reads: every use is refused,
    saying why and what the administrator sets (``atout.live.store.hub_user_without_shared_store``); nothing is made
    or written there."""

    recovers = False        # refused by the configuration, not by a failure: nothing to try again until it changes

    def _connect(self) -> _Connection:
        raise StoreError(Text("Live classes are off in your own Atout on JupyterHub: a class kept in your own folder "
                              "could not be joined by anyone else. The administrator turns them on by giving every "
                              "user's server the same class database: ATOUT_DATABASE_URL (PostgreSQL; see "
                              "“JupyterHub” in Atout's README)."),
                         cause="unshared")
