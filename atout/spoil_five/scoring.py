"""What a hand of Spoil Five pays (``s5.score.*``, ``s5.play.jinx``).

>>> from atout.spoil_five.config import make_config
>>> r = pool_result(make_config("spoil-five", players=3), dealer=0, carried=0, winner=1, jinx=None, before=[0, 0, 0])
>>> r.pool, r.counters, r.pool_after
(4, [-2, 3, -1], 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.engine import ScoreLine
from atout.spoil_five.config import SpoilFiveConfig


@dataclass
class HandResult:
    """A hand's outcome: who took the pool (None: spoiled), whether a jinx was made or failed, the pool played for,
    what each put in, each player's change in counters, the pool carried to the next deal, and the totals."""

    winner: int | None
    jinx: str | None                 # "made", "failed", or None: nobody jinxed
    pool: int                        # the counters in the pool this deal (carried ones and this deal's stakes)
    stakes: list[int]
    counters: list[int]
    pool_after: int
    scores_before: list[int]
    scores_after: list[int]
    tricks_won: list[int]

    @property
    def spoiled(self) -> bool:
        return self.winner is None

    def score_line(self) -> ScoreLine:
        """The hand on a score sheet: each player's counters won or lost, its tricks and its totals."""
        return ScoreLine(list(self.counters), list(self.tricks_won), list(self.scores_before), list(self.scores_after))


def pool_result(config: SpoilFiveConfig, dealer: int, carried: int, winner: int | None, jinx: str | None,
                before: list[int], tricks_won: list[int] | None = None) -> HandResult:
    """The counters of a hand: every player pays this deal's stakes; the winner takes the pool (a jinx made takes
    one stake more from every other player); a spoiled hand, or a failed jinx, leaves the pool for the next deal."""
    n = config.players
    stakes = config.stakes(dealer, carried)
    pool = carried + sum(stakes)
    counters = [-paid for paid in stakes]
    won = winner is not None and jinx != "failed"
    if won:
        assert winner is not None
        counters[winner] += pool
        if jinx == "made":                          # s5.score.jinx-made
            for seat in range(n):
                if seat != winner:
                    counters[seat] -= config.stake
                    counters[winner] += config.stake
    return HandResult(winner if won else None, jinx, pool, stakes, counters, 0 if won else pool, list(before),
                      [b + c for b, c in zip(before, counters, strict=True)], list(tricks_won or [0] * n))
