"""Computer opponents: for each game family, a beginner, a club player and an expert.

>>> from atout.forty_fives import FortyFivesHand
>>> hand = FortyFivesHand.new("forty-fives", seed=2, players=4)
>>> player = make_player("forty-fives", "club", seed=1)
>>> player.act(hand, hand.to_act) in hand.legal_actions()
True

Every player answers ``act(hand, seat)`` with one of ``hand.legal_actions()``, from what that seat may know
(``atout.players.base`` says exactly what that is). ``expert`` players take ``samples`` and ``budget_s``.
"""

from __future__ import annotations

from typing import Any

from atout.errors import ConfigError, quote
from atout.games import family_of
from atout.i18n import Series, Text
from atout.players.base import LEVELS, Knowledge, Player, deal_unseen

__all__ = ["LEVELS", "Knowledge", "Player", "deal_unseen", "make_player", "play_hand"]


def make_player(game: str, level: str = "club", seed: int | None = None, **options: Any) -> Player:
    """A computer player for a preset (``forty-fives``, ``five-hundred``, ``sixty-six``, …) at a level."""
    players = family_of(game).player_classes()
    if level not in LEVELS:
        raise ConfigError(Text("unknown level {level}: the levels are {levels}", level=quote(level),
                               levels=Series(LEVELS)))
    return players[level](seed=seed, **options)


def play_hand(hand: Any, players: list[Player]) -> Any:
    """Play ``hand`` to its end, each seat's actions chosen by ``players[seat]``; returns the hand."""
    while not hand.is_over:
        seat = hand.to_act
        hand.apply(players[seat].act(hand, seat))
    return hand
