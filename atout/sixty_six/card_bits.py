"""Sixty-Six's 24 cards as bits of an int, for the whole-hand search (``atout.sixty_six.open_alphabeta``) and what
reads positions into it (``atout.sixty_six.open_search``): six bits a suit, each suit's cards in their order
(`66.rank`), the 9 lowest."""

from __future__ import annotations

from typing import Any

from atout.cards import KING, QUEEN, Card, Suit
from atout.sixty_six.ranking import POINTS, STRENGTH


def bit_of(card: Card) -> int:
    """A card's bit: six a suit, the suit's cards in their order (`66.rank`), the 9 lowest."""
    assert card.suit is not None, "Sixty-Six is played without the joker"
    return 6 * int(card.suit) + STRENGTH[card.index] - 1


CARD_OF: list[Card] = [Card.of(r, s) for s in Suit for r in (9, 11, 12, 13, 10, 14)]
assert all(bit_of(c) == i for i, c in enumerate(CARD_OF)), "bit_of orders each suit 9 J Q K 10 A"
PTS = [POINTS[c.index] for c in CARD_OF]
SUIT_MASK = [0o77 << (6 * s) for s in range(4)]
KQ = [(1 << bit_of(Card.of(KING, s))) | (1 << bit_of(Card.of(QUEEN, s))) for s in Suit]
SUIT_POINTS = [sum(PTS[b] for b in range(6) if m >> b & 1) for m in range(64)]


def mask_points(m: int) -> int:
    """The card points of the cards of a mask."""
    return SUIT_POINTS[m & 63] + SUIT_POINTS[m >> 6 & 63] + SUIT_POINTS[m >> 12 & 63] + SUIT_POINTS[m >> 18 & 63]


def mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << bit_of(c)
    return m


def bits_low_first(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out
