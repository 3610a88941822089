"""The Five Hundred auction (`500.bid.*`): bids 6♠ … 10NT, pass is final, all pass throws the hand in.

>>> from atout.five_hundred.config import make_config
>>> a = Auction(make_config("five-hundred"), dealer=0)
>>> for call in ["6S", "7C"]:
...     a.call(call)
>>> a.to_act, a.legal()[:4]
(3, ['pass', '7D', '7H', '7NT'])
"""

from __future__ import annotations

import re

from atout.engine import Explanation, over_standing, seat_name
from atout.errors import IllegalActionError, NotationError, quote, typed
from atout.five_hundred.config import PASS, PLAYERS, Contract, FiveHundredConfig, Strain
from atout.i18n import Continued, OneOf, Text, Typed
from atout.vocabulary import call_said

_BID = re.compile(r"^(10|[6-9])\s*(NT|N|[SCDH♠♣♦♥♤♧♢♡])$")
_MISERE = {"misere": "misere", "misère": "misere", "open-misere": "open-misere", "open-misère": "open-misere",
           "open misere": "open-misere", "open misère": "open-misere"}


def parse_call(text: str) -> str:
    """The canonical text of a call: ``pass``, ``7H``, ``10NT``, ``misere``, ``open-misere``; any case in.

    >>> parse_call(" 7nt"), parse_call("6♠"), parse_call("Misère")
    ('7NT', '6S', 'misere')
    """
    if not isinstance(text, str):
        raise NotationError(Text("{text} is not a call: the calls are pass, 6S … 10NT, misere and open-misere",
                                 text=quote(text)))
    low = text.strip().lower()
    if low == PASS:
        return PASS
    if low in _MISERE:
        return _MISERE[low]
    m = _BID.match(low.upper())
    if m:
        strain = m.group(2)
        return m.group(1) + ("NT" if strain in ("N", "NT") else Strain.parse(strain).letter)
    raise NotationError(Text("{text} is not a call: the calls are pass, a number of tricks (6 to 10) then a strain "
                             "(S C D H or NT) as in 7H or 10NT, and with option misere, misere and open-misere",
                             text=quote(text)))


class Auction:
    """The state of one auction; ``call`` checks and records one call."""

    __slots__ = ("config", "ladder", "dealer", "high", "high_bidder", "top_level", "passed", "to_act", "calls",
                 "over")

    def __init__(self, config: FiveHundredConfig, dealer: int) -> None:
        self.config = config
        self.ladder = config.ladder
        self.dealer = dealer
        self.high: int = -1                 # index in the ladder of the standing bid
        self.high_bidder: int | None = None
        self.top_level = 0                  # the most tricks any bid has named (misère waits for 7)
        self.passed = [False] * PLAYERS
        self.to_act: int | None = (dealer + 1) % PLAYERS   # 500.bid.pass: bidding starts left of the dealer
        self.calls: list[tuple[int, str]] = []
        self.over = False

    @property
    def contract(self) -> Contract | None:
        """The standing (at the end, the winning) bid."""
        return self.ladder[self.high] if self.high >= 0 else None

    @property
    def bid(self) -> str | None:
        return self.ladder[self.high].call if self.high >= 0 else None

    @property
    def winner(self) -> int | None:
        """The contractor once the auction is over; None while it goes on or when all passed."""
        return self.high_bidder if self.over else None

    def legal(self) -> list[str]:
        """The calls the player to act may make: pass first, then lowest first."""
        if self.over:
            return []
        return list(self.config.call_table[self.high + 1][self.top_level])

    def legal_tuple(self) -> tuple[str, ...]:
        return () if self.over else self.config.call_table[self.high + 1][self.top_level]

    def explain_illegal(self, call: str) -> Explanation:
        if self.over:
            return Explanation("500.bid.pass", Text("The auction is over"))
        contract = self.config.calls.get(call)
        if contract is None:
            if call in ("misere", "open-misere"):
                return Explanation("500.bid.misere", Text(
                    "Misère is not played at this table: it is a house rule, and it is off here"))
            if self.config.misere:
                why = Text("{call} is not a call in Five Hundred: the calls are pass, misère, open misère and bids "
                           "of 6 to 10 tricks in spades, clubs, diamonds, hearts or no trumps",
                           call=Typed(call_said(str(typed(call).text))))
            else:
                why = Text("{call} is not a call in Five Hundred: the calls are pass and bids of 6 to 10 tricks in "
                           "spades, clubs, diamonds, hearts or no trumps", call=Typed(call_said(str(typed(call).text))))
            if self.contract is None:
                return Explanation("500.bid.shape", why)
            return Explanation("500.bid.higher", over_standing(why, self.contract,
                                                               self._higher_in_words(self.contract)))
        standing = self.contract
        if standing is not None and contract.rank <= standing.rank:
            if len(self.legal()) == 1:                 # pass alone
                return Explanation("500.bid.higher", Text(
                    "{call} is not higher than the standing bid of {bid}, and no bid is higher: you may only pass",
                    call=contract, bid=standing))
            return Explanation("500.bid.higher", Text(
                "{call} is not higher than the standing bid of {bid}: bid {allowed}, or pass", call=contract,
                bid=standing, allowed=self._higher_in_words(standing)))
        return Explanation("500.bid.misere", Text(
            "Misère may be called only once a bid of {n} tricks or more has been made", n=contract.needs_level))

    def _higher_in_words(self, standing: Contract) -> OneOf:
        """The bids above ``standing``, in words: as many tricks in each higher strain, "7 tricks or more", then
        misère and open misère where they are allowed."""
        higher = [self.config.calls[c] for c in self.legal()[1:]]
        if standing.misere or not higher:
            return OneOf([Text("{call} or any higher bid", call=higher[0])] if higher else [])
        same = [c for c in higher if not c.misere and c.tricks == standing.tricks]
        more = [Text("{n} tricks or more", n=standing.tricks + 1)] if standing.tricks < 10 else []
        misere = [c for c in higher if c.misere]          # 500.bid.misere: legal here, so named with the rest
        return OneOf([*same, *more, *misere])

    def call(self, call: str) -> None:
        """Record the next call; an illegal one raises and changes nothing."""
        if call not in self.legal_tuple():
            why = self.explain_illegal(call)
            seat = self.to_act
            if seat is None:
                raise IllegalActionError(why.text, rule=why.rule, explanation=why)
            raise IllegalActionError(Text("{seat} may not call {call}: {why}", seat=seat_name(seat),
                                          call=self.config.calls.get(call) or call_said(call),
                                          why=Continued(why.text)), rule=why.rule, explanation=why)
        seat = self.to_act
        assert seat is not None, "a legal call has a player to make it"
        self.calls.append((seat, call))
        if call == PASS:
            self.passed[seat] = True
        else:
            contract = self.config.calls[call]
            self.high = contract.rank
            self.high_bidder = seat
            if contract.tricks > self.top_level:
                self.top_level = contract.tricks
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        if self.config.single_round:
            # 500.bid.pass, option single_round: each player calls once, the dealer last.
            if len(self.calls) == PLAYERS:
                self.over = True
                self.to_act = None
            else:
                self.to_act = (seat + 1) % PLAYERS
            return
        passed = self.passed
        active = PLAYERS - sum(passed)
        if active == 0 or (active == 1 and self.high_bidder is not None and not passed[self.high_bidder]):
            self.over = True
            self.to_act = None
            return
        nxt = (seat + 1) % PLAYERS
        while passed[nxt]:
            nxt = (nxt + 1) % PLAYERS
        self.to_act = nxt
