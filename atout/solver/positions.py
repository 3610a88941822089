"""Play positions: exactly what the solver needs to know about a hand in its play phase, for each family.

A position is built from an engine hand (``from_hand``: every hand known, the solver's normal input) or
by a computer player from what one seat knows plus a guess at the hidden cards (``atout.players``). The
solver reads positions only, never the engine's hidden state (stock order, kitty, discards), so what a
sampling player feeds it is all it can use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atout.cards import ACE, Card, Suit
from atout.engine import Phase
from atout.errors import AtoutError
from atout.i18n import Text


class SolverError(AtoutError):
    """The solver cannot take this position (wrong phase, a family it does not know)."""


class Interrupted(Exception):  # noqa: N818 - a signal, not an error
    """The search was told to stop (a time budget, a Stop button); the caller keeps what was proven."""


@dataclass
class FortyFivesPosition:
    config: Any                                  # FortyFivesConfig
    trump: Suit
    hands: list[list[Card]]
    to_act: int
    leader: int                                  # of the trick on the table
    trick: list[Card]                            # cards on the table, from the leader
    tricks: list[tuple[int, list[Card], int]]    # finished tricks: (leader, cards, winner)
    pending: tuple[int, Card] | None = None      # 45.rob.dealer-ace (may): the dealer takes this card after trick 1
    rob: tuple[int, Card] | None = None          # 45.rob.ace-holder: who may still rob in trick 1, and the card
    rob_now: bool = False                        # the player to act is deciding that now
    sides: list[int] | None = None               # who plays with whom (default: the config's partnerships, or
                                                 # each player alone); e.g. the bidder against everyone else
    earlier: list[tuple[int, Card]] = field(default_factory=list)   # cards played in tricks not listed, by whom
                                                 # (an ending's best trump so far): for the best card's bonus

    @property
    def family(self) -> str:
        return "forty_fives"


@dataclass
class FiveHundredPosition:
    config: Any                                  # FiveHundredConfig
    trump: Suit | None
    contractor: int
    misere: bool
    hands: list[list[Card]]
    to_act: int
    leader: int
    trick: list[Card]
    trick_seats: list[int]
    lead: Suit | None                            # the suit to follow once led (the named suit for a joker lead)
    tricks: list[tuple[int, list[Card], int]]
    tricks_won: list[int]                        # per seat
    shown_out: list[int] = field(default_factory=lambda: [0, 0, 0, 0])   # bit per suit, per seat
    sitting_out: int | None = None
    level: int | None = None                     # tricks the contract promises (a first guess for the search)

    @property
    def family(self) -> str:
        return "five_hundred"


@dataclass
class SixtySixPosition:
    config: Any                                  # SixtySixConfig
    trump: Suit
    hands: list[list[Card]]
    to_act: int
    lead: Card | None                            # the card led to the trick on the table, if any
    card_points: list[int]
    tricks_won: list[int]
    marriage_points: list[int]
    closer: int | None
    tricks_at_close: tuple[int, int] | None
    carry: int = 0
    married: Suit | None = None                  # a marriage just declared: lead its king or queen (or declare)

    @property
    def family(self) -> str:
        return "sixty_six"


def _not_play(hand: Any) -> SolverError:
    return SolverError(Text("The solver works on the play phase: this hand is in its {phase} phase",
                            phase=hand.phase.value))


def position_of(hand: Any) -> FortyFivesPosition | FiveHundredPosition | SixtySixPosition:
    """The play position of an engine hand (all hands known), or the position itself if given one."""
    if isinstance(hand, FortyFivesPosition | FiveHundredPosition | SixtySixPosition):
        return hand
    if getattr(hand, "phase", None) is not Phase.PLAY or hand.to_act is None:
        raise _not_play(hand)
    module = type(hand).__module__
    if module.startswith("atout.forty_fives"):
        return _forty_fives(hand)
    if module.startswith("atout.five_hundred"):
        return _five_hundred(hand)
    if module.startswith("atout.sixty_six"):
        return _sixty_six(hand)
    raise SolverError(Text("The solver does not know this game: {what}", what=type(hand).__name__))


def _forty_fives(hand: Any) -> FortyFivesPosition:
    trick = hand.trick
    pending = (hand.dealer, hand.turn_up) if hand.dealer_takes_ace_after_trick else None
    rob = None
    rob_now = False
    turned = hand.turn_up
    if (turned is not None and pending is None and not hand.tricks and turned.rank != ACE
            and hand.robbed_by is None and hand.announced_ace_holder is None):
        ace = Card.of(ACE, hand.trump)
        holder = next((s for s in range(hand.n) if ace in hand.hands[s]), None)
        if holder is not None:
            rob = (holder, turned)
            rob_now = hand.rob_offer == holder and hand.to_act == holder
    played = {c for t in hand.tricks for c in t.cards} | set(trick.cards)
    earlier = ([(hand.best_seat, hand.best_card)] if hand.best_card is not None and hand.best_card not in played
               else [])      # an ending's best trump so far, played in a trick nobody remembers
    return FortyFivesPosition(hand.config, hand.trump, [list(h) for h in hand.hands], hand.to_act, trick.leader,
                              list(trick.cards), [(t.leader, list(t.cards), t.winner) for t in hand.tricks],
                              pending, rob, rob_now, earlier=earlier)


def _five_hundred(hand: Any) -> FiveHundredPosition:
    trick = hand.trick
    return FiveHundredPosition(hand.config, hand.trump, hand.contractor, hand.contract.misere,
                               [list(h) for h in hand.hands], hand.to_act, trick.leader, list(trick.cards),
                               list(trick.seats), trick.lead if trick.cards else None,
                               [(t.leader, list(t.cards), t.winner) for t in hand.tricks], list(hand.tricks_won),
                               list(hand.shown_out), hand.sitting_out, hand.contract.tricks)


def _sixty_six(hand: Any) -> SixtySixPosition:
    if not hand.is_strict or hand.draw_pending:
        raise SolverError(Text("The solver takes Sixty-Six once the stock is exhausted or closed: before that, "
                               "the stock's cards are hidden"))
    lead = hand.trick[0] if hand.trick else None
    return SixtySixPosition(hand.config, hand.trump, [list(h) for h in hand.hands], hand.to_act, lead,
                            list(hand.card_points), list(hand.tricks_won), list(hand.marriage_points), hand.closer,
                            hand.tricks_at_close, hand.carry, hand.married if hand.stage >= 3 else None)
