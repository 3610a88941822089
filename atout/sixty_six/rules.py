"""Sixty-Six's answers to the rules API (``atout.rules_api``): one order for every suit, the card points, and
following that depends on the stock (``phase``: ``open`` while it is open, ``strict`` once it is gone or closed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from atout.cards import Card, Suit
from atout.engine import Action, Explanation
from atout.errors import ConfigError, IllegalActionError, QueryError, quote
from atout.i18n import Text
from atout.rules_api import (
    AfterTrick,
    CountedPosition,
    HandEnding,
    Permission,
    PointsCount,
    Ranking,
    ScoreFacts,
    ScoreResult,
    Trump,
    expect_facts,
)
from atout.sixty_six import ranking as rank
from atout.sixty_six import scoring
from atout.sixty_six.config import DECK, SixtySixConfig
from atout.sixty_six.explain import explain_points, explain_result
from atout.sixty_six.hand import DRAW, SixtySixHand, SixtySixResult

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


def score(config: SixtySixConfig, facts: ScoreFacts) -> ScoreResult:
    """A hand's game points from how it ended, with the working as the hand's own score says it (a failed close
    gives only its rule: no points are counted)."""
    expect_facts(config, facts, HandEnding)
    assert isinstance(facts, HandEnding)
    event, by, closer, points, tricks = facts.event, facts.by, facts.closer, facts.points, facts.tricks
    if event == "close-failed":
        assert by is not None and facts.tricks_at_close is not None, "a failed close has its closer and tricks"
        result = scoring.close_failed(by, facts.tricks_at_close)
        return ScoreResult(config.game, result.game_points, result.rule, None, carried=result.carried)
    if event == "declare":
        assert by is not None, "a declaration has its declarer"
        result = scoring.declare(by, points, tricks)
    elif event == "closed":
        assert closer is not None and facts.tricks_at_close is not None, "a closed stock has its closer"
        by = closer if by is None else by
        result = scoring.declaration(by, points, tricks, closer, facts.tricks_at_close)
    elif event == "no-declaration":
        assert facts.last_trick is not None, "a hand played out has the winner of its last trick"
        result = scoring.no_declaration(points, tricks, facts.last_trick, config.tie_carries)
    else:
        raise QueryError(Text("a sixty-six hand ends by declare, close-failed, no-declaration or closed, not {event}",
                              event=event))
    closed_by = closer if event == "closed" else None
    ended = SixtySixResult("declared" if event != "no-declaration" else "played-out", result, list(points),
                           list(tricks), list(points), by if event != "no-declaration" else None, closed_by,
                           facts.tricks_at_close if closed_by is not None else None,
                           facts.last_trick if event == "no-declaration" else None, 0, int(result.carried))
    return ScoreResult(config.game, result.game_points, result.rule, explain_result(ended), carried=result.carried)


def points(config: SixtySixConfig, tricks: Sequence[Sequence[Card]], marriages: Sequence[Suit], trump: Trump,
           last_trick: bool) -> PointsCount:
    """What the tricks one player won count (`66.points`), with their marriages once a trick is won
    (`66.marriage.pending`) and the last trick's 10 (`66.last-trick`)."""
    cards = [card for trick in tricks for card in trick]
    won = rank.card_points(cards)
    values = []
    for suit in marriages:
        assert trump is not None, "a marriage's value needs the trump suit"
        values.append((suit, scoring.marriage_value(suit, trump)))
    marriage_points = sum(value for _, value in values)
    total = scoring.counted_points(won, marriage_points, len(tricks), last_trick)
    reached = total >= scoring.TARGET_POINTS
    return PointsCount(config.game, won, marriage_points, total, reached,
                       explain_points(cards, won, values, bool(tricks), last_trick, total, reached))


def _position(config: SixtySixConfig, position: CountedPosition, said: list[Explanation] | None = None
              ) -> SixtySixHand:
    """The engine's hand in ``position`` (``SixtySixHand.position``), once seat 0 has done what it did first (each
    action's explanation added to ``said``)."""
    hand = SixtySixHand.position(config, position.trump, position.hand, position.lead, position.face_down,
                                 position.closed, position.before_draw, position.turn_up)
    for i, action in enumerate(position.earlier):
        try:
            event = hand.apply(action)
        except IllegalActionError as exc:
            raise QueryError(Text("action {i} ({action}) cannot be done in this position: {why}", i=i + 1,
                                  action=quote(str(action)), why=str(exc))) from None
        if said is not None:
            said.append(event.explanation)
    return hand


def actions(config: SixtySixConfig, position: CountedPosition) -> tuple[Action, ...]:
    return tuple(_position(config, position).legal_actions())


def may(config: SixtySixConfig, position: CountedPosition, action: Action) -> Permission:
    """Whether seat 0 may do ``action`` now, asked of the engine: why it is refused, or what doing it does (a
    marriage: its points, and whether they count yet)."""
    earlier: list[Explanation] = []
    hand = _position(config, position, earlier)
    # What the player sees when asked: their hand and the turned-up trump (the engine picks one if not given), who
    # dealt, the tricks each has won, and what they did first on this lead.
    legal, held, turn_up = tuple(hand.legal_actions()), tuple(hand.hands[0]), hand.turn_up
    seen = partial(Permission, dealer=hand.dealer, tricks_won=(hand.tricks_won[0], hand.tricks_won[1]),
                   earlier=tuple(earlier))
    why = hand.explain_illegal(action)
    if why is not None:
        return seen(config.game, action, False, why, legal, held, turn_up)
    event = hand.apply(action)
    points = counts = None
    if event.kind == "marriage":
        _suit, points, counts = event.data
    return seen(config.game, action, True, event.explanation, legal, held, turn_up, points, counts)


def draw(config: SixtySixConfig, position: CountedPosition, reply: Card) -> AfterTrick:
    """What follows the trick seat 0 completes with ``reply`` (`66.draw`): the engine plays it and draws."""
    if position.lead is None:
        raise QueryError(Text("what follows a trick is asked once your opponent has led: give the lead"))
    hand = _position(config, position)
    after = tuple(card for card in position.hand if card != reply)
    turn_up = hand.turn_up
    tricks_won = (hand.tricks_won[0], hand.tricks_won[1])
    won = next(e for e in hand.apply(Action("play", reply)).flatten() if e.kind == "trick")
    winner = won.seat
    assert winner is not None, "a trick has its winner"
    takes: list[str | None] = [None, None]
    first = None
    if hand.draw_pending:
        first = hand.to_act
        event = hand.apply(DRAW)
        takes[winner] = "face-down"
        takes[1 - winner] = "face-down" if event.data is None else "turn-up"
        drawing = Explanation("66.draw", Text("{trick}. {draw}", trick=won.explanation.text,
                                              draw=event.explanation.text))
    else:
        why = hand.explain_illegal(DRAW) if not hand.is_over else Explanation("66.draw", Text(
            "That was the last trick: there is nothing left to draw"))
        assert why is not None, "no draw is pending, so a draw is refused"
        drawing = Explanation(why.rule, Text("{trick}. {why}", trick=won.explanation.text, why=why.text))
    strict = None if hand.is_over else hand.is_strict
    following = hand.explain_play() if strict is not None else drawing
    return AfterTrick(config.game, winner, first, (takes[0], takes[1]), strict, after, turn_up, drawing, following,
                      tricks_won)


def following(view: Mapping[str, Any]) -> str | None:
    """The phase a legal-play question about a seat's view is asked in: ``strict`` once the stock is exhausted or
    closed, else ``open``."""
    return "strict" if view["strict"] else "open"


if TYPE_CHECKING:       # this module is its family's rules: mypy checks it against the protocols of what it declares
    import atout.sixty_six.rules as _this_module
    from atout.rules_api import CardPointRules, FamilyRules, StockRules

    _as_rules: FamilyRules = _this_module
    _as_stock_rules: StockRules = _this_module
    _as_cardpoint_rules: CardPointRules = _this_module
