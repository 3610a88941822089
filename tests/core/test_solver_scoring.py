"""The solver's values in the unit the hand is scored in, for the side named (``atout.solver.scoring``), over every
registered game: the score a ``Scorer`` gives the count a hand ends with is what the engine's own scoring gave that
hand, from the hand's ``returns`` (the side's score less the other side's; a player's own with three players or more
each alone; the misère's result; Sixty-Six's game points)."""

import random

import pytest

from atout.games import available_games, family_of
from atout.solver import solve
from atout.solver.positions import adapter_of
from atout.solver.scoring import scorer
from tests.core.test_solver_reference import random_position, sixty_six_strict


def in_play(game, seeds, **options):
    for seed in seeds:
        if family_of(game).id == "sixty-six":
            hand = sixty_six_strict(seed, close=seed % 3 == 0, **options)
        else:
            hand = random_position(game, seed, 1 + seed % 5, **options)
        if hand is not None and not hand.is_over and hand.to_act is not None:
            yield seed, hand


def real_score(hand, seat, whose, contractor):
    """What the finished ``hand`` scored for ``seat``'s side, as the scorer's ``whose`` reads it."""
    returns = hand.returns()
    side_of = hand.side_of
    others = [s for s in range(len(returns)) if side_of(s) != side_of(seat)]
    if whose == "contract":
        mine = returns[contractor]
        return mine if side_of(seat) == side_of(contractor) else -mine
    if whose == "own":
        return returns[seat]
    return returns[seat] - returns[others[0]]


@pytest.mark.parametrize("game, options", [(g, {}) for g in available_games()]
                         + [("five-hundred", {"misere": True}), ("forty-fives", {"players": 2})])
def test_each_count_scores_what_the_hand_then_scores(game, options):
    checked = 0
    for seed, hand in in_play(game, range(40), **options):
        rng = random.Random(seed)
        adapter = adapter_of(hand)
        for seat in range(len(hand.hands)):
            if seat == getattr(hand, "sitting_out", None):
                continue
            score = scorer(hand, seat)
            assert score.unit == family_of(game).score_unit      # the unit the family declares it scores in
            played = hand.copy()
            while not played.is_over:
                played.apply(rng.choice(played.legal_actions()))
            count = adapter.played_value(played, seat).lo
            assert score(count) == real_score(played, seat, score.whose, score.contractor), (game, seed, seat)
            checked += 1
    assert checked >= 40


def test_partnership_forty_fives_is_valued_as_net_scoring_scores_it():
    """Issue 32: "10♣: 20 points" for a side that scores 15 with it under net scoring (20 trick points against 5).
    Every card's score is the net margin of its trick points: 2 × points − 25."""
    for _seed, hand in in_play("forty-fives-partners", range(30)):
        solution = solve(hand)
        score = scorer(hand, solution.seat)
        for lo, hi in solution.bounds.values():
            assert lo == hi and score(lo) == 2 * lo - 25
        if any(v == 20 for v in solution.values.values()):
            return
    raise AssertionError("no partnership hand with a card worth 20 trick points in 30 deals")


def test_a_score_never_falls_as_the_count_grows():
    """Bounds on a count are bounds on its score: every table only ever grows."""
    for game in available_games():
        for _seed, hand in in_play(game, range(10)):
            for seat in range(len(hand.hands)):
                score = scorer(hand, seat)
                if score.table is not None:
                    scores = [score(count) for count in sorted(score.table)]
                    assert scores == sorted(scores), (game, score.table)


@pytest.mark.parametrize("game", available_games())
def test_the_evaluation_s_scorer_from_a_view_and_the_real_cards_is_the_hand_s(game):
    """The hand evaluation reads only a seat's view and its guess at the other hands: with the real cards, each
    count scores what the hand's own scorer says."""
    checked = 0
    for _seed, hand in in_play(game, range(15)):
        adapter = adapter_of(hand)
        for seat in range(len(hand.hands)):
            if seat == getattr(hand, "sitting_out", None):
                continue
            truth = {s: list(h) for s, h in enumerate(hand.hands) if s != seat}
            mine, theirs = scorer(hand, seat), adapter.view_scorer(hand.view(seat), truth)
            assert (mine.whose, mine.unit, mine.table) == (theirs.whose, theirs.unit, theirs.table), (game, seat)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game, options", [(g, {}) for g in available_games()] +
                         [("five-hundred", {"misere": True})])
def test_solve_score_proves_the_same_score_as_the_exact_count(game, options):
    """``solve_score`` probes only where the score changes (in misère, one count): the score it proves is the score of
    the exact count, for every seat, over positions of every registered game (Five Hundred with misère too)."""
    from atout.solver import solve_score, solve_value

    checked = 0
    for _seed, hand in in_play(game, range(12), **options):
        for seat in range(len(hand.hands)):
            score = scorer(hand, seat)
            assert solve_score(hand, seat, score) == score(solve_value(hand, seat).lo), (game, _seed, seat)
            checked += 1
    assert checked >= 10
