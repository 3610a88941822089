"""Reviewing a hand: each decision a player made, checked exactly or by sampling, and what was not checked.

``review_hand`` goes through every decision the player made (a choice of more than one action) and says how each was
checked, never claiming more:

* **exactly** by the solver, every hand known (``atout.solver``): the plays once the hand is in play (Forty-Fives,
  Five Hundred; Sixty-Six once the stock is exhausted or closed, declarations and marriages included), each worth
  what the hand then scores for the player's side (``atout.solver.scoring``);
* **by sampling** the cards the player could not see: the calls of the auction games (``review_calls``, below) and
  Sixty-Six's decisions while the stock is open (leads, replies, the nine, marriages, closing, declaring:
  ``review_played_out``), each with its error bar;
* **not checked**, with the reason: a discard, trumps named, a play the solver could not finish in the time given.

Calls. "Bidding 20 instead of passing was worth about +6 points, ± 2." For each call ``seat`` made, the cards
it could not see at that moment are dealt again and again — its own hand stays, everything else (the
other hands, the kitty, the stock) is shuffled, the calls made before it stay, and the deals kept are
those on which the other seats would have made those calls (their calls read as evidence, the way a
player reads the bidding, with the computer ``opponents`` as the model of how they bid) — and from each
deal every call it could have made is played out to the end of the hand by the club player at every
seat (the rest of the auction, trumps, the kitty, the play: hundreds of hands a second, so a page waits
only a few seconds). A call is worth what the hand then scores for the seat's side less the other sides' average.
Every call is tried on the same deals, so the difference between two calls has a small error bar; a call
is *clearly worse* when the best one beats it by more than that error bar and by at least a trick's
points.

>>> from atout.position import hand_from_text
>>> hand = hand_from_text('''game: auction-forty-fives
... dealer: 3
... seat 0: 5H JH AH KH QH
... seat 1: 2S 3S 4S 6S 7S
... seat 2: 2C 3C 4C 6C 7C
... seat 3: 2D 3D 4D 6D 7D
... kitty: 8S 9S 10S JS
... actions: bid pass, bid pass, bid pass, bid pass''')
>>> [review] = review_calls(hand, 0, max_deals=20, seed=1)
>>> str(review.made), str(review.best), review.clearly_worse     # passing with the five top trumps
('bid pass', 'bid 60-for-120', True)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from atout.engine import Action, Phase
from atout.family_contract import Capability
from atout.games import family_of
from atout.i18n import N_, Text
from atout.players import make_player, play_hand

BUDGET_S = 3.0       # the whole review of one hand's calls takes about this long at most
MAX_DEALS = 200      # enough for an error bar of a point or two; past it the time is not worth spending
MIN_DEALS = 8        # below this no call is called clearly worse: the error bar itself is unreliable
FIT_TRIES = 100      # deals tried for one that fits the others' calls; past it the last one is used anyway
Z_95 = 1.96          # the error bar is a 95% confidence interval


@dataclass
class CallReview:
    """One decision (a call, or a play the solver cannot take) against every action the seat could have taken
    then, on the same sampled deals."""

    index: int                                   # where the decision is in the hand's history
    made: Action
    values: dict[Action, list[float]] = field(default_factory=dict)   # per action, its value on each deal
    min_gap: float = 0.0
    fitting: int = 0                             # deals on which the others' earlier calls were the model's
    trick: int = 1                               # the trick it was made in (counted from 1)

    @property
    def deals(self) -> int:
        return len(self.values.get(self.made, ()))

    def mean(self, action: Action) -> float:
        values = self.values[action]
        return sum(values) / len(values) if values else 0.0

    @property
    def best(self) -> Action:
        return max(self.values, key=lambda a: (self.mean(a), a == self.made))   # a tie keeps the call made

    @property
    def gain(self) -> float:
        """How much more the best call was worth than the call made, on average over the deals."""
        return self.mean(self.best) - self.mean(self.made) if self.deals else 0.0

    @property
    def error(self) -> float:
        """Half-width of the 95% confidence interval of ``gain`` (paired: the same deals for both calls)."""
        n = self.deals
        if n < 2:
            return math.inf
        diffs = [b - m for b, m in zip(self.values[self.best], self.values[self.made], strict=True)]
        mean = sum(diffs) / n
        return Z_95 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)

    @property
    def clearly_worse(self) -> bool:
        return self.deals >= MIN_DEALS and self.gain > self.error and self.gain >= self.min_gap


def review_calls(hand: Any, seat: int, budget_s: float = BUDGET_S, seed: int | None = None,
                 max_deals: int = MAX_DEALS, opponents: str = "club") -> list[CallReview]:
    """Each call ``seat`` made in ``hand`` (finished or not), valued against the calls it could have made.

    ``opponents`` is the level of the computer players whose calls are read as evidence of their cards."""
    family = family_of(hand.config.game)
    if not family.has(Capability.AUCTION):
        return []
    # A difference smaller than one trick's points is not worth telling a learner about.
    one_trick = family.review_gap
    cls, config, start = type(hand), hand.config, hand.start()
    history = hand.history
    replay = cls.replay(config, history[:1], hand.dealer, start)
    decisions: list[tuple[int, Action, list[Action]]] = []
    for i, action in enumerate(history[1:], start=1):
        if replay.to_act == seat and action.kind == "bid":
            decisions.append((i, action, list(replay.legal_actions())))
        replay.apply(action)
    if not decisions:
        return []
    rng = random.Random(seed)
    players = [make_player(config.game, "club", seed=seed)] * len(hand.hands)
    model = make_player(config.game, opponents, seed=seed)
    own = _own_places(hand, seat)
    started = time.perf_counter()
    reviews = []
    for k, (index, made, legal) in enumerate(decisions, start=1):
        review = CallReview(index, made, {a: [] for a in legal}, one_trick)
        deadline = started + budget_s * k / len(decisions)      # each call gets its share of the time
        while review.deals < max_deals and time.perf_counter() < deadline:
            before, fits = _deal_before(rng, hand, index, seat, own, model)
            review.fitting += fits
            for call in legal:
                after = before.copy()
                after.apply(call)
                review.values[call].append(_margin(play_hand(after, players), seat))
        reviews.append(review)
    return reviews


@dataclass
class ExactReview:
    """A decision the solver checked, every hand known: what was made, the best, and what the difference cost in
    the hand's score for the player's side (0: the decision was as good as the best)."""

    index: int
    trick: int
    made: Action
    best: Action
    lost: int
    unit: str
    whose: str = "margin"      # what the score is (``atout.solver.scoring``): "own" when each plays alone


@dataclass
class Unchecked:
    """A decision the review did not check, and why (rendered in the reader's language when shown). ``trick`` is 0
    for a decision made before the play (a discard, trumps named, a rob)."""

    index: int
    trick: int
    made: Action
    why: Text


@dataclass
class HandReview:
    """Every decision a player made in a hand, as the review checked it (see the module)."""

    seat: int
    exact: list[ExactReview] = field(default_factory=list)
    calls: list[CallReview] = field(default_factory=list)        # the auction's, sampled
    played_out: list[CallReview] = field(default_factory=list)   # Sixty-Six's open stock, sampled
    unchecked: list[Unchecked] = field(default_factory=list)
    unit: str = "points"                                         # what the sampled values are counted in

    @property
    def mistakes(self) -> list[ExactReview]:
        return [r for r in self.exact if r.lost > 0]

    @property
    def judged(self) -> list[CallReview]:
        """The sampled open-stock decisions played out on enough deals to be judged (``MIN_DEALS``)."""
        return [r for r in self.played_out if r.deals >= MIN_DEALS]

    @property
    def too_few_deals(self) -> list[CallReview]:
        """The sampled open-stock decisions the time allowed too few deals for: none of them is judged."""
        return [r for r in self.played_out if r.deals < MIN_DEALS]


# Why a decision before the play (a discard, trumps named, a rob) is not checked.
BEFORE_PLAY = N_("the solver starts at the first lead, and the sampler checks only the calls")
EXACT_S = 1.0              # the solver's time for one decision of the review
PLAYED_OUT_S = 4.0         # the whole sampled review of Sixty-Six's open stock takes about this long at most
PLAYED_OUT_DEALS = 120     # enough for an error bar of a fraction of a game point


def review_hand(hand: Any, seat: int, budget_s: float = EXACT_S, calls_s: float = BUDGET_S,
                played_out_s: float = PLAYED_OUT_S, seed: int | None = None, opponents: str = "club",
                max_deals: int = PLAYED_OUT_DEALS) -> HandReview:
    """Every decision ``seat`` made in ``hand`` (finished or not): checked exactly by the solver where it takes the
    position (``budget_s`` each), the calls by sampling (``review_calls``, ``calls_s`` in all), the decisions the
    solver cannot take in a family whose hands are played out (Sixty-Six's open stock) by sampling
    (``review_played_out``, ``played_out_s`` in all), and the others named as not checked, with why."""
    from atout.solver import SolverError, position_of, solve
    from atout.solver.scoring import scorer

    family = family_of(hand.config.game)
    # in what the family scores a hand: points, Sixty-Six's game points, Spoil Five's counters
    result = HandReview(seat, unit=family.score_unit)
    replay = type(hand).replay(hand.config, hand.history[:1], hand.dealer, hand.start())
    sampled: list[tuple[int, int, Action, list[Action], dict]] = []
    for index, action in enumerate(hand.history[1:], start=1):
        if replay.to_act == seat:
            legal = list(replay.legal_actions())
            trick = len(replay.tricks) + 1
            if len(legal) > 1 and action.kind != "bid":
                try:
                    position_of(replay)
                except SolverError as exc:
                    if family.evaluation == "played out":
                        sampled.append((index, trick, action, legal, replay.view(seat)))
                    elif replay.phase is not Phase.PLAY:
                        result.unchecked.append(Unchecked(index, 0, action, Text(BEFORE_PLAY)))
                    else:
                        result.unchecked.append(Unchecked(index, trick, action, exc.message))
                else:
                    solution = solve(replay, budget_s=budget_s, line=False)
                    if action in solution.bounds and solution.is_exact(action) and solution.is_exact(solution.best):
                        score = scorer(replay, seat)
                        lost = score(solution.value) - score(solution.values[action])
                        result.exact.append(ExactReview(index, trick, action, solution.best, lost, score.unit,
                                                        score.whose))
                    else:
                        result.unchecked.append(Unchecked(index, trick, action, Text(
                            "the solver did not finish in the {s} s it was given", s=budget_s)))
        replay.apply(action)
    result.calls = review_calls(hand, seat, budget_s=calls_s, seed=seed, opponents=opponents)
    if sampled:
        result.played_out = review_played_out(hand, seat, sampled, played_out_s, seed, max_deals)
    return result


def review_played_out(hand: Any, seat: int, decisions: list[tuple[int, int, Action, list[Action], dict]],
                      budget_s: float = PLAYED_OUT_S, seed: int | None = None,
                      max_deals: int = PLAYED_OUT_DEALS) -> list[CallReview]:
    """Decisions the solver cannot take (Sixty-Six while the stock is open: ``(index, trick, made, legal, view)``,
    the view the seat had then), each valued against every action it could have taken: the cards it could not see
    are dealt again and again as it may have imagined them (what it knew then: the marriages shown, the trump taken
    for the 9; ``sampled_hand``), and from each deal every action is played out (``play_out``: the club player at
    both seats while the stock is open, the solver once it is exhausted or closed), on the same deals and with the
    same players. Values are what the hand scores for the seat (game points, negative when the other wins them)."""
    family = family_of(hand.config.game)
    players_module = import_module(family.players)
    game = hand.config.game
    rng = random.Random(seed)
    started = time.perf_counter()
    reviews = []
    for k, (index, trick, made, legal, view) in enumerate(decisions, start=1):
        review = CallReview(index, made, {a: [] for a in legal}, family.review_gap, trick=trick)
        deadline = started + budget_s * k / len(decisions)      # each decision gets its share of the time
        while review.deals < max_deals and time.perf_counter() < deadline:
            before = players_module.sampled_hand(view, rng)
            if before is None:
                break
            seeds = [rng.randrange(1 << 30) for _ in before.hands]
            for action in legal:
                after = before.copy()
                after.apply(action)
                players = [make_player(game, "club", seed=s) for s in seeds]
                review.values[action].append(float(players_module.play_out(after, seat, players)))
        reviews.append(review)
    return reviews


def _own_places(hand: Any, seat: int) -> set[int]:
    """Where in the deck's order the cards dealt to ``seat`` lie (the deal's packets, in order)."""
    places: set[int] = set()
    at = 0
    for kind, packet_seat, cards in hand.deal_packets():
        if kind == "hand" and packet_seat == seat:
            places.update(range(at, at + len(cards)))
        at += len(cards)
    return places


def _deal_before(rng: random.Random, hand: Any, index: int, seat: int, own: set[int], model: Any,
                 tries: int = FIT_TRIES) -> tuple[Any, bool]:
    """A new deal of the cards ``seat`` could not see, brought to just before the call at ``index``, and
    whether the other seats' calls before it are those ``model`` makes with the cards they got there (after
    ``tries`` deals that do not fit, the last one is used)."""
    cls, config, start = type(hand), hand.config, hand.start()
    for _ in range(tries):
        replay = cls.replay(config, [Action("deal", None, _deal_unseen(rng, hand.deck_order, own))], hand.dealer,
                            start)
        fits = True
        for action in hand.history[1:index]:
            caller = replay.to_act
            fits = fits and (caller == seat or action.kind != "bid" or model.act(replay, caller) == action)
            replay.apply(action)
        if fits:
            break
    return replay, fits


def _deal_unseen(rng: random.Random, order: tuple, own: set[int]) -> tuple:
    """The deck with the seat's own cards where they were and every other card shuffled."""
    unseen = [card for i, card in enumerate(order) if i not in own]
    rng.shuffle(unseen)
    rest = iter(unseen)
    return tuple(card if i in own else next(rest) for i, card in enumerate(order))


def _margin(hand: Any, seat: int) -> float:
    """What the finished hand scored for the seat's side less the other sides' average (partners, who share a
    side's return, count once)."""
    by_side = {hand.side_of(s): p for s, p in enumerate(hand.returns())}
    mine = by_side.pop(hand.side_of(seat))
    return mine - sum(by_side.values()) / len(by_side)
