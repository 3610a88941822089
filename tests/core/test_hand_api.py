"""What every family's hand offers the same way: its legal actions as a value nobody can change from outside, and
what it starts with as a named value."""

import pytest

from atout.engine import HandStart
from atout.errors import ConfigError
from atout.five_hundred import FiveHundredHand
from atout.games import available_games, make_config, package_of
from atout.sixty_six import SixtySixHand
from tests.registry import games_in_partnerships

GAMES = available_games()


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_cannot_be_changed_by_a_caller(game):
    hand = package_of(game).new_hand(game, seed=4)
    legal = hand.legal_actions()
    assert legal, "a dealt hand has something to do"
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal.clear()
    assert hand.legal_actions() == legal
    hand.apply(legal[0])      # the hand still accepts what it listed


def test_a_hand_starts_with_a_named_start_that_replays_alike():
    five_hundred = package_of("five-hundred").new_hand("five-hundred", seed=2, scores_before=[120, -40])
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
        dealt = package_of("forty-fives").new_hand("forty-fives", seed=1)
        dealt.begin(make_config("forty-fives"), 0, HandStart(carry=1))


def _played_out(game, seed):
    from atout.engine import Phase

    hand = package_of(game).new_hand(game, seed=seed)
    while not hand.is_over:
        actions = hand.legal_actions()          # the highest call while bidding, so most hands are played
        hand.apply(actions[-1] if hand.phase is Phase.BID else actions[0])
    return hand


@pytest.mark.parametrize("game", GAMES)
def test_returns_are_per_player_as_in_openspiel(game):
    """One return a seat, 0 until the hand is over; partners share their side's (and only partners do)."""
    fresh = package_of(game).new_hand(game, seed=1)
    assert fresh.returns() == [0] * fresh.config.players
    scored = False
    for seed in range(8):
        hand = _played_out(game, seed)
        returns = hand.returns()
        n = hand.config.players
        assert len(returns) == n
        for a in range(n):
            for b in range(n):
                if hand.side_of(a) == hand.side_of(b):
                    assert returns[a] == returns[b], (seed, returns)
        scored = scored or any(returns)
    assert scored, "some hand scored something"


@pytest.mark.parametrize("game", games_in_partnerships())
def test_both_partners_get_their_sides_return(game):
    for seed in range(8):
        hand = _played_out(game, seed)
        side_points = [a - b for a, b in zip(hand.result.scores_after, hand.result.scores_before, strict=True)]
        assert len(side_points) == 2
        assert hand.returns() == [side_points[hand.side_of(seat)] for seat in range(len(hand.hands))]
        assert [hand.side_of(seat) for seat in range(len(hand.hands))] == [seat % 2 for seat in range(len(hand.hands))]
        if side_points[0] != side_points[1]:
            return
    raise AssertionError("no hand in eight where the sides scored differently")


@pytest.mark.parametrize("game", available_games())
def test_a_hands_repr_names_its_trump_whichever_suit_it_is(game):
    """Clubs is suit 0: a repr that tested the trump's truth printed trump=None for clubs."""
    for seed in range(40):
        hand = package_of(game).new_hand(game, seed=seed)
        while hand.trump is None and not hand.is_over:
            hand.apply(hand.legal_actions()[-1])
        if hand.trump is not None and "trump=" in repr(hand):
            assert f"trump={hand.trump.letter}" in repr(hand), repr(hand)
