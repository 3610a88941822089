"""The referee's answers for Five Hundred (`five-hundred`), as the contract table of the rules README says.

>>> from atout.referee import judge
>>> judge({"kind": "trick", "game": "five-hundred", "trump": "D", "plays": ["AD", "JH", "KD", "JD"]})["winner"]
3
>>> judge({"kind": "trick", "game": "five-hundred", "trump": "S", "plays": ["2S", "AS", "KS", "QS"]})["error"][:30]
'2♠ is not in the 43-card deck'
"""

from __future__ import annotations

from typing import Any

from atout.cards import JOKER, Suit
from atout.engine import Explanation
from atout.errors import AtoutError, IllegalActionError, QueryError, quote
from atout.five_hundred import rules
from atout.five_hundred.bidding import Auction, parse_call
from atout.five_hundred.config import DECK, MAX_TRICKS, PLAYERS, SIDES, FiveHundredConfig, make_config
from atout.five_hundred.hand import KITTY_SIZE
from atout.five_hundred.scoring import score_hand
from atout.i18n import Text
from atout.referee import Query, kind_answerer, legal_answer, rank_answer, trick_answer
from atout.rules_api import legality, ranking, trick_verdict


def answer(kind: str, game: str, q: Query, options: dict[str, Any]) -> dict[str, Any]:
    q.deck = DECK
    config = make_config(game, options)
    return kind_answerer(_KINDS, kind, game)(q, config)


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
    hand = q.card_list("hand")
    plays = q.card_list("plays", q.data.get("plays", []))
    if not hand:
        raise QueryError(Text("hand must hold at least one card"))
    if len(plays) >= PLAYERS:
        raise QueryError(Text("the trick so far holds at most {high} cards (it is then complete), not {n}",
                              high=PLAYERS - 1, n=len(plays)))
    joker_suit = _joker_suit(q)
    _check_joker_lead(plays, trump, joker_suit)
    return legal_answer(legality(config, hand, plays, trump, joker_suit))


def bids(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    dealer = q.integer("dealer", 0, PLAYERS - 1)
    calls = q.field("calls")
    if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls):
        raise QueryError(Text("calls must be a list of calls such as [\"6S\", \"pass\", \"7NT\"]"))
    auction = Auction(config, dealer)
    for i, text in enumerate(calls):
        if auction.over:
            raise QueryError(Text("call {i} ({call}) comes after the auction is over: no call may follow call {n}",
                                  i=i + 1, call=quote(text), n=i))
        try:
            auction.call(parse_call(text))
        except (IllegalActionError, QueryError, AtoutError) as exc:
            allowed = ", ".join(auction.legal()) or "none: the auction is over"
            raise QueryError(Text("call {i} ({call}) is not allowed: {why}; the calls allowed were {legal}",
                                  i=i + 1, call=quote(text), why=exc.message, legal=allowed)) from None
    if auction.over:
        return {"over": True, "winner": auction.winner, "bid": auction.bid,
                "rule": "500.bid.pass" if auction.winner is not None else "500.bid.all-pass"}
    legal = auction.legal()
    why = {c.call: _why_not(auction, c).to_dict() for c in config.ladder if c.call not in legal}
    return {"to_act": auction.to_act, "legal": legal, "rule": "500.bid.higher", "why": why}


def _why_not(auction: Auction, contract: Any) -> Explanation:
    """Why a call may not be made now. A call at the standing bid's level in a lower strain quotes the bid table's
    order (500.bid.order), the learner's trap: spades are the lowest strain, not the highest as in bridge."""
    standing = auction.contract
    if (standing is not None and not contract.misere and not standing.misere and contract.tricks == standing.tricks
            and contract.rank < standing.rank):
        return Explanation("500.bid.order", Text(
            "{call} is not higher than {bid}: for as many tricks the strains rank, lowest first, {order}",
            call=contract, bid=standing, order=list(auction.config.strains)))
    return auction.explain_illegal(contract.call)


def score(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    text = q.field("contract")
    try:
        call = parse_call(text)
        contract = config.calls[call]
    except (AtoutError, KeyError):
        misere = isinstance(text, str) and "mis" in text.lower()
        raise QueryError(Text("contract cannot be {value}: write a bid from 6S to 10NT, as in 8S or 9NT, or with "
                              "option misere, misere or open-misere{hint}", value=quote(text, as_json=True),
                              hint=Text(" (misère contracts need the option misere)") if misere else "")) from None
    side = q.integer("contractor", 0, SIDES - 1)
    tricks_won = q.integers("tricks_won", SIDES)
    if any(t < 0 for t in tricks_won) or sum(tricks_won) != MAX_TRICKS:
        raise QueryError(Text("tricks_won must give each side's tricks, two whole numbers from 0 that add up to "
                              "{n}, not {value}", n=MAX_TRICKS, value=quote(tricks_won, as_json=True)))
    scores_before = q.integers("scores_before", SIDES)
    result = score_hand(config, contract, side, tricks_won, scores_before)
    from atout.five_hundred.explain import explain_score

    return {"scores_after": result.scores_after, "points": result.points, "made": result.made,
            "game_winner": result.winner, **explain_score(result).to_dict()}


def discards(q: Query, config: FiveHundredConfig) -> dict[str, Any]:
    """`500.kitty`: the contractor adds the kitty to the hand and discards any three cards, the joker and the
    bowers included; ``hand`` may show only some of the hand."""
    hand = q.card_list("hand")
    kitty = q.card_list("kitty")
    if len(kitty) != KITTY_SIZE:
        raise QueryError(Text("the kitty holds {n} cards, not {k}", n=KITTY_SIZE, k=len(kitty)))
    if not 1 <= len(hand) <= MAX_TRICKS:
        raise QueryError(Text("hand must hold 1 to {high} cards, not {n}", high=MAX_TRICKS, n=len(hand)))
    cards = hand + kitty
    why = {card: Explanation("500.kitty", Text(
        "{card} may be discarded too: the contractor discards any {n} cards, even the joker or a bower", card=card,
        n=KITTY_SIZE)).to_dict() for card in cards}
    return {"may_discard": cards, "count": KITTY_SIZE, "rule": "500.kitty", "why": why,
            "explanation": Explanation("500.kitty", Text(
                "The contractor adds the {n} kitty cards to the hand, then discards any {n}: no card has to stay",
                n=KITTY_SIZE)).render()}


_KINDS = {"rank": rank, "trick": trick, "legal": legal, "bids": bids, "score": score, "discards": discards}
