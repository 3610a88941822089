"""Sixty-Six game points: declaring 66, a failed close, a hand played out, the set (`66.declare`,
`66.game-points`, `66.declare.wrong`, `66.close.failed`, `66.no-declaration`, `66.game.target`).

A player's *points* are their counted points: card points of the tricks they won plus the
marriages that count (a marriage counts once its player has won a trick).

>>> declare(by=0, points=[68, 31], tricks=[4, 1]).game_points
(2, 0)
>>> declare(by=1, points=[40, 62], tricks=[2, 3]).game_points    # 62 is not 66: a wrong declaration
(2, 0)
>>> close_failed(closer=0, tricks_at_close=[3, 0]).game_points
(0, 3)
>>> no_declaration(points=[65, 65], tricks=[6, 6], last_trick=1).game_points
(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from atout.cards import Suit

TARGET_POINTS = 66      # 66.declare
HALF_POINTS = 33        # 66.game-points: below this the opponent is "schneider"
MARRIAGE_POINTS = 20    # 66.marriage
TRUMP_MARRIAGE_POINTS = 40   # 66.marriage.trump
LAST_TRICK_BONUS = 10   # 66.last-trick


@dataclass(frozen=True)
class Score:
    """The game points one hand gives, and the rule that decides them."""

    game_points: tuple[int, int]
    rule: str
    winner: int | None          # the seat that scores; None when nobody does (a carried tie)
    carried: bool = False       # tie_carries: nobody scored and a game point carries to the next hand


def marriage_value(suit: Suit, trump: Suit) -> int:
    """What a marriage in ``suit`` is worth: 40 in trumps (`66.marriage.trump`), else 20 (`66.marriage`)."""
    return TRUMP_MARRIAGE_POINTS if suit is trump else MARRIAGE_POINTS


def counted_points(card_points: int, marriage_points: int, tricks_won: int, last_trick: bool) -> int:
    """A player's counted points: card points, marriages once a trick is won (`66.marriage.pending`) and the
    last trick's 10 (`66.last-trick`).

    >>> counted_points(30, 40, 0, False), counted_points(30, 40, 1, True)
    (30, 80)
    """
    return card_points + (marriage_points if tricks_won else 0) + (LAST_TRICK_BONUS if last_trick else 0)


def _award(seat: int, points: int, rule: str) -> Score:
    game_points = [0, 0]
    game_points[seat] = points
    return Score((game_points[0], game_points[1]), rule, seat)


def game_points_for(opponent_points: int, opponent_tricks: int) -> int:
    """66.game-points: 3 if the opponent won no trick, else 1 at 33 or more, else 2.

    Won-no-trick is tested first: a trickless opponent has no counted points (their marriages wait
    for a trick), so a query claiming points without tricks still scores as the trickless case.
    """
    if opponent_tricks == 0:
        return 3
    return 1 if opponent_points >= HALF_POINTS else 2


def declare(by: int, points: Sequence[int], tricks: Sequence[int]) -> Score:
    """A player stops the play and counts: game points for a right declaration, a penalty for a wrong one."""
    other = 1 - by
    if points[by] >= TARGET_POINTS:
        return _award(by, game_points_for(points[other], tricks[other]), "66.game-points")
    return _award(other, 3 if tricks[other] == 0 else 2, "66.declare.wrong")


def declaration(by: int, points: Sequence[int], tricks: Sequence[int], closer: int | None = None,
                tricks_at_close: Sequence[int] | None = None) -> Score:
    """The score of ``by`` declaring 66 (or counting as declaring, `66.close`), the stock closed by ``closer``
    or not: a closed stock turns it into `66.close.failed` when the closer falls short, or when the closer's
    opponent reaches 66 first.

    >>> declaration(0, [70, 20], [4, 1], closer=0, tricks_at_close=[2, 0]).game_points
    (2, 0)
    >>> declaration(0, [60, 20], [4, 1], closer=0, tricks_at_close=[2, 0]).game_points
    (0, 3)
    >>> declaration(1, [50, 66], [3, 2], closer=0, tricks_at_close=[2, 1]).rule
    '66.close.failed'
    """
    reached = points[by] >= TARGET_POINTS
    if closer is None or (by == closer and reached) or (by != closer and not reached):
        return declare(by, points, tricks)
    assert tricks_at_close is not None, "a closed stock is scored with the tricks taken when it was closed"
    return close_failed(closer, tricks_at_close)


def close_failed(closer: int, tricks_at_close: Sequence[int]) -> Score:
    """66.close.failed: the closer's opponent scores 2, or 3 if they had won no trick when the stock was closed."""
    other = 1 - closer
    return _award(other, 3 if tricks_at_close[other] == 0 else 2, "66.close.failed")


def no_declaration(points: Sequence[int], tricks: Sequence[int], last_trick: int, tie_carries: bool = False) -> Score:
    """66.no-declaration: all twelve tricks played (stock not closed) and nobody declared.

    ``points`` include the 10 for the last trick. A lone player with 66 or more wins as if declared;
    otherwise the last trick's winner scores 1, unless ``tie_carries`` and neither reached 66
    (65–65): then nobody scores and a game point carries to the next hand's winner.
    """
    reached = [seat for seat in (0, 1) if points[seat] >= TARGET_POINTS]
    if len(reached) == 1:
        seat = reached[0]
        return _award(seat, game_points_for(points[1 - seat], tricks[1 - seat]), "66.no-declaration")
    if tie_carries and not reached:
        return Score((0, 0), "66.no-declaration", None, carried=True)
    return _award(last_trick, 1, "66.no-declaration")


def with_carry(score: Score, carry: int) -> Score:
    """Add the game points carried from tied hands to this hand's winner (tie_carries)."""
    if not carry or score.winner is None:
        return score
    game_points = list(score.game_points)
    game_points[score.winner] += carry
    return replace(score, game_points=(game_points[0], game_points[1]))


def set_winner(scores: Sequence[int], target: int) -> int | None:
    """66.game.target: the player who reached the target, or None while the set goes on.

    Only one player scores in a hand, so two players never reach the target together.
    """
    for seat in (0, 1):
        if scores[seat] >= target:
            return seat
    return None
