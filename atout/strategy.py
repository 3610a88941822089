"""Strategy claims, checked: what each choice of a position is worth, and whether a claimed best choice is the best.

A strategy lesson says "lead the 5 of trumps here", or "keep the ace of hearts back". Such a claim is worth teaching
only if it holds, so it is checked on the very position the lesson shows, by one of two means:

* **exactly** (``how="exact"``), every hand known: the solver (``atout.solver``) values every legal action of the
  player to act, in the hand's score for that player's side (``atout.solver.scoring``), and the best are the actions
  proven at least as good as every other (none when every action scores the same);
* **by sampling** (``how="sampled"``), from the seat's view: the cards it cannot see are dealt again and again
  consistently with what it has seen (``atout.players.base.deal_unseen``: the cards played, the voids shown, the
  rob, the auction), each deal is solved exactly, and each action's value is its mean over the deals with a 95%
  error bar. An action is among the best when no other is ahead of it beyond the error bar of the two actions'
  difference (paired: the same deals for both).

A claim (``claim_problem``) holds when the actions claimed are exactly the best ones and, when sampled, each claimed
action is ahead of every other beyond the error bar of their difference. The same position, seed and number of deals
always give the same values, so a lesson's check says the same on every machine.

>>> from atout.position import hand_from_text
>>> hand = hand_from_text('''game: forty-fives-partners
... trump: H
... trick: 0
... won: 1 0 1 0
... seat 0: 5H AH 7C
... seat 1: JH 2C 3S
... seat 2: KH 9D 8D
... seat 3: 4H QS 10D''')
>>> values = choice_values(hand)
>>> [(str(w.action), w.score) for w in values.worths]
[('play 5H', 15), ('play 7C', 15), ('play AH', 5)]
>>> claim_problem(values, [Action.parse("play AH")]).render("en")   # doctest: +ELLIPSIS
'the claim does not hold: A♥ is claimed best, but the solver finds 5♥ and 7♣ best (5♥: 15 points; ...)'
>>> claim_problem(values, [Action.parse("play 5H"), Action.parse("play 7C")]) is None
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from atout.engine import Action
from atout.errors import AtoutError
from atout.family_contract import SolvedPlayers
from atout.games import family_of
from atout.i18n import Plural, Text, decimal, get_language, ngettext, plural_count

Z_95 = 1.96                 # the error bars are 95% confidence intervals
DEFAULT_SAMPLES = 100       # deals of the hidden cards a sampled claim is checked on
MAX_SAMPLES = 400           # a lesson's check stays a matter of seconds
HOWS = ("exact", "sampled")


class StrategyError(AtoutError):
    """A position whose choices cannot be valued as asked (not at a decision the solver takes, no deal fits…)."""


@dataclass(frozen=True)
class Worth:
    """One legal action and what it is worth in the hand's score for the side to act: exact (``error`` 0) or the
    mean over the sampled deals with the half-width of its 95% confidence interval."""

    action: Action
    score: float
    error: float = 0.0


@dataclass(frozen=True)
class ChoiceValues:
    """Every legal action of the player to act (``seat``) and its worth, best first; ``best`` the actions among the
    best (see the module); ``whose`` and ``unit`` what a score is (``atout.solver.scoring``)."""

    seat: int
    how: str
    worths: tuple[Worth, ...]
    best: tuple[Action, ...]
    whose: str
    unit: str
    samples: int = 0
    per_deal: tuple[tuple[Action, tuple[float, ...]], ...] = ()    # sampled: each action's score on each deal

    def worth(self, action: Action) -> Worth:
        return next(w for w in self.worths if w.action == action)

    def ahead(self, better: Action, worse: Action) -> tuple[float, float]:
        """How much ``better`` is worth more than ``worse`` and the error bar of that difference (0 when exact;
        paired over the same deals when sampled)."""
        if self.how == "exact":
            return self.worth(better).score - self.worth(worse).score, 0.0
        deals = dict(self.per_deal)
        diffs = [b - w for b, w in zip(deals[better], deals[worse], strict=True)]
        return _mean(diffs), _error(diffs)


def _mean(values: list[float] | tuple[float, ...]) -> float:
    return sum(values) / len(values) if values else 0.0


def _error(values: list[float] | tuple[float, ...]) -> float:
    """Half-width of the 95% confidence interval of the mean of ``values``."""
    n = len(values)
    if n < 2:
        return math.inf
    mean = _mean(values)
    return Z_95 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def choice_values(hand: Any, how: str = "exact", samples: int = DEFAULT_SAMPLES, seed: int = 0) -> ChoiceValues:
    """What each legal action of the player to act in ``hand`` is worth, ``how`` says by which means (the module)."""
    if how not in HOWS:
        raise StrategyError(Text("{how} is not a way to check a claim: write exact or sampled", how=how))
    if hand.is_over or hand.to_act is None:
        raise StrategyError(Text("the hand is over: a claim is about a choice still to make"))
    if len(hand.legal_actions()) < 2:
        raise StrategyError(Text("there is only one thing to do here: a claim is about a choice"))
    if how == "exact":
        return _exact(hand)
    return _sampled(hand, samples, seed)


def _exact(hand: Any) -> ChoiceValues:
    from atout.solver import SolverError, position_of, solve
    from atout.solver.scoring import best_actions, scorer

    try:
        position_of(hand)
    except SolverError as exc:
        raise StrategyError(Text("the solver does not take this position: {why}", why=exc.message)) from None
    seat = hand.to_act
    solution = solve(hand, line=False)          # no time limit: the same values on any machine
    legal = list(hand.legal_actions())
    if not set(legal) <= set(solution.bounds):
        return _each_played(hand, legal)
    score = scorer(hand, seat)
    worths = [Worth(action, score(lo)) for action, (lo, _hi) in solution.bounds.items()]
    best = best_actions(solution, score)
    return ChoiceValues(seat, "exact", _ordered(worths), tuple(a for a in _order(worths) if a in best),
                        score.whose, score.unit)


def _each_played(hand: Any, legal: list[Any]) -> ChoiceValues:
    """Exact values of a decision the search weighs inside the play after it rather than as a choice of its own
    (Spoil Five's jinx or stop, valued through the lead that follows): each action taken, and the hand it leaves
    solved, or scored as played when it ends there, for the player to act."""
    from atout.solver import solve_value
    from atout.solver.scoring import scorer

    seat = hand.to_act
    worths = []
    for action in legal:
        after = hand.copy()
        after.apply(action)
        score = scorer(after, seat)             # what a count pays once the action is taken (a jinx made or failed)
        worths.append(Worth(action, score(solve_value(after, seat).lo)))
    top = max(w.score for w in worths)
    best = () if all(w.score == top for w in worths) else tuple(w.action for w in _ordered(worths) if w.score == top)
    return ChoiceValues(seat, "exact", _ordered(worths), best, score.whose, score.unit)


def _sampled(hand: Any, samples: int, seed: int) -> ChoiceValues:
    from atout.players.base import deal_unseen
    from atout.solver import solve

    info = family_of(hand.config.game)
    if info.evaluation != "solved":
        raise StrategyError(Text("{game}'s choices are sampled only where every deal is solved exactly; check this "
                                 "claim exactly, with every hand known", game=hand.config.game))
    if not 2 <= samples <= MAX_SAMPLES:
        raise StrategyError(Text("samples: from 2 to {most} deals", most=MAX_SAMPLES))
    seat = hand.to_act
    view = hand.view(seat)
    if view["phase"] != "play":
        raise StrategyError(Text("a sampled claim is about a card to play: this position is not at the play"))
    players, adapter = info.players_module(), info.solver_adapter()
    assert isinstance(players, SolvedPlayers), f"{hand.config.game}'s hands are not valued by solving deals"
    know = players.knowledge(view)
    legal = list(hand.legal_actions())
    rng = random.Random(seed)
    scores: dict[Action, list[float]] = {action: [] for action in legal}
    score = adapter.view_scorer(view, {})
    for _ in range(samples):
        dealt = deal_unseen(rng, know)
        if dealt is None:
            raise StrategyError(Text("no deal of the hidden cards fits what this player has seen"))
        solution = solve(players.position(view, dealt), line=False)
        if not set(legal) <= set(solution.bounds):      # Spoil Five's jinx or stop: see _each_played
            raise StrategyError(Text("the sampler does not value {choices}: check this claim exactly, with every "
                                     "hand known", choices=[action_words(a) for a in legal]))
        score = adapter.view_scorer(view, dealt)
        for action in legal:
            scores[action].append(float(score(solution.bounds[action][0])))
    worths = [Worth(action, _mean(values), _error(values)) for action, values in scores.items()]
    per_deal = tuple((action, tuple(values)) for action, values in scores.items())
    values = ChoiceValues(seat, "sampled", _ordered(worths), (), score.whose, score.unit, samples, per_deal)
    best = tuple(a for a in _order(worths)
                 if not any(values.ahead(b, a)[0] > values.ahead(b, a)[1] for b in legal if b != a))
    return ChoiceValues(seat, "sampled", values.worths, best, score.whose, score.unit, samples, per_deal)


def _order(worths: list[Worth]) -> list[Action]:
    return [w.action for w in _ordered(worths)]


def _ordered(worths: list[Worth]) -> tuple[Worth, ...]:
    """Best first; equal ones in the order their actions are written (the same order on every machine)."""
    return tuple(sorted(worths, key=lambda w: (-w.score, str(w.action))))


@lru_cache(maxsize=256)
def cached_values(position: str, how: str, samples: int, seed: int) -> ChoiceValues:
    """``choice_values`` of a position's text (``atout.position``), worked out once per process: a lesson is read by
    every page that shows the course."""
    from atout.position import hand_from_text

    return choice_values(hand_from_text(position), how, samples, seed)


# --- the claim and its proof in words --------------------------------------------------------------------------


def action_words(action: Action) -> Any:
    """An action as a sentence names it: the card for a play, else its words (``atout.puzzles.action_said``)."""
    from atout.puzzles import action_said

    return action_said(action)


def worth_words(worth: Worth, values: ChoiceValues) -> Text:
    """"5♥: 15 points", or sampled "5♥: about 12.3 points, ± 1.1"."""
    return Text("{action}: {score}", action=action_words(worth.action), score=score_said(worth, values))


def score_said(worth: Worth, values: ChoiceValues) -> Any:
    """A choice's worth alone: "15 points", or sampled "about 12.3 points, ± 1.1"."""
    if values.how == "exact":
        return _points(values.unit, int(worth.score))
    return _About(worth.score, worth.error, values.unit)


def _points(unit: str, score: int) -> Plural:
    from atout import units

    return units.amount(unit, score)


class _About:
    """A sampled mean with its error bar, "about 12.3 points, ± 1.1" (Spoil Five's "about 4.0 counters, ± 0.1"), the
    noun in the form the number takes in the reader's language (« environ 0,3 point », "about 1 point")."""

    __slots__ = ("value", "error", "unit")

    def __init__(self, value: float, error: float, unit: str) -> None:
        self.value, self.error, self.unit = value, error, unit

    def render(self, lang: str | None = None) -> str:
        lang = lang or get_language()
        n = plural_count(abs(round(self.value, 1)), lang)
        score, error = _Decimal(self.value).render(lang), _Decimal(self.error).render(lang)
        if self.unit == "game points":
            return ngettext("about {score} game point, ± {error}", "about {score} game points, ± {error}", n, lang,
                            score=score, error=error)
        if self.unit == "counters":
            return ngettext("about {score} counter, ± {error}", "about {score} counters, ± {error}", n, lang,
                            score=score, error=error)
        return ngettext("about {score} point, ± {error}", "about {score} points, ± {error}", n, lang, score=score,
                        error=error)


class _Decimal:
    """A mean or an error bar with one decimal, as the reader's language writes it (12.3, « 12,3 »)."""

    __slots__ = ("value",)

    def __init__(self, value: float) -> None:
        self.value = value

    def render(self, lang: str | None = None) -> str:
        written = decimal(round(self.value, 1), lang)
        return "−" + written[1:] if written.startswith("-") else written     # a minus sign, as scores are written


def values_words(values: ChoiceValues) -> Text:
    """Every choice with its worth, best first, one list: "5♥: 15 points; 7♣: 5 points" (each after the first
    inside the sentence, so "the joker" keeps its small letter)."""
    said = [worth_words(w, values) for w in values.worths]
    listed = said[-1]
    for item in reversed(said[:-1]):
        listed = Text("{first}; {rest}", first=item, rest=listed)
    return listed


def how_words(values: ChoiceValues) -> Text:
    """How the values were found, and what a score is."""
    if values.how == "exact":
        return Text("The solver valued each choice with every hand known, every card then played as well as it can "
                    "be.")
    return Text("Each choice was valued on {n} deals of the cards you cannot see, each deal then played as well as "
                "it can be; ± is the error bar.", n=values.samples)


def claim_problem(values: ChoiceValues, claimed: list[Action]) -> Text | None:
    """Why the claim that ``claimed`` are the best choices does not hold (None: it holds)."""
    legal = [w.action for w in values.worths]
    best = list(values.best)
    finder = Text("the solver") if values.how == "exact" else Text("the sampler")
    said = [action_words(a) for a in claimed]
    if not best:
        return Text("the claim does not hold: {claimed} is claimed best, but {finder} finds every choice worth the "
                    "same ({values})", claimed=said, finder=finder, values=values_words(values))
    if set(claimed) != set(best):
        return Text("the claim does not hold: {claimed} is claimed best, but {finder} finds {best} best ({values})",
                    claimed=said, finder=finder, best=[action_words(a) for a in best], values=values_words(values))
    if values.how == "sampled":
        for good in claimed:
            for other in legal:
                if other in claimed:
                    continue
                gain, error = values.ahead(good, other)
                if gain <= error:
                    return Text("the claim does not hold: {good} is ahead of {other} by {gain}, within the error "
                                "bar, ± {error}, over {n} deals ({values})", good=action_words(good),
                                other=action_words(other), gain=_Decimal(gain), error=_Decimal(error),
                                n=values.samples, values=values_words(values))
    return None
