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

from atout.engine import GameBase
from atout.forty_fives.hand import FortyFivesHand
from atout.forty_fives.scoring import HandResult, game_winner
from atout.i18n import N_, Person, Side, Text


class FortyFivesGame(GameBase[FortyFivesHand]):
    """Hands played one after another until a player or side reaches the target."""

    hand_class = FortyFivesHand
    default_game = "forty-fives"
    TARGET_RULE = "45.game.target"

    def score(self, result: HandResult) -> int | None:
        self.scores = list(result.scores_after)
        if result.thrown_in:
            return None
        bidder_side = self.config.side_of(result.bidder) if result.bidder is not None else None
        return game_winner(self.config, self.scores, bidder_side, result.made)

    def score_labels(self) -> list[Text]:
        from atout.forty_fives.explain import score_labels

        return score_labels(self.config.players, self.config.has_partners)

    def dealer_step(self) -> int:
        return 1 if self.config.rotation == "left" else -1   # 45.deal.rotation, a45.deal.rotation

    def over_message(self) -> Text:
        assert self.winner is not None, "only a game that is over says who won it"
        score = self.scores[self.winner]
        if self.config.has_partners:
            return Text("The game is over: {side} won with {score}", side=Side(self.winner, self.config.players),
                        score=score)
        return Text("The game is over: {seat} won with {score}", seat=Person(self.winner), score=score,
                    you=N_("The game is over: you won with {score}"))
