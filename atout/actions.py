"""Actions as the rules write them: what a player (or chance) does, its text form and its checks, and the phases of
a hand in which actions are done (worded by ``atout.vocabulary``)."""

from __future__ import annotations

import enum
import functools
import re
import reprlib
from collections.abc import Callable
from typing import Any, NamedTuple

from atout.cards import CARDS, Card, Suit, read_card, read_suit
from atout.errors import AmbiguousCardError, NotationError, quote
from atout.i18n import Text


class Phase(enum.Enum):
    DEAL = "deal"          # chance: the shuffled deck is dealt
    ROB = "rob"            # Forty-Fives: the dealer robs a turned-up ace
    BID = "bid"
    TRUMP = "trump"        # Auction Forty-Fives: the high bidder names trumps
    KITTY = "kitty"        # Five Hundred: the contractor takes the kitty and discards
    DISCARD = "discard"
    DRAW = "draw"
    PLAY = "play"
    SCORE = "score"
    OVER = "over"


MAX_ACTION_TEXT = 400   # the longest action is a whole deal ("deal AS KS …", 53 cards): longer text is refused unread


class Action(NamedTuple):
    """One thing a player (or chance) does. ``kind`` names it; ``card`` and ``value`` qualify it.

    The text form round-trips:

    >>> a = Action.parse("play 10h")
    >>> a, str(a)
    (Action(kind='play', card=Card('10H'), value=None), 'play 10H')
    >>> str(Action.parse("bid 30-for-60")), str(Action.parse("keep")), str(Action.parse("play jk h"))
    ('bid 30-for-60', 'keep', 'play JK H')
    """

    kind: str
    card: Card | None = None
    value: Any = None

    def __str__(self) -> str:
        return self.written()

    def written(self, lang: str | None = None) -> str:
        """The action in the notation: canonical ("play AC"), or with ``lang`` its cards and suits as the page shows
        them to a reader of ``lang`` ("play A♣", « play D♠ »), which ``parse(text, lang)`` reads back."""
        def card(c: Card) -> str:
            return c.code if lang is None else c.render(lang)

        if self.kind == "deal":
            return "deal " + " ".join(card(c) for c in self.value)
        parts = [self.kind]
        if self.card is not None:
            parts.append(card(self.card))
        if self.value is not None:
            if isinstance(self.value, Suit):
                parts.append(self.value.letter if lang is None else self.value.symbol)
            elif self.kind in VALUE_ACTIONS:
                parts.append(call_written(str(self.value), lang))
            else:
                parts.append(str(self.value))
        return " ".join(parts)

    @staticmethod
    def parse(text: str, lang: str | None = None) -> Action:
        """Read an action in the notation; with ``lang``, its cards and suits as a reader of ``lang`` types them
        (``atout.cards.read_card``: « play RC » is the king of hearts in French)."""
        card: Callable[[str], Card] = Card.parse if lang is None else functools.partial(read_card, lang=lang)
        suit: Callable[[str], Suit] = Suit.parse if lang is None else functools.partial(read_suit, lang=lang)
        words = text.split() if isinstance(text, str) and len(text) <= MAX_ACTION_TEXT else []
        if not words:
            raise NotationError(Text("{text} is not an action: write a kind then its card or value, as in "
                                     "'play 5H', 'bid 15', 'trump S', 'keep'", text=quote(text)))
        kind, rest = words[0].lower(), words[1:]
        if kind == "deal":
            return Action("deal", None, tuple(card(w) for w in rest))
        if kind in CARD_ACTIONS:
            if len(rest) == 2:     # a card and the suit it names (Five Hundred's joker led in no trumps)
                return Action(kind, card(rest[0]), suit(rest[1]))
            if len(rest) != 1:
                raise NotationError(Text("'{kind}' takes one card, as in '{kind} 5H'", kind=kind))
            return Action(kind, card(rest[0]))
        if kind in SUIT_ACTIONS:
            if len(rest) != 1:
                raise NotationError(Text("'{kind}' takes one suit, as in '{kind} H'", kind=kind))
            return Action(kind, None, suit(rest[0]))
        if kind in VALUE_ACTIONS:
            if len(rest) != 1:
                raise NotationError(Text("'{kind}' takes one value, as in 'bid 15' or 'bid pass'", kind=kind))
            return Action(kind, None, call_read(rest[0], lang))
        if not rest:
            return Action(kind)
        if len(rest) == 1:
            try:
                return Action(kind, card(rest[0]))
            except AmbiguousCardError:
                raise      # a card, but which one the reader must say
            except ValueError:
                return Action(kind, None, rest[0])
        raise NotationError(Text("{text} is not an action", text=quote(text)))


def normalise_call(text: str) -> str:
    """Calls are written ``pass``, ``hold``, ``15``, ``30-for-60``, ``7NT``, ``misere``: any case in."""
    low = text.strip().lower()
    return low if low.isalpha() or "-" in low or low.isdigit() else low.upper()


_CALL_IN_A_SUIT = re.compile(r"^(\d+)([^\d-]+)$")    # "7H": a number of tricks, then its suit (or NT)


def call_written(call: str, lang: str | None = None) -> str:
    """A call in the notation: canonical ("7H"), or with ``lang`` its suit as the page shows it to the reader
    ("7♥"; "7NT", "20" and "misere" as they are).

    >>> call_written("7H", "fr"), call_written("7NT", "fr"), call_written("30-for-60", "fr")
    ('7♥', '7NT', '30-for-60')
    """
    found = _CALL_IN_A_SUIT.match(call)
    if lang is None or found is None:
        return call
    try:
        return found.group(1) + Suit.parse(found.group(2)).symbol
    except ValueError:
        return call


def call_read(text: str, lang: str | None = None) -> str:
    """A call as typed, in the canonical notation; with ``lang``, its suit read as a reader of ``lang`` types it
    (``read_suit``: « 7P » is 7 piques in French, and « 7C » is refused as cœur or clubs).

    >>> call_read("7♥", "fr"), call_read("7p", "fr"), call_read("7nt", "fr"), call_read("7s"), call_read("7♥")
    ('7H', '7S', '7NT', '7S', '7H')
    """
    found = _CALL_IN_A_SUIT.match(text.strip())
    if found is None or found.group(2).upper() == "NT":
        return normalise_call(text)
    if lang is None:     # the canonical notation, which takes a suit's symbol as Card.parse does ("7♥")
        try:
            return found.group(1) + Suit.parse(found.group(2)).letter
        except ValueError:
            return normalise_call(text)
    return found.group(1) + read_suit(found.group(2), lang).letter


# Which action kinds take a card, a suit or a free value (the families share these words).
CARD_ACTIONS = {"play", "rob", "discard", "exchange", "marriage"}
SUIT_ACTIONS = {"trump"}
VALUE_ACTIONS = {"bid"}

PLAY_ACTIONS: tuple[Action, ...] = tuple(Action("play", card) for card in CARDS)


def play(card: Card) -> Action:
    """The (interned) action of playing a card."""
    return PLAY_ACTIONS[card.index]



# An action's parts as a refusal quotes them: a few items of a few levels, each cut short (a message stays a sentence).
_PART = reprlib.Repr()
_PART.maxlevel, _PART.maxlist, _PART.maxtuple, _PART.maxdict = 2, 3, 3, 2
_PART.maxstring, _PART.maxother, _PART.maxlong = 24, 16, 16


def check_shape(action: Action) -> None:
    """A ``NotationError`` for an ``Action`` built by hand with the wrong kinds of parts (``Action("play", "AS")``:
    the card is text, not a ``Card``), before anything reads them as a card or a word."""
    kind, card, value = action
    cards = isinstance(value, tuple | list) and all(isinstance(c, Card) for c in value)
    if not isinstance(kind, str) or not (card is None or isinstance(card, Card)) or (kind == "deal" and not cards):
        written = "Action(" + ", ".join(_PART.repr(part) for part in action) + ")"
        raise NotationError(Text("{action} is not an action: its kind is a word, its card a Card and a deal's value "
                                 "its cards; Action.parse('play AS') writes one from text", action=written))


def as_action(action: Action | str) -> Action:
    """``action`` itself, or the action its text writes (``NotationError`` for anything else)."""
    return action if isinstance(action, Action) else Action.parse(action)


def checked_action(action: Action | str) -> Action:
    """``as_action``, and an ``Action`` built with the wrong parts refused (``check_shape``): for the questions about an
    action (``apply`` checks the shape of an action only when it is not one of the legal ones, the common case)."""
    action = as_action(action)
    check_shape(action)
    return action
