"""The referee's answers for Euchre (`euchre`), as the contract table of the rules README says.

>>> from atout.referee import judge
>>> judge({"kind": "trick", "game": "euchre", "trump": "D", "plays": ["AD", "JH", "KD", "JD"]})["winner"]
3
>>> judge({"kind": "trick", "game": "euchre", "trump": "S", "plays": ["8S", "AS", "KS", "QS"]})["error"][:26]
'8♠ is not in the 24-card d'
"""

from __future__ import annotations

from typing import Any

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
    hand = q.card_list("hand")
    plays = q.card_list("plays", q.data.get("plays", []))
    if not hand:
        raise QueryError(Text("hand must hold at least one card"))
    if len(plays) >= PLAYERS:
        raise QueryError(Text("the trick so far holds at most {high} cards (it is then complete), not {n}",
                              high=PLAYERS - 1, n=len(plays)))
    return legal_answer(legality(config, hand, plays, trump))


def score_result(q: Query, config: EuchreConfig) -> ScoreResult:
    how = q.field("contract")
    if how not in rules.HOW:
        raise QueryError(Text("contract cannot be {value}: write partner (the makers play together) or alone",
                              value=quote(how, as_json=True)))
    side = q.integer("contractor", 0, SIDES - 1)
    tricks_won = q.integers("tricks_won", SIDES)
    if any(t < 0 for t in tricks_won) or sum(tricks_won) != TRICKS:
        raise QueryError(Text("tricks_won must give each side's tricks, two whole numbers from 0 that add up to "
                              "{n}, not {value}", n=TRICKS, value=quote(tricks_won, as_json=True)))
    before = q.integers("scores_before", SIDES)
    return rules_api.score(config, ContractPlayed(how, side, (tricks_won[0], tricks_won[1]), (before[0], before[1])))


def score(q: Query, config: EuchreConfig) -> dict[str, Any]:
    result = score_result(q, config)
    assert result.scores_after is not None and result.reason is not None, "Euchre keeps the game's scores"
    return {"scores_after": list(result.scores_after), "points": list(result.points), "made": result.made,
            "game_winner": result.game_winner, **result.reason.to_dict()}


_KINDS = {"rank": rank, "trick": trick, "legal": legal, "score": score}
# The kinds answered with one of the rules API's typed answers (``atout.referee.typed``).
TYPED = {"score": score_result}
