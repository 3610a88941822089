"""Forty-Fives card ranking, trick winners and legal plays (`45.rank.*`, `45.trick.*`, `45.follow.*`): core's Fives
ranking (``atout.fives_ranking``), its explanations citing Forty-Fives' rules.

>>> from atout.cards import parse_cards
>>> [c.code for c in trump_order(Suit.DIAMONDS)]
['5D', 'JD', 'AH', 'AD', 'KD', 'QD', '10D', '9D', '8D', '7D', '6D', '4D', '3D', '2D']
>>> trick_winner(parse_cards("KH AH"), Suit.CLUBS)
1
>>> str(explain_beats(Card.parse("5S"), Card.parse("JS"), Suit.SPADES, Suit.SPADES))
'5♠ beats J♠: the 5 of trumps is the highest card'
"""

from __future__ import annotations

from atout.cards import Card, Suit
from atout.fives_ranking import (
    ACE_OF_HEARTS,
    TABLES,
    FivesWords,
    TrumpTables,
    led_suit,
    legal_plays,
    plain_order,
    trick_winner,
    trump_order,
)
from atout.ranking import TrickRule

__all__ = ["ACE_OF_HEARTS", "TABLES", "Card", "TrumpTables", "explain_beats", "explain_illegal", "explain_legal",
           "explain_trick", "legal_plays", "led_suit", "plain_order", "trick_rule", "trick_winner", "trump_order"]

WORDS = FivesWords("45")
explain_beats = WORDS.explain_beats
explain_trick = WORDS.explain_trick
explain_illegal = WORDS.explain_illegal
explain_legal = WORDS.explain_legal


def trick_rule(trump: Suit, named: Suit | None = None) -> TrickRule:
    """The trick rule for ``trump`` in the shape every family gives it (``named`` is Five Hundred's alone)."""
    return TrickRule(lambda plays: trick_winner(plays, trump), lambda card: led_suit(card, trump), trump)
