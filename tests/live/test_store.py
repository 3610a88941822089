"""The store, on both back-ends: a versioned schema made on first use, whole-or-nothing writes, the change counter
and its watchers, and many processes writing at once."""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path

import pytest

from atout.live.classes import Classes
from atout.live.postgres import PostgresStore
from atout.live.sqlite import SQLiteStore
from atout.live.store import SCHEMA_VERSION, TABLES, Conflict, StoreError, open_store, schema, writes_held
from atout.live.watch import Watch
from atout.ratings import Rating


def test_the_schema_is_made_on_first_use_and_kept(store, backend, request, tmp_path):
    assert store.schema_version() == SCHEMA_VERSION
    assert store.row_counts() == {table: 0 for table in TABLES}
    teacher = Classes(store).start()
    again = type(store)(store.path.parent) if backend == "sqlite" else type(store)(store.url)
    try:
        assert again.schema_version() == SCHEMA_VERSION
        assert again.class_by("code", teacher.code.replace("-", "")).id == teacher.class_id
    finally:
        again.close()


def test_a_database_from_a_newer_atout_is_refused_with_the_reason(store, backend):
    """Refused at each use, saying why (the page's banner says it), not when the store is made: a page's kernel keeps
    one store, which says so until the database is one it knows."""
    with store._transaction() as tx:
        tx.run("UPDATE live_meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    newer = type(store)(store.path.parent) if backend == "sqlite" else type(store)(store.url)
    try:
        with pytest.raises(StoreError, match="newer Atout") as refused:
            newer.row_counts()
        assert refused.value.cause == "newer" and newer.trouble is refused.value
    finally:
        newer.close()


def _version_1_database(backend: str, where: dict) -> None:
    """A class database as Atout's first schema made it (``schema``, version 1), holding a class with a student, a
    question and an answer, written by the back-end's own driver: what a school's server has before an update."""
    statements = [*schema(PostgresStore.id_column if backend == "postgresql" else SQLiteStore.id_column),
                  "INSERT INTO live_meta (key, value) VALUES ('schema_version', '1')",
                  "INSERT INTO live_classes (code, teacher_token, created, closes, deleted) "
                  "VALUES ('K7M4QX', 'teacher-token', 1800000000, 1800028800, 1800086400)",
                  "INSERT INTO live_students (class_id, number, name, name_key, token, lang, joined) "
                  "VALUES (1, 0, 'Ada', 'ada', 'ada-token', 'en', 1800000010)",
                  "INSERT INTO live_questions (class_id, number, spec, choices, answer, opened) VALUES (1, 1, "
                  "'{\"source\":\"lesson\",\"lesson\":\"45-trumps\",\"index\":0}', '[\"AD\",\"AH\",\"KD\"]', "
                  "'[\"AH\"]', 1800000020)",
                  "INSERT INTO live_answers (class_id, question_id, student_id, response, correct, answered) "
                  "VALUES (1, 1, 1, '[\"AH\"]', 1, 1800000030)"]
    if backend == "sqlite":
        import sqlite3

        Path(where["folder"]).mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(Path(where["folder"]) / "classes.sqlite3", isolation_level=None)
        conn.execute("PRAGMA foreign_keys = ON")
    else:
        import psycopg

        conn = psycopg.connect(where["url"], autocommit=True)
    try:
        for statement in statements:
            conn.execute(statement)
    finally:
        conn.close()


def test_a_version_1_database_is_brought_up_to_date_and_keeps_its_class(backend, where, clock):
    _version_1_database(backend, where)
    store = open_store(**where)
    try:
        assert store.schema_version() == SCHEMA_VERSION == 4
        classes = Classes(store, clock=clock)
        clock.now = 1800000100
        teacher = classes.teacher("teacher-token")
        assert teacher.code == "K7M-4QX" and [s.name for s in teacher.roster()] == ["Ada"]
        ada = classes.student("ada-token")
        assert ada.my_answers() == {1: ["AH"]} and teacher.chart()["answered"] == 1
        # What version 2 added works on the old rows: who is here, a countdown, a removal.
        assert teacher.presence() == [(teacher.roster()[0], False)]      # no page has said so since the update
        ada.here()
        assert teacher.presence()[0][1]
        teacher.countdown(30)
        assert store.latest_question(teacher.class_id).closes_at == 1800000130
        teacher.remove(ada.id)
        assert teacher.roster() == [] and store.row_counts()["live_answers"] == 0
        # What version 3 added: the attempts counted against the limits.
        store.add_attempts(["join:someone"], 1800000200, 0)
        assert store.attempts("join:someone", 1800000000) == [1800000200]
        # What version 4 added: the puzzles' ratings.
        store.record_puzzle_attempt("a02f092d61", False, Rating(), 1800000300)
        assert store.puzzle_record("a02f092d61").attempts == 1
    finally:
        store.close()
    again = open_store(**where)                 # made once: a second opening changes nothing
    try:
        assert again.schema_version() == SCHEMA_VERSION and again.class_by("code", "K7M4QX") is not None
    finally:
        again.close()


def test_a_refused_check_undoes_the_whole_write_counter_included(classes, store):
    teacher = classes.start()
    before = store.version(teacher.class_id)

    def refuse(tx):
        raise ValueError("no")

    with pytest.raises(ValueError):
        store.add_student(teacher.class_id, "Ada", "ada", "t" * 20, "en", 0.0, refuse)
    assert store.version(teacher.class_id) == before
    assert store.row_counts()["live_students"] == 0


def test_a_broken_uniqueness_rule_is_a_conflict_and_keeps_nothing(classes, store):
    teacher = classes.start()
    store.add_student(teacher.class_id, "Ada", "ada", "a" * 20, "en", 0.0, lambda tx: None)
    before = store.version(teacher.class_id)
    with pytest.raises(Conflict):
        store.add_student(teacher.class_id, "ADA", "ada", "b" * 20, "en", 0.0, lambda tx: None)
    assert store.version(teacher.class_id) == before
    assert [s.name for s in store.students(teacher.class_id)] == ["Ada"]


def test_every_change_moves_the_counter_once_and_the_students_one_when_they_see_it(classes, store):
    teacher = classes.start()
    start, seen = store.version(teacher.class_id), store.version(teacher.class_id, shown=True)
    steps = [lambda: classes.join(teacher.code, "Ada", "en"), lambda: teacher.ask_lesson("45-trumps", 0),
             lambda: classes.student(teacher.roster()[0].token).answer(1, "AH"), teacher.reveal,
             teacher.stop_following, lambda: classes.student(teacher.roster()[0].token).record_progress(
                 "45-trumps", 1, 2), teacher.end]
    moved = []
    for step in steps:
        step()
        moved.append(store.version(teacher.class_id, shown=True) - seen)
    assert store.version(teacher.class_id) == start + len(steps)
    # the students' counter: not for a join, an answer or a lesson's progress (nothing another student shows)
    assert moved == [0, 1, 1, 2, 3, 3, 4]


def _other_connection(store, backend):
    """The same database as another kernel sees it: a store of its own."""
    return type(store)(store.path.parent) if backend == "sqlite" else type(store)(store.url)


def test_held_writes_are_seen_by_others_only_when_the_block_ends(classes, store, backend):
    teacher = classes.start()
    other = _other_connection(store, backend)
    try:
        before = other.version(teacher.class_id)
        with writes_held():
            classes.join(teacher.code, "Ada", "en")
            teacher.ask_lesson("45-trumps", 0)
            assert [s.name for s in store.students(teacher.class_id)] == ["Ada"]      # the writer sees its own
            assert other.students(teacher.class_id) == [] and other.version(teacher.class_id) == before
        assert [s.name for s in other.students(teacher.class_id)] == ["Ada"]
        assert other.version(teacher.class_id) == before + 2 and len(other.questions(teacher.class_id)) == 1
    finally:
        other.close()


def test_held_writes_are_all_undone_when_the_block_raises(classes, store):
    teacher = classes.start()
    before = store.version(teacher.class_id)
    with pytest.raises(TypeError), writes_held():
        classes.join(teacher.code, "Ada", "en")
        teacher.ask_lesson("45-trumps", 0)
        raise TypeError("a fault after the writes")
    assert store.version(teacher.class_id) == before
    assert store.students(teacher.class_id) == [] and store.questions(teacher.class_id) == []
    classes.join(teacher.code, "Ada", "en")            # the store is usable afterwards, nothing left held
    assert [s.name for s in store.students(teacher.class_id)] == ["Ada"]


def test_a_refused_write_inside_held_writes_undoes_itself_alone(classes, store):
    teacher = classes.start()
    with writes_held():
        store.add_student(teacher.class_id, "Ada", "ada", "a" * 20, "en", 0.0, lambda tx: None)
        with pytest.raises(Conflict):
            store.add_student(teacher.class_id, "ADA", "ada", "b" * 20, "en", 0.0, lambda tx: None)
        store.add_student(teacher.class_id, "Bea", "bea", "c" * 20, "en", 0.0, lambda tx: None)
    assert [s.name for s in store.students(teacher.class_id)] == ["Ada", "Bea"]


def test_open_store_picks_postgresql_when_an_address_is_given(backend, where, monkeypatch, tmp_path):
    monkeypatch.delenv("ATOUT_DATABASE_URL", raising=False)
    monkeypatch.setenv("ATOUT_DATA", str(tmp_path / "elsewhere"))
    store = open_store(**where)
    try:
        assert store.backend == backend
    finally:
        store.close()
    if backend == "postgresql":
        monkeypatch.setenv("ATOUT_DATABASE_URL", where["url"])
        store = open_store()
        assert store.backend == "postgresql"
        store.close()
    else:
        store = open_store()
        assert store.path == tmp_path / "elsewhere" / "classes.sqlite3"
        store.close()


def test_sqlite_is_set_for_many_kernels_at_once(tmp_path):
    from atout.live.sqlite import SQLiteStore

    store = SQLiteStore(tmp_path / "data")
    try:
        pragma = {name: store.connection().execute(f"PRAGMA {name}").fetchone()[0]
                  for name in ("journal_mode", "busy_timeout", "foreign_keys", "secure_delete")}
    finally:
        store.close()
    # readers never wait for a writer, a writer waits its turn, a class deleted takes its answers, deleted is gone
    assert pragma["journal_mode"] == "wal" and pragma["busy_timeout"] >= 1000
    assert pragma["foreign_keys"] == 1 and pragma["secure_delete"] == 1


def test_the_data_folder_is_the_users_own_unless_atout_data_says(monkeypatch, tmp_path):
    import sys

    from atout.live.store import data_dir

    monkeypatch.delenv("ATOUT_DATA", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "atout"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "atout"
    monkeypatch.setenv("ATOUT_DATA", str(tmp_path / "school"))
    assert data_dir() == tmp_path / "school"


def test_without_postgresql_the_tests_skip_saying_how_to_install_it_and_fail_in_ci(monkeypatch):
    from tests import conftest

    monkeypatch.delenv("ATOUT_TEST_DATABASE_URL", raising=False)
    monkeypatch.setattr(conftest, "find_binaries", lambda: None)
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception, match="apt-get install postgresql"):
        conftest.need_postgres()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="apt-get install postgresql"):
        conftest.need_postgres()


def test_an_unreachable_server_is_named_not_a_traceback(tmp_path):
    """A page opened while the server is down gets its store; each use says why it fails, until the server answers
    (then the schema is made: ``test_store_faults``)."""
    from atout.live.postgres import PostgresStore

    store = PostgresStore(f"postgresql://nobody@/none?host={tmp_path}&connect_timeout=2")
    try:
        with pytest.raises(StoreError, match="Cannot reach the class database server") as refused:
            store.schema_version()
        assert refused.value.cause == "unreachable"
    finally:
        store.close()


def _recorder():
    """What a page's watcher called back with, an event set at each call, and the callback itself."""
    woke: list[int | None] = []
    changed = threading.Event()

    def on_change(version):
        woke.append(version)
        changed.set()

    return woke, changed, on_change


def test_a_waiting_page_wakes_when_its_class_changes_and_learns_when_it_is_gone(classes, store, clock):
    teacher = classes.start()
    woke, changed, on_change = _recorder()
    watch = Watch(store, teacher.class_id, on_change).start()
    try:
        first = watch.version
        classes.join(teacher.code, "Ada", "en")
        assert changed.wait(30), "the watcher never saw the student join"
        assert woke == [first + 1]
        changed.clear()
        clock.advance(25)            # past the retention: the class is deleted at the next use of the store
        assert classes.purge() == 1
        assert changed.wait(30), "the watcher never saw the class go"
        assert woke[-1] is None
        watch.thread.join(30)
        assert not watch.thread.is_alive()
    finally:
        watch.stop()


def test_a_watch_begun_inside_held_writes_starts_from_what_they_wrote(classes, store):
    """A click that starts a class and its watcher: the watcher's own connection sees the class only once the click's
    writes are committed, so it starts then, and does not take the class for gone."""
    woke, changed, on_change = _recorder()
    with writes_held():
        teacher = classes.start()
        watch = Watch(store, teacher.class_id, on_change).start()
        assert not watch.thread.is_alive()
    try:
        assert watch.thread.is_alive() and watch.version is not None
        classes.join(teacher.code, "Ada", "en")
        assert changed.wait(30), "the watcher never saw the student join"
        assert woke == [watch.version] and None not in woke
    finally:
        watch.stop()


def test_a_students_page_is_not_woken_by_the_others_answers(classes, store):
    teacher = classes.start()
    woke, changed, on_change = _recorder()
    ada, bob = classes.join(teacher.code, "Ada", "en"), classes.join(teacher.code, "Bob", "en")
    teacher.ask_lesson("45-trumps", 0)
    watch = Watch(store, teacher.class_id, on_change, shown=True).start()
    try:
        first = watch.version
        ada.answer(1, "AH")
        bob.answer(1, "KD")
        teacher.reveal()                   # the next change a student sees: the only one the page hears of
        assert changed.wait(30), "the student's watcher never saw the reveal"
        assert woke == [first + 1]
    finally:
        watch.stop()


def test_waiting_without_a_change_returns_the_same_counter(classes, store):
    teacher = classes.start()
    version = store.version(teacher.class_id)
    assert store.wait_for_change(teacher.class_id, version, 0.3) == version
    stop = threading.Event()
    stop.set()
    assert store.wait_for_change(teacher.class_id, version, 30, stop=stop) == version


# --- many kernels at once ----------------------------------------------------------------------------------------

def _kernel(where: dict, code: str, names: list[str], contested: str, results) -> None:
    """One page's kernel: its own process and connection; joins its students, each answering question 1."""
    store = open_store(**where)
    classes = Classes(store)
    got = {"joined": 0, "contested": False, "errors": []}
    try:
        for name in names:
            student = classes.join(code, name, "en")
            student.answer(1, "AH")
            got["joined"] += 1
        try:
            classes.join(code, contested, "en")
            got["contested"] = True
        except ValueError:
            pass
    except Exception as exc:          # reported to the test, which fails on it
        got["errors"].append(repr(exc))
    finally:
        store.close()
    results.put(got)


def test_many_kernels_join_and_answer_at_once_and_nothing_is_lost(classes, store, where):
    teacher = classes.start()
    teacher.ask_lesson("45-trumps", 0)
    start = store.version(teacher.class_id)
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    kernels, each = 4, 8
    processes = [context.Process(target=_kernel, args=(where, teacher.code,
                                                       [f"k{k} s{i}" for i in range(each)], "Same Name", results))
                 for k in range(kernels)]
    for p in processes:
        p.start()
    got = [results.get(timeout=300) for _ in processes]
    for p in processes:
        p.join(60)
    assert all(not g["errors"] for g in got), [g["errors"] for g in got]
    assert sum(g["joined"] for g in got) == kernels * each
    assert sum(g["contested"] for g in got) == 1          # one name, one student: exactly one kernel got it
    students = store.students(teacher.class_id)
    assert len(students) == kernels * each + 1
    assert sorted(s.number for s in students) == list(range(kernels * each + 1))   # joining order, no gaps
    chart = teacher.chart()
    assert chart["answered"] == kernels * each and chart["counts"]["AH"] == kernels * each
    # one change per join and per answer, none lost, none counted twice
    assert store.version(teacher.class_id) == start + 2 * kernels * each + 1
