"""Deal codes round-trip, catch typos, and give every student the teacher's cards."""

import random

import pytest

from atout.dealcode import ALPHABET, GAMES, DealSpec, deal, decode, encode
from atout.errors import NotationError


def test_round_trip_for_every_game():
    rng = random.Random(5)
    for game in GAMES:
        for players in (2, 3, 4, 6):
            spec = DealSpec.random(game, players, dealer=players - 1, rng=rng)
            assert decode(encode(spec)) == spec


def test_every_single_character_typo_is_caught():
    code = encode(DealSpec("auction-forty-fives", 4, 3, 2_918_273_645)).replace("-", "")
    for i, original in enumerate(code):
        for char in ALPHABET:
            if char != original:
                with pytest.raises(NotationError):
                    decode(code[:i] + char + code[i + 1:])


def test_swapped_neighbours_are_caught():
    code = encode(DealSpec("forty-fives", 3, 0, 1_234_567_891)).replace("-", "")
    for i in range(len(code) - 1):
        if code[i] != code[i + 1]:
            swapped = code[:i] + code[i + 1] + code[i] + code[i + 2:]
            with pytest.raises(NotationError):
                decode(swapped)


@pytest.mark.parametrize("text, message", [
    ("034-003R", "has 11 letters and digits"),
    ("034-003R-J0U", "'U' is not used in deal codes"),
    ("", "has 11 letters and digits"),
])
def test_malformed_codes_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        decode(text)


def test_the_same_code_deals_the_same_cards():
    code = encode(DealSpec("forty-fives", 3, 1, 99))
    first, second = deal(code), deal(code.lower())
    assert first.hands == second.hands and first.turned_card is second.turned_card
    assert first.dealer == 1 and len(first.hands) == 3


@pytest.mark.parametrize("dash", ["\u2013", "\u2014", "\u2212", "\u2011", "\u2010", "\u2012"])
def test_a_code_pasted_with_the_dashes_slides_and_word_processors_write_is_the_same_code(dash):
    code = encode(DealSpec("five-hundred", 4, 2, 987654))
    assert decode(code.replace("-", dash)) == decode(code)
    assert decode(f" {code.replace('-', dash + chr(0xA0))} ") == decode(code)
