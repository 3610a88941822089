"""The referee's answers for Sixty-Six (the contract table of the rules README).

>>> from atout.referee import judge
>>> judge({"kind": "trick", "game": "sixty-six", "trump": "H", "plays": ["KS", "10S"]})["winner"]
1
>>> judge({"kind": "legal", "game": "sixty-six", "trump": "H", "phase": "strict", "hand": ["9S", "JS", "QD"],
...        "plays": ["KS"]})["legal"]
['9S', 'JS']

Beyond the contract, the special rules: ``points`` counts what a player's won tricks, marriages and the last trick
are worth; ``may`` says whether the player to act may do an action (exchange the 9, close, declare a marriage)
in a position described by its counts; ``score`` also scores a closed hand (event ``closed``); ``draw`` says who
draws first after a trick, what each takes and whether the next trick is played by the strict rules.

>>> judge({"kind": "points", "game": "sixty-six", "tricks": [["AS", "10S"], ["KH", "9C"]]})["card_points"]
25
>>> answer = judge({"kind": "may", "game": "sixty-six", "trump": "H", "stock": 11, "action": "exchange 9H",
...                 "hand": ["9H", "KS", "QS", "AC", "10D", "JD"]})
>>> answer["allowed"], answer["rule"]
(False, '66.exchange-nine')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from atout import rules_api
from atout.cards import KING, QUEEN, Suit
from atout.engine import Action
from atout.errors import AtoutError, QueryError
from atout.i18n import Text
from atout.referee import Query, bids_answer, kind_answerer, legal_answer, rank_answer, trick_answer
from atout.rules_api import (
    AfterTrick,
    AuctionState,
    CountedPosition,
    HandEnding,
    Permission,
    PointsCount,
    ScoreResult,
    legality,
    trick_verdict,
)
from atout.rules_api import ranking as card_ranking
from atout.sixty_six import ranking
from atout.sixty_six.config import DECK, SixtySixConfig, make_config
from atout.sixty_six.hand import STOCK_AT_DEAL, TRICKS

EVENTS = ("declare", "close-failed", "no-declaration", "closed")
MAX_CLOSE_TRICKS = 6   # the stock holds a face-down card only until the sixth trick's drawing
MAX_HAND = 6
MAX_POINTS = 230       # 120 card points, the last trick's 10, a marriage of 40 and three of 20


def answer(kind: str, game: str, q: Query, options: dict[str, Any], typed: bool = False) -> Any:
    q.deck = DECK
    config = make_config(game, options)
    return kind_answerer(_KINDS, kind, game, TYPED if typed else None)(q, config)


def rank(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    return rank_answer(card_ranking(config, q.trump()))


def trick(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    trump = q.trump()
    plays = q.card_list("plays")
    if len(plays) != 2:
        raise QueryError(Text("a trick of sixty-six has exactly 2 cards (one per player), not {n}", n=len(plays)))
    return trick_answer(trick_verdict(config, plays, trump))


def legal(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    trump = q.trump()
    if "phase" not in q.data:
        raise QueryError(Text("a legal query of sixty-six needs the field 'phase': open (the stock is open) or "
                              "strict (the stock is exhausted or closed)"))
    phase = q.choice("phase", ranking.PHASES)
    hand = q.card_list("hand")
    plays = q.card_list("plays", q.data.get("plays", []))
    if len(plays) > 1:
        raise QueryError(Text("the trick so far holds at most 1 card in sixty-six (the lead), not {n}",
                              n=len(plays)))
    if not 1 <= len(hand) <= MAX_HAND:
        raise QueryError(Text("hand must hold 1 to {high} cards in sixty-six, not {n}", high=MAX_HAND, n=len(hand)))
    return legal_answer(legality(config, hand, plays, trump, phase=phase), why=False)


def bids_state(q: Query, config: SixtySixConfig) -> AuctionState:
    """Refused before any field is read: Sixty-Six has no auction (the rules API refuses it too, in fewer words),
    and a referee's user is told what decides trumps and what to ask instead."""
    raise QueryError(Text("sixty-six has no bidding: the suit of the turned-up trump is trumps (66.trump); ask rank, "
                          "trick, legal or score"))


def bids(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    return bids_answer(bids_state(q, config))


def _seat(q: Query, name: str) -> int:
    return q.integer(name, 0, 1)


def _pair(q: Query, name: str, high: int) -> list[int]:
    values = q.integers(name, 2)
    if not all(0 <= v <= high for v in values):
        raise QueryError(Text("{name} must be 2 whole numbers from 0 to {high}, not {value}", name=name, high=high,
                              value=values))
    return values


def _tricks(q: Query, name: str, total_max: int, exact: bool = False) -> list[int]:
    tricks = _pair(q, name, total_max)
    total = sum(tricks)
    if (exact and total != total_max) or total > total_max:
        raise QueryError(Text("{name} adds up to {total} tricks; a sixty-six {event} has {what}", name=name,
                              total=total, event=q.data.get("event"),
                              what=Text("exactly {n}", n=total_max) if exact else Text("at most {n}", n=total_max)))
    return tricks


def score_result(q: Query, config: SixtySixConfig) -> ScoreResult:
    event = q.choice("event", EVENTS)
    if event == "declare":
        by = _seat(q, "by")
        points = _pair(q, "points", MAX_POINTS)
        tricks = _tricks(q, "tricks", TRICKS)
        ending = HandEnding(event, by=by, points=_two(points), tricks=_two(tricks))
    elif event == "close-failed":
        by = _seat(q, "by")
        ending = HandEnding(event, by=by, tricks_at_close=_two(_tricks(q, "tricks_at_close", MAX_CLOSE_TRICKS)))
    elif event == "closed":
        closer = _seat(q, "closer")
        by = _seat(q, "by") if q.has("by") else closer
        points = _pair(q, "points", MAX_POINTS)
        tricks = _tricks(q, "tricks", TRICKS)
        at_close = _tricks(q, "tricks_at_close", MAX_CLOSE_TRICKS)
        if any(then > now for then, now in zip(at_close, tricks, strict=True)):
            raise QueryError(Text("tricks_at_close {then} cannot be more than the tricks won by the end, {now}",
                                  then=at_close, now=tricks))
        ending = HandEnding(event, by=by, closer=closer, points=_two(points), tricks=_two(tricks),
                            tricks_at_close=_two(at_close))
    else:
        points = _pair(q, "points", MAX_POINTS)
        tricks = _tricks(q, "tricks", TRICKS, exact=True)
        ending = HandEnding(event, points=_two(points), tricks=_two(tricks), last_trick=_seat(q, "last_trick"))
    return rules_api.score(config, ending)


def _two(values: list[int]) -> tuple[int, int]:
    return values[0], values[1]


def score(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    result = score_result(q, config)
    answer: dict[str, Any] = {"game_points": list(result.points), "rule": result.rule}
    if result.carried:
        answer["carried"] = 1
    if result.reason is not None:    # the working (a failed close gives no points)
        answer["explanation"] = result.reason
    return answer


def points_count(q: Query, config: SixtySixConfig) -> PointsCount:
    """What the tricks one player won are worth (`66.points`), with their marriages once a trick is won
    (`66.marriage.pending`) and the last trick's 10 (`66.last-trick`); ``reached``: 66 or more."""
    tricks = q.field("tricks")
    if (not isinstance(tricks, list) or len(tricks) > TRICKS
            or not all(isinstance(t, list) and len(t) == 2 for t in tricks)):
        raise QueryError(Text("tricks must be a list of the tricks one player won (at most {n}), each of 2 cards "
                              "such as [\"AS\", \"10S\"], not {value}", n=TRICKS, value=tricks))
    cards = q.card_list("tricks", [card for t in tricks for card in t])
    marriages = _marriages(q)
    trump = q.trump() if marriages else None     # read only for a marriage's value
    last_trick = q.flag("last_trick")
    if last_trick and not tricks:
        raise QueryError(Text("last_trick: the 10 for the last trick goes to its winner, and this player won no "
                              "trick"))
    return rules_api.points(config, [cards[2 * i:2 * i + 2] for i in range(len(tricks))], marriages, trump,
                            last_trick)


def points(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    count = points_count(q, config)
    return {"card_points": count.card_points, "marriage_points": count.marriage_points, "points": count.points,
            "reached": count.reached, **count.reason.to_dict()}


def _marriages(q: Query) -> list[Suit]:
    """The suits of the marriages a player declared, each named by its king or queen."""
    names = q.data.get("marriages") or []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise QueryError(Text("marriages must be a list of the marriages declared, each named by its king or "
                              "queen, such as [\"KH\"]"))
    suits: list[Suit] = []
    assert q.deck is not None, "a Sixty-Six query reads its cards from the Sixty-Six deck"
    for name in names:
        card = q.deck.parse(name)
        if card.rank not in (KING, QUEEN):
            raise QueryError(Text("a marriage is a king and queen of one suit: name it by its king or queen, not "
                                  "{card}", card=card))
        assert card.suit is not None, "the Sixty-Six deck has no joker"
        if card.suit in suits:
            raise QueryError(Text("the marriage in {suit} is given twice; each suit has one", suit=card.suit))
        suits.append(card.suit)
    return suits


def permission(q: Query, config: SixtySixConfig) -> Permission:
    """Whether seat 0 may do ``action`` in a position given by its counts (``CountedPosition``), after what it did
    first on this lead (``actions``)."""
    trump = q.trump()
    hand = q.card_list("hand")
    plays = q.card_list("plays", q.data.get("plays", []))
    if len(plays) > 1:
        raise QueryError(Text("the trick so far holds at most 1 card in sixty-six (the lead), not {n}",
                              n=len(plays)))
    turn_up = q.card("turn_up") if q.has("turn_up") else None
    position = CountedPosition(trump, tuple(hand), plays[0] if plays else None, q.integer("stock", 0, STOCK_AT_DEAL),
                               q.flag("closed"), q.flag("before_draw"), turn_up)
    # What is wrong with the position (it cannot arise, or an earlier action cannot be done in it) is said before
    # what is wrong with the actions asked about: the position is asked of the rules first when one of them is.
    earlier = q.data.get("actions") or []
    if not isinstance(earlier, list) or not all(isinstance(a, str) for a in earlier):
        rules_api.actions(config, position)
        raise QueryError(Text("actions must be a list of what seat 0 did first on this lead, such as "
                              "[\"exchange 9H\"]"))
    position = replace(position, earlier=tuple(earlier))
    try:
        action = Action.parse(q.field("action"))
    except AtoutError:
        rules_api.actions(config, position)
        raise
    return rules_api.may(config, position, action)


def may(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    """``allowed``, what the player sees when asked (the actions it may take, its hand, the turned-up trump), the
    rule and the sentence that say why, and, for a marriage, its ``points`` and whether they ``count`` yet."""
    answer = permission(q, config)
    said: dict[str, Any] = {"allowed": answer.allowed, "actions": [str(a) for a in answer.actions],
                            "hand": list(answer.hand), "turn_up": answer.turn_up, **answer.reason.to_dict()}
    if answer.marriage_points is not None:
        said.update(points=answer.marriage_points, counts=answer.counts)
    return said


DRAW_ASKS = ("first", "take", "follow")


def after_trick(q: Query, config: SixtySixConfig) -> AfterTrick:
    """What happens after a trick (`66.draw`): the trick is ``plays`` (seat 1's lead, then seat 0's reply), seat 0
    holds ``hand`` after it, the stock held ``stock`` face-down cards (``closed`` or open, the turned-up trump
    ``turn_up`` under it). ``ask`` (first, take or follow) is checked: no trick follows the last."""
    ask = _draw_ask(q)
    trump = q.trump()
    hand = q.card_list("hand")
    plays = q.card_list("plays")
    if len(plays) != 2:
        raise QueryError(Text("a draw question gives the trick just played: plays holds 2 cards, your opponent's "
                              "lead then your reply, not {n}", n=len(plays)))
    stock, closed = q.integer("stock", 0, STOCK_AT_DEAL), q.flag("closed")
    if stock and not closed and len(hand) != MAX_HAND - 1:
        raise QueryError(Text("while the stock is open your hand holds {size} cards once you have played to the "
                              "trick, before drawing, not {n}", size=MAX_HAND - 1, n=len(hand)))
    turn_up = q.card("turn_up") if q.has("turn_up") else None
    lead, reply = plays
    after = rules_api.draw(config, CountedPosition(trump, (*hand, reply), lead, stock, closed, False, turn_up), reply)
    if after.over and ask == "follow":
        raise QueryError(Text("that was the last trick: no trick follows, so ask first or take"))
    return after


def _draw_ask(q: Query) -> str:
    ask: str = q.choice("ask", DRAW_ASKS) if q.has("ask") else DRAW_ASKS[0]
    return ask


def draw(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    """``winner``, ``first`` (who draws first, or None when nobody draws), ``takes`` (per seat: ``face-down``,
    ``turn-up`` or None), ``strict`` (whether the next trick is played by the strict rules, or None when the hand
    is over), seat 0's hand and the turned-up trump; the rule and sentence of the question ``ask`` picks first,
    and ``why`` gives each."""
    after = after_trick(q, config)
    reasons = after.reasons
    return {"winner": after.winner, "first": after.first, "takes": list(after.takes), "strict": after.strict,
            "hand": list(after.hand), "turn_up": after.turn_up, **reasons[_draw_ask(q)].to_dict(),
            "why": {k: v.to_dict() for k, v in reasons.items()}}


_KINDS = {"rank": rank, "trick": trick, "legal": legal, "bids": bids, "score": score, "points": points, "may": may,
          "draw": draw}
# The kinds answered with one of the rules API's typed answers (``atout.referee.typed``).
TYPED = {"bids": bids_state, "score": score_result, "points": points_count, "may": permission, "draw": after_trick}
