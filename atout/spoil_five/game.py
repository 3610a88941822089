"""A game of Spoil Five: hands one after another, the pool carried over a spoiled hand, until a player is the target
number of counters up (s5.game.target).

>>> import random
>>> game = SpoilFiveGame("spoil-five", seed=1, players=3)
>>> rng = random.Random(0)
>>> while not game.is_over:
...     _ = game.apply(rng.choice(game.hand.legal_actions()))
>>> max(game.scores) >= 10
True
"""

from __future__ import annotations

from atout.engine import GameBase, HandStart
from atout.i18n import N_, Person, Text
from atout.spoil_five.hand import SpoilFiveHand
from atout.spoil_five.scoring import HandResult


class SpoilFiveGame(GameBase[SpoilFiveHand]):
    """Hands played one after another until a player reaches the target in counters won."""

    hand_class = SpoilFiveHand
    default_game = "spoil-five"
    TARGET_RULE = "s5.game.target"
    pool = 0          # carried over from the hands spoiled so far (s5.score.spoiled)

    def hand_start(self) -> HandStart:
        return HandStart(scores_before=tuple(self.scores), carry=self.pool)

    def score(self, result: HandResult) -> int | None:
        self.scores = list(result.scores_after)
        self.pool = result.pool_after
        best = max(self.scores)
        leaders = [seat for seat, score in enumerate(self.scores) if score == best]
        return leaders[0] if best >= self.config.target and len(leaders) == 1 else None

    def score_labels(self) -> list[Text]:
        from atout.spoil_five.explain import score_labels

        return score_labels(self.config.players)

    def over_message(self) -> Text:
        assert self.winner is not None, "only a game that is over says who won it"
        return Text("The game is over: {seat} is {score} counters up", seat=Person(self.winner),
                    score=self.scores[self.winner], you=N_("The game is over: you are {score} counters up"))
