"""What every computer player shares: the interface, what a seat knows, and dealing the unseen cards.

A player answers ``act(hand, seat)`` with one of ``hand.legal_actions()``, and reads nothing of the hand but
``hand.view(seat)``: the seat's own cards and everything the table saw happen (the cards played to each
trick, who robbed the turned card, how many cards each player discarded and drew, the marriages shown, the
suit named with a led joker). So it never sees another hand, the stock, the kitty or anybody's discards.

Sixty-Six's view holds every trick played although a person may not look at earlier tricks again: the seat
saw them, and a computer remembers perfectly, as a careful player would have noted them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from atout.cards import Card, Suit
from atout.engine import Action, seat_name
from atout.errors import AtoutError
from atout.i18n import Text

LEVELS = ("beginner", "club", "expert")


def card_of(action: Action) -> Card:
    """The card an action plays (rob, discard, marriage): a player asks it only of the actions that have one."""
    assert action.card is not None, f"{action} has no card"
    return action.card


class Player:
    """A computer player of one family at one level."""

    level = "beginner"
    game_family = ""

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        self.rng = random.Random(seed)
        self.options = options

    def act(self, hand: Any, seat: int) -> Action:
        """The action this player chooses for ``seat``, which must be the seat to act."""
        if hand.to_act != seat:
            raise AtoutError(Text("{seat} is not to act: {other} is", seat=seat_name(seat),
                                  other=seat_name(hand.to_act) if hand.to_act is not None else Text("nobody")))
        legal = hand.legal_actions()
        if len(legal) == 1:
            return legal[0]
        action = self.choose(hand, seat, legal)
        return action if action in legal else legal[0]

    def choose(self, hand: Any, seat: int, legal: list[Action]) -> Action:
        """The seat's view is built once per decision, here, and everything the player reads comes from it."""
        return self.decide(hand.view(seat), legal)

    def decide(self, view: dict, legal: list[Action]) -> Action:   # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.level}>"


@dataclass
class Knowledge:
    """What one seat knows of the cards during play."""

    seat: int
    hand: list[Card]
    unseen: list[Card]                                   # cards it has not seen: other hands, or out of play
    sizes: dict[int, int]                                # how many cards each other player holds
    known: dict[int, list[Card]] = field(default_factory=dict)      # cards known to be in a hand
    forbidden: dict[int, set[Card]] = field(default_factory=dict)   # cards a hand cannot hold (voids shown)
    at_least: list[tuple[int, frozenset[Card], int]] = field(default_factory=list)  # hold >= k of these
    played: list[tuple[int, Card]] = field(default_factory=list)    # every card played so far, by seat
    # the exact dealer of this knowledge, with what it was built from (``deal_unseen`` builds it once)
    _dealer: tuple[Any, Any] | None = field(default=None, repr=False, compare=False)

    def forbid(self, seat: int, cards: Iterable[Card]) -> None:
        self.forbidden.setdefault(seat, set()).update(cards)

    def forbid_voids(self, seats: Sequence[int], cards: Sequence[Card], lead: Suit | None,
                     suit_of: Sequence[Suit | None], deck: Iterable[Card]) -> None:
        """The voids a trick showed where players must follow suit: each other seat that played to it (``seats``
        and ``cards`` in play order) a card not following ``lead`` (as ``suit_of`` gives a card's suit) holds no
        card of ``deck`` that does. ``lead`` None: the suit led is not known, nothing is learnt."""
        if lead is None:
            return
        for s, c in zip(seats[1:], cards[1:], strict=True):
            if s != self.seat and suit_of[c.index] is not lead:
                self.forbid(s, [x for x in deck if suit_of[x.index] is lead])


def deal_unseen(rng: random.Random, know: Knowledge) -> dict[int, list[Card]] | None:
    """One guess at the other hands, drawn uniformly from every deal consistent with what the seat knows: each
    player gets as many cards as it holds, the cards known to be there, none it has shown it lacks (a void, a
    renege, a card it would have announced), and the minimum counts it must hold (``at_least``).

    What the play has shown is never given up: a seat that showed out of a suit is never dealt a card of it. The
    minimum counts are partly evidence (what a bid suggests): where no deal meets them beside what was shown, they
    are left out. None when no deal meets what was shown (or the sizes cannot be met).
    """
    dealer = _dealer(know)
    return dealer.deal(rng) if dealer is not None else None


def _dealer(know: Knowledge) -> _ExactDealer | None:
    """The exact dealer of ``know`` (built once per state of the knowledge: a sampler deals hundreds of times)."""
    signature = (tuple(know.sizes.items()), tuple(know.unseen),
                 tuple(sorted((s, tuple(sorted(c.index for c in cards))) for s, cards in know.known.items())),
                 tuple(sorted((s, len(cards)) for s, cards in know.forbidden.items())),
                 tuple((s, len(cards), k) for s, cards, k in know.at_least))
    cached = know._dealer
    if cached is not None and cached[0] == signature:
        return cached[1]
    dealer = _ExactDealer.of(know, with_at_least=True)
    if dealer is None and know.at_least:
        dealer = _ExactDealer.of(know, with_at_least=False)     # the evidence does not fit what was shown
    know._dealer = (signature, dealer)
    return dealer


class _ExactDealer:
    """Uniform sampling of the deals a seat's knowledge allows, by counting them.

    The unseen cards are taken one at a time. ``ways[j]`` holds, for every state (the cards each seat still needs,
    and how many each minimum count still misses), the number of deals of cards ``j`` onwards that complete it; a
    card no hand takes lies out of play (the kitty, the stock, cards never dealt). A deal gives each card in turn a
    place in proportion to the deals that place leaves, so every consistent deal is equally likely. The counts are
    kept as floating-point numbers: only their ratios are used, and a count is zero exactly when no deal is left.
    """

    def __init__(self, know: Knowledge, pool: list[Card], seats: list[int], need: tuple[int, ...],
                 minimums: list[tuple[int, frozenset[Card], int]]) -> None:
        self.know, self.pool, self.seats = know, pool, seats
        self.start = need + tuple(missing for _k, _cards, missing in minimums)
        axes = len(self.start)
        # where each card may go: (the seat's place in ``seats``, the minimum counts it adds to)
        self.places: list[list[tuple[int, tuple[int, ...]]]] = []
        for card in pool:
            self.places.append([(k, tuple(len(seats) + j for j, (m, cards, _) in enumerate(minimums)
                                          if m == k and card in cards))
                                for k, s in enumerate(seats) if card not in know.forbidden.get(s, ())])
        done = np.zeros([n + 1 for n in self.start])
        done[(0,) * axes] = 1.0
        ways = [done]
        for places in reversed(self.places):
            after = ways[-1]
            here = after.copy()                                  # the card lies out of play
            for k, counts in places:
                taken = after
                for axis in counts:                              # a count still missing d misses max(d - 1, 0)
                    size = taken.shape[axis]
                    taken = np.take(taken, [max(d - 1, 0) for d in range(size)], axis=axis)
                target = [slice(None)] * axes
                source = [slice(None)] * axes
                target[k], source[k] = slice(1, None), slice(0, -1)
                here[tuple(target)] += taken[tuple(source)]
            ways.append(here)
        ways.reverse()
        self.ways = ways

    @classmethod
    def of(cls, know: Knowledge, with_at_least: bool) -> _ExactDealer | None:
        placed = {c for cards in know.known.values() for c in cards}
        pool = [c for c in dict.fromkeys(know.unseen) if c not in placed]
        seats = list(know.sizes)
        need = tuple(know.sizes[s] - len(know.known.get(s, ())) for s in seats)
        if any(n < 0 for n in need) or sum(need) > len(pool):
            return None
        minimums: list[tuple[int, frozenset[Card], int]] = []
        for seat, cards, k in (know.at_least if with_at_least else ()):
            if seat in know.sizes:
                missing = k - sum(1 for c in know.known.get(seat, ()) if c in cards)
                if missing > 0:
                    minimums.append((seats.index(seat), frozenset(cards), min(missing, need[seats.index(seat)] + 1)))
        dealer = cls(know, pool, seats, need, minimums)
        return dealer if dealer.ways[0][dealer.start] > 0 else None

    def deal(self, rng: random.Random) -> dict[int, list[Card]]:
        hands: dict[int, list[Card]] = {s: list(self.know.known.get(s, ())) for s in self.seats}
        state = list(self.start)
        for j, card in enumerate(self.pool):
            after = self.ways[j + 1]
            pick = rng.random() * float(self.ways[j][tuple(state)])
            chosen: tuple[int, tuple[int, ...]] | None = None
            for place in self.places[j]:
                k, counts = place
                if not state[k]:
                    continue
                moved = list(state)
                moved[k] -= 1
                for axis in counts:
                    moved[axis] = max(moved[axis] - 1, 0)
                weight = float(after[tuple(moved)])
                if pick < weight:
                    chosen, state = place, moved
                    break
                pick -= weight
            if chosen is not None:
                hands[self.seats[chosen[0]]].append(card)
            elif not after[tuple(state)]:      # rounding left the pick past every place: the last one possible
                k, counts = next(p for p in reversed(self.places[j]) if state[p[0]]
                                 and after[tuple(max(v - (i == p[0] or i in p[1]), 0) for i, v in enumerate(state))])
                state[k] -= 1
                for axis in counts:
                    state[axis] = max(state[axis] - 1, 0)
                hands[self.seats[k]].append(card)
        return hands


def sampled_deals(rng: random.Random, know: Knowledge, count: int, deadline: float) -> Iterator[dict[int, list[Card]]]:
    """The expert players' sampling: up to ``count`` guesses at the other hands (``deal_unseen``), fewer when no
    guess can be made or once ``deadline`` (a ``time.perf_counter()`` time) has passed after using one."""
    for _ in range(count):
        dealt = deal_unseen(rng, know)
        if dealt is None:
            return
        yield dealt
        if time.perf_counter() > deadline:
            return


def lowest(cards: Iterable[Card], key) -> Card:
    return min(cards, key=key)


def highest(cards: Iterable[Card], key) -> Card:
    return max(cards, key=key)


def average_values(samples: Sequence[Mapping[Action, float]], legal: Sequence[Action]) -> dict[Action, float]:
    """The mean value of each legal action over the samples that valued it."""
    totals = {a: 0.0 for a in legal}
    counts = {a: 0 for a in legal}
    for values in samples:
        for a, v in values.items():
            if a in totals:
                totals[a] += v
                counts[a] += 1
    return {a: totals[a] / counts[a] for a in legal if counts[a]}


def best_on_average(samples: Sequence[Mapping[Action, float]], legal: Sequence[Action]) -> list[Action]:
    """The legal actions of the highest mean value over the samples (``average_values``), in legal order."""
    values = average_values(samples, legal)
    top = max(values.values())
    return [a for a in legal if values.get(a) == top]


def solved_choice(rng: random.Random, know: Knowledge, count: int, budget_s: float, legal: Sequence[Action],
                  position: Callable[[dict[int, list[Card]]], Any], worth: Callable[[int], float],
                  fallback: Callable[[list[Action]], Action]) -> Action:
    """The action of ``legal`` best on average over ``count`` guesses at the unseen cards, each solved exactly in
    what is left of ``budget_s`` seconds: ``position(dealt)`` is the play position of a guess, ``worth(value)``
    what a solver value is worth to the seat. ``fallback`` chooses among the actions given it: all of ``legal``
    when no guess could be solved in time, the best ones when several are equal on average."""
    from atout.solver import solve

    deadline = time.perf_counter() + budget_s
    samples: list[dict[Action, float]] = []
    for dealt in sampled_deals(rng, know, count, deadline):
        values = solve(position(dealt), line=False, budget_s=max(0.05, deadline - time.perf_counter())).values
        samples.append({a: worth(v) for a, v in values.items()})
    if not samples:
        return fallback(list(legal))
    best = best_on_average(samples, legal)
    if len(best) > 1:
        return fallback(best)
    return best[0]
