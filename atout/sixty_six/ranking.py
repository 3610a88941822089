"""Sixty-Six card ranking, card points, trick winners and legal plays (`66.rank`, `66.points`,
`66.trick.winner`, `66.open.free`, `66.strict.follow`).

Every suit ranks A 10 K Q J 9 — the ten above the king — whether trumps or not, so one strength
table indexed by ``Card.index`` serves every trump suit; the explanations are separate functions
called on demand.

>>> from atout.cards import parse_cards
>>> [c.code for c in suit_order(Suit.SPADES)]
['AS', '10S', 'KS', 'QS', 'JS', '9S']
>>> trick_winner(parse_cards("KS 10S"), Suit.HEARTS)
1
>>> legal_plays(parse_cards("9S AS QD"), parse_cards("KS"), Suit.HEARTS, "strict")
[Card('AS')]
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.cards import ACE, CARDS, JACK, KING, QUEEN, Card, Suit
from atout.engine import Explanation
from atout.errors import ConfigError, quote
from atout.i18n import OneOf, Text
from atout.ranking import TrickRule
from atout.sixty_six.config import DECK

RANKS = (ACE, 10, KING, QUEEN, JACK, 9)                                   # 66.rank, highest first
CARD_POINTS = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2, 9: 0}          # 66.points
PHASES = ("open", "strict")

# Tables indexed by Card.index; cards outside the 24-card deck have strength and points 0.
STRENGTH: list[int] = [0] * len(CARDS)
POINTS: list[int] = [0] * len(CARDS)
for _card in DECK:
    STRENGTH[_card.index] = len(RANKS) - RANKS.index(_card.rank)
    POINTS[_card.index] = CARD_POINTS[_card.rank]

KING_OF = {s: Card.of(KING, s) for s in Suit}
QUEEN_OF = {s: Card.of(QUEEN, s) for s in Suit}
NINE_OF = {s: Card.of(9, s) for s in Suit}


def suit_order(suit: Suit) -> list[Card]:
    """The six cards of a suit, highest first (`66.rank`): the same order in trumps and plain suits."""
    return [Card.of(r, suit) for r in RANKS]


def card_points(cards: Sequence[Card]) -> int:
    """The card points of some cards (`66.points`)."""
    return sum(POINTS[c.index] for c in cards)


def second_wins(lead: Card, second: Card, trump: Suit) -> bool:
    """Whether the second card of a trick beats the lead (`66.trick.winner`)."""
    if second.suit is lead.suit:
        return STRENGTH[second.index] > STRENGTH[lead.index]
    return second.suit is trump


def trick_winner(plays: Sequence[Card], trump: Suit) -> int:
    """Index in ``plays`` of the winning card (`66.trick.winner`): the higher trump, else the higher
    card of the suit led."""
    best = 0
    for i in range(1, len(plays)):
        if second_wins(plays[best], plays[i], trump):
            best = i
    return best


def _check_phase(phase: str) -> None:
    if phase not in PHASES:
        raise ConfigError(Text("phase cannot be {phase}: it is open (the stock is open) or strict (the stock "
                               "is exhausted or closed)", phase=quote(phase)))


def strict_plays(hand: Sequence[Card], lead: Card, trump: Suit) -> list[Card]:
    """66.strict.follow: follow and head if you can; else follow; else trump; else any card."""
    suit = lead.suit
    follow = [c for c in hand if c.suit is suit]
    if follow:
        strength = STRENGTH[lead.index]
        head = [c for c in follow if STRENGTH[c.index] > strength]
        return head or follow
    trumps = [c for c in hand if c.suit is trump]
    return trumps or list(hand)


def legal_plays(hand: Sequence[Card], plays: Sequence[Card], trump: Suit, phase: str = "open") -> list[Card]:
    """The cards of ``hand`` that may be played to the trick ``plays``, in hand order.

    ``phase`` is ``open`` while the stock is open (`66.open.free`: any card) and ``strict`` once it
    is exhausted or closed (`66.strict.follow`). The leader may always lead any card.
    """
    _check_phase(phase)
    if not plays or phase == "open":
        return list(hand)
    return strict_plays(hand, plays[0], trump)


# --- Explanations -------------------------------------------------------------------------------

def _rank_reason(winner: Card, other: Card) -> Text:
    """Why ``winner`` ranks above ``other`` in their suit (66.rank)."""
    if winner.rank == 10:
        if other.rank == KING:
            return Text("the ten ranks above the king")
        return Text("the ten ranks just below the ace, above the king, queen, jack and nine")
    if winner.rank == ACE:
        if other.rank == 10:
            return Text("only the ace ranks above the ten")
        return Text("the ace is the highest card of every suit")
    return Text("in every suit the cards rank A 10 K Q J 9")


def explain_beats(winner: Card, other: Card, trump: Suit, lead: Suit) -> Explanation:
    """Why ``winner`` beats ``other`` in a trick where ``lead`` was led.

    >>> from atout.cards import Card
    >>> str(explain_beats(Card.parse("10S"), Card.parse("KS"), Suit.HEARTS, Suit.SPADES))
    '10♠ beats K♠: the ten ranks above the king'
    """
    if winner.suit is other.suit:
        return Explanation("66.rank", Text("{w} beats {o}: {why}", w=winner, o=other, why=_rank_reason(winner, other)))
    if winner.suit is trump:
        return Explanation("66.trick.winner", Text("{w} beats {o}: a trump beats any card that is not a trump",
                                                   w=winner, o=other))
    return Explanation("66.trick.winner", Text(
        "{w} beats {o}: {o} neither follows the suit led ({lead}) nor is a trump, so it cannot win",
        w=winner, o=other, lead=lead))


def explain_trick(plays: Sequence[Card], trump: Suit) -> Explanation:
    """Why the trick's winner won, compared with the other card."""
    if len(plays) == 1:
        return Explanation("66.trick.winner", Text("{w} is the only card", w=plays[0]))
    win = trick_winner(plays, trump)
    lead = plays[0].suit
    assert lead is not None, "Sixty-Six is played without the joker"
    others = [c for i, c in enumerate(plays) if i != win]
    runner = max(others, key=lambda c: (c.suit is trump, c.suit is lead, STRENGTH[c.index]))
    return explain_beats(plays[win], runner, trump, lead)


def explain_legal(hand: Sequence[Card], plays: Sequence[Card], trump: Suit, phase: str = "open") -> Explanation:
    """Which rule decides the legal cards, with the cards it leaves."""
    _check_phase(phase)
    if not plays:
        return Explanation("66.open.lead", Text("The leader may lead any card"))
    if phase == "open":
        return Explanation("66.open.free", Text(
            "While the stock is open you need not follow suit nor trump: any card may be played"))
    lead = plays[0]
    follow = [c for c in hand if c.suit is lead.suit]
    if follow:
        head = [c for c in follow if STRENGTH[c.index] > STRENGTH[lead.index]]
        if head:
            return Explanation("66.strict.follow", Text(
                "{lead} was led: you must follow suit and head the trick, with {cards}", lead=lead, cards=OneOf(head)))
        return Explanation("66.strict.follow", Text(
            "{lead} was led: you cannot head it, but you must follow suit, with {cards}", lead=lead,
            cards=OneOf(follow)))
    trumps = [c for c in hand if c.suit is trump]
    if trumps:
        return Explanation("66.strict.follow", Text(
            "You have no {suit}: you must trump, with {cards}", suit=lead.suit, cards=OneOf(trumps)))
    return Explanation("66.strict.follow", Text(
        "You have neither {suit} nor trumps: any card may be played", suit=lead.suit))


def explain_illegal(card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Suit,
                    phase: str = "strict") -> Explanation:
    """Why ``card`` may not be played now (it is assumed illegal: only the strict phase forbids cards)."""
    if card not in hand:
        return Explanation("66.open.lead", Text("You do not hold {card}; your hand is {hand}", card=card, hand=hand))
    lead = plays[0]
    follow = [c for c in hand if c.suit is lead.suit]
    if follow:
        head = [c for c in follow if STRENGTH[c.index] > STRENGTH[lead.index]]
        if head and card.suit is lead.suit:
            return Explanation("66.strict.follow", Text(
                "{card} does not head the trick: once the stock is gone or closed you must beat {lead} if you can, and "
                "you hold {cards}", card=card, lead=lead, cards=head))
        if head:
            return Explanation("66.strict.follow", Text(
                "Once the stock is gone or closed you must follow suit and head the trick: you hold {cards}, "
                "higher than {lead}", cards=head, lead=lead))
        return Explanation("66.strict.follow", Text(
            "Once the stock is gone or closed you must follow suit: {suit} were led and you hold {cards}",
            suit=lead.suit, cards=follow))
    trumps = [c for c in hand if c.suit is trump]
    return Explanation("66.strict.follow", Text(
        "Once the stock is gone or closed, with no {suit} you must trump: you hold {cards}", suit=lead.suit,
        cards=trumps))


def trick_rule(trump: Suit, named: Suit | None = None) -> TrickRule:
    """The trick rule for ``trump`` in the shape every family gives it: a card follows as its own suit."""
    return TrickRule(lambda plays: trick_winner(plays, trump), lambda card: card.suit, trump)
