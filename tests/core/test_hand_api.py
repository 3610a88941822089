"""What every family's hand offers the same way: its legal actions as a value nobody can change from outside, and
what it starts with as a named value."""

import pytest

from atout.engine import HandStart
from atout.errors import ConfigError
from atout.five_hundred import FiveHundredHand
from atout.games import family, make_config
from atout.sixty_six import SixtySixHand

GAMES = ["forty-fives", "forty-fives-partners", "auction-forty-fives", "five-hundred", "sixty-six"]


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_cannot_be_changed_by_a_caller(game):
    hand = family(game).new_hand(game, seed=4)
    legal = hand.legal_actions()
    assert legal, "a dealt hand has something to do"
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal.clear()
    assert hand.legal_actions() == legal
    hand.apply(legal[0])      # the hand still accepts what it listed


def test_a_hand_starts_with_a_named_start_that_replays_alike():
    five_hundred = family("five-hundred").new_hand("five-hundred", seed=2, scores_before=[120, -40])
    assert five_hundred.start() == HandStart(scores_before=(120, -40))
    again = FiveHundredHand.replay(five_hundred.config, five_hundred.history, five_hundred.dealer, five_hundred.start())
    assert again.scores_before == [120, -40] and again.hands == five_hundred.hands
    config = make_config("sixty-six", {"tie_carries": True})
    sixty_six = SixtySixHand.dealt(config, seed=2, start=HandStart(carry=2))
    assert sixty_six.start() == HandStart(carry=2) and sixty_six.copy().carry == 2


def test_a_start_a_family_has_no_use_for_is_refused_by_name():
    config = make_config("sixty-six")
    with pytest.raises(ConfigError, match="a Sixty-Six hand starts with no scores"):
        SixtySixHand.begin(config, 0, HandStart(scores_before=(3, 0)))
    with pytest.raises(ConfigError, match="this hand carries no game points"):
        family("forty-fives").new_hand("forty-fives", seed=1).begin(make_config("forty-fives"), 0, HandStart(carry=1))
