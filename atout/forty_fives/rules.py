"""Forty-Fives' answers to the rules API (``atout.rules_api``): its ranking tables and trick rules, in the shape
every family gives them. The options ``must_follow_suit`` and ``ace_of_hearts_led`` come from the configuration."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from atout.cards import Card, Suit
from atout.engine import Explanation
from atout.forty_fives import ranking as rank
from atout.forty_fives.config import FortyFivesConfig
from atout.rules_api import Ranking, Trump

STRAINS: tuple[Trump, ...] = tuple(Suit)


def _suit(trump: Trump) -> Suit:
    assert trump is not None, "Forty-Fives always has a trump suit (the rules API checks it)"
    return trump


def parse_trump(text: str) -> Trump:
    return Suit.parse(text)


def ranking(trump: Trump) -> Ranking:
    tables = rank.TABLES[_suit(trump)]
    return Ranking(trump, tuple(tables.order),
                   MappingProxyType({s: tuple(tables.plain[s]) for s in Suit if s != trump}), "45.rank.trump")


def led_suit(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Suit:
    return rank.led_suit(plays[0], _suit(trump))


def trick_winner(plays: Sequence[Card], trump: Trump, named: Suit | None) -> int:
    return rank.trick_winner(plays, _suit(trump))


def explain_trick(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Explanation:
    return rank.explain_trick(plays, _suit(trump))


def explain_beats(winner: Card, other: Card, trump: Trump, led: Suit) -> Explanation:
    return rank.explain_beats(winner, other, _suit(trump), led)


def legal_plays(config: FortyFivesConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                named: Suit | None, phase: str | None) -> list[Card]:
    return rank.legal_plays(hand, plays, _suit(trump), config.must_follow_suit, config.ace_of_hearts_led)


def explain_illegal(config: FortyFivesConfig, card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                    named: Suit | None, phase: str | None) -> Explanation:
    return rank.explain_illegal(card, hand, plays, _suit(trump), config.must_follow_suit, config.ace_of_hearts_led)


def explain_legal(config: FortyFivesConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                  named: Suit | None, phase: str | None) -> Explanation:
    return rank.explain_legal(hand, plays, _suit(trump), config.must_follow_suit, config.ace_of_hearts_led)


def following(view: Mapping[str, Any]) -> str | None:
    """The phase a legal-play question about a seat's view is asked in: none, following never changes in a hand."""
    return None
