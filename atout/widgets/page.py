"""The site's pages: each notebook is ``display(page_style())`` and one call here, which reads the page's address,
chooses its language, and puts the page's content under the shell (``atout.widgets.shell``: the header, the
heartbeat, the banner of a lost page) with the content's state kept in the address.

One address scheme for every page (unknown or malformed values open the page as usual and say what was wrong):

==================  ============================================================================================
``course.ipynb``    ``lesson=45-trumps``, ``step=3`` (or ``step=quiz``)
``play.ipynb``      ``game=five-hundred``, ``level=club``, ``rules``, and for a game in progress ``seed``, ``moves``
                    and the hands ``reviewed`` (``1.3``)
``whatif.ipynb``    ``game=sixty-six``, or ``position=`` the position's text
``puzzles.ipynb``   ``game=five-hundred`` (none: every game), ``puzzle=`` a puzzle's id (``atout.puzzles``)
``classroom.ipynb`` ``game=five-hundred``, or ``code=0W3-QQAX-FXWM``; then ``moves``, ``mode=walk``, ``step``
``handout.ipynb``   ``game=five-hundred``, ``rules=`` the house rules (as ``atout.dealcode.rules_text`` writes them)
every page          ``lang=fr`` (remembered as the learner's choice)
==================  ============================================================================================
"""

from __future__ import annotations

import gc
import os
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as widgets
from IPython.display import HTML

from atout.errors import AtoutError, NotationError
from atout.games import DEFAULT_GAME
from atout.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGE_COOKIE,
    LANGUAGES,
    Series,
    Text,
    accepted_language,
    cookie_value,
    preload,
    set_language,
)
from atout.serve import HEARTBEAT_ENV
from atout.widgets.address import MAX_VALUE

STYLE = Path(__file__).parent / "site.css"


def page_style() -> HTML:
    """The site's stylesheet, inlined (the site works offline).

    Every page calls it first, once its modules are imported. Those objects live as long as the page, so they are
    moved out of the garbage collector's sight (``gc.freeze``): a click is not kept waiting while the collector
    sweeps a few hundred thousand objects that can never be garbage (`atout bench site`: the card table's p95
    click round trip went from 11.5 to 10.2 ms). So is what each of the page's cells builds (its table, hand and
    widgets), once the cell has run; what clicks make later stays in the collector's sight. What the first
    sentences would load on a click (the catalogues, Babel's locale data) is loaded before the freeze.

    Only in a kernel of the site's own server (``atout.serve``, which gives its kernels ``ATOUT_HEARTBEAT_S``): in a
    JupyterLab kernel the cells are the user's, and what they build is theirs to drop, so the collector is left as
    it was.
    """
    if os.environ.get(HEARTBEAT_ENV):
        preload()
        gc.freeze()
        _freeze_after_each_cell()
    return HTML(site_style())


def warm() -> None:
    """Import every module the pages run and load what every page reads (the catalogues, the lessons, checked): the
    fork server does it once, and the site's kernels, forked from it, start with it (``atout.kernel_fork``)."""
    import pandas  # noqa: F401 - the lessons' tables, the score sheet, the class's results

    from atout.i18n import preload
    from atout.lessons import course_lessons
    from atout.widgets import classroom, course, handout, index, language, live, play, puzzles, shell, whatif  # noqa: F401

    preload()
    course_lessons()


def site_style() -> str:
    """The site's stylesheet and its buttons' icons (``atout.widgets.icons``), as one ``<style>`` element."""
    from atout.widgets.icons import icon_css

    return f"<style>{STYLE.read_text(encoding='utf-8')}\n{icon_css()}</style>"


_FREEZING_SHELLS: weakref.WeakSet = weakref.WeakSet()


def _freeze_after_each_cell() -> None:
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None or shell in _FREEZING_SHELLS:
        return
    _FREEZING_SHELLS.add(shell)
    shell.events.register("post_run_cell", lambda _result: gc.freeze())


# --- the address --------------------------------------------------------------------------------------------------

@dataclass
class PageRequest:
    """What the page's address and its browser asked for."""

    query: dict[str, str] = field(default_factory=dict)
    lang: str = DEFAULT_LANGUAGE
    lang_source: str = "default"       # "address", "choice", "browser" or "default" (see PageShell.lang_source)
    notices: list[Text] = field(default_factory=list)


def page_request(environ: dict[str, str] | None = None) -> PageRequest:
    """The page's address (``QUERY_STRING``, one value per name, the last) and its language.

    In a preheated kernel the request is not known until a visitor comes: this waits for it there
    (``atout.preheat.wait_for_request``), and returns at once anywhere else. The language is the address's ``lang``,
    else the learner's choice (the cookie the page writes), else the first of the browser's languages the site
    speaks (``Accept-Language``, which ``voila.json`` passes on), else English.

    >>> r = page_request({"QUERY_STRING": "lesson=45-trumps&lang=fr", "HTTP_ACCEPT_LANGUAGE": "en-GB"})
    >>> r.query, r.lang, r.lang_source
    ({'lesson': '45-trumps', 'lang': 'fr'}, 'fr', 'address')
    >>> r = page_request({"HTTP_COOKIE": "_xsrf=2|ab; atout-lang=fr", "HTTP_ACCEPT_LANGUAGE": "en"})
    >>> r.lang, r.lang_source
    ('fr', 'choice')
    >>> page_request({"HTTP_ACCEPT_LANGUAGE": "de-CH, fr;q=0.8, en;q=0.5"}).lang
    'fr'
    >>> r = page_request({"QUERY_STRING": "lang=de"})
    >>> r.lang, [n.render("en") for n in r.notices]
    ('en', ['The address asks for the language “de”: the pages are in English, Français, and 日本語.'])
    """
    if environ is None:
        _wait_for_request()
        environ = dict(os.environ)
    request = PageRequest()
    parsed = parse_qs(environ.get("QUERY_STRING", ""), keep_blank_values=True)
    for name, values in parsed.items():
        value = values[-1].strip()
        if len(value) > MAX_VALUE:
            request.notices.append(Text("The address's “{name}” is too long ({n} characters; at most {most}): it "
                                        "is left out.", name=name[:40], n=len(value), most=MAX_VALUE))
            continue
        request.query[name] = value
    asked = request.query.get("lang", "").lower()
    if asked in LANGUAGES:
        request.lang, request.lang_source = asked, "address"
    else:
        if asked:
            from atout.widgets.language import LANGUAGE_NAMES

            request.notices.append(Text("The address asks for the language “{lang}”: the pages are in {languages}.",
                                        lang=asked[:20], languages=[LANGUAGE_NAMES[code] for code in LANGUAGES]))
        chosen = cookie_value(environ.get("HTTP_COOKIE", ""), LANGUAGE_COOKIE)
        browser = accepted_language(environ.get("HTTP_ACCEPT_LANGUAGE", ""))
        if chosen in LANGUAGES:
            request.lang, request.lang_source = chosen, "choice"
        elif browser:
            request.lang, request.lang_source = browser, "browser"
    return request


def _wait_for_request() -> None:
    from atout.preheat import wait_for_request

    wait_for_request()


# --- the pages ----------------------------------------------------------------------------------------------------

def _page(kind: str, shell, content: widgets.Widget) -> widgets.VBox:
    box = widgets.VBox([shell, content])
    box.add_class("atout-page")
    box.add_class(f"atout-page-{kind}")
    return box


def _start(kind: str):
    """The page's request, its language set from it, and its shell saying what the address got wrong."""
    from atout.widgets.shell import PageShell

    request = page_request()
    set_language(request.lang)
    shell = PageShell(kind, lang_source=request.lang_source)
    shell.say(*request.notices)
    return request, shell


def _follow(shell, state: Callable[[], dict[str, str]], also: Callable[[], None] | None = None) -> Callable[[], None]:
    """A callback that writes the content's state into the shell's address (and does ``also``); called once now."""
    def update() -> None:
        shell.address = {name: value for name, value in state().items() if value not in (None, "")}
        if also is not None:
            also()
    update()
    return update


def home_page() -> widgets.VBox:
    """The index: what Atout is, the games (each opening its lessons) and every rule by its id."""
    from atout.widgets.index import GamesIndex

    _request, shell = _start("home")
    return _page("home", shell, GamesIndex())


def course_page() -> widgets.VBox:
    """The course, on the lesson and step its address names.

    This page is preheated: the course is built while the kernel waits for its visitor, and only the address's
    lesson, step and language are applied once the visitor is known (a switch in place takes milliseconds).
    """
    # The lessons' ranking tables and bidding boxes are drawn with pandas: imported here, while the kernel waits in
    # its pool, rather than at the click that first opens one (pages showing no table start without it).
    import pandas  # noqa: F401

    from atout.widgets.course import Course
    from atout.widgets.language import set_page_language
    from atout.widgets.shell import PageShell

    course = Course()
    shell = PageShell("learn")
    request = page_request()
    shell.lang_source = request.lang_source
    set_page_language(request.lang)
    shell.say(*request.notices, *open_lesson(course, request.query))
    class_code = _class_code(request.query)
    if class_code:
        course.live.prefill(class_code)
    course.on_move.append(_follow(shell, _with_class(course.address_state, class_code)))
    return _page("learn", shell, course)


def _class_code(query: dict[str, str]) -> str | None:
    """The live class code a teacher's link carries (``course.ipynb?class=K7M-4QX``), else None."""
    return query.get("class", "")[:40] or None


def _with_class(state: Callable[[], dict[str, str]], class_code: str | None) -> Callable[[], dict[str, str]]:
    """The page's state with the class code of its link kept, so a reload still offers to join that class."""
    return lambda: {**state(), **({"class": class_code} if class_code else {})}


def open_lesson(course, query: dict[str, str]) -> list[Text]:
    """Show the lesson and step the address names; what cannot be shown is said, and the page opens as usual."""
    notices: list[Text] = []
    lesson_id = query.get("lesson")
    if lesson_id is not None and lesson_id not in course.by_id:
        notices.append(Text("There is no lesson “{lesson}”: here is the first one. The lessons are listed on the "
                            "left.", lesson=lesson_id[:60]))
    elif lesson_id is not None and course.current is not None and lesson_id != course.current.lesson.id:
        course.show_lesson(lesson_id)
    step = query.get("step")
    view = course.current
    if step is None or view is None or lesson_id not in course.by_id:
        return notices
    steps = len(view.lesson.steps)
    if step.lower() == "quiz":
        view.start_quiz()
    elif step.isdigit() and 1 <= int(step) <= steps:
        view.go(int(step) - 1)
    else:
        notices.append(Text("The lesson “{title}” has steps 1 to {n} and a quiz; the address asks for step “{step}”, "
                            "so it opens at step 1.", title=_InLanguages(view.lesson.title), n=steps, step=step[:20]))
    return notices


class _InLanguages:
    """A lesson's words in every language, as a sentence's parameter (said again when the language changes)."""

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words

    def render(self, lang: str) -> str:
        return self.words.get(lang) or self.words[DEFAULT_LANGUAGE]


def play_page() -> widgets.VBox:
    """A game against the computer: the address's game and level, or the game in progress it holds."""
    # The score sheet shown at the end of every hand is drawn with pandas: paid as the page opens, not then.
    import pandas  # noqa: F401

    from atout.players import LEVELS
    from atout.widgets.address import parse_moves
    from atout.widgets.play import LEVEL_NAMES, PlayGame

    request, shell = _start("play")
    query, notices = request.query, list[Text]()
    game = _game(query, notices)
    options = _house_rules(game, query, notices)
    level = query.get("level", "club")
    if level not in LEVELS:
        notices.append(Text("The address asks for the level “{level}”; the levels are {levels}: here is {default}.",
                            level=level[:40], levels=[LEVEL_NAMES[lv] for lv in LEVELS], default=LEVEL_NAMES["club"]))
        level = "club"
    seed, moves = query.get("seed"), []
    if "moves" in query:
        try:
            if seed is None or not seed.isdigit():
                raise NotationError(Text("its seed is missing or not a number"))
            moves = parse_moves(query["moves"])
        except AtoutError as exc:
            notices.append(_not_restored(exc))
            seed, moves = None, []
    reviewed = []
    if moves and "reviewed" in query:     # the hands reviewed before a reload: "1.3"
        words = query["reviewed"].split(".")
        reviewed = [int(word) for word in words if word.isdigit() and len(word) <= 4]
        if len(reviewed) != len(words):
            notices.append(Text("The hands to review in the address ({value}) are not hand numbers: those that are "
                                "were reviewed again.", value=query["reviewed"][:40]))
    play = PlayGame(game=game, level=level, game_seed=int(seed) if moves else None, moves=moves, reviewed=reviewed,
                    **options)
    if play.restore_error is not None:
        notices.append(_not_restored(play.restore_error))
    shell.say(*notices)
    play.on_change.append(_follow(shell, play.address_state,
                                  also=lambda: setattr(shell, "confirm_leave", play.in_progress())))
    return _page("play", shell, play)


def _not_restored(exc: Exception) -> Text:
    return Text("The game in the address could not be carried on ({reason}): a new game has started.",
                reason=str(exc))


def whatif_page() -> widgets.VBox:
    """What if: the address's position (its text), or a deal of the address's game."""
    from atout.position import hand_from_text
    from atout.widgets.whatif import WhatIf

    request, shell = _start("whatif")
    query, notices = request.query, list[Text]()
    game = _game(query, notices)
    text = _usable(query.get("position"), hand_from_text, notices, lambda reason: Text(
        "The position in the address could not be set up: {reason}", reason=reason))
    whatif = WhatIf(game=game, text=text)
    shell.say(*notices)
    whatif.on_change.append(_follow(shell, whatif.address_state))
    return _page("whatif", shell, whatif)


def puzzles_page() -> widgets.VBox:
    """Puzzles made by the solver: the address's game (or every game) and puzzle, the puzzles' difficulty kept in the
    class store."""
    from atout.live.store import open_store
    from atout.widgets.puzzles import EVERY_GAME, PuzzleTrainer

    request, shell = _start("puzzles")
    query, notices = request.query, list[Text]()
    game = _game(query, notices, default=EVERY_GAME)
    trainer = PuzzleTrainer(game=game, puzzle=query.get("puzzle"), store=open_store)
    if query.get("puzzle") and trainer.puzzle is not None and trainer.puzzle.id != query["puzzle"]:
        notices.append(Text("The address names a puzzle Atout does not have ({id}): here is another.",
                            id=query["puzzle"][:40]))
    shell.say(*notices)
    trainer.on_change.append(_follow(shell, trainer.address_state))
    return _page("puzzles", shell, trainer)


def classroom_page() -> widgets.VBox:
    """The classroom: the address's game, or its deal code, then the moves played and the walk-through's step.

    This page may be preheated (``voila.json``): a kernel started ahead of its visitor builds the classroom of the
    usual game while it waits, and once the visitor is known only turns it to the address's game, deal and class, as
    a teacher's choices on the page would.
    """
    from atout import dealcode
    from atout.preheat import preheated
    from atout.widgets.address import parse_moves
    from atout.widgets.classroom import Classroom
    from atout.widgets.language import set_page_language
    from atout.widgets.shell import PageShell

    shell = PageShell("classroom")
    ahead = Classroom() if preheated() else None
    request = page_request()
    shell.lang_source = request.lang_source
    set_page_language(request.lang)
    shell.say(*request.notices)
    query, notices = request.query, list[Text]()
    game = _game(query, notices)
    asked = query.get("code", "")
    code = _usable(query.get("code"), dealcode.decode, notices, lambda reason: Text(
        "The deal code in the address, “{code}”, could not be used: {reason}", code=asked[:40], reason=reason))
    class_code = _class_code(query)
    if ahead is None:
        classroom = Classroom(game=game, code=code, class_code=class_code)
    else:
        classroom = ahead
        classroom.live.offer_start()        # its visitor is known now (under JupyterHub: who may start a class)
        if code is not None:
            classroom.join(code)
        elif game != classroom.game_picker.value:
            classroom.game_picker.value = game          # a deal of the address's game, as the teacher's choice deals
        if class_code:
            classroom.live.prefill(class_code)
    if code is not None and ("moves" in query or query.get("mode") == "walk"):
        try:
            step = query.get("step", "1")
            if not step.isdigit():
                raise NotationError(Text("the step “{step}” is not a number", step=step[:20]))
            line = parse_moves(query.get("line", "")) if query.get("mode") == "walk" else None
            classroom.restore(parse_moves(query.get("moves", "")), line, int(step))
        except AtoutError as exc:
            notices.append(Text("The deal's moves in the address could not be played ({reason}): the deal starts "
                                "from the beginning.", reason=str(exc)))
    shell.say(*notices)
    classroom.on_change.append(_follow(shell, _with_class(classroom.address_state, class_code)))
    return _page("classroom", shell, classroom)


def handout_page() -> widgets.VBox:
    """The handout to print of the address's game (``handout.ipynb?game=five-hundred&lang=fr``)."""
    from atout import dealcode
    from atout.widgets.handout import Handout

    request, shell = _start("handout")
    notices: list[Text] = []
    game = _game(request.query, notices)
    options = _house_rules(game, request.query, notices)
    shell.say(*notices)
    handout = Handout(game, options)
    rules = dealcode.rules_text(game, options)
    shell.address = {"game": game, **({"rules": rules} if rules else {})}
    return _page("handout", shell, handout)


def _house_rules(game: str, query: dict[str, str], notices: list[Text]) -> dict:
    """The house rules the address names (``rules=``, a deal code's word for them), else the usual rules."""
    from atout import dealcode

    asked = query.get("rules", "")
    try:
        return dealcode.rules_from_text(game, asked)
    except AtoutError as exc:
        notices.append(Text("The house rules in the address, “{rules}”, could not be used ({reason}): here are the "
                            "usual rules.", rules=asked[:40], reason=str(exc)))
        return {}


def _usable(value: str | None, check: Callable[[str], object], notices: list[Text],
            refusal: Callable[[str], Text]) -> str | None:
    """``value`` when core's ``check`` accepts it; else None, and the refusal (with core's reason) is said."""
    if value is None:
        return None
    try:
        check(value)
    except AtoutError as exc:
        notices.append(refusal(str(exc)))
        return None
    return value


def _game(query: dict[str, str], notices: list[Text], default: str = DEFAULT_GAME) -> str:
    """The game the address names, else ``default`` (and a notice when it names one the site does not have)."""
    from atout.games import available_games, game_title

    asked = query.get("game")
    if asked is None or asked in available_games():
        return asked or default
    notices.append(Text("The address asks for the game “{game}”, which Atout does not have; the games are {games}.",
                        game=asked[:40], games=[Text(game_title(g)) for g in available_games()]))
    return default


def lesson_widget(lesson_id: str) -> widgets.VBox:
    """One lesson, for a JupyterLab cell (``atout.lesson("45-trumps")``); the site shows it on the course page,
    ``course.ipynb?lesson=45-trumps``. An id that is no lesson is refused with the ids there are."""
    from atout.lessons import LessonError, load_lessons
    from atout.widgets.lesson import LessonView

    lessons = {lesson.id: lesson for lesson in load_lessons()}
    if lesson_id not in lessons:
        raise LessonError(Text("there is no lesson {id}: the lessons are {ids}", id=repr(lesson_id),
                               ids=Series(lessons)))
    from atout.widgets.shell import FaultNotice

    style = widgets.HTML(site_style())
    view = LessonView(lessons[lesson_id])
    return widgets.VBox([style, view, FaultNotice(view)])
