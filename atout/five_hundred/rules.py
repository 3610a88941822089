"""Five Hundred's answers to the rules API (``atout.rules_api``): a trump suit or no trumps (``None``), the joker and
the bowers, and in no trumps the suit a led joker names (``named``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from atout.cards import JACK, Card, Suit
from atout.engine import Explanation
from atout.errors import AtoutError, QueryError, quote
from atout.five_hundred import ranking as rank
from atout.five_hundred.config import FiveHundredConfig
from atout.i18n import Text
from atout.rules_api import Ranking, Trump

STRAINS: tuple[Trump, ...] = (*Suit, None)


def parse_trump(text: str) -> Trump:
    """A strain: a suit, or ``NT`` for no trumps (None)."""
    if isinstance(text, str) and text.strip().upper() == "NT":
        return None
    try:
        return Suit.parse(text)
    except AtoutError:
        raise QueryError(Text("trump cannot be {value}: write C, D, H or S (or ♣ ♦ ♥ ♠), or NT for no trumps",
                              value=quote(text, as_json=True))) from None


def ranking(trump: Trump) -> Ranking:
    tables = rank.TABLES[trump]
    return Ranking(trump, tuple(tables.order),
                   MappingProxyType({s: tuple(tables.plain[s]) for s in Suit if s != trump}),
                   "500.rank.trump" if trump is not None else "500.rank.no-trump")


def led_suit(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Suit:
    return rank.led_suit(plays, trump, named)


def trick_winner(plays: Sequence[Card], trump: Trump, named: Suit | None) -> int:
    return rank.trick_winner(plays, trump, named)


def explain_trick(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Explanation:
    return rank.explain_trick(plays, trump, named)


def explain_beats(winner: Card, other: Card, trump: Trump, led: Suit) -> Explanation:
    return rank.explain_beats(winner, other, trump, led)


def legal_plays(config: FiveHundredConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                named: Suit | None, phase: str | None) -> list[Card]:
    return rank.legal_plays(hand, plays, trump, named)


def explain_illegal(config: FiveHundredConfig, card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                    named: Suit | None, phase: str | None) -> Explanation:
    return rank.explain_illegal(card, hand, plays, trump, named)


def explain_legal(config: FiveHundredConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                  named: Suit | None, phase: str | None) -> Explanation:
    """Why every card of the hand may be played (leading, following with every card, or void)."""
    if not plays:
        return Explanation("500.follow.suit", Text("You are leading: any card may be led"))
    lead = rank.led_suit(plays, trump, named)
    if all(rank.effective_suit(c, trump) == lead for c in hand):
        return Explanation("500.follow.suit", Text("Every card you hold follows the suit led ({suit})", suit=lead))
    bowers = [c for c in hand if c.rank == JACK and trump is not None and c.suit != trump
              and rank.effective_suit(c, trump) == trump]
    if bowers and lead != trump:
        return Explanation("500.rank.left-bower", Text(
            "You have no {suit}: {cards} belongs to the trump suit, not to {suit}, so any card may be played",
            suit=lead, cards=bowers))
    if lead == trump and plays[0].suit != trump:          # the joker or the left bower led: trumps were led
        return Explanation("500.rank.left-bower" if plays[0].rank == JACK else "500.follow.suit", Text(
            "{card} is a trump, so trumps ({suit}) were led, and you hold no trump: any card may be played",
            card=plays[0], suit=lead))
    return Explanation("500.follow.suit", Text("You have no {suit}: any card may be played", suit=lead))


def following(view: Mapping[str, Any]) -> str | None:
    """The phase a legal-play question about a seat's view is asked in: none, following never changes in a hand."""
    return None
