"""Forty-Fives' answers to the rules API (``atout.rules_api``): its ranking tables and trick rules, its scores and
the Auction's bidding, in the shape every family gives them. The options ``must_follow_suit`` and
``ace_of_hearts_led`` come from the configuration."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from atout.cards import ACE, Card, Suit
from atout.engine import Action, Explanation
from atout.errors import IllegalActionError, QueryError, quote
from atout.fives_ranking import card_marks
from atout.forty_fives import ranking as rank
from atout.forty_fives.bidding import Auction, call_in_words
from atout.forty_fives.config import FortyFivesConfig
from atout.forty_fives.explain import explain_discards, explain_score
from atout.forty_fives.hand import HAND_SIZE, KEEP, FortyFivesHand, kept_at_discard
from atout.forty_fives.scoring import score_hand
from atout.i18n import OneOf, Text
from atout.ranking import TRUMP_POWER
from atout.rules_api import (
    AuctionState,
    Discards,
    Ranking,
    RobRights,
    ScoreFacts,
    ScoreResult,
    TricksPlayed,
    Trump,
    TurnedDeal,
    expect_facts,
    following_never_changes,
)

STRAINS: tuple[Trump, ...] = tuple(Suit)


def _suit(trump: Trump) -> Suit:
    assert trump is not None, "Forty-Fives always has a trump suit (the rules API checks it)"
    return trump


def parse_trump(text: str) -> Trump:
    return Suit.parse(text)


def ranking(trump: Trump) -> Ranking:
    tables = rank.TABLES[_suit(trump)]
    return Ranking(trump, tuple(tables.order),
                   MappingProxyType({s: tuple(tables.plain[s]) for s in Suit if s != trump}), "45.rank.trump",
                   marks=card_marks(_suit(trump)))




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


def score(config: FortyFivesConfig, facts: ScoreFacts) -> ScoreResult:
    """A hand's points from its tricks: each trick's winner, and the best card (the highest trump played)."""
    expect_facts(config, facts, TricksPlayed)
    assert isinstance(facts, TricksPlayed)
    n = config.players
    table = rank.TABLES[facts.trump]
    tricks_won = [0] * n
    winners: list[int] = []
    best_power, best_seat, best_card = -1, None, None
    for trick in facts.tricks:
        winner = (trick.leader + rank.trick_winner(trick.plays, facts.trump)) % n
        tricks_won[winner] += 1
        winners.append(winner)
        for i, card in enumerate(trick.plays):
            power = table.power[card.index]
            if power > TRUMP_POWER and power > best_power:
                best_power, best_seat, best_card = power, (trick.leader + i) % n, card
    before = list(facts.scores_before) if facts.scores_before is not None else [0] * config.sides
    result = score_hand(config, tricks_won, best_seat, before, facts.bidder, facts.bid)
    result.best_card = best_card
    why = explain_score(result)
    return ScoreResult(config.game, tuple(result.points), why.rule, why,
                       scores_after=tuple(result.scores_after) if config.auction else None,
                       made=result.made, tricks_won=tuple(tricks_won), winners=tuple(winners), best_card=best_card)


def require_auction(config: FortyFivesConfig) -> None:
    """Only the Auction bids: the turned-up presets are told so."""
    if not config.auction:
        raise QueryError(Text("{game} has no bidding: trumps are turned up (bids are for auction-forty-fives)",
                              game=config.game))


def bids(config: FortyFivesConfig, dealer: int, calls: Sequence[str]) -> AuctionState:
    require_auction(config)
    auction = Auction(config.players, dealer, config.bid_values, config.dealer_forced)
    seats = []
    for i, call in enumerate(calls):
        seats.append(auction.to_act)
        try:
            auction.call(call.strip().lower())
        except IllegalActionError as exc:
            raise QueryError(Text("call {i} ({call}) is not allowed: {why}; the calls allowed were {legal}",
                                  i=i + 1, call=quote(call), why=exc.message,
                                  legal=OneOf(call_in_words(c) for c in auction.legal()))) from None
    if auction.over:
        return AuctionState(config.game, tuple(calls), True,
                            "a45.bid.order" if auction.winner is not None else "a45.bid.all-pass",
                            winner=auction.winner, bid=auction.bid, seats=tuple(seats))
    legal = auction.legal()
    refused = {call: auction.explain_illegal(call) for call in ("pass", "hold", *config.bid_values)
               if call not in legal}
    return AuctionState(config.game, tuple(calls), False, "a45.bid.order", to_act=auction.to_act,
                        legal=tuple(legal), refused=MappingProxyType(refused), seats=tuple(seats))


def require_discards(config: FortyFivesConfig) -> None:
    """Only the Auction has a kitty, and with ``free_discard`` the rules force no discard."""
    if not config.auction:
        raise QueryError(Text("{game} has no kitty and no discards: they are for auction-forty-fives",
                              game=config.game))
    if config.free_discard:
        raise QueryError(Text("with option free_discard every player chooses their own discards, so the rules "
                              "force none: ask without that option"))


def discards(config: FortyFivesConfig, trump: Trump, hand: Sequence[Card], kitty: Sequence[Card],
             bidder: bool) -> Discards:
    """Once trumps are named (`a45.discard.others`): every card that is not a trump goes; the bidder, who adds
    the kitty, keeps at most five trumps (`a45.discard.bidder`); each draws back to five (`a45.draw`)."""
    require_discards(config)
    suit = _suit(trump)
    cards = (*hand, *kitty)
    keep = kept_at_discard(list(cards), suit, bidder)
    thrown = tuple(c for c in cards if c not in keep)
    drawn = HAND_SIZE - len(keep)
    return Discards(config.game, cards, False, thrown, tuple(keep), len(thrown), drawn,
                    explain_discards(keep, list(thrown), drawn, bidder),
                    MappingProxyType({card: _why_discard(card, card in keep, suit) for card in cards}))


def _why_discard(card: Card, kept: bool, trump: Suit) -> Explanation:
    """Why one card stays or goes at the discard."""
    if not rank.TABLES[trump].is_trump[card.index]:
        return Explanation("a45.discard.others", Text("{card} is not a trump: it is thrown away", card=card))
    if not kept:
        return Explanation("a45.discard.bidder", Text(
            "{card} is one of the lowest trumps: the bidder keeps only the five highest", card=card))
    if card.suit is not trump and card.rank == ACE:
        return Explanation("45.rank.ace-of-hearts", Text("{card} is a trump whatever suit is named: it is kept",
                                                          card=card))
    return Explanation("a45.discard.others", Text("{card} is a trump: it is kept", card=card))


def require_turn_up(config: FortyFivesConfig) -> None:
    """Only the presets that turn a card up rob it: the Auction is told so."""
    if config.auction:
        raise QueryError(Text("{game} turns no card up, so nobody robs: rob is for forty-fives and "
                              "forty-fives-partners", game=config.game))


def rob(config: FortyFivesConfig, deal: int | TurnedDeal, dealer: int, seat: int) -> RobRights:
    """Robbing the turned card (`45.rob.dealer-ace`, `45.rob.ace-holder`), asked of the engine at each seat's first
    decision of the hand dealt from a seed or given by its turned card."""
    require_turn_up(config)
    if isinstance(deal, TurnedDeal):
        hand = FortyFivesHand.position(config, deal.turn_up, dealer, deal.hands, deal.holder)
    else:
        hand = FortyFivesHand.new(config, seed=deal, dealer=dealer)
    dealt = tuple(tuple(cards) for cards in hand.hands)
    decisions = _first_decisions(hand)
    seats = range(hand.n)
    rights = tuple(decisions[s][0] for s in seats)
    who = [s for s in seats if rights[s] != "no"]
    assert hand.trump is not None and hand.turned_card is not None, "a robbing question is asked once a card is turned"
    return RobRights(config.game, dealer, seat, hand.turned_card, hand.trump, dealt, rights,
                     tuple(decisions[s][1] for s in seats), tuple(decisions[s][2] for s in seats),
                     tuple(decisions[s][3] for s in seats), decisions[who[0]][1] if who else _nobody_robs(hand))


# a seat's first decision: its right to rob, the engine's reason, the cards it may give up, why not each other card
_Decision = tuple[str, Explanation, tuple[Card, ...], Mapping[Card, Explanation]]


def _first_decisions(hand: FortyFivesHand) -> dict[int, _Decision]:
    """Each seat's right to rob at its first decision (the dealer's on a turned ace, everyone's first turn in
    the first trick), as the engine's legal actions say: the right, the engine's reason, the cards it may give up
    and, for each card of its hand it may not, why. The others decide as simply as they may (keep, or give up
    their first card; play their first legal card)."""
    decisions: dict[int, _Decision] = {}
    while len(decisions) < hand.n and not hand.is_over:
        seat = hand.to_act
        assert seat is not None, "a hand not over has a player to act"
        legal = hand.legal_actions()
        if seat not in decisions:
            robs = tuple(a.card for a in legal if a.kind == "rob" and a.card is not None)
            right = "no" if not robs else "may" if KEEP in legal else "must"
            why = {card: _refused(hand, Action("rob", card)) for card in hand.hands[seat]
                   if robs and card not in robs}
            decisions[seat] = (right, hand.explain_rob(), robs, MappingProxyType(why))
        hand.apply(KEEP if KEEP in legal else legal[0])
    return decisions


def _refused(hand: FortyFivesHand, action: Action) -> Explanation:
    """Why the hand refuses ``action``, which it does."""
    why = hand.explain_illegal(action)
    assert why is not None, f"{action} was taken to be refused"
    return why


def _nobody_robs(hand: FortyFivesHand) -> Explanation:
    assert hand.trump is not None, "a robbing question is asked once the trump is turned"
    ace = Card.of(ACE, hand.trump)
    return Explanation("45.rob.ace-holder", Text(
        "{card} is turned, not an ace, and nobody was dealt the ace of trumps, {ace}: nobody robs",
        card=hand.turned_card, ace=ace))


following = following_never_changes     # the phase a legal-play question is asked in: none


if TYPE_CHECKING:       # this module is its family's rules: mypy checks it against the protocols of what it declares
    import atout.forty_fives.rules as _this_module
    from atout.rules_api import AuctionRules, FamilyRules, KittyRules, RobbingRules

    _as_rules: FamilyRules = _this_module
    _as_auction_rules: AuctionRules = _this_module
    _as_kitty_rules: KittyRules = _this_module
    _as_robbing_rules: RobbingRules = _this_module
