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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.cards import Card
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

    def forbid(self, seat: int, cards: Iterable[Card]) -> None:
        self.forbidden.setdefault(seat, set()).update(cards)


def deal_unseen(rng: random.Random, know: Knowledge, tries: int = 40) -> dict[int, list[Card]] | None:
    """One guess at the other hands: the unseen cards dealt so that each player gets as many as it holds,
    the cards known to be there, none it has shown it lacks, and the minimum counts it must hold.

    The most constrained hands are dealt first; a failed attempt is retried with a new shuffle, then the
    minimum counts and finally the voids are given up rather than returning nothing (returns None only
    when the sizes themselves cannot be met).
    """
    placed = {c for cards in know.known.values() for c in cards}
    pool = [c for c in know.unseen if c not in placed]
    seats = list(know.sizes)
    need = {s: know.sizes[s] - len(know.known.get(s, ())) for s in seats}
    if any(n < 0 for n in need.values()) or sum(need.values()) > len(pool):
        return None
    for attempt in range(tries + 2):
        use_forbidden = attempt < tries + 1
        use_at_least = attempt < tries
        result = _try_deal(rng, pool, seats, need, know, use_forbidden, use_at_least)
        if result is not None:
            return result
    return None


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


def _try_deal(rng: random.Random, pool: Sequence[Card], seats: list[int], need: dict[int, int], know: Knowledge,
              use_forbidden: bool, use_at_least: bool) -> dict[int, list[Card]] | None:
    remaining = list(pool)
    rng.shuffle(remaining)
    forbidden = know.forbidden if use_forbidden else {}

    def allowed(s: int) -> list[Card]:
        bad = forbidden.get(s)
        return [c for c in remaining if c not in bad] if bad else list(remaining)

    order = sorted(seats, key=lambda s: len(allowed(s)) - need[s])
    hands: dict[int, list[Card]] = {}
    for s in order:
        options = allowed(s)
        if len(options) < need[s]:
            return None
        chosen: list[Card] = []
        if use_at_least:
            for seat, cards, k in know.at_least:
                if seat != s:
                    continue
                have = sum(1 for c in know.known.get(s, ()) if c in cards)
                extra = [c for c in options if c in cards]
                want = max(0, k - have)
                if len(extra) < want or want > need[s]:
                    return None
                chosen += extra[:want]
        taken = set(chosen)
        rest = [c for c in options if c not in taken]
        chosen += rest[:need[s] - len(chosen)]
        if len(chosen) < need[s]:
            return None
        hands[s] = list(know.known.get(s, ())) + chosen
        gone = set(chosen)
        remaining = [c for c in remaining if c not in gone]
    return hands


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
