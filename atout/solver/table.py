"""The double-dummy table of a dealt hand, as bridge analysis tools give it: with every hand known and every player
perfect, what each player or side makes in each trump suit (and in no trumps, in Five Hundred).

* **Five Hundred** — for each strain and each possible contractor, the tricks the contractor's side takes with the
  ten cards each player was dealt (the kitty left out, as if the contractor had discarded it again), the contractor
  leading; ten tricks in all. A row is one strain, a column one contractor.
* **Forty-Fives** — for each trump suit, with the five cards as dealt (before robbing) and the player on the
  dealer's left leading: each side's trick points with partners; played individually, each player's points when
  every other player plays against them (what that player can make for sure).
* **Auction Forty-Fives** — for each trump suit and each bidder (``by == "bidder"``): the bidder wins the auction and
  names the suit, the rules move the cards as the deck lies (the kitty, the discards, the draw), the bidder's left
  leads; the bidder's points (their side's, with partners), every other player against them. With free discards
  the cards kept are the players' choice: the table is then the turned-up games' one, of the cards as dealt.

Sixty-Six has no table of this kind (one trump suit, turned up; no contracts): its table is what each choice of the
first leader at the first lead is worth, every card and the stock's order known
(``atout.sixty_six.open_search.first_lead_table``; ``first_lead_steps`` here, for ``atout analyse --table`` and the
What-if page).

>>> from atout.games import package_of
>>> hand = package_of("forty-fives-partners").new_hand("forty-fives-partners", seed=2)
>>> table = double_dummy(hand)
>>> [s.letter for s in table.strains], table.columns, table.unit
(['S', 'H', 'D', 'C'], [0, 1], 'points')
>>> all(table.value(s, 0).lo + table.value(s, 1).lo == 25 for s in table.strains)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from atout.cards import Card, Suit
from atout.i18n import Text
from atout.solver import SolverError, Value
from atout.solver.positions import adapter_of


@dataclass(frozen=True)
class CellScore:
    """A cell in the hand's score: the side's score less the other side's (a player's own, played without partners
    by three or more), between ``lo`` and ``hi`` as the cell's value is proven; where the game has contracts, with
    the highest contract the cell's tricks make (``call``; all None when none makes)."""

    call: str | None
    lo: int | None
    hi: int | None


@dataclass(frozen=True)
class Par:
    """The contract both sides reach bidding with every hand known: its ``call`` and ``contractor`` (None: the hand
    is thrown in), and what the contractor's side then scores less the other side's (``score``)."""

    call: str | None
    contractor: int | None
    score: int
    trump: Suit | None = None              # the trump suit the contractor names after the auction (Forty-Fives)


@dataclass
class DoubleDummyTable:
    """``cells[(strain, column)]``: the proven value (``strain`` None: no trumps). ``columns`` are seats: each
    contractor (``by == "contractor"``), each player, or each side's first seat (``by == "side"``)."""

    game: str
    strains: list[Suit | None]
    columns: list[int]
    by: str                                # "contractor", "bidder", "player" or "side"
    unit: str
    cells: dict[tuple[Suit | None, int], Value] = field(default_factory=dict)
    scores: dict[tuple[Suit | None, int], CellScore] = field(default_factory=dict)   # each cell as the hand is scored
    cards: dict[tuple[Suit | None, int], list[Card]] = field(default_factory=dict)   # the cards each cell played
    config: Any = None                     # the hand's rules, where a cell's score is worked out again (par)

    @property
    def size(self) -> int:
        return len(self.strains) * len(self.columns)

    @property
    def complete(self) -> bool:
        return len(self.cells) == self.size and all(v.exact for v in self.cells.values())

    def value(self, strain: Suit | None, column: int) -> Value:
        return self.cells[(strain, column)]


def has_table(hand: Any) -> bool:
    """Whether the game of ``hand`` has a double-dummy table and the hand was dealt (not set up from an ending)."""
    dealt = bool(getattr(hand, "history", None)) and hand.history[0].kind == "deal"
    return dealt and _table_of(hand) is not None


def _table_of(hand: Any) -> Callable[..., Iterator[DoubleDummyTable]] | None:
    """The family's table (its adapter's ``double_dummy_steps``), None for a family without one (a family with its
    own search: Sixty-Six, whose stock is hidden until the play turns strict)."""
    try:
        adapter = adapter_of(hand)
    except SolverError:
        return None
    return adapter.double_dummy_steps if adapter.SEARCH == "tricks" else None


def double_dummy(hand: Any, stop: Callable[[], bool] | None = None) -> DoubleDummyTable:
    """The whole table (or, stopped early, the cells done and the bounds proven in the one in progress)."""
    *_, table = double_dummy_steps(hand, stop)
    return table


def double_dummy_steps(hand: Any, stop: Callable[[], bool] | None = None) -> Iterator[DoubleDummyTable]:
    """The table after each cell is worked out, ending with the whole table (or where ``stop`` came)."""
    steps = _table_of(hand)
    if steps is None or not has_table(hand):
        raise SolverError(Text("A double-dummy table is worked out for a dealt hand of Forty-Fives or Five Hundred"))
    yield from steps(hand, stop)



def has_first_lead_table(hand: Any) -> bool:
    """Whether ``hand`` is a dealt hand of a game whose table is its first leader's choices (Sixty-Six: its
    adapter's ``whole_hand_table_steps``, the whole hand searched with the stock's order known)."""
    dealt = bool(getattr(hand, "history", None)) and hand.history[0].kind == "deal"
    try:
        adapter = adapter_of(hand)
    except SolverError:
        return False
    return dealt and hasattr(adapter, "whole_hand_table_steps")


def first_lead_steps(hand: Any, stop: Callable[[], bool] | None = None) -> Iterator[Any]:
    """That table after each probe of its search (``open_search.FirstLeadTable``: each choice's proven bounds, in
    game points for the first leader), ending with the whole table or where ``stop`` came."""
    if not has_first_lead_table(hand):
        raise SolverError(Text("The first lead's table is worked out for a dealt hand of Sixty-Six"))
    steps: Callable[..., Iterator[Any]] | None = getattr(adapter_of(hand), "whole_hand_table_steps", None)
    assert steps is not None, "has_first_lead_table found it"
    yield from steps(hand, stop)


def par(hand: Any, table: DoubleDummyTable) -> Par | None:
    """The par contract of a complete table where the game has contracts (its adapter's ``par``; None otherwise)."""
    adapter = adapter_of(hand)
    return adapter.par(hand, table) if adapter.SEARCH == "tricks" else None


def sides_auction(calls: int, margin: Callable[[int, int], int], first: int) -> tuple[int, int | None, int | None]:
    """The auction two sides reach with every hand known, for a par contract: the sides take turns from ``first``,
    each passing or making one of the ``calls`` ranked above the last (0 the lowest); a side that passes after a
    call lets the last call stand, and nobody calling throws the hand in. ``margin(rank, side)`` is side 0's score
    less side 1's when ``side`` plays the call at ``rank``; side 0 plays for the most, side 1 for the least.
    Returns (side 0's margin, the rank of the call standing, the side holding it), the last two None when
    nobody calls.

    >>> sides_auction(3, lambda rank, side: (rank + 1) * (1 if side == 0 else -1), first=0)
    (3, 2, 0)
    """
    from functools import cache

    @cache
    def auction(rank: int, holder: int | None, speaker: int, passed: bool) -> tuple[int, int | None, int | None]:
        stop: tuple[int, int | None, int | None]
        if holder is not None:
            stop = (margin(rank, holder), rank, holder)
        elif passed:
            stop = (0, None, None)
        else:
            stop = auction(rank, None, 1 - speaker, True)
        options = [stop] + [auction(higher, speaker, 1 - speaker, False) for higher in range(rank + 1, calls)]
        return max(options, key=lambda o: o[0]) if speaker == 0 else min(options, key=lambda o: o[0])

    return auction(-1, None, first, False)
