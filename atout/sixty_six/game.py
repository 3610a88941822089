"""A set of Sixty-Six: hands until a player reaches 7 game points, the deal alternating
(`66.deal`, `66.game.target`).

>>> import random
>>> game = SixtySixGame("sixty-six", seed=1)
>>> rng = random.Random(0)
>>> while not game.is_over:
...     _ = game.apply(rng.choice(game.hand.legal_actions()))
>>> game.winner is not None and max(game.scores) >= 7
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.engine import Action, Event
from atout.errors import IllegalActionError
from atout.i18n import Text
from atout.sixty_six.config import SixtySixConfig, make_config
from atout.sixty_six.hand import SixtySixHand, SixtySixResult, shuffled_deal
from atout.sixty_six.scoring import set_winner


class SixtySixGame:
    """Hands played one after another until a player reaches the target; the deal alternates."""

    def __init__(self, game: str | SixtySixConfig = "sixty-six", seed: int | None = None,
                 options: Mapping[str, Any] | None = None, **more: Any) -> None:
        self.config = game if isinstance(game, SixtySixConfig) else make_config(game, options, **more)
        self.seed = seed
        self._rng = random.Random(seed)
        self.dealer = self._rng.randrange(2) if self.config.first_dealer == "random" else 0
        self.scores = [0, 0]
        self.carry = 0                    # game points waiting for the next hand's winner (tie_carries)
        self.results: list[SixtySixResult] = []
        self.dealers: list[int] = []
        self.winner: int | None = None
        self.completed_hands: list[SixtySixHand] = []   # every finished hand, for scores and reviews
        self.hand = self._new_hand()

    def _new_hand(self) -> SixtySixHand:
        hand = SixtySixHand(self.config, self.dealer, self.carry)
        hand.apply(shuffled_deal(self._rng.getrandbits(64)))
        self.dealers.append(self.dealer)
        return hand

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: Action | str) -> Event:
        """Apply an action to the current hand; when it ends, score it and deal the next one."""
        if self.is_over:
            raise IllegalActionError(Text("The set is over: {seat} reached {target} game points",
                                          seat=Text("Seat {n}", n=self.winner), target=self.config.target),
                                     rule="66.game.target")
        event = self.hand.apply(action)
        if self.hand.is_over:
            self._finish_hand()
        return event

    def _finish_hand(self) -> None:
        result = self.hand.result
        self.results.append(result)
        self.scores = [s + g for s, g in zip(self.scores, result.game_points, strict=True)]
        self.carry = result.carry_out
        self.winner = set_winner(self.scores, self.config.target)
        self.completed_hands.append(self.hand)
        self.dealer = 1 - self.dealer           # 66.deal: the deal alternates
        if self.winner is None:
            self.hand = self._new_hand()
