"""Exact search of a whole Sixty-Six hand with every card known, the stock's order included, in game points.

With both hands and the stock's order known, the play while the stock is open is a game of perfect information:
leads and replies (no need to follow), the 9 of trumps exchanged, marriages, closing (before or after the draw),
declaring 66, then the strict play once the stock is exhausted or closed. This search plays all of it in one
alpha-beta over game points (`66.game-points`, `66.declare.wrong`, `66.close.failed`, `66.no-declaration`,
scored by ``atout.sixty_six.scoring``), with one transposition table for both phases.

What keeps it fast:

* **Values are small integers** (-3..3 game points for player 0, before any carried points), so a value is found
  by a few null-window probes ("is it at least g?"), each pruning far more than a full-window search.
* **The transposition table** is keyed on the state at each lead: both hands, who leads, the card points, who has
  won a trick, the marriages' points, the stock's place (how many cards were drawn) and the card under it (the
  turned trump, or the 9 exchanged for it), who closed and who had won a trick then. Hands reached by different
  orders of the same tricks meet there. Key and entry are each packed in one int (half the memory of tuples), and
  the compiled build searches the strict play's positions with fewer than five cards a hand again rather than keep
  them (faster, and a fifth of the memory: 24 MB rather than 115 MB for the largest first-lead table of ``atout
  bench whole-hand``; plain Python keeps them, a node costing it about as much as a lookup).
* **Exact shortcuts**: a player on lead who counts 66 (or reaches it with a marriage) and has won a trick gets, by
  declaring at once, the most they can get at all (their opponent's points and tricks only grow), so the
  position's value is that declaration's; a closer who can no longer reach 66 loses the close whatever is played.
* **Bounds from the points left**: a player who cannot reach 66 with every point still out (cards, the last
  trick's 10, the marriages still possible) can win at most 1 game point; a null-window probe outside the bounds
  returns at once.
* **Move order**: the table's best move first; leads of small cards before big ones; replies that win a trick with
  points cheaply, then the cheapest discards.

The search itself is ``atout.sixty_six.open_alphabeta``, one source compiled with Cython where a C compiler is found
(``atout.solver.builds`` picks the build; ``new_search`` gives it). The values are the engine's:
`tests/core/test_solver_sixty_six_open.py` plays every line of small cases through ``SixtySixHand`` and compares, and
compares the two builds node for node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from atout.cards import Suit
from atout.engine import Action
from atout.sixty_six.card_bits import CARD_OF, bit_of, bits_low_first, mask, mask_points
from atout.solver.positions import Interrupted

__all__ = ["CARD_OF", "FirstLeadTable", "OpenState", "bit_of", "bits_low_first", "first_lead_table", "for_seat",
           "first_lead_steps", "from_hand", "mask", "mask_points", "new_search"]

DECK_SIZE = 24
SEARCH = "atout.sixty_six.open_alphabeta"      # the compiled search's module (``atout.solver.builds`` picks its build)


@dataclass
class OpenState:
    """A Sixty-Six position with every card known (what ``from_hand`` reads from an engine hand)."""

    config: Any
    trump: Suit
    hands: tuple[int, int]                 # bit masks
    stock: tuple[int, ...]                 # the face-down cards' bits, deck order (index 13..23 of the deck)
    next_card: int                         # the deck index of the stock's top face-down card (24: none left)
    turn_up: int                           # the card under the stock (-1: taken)
    to_act: int
    lead: int                              # the card led to the trick on the table (-1: none)
    draw_pending: bool
    card_points: tuple[int, int]
    tricks_won: tuple[int, int]
    marriage_points: tuple[int, int]
    closer: int                            # -1: not closed
    tricks_at_close: tuple[int, int]
    stage: int                             # on lead: 1 exchanged, 2 closed on this lead
    married: int                           # the suit of a marriage just shown (-1: none)
    carry: int = 0

    @property
    def is_open(self) -> bool:
        return self.closer < 0 and self.next_card < DECK_SIZE


def from_hand(hand: Any) -> OpenState:
    """The state of an engine hand in its play (open or strict), every card and the stock's order known."""
    trump = hand.trump
    stock = tuple(bit_of(c) for c in hand.deck_order[13:])
    lead = bit_of(hand.trick[0]) if hand.trick else -1
    married = int(hand.married) if hand.married is not None and hand.stage >= 3 else -1
    return OpenState(
        hand.config, trump, (mask(hand.hands[0]), mask(hand.hands[1])), stock, hand.next_card,
        bit_of(hand.turn_up) if hand.turn_up is not None else -1, hand.to_act, lead, hand.draw_pending,
        (hand.card_points[0], hand.card_points[1]), (hand.tricks_won[0], hand.tricks_won[1]),
        (hand.marriage_points[0], hand.marriage_points[1]), -1 if hand.closer is None else hand.closer,
        hand.tricks_at_close or (0, 0), hand.stage if hand.stage in (1, 2) else 0, married, hand.carry)


def new_search(state: OpenState, stop: Callable[[], bool] | None = None) -> Any:
    """The search of ``state`` (``open_alphabeta.OpenSearch``) in the build that runs (``atout.solver.builds``:
    compiled where it can be). Its ``value()`` is player 0's game points (negative: player 1's) with both perfect,
    before carried points; ``root_moves()`` the choices of the player to act, ``value_after(move)`` each one's
    value, ``action(move)`` the engine's action; ``nodes`` counts the positions searched. ``stop`` returning True
    ends a search with ``Interrupted``."""
    from atout.solver import builds

    return builds.module(SEARCH).OpenSearch(state, stop)


# --- the table of a dealt hand ---------------------------------------------------------------------


@dataclass
class FirstLeadTable:
    """What each choice of the hand's first leader (the non-dealer, `66.open.lead`) is worth at the first lead,
    every card and the stock's order known and both players perfect: the game points the leader wins (negative:
    the dealer wins them), carried points included. Choices: closing the stock, a marriage, each card.
    ``bounds`` holds what is proven of each choice (at least, at most; equal once exact), all exact once
    ``complete``; ``values`` the choices worked out exactly; ``value`` is the hand's value, the best of them."""

    leader: int
    bounds: dict[Action, tuple[int, int]]
    complete: bool
    nodes: int
    limits: tuple[int, int] = (-3, 3)      # what the rules allow a choice (its bounds before any is proven)
    unit = "game points"

    @property
    def values(self) -> dict[Action, int]:
        return {a: lo for a, (lo, hi) in self.bounds.items() if lo == hi}

    @property
    def size(self) -> int:
        return len(self.bounds)

    @property
    def value(self) -> int | None:
        return max(self.values.values()) if self.complete else None

    @property
    def best(self) -> list[Action]:
        top = self.value
        return [a for a, v in self.values.items() if v == top]


def for_seat(value: int, seat: int, carry: int) -> int:
    """Player 0's game points (before carried points) as ``seat``'s, with the points carried in added to the
    winner's (`66.no-declaration`, option tie_carries)."""
    v = value if seat == 0 else -value
    if v > 0:
        return v + carry
    if v < 0:
        return v - carry
    return 0


def bounds_for_seat(lo: int, hi: int, seat: int, carry: int) -> tuple[int, int]:
    """Player 0's proven bounds as ``seat``'s (``for_seat`` keeps their order for player 0, turns it for player 1)."""
    a, b = for_seat(lo, seat, carry), for_seat(hi, seat, carry)
    return (a, b) if a <= b else (b, a)


def first_lead_steps(hand: Any, stop: Callable[[], bool] | None = None) -> Iterator[FirstLeadTable]:
    """The table of a dealt hand (its first lead, whatever has been played since) after each null-window probe:
    each choice is worked out exactly in turn (its bounds close in probe by probe, as ``value_after`` does), the
    others keep what the rules allow (-3..3 game points before carried points). ``stop`` ends it early: the last
    table then holds what was proven."""
    first = hand.copy()
    while len(first.history) > 1:
        first.undo()
    search = new_search(from_hand(first), stop)
    leader, carry = first.to_act, first.carry
    moves = search.root_moves()
    proven = {m: (-3, 3) for m in moves}      # player 0's game points, before carried points

    def table(complete: bool) -> FirstLeadTable:
        return FirstLeadTable(leader, {search.action(m): bounds_for_seat(lo, hi, leader, carry)
                                       for m, (lo, hi) in proven.items()}, complete, search.nodes,
                              bounds_for_seat(-3, 3, leader, carry))

    yield table(False)
    try:
        for m in moves:
            lo, hi = proven[m]
            while lo < hi:
                g = (lo + hi + 1) // 2
                v = search.probe(m, g)       # fail-soft: v >= g proves the value >= v, v < g proves it <= v
                if v >= g:
                    lo = v
                else:
                    hi = v
                proven[m] = (lo, hi)
                yield table(False)
    except Interrupted:
        yield table(False)
        return
    yield table(True)


def first_lead_table(hand: Any, stop: Callable[[], bool] | None = None) -> FirstLeadTable:
    """The table of a dealt hand (its first lead, whatever has been played since); ``stop`` ends it early, with the
    choices worked out so far exact and the others' bounds."""
    *_, table = first_lead_steps(hand, stop)
    return table
