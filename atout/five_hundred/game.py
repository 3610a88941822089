"""A Five Hundred game: hands to the target, the deal passing to the left (500.game.target, 500.deal.rotation).

Random bidding climbs to ten tricks and fails, so scores drift below zero for ever; this example
opens at six spades and passes, then plays random cards:

>>> import random
>>> game = FiveHundredGame(seed=1)
>>> rng = random.Random(0)
>>> while not game.is_over:
...     legal = game.hand.legal_actions()
...     opening = game.hand.phase.value == "bid" and not game.hand.auction.calls
...     _ = game.apply(legal[1] if opening else legal[0] if legal[0].kind == "bid" else rng.choice(legal))
>>> game.winner in (0, 1), max(game.scores) >= 500
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.engine import Action, Event
from atout.errors import IllegalActionError
from atout.five_hundred.config import PLAYERS, SIDES, FiveHundredConfig, make_config
from atout.five_hundred.hand import FiveHundredHand, shuffled_deal
from atout.five_hundred.scoring import HandResult
from atout.i18n import Text


class FiveHundredGame:
    """Hands played one after another until a side wins; a thrown-in hand is redealt by the next dealer."""

    def __init__(self, game: str | FiveHundredConfig = "five-hundred", seed: int | None = None,
                 options: Mapping[str, Any] | None = None, **more: Any) -> None:
        self.config = game if isinstance(game, FiveHundredConfig) else make_config(game, options, **more)
        self.seed = seed
        self._rng = random.Random(seed)
        self.dealer = self._rng.randrange(PLAYERS) if self.config.first_dealer == "random" else 0   # 500.deal
        self.scores = [0] * SIDES
        self.results: list[HandResult] = []
        self.dealers: list[int] = []
        self.winner: int | None = None
        self.completed_hands: list[FiveHundredHand] = []
        self.hand = self._new_hand()

    def _new_hand(self) -> FiveHundredHand:
        hand = FiveHundredHand(self.config, self.dealer, self.scores)
        hand.apply(shuffled_deal(self._rng.getrandbits(64)))
        self.dealers.append(self.dealer)
        return hand

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: Action | str) -> Event:
        """Apply an action to the current hand; when it ends, score it and deal the next one."""
        if self.is_over:
            raise IllegalActionError(Text("The game is over: side {n} won", n=self.winner), rule="500.game.target")
        event = self.hand.apply(action)
        if self.hand.is_over:
            self._finish_hand()
        return event

    def _finish_hand(self) -> None:
        result = self.hand.result
        self.results.append(result)
        self.scores = list(result.scores_after)
        self.winner = result.winner
        self.completed_hands.append(self.hand)
        self.dealer = (self.dealer + 1) % PLAYERS      # 500.deal.rotation (also after a throw-in, 500.bid.all-pass)
        if self.winner is None:
            self.hand = self._new_hand()
