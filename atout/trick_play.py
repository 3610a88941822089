"""Trick bookkeeping that the trick-taking families compose: the trick on the table, the order of play around a
partner sitting out, and the tricks of a hand taken up part-way (an ``Ending``).

A family's hand keeps its trick in a ``Trick`` (or a subclass adding what only it needs, as the suit a led joker
names), steps from seat to seat with ``play_order`` and, taking up an ending, counts the tricks won before it with
``tricks_won_before`` and plays the trick so far out by its own rules with ``play_out_trick``; who played each
card of a trick seen as its leader and cards (a seat's view) is ``trick_seats``; what a table view shows of
the tricks, ``table_fields``; the sides of four players in two partnerships, ``FourInTwoPartnerships``.

>>> play_order(4), play_order(4, out=2)
([1, 2, 3, 0], [1, 3, 3, 0])
>>> [(t.leader, t.winner) for t in tricks_won_before(Trick, (0, 2, 0, 1))]
[(1, 1), (1, 1), (3, 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from atout.actions import PLAY_ACTIONS, Action
from atout.cards import Card, Suit
from atout.engine import check_seat
from atout.errors import PositionError
from atout.events import Event, Explanation
from atout.i18n import Text


class Trick:
    """One trick: who led, the cards and seats in play order, the suit to follow once led, who won."""

    __slots__ = ("leader", "cards", "seats", "lead", "winner")

    def __init__(self, leader: int) -> None:
        self.leader = leader
        self.cards: list[Card] = []
        self.seats: list[int] = []
        self.lead: Suit | None = None          # the suit to follow, once led
        self.winner: int | None = None

    def __repr__(self) -> str:
        return f"Trick(leader={self.leader}, cards={[c.code for c in self.cards]}, winner={self.winner})"


class FourInTwoPartnerships:
    """What a hand of four players in two partnerships (seats 0 and 2 against 1 and 3) says of its sides, for a
    hand class to compose with ``HandBase``: the side of a seat, the tricks each side has won, each seat's return,
    its side's points once the hand is scored (``result.points``, by side), and a partner sitting the hand out
    (``_sit_out``: the play goes round the other three, ``_next`` and ``_trick_size``)."""

    hands: list[list[Card]]
    tricks_won: list[int]               # per seat
    result: Any
    sitting_out: int | None
    _next: list[int]                    # the next seat to play after each seat
    _trick_size: int

    def _sit_out(self, out: int | None) -> None:
        """``out`` (None: nobody) takes no part in the play: the tricks have a card fewer."""
        self.sitting_out = out
        if out is not None:
            self._next = play_order(4, out)
            self._trick_size = 3

    def side_of(self, seat: int) -> int:
        return check_seat(len(self.hands), seat) % 2

    def side_tricks(self) -> list[int]:
        won = self.tricks_won
        return [won[0] + won[2], won[1] + won[3]]

    def returns(self) -> list[int]:
        """What each player scored this hand, once it is over (0 before), seat by seat as OpenSpiel's ``returns``:
        both partners get their side's points."""
        if self.result is None:
            return [0] * 4
        points = self.result.points
        return [points[seat % 2] for seat in range(4)]


def following_plays(hand: Sequence[Card], lead: Suit | None, suit_of: Sequence[Suit | None]) -> list[Action]:
    """The plays of ``hand`` to a trick led in ``lead`` where a player must follow suit and may otherwise play
    anything: the cards that follow as ``lead`` (``suit_of``, by ``Card.index``: a family's ranking tables) if
    any, else every card, in hand order."""
    follow = [PLAY_ACTIONS[c.index] for c in hand if suit_of[c.index] is lead]
    return follow if follow else [PLAY_ACTIONS[c.index] for c in hand]


def table_fields(trick: Trick | None, tricks: Sequence[Trick]) -> dict[str, Any]:
    """A table view's trick on the table (``trick``: ``(seat, card)`` in play order, and its ``leader``) and the
    last trick won (``last_trick``, ``last_trick_winner``), from a hand's trick (None between tricks) and its
    tricks played."""
    last = tricks[-1] if tricks else None
    return {"trick": list(zip(trick.seats, trick.cards, strict=True)) if trick else [],
            "leader": trick.leader if trick else None,
            "last_trick": list(zip(last.seats, last.cards, strict=True)) if last else None,
            "last_trick_winner": last.winner if last else None}


def play_order(players: int, out: int | None = None) -> list[int]:
    """The seat that plays after each seat, clockwise, skipping ``out`` (a partner sitting the hand out)."""
    return [(s + 2) % players if (s + 1) % players == out else (s + 1) % players for s in range(players)]


def trick_seats(leader: int, count: int, players: int, out: int | None = None) -> list[int]:
    """The seats that played a trick of ``count`` cards led by ``leader``, in play order, skipping ``out``.

    >>> trick_seats(3, 3, 4, out=1)
    [3, 0, 2]
    """
    seats: list[int] = []
    s = leader
    while len(seats) < count:
        if s != out:
            seats.append(s)
        s = (s + 1) % players
    return seats


class _WonTrick(Protocol):
    winner: int | None


WonTrick = TypeVar("WonTrick", bound=_WonTrick)


def tricks_won_before(trick_class: Callable[[int], WonTrick], won: Sequence[int]) -> list[WonTrick]:
    """The tricks an ending says each seat won before it, seat by seat: nobody remembers their cards, so each is a
    trick led and won by its winner, with no cards (the score and the solver count them; nothing shows them)."""
    tricks = []
    for seat, count in enumerate(won):
        for _ in range(count):
            trick = trick_class(seat)
            trick.winner = seat
            tricks.append(trick)
    return tricks


class _PlaysCards(Protocol):
    """What ``play_out_trick`` asks of a hand: the cards held, the seat to act, and its own rules of play."""

    hands: list[list[Card]]
    to_act: int | None
    _legal: tuple[Action, ...] | None

    def _compute_legal(self) -> list[Action]: ...
    def _explain_illegal(self, action: Action) -> Explanation: ...
    def _play(self, action: Action) -> Event: ...


def play_out_trick(hand: _PlaysCards, cards: Sequence[Card]) -> None:
    """Play an ending's trick so far, from the seat to act on: each card is given to the seat that played it, then
    played by the hand's own rules; a card that could not have been played is refused (``PositionError`` saying
    why)."""
    for card in cards:
        seat = hand.to_act
        assert seat is not None, "the trick so far is played from the seat to act"
        hand.hands[seat].append(card)
        hand._legal = None
        action = PLAY_ACTIONS[card.index]
        if action not in hand._compute_legal():
            why = hand._explain_illegal(action)
            raise PositionError(Text("the trick so far cannot have been played: {why}", why=why.text))
        hand._play(action)
    hand._legal = None
