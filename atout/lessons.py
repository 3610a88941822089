"""Lessons as data: loading, checking and quizzes answered by the referee.

A lesson is a TOML file under ``lessons/<family>/`` (ours ship in the package, ``atout/data/lessons``; a teacher's
folders are served beside them, ``atout.resources.extra_lesson_folders``): its text in every language, the steps (one
idea each, with the cards or widget to show), and quiz questions. A teacher writes one without
touching Python; ``check_lessons`` refuses an invalid lesson, a missing translation or a rule id
the rulebook lacks, naming the file and the place.

Quiz answers are never written in the lesson: the referee computes them, and the feedback quotes
the rule the referee cites.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import random
import re
import stat
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from atout import rules_api
from atout.cards import KING, QUEEN, Card, Suit
from atout.engine import Explanation, Phase
from atout.errors import AtoutError, quote
from atout.family_contract import Capability
from atout.games import DEFAULT_GAME, FAMILY_LIST, GAMES, family_of, game_info, make_config, package_of
from atout.house_rules import HOUSE_RULES, house_rule, in_force
from atout.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    N_,
    OneOf,
    Person,
    Series,
    Side,
    Text,
    get_language,
    grammar,
    render_value,
    sentences,
    signed,
)
from atout.iri_check import without_iri_format_check
from atout.limits import FEWEST_PLAYERS, LESSON
from atout.referee import typed
from atout.resources import LESSONS, extra_lesson_folders
from atout.rulebook import RULES
from atout.vocabulary import call_label


def _import_jsonschema() -> ModuleType:
    """jsonschema, without its IRI format check (``atout.iri_check``: the lesson schema has no ``format``)."""
    with without_iri_format_check():
        import jsonschema
    return jsonschema


if TYPE_CHECKING:
    import jsonschema


LESSONS_DIR = LESSONS      # the lessons that ship with Atout
MAX_ID = 64                # characters of a lesson's id, which is in every address of its page
FAMILY_ORDER = tuple(f.id for f in FAMILY_LIST)


class LessonError(AtoutError):
    """A lesson file that is not valid: the message names the file, the place and what is allowed."""


# Limits on every field: far above what a lesson needs (the longest text has 449 characters, the longest list 48
# items), low enough that no file makes a page or the check slow.
MAX_TEXT = 2000         # characters of a sentence a learner reads
MAX_WORD = 60           # characters of a card, a trump, an action, a call, a rule id, an option
MAX_LIST = 300          # items of a list
MAX_SEED = 2 ** 32 - 1
_WORD = {"type": "string", "maxLength": MAX_WORD}
# A text in each language the lesson has it in; English, the source language, always (the others fall back to it).
_TEXT = {"type": "object", "properties": {lang: {"type": "string", "minLength": 1, "maxLength": MAX_TEXT}
                                          for lang in LANGUAGES},
         "required": [DEFAULT_LANGUAGE], "additionalProperties": False}
_CARDS = {"type": "array", "items": _WORD, "maxItems": 60}
_GAME = {"enum": list(GAMES)}
_TRUMP = _WORD
_WORDS = {"type": "array", "items": _WORD, "maxItems": MAX_LIST}
_SEED = {"type": "integer", "minimum": 0, "maximum": MAX_SEED}
_OPTIONS = {"type": "object", "maxProperties": 20, "propertyNames": {"maxLength": MAX_WORD},
            "additionalProperties": {"type": ["string", "integer", "boolean"], "maxLength": MAX_WORD}}

# What a question of each special-rule kind may ask (``ask``; the first is the default), and the fields it needs.
ASKS: dict[str, tuple[str, ...]] = {
    "points": ("points", "66"),          # how many points these tricks make / do they make 66
    "discards": ("cards", "count", "draw"),
    "exchange": ("may",),
    "marriage": ("may",),
    "close": ("may", "score"),
    "rob": ("may", "who", "cards"),      # may this seat rob (must, may, no) / who may / which cards may go
    "draw": ("first", "take", "follow"),  # after this trick: who draws first / what you take / must you follow
}
_POSITION = ["trump", "hand", "stock"]    # a Sixty-Six position on lead, given by its counts
_NEEDS: dict[str, list[str]] = {"points": ["tricks"], "discards": ["hand"], "exchange": _POSITION,
                                "marriage": [*_POSITION, "marriage"], "close": _POSITION,
                                "rob": [],    # the deal by its seed or by turn_up: the referee says which it lacks
                                "draw": [*_POSITION, "plays"]}


def _kind_rules() -> list[dict[str, Any]]:
    """Per kind: the values of ``ask`` and the fields required (a closing question's score needs only ``score``)."""
    rules = []
    for kind, asks in ASKS.items():
        then: dict[str, Any] = {"properties": {"ask": {"enum": list(asks)}}}
        if kind == "close":
            then |= {"if": {"required": ["ask"], "properties": {"ask": {"const": "score"}}},
                     "then": {"required": ["score"]}, "else": {"required": _NEEDS[kind]}}
        else:
            then["required"] = _NEEDS[kind]
        rules.append({"if": {"required": ["kind"], "properties": {"kind": {"const": kind}}}, "then": then})
    rules.append({"if": {"required": ["kind"], "properties": {"kind": {"const": "score"}}},   # the tricks to score
                  "then": {"required": ["score"]}})
    # a strategic claim: the position, the choices claimed best and why, in words
    rules.append({"if": {"required": ["kind"], "properties": {"kind": {"const": "best"}}},
                  "then": {"required": ["position", "claim", "why"]}})
    return rules


QUESTION_SCHEMA = {
    "type": "object",
    "required": ["kind"],
    "allOf": _kind_rules(),
    "properties": {
        "kind": {"enum": ["winner", "legal", "score", "bids", "drill", "best", *ASKS]},
        "ask": {"enum": sorted({a for asks in ASKS.values() for a in asks})},
        "players": {"type": "integer", "minimum": FEWEST_PLAYERS, "maximum": LESSON.most},
        "dealer": {"type": "integer", "minimum": 0, "maximum": LESSON.most - 1},
        "calls": _WORDS,
        "prompt": _TEXT,
        "game": _GAME,
        "options": _OPTIONS,
        "trump": _TRUMP,
        "plays": _CARDS,
        "hand": _CARDS,
        "phase": {"enum": ["open", "strict"]},
        "joker_suit": _WORD,
        "score": {"type": "object", "maxProperties": 20},
        "drill": {"enum": ["winner", "legal"]},
        "count": {"type": "integer", "minimum": 1, "maximum": 20},
        "seed": _SEED,
        "trumps": {"type": "array", "items": _TRUMP, "maxItems": 5},
        # points: the tricks one player won (2 cards each), the marriages they declared, the last trick's 10
        "tricks": {"type": "array", "items": {"type": "array", "items": _WORD, "minItems": 2, "maxItems": 2},
                   "maxItems": 12},
        "marriages": _CARDS,
        "last_trick": {"type": "boolean"},
        # discards: the kitty the high bidder or contractor adds to the hand
        "kitty": _CARDS,
        "bidder": {"type": "boolean"},
        # exchange, marriage, close: a Sixty-Six position; the stock's face-down cards, what seat 0 did first
        "stock": {"type": "integer", "minimum": 0, "maximum": 11},
        "closed": {"type": "boolean"},
        "before_draw": {"type": "boolean"},
        "turn_up": _WORD,
        "actions": _WORDS,
        "marriage": _WORD,
        # rob: whose question it is (the dealer is "dealer"), the seat dealt the ace of trumps
        "seat": {"type": "integer", "minimum": 0, "maximum": LESSON.most - 1},
        "holder": {"type": "integer", "minimum": 0, "maximum": LESSON.most - 1},
        # score: the seat the question calls "you"; left out, it is asked as an onlooker, each player by number
        "viewer": {"type": "integer", "minimum": 0, "maximum": LESSON.most - 1},
        # best: a position (its text or short form, ``atout.position``), the choices the lesson claims best (cards or
        # actions), why in words, and how the claim is checked (``atout.strategy``): exact, every hand known, or
        # sampled over the cards the player to act cannot see
        "position": {"type": "string", "minLength": 1, "maxLength": MAX_TEXT},
        "claim": {"type": "array", "items": _WORD, "minItems": 1, "maxItems": 10},
        # after taking the kitty: the discard sets compared, each in full ("discard AH KH QH"), the claimed among them
        "compare": {"type": "array", "items": _WORD, "minItems": 2, "maxItems": 6},
        "why": _TEXT,
        "check": {"enum": ["exact", "sampled"]},
        "samples": {"type": "integer", "minimum": 2, "maximum": 400},
    },
    "additionalProperties": False,
}

STEP_SCHEMA = {
    "type": "object",
    "required": ["text"],
    "properties": {
        "text": _TEXT,
        "rule": _WORD,
        # Further rules the step's text teaches, stated under it as its rule is: a quiz may ask only what was taught
        "teaches": {"type": "array", "items": _WORD, "maxItems": 10},
        "show": {"enum": ["none", "cards", "ranking", "trick", "table", "stepper", "bidding"]},
        "game": _GAME,
        "options": _OPTIONS,
        "cards": _CARDS,
        "trump": _TRUMP,
        "plays": _CARDS,
        "seed": _SEED,
        "players": {"type": "integer", "minimum": FEWEST_PLAYERS, "maximum": LESSON.most},
        "viewer": {"type": "integer", "minimum": 0, "maximum": LESSON.most - 1},
        # The table is seen from ``viewer``'s seat, which is not the learner's: the page says so, and calls nobody "You"
        "watch": {"type": "boolean"},
        "actions": _WORDS,
        "try": QUESTION_SCHEMA,
    },
    "additionalProperties": False,
}

LESSON_SCHEMA = {
    "type": "object",
    "required": ["id", "family", "game", "order", "title", "summary", "rules", "steps"],
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$", "maxLength": MAX_ID},
        "family": {"enum": list(FAMILY_ORDER)},
        "game": _GAME,
        "order": {"type": "integer", "minimum": 1, "maximum": 1000},
        "title": _TEXT,
        "summary": _TEXT,
        "rules": {"type": "array", "items": _WORD, "minItems": 1, "maxItems": 40},
        "options": _OPTIONS,
        # House rules: an option, said in core's words (atout.house_rules) unless the lesson adds its own text.
        "variants": {"type": "array", "items": {"type": "object", "required": ["option"],
                                                  "properties": {"text": _TEXT, "option": _WORD},
                                                  "additionalProperties": False}, "maxItems": 20},
        "steps": {"type": "array", "items": STEP_SCHEMA, "minItems": 1, "maxItems": 60},
        "quiz": {"type": "array", "items": QUESTION_SCHEMA, "maxItems": 60},
    },
    "additionalProperties": False,
}


@dataclass
class Lesson:
    id: str
    family: str
    game: str
    order: int
    title: dict[str, str]
    summary: dict[str, str]
    rules: list[str]
    steps: list[dict[str, Any]]
    quiz: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    variants: list[dict[str, Any]] = field(default_factory=list)
    path: Path | None = None
    untranslated: dict[str, list[str]] = field(default_factory=dict)    # language -> places shown in English
    stale: dict[str, list[str]] = field(default_factory=dict)   # language -> translated English no longer there

    def text(self, value: dict[str, str], lang: str | None = None) -> str:
        return value[lang or get_language()]

    def house_rules(self, lang: str | None = None) -> list[str]:
        """The house rules this lesson speaks of, in words: each variant's own text, or core's (``house_rule``)."""
        return [v["text"][lang or get_language()] if "text" in v else house_rule(self.family, v["option"]).render(lang)
                for v in self.variants]

    def questions(self) -> list[Question]:
        """Every quiz question of the lesson, drills expanded (the same questions each time)."""
        out: list[Question] = []
        for i, spec in enumerate(self.quiz):
            out.extend(make_questions(spec, self.game, self.options, seed=spec.get("seed", i)))
        return out

    def step_questions(self, index: int) -> list[Question]:
        """The question to try at step ``index`` (counted from 0), as the page asks it; none when it has none."""
        step = self.steps[index]
        return make_questions(step["try"], self.game, self.options, seed=index) if "try" in step else []


MAX_FILE_BYTES = 1_000_000   # the longest lesson has about 12 kB
MAX_DEPTH = 20               # tables and lists in a lesson nest five deep at most


def _where(error: jsonschema.ValidationError) -> str:
    return _place("/".join(str(p) for p in error.absolute_path) or "(top)")


def _place(where: str) -> str:
    """A place in a lesson as a message writes it: quoted (and cut) when a key in it is too long or holds
    characters a page cannot show."""
    return where if len(where) <= 200 and not _UNSHOWABLE.search(where) else str(quote(where, limit=100))


def _schema_why(error: jsonschema.ValidationError) -> Text | str:
    """What is wrong at the place a schema error points to, and what is allowed there."""
    value = quote(error.instance)
    if error.validator == "additionalProperties":
        allowed = error.validator_value is False and error.schema.get("properties", {})
        unknown = sorted(set(error.instance) - set(allowed or ()))
        return Text("unknown field {fields}: the fields here are {allowed}",
                    fields=Series(str(quote(name)) for name in unknown), allowed=Series(allowed or ()))
    if error.validator == "enum":
        return Text("{value} is not allowed here: write one of {allowed}", value=value,
                    allowed=Series(map(str, error.validator_value)))
    if error.validator == "required":
        missing = [quote(name) for name in error.validator_value if name not in error.instance]
        if len(missing) > 1:
            return Text("the fields {names} are missing", names=missing)
        return Text("the field {name} is missing", name=missing[0])
    if error.validator == "type":
        return Text("{value} is not {kind}", value=value, kind=_TYPE_NAMES.get(str(error.validator_value),
                                                                               Text("of the right type")))
    if error.validator in ("minimum", "maximum") and {"minimum", "maximum"} <= set(error.schema):
        return Text("{value} is out of range: from {low} to {high}", value=value, low=error.schema["minimum"],
                    high=error.schema["maximum"])
    if error.validator == "minimum":
        return Text("{value} is too small: at least {low}", value=value, low=error.validator_value)
    if error.validator == "maximum":
        return Text("{value} is too large: at most {high}", value=value, high=error.validator_value)
    if error.validator == "maxLength":
        return Text("this text has {count} characters: at most {n} here", count=len(error.instance),
                    n=error.validator_value)
    if error.validator == "maxItems":
        return Text("this list has {count} items: at most {n} here", count=len(error.instance), n=error.validator_value)
    if error.validator == "maxProperties":
        return Text("this table has {count} fields: at most {n} here", count=len(error.instance),
                    n=error.validator_value)
    if error.validator == "pattern":
        return Text("{value} is not allowed here: write lowercase letters, digits and hyphens, starting with a letter "
                    "or a digit", value=value)
    return quote(error.message, limit=300)


_TYPE_NAMES = {"string": Text("a text in quotes"), "integer": Text("a whole number"),
               "boolean": Text("true or false"), "array": Text("a list in [ ]"), "object": Text("a table"),
               "['integer', 'null']": Text("a whole number")}


def read_lesson(path: Path) -> str:
    """A lesson file's text: UTF-8, with or without a byte-order mark, or UTF-16 marked by one (as some editors
    save); anything else is refused with the place of the first byte that is not text."""
    data = _regular_file_bytes(path)
    if len(data) > MAX_FILE_BYTES:
        raise LessonError(Text("{path}: a lesson file has at most {n} bytes; this one has more", path=str(path),
                               n=MAX_FILE_BYTES))
    codec = "utf-8"
    for bom, marked in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                        (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            data, codec = data[len(bom):], marked
            break
    if codec == "utf-8" and b"\x00" in data:
        raise LessonError(Text("{path}: not UTF-8 text: it holds NUL bytes, as UTF-16 saved without a byte-order mark "
                               "does: save the lesson as UTF-8", path=str(path)))
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1 if codec == "utf-8" else None
        if line is None:
            raise LessonError(Text("{path}: not {codec} text (near byte {at}): save the lesson as UTF-8",
                                   path=str(path), codec=codec.upper(), at=exc.start + 1)) from None
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start:exc.start].decode("utf-8", "replace")) + 1     # in characters, as editors count
        raise LessonError(Text("{path}: line {line}, column {column}: byte {byte} is not UTF-8 text: save the "
                               "lesson as UTF-8", path=str(path), line=line, column=column,
                               byte=f"0x{data[exc.start]:02x}")) from None


# What a path named like a lesson is when it is not a file (0: any other kind).
_NOT_A_FILE = {stat.S_IFIFO: N_("a named pipe"), stat.S_IFSOCK: N_("a socket"), stat.S_IFCHR: N_("a device"),
               stat.S_IFBLK: N_("a device"), 0: N_("a special file")}


def _regular_file_bytes(path: Path) -> bytes:
    """The bytes of a regular file, at most one more than ``MAX_FILE_BYTES``: a folder, a named pipe, a socket or a
    device named like a lesson is refused at once (a pipe would keep the reader waiting for ever)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise LessonError(Text("{path} is a folder: a lesson is a file ending in .toml", path=str(path))) from None
    except OSError as exc:
        raise LessonError(Text("{path} cannot be read: {why}", path=str(path), why=exc.strerror or str(exc))) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise LessonError(Text("{path} is a folder: a lesson is a file ending in .toml", path=str(path)))
        if not stat.S_ISREG(mode):
            kind = _NOT_A_FILE.get(stat.S_IFMT(mode), _NOT_A_FILE[0])
            raise LessonError(Text("{path} is {kind}, not a file: a lesson is a regular file ending in .toml",
                                   path=str(path), kind=Text(kind)))
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise LessonError(Text("{path} cannot be read: {why}", path=str(path), why=exc.strerror or str(exc))) from None
    finally:
        os.close(fd)


# Characters a page cannot show as written: control characters (NUL, ESC …) but the tab and the line break, and the
# marks that turn the direction of the text around what follows them.
_UNSHOWABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def _unshowable(value: Any, where: str = "") -> tuple[str, str] | None:
    """The first text (anywhere in a lesson, keys included) holding a character a page cannot show: its place and
    the character."""
    if isinstance(value, str):
        char = _UNSHOWABLE.search(value)
        return (where or "(top)", char.group()) if char else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        place = f"{where}/{key}" if where else str(key)
        found = (_unshowable(key, place) if isinstance(key, str) else None) or _unshowable(item, place)
        if found:
            return found
    return None


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def parse_lesson(text: str, path: Path | str = "<lesson>") -> Lesson:
    """Parse and check one lesson's TOML text."""
    path = Path(path)
    try:
        data = tomllib.loads(text)
        deep = _depth(data) > MAX_DEPTH
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(Text("{path}: not valid TOML: {why}", path=str(path), why=str(exc))) from None
    except RecursionError:
        deep = True
    if deep:
        raise LessonError(Text("{path}: tables and lists nest at most {n} deep", path=str(path), n=MAX_DEPTH))
    unshowable = _unshowable(data)
    if unshowable is not None:
        where, char = unshowable
        raise LessonError(Text("{path}: at {where}: the text holds the control character {code}, which a page cannot "
                               "show: write only printable text (a line break is written \\n)", path=str(path),
                               where=_place(where), code=f"U+{ord(char):04X}"))
    stale = {}
    for lang, translation in translation_paths(path).items():
        texts = _read_translation(translation, lang)
        used: set[str] = set()
        _translate(data, texts, lang, used)
        if unused := [english for english in texts if english not in used]:
            stale[lang] = unused
    # jsonschema is imported here, by the processes that check lessons: the home page only reads their headings, and
    # its kernel no longer spends a tenth of a second importing it.
    errors = sorted(_import_jsonschema().Draft202012Validator(LESSON_SCHEMA).iter_errors(data), key=lambda e: e.path)
    if errors:
        e = errors[0]
        raise LessonError(Text("{path}: at {where}: {why}", path=str(path), where=_where(e), why=_schema_why(e)))
    untranslated = {lang: places for lang in LANGUAGES if (places := list(_fall_back(data, lang, "")))}
    lesson = Lesson(**_typeset(data), path=path, untranslated=untranslated, stale=stale)
    _check_meaning(lesson)
    return lesson


def translation_paths(path: Path) -> dict[str, Path]:
    """The files that translate the lesson ``path`` (``02-trumps.toml``) into another language, beside it
    (``02-trumps.ja.toml``): a translator adds a language without touching the lesson or another language's file.
    Each text is given with the English it translates, so a step added, moved or reworded in English is never shown
    with another step's translation::

        [[texts]]
        en = "Trumps beat every other suit."
        ja = "切り札は他のどのスートにも勝ちます。"
    """
    found = {}
    for lang in LANGUAGES[1:]:
        candidate = path.with_name(f"{path.stem}.{lang}{path.suffix}")
        if candidate.is_file():
            found[lang] = candidate
    return found


def _read_translation(path: Path, lang: str) -> dict[str, str]:
    """A translation file's texts: English -> ``lang``; anything else is refused, naming the entry."""
    try:
        data = tomllib.loads(read_lesson(path))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(Text("{path}: not valid TOML: {why}", path=str(path), why=str(exc))) from None
    entries = data.get("texts", [])
    if set(data) - {"texts"} or not isinstance(entries, list):
        raise LessonError(Text("{path}: a translation holds only its texts, each as [[texts]] with {en} and {lang}",
                               path=str(path), en=DEFAULT_LANGUAGE, lang=lang))
    texts: dict[str, str] = {}
    for n, entry in enumerate(entries, 1):
        if (not isinstance(entry, dict) or set(entry) != {DEFAULT_LANGUAGE, lang}
                or not all(isinstance(v, str) and v.strip() for v in entry.values())):
            raise LessonError(Text("{path}: text {n}: write the English and its translation, as {en} = \"…\" "
                                   "and {lang} = \"…\", and nothing else", path=str(path), n=n,
                                   en=DEFAULT_LANGUAGE, lang=lang))
        texts[entry[DEFAULT_LANGUAGE]] = entry[lang]
    return texts


def _is_text(value: Any) -> bool:
    return isinstance(value, dict) and DEFAULT_LANGUAGE in value and all(k in LANGUAGES for k in value)


def _translate(value: Any, texts: dict[str, str], lang: str, used: set[str]) -> None:
    """Give every text of the lesson its translation into ``lang`` from ``texts`` (English -> ``lang``), where the
    lesson has none of its own; ``used``: the English found."""
    if _is_text(value):
        english = value[DEFAULT_LANGUAGE]
        if isinstance(english, str) and english in texts:
            used.add(english)
            value.setdefault(lang, texts[english])
    elif isinstance(value, dict):
        for item in value.values():
            _translate(item, texts, lang, used)
    elif isinstance(value, list):
        for item in value:
            _translate(item, texts, lang, used)


def _fall_back(value: Any, lang: str, where: str) -> Iterator[str]:
    """Give every text that has no ``lang`` the English one, and say where."""
    if _is_text(value):
        if lang not in value:
            value[lang] = value[DEFAULT_LANGUAGE]
            yield where
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _fall_back(item, lang, f"{where}.{key}" if where else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _fall_back(item, lang, f"{where}[{i + 1}]")


def _typeset(value: Any) -> Any:
    """Every text of a lesson set as its language sets text (``Grammar.typography``: French spaces before : ; ! ?),
    as the catalogue's messages are: a teacher types ordinary spaces."""
    if isinstance(value, dict):
        return {k: grammar(k).typography(v) if k in LANGUAGES and isinstance(v, str) else _typeset(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_typeset(v) for v in value]
    return value


def step_rules(step: dict[str, Any]) -> list[str]:
    """The rules a step teaches: its ``rule``, then the others its text teaches (``teaches``)."""
    return ([step["rule"]] if "rule" in step else []) + list(step.get("teaches", []))


def _check_meaning(lesson: Lesson) -> None:
    """What a schema cannot say: the game is of the lesson's family, rule ids exist, cards parse, questions are
    answerable."""
    where = str(lesson.path)
    if family_of(lesson.game).id != lesson.family:
        raise LessonError(Text("{path}: the game {game} is not of the family {family}: a {family} lesson teaches "
                               "{games}", path=where, game=lesson.game, family=lesson.family,
                               games=OneOf(g for g in GAMES if family_of(g).id == lesson.family)))
    for rule_id in lesson.rules + [rule for step in lesson.steps for rule in step_rules(step)]:
        if rule_id not in RULES:
            raise LessonError(Text("{path}: the rule id {rule} is not in the rulebook", path=where, rule=rule_id))
    for variant in lesson.variants:
        if variant["option"] not in HOUSE_RULES[lesson.family]:
            raise LessonError(Text("{path}: the house rule {option} is not an option of {family}: the options are "
                                   "{options}", path=where, option=variant["option"], family=lesson.family,
                                   options=Series(HOUSE_RULES[lesson.family])))
    for i, step in enumerate(lesson.steps):
        for key in ("cards", "plays"):
            for card in step.get(key, []):
                try:
                    Card.parse(card)
                except AtoutError as exc:
                    raise LessonError(Text("{path}: step {i}: {why}", path=where, i=i + 1, why=exc.message)) from None
        if "try" in step:
            _check_question(lesson, Text("step {i}", i=i + 1), partial(lesson.step_questions, i))
    for i, spec in enumerate(lesson.quiz):
        _check_question(lesson, Text("quiz {i}", i=i + 1),
                        partial(make_questions, spec, lesson.game, lesson.options, seed=spec.get("seed", i)))


def _check_question(lesson: Lesson, where: Text, make: Callable[[], list[Question]]) -> None:
    """The questions ``make`` builds, as the page builds them; a ``LessonError`` naming the place if it cannot."""
    with _at(lesson, where):
        questions = make()
    if not questions:
        raise LessonError(Text("{path}: {where}: the question has no answer", path=str(lesson.path), where=where))


@contextlib.contextmanager
def _at(lesson: Lesson, where: Text) -> Iterator[None]:
    """Core's refusal of what a lesson asks for, as a ``LessonError`` naming the file and the place."""
    try:
        yield
    except AtoutError as exc:
        raise LessonError(Text("{path}: {where}: {why}", path=str(lesson.path), where=where,
                               why=exc.message)) from None


def lesson_paths(folder: Path = LESSONS_DIR) -> list[Path]:
    """The lesson files of a folder (``<family>/<name>.toml``); a ``LessonError`` when there is no folder or no
    lesson in it."""
    if not folder.is_dir():
        raise LessonError(Text("{folder} is not a folder of lessons", folder=str(folder)))
    paths = sorted(path for path in folder.glob("*/*.toml") if not _is_translation(path))
    if not paths:
        raise LessonError(Text("{folder} has no lessons: a lesson is a .toml file in a folder of its family, as "
                               "in {example}", folder=str(folder),
                               example=f"{folder}/{family_of(DEFAULT_GAME).id}/01-cards.toml"))
    return paths


def _misfiled(lesson: Lesson) -> LessonError | None:
    """The refusal of a lesson filed in another family's folder (``<family>/<name>.toml``): the course files it by
    its folder, and a lesson under the wrong one is a mistake, never a choice."""
    assert lesson.path is not None, "a lesson read from a file has its path"
    folder = lesson.path.parent.name
    if folder == lesson.family:
        return None
    return LessonError(Text("{path}: a {family} lesson is filed in the folder {folder}: put it in the folder "
                            "{family} (the folders are {folders})", path=str(lesson.path), family=lesson.family,
                            folder=quote(folder), folders=Series(FAMILY_ORDER)))


def _same_id(lesson: Lesson, seen: dict[str, Path]) -> LessonError | None:
    """The refusal of a lesson whose id an earlier file has already taken (``seen``: id → file)."""
    assert lesson.path is not None, "a lesson read from a file has its path"
    if lesson.id in seen:
        return LessonError(Text("{path}: the id {id} is already the id of {other}: each lesson needs its own id",
                                path=str(lesson.path), id=lesson.id, other=str(seen[lesson.id])))
    seen[lesson.id] = lesson.path
    return None


def lesson_folders(folder: Path | None = None) -> list[Path]:
    """The folders read: ``folder`` alone when given, else ours and the teacher's served beside them."""
    return [folder] if folder is not None else [LESSONS_DIR, *extra_lesson_folders()]


def _course_order(lesson: Lesson | LessonHeading) -> tuple[int, int]:
    """Families in course order, each family's lessons by their ``order``."""
    return FAMILY_ORDER.index(lesson.family), lesson.order


def load_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every lesson (of ``folder``, else of ``lesson_folders()``), families in course order, lessons by their
    ``order``."""
    lessons = [parse_lesson(read_lesson(p), p) for f in lesson_folders(folder) for p in lesson_paths(f)]
    seen: dict[str, Path] = {}
    for lesson in lessons:
        if (refused := _misfiled(lesson) or _same_id(lesson, seen)) is not None:
            raise refused
    return sorted(lessons, key=_course_order)


@dataclass
class _Loaded:
    lessons: tuple[Lesson, ...]
    files: tuple[tuple[str, int, int], ...]     # the files they were read from: path, modification time, size
    process: int                                 # the process that last took them as they are


_course: dict[tuple[Path, ...], _Loaded] = {}


def _is_translation(path: Path) -> bool:
    return "." in path.stem and path.stem.rsplit(".", 1)[1] in LANGUAGES


def _files(folders: tuple[Path, ...]) -> tuple[tuple[str, int, int], ...]:
    found = []
    for folder in folders:
        for path in (p for lesson in lesson_paths(folder) for p in (lesson, *translation_paths(lesson).values())):
            try:
                stat = path.stat()
            except OSError:
                found.append((str(path), -1, -1))
            else:
                found.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


def course_lessons() -> tuple[Lesson, ...]:
    """Every lesson, as ``load_lessons()`` reads and checks them, loaded once per process for its lesson folders: a
    page's kernel shares them between its course, the teacher's panel and a live class's questions, where each loaded
    and checked every lesson again (a fifth of a second each time, for 31 lessons). A lesson edited meanwhile is read
    by the next page opened; a class under way keeps the lessons it started with, so a file saved half-written cannot
    break it.

    The site's kernels are forked from a process that has loaded them already (``atout.kernel_fork``): a kernel takes
    those as they are when no lesson file was added, removed or changed since, and reads them again when one was."""
    folders = tuple(lesson_folders())
    loaded = _course.get(folders)
    if loaded is not None and loaded.process != os.getpid():
        if loaded.files == _files(folders):
            loaded.process = os.getpid()
        else:
            loaded = None
    if loaded is None:
        files = _files(folders)
        loaded = _course[folders] = _Loaded(tuple(load_lessons()), files, os.getpid())
    return loaded.lessons


def reload_changed_lessons() -> None:
    """For a process whose children take its lessons (the fork server): read again the lessons whose files changed,
    or forget them when they no longer load (each child then loads them itself, and its page says what is wrong)."""
    folders = tuple(lesson_folders())
    loaded = _course.get(folders)
    if loaded is None or loaded.files == _files(folders):
        return
    del _course[folders]
    with contextlib.suppress(LessonError):
        course_lessons()


@dataclass(frozen=True)
class LessonHeading:
    """What a link to a lesson needs of it: its id, family, game and place in the course."""
    id: str
    family: str
    game: str
    order: int


def lesson_headings(folder: Path | None = None) -> list[LessonHeading]:
    """Every lesson's heading, in the order of ``load_lessons``, read from the files without the checks it makes
    (which build every question: a second of a kernel's time, on every visit to the home page). A file that cannot
    be read as a lesson is left out here; the course page refuses it, naming what is wrong."""
    headings = []
    for path in (p for f in lesson_folders(folder) for p in lesson_paths(f)):
        try:
            data = tomllib.loads(read_lesson(path))
            heading = LessonHeading(data["id"], data["family"], data["game"], data["order"])
        except (LessonError, tomllib.TOMLDecodeError, KeyError):
            continue
        if (all(isinstance(value, str) for value in (heading.id, heading.family, heading.game))
                and heading.family in FAMILY_ORDER and heading.family == path.parent.name
                and heading.game in GAMES and family_of(heading.game).id == heading.family
                and isinstance(heading.order, int)):
            headings.append(heading)
    return sorted(headings, key=_course_order)


# --- quiz questions ------------------------------------------------------------------------------

@dataclass
class Feedback:
    correct: bool
    text: str            # what to tell the learner, quoting the rule
    rule: str | None
    highlight: list[str]  # the cards that prove it
    right: list[str] = field(default_factory=list)    # the right choices
    wrong: list[str] = field(default_factory=list)    # the learner's picks that are not right
    answer: str = ""      # after a wrong answer: the right one, said ("The answer: J♠")
    working: str = ""     # after a wrong answer: the referee's working for the right one, when the text lacks it


@dataclass
class Question:
    """One question whose answer the referee computes."""

    kind: str                     # winner | legal | score | bids | points | discards | exchange | marriage | close
    #                               | rob | draw
    game: str
    prompt: Text | dict[str, str]
    query: dict[str, Any]
    choices: list[str]            # cards (winner, legal, discards) or values (score, points, yes/no …)
    answer: list[str]             # the right choice(s)
    multiple: bool                # pick every right choice (legal, discards)
    rule: str | None
    explanation: str | None
    why: dict[str, str] = field(default_factory=dict)   # per wrong choice, why it is wrong
    labels: dict[str, Any] = field(default_factory=dict)    # how a choice that is not a card reads (a Text…)
    cards: bool = False           # the choices are cards
    shown: dict[str, Any] = field(default_factory=dict)     # what the referee worked out for the view to show
    viewer: int | None = 0        # the seat the learner answers for: the sentences call that player "you"
    reasons: Reasons | None = None  # core's working, rendered when the answer is marked

    def __post_init__(self) -> None:
        self.cards = self.cards or self.kind in ("winner", "legal")

    def prompt_text(self, lang: str | None = None) -> str:
        if isinstance(self.prompt, Text):
            return self.prompt.render(lang, self.viewer)
        return self.prompt[lang or get_language()]

    def label(self, choice: str, lang: str | None = None) -> str:
        """How a choice reads on its button: a card's short name, a translated label, or the value itself."""
        if self.cards:
            return Card.parse(choice).render(lang)
        return self.labels[choice].render(lang, self.viewer) if choice in self.labels else choice

    def check(self, response: str | Iterable[str]) -> Feedback:
        """Mark the learner's answer; the feedback says why, citing the referee's rule.

        The referee is asked again at marking time, so the feedback is in the page's language.
        """
        picked = {response} if isinstance(response, str) else set(response)
        picked = {self._normal(p) for p in picked}
        right = set(self.answer)
        assert self.reasons is not None, "a question is built with core's working"
        answer = self.reasons.answer(self.viewer)
        rule = self.rule or answer.get("rule") or None     # a strategy question decides by values, by no rule
        general = answer.get("explanation") or self._rule_sentence(rule)
        ordered = [c for c in self.choices if c in right] + sorted(right - set(self.choices))
        if picked == right:
            return Feedback(True, general, rule, sorted(right), right=ordered)
        wrong = sorted(picked - right)
        missing = sorted(right - picked)
        said = self.answer_text(ordered)
        reasons = {**_reasons(answer.get("beats")), **_reasons(answer.get("why"))}
        reason = next((reasons[c] for c in wrong + missing if c in reasons), None)
        if reason is not None:
            working = general if general and general != reason["explanation"] else ""
            text = reason["explanation"]
            if self.kind == "legal" and wrong:     # the card picked is named first: a family's reason may not name it
                text = sentences(self._refused(wrong).render(), text, end_last=False)
            return Feedback(False, text, reason["rule"] or None, wrong + missing, ordered, wrong, said, working)
        if self.kind == "legal" and (wrong or missing):
            if wrong:     # an illegal pick is never told that another card "may be played too"
                lead = self._refused(wrong)
            else:
                lead = Text("{cards} may be played too", cards=[Card.parse(c) for c in missing])
            general = sentences(lead.render(), general, end_last=False)
        return Feedback(False, general, rule, wrong + missing, ordered, wrong, said)

    def answer_text(self, right: Sequence[str], lang: str | None = None,
                    label: Callable[[str], str] | None = None) -> str:
        """The right answer as the learner reads it: "The answer: J♠", "The answers: K♥ and 3♣".
        ``label`` writes a choice as its button does; by default a sentence is quoted. Every question has a right
        answer (a card that may be played, a call that may be made), so ``right`` is never empty."""
        if self.cards:
            labels: list[Any] = [Card.parse(c) for c in right]
        elif label is not None:
            labels = [label(c) for c in right]
        elif self.kind == "bids":       # a call reads as its button does: "Pass", "7♠", "30 for 60"
            labels = [self.label(c, lang) for c in right]
        else:
            labels = [Text("“{label}”", label=self.label(c, lang)) if c in self.labels else self.label(c, lang)
                      for c in right]
        if len(labels) > 1:
            return Text("The answers: {answers}", answers=labels).render(lang)
        return Text("The answer: {answer}", answer=labels[0]).render(lang)

    def _refused(self, wrong: list[str]) -> Text:
        return Text("{cards} may not be played here: you may play {right}", cards=[Card.parse(c) for c in wrong],
                    right=OneOf(Card.parse(c) for c in self.answer))

    @staticmethod
    def _rule_sentence(rule_id: str | None) -> str:
        if not rule_id or rule_id not in RULES:
            return ""
        return RULES[rule_id].statement.render()

    def _normal(self, value: str) -> str:
        if self.cards:
            try:
                return Card.parse(value).code
            except AtoutError:
                return value
        return str(value).strip()


@dataclass(frozen=True)
class Reasons:
    """What core says of a question: why the right answer is right (``reason``; None where core gives only its
    ``rule``, as for a failed close) and, choice by choice, why a card loses the trick or may not be played, why
    a call may not be made… (``by_card``, by card or by choice); written out for the reader when the answer is
    marked."""

    reason: Explanation | None
    by_card: Mapping[Card, Explanation] | Mapping[str, Explanation]
    rule: str | None = None

    def answer(self, viewer: int | None) -> dict[str, Any]:
        """The reasons as a marked answer reads them: the rule and sentence, and each choice's under ``why``."""
        said: dict[str, Any] = {"rule": self.reason.rule if self.reason is not None else self.rule}
        if self.reason is not None:
            said["explanation"] = self.reason.render(viewer=viewer)
        said["why"] = {_choice(key): {"rule": why.rule, "explanation": why.render(viewer=viewer)}
                       for key, why in self.by_card.items()}
        return said

    def sentences(self, viewer: int | None = 0) -> dict[str, str]:
        """Why each card loses or is refused, by card code (or choice)."""
        return {_choice(key): why.render(viewer=viewer) for key, why in self.by_card.items()}


def _choice(key: Card | str) -> str:
    return key.code if isinstance(key, Card) else key


def _card_question(kind: str, spec: dict[str, Any], game: str, options: dict[str, Any]
                   ) -> tuple[list[str], list[str], Reasons]:
    """A winner or legal question asked of core (``atout.rules_api``): the choices, the right ones and the reasons.
    Whatever core refuses (a card twice, a trump the game lacks …) is a ``LessonError`` saying so."""
    try:
        config = rules_api.config_of(game, options)
        trump = rules_api.parse_trump(config, _needed(spec, "trump", kind, config))
        named = Suit.parse(spec["joker_suit"]) if "joker_suit" in spec else None
        plays = [Card.parse(card) for card in spec.get("plays", [])]
        if kind == "winner":
            verdict = rules_api.trick_verdict(config, plays, trump, named, whole=True)
            return ([c.code for c in plays], [verdict.winning_card.code],
                    Reasons(verdict.reason, dict(verdict.beats)))
        hand = [Card.parse(card) for card in _needed(spec, "hand", kind, config)]
        legal = rules_api.legality(config, hand, plays, trump, named, spec.get("phase"))
        return [c.code for c in hand], [c.code for c in legal.legal], Reasons(legal.reason, dict(legal.refused))
    except LessonError:
        raise
    except AtoutError as exc:
        raise LessonError(Text("this {kind} question has no answer: {why}", kind=kind, why=exc.message)) from None


def _legal_from_deal(spec: dict[str, Any], game: str, options: dict[str, Any]) -> dict[str, Any]:
    """A legal question about a seat of a seeded deal (``seed``, ``players``, ``actions``, as a step's table): the
    seat to act, its hand, the trick so far and the trump, drawn from the deal, never written by hand."""
    for written in ("trump", "hand", "plays", "phase", "joker_suit"):
        if written in spec:
            raise LessonError(Text("a legal question on a deal takes its {field} from the deal: leave it out",
                                   field=written))
    try:
        hand = played_hand(game, spec["seed"], spec.get("players"), options, spec.get("actions"))
    except AtoutError as exc:
        raise LessonError(Text("the deal cannot be played: {why}", why=exc.message)) from None
    seat = hand.to_act
    view = hand.table_view(None)
    if seat is None or view.phase != "play":
        raise LessonError(Text("a legal question on a deal asks of a seat about to play a card: after these "
                               "actions nobody is"))
    trump = view.trump
    letter = trump.letter if isinstance(trump, Suit) else "NT"
    derived = {**spec, "trump": letter, "hand": [card.code for card in hand.hands[seat]],
               "plays": [card.code for _seat, card in view.trick]}
    phase = rules_api.following(game, hand.view(seat))
    if phase is not None:
        derived["phase"] = phase
    derived["deal"] = {"seat": seat, "dealer": hand.dealer, "by": [player for player, _card in view.trick]}
    return derived


def _needed(spec: dict[str, Any], name: str, kind: str, config: rules_api.GameConfig) -> Any:
    """A field a question of ``kind`` cannot do without; a ``LessonError`` naming it and what it may be."""
    if name in spec:
        return spec[name]
    if name == "trump":
        allowed = OneOf(rules_api.trump_text(t) for t in rules_api.trumps(config))
        raise LessonError(Text("a {kind} question needs its trump: write trump = {allowed}", kind=kind,
                               allowed=allowed))
    raise LessonError(Text("a {kind} question needs the field {name}", kind=kind, name=quote(name)))


def _typed(query: dict[str, Any]) -> Any:
    """Core's typed answer (``atout.rules_api``) to a question written as the referee reads it."""
    try:
        return typed(query)
    except AtoutError as exc:
        raise LessonError(Text("the referee cannot answer this {kind} question: {why}", kind=query["kind"],
                               why=str(exc))) from None


def make_questions(spec: dict[str, Any], game: str, options: dict[str, Any] | None = None,
                   seed: int = 0) -> list[Question]:
    """Questions from a quiz entry; answers come from the referee. Each says the house rules its own options set
    (the lesson's are said above the lesson)."""
    questions = _make_questions(spec, game, options, seed)
    said = in_force(spec.get("game", game), spec.get("options", {}))
    for question in questions:
        question.shown["house_rules"] = said
    return questions


def _make_questions(spec: dict[str, Any], game: str, options: dict[str, Any] | None = None,
                    seed: int = 0) -> list[Question]:
    game = spec.get("game", game)
    options = {**(options or {}), **spec.get("options", {})}
    kind = spec["kind"]
    if "ask" in spec and kind not in ASKS:
        raise LessonError(Text("ask is for the kinds {kinds}, not {kind}", kinds=Series(ASKS), kind=kind))
    if kind == "drill":
        return drill(game, spec.get("drill", "winner"), spec.get("count", 5), seed=spec.get("seed", seed),
                     options=options, trumps=spec.get("trumps"))
    if kind == "best":
        return [_best_question(spec, game, spec.get("prompt"), seed)]
    if kind == "legal" and "seed" in spec:
        spec = _legal_from_deal(spec, game, options)
    base = {"game": game, "options": options}
    for key in ("trump", "plays", "hand", "phase", "joker_suit"):
        if key in spec:
            base[key] = spec[key]
    prompt = spec.get("prompt")
    if kind in ("winner", "legal"):
        query = {"kind": "trick" if kind == "winner" else "legal", **base}   # the same question put to the referee
        if kind == "legal":
            query["plays"] = spec.get("plays", [])
        choices, right, reasons = _card_question(kind, spec, game, options)
        default = Text("Which card wins the trick?") if kind == "winner" else Text("Which cards may you play?")
        assert reasons.reason is not None, "core says why a card wins or may be played"
        deal: dict[str, Any] = spec.get("deal", {})
        if deal:   # a seat of the lesson's deal: asked as an onlooker unless ``viewer`` names that seat
            default = Text("Which cards may {seat} play?", seat=Person(deal["seat"]),
                           you=N_("Which cards may you play?"))
        return [Question(kind, game, prompt or default, query, choices, right, kind == "legal", reasons.reason.rule,
                         reasons.reason.render(viewer=0), why=reasons.sentences(), reasons=reasons, shown=deal,
                         viewer=spec.get("viewer") if deal else 0)]
    if kind == "bids":
        query = {"kind": "bids", "game": game, "options": options, "dealer": spec.get("dealer", 0),
                 "calls": spec.get("calls", [])}
        if "players" in spec:
            query["players"] = spec["players"]
        state: rules_api.AuctionState = _typed(query)
        if state.over:
            raise LessonError(Text("the auction in this bids question is already over"))
        legal = list(state.legal)
        choices = _call_choices(game, legal, query)
        # Asked as an onlooker, each player by number as the prompt names them, unless ``viewer`` names the seat
        # the question calls "you"; the page shows who deals, each call with who made it, and whose turn it is.
        assert state.to_act is not None, "an auction that is not over has a seat to call"
        shown = {"dealer": query["dealer"], "seats": list(state.seats), "to_act": state.to_act}
        default = Text("Which of these calls may {seat} make now?", seat=Person(state.to_act),
                       you=N_("Which of these calls may you make now?"))
        return [Question("bids", game, prompt or default, query, choices, [c for c in choices if c in legal], True,
                         state.rule, None, labels={c: call_label(c) for c in choices}, viewer=spec.get("viewer"),
                         shown=shown, reasons=Reasons(None, dict(state.refused), state.rule))]
    if kind in ASKS:
        ask = spec.get("ask", ASKS[kind][0])
        if ask not in ASKS[kind]:
            raise LessonError(Text("a {kind} question asks {asks}, not {ask}", kind=kind, asks=Series(ASKS[kind]),
                                   ask=repr(ask)))
        return [_SPECIAL[kind, ask](spec, game, options, prompt, seed)]
    return [_score_question("score", game, {"kind": "score", "game": game, "options": options, **spec["score"]},
                            prompt, seed, spec.get("viewer"))]


def _score_question(kind: str, game: str, query: dict[str, Any], prompt: Text | None, seed: int,
                    viewer: int | None) -> Question:
    """What a hand scores. Its prompt names the players by number ("Players 1 and 3 bid 7♦"), so its choices and
    feedback do too, unless the question names the seat it calls "you" (``viewer``)."""
    result: rules_api.ScoreResult = _typed(query)
    points = list(result.points)
    right = score_text(points)
    # each trick's winner, to show them
    shown: dict[str, Any] = {"winners": list(result.winners)} if result.winners is not None else {}
    scored = _score_choices(points, seed, game)
    owners = _score_owners(game, len(points), len(result.tricks_won or points))
    shown["facts"] = _score_facts(query, owners)
    return Question(kind, game, prompt or Text("What does this hand score?"), query,
                    [score_text(values) for values in scored], [right], False,
                    result.rule, result.reason.render(viewer=viewer) if result.reason is not None else None,
                    shown=shown, labels={score_text(values): ScoresLabel(values, owners) for values in scored},
                    reasons=Reasons(result.reason, {}, result.rule), viewer=viewer)


def _each(values: Sequence[int], owners: Sequence[Person | Side]) -> list[Text]:
    """Numbers each with whose it is: "62 for Player 1", "75 for you"."""
    return [Text("{n} for {who}", n=signed(v), who=owner) for v, owner in zip(values, owners, strict=False)]


def _score_facts(query: dict[str, Any], owners: Sequence[Person | Side]) -> list[Text]:
    """What a scoring question's answer is worked out from, said line by line from the query the referee answers
    (the tricks themselves, where given, are shown as cards): the contract or bid and who made it, how a
    Sixty-Six hand ended, each player's points and tricks, the scores before the hand."""
    facts: list[Text] = []
    if "contract" in query:       # Five Hundred
        facts.append(Text("Contract: {call}, bid by {seat}.", call=call_label(query["contract"]),
                          seat=Person(query["contractor"]), you=N_("Contract: {call}, bid by you.")))
    if "bid" in query:            # Auction Forty-Fives
        facts.append(Text("{seat} bid {call}.", seat=Person(query["bidder"]), call=call_label(query["bid"]),
                          you=N_("You bid {call}.")))
    closer = query.get("closer", query.get("by") if query.get("event") == "close-failed" else None)
    if closer is not None:
        facts.append(Text("{seat} closed the stock.", seat=Person(closer), you=N_("You closed the stock.")))
    if "tricks_at_close" in query:
        facts.append(Text("Tricks won when the stock was closed: {each}.",
                          each=_each(query["tricks_at_close"], owners)))
    event = query.get("event")
    if event == "close-failed" and closer is not None:
        facts.append(Text("{seat} did not win by declaring 66: the close failed.", seat=Person(closer),
                          you=N_("You did not win by declaring 66: the close failed.")))
    declarer = query.get("by", closer if event == "closed" else None)
    if event in ("declare", "closed") and declarer is not None:
        facts.append(Text("{seat} declares 66.", seat=Person(declarer), you=N_("You declare 66.")))
    if event == "no-declaration":
        facts.append(Text("All the tricks were played and nobody declared."))
        facts.append(Text("{seat} won the last trick.", seat=Person(query["last_trick"]),
                          you=N_("You won the last trick.")))
    if "points" in query and event is not None:
        facts.append(Text("Points: {each}.", each=_each(query["points"], owners)))
    if "tricks" in query and event is not None:
        facts.append(Text("Tricks won: {each}.", each=_each(query["tricks"], owners)))
    if "tricks_won" in query:
        facts.append(Text("Tricks won: {each}.", each=_each(query["tricks_won"], owners)))
    if "scores_before" in query:
        facts.append(Text("Scores before this hand: {each}.", each=_each(query["scores_before"], owners)))
    return facts


class ScoresLabel:
    """A score choice as the learner reads it, each number with whose it is ("−250 for your side and 70 for
    Players 2 and 4"): "−160 – −10" read as a subtraction, with nothing saying whose number came first."""

    __slots__ = ("values", "owners")

    def __init__(self, values: Sequence[int], owners: Sequence[Person | Side]) -> None:
        self.values, self.owners = list(values), list(owners)

    def render(self, lang: str | None = None, viewer: int | None = None) -> str:
        parts = [Text("{n} for {who}", n=signed(v), who=owner)
                 for v, owner in zip(self.values, self.owners, strict=True)]
        return str(render_value(parts, lang or get_language(), viewer))


def _score_owners(game: str, scores: int, players: int) -> list[Person | Side]:
    """Whose each score of a hand is, in order: the two sides of Five Hundred and of a partnership game (fewer
    scores than players), else each player."""
    if family_of(game).scored_by_sides:
        return [Side(i) for i in range(scores)]
    if scores < players:
        return [Side(i, players) for i in range(scores)]
    return [Person(i) for i in range(scores)]


# --- the special rules: card points, discards, the trump nine, marriages, closing, robbing, the draw --------

YES_NO = {"yes": Text("Yes"), "no": Text("No")}


def _copy(spec: dict[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    return {key: spec[key] for key in keys if key in spec}


def _points_question(spec, game, options, prompt, seed) -> Question:
    """How many points the tricks one player won make (`66.points`, with marriages and the last trick), or
    whether they make 66."""
    query = {"kind": "points", "game": game, "options": options,
             **_copy(spec, ("tricks", "marriages", "last_trick", "trump"))}
    count: rules_api.PointsCount = _typed(query)
    reasons, working = Reasons(count.reason, {}), count.reason.render(viewer=0)
    if spec.get("ask") == "66":
        return Question("points", game, prompt or Text("Has this player reached 66?"), query, list(YES_NO),
                        ["yes" if count.reached else "no"], False, count.reason.rule, working,
                        labels=YES_NO, reasons=reasons)
    counted = count.points
    # Wrong answers a learner could believe: the ten and king swapped, the marriages forgotten or counted too
    # early, the last trick's 10 forgotten or added; then nearby values.
    cards = [Card.parse(c) for trick in spec["tricks"] for c in trick]
    tens_as_kings = 6 * (sum(c.rank == KING for c in cards) - sum(c.rank == 10 for c in cards))
    believable = [counted + tens_as_kings, count.card_points, count.card_points + count.marriage_points,
                  counted - 10, counted + 10]
    rng = random.Random(seed)
    believable += [counted + rng.choice([-1, 1]) * rng.randint(2, 12) for _ in range(20)]
    wrong = list(dict.fromkeys(v for v in believable if v >= 0 and v != counted))[:3]
    default = (Text("How many card points are in these tricks?") if counted == count.card_points
               else Text("How many points does this player count?"))
    return Question("points", game, prompt or default, query, [str(v) for v in sorted([counted, *wrong])],
                    [str(counted)], False, count.reason.rule, working, reasons=reasons)


def _discards_question(spec, game, options, prompt, seed) -> Question:
    """Which cards go once trumps are named (Auction Forty-Fives) or may go (Five Hundred's kitty)."""
    query = {"kind": "discards", "game": game, "options": options, **_copy(spec, ("trump", "hand", "kitty", "bidder"))}
    result: rules_api.Discards = _typed(query)
    reasons = Reasons(result.reason, dict(result.why))
    cards = [card.code for card in result.cards]
    default = (Text("Which of these cards may the contractor discard?") if result.free
               else Text("Trumps are named: which of these cards are thrown away?"))
    return Question("discards", game, prompt or default, query, cards, [card.code for card in result.discard], True,
                    result.reason.rule, result.reason.render(viewer=0), why=reasons.sentences(), cards=True,
                    reasons=reasons)


def _discard_count_question(spec, game, options, prompt, seed) -> Question:
    """How many cards are discarded (``ask = "count"``) or drawn back to five (``ask = "draw"``)."""
    query = {"kind": "discards", "game": game, "options": options, **_copy(spec, ("trump", "hand", "kitty", "bidder"))}
    result: rules_api.Discards = _typed(query)
    reasons, working = Reasons(result.reason, dict(result.why)), result.reason.render(viewer=0)
    ask = spec["ask"]
    value = result.draw if ask == "draw" else result.count
    if value is None:
        raise LessonError(Text("{game} has no draw after the kitty: ask cards or count", game=game))
    if ask == "draw":      # the families that draw after the kitty say how many cards a hand holds
        choices = [str(v) for v in range(family_of(game).hand_module().HAND_SIZE + 1)]   # every count one may draw
        return Question("discards", game, prompt or Text("How many cards does this player draw from the stock?"),
                        query, choices, [str(value)], False, "a45.draw", working, reasons=reasons)
    held = len(spec["hand"]) + len(spec.get("kitty", []))
    choices = [str(v) for v in range(max(0, value - 2), min(held, value + 2) + 1)]
    return Question("discards", game, prompt or Text("How many cards are discarded?"), query, choices, [str(value)],
                    False, result.reason.rule, working, reasons=reasons)


def _may(spec: dict[str, Any], game: str, options: dict[str, Any], action: str
         ) -> tuple[dict[str, Any], rules_api.Permission]:
    """Ask core whether seat 0 may do ``action`` in the Sixty-Six position the question describes."""
    query = {"kind": "may", "game": game, "options": options, "action": action,
             **_copy(spec, ("trump", "hand", "plays", "stock", "closed", "before_draw", "turn_up", "actions"))}
    answer: rules_api.Permission = _typed(query)
    return query, answer


def _seen(hand: Sequence[Card], turn_up: Card | None, tricks_won: tuple[int, int] | None = None,
          dealer: int | None = None, earlier: Sequence[Explanation] = ()) -> dict[str, Any]:
    """What a Sixty-Six question shows the learner: their hand and the turned-up trump (by card code); the tricks
    each seat has won, on which the nine's exchange and a marriage's points depend; before the first trick, who
    dealt (the other leads it); and what the learner did first on this lead."""
    seen: dict[str, Any] = {"hand": [card.code for card in hand],
                            "turn_up": turn_up.code if turn_up is not None else None, "earlier": list(earlier)}
    if tricks_won is not None:
        seen["tricks_won"] = list(tricks_won)
        if dealer is not None and not any(tricks_won):
            seen["dealer"] = dealer
    return seen


def _position_seen(answer: rules_api.Permission) -> dict[str, Any]:
    return _seen(answer.hand, answer.turn_up, answer.tricks_won, answer.dealer, answer.earlier)


def _yes_no(kind: str, game: str, prompt: Text, query: dict, answer: rules_api.Permission) -> Question:
    return Question(kind, game, prompt, query, list(YES_NO), ["yes" if answer.allowed else "no"], False,
                    answer.rule, answer.reason.render(viewer=0), labels=YES_NO,
                    shown=_position_seen(answer), reasons=Reasons(answer.reason, {}))


def _trump_letter(spec: dict[str, Any]) -> str:
    try:
        return Suit.parse(spec["trump"]).letter
    except AtoutError as exc:
        raise LessonError(Text("trump: {why}", why=exc.message)) from None


def _exchange_question(spec, game, options, prompt, seed) -> Question:
    """May seat 0 exchange the 9 of trumps now (`66.exchange-nine`)?"""
    query, answer = _may(spec, game, options, f"exchange 9{_trump_letter(spec)}")
    return _yes_no("exchange", game, prompt or Text("May you exchange the 9 of trumps for the turned-up trump now?"),
                   query, answer)


def _close_question(spec, game, options, prompt, seed) -> Question:
    """May seat 0 close the stock now (`66.close`)?"""
    query, answer = _may(spec, game, options, "close")
    return _yes_no("close", game, prompt or Text("May you close the stock now?"), query, answer)


def _close_score_question(spec, game, options, prompt, seed) -> Question:
    """What a closed hand scores when the closer reaches 66 or misses it (`66.close.failed`)."""
    query = {"kind": "score", "game": game, "options": options, "event": "closed", **spec["score"]}
    return _score_question("close", game, query, prompt or Text("The stock was closed. What does this hand score "
                                                                "(Player 1 first)?"), seed, spec.get("viewer"))


def _marriage_question(spec, game, options, prompt, seed) -> Question:
    """May seat 0 declare this marriage now, and what is it worth (`66.marriage`, `66.marriage.trump`,
    `66.marriage.pending`)?"""
    try:
        card = Card.parse(spec["marriage"])
    except AtoutError as exc:
        raise LessonError(Text("marriage: {why}", why=exc.message)) from None
    if card.rank not in (KING, QUEEN):
        raise LessonError(Text("marriage: name the marriage by its king or queen, not {card}", card=card))
    query, answer = _may(spec, game, options, f"marriage {card.code}")
    labels = {"no": Text("No: not now")}
    for value in (20, 40):
        labels[str(value)] = Text("Yes: {points} points", points=value)
        labels[f"{value}-pending"] = Text("Yes: {points} points once a trick is won", points=value)
    right = "no"
    if answer.allowed:
        right = str(answer.marriage_points) + ("" if answer.counts else "-pending")
    return Question("marriage", game, prompt or Text("May you declare the marriage in {suit} now, and what is it "
                                                     "worth?", suit=card.suit),
                    query, list(labels), [right], False, answer.rule, answer.reason.render(viewer=0), labels=labels,
                    shown=_position_seen(answer), reasons=Reasons(answer.reason, {}))


ROB_LABELS = {"must": Text("Yes, and must rob"), "may": Text("Yes, or may keep the hand"), "no": Text("No")}


def _rob_question(spec, game, options, prompt, seed) -> Question:
    """Robbing the turned card (`45.rob.*`): may this seat rob (must, may or no, under ``dealer_rob``), who may,
    or which cards this seat may give up."""
    query = {"kind": "rob", "game": game, "options": options, "ask": spec.get("ask", "may"),
             **_copy(spec, ("seed", "turn_up", "hand", "seat", "holder", "dealer", "players"))}
    rights: rules_api.RobRights = _typed(query)
    ask, seat, turn_up = query["ask"], rights.seat, rights.turn_up
    # "You" is the question's seat unless ``viewer`` names another: a lesson keeps one seat as "you" throughout,
    # and asks of the others by number.
    viewer = spec.get("viewer", seat)
    shown: dict[str, Any] = {"turn_up": turn_up.code, "trump": rights.trump.letter,
                             "hands": [[card.code for card in hand] for hand in rights.hands],
                             "hand": [card.code for card in rights.hand], "dealer": rights.dealer, "seat": seat}
    refused = rights.refused[seat]
    if ask == "who":
        labels = {str(s): (Text("{seat}, the dealer", seat=Person(s), you=N_("You, the dealer"))
                           if s == rights.dealer else Text("{seat}", seat=Person(s), you=N_("You")))
                  for s in range(len(rights.hands))}
        labels["nobody"] = Text("Nobody")
        right = [str(s) for s in rights.who] or ["nobody"]
        cannot = {str(s): rights.reasons[s] for s, may in enumerate(rights.rights) if may == "no"}
        return Question("rob", game, prompt or Text("{card} is turned up. Who may rob it?", card=turn_up), query,
                        list(labels), right, False, rights.who_reason.rule, rights.who_reason.render(viewer=viewer),
                        labels=labels, shown=shown, viewer=viewer, reasons=Reasons(rights.who_reason, cannot))
    reason = rights.reasons[seat]
    reasons = Reasons(reason, dict(refused))
    if ask == "cards":
        default = Text("Which cards may {seat} give up to rob {card}?", seat=Person(seat), card=turn_up,
                       you=N_("Which cards may you give up to rob {card}?"))
        return Question("rob", game, prompt or default, query, list(shown["hand"]),
                        [card.code for card in rights.cards[seat]], True, reason.rule, reason.render(viewer=viewer),
                        why=reasons.sentences(viewer), cards=True, shown=shown, viewer=viewer, reasons=reasons)
    default = Text("{card} is turned up. May {seat} rob it?", card=turn_up, seat=Person(seat),
                   you=N_("{card} is turned up. May you rob it?"))
    return Question("rob", game, prompt or default, query, list(ROB_LABELS), [rights.right], False, reason.rule,
                    reason.render(viewer=viewer), labels=dict(ROB_LABELS), shown=shown, viewer=viewer,
                    reasons=reasons)


def _draw_question(spec, game, options, prompt, seed) -> Question:
    """After the trick just played (`66.draw`): who draws first, what you take (the last one to draw takes the
    turned-up trump), and whether the next trick must follow suit (`66.open.free`, `66.strict.follow`)."""
    ask = spec.get("ask", "first")
    query = {"kind": "draw", "game": game, "options": options, "ask": ask,
             **_copy(spec, ("trump", "hand", "plays", "stock", "closed", "turn_up"))}
    after: rules_api.AfterTrick = _typed(query)
    if ask == "first":
        labels = {"0": Text("You"), "1": Text("Your opponent"),
                  "nobody": Text("Nobody: no card is drawn")}
        right = "nobody" if after.first is None else str(after.first)
        default = Text("This trick has just been played. Who draws first?")
    elif ask == "take":
        labels = {"face-down": Text("The top face-down card of the stock"),
                  "turn-up": (Text("The turned-up trump ({card})", card=after.turn_up) if after.turn_up is not None
                              else Text("The turned-up trump")),
                  "nothing": Text("Nothing: no card is drawn")}
        right = after.takes[0] or "nothing"
        default = Text("This trick has just been played. What do you take from the stock?")
    else:
        labels = {"open": Text("No: any card may be played"),
                  "strict": Text("Yes: follow suit and head the trick if you can, or else trump")}
        right = "strict" if after.strict else "open"
        default = Text("This trick has just been played and the drawing done. In the next trick, must the second "
                       "player follow suit?")
    reason = after.reasons[ask]
    return Question("draw", game, prompt or default, query, list(labels), [right], False, reason.rule,
                    reason.render(viewer=0), labels=labels, shown=_seen(after.hand, after.turn_up, after.tricks_won),
                    reasons=Reasons(reason, dict(after.reasons)))


class _LessonWords:
    """A lesson's own text (``{"en": …, "fr": …}``) as a parameter of core's sentences: in the reader's language."""

    __slots__ = ("texts",)

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts

    def render(self, lang: str | None = None) -> str:
        return self.texts.get(lang or get_language(), self.texts[DEFAULT_LANGUAGE])


def _is_a_card(written: str) -> bool:
    """Whether a claimed choice is written as a card alone ("5H"), which the lesson means played."""
    try:
        Card.parse(written)
    except ValueError:
        return False
    return True


def _claimed(written: str, legal: list[Any]) -> Any:
    """A claimed choice as the lesson writes it (a card, ``5H``, or an action, ``play 5H``, ``keep``), as one of the
    position's legal actions; a ``LessonError`` naming the choices there are."""
    from atout.engine import Action

    try:
        action = Action.parse(f"play {written}" if _is_a_card(written) else written)
    except AtoutError as exc:
        raise LessonError(Text("claim: {choice} is not a card or an action: {why}", choice=quote(written),
                               why=exc.message)) from None
    if action not in legal:
        raise LessonError(Text("claim: {choice} is not a choice in this position: the choices are {choices}",
                               choice=quote(written), choices=Series(_choice_code(a) for a in legal)))
    return action


def _compared(written: str, place: str) -> Any:
    """A discard set a claim compares, as the lesson writes it (``discard AH KH QH``); a ``LessonError`` naming it."""
    from atout.strategy import Discards

    try:
        found = Discards.parse(written)
    except ValueError as exc:
        raise LessonError(Text("{place}: {choice} is not a set of discards: {why}", place=place,
                               choice=quote(written), why=str(exc))) from None
    if found is None:
        raise LessonError(Text("{place}: {choice} is not a set of discards: write discard then the cards, as in "
                               "discard AH KH QH", place=place, choice=quote(written)))
    return found


def _choice_code(action: Any) -> str:
    """A choice as a question's button carries it: the card's code for a plain play, else the action's text (a
    discard set's, ``discard AH KH QH``)."""
    if getattr(action, "kind", None) == "play" and action.card is not None and action.value is None:
        return str(action.card.code)
    return str(action)


def _choice_label(action: Any) -> Any:
    """A strategy question's button, as the table's button for the same action reads ("Declare 66", "Rob: give up 4♦
    for the turned card"; ``atout.vocabulary``); else the action as a proof names it; a discard set, "Discard A♥, K♥
    and Q♥"."""
    from atout.strategy import Discards, action_words
    from atout.vocabulary import button_words

    if isinstance(action, Discards):
        return Text("Discard {cards}", cards=list(action.cards))
    said = button_words(action)
    return said if said is not None else Text("{action}", action=action_words(action))


# What happened before the play that a strategy question shows in other ways (the calls, the contract, the turned
# card, the trick), or that the seat did not see (another player's discards, face down).
_SHOWN_OTHERWISE = {"bid", "contract", "turn-up", "first-lead"}


def _turned_card_taken(hand: Any, view: Any) -> bool:
    """Whether a card was turned up that the table no longer shows (the dealer took it up)."""
    from atout.position import position_of

    return view.turn_up is None and "turn-up" in position_of(hand).piles


def _seen_before_play(hand: Any, seat: int, view: Any) -> list[Explanation]:
    """What ``seat`` saw happen before the first card was played, as it was told (``explanation_for``): a rob, trumps
    ordered up, who plays alone, the kitty taken, its own discards. The deal is told only where it names the turned
    card the table no longer shows (taken up by the dealer)."""
    turned_gone = _turned_card_taken(hand, view)
    seen: list[Explanation] = []
    for event in hand.events:
        for each in event.flatten():
            if each.kind == "play":
                return seen
            if each.kind in _SHOWN_OTHERWISE or (each.kind == "deal" and not turned_gone) \
                    or (each.kind == "discard" and each.seat != seat):
                continue
            seen.append(each.explanation_for(seat))
    return seen


def _best_question(spec: dict[str, Any], game: str, prompt: dict[str, str] | None, seed: int) -> Question:
    """Which choice is best here (``atout.strategy``): the lesson's claim, checked by the solver on the position with
    every hand known (``check = "exact"``) or by sampling the cards the player to act cannot see (``"sampled"``).
    The answer is what the check finds, never the claim as written: a claim that does not hold is refused, naming
    the claimed choice and the values found."""
    from atout import strategy
    from atout.position import hand_from_text

    try:
        hand = hand_from_text(spec["position"])
    except AtoutError as exc:
        raise LessonError(Text("position: {why}", why=exc.message)) from None
    shown_game = hand.config.game
    if family_of(shown_game).id != family_of(game).id:
        raise LessonError(Text("position: it is a position of {game}: a lesson of {family} shows {games}",
                               game=shown_game, family=family_of(game).id,
                               games=OneOf(g for g in GAMES if family_of(g).id == family_of(game).id)))
    if hand.is_over or hand.to_act is None:
        raise LessonError(Text("position: the hand is over: a claim is about a choice still to make"))
    legal = list(hand.legal_actions())
    compare = tuple(_compared(written, "compare") for written in spec.get("compare", ()))
    if compare:
        claimed = [_compared(written, "claim") for written in spec["claim"]]
        for written, choice in zip(spec["claim"], claimed, strict=True):
            if choice not in compare:
                raise LessonError(Text("claim: {choice} is not among the discards compared: {choices}",
                                       choice=quote(written), choices=Series(str(c) for c in compare)))
        legal = list(compare)
    else:
        claimed = [_claimed(written, legal) for written in spec["claim"]]
    how = spec.get("check", "exact")
    try:
        values = strategy.cached_values(spec["position"], how, spec.get("samples", strategy.DEFAULT_SAMPLES),
                                        spec.get("seed", 0), compare)
    except AtoutError as exc:
        raise LessonError(Text("position: {why}", why=exc.message)) from None
    problem = strategy.claim_problem(values, claimed)
    if problem is not None:
        raise LessonError(problem)
    seat = values.seat
    best = values.worth(values.best[0])
    summary = Text("{why} What each choice is worth: {values}. {how}", why=_LessonWords(spec["why"]),
                   values=strategy.values_words(values), how=strategy.how_words(values))
    reason = Explanation("", summary)
    worse = {_choice_code(w.action): Explanation("", Text(
        "Here your choice, {choice}, is worth {worth}, against {best} for {answer}",
        choice=strategy.action_words(w.action), worth=strategy.score_said(w, values),
        best=strategy.score_said(best, values), answer=strategy.action_words(best.action)))
        for w in values.worths if w.action not in values.best}
    choices = [_choice_code(a) for a in legal]
    cards = not compare and all(a.kind == "play" and a.value is None for a in legal)   # the cards of the hand
    view = hand.table_view(None if how == "exact" else seat)
    shown = {"table": view, "seat": seat, "open": how == "exact",
             "trump": view.strain or (view.trump.letter if isinstance(view.trump, Suit) else None)}
    shown["plays"] = any(getattr(a, "kind", None) == "play" for a in legal)   # a card to play: the lead or trick
    shown["partners"] = [s for s in range(len(hand.hands)) if s != seat and hand.side_of(s) == hand.side_of(seat)]
    if how == "sampled":      # what the seat has heard and seen, which every sampled deal keeps
        shown["earlier"] = _seen_before_play(hand, seat, view)
        shown["calls"] = list(view.calls or ())
        if not _turned_card_taken(hand, view):
            shown["dealer"] = hand.dealer         # who dealt matters (robbing, the lead); else the deal is told
    else:     # every hand is shown; what the table says besides (the marriages shown, the stock closed…)
        shown["notes"] = list(view.notes or ())
    # the tricks played (an ending's earlier tricks have no cards): a player counts them
    shown["tricks"] = [(list(getattr(trick, "seats", None) or
                             [(trick.leader + i) % len(hand.hands) for i in range(len(trick.cards))]),
                        [card.code for card in trick.cards], trick.winner) for trick in hand.tricks if trick.cards]
    labels = {} if cards else {code: _choice_label(a) for code, a in zip(choices, legal, strict=True)}
    default = Text("What is the best thing to do here?") if not cards else Text("Which card is best here?")
    return Question("best", shown_game, prompt or default, {"kind": "best", "position": spec["position"],
                                                           "check": how},
                    choices, [_choice_code(a) for a in values.best], len(values.best) > 1, None,
                    summary.render(viewer=seat), cards=cards, labels=labels, shown=shown, viewer=seat,
                    reasons=Reasons(reason, worse))


_SPECIAL = {
    ("points", "points"): _points_question, ("points", "66"): _points_question,
    ("discards", "cards"): _discards_question, ("discards", "count"): _discard_count_question,
    ("discards", "draw"): _discard_count_question,
    ("exchange", "may"): _exchange_question, ("marriage", "may"): _marriage_question,
    ("close", "may"): _close_question, ("close", "score"): _close_score_question,
    **{("rob", ask): _rob_question for ask in ASKS["rob"]}, **{("draw", ask): _draw_question for ask in ASKS["draw"]},
}


def _reasons(reasons: dict[str, Any] | None) -> dict[str, dict[str, str]]:
    """The referee's reason, card by card (its ``beats``: why each losing card loses; its ``why``: why each card or
    call may not be played), as ``{"rule", "explanation"}``."""
    return {key: why for key, why in (reasons or {}).items() if isinstance(why, dict) and "explanation" in why}


def _call_choices(game: str, legal: list[str], query: dict[str, Any]) -> list[str]:
    """Calls to choose from: every call of Auction Forty-Fives; in Five Hundred, pass, the bids just
    below the lowest legal one (too low: the trap) and the lowest legal ones."""
    if family_of(game).offers_every_call:
        return list(family_of(game).module("config").CALLS)
    opening: rules_api.AuctionState = _typed({**query, "calls": []})
    ladder = [c for c in opening.legal if c != "pass"]
    bids = [c for c in legal if c != "pass"]
    if not bids:
        return ["pass", *ladder[-3:]]
    first = ladder.index(bids[0])
    return ["pass", *ladder[max(0, first - 3):first], *bids[:4]]


def _score_choices(values: list[int], seed: int, game: str = "") -> list[tuple[int, ...]]:
    """The right scores and three wrong ones that could be believed, in the order their texts sort: in Sixty-Six the
    other possible game points; elsewhere nearby scores in the game's steps, never below zero where scores cannot be
    (only Auction Forty-Fives and Five Hundred lose points)."""
    rng = random.Random(seed)
    right = tuple(values)
    info = game_info(game)
    if info.family.hand_scores:
        others = [tuple(o) for o in info.family.hand_scores if tuple(o) != right]
        return sorted([right, *rng.sample(others, 3)], key=score_text)
    step = info.family.score_step
    signed = any(v < 0 for v in values) or info.loses_points
    choices = {right}
    tries = 0
    while len(choices) < 4 and tries < 200:
        tries += 1
        changed = [v + step * rng.choice([-4, -2, -1, 1, 2, 4]) if rng.random() < 0.6 else v for v in values]
        if rng.random() < 0.2:
            changed = [-v for v in changed]          # made for lost, or lost for made
        if not signed and any(v < 0 for v in changed):
            continue
        choices.add(tuple(changed))
    return sorted(choices, key=score_text)


def score_text(values: Sequence[int]) -> str:
    """Scores side by side, "20 – 240" or "0 – −230" (a minus sign, so no "– -230")."""
    return " – ".join(signed(v) for v in values)


# --- generated drills that favour the traps -----------------------------------------------------------

def drill(game: str, what: str, count: int, seed: int = 0, options: dict[str, Any] | None = None,
          trumps: list[str] | None = None) -> list[Question]:
    """Generated questions; about two cards in three come from the game's trap list (its family's registration).

    The options and trumps are checked first, and the draws are counted: a drill that cannot be made (a trump
    the game lacks, an unknown option) is refused at once instead of drawing for ever.
    """
    fam = family_of(game)
    config = make_config(game, options or {})
    trumps = _drill_trumps(game, trumps or list(fam.drill_trumps), list(fam.drill_trumps))
    rng = random.Random(seed)
    deck = [c.code for c in fam.deck]
    traps = [c for c in fam.drill_traps if c in deck]
    # a trick of the family's drill size where the game seats that many (a partnership game seats four or six)
    short = fam.drill_players if fam.drill_players in rules_api.player_counts(game) else None
    players = config.players if short is None else (options or {}).get("players", short)
    questions: list[Question] = []
    draws = 0
    while len(questions) < count:
        draws += 1
        if draws > MAX_DRILL_DRAWS * count:
            raise LessonError(Text("this drill could make only {made} of its {count} questions", made=len(questions),
                                   count=count))
        trump = rng.choice(trumps)
        size = players if what == "winner" else 1
        cards: list[str] = []
        while len(cards) < size + (3 if what == "legal" else 0):
            pool = traps if rng.random() < 0.65 else deck
            card = rng.choice(pool)
            if card not in cards:
                cards.append(card)
        spec: dict[str, Any] = {"kind": what, "trump": trump, "options": options or {}}
        if what == "winner":
            spec["plays"] = cards
        else:
            spec["plays"], spec["hand"] = cards[:1], cards[1:]
            spec.update(dict(fam.drill_legal))
        try:
            questions.extend(make_questions(spec, game, options))
        except LessonError:
            continue   # e.g. a no-trumps joker lead: draw again
    return questions


MAX_DRILL_DRAWS = 50   # draws per question: one in ten or so is drawn again (a no-trumps joker lead)


def _drill_trumps(game: str, trumps: list[str], allowed: list[str]) -> list[str]:
    """The drill's trumps, each one of the game's (``rules_api.trumps``: NT only in Five Hundred)."""
    for trump in trumps:
        try:
            rules_api.parse_trump(game, trump)
        except AtoutError:
            raise LessonError(Text("trumps: {trump} is not a trump in {game}: write {allowed}", trump=quote(trump),
                                   game=game, allowed=OneOf(allowed))) from None
    return trumps


# --- what a step shows, built as the page builds it ---------------------------------------------------------

SHOWS_WITH_A_HAND = ("table", "stepper", "bidding")


def _opens_with_an_auction(game: str, hand: Any) -> bool:
    """Whether ``hand`` of ``game`` opens with an auction a bidding box shows: its family declares one, and the hand
    is bidding (Euchre's ordering up is a bidding phase without calls; the turned-up Forty-Fives never bids)."""
    return family_of(game).has(Capability.AUCTION) and hand.phase is Phase.BID


@dataclass
class StepShown:
    """What a step shows, worked out by core: the page draws it and the lesson check builds it the same way."""

    show: str
    game: str
    trump: str | None = None      # the canonical letter, or NT
    cards: list[Card] = field(default_factory=list)     # a ``cards`` step
    plays: list[str] = field(default_factory=list)      # a ``trick`` step, in play order
    hand: Any = None              # a ``table``, ``stepper`` (played to the end) or ``bidding`` step
    viewer: int | None = None
    watch: bool = False           # the viewer's seat is watched, not the learner's own: nobody is "you"


def played_hand(game: str, seed: int, players: int | None, options: dict[str, Any], actions: list[str] | None,
                complete: bool = False):
    """A seeded hand with the lesson's actions applied (and, for a guided hand, played to the end)."""
    from atout.engine import Action

    extra = dict(options)
    if players is not None:
        extra["players"] = players
    hand = package_of(game).new_hand(game, seed=seed, **extra)
    for action in actions or []:
        hand.apply(Action.parse(action))
    while complete and not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    return hand


def step_shown(step: dict[str, Any], lesson: Lesson) -> StepShown:
    """What ``step`` of ``lesson`` shows; an ``AtoutError`` naming what is wrong when it cannot be shown (a trick
    with a card twice, a trump the game lacks, an action the hand cannot play, six players in Sixty-Six …)."""
    show = step.get("show", "none")
    game = step.get("game", lesson.game)
    options = {**lesson.options, **step.get("options", {})}
    make_config(game, options)
    shown = StepShown(show, game)
    if show == "cards":
        deck = family_of(game).deck
        shown.cards = [deck.parse(card) for card in step.get("cards", [])]
        if "trump" in step:
            shown.trump = _step_trump(game, step["trump"])
    elif show == "ranking":
        config = rules_api.config_of(game, options)
        if "trump" not in step:       # the order of the cards depends on it: never guessed
            raise LessonError(Text("a ranking step needs its trump: write trump = {allowed}",
                                   allowed=_trumps_allowed(config)))
        shown.trump = _step_trump(game, step["trump"])
    elif show == "trick":
        config = rules_api.config_of(game, options)
        if "trump" not in step:       # a trick's winner depends on it: never guessed
            raise LessonError(Text("a trick step needs its trump: write trump = {allowed}",
                                   allowed=_trumps_allowed(config)))
        shown.trump = _step_trump(game, step["trump"])
        try:
            verdict = rules_api.trick_verdict(config, [Card.parse(card) for card in step.get("plays", [])],
                                              rules_api.parse_trump(config, shown.trump), whole=True)
        except AtoutError as exc:
            raise LessonError(Text("the trick cannot be shown: {why}", why=exc.message)) from None
        shown.plays = [card.code for card in verdict.plays]
    elif show in SHOWS_WITH_A_HAND:
        seed, players = step.get("seed", 0), step.get("players")
        if show == "bidding" and not _opens_with_an_auction(game, played_hand(game, seed, players, options, [])):
            bidding = [g for g in GAMES if _opens_with_an_auction(g, package_of(g).new_hand(g, seed=0))]
            raise LessonError(Text("{game} has no bidding: a bidding step is for {games}", game=game,
                                   games=OneOf(bidding)))
        shown.hand = played_hand(game, seed, players, options, step.get("actions"), complete=show == "stepper")
        shown.viewer = step.get("viewer")
        seats = len(shown.hand.hands)
        if shown.viewer is not None and not 0 <= shown.viewer < seats:
            raise LessonError(Text("viewer must be a seat from 0 to {last}, or left out to show every hand",
                                   last=seats - 1))
        shown.watch = bool(step.get("watch"))
        if shown.watch and (shown.viewer is None or show != "table"):
            raise LessonError(Text("watch is for a table seen from another seat: give it the seat as viewer"))
    return shown


def _trumps_allowed(config: rules_api.GameConfig) -> OneOf:
    """The trumps a step of ``config``'s game may name, as a lesson writes them ("C, D, H, S, or NT")."""
    return OneOf(rules_api.trump_text(t) for t in rules_api.trumps(config))


def _step_trump(game: str, trump: str) -> str:
    """A step's trump as the referee writes it (``"d"`` → ``"D"``), refused when ``game`` has no such trump."""
    try:
        return rules_api.trump_text(rules_api.parse_trump(game, trump))
    except AtoutError as exc:
        raise LessonError(Text("trump: {why}", why=exc.message)) from None


def build_lesson(lesson: Lesson) -> None:
    """Build everything the lesson's page builds from core besides its questions: each step's cards, trick, ranking
    or hand; a ``LessonError`` names the file, the place and what is wrong."""
    for i, step in enumerate(lesson.steps):     # the questions were built as the page builds them when it was read
        with _at(lesson, Text("step {i}", i=i + 1)):
            step_shown(step, lesson)


def check_lessons(folder: Path | None = None) -> list[str]:
    """Problems with the lessons (of ``folder``, else of ``lesson_folders()``), one line each (empty when every
    lesson is valid): each file is read, checked and built as the page builds it, in this process."""
    paths: list[Path] = []
    problems = []
    for each in lesson_folders(folder):
        try:
            paths += lesson_paths(each)
        except LessonError as exc:
            problems.append(str(exc))
        for stray in sorted(p for p in each.glob("*/*.toml") if _is_translation(p)
                            and (not (translated := p.with_name(p.stem.rsplit(".", 1)[0] + p.suffix)).is_file()
                                 or _is_translation(translated))):
            problems.append(Text("{path}: a translation of no lesson: name it as the lesson it translates, with the "
                                 "language before .toml, as in {example}", path=str(stray),
                                 example=f"01-cards.{LANGUAGES[-1]}.toml").render())
    seen: dict[str, Path] = {}
    for path in paths:
        try:
            lesson = parse_lesson(read_lesson(path), path)
            build_lesson(lesson)
            refused = _misfiled(lesson) or _same_id(lesson, seen)
            if refused is not None:
                raise refused
        except LessonError as exc:
            problems.append(str(exc))
        except Exception as exc:  # a fault in Atout: say which file showed it, and check the others
            problems.append(Text("{path}: this lesson could not be built (a fault in Atout: {name}: {why}); "
                                 "please report it", path=str(path), name=type(exc).__name__,
                                 why=quote(str(exc), limit=200)).render())
    return problems
