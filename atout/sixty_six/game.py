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

from atout.engine import GameBase, HandStart, seat_name
from atout.i18n import N_, Text
from atout.sixty_six.hand import SixtySixHand, SixtySixResult
from atout.sixty_six.scoring import set_winner


class SixtySixGame(GameBase[SixtySixHand]):
    """Hands played one after another until a player reaches the target; the deal alternates (66.deal: two
    players, so passing it on is alternating)."""

    hand_class = SixtySixHand
    default_game = "sixty-six"
    TARGET_RULE = "66.game.target"
    carry = 0                 # game points waiting for the next hand's winner (tie_carries)

    def hand_start(self) -> HandStart:
        return HandStart(carry=self.carry)

    def score(self, result: SixtySixResult) -> int | None:
        self.scores = [s + g for s, g in zip(self.scores, result.game_points, strict=True)]
        self.carry = result.carry_out
        return set_winner(self.scores, self.config.target)

    def score_labels(self) -> list[Text]:
        from atout.sixty_six.explain import score_labels

        return score_labels(points=False)     # the set's scores are game points, not a hand's running points

    def over_message(self) -> Text:
        assert self.winner is not None, "only a set that is over says who won it"
        return Text("The set is over: {seat} reached {target} game points", seat=seat_name(self.winner),
                    target=self.config.target,
                    you=N_("The set is over: you reached {target} game points"))
