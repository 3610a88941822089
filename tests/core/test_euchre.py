"""Euchre's own rules (tests/data/rules/euchre.md), beyond what the conformance suite checks over every registered
game: the bowers, making trumps in two rounds, the dealer's pickup, going alone, the scoring, the options; the
solver against a brute-force search; its computer players at every level."""

from __future__ import annotations

import random

import pytest

from atout.cards import Card, Suit, parse_cards
from atout.engine import Action, Phase
from atout.errors import IllegalActionError
from atout.euchre import EuchreGame, EuchreHand, make_config
from atout.euchre.ranking import legal_plays, trick_winner, trump_order
from atout.euchre.scoring import score_hand
from atout.players import LEVELS, make_player
from atout.solver import solve_value


def test_the_bowers_head_the_trumps_and_the_left_bower_is_a_trump():
    assert [c.code for c in trump_order(Suit.SPADES)] == ["JS", "JC", "AS", "KS", "QS", "10S", "9S"]
    assert trick_winner(parse_cards("AS JC KS JS"), Suit.SPADES) == 3         # the right bower
    assert trick_winner(parse_cards("AS JC KS QS"), Suit.SPADES) == 1         # the left bower over the ace
    assert trick_winner(parse_cards("AC JC KC QC"), Suit.SPADES) == 1         # clubs led: J♣ is a trump, not a club
    # Clubs led, holding J♣ and a heart: J♣ does not follow clubs, so any card may be played.
    assert legal_plays(parse_cards("JC 9H"), parse_cards("AC"), Suit.SPADES) == parse_cards("JC 9H")
    # Trumps led with J♣, holding J♣'s printed suit and a spade: the spade must follow.
    assert legal_plays(parse_cards("9S KC"), parse_cards("JC"), Suit.SPADES) == parse_cards("9S")


@pytest.mark.parametrize(("alone", "makers", "points"), [
    (False, 3, [1, 0]), (False, 4, [1, 0]), (False, 5, [2, 0]), (True, 5, [4, 0]), (True, 4, [1, 0]),
    (False, 2, [0, 2]), (True, 0, [0, 2])])
def test_the_scoring_of_a_hand(alone, makers, points):
    result = score_hand(10, maker=0, alone=alone, tricks_won=[makers, 5 - makers], scores_before=[8, 8])
    assert result.points == points and result.euchred == (makers < 3)
    assert result.winner == (0 if points[0] >= 2 else 1 if points[1] >= 2 else None)


def dealt(seed: int = 3, dealer: int = 0, **options) -> EuchreHand:
    return EuchreHand.new("euchre", seed=seed, dealer=dealer, **options)


def test_ordering_up_gives_the_dealer_the_up_card_and_a_discard_before_the_first_lead():
    hand = dealt(dealer=0)
    up = hand.up_card
    assert hand.phase is Phase.BID and hand.to_act == 1 and [str(a) for a in hand.legal_actions()] == ["pass", "order"]
    hand.apply("pass")
    hand.apply("order")                     # seat 2, the dealer's partner, assists
    assert hand.maker == 2 and hand.trump is up.suit and {str(a) for a in hand.legal_actions()} == {
        "alone", "with-partner"}
    hand.apply("with-partner")
    assert hand.phase is Phase.DISCARD and hand.to_act == 0 and up in hand.hands[0] and len(hand.hands[0]) == 6
    hand.apply(Action("discard", up))       # the up-card itself may be discarded
    assert hand.phase is Phase.PLAY and hand.to_act == 1 and len(hand.hands[0]) == 5
    assert hand.view(1)["discard"] is None and hand.view(0)["discard"] == up


def test_the_second_round_names_any_suit_but_the_turned_down_one_and_four_passes_throw_the_hand_in():
    hand = dealt(dealer=3)
    for _ in range(4):
        hand.apply("pass")
    assert hand.phase is Phase.TRUMP and hand.turned_down and hand.to_act == 0
    names = {a.value for a in hand.legal_actions() if a.kind == "name"}
    assert names == set(Suit) - {hand.up_card.suit}
    with pytest.raises(IllegalActionError, match="turned down"):
        hand.apply(Action("name", None, hand.up_card.suit))
    for _ in range(4):
        hand.apply("pass")
    assert hand.is_over and hand.result.thrown_in and hand.returns() == [0, 0, 0, 0]


def test_stick_the_dealer_the_dealer_may_not_pass_the_second_round():
    hand = dealt(dealer=3, stick_the_dealer=True)
    for _ in range(7):
        hand.apply("pass")
    assert hand.to_act == 3 and all(a.kind == "name" for a in hand.legal_actions())
    with pytest.raises(IllegalActionError, match="stick the dealer"):
        hand.apply("pass")


def test_a_lone_maker_s_partner_sits_out_and_tricks_have_three_cards():
    hand = dealt(dealer=0)
    hand.apply("order")                     # seat 1 orders up
    hand.apply("alone")
    assert hand.sitting_out == 3 and hand.phase is Phase.DISCARD
    hand.apply(hand.legal_actions()[0])
    rng = random.Random(1)
    while not hand.is_over:
        assert hand.to_act != 3
        hand.apply(rng.choice(hand.legal_actions()))
    assert all(len(t.cards) == 3 for t in hand.tricks) and len(hand.hands[3]) == 5


def test_the_dealer_s_partner_alone_the_dealer_sits_out_and_takes_no_card():
    hand = dealt(dealer=0)
    up = hand.up_card
    hand.apply("pass")
    hand.apply("order")                     # seat 2, the dealer's partner
    hand.apply("alone")
    assert hand.sitting_out == 0 and hand.phase is Phase.PLAY and up not in hand.hands[0] and hand.to_act == 1


def test_with_the_option_the_dealer_s_partner_ordering_up_must_go_alone():
    hand = dealt(dealer=0, partner_orders_alone=True)
    hand.apply("pass")
    hand.apply("order")
    assert [str(a) for a in hand.legal_actions()] == ["alone"]
    with pytest.raises(IllegalActionError, match="must go alone"):
        hand.apply("with-partner")
    other = dealt(dealer=0, partner_orders_alone=True)
    other.apply("order")                    # seat 1 is not the dealer's partner: free to choose
    assert {str(a) for a in other.legal_actions()} == {"alone", "with-partner"}


def test_a_game_ends_when_a_side_reaches_the_target():
    game = EuchreGame("euchre", seed=2, target=5)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.hand.legal_actions()))
    assert max(game.scores) >= 5 and game.scores[game.winner] == max(game.scores)
    assert make_config("euchre", target=5).target == 5


def brute_force(hand: EuchreHand, seat: int) -> int:
    """The tricks ``seat``'s side takes from here with best play on both sides, every hand known (minimax over the
    engine's own legal plays)."""
    if hand.is_over:
        return sum(w for s, w in enumerate(hand.tricks_won) if s % 2 == seat % 2)
    mine = hand.to_act % 2 == seat % 2
    values = []
    for action in hand.legal_actions():
        after = hand.copy()
        after.apply(action)
        values.append(brute_force(after, seat))
    return max(values) if mine else min(values)


@pytest.mark.parametrize("seed", range(8))
def test_the_solver_agrees_with_brute_force_on_the_last_tricks(seed):
    rng = random.Random(seed)
    hand = dealt(seed=seed, dealer=seed % 4)
    while not hand.is_over and not (hand.phase is Phase.PLAY and len(hand.tricks) == 3 and not hand.trick.cards):
        hand.apply(rng.choice(hand.legal_actions()))
    if hand.is_over:
        pytest.skip("thrown in")
    for seat in range(4):
        value = solve_value(hand, seat)
        assert value.lo == value.hi == brute_force(hand, seat), (seed, seat)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_hands_legally(level):
    extra = {"samples": 4, "budget_s": 0.3} if level == "expert" else {}
    for seed in range(3 if level == "expert" else 12):
        hand = dealt(seed=seed, dealer=seed % 4)
        players = [make_player("euchre", level, seed=seed + s, **extra) for s in range(4)]
        while not hand.is_over:
            action = players[hand.to_act].act(hand, hand.to_act)
            assert action in hand.legal_actions()
            hand.apply(action)


def test_a_club_player_orders_up_a_strong_hand_and_passes_a_weak_one():
    hand = dealt(seed=0, dealer=0)
    up = hand.up_card
    strong = [Card.of(11, up.suit), Card.of(11, up.suit.partner), Card.of(14, up.suit)]
    view = hand.view(1)
    view["hand"] = strong + [c for c in hand.hands[1] if c not in strong][:2]
    player = make_player("euchre", "club", seed=0)
    assert player.decide(view, list(hand.legal_actions())) == Action("order")
    view["hand"] = [c for c in parse_cards("9C 10C 9D 10D 9H 10H 9S 10S") if c.suit is not up.suit][:5]
    assert player.decide(view, list(hand.legal_actions())) == Action("pass")
