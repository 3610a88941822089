"""The review of a player's calls: sampled deals of the unseen cards, every call played out on each.

The verdicts are tested with a fixed number of deals (``max_deals``, a generous time budget) so that they do
not depend on the machine's speed; the budget is tested on its own.
"""

import random

import pytest

from atout.five_hundred.scoring import DEFENDER_TRICK as ONE_TRICK
from atout.games import package_of
from atout.position import hand_from_text
from atout.review import _deal_unseen, _own_places, review_calls
from tests.registry import games_with_an_auction

TOP_TRUMPS = """game: auction-forty-fives
dealer: 3
seat 0: 5H JH AH KH QH
seat 1: 2S 3S 4S 6S 7S
seat 2: 2C 3C 4C 6C 7C
seat 3: 2D 3D 4D 6D 7D
kitty: 8S 9S 10S JS
actions: """


def test_passing_with_the_five_top_trumps_is_clearly_worse():
    hand = hand_from_text(TOP_TRUMPS + "bid pass, bid pass, bid pass, bid pass")
    assert hand.is_over                                   # thrown in: nobody bid
    [review] = review_calls(hand, 0, budget_s=60, max_deals=30, seed=3)
    assert review.index == 1 and str(review.made) == "bid pass"
    assert review.clearly_worse and review.best.value != "pass"
    # Independent check from the rules (a45.score.bidder): 60 for 120 made scores 120, and the five top trumps take
    # every trick whatever the others hold; the others take nothing, so every deal is worth 120 to seat 0.
    top = next(a for a in review.values if a.value == "60-for-120")
    assert set(review.values[top]) == {120}
    assert review.gain >= 120 - max(review.values[review.made])


def test_the_best_bid_with_that_hand_is_not_flagged():
    hand = hand_from_text(TOP_TRUMPS + "bid 60-for-120")
    [review] = review_calls(hand, 0, budget_s=60, max_deals=30, seed=3)
    assert review.deals == 30 and not review.clearly_worse and review.gain == 0


def test_passing_with_a_hand_of_low_cards_is_not_flagged():
    hand = hand_from_text("""game: auction-forty-fives
dealer: 3
seat 0: 2S 3S 4C 6D 7C
seat 1: 5H JH AH KH QH
seat 2: 5C JC AC KC QC
seat 3: 8D 3D 4D 6H 7D
kitty: 8S 9S 10S JS
actions: bid pass""")
    [review] = review_calls(hand, 0, budget_s=60, max_deals=60, seed=3)
    assert review.deals == 60 and not review.clearly_worse


def test_five_hundred_passing_with_the_joker_and_both_bowers_is_clearly_worse():
    hand = hand_from_text("""game: five-hundred
dealer: 3
seat 0: JK JS JC AS KS QS 10S AH AD AC
seat 1: 4H 5H 6H 7H 8H 9H 10H JH QH KH
seat 2: 4D 5D 6D 7D 8D 9D 10D JD QD KD
seat 3: 5C 6C 7C 8C 9C 10C QC KC 5S 6S
kitty: 7S 8S 9S
actions: bid pass""")
    [review] = review_calls(hand, 0, budget_s=60, max_deals=16, seed=3)
    assert review.clearly_worse and review.best.value.endswith(("S", "NT"))
    assert review.gain >= ONE_TRICK


@pytest.mark.parametrize("game", games_with_an_auction())
def test_the_sampled_deals_keep_the_seat_s_hand_and_shuffle_the_rest(game):
    hand = package_of(game).new_hand(game, seed=6, dealer=1)
    rng = random.Random(1)
    players = len(hand.hands)
    for seat in range(players):
        own = _own_places(hand, seat)
        others = set()
        for _ in range(5):
            order = _deal_unseen(rng, hand.deck_order, own)
            dealt = type(hand).replay(hand.config, [hand.history[0]._replace(value=order)], hand.dealer)
            assert dealt.hands[seat] == hand.hands[seat] and sorted(order) == sorted(hand.deck_order)
            others.add(tuple(dealt.hands[(seat + 1) % players]))
        assert len(others) > 1


class StepClock:
    """A clock that moves on ``step`` seconds each time it is read: the budget's arithmetic, without the machine's
    speed (how long a review really takes is ``atout bench``'s)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_only_the_seat_s_own_calls_are_reviewed_within_the_budget(monkeypatch):
    hand = hand_from_text(TOP_TRUMPS + "bid 20, bid 25, bid pass, bid pass, bid 30")
    clock = StepClock(0.125)                 # a deal "takes" one reading of the clock (a step exact in binary)
    monkeypatch.setattr("atout.review.time", clock)
    reviews = review_calls(hand, 0, budget_s=1.0, seed=2)
    assert [r.index for r in reviews] == [1, 5] and [str(r.made) for r in reviews] == ["bid 20", "bid 30"]
    # Each call has its share of the budget. Started at 0.125 (the first reading); deals at 0.25, 0.375 and 0.5, and
    # the first call's share is over at 0.625; deals at 0.75, 0.875 and 1.0, and the budget is over at 1.125, the
    # clock's last reading.
    assert [r.deals for r in reviews] == [3, 3] and clock.now == 1.125
    monkeypatch.undo()                       # the real clock for the rest
    assert review_calls(package_of("sixty-six").new_hand("sixty-six", seed=1), 0) == []   # no auction
    assert review_calls(hand, 1, budget_s=0.1) != [] and review_calls(hand, 2, budget_s=0.1)[0].index == 3


def test_the_deals_fit_the_calls_the_others_made_before():
    from atout.players import make_player
    from atout.review import _deal_before

    club = make_player("auction-forty-fives", "club")
    for seed in range(200):       # a deal on which seat 1, first to call, passes: a club player does so when weak
        hand = package_of("auction-forty-fives").new_hand("auction-forty-fives", seed=seed, dealer=0)
        call = club.act(hand, 1)
        if call.value == "pass":
            break
    hand.apply(call)
    hand.apply("bid pass")                                                   # seat 2, the seat reviewed
    own = _own_places(hand, 2)
    rng = random.Random(4)
    fitting = 0
    for _ in range(20):
        before, fits = _deal_before(rng, hand, 2, 2, own, club)
        assert before.hands[2] == hand.hands[2] and before.to_act == 2
        fitting += fits
        assert not fits or club.act(type(hand).replay(hand.config, before.history[:1], 0), 1) == call
    unconditioned = sum(club.act(type(hand).replay(hand.config, [hand.history[0]._replace(
        value=_deal_unseen(rng, hand.deck_order, own))], 0), 1) == call for _ in range(200))
    assert fitting == 20 and unconditioned < 100            # random deals mostly contradict the pass; these do not
    [review] = review_calls(hand, 2, budget_s=60, max_deals=10, seed=1)
    assert review.fitting >= 8 and review.deals == 10


# --- the whole hand: what was checked, and how -------------------------------------------------------------------

SIXTY_SIX_BLUNDERS = ("game: sixty-six\ndealer: 1\nseat 0: QS KH JD 10D KS AD\nseat 1: 10S QH 10H JC KD 9H\n"
                      "turn-up: 9S\nstock: AH 9C 9D JS 10C AC KC QD JH QC AS\n"
                      "actions: play QS, play 9H, draw, play JD, play KD, draw, play 9C, play KS, draw, play KH, "
                      "play 9D, draw, declare")


def test_a_sixty_six_review_names_the_open_stock_blunder_and_the_false_declaration_with_their_cost():
    """Issue 32: the review said the solver found no better play after a hand whose decisions it never checked (the
    solver takes Sixty-Six only once the stock is gone or closed). Player 1 leads the Q♠ from K♠ Q♠ without
    declaring the marriage (20 points given up), then declares 66 with 11 points while the stock is open (the other
    player scores 2). Both are sampled decisions, named with what they cost and their error bar."""
    from atout.position import hand_from_text
    from atout.review import review_hand

    hand = hand_from_text(SIXTY_SIX_BLUNDERS)
    assert hand.is_over and hand.result.game_points == [0, 2] and hand.card_points[0] + hand.marriage_points[0] == 11
    review = review_hand(hand, 0, seed=1, played_out_s=600, max_deals=60)     # as many deals on any machine
    assert not review.exact and not review.unchecked and review.unit == "game points"
    decisions = {str(r.made): r for r in review.played_out}
    lead, declare = decisions["play QS"], decisions["declare"]
    # the best is a play that keeps the marriage (declaring it now, or a low lead that keeps it for later: the
    # two are within their error bars of each other, as the computer players who play the deals out judge them)
    assert lead.trick == 1 and lead.clearly_worse and str(lead.best) not in ("play QS", "play KS")
    mean = {str(a): sum(v) / len(v) for a, v in lead.values.items()}
    assert mean["marriage KS"] - mean["play QS"] > 0.5
    assert lead.gain > 0.5 and lead.gain > 2 * lead.error and lead.deals == 60
    assert declare.clearly_worse and declare.gain >= 2 and str(declare.best) != "declare"
    # every decision the player had (more than one action allowed) is accounted for, and only those
    replay = type(hand).replay(hand.config, hand.history[:1], hand.dealer)
    choices = []
    for action in hand.history[1:]:
        if replay.to_act == 0 and len(replay.legal_actions()) > 1:
            choices.append(str(action))
        replay.apply(action)
    assert choices == [str(r.made) for r in review.played_out]


def test_a_hand_s_review_checks_the_plays_exactly_and_names_what_it_did_not_check():
    """Five Hundred: the contractor's discards are not checked (the solver starts at the first lead), and the
    review says so; every play with a choice is checked exactly, its loss in the hand's score."""
    from atout.players import make_player, play_hand
    from atout.review import review_hand

    for seed in range(20):
        hand = package_of("five-hundred").new_hand("five-hundred", seed=seed)
        play_hand(hand, [make_player("five-hundred", "club", seed=s) for s in range(4)])
        if hand.contractor == 0 and not hand.contract.misere:
            break
    else:
        raise AssertionError("no Five Hundred hand bought by seat 0 in 20 deals")
    review = review_hand(hand, 0, budget_s=30, calls_s=0.2, seed=1)
    assert [u.made.kind for u in review.unchecked] == ["discard"] * 3
    assert all(u.trick == 0 and "first lead" in u.why.render("en") for u in review.unchecked)
    plays = [r for r in review.exact if r.made.kind == "play"]
    assert plays and all(r.unit == "points" and r.lost >= 0 for r in plays)
    assert all(r.lost % 10 == 0 for r in plays)          # a trick is worth 10 points to the defenders, more to it
