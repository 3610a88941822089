"""The page shell: what every page of the site has around its content, and what keeps the page alive.

- **The header**: Learn, Play, What if, Classroom, Home, and the language switch, the same on every page.
- **One language, chosen once**: the address's ``?lang=`` first, then the learner's earlier choice (kept by the
  browser, in localStorage and a cookie the server passes on), then the browser's language; the switch redraws the
  page at once and is remembered.
- **The address holds the page's state** (the lesson and step, the deal and step, the position, the game in
  progress): the page sets ``address`` and the browser's address bar follows (``history.replaceState``), so a
  reload, a bookmark or a link brings the learner back where they were.
- **A heartbeat**: a comm message every ``heartbeat_s`` seconds keeps an open page's kernel from being culled
  (``atout.serve`` says why it counts as activity), and its echo tells the page its kernel still answers.
- **A fault inside Atout is said**: when answering a click meets a fault in Atout (``atout.widgets.fault``), the
  page is put back as it was and a banner says so, with Carry on and the same Reload.
- **A live class's store that fails is said by its cause**: the banner says the store's own sentence (the class
  database was deleted, is locked, does not answer, and what to do) instead, and goes by itself when the store works
  again (``store_said``): nothing to press, since reloading would not mend it.
- **A page never dies silently**: when the kernel is gone (culled, killed, restarted empty, the server stopped), a
  banner says so in words and offers one action, reloading the page's address. A widget whose module loaded too late
  for anywidget (its model then drops what the kernel sends) is mended in the browser and sent its state again, or,
  when that cannot be done, the banner says the page stopped hearing the server. Its words are sent to the browser
  in every language when the page is made, so they work with no kernel at all.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from atout.i18n import LANGUAGES, N_, Text, get_language
from atout.widgets import fault, language
from atout.widgets.fault import guarded
from atout.widgets.page_input import FromPage, PageValueError

HERE = Path(__file__).parent
HEARTBEAT_ENV = "ATOUT_HEARTBEAT_S"      # set by atout.serve from the server's culling timeout
DEFAULT_HEARTBEAT_S = 60.0

# the handout is the classroom's, not in NAV
PAGES = ("learn", "play", "whatif", "puzzles", "classroom", "home", "handout")
HREFS = {"learn": "course.ipynb", "play": "play.ipynb", "whatif": "whatif.ipynb", "puzzles": "puzzles.ipynb",
         "classroom": "classroom.ipynb", "home": "index.ipynb"}
NAV = {"learn": N_("Learn"), "play": N_("Play"), "whatif": N_("What if?"), "puzzles": N_("Puzzles"),
       "classroom": N_("Classroom"), "home": N_("Home")}
TITLES = {"learn": N_("Learn the games"), "play": N_("Play against the computer"), "whatif": N_("What if?"),
          "puzzles": N_("Puzzles made by the solver"),
          "classroom": N_("The classroom"), "home": N_("Atout: learn trick-taking card games"),
          "handout": N_("A handout to print")}
WORDS = {
    "site": N_("Atout"),
    "language": N_("Language"),
    "lost": N_("This page has lost its game on the server: its cards and buttons no longer answer. Reload it to "
               "carry on where you were."),
    # A widget of the page stopped hearing its kernel and could not be mended (shell.js says how that happens).
    "deaf": N_("This page stopped hearing the server: some of its cards and buttons may not answer. Reload it to "
               "carry on where you were."),
    "reconnecting": N_("The connection to the server is interrupted; trying again. If it does not come back, reload "
                       "the page to carry on where you were."),
    "reload": N_("Reload where I was"),
    # A fault inside Atout while answering the page (atout.widgets.fault): the page was put back as it was.
    "fault": N_("Something went wrong inside Atout, so what you just did was not done. The page still works: carry "
                "on, or reload it to start again where you were."),
    "carry_on": N_("Carry on"),
}


def _page_language(value: Any) -> str:
    if value not in LANGUAGES:
        raise PageValueError(f"the languages are {', '.join(LANGUAGES)}")
    return value


def heartbeat_s() -> float:
    """Seconds between heartbeats: what the server asked for, else a minute."""
    try:
        value = float(os.environ.get(HEARTBEAT_ENV, DEFAULT_HEARTBEAT_S))
    except ValueError:
        return DEFAULT_HEARTBEAT_S
    return value if value > 0 else DEFAULT_HEARTBEAT_S


def page_words(page: str) -> dict[str, dict[str, str]]:
    """Every word the shell shows, in every language (the banner must speak with no kernel to ask)."""
    out = {}
    for lang in LANGUAGES:
        words = {key: Text(msgid).render(lang) for key, msgid in WORDS.items()}
        words.update({f"nav-{key}": Text(msgid).render(lang) for key, msgid in NAV.items()})
        words["title"] = Text(TITLES[page]).render(lang)
        out[lang] = words
    return out


class PageShell(FromPage, anywidget.AnyWidget):
    """The header, the language, the address, the heartbeat and the lost-page banner of one page."""

    _esm = HERE / "shell.js"
    _css = HERE / "shell.css"
    page = traitlets.Unicode("home").tag(sync=True)
    hrefs = traitlets.Dict().tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    languages = traitlets.Dict().tag(sync=True)        # every language of the site, named in itself (the switch)
    # How the language was chosen: "address" (?lang=, which the browser then remembers), "choice" (remembered),
    # "browser" (the browser's languages), "default" (nothing said: the browser's own list decides).
    lang_source = traitlets.Unicode("default").tag(sync=True)
    address = traitlets.Dict().tag(sync=True)
    notices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    heartbeat_s = traitlets.Float(DEFAULT_HEARTBEAT_S).tag(sync=True)
    confirm_leave = traitlets.Bool(False).tag(sync=True)
    faults = traitlets.Int(0).tag(sync=True)      # faults inside Atout met while answering this page
    store_trouble = traitlets.Unicode("").tag(sync=True)    # why the class database fails now, in the page language
    beats = traitlets.Int(0)       # heartbeats answered (for tests and curiosity)
    page_sets = {"lang": lambda value: _page_language(value)}     # the language switch, or the browser's own

    def __init__(self, page: str, lang_source: str = "default", **kwargs: Any) -> None:
        if page not in PAGES:
            raise ValueError(f"unknown page {page!r}: the pages are {', '.join(PAGES)}")
        super().__init__(page=page, hrefs=dict(HREFS), words=page_words(page), lang=get_language(),
                         languages=dict(language.LANGUAGE_NAMES),
                         lang_source=lang_source, heartbeat_s=heartbeat_s(), **kwargs)
        self._notices: list[Text] = []
        self._store_failure: Any = None
        self.add_class("atout-page-shell")
        self.on_msg(self._on_message)
        self.observe(guarded(self._language_chosen), names="lang")
        language.register(self)
        fault.listen(self)
        fault.listen_to_store(self)

    def say(self, *notices: Text) -> None:
        """Show these sentences under the title (what the address asked for that could not be done)."""
        self._notices.extend(notices)
        self.refresh()

    def hears(self, _state: Any) -> bool:
        """The banner speaks for every widget of its page."""
        return True

    def fault_said(self) -> None:
        """Say that something went wrong inside Atout (the banner's words are the ``fault`` entry of ``words``)."""
        self.faults += 1

    def store_said(self, failure: Any) -> None:
        """The class database fails (``failure``, a ``StoreError``: the banner says it) or works again (None)."""
        self._store_failure = failure
        self.store_trouble = str(failure) if failure is not None else ""

    def refresh(self) -> None:
        if self.lang != get_language():
            self.lang = get_language()
        self.notices = [notice.render() for notice in self._notices]
        self.store_said(self._store_failure)

    def _language_chosen(self, change: dict[str, Any]) -> None:
        if change["new"] in LANGUAGES and change["new"] != get_language():
            language.set_page_language(change["new"])

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("beat"), int):
            self.beats += 1
            self.send({"beat": content["beat"]})


# A lesson in a JupyterLab cell: no header, no address to reload, so the way back is the cell.
CELL_FAULT = N_("Something went wrong inside Atout, so what you just did was not done. The lesson still works: carry "
                "on, or run its cell again to start the lesson afresh.")


class FaultNotice(widgets.HBox):
    """The page shell's fault banner for a widget shown in a JupyterLab cell, where no shell is: hidden until a
    fault inside Atout meets a callback that reaches ``owner``, then said in words under it, with Carry on."""

    def __init__(self, owner: widgets.Widget) -> None:
        self.owner = owner
        self.text = widgets.HTML()
        self.carry_on = widgets.Button()
        self.carry_on.add_class("atout-fault-carry-on")
        super().__init__([self.text, self.carry_on], layout=widgets.Layout(display="none"))
        self.add_class("atout-fault-notice")
        self.faults = 0
        self.carry_on.on_click(lambda _button: self._hide())
        self.refresh()
        language.register(self)
        fault.listen(self)

    def hears(self, state: Any) -> bool:
        """Whether the callback reached the owner or a widget shown inside it (a lesson's quiz, its table)."""
        todo, seen = [self.owner], set()
        while todo:
            widget = todo.pop()
            if id(widget) in seen:
                continue
            seen.add(id(widget))
            if state.reaches(widget):
                return True
            todo.extend(child for child in getattr(widget, "children", ()) if isinstance(child, widgets.Widget))
        return False

    def fault_said(self) -> None:
        self.faults += 1
        self.layout.display = "flex"

    def refresh(self) -> None:
        self.text.value = f'<p role="alert">{html.escape(Text(CELL_FAULT).render())}</p>'
        self.carry_on.description = Text(WORDS["carry_on"]).render()

    def _hide(self) -> None:
        self.layout.display = "none"
