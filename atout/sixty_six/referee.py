"""The referee's answers for Sixty-Six (the contract table of the rules README).

>>> from atout.referee import judge
>>> judge({"kind": "trick", "game": "sixty-six", "trump": "H", "plays": ["KS", "10S"]})["winner"]
1
>>> judge({"kind": "legal", "game": "sixty-six", "trump": "H", "phase": "strict", "hand": ["9S", "JS", "QD"],
...        "plays": ["KS"]})["legal"]
['9S', 'JS']
"""

from __future__ import annotations

from typing import Any

from atout.cards import SIXTY_SIX_DECK, Suit
from atout.errors import QueryError
from atout.i18n import Text
from atout.referee import Query, answer_json
from atout.sixty_six import ranking, scoring
from atout.sixty_six.config import SixtySixConfig, make_config

EVENTS = ("declare", "close-failed", "no-declaration")
TRICKS = 12            # tricks in a hand played out
MAX_CLOSE_TRICKS = 6   # the stock holds a face-down card only until the sixth trick's drawing
MAX_HAND = 6
MAX_POINTS = 230       # 120 card points, the last trick's 10, a marriage of 40 and three of 20


def answer(kind: str, game: str, q: Query, options: dict[str, Any]) -> dict[str, Any]:
    q.deck = SIXTY_SIX_DECK
    config = make_config(game, options)
    return answer_json(_KINDS[kind](q, config))


def _trump(q: Query) -> Suit:
    value = q.field("trump")
    if not isinstance(value, str):
        raise QueryError(Text("trump must be a suit: C, D, H or S"))
    return Suit.parse(value)


def rank(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    trump = _trump(q)
    return {"trump": ranking.suit_order(trump),
            "plain": {s.letter: ranking.suit_order(s) for s in Suit if s is not trump},
            "rule": "66.rank"}


def trick(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    trump = _trump(q)
    plays = q.card_list("plays")
    if len(plays) != 2:
        raise QueryError(Text("a trick of sixty-six has exactly 2 cards (one per player), not {n}", n=len(plays)))
    why = ranking.explain_trick(plays, trump)
    return {"winner": ranking.trick_winner(plays, trump), **why.to_dict()}


def legal(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    trump = _trump(q)
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
    cards = ranking.legal_plays(hand, plays, trump, phase)
    answer: dict[str, Any] = {"legal": cards}
    illegal = [c for c in hand if c not in cards]
    why = (ranking.explain_illegal(illegal[0], hand, plays, trump, phase) if illegal
           else ranking.explain_legal(hand, plays, trump, phase))
    answer.update(why.to_dict())
    return answer


def bids(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    raise QueryError(Text("sixty-six has no bidding: the turned-up card makes trumps (66.trump); ask rank, trick, "
                          "legal or score"))


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
        what = Text("exactly {n}", n=total_max) if exact else Text("at most {n}", n=total_max)
        raise QueryError(Text("{name} adds up to {total} tricks; a sixty-six {event} has {what}", name=name,
                              total=total, event=q.data.get("event"), what=what))
    return tricks


def score(q: Query, config: SixtySixConfig) -> dict[str, Any]:
    event = q.choice("event", EVENTS)
    if event == "declare":
        by = _seat(q, "by")
        points = _pair(q, "points", MAX_POINTS)
        tricks = _tricks(q, "tricks", TRICKS)
        result = scoring.declare(by, points, tricks)
    elif event == "close-failed":
        by = _seat(q, "by")
        result = scoring.close_failed(by, _tricks(q, "tricks_at_close", MAX_CLOSE_TRICKS))
    else:
        points = _pair(q, "points", MAX_POINTS)
        tricks = _tricks(q, "tricks", TRICKS, exact=True)
        last = _seat(q, "last_trick")
        result = scoring.no_declaration(points, tricks, last, config.tie_carries)
    answer: dict[str, Any] = {"game_points": list(result.game_points), "rule": result.rule}
    if result.carried:
        answer["carried"] = 1
    return answer


_KINDS = {"rank": rank, "trick": trick, "legal": legal, "bids": bids, "score": score}
