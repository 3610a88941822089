"""What the ranking tables of Forty-Fives and Five Hundred share: a card's power and suit, per trump suit.

Both families rank a trump suit of their own order above plain suits of their own order, and a card may follow
as another suit than its own (Forty-Fives' A♥, Five Hundred's left bower and joker are trumps). Each family
builds ``PowerTables`` from its orders and adds what only it needs; the engines' inner loops read the tables
by ``Card.index``.

>>> from atout.cards import Card, Suit
>>> t = PowerTables(Suit.SPADES, [Card.parse("AS"), Card.parse("KS")], {Suit.HEARTS: [Card.parse("AH")]})
>>> t.power[Card.parse("KS").index] > TRUMP_POWER > t.power[Card.parse("AH").index] > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from atout.cards import CARDS, JACK, Card, Suit

TRUMP_POWER = 100   # every trump's power is above this, every plain card's below


class TrickRule(NamedTuple):
    """A family's trick rule for one trump, the same shape in every family (each ranking module's ``trick_rule``):
    who wins a trick played in order, and the suit a card follows as (the trump suit for every trump)."""

    winner: Callable[[Sequence[Card]], int]
    suit: Callable[[Card], Any]
    trump: Any


class PowerTables:
    """Look-up tables for one trump suit (``None``: Five Hundred's no trumps), indexed by ``Card.index``:
    ``is_trump``; ``suit_of``, the suit a card belongs to for leading and following (a trump's is the trump
    suit, whatever its own); ``power``, higher wins (trumps above ``TRUMP_POWER``, plain cards below). ``order``
    is the trumps highest first, ``plain`` each other suit's cards highest first; a card in neither has power 0.
    """

    __slots__ = ("trump", "order", "plain", "is_trump", "suit_of", "power")

    def __init__(self, trump: Suit | None, order: Sequence[Card], plain: Mapping[Suit, Sequence[Card]]) -> None:
        self.trump = trump
        self.order = order
        self.plain = plain
        n = len(CARDS)
        self.is_trump = [False] * n
        self.suit_of: list[Suit | None] = [c.suit for c in CARDS]
        self.power = [0] * n
        for i, card in enumerate(order):
            self.is_trump[card.index] = True
            self.suit_of[card.index] = trump
            self.power[card.index] = TRUMP_POWER + len(order) - i
        for cards in plain.values():
            for i, card in enumerate(cards):
                self.power[card.index] = 50 - i

    def winner(self, plays: Sequence[Card], lead: Suit | None) -> int:
        """Index in ``plays`` of the winning card when ``lead`` was led: the most powerful card that follows
        ``lead`` or is a trump (the first played of equals)."""
        power, suit_of, is_trump = self.power, self.suit_of, self.is_trump
        best, best_i = -1, 0
        for i, card in enumerate(plays):
            idx = card.index
            if suit_of[idx] is lead or is_trump[idx]:
                p = power[idx]
                if p > best:
                    best, best_i = p, i
        return best_i

    def following(self, hand: Sequence[Card], lead: Suit | None) -> list[Card]:
        """The cards of ``hand`` that may follow ``lead`` where a player must follow suit and may otherwise play
        anything: those that follow as ``lead`` (by ``suit_of``) if any, else the whole hand, in hand order."""
        suit_of = self.suit_of
        follow = [c for c in hand if suit_of[c.index] is lead]
        return follow if follow else list(hand)

    def runner_up(self, plays: Sequence[Card], winner: int, lead: Suit | None) -> Card:
        """The strongest card of ``plays`` but the winning one (at ``winner``): the one a trick's explanation
        compares the winner with. A card that neither follows ``lead`` nor trumps could not have won, so it
        comes after every card that could."""
        others = [c for i, c in enumerate(plays) if i != winner]
        is_trump, suit_of, power = self.is_trump, self.suit_of, self.power
        return max(others, key=lambda c: (is_trump[c.index] or suit_of[c.index] is lead, power[c.index]))


def bower_trumps(trump: Suit, ranks: Sequence[int]) -> list[Card]:
    """The trumps of a game played with bowers, highest first: the right bower (the jack of trumps), the left bower
    (the jack of the other suit of the trump's colour), then the trump suit's other ``ranks``, highest first.

    >>> [c.code for c in bower_trumps(Suit.HEARTS, (14, 13, 12, 11, 10, 9))]
    ['JH', 'JD', 'AH', 'KH', 'QH', '10H', '9H']
    """
    return [Card.of(JACK, trump), Card.of(JACK, trump.partner)] + [Card.of(r, trump) for r in ranks if r != JACK]


def bower_plain(suit: Suit, trump: Suit | None, ranks: Sequence[int]) -> list[Card]:
    """A suit that is not trumps, highest first, in a game played with bowers: its ``ranks``, less the jack of the
    suit of the trump's colour, which is the left bower (``trump`` None: no trumps, no bowers).

    >>> [c.code for c in bower_plain(Suit.DIAMONDS, Suit.HEARTS, (14, 13, 12, 11, 10, 9))]
    ['AD', 'KD', 'QD', '10D', '9D']
    """
    lost_jack = trump is not None and suit == trump.partner
    return [Card.of(r, suit) for r in ranks if not (lost_jack and r == JACK)]
