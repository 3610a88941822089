"""A Forty-Fives game: hands to the target score, with the deal rotating (45.game.target, a45.game.target).

>>> import random
>>> game = FortyFivesGame("forty-fives", seed=1)
>>> rng = random.Random(0)
>>> while not game.is_over:
...     _ = game.apply(rng.choice(game.hand.legal_actions()))
>>> game.winner is not None and max(game.scores) >= 45
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.engine import Action, Event
from atout.errors import IllegalActionError
from atout.forty_fives.config import FortyFivesConfig, make_config
from atout.forty_fives.hand import FortyFivesHand, HandResult, shuffled_deal
from atout.forty_fives.scoring import game_winner
from atout.i18n import Text


class FortyFivesGame:
    """Hands played one after another until a player or side reaches the target."""

    def __init__(self, game: str | FortyFivesConfig = "forty-fives", seed: int | None = None,
                 options: Mapping[str, Any] | None = None, **more: Any) -> None:
        self.config = game if isinstance(game, FortyFivesConfig) else make_config(game, options, **more)
        self.seed = seed
        self._rng = random.Random(seed)
        n = self.config.players
        self.dealer = self._rng.randrange(n) if self.config.first_dealer == "random" else 0
        self.scores = [0] * self.config.sides
        self.results: list[HandResult] = []
        self.dealers: list[int] = []
        self.winner: int | None = None
        self.completed_hands: list[FortyFivesHand] = []   # every finished hand, for scores and reviews
        self.hand = self._new_hand()

    def _new_hand(self) -> FortyFivesHand:
        hand = FortyFivesHand(self.config, self.dealer, self.scores)
        hand.apply(shuffled_deal(self._rng.getrandbits(64)))
        self.dealers.append(self.dealer)
        return hand

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: Action | str) -> Event:
        """Apply an action to the current hand; when it ends, score it and deal the next one."""
        if self.is_over:
            raise IllegalActionError(Text("The game is over"), rule="45.game.target")
        event = self.hand.apply(action)
        if self.hand.is_over:
            self._finish_hand()
        return event

    def _finish_hand(self) -> None:
        result = self.hand.result
        self.results.append(result)
        self.completed_hands.append(self.hand)
        self.scores = list(result.scores_after)
        if not result.thrown_in:
            bidder_side = self.config.side_of(result.bidder) if result.bidder is not None else None
            self.winner = game_winner(self.config, self.scores, bidder_side, result.made)
        step = 1 if self.config.rotation == "left" else -1   # 45.deal.rotation, a45.deal.rotation
        self.dealer = (self.dealer + step) % self.config.players
        if self.winner is None:
            self.hand = self._new_hand()
