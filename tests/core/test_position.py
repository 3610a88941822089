"""Positions as text round-trip for every game, and malformed ones say what is wrong."""

import random

import pytest

from atout.errors import AtoutError, NotationError
from atout.games import available_games, family
from atout.position import hand_from_text, parse_position, position_text


@pytest.mark.parametrize("game", available_games())
def test_round_trip_at_every_stage(game):
    for seed in range(25):
        hand = family(game).new_hand(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 30)):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))
        text = position_text(hand)
        again = hand_from_text(text)
        assert again.hands == hand.hands
        assert again.history[1:] == hand.history[1:]
        assert [again.view(s) for s in range(len(hand.hands))] == [hand.view(s) for s in range(len(hand.hands))]
        assert position_text(again) == text


def test_a_position_typed_by_hand():
    text = """game: forty-fives
options: players=2
dealer: 1
seat 0: 5H JH AD 2C 3S
seat 1: KS QS JS 10S 9S
turn-up: 7H
actions: play 5H"""
    hand = hand_from_text(text)
    assert hand.trump.letter == "H" and hand.trick.cards[0].code == "5H"
    assert [c.code for c in hand.hands[1]] == ["KS", "QS", "JS", "10S", "9S"]


@pytest.mark.parametrize("text, message", [
    ("", "starting with 'game"),
    ("game: canasta", "one of forty-fives"),
    ("game: forty-fives\nseat 0 5H", "has no colon"),
    ("game: forty-fives\nhands: 5H", "unknown key 'hands'"),
    ("game: forty-fives\noptions: players=2\nseat 0: 5H JH AD 2C\nseat 1: KS QS JS 10S 9S\nturn-up: 7H",
     "seat 0 is dealt 5 cards; the position gives 4"),
    ("game: forty-fives\noptions: players=2\nseat 0: 5H JH AD 2C 5H\nseat 1: KS QS JS 10S 9S\nturn-up: 7H",
     "5H appears twice"),
    ("game: five-hundred\nseat 0: 2S", "2S is not in the deck"),
    ("game: forty-fives\noptions: players=2\nseat 0: 5H JH AD 2C 3S\nseat 1: KS QS JS 10S 9S\nturn-up: 7H\n"
     "actions: play 5H", "action 1 (play 5H) cannot be played"),
    ("game: forty-fives\nseat 0: 1H", "'1H' is not a card"),
])
def test_malformed_positions_say_what_is_wrong(text, message):
    with pytest.raises(AtoutError) as info:
        hand_from_text(text) if "seat" in text or "actions" in text else parse_position(text)
    assert message in str(info.value)
    assert isinstance(info.value, NotationError) or "twice" in message
