"""Forty-Fives scoring: per trick, the best card, partnerships, the auction (`45.score.*`, `a45.score.*`).

>>> from atout.forty_fives.config import make_config
>>> r = score_hand(make_config("forty-fives"), [3, 1, 1], best_seat=0, scores_before=[0, 0, 0])
>>> r.points
[20, 5, 5]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from atout.cards import Card
from atout.engine import ScoredResult, ScoreLine
from atout.forty_fives.config import FortyFivesConfig, bid_level

TRICK_POINTS = 5        # 45.score.tricks / a45.score.tricks: 5 a trick (and 5 for the best card)


@dataclass
class HandResult(ScoredResult):
    points: list[int]            # what each player (or side) took in the hand
    scores_before: list[int]
    scores_after: list[int]
    tricks_won: list[int]        # per player
    best_card: Card | None
    best_seat: int | None
    bidder: int | None = None
    bid: str | None = None
    made: bool | None = None
    thrown_in: bool = False
    partners: bool = False
    taken: list[int] | None = None       # the trick points each player (or side) took, before the scoring method
    side_tricks: list[int] | None = None  # tricks per player (or side)
    scoring: str = "individual"          # how taken points became points: individual, net, tricks or auction
    held_at_100: list[int] | None = None  # a45.score.over-100: the players (or sides) at 100 or more, nothing added
    by_side: bool = False                # the points are per side (partnerships), not per player

    def score_line(self) -> ScoreLine:
        """The hand on a score sheet: per player (or side), what it scored, its tricks (none in a hand thrown in)
        and its totals; the contract in the Auction."""
        tricks = self.side_tricks if self.side_tricks is not None else [0] * len(self.points)
        unit = None if self.bidder is None else self.bidder % 2 if self.by_side else self.bidder
        return ScoreLine([a - b for a, b in zip(self.scores_after, self.scores_before, strict=True)], list(tricks),
                         list(self.scores_before), list(self.scores_after), unit, self.bid, self.made)


def score_hand(config: FortyFivesConfig, tricks_won: Sequence[int], best_seat: int | None,
               scores_before: Sequence[int], bidder: int | None = None, bid: str | None = None) -> HandResult:
    """Score a finished hand from the tricks each player took and who took the best card."""
    n = config.players
    sides = config.sides
    # 45.score.tricks / a45.score.tricks: 5 a trick, 5 more for the best card (not in partnerships).
    taken = [TRICK_POINTS * t for t in tricks_won]
    if best_seat is not None and config.scores_best_card:
        taken[best_seat] += 5
    side_taken = [0] * sides
    side_tricks = [0] * sides
    for seat in range(n):
        side_taken[config.side_of(seat)] += taken[seat]
        side_tricks[config.side_of(seat)] += tricks_won[seat]
    made = None
    held: list[int] = []
    if config.auction:
        assert bidder is not None and bid is not None, "an auction hand is scored with its bidder and bid"
        points = list(side_taken)
        bidder_side = config.side_of(bidder)
        level = bid_level(bid)
        if level > 30:
            made = side_tricks[bidder_side] == 5
            value = 60 if level == 31 else 120
            points[bidder_side] = value if made else -value // 2
        else:
            made = side_taken[bidder_side] >= level
            points[bidder_side] = side_taken[bidder_side] if made else -level
        # a45.score.over-100: at 100 or more, only a made bid scores (a failed one still costs).
        for side in range(sides):
            if scores_before[side] >= 100 and side != bidder_side:
                held.append(side)
                points[side] = 0
    elif config.game == "forty-fives-partners":
        if config.scoring == "net":
            points = [max(0, side_taken[s] - side_taken[1 - s]) for s in range(2)]
        else:
            points = [10 if side_tricks[s] == 5 else 5 if side_tricks[s] >= 3 else 0 for s in range(2)]
    else:
        points = list(taken)
    after = [b + p for b, p in zip(scores_before, points, strict=True)]
    method = "auction" if config.auction else config.scoring if config.game == "forty-fives-partners" else "individual"
    return HandResult(points, list(scores_before), after, list(tricks_won), None, best_seat, bidder, bid, made,
                      partners=config.game == "forty-fives-partners", taken=side_taken, side_tricks=side_tricks,
                      scoring=method, held_at_100=held, by_side=config.has_partners)


def game_winner(config: FortyFivesConfig, scores: Sequence[int], bidder_side: int | None = None,
                made: bool | None = None) -> int | None:
    """The winning player or side after a hand, or None when the game goes on (45.game.target, a45.game.target)."""
    reached = [s for s in range(len(scores)) if scores[s] >= config.target]
    if not reached:
        return None
    if config.auction and made and bidder_side in reached:
        return bidder_side
    top = max(scores[s] for s in reached)
    leaders = [s for s in reached if scores[s] == top]
    return leaders[0] if len(leaders) == 1 else None
