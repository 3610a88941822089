"""Live classes: a teacher starts one, students join with its code and a name, follow the teacher's deal and answer
the questions the teacher asks; core marks every answer.

>>> import tempfile
>>> from pathlib import Path
>>> from atout.live.sqlite import SQLiteStore
>>> classes = Classes(SQLiteStore(Path(tempfile.mkdtemp())))
>>> teacher = classes.start()
>>> ada = classes.join(teacher.code, "Ada", "en")
>>> _ = teacher.ask_lesson("45-trumps", 0)
>>> ada.answer(1, ada.view()["question"]["choices"][0][0])
>>> teacher.chart()["answered"]
1
>>> classes.join(teacher.code, " ada ", "fr")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
atout.live.errors.StudentNameError: ada is already in this class: add an initial or choose another name

Who may do what: the teacher's page holds the class's teacher token, each student's page its own student token
(``secrets``), and every call goes through the object made from that token. A student's object answers for that
student only and reads that student's answers only; the class's answers, the names and the counts are the
teacher's.

Time limits, stated to the teacher (``Teacher.retention``) and enforced here and in the store: a class takes no
more answers ``OPEN_HOURS`` after it started or once the teacher ends it; ``RETENTION_HOURS`` after it started,
everything about it is deleted (the first use of the store after that time deletes it; until then nothing reads
it).

A class survives its pages: each page's browser keeps its token (``atout.widgets.live``) and a page reloaded comes
back with it, the teacher's to the running class, a student's as the same student. The teacher's token is never
shown: another device takes the class with a one-use ticket (``Teacher.handover``, ``Classes.claim``) that works
for ``HANDOVER_MINUTES``. Who is here is what the pages say: each open student's page says so every
``HERE_EVERY_S`` seconds (``Student.here``) and when it goes (``Student.leave``); a page silent for
``AWAY_AFTER_S`` is away. A countdown (``Teacher.countdown``) closes a question at its end by this clock: an answer
sent later is refused whatever the page showed, and the first page to look after the end closes the question for
all (``Store.close_due``).
"""

from __future__ import annotations

import json
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from atout.i18n import LANGUAGES, Series, Text, language
from atout.live import codes
from atout.live.confusables import skeleton
from atout.live.errors import AnswerError, ClassCodeError, MessageError, QuestionError, SessionError, StudentNameError
from atout.live.limits import JOINS_BY_CLIENT, JOINS_OF_CLASS, WRONG_CODES, WRONG_PASSCODES, Limits, page_client
from atout.live.questions import LiveQuestion, from_spec, lessons_by_id, position, table_spec
from atout.live.store import ClassRow, Conflict, QuestionRow, Store, StudentRow, Transaction, open_store
from atout.live.teachers import TeacherCredentialError, TeacherRule, Visitor

if TYPE_CHECKING:
    import pandas as pd

OPEN_HOURS = 8           # a school day: a class nobody ended takes no answers after this
RETENTION_HOURS = 24     # then everything about it is deleted
MAX_NAME = 40            # characters
MAX_STUDENTS = 200
VIEWS = ("seat", "all")  # follow me: each student from their own seat, or every hand face up
HERE_EVERY_S = 20.0      # an open student's page says so this often
AWAY_AFTER_S = 90.0      # a page silent this long is away (a browser may slow a hidden tab's timers to one a minute)
HANDOVER_MINUTES = 30    # a link taking the teacher's page to another device works once, within this time
COUNTDOWN_S = (5, 3600)  # the shortest and longest countdown a teacher may set, in seconds


def clean_name(text: Any) -> tuple[str, str]:
    """A student's name as shown, and the key two names must not share (case, accents' forms, spacing and invisible
    characters aside); ``StudentNameError`` for a name that cannot be one. Names that look alike without having the
    same key ("Bob" and "Вob") are told apart by ``looks``.

    >>> clean_name("  Zoë   M. ")
    ('Zoë M.', 'zoë m.')
    """
    if not isinstance(text, str):
        raise StudentNameError(Text("a name is text"))
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise StudentNameError(Text("Type your name so the teacher knows who answered"))
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in name):
        raise StudentNameError(Text("a name is letters, digits, spaces and punctuation: it cannot hold control "
                                    "characters"))
    if len(name) > MAX_NAME:
        raise StudentNameError(Text("a name has at most {n} characters; this one has {k}", n=MAX_NAME, k=len(name)))
    key = "".join(c for c in unicodedata.normalize("NFKC", name).casefold() if unicodedata.category(c) != "Cf")
    if not key.strip():
        raise StudentNameError(Text("Type your name so the teacher knows who answered"))
    return name, " ".join(key.split())


def looks(name: str) -> frozenset[str]:
    """How a name (as ``clean_name`` shows it) looks: two names look alike when they share one of these. Its skeleton
    as typed (Unicode's confusables, ``atout.live.confusables``: "Ada1" and "Adal", "rn" and "m"), and in capitals,
    any case then (Cyrillic В is a B, its small в no b: "Bob", "Вob" and "BOB" look alike, as "AI" and "Al" do).

    >>> bool(looks("Bob") & looks("Вob")), bool(looks("bob") & looks("Вob")), bool(looks("Al") & looks("AI"))
    (True, True, True)
    >>> bool(looks("Bob") & looks("Rob")), bool(looks("Léa") & looks("Lea")), bool(looks("Eve") & looks("Eva"))
    (False, False, False)
    """
    visible = "".join(c for c in unicodedata.normalize("NFKC", name) if unicodedata.category(c) != "Cf")
    as_typed = " ".join(skeleton(visible).split())
    in_capitals = " ".join(skeleton(visible.upper()).casefold().split())
    return frozenset((as_typed, unicodedata.normalize("NFD", in_capitals)))


REMOVED = Text("The teacher has taken you out of this class, and your answers are deleted. To take part again, "
               "join with the class code and your name")


def _page_id(page: Any) -> str:
    if not isinstance(page, str) or len(page) > 64:
        raise MessageError(Text("page is the text the page names itself with, at most 64 characters"))
    return page


def seat_of(number: int, players: int) -> int:
    """The seat a student plays from at a table of ``players``: students take the seats in joining order (the
    first to join is Player 1), round the table again when there are more students than seats.

    >>> [seat_of(n, 4) for n in range(6)]
    [0, 1, 2, 3, 0, 1]
    """
    return number % players


def check_language(lang: Any) -> str:
    if lang not in LANGUAGES:
        raise MessageError(Text("the language is one of {languages}, not {lang}", languages=Series(LANGUAGES),
                                lang=repr(str(lang)[:10])))
    return str(lang)


_ZONE_NAME = re.compile(r"[A-Za-z0-9_+-]+(/[A-Za-z0-9_+-]+)*")


def time_zone(name: Any) -> tzinfo | None:
    """The time zone a browser names (``Intl``'s IANA name, such as ``America/Halifax``), or None for anything that
    is not one (the server's own zone is then used).

    >>> time_zone("Europe/Paris"), time_zone("../etc/passwd"), time_zone("Mars/Olympus")
    (zoneinfo.ZoneInfo(key='Europe/Paris'), None, None)
    """
    if not isinstance(name, str) or len(name) > 64 or not _ZONE_NAME.fullmatch(name):
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def format_time(timestamp: float, lang: str, zone: str | None = None) -> str:
    """A moment as its reader says it: the day, written out, and the time, in their language and their time zone
    (``zone``, as their browser names it; else the server's).

    >>> format_time(1796610360, "en", "America/Halifax"), format_time(1796610360, "fr", "Europe/Paris")
    ('Sunday, December 6, 2026, 10:26\u202fPM', 'lundi 7 décembre 2026, 03:26')
    """
    from babel.dates import format_date, get_datetime_format
    from babel.dates import format_time as clock_time

    moment = datetime.fromtimestamp(timestamp, time_zone(zone))
    day = format_date(moment, "full", locale=lang)
    clock = clock_time(moment, "short", locale=lang)
    # The language's own way of joining a day and a time, as Babel's format_datetime joins them.
    return str(get_datetime_format("full", locale=lang)).replace("'", "").replace("{1}", day).replace("{0}", clock)


def no_open_class(code: str) -> ClassCodeError:
    """What a code that names no class taking students gets: the same whether there never was one or it ended."""
    return ClassCodeError(Text("No class is open with the code {code}: check it on the teacher's screen, or ask your "
                               "teacher for the code of a new class", code=codes.display(code)))


class Classes:
    """The live classes of one store, with a clock (the tests move it)."""

    def __init__(self, store: Store | None = None, clock: Callable[[], float] = time.time,
                 teachers: TeacherRule | None = None) -> None:
        self.store = store if store is not None else open_store()
        self.clock = clock
        self.limits = Limits(self.store, clock)
        # What starting a class asks for: the administrator's rule (atout.live.teachers), nothing by default
        self.teachers = teachers if teachers is not None else TeacherRule.from_environ()

    def purge(self) -> int:
        """Delete every class past its retention; how many went."""
        return self.store.purge(self.clock())

    def start(self, passcode: str | None = None, visitor: Visitor | None = None, client: str | None = None) -> Teacher:
        """Start a class: a fresh code, and the teacher's object (whose token only the teacher's page holds).

        Where the administrator requires a teacher's credential (``self.teachers``), ``visitor`` (the page's, by
        default) must be one of the server's teachers, or ``passcode`` the server's passcode;
        ``TeacherCredentialError`` says why not. Wrong passcodes are limited per ``client`` (the page's)."""
        self.purge()
        if self.teachers.required:
            self._admit(passcode, Visitor.from_environ() if visitor is None else visitor,
                        page_client() if client is None else client)
        now = self.clock()
        for _attempt in range(20):
            try:
                row = self.store.add_class(codes.new_code(), secrets.token_urlsafe(24), now,
                                           now + OPEN_HOURS * 3600, now + RETENTION_HOURS * 3600)
                return Teacher(self, row)
            except Conflict:         # that code (or token) is taken: draw again
                continue
        raise RuntimeError("no free class code after 20 draws")

    def _admit(self, passcode: str | None, visitor: Visitor, client: str) -> None:
        refusal = self.teachers.refusal(visitor)
        if refusal is None:
            return
        if self.teachers.passcode_hash is None or not passcode:
            raise TeacherCredentialError(refusal)
        self.limits.check(WRONG_PASSCODES, client, lambda wait: Text(
            "Too many wrong teacher passcodes have come from your network: try again in {wait}", wait=wait))
        if not self.teachers.admits(visitor, passcode):
            self.limits.count((WRONG_PASSCODES, client))
            raise TeacherCredentialError(Text("This is not the teacher passcode of this server: check it (capital "
                                              "letters count), or ask whoever runs Atout at your school"))

    def teacher(self, token: Any) -> Teacher:
        """The teacher of the class whose teacher token this is (a teacher's page coming back)."""
        row = self._row("teacher_token", token) if isinstance(token, str) else None
        if row is None:
            raise SessionError(Text("This class is over and its answers are deleted: start a new class"))
        return Teacher(self, row)

    def claim(self, ticket: Any) -> Teacher:
        """The teacher's page on another device: the class whose handover ticket this is (``Teacher.handover``), the
        ticket used up. Refused when it is not one, was used already or is older than ``HANDOVER_MINUTES``."""
        row = (self.store.claim_handover(ticket, self.clock())
               if isinstance(ticket, str) and 0 < len(ticket) <= 64 else None)
        if row is None or self._row("id", row.id) is None:
            raise SessionError(Text("This link to a class has been used already, or is more than {minutes} minutes "
                                    "old: on the computer running the class, copy a new one",
                                    minutes=HANDOVER_MINUTES))
        return Teacher(self, row)

    def _row(self, column: str, value: Any) -> ClassRow | None:
        """The class, or None when there is none or its retention has run out (deleted now)."""
        row = self.store.class_by(column, value)
        if row is not None and self.clock() >= row.deleted:
            self.purge()
            return None
        return row

    def open_class(self, code: Any) -> ClassRow:
        """The class a code names, if it still takes students; ``ClassCodeError`` saying why not: one answer for a
        code that names no class and one that names a class that has ended, so that trying codes tells nobody which
        classes there were."""
        normal = codes.normalise(code)
        row = self._row("code", normal)
        if row is None or not self.takes_answers(row):
            raise no_open_class(normal)
        return row

    def takes_answers(self, row: ClassRow | tuple[float | None, float]) -> bool:
        ended, closes = (row.ended, row.closes) if isinstance(row, ClassRow) else row
        return ended is None and self.clock() < closes

    def _check_open(self, tx: Transaction, class_id: int) -> None:
        """Inside a write: the class still takes students and answers (the teacher may have just ended it)."""
        ended, closes, code = tx.one("SELECT ended, closes, code FROM live_classes WHERE id = ?", (class_id,))
        if not self.takes_answers((ended, closes)):
            raise ClassCodeError(Text("The class {code} has ended: ask your teacher for the code of a new one",
                                      code=codes.display(code)))

    def join(self, code: Any, name: Any, lang: Any = "en", client: str | None = None) -> Student:
        """A student joins: their object, whose token only their page holds. A wrong or ended code, or a name
        already taken (or one that looks like it: ``looks``), is refused with the reason; nothing is kept.

        Joins are limited (``atout.live.limits``): per ``client`` (the page's, ``page_client()`` by default), every
        join and the codes that name no open class; per class, every join. Beyond a limit the join is refused, saying
        when to try again, before the code is looked up."""
        self.purge()
        lang = check_language(lang)
        shown, key = clean_name(name)
        normal = codes.normalise(code)          # a code that cannot be one is said at once, and counts for nothing
        who = page_client() if client is None else client
        self.limits.check(JOINS_BY_CLIENT, who, lambda wait: Text(
            "Too many joins have come from your network in the last few minutes: try again in {wait}", wait=wait))
        self.limits.check(WRONG_CODES, who, lambda wait: Text(
            "Too many class codes that name no open class have come from your network: try again in {wait}, with "
            "the code on the teacher's screen", wait=wait))
        row = self._row("code", normal)
        if row is None or not self.takes_answers(row):
            self.limits.count((JOINS_BY_CLIENT, who), (WRONG_CODES, who))
            raise no_open_class(normal)
        self.limits.check(JOINS_OF_CLASS, f"class {row.id}", lambda wait: Text(
            "Many students are joining the class {code} at this moment: try again in {wait}",
            code=codes.display(normal), wait=wait))
        self.limits.count((JOINS_BY_CLIENT, who), (JOINS_OF_CLASS, f"class {row.id}"))
        appearance = looks(shown)

        def check(tx: Transaction) -> None:
            ended, closes = tx.one("SELECT ended, closes FROM live_classes WHERE id = ?", (row.id,))
            if not self.takes_answers((ended, closes)):
                raise no_open_class(normal)
            count = tx.one("SELECT count(*) FROM live_students WHERE class_id = ?", (row.id,))[0]
            if count >= MAX_STUDENTS:
                raise StudentNameError(Text("This class is full ({n} students)", n=MAX_STUDENTS))
            for other, other_key in tx.all("SELECT name, name_key FROM live_students WHERE class_id = ? AND "
                                           "removed IS NULL", (row.id,)):
                if other_key != key and looks(other) & appearance:
                    raise StudentNameError(Text("{name} looks like {other}, who is already in this class: add an "
                                                "initial or choose another name", name=shown, other=other))

        for _attempt in range(5):
            try:
                student = self.store.add_student(row.id, shown, key, secrets.token_urlsafe(24), lang, self.clock(),
                                                 check)
                return Student(self, student)
            except Conflict:
                if self.store.name_taken(row.id, key):
                    raise StudentNameError(Text("{name} is already in this class: add an initial or choose another "
                                                "name", name=shown)) from None
                continue             # another student took the same number at the same moment: again
        raise RuntimeError("could not add the student after 5 attempts")

    def student(self, token: Any) -> Student:
        """The student whose token this is (their page coming back after a reload)."""
        row = self.store.student_by_token(token) if isinstance(token, str) and len(token) <= 64 else None
        if row is None or self._row("id", row.class_id) is None:
            raise SessionError(Text("This page is no longer in a class: type the class code and your name again"))
        if row.removed is not None:
            raise SessionError(REMOVED)
        return Student(self, row)

    def is_here(self, row: StudentRow) -> bool:
        """Whether a student's page is open now: it said so less than ``AWAY_AFTER_S`` ago."""
        return row.removed is None and row.seen is not None and self.clock() - row.seen < AWAY_AFTER_S


class Teacher:
    """What the teacher's page does with its class."""

    def __init__(self, classes: Classes, row: ClassRow) -> None:
        self.classes = classes
        self.store = classes.store
        self.class_id = row.id
        self.token = row.teacher_token
        self.code = codes.display(row.code)
        self.created, self.closes, self.deleted = row.created, row.closes, row.deleted

    def row(self) -> ClassRow:
        row = self.classes._row("id", self.class_id)
        if row is None:
            raise SessionError(Text("This class is over and its answers are deleted: start a new class"))
        return row

    @property
    def ended(self) -> bool:
        return not self.classes.takes_answers(self.row())

    def _live(self) -> ClassRow:
        row = self.row()
        if not self.classes.takes_answers(row):
            raise SessionError(Text("This class has ended: start a new class to ask more questions"))
        return row

    def retention(self, zone: str | None = None) -> Text:
        """What the teacher is told about how long the class's answers are kept (the time in ``zone``, the teacher's
        browser's time zone)."""
        return Text("Answers are kept until {time} ({hours} hours after the class started), then everything about "
                    "this class is deleted", time=_Time(self.deleted, zone), hours=RETENTION_HOURS)

    def handover(self) -> str:
        """A one-use ticket that gives this class's teacher's page to another device (``Classes.claim``) within
        ``HANDOVER_MINUTES``; a new one replaces the last."""
        self.row()
        ticket = secrets.token_urlsafe(24)
        self.store.set_handover(self.class_id, ticket, self.classes.clock() + HANDOVER_MINUTES * 60)
        return ticket

    # --- students and follow me ----------------------------------------------------------------------------

    def roster(self) -> list[StudentRow]:
        """The students in the class (those the teacher removed are not), in joining order."""
        self.row()
        return [s for s in self.store.students(self.class_id) if s.removed is None]

    def presence(self) -> list[tuple[StudentRow, bool]]:
        """Each student of the roster and whether their page is open now (``Classes.is_here``)."""
        return [(s, self.classes.is_here(s)) for s in self.roster()]

    def remove(self, student_id: int) -> str:
        """Take a student out of the class: their answers and progress are deleted, their page is told, their name
        may join again. Their name, for the teacher's page to say."""
        self.row()
        student = next((s for s in self.store.students(self.class_id) if s.id == student_id and s.removed is None),
                       None)
        if student is None or not self.store.remove_student(self.class_id, student.id, self.classes.clock()):
            raise MessageError(Text("This student is no longer in the class"))
        return student.name

    def follow(self, code: str, actions: list[str], view: str = "seat", step: int | None = None) -> dict[str, Any]:
        """Follow me: every student's table shows this deal (a deal code), after these actions, at this step of the
        walk-through, from each student's own seat (``seat``) or every hand face up (``all``)."""
        self._live()
        if view not in VIEWS:
            raise MessageError(Text("the view is one of {views}, not {view}", views=Series(VIEWS), view=repr(view)))
        if step is not None and (not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= 10_000):
            raise MessageError(Text("a step is a whole number from 0"))
        hand = position(code, actions)          # checks the code and every action
        follow = {"code": code, "game": hand.config.game, "actions": list(actions), "view": view, "step": step}
        self.store.set_follow(self.class_id, follow)
        return follow

    def stop_following(self) -> None:
        self.row()
        self.store.set_follow(self.class_id, None)

    # --- questions -----------------------------------------------------------------------------------------

    def ask_lesson(self, lesson_id: str, index: int) -> QuestionRow:
        """Ask the class a lesson's quiz question (``index`` from 0)."""
        return self._ask({"source": "lesson", "lesson": lesson_id, "index": index})

    def ask_table(self, ask: str, code: str, actions: list[str]) -> QuestionRow:
        """Ask about the position on the table: ``winner``, ``legal`` or ``lead`` (the solver works it out now)."""
        self._live()
        return self._ask(table_spec(ask, code, actions))

    def ask_puzzle(self, puzzle_id: str) -> QuestionRow:
        """Ask the class one of the puzzles made by the solver (``atout.puzzles``: its proof comes with it)."""
        return self._ask({"source": "puzzle", "puzzle": puzzle_id})

    def _ask(self, spec: dict[str, Any]) -> QuestionRow:
        self._live()
        question = from_spec(spec)
        return self.store.add_question(self.class_id, spec, question.choices, question.answer, self.classes.clock(),
                                       lambda tx: self.classes._check_open(tx, self.class_id))

    def current(self) -> QuestionRow | None:
        """The latest question asked (open, closed or revealed), or None before the first; closed if its countdown
        is over."""
        self.row()
        self.store.close_due(self.class_id, self.classes.clock())
        return self.store.latest_question(self.class_id)

    def close_question(self) -> None:
        """Take no more answers to the open question (its answer is not shown yet)."""
        row = self.current()
        if row is not None:
            self.store.close_question(self.class_id, row.id, self.classes.clock(), reveal=False)

    def countdown(self, seconds: Any) -> float:
        """Close the open question ``seconds`` from now (a new countdown replaces the last); when it closes."""
        self._live()
        low, high = COUNTDOWN_S
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not low <= seconds <= high:
            raise MessageError(Text("a countdown lasts from {low} to {high} seconds", low=low, high=high))
        row = self.current()
        if row is None or not row.is_open:
            raise QuestionError(Text("No question is open: ask the class one first"))
        closes_at = self.classes.clock() + seconds
        self.store.set_countdown(self.class_id, row.id, closes_at)
        return closes_at

    def reveal(self) -> None:
        """Close the latest question and show its answer to everyone."""
        row = self.current()
        if row is None:
            raise QuestionError(Text("No question has been asked yet"))
        self.store.close_question(self.class_id, row.id, self.classes.clock(), reveal=True)

    def chart(self, row: QuestionRow | None = None) -> dict[str, Any]:
        """The class's answers to a question (the latest by default) as counts, no names: how many picked each
        choice, how many answered, of how many students (those here now, and those who answered and left)."""
        row = row or self.current()
        here = {s.id for s, present in self.presence() if present}
        if row is None:
            return {"number": None, "counts": {}, "answered": 0, "students": len(here)}
        counts = {choice: 0 for choice in row.choices}
        answered = 0
        for key, n in self.store.answer_counts(row.id).items():
            answered += n
            for choice in json.loads(key):
                counts[choice] = counts.get(choice, 0) + n
        # Of the students here now, and those who answered and have gone since: a page that left without answering
        # is not waited for.
        answering = {a.student_id for a in self.store.answers(self.class_id) if a.question_number == row.number}
        students = len(here | answering)
        return {"number": row.number, "counts": counts, "answered": answered, "students": students,
                "open": row.is_open, "revealed": row.revealed is not None, "closes_at": row.closes_at}

    def who_was_right(self, row: QuestionRow | None = None) -> dict[str, list[str]]:
        """For the teacher's own screen: the names of who got the question right and who did not."""
        row = row or self.current()
        names = {s.id: s.name for s in self.store.students(self.class_id)}
        out: dict[str, list[str]] = {"right": [], "wrong": []}
        if row is None:
            return out
        for answer in self.store.answers(self.class_id):
            if answer.question_number == row.number:
                out["right" if answer.correct else "wrong"].append(names[answer.student_id])
        return out

    # --- results, export, the end --------------------------------------------------------------------------

    def results(self) -> list[dict[str, Any]]:
        """Per student: their answers (question number → response, right or not) and the lessons they finished."""
        students = self.roster()
        answers: dict[int, dict[int, tuple[list[str], bool]]] = {s.id: {} for s in students}
        for a in self.store.answers(self.class_id):
            if a.student_id in answers:
                answers[a.student_id][a.question_number] = (a.response, a.correct)
        progress: dict[int, dict[str, tuple[int, int]]] = {s.id: {} for s in students}
        for student_id, lesson, right, total in self.store.progress(self.class_id):
            if student_id in progress:
                progress[student_id][lesson] = (right, total)
        return [{"name": s.name, "number": s.number, "lang": s.lang, "joined": s.joined, "answers": answers[s.id],
                 "lessons": progress[s.id]} for s in students]

    def export_frame(self, lang: str = "en", zone: str | None = None) -> pd.DataFrame:
        """The class's results as a pandas table, one row per student, headed in ``lang``, times in ``zone``: each
        question's own words over its answers, then each student's right answers, the questions asked and the
        share they got right."""
        import pandas as pd

        questions = self.store.questions(self.class_id)
        live = {q.number: from_spec(q.spec) for q in questions}
        lessons = lessons_by_id()
        rows = []
        with language(lang):
            name_h, lang_h, joined_h = Text("Name").render(), Text("Language").render(), Text("Joined").render()
            total_h, asked_h = Text("Right answers").render(), Text("Questions asked").render()
            share_h = Text("Right answers (%)").render()
            yes, no = Text("yes").render(), Text("no").render()
            headings = {q.number: (Text("Question {n}: {prompt}", n=q.number, prompt=live[q.number].prompt(lang))
                                   .render(), Text("Question {n}: right", n=q.number).render()) for q in questions}
            for student in self.results():
                row: dict[str, Any] = {name_h: spreadsheet_safe(student["name"]), lang_h: student["lang"],
                                       joined_h: format_time(student["joined"], lang, zone)}
                right = 0
                for q in questions:
                    response, correct = student["answers"].get(q.number, (None, None))
                    answer_h, right_h = headings[q.number]
                    # apart with " · ", as a choice may have a comma in it ("You, the dealer")
                    row[answer_h] = (" · ".join(live[q.number].label(c, lang) for c in response)
                                     if response is not None else "")
                    row[right_h] = "" if correct is None else (yes if correct else no)
                    right += bool(correct)
                row[total_h] = right
                row[asked_h] = len(questions)
                row[share_h] = round(100 * right / len(questions)) if questions else ""
                for lesson_id, (got, total) in student["lessons"].items():
                    title = lessons[lesson_id].title[lang] if lesson_id in lessons else lesson_id
                    row[Text("Lesson: {title}", title=title).render()] = f"{got}/{total}"
                rows.append(row)
        return pd.DataFrame(rows)

    def export_csv(self, lang: str = "en", zone: str | None = None) -> str:
        """The results as CSV text (UTF-8, comma-separated, one row per student)."""
        text: str = self.export_frame(lang, zone).to_csv(index=False)
        return text

    def end(self) -> None:
        """End the class: students can no longer join or answer; the results stay for the teacher until the
        retention runs out."""
        self.row()
        self.store.end_class(self.class_id, self.classes.clock())


def spreadsheet_safe(text: str) -> str:
    """A name as a CSV cell a spreadsheet will not run: a leading = + - @ (a formula) is kept as text.

    >>> spreadsheet_safe("=HYPERLINK(1)"), spreadsheet_safe("Ada")
    ("'=HYPERLINK(1)", 'Ada')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class _Time:
    """A time written in the language it is shown in, in the reader's time zone."""

    def __init__(self, timestamp: float, zone: str | None = None) -> None:
        self.timestamp = timestamp
        self.zone = zone

    def render(self, lang: str | None = None) -> str:
        from atout.i18n import get_language

        return format_time(self.timestamp, lang or get_language(), self.zone)


class Student:
    """What one student's page does in the class: answers for that student, reads that student's answers."""

    def __init__(self, classes: Classes, row: StudentRow) -> None:
        self.classes = classes
        self.store = classes.store
        self.id = row.id
        self.class_id = row.class_id
        self.token = row.token
        self.name = row.name
        self.number = row.number
        self.lang = row.lang

    def seat(self, players: int) -> int:
        """The seat this student plays from at a table of ``players`` (``seat_of``)."""
        return seat_of(self.number, players)

    def _row(self) -> ClassRow:
        """The class, while this student is in it (``SessionError`` saying why not)."""
        self._me()
        row = self.classes._row("id", self.class_id)
        if row is None:
            raise SessionError(Text("This page is no longer in a class: type the class code and your name again"))
        return row

    def _me(self) -> StudentRow:
        """This student as the store has them now; ``SessionError`` once the teacher removed them."""
        row = self.store.student_by_token(self.token)
        if row is None:
            raise SessionError(Text("This page is no longer in a class: type the class code and your name again"))
        if row.removed is not None:
            raise SessionError(REMOVED)
        return row

    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        self.store.set_language(self.id, self.class_id, self.lang)

    def here(self, page: str = "") -> None:
        """The student's page ``page`` (an id of its own) is open; it says so every ``HERE_EVERY_S``. The teacher's
        page is told when the student was away, and otherwise nobody is woken."""
        self._row()
        self.store.mark_seen(self.class_id, self.id, self.classes.clock(), _page_id(page),
                             announce=not self.classes.is_here(self._me()))

    def leave(self, page: str = "") -> None:
        """The student's page ``page`` is closing: away at once, not ``AWAY_AFTER_S`` later, unless another page of
        theirs said it is open since (the page that replaced a reloaded one)."""
        self._row()
        self.store.mark_left(self.class_id, self.id, _page_id(page))

    def view(self) -> dict[str, Any]:
        """What this student's page shows: the class's state, follow me, the latest question (open, closed or
        revealed; with the seconds its countdown has left) in the student's language with their own answer, and
        once revealed the right answer and why."""
        row = self._row()
        out: dict[str, Any] = {"version": row.shown, "code": codes.display(row.code), "name": self.name,
                               "ended": not self.classes.takes_answers(row), "follow": row.follow, "question": None}
        now = self.classes.clock()
        self.store.close_due(self.class_id, now)
        latest = self.store.latest_question(self.class_id)
        if latest is None:
            return out
        question = from_spec(latest.spec)
        mine = next((a for a in self.store.answers(self.class_id, self.id) if a.question_number == latest.number),
                    None)
        lang = self.lang
        shown: dict[str, Any] = {
            "number": latest.number, "open": latest.is_open, "revealed": latest.revealed is not None,
            "closes_in": (max(0.0, latest.closes_at - now) if latest.is_open and latest.closes_at is not None
                          else None),
            "prompt": question.prompt(lang), "choices": [[c, question.label(c, lang)] for c in latest.choices],
            "pick_all": question.pick_all, "cards": question.cards, "mine": mine.response if mine else None,
            # What the question is about, for the page to show (never the solver's values: they give the answer).
            "position": ({"code": latest.spec["code"], "actions": latest.spec["actions"], "ask": latest.spec["ask"]}
                         if latest.spec.get("source") == "table" else None),
            "lesson": ([latest.spec["lesson"], latest.spec["index"]] if latest.spec.get("source") == "lesson"
                       else None),
            "puzzle": latest.spec["puzzle"] if latest.spec.get("source") == "puzzle" else None,
        }
        if latest.revealed is not None:
            shown["answer"] = list(latest.answer)
            shown["explanation"] = question.explanation(lang)
            shown["rule"] = question.rule            # the rulebook's id (a lead's answer is the solver's: None)
            shown["right"] = mine.correct if mine else None
            shown["feedback"] = question.feedback(mine.response, lang) if mine else None
        out["question"] = shown
        return out

    def answer(self, number: Any, response: Any) -> None:
        """Answer question ``number``: marked by core now, shown to the student when the teacher reveals. A closed
        question, a second answer or a choice the question does not have is refused, and nothing is kept."""
        row = self._row()
        if not self.classes.takes_answers(row):
            raise AnswerError(Text("This class has ended: your answer was not recorded"))
        latest = self.store.latest_question(self.class_id)
        if latest is None or number != latest.number:
            raise AnswerError(Text("This question is closed: the teacher has moved on, and your answer was not "
                                   "recorded"))
        question: LiveQuestion = from_spec(latest.spec)
        picked = question.normalise(response)
        correct = question.is_right(picked)

        def check(tx: Transaction) -> None:
            self.classes._check_open(tx, self.class_id)
            if tx.one("SELECT removed FROM live_students WHERE id = ?", (self.id,))[0] is not None:
                raise SessionError(REMOVED)
            closed, closes_at = tx.one("SELECT closed, closes_at FROM live_questions WHERE id = ?", (latest.id,))
            if closes_at is not None and (closed == closes_at or closed is None and self.classes.clock() >= closes_at):
                raise AnswerError(Text("Time is up: answers to this question are closed, and yours was not "
                                       "recorded"))
            if closed is not None:
                raise AnswerError(Text("This question is closed: the teacher has moved on, and your answer was not "
                                       "recorded"))

        try:
            self.store.add_answer(self.class_id, latest.id, self.id, picked, correct, self.classes.clock(), check)
        except Conflict:
            raise AnswerError(Text("You have already answered this question: your first answer stands")) from None

    def my_answers(self) -> dict[int, list[str]]:
        """This student's own answers, by question number (never anyone else's)."""
        self._row()
        return {a.question_number: a.response for a in self.store.answers(self.class_id, self.id)}

    def record_progress(self, lesson_id: Any, right: Any, total: Any) -> None:
        """A lesson this student finished, with the quiz score, for the teacher's results."""
        self._row()
        if lesson_id not in lessons_by_id():
            raise MessageError(Text("there is no lesson {lesson}", lesson=repr(str(lesson_id)[:60])))
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (right, total)) or \
                not 0 <= right <= total <= 1000:
            raise MessageError(Text("a lesson's score is two whole numbers: right answers, then questions"))
        self.store.record_progress(self.class_id, self.id, lesson_id, right, total, self.classes.clock())
