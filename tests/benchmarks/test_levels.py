"""The levels' experiment (``benchmarks/levels.py``): its win rates are the benchmark's to print, never a test's to
assert; what is checked here is that it measures every registered game, with seatings that give both levels the
same cards, and the arithmetic of its intervals."""

import pytest

from atout.games import GAMES, package_of
from benchmarks import levels


@pytest.mark.parametrize("game", list(GAMES))
def test_each_side_of_the_table_is_the_stronger_one_once(game):
    """Duplicate play: the stronger level takes each side of the hand in turn (partners together), so over a deal's
    seatings every seat is played once by it, and by the weaker level in every other seating."""
    hand = package_of(game).new_hand(game, seed=0)
    seats = len(hand.hands)
    sides = [hand.side_of(s) for s in range(seats)]
    seatings = levels.seatings(game)
    assert len(seatings) == len(set(sides)) >= 2
    for mine in seatings:
        assert len(mine) == seats and any(mine) and not all(mine)
        assert len({sides[s] for s in range(seats) if mine[s]}) == 1          # one side, all of its seats
    assert [sum(mine[s] for mine in seatings) for s in range(seats)] == [1] * seats


@pytest.mark.parametrize("game", list(GAMES))
def test_a_deal_is_played_in_every_seating_and_scored_for_the_stronger_level(game):
    margin, wins, hands = levels.play_deal(game, "club", "beginner", 3, {})
    assert hands == len(levels.seatings(game))
    assert 0.0 <= wins <= 1.0
    same_level_margin, same_level_wins, _ = levels.play_deal(game, "club", "club", 3, {})
    assert same_level_wins == pytest.approx(0.5) and same_level_margin == pytest.approx(0.0)  # mirrored seatings


def test_the_interval_holds_the_mean_and_narrows_with_more_deals():
    values = [float(k % 5) for k in range(400)]
    mean, low, high = levels.interval(values)
    assert low < mean < high and mean == pytest.approx(2.0)
    _, few_low, few_high = levels.interval(values[:40])
    assert few_high - few_low > high - low


def test_an_unknown_game_is_refused_with_the_games():
    with pytest.raises(SystemExit):
        levels.main(["--games", "bridge", "--deals", "1"])
