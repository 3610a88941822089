"""A Euchre game: hands to the target, the deal passing to the left (eu.game.target, eu.deal.rotation).

>>> import random
>>> game = EuchreGame(seed=1)
>>> rng = random.Random(0)
>>> while not game.is_over:
...     _ = game.apply(rng.choice(game.hand.legal_actions()))
>>> game.winner in (0, 1), max(game.scores) >= 10
(True, True)
"""

from __future__ import annotations

from atout.engine import GameBase
from atout.euchre.hand import EuchreHand
from atout.euchre.scoring import HandResult
from atout.i18n import Side, Text


class EuchreGame(GameBase[EuchreHand]):
    """Hands played one after another until a side reaches the target; a thrown-in hand is redealt by the next
    dealer (eu.make.all-pass, eu.deal.rotation)."""

    hand_class = EuchreHand
    default_game = "euchre"
    TARGET_RULE = "eu.game.target"

    def score(self, result: HandResult) -> int | None:
        self.scores = list(result.scores_after)
        return result.winner

    def score_labels(self) -> list[Text]:
        from atout.euchre.explain import score_labels

        return score_labels()

    def over_message(self) -> Text:
        assert self.winner is not None, "only a game that is over says who won it"
        return Text("The game is over: {side} won", side=Side(self.winner))
