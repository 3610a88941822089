"""Hand evaluation over the unseen cards: stoppable, with progress, and right where the answer is sure."""

import pytest

from atout.evaluate import EvaluationError, evaluate
from atout.games import family
from atout.position import hand_from_text

TOP_TRUMPS = """game: forty-fives-partners
dealer: 0
seat 0: 2C 3C 4C 6C 7C
seat 1: 5H JH AH KH QH
seat 2: 2D 3D 4D 6D 7D
seat 3: 2S 3S 4S 6S 7S
turn-up: 2H"""


def test_a_hand_of_the_five_top_trumps_takes_every_trick_in_every_deal():
    hand = hand_from_text(TOP_TRUMPS)
    assert hand.to_act == 1
    result = evaluate(hand, 1, samples=20, target=25, seed=3)
    assert result.samples == 20 and set(result.values) == {25}        # 5 tricks of 5 points, every time
    assert result.probability == 1.0 and result.error == 0.0 and result.distribution == {25: 20}


def test_stop_and_progress():
    hand = family("forty-fives").new_hand("forty-fives", seed=2, players=3)
    while hand.phase.value != "play" or hand.rob_offer is not None:
        hand.apply(hand.legal_actions()[0])
    seen = []
    result = evaluate(hand, hand.to_act, samples=50, seed=1, stop=lambda: len(seen) >= 7,
                      progress=lambda done, total: seen.append((done, total)))
    assert result.stopped and result.samples == 7
    assert seen == [(i, 50) for i in range(1, 8)]
    assert result.low <= result.mean <= result.high


@pytest.mark.parametrize("game", ["five-hundred", "auction-forty-fives"])
def test_bidding_phases_are_refused(game):
    hand = family(game).new_hand(game, seed=1)
    with pytest.raises(EvaluationError, match="during play"):
        evaluate(hand, hand.to_act, samples=3)


def test_only_the_side_to_act_is_evaluated_and_not_sixty_six():
    hand = hand_from_text(TOP_TRUMPS)
    with pytest.raises(EvaluationError, match="Seat 0 or a partner"):
        evaluate(hand, 0, samples=3)
    sixty_six = family("sixty-six").new_hand("sixty-six", seed=1)
    with pytest.raises(EvaluationError, match="Sixty-Six"):
        evaluate(sixty_six, sixty_six.to_act, samples=3)
