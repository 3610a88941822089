"""One language for the whole page: a switch (the page shell's, ``atout.widgets.shell``) re-renders every live
widget at once.

Every widget that shows text registers itself with ``register`` and implements ``refresh()``,
which redraws it from core state in the current language (card names included).
"""

from __future__ import annotations

import weakref
from typing import Protocol

import ipywidgets as widgets

from atout.i18n import LANGUAGES, grammar, set_language

LANGUAGE_NAMES = {code: grammar(code).autonym for code in LANGUAGES}


class Refreshable(Protocol):
    def refresh(self) -> None: ...


_live: weakref.WeakSet = weakref.WeakSet()


def register(widget: Refreshable) -> None:
    """Redraw ``widget`` whenever the page language changes."""
    _live.add(widget)


def set_page_language(lang: str) -> None:
    """Switch the language and redraw every registered widget that is still on the page."""
    set_language(lang)
    for widget in list(_live):
        if getattr(widget, "comm", True) is None:     # closed: no longer shown anywhere
            _live.discard(widget)
            continue
        widget.refresh()


def close_tree(widget: widgets.Widget) -> None:
    """Close a widget and everything inside it, so a replaced view stops costing anything."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    _live.discard(widget)
    widget.close()
