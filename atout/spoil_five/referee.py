"""The referee's answers for Spoil Five: ``rank``, ``trick`` and ``legal`` as the Fives games answer them; ``score``
from the tricks played (three to five: the hand ends when a player takes three, unless they jinx), with the
``dealer`` and the ``pool`` carried over if any; ``rob`` for a deal given by its ``seed``.

>>> from atout.referee import judge
>>> tricks = [{"leader": 1, "plays": p} for p in (["5H", "2C", "3C"], ["JH", "4C", "6C"], ["AH", "7C", "8C"])]
>>> answer = judge({"kind": "score", "game": "spoil-five", "players": 3, "trump": "H", "tricks": tricks})
>>> answer["counters"], answer["winner"], answer["pool_after"], answer["rule"]
([-2, 3, -1], 1, 0, 's5.score.three-tricks')
"""

from __future__ import annotations

from typing import Any

from atout import rules_api
from atout.cards import FULL_DECK
from atout.errors import QueryError
from atout.i18n import Plural, Text
from atout.referee import Query, kind_answerer, legal_answer, rank_answer, trick_answer
from atout.rules_api import PlayedTrick, RobRights, ScoreResult, TricksPlayed, legality, ranking, trick_verdict
from atout.spoil_five import rules
from atout.spoil_five.config import PLAYERS, SpoilFiveConfig, make_config
from atout.spoil_five.hand import HAND_SIZE

MOST_PLAYERS = PLAYERS[-1]


def answer(kind: str, game: str, q: Query, options: dict[str, Any], typed: bool = False) -> Any:
    q.deck = FULL_DECK
    if q.has("players"):
        options = {**options, "players": q.field("players")}
    config = make_config(game, options)
    return kind_answerer(_KINDS, kind, game, TYPED if typed else None)(q, config)


def rank(q: Query, config: SpoilFiveConfig) -> dict[str, Any]:
    return rank_answer(ranking(config, q.trump()))


def _most(q: Query, config: SpoilFiveConfig) -> int:
    return config.players if q.has("players") else MOST_PLAYERS


def trick(q: Query, config: SpoilFiveConfig) -> dict[str, Any]:
    trump = q.trump()
    plays = q.card_list("plays")
    if not 2 <= len(plays) <= _most(q, config):
        raise QueryError(Text("a trick of {game} has {low} to {high} cards (one per player), not {n}",
                              game=config.game, low=2, high=_most(q, config), n=len(plays)))
    return trick_answer(trick_verdict(config, plays, trump), beats=True)


def legal(q: Query, config: SpoilFiveConfig) -> dict[str, Any]:
    trump = q.trump()
    hand = q.card_list("hand")
    plays = q.card_list("plays", q.data.get("plays", []))
    high = _most(q, config) - 1
    if len(plays) > high:
        raise QueryError(Text("the trick so far can hold at most {high}, not {n}",
                              high=Plural("{n} card", "{n} cards", high), n=len(plays)))
    if not hand:
        raise QueryError(Text("hand must hold at least one card"))
    return legal_answer(legality(config, hand, plays, trump))


def _facts(q: Query, config: SpoilFiveConfig) -> tuple[TricksPlayed, int, int]:
    """The tricks played (three to five, one card per player each), the dealer and the pool carried over."""
    trump = q.trump()
    n = config.players
    tricks = q.field("tricks")
    if not isinstance(tricks, list) or not 3 <= len(tricks) <= HAND_SIZE:
        raise QueryError(Text("tricks must be a list of the hand's tricks, three to five, each "
                              "{{\"leader\": seat, \"plays\": [cards]}}"))
    played: list[PlayedTrick] = []
    for t in tricks:
        if not isinstance(t, dict):
            raise QueryError(Text("each trick is an object {{\"leader\": seat, \"plays\": [cards]}}"))
        leader = Query(t).integer("leader", 0, n - 1)
        plays = q.card_list("plays", t.get("plays"))
        if len(plays) != n:
            raise QueryError(Text("each trick has one card per player ({n}), not {k}", n=n, k=len(plays)))
        played.append(PlayedTrick(leader, tuple(plays)))
    dealer = q.integer("dealer", 0, n - 1) if q.has("dealer") else 0
    carried = q.integer("pool", 0, 10 ** 6) if q.has("pool") else 0
    before = tuple(q.integers("scores_before", n)) if q.has("scores_before") else None
    return TricksPlayed(trump, tuple(played), before), dealer, carried


def score_result(q: Query, config: SpoilFiveConfig) -> ScoreResult:
    facts, dealer, carried = _facts(q, config)
    return rules.score(config, facts, dealer, carried)


def score(q: Query, config: SpoilFiveConfig) -> dict[str, Any]:
    """``counters`` (each player's change), ``winner`` (None: spoiled), ``pool`` (played for), ``pool_after``
    (carried to the next deal), ``jinx`` (made, failed or None), the tricks each took, the rule and the working."""
    facts, dealer, carried = _facts(q, config)
    result = rules.score(config, facts, dealer, carried)
    hand = rules.hand_result(config, facts, dealer, carried)
    assert result.tricks_won is not None and result.winners is not None and result.reason is not None
    return {"counters": list(result.points), "scores_after": list(result.scores_after or ()),
            "winner": hand.winner, "pool": hand.pool, "pool_after": hand.pool_after, "jinx": hand.jinx,
            "tricks_won": list(result.tricks_won), "winners": list(result.winners), "rule": result.rule,
            "explanation": result.reason}


def rob_rights(q: Query, config: SpoilFiveConfig) -> RobRights:
    """Robbing the turned card in a deal given by its ``seed``, for ``seat`` (0 unless given)."""
    n = config.players
    dealer = q.integer("dealer", 0, n - 1) if q.has("dealer") else 0
    seat = q.integer("seat", 0, n - 1) if q.has("seat") else 0
    if not q.has("seed"):
        raise QueryError(Text("a Spoil Five rob question gives its deal by seed"))
    seed = q.integer("seed", 0, 2 ** 63)
    return rules_api.rob(config, seed, dealer, seat)


def rob(q: Query, config: SpoilFiveConfig) -> dict[str, Any]:
    """``rights`` per seat (``must``, ``may`` or ``no``), ``who`` may rob, and for ``seat`` the ``cards`` it may give
    up; the deal; the rule and sentence."""
    rights = rob_rights(q, config)
    seat = rights.seat
    return {"rights": list(rights.rights), "who": list(rights.who), "may": rights.right,
            "cards": list(rights.cards[seat]), "dealer": rights.dealer, "seat": seat, "turn_up": rights.turn_up,
            "trump": rights.trump, "hands": [list(h) for h in rights.hands], "hand": list(rights.hand),
            "why": {card: why.to_dict() for card, why in rights.refused[seat].items()},
            **rights.reasons[seat].to_dict()}


_KINDS = {"rank": rank, "trick": trick, "legal": legal, "score": score, "rob": rob}
# The kinds answered with one of the rules API's typed answers (``atout.referee.typed``).
TYPED = {"score": score_result, "rob": rob_rights}
