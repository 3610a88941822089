"""Spoil Five's answers to the rules API (``atout.rules_api``): core's Fives ranking and trick rules, a hand's counters
from its tricks, and robbing the turned card. The option ``must_follow_suit`` comes from the configuration."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from atout.cards import ACE, Card, Suit
from atout.engine import Action, Explanation
from atout.errors import QueryError
from atout.fives_ranking import card_marks
from atout.i18n import Text
from atout.rules_api import Ranking, RobRights, ScoreFacts, ScoreResult, TricksPlayed, Trump, TurnedDeal, expect_facts
from atout.spoil_five import ranking as rank
from atout.spoil_five.config import SpoilFiveConfig
from atout.spoil_five.explain import explain_score
from atout.spoil_five.hand import HAND_SIZE, KEEP, WINNING_TRICKS, SpoilFiveHand
from atout.spoil_five.scoring import HandResult, pool_result

STRAINS: tuple[Trump, ...] = tuple(Suit)


def _suit(trump: Trump) -> Suit:
    assert trump is not None, "Spoil Five always has a trump suit (the rules API checks it)"
    return trump


def parse_trump(text: str) -> Trump:
    return Suit.parse(text)


def ranking(trump: Trump) -> Ranking:
    tables = rank.TABLES[_suit(trump)]
    return Ranking(trump, tuple(tables.order),
                   MappingProxyType({s: tuple(tables.plain[s]) for s in Suit if s != trump}), "s5.rank.trump",
                   marks=card_marks(_suit(trump)))


def led_suit(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Suit:
    return rank.led_suit(plays[0], _suit(trump))


def trick_winner(plays: Sequence[Card], trump: Trump, named: Suit | None) -> int:
    return rank.trick_winner(plays, _suit(trump))


def explain_trick(plays: Sequence[Card], trump: Trump, named: Suit | None) -> Explanation:
    return rank.explain_trick(plays, _suit(trump))


def explain_beats(winner: Card, other: Card, trump: Trump, led: Suit) -> Explanation:
    return rank.explain_beats(winner, other, _suit(trump), led)


def legal_plays(config: SpoilFiveConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                named: Suit | None, phase: str | None) -> list[Card]:
    return rank.legal_plays(hand, plays, _suit(trump), config.must_follow_suit)


def explain_illegal(config: SpoilFiveConfig, card: Card, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                    named: Suit | None, phase: str | None) -> Explanation:
    return rank.explain_illegal(card, hand, plays, _suit(trump), config.must_follow_suit)


def explain_legal(config: SpoilFiveConfig, hand: Sequence[Card], plays: Sequence[Card], trump: Trump,
                  named: Suit | None, phase: str | None) -> Explanation:
    return rank.explain_legal(hand, plays, _suit(trump), config.must_follow_suit)


def hand_result(config: SpoilFiveConfig, facts: TricksPlayed, dealer: int = 0, carried: int = 0) -> HandResult:
    """A hand's counters from its tricks, as the engine ends it: the first to three tricks takes the pool, and the
    hand stops there unless they took the first three and played on (a jinx, made with all five); five tricks and
    nobody on three is a spoiled hand. ``QueryError`` for tricks the engine would never have played."""
    n = config.players
    if not WINNING_TRICKS <= len(facts.tricks) <= HAND_SIZE:
        raise QueryError(Text("a hand of Spoil Five has {low} to {high} tricks (it ends when a player takes three), "
                              "not {n}", low=WINNING_TRICKS, high=HAND_SIZE, n=len(facts.tricks)))
    tricks_won = [0] * n
    winner: int | None = None
    jinx: str | None = None
    i = 0
    for i, trick in enumerate(facts.tricks):
        if winner is not None and jinx is None:
            if i == WINNING_TRICKS and tricks_won[winner] == WINNING_TRICKS and config.jinx:
                jinx = "made"           # the first three tricks, and play went on: a jinx
            else:
                raise QueryError(Text("the hand ended at trick {n}, when a player took three tricks: "
                                      "give no more tricks", n=i))
        taker = (trick.leader + rank.trick_winner(trick.plays, facts.trump)) % n
        tricks_won[taker] += 1
        if jinx == "made" and taker != winner:
            jinx = "failed"
            break
        if winner is None and tricks_won[taker] == WINNING_TRICKS:
            winner = taker
    if jinx == "made" and len(facts.tricks) < HAND_SIZE:
        raise QueryError(Text("a jinx is played to the fifth trick unless a trick is lost: give the tricks up to "
                              "the first one lost, or all five"))
    if jinx == "failed" and i + 1 != len(facts.tricks):
        raise QueryError(Text("the hand ended at trick {n}, when the jinx failed: give no more tricks", n=i + 1))
    if winner is None and len(facts.tricks) != HAND_SIZE:
        raise QueryError(Text("nobody has three tricks yet: a hand is played to the fifth trick unless someone "
                              "takes three"))
    before = list(facts.scores_before) if facts.scores_before is not None else [0] * n
    return pool_result(config, dealer, carried, winner, jinx, before, tricks_won)


def score(config: SpoilFiveConfig, facts: ScoreFacts, dealer: int = 0, carried: int = 0) -> ScoreResult:
    """Each player's counters this hand, from its tricks (a fresh pool, Player 1 dealing, unless given)."""
    expect_facts(config, facts, TricksPlayed)
    assert isinstance(facts, TricksPlayed)
    result = hand_result(config, facts, dealer, carried)
    why = explain_score(result)
    n = config.players
    winners = tuple((t.leader + rank.trick_winner(t.plays, facts.trump)) % n for t in facts.tricks)
    return ScoreResult(config.game, tuple(result.counters), why.rule, why, scores_after=tuple(result.scores_after),
                       made=None if result.jinx is None else result.jinx == "made",
                       tricks_won=tuple(result.tricks_won), winners=winners)


def rob(config: SpoilFiveConfig, deal: int | TurnedDeal, dealer: int, seat: int) -> RobRights:
    """Robbing the turned card (``s5.rob.dealer-ace``, ``s5.rob.ace-holder``), asked of the engine at each seat's
    first decision of a hand dealt from a seed."""
    if isinstance(deal, TurnedDeal):
        raise QueryError(Text("a Spoil Five rob question gives its deal by seed"))
    hand = SpoilFiveHand.new(config, seed=deal, dealer=dealer)
    dealt = tuple(tuple(cards) for cards in hand.hands)
    decisions = _first_decisions(hand)
    seats = range(hand.n)
    rights = tuple(decisions[s][0] for s in seats)
    who = [s for s in seats if rights[s] != "no"]
    assert hand.trump is not None and hand.turned_card is not None, "a card is turned at the deal"
    return RobRights(config.game, dealer, seat, hand.turned_card, hand.trump, dealt, rights,
                     tuple(decisions[s][1] for s in seats), tuple(decisions[s][2] for s in seats),
                     tuple(decisions[s][3] for s in seats), decisions[who[0]][1] if who else _nobody_robs(hand))


_Decision = tuple[str, Explanation, tuple[Card, ...], Mapping[Card, Explanation]]


def _first_decisions(hand: SpoilFiveHand) -> dict[int, _Decision]:
    """Each seat's right to rob at its first decision, as the engine's legal actions say; the others decide as
    simply as they may (keep, or give up their first card; play their first legal card)."""
    decisions: dict[int, _Decision] = {}
    while len(decisions) < hand.n and not hand.is_over and not hand.tricks:
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


def _refused(hand: SpoilFiveHand, action: Action) -> Explanation:
    why = hand.explain_illegal(action)
    assert why is not None, f"{action} was taken to be refused"
    return why


def _nobody_robs(hand: SpoilFiveHand) -> Explanation:
    assert hand.trump is not None, "a robbing question is asked once the trump is turned"
    return Explanation("s5.rob.ace-holder", Text(
        "{card} is turned, not an ace, and nobody was dealt the ace of trumps, {ace}: nobody robs",
        card=hand.turned_card, ace=Card.of(ACE, hand.trump)))


def following(view: Mapping[str, Any]) -> str | None:
    """The phase a legal-play question about a seat's view is asked in: none, following never changes in a hand."""
    return None


if TYPE_CHECKING:       # this module is its family's rules: mypy checks it against the protocols of what it declares
    import atout.spoil_five.rules as _this_module
    from atout.rules_api import FamilyRules, RobbingRules

    _as_rules: FamilyRules = _this_module
    _as_robbing_rules: RobbingRules = _this_module
