"""Sentences for the Forty-Fives engine's events, each citing the rule that made it happen."""

from __future__ import annotations

from atout.engine import Event, Explanation, seat_name
from atout.forty_fives import ranking
from atout.forty_fives.config import bid_level
from atout.i18n import Text


def explain_event(event: Event) -> Explanation:
    kind, seat, data = event.kind, event.seat, event.data
    who = seat_name(seat) if seat is not None else None
    if kind == "deal":
        return Explanation("45.deal.packets", Text(
            "{seat} deals: a packet of 3 to each player from the dealer's left, then a packet of 2", seat=who))
    if kind == "ending":
        return Explanation("45.play.own-cards", Text(
            "The hand is taken up at an ending: {suit} are trumps, each player holds the cards given, {seat} to play",
            suit=event.action.value.trump, seat=who))
    if kind == "turn-up":
        return Explanation("45.deal.turn-up", Text("{card} is turned up: {suit} are trumps",
                                                   card=data, suit=data.suit))
    if kind == "rob":
        if data.rank == 14:   # the dealer robs a turned ace; a holder of the ace robs any other card
            return Explanation("45.rob.dealer-ace", Text(
                "The turned card is an ace: {seat}, the dealer, robs it, discarding a card face down to take {card}",
                seat=who, card=data))
        return Explanation("45.rob.ace-holder", Text(
            "{seat} holds the ace of trumps and robs: a card of their hand for the turned card {card}",
            seat=who, card=data))
    if kind == "keep":
        if data is None:
            return Explanation("45.rob.dealer-ace", Text("{seat}, the dealer, keeps their hand and leaves the "
                                                         "turned ace", seat=who))
        return Explanation("45.rob.ace-holder", Text(
            "{seat} keeps their hand and is announced as holding {card}", seat=who, card=data))
    if kind == "take-ace":
        return Explanation("45.rob.dealer-ace", Text("{seat}, the dealer, takes the robbed {card} into hand after "
                                                     "the first trick", seat=who, card=data))
    if kind == "play":
        trump, position = data
        card = event.action.card
        if position == 1:
            if ranking.TABLES[trump].is_trump[card.index]:
                return Explanation("45.trick.led-suit", Text("{seat} leads {card}: a trump lead", seat=who, card=card))
            return Explanation("45.trick.led-suit", Text("{seat} leads {card}: {suit} are led", seat=who,
                                                         card=card, suit=card.suit))
        return Explanation("45.trick.winner", Text("{seat} plays {card}", seat=who, card=card))
    if kind == "trick":
        trick, trump = data
        why = ranking.explain_trick(trick.cards, trump)
        return Explanation(why.rule, Text("{seat} wins the trick: {why}", seat=who, why=why.text))
    if kind == "score":
        return _explain_score(data)
    if kind == "bid":
        call = event.action.value
        if call == "pass":
            return Explanation("a45.bid.order", Text("{seat} passes and may not bid again this hand", seat=who))
        if call == "hold":
            return Explanation("a45.bid.hold", Text("{seat}, the dealer, holds: takes the standing bid at the "
                                                    "same level", seat=who))
        return Explanation("a45.bid.values", Text("{seat} bids {call}", seat=who, call=_call_text(call)))
    if kind == "contract":
        return Explanation("a45.bid.order", Text("{seat} wins the auction with {call}", seat=who,
                                                 call=_call_text(data)))
    if kind == "thrown-in":
        return Explanation("a45.bid.all-pass", Text("Everyone passed: the hand is thrown in"))
    if kind == "kitty-in-place":
        return Explanation("a45.trump.name", Text("{seat} takes the kitty in place of their hand", seat=who))
    if kind == "trump":
        return Explanation("a45.trump.name", Text("{seat} names {suit} as trumps", seat=who, suit=data))
    if kind == "discards":
        return Explanation("a45.discard.others", Text(
            "Every player discards every card that is not a trump; the bidder keeps at most five trumps"))
    if kind in ("discard", "discard-done"):
        return Explanation("a45.discard.others", Text("{seat} discards", seat=who))
    if kind == "draw":
        return Explanation("a45.draw", Text("The dealer deals from the stock to bring every hand back to five"))
    raise ValueError(f"no explanation for event kind {kind!r}")


def _call_text(call: str) -> Text:
    if call == "30-for-60":
        return Text("30 for 60")
    if call == "60-for-120":
        return Text("60 for 120")
    return Text("{n}", n=bid_level(call))


def _explain_score(result) -> Explanation:
    if result.bidder is not None:
        if result.made:
            return Explanation("a45.score.bidder", Text("{seat} made the bid of {bid}: scores {after}",
                                                        seat=seat_name(result.bidder), bid=_call_text(result.bid),
                                                        after=_scores(result.scores_after)))
        return Explanation("a45.score.bidder", Text("{seat} fell short of the bid of {bid}, which is subtracted: "
                                                    "scores {after}", seat=seat_name(result.bidder),
                                                    bid=_call_text(result.bid), after=_scores(result.scores_after)))
    if result.partners:
        return Explanation("45.score.partners", Text("Each side's tricks are scored: scores {after}",
                                                     after=_scores(result.scores_after)))
    if result.best_seat is None:
        return Explanation("45.score.tricks", Text("No trump was played: 5 points a trick; scores {after}",
                                                   after=_scores(result.scores_after)))
    return Explanation("45.score.best-card", Text(
        "5 points a trick, and {card}, the best card, makes its trick worth 10: scores {after}",
        card=result.best_card, after=_scores(result.scores_after)))


def _scores(scores: list[int]) -> str:
    return " – ".join(f"−{-s}" if s < 0 else str(s) for s in scores)   # "30 – −15", not "30 – -15"
