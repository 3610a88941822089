"""Live classes on the pages: the teacher's panel on the classroom page, the students' on the course and classroom
pages. The class itself (who may do what, the marking, the store) is ``atout.live``; these widgets show it.

* ``LiveClass`` is the strip a page shows: "Start a class" (the classroom page only) and "Join a class" (a class
  code and a name; a link carrying the code, ``course.ipynb?class=K7M-4QX``, fills it in). Starting puts a
  ``TeacherPanel`` beside the classroom's table (``LiveClass.side``); joining puts a ``StudentPanel`` in the strip.
* The teacher's panel shows the code large with its link, who joined, Follow me, Ask the class (a lesson's
  question or one about the table), the answers as a chart of counts, Reveal (the answer with its rule; who got it
  right, on this screen only when asked), the results as a CSV download, the end of the class, and how long the
  answers are kept.
* A student's panel speaks the page protocol (``atout.live.protocol``), as ``atout bench class`` does: it follows
  the teacher's deal and step from the student's own seat or every hand (``Follower``), lets the student step away
  and come back, and shows the question asked (``QuestionPanel``), in the student's own page language.

How a page learns of a change: a watcher thread (``atout.live.watch``) waits on the store's change counter and
hands an update to the kernel's own event loop (``Updates``), the thread that runs the page's clicks, so a widget is
never changed from two threads at once and the kernel never waits on the store. However many changes arrive while
an update waits, the page draws once.

When the class's store fails, the page shell's banner says why (``atout.widgets.fault.listen_to_store``); the panels
keep what they show, say it where a click was refused, and when the store works again (``store_said(None)``) draw
the class afresh and take back a refusal that no longer holds.
"""

from __future__ import annotations

import atexit
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from functools import partial
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin

import anywidget
import ipywidgets as widgets
import traitlets

from atout.cards import Card, Suit
from atout.i18n import N_, Person, Text, _, get_language, ngettext, sentence, series
from atout.svg import card_svg
from atout.widgets import fault, language
from atout.widgets.fault import guarded
from atout.widgets.page_input import FromPage
from atout.widgets.said import rule_mark, rule_quote
from atout.widgets.seats import player_label

HERE = Path(__file__).parent
STYLE = HERE / "live.css"
COURSE_PAGE = "course.ipynb"       # where the class link sends students (beside the classroom page)
log = logging.getLogger(__name__)

VIEW_NAMES = {"seat": N_("Each from their own seat"), "all": N_("Every hand face up")}
COUNTDOWNS = (30, 60, 120)         # the countdowns the teacher's panel offers, one click each (seconds)
TABLE_ASKS = {"winner": N_("Which card wins the trick on the table"),
              "legal": N_("Which cards the player to act may play"),
              "lead": N_("What the player on lead should lead (worked out by the solver)")}

_CLASSES: Any = None


def live_classes() -> Any:
    """This kernel's classes, in the store the deployment uses (``atout.live.store.open_store``), opened on first use
    so that a page nobody starts or joins a class on never touches it."""
    global _CLASSES
    if _CLASSES is None:
        from atout.live.classes import Classes

        _CLASSES = Classes()
    return _CLASSES


# --- changes from the store, drawn on the kernel's own thread ---------------------------------------------------

def kernel_caller() -> Callable[[Callable[[], None]], None]:
    """How another thread hands work to the page: the kernel's event loop (``add_callback`` is safe from any
    thread; the work runs between two of the page's messages, never during a click). Outside a kernel (a script, a
    test), the work runs at once, one piece at a time."""
    try:
        from IPython import get_ipython

        loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    except ImportError:        # IPython is a dependency of ipywidgets; a guard for a bare interpreter
        loop = None
    if loop is not None:
        return loop.add_callback
    lock = threading.Lock()

    def at_once(work: Callable[[], None]) -> None:
        with lock:
            work()

    return at_once


class Updates:
    """A page's updates from its watcher, coalesced: ``changed`` (from the watcher's thread) asks for one ``draw``
    on the page's thread; more changes before it runs do not ask again. ``at`` asks for one at a later time (a
    countdown's end, a student's page going quiet: moments the store's counter does not mark)."""

    def __init__(self, draw: Callable[[], None], call: Callable[[Callable[[], None]], None] | None = None) -> None:
        self.draw = draw
        self.call = call or kernel_caller()
        self._lock = threading.Lock()
        self._due = False
        self._timer: threading.Timer | None = None
        self._timer_due = 0.0
        self.draws = 0

    def at(self, delay: float) -> None:
        """Draw again ``delay`` seconds from now; of several times asked, the earliest."""
        due = time.monotonic() + max(0.0, delay)
        with self._lock:
            if self._timer is not None:
                if self._timer_due <= due:
                    return
                self._timer.cancel()
            timer = self._timer = threading.Timer(max(0.0, delay), self._timed)
            timer.daemon = True
            self._timer_due = due
        timer.start()

    def _timed(self) -> None:
        with self._lock:
            self._timer = None
        self.changed()

    def cancel(self) -> None:
        """No drawing at a later time (the page's class is over for it)."""
        with self._lock:
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()

    def changed(self, _version: int | None = None) -> None:
        with self._lock:
            if self._due:
                return
            self._due = True
        self.call(self._run)

    def _run(self) -> None:
        with self._lock:
            self._due = False
        self.draws += 1
        try:
            self.draw()
        except Exception:          # a drawing that fails must not stop the next one
            log.exception("drawing a live class's change")


def _watch(class_id: int, updates: Updates, shown: bool) -> Any:
    from atout.live.watch import Watch

    return Watch(live_classes().store, class_id, updates.changed, shown=shown).start()


def trick_withheld(ask: str | None, revealed: bool) -> bool:
    """Whether the tables of a class keep quiet about who won the trick and who is next: while "which card wins?"
    waits for its reveal (the winner leads next, so the turn would give the answer away)."""
    return ask == "winner" and not revealed


# --- the address ------------------------------------------------------------------------------------------------

def class_link(code: str, page_address: str | None = None) -> str:
    """The address students open to join the class ``code``: the course page beside this one, with the code. In Voilà
    it is absolute (as the teacher's browser reached this page, ``VOILA_REQUEST_URL``), so it can be read out."""
    relative = f"{COURSE_PAGE}?{urlencode({'class': code})}"
    base = page_address if page_address is not None else os.environ.get("VOILA_REQUEST_URL", "")
    return urljoin(base, relative) if base else relative


# --- pieces the panels draw -------------------------------------------------------------------------------------

def _p(text: Text | str, css: str = "", testid: str = "") -> str:
    attrs = (f" class='{css}'" if css else "") + (f" data-testid='{testid}'" if testid else "")
    return f"<p{attrs}>{escape(text.render() if isinstance(text, Text) else text)}</p>"


def _choice_text(label: str, code: str, cards: bool) -> str:
    """A choice as the chart and the answers write it; a red card's label in red."""
    if cards:
        try:
            red = Card.parse(code).is_red       # the joker: no suit, not red
        except ValueError:
            red = False
        return f"<span class='atout-live-card{' atout-red' if red else ''}'>{escape(label)}</span>"
    return escape(label)


def _cards_row(cards: list[Card]) -> str:
    return "<div class='atout-row'>" + "".join(card_svg(card, size="small") for card in cards) + "</div>"


def _trump_line(trump: Any) -> str:
    if isinstance(trump, Suit):
        return _p(Text("Trumps: {suit}", suit=trump), "atout-trump")
    if trump is None:
        return ""
    return _p(Text("No trumps"), "atout-trump")


def table_situation(ask: str, code: str, actions: list[str]) -> str:
    """What a question about the table shows a student, whatever their own view of the deal: the trick (which card
    wins), the trick so far and the hand of the player to act (which cards may be played), every hand (what to
    lead: the solver's answer is for every hand in view). Never the answer."""
    from atout.live.questions import position

    hand = position(code, actions)
    view = hand.table_view(None)
    parts = ["<div class='atout-quiz-situation'>", _trump_line(view.trump)]
    if ask == "winner":
        parts.append(_p(Text("The trick:")))
        parts.append("<div class='atout-row'>" + "".join(
            f"<figure class='atout-live-play'>{card_svg(card, size='small')}<figcaption>"
            f"{escape(player_label(seat).render())}</figcaption></figure>" for seat, card in view.last_trick or [])
            + "</div>")
    elif ask == "legal":
        seat = view.to_act
        if view.trick:
            parts.append(_p(Text("Cards played to the trick:")))
            parts.append(_cards_row([card for _seat, card in view.trick]))
        else:
            parts.append(_p(Text("{player} is leading.", player=player_label(seat))))
        parts.append(_p(Text("Your hand (you are {seat}):", seat=player_label(seat))))
        parts.append(_cards_row(list(view.hands[seat])))
    else:
        parts.append(_p(Text("{player} is on lead.", player=player_label(view.to_act))))
        for seat, held in enumerate(view.hands):
            parts.append(_p(Text("Hand: {player}", player=player_label(seat))))
            parts.append(_cards_row(list(held)))
    parts.append("</div>")
    return "".join(parts)


def puzzle_situation(puzzle_id: str) -> str:
    """What a puzzle shows the class: every hand face up (the puzzle is solved with every hand in view), the trump,
    the trick so far and who is to play. Never the answer."""
    from atout.live.questions import puzzles_by_id

    puzzle = puzzles_by_id()[puzzle_id]
    view = puzzle.hand().table_view(None)
    parts = ["<div class='atout-quiz-situation' data-testid='puzzle-situation'>", _trump_line(view.trump)]
    if view.trick:
        parts.append(_p(Text("Cards played to the trick:")))
        parts.append(_cards_row([card for _seat, card in view.trick]))
    parts.append(_p(Text("{seat} is to play.", seat=Person(puzzle.seat))))
    for seat, held in enumerate(view.hands):
        parts.append(_p(Text("Hand: {player}", player=player_label(seat))))
        parts.append(_cards_row(list(held)))
    parts.append("</div>")
    return "".join(parts)


def question_situation(question: dict[str, Any]) -> str:
    """The cards a question is about, from what the student's view says it is (a lesson's question, or the table)."""
    from atout.live.questions import from_spec
    from atout.widgets.quiz import _situation

    if question.get("lesson"):
        lesson_id, index = question["lesson"]
        asked = from_spec({"source": "lesson", "lesson": lesson_id, "index": index}).question
        assert asked is not None, "a lesson's question is a question"
        return _situation(asked)
    place = question.get("position")
    if place:
        return table_situation(place["ask"], place["code"], place["actions"])
    if question.get("puzzle"):
        return puzzle_situation(question["puzzle"])
    return ""


MANY_CHOICES = 6     # more choices than this: rows of the panel's own size (live.css)
LONG_LABEL = 16      # characters: "60 for 120" and "Pass" are short; "10 to Player 1, −25 to Player 2, …" is long


def chart_html(title: str, chart: dict[str, Any], labels: dict[str, str], cards: bool,
               right: list[str] | None = None, pick_all: bool = False, state: str = "open") -> str:
    """The class's answers as bars of counts, no names; ``right``: the right choices, once revealed; ``pick_all``:
    the question takes every right choice; ``state``: "open", "closed" (no more answers, not revealed yet) or
    "revealed"."""
    students = max(chart["students"], 1)
    rows = []
    for choice, count in chart["counts"].items():
        is_right = right is not None and choice in right
        mark = "<span class='atout-bar-mark' aria-hidden='true'>✓</span>" if is_right else ""
        rows.append(
            f"<li class='atout-bar{' atout-bar-right' if is_right else ''}' data-choice='{escape(choice)}' "
            f"data-count='{count}'><span class='atout-bar-label'>{mark}{_choice_text(labels[choice], choice, cards)}"
            f"</span><span class='atout-bar-track'><span class='atout-bar-fill' "
            f"style='width:{100 * count / students:.1f}%'></span></span>"
            f"<span class='atout-bar-count'>{count}</span></li>")
    answered = ngettext("Answered: {answered} of {n} student", "Answered: {answered} of {n} students",
                        chart["students"], answered=chart["answered"])
    how = (f"<p class='atout-quiz-how' data-testid='live-pick-all'>{escape(Text('Choose all that apply.').render())}"
           f"</p>" if pick_all else "")
    closed = (f"<p class='atout-live-closed' data-testid='live-closed'>"
              f"{escape(Text('Answers are closed.').render())}</p>" if state == "closed" else "")
    # Labels longer than a call or a card (a score's working) each get a line above their bar (live.css).
    stacked = " atout-bars-stacked" if any(len(labels[c]) > LONG_LABEL for c in chart["counts"]) else ""
    # Many short choices (an auction's calls) in rows of the panel's own size, so that they and Reveal fit under a
    # long question (a French one of five lines hid the last two calls under Reveal).
    many = " atout-bars-many" if len(chart["counts"]) > MANY_CHOICES and not stacked else ""
    return (f"<div class='atout-live-chart' data-testid='live-chart' data-answered='{chart['answered']}' "
            f"data-students='{chart['students']}' data-state='{state}'>"
            f"<h3 class='atout-live-question'>{escape(title)}</h3>{how}"
            f"<p class='atout-live-count' data-testid='live-answered' aria-live='polite'>"
            f"{escape(answered)}</p>{closed}<ul class='atout-bars{stacked}{many}'>{''.join(rows)}</ul></div>")


class ClassKeys(FromPage, anywidget.AnyWidget):
    """What a live class keeps in the page's browser (``live_keys.js``). ``role`` "keys": hidden, it hands the kernel
    the teacher's key and the student tokens the browser kept, its time zone and a teacher's link's ticket as the
    page opens (``{"type": "open", …}``), keeps what it is told to, and says the student's page is here every
    ``here_every_s`` seconds (0: it does not) and when it goes. ``role`` "copy": the teacher's button that copies a
    link for another computer (``{"type": "handover"}`` asks for its ticket). What the page sends goes to ``heard``."""

    _esm = HERE / "live_keys.js"
    role = traitlets.Unicode("keys").tag(sync=True)
    here_every_s = traitlets.Float(0.0).tag(sync=True)
    words = traitlets.Dict({}).tag(sync=True)

    def __init__(self, heard: Callable[[dict[str, Any]], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.heard = heard
        self.on_msg(guarded(self._on_message))

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("type"), str):
            self.heard(content)

    def keep_teacher(self, code: str, token: str) -> None:
        self.send({"type": "keep-teacher", "code": code, "token": token})

    def forget_teacher(self) -> None:
        self.send({"type": "forget-teacher"})

    def keep_student(self, code: str, token: str) -> None:
        self.send({"type": "keep-student", "code": code, "token": token})

    def forget_student(self, code: str) -> None:
        self.send({"type": "forget-student", "code": code})


class Countdown(FromPage, anywidget.AnyWidget):
    """A question's countdown, ticking on the page (``countdown.js``): ``show(seconds)`` left, or None for none."""

    _esm = HERE / "countdown.js"
    seconds = traitlets.Float(-1.0).tag(sync=True)
    stamp = traitlets.Int(0).tag(sync=True)
    words = traitlets.Dict({}).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._deadline: float | None = None
        language.register(self)
        self.refresh()

    def show(self, seconds: float | None) -> None:
        """Count down from ``seconds``; the page is told again only when the end moved (a redraw for another
        reason leaves its ticking alone)."""
        if seconds is None:
            self._deadline = None
            self.seconds = -1.0
            return
        deadline = time.monotonic() + seconds
        if self._deadline is not None and abs(deadline - self._deadline) < 0.5:
            return
        self._deadline = deadline
        self.seconds = float(seconds)
        self.stamp += 1

    def refresh(self) -> None:
        self.words = {"left": Text("Answers close in {time}").render(), "over": Text("Time is up").render()}


class CsvDownload(FromPage, anywidget.AnyWidget):
    """A button that downloads a file the kernel writes when it is pressed (the class's results as CSV): the page
    asks, the kernel answers with the text, the browser saves it."""

    _esm = HERE / "live.js"
    label = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, make: Callable[[], tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.make = make
        self.on_msg(guarded(self._on_message))

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "export" and not self.disabled:
            filename, text = self.make()
            self.send({"type": "file", "filename": filename, "text": text})


# --- the strip every page with a class shows --------------------------------------------------------------------

class LiveClass(widgets.VBox):
    """Start a class (``host``: the classroom, whose table the class follows) or join one.

    ``side`` is where the teacher's panel goes (the classroom puts it beside its table); ``bar`` holds the buttons
    (the classroom puts them in its own bar, so the table keeps its height; elsewhere they are in the strip). A
    student's panel takes the strip. ``host`` gets the class ``atout-live-following`` while its student follows the
    teacher, so the page can give the teacher's deal the room.

    As the page opens, its browser hands over what it kept (``ClassKeys``): on the classroom, a teacher's key (or a
    teacher's link's ticket) brings back the teacher's panel of a class that is still kept; elsewhere, or without
    one, a student token brings back the student's panel of a class still running, as the same student. A key the
    store does not know is forgotten.
    """

    def __init__(self, host: Any = None, code: str | None = None, classes: Any = None,
                 call: Callable[[Callable[[], None]], None] | None = None) -> None:
        super().__init__()
        self.add_class("atout-live")
        self.host = host
        self._classes = classes
        self.call = call
        self.side = widgets.VBox()
        self.side.add_class("atout-live-side")
        self.side.layout.display = "none"
        self.teacher_panel: TeacherPanel | None = None
        self.student_panel: StudentPanel | None = None
        self.style = widgets.HTML(f"<style>{STYLE.read_text(encoding='utf-8')}</style>")
        self.style.layout.display = "none"
        self.browser = ClassKeys(self._heard)
        self.zone: str | None = None           # the browser's time zone, once its page said it
        self._opened = False
        self._reopen: dict[str, Any] | None = None     # what the browser kept, while the store fails to bring it back
        self._asked_code: str | None = None    # the class code the page's address carries
        self.notice = widgets.HTML()
        self.teachers_only = widgets.HTML()     # why "Start a class" is not offered to this visitor, if it is not
        self._not_a_teacher: Text | None = None
        self.intro = widgets.HTML()
        self.start_button = widgets.Button(icon="users")
        self.start_button.add_class("atout-live-start")
        self.start_button.on_click(guarded(lambda _b: self.ask_to_start()))
        # Where the server asks teachers for a passcode (atout.live.teachers): asked here, the reason said beside it.
        self.passcode_input = widgets.Password()      # each key reaches the kernel before the click that follows
        self.passcode_input.add_class("atout-live-passcode")
        self.passcode_button = widgets.Button(button_style="primary", icon="users")
        self.passcode_button.add_class("atout-live-passcode-start")
        self.passcode_button.on_click(guarded(lambda _b: self.start(self.passcode_input.value)))
        self.passcode_message = widgets.HTML()
        self.passcode_form = widgets.HBox([self.passcode_input, self.passcode_button, self.passcode_message])
        self.passcode_form.add_class("atout-live-passcode-form")
        self.passcode_form.layout.display = "none"
        self._passcode: str | None = None      # the passcode this page's teacher gave, for their next class
        self.open_button = widgets.Button(icon="sign-in")
        self.open_button.add_class("atout-live-open")
        self.open_button.on_click(guarded(lambda _b: self._show_form(True)))
        self.code_input = widgets.Text(continuous_update=False)
        self.code_input.add_class("atout-live-code")
        self.name_input = widgets.Text(continuous_update=False)
        self.name_input.add_class("atout-live-name")
        self.join_button = widgets.Button(button_style="primary")
        self.join_button.add_class("atout-live-join")
        self.join_button.on_click(guarded(lambda _b: self.join()))
        self.form_message = widgets.HTML()
        self.form = widgets.HBox([self.code_input, self.name_input, self.join_button, self.form_message])
        self.form.add_class("atout-live-form")
        self.bar = widgets.HBox([self.intro, self.start_button, self.open_button])
        self.bar.add_class("atout-live-bar")
        if host is None:
            self.start_button.layout.display = "none"
        else:
            self.intro.layout.display = "none"       # the buttons' tooltips say it in the host's bar
        self._strip = ([self.style, self.browser, self.notice, self.teachers_only, self.passcode_form, self.form]
                       if host is not None else [self.style, self.browser, self.notice, self.bar, self.form])
        self.children = self._strip
        self._show_form(False)
        self._store_refused = False     # the form's refusal was the store's (it goes when the store works again)
        language.register(self)
        fault.listen_to_store(self)
        self.offer_start()
        self.refresh()
        if code:
            self.prefill(code)

    @property
    def classes(self) -> Any:
        return self._classes if self._classes is not None else live_classes()

    def _show_form(self, shown: bool) -> None:
        self.form.layout.display = "" if shown else "none"
        self.open_button.layout.display = "none" if shown else ""

    def prefill(self, code: str) -> None:
        """The code a link carried: the form opens with it, waiting for the student's name (a code that cannot be
        one is said at once)."""
        from atout.live import codes
        from atout.live.errors import ClassCodeError

        self._show_form(True)
        self.code_input.value = code
        try:
            self._asked_code = codes.display(codes.normalise(code))
            self.form_message.value = _p(Text("Type your name, then Join."), "atout-live-hint")
        except ClassCodeError as exc:
            self._refused(str(exc), "code")

    def _refused(self, message: str, field: str) -> None:
        self._store_refused = field == "store"
        self.form_message.value = (f"<p class='atout-error' role='alert' data-testid='live-join-error' "
                                   f"data-field='{escape(field)}'>{escape(message)}</p>")

    def store_said(self, failure: Any) -> None:
        """The store works again (None): a refusal beside the form goes; a page that opened meanwhile goes back to
        the class its browser kept."""
        if failure is not None:
            return
        if self._store_refused:
            self._store_refused = False
            self.form_message.value = ""
        if self._reopen is not None:
            kept, self._reopen = self._reopen, None
            self._opened = False
            self.opened(kept)

    def offer_start(self) -> None:
        """Whether the classroom offers "Start a class" to this page's visitor: not where the server's teachers are
        those JupyterHub names (``atout.live.teachers``) and the visitor is not one, with no passcode to type instead;
        the reason is said in its place. Asked again once a preheated page learns its visitor
        (``atout.widgets.page.classroom_page``). A click that still comes is refused by ``start``."""
        from atout.live.teachers import TeacherRule, Visitor

        if self.host is None:
            return                       # only the classroom starts classes
        # The rule as the page's classes will apply it; read from the environment without opening the store, which a
        # page nobody starts or joins a class on never touches (live_classes).
        classes = self._classes if self._classes is not None else _CLASSES
        rule = classes.teachers if classes is not None else TeacherRule.from_environ()
        self._not_a_teacher = None if rule.passcode_hash is not None else rule.refusal(Visitor.from_environ())
        self.start_button.layout.display = "none" if self._not_a_teacher is not None else ""
        self._say_not_a_teacher()

    def _say_not_a_teacher(self) -> None:
        # Not while this page teaches a class it was handed (a teacher's link on a computer the hub does not know).
        said = self._not_a_teacher if self.host is not None and self.teacher_panel is None else None
        self.teachers_only.value = "" if said is None else _p(said, "atout-live-hint", "live-teachers-only")
        self.teachers_only.layout.display = "none" if said is None else ""

    def ask_to_start(self) -> TeacherPanel | None:
        """"Start a class": the class at once, or first the passcode, where the server asks this page's teacher for
        one (the form says why it is asked)."""
        from atout.live.teachers import Visitor

        rule = self.classes.teachers
        visitor = Visitor.from_environ()
        asked = rule.refusal(visitor) if rule.asks_passcode(visitor) else None
        if asked is not None and self._passcode is None:
            self._ask_passcode(asked.render(), refused=False)
            return None
        return self.start(self._passcode)

    def start(self, passcode: str | None = None) -> TeacherPanel | None:
        """Start a class: the teacher's panel, beside the host's table; the browser keeps the teacher's key. Where the
        server asks for a teacher's credential and this one does not do, the reason is said and nothing starts."""
        from atout.live.limits import TooManyAttempts
        from atout.live.teachers import TeacherCredentialError

        try:
            teacher = self.classes.start(passcode or None)
        except (TeacherCredentialError, TooManyAttempts) as exc:
            if self.classes.teachers.passcode_hash is not None:
                self._ask_passcode(str(exc), refused=bool(passcode))
            else:
                self.notice.value = _p(str(exc), "atout-error", "live-start-refused")
            return None
        self._passcode = passcode or None
        self.passcode_input.value = ""
        self.passcode_message.value = ""
        self.passcode_form.layout.display = "none"
        self.browser.keep_teacher(teacher.code, teacher.token)
        return self._teach(teacher)

    def _ask_passcode(self, message: str, refused: bool) -> None:
        self._passcode = None
        self.passcode_input.value = ""
        self.passcode_form.layout.display = ""
        self.passcode_message.value = (
            f"<p class='atout-error' role='alert' data-testid='live-passcode-refused'>{escape(message)}</p>" if refused
            else _p(message, "atout-live-hint", "live-passcode-asked"))

    def _teach(self, teacher: Any, resumed: bool = False) -> TeacherPanel:
        self.teacher_panel = TeacherPanel(self, teacher, resumed=resumed)
        self.side.children = [self.teacher_panel]
        self.side.layout.display = ""
        self.bar.layout.display = "none"
        self._show_form(False)
        self.open_button.layout.display = "none"
        self.notice.value = ""
        self._say_not_a_teacher()
        if self.host is not None:
            self.host.add_class("atout-live-teaching")
        return self.teacher_panel

    def stop_teaching(self) -> None:
        """Put the panel of an ended class away: the page as it was before the class, the browser's key forgotten."""
        panel, self.teacher_panel = self.teacher_panel, None
        if panel is not None:
            panel.stop()
            language.close_tree(panel)
        self.browser.forget_teacher()
        self.side.children = []
        self.side.layout.display = "none"
        self.bar.layout.display = ""
        self.open_button.layout.display = ""
        self._say_not_a_teacher()
        if self.host is not None:
            self.host.remove_class("atout-live-teaching")

    # --- what the browser kept, as the page opens ----------------------------------------------------------

    def _heard(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "open":
            self.opened(message)
        elif kind == "here" and self.student_panel is not None:
            self.student_panel.here()
        elif kind == "leave" and self.student_panel is not None:
            self.student_panel.leave()

    def opened(self, message: dict[str, Any]) -> None:
        """The page's browser says what it kept (once, as the page opens): back to the class it was in."""
        from atout.live.classes import time_zone
        from atout.live.errors import StoreError

        if self._opened:
            return
        self._opened = True
        zone = message.get("zone")
        self.zone = zone if time_zone(zone) is not None else None
        if self.teacher_panel is not None:
            self.teacher_panel.draw()
        try:
            if self.host is not None and self.teacher_panel is None and self._resume_teacher(message):
                return
            if self.student_panel is None and self.teacher_panel is None and not self._resume_student(
                    message.get("students")):
                self._reopen = message
        except StoreError:          # the banner says why; the page goes back to its class once the store works
            self._reopen = message

    def _resume_teacher(self, message: dict[str, Any]) -> bool:
        from atout.live.errors import SessionError

        ticket, token = message.get("ticket"), message.get("teacher")
        teacher = None
        if ticket is not None:
            try:
                teacher = self.classes.claim(ticket)
                self.browser.keep_teacher(teacher.code, teacher.token)
            except SessionError as exc:
                self.notice.value = _p(str(exc), "atout-error", "live-claim-error")
        if teacher is None and isinstance(token, str):
            try:
                teacher = self.classes.teacher(token)
            except SessionError:
                self.browser.forget_teacher()        # its class is over and deleted
        if teacher is None:
            return False
        self._teach(teacher, resumed=True)
        return True

    def _resume_student(self, kept: Any) -> bool:
        """Back to the class of a token the browser kept; False when the store failed (the tokens are kept)."""
        from atout.live.protocol import handle

        if not isinstance(kept, list):
            return True
        for entry in kept[:4]:
            if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(e, str) for e in entry)):
                continue
            code, token = entry
            if self._asked_code is not None and code != self._asked_code:
                continue                          # the address names another class: its form waits
            reply = handle(self.classes, {"op": "resume", "token": token})
            if reply.get("field") == "store":
                return False
            if "error" in reply or reply["view"]["ended"]:
                self.browser.forget_student(code)
                continue
            self._show_student(reply)
            return True
        return True

    def join(self, code: str | None = None, name: str | None = None) -> StudentPanel | None:
        """Join with the form's code and name (or these); a refusal is said beside the form, nothing changes."""
        from atout.live.protocol import handle

        code = self.code_input.value if code is None else code
        name = self.name_input.value if name is None else name
        reply = handle(self.classes, {"op": "join", "code": code, "name": name, "lang": get_language()})
        if reply.get("field") == "store":
            self._refused(Text("You could not join: the class database is not working (the message at the top of "
                               "the page says why). Join again once that message has gone.").render(), "store")
            return None
        if "error" in reply:
            self._refused(reply["error"], reply.get("field", ""))
            return None
        self.browser.keep_student(reply["view"]["code"], reply["token"])
        return self._show_student(reply)

    def _show_student(self, joined: dict[str, Any]) -> StudentPanel:
        self.form_message.value = self.notice.value = ""
        self.student_panel = StudentPanel(self, joined)
        self.bar.layout.display = "none"
        self.children = [self.style, self.browser, self.student_panel]
        return self.student_panel

    def left(self) -> None:
        """The student's class is over and they want another: the form again."""
        if self.student_panel is not None:
            self.browser.forget_student(self.student_panel.code)
            self.student_panel.stop()
            language.close_tree(self.student_panel)
            self.student_panel = None
        self.following(False)
        self.bar.layout.display = ""
        self.children = self._strip
        self.code_input.value = ""
        self._show_form(True)

    def following(self, on: bool) -> None:
        if self.host is None:
            return
        if on:
            self.host.add_class("atout-live-following")
        else:
            self.host.remove_class("atout-live-following")

    def lesson_done(self, lesson_id: str, right: int, total: int) -> None:
        """A lesson the student finished, for the teacher's results (nothing when not in a class)."""
        if self.student_panel is not None:
            self.student_panel.lesson_done(lesson_id, right, total)

    def refresh(self) -> None:
        teaching = self.host is not None
        self.intro.value = _p(Text("Live class: your students join from their own laptops and answer there.")
                              if teaching else Text("In a class? Join it with the code on the teacher's screen."),
                              "atout-live-intro")
        self.start_button.description = Text("Start a class").render()
        self._say_not_a_teacher()
        self.passcode_input.description = Text("Teacher passcode").render()
        self.passcode_input.style.description_width = "initial"
        self.passcode_button.description = Text("Start the class").render()
        self.start_button.tooltip = Text("Live class: your students join from their own laptops and answer "
                                         "there.").render()
        self.open_button.description = Text("Join a class").render()
        self.code_input.description = Text("Class code").render()
        self.code_input.placeholder = "K7M-4QX"
        self.name_input.description = Text("Your name").render()
        self.name_input.placeholder = Text("as the teacher knows you").render()
        self.join_button.description = Text("Join").render()
        for field in (self.code_input, self.name_input):
            field.style.description_width = "initial"


# --- the teacher ------------------------------------------------------------------------------------------------

class TeacherPanel(widgets.VBox):
    """The teacher's class beside the table (see the module's docstring). ``resumed``: a page coming back to its
    class (reloaded, or on another device): the panel shows the class as the store has it, and follow me, if on,
    brings the table back to the deal and step the students follow."""

    _relabelling: bool      # the code itself is changing the choices: their observers do nothing

    def __init__(self, live: LiveClass, teacher: Any, resumed: bool = False) -> None:
        super().__init__()
        self.add_class("atout-live-teacher")
        self.live = live
        self.host = live.host
        self.teacher = teacher
        self.ended = False
        self.code_html = widgets.HTML()
        self.roster_html = widgets.HTML()
        self.follow_button = widgets.ToggleButton(value=False, icon="eye")
        self.follow_button.add_class("atout-live-follow")
        self.follow_button.observe(guarded(lambda _c: self._follow_changed()), names="value")
        self.view_choice = widgets.ToggleButtons(options=[(k, k) for k in VIEW_NAMES], value="seat")
        self.view_choice.add_class("atout-live-view")
        self.view_choice.observe(guarded(lambda _c: None if self._relabelling else self._follow_changed()),
                                 names="value")
        self.source = widgets.ToggleButtons(options=[("lesson", "lesson"), ("table", "table"), ("puzzle", "puzzle")],
                                            value="lesson")
        self.source.add_class("atout-live-source")
        self.source.observe(guarded(lambda _c: None if self._relabelling else self._source_changed()), names="value")
        self.lesson_picker = widgets.Dropdown()
        self.lesson_picker.add_class("atout-live-lesson")
        self.lesson_picker.observe(guarded(lambda _c: None if self._relabelling else self._lesson_changed()),
                                   names="value")
        self.question_picker = widgets.Dropdown()
        self.question_picker.add_class("atout-live-lesson-question")
        self.ask_picker = widgets.Dropdown(options=[(k, k) for k in TABLE_ASKS], value="winner")
        self.ask_picker.add_class("atout-live-table-ask")
        self.puzzle_picker = widgets.Dropdown()      # the puzzles of the classroom's game (``_puzzle_choices``)
        self.puzzle_picker.add_class("atout-live-puzzle")
        self.puzzle_picker.layout.display = "none"
        self.ask_button = widgets.Button(button_style="primary", icon="question")
        self.ask_button.add_class("atout-live-ask")
        self.ask_button.on_click(guarded(lambda _b: self.ask()))
        self.message = widgets.HTML()
        self.chart_html = widgets.HTML()
        self.reveal_button = widgets.Button(icon="check")
        self.reveal_button.add_class("atout-live-reveal")
        self.reveal_button.on_click(guarded(lambda _b: self.reveal()))
        self.answer_html = widgets.HTML()
        self.names_button = widgets.ToggleButton(value=False)
        self.names_button.add_class("atout-live-names")
        self.names_button.observe(guarded(lambda _c: self.draw()), names="value")
        self.names_html = widgets.HTML()
        self.download = CsvDownload(self.export)
        self.download.add_class("atout-live-download")
        self.end_button = _button("atout-live-end", lambda: self._confirm_end(True), icon="stop")
        self.confirm, self.end_question, self.end_yes, self.end_no = _confirmation(
            "atout-live-end", self.end, lambda: self._confirm_end(False))
        self.new_button = _button("atout-live-new", self._start_again, icon="users")
        self.retention_html = widgets.HTML()
        # Closing the answers: now, or after a countdown the students see.
        self.close_label = widgets.HTML()
        self.close_now = _button("atout-live-close-now", self.close_answers, icon="lock")
        self.countdown_buttons = [_button(f"atout-live-countdown-{seconds}", partial(self.start_countdown, seconds),
                                          icon="clock-o") for seconds in COUNTDOWNS]
        self.countdown = Countdown()
        self.close_row = widgets.HBox([self.close_label, self.close_now, *self.countdown_buttons])
        self.close_row.add_class("atout-live-close-row")
        # Managing the class, out of the way: taking it to another computer, removing a name.
        self.manage_button = widgets.ToggleButton(value=False, icon="cog")
        self.manage_button.add_class("atout-live-manage")
        self.manage_button.observe(guarded(lambda _c: self._show_manage()), names="value")
        self.handover_html = widgets.HTML()
        self.copy_link = ClassKeys(guarded(self._copy_heard), role="copy")
        self.remove_picker = widgets.Dropdown()
        self.remove_picker.add_class("atout-live-remove-picker")
        self.remove_button = _button("atout-live-remove", lambda: self._confirm_remove(True), icon="user-times")
        self.remove_confirm, self.remove_question, self.remove_yes, self.remove_no = _confirmation(
            "atout-live-remove", self.remove, lambda: self._confirm_remove(False))
        self.remove_confirm.layout.display = "none"
        self.manage_message = widgets.HTML()
        self.remove_row = widgets.HBox([self.remove_picker, self.remove_button])
        self.manage_box = widgets.VBox([self.handover_html, self.copy_link, self.remove_row, self.remove_confirm,
                                        self.manage_message])
        self.manage_box.add_class("atout-live-manage-box")
        self.manage_box.layout.display = "none"
        self.close_panel = _button("atout-live-close-panel", self.live.stop_teaching, icon="times")
        self._relabelling = False
        self._lessons: list[Any] = []
        self.follow_row = widgets.HBox([self.follow_button, self.view_choice])
        self.ask_row = widgets.HBox([self.lesson_picker, self.question_picker, self.ask_picker, self.puzzle_picker])
        self.ask_box = widgets.VBox([widgets.HTML(), self.source, self.ask_row, self.ask_button, self.message])
        self.ask_box.add_class("atout-live-ask-box")
        self.results_row = widgets.HBox([self.reveal_button, self.names_button])
        self.end_row = widgets.HBox([self.download, self.end_button, self.new_button, self.close_panel])
        for row in (self.follow_row, self.ask_row, self.results_row, self.end_row, self.close_row, self.remove_row):
            row.add_class("atout-live-row")
        # The code, who is here and the answers first: what the back row reads; the teacher's controls after (Reveal
        # right under the chart).
        self.children = [self.code_html, self.roster_html, self.chart_html, self.countdown, self.results_row,
                         self.close_row, self.answer_html, self.names_html, self.follow_row, self.ask_box,
                         self.end_row, self.confirm, self.manage_button, self.manage_box, self.retention_html]
        self.confirm.layout.display = "none"
        self.new_button.layout.display = self.close_panel.layout.display = "none"
        self._removing: tuple[int, str] | None = None
        self.updates = Updates(self.draw, live.call)
        self.watch = _watch(teacher.class_id, self.updates, shown=False)
        if resumed:
            self._back_to_class()
        if self.host is not None and hasattr(self.host, "on_change"):
            self.host.on_change.append(self._table_changed)
        self._store_refused = False     # the message is the store's refusal (it goes when the store works again)
        language.register(self)
        fault.listen_to_store(self)
        self.refresh()

    def _back_to_class(self) -> None:
        """A page coming back: the question last asked chosen again in the pickers (they showed the first question of
        the first lesson, and Ask would have asked another), follow me as the class has it, and the table at the
        deal and step it follows."""
        self._choose_asked()
        follow = self.teacher.row().follow
        if follow is None:
            return
        self._relabelling = True
        try:
            self.follow_button.value = True
            self.view_choice.value = follow["view"]
        finally:
            self._relabelling = False
        if self.host is None or not hasattr(self.host, "restore"):
            return
        where = self._position()
        if (where["code"], where["line"], where["step"]) == (follow["code"], follow["actions"], follow["step"]):
            return
        if self.host.join(follow["code"]):
            if follow["step"] is None:
                self.host.restore(follow["actions"])
            else:
                self.host.restore((), follow["actions"], follow["step"] + 1)

    def _choose_asked(self) -> None:
        asked = self.teacher.current()
        spec = asked.spec if asked is not None else {}
        if spec.get("source") == "lesson":
            self.source.value = "lesson"
            self._lesson_choices()
            self.lesson_picker.value = spec["lesson"]
            self.question_picker.value = spec["index"]
        elif spec.get("source") == "puzzle":
            self.source.value = "puzzle"
            self._puzzle_choices()
            self.puzzle_picker.value = spec["puzzle"]

    # --- what the teacher does --------------------------------------------------------------------------

    def _position(self) -> dict[str, Any]:
        return self.host.live_position()

    def _follow_changed(self) -> None:
        if self.ended or self._relabelling:
            return
        if self.follow_button.value:
            self._push_follow()
        else:
            self.teacher.stop_following()
        self._label_follow()

    def _push_follow(self) -> None:
        where = self._position()
        self.teacher.follow(where["code"], where["line"], self.view_choice.value, where["step"])

    def _table_changed(self) -> None:
        """The classroom's deal, moves or step changed: the students following see it."""
        if self.follow_button.value and not self.ended:
            try:
                self._push_follow()
            except Exception as exc:        # the class ended meanwhile (its retention): say it, keep the table
                self._say(str(exc), error=True)

    def ask(self) -> bool:
        """Ask the class the chosen question (a lesson's, or about the position on the table now)."""
        from atout.live.errors import LiveError

        self._say("")
        try:
            if self.source.value == "lesson":
                if self.lesson_picker.value is None or self.question_picker.value is None:
                    self._say(Text("Choose a lesson and one of its questions first").render(), error=True)
                    return False
                self.teacher.ask_lesson(self.lesson_picker.value, self.question_picker.value)
            elif self.source.value == "puzzle":
                if self.puzzle_picker.value is None:
                    self._say(Text("Choose a puzzle first").render(), error=True)
                    return False
                self.teacher.ask_puzzle(self.puzzle_picker.value)
            else:
                where = self._position()
                if self.ask_picker.value == "lead":
                    self._say(Text("The solver is working out the best lead…").render())
                self.teacher.ask_table(self.ask_picker.value, where["code"], where["actions"])
        except LiveError as exc:
            self._refused(exc)
            return False
        self._say("")
        self.names_button.value = False
        self.draw()
        return True

    def reveal(self) -> None:
        from atout.live.errors import LiveError

        try:
            self.teacher.reveal()
        except LiveError as exc:
            self._refused(exc)
            return
        self.draw()

    def close_answers(self) -> None:
        """Take no more answers now; the answer stays hidden until the teacher reveals it."""
        self.teacher.close_question()
        self.draw()

    def start_countdown(self, seconds: int) -> None:
        """Take no more answers ``seconds`` from now: every page shows the time left; the class's clock closes it."""
        from atout.live.errors import LiveError

        try:
            self.teacher.countdown(seconds)
        except LiveError as exc:
            self._refused(exc)
            return
        self.draw()

    def export(self) -> tuple[str, str]:
        """The results file: its name and its text (a byte-order mark first, so a spreadsheet reads the accents),
        its times in the teacher's time zone."""
        code = self.teacher.code
        return f"atout-class-{code}.csv", "\ufeff" + self.teacher.export_csv(get_language(), self.live.zone)

    # --- managing the class: another computer, removing a name ----------------------------------------

    def _show_manage(self) -> None:
        self.manage_box.layout.display = "" if self.manage_button.value else "none"
        if not self.manage_button.value:
            self._confirm_remove(False)
            self.manage_message.value = ""

    def _copy_heard(self, message: dict[str, Any]) -> None:
        """The copy button was pressed: a fresh one-use ticket for its page to put in the link it copies."""
        if message["type"] == "handover":
            self.copy_link.send({"type": "ticket", "ticket": self.teacher.handover()})

    def _confirm_remove(self, asking: bool) -> None:
        chosen = self.remove_picker.value
        name = next((label for label, key in self.remove_picker.options if key == chosen), None)
        if asking and chosen is None:
            return
        self._removing = (chosen, name) if asking and name is not None else None
        if self._removing is not None:
            self.remove_question.value = _p(Text("Remove {name} from the class? Their answers are deleted, and their "
                                                 "page leaves the class.", name=self._removing[1]))
        self.remove_confirm.layout.display = "" if self._removing is not None else "none"
        self.remove_row.layout.display = "none" if self._removing is not None else ""

    def remove(self) -> None:
        """Remove the student the teacher confirmed: their page is told; their name may join again."""
        from atout.live.errors import LiveError

        if self._removing is None:
            return
        student_id, _label = self._removing
        self._confirm_remove(False)
        try:
            name = self.teacher.remove(student_id)
        except LiveError as exc:
            self.manage_message.value = _p(str(exc), "atout-error", "live-remove-message")
        else:
            self.manage_message.value = _p(Text("{name} is no longer in the class.", name=name), "atout-live-hint",
                                           "live-remove-message")
        self.draw()

    def _confirm_end(self, asking: bool) -> None:
        self.confirm.layout.display = "" if asking else "none"
        self.end_button.layout.display = "none" if asking else ""

    def end(self) -> None:
        """End the class: no more students or answers; the results stay downloadable until the retention ends."""
        self.teacher.end()
        self.ended = True
        self._confirm_end(False)
        self.draw()

    def _start_again(self) -> None:
        self.stop()
        old = self
        if self.live.ask_to_start() is None:      # the passcode is asked again (changed since, say)
            self.live.stop_teaching()
            return
        language.close_tree(old)

    def stop(self) -> None:
        self.watch.stop(wait=False)
        self.updates.cancel()
        if self.host is not None and hasattr(self.host, "on_change") and self._table_changed in self.host.on_change:
            self.host.on_change.remove(self._table_changed)

    def _refused(self, refusal: Any) -> None:
        if refusal.field == "store":        # the banner says why and what to do
            self._say(Text("This was not done: the class database is not working (the message at the top of the "
                           "page says why).").render(), error=True)
            self._store_refused = True
        else:
            self._say(str(refusal), error=True)

    def store_said(self, failure: Any) -> None:
        """The store works again (None): the class as it is now, and its refusal taken back."""
        if failure is None:
            if self._store_refused:
                self._say("")
            self.draw()

    def _say(self, text: str, error: bool = False) -> None:
        self._store_refused = False
        if not text:
            self.message.value = ""
            return
        css, role = ("atout-error", "alert") if error else ("atout-live-hint", "status")
        self.message.value = f"<p class='{css}' role='{role}' data-testid='live-message'>{escape(text)}</p>"

    # --- what the panel shows ---------------------------------------------------------------------------

    def _source_changed(self) -> None:
        source = self.source.value
        self.lesson_picker.layout.display = self.question_picker.layout.display = "" if source == "lesson" else "none"
        self.ask_picker.layout.display = "" if source == "table" else "none"
        self.puzzle_picker.layout.display = "" if source == "puzzle" else "none"
        if source == "puzzle":
            self._puzzle_choices()

    def _puzzle_choices(self) -> None:
        """The puzzles of the game on the classroom's table (all of them when it has none), each by its number and
        its themes."""
        from atout.live.questions import puzzles_by_id
        from atout.puzzles import theme_words

        game = getattr(getattr(self.host, "game_picker", None), "value", None)
        puzzles = [p for p in puzzles_by_id().values() if game is None or p.game == game]
        chosen = self.puzzle_picker.value
        options = []
        for n, puzzle in enumerate(puzzles, start=1):
            themes = ", ".join(theme_words(t).render() for t in puzzle.themes)
            label = Text("Puzzle {n}", n=n).render() + (f" · {themes}" if themes else "")
            options.append((label, puzzle.id))
        self._relabelling = True
        try:
            self.puzzle_picker.options = options
            ids = [value for _label, value in options]
            self.puzzle_picker.value = chosen if chosen in ids else (ids[0] if ids else None)
        finally:
            self._relabelling = False

    def _lesson_choices(self) -> None:
        from atout.games import FAMILIES_BY_ID
        from atout.lessons import course_lessons

        if not self._lessons:
            self._lessons = list(course_lessons())
        lang = get_language()
        chosen = self.lesson_picker.value
        game = getattr(getattr(self.host, "game_picker", None), "value", None)
        first = next((lesson.id for lesson in self._lessons if lesson.game == game), self._lessons[0].id)
        self._relabelling = True
        try:
            self.lesson_picker.options = [
                (f"{Text(FAMILIES_BY_ID[lesson.family].title).render()} · {lesson.title[lang]}", lesson.id)
                for lesson in self._lessons]
            self.lesson_picker.value = chosen if chosen is not None else first
        finally:
            self._relabelling = False
        self._lesson_changed()

    def _lesson_changed(self) -> None:
        from atout.live.questions import lesson_questions

        lesson_id = self.lesson_picker.value
        if lesson_id is None:
            return
        lang = get_language()
        index = self.question_picker.value
        questions = lesson_questions(lesson_id)
        self.question_picker.options = [
            (Text("Question {n}: {prompt}", n=i + 1, prompt=q.prompt_text(lang)).render(), i)
            for i, q in enumerate(questions)]
        self.question_picker.value = index if index is not None and index < len(questions) else 0

    def _label_follow(self) -> None:
        on = self.follow_button.value
        self.follow_button.description = (Text("Follow me: on") if on else Text("Follow me: off")).render()
        self.follow_button.tooltip = Text("While on, every student's page shows this deal and step").render()
        self.follow_button.button_style = "success" if on else ""

    def refresh(self) -> None:
        """Every label in the page language, then the class as it is."""
        self._relabelling = True
        try:
            view, source, ask = self.view_choice.value, self.source.value, self.ask_picker.value
            self.view_choice.options = [(_(name), key) for key, name in VIEW_NAMES.items()]
            self.source.options = [(Text("A lesson's question").render(), "lesson"),
                                   (Text("About the table").render(), "table"),
                                   (Text("A puzzle").render(), "puzzle")]
            self.ask_picker.options = [(_(name), key) for key, name in TABLE_ASKS.items()]
            self.view_choice.value, self.source.value, self.ask_picker.value = view, source, ask
        finally:
            self._relabelling = False
        self.ask_box.children[0].value = f"<h3>{escape(Text('Ask the class').render())}</h3>"
        self.lesson_picker.description = Text("Lesson").render()
        self.ask_picker.description = ""
        self.ask_button.description = Text("Ask the class").render()
        self.reveal_button.description = Text("Reveal the answer").render()
        self.names_button.description = Text("Show who got it right").render()
        self.names_button.tooltip = Text("The names appear on this screen: on a projector the class sees them "
                                         "too").render()
        self.download.label = Text("Download the results (CSV)").render()
        self.end_button.description = Text("End the class").render()
        self.end_question.value = _p(Text("End the class now? Students can no longer join or answer."))
        self.end_yes.description = Text("Yes, end it").render()
        self.end_no.description = Text("No, carry on").render()
        self.new_button.description = Text("Start a new class").render()
        self.close_panel.description = Text("Close this panel").render()
        self.close_panel.tooltip = Text("The results stay kept until the time below").render()
        self.close_label.value = _p(Text("Close the answers:"), "atout-live-close-label")
        self.close_now.description = Text("Now").render()
        self.close_now.tooltip = Text("No more answers; the answer stays hidden until you reveal it").render()
        for seconds, button in zip(COUNTDOWNS, self.countdown_buttons, strict=True):
            button.description = (Text("In {n} s", n=seconds) if seconds < 60
                                  else Text("In {n} min", n=seconds // 60)).render()
            button.tooltip = Text("Every student sees the time left; answers close when it runs out").render()
        self.manage_button.description = Text("Manage the class").render()
        from atout.live.classes import HANDOVER_MINUTES

        self.handover_html.value = (
            _p(Text("Reloading this page keeps the class."), "atout-live-hint")
            + _p(Text("To carry on from another computer: copy a link for it, send it to yourself without showing it "
                      "on the projector, and open it on that computer within {minutes} minutes. The link works "
                      "once.", minutes=HANDOVER_MINUTES), "atout-live-hint", "live-handover-how"))
        self.copy_link.words = {
            "button": Text("Copy a link for another computer").render(),
            "copied": Text("Copied. Open it on the other computer within {minutes} minutes: it works once.",
                           minutes=HANDOVER_MINUTES).render(),
            "refused": Text("This browser would not copy the link: allow this page to use the clipboard, or use "
                            "another browser.").render()}
        self.remove_picker.description = Text("Remove a student").render()
        self.remove_button.description = Text("Remove…").render()
        self.remove_yes.description = Text("Yes, remove").render()
        self.remove_no.description = Text("No, keep them").render()
        if self._removing is not None:
            self._confirm_remove(True)
        for picker in (self.lesson_picker, self.question_picker, self.ask_picker, self.puzzle_picker,
                       self.remove_picker):
            picker.style.description_width = "initial"
        self._label_follow()
        self._lesson_choices()
        if self.source.value == "puzzle":
            self._puzzle_choices()
        self._source_changed()
        self.draw()

    def draw(self) -> None:
        """The class as the store has it now (on the page's thread: the watcher asks for it, and a timer at the next
        moment the store's counter does not mark: a countdown's end, a quiet page turning away)."""
        from atout.live.classes import AWAY_AFTER_S
        from atout.live.errors import SessionError, StoreError
        from atout.live.questions import from_spec

        try:
            row = self.teacher.row()
            presence = self.teacher.presence()
            current = self.teacher.current()
        except StoreError:          # the banner says why; the panel keeps what it shows until the store works again
            return
        except SessionError as exc:
            self.chart_html.value = _p(str(exc), "atout-error")
            for part in (self.follow_row, self.ask_box, self.results_row, self.end_row, self.close_row,
                         self.manage_button, self.manage_box):
                part.layout.display = "none"
            self.countdown.show(None)
            self.updates.cancel()
            return
        lang = get_language()
        now = self.live.classes.clock()
        ended = self.ended or not self.live.classes.takes_answers(row)
        self.ended = ended
        if hasattr(self.host, "withhold_trick"):     # the projector's table, while its question waits (not once over)
            self.host.withhold_trick(not ended and current is not None and trick_withheld(
                current.spec.get("ask"), current.revealed is not None))
        code = escape(self.teacher.code)
        link = class_link(self.teacher.code)
        if ended:
            head = _p(Text("The class {code} has ended.", code=self.teacher.code), "atout-live-ended",
                      "live-ended")
        else:
            head = (f"<div class='atout-live-code-box'><span class='atout-live-code-label'>"
                    f"{escape(Text('Class code').render())}</span>"
                    f"<strong class='atout-live-class-code' data-testid='class-code'>{code}</strong></div>"
                    f"<p class='atout-live-link'>{escape(Text('Students join at').render())} "
                    f"<a href='{escape(link)}' target='_blank' rel='noopener' data-testid='class-link'>"
                    f"{_breakable(link)}</a><br>{escape(Text('or on the course page, with the code.').render())}</p>")
        self.code_html.value = head
        self.roster_html.value = roster_html(presence)
        self._remove_choices([student for student, _here in presence])
        for part in (self.follow_row, self.ask_box):
            part.layout.display = "none" if ended else ""
        if ended:
            self.end_button.layout.display = self.confirm.layout.display = "none"
        self.new_button.layout.display = self.close_panel.layout.display = "" if ended else "none"
        self.retention_html.value = _p(sentence(self.teacher.retention(self.live.zone).render()),
                                       "atout-live-retention", "live-retention")
        # The next moment to look again without a change in the store: the first here now to turn away.
        wake = [student.seen + AWAY_AFTER_S - now for student, here in presence if here and student.seen is not None]
        if current is None:
            self.chart_html.value = ""
            self.answer_html.value = self.names_html.value = ""
            self.results_row.layout.display = self.close_row.layout.display = "none"
            self.countdown.show(None)
            self._wake(wake)
            return
        question = from_spec(current.spec)
        chart = self.teacher.chart(current)
        revealed = current.revealed is not None
        labels = {c: question.label(c, lang) for c in current.choices}
        title = Text("Question {n}: {prompt}", n=current.number, prompt=question.prompt(lang)).render()
        state = ("revealed" if revealed else "open" if current.is_open else "closed")
        # A puzzle's cards are not on the projector's table: the panel shows them above the answers.
        situation = puzzle_situation(current.spec["puzzle"]) if current.spec.get("source") == "puzzle" else ""
        self.chart_html.value = situation + chart_html(title, chart, labels, question.cards,
                                                       right=list(current.answer) if revealed else None,
                                                       pick_all=question.pick_all, state=state)
        counting = current.is_open and current.closes_at is not None
        self.countdown.show(max(0.0, current.closes_at - now) if counting else None)
        if counting:
            wake.append(current.closes_at - now + 0.05)
        self._wake(wake)
        self.close_row.layout.display = "" if current.is_open and not ended else "none"
        self.results_row.layout.display = ""
        self.reveal_button.layout.display = "none" if revealed else ""
        self.names_button.layout.display = "" if revealed else "none"
        if not revealed:
            self.answer_html.value = self.names_html.value = ""
            return
        answer = Text("The answer: {answer}", answer=[_Raw(labels[c]) for c in current.answer]).render()
        self.answer_html.value = (f"<div class='atout-live-answer' data-testid='live-answer'>"
                                  f"<p><strong>{escape(answer)}</strong></p>"
                                  f"{_explanation_html(question, lang)}</div>")
        if self.names_button.value:
            who = self.teacher.who_was_right(current)
            answered = set(who["right"]) | set(who["wrong"])
            missing = [student.name for student, here in presence if here and student.name not in answered]
            lines = [(N_("Right: {names}"), who["right"]), (N_("Not right: {names}"), who["wrong"]),
                     (N_("No answer: {names}"), missing)]
            self.names_html.value = "<div class='atout-live-names-list' data-testid='live-names'>" + "".join(
                _p(Text(line, names=_Names(names))) for line, names in lines if names) + "</div>"
        else:
            self.names_html.value = ""

    def _wake(self, delays: list[float]) -> None:
        if delays:
            self.updates.at(min(delays))

    def _remove_choices(self, roster: list[Any]) -> None:
        """The names the teacher may remove, as the roster has them (two students may not share a name)."""
        options = [(student.name, student.id) for student in roster]
        if options != list(self.remove_picker.options):
            chosen = self.remove_picker.value
            self.remove_picker.options = options
            self.remove_picker.value = chosen if chosen in dict(options).values() else None
        self.remove_button.disabled = not options


def roster_html(presence: list[tuple[Any, bool]]) -> str:
    """Who is in the class: those here now, then those whose page left or went quiet (away), not counted as here."""
    here = [student.name for student, present in presence if present]
    away = [student.name for student, present in presence if not present]
    heading = Text("Students here: {n}", n=len(here)).render()
    names = escape(series(here)) or escape(
        (Text("Nobody has joined yet.") if not presence else Text("Nobody is here now.")).render())
    gone = (f"<p class='atout-live-away-names' data-testid='live-away'>"
            f"{escape(Text('Away: {names}', names=_Names(away)).render())}</p>" if away else "")
    return (f"<div class='atout-live-roster' data-testid='live-roster' data-count='{len(here)}' "
            f"data-away='{len(away)}'><h3>{escape(heading)}</h3><p>{names}</p>{gone}</div>")


def _button(css: str, act: Callable[[], Any], **kwargs: Any) -> widgets.Button:
    """A button of the teacher's panel: the class its page and tests name it by, and what a click does."""
    button = widgets.Button(**kwargs)
    button.add_class(css)
    button.on_click(guarded(lambda _b: act()))
    return button


def _confirmation(name: str, yes: Callable[[], Any], no: Callable[[], Any]
                  ) -> tuple[widgets.HBox, widgets.HTML, widgets.Button, widgets.Button]:
    """A question asked before something that cannot be undone: the row, its question, Yes (``name``-yes, red)
    and No (``name``-no)."""
    question = widgets.HTML()
    yes_button = _button(f"{name}-yes", yes, button_style="danger")
    no_button = _button(f"{name}-no", no)
    row = widgets.HBox([question, yes_button, no_button])
    row.add_class("atout-live-confirm")
    return row, question, yes_button, no_button


def _breakable(address: str) -> str:
    """An address as text that may wrap after its slashes and before its query (not in the middle of a word)."""
    return escape(address).replace("/", "/<wbr>").replace("?", "<wbr>?")


class _Raw:
    """Text already in the page's language (a choice's label), as a sentence's parameter."""

    def __init__(self, text: str) -> None:
        self.text = text

    def render(self, _lang: str | None = None) -> str:
        return self.text


class _Names:
    """Names as a sentence's parameter: joined with commas (a list of people is not a sentence's "and")."""

    def __init__(self, names: list[str]) -> None:
        self.names = names

    def render(self, lang: str | None = None) -> str:
        return series(self.names, lang)


def _explanation_html(question: Any, lang: str) -> str:
    """The right answer's explanation with its rule, as the quiz shows it."""
    text = question.explanation(lang)
    return (f"<p class='atout-live-explanation'>{escape(sentence(text, lang))}</p>"
            f"{rule_quote(question.rule, text, lang)}")


# --- a student --------------------------------------------------------------------------------------------------

class StudentPanel(widgets.VBox):
    """One student's class on their page (see the module's docstring); ``joined`` is the protocol's reply."""

    def __init__(self, live: LiveClass, joined: dict[str, Any]) -> None:
        super().__init__()
        self.add_class("atout-live-student")
        self.live = live
        self.token = joined["token"]
        self.name = joined["name"]
        self.number = joined["number"]
        self.view: dict[str, Any] = joined["view"]
        self.code = self.view["code"]
        self.away = False
        self._kept = True           # the browser keeps this class's token (until the class is over for the page)
        self.lang = joined.get("lang", get_language())      # a page coming back: the class's record of it
        self.header = widgets.HTML()
        self.away_button = widgets.Button(icon="pause")
        self.away_button.add_class("atout-live-away")
        self.away_button.on_click(guarded(lambda _b: self.step_away(not self.away)))
        self.leave_button = widgets.Button()
        self.leave_button.add_class("atout-live-leave")
        self.leave_button.on_click(guarded(lambda _b: self.live.left()))
        self.follower = Follower()
        self.question = QuestionPanel(self._answer)
        top = widgets.HBox([self.header, self.away_button, self.leave_button])
        top.add_class("atout-live-row")
        self.children = [top, self.question, self.follower]
        student = self.live.classes.student(self.token)
        self.updates = Updates(self.pull, live.call)
        self.watch = _watch(student.class_id, self.updates, shown=True)
        from atout.live.classes import HERE_EVERY_S

        self._store_refused = False     # the answer was refused by the store (to send again once it works)
        self.page_id = secrets.token_hex(8)              # this page among the student's (a reload, a second tab)
        self.here()                                      # here now (a page coming back was away meanwhile)
        self.live.browser.here_every_s = HERE_EVERY_S    # then every so often
        atexit.register(self.leave)                      # and gone when its kernel is shut down with it
        language.register(self)
        fault.listen_to_store(self)
        self.refresh()

    def _tell(self, message: dict[str, Any]) -> dict[str, Any]:
        from atout.live.protocol import handle

        return handle(self.live.classes, {**message, "token": self.token})

    def pull(self) -> None:
        """The class changed: read this student's view of it and draw it."""
        reply = self._tell({"op": "view"})
        if reply.get("field") == "store":       # the class is still there: the banner says why it cannot be read
            return
        if "error" in reply:
            # Removed by the teacher, or the class is deleted: said plainly, and the page stops taking part.
            self.view = {**self.view, "ended": True, "follow": None, "question": None, "gone": reply["error"]}
        else:
            self.view = reply["view"]
        self.draw()

    def here(self) -> None:
        """The page says it is still open (``ClassKeys``); a page no longer in the class learns why."""
        if self._kept and "error" in self._say_presence("here"):
            self.pull()

    def leave(self) -> None:
        """The page is closing: the teacher sees this student away at once."""
        if self._kept:
            self._say_presence("leave")

    def _say_presence(self, op: str) -> dict[str, Any]:
        """Housekeeping the student did not ask for, as the watcher's is: a store that cannot be reached now is
        logged and tried again at the next beat (the student's own next action meets it and says so), never a
        fault on the page every 20 seconds."""
        try:
            if self.live.classes.store.trouble is not None:
                return {}           # the store fails (the banner says so): no five-second wait for a lock each beat
            return self._tell({"op": op, "page": self.page_id})
        except Exception:       # noqa: BLE001 - see the docstring
            log.warning("a live class's page could not say %s", op, exc_info=True)
            return {}

    def _over(self) -> None:
        """The class is over for this page: its browser forgets the token and the page stops saying it is here."""
        if self._kept:
            self._kept = False
            self.live.browser.forget_student(self.code)
            self.live.browser.here_every_s = 0.0
            atexit.unregister(self.leave)

    def _answer(self, number: int, picked: list[str]) -> str | None:
        reply = self._tell({"op": "answer", "question": number, "answer": picked})
        self._store_refused = reply.get("field") == "store"
        if self._store_refused:             # the banner says why and what to do
            return Text("Your answer was not saved: the class database is not working (the message at the top of "
                        "the page says why). Send it again once that message has gone.").render()
        if "error" in reply:
            return reply["error"]
        self.pull()
        return None

    def step_away(self, away: bool) -> None:
        """Hide the teacher's deal (and carry on alone), or follow it again at the teacher's place."""
        self.away = away
        self.draw()

    def lesson_done(self, lesson_id: str, right: int, total: int) -> None:
        reply = self._tell({"op": "progress", "lesson": lesson_id, "right": right, "total": total})
        if "error" in reply:
            log.info("lesson progress not recorded: %s", reply["error"])

    def stop(self) -> None:
        self.watch.stop(wait=False)
        self.updates.cancel()
        self.live.browser.here_every_s = 0.0
        atexit.unregister(self.leave)

    def store_said(self, failure: Any) -> None:
        """The store works again (None): the class as it is now; an answer it refused is to be sent again."""
        if failure is not None:
            return
        self.pull()
        if self._store_refused:
            self._store_refused = False
            question = self.view.get("question")
            waiting = question is not None and question["open"] and question.get("mine") is None
            self.question.say(Text("The class database works again, but your answer was not saved: send it "
                                   "again.").render() if waiting else "")

    def refresh(self) -> None:
        """The page's language changed: the class is told (the teacher's results show it) and answers in it."""
        lang = get_language()
        if lang != self.lang and not self.view.get("gone"):
            self.lang = lang
            reply = self._tell({"op": "language", "lang": lang})
            if "view" in reply:
                self.view = reply["view"]
        self.draw()

    def draw(self) -> None:
        view = self.view
        code = view.get("code", "")
        if view.get("ended"):
            self._over()
            said = view.get("gone") or Text("The class {code} has ended.", code=code).render()
            self.header.value = _p(said, "atout-live-ended", "live-ended")
            self.away_button.layout.display = "none"
            self.leave_button.layout.display = ""
            self.leave_button.description = Text("Join another class").render()
            self.follower.show(None, self.number, away=False)
            self.question.show(view.get("question"))
            self.live.following(False)
            return
        self.header.value = _p(Text("You are in the class {code} as {name}.", code=code, name=self.name),
                               "atout-live-joined", "live-joined")
        follow = view.get("follow")
        self.away_button.layout.display = "" if follow else "none"
        self.leave_button.layout.display = "none"
        self.away_button.description = (Text("Follow the teacher again") if self.away
                                        else Text("Step away")).render()
        self.away_button.icon = "play" if self.away else "pause"
        self.away_button.tooltip = ("" if self.away else
                                    Text("Hide the teacher's deal; come back to it at any time").render())
        question = view.get("question") or {}
        self.follower.withheld = trick_withheld((question.get("position") or {}).get("ask"),
                                                bool(question.get("revealed")))
        self.follower.show(follow, self.number, away=self.away)
        question = view.get("question")
        self.question.show(question)
        if question is not None and question.get("closes_in") is not None:
            self.updates.at(question["closes_in"] + 0.05)     # the countdown's end: the question closes for all
        self.live.following(bool(follow) and not self.away)


class Follower(widgets.VBox):
    """The teacher's deal on a student's page: the position on the teacher's table from the student's seat or every
    hand, with what just happened; or the teacher's walk-through at the teacher's step. The student watches: nobody
    plays at this table."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("atout-live-follower")
        self.caption = widgets.HTML()
        self.said = widgets.HTML()
        self.said.add_class("atout-live-said")
        self.table: Any = None
        self.stepper: Any = None
        self._line: tuple[str, tuple[str, ...]] | None = None
        self._shown: tuple[dict[str, Any] | None, int, bool] = (None, 0, False)
        self._events: list[Any] = []
        self.withheld = False        # the class is answering "which card wins?" (``trick_withheld``)
        self.children = [self.caption]
        language.register(self)

    def show(self, follow: dict[str, Any] | None, number: int, away: bool) -> None:
        from atout.live.classes import seat_of
        from atout.live.questions import position

        self._shown = (follow, number, away)
        if follow is None:
            self.caption.value = ""
            self.children = [self.caption]
            return
        if away:
            self.caption.value = _p(Text("You have stepped away from the teacher's deal."), "atout-live-away-note",
                                    "live-away")
            self.children = [self.caption]
            return
        hand = position(follow["code"], follow["actions"])
        seat = seat_of(number, hand.config.players)
        viewer = seat if follow["view"] == "seat" else None
        self.caption.value = _p(Text("The teacher's deal, from your seat ({player})", player=player_label(seat))
                                if viewer is not None else Text("The teacher's deal, every hand face up"),
                                "atout-live-caption", "live-following")
        if follow.get("step") is None:
            self._show_position(hand, viewer, seat)
        else:
            self._show_step(follow, hand, viewer, seat)

    def _show_position(self, hand: Any, viewer: int | None, seat: int) -> None:
        from atout.widgets.stepper import _event_cards, _with_trick
        from atout.widgets.table import CardTable

        view = hand.table_view(viewer)
        last = hand.events[-1] if len(hand.history) > 1 else None
        self._events = list(last.flatten()) if last is not None else []
        winner, ringed = None, set()
        if last is not None:
            ringed = _event_cards(last)
            if any(e.kind == "trick" for e in self._events) and view.last_trick:
                view, winner, ringed = _with_trick(view, view.last_trick), view.last_trick_winner, set()
        if self.table is None:
            self.table = CardTable(hand, viewer=viewer, you=seat)
            self.table.add_class("atout-live-table")
            self.table.looking_reason = Text("This table shows the teacher's deal: the teacher plays it")
        # The teacher may have dealt another game since: the table names its players and sides from its hand.
        self.table.hand, self.table.viewer, self.table.you = hand, viewer, seat
        self.table.withheld = self.withheld
        self.table.show(view, ringed, winner)
        self._say()
        self.children = [self.caption, self.table, self.said]

    def _show_step(self, follow: dict[str, Any], hand: Any, viewer: int | None, seat: int) -> None:
        from atout.widgets.stepper import DealStepper

        line = (follow["code"], tuple(follow["actions"]))
        if self.stepper is None or self._line != line:
            if self.stepper is not None:
                language.close_tree(self.stepper)
            self.stepper = DealStepper(hand, viewer=viewer)
            self.stepper.add_class("atout-live-stepper")
            self.stepper.table.looking_reason = Text("This table shows the teacher's deal: the teacher plays it")
            self._line = line
        self.stepper.table.you = seat
        self.stepper.table.withheld = self.withheld
        (self.stepper.add_class if self.withheld else self.stepper.remove_class)("atout-withholding")
        self.stepper.set_viewer(viewer)
        self.stepper.go(follow["step"])
        self.stepper.table.refresh()
        self.children = [self.caption, self.stepper]

    def _say(self) -> None:
        events = self._events
        if self.withheld:       # what happened up to the trick's last card: from "wins the trick" on, the answer
            events = events[:next((i for i, e in enumerate(events) if e.kind == "trick"), len(events))]
        self.said.value = "".join(
            f"<p class='atout-sentence'>{escape(e.explanation.sentence())} {rule_mark(e.explanation.rule)}</p>"
            for e in events)

    def refresh(self) -> None:
        follow, number, away = self._shown
        if follow is not None:
            self.show(follow, number, away)


class QuestionPanel(widgets.VBox):
    """The question the teacher asked, on a student's page: pick, send, then (once revealed) right or not and why.
    The choices are made once per question, so a change elsewhere in the class keeps what the student picked. A
    refusal (nothing chosen, an answer sent twice) is said until the question closes or is revealed: then every
    student sees that, whatever they pressed before."""

    def __init__(self, send: Callable[[int, list[str]], str | None]) -> None:
        super().__init__()
        self.add_class("atout-live-question-panel")
        self.send_answer = send
        self.prompt = widgets.HTML()
        self.situation = widgets.HTML()
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices.add_class("atout-quiz-choices")
        self.send_button = widgets.Button(button_style="primary")
        self.send_button.add_class("atout-live-send")
        self.send_button.on_click(guarded(lambda _b: self.send()))
        self.result = widgets.HTML()
        self.countdown = Countdown()
        self._key: tuple[int, str] | None = None
        self._question: dict[str, Any] | None = None
        self._error = ""
        self._state: tuple[bool, bool] = (True, False)      # the question's (open, revealed) when last drawn
        self.children: list[widgets.Widget] = []

    def selected(self) -> list[str]:
        return [b.choice for b in self.choices.children if b.value]

    def _pick(self, chosen: Any) -> None:
        """One choice at a time, unless the question takes every right one."""
        if self._question and not self._question["pick_all"] and chosen.value:
            for button in self.choices.children:
                if button is not chosen and button.value:
                    button.value = False

    def send(self) -> None:
        question = self._question
        if question is None:
            return
        picked = self.selected()
        if not picked:
            self._error = Text("Choose an answer first").render()
            self._draw_result()
            return
        self._error = self.send_answer(question["number"], picked) or ""
        self._draw_result()

    def say(self, text: str) -> None:
        """Say ``text`` under the answer (a refusal), or nothing."""
        self._error = text
        self._draw_result()

    def show(self, question: dict[str, Any] | None) -> None:
        self._question = question
        if question is None:
            self.children = []
            self._key = None
            return
        key = (question["number"], get_language())
        if key != self._key:
            self._key = key
            self._error = ""
            how = (f"<p class='atout-quiz-how' data-testid='live-pick-all'>"
                   f"{escape(Text('Choose all that apply.').render())}</p>" if question["pick_all"] else "")
            self.prompt.value = (f"<h3 class='atout-live-question' data-testid='live-question' "
                                 f"data-number='{question['number']}'>"
                                 f"{escape(Text('Question {n} from the teacher', n=question['number']).render())}"
                                 f"</h3><p class='atout-quiz-prompt'><strong>{escape(question['prompt'])}</strong></p>"
                                 f"{how}")
            self.situation.value = question_situation(question)
            buttons = []
            for code, label in question["choices"]:
                button = widgets.ToggleButton(description=label, value=False,
                                              tooltip=Card.parse(code).name() if question["cards"] else label)
                button.choice = code
                button.add_class("atout-quiz-choice")
                button.add_class("atout-live-choice")
                button.add_class(f"atout-live-choice-{code.replace(' ', '_')}")
                if not question["cards"]:
                    button.layout.width = "auto"
                button.observe(guarded(lambda c, b=button: self._pick(b)), names="value")
                buttons.append(button)
            self.choices.children = buttons
            self.children = [self.prompt, self.situation, self.choices, self.countdown, self.send_button,
                             self.result]
        state = (bool(question["open"]), bool(question["revealed"]))
        if state != self._state:
            self._error = ""        # what the student was told before the question closed no longer holds
        self._state = state
        self.countdown.show(question.get("closes_in"))
        mine = question.get("mine")
        closed = mine is not None or not question["open"]
        for button in self.choices.children:
            button.disabled = closed
            if mine is not None:
                button.value = button.choice in mine
        self.send_button.description = Text("Send my answer").render()
        self.send_button.layout.display = "none" if closed else ""
        self._draw_result()

    def _draw_result(self) -> None:
        question = self._question
        if question is None:
            return
        labels = dict((code, label) for code, label in question["choices"])
        mine = question.get("mine")
        if self._error and not question.get("revealed"):
            self.result.value = f"<p class='atout-error' role='alert' data-testid='live-answer-error'>" \
                                f"{escape(self._error)}</p>"
            return
        if question.get("revealed"):
            answer = Text("The answer: {answer}", answer=[_Raw(labels[c]) for c in question["answer"]]).render()
            if mine is None:
                verdict, css = Text("You did not answer this one."), "atout-live-none"
                why = question["explanation"]
            elif question["right"]:
                verdict, css, why = Text("Right!"), "atout-right", question["feedback"]
            else:
                verdict, css, why = Text("Not quite."), "atout-wrong", question["feedback"]
            self.result.value = (f"<div class='{css}' role='status' data-testid='live-verdict'>"
                                 f"<strong>{escape(verdict.render())}</strong> {escape(why)}"
                                 f"{rule_quote(question.get('rule'), why)}"
                                 f"<p><strong>{escape(answer)}</strong></p></div>")
        elif mine is not None:
            picked = Text("Your answer is in: {answer}. The teacher will show the right answer.",
                          answer=[_Raw(labels[c]) for c in mine])
            self.result.value = _p(picked, "atout-live-sent", "live-sent")
        elif not question["open"]:
            self.result.value = _p(Text("Answers are closed. The teacher will show the right answer."),
                                   "atout-live-closed", "live-closed")
        else:
            self.result.value = ""
