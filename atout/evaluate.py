"""Hand evaluation: how a hand fares over many deals of the cards its holder cannot see.

"How often does this hand make 20?" The unseen cards are dealt again and again consistently with
what the seat knows (cards played, voids shown, announcements: the expert players' sampler), each
deal is solved exactly, and the answer comes with its error bar. It can be stopped at any time and
reports progress, for a page to show a progress bar.

Sixty-Six while the stock is open: the other hand and the order of the stock are dealt consistently
with what the seat knows (the cards played, the marriages shown, the trump card and who took it for
the 9, the close), computer players (club players by default: ``level``) play each deal until the
stock is exhausted or closed, and the solver plays the rest perfectly. The value is the game points
the seat wins in the hand, negative when the other seat wins them (the solver's unit, "game
points"): ``target=1`` gives the chance of winning the hand, ``target=2`` of winning it with 2 or
more. Either seat may be evaluated, whoever is to act.

>>> from atout.games import package_of
>>> hand = package_of("forty-fives-partners").new_hand("forty-fives-partners", seed=4)
>>> result = evaluate(hand, hand.to_act, samples=12, target=15, seed=1)
>>> result.samples, 0 <= result.probability <= 1, result.low <= result.mean <= result.high
(12, True, True)
>>> result.scores == [2 * v - 25 for v in result.values]      # as net scoring scores them (atout.solver.scoring)
True
>>> sixty_six = package_of("sixty-six").new_hand("sixty-six", seed=4)
>>> result = evaluate(sixty_six, 0, samples=12, target=1, seed=1)
>>> result.unit, result.samples, all(-3 <= v <= 3 for v in result.values)
('game points', 12, True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from atout.engine import Phase
from atout.errors import AtoutError, quote
from atout.family_contract import PlayedOutPlayers, SolvedPlayers
from atout.games import family_of
from atout.i18n import Series, Text
from atout.vocabulary import phase_during

# One deal's value for the seat, its unit and the hand's score of it for the seat's side (None: no deal).
Sample = Callable[[], tuple[int, str, int] | None]


class EvaluationError(AtoutError):
    """A position that cannot be evaluated (not in play, or not the seat's side to act)."""


def _solved_deals(view: dict, rng: random.Random, budget_s: float | None, level: str,
                  stop: Callable[[], bool] | None = None) -> Sample:
    """Forty-Fives and Five Hundred: each deal of the unseen cards solved exactly, valued for the seat's side (the
    seat alone against everyone else in Forty-Fives played individually), whoever is to act."""
    from atout.players.base import deal_unseen
    from atout.solver import solve_value

    config, seat = view["config"], view["seat"]
    info = family_of(config.game)
    players = info.players_module()
    assert isinstance(players, SolvedPlayers), f"{config.game}'s hands are not valued by solving deals"
    adapter = info.solver_adapter()
    know = players.knowledge(view)

    def sample() -> tuple[int, str, int] | None:
        dealt = deal_unseen(rng, know)
        if dealt is None:
            return None
        value = solve_value(players.position(view, dealt), seat, budget_s=budget_s, stop=stop)
        if not value.exact and stop is not None and stop():
            return None              # stopped in the middle of this deal: it is not counted
        return value.lo, value.unit, adapter.view_scorer(view, dealt)(value.lo)

    return sample


def _sampler(game: str) -> Callable[..., Sample]:
    """How a family's hands are valued (its registration's ``evaluation``): deals "solved" exactly, or "played out",
    as its computer players' module says (``played_out_deals``)."""
    info = family_of(game)
    if info.evaluation == "solved":
        return _solved_deals
    players = info.players_module()
    assert isinstance(players, PlayedOutPlayers), f"{game}'s players do not play sampled deals out"
    return players.played_out_deals


def value_unit(game: str) -> str:
    """The unit the values and the target of ``game`` are counted in.

    >>> value_unit("five-hundred"), value_unit("auction-forty-fives"), value_unit("sixty-six")
    ('tricks', 'points', 'game points')
    """
    return family_of(game).value_unit


def default_target(game: str) -> int | None:
    """The target a page offers first for ``game`` (None: none until the learner names one).

    >>> default_target("sixty-six"), default_target("five-hundred")
    (1, None)
    """
    return family_of(game).default_target


def suggested_target(hand: Any, seat: int) -> int | None:
    """The question a page asks first for ``seat``, in the solver's units: does the side make its contract (Five
    Hundred, Auction Forty-Fives), or set it (the defenders); in Forty-Fives with partners, three tricks (which
    win the hand); played individually, at least an even share of the hand's points; in Sixty-Six, winning the
    hand (1 game point or more). The registry's ``default_target`` answers first, else the family's solver adapter.

    >>> from atout.position import hand_from_text
    >>> hand = hand_from_text("game: five-hundred\\ncontract: 1 7H\\nseat 0: AD\\nseat 1: 4H\\nseat 2: 8S\\n"
    ...                       "seat 3: 10D\\ntrick: 1\\nwon: 2 3 1 3")
    >>> suggested_target(hand, 1), suggested_target(hand, 0)
    (7, 4)
    """
    info = family_of(hand.config.game)
    if info.default_target is not None:     # a family whose question is the same whoever asks (Sixty-Six)
        return info.default_target
    adapter = info.solver_adapter()
    return adapter.suggested_target(hand, seat) if adapter.SEARCH == "tricks" else None


@dataclass
class Evaluation:
    """What the seat's side took over the sampled deals (in the solver's unit: points or tricks; in Sixty-Six the
    game points the seat won, negative when lost)."""

    seat: int
    unit: str
    values: list[int] = field(default_factory=list)
    target: int | None = None
    stopped: bool = False
    scores: list[int] = field(default_factory=list)   # each deal's value as the hand is scored, for the seat's side
    scorer: Any = None      # what a score is (``atout.solver.scoring``: ``whose``, its unit)

    @property
    def mean_score(self) -> float:
        scores = self.scores
        return sum(scores) / len(scores) if scores else 0.0

    @property
    def score_error(self) -> float:
        """Half-width of the 95% confidence interval of ``mean_score``."""
        scores, n = self.scores, len(self.values)
        if n < 2:
            return math.inf
        mean = self.mean_score
        return 1.96 * math.sqrt(sum((v - mean) ** 2 for v in scores) / (n - 1) / n)

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
             budget_s: float | None = None, level: str = "club",
             partial: Callable[[Evaluation], None] | None = None) -> Evaluation:
    """Deal the cards ``seat`` cannot see ``samples`` times and value each deal for the seat's side.

    ``stop()`` is asked before each deal and during its search (True ends the run early: ``stopped``; a deal
    stopped half-way is not counted); ``progress(done, total)`` is told after each, and ``partial(result)`` hears
    the result so far (to show it with its error bar while the run goes on). The position must be in play; any
    seat may be evaluated, whoever is to act. ``budget_s`` bounds the time given to each deal (a deal that runs
    out counts what was proven for it, its floor); ``level`` names the computer players who play out
    Sixty-Six's open stock (``club``, the default and quickest, or ``expert``).
    """
    from atout.players import LEVELS

    view = hand.view(seat)
    if view["phase"] not in (Phase.PLAY.value, Phase.DRAW.value):      # Sixty-Six's draws are part of its play
        words = phase_during(view["phase"])       # said in words, never the engine's phase id
        if words is None:
            raise EvaluationError(Text("a hand is evaluated during play (after any bidding, kitty and robbing); "
                                       "this one is not at its play"))
        raise EvaluationError(Text("a hand is evaluated during play (after any bidding, kitty and robbing); "
                                   "this one is at {phase}", phase=words))
    if level not in LEVELS:
        raise EvaluationError(Text("unknown level {level}: the levels are {levels}", level=quote(level),
                                   levels=Series(LEVELS)))
    # what a score is, from the view alone (which deal comes changes the scores, not what they are)
    score = family_of(view["game"]).solver_adapter().view_scorer(view, {})
    rng = random.Random(seed)
    sample = _sampler(view["game"])(view, rng, budget_s, level, stop)
    result: Evaluation | None = None
    for done in range(samples):
        if stop is not None and stop():
            break
        valued = sample()
        if valued is None:
            break
        value, unit, scored = valued
        if result is None:
            result = Evaluation(seat, unit, target=target, scorer=score)
        result.values.append(value)
        result.scores.append(scored)
        if progress is not None:
            progress(done + 1, samples)
        if partial is not None:
            partial(result)
    result = result or Evaluation(seat, "points", target=target, scorer=score)
    result.stopped = result.samples < samples
    return result
