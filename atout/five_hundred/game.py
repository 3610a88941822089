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

from atout.engine import GameBase
from atout.five_hundred.hand import FiveHundredHand
from atout.five_hundred.scoring import HandResult
from atout.i18n import Side, Text


class FiveHundredGame(GameBase[FiveHundredHand]):
    """Hands played one after another until a side wins; a thrown-in hand is redealt by the next dealer
    (the deal passes to the left after every hand, a throw-in included: 500.deal.rotation, 500.bid.all-pass)."""

    hand_class = FiveHundredHand
    default_game = "five-hundred"
    TARGET_RULE = "500.game.target"

    def score(self, result: HandResult) -> int | None:
        self.scores = list(result.scores_after)
        return result.winner

    def score_labels(self) -> list[Text]:
        from atout.five_hundred.explain import score_labels

        return score_labels()

    def over_message(self) -> Text:
        assert self.winner is not None, "only a game that is over says who won it"
        return Text("The game is over: {side} won", side=Side(self.winner))
