"""A live class's store that fails, on the pages, in process: the page shell's banner says the store's own sentence
(not "Something went wrong inside Atout"), the panels keep what they show and say where a click was refused, and
when the store works again the banner goes and the class carries on, with no reload. The store is a real SQLite
database, moved away and back, or made read-only (tests/live/test_store_faults.py tries every failure on both
back-ends; tests/site/test_live_store.py does this in Chromium).

The watchers hand their updates to ``PageThread``, which stands for the kernel's event loop, as in test_live.py.
"""

from __future__ import annotations

import logging
import os
import queue
from html import unescape

import pytest

import atout.widgets.live as live
from atout.live.classes import Classes
from atout.live.errors import StoreError
from atout.live.sqlite import SQLiteStore
from atout.widgets.classroom import Classroom
from atout.widgets.course import Course
from atout.widgets.language import set_page_language
from atout.widgets.shell import PageShell

WAIT_S = 30


class PageThread:
    """The kernel's event loop, for the test: what other threads hand over waits until ``until`` runs it."""

    def __init__(self) -> None:
        self.work: queue.Queue = queue.Queue()

    def __call__(self, work) -> None:
        self.work.put(work)

    def until(self, condition, most: int = 400) -> bool:
        for _ in range(most):
            if condition():
                return True
            self.work.get(timeout=WAIT_S)()
        return condition()


@pytest.fixture
def page(tmp_path, monkeypatch, caplog):
    """A page's shell and its kernel's classes on a real SQLite store; the store's and watchers' news go through
    ``PageThread``."""
    caplog.set_level(logging.WARNING)
    classes = Classes(SQLiteStore(tmp_path / "data"))
    monkeypatch.setattr(live, "_CLASSES", classes)
    thread = PageThread()
    monkeypatch.setattr(live, "kernel_caller", lambda: thread)
    watches = []
    start = live._watch
    monkeypatch.setattr(live, "_watch", lambda *args, **kw: watches.append(start(*args, **kw)) or watches[-1])
    shell = PageShell("classroom")
    yield shell, classes, thread
    for watch in watches:
        watch.stop()
    classes.store.close()
    thread.until(lambda: thread.work.empty())
    shell.close()


def asked():
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=5)
    teacher = room.live.start()
    teacher.source.value = "lesson"
    teacher.lesson_picker.value = "45-trumps"
    teacher.question_picker.value = 0
    return teacher


def test_a_moved_database_is_said_in_the_banner_by_its_cause_and_the_class_comes_back_by_itself(page, tmp_path):
    shell, classes, thread = page
    teacher = asked()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    assert teacher.ask(), teacher.message.value
    assert thread.until(lambda: ada.view.get("question") is not None)
    path, away = classes.store.path, tmp_path / "away.sqlite3"

    os.rename(path, away)
    assert thread.until(lambda: shell.store_trouble != ""), "the watchers never noticed"
    assert f"The class database file {path} was deleted or moved" in shell.store_trouble
    assert not ada.view["ended"] and ada.question.children            # the student's page keeps the question
    ada.question.choices.children[0].value = True
    ada.question.send_button.click()
    refusal = unescape(ada.question.result.value)          # where it was sent; the banner says why
    assert "Your answer was not saved: the class database is not working" in refusal
    assert "Your answer is in" not in refusal
    teacher.reveal_button.click()
    assert "This was not done: the class database is not working" in unescape(teacher.message.value)
    assert not ada.view["question"]["revealed"]
    assert teacher.teacher.classes.store.trouble is not None
    set_page_language("fr")
    try:
        assert "a été supprimé ou déplacé" in shell.store_trouble
    finally:
        set_page_language("en")
    assert shell.faults == 0                                      # never "Something went wrong inside Atout"

    os.rename(away, path)
    assert thread.until(lambda: shell.store_trouble == ""), "the banner stayed"
    assert "works again, but your answer was not saved: send it again" in unescape(ada.question.result.value)
    assert teacher.message.value == ""
    ada.question.choices.children[0].value = True       # (the language switch drew the choices afresh)
    ada.question.send_button.click()
    assert "Your answer is in" in unescape(ada.question.result.value)
    assert thread.until(lambda: "data-answered='1'" in teacher.chart_html.value)
    teacher.reveal_button.click()
    assert thread.until(lambda: (ada.view.get("question") or {}).get("revealed"))


def test_a_click_that_meets_a_read_only_database_is_undone_without_the_faults_banner(page, caplog):
    shell, classes, thread = page
    teacher = asked()
    os.chmod(classes.store.path, 0o444)
    try:
        teacher.end_button.click()
        teacher.end_yes.click()
        assert not teacher.ended and teacher.confirm.layout.display == ""         # put back as it was
        assert thread.until(lambda: "is read-only" in shell.store_trouble)
        assert shell.faults == 0 and "A fault in Atout" not in caplog.text
        assert "The class database failed while answering the page" in caplog.text
    finally:
        os.chmod(classes.store.path, 0o644)
    assert thread.until(lambda: shell.store_trouble == "")
    teacher.end_yes.click()
    assert teacher.ended


def test_a_join_refused_by_the_store_says_why_beside_the_form_until_the_store_works_again(page, tmp_path):
    shell, classes, thread = page
    teacher = asked()
    path, away = classes.store.path, tmp_path / "away.sqlite3"
    strip = Course().live
    os.rename(path, away)
    assert strip.join(teacher.teacher.code, "Ada") is None
    assert "data-field='store'" in strip.form_message.value
    assert "You could not join: the class database is not working" in unescape(strip.form_message.value)
    assert thread.until(lambda: shell.store_trouble != "")
    os.rename(away, path)
    assert thread.until(lambda: shell.store_trouble == "")
    assert strip.form_message.value == ""
    assert strip.join(teacher.teacher.code, "Ada") is not None


def test_a_page_opened_while_the_store_fails_says_so_at_once(page, tmp_path):
    """Another page of the kernel (its shell made after the store began failing) says it from the start."""
    shell, classes, thread = page
    os.rename(classes.store.path, tmp_path / "away.sqlite3")
    with pytest.raises(StoreError):
        classes.store.schema_version()
    assert thread.until(lambda: shell.store_trouble != "")
    later = PageShell("learn")
    try:
        assert later.store_trouble == shell.store_trouble and "was deleted or moved" in later.store_trouble
    finally:
        later.close()
        os.rename(tmp_path / "away.sqlite3", classes.store.path)


def test_a_page_reopened_while_the_store_fails_keeps_what_its_browser_kept_and_goes_back_to_its_class(page, tmp_path):
    """A student and a teacher reload while the database is away: the browser's tokens are not forgotten (before,
    the student's was, and they could not come back as themselves), and each page goes back to its class once the
    store works again, with no reload."""
    shell, classes, thread = page
    teacher = asked()
    ben = Course().live.join(teacher.teacher.code, "Ben")
    ben.stop()
    path, away = classes.store.path, tmp_path / "away.sqlite3"
    os.rename(path, away)
    student_page, teacher_page = Course().live, Classroom("forty-fives", players=3).live
    told = []
    for strip in (student_page, teacher_page):
        strip.browser.send = told.append
    student_page.opened({"type": "open", "ticket": None, "teacher": None, "zone": "Europe/Paris",
                         "students": [[teacher.teacher.code, ben.token]]})
    teacher_page.opened({"type": "open", "ticket": None, "teacher": teacher.teacher.token, "students": [],
                         "zone": "Europe/Paris"})
    assert student_page.student_panel is None and teacher_page.teacher_panel is None
    assert told == []                                    # nothing forgotten
    assert thread.until(lambda: "was deleted or moved" in shell.store_trouble)
    os.rename(away, path)
    assert thread.until(lambda: shell.store_trouble == "")
    assert student_page.student_panel is not None and student_page.student_panel.name == "Ben"
    assert teacher_page.teacher_panel is not None
    assert teacher_page.teacher_panel.teacher.class_id == teacher.teacher.class_id
