"""The messages a student's page sends its kernel, checked before anything is done: one JSON object in, one out,
as ``atout judge`` does for the referee. The benchmark drives student sessions with these very messages.

``{"op": "join", "code": "K7M-4QX", "name": "Ada", "lang": "fr"}`` → ``{"ok": true, "token": …, "view": …}``;
then with that token: ``resume`` (a page coming back: who it is and what it shows), ``view``, ``answer``
(``question``, ``answer``: the choices picked), ``progress`` (``lesson``, ``right``, ``total``), ``language``
(``lang``), ``here`` (``page``, an id of the page's own: it is still open, every few seconds) and ``leave``
(``page``: it is closing). A message that is too large, not JSON, of an unknown kind or with a field it does not
take gets ``{"error": "…", "field": "…"}`` in the page's language, and changes nothing.

>>> import tempfile
>>> from pathlib import Path
>>> from atout.live.classes import Classes
>>> from atout.live.sqlite import SQLiteStore
>>> classes = Classes(SQLiteStore(Path(tempfile.mkdtemp())))
>>> handle(classes, {"op": "join", "code": "K7M-4QU", "name": "Ada", "lang": "fr"})["error"]  # doctest: +ELLIPSIS
"'U' n'est pas utilisé dans les codes de séance..."
>>> print(handle(classes, '{"op": "join"')["error"])
not JSON: Expecting ',' delimiter; a message is one JSON object
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from atout.i18n import DEFAULT_LANGUAGE, LANGUAGES, Series, Text, language
from atout.live.classes import Classes, Student
from atout.live.errors import LiveError, MessageError, StoreError
from atout.nesting import text_depth, value_depth

MAX_MESSAGE_BYTES = 4096     # a page's message: a code, a name, a few choices; anything larger is refused
MAX_DEPTH = 8                # a page's message nests two deep (an answer's list of choices); 4 KB of brackets would
                             # take Python's JSON parser past its recursion limit
MAX_TOKEN = 64

FIELDS: dict[str, tuple[str, ...]] = {
    "join": ("code", "name", "lang"),
    "resume": ("token",),
    "view": ("token",),
    "answer": ("token", "question", "answer"),
    "progress": ("token", "lesson", "right", "total"),
    "language": ("token", "lang"),
    "here": ("token", "page"),
    "leave": ("token", "page"),
}


def _parse(message: Any) -> dict[str, Any]:
    if isinstance(message, bytes | str):
        size = len(message.encode("utf-8") if isinstance(message, str) else message)
        if size > MAX_MESSAGE_BYTES:
            raise MessageError(Text("a message from the page has at most {n} bytes; this one has {k}",
                                    n=MAX_MESSAGE_BYTES, k=size))
        text = message.decode("utf-8", "replace") if isinstance(message, bytes) else message
        if text_depth(text, most=MAX_DEPTH) > MAX_DEPTH:
            raise _too_deep()
        try:
            message = json.loads(message)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise MessageError(Text("not JSON: {why}; a message is one JSON object",
                                    why=getattr(exc, "msg", str(exc)))) from None
    else:
        if value_depth(message, MAX_DEPTH) > MAX_DEPTH:
            raise _too_deep()
        try:
            size = len(json.dumps(message, ensure_ascii=False).encode("utf-8"))
        except (TypeError, ValueError):
            raise MessageError(Text("a message is one JSON object")) from None
        if size > MAX_MESSAGE_BYTES:
            raise MessageError(Text("a message from the page has at most {n} bytes; this one has {k}",
                                    n=MAX_MESSAGE_BYTES, k=size))
    if not isinstance(message, dict):
        raise MessageError(Text("a message is one JSON object with an op, one of {ops}", ops=Series(FIELDS)))
    op = message.get("op")
    if op not in FIELDS:
        raise MessageError(Text("op is one of {ops}, not {op}", ops=Series(FIELDS), op=repr(str(op)[:20])))
    extra = sorted(set(message) - {"op", *FIELDS[op]})
    if extra:
        raise MessageError(Text("a {op} message has the fields {fields}, not {extra}", op=op,
                                fields=Series(FIELDS[op]), extra=Series(repr(e[:20]) for e in extra)))
    missing = [f for f in FIELDS[op] if f not in message]
    if missing:
        raise MessageError(Text("a {op} message needs {fields}", op=op, fields=Series(missing)))
    return message


def _student(classes: Classes, message: dict[str, Any]) -> Student:
    token = message["token"]
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
        raise MessageError(Text("token is the text the page was given when it joined"))
    return classes.student(token)


def _join(classes: Classes, m: dict[str, Any], _student: None) -> dict[str, Any]:
    student = classes.join(m["code"], m["name"], m["lang"])
    return {"token": student.token, "name": student.name, "number": student.number, "view": student.view()}


def _resume(classes: Classes, m: dict[str, Any], student: Student) -> dict[str, Any]:
    return {"token": student.token, "name": student.name, "number": student.number, "lang": student.lang,
            "view": student.view()}


def _view(classes: Classes, m: dict[str, Any], student: Student) -> dict[str, Any]:
    return {"view": student.view()}


def _answer(classes: Classes, m: dict[str, Any], student: Student) -> dict[str, Any]:
    number = m["question"]
    if not isinstance(number, int) or isinstance(number, bool):
        raise MessageError(Text("question is the number of the question answered"))
    student.answer(number, m["answer"])
    return {"recorded": number}


def _progress(classes: Classes, m: dict[str, Any], student: Student) -> dict[str, Any]:
    student.record_progress(m["lesson"], m["right"], m["total"])
    return {"recorded": m["lesson"]}


def _language(classes: Classes, m: dict[str, Any], student: Student) -> dict[str, Any]:
    student.set_language(m["lang"])
    return {"view": student.view()}


def _here(classes: Classes, m: dict[str, Any], student: Student) -> dict[str, Any]:
    student.here(m["page"])
    return {}


def _leave(classes: Classes, m: dict[str, Any], student: Student) -> dict[str, Any]:
    student.leave(m["page"])
    return {}


def _too_deep() -> MessageError:
    return MessageError(Text("a message nests lists and objects at most {n} deep", n=MAX_DEPTH))


OPS: dict[str, Callable[[Classes, dict[str, Any], Any], dict[str, Any]]] = {
    "join": _join, "resume": _resume, "view": _view, "answer": _answer, "progress": _progress, "language": _language,
    "here": _here, "leave": _leave}


def _language_of(classes: Classes, message: Any) -> str | None:
    """The language of the student a refused token names, when the store still knows them (the teacher removed
    them, say): a page is told why it is out of the class in its own language."""
    token = message.get("token") if isinstance(message, dict) else None
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
        return None
    try:
        row = classes.store.student_by_token(token)
    except StoreError:          # the store fails (what is refused says so): in the message's language, else English
        return None
    return row.lang if row is not None else None


def _refusal(exc: LiveError, lang: str) -> dict[str, Any]:
    with language(lang):
        return {"error": str(exc), "field": exc.field}


def handle(classes: Classes, message: Any) -> dict[str, Any]:
    """One message (a dict, or its JSON text) in, one reply out: ``{"ok": true, …}`` or ``{"error", "field"}``,
    in the message's language, else the student's, else English."""
    asked = message.get("lang") if isinstance(message, dict) else None
    lang = asked if asked in LANGUAGES else DEFAULT_LANGUAGE
    try:
        parsed = _parse(message)
        student = _student(classes, parsed) if "token" in parsed else None
    except LiveError as exc:
        return _refusal(exc, lang if asked in LANGUAGES else _language_of(classes, message) or lang)
    if student is not None and asked not in LANGUAGES:
        lang = student.lang
    with language(lang):
        try:
            return {"ok": True, **OPS[parsed["op"]](classes, parsed, student)}
        except LiveError as exc:
            return _refusal(exc, lang)


def handle_line(classes: Classes, line: str) -> str:
    return json.dumps(handle(classes, line), ensure_ascii=False)
