"""What a live class refuses, each a narrow ``ValueError`` (``AtoutError``) whose message says what is wrong and
what to do, in the language of the page it is shown on."""

from __future__ import annotations

from atout.errors import AtoutError
from atout.i18n import Text


class LiveError(AtoutError):
    """Base class of everything a live class refuses. ``field`` names what was wrong (for the page to mark it)."""

    field = ""


class ClassCodeError(LiveError):
    """A class code that is malformed, names no class, or names a class that has ended."""

    field = "code"


class StudentNameError(LiveError):
    """A name that is empty, too long, not plain text, or already taken in the class."""

    field = "name"


class QuestionError(LiveError):
    """A question that cannot be asked (no such lesson question, a position where it makes no sense)."""

    field = "question"


class AnswerError(LiveError):
    """An answer refused: the question is closed, answered already, or the answer is not among its choices."""

    field = "answer"


class SessionError(LiveError):
    """A page whose place in a class is gone or was never given (an unknown token, a class that has ended)."""

    field = "token"


class MessageError(LiveError):
    """A message from a page that is not what the protocol accepts (too large, not JSON, a wrong field)."""

    field = "message"


class StoreError(LiveError):
    """The class database cannot be used now, so nothing asked of it was saved: its message names the cause and
    what to do, and ``cause`` names it for the code: ``deleted`` (the file, its folder or the tables are gone),
    ``read-only``, ``locked`` (another program holds it), ``unreachable`` (the server does not answer), ``full``,
    ``damaged``, ``newer`` (made by a newer Atout), or ``failed`` (anything else the database said)."""

    field = "store"

    def __init__(self, message: Text | str, cause: str = "failed") -> None:
        self.cause = cause
        super().__init__(message)
