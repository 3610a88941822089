"""The referee's answers for Five Hundred (`five-hundred`), as the contract table of the rules README says.

>>> from atout.referee import judge
>>> judge({"kind": "trick", "game": "five-hundred", "trump": "D", "plays": ["AD", "JH", "KD", "JD"]})["winner"]
3
>>> judge({"kind": "trick", "game": "five-hundred", "trump": "S", "plays": ["2S", "AS", "KS", "QS"]})["error"][:30]
'2♠ is not in the 43-card deck'
"""

from __future__ import annotations

from typing import Any

from atout import referee as core_referee
from atout import rules_api
from atout.cards import JOKER, Suit
from atout.errors import AtoutError, QueryError, quote
from atout.five_hundred import rules
from atout.five_hundred.config import DECK, MAX_TRICKS, PLAYERS, SIDES, FiveHundredConfig, make_config
from atout.five_hundred.hand import KITTY_SIZE
from atout.i18n import Text
from atout.referee import Query, bids_answer, kind_answerer, legal_answer, rank_answer, trick_answer
from atout.rules_api import AuctionState, ContractPlayed, Discards, ScoreResult, legality, ranking, trick_verdict


def answer(kind: str, game: str, q: Query, options: dict[str, Any], typed: bool = False) -> Any:
    q.deck = DECK
    config = make_config(game, options)
    return kind_answerer(_KINDS, kind, game, TYPED if typed else None)(q, config)


def _trump(q: Query) -> Suit | None:
    """The query's strain: a suit, or ``NT`` (None: no trumps)."""
    return rules.parse_trump(q.field("trump"))


def _joker_suit(q: Query) -> Suit | None:
    """The suit named with the joker led in no trumps (`joker_suit`); ignored where the joker names none."""
    if not q.has("joker_suit"):
        return None
    value = q.field("joker_suit")
    try:
        return Suit.parse(value)
    except AtoutError:
        raise QueryError(Text("joker_suit cannot be {value}: name the suit the joker led in no trumps calls for, "
                              "C, D, H or S", value=quote(value, as_json=True))) from None


def _check_joker_lead(plays: list, trump: Suit | None, joker_suit: Suit | None) -> None:
    if plays and plays[0] is JOKER and trump is None and joker_suit is None:
        raise QueryError(Text("the joker is led in no trumps, so the query needs joker_suit: the suit its leader "
                              "names for the others to follow (C, D, H or S) (500.joker.no-trump)"))


def rank(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    return rank_answer(ranking(config, _trump(q)))


def trick(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    trump = _trump(q)
    plays = q.card_list("plays")
    if len(plays) != PLAYERS:
        raise QueryError(Text("a trick of five-hundred has {n} cards, one per player, not {k}", n=PLAYERS,
                              k=len(plays)))
    joker_suit = _joker_suit(q)
    _check_joker_lead(plays, trump, joker_suit)
    return trick_answer(trick_verdict(config, plays, trump, joker_suit))


def legal(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    trump = _trump(q)
    hand, plays = core_referee.trick_so_far(q, PLAYERS)
    joker_suit = _joker_suit(q)
    _check_joker_lead(plays, trump, joker_suit)
    return legal_answer(legality(config, hand, plays, trump, joker_suit))


def bids_state(q: Query, config: FiveHundredConfig) -> AuctionState:
    dealer = q.integer("dealer", 0, PLAYERS - 1)
    calls = q.field("calls")
    if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls):
        raise QueryError(Text("calls must be a list of calls such as [\"6S\", \"pass\", \"7NT\"]"))
    return rules_api.bids(config, dealer, calls)


def bids(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    return bids_answer(bids_state(q, config))


def score_result(q: Query, config: FiveHundredConfig) -> ScoreResult:
    call = rules.contract_of(config, q.field("contract")).call
    side = q.integer("contractor", 0, SIDES - 1)
    tricks_won = core_referee.sides_tricks_won(q, MAX_TRICKS)
    before = q.integers("scores_before", SIDES)
    return rules_api.score(config, ContractPlayed(call, side, tricks_won, (before[0], before[1])))


def score(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    return core_referee.sides_score_answer(score_result(q, config))


def discards_result(q: Query, config: FiveHundredConfig) -> Discards:
    """`500.kitty`: the contractor adds the kitty to the hand and discards any three cards, the joker and the
    bowers included; ``hand`` may show only some of the hand."""
    hand = q.card_list("hand")
    kitty = q.card_list("kitty")
    if len(kitty) != KITTY_SIZE:
        raise QueryError(Text("the kitty holds {n} cards, not {k}", n=KITTY_SIZE, k=len(kitty)))
    if not 1 <= len(hand) <= MAX_TRICKS:
        raise QueryError(Text("hand must hold 1 to {high} cards, not {n}", high=MAX_TRICKS, n=len(hand)))
    return rules_api.discards(config, None, hand, kitty, bidder=True)


def discards(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    result = discards_result(q, config)
    return {"may_discard": list(result.discard), "count": result.count, "rule": result.reason.rule,
            "why": {card: why.to_dict() for card, why in result.why.items()}, "explanation": result.reason}


_KINDS = {"rank": rank, "trick": trick, "legal": legal, "bids": bids, "score": score, "discards": discards}
# The kinds answered with one of the rules API's typed answers (``atout.referee.typed``).
TYPED = {"bids": bids_state, "score": score_result, "discards": discards_result}
