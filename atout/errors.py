"""Narrow error types. Each is a ``ValueError`` whose message names what is wrong and what is allowed.

Messages are ``Text`` objects, so ``str(error)`` is in the current language.
"""

from __future__ import annotations

from typing import Any

from atout.i18n import Text


class AtoutError(ValueError):
    """Base class of every error Atout raises on bad input."""

    def __init__(self, message: Text | str) -> None:
        self.message = message if isinstance(message, Text) else Text(message)
        super().__init__(self.message.render("en"))

    def __str__(self) -> str:
        return self.message.render()


class CardParseError(AtoutError):
    """Text that is not a card in Atout's notation."""


class CardNotInDeckError(AtoutError):
    """A real card that the game's deck does not have (the 2♠ in Five Hundred)."""


class DuplicateCardError(AtoutError):
    """The same card given twice where each card exists once."""


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
