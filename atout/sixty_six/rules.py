"""Sixty-Six's answers to the rules API (``atout.rules_api``): one order for every suit, the card points, and
following that depends on the stock (``phase``: ``open`` while it is open, ``strict`` once it is gone or closed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from atout.cards import Card, Suit
from atout.engine import Explanation
from atout.errors import ConfigError
from atout.i18n import Text
from atout.rules_api import Ranking, Trump
from atout.sixty_six import ranking as rank
from atout.sixty_six.config import DECK, SixtySixConfig

STRAINS: tuple[Trump, ...] = tuple(Suit)
POINTS = MappingProxyType({card: rank.POINTS[card.index] for card in DECK})


def _suit(trump: Trump) -> Suit:
    assert trump is not None, "Sixty-Six always has a trump suit (the rules API checks it)"
    return trump


def _phase(phase: str | None) -> str:
    if phase is None:
        raise ConfigError(Text("in sixty-six the legal plays depend on the stock: give the phase, open (the stock is "
                               "open) or strict (the stock is exhausted or closed)"))
    return phase


def parse_trump(text: str) -> Trump:
    return Suit.parse(text)


def ranking(trump: Trump) -> Ranking:
    return Ranking(trump, tuple(rank.suit_order(_suit(trump))),
                   MappingProxyType({s: tuple(rank.suit_order(s)) for s in Suit if s is not trump}), "66.rank",
                   POINTS)


def led_suit(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Suit:
    suit = plays[0].suit
    assert suit is not None, "Sixty-Six is played without the joker"
    return suit


def trick_winner(plays: Sequence[Card], trump: Trump, named: Suit | None) -> int:
    return rank.trick_winner(plays, _suit(trump))


def explain_trick(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Explanation:
    return rank.explain_trick(plays, _suit(trump))


def explain_beats(winner: Card, other: Card, trump: Trump, led: Suit) -> Explanation:
    return rank.explain_beats(winner, other, _suit(trump), led)


def legal_plays(config: SixtySixConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                named: Suit | None, phase: str | None) -> list[Card]:
    return rank.legal_plays(hand, plays, _suit(trump), _phase(phase))


def explain_illegal(config: SixtySixConfig, card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                    named: Suit | None, phase: str | None) -> Explanation:
    return rank.explain_illegal(card, hand, plays, _suit(trump), _phase(phase))


def explain_legal(config: SixtySixConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                  named: Suit | None, phase: str | None) -> Explanation:
    return rank.explain_legal(hand, plays, _suit(trump), _phase(phase))


def following(view: Mapping[str, Any]) -> str | None:
    """The phase a legal-play question about a seat's view is asked in: ``strict`` once the stock is exhausted or
    closed, else ``open``."""
    return "strict" if view["strict"] else "open"
