"""Hand evaluation: how a hand fares over many deals of the cards its holder cannot see.

"How often does this hand make 20?" The unseen cards are dealt again and again consistently with
what the seat knows (cards played, voids shown, announcements: the expert players' sampler), each
deal is solved exactly, and the answer comes with its error bar. It can be stopped at any time and
reports progress, for a page to show a progress bar.

>>> from atout.games import family
>>> hand = family("forty-fives-partners").new_hand("forty-fives-partners", seed=4)
>>> result = evaluate(hand, hand.to_act, samples=12, target=15, seed=1)
>>> result.samples, 0 <= result.probability <= 1, result.low <= result.mean <= result.high
(12, True, True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from atout.errors import AtoutError
from atout.games import FAMILIES
from atout.i18n import Text


class EvaluationError(AtoutError):
    """A position that cannot be evaluated (not in play, or not the seat's side to act)."""


def _sampler(game: str) -> tuple[Callable, Callable]:
    family = FAMILIES[game]
    if family == "forty_fives":
        from atout.players import forty_fives as players
    elif family == "five_hundred":
        from atout.players import five_hundred as players
    else:
        raise EvaluationError(Text("hand evaluation covers Forty-Fives and Five Hundred; in Sixty-Six the "
                                   "stock hides too much until it is gone"))
    return players.knowledge, players.position


@dataclass
class Evaluation:
    """What the seat's side took over the sampled deals (in the solver's unit: points or tricks)."""

    seat: int
    unit: str
    values: list[int] = field(default_factory=list)
    target: int | None = None
    stopped: bool = False

    @property
    def samples(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def error(self) -> float:
        """Half-width of the 95% confidence interval of the mean."""
        n = len(self.values)
        if n < 2:
            return math.inf
        var = sum((v - self.mean) ** 2 for v in self.values) / (n - 1)
        return 1.96 * math.sqrt(var / n)

    @property
    def low(self) -> float:
        return self.mean - self.error if self.values else 0.0

    @property
    def high(self) -> float:
        return self.mean + self.error if self.values else 0.0

    @property
    def probability(self) -> float:
        """How often the side reached ``target``."""
        if self.target is None or not self.values:
            return 0.0
        return sum(v >= self.target for v in self.values) / len(self.values)

    @property
    def probability_error(self) -> float:
        n = len(self.values)
        p = self.probability
        return 1.96 * math.sqrt(p * (1 - p) / n) if n else math.inf

    @property
    def distribution(self) -> dict[int, int]:
        return dict(sorted(Counter(self.values).items()))


def evaluate(hand: Any, seat: int, samples: int = 200, target: int | None = None, seed: int | None = None,
             stop: Callable[[], bool] | None = None, progress: Callable[[int, int], None] | None = None,
             budget_s: float | None = None) -> Evaluation:
    """Deal the cards ``seat`` cannot see ``samples`` times and solve each deal for the seat's side.

    ``stop()`` is asked before each deal (True ends the run early: ``stopped``); ``progress(done, total)``
    is told after each. The position must be in play with the seat's side to act.
    """
    from atout.players.base import deal_unseen
    from atout.solver import solve

    view = hand.view(seat)
    if view["phase"] != "play":
        raise EvaluationError(Text("a hand is evaluated during play (after any bidding, kitty and robbing); "
                                   "this one is in its {phase} phase", phase=view["phase"]))
    config, to_act = view["config"], view["to_act"]
    same_side = (config.side_of(to_act) == config.side_of(seat)) if hasattr(config, "side_of") \
        else to_act % 2 == seat % 2
    if not same_side:
        raise EvaluationError(Text("evaluate when it is the turn of {seat} or a partner",
                                   seat=Text("Seat {n}", n=seat)))
    knowledge, position = _sampler(config.game)
    know = knowledge(view)
    rng = random.Random(seed)
    result: Evaluation | None = None
    for done in range(samples):
        if stop is not None and stop():
            break
        dealt = deal_unseen(rng, know)
        if dealt is None:
            break
        solution = solve(position(view, dealt), budget_s=budget_s, line=False)
        if result is None:
            result = Evaluation(seat, solution.unit, target=target)
        result.values.append(solution.value)
        if progress is not None:
            progress(done + 1, samples)
    result = result or Evaluation(seat, "points", target=target)
    result.stopped = result.samples < samples
    return result
