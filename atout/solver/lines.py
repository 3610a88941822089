"""A line of play read trick by trick: who played what to each trick, and who won it.

>>> from atout.games import package_of
>>> from atout.solver import solve
>>> hand = package_of("forty-fives-partners").new_hand("forty-fives-partners", seed=3)
>>> tricks = line_by_trick(hand, solve(hand).line)
>>> [len(t.plays) for t in tricks], all(t.winner is not None for t in tricks)   # four cards a trick, and a rob
([5, 4, 4, 4, 4], True)
>>> [str(action) for _seat, action in tricks[0].plays]
['play AH', 'play 7C', 'rob 7D', 'play 8C', 'play 6C']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atout.engine import Action


@dataclass
class LineTrick:
    """One trick of a line: its number in the hand (from 1), each action with its player, in order, and who won it
    (None: the line ends before the trick does, or ends the hand there, as a declaration does); for the first, the
    cards already on the table when the line starts (``before``)."""

    number: int
    plays: list[tuple[int, Action]] = field(default_factory=list)
    winner: int | None = None
    before: list[tuple[int, Action]] = field(default_factory=list)   # the cards on the table when the line starts


def line_by_trick(hand: Any, line: list[Action]) -> list[LineTrick]:
    """``line`` (actions from ``hand``'s position, as the solver gives its best line) played on a copy of ``hand``,
    grouped by trick."""
    replay = hand.copy()
    tricks: list[LineTrick] = []
    current = LineTrick(len(replay.tricks) + 1, before=_on_the_table(hand))
    for action in line:
        seat = replay.to_act
        before = len(replay.tricks)
        replay.apply(action)
        current.plays.append((seat, action))
        if len(replay.tricks) > before:
            current.winner = replay.tricks[-1].winner
        if len(replay.tricks) > before or replay.is_over:
            tricks.append(current)
            current = LineTrick(len(replay.tricks) + 1)
    if current.plays:
        tricks.append(current)
    return tricks


def _on_the_table(hand: Any) -> list[tuple[int, Action]]:
    """The cards already played to the trick on the table, each with its player (from the table everyone sees)."""
    return [(seat, Action("play", card)) for seat, card in hand.table_view(None).trick]
