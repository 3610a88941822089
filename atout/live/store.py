"""The shared store of live classes: one storage interface, two back-ends.

Each page runs in its own kernel process, and a school may run several machines, so a class lives in a database
every kernel reaches:

* **SQLite** (the standard library), the embedded default: one file, ``classes.sqlite3``, in the data folder
  (``ATOUT_DATA``, else the platform's per-user data folder, see ``default_data_dir``). Many kernels write to it at
  once: write-ahead logging (readers never wait for a writer), ``BEGIN IMMEDIATE`` write transactions (a writer
  takes the lock before it reads, so two writers never deadlock upgrading), and a busy timeout (a writer waits its
  turn instead of failing). ``secure_delete`` overwrites what is deleted, so retention means what it says.
* **PostgreSQL** when ``ATOUT_DATABASE_URL`` is set (several machines), through psycopg 3.

The SQL is written once (``?`` placeholders, ``ON CONFLICT``, ``RETURNING``: both dialects take them) in
``Store``; a back-end says how it connects, how a write transaction starts, how an id column is declared and how a
change is announced. The schema is versioned (``live_meta``) and created on first use, under a lock, by whichever
kernel comes first.

**Every change to a class takes its row first**: a write transaction begins by adding one to the class's change
counter (``live_classes.version``). That row lock puts the writes of one class in a line on PostgreSQL (SQLite's
``BEGIN IMMEDIATE`` already does, for the whole file), so a check made in the transaction (is the question still
open? is the name free?) still holds when it commits. A change the students' pages show (follow me, a question
asked, closed or revealed, the end) also moves a second counter, ``live_classes.shown``: the teacher's page watches
the first, the students' pages the second, so thirty answers arriving wake the projector thirty times and the
students' pages not at all. The counters are what pages watch:

* SQLite: a page reads its counter (one primary-key lookup, a few microseconds, never blocked by a writer thanks
  to the write-ahead log) every ``POLL_S`` seconds and reads the rest only when it moved;
* PostgreSQL: a change students see also sends ``NOTIFY`` on the class's channel when it commits; each student's
  page ``LISTEN``\\s and wakes at once (reading the counter every ``SAFETY_POLL_S`` seconds as well, in case a
  notification was lost with a dropped connection). The teacher's page, one per class, reads its counter every
  ``POLL_S`` seconds as on SQLite: every answer moves it, and a ``NOTIFY`` wakes every listening server process of
  the database, not only the one that listens to that channel, so thirty answers announced would wake thirty
  student connections each for nothing.

``atout bench class`` measures both (answer → projector latency, reads a second per page).

**A store that fails says why, and nothing it did not write is acknowledged.** A store whose file was deleted or
moved, turned read-only or is locked by another program, or whose server does not answer, raises ``StoreError``
(``atout.live.errors``: a ``LiveError`` whose message names the cause and what to do) within seconds: SQLite waits
``BUSY_TIMEOUT_S`` for a lock, PostgreSQL ``LOCK_TIMEOUT_S`` for a lock and ``CONNECT_TIMEOUT_S`` for a connection.
SQLite checks that the file at its path is still the one its connection opened before each use and again after each
commit, so an answer written to a file that is no longer the one the other kernels read is refused, not
acknowledged; it never makes the file again behind a running class (see ``atout.live.sqlite``). A failure is told to
the listeners (``listen``: the pages' banners), and from then a thread tries the store every ``PROBE_S`` seconds
(``probe``: can it be written to now?) until it works, and tells them so: pages recover by themselves. A connection
the server dropped (it restarted) is made again once, at once, before a read or a transaction's start, where nothing
was sent.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import sys
import threading
import time
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from atout.i18n import Text
from atout.live.errors import StoreError
from atout.ratings import START as START_RATING
from atout.ratings import START_DEVIATION, Rating
from atout.ratings import update as update_ratings

__all__ = ["StoreError"]        # raised here, defined with the class's other refusals

SCHEMA_VERSION = 4
POLL_S = 0.1           # SQLite: how often a watching page reads the change counter
SAFETY_POLL_S = 2.0    # PostgreSQL: how often a listening page reads it anyway
DATABASE_FILE = "classes.sqlite3"
PROBE_S = 1.0          # while the store fails, how often it is tried again (how soon pages learn it works again)
PROBER_JOIN_S = 15.0   # closing waits this long at most for a try under way (a lock's 5 s, a connection's 5 s)
log = logging.getLogger(__name__)


_held = threading.local()


def _holding() -> dict[Store, list[Any]] | None:
    """This thread's held writes (store -> its open transaction's cursor and savepoint depth), inside
    ``writes_held``; else None."""
    held: dict[Store, list[Any]] | None = getattr(_held, "stores", None)
    return held


@contextmanager
def writes_held() -> Iterator[None]:
    """Every write this thread makes to a store inside the block is one transaction per store, committed when the
    block ends and rolled back when it raises: what a page's click wrote is kept whole or not at all
    (``atout.widgets.fault`` holds each callback's writes). Other kernels see none of it until then; a change's
    announcement (PostgreSQL's ``NOTIFY``) goes out with the commit. Nested, the outermost block decides."""
    if _holding() is not None:
        yield
        return
    held: dict[Store, list[Any]] = {}
    after: list[Callable[[], None]] = []
    _held.stores, _held.after = held, after
    try:
        yield
    except BaseException:
        _held.stores = _held.after = None
        for store, (cursor, _depth) in held.items():
            try:
                store._execute(cursor, "ROLLBACK", ())
            except Exception:       # noqa: BLE001, S110 - a dropped connection has rolled back already
                pass
            finally:
                cursor.close()
        raise
    _held.stores = _held.after = None
    failed: BaseException | None = None
    for store, (cursor, _depth) in held.items():
        try:
            if failed is None:
                store._execute(cursor, "COMMIT", ())
                store._committed(cursor.connection)
            else:
                store._execute(cursor, "ROLLBACK", ())
        except Exception as error:      # noqa: BLE001 - the others are rolled back, then it is raised
            failed = Conflict(str(error)) if store._is_conflict(error) else store._translated(error)
        finally:
            cursor.close()
    if failed is not None:
        raise failed
    for then in after:
        then()


def once_written(then: Callable[[], None]) -> None:
    """Call ``then`` once this thread's held writes are committed (at once outside ``writes_held``; never, if they
    are rolled back): a watcher started by a click must begin from what the click wrote, which another connection
    sees only after the commit."""
    after: list[Callable[[], None]] | None = getattr(_held, "after", None)
    if after is None:
        then()
    else:
        after.append(then)


_listeners: list[Callable[[Store], None]] = []


def listen(listener: Callable[[Store], None]) -> None:
    """``listener(store)`` is called, from whichever thread noticed, each time ``store.trouble`` changes: the store
    failed (or failed otherwise) or works again. It reads ``store.trouble`` then, so calls that arrive late or out of
    order still leave it with the latest."""
    _listeners.append(listener)


def _tell(store: Store) -> None:
    for listener in list(_listeners):
        try:
            listener(store)
        except Exception:       # noqa: BLE001 - a page that cannot say it must not stop the others
            log.exception("telling %r that the class database changed", listener)


class Conflict(Exception):
    """A write broke a uniqueness rule (a class code, a name in a class, a second answer): the transaction was
    rolled back. Internal: the class model turns it into the learner's message."""


def default_data_dir() -> Path:
    """Where a user's Atout data lives unless ``ATOUT_DATA`` says otherwise, computed with the standard library:
    ``%LOCALAPPDATA%\\Atout`` on Windows, ``~/Library/Application Support/Atout`` on macOS, and elsewhere
    ``$XDG_DATA_HOME/atout`` (``~/.local/share/atout`` by default).

    >>> before = os.environ.get("ATOUT_DATA")
    >>> os.environ["ATOUT_DATA"] = "/srv/atout"
    >>> str(data_dir())
    '/srv/atout'
    >>> _ = os.environ.pop("ATOUT_DATA"); os.environ.update({} if before is None else {"ATOUT_DATA": before})
    """
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "Atout"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "Atout"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share") / "atout"


def data_dir() -> Path:
    """The data folder: ``ATOUT_DATA`` when set, else ``default_data_dir()``."""
    return Path(os.environ["ATOUT_DATA"]) if os.environ.get("ATOUT_DATA") else default_data_dir()


HUB_USER_ENV = "JUPYTERHUB_USER"    # JupyterHub sets it in each user's own server (and what runs under it)


def hub_user_without_shared_store(environ: Mapping[str, str] | None = None) -> str | None:
    """The JupyterHub user whose own server this is, when it would keep live classes in that user's own data folder:
    ``JUPYTERHUB_USER`` set, and neither ``ATOUT_DATABASE_URL`` nor ``ATOUT_DATA`` (None otherwise).

    Why: under JupyterHub every user has a server of their own, each with its own default data folder. A class
    started on the teacher's server would be kept in the teacher's SQLite file, and a student joining from their own
    server would look in theirs: one live class split into one file per user, each side told "no such class". Such a
    store refuses every use, saying why (``open_store``); a folder named by ``ATOUT_DATA`` is the administrator's
    choice (one machine, a folder every user's server writes to), and PostgreSQL (``ATOUT_DATABASE_URL``) is shared.

    >>> hub_user_without_shared_store({"JUPYTERHUB_USER": "ada"})
    'ada'
    >>> hub_user_without_shared_store({"JUPYTERHUB_USER": "ada", "ATOUT_DATABASE_URL": "postgresql:///atout"})
    >>> hub_user_without_shared_store({})
    """
    environ = os.environ if environ is None else environ
    user = environ.get(HUB_USER_ENV, "")
    if not user or environ.get("ATOUT_DATABASE_URL") or environ.get("ATOUT_DATA"):
        return None
    return user


# --- the schema ------------------------------------------------------------------------------------------------

def schema(id_column: str) -> list[str]:
    """The tables as version 1 made them, for a back-end whose auto-numbered key is declared ``id_column``; every
    database, new or old, then takes the steps of ``MIGRATIONS`` (one path to the schema of today). Times are
    seconds since the epoch; JSON columns hold text. Deleting a class deletes everything about it (``ON DELETE
    CASCADE``)."""
    return [
        "CREATE TABLE IF NOT EXISTS live_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"""CREATE TABLE IF NOT EXISTS live_classes (
            id {id_column},
            code TEXT NOT NULL UNIQUE,
            teacher_token TEXT NOT NULL UNIQUE,
            created DOUBLE PRECISION NOT NULL,
            closes DOUBLE PRECISION NOT NULL,
            deleted DOUBLE PRECISION NOT NULL,
            ended DOUBLE PRECISION,
            follow TEXT,
            version BIGINT NOT NULL DEFAULT 0,
            shown BIGINT NOT NULL DEFAULT 0)""",
        f"""CREATE TABLE IF NOT EXISTS live_students (
            id {id_column},
            class_id BIGINT NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            token TEXT NOT NULL UNIQUE,
            lang TEXT NOT NULL,
            joined DOUBLE PRECISION NOT NULL,
            UNIQUE (class_id, name_key),
            UNIQUE (class_id, number))""",
        f"""CREATE TABLE IF NOT EXISTS live_questions (
            id {id_column},
            class_id BIGINT NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            spec TEXT NOT NULL,
            choices TEXT NOT NULL,
            answer TEXT NOT NULL,
            opened DOUBLE PRECISION NOT NULL,
            closed DOUBLE PRECISION,
            revealed DOUBLE PRECISION,
            UNIQUE (class_id, number))""",
        f"""CREATE TABLE IF NOT EXISTS live_answers (
            id {id_column},
            class_id BIGINT NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
            question_id BIGINT NOT NULL REFERENCES live_questions(id) ON DELETE CASCADE,
            student_id BIGINT NOT NULL REFERENCES live_students(id) ON DELETE CASCADE,
            response TEXT NOT NULL,
            correct INTEGER NOT NULL,
            answered DOUBLE PRECISION NOT NULL,
            UNIQUE (question_id, student_id))""",
        """CREATE TABLE IF NOT EXISTS live_progress (
            class_id BIGINT NOT NULL REFERENCES live_classes(id) ON DELETE CASCADE,
            student_id BIGINT NOT NULL REFERENCES live_students(id) ON DELETE CASCADE,
            lesson TEXT NOT NULL,
            right_answers INTEGER NOT NULL,
            total INTEGER NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (student_id, lesson))""",
        "CREATE INDEX IF NOT EXISTS live_classes_deleted ON live_classes (deleted)",
        "CREATE INDEX IF NOT EXISTS live_answers_class ON live_answers (class_id, question_id)",
        "CREATE INDEX IF NOT EXISTS live_progress_class ON live_progress (class_id)",
    ]


# Each version's steps, run in order by ``Store._migrate`` on a database of an earlier version, in the same
# transaction as the version's record (both dialects take ``ALTER TABLE … ADD COLUMN``).
MIGRATIONS: dict[int, tuple[str, ...]] = {
    2: (
        # A teacher's page reclaimed on another device: a one-use ticket and until when it may be used.
        "ALTER TABLE live_classes ADD COLUMN handover TEXT",
        "ALTER TABLE live_classes ADD COLUMN handover_until DOUBLE PRECISION",
        # Who is here: when a page of the student's last said so (NULL: it left), and which page; removed by the
        # teacher, and when.
        "ALTER TABLE live_students ADD COLUMN seen DOUBLE PRECISION",
        "ALTER TABLE live_students ADD COLUMN seen_page TEXT",
        "ALTER TABLE live_students ADD COLUMN removed DOUBLE PRECISION",
        # A countdown: when the question stops taking answers.
        "ALTER TABLE live_questions ADD COLUMN closes_at DOUBLE PRECISION",
    ),
    3: (
        # Attempts counted against a limit (``atout.live.limits``): which limit and whose (a keyed hash, never an
        # address), and when; kept as long as the longest limit looks back.
        "CREATE TABLE IF NOT EXISTS live_attempts (scope TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
        "CREATE INDEX IF NOT EXISTS live_attempts_scope ON live_attempts (scope, at)",
        "CREATE INDEX IF NOT EXISTS live_attempts_at ON live_attempts (at)",
    ),
    4: (
        # How hard each puzzle is, learned from every learner's attempts (``atout.ratings``): its Glicko rating and
        # deviation, how many attempts and how many solved. No learner is named: a rating belongs to the puzzle.
        """CREATE TABLE IF NOT EXISTS puzzle_ratings (
            puzzle TEXT PRIMARY KEY,
            rating DOUBLE PRECISION NOT NULL,
            deviation DOUBLE PRECISION NOT NULL,
            attempts INTEGER NOT NULL,
            solved INTEGER NOT NULL,
            updated DOUBLE PRECISION NOT NULL)""",
    ),
}

TABLES = ("live_classes", "live_students", "live_questions", "live_answers", "live_progress")


@dataclass(frozen=True)
class ClassRow:
    id: int
    code: str
    teacher_token: str
    created: float
    closes: float
    deleted: float
    ended: float | None
    follow: dict[str, Any] | None
    version: int          # moved by every change (what the teacher's page watches)
    shown: int            # moved by the changes students see (what their pages watch)


@dataclass(frozen=True)
class StudentRow:
    id: int
    class_id: int
    number: int
    name: str
    token: str
    lang: str
    joined: float
    seen: float | None = None       # when the student's page last said it is open (None: it left)
    removed: float | None = None    # when the teacher removed the student (None: still in the class)


@dataclass(frozen=True)
class QuestionRow:
    id: int
    class_id: int
    number: int
    spec: dict[str, Any]
    choices: list[str]
    answer: list[str]
    opened: float
    closed: float | None
    revealed: float | None
    closes_at: float | None = None     # a countdown's end (the class model closes the question then)

    @property
    def is_open(self) -> bool:
        return self.closed is None


@dataclass(frozen=True)
class AnswerRow:
    question_number: int
    student_id: int
    response: list[str]
    correct: bool
    answered: float


_CLASS = "id, code, teacher_token, created, closes, deleted, ended, follow, version, shown"
_STUDENT = "id, class_id, number, name, token, lang, joined, seen, removed"
_QUESTION = "id, class_id, number, spec, choices, answer, opened, closed, revealed, closes_at"


def _class(row: Sequence[Any] | None) -> ClassRow | None:
    if row is None:
        return None
    follow = json.loads(row[7]) if row[7] else None
    return ClassRow(int(row[0]), row[1], row[2], row[3], row[4], row[5], row[6], follow, int(row[8]), int(row[9]))


def _student(row: Sequence[Any]) -> StudentRow:
    return StudentRow(int(row[0]), int(row[1]), int(row[2]), row[3], row[4], row[5], row[6], row[7], row[8])


def _question(row: Sequence[Any]) -> QuestionRow:
    return QuestionRow(int(row[0]), int(row[1]), int(row[2]), json.loads(row[3]), json.loads(row[4]),
                       json.loads(row[5]), row[6], row[7], row[8], row[9])


class Transaction:
    """The statements of one write transaction (``Store.change``), on the back-end's own connection."""

    def __init__(self, store: Store, cursor: Any) -> None:
        self.store = store
        self.cursor = cursor

    def run(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.store._execute(self.cursor, sql, params)

    def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.run(sql, params).fetchone()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        rows: list[Any] = self.run(sql, params).fetchall()
        return rows


# The stores whose prober has run: at the interpreter's exit each is stopped and its try let finish, as a daemon thread
# left inside SQLite's driver while the interpreter shuts down can crash the process (seen in CI).
_PROBING: weakref.WeakSet[Store] = weakref.WeakSet()


@atexit.register
def _stop_probing() -> None:
    for store in list(_PROBING):
        store._closed.set()
    for store in list(_PROBING):
        prober = store._prober
        if prober is not None and prober is not threading.current_thread():
            prober.join(timeout=PROBER_JOIN_S)


class Store(ABC):
    """Where live classes are kept. The class model (``atout.live.classes``) is its only user: it checks what is
    asked and says no with a reason; the store keeps what it is given, whole or not at all, or says why it cannot
    (``StoreError``)."""

    backend = ""
    id_column = ""
    placeholder = "?"
    recovers = True         # a failure may pass (a file back, a server up): tried again until it works

    def __init__(self) -> None:
        self._local = threading.local()
        self._connections: list[Any] = []
        self._owners: dict[int, threading.Thread] = {}      # each connection's thread (by the connection's id)
        self._left: list[Any] = []          # the prober's connections at close, closed by the prober as it stops
        self._lock = threading.Lock()
        self.reads = 0                      # counter reads made by watchers (the benchmark reports them)
        self.trouble: StoreError | None = None      # the failure met last, until the store works again
        self._prober: threading.Thread | None = None
        self._closed = threading.Event()
        self._ready = False                 # the schema is checked (made on first use)
        self._making = threading.Lock()
        try:
            self._ensure_ready()
        except StoreError:
            # A store that cannot be used yet (a server that does not answer, a file locked or deleted, a database a
            # newer Atout made) is made all the same and says why at each use, until it works and makes the schema:
            # a page opened while the database was down recovers with it; a page's kernel keeps one store.
            pass

    # --- what a back-end says ------------------------------------------------------------------------------

    @abstractmethod
    def _connect(self) -> Any:
        """A new connection in autocommit mode (transactions are begun explicitly)."""

    def _usable(self, connection: Any) -> bool:
        """Whether a connection still works (a server's connection can drop; it is then made again)."""
        return True

    def _current(self, connection: Any) -> bool:
        """Whether ``connection`` still reaches the database the other kernels use (SQLite: the file at its path is
        the one it opened); else it is closed and another made."""
        return True

    def _dropped(self, connection: Any) -> bool:
        """After an error on ``connection``: whether the server had closed it (nothing done on it; try a new one)."""
        return False

    @abstractmethod
    def _begin(self, connection: Any) -> Any:
        """Begin a write transaction on ``connection``; a cursor for it."""

    def _committed(self, connection: Any) -> None:
        """After a commit on ``connection``: raise ``StoreError`` if what it wrote is not in the database the other
        kernels read (SQLite: the file was deleted or replaced meanwhile)."""
        return None

    @abstractmethod
    def _is_conflict(self, error: BaseException) -> bool:
        """Whether ``error`` is a broken uniqueness rule."""

    @abstractmethod
    def _fault(self, error: BaseException) -> StoreError | None:
        """``error`` (the driver's) as the ``StoreError`` that says its cause and what to do; None when it is not a
        failure of the store (a broken uniqueness rule, a fault in Atout)."""

    @abstractmethod
    def _probe(self, connection: Any) -> None:
        """Raise unless a write could be made now (no lock held against it, not read-only), writing nothing."""

    def _announce(self, tx: Transaction, class_id: int, shown: bool) -> None:
        """Tell the watchers of ``class_id`` that it changed (the students' too when ``shown``), once this
        transaction commits (PostgreSQL's ``NOTIFY``; SQLite's watchers poll the counters)."""
        return None

    @abstractmethod
    def wait_for_change(self, class_id: int, version: int, timeout: float, stop: threading.Event | None = None,
                        shown: bool = False) -> int | None:
        """Block until the class's counter (``shown``: the students' one) is no longer ``version`` (or ``timeout``
        seconds pass, or ``stop`` is set); the counter then, or None when the class is gone."""

    def poll_for_change(self, class_id: int, version: int, timeout: float, stop: threading.Event | None = None,
                        shown: bool = False) -> int | None:
        """``wait_for_change`` by reading the counter every ``POLL_S`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            now = self.version(class_id, shown)
            if now != version:
                return now
            left = deadline - time.monotonic()
            if left <= 0:
                return now
            pause = min(POLL_S, left)
            if stop is not None:
                if stop.wait(pause):
                    return now
            else:
                time.sleep(pause)

    def _migration_lock(self, tx: Transaction) -> None:
        """Keep two kernels from creating the schema at once (SQLite's ``BEGIN IMMEDIATE`` already does)."""
        return None

    # --- when the store fails --------------------------------------------------------------------------------

    def _translated(self, error: BaseException) -> BaseException:
        """``error`` as the ``StoreError`` saying its cause, told to the listeners (``_failed``); any other error
        as it is."""
        if isinstance(error, StoreError):
            return self._failed(error)
        fault = self._fault(error)
        return error if fault is None else self._failed(fault)

    @contextmanager
    def _faults(self) -> Iterator[None]:
        """Raise what fails inside as ``_translated`` says."""
        try:
            yield
        except Exception as error:
            translated = self._translated(error)
            if translated is error:
                raise
            raise translated from error

    def _failed(self, error: StoreError) -> StoreError:
        """Note a failure, tell the listeners when it is news, and try the store every ``PROBE_S`` seconds until it
        works again (``probe``); ``error``, to be raised."""
        if self._closed.is_set():       # a closed store says nothing more to the pages (``close``)
            return error
        with self._lock:
            said, self.trouble = self.trouble, error
            if (self.recovers and not self._closed.is_set()
                    and (self._prober is None or not self._prober.is_alive())):
                self._prober = threading.Thread(target=self._probe_until_back, name="atout-store-probe", daemon=True)
                _PROBING.add(self)
                self._prober.start()
        if said is None or (said.cause, said.message.render("en")) != (error.cause, error.message.render("en")):
            log.warning("the class database fails: %s", error.message.render("en"))
            _tell(self)
        return error

    def _probe_until_back(self) -> None:
        try:
            self._probe_while_failing()
        finally:
            with self._lock:
                left, self._left = self._left, []
            for conn in left:                   # closed here, on the thread that used them (``close``)
                try:
                    conn.close()
                except Exception:       # noqa: BLE001, S110 - closed already
                    pass

    def _probe_while_failing(self) -> None:
        while not self._closed.wait(PROBE_S):
            seen = self.trouble
            try:
                self.probe()
            except StoreError:                  # still failing (``_failed`` told any change of cause)
                continue
            except Exception:                   # noqa: BLE001 - a fault of Atout's: logged, tried again
                log.exception("trying the class database again")
                continue
            with self._lock:
                if self.trouble is not seen:    # another failure meanwhile: try again before saying it works
                    continue
                self.trouble = None
                self._prober = None
            log.warning("the class database works again")
            _tell(self)
            return

    def probe(self) -> None:
        """Raise ``StoreError`` saying why unless the store can be written to now (what the prober tries)."""
        with self._faults():
            self._ensure_ready()
            conn = self.connection()
            try:
                self._probe(conn)
            except Exception:
                if not self._dropped(conn):     # (a connection the server dropped while it was down: a new one)
                    raise
                self._probe(self.connection())

    # --- connections and transactions ----------------------------------------------------------------------

    def connection(self) -> Any:
        """This thread's connection (each thread its own: a watcher's waits never hold up the page), made again when
        it dropped or no longer reaches the database (``_current``)."""
        conn = getattr(self._local, "connection", None)
        if conn is not None and self._usable(conn) and self._current(conn):
            return conn
        if conn is not None:
            self._forget(conn)
        conn = self._connect()
        self._local.connection = conn
        with self._lock:
            self._connections.append(conn)
            self._owners[id(conn)] = threading.current_thread()
        return conn

    def _forget(self, conn: Any) -> None:
        """This thread no longer uses ``conn``: closed, unless a transaction it holds still runs on it (it is then
        closed with the store)."""
        self._local.connection = None
        held = _holding()
        if held is not None and self in held and held[self][0].connection is conn:
            return
        with self._lock:
            if conn in self._connections:
                self._connections.remove(conn)
            self._owners.pop(id(conn), None)
        try:
            conn.close()
        except Exception:       # noqa: BLE001, S110 - a dropped connection is closed already
            pass

    def _execute(self, cursor: Any, sql: str, params: Sequence[Any]) -> Any:
        if self.placeholder != "?":
            sql = sql.replace("?", self.placeholder)
        cursor.execute(sql, tuple(params))
        return cursor

    def _ensure_ready(self) -> None:
        """Check the schema (make it on first use) once per store."""
        if self._ready:
            return
        with self._making:
            if not self._ready:
                self._migrate()
                self._ready = True

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """One read statement outside any transaction (autocommit: it sees what is committed); on a connection the
        server had dropped, read again once on a new one."""
        with self._faults():
            self._ensure_ready()
            for again in (True, False):
                conn = self.connection()
                cursor = conn.cursor()
                try:
                    rows: list[Any] = self._execute(cursor, sql, params).fetchall()
                    return rows
                except Exception:
                    if not (again and self._dropped(conn)):
                        raise
                finally:
                    cursor.close()
        raise AssertionError("unreachable: the second read returns or raises")

    def _begun(self) -> Any:
        """A write transaction begun on this thread's connection: a cursor for it. A connection the server had
        dropped is made again once (nothing was sent on it yet)."""
        conn = self.connection()
        try:
            return self._begin(conn)
        except Exception:
            if not self._dropped(conn):
                raise
        return self._begin(self.connection())

    def _rollback(self, cursor: Any, to: str = "") -> None:
        """Undo the transaction (or back ``to`` a savepoint); on a connection that dropped, it is undone already."""
        try:
            if to:
                self._execute(cursor, f"ROLLBACK TO SAVEPOINT {to}", ())
                self._execute(cursor, f"RELEASE SAVEPOINT {to}", ())
            else:
                self._execute(cursor, "ROLLBACK", ())
        except Exception:       # noqa: BLE001 - the error that made it roll back is the one raised
            log.debug("rolling back on a failed connection", exc_info=True)

    @contextmanager
    def _transaction(self, may_hold: bool = True, making: bool = False) -> Iterator[Transaction]:
        with self._faults():
            if not making:
                self._ensure_ready()
            held = _holding() if may_hold else None
            if held is not None:
                with self._held_savepoint(held) as tx:
                    yield tx
                return
            cursor = self._begun()
            try:
                yield Transaction(self, cursor)
            except BaseException as error:
                self._rollback(cursor)
                cursor.close()
                if self._is_conflict(error):
                    raise Conflict(str(error)) from error
                raise
            else:
                try:
                    self._execute(cursor, "COMMIT", ())
                except Exception as error:
                    if self._is_conflict(error):
                        raise Conflict(str(error)) from error
                    raise
                finally:
                    cursor.close()
                self._committed(cursor.connection)

    @contextmanager
    def _held_savepoint(self, held: dict[Store, list[Any]]) -> Iterator[Transaction]:
        """A write inside ``writes_held``: a savepoint of this thread's one transaction on this store, begun by its
        first write; a write that raises undoes itself alone (a refused name, say), the others stay held."""
        if self not in held:
            held[self] = [self._begun(), 0]
        cursor, depth = held[self]
        name = f"atout_write_{depth}"
        held[self][1] = depth + 1
        self._execute(cursor, f"SAVEPOINT {name}", ())
        try:
            yield Transaction(self, cursor)
        except BaseException as error:
            self._rollback(cursor, to=name)
            if self._is_conflict(error):
                raise Conflict(str(error)) from error
            raise
        else:
            self._execute(cursor, f"RELEASE SAVEPOINT {name}", ())
        finally:
            held[self][1] = depth

    @contextmanager
    def change(self, class_id: int, shown: bool = False) -> Iterator[Transaction]:
        """A write transaction on one class: it starts by moving the class's change counter (and, for a change
        students see, ``shown``, theirs), which takes the class's row, so the writes of a class are in line; it
        announces the change when it commits. Raising in the block undoes all of it, the counters included."""
        with self._transaction() as tx:
            moved = tx.one("UPDATE live_classes SET version = version + 1" + (", shown = shown + 1" if shown else "")
                           + " WHERE id = ? RETURNING version", (class_id,))
            if moved is None:
                raise LookupError(f"no class {class_id}")
            self._announce(tx, class_id, shown)
            yield tx

    def close(self) -> None:
        """Close every connection; a store closed while failing no longer says so. The prober is let finish its try
        first (at most a lock's or a connection's wait): a connection closed under a thread using it can crash the
        process (SQLite's driver)."""
        self._closed.set()
        prober = self._prober
        if prober is not None and prober is not threading.current_thread():
            prober.join(timeout=PROBER_JOIN_S)
        with self._lock:
            connections, self._connections = self._connections, []
            owners, self._owners = self._owners, {}
            failing, self.trouble = self.trouble, None
        if failing is not None:
            _tell(self)
        for conn in connections:
            if prober is not None and owners.get(id(conn)) is prober and prober.is_alive():
                with self._lock:        # still trying (past the join's wait): its own thread closes it as it stops
                    self._left.append(conn)
                if prober.is_alive():
                    continue
                with self._lock:
                    if conn not in self._left:
                        continue
                    self._left.remove(conn)
            try:
                conn.close()
            except Exception:       # already closed by its thread's end
                pass
        self._local = threading.local()

    # --- the schema ------------------------------------------------------------------------------------------

    def _migrate(self) -> None:
        with self._transaction(may_hold=False, making=True) as tx:     # made once for all, never held back
            self._migration_lock(tx)
            tx.run("CREATE TABLE IF NOT EXISTS live_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = tx.one("SELECT value FROM live_meta WHERE key = 'schema_version'")
            found = int(row[0]) if row else 0
            if found > SCHEMA_VERSION:
                raise StoreError(Text("the class database was made by a newer Atout (schema {found}; this one knows "
                                      "up to {known}): update Atout, or point ATOUT_DATA or ATOUT_DATABASE_URL "
                                      "elsewhere", found=found, known=SCHEMA_VERSION), cause="newer")
            if found < 1:
                for statement in schema(self.id_column):
                    tx.run(statement)
            for version, steps in sorted(MIGRATIONS.items()):
                if max(found, 1) < version:
                    for statement in steps:
                        tx.run(statement)
            if found != SCHEMA_VERSION:
                tx.run("INSERT INTO live_meta (key, value) VALUES ('schema_version', ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(SCHEMA_VERSION),))

    def schema_version(self) -> int:
        return int(self.read("SELECT value FROM live_meta WHERE key = 'schema_version'")[0][0])

    # --- classes -------------------------------------------------------------------------------------------

    def add_class(self, code: str, teacher_token: str, created: float, closes: float, deleted: float) -> ClassRow:
        with self._transaction() as tx:
            row = tx.one(f"INSERT INTO live_classes (code, teacher_token, created, closes, deleted) "
                         f"VALUES (?, ?, ?, ?, ?) RETURNING {_CLASS}", (code, teacher_token, created, closes, deleted))
        added = _class(row)
        assert added is not None, "INSERT … RETURNING gives the row it inserted"
        return added

    def class_by(self, column: str, value: Any) -> ClassRow | None:
        if column not in ("id", "code", "teacher_token"):
            raise ValueError(column)
        rows = self.read(f"SELECT {_CLASS} FROM live_classes WHERE {column} = ?", (value,))
        return _class(rows[0]) if rows else None

    def version(self, class_id: int, shown: bool = False) -> int | None:
        """The class's change counter, or (``shown``) the students' one; None once the class is gone. What
        watchers read."""
        self.reads += 1
        rows = self.read(f"SELECT {'shown' if shown else 'version'} FROM live_classes WHERE id = ?", (class_id,))
        return int(rows[0][0]) if rows else None

    def set_follow(self, class_id: int, follow: dict[str, Any] | None) -> None:
        with self.change(class_id, shown=True) as tx:
            tx.run("UPDATE live_classes SET follow = ? WHERE id = ?",
                   (json.dumps(follow, separators=(",", ":")) if follow is not None else None, class_id))

    def set_handover(self, class_id: int, ticket: str, until: float) -> None:
        """Keep a one-use ticket that hands the teacher's page to another device until ``until`` (one at a time: a
        new one replaces the last)."""
        with self.change(class_id) as tx:
            tx.run("UPDATE live_classes SET handover = ?, handover_until = ? WHERE id = ?", (ticket, until, class_id))

    def claim_handover(self, ticket: str, now: float) -> ClassRow | None:
        """The class whose handover ticket this is, the ticket used up (it works once); None when no class has it
        or its time is over."""
        rows = self.read("SELECT id FROM live_classes WHERE handover = ? AND handover_until > ?", (ticket, now))
        if not rows:
            return None
        class_id = int(rows[0][0])
        with self.change(class_id) as tx:       # two pages claiming at once: the row lock lets one through
            used = tx.one("UPDATE live_classes SET handover = NULL, handover_until = NULL "
                          "WHERE id = ? AND handover = ? AND handover_until > ? RETURNING id", (class_id, ticket, now))
        return self.class_by("id", class_id) if used is not None else None

    def end_class(self, class_id: int, now: float) -> None:
        with self.change(class_id, shown=True) as tx:
            tx.run("UPDATE live_classes SET ended = ? WHERE id = ? AND ended IS NULL", (now, class_id))
            tx.run("UPDATE live_questions SET closed = ? WHERE class_id = ? AND closed IS NULL", (now, class_id))

    def purge(self, now: float) -> int:
        """Delete every class whose retention has run out, with everything about it; how many went."""
        with self._transaction() as tx:
            gone = tx.all("DELETE FROM live_classes WHERE deleted <= ? RETURNING id", (now,))
            for (class_id,) in gone:
                self._announce(tx, int(class_id), True)
        return len(gone)

    # --- attempts against a limit (atout.live.limits) ----------------------------------------------------------

    def attempts(self, scope: str, since: float) -> list[float]:
        """When the attempts of ``scope`` made since ``since`` were made, oldest first."""
        return [float(r[0]) for r in self.read("SELECT at FROM live_attempts WHERE scope = ? AND at > ? ORDER BY at",
                                               (scope, since))]

    def add_attempts(self, scopes: Sequence[str], at: float, forget_before: float) -> None:
        """Count one attempt at ``at`` in each of ``scopes``; the attempts older than ``forget_before`` go."""
        with self._transaction() as tx:
            tx.run("DELETE FROM live_attempts WHERE at < ?", (forget_before,))
            for scope in scopes:
                tx.run("INSERT INTO live_attempts (scope, at) VALUES (?, ?)", (scope, at))

    def secret(self, name: str) -> str:
        """A random secret of this store's own, the same for every kernel and machine that uses it (made on first
        use): the key of the hashes the limits count with."""
        import secrets

        with self._transaction() as tx:
            tx.run("INSERT INTO live_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                   (f"secret:{name}", secrets.token_hex(32)))
            value: str = tx.one("SELECT value FROM live_meta WHERE key = ?", (f"secret:{name}",))[0]
        return value

    def row_counts(self) -> dict[str, int]:
        """How many rows each table holds (the retention tests count them)."""
        return {table: int(self.read(f"SELECT count(*) FROM {table}")[0][0]) for table in TABLES}

    # --- students ------------------------------------------------------------------------------------------

    def add_student(self, class_id: int, name: str, name_key: str, token: str, lang: str, joined: float,
                    check: Callable[[Transaction], None]) -> StudentRow:
        """Add a student numbered in joining order, here from the moment they join; ``check(tx)`` runs first in the
        same transaction (it raises to refuse). A name already taken (``name_key``) raises ``Conflict``."""
        with self.change(class_id) as tx:
            check(tx)
            number = tx.one("SELECT count(*) FROM live_students WHERE class_id = ?", (class_id,))[0]
            row = tx.one(f"INSERT INTO live_students (class_id, number, name, name_key, token, lang, joined, seen) "
                         f"VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING {_STUDENT}",
                         (class_id, int(number), name, name_key, token, lang, joined, joined))
        return _student(row)

    def name_taken(self, class_id: int, name_key: str) -> bool:
        return bool(self.read("SELECT 1 FROM live_students WHERE class_id = ? AND name_key = ?", (class_id, name_key)))

    def student_by_token(self, token: str) -> StudentRow | None:
        rows = self.read(f"SELECT {_STUDENT} FROM live_students WHERE token = ?", (token,))
        return _student(rows[0]) if rows else None

    def students(self, class_id: int) -> list[StudentRow]:
        return [_student(r) for r in self.read(f"SELECT {_STUDENT} FROM live_students WHERE class_id = ? "
                                               "ORDER BY number", (class_id,))]

    def mark_seen(self, class_id: int, student_id: int, seen: float, page: str, announce: bool) -> None:
        """A page of the student's (``page``, its own id) says it is open at ``seen``. ``announce``: the teacher's
        page is told (the student was away); else the time is kept without moving the counter, so the pages of a
        class saying every few seconds that they are still open wake nobody."""
        sql = "UPDATE live_students SET seen = ?, seen_page = ? WHERE id = ? AND removed IS NULL"
        if announce:
            with self.change(class_id) as tx:
                tx.run(sql, (seen, page, student_id))
        else:
            with self._transaction() as tx:
                tx.run(sql, (seen, page, student_id))

    def mark_left(self, class_id: int, student_id: int, page: str) -> None:
        """The page ``page`` is closing: the student is away, unless another page of theirs has spoken since (a
        reloaded page's new one, a second tab), and the teacher's page is told."""
        with self.change(class_id) as tx:
            tx.run("UPDATE live_students SET seen = NULL WHERE id = ? AND seen_page = ?", (student_id, page))

    def remove_student(self, class_id: int, student_id: int, now: float) -> bool:
        """The teacher removes a student: their answers and progress are deleted, their name is free again, their
        token opens nothing; every page is told (the student's own says so). Whether there was one to remove."""
        with self.change(class_id, shown=True) as tx:
            # A name key is never made of control characters (``clean_name`` refuses them): this one frees the name.
            gone = tx.one("UPDATE live_students SET removed = ?, seen = NULL, name_key = ? "
                          "WHERE id = ? AND class_id = ? AND removed IS NULL RETURNING id",
                          (now, f"\x01removed {int(student_id)}", student_id, class_id))
            if gone is None:
                return False
            tx.run("DELETE FROM live_answers WHERE student_id = ?", (student_id,))
            tx.run("DELETE FROM live_progress WHERE student_id = ?", (student_id,))
        return True

    def set_language(self, student_id: int, class_id: int, lang: str) -> None:
        with self.change(class_id) as tx:
            tx.run("UPDATE live_students SET lang = ? WHERE id = ?", (lang, student_id))

    # --- questions and answers -----------------------------------------------------------------------------

    def add_question(self, class_id: int, spec: dict[str, Any], choices: list[str], answer: list[str],
                     opened: float, check: Callable[[Transaction], None]) -> QuestionRow:
        """Open a question (numbered 1, 2, … in the class), closing the one still open."""
        with self.change(class_id, shown=True) as tx:
            check(tx)
            tx.run("UPDATE live_questions SET closed = ? WHERE class_id = ? AND closed IS NULL", (opened, class_id))
            number = tx.one("SELECT count(*) FROM live_questions WHERE class_id = ?", (class_id,))[0] + 1
            row = tx.one(f"INSERT INTO live_questions (class_id, number, spec, choices, answer, opened) "
                         f"VALUES (?, ?, ?, ?, ?, ?) RETURNING {_QUESTION}",
                         (class_id, int(number), json.dumps(spec, separators=(",", ":")), json.dumps(choices),
                          json.dumps(answer), opened))
        return _question(row)

    def questions(self, class_id: int) -> list[QuestionRow]:
        return [_question(r) for r in self.read(f"SELECT {_QUESTION} FROM live_questions WHERE class_id = ? "
                                                "ORDER BY number", (class_id,))]

    def latest_question(self, class_id: int) -> QuestionRow | None:
        rows = self.read(f"SELECT {_QUESTION} FROM live_questions WHERE class_id = ? ORDER BY number DESC LIMIT 1",
                         (class_id,))
        return _question(rows[0]) if rows else None

    def close_question(self, class_id: int, question_id: int, now: float, reveal: bool) -> None:
        with self.change(class_id, shown=True) as tx:
            tx.run("UPDATE live_questions SET closed = ? WHERE id = ? AND closed IS NULL", (now, question_id))
            if reveal:
                tx.run("UPDATE live_questions SET revealed = ? WHERE id = ? AND revealed IS NULL", (now, question_id))

    def set_countdown(self, class_id: int, question_id: int, closes_at: float) -> None:
        """The open question stops taking answers at ``closes_at`` (a countdown; a new one replaces the last)."""
        with self.change(class_id, shown=True) as tx:
            tx.run("UPDATE live_questions SET closes_at = ? WHERE id = ? AND closed IS NULL", (closes_at, question_id))

    def close_due(self, class_id: int, now: float) -> None:
        """Close the class's question whose countdown is over, as of its end, and tell every page; a read alone
        when none is (what each page does before it shows a question)."""
        due = "class_id = ? AND closed IS NULL AND closes_at IS NOT NULL AND closes_at <= ?"
        if not self.read(f"SELECT 1 FROM live_questions WHERE {due}", (class_id, now)):
            return
        with self.change(class_id, shown=True) as tx:   # another page may have closed it meanwhile: then nothing
            tx.run(f"UPDATE live_questions SET closed = closes_at WHERE {due}", (class_id, now))

    def add_answer(self, class_id: int, question_id: int, student_id: int, response: list[str], correct: bool,
                   answered: float, check: Callable[[Transaction], None]) -> None:
        """Keep one student's answer; ``check(tx)`` first (is the question still open?), in the same transaction. A
        second answer to the same question raises ``Conflict``."""
        with self.change(class_id) as tx:
            check(tx)
            tx.run("INSERT INTO live_answers (class_id, question_id, student_id, response, correct, answered) "
                   "VALUES (?, ?, ?, ?, ?, ?)",
                   (class_id, question_id, student_id, json.dumps(response), int(correct), answered))

    def answer_counts(self, question_id: int) -> dict[str, int]:
        """How many students gave each response (a response is its choices, sorted, as JSON)."""
        rows = self.read("SELECT response, count(*) FROM live_answers WHERE question_id = ? GROUP BY response",
                         (question_id,))
        return {r[0]: int(r[1]) for r in rows}

    def answers(self, class_id: int, student_id: int | None = None) -> list[AnswerRow]:
        sql = ("SELECT q.number, a.student_id, a.response, a.correct, a.answered FROM live_answers a "
               "JOIN live_questions q ON q.id = a.question_id WHERE a.class_id = ?")
        params: list[Any] = [class_id]
        if student_id is not None:
            sql += " AND a.student_id = ?"
            params.append(student_id)
        rows = self.read(sql + " ORDER BY q.number, a.answered", params)
        return [AnswerRow(int(r[0]), int(r[1]), json.loads(r[2]), bool(r[3]), r[4]) for r in rows]

    # --- puzzles' ratings (atout.ratings) ----------------------------------------------------------------------

    def puzzle_record(self, puzzle: str) -> PuzzleRecord:
        """A puzzle's rating so far (a puzzle nobody has tried yet starts at ``atout.ratings``' start)."""
        rows = self.read("SELECT rating, deviation, attempts, solved FROM puzzle_ratings WHERE puzzle = ?",
                         (_puzzle_id(puzzle),))
        if not rows:
            return PuzzleRecord(Rating(), 0, 0)
        rating, deviation, attempts, solved = rows[0]
        return PuzzleRecord(Rating(float(rating), float(deviation)), int(attempts), int(solved))

    def record_puzzle_attempt(self, puzzle: str, solved: bool, learner: Rating, now: float) -> tuple[Rating, Rating]:
        """One learner's attempt at a puzzle: the puzzle's rating and the learner's, both updated (``atout.ratings``),
        in one transaction whose first write takes the puzzle's row, so attempts arriving at once from many kernels
        each count, one after the other."""
        puzzle = _puzzle_id(puzzle)
        with self._transaction() as tx:
            tx.run("INSERT INTO puzzle_ratings (puzzle, rating, deviation, attempts, solved, updated) "
                   "VALUES (?, ?, ?, 0, 0, ?) ON CONFLICT (puzzle) DO NOTHING",
                   (puzzle, START_RATING, START_DEVIATION, now))
            rating, deviation = tx.one("UPDATE puzzle_ratings SET attempts = attempts + 1, solved = solved + ?, "
                                       "updated = ? WHERE puzzle = ? RETURNING rating, deviation",
                                       (int(solved), now, puzzle))
            after, learner_after = update_ratings(Rating(float(rating), float(deviation)), learner, solved)
            tx.run("UPDATE puzzle_ratings SET rating = ?, deviation = ? WHERE puzzle = ?",
                   (after.rating, after.deviation, puzzle))
        return after, learner_after

    # --- lesson progress -----------------------------------------------------------------------------------

    def record_progress(self, class_id: int, student_id: int, lesson: str, right: int, total: int,
                        now: float) -> None:
        with self.change(class_id) as tx:
            tx.run("INSERT INTO live_progress (class_id, student_id, lesson, right_answers, total, updated) "
                   "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (student_id, lesson) DO UPDATE SET "
                   "right_answers = excluded.right_answers, total = excluded.total, updated = excluded.updated",
                   (class_id, student_id, lesson, right, total, now))

    def progress(self, class_id: int) -> list[tuple[int, str, int, int]]:
        """(student id, lesson id, right answers, questions) for every lesson a student of the class finished."""
        rows = self.read("SELECT student_id, lesson, right_answers, total FROM live_progress WHERE class_id = ? "
                         "ORDER BY student_id, updated", (class_id,))
        return [(int(r[0]), r[1], int(r[2]), int(r[3])) for r in rows]


@dataclass(frozen=True)
class PuzzleRecord:
    """A puzzle's rating as the store keeps it: how hard learners found it so far."""

    rating: Rating
    attempts: int
    solved: int


MAX_PUZZLE_ID = 64


def _puzzle_id(puzzle: str) -> str:
    if not isinstance(puzzle, str) or not 0 < len(puzzle) <= MAX_PUZZLE_ID or not puzzle.isprintable():
        raise ValueError(f"a puzzle's id is 1 to {MAX_PUZZLE_ID} printable characters, not {puzzle!r:.80}")
    return puzzle


def open_store(url: str | None = None, folder: Path | str | None = None) -> Store:
    """The store this deployment uses: PostgreSQL at ``url`` (else ``ATOUT_DATABASE_URL``) when one is given, else
    SQLite in ``folder`` (else the data folder, ``data_dir()``), made on first use; in a JupyterHub user's own
    server without a shared store, one that refuses every use (``hub_user_without_shared_store``)."""
    url = url if url is not None else os.environ.get("ATOUT_DATABASE_URL", "")
    if url:
        from atout.live.postgres import PostgresStore

        return PostgresStore(url)
    from atout.live.sqlite import SQLiteStore, UnsharedStore

    if folder is None and hub_user_without_shared_store() is not None:
        return UnsharedStore(data_dir())
    return SQLiteStore(Path(folder) if folder is not None else data_dir())
