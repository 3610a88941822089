"""Reviewing a player's calls in the auction (Auction Forty-Fives, Five Hundred) by sampling.

"Bidding 20 instead of passing was worth about +6 points, ± 2." For each call ``seat`` made, the cards
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
from typing import Any

from atout.engine import Action
from atout.family_contract import Capability
from atout.games import family_of
from atout.players import make_player, play_hand

BUDGET_S = 3.0       # the whole review of one hand's calls takes about this long at most
MAX_DEALS = 200      # enough for an error bar of a point or two; past it the time is not worth spending
MIN_DEALS = 8        # below this no call is called clearly worse: the error bar itself is unreliable
FIT_TRIES = 100      # deals tried for one that fits the others' calls; past it the last one is used anyway
Z_95 = 1.96          # the error bar is a 95% confidence interval


@dataclass
class CallReview:
    """One call against every call the seat could have made then, on the same sampled deals."""

    index: int                                   # where the call is in the hand's history
    made: Action
    values: dict[Action, list[float]] = field(default_factory=dict)   # per call, its value on each deal
    min_gap: float = 0.0
    fitting: int = 0                             # deals on which the others' earlier calls were the model's

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
    one_trick = family.auction_scoring().ONE_TRICK
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
