"""A store that fails mid-class, on both back-ends, for real: the SQLite file moved or deleted, its folder gone, a
lock held by another process, the file made read-only; the PostgreSQL server stopped and started again, a table
locked by another session, the database made read-only, its tables dropped.

Each time: an answer is refused, never acknowledged, within seconds, with a message naming the cause; what was
acknowledged is in the database as a fresh connection reads it (and nothing refused is); the store says when it
works again (its ``listen``\\ers: the pages' banners) and a page's watcher hears the class's next change; answers
are then counted exactly once.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from atout.live import store as store_module
from atout.live.classes import Classes, Student
from atout.live.errors import AnswerError, SessionError, StoreError
from atout.live.protocol import handle
from atout.live.sqlite import SQLiteStore
from atout.live.watch import Watch

REFUSED_WITHIN_S = 10    # a hang check (SQLite waits 5 s for a lock, PostgreSQL 5 s): not a speed goal
LEFT_WAITING_S = 60      # an answer still waiting then is given this long to end before the test fails
BACK_WITHIN_S = 30       # the store is tried every second; a loaded machine may take longer
LESSON, RIGHT = "45-trumps", "AH"


class Told:
    """What a store told its listeners: each failure it said, and whether it said it works again."""

    def __init__(self, store) -> None:
        self.store = store
        self.said: list[StoreError] = []
        self.back = threading.Event()
        self.failing = threading.Event()

    def __call__(self, store) -> None:
        if store is not self.store:
            return
        if store.trouble is None:
            self.back.set()
        else:
            self.said.append(store.trouble)
            self.failing.set()


@contextmanager
def told(store) -> Iterator[Told]:
    listener = Told(store)
    store_module.listen(listener)
    try:
        yield listener
    finally:
        store_module._listeners.remove(listener)


class Class:
    """A class under way: a question asked, six students, two of whom answered (acknowledged); and a student's page
    watching it."""

    def __init__(self, classes: Classes) -> None:
        self.classes = classes
        self.teacher = classes.start()
        self.teacher.ask_lesson(LESSON, 0)
        self.students = [classes.join(self.teacher.code, f"Student {n}", "en") for n in range(6)]
        self.acknowledged: set[str] = set()
        for student in self.students[:2]:
            self.answer(student)
        self.woke: list[int | None] = []
        self.changed = threading.Event()
        self.watch = Watch(classes.store, self.teacher.class_id, self._woke, shown=True).start()

    def _woke(self, version: int | None) -> None:
        self.woke.append(version)
        self.changed.set()

    def answer(self, student: Student) -> float:
        """Answer question 1 for ``student``; how long it took. Acknowledged means it returned."""
        began = time.monotonic()
        student.answer(1, RIGHT)
        self.acknowledged.add(student.name)
        return time.monotonic() - began

    def refused(self, student: Student, cause: str, here: bool = False) -> StoreError:
        """``student``'s answer is refused by the store, within seconds, for ``cause``; nothing is acknowledged. The
        answer is sent from a thread of its own (with a connection of its own), so that a store that hangs fails the
        test instead of hanging it; ``here``: from this thread, on the connection it opened before the fault."""
        outcome: list[BaseException | float] = []
        sender = threading.Thread(target=lambda: outcome.append(_outcome(lambda: self.answer(student))), daemon=True)
        began = time.monotonic()
        if here:
            sender.run()
        else:
            sender.start()
            sender.join(REFUSED_WITHIN_S)
        took = time.monotonic() - began
        if not outcome:
            sender.join(LEFT_WAITING_S)     # the store is closed after the test: not under a thread still using it
            pytest.fail(f"the answer still waited after {took:.1f} s")
        error = outcome[0]
        assert isinstance(error, StoreError), f"not refused by the store: {error!r}"
        assert error.cause == cause and error.field == "store", str(error)
        return error


def _outcome(work: Callable[[], object]) -> BaseException | float:
    try:
        work()
    except BaseException as error:      # noqa: BLE001 - handed to the test, which checks it
        return error
    return 0.0


def answered(rows: list[tuple[str]]) -> set[str]:
    return {name for (name,) in rows}


ANSWERED = ("SELECT s.name FROM live_answers a JOIN live_students s ON s.id = a.student_id "
            "JOIN live_questions q ON q.id = a.question_id WHERE q.number = 1")


def carries_on(lesson: Class, told_: Told, refused: list[Student], in_database: Callable[[], set[str]]) -> None:
    """Once the store is back: it says so, the page's watcher hears the class's next change, the students refused
    answer now, a second answer is still refused, and the database (read afresh) holds each answer once."""
    assert told_.back.wait(BACK_WITHIN_S), "the store never said it works again"
    assert lesson.classes.store.trouble is None
    for student in refused:
        lesson.answer(student)
    with pytest.raises(AnswerError, match="already answered"):
        lesson.answer(lesson.students[0])
    lesson.changed.clear()
    lesson.teacher.reveal()
    assert lesson.changed.wait(BACK_WITHIN_S), "the page's watcher never heard the reveal"
    assert in_database() == lesson.acknowledged
    chart = lesson.teacher.chart()
    assert chart["answered"] == len(lesson.acknowledged) and chart["counts"][RIGHT] == len(lesson.acknowledged)


# --- SQLite ------------------------------------------------------------------------------------------------------

@pytest.fixture
def sqlite_class(tmp_path) -> Iterator[Class]:
    store = SQLiteStore(tmp_path / "data")
    lesson = Class(Classes(store))
    yield lesson
    lesson.watch.stop()
    store.close()


def sqlite_answers(path) -> set[str]:
    """The answers to question 1 in the file at ``path``, read by a connection of its own (another kernel's)."""
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return answered(conn.execute(ANSWERED).fetchall())
    finally:
        conn.close()


def test_sqlite_a_file_moved_away_mid_class_is_refused_by_name_until_it_is_put_back(sqlite_class, tmp_path):
    lesson, store = sqlite_class, sqlite_class.classes.store
    away = tmp_path / "away.sqlite3"
    with told(store) as said:
        os.rename(store.path, away)
        error = lesson.refused(lesson.students[2], "deleted")
        assert str(store.path) in str(error) and "was deleted or moved" in str(error)
        assert "Put it back where it was" in str(error)
        lesson.refused(lesson.students[3], "deleted", here=True)      # a connection that has the moved file open
        with pytest.raises(StoreError, match="was deleted or moved"):        # reading it too: pages say so
            lesson.teacher.chart()
        assert said.failing.wait(BACK_WITHIN_S) and said.said[0].cause == "deleted"
        assert lesson.acknowledged == {"Student 0", "Student 1"}
        os.rename(away, store.path)         # (its write-ahead log stayed beside the path: read alone, it lacks it)
        carries_on(lesson, said, lesson.students[2:4], lambda: sqlite_answers(store.path))


def test_sqlite_a_deleted_file_is_never_made_again_empty_behind_the_class(sqlite_class, tmp_path):
    """Deleted (a hard link stands for the copy the desktop's bin keeps): refused, and a page opened afterwards (a
    new store, another kernel) refuses too rather than start an empty database beside the old write-ahead log; the
    file put back from the bin, the class carries on."""
    lesson, store = sqlite_class, sqlite_class.classes.store
    kept = tmp_path / "bin.sqlite3"
    os.link(store.path, kept)
    with told(store) as said:
        os.unlink(store.path)
        lesson.refused(lesson.students[2], "deleted")
        later = SQLiteStore(store.path.parent)
        try:
            with pytest.raises(StoreError, match="was deleted or moved") as refused:
                Classes(later).join(lesson.teacher.code, "Late", "en")
            assert refused.value.cause == "deleted" and "classes.sqlite3-wal" in str(refused.value)
            assert not store.path.exists()
        finally:
            later.close()
        os.link(kept, store.path)
        carries_on(lesson, said, lesson.students[2:3], lambda: sqlite_answers(store.path))


def test_sqlite_a_data_folder_gone_is_named_as_such(sqlite_class, tmp_path):
    lesson, store = sqlite_class, sqlite_class.classes.store
    away, folder = tmp_path / "data-away", store.path.parent
    with told(store) as said:
        os.rename(folder, away)
        error = lesson.refused(lesson.students[2], "deleted")
        assert f"The folder {folder} holding the class database was deleted or moved" in str(error)
        assert not folder.exists()                      # not made again: the class is in the folder that went
        os.rename(away, folder)
        carries_on(lesson, said, lesson.students[2:3], lambda: sqlite_answers(store.path))


def test_sqlite_a_read_only_file_is_refused_before_anything_is_written(sqlite_class):
    lesson, store = sqlite_class, sqlite_class.classes.store
    with told(store) as said:
        os.chmod(store.path, 0o444)
        try:
            error = lesson.refused(lesson.students[2], "read-only", here=True)
            assert f"The class database file {store.path} is read-only" in str(error)
            assert "write permission" in str(error)
            assert lesson.teacher.chart()["answered"] == 2          # reading still works
        finally:
            os.chmod(store.path, 0o644)
        carries_on(lesson, said, lesson.students[2:3], lambda: sqlite_answers(store.path))


HOLD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute(f"BEGIN {sys.argv[2].upper()}")
if sys.argv[2] == "exclusive":          # and a write under way
    conn.execute("UPDATE live_meta SET value = value")
print("holding", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


@contextmanager
def held(path, how: str) -> Iterator[subprocess.Popen]:
    """Another program holding the database's write lock: ``BEGIN IMMEDIATE``, or ``BEGIN EXCLUSIVE`` and a write
    (with write-ahead logging, readers read on all the same; nor can another program shut them out while the site
    has the file open)."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(path), how], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        yield holder
    finally:
        holder.stdin.close()
        holder.wait(30)


@pytest.mark.parametrize("how", ["immediate", "exclusive"])
def test_sqlite_a_lock_held_by_another_program_is_refused_within_seconds_naming_it(sqlite_class, how):
    lesson, store = sqlite_class, sqlite_class.classes.store
    with told(store) as said:
        with held(store.path, how) as holder:
            error = lesson.refused(lesson.students[2], "locked")
            assert f"is locked by another program (python, process {holder.pid})" in str(error).replace("python3",
                                                                                                           "python")
            assert lesson.teacher.chart()["answered"] == 2        # readers never wait for a writer
        assert sqlite_answers(store.path) == lesson.acknowledged
        carries_on(lesson, said, lesson.students[2:3], lambda: sqlite_answers(store.path))


def test_sqlite_an_answer_committed_to_a_file_that_went_meanwhile_is_not_acknowledged(sqlite_class, tmp_path):
    """The file goes between the checks before a write and its commit (here: inside the write, as another program
    would at that instant): the commit landed in a file no other kernel reads, so the answer is refused."""
    lesson, store = sqlite_class, sqlite_class.classes.store
    away = tmp_path / "away.sqlite3"
    ada = lesson.students[2]
    real = store.add_answer

    def moved_while_writing(class_id, question_id, student_id, response, correct, answered_at, check):
        def check_then_move(tx):
            check(tx)
            os.rename(store.path, away)
        return real(class_id, question_id, student_id, response, correct, answered_at, check_then_move)

    store.add_answer = moved_while_writing
    lesson.refused(ada, "deleted")
    assert ada.name not in lesson.acknowledged


def test_the_protocol_answers_a_store_failure_with_its_message_not_a_traceback(sqlite_class, tmp_path):
    lesson, store = sqlite_class, sqlite_class.classes.store
    os.rename(store.path, tmp_path / "away.sqlite3")
    reply = handle(lesson.classes, {"op": "answer", "token": lesson.students[2].token, "question": 1,
                                    "answer": [RIGHT]})
    assert reply["field"] == "store" and "was deleted or moved" in reply["error"] and "ok" not in reply
    reply = handle(lesson.classes, {"op": "join", "code": lesson.teacher.code, "name": "Zoë", "lang": "fr"})
    assert reply["field"] == "store" and "a été supprimé ou déplacé" in reply["error"]


# --- PostgreSQL ----------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def own_postgres():
    """A PostgreSQL server of this module's own: its tests stop it, and make it read-only."""
    from atout.live.pgtemp import TempPostgres
    from tests.conftest import need_postgres

    need_postgres()
    with TempPostgres() as server:
        yield server


@pytest.fixture
def pg_class(own_postgres) -> Iterator[Class]:
    from atout.live.postgres import PostgresStore

    store = PostgresStore(own_postgres.url)
    lesson = Class(Classes(store))
    yield lesson
    lesson.watch.stop()
    store.close()
    with admin(own_postgres) as conn:
        conn.execute("DROP TABLE IF EXISTS live_progress, live_answers, live_questions, live_students, live_classes, "
                     "live_meta CASCADE")


@contextmanager
def admin(server):
    import psycopg

    with psycopg.connect(server.url, autocommit=True) as conn:
        yield conn


def pg_answers(server) -> set[str]:
    with admin(server) as conn:
        return answered(conn.execute(ANSWERED).fetchall())


def test_postgresql_stopped_mid_class_is_refused_within_seconds_and_the_class_carries_on_when_it_starts(
        pg_class, own_postgres):
    lesson, store = pg_class, pg_class.classes.store
    with told(store) as said:
        own_postgres.stop_server()
        try:
            error = lesson.refused(lesson.students[2], "unreachable")
            assert "Cannot reach the class database server at ATOUT_DATABASE_URL" in str(error)
            assert "Start the server again" in str(error)
            lesson.refused(lesson.students[3], "unreachable")
            assert said.failing.wait(BACK_WITHIN_S)
        finally:
            own_postgres.start_server()
        carries_on(lesson, said, lesson.students[2:4], lambda: pg_answers(own_postgres))


def test_postgresql_a_table_locked_by_another_session_is_refused_within_seconds_naming_it(pg_class, own_postgres):
    lesson, store = pg_class, pg_class.classes.store
    with told(store) as said:
        with admin(own_postgres) as other:
            other.autocommit = False
            other.execute("LOCK TABLE live_answers IN EXCLUSIVE MODE")
            holder = other.info.backend_pid
            error = lesson.refused(lesson.students[2], "locked")
            assert f"locked by another session (server process {holder}" in str(error)
            assert lesson.teacher.chart()["answered"] == 2        # reading still works
            other.rollback()
        assert pg_answers(own_postgres) == lesson.acknowledged
        carries_on(lesson, said, lesson.students[2:3], lambda: pg_answers(own_postgres))


def _sessions_begin_again(conn) -> None:
    """End the database's other sessions, so they begin again with its settings (as after a failover)."""
    conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
                 "AND pid <> pg_backend_pid()")


def test_postgresql_a_read_only_database_is_refused_and_the_class_carries_on_when_it_takes_writes(
        pg_class, own_postgres):
    lesson, store = pg_class, pg_class.classes.store
    with told(store) as said:
        with admin(own_postgres) as conn:
            conn.execute("ALTER DATABASE atout SET default_transaction_read_only = on")
            _sessions_begin_again(conn)
            try:
                error = lesson.refused(lesson.students[2], "read-only", here=True)
                assert "takes no writes" in str(error) and "read-only transaction" in str(error)
            finally:
                conn.execute("ALTER DATABASE atout RESET default_transaction_read_only")
                _sessions_begin_again(conn)
        assert pg_answers(own_postgres) == lesson.acknowledged
        carries_on(lesson, said, lesson.students[2:3], lambda: pg_answers(own_postgres))


def test_postgresql_tables_dropped_mid_class_are_refused_then_the_store_works_on_a_fresh_schema(
        pg_class, own_postgres):
    """The tables are gone, and the class with them: refused by name; once another kernel has made them again, the
    store works again and says the class is over (no class is made up)."""
    from atout.live.postgres import PostgresStore

    lesson, store = pg_class, pg_class.classes.store
    with told(store) as said:
        with admin(own_postgres) as conn:
            conn.execute("DROP TABLE live_progress, live_answers, live_questions, live_students, live_classes, "
                         "live_meta CASCADE")
        error = lesson.refused(lesson.students[2], "deleted")
        assert "or its tables, were deleted" in str(error)
        PostgresStore(own_postgres.url).close()        # a kernel opening the store makes the schema again
        assert said.back.wait(BACK_WITHIN_S), "the store never said it works again"
        with pytest.raises(SessionError, match="no longer in a class"):
            lesson.classes.student(lesson.students[2].token)
