"""Five Hundred scoring (`500.score.*`) and the game target (`500.game.target`).

Scores are per side: side 0 is seats 0 and 2, side 1 seats 1 and 3.

>>> from atout.five_hundred.config import make_config
>>> config = make_config("five-hundred")
>>> r = score_hand(config, config.contract("8S"), contractor_side=1, tricks_won=[2, 8], scores_before=[100, 200])
>>> r.scores_after, r.made
([120, 440], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from atout.engine import ScoredResult, ScoreLine
from atout.five_hundred.config import MAX_TRICKS, SIDES, Contract, FiveHundredConfig

SLAM_VALUE = 250        # 500.score.slam
DEFENDER_TRICK = 10     # 500.score.defenders


@dataclass
class HandResult(ScoredResult):
    contract: Contract | None       # None when the hand was thrown in
    contractor: int | None          # the seat that won the auction
    contractor_side: int | None
    tricks_won: list[int]           # per side
    points: list[int]               # what each side scored this hand
    scores_before: list[int]
    scores_after: list[int]
    made: bool | None = None
    slam: bool = False
    thrown_in: bool = False
    capped: list[bool] = field(default_factory=lambda: [False] * SIDES)   # option must_bid_to_win
    winner: int | None = None       # the side that won the game with this hand, if any
    target: int = 500               # the game's target, for the sentence that ends it
    minus_target_loses: bool = False  # option must_bid_to_win: a side at minus the target loses

    @property
    def bid(self) -> str | None:
        return self.contract.call if self.contract is not None else None

    def score_line(self) -> ScoreLine:
        """The hand on a score sheet: per side, what it scored, its tricks and its totals; the contract."""
        return ScoreLine([a - b for a, b in zip(self.scores_after, self.scores_before, strict=True)],
                         list(self.tricks_won), list(self.scores_before), list(self.scores_after),
                         self.contractor_side, self.bid, self.made)


def contract_points(contract: Contract, tricks: int) -> tuple[int, bool, bool]:
    """What the contractors score with ``tricks`` tricks: (points, made, slam).

    500.score.contract: the bid's value if made, else minus it; no bonus for extra tricks, except
    500.score.slam: all ten on a bid worth less than 250 scores 250. Misère is made by taking none.
    """
    if contract.misere:
        made = tricks == 0
        return (contract.value if made else -contract.value), made, False
    if tricks < contract.tricks:
        return -contract.value, False, False
    if tricks == MAX_TRICKS and contract.value < SLAM_VALUE:
        return SLAM_VALUE, True, True
    return contract.value, True, False


def score_hand(config: FiveHundredConfig, contract: Contract, contractor_side: int, tricks_won: Sequence[int],
               scores_before: Sequence[int], contractor: int | None = None) -> HandResult:
    """Score a finished hand from the tricks each side took."""
    points = [0] * SIDES
    capped = [False] * SIDES
    made = slam = False
    for side in range(SIDES):
        if side == contractor_side:
            points[side], made, slam = contract_points(contract, tricks_won[side])
            continue
        earned = DEFENDER_TRICK * tricks_won[side]                      # 500.score.defenders
        if contract.misere and config.misere_defenders == "none":
            earned = 0                                                   # 500.bid.misere, that reading
        if config.must_bid_to_win:
            # 500.game.target, option must_bid_to_win: trick points never take a side to the target.
            ceiling = max(scores_before[side], config.target - DEFENDER_TRICK)
            if scores_before[side] + earned > ceiling:
                earned = ceiling - scores_before[side]
                capped[side] = True
        points[side] = earned
    after = [b + p for b, p in zip(scores_before, points, strict=True)]
    result = HandResult(contract, contractor, contractor_side, list(tricks_won), points, list(scores_before), after,
                        made, slam, capped=capped, target=config.target,
                        minus_target_loses=config.must_bid_to_win)
    result.winner = game_winner(config, after, contractor_side, made)
    return result


def thrown_in(scores_before: Sequence[int]) -> HandResult:
    """500.bid.all-pass: nobody bid; nothing is scored."""
    return HandResult(None, None, None, [0] * SIDES, [0] * SIDES, list(scores_before), list(scores_before),
                      thrown_in=True)


def game_winner(config: FiveHundredConfig, scores: Sequence[int], contractor_side: int | None,
                made: bool | None) -> int | None:
    """The side that has won the game after a hand, or None while it goes on (500.game.target).

    The first side to reach the target wins; if both do in the same hand, the contractors. With
    must_bid_to_win, only contractors who made their bid win by reaching it, and a side at minus the
    target loses.
    """
    target = config.target
    if config.must_bid_to_win:
        if made and contractor_side is not None and scores[contractor_side] >= target:
            return contractor_side
        for side in range(SIDES):
            if scores[side] <= -target:
                return 1 - side
        return None
    reached = [side for side in range(SIDES) if scores[side] >= target]
    if not reached:
        return None
    if contractor_side in reached:
        return contractor_side
    return reached[0]
