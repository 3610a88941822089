"""Endings: a position met in the middle of a hand, taken up without the deal and the play before it, and its
checks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from atout.cards import Card, Suit
from atout.i18n import Series, Text


class Ending(NamedTuple):
    """A position met in the middle of a hand, taken up without the deal and the play before it: the cards each
    seat still holds, the trick on the table (``leader``, then ``trick`` in play order), the tricks each seat has
    won so far, and what the family needs besides: the ``trump`` (Forty-Fives, Sixty-Six), the ``contract``
    (bidder, call: Five Hundred and Auction Forty-Fives), the ``best`` trump played so far and who played it
    (Forty-Fives, where the best card scores), the card ``points`` won, the ``marriages`` declared and who
    ``closed`` the stock (Sixty-Six: closer, then each seat's tricks when it closed).

    A hand starts from it with the chance action ``Action("ending", None, ending)`` instead of the deal; the
    tricks played before it have a winner and no cards (nobody remembers them), so the solver and the score count
    them, and nothing shows them.
    """

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...] = ()
    won: tuple[int, ...] = ()
    trump: Suit | None = None
    contract: tuple[int, str] | None = None
    best: tuple[int, Card] | None = None
    points: tuple[int, ...] | None = None
    marriages: tuple[int, ...] | None = None
    closed: tuple[int, ...] | None = None       # the closer, then the tricks at the close (or none: just now)


def check_ending(ending: Ending, players: int, deck: Iterable[Card], tricks: int, trick_size: int | None = None,
                 out: int | None = None, every_card_played: bool = True) -> int:
    """The checks every family's ending shares: the seats, each card once and in the deck, the hand sizes the
    trick on the table leaves (a seat that has played to it holds one card fewer), the tricks won so far adding up
    to the tricks played (``every_card_played``: else, as in a closed Sixty-Six, at most that many). ``out`` is a
    seat out of the play (Five Hundred's misère partner). Returns how many tricks each player has left. A wrong
    ending raises ``PositionError`` saying what is wrong."""
    from atout.errors import PositionError

    seats = [s for s in range(players) if s != out]
    size = trick_size or len(seats)
    if len(ending.hands) != players:
        raise PositionError(Text("an ending gives the cards of each of the {n} players, not {k}", n=players,
                                 k=len(ending.hands)))
    if ending.leader not in seats:
        raise PositionError(Text("the trick is led by seat {seat}, who is not in the play: the seats are {seats}",
                                 seat=ending.leader, seats=Series(map(str, seats))))
    given = [c for h in ending.hands for c in h] + list(ending.trick)
    if ending.best is not None:
        given.append(ending.best[1])
    members = set(deck)
    for card in given:
        if card not in members:
            raise PositionError(Text("{card} is not in the deck of this game", card=card))
    twice = sorted({c for c in given if given.count(c) > 1}, key=lambda c: c.code)
    if len(twice) == 1:
        raise PositionError(Text("{card} appears twice in the ending; each card exists once", card=twice[0]))
    if twice:
        raise PositionError(Text("{cards} appear twice in the ending; each card exists once", cards=twice))
    if len(ending.trick) >= size:
        raise PositionError(Text("a trick holds {n} cards: the trick so far has {k}, so it is over", n=size,
                                 k=len(ending.trick)))
    order = [seats[(seats.index(ending.leader) + i) % len(seats)] for i in range(len(seats))]
    played = set(order[:len(ending.trick)])
    left = {s: len(ending.hands[s]) + (s in played) for s in seats}
    if len(set(left.values())) != 1:
        raise PositionError(Text("in an ending every player holds as many cards as the others, one fewer once they "
                                 "have played to the trick on the table: here {sizes}",
                                 sizes=Series(f"{s}: {len(ending.hands[s])}" for s in seats)))
    remaining = next(iter(left.values()))
    if not 1 <= remaining <= tricks:
        raise PositionError(Text("an ending has 1 to {n} tricks left, each player holding that many cards; here "
                                 "{k}", n=tricks, k=remaining))
    done = tricks - remaining
    won = list(ending.won) if ending.won else [0] * players
    shown = " ".join(map(str, won))
    if len(won) != players or any(w < 0 for w in won) or (every_card_played and sum(won) != done):
        raise PositionError(Text("with {k} cards each left, {done} tricks were played: won gives the tricks each of "
                                 "the {n} seats took, adding up to {done}, not {won}", k=remaining, done=done,
                                 n=players, won=shown))
    if sum(won) > done:
        raise PositionError(Text("with {k} cards each left, at most {done} tricks were played: won gives the tricks "
                                 "each seat took, {won} is too many", k=remaining, done=done, won=shown))
    return remaining
