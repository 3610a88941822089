"""How hard a puzzle is, learned from learners' attempts: Glicko ratings (Mark Glickman's system, as chess sites rate
their puzzles).

Each attempt is a game between a learner and a puzzle: the puzzle wins when the learner chooses a wrong action. Both
have a rating (1500 to start) and a deviation (350 to start: how unsure the rating still is); an attempt moves each
rating towards what the result says, by more while its deviation is large, and makes the deviation smaller. A
puzzle that many learners fail climbs; one that everyone solves sinks. The ratings live in the class store
(``atout.live.store``: ``record_puzzle_attempt``), so every kernel and machine learns from every attempt.

>>> puzzle, learner = Rating(), Rating()
>>> failed, _ = update(puzzle, learner, solved=False)
>>> solved, _ = update(puzzle, learner, solved=True)
>>> round(failed.rating), round(solved.rating), round(failed.deviation)
(1662, 1338, 290)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

START = 1500.0
START_DEVIATION = 350.0
MIN_DEVIATION = 50.0      # never fully sure: learners change, and a puzzle keeps learning from them
Q = math.log(10) / 400


@dataclass(frozen=True)
class Rating:
    rating: float = START
    deviation: float = START_DEVIATION


def _g(deviation: float) -> float:
    return 1 / math.sqrt(1 + 3 * Q * Q * deviation * deviation / (math.pi * math.pi))


def expected(a: Rating, b: Rating) -> float:
    """How likely ``a`` is to win against ``b`` (a puzzle against a learner: that the learner fails)."""
    return 1 / (1 + 10 ** (-_g(b.deviation) * (a.rating - b.rating) / 400))


def _after(a: Rating, b: Rating, score: float) -> Rating:
    g = _g(b.deviation)
    e = expected(a, b)
    d2 = 1 / (Q * Q * g * g * e * (1 - e))
    precision = 1 / (a.deviation * a.deviation) + 1 / d2
    rating = a.rating + Q / precision * g * (score - e)
    return Rating(rating, max(MIN_DEVIATION, math.sqrt(1 / precision)))


def update(puzzle: Rating, learner: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The puzzle's and the learner's ratings after one attempt (``solved``: the learner chose the answer)."""
    return _after(puzzle, learner, 0.0 if solved else 1.0), _after(learner, puzzle, 1.0 if solved else 0.0)
