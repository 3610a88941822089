"""What a page sends its kernel, checked before anything reads it (issue 12).

A page talks to its widgets in two ways: a message (a click on a card, a key, a heartbeat) and a trait it sets (the
language chosen, the progress kept in the browser). Either can be anything a browser can send: a 9 MB string, a list
where a card was expected, a trait the page never sets. ``FromPage`` stands in front of both for each of the site's
anywidgets, so that a widget's own handler only ever sees what its page really sends:

* a message must be a table of at most ``MAX_MESSAGE`` characters' worth of JSON, measured without walking more of it
  than that; anything else is refused whole, with a warning in the server's log naming what was wrong;
* a trait is set from the page only when the widget names it in ``page_sets``, with the function that reads its value
  (it returns the value to keep, or raises ``PageValueError``); a refused value leaves the trait as it was, and the
  kernel's value is sent back so that the page and its kernel agree again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from atout.errors import quote

log = logging.getLogger(__name__)

MAX_MESSAGE = 2_000      # characters: the largest message a page sends is an action such as "play JK H"
MAX_VALUE = 50_000       # characters: the largest trait a page sets is the progress kept in the browser (~3,000)


class PageValueError(ValueError):
    """A value a page sent that its widget cannot use; the message says what is allowed."""


def larger_than(value: Any, limit: int) -> bool:
    """Whether ``value`` (what JSON gives: tables, lists, texts, numbers) would take more than ``limit`` characters
    as JSON, found by walking no more of it than that (texts and numbers count their length, every item one more)."""
    budget = limit
    pending = [value]
    while pending:
        item = pending.pop()
        budget -= 1
        if isinstance(item, str):
            budget -= len(item)
        elif isinstance(item, dict):
            budget -= len(item)
            if budget >= 0:
                pending.extend(item.keys())
                pending.extend(item.values())
        elif isinstance(item, list | tuple):
            budget -= len(item)
            if budget >= 0:
                pending.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool):
            budget -= min(item.bit_length() // 3, limit + 1)   # about its digits, without writing them
        if budget < 0:
            return True
    return False


class FromPage:
    """The guard in front of a page's messages and trait changes; mixed into an ``anywidget.AnyWidget``."""

    # The traits the page may set, each with the function that reads the value sent (and may tidy it).
    page_sets: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A change of traits from the page: the ones it may set, read by their functions; the others refused."""
        accepted: dict[str, Any] = {}
        refused: list[str] = []
        for name, value in sync_data.items():
            read = self.page_sets.get(name)
            why = None
            if read is None:
                why = "the page does not set this trait"
            elif larger_than(value, MAX_VALUE):
                why = f"more than {MAX_VALUE} characters"
            else:
                try:
                    accepted[name] = read(value)
                except PageValueError as error:
                    why = str(error)
            if why is not None:
                refused.append(name)
                log.warning("%s: the page's %s = %s was refused: %s", type(self).__name__, quote(name),
                            quote(value), why)
        if accepted:
            super().set_state(accepted)  # type: ignore[misc]
        kept = [name for name in refused if name in self.keys]  # type: ignore[attr-defined]
        if kept:
            self.send_state(kept)  # type: ignore[attr-defined]

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict) or buffers or larger_than(content, MAX_MESSAGE):
            why = "not a table" if not isinstance(content, dict) else (
                "it carries binary buffers" if buffers else f"more than {MAX_MESSAGE} characters")
            log.warning("%s: a message from the page was refused (%s): %s", type(self).__name__, why, quote(content))
            self.page_message_refused(content)
            return
        super()._handle_custom_msg(content, buffers)  # type: ignore[misc]

    def page_message_refused(self, content: Any) -> None:
        """What the widget shows when a message from its page was refused: by default nothing but the log."""


def boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise PageValueError(f"true or false, not {quote(value)}")
    return value
