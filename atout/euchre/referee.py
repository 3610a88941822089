"""The referee's answers for Euchre (`euchre`), as the contract table of the rules README says.

>>> from atout.referee import judge
>>> judge({"kind": "trick", "game": "euchre", "trump": "D", "plays": ["AD", "JH", "KD", "JD"]})["winner"]
3
>>> judge({"kind": "trick", "game": "euchre", "trump": "S", "plays": ["8S", "AS", "KS", "QS"]})["error"][:26]
'8♠ is not in the 24-card d'
"""

from __future__ import annotations

from typing import Any

from atout import referee as core_referee
from atout import rules_api
from atout.cards import Suit
from atout.errors import QueryError, quote
from atout.euchre import rules
from atout.euchre.config import DECK, PLAYERS, SIDES, EuchreConfig, make_config
from atout.euchre.scoring import TRICKS
from atout.i18n import Text
from atout.referee import Query, kind_answerer, legal_answer, rank_answer, trick_answer
from atout.rules_api import ContractPlayed, ScoreResult, legality, ranking, trick_verdict


def answer(kind: str, game: str, q: Query, options: dict[str, Any], typed: bool = False) -> Any:
    q.deck = DECK
    config = make_config(game, options)
    return kind_answerer(_KINDS, kind, game, TYPED if typed else None)(q, config)


def _trump(q: Query) -> Suit:
    trump = rules.parse_trump(q.field("trump"))
    assert isinstance(trump, Suit), "Euchre's trump is a suit"
    return trump


def rank(q: Query, config: EuchreConfig) -> dict[str, Any]:
    return rank_answer(ranking(config, _trump(q)))


def trick(q: Query, config: EuchreConfig) -> dict[str, Any]:
    """A trick of four cards, or of three when a maker goes alone (eu.alone)."""
    trump = _trump(q)
    plays = q.card_list("plays")
    if len(plays) not in (PLAYERS - 1, PLAYERS):
        raise QueryError(Text("a trick of euchre has {n} cards, one per player (3 when a maker goes alone), not {k}",
                              n=PLAYERS, k=len(plays)))
    return trick_answer(trick_verdict(config, plays, trump))


def legal(q: Query, config: EuchreConfig) -> dict[str, Any]:
    trump = _trump(q)
    hand, plays = core_referee.trick_so_far(q, PLAYERS)
    return legal_answer(legality(config, hand, plays, trump))


def score_result(q: Query, config: EuchreConfig) -> ScoreResult:
    how = q.field("contract")
    if how not in rules.HOW:
        raise QueryError(Text("contract cannot be {value}: write partner (the makers play together) or alone",
                              value=quote(how, as_json=True)))
    side = q.integer("contractor", 0, SIDES - 1)
    tricks_won = core_referee.sides_tricks_won(q, TRICKS)
    before = q.integers("scores_before", SIDES)
    return rules_api.score(config, ContractPlayed(how, side, tricks_won, (before[0], before[1])))


def score(q: Query, config: EuchreConfig) -> dict[str, Any]:
    return core_referee.sides_score_answer(score_result(q, config))


_KINDS = {"rank": rank, "trick": trick, "legal": legal, "score": score}
# The kinds answered with one of the rules API's typed answers (``atout.referee.typed``).
TYPED = {"score": score_result}
