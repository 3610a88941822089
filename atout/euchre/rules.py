"""Euchre's answers to the rules API (``atout.rules_api``): a trump suit, the right and left bowers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from atout.cards import JACK, Card, Suit
from atout.engine import Explanation
from atout.errors import AtoutError, QueryError, quote
from atout.euchre import ranking as rank
from atout.euchre.config import EuchreConfig
from atout.euchre.explain import explain_score
from atout.euchre.scoring import TRICKS, score_hand
from atout.i18n import Text
from atout.rules_api import CardMark, ContractPlayed, Ranking, ScoreFacts, ScoreResult, Trump, expect_facts

STRAINS: tuple[Trump, ...] = tuple(Suit)
HOW = ("partner", "alone")      # a ContractPlayed's contract: the makers with the partner, or the maker alone


def _suit(trump: Trump) -> Suit:
    if not isinstance(trump, Suit):
        raise QueryError(Text("Euchre is always played with a trump suit: C, D, H or S"))
    return trump


def parse_trump(text: str) -> Trump:
    """A trump suit: C, D, H or S (or ♣ ♦ ♥ ♠)."""
    try:
        return Suit.parse(text)
    except AtoutError:
        raise QueryError(Text("trump cannot be {value}: write C, D, H or S (or ♣ ♦ ♥ ♠)",
                              value=quote(text, as_json=True))) from None


def ranking(trump: Trump) -> Ranking:
    tables = rank.TABLES[_suit(trump)]
    plain = MappingProxyType({s: tuple(tables.plain[s]) for s in Suit if s != trump})
    bowers = MappingProxyType({c: CardMark.BOWER for c in tables.order if c.rank == JACK})
    return Ranking(trump, tuple(tables.order), plain, "eu.rank.trump", marks=bowers)


def led_suit(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Suit:
    return rank.led_suit(plays, _suit(trump))


def trick_winner(plays: Sequence[Card], trump: Trump, named: Suit | None) -> int:
    return rank.trick_winner(plays, _suit(trump))


def explain_trick(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Explanation:
    return rank.explain_trick(plays, _suit(trump))


def explain_beats(winner: Card, other: Card, trump: Trump, led: Suit) -> Explanation:
    return rank.explain_beats(winner, other, _suit(trump), led)


def legal_plays(config: EuchreConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                named: Suit | None, phase: str | None) -> list[Card]:
    return rank.legal_plays(hand, plays, _suit(trump))


def explain_illegal(config: EuchreConfig, card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                    named: Suit | None, phase: str | None) -> Explanation:
    return rank.explain_illegal(card, hand, plays, _suit(trump))


def explain_legal(config: EuchreConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                  named: Suit | None, phase: str | None) -> Explanation:
    """Why every card of the hand may be played (leading, following with every card, or void)."""
    if not plays:
        return Explanation("eu.follow.suit", Text("You are leading: any card may be led"))
    suit = _suit(trump)
    lead = rank.led_suit(plays, suit)
    if all(rank.effective_suit(c, suit) == lead for c in hand):
        return Explanation("eu.follow.suit", Text("Every card you hold follows the suit led ({suit})", suit=lead))
    bower = rank.TABLES[suit].left_bower
    if bower in hand and lead is bower.suit:
        return Explanation("eu.rank.left-bower", Text(
            "You have no {suit}: {cards} belongs to the trump suit, not to {suit}, so any card may be played",
            suit=lead, cards=[bower]))
    if lead is suit and plays[0] is bower:
        return Explanation("eu.rank.left-bower", Text(
            "{card} is a trump, so trumps ({suit}) were led, and you hold no trump: any card may be played",
            card=plays[0], suit=lead))
    return Explanation("eu.follow.suit", Text("You have no {suit}: any card may be played", suit=lead))


def score(config: EuchreConfig, facts: ScoreFacts) -> ScoreResult:
    """A hand's points from the makers (``contract``: ``partner`` or ``alone``; ``contractor``: the makers' side)
    and the tricks each side won, and the game's winner if it is won."""
    expect_facts(config, facts, ContractPlayed)
    assert isinstance(facts, ContractPlayed)
    if facts.contract not in HOW:
        raise QueryError(Text("contract cannot be {value}: write partner (the makers play together) or alone",
                              value=quote(facts.contract, as_json=True)))
    if any(t < 0 for t in facts.tricks_won) or sum(facts.tricks_won) != TRICKS:
        raise QueryError(Text("tricks_won gives each side's tricks, adding up to {n}", n=TRICKS))
    result = score_hand(config.target, facts.contractor, facts.contract == "alone", facts.tricks_won,
                        facts.scores_before)
    why = explain_score(result)
    return ScoreResult(config.game, tuple(result.points), why.rule, why, scores_after=tuple(result.scores_after),
                       made=result.made, game_winner=result.winner, tricks_won=tuple(facts.tricks_won))


def following(view: Mapping[str, Any]) -> str | None:
    """The phase a legal-play question about a seat's view is asked in: none, following never changes in a hand."""
    return None


if TYPE_CHECKING:       # this module is its family's rules: mypy checks it against the protocol
    import atout.euchre.rules as _this_module
    from atout.rules_api import FamilyRules

    _as_rules: FamilyRules = _this_module
