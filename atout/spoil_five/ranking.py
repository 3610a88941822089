"""Spoil Five's ranking, trick winners and legal plays (``s5.rank.*``, ``s5.trick.*``, ``s5.follow.*``): core's Fives
ranking (``atout.fives_ranking``), the one Forty-Fives inherited, its explanations citing Spoil Five's rules.

>>> from atout.cards import parse_cards
>>> [c.code for c in trump_order(Suit.CLUBS)][:6]
['5C', 'JC', 'AH', 'AC', 'KC', 'QC']
>>> str(explain_trick(parse_cards("KH AH"), Suit.CLUBS))
'A♥ beats K♥: the A♥ is always a trump, even when hearts are led'
"""

from __future__ import annotations

from atout.cards import Suit
from atout.fives_ranking import TABLES, FivesWords, led_suit, legal_plays, plain_order, trick_winner, trump_order
from atout.ranking import TrickRule

__all__ = ["TABLES", "explain_beats", "explain_illegal", "explain_legal", "explain_trick", "legal_plays", "led_suit",
           "plain_order", "trick_rule", "trick_winner", "trump_order"]

WORDS = FivesWords("s5")
explain_beats = WORDS.explain_beats
explain_trick = WORDS.explain_trick
explain_illegal = WORDS.explain_illegal
explain_legal = WORDS.explain_legal


def trick_rule(trump: Suit, named: Suit | None = None) -> TrickRule:
    """The trick rule for ``trump`` in the shape every family gives it (``named`` is Five Hundred's alone)."""
    return TrickRule(lambda plays: trick_winner(plays, trump), lambda card: led_suit(card, trump), trump)
