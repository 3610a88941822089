"""Translation layer: every sentence a user reads goes through here.

Catalogues are gettext ``.po`` files under ``atout/locale/<lang>/LC_MESSAGES/atout.po``
(extracted and compiled with Babel by ``make i18n``). When the compiled ``.mo`` is missing
(a fresh checkout that has not run the build), the ``.po`` is compiled in memory, so the
package never shows a half-translated page.

>>> with language("en"):
...     Text("{card} beats {other}", card="5♠", other="J♠").render()
'5♠ beats J♠'
"""

from __future__ import annotations

import contextlib
import gettext
import io
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "atout"
LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"

_current = DEFAULT_LANGUAGE


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (it is translated when shown)."""
    return message


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of one language (English is the source language)."""
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    po = folder / f"{DOMAIN}.po"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    if po.exists():
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        buf = io.BytesIO()
        write_mo(buf, catalog)
        buf.seek(0)
        return gettext.GNUTranslations(buf)
    return gettext.NullTranslations()


def preload() -> None:
    """Load now what the first sentences in each language would otherwise load when a user is waiting: the
    catalogues, and Babel's list patterns (reading Babel's locale data takes tens of milliseconds the first time)."""
    from babel.lists import format_list

    for lang in LANGUAGES:
        translations(lang)
        format_list(["a", "b"], locale=lang)


def set_language(lang: str) -> None:
    """Choose the language of every sentence shown from now on."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    _current = lang


def get_language() -> str:
    return _current


@contextlib.contextmanager
def language(lang: str) -> Iterator[None]:
    """Temporarily switch the language (used by tests and by the referee)."""
    before = _current
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None, **params: Any) -> str:
    """A message with a number in it, in the form the language uses for ``n``, with ``{n}`` filled in."""
    lang = lang or _current
    template = translations(lang).ngettext(singular, plural, n)
    return template.format(n=n, **{k: render_value(v, lang) for k, v in params.items()})


def _(message: str, lang: str | None = None) -> str:
    """Translate one message into the current (or given) language."""
    return translations(lang or _current).gettext(message)


class Text:
    """A sentence in the source language with named parameters, translated when shown.

    Parameters may be other ``Text`` objects, cards, suits, lists (joined with the
    language's "and"), or plain values.
    """

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params

    def render(self, lang: str | None = None) -> str:
        lang = lang or _current
        template = translations(lang).gettext(self.msgid)
        if not self.params:   # literal braces are written doubled, as in every other message
            return template.replace("{{", "{").replace("}}", "}")
        return template.format(**{k: render_value(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Text({self.render(DEFAULT_LANGUAGE)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self.msgid == other.msgid and self.params == other.params

    def __hash__(self) -> int:
        return hash(self.msgid)


class OneOf:
    """Choices written as a list joined with the language's "or" ("2, 3, or 4"; a list param joins with "and")."""

    __slots__ = ("items",)

    def __init__(self, items: Any) -> None:
        self.items = list(items)

    def render(self, lang: str | None = None) -> str:
        from babel.lists import format_list

        lang = lang or _current
        items = [render_value(v, lang) for v in self.items]
        return format_list(items, style="or", locale=lang) if items else ""


def render_value(value: Any, lang: str) -> str:
    """How a parameter of a sentence is written in a language."""
    if hasattr(value, "render"):
        return value.render(lang)
    if isinstance(value, list | tuple):
        from babel.lists import format_list

        items = [render_value(v, lang) for v in value]
        return format_list(items, locale=lang) if items else ""
    return str(value)
