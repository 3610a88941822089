"""Euchre scoring (`eu.score.*`) and the game target (`eu.game.target`).

Scores are per side: side 0 is seats 0 and 2, side 1 seats 1 and 3.

>>> r = score_hand(10, maker=1, alone=False, tricks_won=[1, 4], scores_before=[3, 8])
>>> r.points, r.scores_after, r.made, r.winner
([0, 1], [3, 9], True, None)
>>> score_hand(10, maker=2, alone=True, tricks_won=[5, 0], scores_before=[7, 2]).winner
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from atout.engine import ScoredResult, ScoreLine

TRICKS = 5
MADE, MARCH, LONE_MARCH, EUCHRED = 1, 2, 4, 2     # eu.score.made, .march, .alone, .euchre
TO_MAKE = 3                                        # the makers need 3 of the 5 tricks


@dataclass
class HandResult(ScoredResult):
    maker: int | None               # the seat that made trumps (None: the hand was thrown in)
    maker_side: int | None
    alone: bool
    tricks_won: list[int]           # per side
    points: list[int]               # what each side scored this hand
    scores_before: list[int]
    scores_after: list[int]
    made: bool | None = None
    march: bool = False
    euchred: bool = False
    thrown_in: bool = False
    winner: int | None = None       # the side that won the game with this hand, if any
    target: int = 10

    @property
    def rule(self) -> str:
        """The rule that scores the hand."""
        if self.thrown_in:
            return "eu.make.all-pass"
        if self.euchred:
            return "eu.score.euchre"
        if self.march:
            return "eu.score.alone" if self.alone else "eu.score.march"
        return "eu.score.made"

    def score_line(self) -> ScoreLine:
        """The hand on a score sheet: per side, what it scored, its tricks and its totals; the makers."""
        return ScoreLine(list(self.points), list(self.tricks_won), list(self.scores_before), list(self.scores_after),
                         self.maker_side, None, self.made)


def hand_points(alone: bool, makers_tricks: int) -> tuple[int, int]:
    """(the makers' points, the defenders' points) for the tricks the makers took (`eu.score.*`)."""
    if makers_tricks < TO_MAKE:
        return 0, EUCHRED
    if makers_tricks == TRICKS:
        return (LONE_MARCH if alone else MARCH), 0
    return MADE, 0


def score_hand(target: int, maker: int, alone: bool, tricks_won: Sequence[int],
               scores_before: Sequence[int]) -> HandResult:
    """The hand's points and the scores after it; the game's winner once a side reaches ``target``."""
    side = maker % 2
    makers, defenders = hand_points(alone, tricks_won[side])
    points = [0, 0]
    points[side], points[1 - side] = makers, defenders
    after = [b + p for b, p in zip(scores_before, points, strict=True)]
    winner = next((s for s in (side, 1 - side) if after[s] >= target), None)
    return HandResult(maker, side, alone, list(tricks_won), points, list(scores_before), after,
                      made=tricks_won[side] >= TO_MAKE, march=tricks_won[side] == TRICKS,
                      euchred=tricks_won[side] < TO_MAKE, winner=winner, target=target)


def thrown_in(scores_before: Sequence[int], target: int = 10) -> HandResult:
    """eu.make.all-pass: nobody made trumps; nothing is scored."""
    return HandResult(None, None, False, [0, 0], [0, 0], list(scores_before), list(scores_before), thrown_in=True,
                      target=target)
