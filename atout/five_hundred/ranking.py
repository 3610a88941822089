"""Five Hundred card ranking, trick winners and legal plays (`500.rank.*`, `500.follow.*`, `500.joker.no-trump`).

The trump argument is a ``Suit``, or ``None`` in no trumps (and in misère), where the joker is the
only trump. Everything is precomputed per strain into tables indexed by ``Card.index``: the
engine's inner loop is a few list look-ups; the explanations are separate functions called on demand.

>>> from atout.cards import parse_cards
>>> [c.code for c in trump_order(Suit.HEARTS)][:4]
['JK', 'JH', 'JD', 'AH']
>>> trick_winner(parse_cards("AD JH KD JD"), Suit.DIAMONDS)
3
>>> str(explain_beats(Card.parse("JD"), Card.parse("AH"), Suit.HEARTS, Suit.HEARTS))
'J♦ beats A♥: J♦ is the left bower when hearts are trumps: it is the third-highest trump, after the joker \
and the right bower'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from atout.cards import ACE, JACK, JOKER, KING, QUEEN, Card, Suit
from atout.engine import Explanation
from atout.errors import IllegalActionError
from atout.i18n import OneOf, Text
from atout.ranking import PowerTables, TrickRule, bower_plain, bower_trumps

NO_TRUMPS = None    # the trump argument in no trumps: there is no trump suit, only the joker
_HIGH = (ACE, KING, QUEEN, JACK, 10, 9, 8, 7, 6, 5)     # 500.rank.plain (then the 4 in red suits)


def _suit_ranks(suit: Suit) -> tuple[int, ...]:
    return _HIGH + (4,) if suit.is_red else _HIGH


def _trump_order(trump: Suit | None) -> list[Card]:
    """500.rank.trump: the joker, the right bower, the left bower, then A K Q 10 … down."""
    if trump is None:
        return [JOKER]                                   # 500.rank.no-trump
    return [JOKER, *bower_trumps(trump, _suit_ranks(trump))]


def _plain_order(suit: Suit, trump: Suit | None) -> list[Card]:
    """500.rank.plain: A K Q J 10 … down; a suit whose jack is the left bower has no jack."""
    return bower_plain(suit, trump, _suit_ranks(suit))


class StrainTables(PowerTables):
    """Look-up tables for one strain (a trump suit, or ``None`` for no trumps). In ``suit_of`` (500.follow.suit)
    the left bower and the joker are trumps; in no trumps the joker has no suit (its leader names one)."""

    __slots__ = ("left_bower",)

    def __init__(self, trump: Suit | None) -> None:
        super().__init__(trump, _trump_order(trump), {s: _plain_order(s, trump) for s in Suit if s != trump})
        self.left_bower = Card.of(JACK, trump.partner) if trump is not None else None


TABLES: dict[Suit | None, StrainTables] = {s: StrainTables(s) for s in (*Suit, None)}
ALL_SUITS_MASK = 0b1111


def trump_order(trump: Suit | None) -> list[Card]:
    """The trumps, highest first (`500.rank.trump`; only the joker in no trumps)."""
    return list(TABLES[trump].order)


def plain_order(suit: Suit, trump: Suit | None) -> list[Card]:
    """A suit that is not trumps, highest first (`500.rank.plain`, `500.rank.no-trump`)."""
    return list(TABLES[trump].plain[suit])


def effective_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit ``card`` follows as: trumps for the left bower and the joker (None: the joker in no trumps)."""
    return TABLES[trump].suit_of[card.index]


def led_suit(plays: Sequence[Card], trump: Suit | None, joker_suit: Suit | None = None) -> Suit:
    """The suit the others must follow; the joker led in no trumps calls for the suit its leader named."""
    lead = TABLES[trump].suit_of[plays[0].index]
    if lead is None:
        if joker_suit is None:
            raise _unnamed_joker()
        return joker_suit
    return lead


def _unnamed_joker() -> IllegalActionError:
    return IllegalActionError(Text("The joker was led in no trumps without naming a suit: its leader names the "
                                   "suit the others must follow (C, D, H or S)"), rule="500.joker.no-trump")


def trick_winner(plays: Sequence[Card], trump: Suit | None, joker_suit: Suit | None = None) -> int:
    """Index in ``plays`` of the winning card (`500.trick.winner`)."""
    t = TABLES[trump]
    lead = t.suit_of[plays[0].index]
    if lead is None:
        if joker_suit is None:
            raise _unnamed_joker()
        return 0        # the joker led in no trumps wins (500.joker.no-trump)
    return t.winner(plays, lead)


def legal_plays(hand: Sequence[Card], plays: Sequence[Card], trump: Suit | None,
                joker_suit: Suit | None = None) -> list[Card]:
    """The cards of ``hand`` that may be played to the trick ``plays``, in hand order.

    Leading, any card (the joker too: in no trumps its leader then names a suit, see
    ``joker_lead_suits``). Following, the cards of the led suit if any (500.follow.suit), else any
    card. In no trumps the joker belongs to no suit, so a player who can follow may not play it,
    and one who cannot may keep it (500.joker.no-trump).
    """
    if not plays:
        return list(hand)
    t = TABLES[trump]
    lead = t.suit_of[plays[0].index]
    if lead is None:
        if joker_suit is None:
            raise _unnamed_joker()
        lead = joker_suit
    return t.following(hand, lead)


def joker_lead_suits(trump: Suit | None, shown_out: Iterable[Suit] = ()) -> list[Suit]:
    """The suits a leader may name with the joker: none in a suit contract (the joker leads trumps);
    in no trumps any suit its leader has not already shown out of (500.joker.no-trump)."""
    if trump is not None:
        return []
    out = set(shown_out)
    allowed = [s for s in Suit if s not in out]
    # A leader who still holds the joker and a card has not shown out of that card's suit; only a
    # joker held alone could have shown out of all four, and its leader then names any suit.
    return allowed or list(Suit)


def suits_of_mask(mask: int) -> list[Suit]:
    return [s for s in Suit if mask >> s & 1]


# --- Explanations -------------------------------------------------------------------------------

def _rank_rule(card: Card, trump: Suit | None) -> tuple[str, Text]:
    """The rule that gives a trump its place, and a sentence saying it."""
    if card is JOKER:
        if trump is None:
            return "500.rank.no-trump", Text("in no trumps the joker is the only trump and beats every card")
        return "500.rank.joker", Text("the joker is the highest trump")
    if card.rank == JACK and card.suit == trump:
        return "500.rank.trump", Text("{card} is the right bower, the jack of trumps: the second-highest trump, "
                                      "after the joker", card=card)
    if card is TABLES[trump].left_bower:
        return "500.rank.left-bower", Text("{card} is the left bower when {trump} are trumps: it is the "
                                           "third-highest trump, after the joker and the right bower",
                                           card=card, trump=trump)
    if trump is not None and trump.is_red:     # only the red suits keep their 4 (500.deck)
        return "500.rank.trump", Text("after the joker and the two bowers, trumps run A K Q 10 9 8 7 6 5 4")
    return "500.rank.trump", Text("after the joker and the two bowers, trumps run A K Q 10 9 8 7 6 5")


def explain_beats(winner: Card, other: Card, trump: Suit | None, lead: Suit) -> Explanation:
    """Why ``winner`` beats ``other`` in a trick where ``lead`` was led.

    >>> str(explain_beats(Card.parse("JK"), Card.parse("AS"), None, Suit.SPADES))
    'The joker beats A♠: in no trumps the joker is the only trump and beats every card'
    """
    t = TABLES[trump]
    w_trump, o_trump = t.is_trump[winner.index], t.is_trump[other.index]
    if w_trump and o_trump:
        rule, why = _rank_rule(winner, trump)
        return Explanation(rule, Text("{w} beats {o}: {why}", w=winner, o=other, why=why))
    if w_trump:
        if winner is JOKER or winner is t.left_bower:
            rule, why = _rank_rule(winner, trump)
            return Explanation(rule, Text("{w} beats {o}: {why}", w=winner, o=other, why=why))
        return Explanation("500.trick.winner", Text("{w} beats {o}: a trump beats any card that is not a trump",
                                                    w=winner, o=other))
    if t.suit_of[other.index] is not lead:
        return Explanation("500.trick.winner", Text(
            "{w} beats {o}: {o} neither follows the suit led ({lead}) nor is a trump, so it cannot win",
            w=winner, o=other, lead=lead))
    if trump is None:
        return Explanation("500.rank.no-trump", Text(
            "{w} beats {o}: in no trumps each suit ranks A K Q J 10 9 … down", w=winner, o=other))
    if lead.is_red == trump.is_red:       # the suit of trumps' colour: its jack is the left bower, a trump
        return Explanation("500.rank.plain", Text(
            "{w} beats {o}: here {lead} rank A K Q 10 9 … down, as their jack, {bower}, is the left bower, a trump",
            w=winner, o=other, lead=lead, bower=t.left_bower))
    return Explanation("500.rank.plain", Text(
        "{w} beats {o}: a suit that is not trumps ranks A K Q J 10 9 … down", w=winner, o=other))


def explain_trick(plays: Sequence[Card], trump: Suit | None, joker_suit: Suit | None = None) -> Explanation:
    """Why the trick's winner won, compared with the strongest other card."""
    if len(plays) == 1:
        return Explanation("500.trick.winner", Text("{w} is the only card", w=plays[0]))
    t = TABLES[trump]
    lead = led_suit(plays, trump, joker_suit)
    win = trick_winner(plays, trump, joker_suit)
    if plays[win] is JOKER and win == 0 and trump is None:
        return Explanation("500.joker.no-trump", Text(
            "{w} wins: in no trumps the joker wins any trick it is played to; led, it called for {lead}",
            w=JOKER, lead=lead))
    return explain_beats(plays[win], t.runner_up(plays, win, lead), trump, lead)


def explain_illegal(card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Suit | None,
                    joker_suit: Suit | None = None) -> Explanation:
    """Why ``card`` may not be played to ``plays`` now (it is assumed illegal).

    >>> from atout.cards import parse_cards
    >>> str(explain_illegal(Card.parse("KD"), parse_cards("JD KD 5C"), parse_cards("AH"), Suit.HEARTS))
    'Trumps were led; you hold J♦ (the left bower is a trump), so you must play it'
    >>> str(explain_illegal(Card.parse("KD"), parse_cards("JK KD 5C"), parse_cards("JD"), Suit.HEARTS))
    'J♦ is the left bower, a trump: trumps were led, and you hold the joker (the joker is a trump), so you must play it'
    """
    t = TABLES[trump]
    if card not in hand:
        return Explanation("500.follow.suit", Text("You do not hold {card}; your hand is {hand}", card=card,
                                                   hand=list(hand)))
    lead = led_suit(plays, trump, joker_suit)
    follow = [c for c in hand if t.suit_of[c.index] is lead]
    if card is JOKER and trump is None:
        return Explanation("500.joker.no-trump", Text(
            "In no trumps the joker may be played only when leading or when you cannot follow suit: you hold "
            "{cards} and {lead} were led", lead=lead, cards=follow))
    many = Text("one of them") if len(follow) > 1 else Text("it")
    if lead is trump:
        reminder = _trumps_held(follow, t.left_bower)
        if plays and plays[0] is t.left_bower:     # what makes it a trump lead is the card led: say so
            if reminder is not None:
                return Explanation("500.rank.left-bower", Text(
                    "{card} is the left bower, a trump: trumps were led, and you hold {cards} ({reminder}), so you "
                    "must play {many}", card=plays[0], cards=follow, reminder=reminder, many=many))
            return Explanation("500.rank.left-bower", Text(
                "{card} is the left bower, a trump: trumps were led, and you hold {cards}, so you must play {many}",
                card=plays[0], cards=follow, many=many))
        if reminder is not None:
            return Explanation("500.follow.suit", Text(
                "Trumps were led; you hold {cards} ({reminder}), so you must play {many}", cards=follow,
                reminder=reminder, many=many))
        return Explanation("500.follow.suit", Text("Trumps were led; you hold {cards}, so you must play {many}",
                                                   cards=follow, many=many))
    if card is t.left_bower and card.suit is lead:
        return Explanation("500.rank.left-bower", Text(
            "{card} is the left bower, a trump when {trump} are trumps, not one of the {lead}: you hold {cards} "
            "and {lead} were led, so you must follow with {many}", card=card, trump=trump, lead=lead,
            cards=follow, many=many))
    return Explanation("500.follow.suit", Text(
        "You hold {cards} and {lead} were led, so you must follow suit", lead=lead, cards=follow))


def _trumps_held(cards: Sequence[Card], left_bower: Card | None) -> Text | None:
    """The reminder that the joker or the left bower among ``cards`` is a trump (None when neither is there)."""
    joker, bower = JOKER in cards, left_bower is not None and left_bower in cards
    if joker and bower:
        return Text("the left bower and the joker are trumps")
    if bower:
        return Text("the left bower is a trump")
    if joker:
        return Text("the joker is a trump")
    return None


def explain_joker_suit(suit: Suit | None, trump: Suit | None, shown_out: Iterable[Suit] = ()) -> Explanation:
    """Why leading the joker naming ``suit`` (None: naming none) is not allowed."""
    if trump is not None:
        return Explanation("500.rank.joker", Text(
            "In a suit contract the joker is the highest trump and leads trumps: play it without naming a suit"))
    allowed = joker_lead_suits(trump, shown_out)
    if suit is None:
        return Explanation("500.joker.no-trump", Text(
            "Leading the joker in no trumps you name the suit the others must follow: {allowed}",
            allowed=OneOf(allowed)))
    return Explanation("500.joker.no-trump", Text(
        "Leading the joker you may not name {suit}: you have already shown out of {suit}; name {allowed}",
        suit=suit, allowed=OneOf(allowed)))


def trick_rule(trump: Suit | None, named: Suit | None = None) -> TrickRule:
    """The trick rule for ``trump`` (None: no trumps) in the shape every family gives it; ``named`` is the suit a
    led joker names."""
    return TrickRule(lambda plays: trick_winner(plays, trump, named), lambda card: effective_suit(card, trump),
                     trump)
