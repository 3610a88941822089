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
import string
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal

from atout.languages import LANGUAGES, grammar

__all__ = ["LANGUAGES", "grammar"]     # with the names defined below: the languages are read from here too
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "atout"
DEFAULT_LANGUAGE = "en"

_current = DEFAULT_LANGUAGE
_recorded: set[str] | None = None   # the msgids rendered while ``recording()`` runs (the catalogue's coverage)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (it is translated when shown)."""
    return message


class _Typeset(gettext.NullTranslations):
    """A catalogue whose every message is given set as its language sets text (``Grammar.typography``: French
    spaces before : ; ! ?). Each msgstr is set once, as it is read, before any value is put into it: a card, a time,
    an address or a typed text given as a parameter is never touched."""

    def __init__(self, catalogue: gettext.NullTranslations, typography: Callable[[str], str]) -> None:
        super().__init__()
        self._catalogue = catalogue
        self._typography = typography
        self._set: dict[str, str] = {}

    def _space(self, text: str) -> str:
        done = self._set.get(text)
        if done is None:
            done = self._set[text] = self._typography(text)
        return done

    def gettext(self, message: str) -> str:
        return self._space(self._catalogue.gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._space(self._catalogue.ngettext(msgid1, msgid2, n))


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of one language (English is the source language), set as the language sets text."""
    return _Typeset(_catalogue(lang), grammar(lang).typography)


def _catalogue(lang: str) -> gettext.NullTranslations:
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


LANGUAGE_COOKIE = "atout-lang"      # written by the pages' shell (shell.js) when the learner chooses


def accepted_language(header: str) -> str | None:
    """The site's language the browser prefers most (``Accept-Language``), if it accepts one.

    >>> accepted_language("de-CH, fr;q=0.8, en;q=0.5"), accepted_language("de")
    ('fr', None)
    """
    ranked = []
    for position, part in enumerate(header.split(",")[:40]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, position, tag.strip().lower().split("-")[0]))
    return next((lang for weight, _pos, lang in sorted(ranked) if weight < 0 and lang in LANGUAGES), None)


def cookie_value(header: str, name: str) -> str | None:
    """The value of the cookie ``name`` in a request's ``Cookie`` header, if it has one."""
    from http.cookies import CookieError, SimpleCookie

    try:
        morsel = SimpleCookie(header).get(name)
    except CookieError:
        return None
    return morsel.value if morsel is not None else None


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


@contextlib.contextmanager
def recording() -> Iterator[set[str]]:
    """Collect the msgid of every sentence rendered meanwhile (``atout.catalogue`` proves each template is reached)."""
    global _recorded
    before, _recorded = _recorded, set()
    try:
        yield _recorded
    finally:
        _recorded = before


def signed(value: int, plus: bool = False) -> str:
    """A score as people write it: "−15" with a minus sign, not "-15"; with ``plus``, "+15" for a gain.

    >>> signed(-15), signed(15), signed(15, plus=True), signed(0, plus=True)
    ('−15', '15', '+15', '0')
    """
    if value < 0:
        return f"\u2212{-value}"
    return f"+{value}" if plus and value else str(value)


def decimal(value: float, lang: str | None = None, digits: int = 1) -> str:
    """A number with one decimal (or ``digits``) where it has one, as the language writes it: "1.6", « 1,6 »; "2"
    when whole.

    >>> decimal(1.64, "en"), decimal(1.64, "fr"), decimal(2.0, "fr"), decimal(0.034, "fr", digits=2)
    ('1.6', '1,6', '2', '0,03')
    """
    from babel.numbers import format_decimal

    shown: str = format_decimal(round(value, digits), format="0." + "#" * digits, locale=lang or _current)
    return shown


def plural_count(value: float, lang: str | None = None) -> int:
    """A whole number that takes the form ``value`` takes in the language (a fraction too: "1.6 points", « 1,6
    point »), for ``ngettext``.

    >>> plural_count(1.6, "en"), plural_count(1.6, "fr"), plural_count(3, "fr")
    (2, 1, 3)
    """
    if float(value).is_integer():
        return int(value)
    from babel import Locale

    return 1 if Locale.parse(lang or _current).plural_form(abs(value)) == "one" else 2


def ngettext(singular: str, plural: str, n: int, lang: str | None = None, **params: Any) -> str:
    """A message with a number in it, in the form the language uses for ``n``, with ``{n}`` filled in."""
    lang = lang or _current
    if _recorded is not None:
        _recorded.add(singular)
    # A negative count is a score lost: its noun takes the form of the count lost ("−1 point", « −2 points »; the
    # languages' plural rules are written for counts of 0 and more), and a minus sign, as ``signed`` writes a score.
    template = translations(lang).ngettext(singular, plural, abs(n))
    return template.format(n=signed(n) if n < 0 else n, **{k: render_value(v, lang) for k, v in params.items()})


def _(message: str, lang: str | None = None) -> str:
    """Translate one message into the current (or given) language."""
    return translations(lang or _current).gettext(message)


def sentences(*texts: str, lang: str | None = None, end_last: bool = True) -> str:
    """Sentences (each already in ``lang``) one after the other as the language sets them (``Grammar.sentences``):
    "A. B." in English, 「A。B。」 in Japanese; never an English full stop glued after a translation."""
    return grammar(lang or _current).sentences(*texts, end_last=end_last)


def sentence(text: str, lang: str | None = None) -> str:
    """One sentence ended with the language's full stop, unless it already ends as a sentence ends."""
    return grammar(lang or _current).ended(text)


def aside(sentence: str, remark: str, lang: str | None = None) -> str:
    """A sentence followed by a remark in brackets: "… (the hint's choice…)", 「…（ヒントの…）」."""
    return grammar(lang or _current).aside(sentence, remark)


def series(texts: Iterable[str], lang: str | None = None) -> str:
    """Items read one by one, without "and" (a line of play, names, results): "K♣, 4♣", 「K♣、4♣」."""
    return grammar(lang or _current).series(texts)


def listed(texts: Iterable[str], lang: str | None = None) -> str:
    """Items joined with the language's "and" (Babel's CLDR list patterns): "1, 2, and 5", « 1, 2 et 5 »."""
    from babel.lists import format_list

    shown = list(texts)
    return format_list(shown, locale=lang or _current) if shown else ""


class Series:
    """Values listed one by one as a sentence's parameter (the ids a refusal allows, seat numbers), written with the
    separator of the language the sentence is read in (``series``): "forty-fives, five-hundred", 「…、…」."""

    __slots__ = ("values",)

    def __init__(self, values: Iterable[Any]) -> None:
        self.values = tuple(str(v) for v in values)

    def render(self, lang: str | None = None) -> str:
        return series(self.values, lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Series) and other.values == self.values

    def __hash__(self) -> int:
        return hash(self.values)


class Text:
    """A sentence in the source language with named parameters, translated when shown.

    Parameters may be other ``Text`` objects, people (``Person``, ``Side``), cards, suits, lists (joined
    with the language's "and"), or plain values. A sentence whose subject is a player (the parameter
    ``seat``) gives the form its subject reads when it is the viewer, ``you``: "{seat} bids {call}" with
    ``you="You bid {call}"``. ``render(lang, viewer)`` writes it for the person reading, so the engines
    never decide who reads.
    """

    __slots__ = ("msgid", "params", "you")

    def __init__(self, msgid: str, you: str | None = None, **params: Any) -> None:
        self.msgid = msgid
        self.you = you
        self.params = params

    def template_id(self, viewer: int | None = None) -> str:
        """The msgid this sentence is written from for ``viewer``: its ``you`` form when the viewer is its subject."""
        subject = self.params.get("seat")
        if self.you is not None and viewer is not None and isinstance(subject, Person) and subject.seat == viewer:
            return self.you
        return self.msgid

    def render(self, lang: str | None = None, viewer: int | None = None) -> str:
        return self._render(lang or _current, viewer, True)

    def _render(self, lang: str, viewer: int | None, top: bool) -> str:
        """The sentence; ``top`` when it is not inside another one (only then does a player who starts it take
        a capital: "You win the trick", but "… the others score: you 10 and Player 3 5")."""
        msgid = self.template_id(viewer)
        if _recorded is not None:
            _recorded.add(msgid)
        template = translations(lang).gettext(msgid)
        if not self.params:   # literal braces are written doubled, as in every other message
            return template.replace("{{", "{").replace("}}", "}")
        first = _first_field(template)
        named = self.params.get(first) if first is not None else None
        if template == "{" + str(first) + "}" and isinstance(named, _Named):
            return named.render(lang, viewer)      # a name alone is a label, wherever it stands
        if template == "{" + str(first) + "}" and named is not None and hasattr(named, "sentence_forms"):
            card_alone: str = named.render(lang)   # so is a card alone: "Joker", "7♦"
            return card_alone
        values = {k: v._render(lang, viewer, True) if isinstance(v, Text) and _opens_a_sentence(template, k)
                  else render_value(v, lang, viewer) for k, v in self.params.items()}
        for k, v in self.params.items():      # a name after a full stop starts its sentence: « … 4. Votre camp … »
            if not isinstance(v, Text) and _names_something(v) and _opens_a_sentence(template, k):
                written = str(values[k])
                values[k] = written[:1].upper() + written[1:]
        text = _FORMATTER.vformat(template, (), values)
        if top and first is not None and _names_something(self.params.get(first)):
            text = text[:1].upper() + text[1:]    # "You …", "Le 7♦ …", "Clubs were led" start a sentence
        return text

    def _opens_with_a_name(self) -> bool:
        """Whether the sentence opens with a player, a side, a card or a suit, itself or through the sentence it opens
        with ("seat 2 is dealt…", a referee's word, stays as it is written)."""
        first = _first_field(self.msgid)
        return first is not None and _names_something(self.params.get(first))

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Text({self.render(DEFAULT_LANGUAGE)!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Text) and self.msgid == other.msgid and self.you == other.you
                and self.params == other.params)

    def __hash__(self) -> int:
        return hash(self.msgid)

    def texts(self) -> Iterator[Text]:
        """This sentence and every sentence inside its parameters."""
        yield self
        for value in self.params.values():
            for item in value if isinstance(value, list | tuple) else (value,):
                if isinstance(item, Text):
                    yield from item.texts()


def _names_something(value: Any) -> bool:
    """Whether a value written first in a sentence is a name that takes the sentence's capital (a person, a card, a
    suit, a list of them), not a text, a number or a sentence that opens with one."""
    if isinstance(value, Text):
        return value._opens_with_a_name()
    return value is not None and type(value) not in (str, int, float)    # a Suit is an int, and a name


def _opens_a_sentence(template: str, name: str) -> bool:
    """Whether the placeholder ``name`` stands after a full stop in ``template`` ("{trick}. {draw}"): the sentence
    put there starts with a capital, as at the start of a whole message."""
    return any(f". {{{name}{end}" in template for end in ("}", ":"))


def _first_field(template: str) -> str | None:
    """The name of the placeholder a template starts with, if it starts with one."""
    if not template.startswith("{") or template.startswith("{{"):
        return None
    end = template.find("}")
    return template[1:end].split(":")[0] if end > 0 else None


class _Worded:
    """A person or a card written in one language for one viewer; a translation picks the grammatical form with a
    format spec: ``{seat:à}`` writes "au joueur 2" or "à vous" in French, ``{card:le}`` "le 7♦", "la D♠" or "l'A♠",
    ``{card:de}`` "du 7♦", "de la D♠", "de l'A♠" (English has one form); a person's ``{seat:label}`` is the name as
    a choice shows it, "Joueur 1" (``_label``)."""

    __slots__ = ("forms",)

    def __init__(self, forms: dict[str, str]) -> None:
        self.forms = forms

    def __format__(self, spec: str) -> str:
        if spec not in self.forms:
            raise ValueError(f"no form {spec!r} of a name: the forms are {', '.join(map(repr, self.forms))}")
        return self.forms[spec]

    def __str__(self) -> str:
        return self.forms[""]


class _Formatter(string.Formatter):
    """``str.format``, except that a form asked of a value that has none (``{card:le}`` given a card's text instead
    of the card) writes the value as it is: a sentence a little less French, never a page that fails."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in _SPECS and not isinstance(value, _Worded):
            format_spec = ""
        formatted: str = super().format_field(value, format_spec)
        return formatted


_SPECS = frozenset(spec for code in LANGUAGES for spec in (*grammar(code).specs, "label"))
_FORMATTER = _Formatter()


def _forms(name: str, lang: str, bare: str | None = None) -> dict[str, str]:
    """The forms a name takes in a sentence of ``lang``, by format spec (``Grammar.forms``)."""
    return grammar(lang).forms(name, bare)


def _label(name: str, lang: str) -> str:
    """A name as a label or a choice shows it (``Grammar.label``): "Player 2", « Joueur 2 »."""
    return grammar(lang).label(name)


def _list_forms(forms: list[dict[str, str]], lang: str, style: Literal["standard", "or"] = "standard") -> _Worded:
    """Names listed with the language's "and" (or "or"), each in the form asked: "le 7♦, le R♦ et l'A♠"."""
    from babel.lists import format_list

    return _Worded({spec: format_list([f[spec] for f in forms], style=style, locale=lang)
                    for spec in ("", *grammar(lang).specs)})


class _Named:
    """Somebody at the table, named for whoever reads (``name``); on its own, as a label, with a capital."""

    __slots__ = ()

    def name(self, lang: str | None = None, viewer: int | None = None) -> str:   # pragma: no cover - abstract
        raise NotImplementedError

    def _key(self) -> tuple[object, ...]:   # pragma: no cover - abstract
        raise NotImplementedError

    def render(self, lang: str | None = None, viewer: int | None = None) -> str:
        """The name on its own, as a label (``_label``): "Player 2", "Joueur 2"."""
        lang = lang or _current
        return _label(self.name(lang, viewer), lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Named) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._key()[1:]}"


class Person(_Named):
    """A player named for whoever reads: "you" to that player, "Player 2" (seats counted from 1, as people
    count them) to everybody else. Core's sentences name players with it; the view says who reads."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def name(self, lang: str | None = None, viewer: int | None = None) -> str:
        if viewer is not None and viewer == self.seat:
            return _(N_("you"), lang)
        return _(N_("Player {n}"), lang).format(n=self.seat + 1)

    def _key(self) -> tuple[object, ...]:
        return ("person", self.seat)


class Side(_Named):
    """A partnership named for whoever reads: "your side", or its players ("Players 1 and 3")."""

    __slots__ = ("side", "seats")

    def __init__(self, side: int, players: int = 4) -> None:
        self.side = side
        self.seats = tuple(range(side, players, 2))

    def name(self, lang: str | None = None, viewer: int | None = None) -> str:
        lang = lang or _current
        if viewer is not None and viewer in self.seats:
            return _(N_("your side"), lang)
        from babel.lists import format_list

        numbers = format_list([str(s + 1) for s in self.seats], locale=lang)
        return _(N_("Players {numbers}"), lang).format(numbers=numbers)

    def _key(self) -> tuple[object, ...]:
        return ("side", self.seats)


class Plural:
    """A number with its noun, in the form the language uses for it ("1 trick", "6 tricks"; in French "0 point"), as
    a parameter of a sentence: ``Text("{side} took {tricks}", tricks=Plural("{n} trick", "{n} tricks", 6))``."""

    __slots__ = ("singular", "plural", "n")

    def __init__(self, singular: str, plural: str, n: int) -> None:
        self.singular, self.plural, self.n = singular, plural, n

    def render(self, lang: str | None = None) -> str:
        return ngettext(self.singular, self.plural, self.n, lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plural) and (self.singular, self.plural, self.n) == (other.singular, other.plural,
                                                                                      other.n)

    def __hash__(self) -> int:
        return hash((self.singular, self.n))


class Typed:
    """What a player typed or chose (an action, a call), quoted back as each language quotes: “play 8H” in English,
    « play 8H » in French (never the apostrophe, which is not a quotation mark in French). ``text`` may be a ``Text``
    saying what was typed in words (a call: “6 spades”, « 6 piques »)."""

    __slots__ = ("text",)

    def __init__(self, text: Any) -> None:
        self.text = text

    def render(self, lang: str | None = None) -> str:
        lang = lang or _current
        text = self.text if isinstance(self.text, str) else self.text.render(lang)
        return grammar(lang).quote(text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Typed) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


class Continued(Text):
    """A sentence that goes on another after its colon: it starts in lower case, as French and English write a
    sentence after a colon ("…: misère may be called only…", « … : la misère ne peut… »), unless it opens with a
    name (a player, a card, a call given as a value). Only for sentences that open with a common word."""

    __slots__ = ()

    def __init__(self, text: Text) -> None:
        super().__init__(text.msgid, text.you, **text.params)

    def _render(self, lang: str, viewer: int | None, top: bool) -> str:
        written = super()._render(lang, viewer, top)
        return written if self._opens_with_a_name() else written[:1].lower() + written[1:]


class OneOf:
    """Choices written as a list joined with the language's "or" ("2, 3, or 4"; a list param joins with "and")."""

    __slots__ = ("items",)

    def __init__(self, items: Any) -> None:
        self.items = list(items)

    def render(self, lang: str | None = None) -> Any:
        from babel.lists import format_list

        lang = lang or _current
        if self.items and all(hasattr(v, "sentence_forms") for v in self.items):
            return _list_forms([v.sentence_forms(lang) for v in self.items], lang, "or")
        if self.items and all(isinstance(v, Person | Side) for v in self.items):
            return _list_forms([_forms(v.name(lang), lang) for v in self.items], lang, "or")
        # A value may say how it stands in a list of choices (a call: « … ou la misère »).
        items = [v.list_form(lang) if hasattr(v, "list_form") else str(render_value(v, lang)) for v in self.items]
        return format_list(items, style="or", locale=lang) if items else ""


def render_value(value: Any, lang: str, viewer: int | None = None) -> Any:
    """How a parameter of a sentence is written in a language, for a viewer (people are "you" to themselves)."""
    if isinstance(value, Person | Side):
        return _Worded(_forms(value.name(lang, viewer), lang))
    if isinstance(value, Text):
        return value._render(lang, viewer, False)
    if hasattr(value, "sentence_forms"):      # a card: "7♦", and in French "le 7♦", "du 7♦", "à l'A♠"
        return _Worded(value.sentence_forms(lang))
    if hasattr(value, "render"):
        return value.render(lang)
    if isinstance(value, list | tuple):
        from babel.lists import format_list

        if value and all(hasattr(v, "sentence_forms") for v in value):
            return _list_forms([v.sentence_forms(lang) for v in value], lang)
        if value and all(isinstance(v, Person | Side) for v in value):    # each in the form asked: « au joueur 2 et
            return _list_forms([_forms(v.name(lang, viewer), lang) for v in value], lang)     # au joueur 3 »
        items = [str(render_value(v, lang, viewer)) for v in value]
        return format_list(items, locale=lang) if items else ""
    return str(value)
