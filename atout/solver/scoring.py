"""The solver's values in the unit the hand is scored in, for the side named.

The search counts what it can add up trick by trick (its ``unit``: trick points in Forty-Fives, tricks in Five
Hundred, game points in Sixty-Six, for the side of the player it values). A hand is not scored in those: partners in
Forty-Fives score their trick points less the other side's (net), a contract scores its value or loses it, a
defender in Five Hundred scores 10 a trick. A ``Scorer`` turns a count into the hand's score, with the family's own
scoring (``atout.<family>.scoring``), for one side:

* ``margin`` (two sides, or two players): the side's score in the hand less the other side's: what the hand is worth
  to it on the score sheet;
* ``own`` (Forty-Fives played by three players or more, each alone): the player's own score in the hand;
* ``contract`` (Five Hundred's misère, where every player plays only to make or set it): the contract's result for
  the contractor's side, its negative for the defenders; the defenders' 10 a trick are left out;
* ``game`` (Sixty-Six): the game points the player wins, negative when the other player wins them (the search's own
  count).

Every score only ever grows with the count (a side never scores less for taking more), so the score of a value
proven by the search is proven too, and bounds stay bounds.

>>> from atout.games import package_of
>>> hand = package_of("forty-fives-partners").new_hand("forty-fives-partners", seed=3)
>>> score = scorer(hand, 0)
>>> score.whose, score.unit, score.count_unit, [score(points) for points in (0, 10, 15, 20, 25)]
('margin', 'points', 'points', [-25, -5, 5, 15, 25])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from atout.solver.positions import adapter_of


@dataclass(frozen=True)
class Scorer:
    """The hand's score for ``seat``'s side of each count the search may prove (``table``; None: the count is the
    score itself)."""

    seat: int
    whose: str                       # "margin", "own", "contract" or "game" (see the module)
    unit: str                        # what the score is counted in (``atout.units``): points, game points, counters
    count_unit: str                  # what the search counts: "points", "tricks" or "game points"
    table: Mapping[int, int] | None = field(default=None)
    contractor: int | None = None    # the contract's side ("contract": the misère's contractor)

    def __call__(self, count: int) -> int:
        if self.table is None:
            return count
        if count in self.table:
            return self.table[count]
        # a count between two the table knows (a bound the search proved part-way): the score below it
        below = [c for c in self.table if c <= count]
        return self.table[max(below)] if below else self.table[min(self.table)]

    def bounds(self, lo: int, hi: int) -> tuple[int, int]:
        """The score of a count proven to lie between ``lo`` and ``hi``: between their scores."""
        return self(lo), self(hi)

    @property
    def same_unit(self) -> bool:
        """Whether the score is the count itself (nothing more to show beside it)."""
        return self.table is None or (self.unit == self.count_unit
                                      and all(k == v for k, v in self.table.items()))


def scorer(hand: Any, seat: int) -> Scorer:
    """The scorer of an engine hand in its play phase, for ``seat``'s side (its family's adapter builds it)."""
    return adapter_of(hand).scorer(hand, seat)


def margin_table(counts: range, score: Callable[[int], list[int]], mine: int, units: int) -> dict[int, int]:
    """Each count's score: ``score(count)`` gives every side's (or player's) score in the hand; with two sides, the
    side ``mine``'s less the other's, with more (each player alone), its own."""
    table = {}
    for count in counts:
        points = score(count)
        table[count] = points[mine] - points[1 - mine] if units == 2 else points[mine]
    return table


def best_actions(solution: Any, score: Scorer) -> set[Any]:
    """The actions of a ``Solution`` proven at least as good as every other, as the hand is scored; none when every
    action is proven to score the same (a choice that changes nothing is not the best one)."""
    scored = {a: score.bounds(lo, hi) for a, (lo, hi) in solution.bounds.items()}
    best = {a for a, (lo, _hi) in scored.items() if all(lo >= hi for b, (_lo, hi) in scored.items() if b != a)}
    if len(scored) > 1 and best == set(scored):
        return set()
    return best
