"""What every page of the site starts with: the page style. Each page is a few cells calling these."""

from __future__ import annotations

import gc
import os
import weakref
from pathlib import Path
from urllib.parse import parse_qs

from IPython.display import HTML

from atout.i18n import preload

STYLE = Path(__file__).parent / "site.css"


def page_style() -> HTML:
    """The site's stylesheet, inlined (the site works offline).

    Every page calls it first, once its modules are imported. Those objects live as long as the page, so they are
    moved out of the garbage collector's sight (``gc.freeze``): a click is not kept waiting while the collector
    sweeps a few hundred thousand objects that can never be garbage (`atout bench site`: the card table's p95
    click round trip went from 11.5 to 10.2 ms). So is what each of the page's cells builds (its table, hand and
    widgets), once the cell has run; what clicks make later stays in the collector's sight. What the first
    sentences would load on a click (the catalogues, Babel's locale data) is loaded before the freeze.
    """
    preload()
    gc.freeze()
    _freeze_after_each_cell()
    return HTML(f"<style>{STYLE.read_text(encoding='utf-8')}</style>")


_FREEZING_SHELLS: weakref.WeakSet = weakref.WeakSet()


def _freeze_after_each_cell() -> None:
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None or shell in _FREEZING_SHELLS:
        return
    _FREEZING_SHELLS.add(shell)
    shell.events.register("post_run_cell", lambda _result: gc.freeze())


def course(start: str | None = None):
    """The course page; a class code in its address (``course.ipynb?class=K7M-4QX``, the teacher's link) opens the
    form to join that class. The page is preheated: the course is built while the kernel waits for its visitor, and
    only the address's code is applied once the visitor is known."""
    from atout.widgets.course import Course
    from atout.widgets.live import requested_class

    page = Course(start=start)
    code = requested_class()
    if code:
        page.live.prefill(code)
    return page


def classroom():
    """The classroom page; a class code in its address opens the form to join that class."""
    from atout.widgets.classroom import Classroom
    from atout.widgets.live import requested_class

    return Classroom(class_code=requested_class())


def lesson_page(lesson_id: str):
    """One lesson on its own page (for a direct link and for JupyterLab)."""
    from atout.widgets.course import Course

    return Course(start=lesson_id, play_href="../play.ipynb")   # the lesson pages are in notebooks/lessons/


def requested_game(default: str = "forty-fives") -> str:
    """The game a link asked this page for (``play.ipynb?game=sixty-six``), else ``default``.

    Voilà gives a page's kernel its address's query in ``QUERY_STRING``; a game the site does not have is
    ignored, so a mistyped link still opens the page.

    >>> os.environ["QUERY_STRING"] = "game=sixty-six"
    >>> requested_game()
    'sixty-six'
    >>> os.environ["QUERY_STRING"] = "game=bridge"
    >>> requested_game()
    'forty-fives'
    >>> del os.environ["QUERY_STRING"]
    """
    from atout.games import available_games

    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("game", [])
    return asked[-1] if asked and asked[-1] in available_games() else default
