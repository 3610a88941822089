"""Euchre card ranking, trick winners and legal plays (`eu.rank.*`, `eu.follow.suit`, `eu.trick.winner`).

The right bower (the jack of trumps) and the left bower (the other jack of the trump's colour) head the trumps;
the left bower belongs to the trump suit for every purpose. The tables are core's ``PowerTables``, one per trump
suit, indexed by ``Card.index``: the engine's inner loop is a few list look-ups.

>>> from atout.cards import parse_cards
>>> [c.code for c in trump_order(Suit.HEARTS)]
['JH', 'JD', 'AH', 'KH', 'QH', '10H', '9H']
>>> trick_winner(parse_cards("AD JH KD JD"), Suit.DIAMONDS)
3
>>> str(explain_beats(Card.parse("JD"), Card.parse("AH"), Suit.HEARTS, Suit.HEARTS))
'J♦ beats A♥: J♦ is the left bower when hearts are trumps: the second-highest trump, after the right bower'
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.cards import ACE, JACK, KING, QUEEN, Card, Suit
from atout.engine import Explanation
from atout.i18n import Text
from atout.ranking import PowerTables, TrickRule

_HIGH = (ACE, KING, QUEEN, JACK, 10, 9)     # eu.rank.plain


def _trump_order(trump: Suit) -> list[Card]:
    """eu.rank.trump: the right bower, the left bower, then A K Q 10 9."""
    return [Card.of(JACK, trump), Card.of(JACK, trump.partner)] + [Card.of(r, trump) for r in _HIGH if r != JACK]


def _plain_order(suit: Suit, trump: Suit) -> list[Card]:
    """eu.rank.plain: A K Q J 10 9; the suit of the trump's colour lost its jack to the left bower."""
    return [Card.of(r, suit) for r in _HIGH if not (r == JACK and suit == trump.partner)]


class TrumpTables(PowerTables):
    """Core's look-up tables for one trump suit, with its left bower."""

    __slots__ = ("left_bower", "right_bower")

    def __init__(self, trump: Suit) -> None:
        super().__init__(trump, _trump_order(trump), {s: _plain_order(s, trump) for s in Suit if s != trump})
        self.right_bower = Card.of(JACK, trump)
        self.left_bower = Card.of(JACK, trump.partner)


TABLES: dict[Suit, TrumpTables] = {s: TrumpTables(s) for s in Suit}


def trump_order(trump: Suit) -> list[Card]:
    """The trumps, highest first (`eu.rank.trump`)."""
    return list(TABLES[trump].order)


def plain_order(suit: Suit, trump: Suit) -> list[Card]:
    """A suit that is not trumps, highest first (`eu.rank.plain`)."""
    return list(TABLES[trump].plain[suit])


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit ``card`` follows as: trumps for the left bower."""
    suit = TABLES[trump].suit_of[card.index]
    assert suit is not None, "every card of a Euchre deck has a suit"
    return suit


def led_suit(plays: Sequence[Card], trump: Suit) -> Suit:
    return effective_suit(plays[0], trump)


def trick_winner(plays: Sequence[Card], trump: Suit) -> int:
    """Index in ``plays`` of the winning card (`eu.trick.winner`)."""
    t = TABLES[trump]
    power, suit_of, is_trump = t.power, t.suit_of, t.is_trump
    lead = suit_of[plays[0].index]
    best, best_i = -1, 0
    for i, card in enumerate(plays):
        idx = card.index
        if suit_of[idx] is lead or is_trump[idx]:
            p = power[idx]
            if p > best:
                best, best_i = p, i
    return best_i


def legal_plays(hand: Sequence[Card], plays: Sequence[Card], trump: Suit) -> list[Card]:
    """The cards of ``hand`` that may be played to the trick ``plays``, in hand order: leading, any card; following,
    the cards of the suit led if any (the left bower counts as a trump), else any card (`eu.follow.suit`)."""
    if not plays:
        return list(hand)
    suit_of = TABLES[trump].suit_of
    lead = suit_of[plays[0].index]
    follow = [c for c in hand if suit_of[c.index] is lead]
    return follow if follow else list(hand)


# --- Explanations -------------------------------------------------------------------------------

def _rank_rule(card: Card, trump: Suit) -> tuple[str, Text]:
    """The rule that gives a trump its place, and a sentence saying it."""
    t = TABLES[trump]
    if card is t.right_bower:
        return "eu.rank.trump", Text("{card} is the right bower, the jack of trumps: the highest trump", card=card)
    if card is t.left_bower:
        return "eu.rank.left-bower", Text("{card} is the left bower when {trump} are trumps: the second-highest "
                                          "trump, after the right bower", card=card, trump=trump)
    return "eu.rank.trump", Text("after the two bowers, trumps run A K Q 10 9")


def explain_beats(winner: Card, other: Card, trump: Suit, lead: Suit) -> Explanation:
    """Why ``winner`` beats ``other`` in a trick where ``lead`` was led."""
    t = TABLES[trump]
    w_trump, o_trump = t.is_trump[winner.index], t.is_trump[other.index]
    if w_trump and (o_trump or winner is t.left_bower):
        rule, why = _rank_rule(winner, trump)
        return Explanation(rule, Text("{w} beats {o}: {why}", w=winner, o=other, why=why))
    if w_trump:
        return Explanation("eu.trick.winner", Text("{w} beats {o}: a trump beats any card that is not a trump",
                                                   w=winner, o=other))
    if t.suit_of[other.index] is not lead:
        return Explanation("eu.trick.winner", Text(
            "{w} beats {o}: {o} neither follows the suit led ({lead}) nor is a trump, so it cannot win",
            w=winner, o=other, lead=lead))
    if lead is trump.partner:       # the suit of the trump's colour: its jack is the left bower, a trump
        return Explanation("eu.rank.plain", Text(
            "{w} beats {o}: here {lead} rank A K Q 10 9, as their jack, {bower}, is the left bower, a trump",
            w=winner, o=other, lead=lead, bower=t.left_bower))
    return Explanation("eu.rank.plain", Text(
        "{w} beats {o}: a suit that is not trumps ranks A K Q J 10 9", w=winner, o=other))


def explain_trick(plays: Sequence[Card], trump: Suit) -> Explanation:
    """Why the trick's winner won, compared with the strongest other card."""
    if len(plays) == 1:
        return Explanation("eu.trick.winner", Text("{w} is the only card", w=plays[0]))
    t = TABLES[trump]
    lead = led_suit(plays, trump)
    win = trick_winner(plays, trump)
    return explain_beats(plays[win], t.runner_up(plays, win, lead), trump, lead)


def explain_illegal(card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Suit) -> Explanation:
    """Why ``card`` may not be played to ``plays`` now (it is assumed illegal).

    >>> from atout.cards import parse_cards
    >>> str(explain_illegal(Card.parse("KD"), parse_cards("JD KD 9C"), parse_cards("AH"), Suit.HEARTS))
    'Trumps were led; you hold J♦ (the left bower is a trump), so you must play it'
    """
    t = TABLES[trump]
    if card not in hand:
        return Explanation("eu.follow.suit", Text("You do not hold {card}; your hand is {hand}", card=card,
                                                  hand=list(hand)))
    lead = led_suit(plays, trump)
    follow = [c for c in hand if t.suit_of[c.index] is lead]
    many = Text("one of them") if len(follow) > 1 else Text("it")
    if lead is trump:
        if plays and plays[0] is t.left_bower:
            return Explanation("eu.rank.left-bower", Text(
                "{card} is the left bower, a trump: trumps were led, and you hold {cards}, so you must play {many}",
                card=plays[0], cards=follow, many=many))
        if t.left_bower in follow:
            return Explanation("eu.rank.left-bower", Text(
                "Trumps were led; you hold {cards} (the left bower is a trump), so you must play {many}",
                cards=follow, many=many))
        return Explanation("eu.follow.suit", Text("Trumps were led; you hold {cards}, so you must play {many}",
                                                  cards=follow, many=many))
    if card is t.left_bower and card.suit is lead:
        return Explanation("eu.rank.left-bower", Text(
            "{card} is the left bower, a trump when {trump} are trumps, not one of the {lead}: you hold {cards} "
            "and {lead} were led, so you must follow with {many}", card=card, trump=trump, lead=lead,
            cards=follow, many=many))
    return Explanation("eu.follow.suit", Text(
        "You hold {cards} and {lead} were led, so you must follow suit", lead=lead, cards=follow))


def trick_rule(trump: Suit, named: Suit | None = None) -> TrickRule:
    """The trick rule for ``trump`` in the shape every family gives it (``named`` is unused: Euchre has no joker)."""
    return TrickRule(lambda plays: trick_winner(plays, trump), lambda card: effective_suit(card, trump), trump)
