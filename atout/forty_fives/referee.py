"""The referee's answers for the Forty-Fives presets.

Beyond the contract: ``discards`` once trumps are named (Auction), and ``rob``: who may rob the turned card, whether
a seat may (``must``, ``may`` or ``no``, under the option ``dealer_rob``) and which cards it may give up, in a deal
given by its ``seed`` or by the turned card (``turn_up``), a seat's ``hand`` and the ``holder`` of the ace of trumps.

>>> from atout.referee import judge
>>> answer = judge({"kind": "rob", "game": "forty-fives", "turn_up": "AS", "players": 3})
>>> answer["rights"], answer["rule"]
(['must', 'no', 'no'], '45.rob.dealer-ace')
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from atout import rules_api
from atout.cards import FULL_DECK
from atout.errors import QueryError, quote
from atout.forty_fives import rules
from atout.forty_fives.config import FortyFivesConfig, make_config
from atout.forty_fives.hand import HAND_SIZE
from atout.i18n import Plural, Series, Text
from atout.referee import Query, bids_answer, kind_answerer, legal_answer, rank_answer, trick_answer
from atout.rules_api import (
    AuctionState,
    Discards,
    PlayedTrick,
    RobRights,
    ScoreResult,
    TricksPlayed,
    TurnedDeal,
    legality,
    ranking,
    trick_verdict,
)

MAX_PLAYERS = {"forty-fives": 6, "forty-fives-partners": 6, "auction-forty-fives": 4}


def answer(kind: str, game: str, q: Query, options: dict[str, Any], typed: bool = False) -> Any:
    q.deck = FULL_DECK
    if q.has("players"):
        options = {**options, "players": q.field("players")}
    config = make_config(game, options)
    return kind_answerer(_KINDS, kind, game, TYPED if typed else None)(q, config)


def rank(q: Query, config: FortyFivesConfig) -> dict[str, Any]:
    return rank_answer(ranking(config, q.trump()))


def _trick_plays(q: Query, config: FortyFivesConfig, name: str = "plays", low: int = 2):
    plays = q.card_list(name)
    high = config.players if q.has("players") else MAX_PLAYERS[config.game]
    if not low <= len(plays) <= high:
        raise QueryError(Text("a trick of {game} has {low} to {high} cards (one per player), not {n}",
                              game=config.game, low=low, high=high, n=len(plays)))
    return plays


def trick(q: Query, config: FortyFivesConfig) -> dict[str, Any]:
    trump = q.trump()
    return trick_answer(trick_verdict(config, _trick_plays(q, config), trump), beats=True)


def legal(q: Query, config: FortyFivesConfig) -> dict[str, Any]:
    trump = q.trump()
    hand = q.card_list("hand")
    plays = q.card_list("plays", q.data.get("plays", []))
    high = (config.players if q.has("players") else MAX_PLAYERS[config.game]) - 1
    if len(plays) > high:
        raise QueryError(Text("the trick so far can hold at most {high}, not {n}",
                                   high=Plural("{n} card", "{n} cards", high), n=len(plays)))
    if not hand:
        raise QueryError(Text("hand must hold at least one card"))
    return legal_answer(legality(config, hand, plays, trump))


def bids_state(q: Query, config: FortyFivesConfig) -> AuctionState:
    rules.require_auction(config)
    dealer = q.integer("dealer", 0, config.players - 1)
    calls = q.field("calls")
    if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls):
        raise QueryError(Text("calls must be a list of calls such as [\"15\", \"pass\", \"hold\"]"))
    return rules_api.bids(config, dealer, calls)


def score_result(q: Query, config: FortyFivesConfig) -> ScoreResult:
    trump = q.trump()
    n = config.players
    tricks = q.field("tricks")
    if not isinstance(tricks, list) or len(tricks) != 5:
        raise QueryError(Text("tricks must be a list of the hand's five tricks, each "
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
    bidder = bid = None
    scores_before = None
    if "scores_before" in q.data:      # the game's scores before this hand (optional but in Auction: 0 each)
        scores_before = q.integers("scores_before", config.sides)
    if config.auction:
        bidder = q.integer("bidder", 0, n - 1)
        bid = q.choice("bid", config.bid_values)
        scores_before = q.integers("scores_before", config.sides)
    return rules_api.score(config, TricksPlayed(trump, tuple(played), None if scores_before is None
                                                else tuple(scores_before), bidder, bid))


def score(q: Query, config: FortyFivesConfig) -> dict[str, Any]:
    return score_answer(score_result(q, config))


def score_answer(result: ScoreResult) -> dict[str, Any]:
    """A ``score`` answer: each player's (or side's) points, the tricks each took and each trick's winner, the best
    card; in the Auction the scores after and whether the bid was made; the rule and the working."""
    assert result.tricks_won is not None and result.winners is not None and result.reason is not None
    answer: dict[str, Any] = {"points": list(result.points), "tricks_won": list(result.tricks_won),
                              "winners": list(result.winners), "best_card": result.best_card}
    if result.scores_after is not None:
        answer["scores_after"] = list(result.scores_after)
        answer["made"] = result.made
    return {**answer, "rule": result.rule, "explanation": result.reason}


def discards_result(q: Query, config: FortyFivesConfig) -> Discards:
    """Once trumps are named (Auction Forty-Fives): the cards a player throws away (`a45.discard.others`; the
    bidder, who adds the kitty, keeps at most five trumps, `a45.discard.bidder`) and how many they draw back to
    five (`a45.draw`)."""
    rules.require_discards(config)
    trump = q.trump()
    hand = q.card_list("hand")
    bidder = q.flag("bidder")
    kitty = q.card_list("kitty", q.data.get("kitty", []))
    if kitty and not bidder:
        raise QueryError(Text("only the high bidder takes the kitty: add bidder = true, or leave the kitty out"))
    if len(kitty) > config.kitty:
        raise QueryError(Text("the kitty holds {n} cards with these options, not {k}", n=config.kitty, k=len(kitty)))
    if not 1 <= len(hand) <= HAND_SIZE:
        raise QueryError(Text("hand must hold 1 to {high} cards, not {n}", high=HAND_SIZE, n=len(hand)))
    return rules_api.discards(config, trump, hand, kitty, bidder)


def discards(q: Query, config: FortyFivesConfig) -> dict[str, Any]:
    """The discard, and ``why`` says, card by card, why it goes or stays."""
    result = discards_result(q, config)
    return {"discard": list(result.discard), "keep": list(result.keep), "count": result.count, "draw": result.draw,
            **result.reason.to_dict(), "why": {card: why.to_dict() for card, why in result.why.items()}}


ROB_ASKS = ("may", "who", "cards")


def rob_rights(q: Query, config: FortyFivesConfig) -> RobRights:
    """Robbing the turned card, in a deal given by its ``seed`` or by the turned card (``turn_up``, with ``seat``'s
    ``hand`` and the ``holder`` of the ace of trumps if given); ``ask`` (may, who or cards) is checked: a seat that
    may not rob gives up no card."""
    rules.require_turn_up(config)
    n = config.players
    ask = _rob_ask(q)
    dealer = q.integer("dealer", 0, n - 1) if q.has("dealer") else 0
    seat = q.integer("seat", 0, n - 1) if q.has("seat") else 0
    deal: int | TurnedDeal
    if q.has("seed"):
        given = [name for name in ("turn_up", "hand", "holder") if q.has(name)]
        if given:
            raise QueryError(Text("a rob question gives its deal either by seed or by turn_up (with hand and "
                                  "holder), not both: leave out {fields}", fields=Series(given)))
        seed = q.field("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise QueryError(Text("seed must be a whole number, not {value}", value=quote(seed)))
        deal = seed
    else:
        if not q.has("turn_up"):
            raise QueryError(Text("a rob question needs the deal: a seed, or the turned card turn_up (with the "
                                  "seat's hand and the holder of the ace of trumps if you like)"))
        turn_up = q.card("turn_up")
        cards = q.card_list("hand") if q.has("hand") else []
        holder = q.integer("holder", 0, n - 1) if q.has("holder") else None
        deal = TurnedDeal(turn_up, MappingProxyType({seat: tuple(cards)}), holder)
    rights = rules_api.rob(config, deal, dealer, seat)
    if ask == "cards" and rights.right == "no":
        raise QueryError(Text("{seat} may not rob here, so gives up no card ({why}): ask may or who",
                              seat=Text("seat {n}", n=seat), why=rights.reasons[seat].render()))
    return rights


def _rob_ask(q: Query) -> str:
    ask: str = q.choice("ask", ROB_ASKS) if q.has("ask") else ROB_ASKS[0]
    return ask


def rob(q: Query, config: FortyFivesConfig) -> dict[str, Any]:
    """``rights`` per seat (``must``, ``may`` or ``no``), ``who`` (the seats that may rob), and for ``seat`` its
    right (``may``) and the ``cards`` it may give up (``why`` the others may not; when asking who, ``why`` each seat
    that may not rob may not, by seat); the deal; the rule and sentence of the question ``ask`` picks."""
    rights = rob_rights(q, config)
    seat = rights.seat
    answer: dict[str, Any] = {"rights": list(rights.rights), "who": list(rights.who), "may": rights.right,
                              "cards": list(rights.cards[seat]), "dealer": rights.dealer, "seat": seat,
                              "turn_up": rights.turn_up, "trump": rights.trump,
                              "hands": [list(h) for h in rights.hands], "hand": list(rights.hand),
                              "why": {card: why.to_dict() for card, why in rights.refused[seat].items()}}
    why = rights.reasons[seat]
    if _rob_ask(q) == "who":   # why each seat that may not rob may not, by seat
        why = rights.who_reason
        answer["why"] = {str(s): rights.reasons[s].to_dict() for s, right in enumerate(rights.rights)
                         if right == "no"}
    return {**answer, **why.to_dict()}


def bids(q: Query, config: FortyFivesConfig) -> dict[str, Any]:
    return bids_answer(bids_state(q, config))


_KINDS = {"rank": rank, "trick": trick, "legal": legal, "bids": bids, "score": score, "discards": discards,
          "rob": rob}
# The kinds answered with one of the rules API's typed answers (``atout.referee.typed``).
TYPED = {"bids": bids_state, "score": score_result, "discards": discards_result, "rob": rob_rights}
