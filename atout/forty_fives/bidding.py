"""The Auction Forty-Fives auction (`a45.bid.*`): values, order, the dealer's hold, all pass.

>>> a = Auction(players=4, dealer=3, values=("5", "10", "15", "20", "25", "30", "30-for-60", "60-for-120"))
>>> for call in ["15", "pass", "pass"]:
...     a.call(call)
>>> a.to_act, a.legal()
(3, ['pass', 'hold'])
"""

from __future__ import annotations

from typing import Any

from atout.engine import Explanation, over_standing, seat_name
from atout.errors import IllegalActionError, typed
from atout.forty_fives.config import BID_VALUES, bid_level
from atout.i18n import Continued, OneOf, Text, Typed
from atout.vocabulary import call_label, call_said


class Auction:
    """The state of one auction; ``call`` checks and records one call."""

    __slots__ = ("players", "dealer", "values", "dealer_forced", "high", "high_bidder", "passed", "to_act",
                 "calls", "over")

    def __init__(self, players: int, dealer: int, values: tuple[str, ...], dealer_forced: bool = False) -> None:
        self.players = players
        self.dealer = dealer
        self.values = values
        self.dealer_forced = dealer_forced
        self.high: int = -1               # index into values of the standing bid
        self.high_bidder: int | None = None
        self.passed = [False] * players
        self.to_act = (dealer + 1) % players
        self.calls: list[tuple[int, str]] = []
        self.over = False

    @property
    def bid(self) -> str | None:
        return self.values[self.high] if self.high >= 0 else None

    def legal(self) -> list[str]:
        """The calls the player to act may make, pass first then lowest first."""
        if self.over:
            return []
        if self.to_act == self.dealer:
            if self.high_bidder is None:
                return [self.values[0]] if self.dealer_forced else ["pass"]
            return ["pass", "hold"]
        return ["pass"] + list(self.values[self.high + 1:])

    def explain_illegal(self, call: str) -> Explanation:
        seat = self.to_act
        standing = self.bid             # None until someone bids (the bid and its bidder are set together)
        if self.over:
            return Explanation("a45.bid.order", Text("The auction is over"))
        if seat == self.dealer:
            if call == "pass" and self.dealer_forced and self.high_bidder is None:
                return Explanation("a45.bid.all-pass", Text(
                    "Nobody bid, so the dealer must take the hand at {bid}", bid=call_text(self.values[0])))
            if standing is None:
                return Explanation("a45.bid.hold", Text(
                    "The dealer never opens the bidding: with no bid standing, the dealer may only pass"))
            return Explanation("a45.bid.hold", Text(
                "The dealer does not bid a number: with {bid} standing, the dealer may only hold (take the bid "
                "at {bid}) or pass", bid=call_text(standing)))
        if call == "hold":
            return Explanation("a45.bid.hold", Text("Only the dealer may hold"))
        # a number is "not higher" only when it is not above the standing bid; else it is no bid at all
        if standing is not None and (call in self.values
                                     or call.isdecimal() and int(call) <= bid_level(standing)):
            higher = self.values[self.high + 1:]
            if not higher:
                return Explanation("a45.bid.values", Text(
                    "{call} is not higher than the standing bid of {bid}, and no bid is higher: you may only pass",
                    call=call_text(call), bid=call_text(standing)))
            return Explanation("a45.bid.values", Text(
                "{call} is not higher than the standing bid of {bid}: bid {allowed}, or pass",
                call=call_text(call), bid=call_text(standing),
                allowed=OneOf(call_text(v) for v in higher)))
        why = Text("{call} is not a bid: the calls are pass, hold (the dealer only) and the bids {values}",
                   call=Typed(call_said(str(typed(call).text))), values=[call_text(v) for v in self.values])
        if standing is None:
            return Explanation("a45.bid.values", why)
        higher = self.values[self.high + 1:]
        return Explanation("a45.bid.order",
                           over_standing(why, call_text(standing), OneOf(call_text(v) for v in higher)))

    def call(self, call: str) -> None:
        """Record the next call; an illegal one raises and changes nothing."""
        legal = self.legal()
        if call not in legal:
            why = self.explain_illegal(call)
            raise IllegalActionError(Text("{seat} may not call {call}: {why}", seat=seat_name(self.to_act),
                                          call=call_in_words(call), why=Continued(why.text)), rule=why.rule,
                                     explanation=why)
        seat = self.to_act
        self.calls.append((seat, call))
        if call == "pass":
            self.passed[seat] = True
        elif call == "hold":
            self.high_bidder = seat
        else:
            self.high = self.values.index(call)
            self.high_bidder = seat
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        active = [s for s in range(self.players) if not self.passed[s]]
        if not active or (self.high_bidder is not None and active == [self.high_bidder]):
            self.over = True
            return
        nxt = (seat + 1) % self.players
        while self.passed[nxt]:
            nxt = (nxt + 1) % self.players
        self.to_act = nxt

    @property
    def winner(self) -> int | None:
        return self.high_bidder if self.over else None


def call_in_words(call: str) -> Any:
    """A call as a sentence says it: a bid in words ("30 for 60", "6 spades" typed in the wrong game), a word
    call quoted as its button writes it (“Pass”, “Hold”: « Je tiens »)."""
    if call in ("pass", "hold"):
        return Typed(call_label(call))
    if call in BID_VALUES:
        return call_text(call)
    return call_said(call)


def call_text(call: str) -> Text:
    """A call in words: "30 for 60", "15"."""
    if call == "30-for-60":
        return Text("30 for 60")
    if call == "60-for-120":
        return Text("60 for 120")
    return Text("{n}", n=call)
