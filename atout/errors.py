"""Narrow error types. Each is a ``ValueError`` whose message names what is wrong and what is allowed.

Messages are ``Text`` objects, so ``str(error)`` is in the current language.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from atout.i18n import Text, Typed

QUOTE_LIMIT = 40   # characters of what was sent that a message quotes back


def quote(value: Any, limit: int = QUOTE_LIMIT, as_json: bool = False) -> str | Text:
    """What was sent, quoted for a message and never longer than about ``limit`` characters: text in quotes (as
    ``repr`` writes it; with ``as_json``, as JSON writes it), anything else as JSON, cut with "…" when longer.

    >>> quote("1H"), quote([1, "AS"]), quote("x" * 100, limit=5)
    ("'1H'", '[1, "AS"]', "'xxxxx…'")
    >>> str(quote(7 ** 6000))
    '38747… (a number of 5071 digits)'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        digits = digit_count(value)
        lead = ("-" if value < 0 else "") + str(abs(value) // 10 ** (digits - 5))
        return Text("{lead}… (a number of {n} digits)", lead=lead, n=digits)
    if isinstance(value, str) and not as_json:
        cut = value[:limit]
        text = repr(cut)
        return text if len(cut) == len(value) else f"{text[:-1]}…{text[-1]}"
    if isinstance(value, str):
        cut = value[:limit]
        text = json.dumps(cut, ensure_ascii=False)
        return text if len(cut) == len(value) else f"{text[:-1]}…\""
    try:
        text = json.dumps(_shortened(value, limit), ensure_ascii=False, default=lambda v: type(v).__name__)
    except (ValueError, RecursionError):
        return type(value).__name__
    return text if len(text) <= limit else text[:limit] + "…"


def typed(value: Any, limit: int = QUOTE_LIMIT) -> Typed:
    """What a player typed, quoted back in a sentence they read, cut with "…" when longer than ``limit``.

    >>> typed("play JK H").render("en"), typed("hold").render("fr"), typed("x" * 100, limit=3).render("en")
    ('“play JK H”', '«\xa0hold\xa0»', '“xxx…”')
    """
    text = str(value)
    return Typed(text if len(text) <= limit else text[:limit] + "…")


def _shortened(value: Any, limit: int, depth: int = 0) -> Any:
    """``value`` with only its first few items and characters: enough to quote ``limit`` characters of it."""
    if depth > 8:
        return "…"
    if isinstance(value, str):
        return value[:limit]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        return str(quote(value, limit))
    if isinstance(value, list | tuple):
        return [_shortened(v, limit, depth + 1) for v in value[:limit]]
    if isinstance(value, dict):
        return {str(k)[:limit]: _shortened(v, limit, depth + 1) for k, v in itertools.islice(value.items(), limit)}
    return value


def digit_count(value: int) -> int:
    """How many decimal digits ``value`` has, without writing it out (Python refuses beyond 4,300 digits)."""
    value = abs(value)
    estimate = max(1, int(value.bit_length() * 0.30102999566398120))
    power: int = 10 ** estimate
    return estimate + (value >= power)



class AtoutError(ValueError):
    """Base class of every error Atout raises on bad input."""

    def __init__(self, message: Text | str) -> None:
        self.message = message if isinstance(message, Text) else Text(message)
        super().__init__(self.message.render("en"))

    def __str__(self) -> str:
        return self.message.render()


class CardParseError(AtoutError):
    """Text that is not a card in Atout's notation."""


class AmbiguousCardError(CardParseError):
    """A card typed so that it reads as two cards in the reader's language (« AC »: as de cœur, or ace of clubs)."""


class CardNotInDeckError(AtoutError):
    """A real card that the game's deck does not have (the 2♠ in Five Hundred)."""


class DuplicateCardError(AtoutError):
    """The same card given twice where each card exists once."""


class SeatError(AtoutError):
    """A seat the hand does not have: a seat is a whole number from 0 to the number of players less one."""


class NotKeptError(AtoutError):
    """A value a hand does not keep (a Sixty-Six hand and the set's score), named with where it is kept."""


class ConfigError(AtoutError):
    """An unknown game, option or option value."""


class IllegalActionError(AtoutError):
    """An action the rules do not allow now. ``rule`` names the rule that forbids it."""

    def __init__(self, message: Text | str, rule: str | None = None, explanation: Any = None) -> None:
        self.rule = rule
        self.explanation = explanation
        super().__init__(message)

    def __str__(self) -> str:
        text = self.message.render()
        return f"{text} ({self.rule})" if self.rule else text


class QueryError(AtoutError):
    """A referee query that cannot be answered (missing field, wrong type, wrong length)."""


class PositionError(AtoutError):
    """A described position that cannot arise in the game (a hand of the wrong size for the stock, a trick
    played on an exhausted stock that still has cards)."""


class NotationError(AtoutError):
    """A malformed action, deal code or position text."""
