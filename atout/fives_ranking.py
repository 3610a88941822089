"""The ranking of the Fives games (Spoil Five and the Forty-Fives it grew into): the 5 of trumps, the jack of
trumps and the A♥ on top, "highest in red, lowest in black" below, the top three trumps renegable, as a component a
family composes (its trick winners, legal plays and their explanations).

Everything is precomputed per trump suit into tables indexed by ``Card.index``, so an engine's inner loop is a few
list look-ups; the explanations are built on demand by a ``FivesWords`` made with the family's rule-id prefix
(``FivesWords("45")`` cites ``45.rank.five-of-trumps``; the words are the same in every family).

>>> from atout.cards import parse_cards
>>> [c.code for c in trump_order(Suit.DIAMONDS)]
['5D', 'JD', 'AH', 'AD', 'KD', 'QD', '10D', '9D', '8D', '7D', '6D', '4D', '3D', '2D']
>>> trick_winner(parse_cards("KH AH"), Suit.CLUBS)
1
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from atout.cards import ACE, CARDS, JACK, KING, QUEEN, Card, Suit
from atout.engine import Explanation
from atout.i18n import OneOf, Text
from atout.ranking import PowerTables

if TYPE_CHECKING:
    from atout.rules_api import CardMark

ACE_OF_HEARTS = Card.of(ACE, Suit.HEARTS)
_RED_LOW = (10, 9, 8, 7, 6, 4, 3, 2)       # .rank.red-trumps
_BLACK_LOW = (2, 3, 4, 6, 7, 8, 9, 10)     # .rank.black-trumps
_PLAIN_RED = (KING, QUEEN, JACK, 10, 9, 8, 7, 6, 5, 4, 3, 2, ACE)   # .rank.plain-red
_PLAIN_BLACK = (KING, QUEEN, JACK, ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10)  # .rank.plain-black


def _trump_order(trump: Suit) -> list[Card]:
    top = [Card.of(5, trump), Card.of(JACK, trump), ACE_OF_HEARTS]
    if trump != Suit.HEARTS:
        top.append(Card.of(ACE, trump))
    top += [Card.of(KING, trump), Card.of(QUEEN, trump)]
    low = _RED_LOW if trump.is_red else _BLACK_LOW
    return top + [Card.of(r, trump) for r in low]


def _plain_order(suit: Suit) -> list[Card]:
    ranks = _PLAIN_RED if suit.is_red else _PLAIN_BLACK
    return [Card.of(r, suit) for r in ranks if not (suit == Suit.HEARTS and r == ACE)]


class TrumpTables(PowerTables):
    """Look-up tables for one trump suit; ``suit_of`` is the suit a card follows as (.trick.led-suit)."""

    __slots__ = ("renegable", "top")

    def __init__(self, trump: Suit) -> None:
        super().__init__(trump, _trump_order(trump), {s: _plain_order(s) for s in Suit if s != trump})
        n = len(CARDS)
        self.top = tuple(self.order[:3])           # 5, J, A♥: the renegable trumps (.follow.renege)
        self.renegable = [False] * n
        for card in self.top:
            self.renegable[card.index] = True


TABLES: dict[Suit, TrumpTables] = {s: TrumpTables(s) for s in Suit}


def trump_order(trump: Suit) -> list[Card]:
    """The trumps, highest first (.rank.trump)."""
    return list(TABLES[trump].order)


def plain_order(suit: Suit, trump: Suit) -> list[Card]:
    """A non-trump suit, highest first (.rank.plain)."""
    return list(TABLES[trump].plain[suit])


def led_suit(card: Card, trump: Suit) -> Suit:
    """The suit a lead calls for: A♥ and every trump call for trumps (.trick.led-suit)."""
    suit = TABLES[trump].suit_of[card.index]
    assert suit is not None, "the Fives games are played without the joker"
    return suit


def trick_winner(plays: Sequence[Card], trump: Suit) -> int:
    """Index in ``plays`` of the winning card (.trick.winner)."""
    t = TABLES[trump]
    return t.winner(plays, t.suit_of[plays[0].index])


def legal_plays(hand: Sequence[Card], plays: Sequence[Card], trump: Suit, must_follow_suit: bool = False,
                ace_of_hearts_led: bool = False) -> list[Card]:
    """The cards of ``hand`` that may be played to the trick ``plays``, in hand order."""
    if not plays:
        return list(hand)
    t = TABLES[trump]
    suit_of, is_trump = t.suit_of, t.is_trump
    led = plays[0]
    lead = suit_of[led.index]
    if lead != trump:
        # .follow.plain-lead: follow or trump; only a void player plays anything.
        follow = [c for c in hand if suit_of[c.index] == lead]
        if not follow:
            return list(hand)
        if must_follow_suit:
            return follow
        return [c for c in hand if suit_of[c.index] == lead or is_trump[c.index]]
    # .follow.trump-lead with .follow.renege against a lower trump led.
    led_power = t.power[led.index]
    power, renegable = t.power, t.renegable
    trumps = [c for c in hand if is_trump[c.index]]
    for c in trumps:
        if not (renegable[c.index] and power[c.index] > led_power):
            return trumps
    if ace_of_hearts_led and led is ACE_OF_HEARTS and trump != Suit.HEARTS:
        # .follow.ace-of-hearts-led: hearts or the renegable trumps, if any.
        allowed = [c for c in hand if c.suit == Suit.HEARTS or is_trump[c.index]]
        if allowed:
            return allowed
    return list(hand)


@functools.cache
def card_marks(trump: Suit) -> Mapping[Card, CardMark]:
    """The cards a ranking table marks apart (``rules_api.Ranking.marks``): the A♥, a trump whatever is trumps
    (.rank.ace-of-hearts), and the black suits' numbered cards, which run backwards (.rank.black-trumps,
    .rank.plain-black) but for the 5 of trumps, the highest trump."""
    from atout.rules_api import CardMark

    tables = TABLES[trump]
    placed = [*tables.order, *(card for suit in Suit if suit != trump for card in tables.plain[suit])]
    marks = {card: CardMark.REVERSED for card in placed
             if card.suit in (Suit.CLUBS, Suit.SPADES) and 2 <= card.rank <= 10 and card != Card.of(5, trump)}
    marks[ACE_OF_HEARTS] = CardMark.ALWAYS_TRUMP
    return MappingProxyType(marks)


# --- Explanations -------------------------------------------------------------------------------

class FivesWords:
    """The ranking's explanations, citing the rules of the family whose rule ids start with ``prefix`` ("45":
    ``45.rank.five-of-trumps``, ``45.follow.renege``…): every family of the ranking has the same rules under ids of
    its own."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def _rank_rule(self, card: Card, trump: Suit) -> tuple[str, Text]:
        """The rule that gives a trump its place, and a sentence saying it."""
        p = self.prefix
        if card.rank == 5 and card.suit == trump:
            return p + ".rank.five-of-trumps", Text("the 5 of trumps is the highest card")
        if card.rank == JACK and card.suit == trump:
            return p + ".rank.jack-of-trumps", Text("the jack of trumps is second only to the 5")
        if card is ACE_OF_HEARTS:
            return p + ".rank.ace-of-hearts", Text("the A♥ is always a trump, the third-highest")
        if card.rank in (KING, QUEEN) and trump == Suit.HEARTS:   # the A♥ is then the ace of trumps itself
            return p + ".rank.ace-of-trumps", Text("with hearts trumps, the 5, the jack and the A♥ come first, then "
                                                   "the king and the queen, above the lower trumps")
        if card.rank in (ACE, KING, QUEEN):
            return p + ".rank.ace-of-trumps", Text("the ace, king and queen of trumps rank in that order after the 5, "
                                                   "the jack and the A♥, above the lower trumps")
        if trump.is_red:
            return p + ".rank.red-trumps", Text("below the queen, red trumps rank by number: the 10 highest, the 2 "
                                                "lowest")
        return p + ".rank.black-trumps", Text("below the queen, black trumps rank in reverse: the 2 highest, the 10 "
                                              "lowest")

    def explain_beats(self, winner: Card, other: Card, trump: Suit, lead: Suit) -> Explanation:
        """Why ``winner`` beats ``other`` in a trick where ``lead`` was led.

        >>> from atout.cards import Card
        >>> str(FivesWords("45").explain_beats(Card.parse("5S"), Card.parse("JS"), Suit.SPADES, Suit.SPADES))
        '5♠ beats J♠: the 5 of trumps is the highest card'
        """
        p = self.prefix
        t = TABLES[trump]
        w_trump, o_trump = t.is_trump[winner.index], t.is_trump[other.index]
        if w_trump and o_trump:
            rule, why = self._rank_rule(winner, trump)
            return Explanation(rule, Text("{w} beats {o}: {why}", w=winner, o=other, why=why))
        if w_trump:
            if winner is ACE_OF_HEARTS and other.suit == Suit.HEARTS:
                if lead == Suit.HEARTS:
                    return Explanation(p + ".rank.ace-of-hearts", Text(
                        "{w} beats {o}: the A♥ is always a trump, even when hearts are led", w=winner, o=other))
                return Explanation(p + ".rank.ace-of-hearts", Text(   # the A♥ itself, or another trump, was led
                    "{w} beats {o}: the A♥ is always a trump, and {o} is a plain heart, not a trump", w=winner,
                    o=other))
            return Explanation(p + ".trick.winner", Text("{w} beats {o}: a trump beats any card that is not a trump",
                                                         w=winner, o=other))
        if t.suit_of[other.index] != lead:
            return Explanation(p + ".trick.winner", Text(
                "{w} beats {o}: {o} neither follows the suit led ({lead}) nor is a trump, so it cannot win",
                w=winner, o=other, lead=lead))
        assert winner.suit is not None, "Forty-Fives is played without the joker"
        if winner.suit.is_red:
            if other.rank == ACE:
                return Explanation(p + ".rank.plain-red", Text(
                    "{w} beats {o}: the A♦ is the lowest diamond when diamonds are not trumps", w=winner, o=other))
            return Explanation(p + ".rank.plain-red", Text(
                "{w} beats {o}: a plain red suit runs K Q J, then by number, the 10 highest", w=winner, o=other))
        return Explanation(p + ".rank.plain-black", Text(
            "{w} beats {o}: a plain black suit runs K Q J A, then in reverse, the 2 highest and the 10 lowest",
            w=winner, o=other))


    def explain_trick(self, plays: Sequence[Card], trump: Suit) -> Explanation:
        """Why the trick's winner won, compared with the strongest other card."""
        p = self.prefix
        if len(plays) == 1:
            return Explanation(p + ".trick.winner", Text("{w} is the only card", w=plays[0]))
        lead = led_suit(plays[0], trump)
        win = trick_winner(plays, trump)
        return self.explain_beats(plays[win], TABLES[trump].runner_up(plays, win, lead), trump, lead)


    def explain_illegal(self, card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Suit,
                        must_follow_suit: bool = False, ace_of_hearts_led: bool = False) -> Explanation:
        """Why ``card`` may not be played now (it is assumed illegal)."""
        p = self.prefix
        t = TABLES[trump]
        led = plays[0]
        lead = t.suit_of[led.index]
        if lead != trump:
            follow = [c for c in hand if t.suit_of[c.index] == lead]
            if must_follow_suit:
                return Explanation(p + ".follow.plain-lead", Text(
                    "You hold {cards}; {lead} were led, so you must follow suit", cards=follow, lead=lead))
            extra = Text(" (the A♥ is a trump, not a heart)") if lead == Suit.HEARTS and any(
                c is ACE_OF_HEARTS for c in hand) else ""
            return Explanation(p + ".follow.plain-lead", Text(
                "You hold {cards}; {lead} were led, so you must follow suit or play a trump{extra}",
                cards=follow, lead=lead, extra=extra))
        trumps = [c for c in hand if t.is_trump[c.index]]
        must = [c for c in trumps if not (t.renegable[c.index] and t.power[c.index] > t.power[led.index])]
        if must:
            reneged = [c for c in trumps if c not in must]
            if reneged:
                return Explanation(p + ".follow.renege", Text(
                    "Trumps were led with {led}; you may renege {reneged}, but you also hold {must}, which you "
                    "may not withhold, so you must play a trump", led=led, reneged=reneged, must=must))
            top = [c for c in must if t.renegable[c.index]]     # top trumps, but not above the trump led
            if top:
                plain = [c for c in must if c not in top]
                if plain:
                    return Explanation(p + ".follow.renege", Text(
                        "Trumps were led with {led}; {top} may be reneged only against a lower trump lead, and {plain} "
                        "may never be reneged, so you must play a trump", led=led, top=top, plain=plain))
                return Explanation(p + ".follow.renege", Text(
                    "Trumps were led with {led}; {must} may be reneged only against a lower trump lead, so you "
                    "must play a trump", led=led, must=must))
            return Explanation(p + ".follow.trump-lead", Text(
                "Trumps were led; you hold {must}, so you must play a trump", must=must))
        if not trumps:
            return Explanation(p + ".follow.ace-of-hearts-led", Text(
                "The A♥ was led and you have no trump: you must play a heart"))
        # Every trump left here ranks above the A♥, so none has to be played as a trump; but with the A♥ led, the
        # rule asks for a heart or one of them, and without a heart one of them is the only lawful play.
        if not any(c.suit == Suit.HEARTS and not t.is_trump[c.index] for c in hand):
            return Explanation(p + ".follow.ace-of-hearts-led", Text(
                "The A♥ was led and you have no heart, so you must play {cards}: against the A♥, a top trump may be "
                "held back only by playing a heart", cards=OneOf(trumps)))
        return Explanation(p + ".follow.ace-of-hearts-led", Text(
            "The A♥ was led: you must play a heart or {cards}, and no other card", cards=OneOf(trumps)))


    def explain_legal(self, hand: Sequence[Card], plays: Sequence[Card], trump: Suit, must_follow_suit: bool = False,
                      ace_of_hearts_led: bool = False) -> Explanation:
        """Why the cards ``legal_plays`` allows are allowed (most useful when every card is)."""
        p = self.prefix
        t = TABLES[trump]
        if not plays:
            return Explanation(p + ".trick.led-suit", Text("You are leading: any card may be led"))
        led = plays[0]
        lead = t.suit_of[led.index]
        if lead != trump:
            if not any(t.suit_of[c.index] == lead for c in hand):
                if lead == Suit.HEARTS and any(c is ACE_OF_HEARTS for c in hand):
                    return Explanation(p + ".follow.plain-lead", Text(
                        "You have no {lead} (the A♥ is a trump, not a heart): any card may be played", lead=lead))
                return Explanation(p + ".follow.plain-lead", Text("You have no {lead}: any card may be played",
                                                                  lead=lead))
            if must_follow_suit:
                return Explanation(p + ".follow.plain-lead", Text("{lead} were led: you must follow suit", lead=lead))
            return Explanation(p + ".follow.plain-lead", Text(
                "{lead} were led: you may follow suit or play a trump, even when you could follow", lead=lead))
        trumps = [c for c in hand if t.is_trump[c.index]]
        renegable = [c for c in trumps if t.renegable[c.index] and t.power[c.index] > t.power[led.index]]
        if trumps and len(renegable) < len(trumps):
            return Explanation(p + ".follow.trump-lead", Text("Trumps were led: you must play a trump, and may play "
                                                              "any of yours"))
        hearts_rule = (ace_of_hearts_led and led is ACE_OF_HEARTS and trump != Suit.HEARTS
                       and any(c.suit == Suit.HEARTS for c in hand))
        if hearts_rule and renegable:   # every card of the hand is a heart or a trump that may be held back
            return Explanation(p + ".follow.ace-of-hearts-led", Text(
                "The A♥ was led: you must play a heart or a trump that may be held back ({cards}), and each of your "
                "cards is one of those: any of them may be played", cards=renegable))
        if renegable:
            return Explanation(p + ".follow.renege", Text(
                "Trumps were led with {led}, a lower trump than {cards}: you may renege (hold back) {cards} and play "
                "any card", led=led, cards=renegable))
        if hearts_rule:
            return Explanation(p + ".follow.ace-of-hearts-led", Text(
                "The A♥ was led and you have no trump: you must play a heart"))
        return Explanation(p + ".follow.trump-lead", Text("Trumps were led and you have none: any card may be played"))
