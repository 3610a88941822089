"""Hand evaluation over the unseen cards: stoppable, with progress, and right where the answer is sure."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import KING, QUEEN, Card
from atout.evaluate import EvaluationError, evaluate
from atout.games import package_of
from atout.players import make_player
from atout.position import hand_from_text
from atout.solver import solve
from tests.registry import games_with_an_auction

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
    hand = package_of("forty-fives").new_hand("forty-fives", seed=2, players=3)
    while hand.phase.value != "play" or hand.rob_offer is not None:
        hand.apply(hand.legal_actions()[0])
    seen = []
    result = evaluate(hand, hand.to_act, samples=50, seed=1, stop=lambda: len(seen) >= 7,
                      progress=lambda done, total: seen.append((done, total)))
    assert result.stopped and result.samples == 7
    assert seen == [(i, 50) for i in range(1, 8)]
    assert result.low <= result.mean <= result.high


@pytest.mark.parametrize("game", games_with_an_auction())
def test_bidding_phases_are_refused(game):
    hand = package_of(game).new_hand(game, seed=1)
    with pytest.raises(EvaluationError, match="during play"):
        evaluate(hand, hand.to_act, samples=3)


def test_any_seat_is_evaluated_whoever_is_to_act():
    """Seat 0 holds the five top trumps and seat 1 is to act: whatever the others hold, seat 0's side takes every
    trick; seat 2, who cannot see seat 0's cards, is not so sure."""
    hand = hand_from_text(TOP_TRUMPS.replace("seat 0: 2C 3C 4C 6C 7C\nseat 1: 5H JH AH KH QH",
                                             "seat 0: 5H JH AH KH QH\nseat 1: 2C 3C 4C 6C 7C"))
    assert hand.to_act == 1
    assert set(evaluate(hand, 0, samples=6, seed=2).values) == {25}
    assert len(set(evaluate(hand, 2, samples=12, seed=2).values)) > 1


def test_a_suggested_target_is_the_contract_or_setting_it():
    from atout.evaluate import suggested_target

    five = hand_from_text("game: five-hundred\ncontract: 2 8S\nseat 0: AD\nseat 1: 4H\nseat 2: 8S\nseat 3: 10D\n"
                          "trick: 2\nwon: 2 3 1 3")
    assert [suggested_target(five, s) for s in range(4)] == [8, 3, 8, 3]
    auction = hand_from_text("game: auction-forty-fives\ncontract: 1 20\ntrump: H\nseat 0: 2C\nseat 1: 3C\n"
                             "seat 2: 4C\nseat 3: 6C\ntrick: 0\nwon: 1 1 1 1")
    assert [suggested_target(auction, s) for s in range(4)] == [15, 20, 15, 15]      # each defender alone
    assert suggested_target(hand_from_text(TOP_TRUMPS), 0) == 15
    assert suggested_target(package_of("forty-fives").new_hand("forty-fives", seed=1, players=4), 0) == 10
    assert suggested_target(package_of("sixty-six").new_hand("sixty-six", seed=1), 0) == 1


def test_a_stop_during_a_deal_does_not_count_it():
    hand = package_of("five-hundred").new_hand("five-hundred", seed=3)
    for action in ("bid 7H", "bid pass", "bid pass", "bid pass"):
        hand.apply(action)
    for card in list(hand.hands[hand.to_act])[:3]:
        hand.apply(f"discard {card.code}")
    calls = []

    def stop() -> bool:              # asked before each deal and inside its search: stops inside the first
        calls.append(1)
        return len(calls) > 1

    result = evaluate(hand, hand.to_act, samples=10, seed=1, stop=stop)
    assert result.samples == 0 and result.stopped


def test_an_unknown_level_is_refused_with_the_levels():
    hand = package_of("sixty-six").new_hand("sixty-six", seed=1)
    with pytest.raises(EvaluationError, match="unknown level 'grandmaster': the levels are beginner, club, expert"):
        evaluate(hand, 0, samples=3, level="grandmaster")


# --- Sixty-Six: the other hand and the stock dealt, the open stock played out, the rest solved -----------------

GAME_POINTS = {-3, -2, -1, 1, 2, 3}      # without tie_carries a hand always has a winner


def club_steps(hand, steps: int, rng: random.Random | None = None):
    """``steps`` actions of club players (or, with ``rng``, random legal actions: exchanges, closes, marriages)."""
    club = [make_player("sixty-six", "club", seed=s) for s in range(2)]
    for _ in range(steps):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.apply(rng.choice(legal) if rng is not None else club[hand.to_act].act(hand, hand.to_act))
    return hand


@pytest.mark.parametrize("seed,steps", [(1, 0), (2, 5), (3, 9)])
def test_sixty_six_figures_are_consistent(seed, steps):
    hand = club_steps(package_of("sixty-six").new_hand("sixty-six", seed=seed), steps)
    assert hand.stock_open
    for seat in (0, 1):                     # either seat, whoever is to act
        result = evaluate(hand, seat, samples=30, target=1, seed=seed)
        assert result.unit == "game points" and result.samples == 30 and not result.stopped
        assert set(result.values) <= GAME_POINTS
        assert result.mean == pytest.approx(sum(result.values) / 30)
        assert -3 <= min(result.values) <= result.mean <= max(result.values) <= 3
        assert result.low <= result.mean <= result.high and result.error > 0
        assert result.probability == sum(v > 0 for v in result.values) / 30     # target 1: the hand won
        assert sum(result.distribution.values()) == 30


def test_once_the_stock_is_exhausted_every_deal_is_the_real_one_and_solved():
    """Every unseen card is then the opponent's: each deal is the position itself, valued as the solver does."""
    for seed in range(40):
        hand = package_of("sixty-six").new_hand("sixty-six", seed=seed)
        club = [make_player("sixty-six", "club", seed=s) for s in range(2)]
        while not hand.is_over and not (hand.is_strict and hand.closer is None):
            hand.apply(club[hand.to_act].act(hand, hand.to_act))
        if not hand.is_over:
            break
    assert not hand.is_over and hand.face_down == 0
    seat = hand.to_act
    solution = solve(hand)
    for who, sign in ((seat, 1), (1 - seat, -1)):
        result = evaluate(hand, who, samples=5, seed=1)
        assert result.values == [sign * solution.value] * 5


STRONG = "AH 10H KH QH AS 10S"        # the trump marriage, the top trumps and the top spades
JUNK = "9C JC 9D JD 9S JS"


def test_a_near_certain_winner_evaluates_higher_than_junk_on_the_same_deal():
    from tests.core.test_sixty_six_hand import deal

    hand = deal(STRONG, JUNK, "JH")      # seat 1 (the non-dealer) holds STRONG and leads; hearts are trumps
    assert hand.to_act == 1
    strong = evaluate(hand, 1, samples=40, target=1, seed=2)
    junk = evaluate(hand, 0, samples=40, target=1, seed=2)
    assert strong.mean > junk.mean and strong.low > junk.high
    assert strong.mean >= 1.5 and strong.probability >= 0.9
    assert junk.mean < 0


def test_sixty_six_stop_and_progress():
    hand = package_of("sixty-six").new_hand("sixty-six", seed=6)
    seen = []
    result = evaluate(hand, hand.to_act, samples=40, seed=1, stop=lambda: len(seen) >= 5,
                      progress=lambda done, total: seen.append((done, total)))
    assert result.stopped and result.samples == 5 and seen == [(i, 40) for i in range(1, 6)]


def _hidden_from(hand, seat: int) -> set:
    """What ``seat`` cannot see, from the engine: the other hand and the stock's face-down cards."""
    return set(hand.hands[1 - seat]) | set(hand.deck_order[hand.next_card:])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 30), randomly=st.booleans(), other_seat=st.booleans(),
       strict_marriages=st.booleans())
def test_sixty_six_sampled_deals_never_give_the_opponent_a_card_the_seat_has_seen(seed, steps, randomly, other_seat,
                                                                                  strict_marriages):
    from atout.players.sixty_six import Table, deal_hidden
    from atout.sixty_six import SixtySixHand
    from atout.sixty_six.ranking import strict_plays

    hand = package_of("sixty-six").new_hand("sixty-six", seed=seed, strict_marriages=strict_marriages)
    hand = club_steps(hand, steps, random.Random(seed) if randomly else None)
    if hand.is_over:
        return
    seat = 1 - hand.to_act if other_seat else hand.to_act
    opp = 1 - seat
    view = hand.view(seat)
    played = {c for t in hand.tricks for c in t.cards} | set(hand.trick)
    seen = set(hand.hands[seat]) | played | ({hand.turn_up} if hand.turn_up is not None else set())
    still_shown = {c for who, suit, _ in hand.marriages if who == opp
                   for c in (Card.of(KING, suit), Card.of(QUEEN, suit))} & set(hand.hands[opp])
    if hand.exchanged_by == opp and hand.turned_card in hand.hands[opp]:
        still_shown.add(hand.turned_card)
    rng = random.Random(seed)
    for _ in range(8):
        other, stock = deal_hidden(rng, Table(view))
        assert not set(other) & seen and not set(stock) & seen        # nothing the seat has seen elsewhere
        assert set(other) | set(stock) == _hidden_from(hand, seat)   # exactly the cards it has not seen
        assert len(other) == len(hand.hands[opp]) and len(stock) == hand.face_down
        assert still_shown <= set(other)                             # shown marriages, the trump taken for the 9
        # the other seat could have played its strict replies from this hand (66.strict.follow)
        strict_from = sum(hand.tricks_at_close) if hand.closer is not None else 6
        held = list(other) + [c for i, c in enumerate(hand.trick) if (hand.leader + i) % 2 == opp]
        for trick in reversed(hand.tricks[strict_from:]):
            if trick.leader == seat:
                reply = trick.cards[1]
                held.append(reply)
                assert reply in strict_plays(held, trick.cards[0], hand.trump)
            else:
                held.append(trick.cards[0])
        # the seat cannot tell the imagined hand from the real one
        assert SixtySixHand.from_view(view, other, stock).view(seat) == view


def test_an_imagined_sixty_six_hand_must_complete_the_view():
    from atout.errors import PositionError
    from atout.players.sixty_six import Table, deal_hidden
    from atout.sixty_six import SixtySixHand

    hand = package_of("sixty-six").new_hand("sixty-six", seed=3)
    view = hand.view(0)
    other, stock = deal_hidden(random.Random(1), Table(view))
    mine = view["hand"][0]
    with pytest.raises(PositionError, match="cards Player 1 has not seen, each once"):
        SixtySixHand.from_view(view, [mine] + other[1:], stock)
    with pytest.raises(PositionError, match="the other hand holds 6 cards and the stock 11 face down, not 5 and 11"):
        SixtySixHand.from_view(view, other[1:], stock)
    assert hand.view(0) == view and SixtySixHand.from_view(view, other, stock).view(0) == view


def test_sixty_six_deals_may_be_played_out_by_experts():
    hand = club_steps(package_of("sixty-six").new_hand("sixty-six", seed=2), 8)
    result = evaluate(hand, hand.to_act, samples=3, seed=1, budget_s=0.4, level="expert")
    assert result.samples == 3 and set(result.values) <= GAME_POINTS
