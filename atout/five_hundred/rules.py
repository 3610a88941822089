"""Five Hundred's answers to the rules API (``atout.rules_api``): a trump suit or no trumps (``None``), the joker and
the bowers, and in no trumps the suit a led joker names (``named``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from atout.cards import JACK, Card, Suit
from atout.engine import Explanation
from atout.errors import AtoutError, IllegalActionError, QueryError, quote
from atout.five_hundred import ranking as rank
from atout.five_hundred.bidding import Auction, parse_call
from atout.five_hundred.config import PASS, Contract, FiveHundredConfig
from atout.five_hundred.explain import explain_score
from atout.five_hundred.hand import KITTY_SIZE
from atout.five_hundred.scoring import score_hand
from atout.i18n import OneOf, Text, Typed
from atout.rules_api import (
    AuctionState,
    CardMark,
    ContractPlayed,
    Discards,
    Ranking,
    ScoreFacts,
    ScoreResult,
    Trump,
    expect_facts,
)
from atout.vocabulary import call_label

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
                   "500.rank.trump" if trump is not None else "500.rank.no-trump",
                   marks=MappingProxyType(_marks(tables.order)))


def _marks(trumps: Sequence[Card]) -> dict[Card, CardMark]:
    """The joker, and the right and left bowers: the jacks among the trumps (500.rank.trump)."""
    return {card: CardMark.JOKER if card.is_joker else CardMark.BOWER
            for card in trumps if card.is_joker or card.rank == JACK}


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


def score(config: FiveHundredConfig, facts: ScoreFacts) -> ScoreResult:
    """A hand's points from its contract and the tricks each side won, and the game's winner if it is won."""
    expect_facts(config, facts, ContractPlayed)
    assert isinstance(facts, ContractPlayed)
    contract = contract_of(config, facts.contract)
    result = score_hand(config, contract, facts.contractor, facts.tricks_won, facts.scores_before)
    why = explain_score(result)
    return ScoreResult(config.game, tuple(result.points), why.rule, why, scores_after=tuple(result.scores_after),
                       made=result.made, game_winner=result.winner, tricks_won=tuple(facts.tricks_won))


def contract_of(config: FiveHundredConfig, text: object) -> Contract:
    """The contract a call names, with the game's options (misère only with the option ``misere``)."""
    try:
        return config.calls[parse_call(text)]   # type: ignore[arg-type]   # a call not written as text is refused
    except (AtoutError, KeyError):
        misere = isinstance(text, str) and "mis" in text.lower()
        raise QueryError(Text("contract cannot be {value}: write a bid from 6S to 10NT, as in 8S or 9NT, or with "
                              "option misere, misere or open-misere{hint}", value=quote(text, as_json=True),
                              hint=Text(" (misère contracts need the option misere)") if misere else "")) from None


def bids(config: FiveHundredConfig, dealer: int, calls: Sequence[str]) -> AuctionState:
    auction = Auction(config, dealer)
    seats: list[int] = []
    for i, text in enumerate(calls):
        if auction.over:
            raise QueryError(Text("call {i} ({call}) comes after the auction is over: no call may follow call {n}",
                                  i=i + 1, call=quote(text), n=i))
        assert auction.to_act is not None, "an auction that is not over has a seat to call"
        seats.append(auction.to_act)
        try:
            auction.call(parse_call(text))
        except (IllegalActionError, QueryError, AtoutError) as exc:
            # the calls in words, as the bidding box says them ("6 clubs", "misère"), never the notation ("6C")
            allowed = OneOf(Typed(call_label(c)) if c == PASS else config.calls[c] for c in auction.legal())
            raise QueryError(Text("call {i} ({call}) is not allowed: {why}; the calls allowed were {legal}",
                                  i=i + 1, call=quote(text), why=exc.message, legal=allowed)) from None
    if auction.over:
        return AuctionState(config.game, tuple(calls), True,
                            "500.bid.pass" if auction.winner is not None else "500.bid.all-pass",
                            winner=auction.winner, bid=auction.bid, seats=tuple(seats))
    legal = auction.legal()
    refused = {c.call: _why_not(auction, c) for c in config.ladder if c.call not in legal}
    return AuctionState(config.game, tuple(calls), False, "500.bid.higher", to_act=auction.to_act,
                        legal=tuple(legal), refused=MappingProxyType(refused), seats=tuple(seats))


def _why_not(auction: Auction, contract: Contract) -> Explanation:
    """Why a call may not be made now. A call at the standing bid's level in a lower strain quotes the bid table's
    order (500.bid.order), the learner's trap: spades are the lowest strain, not the highest as in bridge."""
    standing = auction.contract
    if (standing is not None and not contract.misere and not standing.misere and contract.tricks == standing.tricks
            and contract.rank < standing.rank):
        return Explanation("500.bid.order", Text(
            "{call} is not higher than {bid}: for as many tricks the strains rank, lowest first, {order}",
            call=contract, bid=standing, order=list(auction.config.strains)))
    return auction.explain_illegal(contract.call)


def discards(config: FiveHundredConfig, trump: Trump, hand: Sequence[Card], kitty: Sequence[Card],
             bidder: bool) -> Discards:
    """`500.kitty`: the contractor adds the kitty to the hand and discards any three cards, the joker and the
    bowers included, whatever the trump."""
    cards = (*hand, *kitty)
    why = {card: Explanation("500.kitty", Text(
        "{card} may be discarded too: the contractor discards any {n} cards, even the joker or a bower", card=card,
        n=KITTY_SIZE)) for card in cards}
    return Discards(config.game, cards, True, cards, (), KITTY_SIZE, None, Explanation("500.kitty", Text(
        "The contractor adds the {n} kitty cards to the hand, then discards any {n}: no card has to stay",
        n=KITTY_SIZE)), MappingProxyType(why))


def following(view: Mapping[str, Any]) -> str | None:
    """The phase a legal-play question about a seat's view is asked in: none, following never changes in a hand."""
    return None


if TYPE_CHECKING:       # this module is its family's rules: mypy checks it against the protocols of what it declares
    import atout.five_hundred.rules as _this_module
    from atout.rules_api import AuctionRules, FamilyRules, KittyRules

    _as_rules: FamilyRules = _this_module
    _as_auction_rules: AuctionRules = _this_module
    _as_kitty_rules: KittyRules = _this_module
