"""Positions as text round-trip for every game, and malformed ones say what is wrong."""

import random

import pytest

from atout.errors import AtoutError, NotationError
from atout.games import available_games, package_of
from atout.position import hand_from_text, parse_position, position_text


@pytest.mark.parametrize("game", available_games())
def test_round_trip_at_every_stage(game):
    for seed in range(25):
        hand = package_of(game).new_hand(game, seed=seed)
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
     "5♥ appears twice"),
    ("game: five-hundred\nseat 0: 2S", "2♠ is not in the deck"),
    ("game: forty-fives\noptions: players=2\nseat 0: 5H JH AD 2C 3S\nseat 1: KS QS JS 10S 9S\nturn-up: 7H\n"
     "actions: play 5H", "action 1 (play 5H) cannot be played"),
    ("game: forty-fives\nseat 0: 1H", "'1H' is not a card"),
])
def test_malformed_positions_say_what_is_wrong(text, message):
    with pytest.raises(AtoutError) as info:
        hand_from_text(text) if "seat" in text or "actions" in text else parse_position(text)
    assert message in str(info.value)
    assert isinstance(info.value, NotationError) or "twice" in message


@pytest.mark.parametrize("game", available_games())
def test_the_layout_has_the_places_and_counts_of_a_real_deal(game):
    from atout.position import deal_layout, position_of

    for dealer in (0, 1):
        hand = package_of(game).new_hand(game, seed=dealer + 3, dealer=dealer)
        position = position_of(hand)
        layout = deal_layout(game, position.options, dealer)
        dealt = {f"seat {s}": len(cards) for s, cards in position.hands.items()}
        dealt.update({pile: len(cards) for pile, cards in position.piles.items()})
        assert layout.places == dealt
        assert sorted(layout.deck) == sorted(hand.deck_order)
        assert set(layout.optional) <= set(layout.places)


@pytest.mark.parametrize("game, bidder, call, trump", [
    ("five-hundred", 2, "8S", None), ("five-hundred", 0, "6NT", None),
    ("auction-forty-fives", 1, "25", "D"), ("auction-forty-fives", 0, "15", None),
])
def test_contract_actions_give_the_bidder_the_contract(game, bidder, call, trump):
    from atout.position import contract_actions, hand_from_position, position_of

    position = position_of(package_of(game).new_hand(game, seed=11, dealer=3))
    position.actions = contract_actions(position, bidder, call, trump)
    hand = hand_from_position(position)
    assert hand.table_view(None).contract == (bidder, call)
    assert [a.value for a in position.actions if a.kind == "bid"].count("pass") == 3
    if trump is not None:
        assert hand.trump.letter == trump and hand.phase.value == "play"
    else:
        assert hand.phase.value in ("kitty", "trump")       # the contractor still has a choice to make


@pytest.mark.parametrize("game, bidder, call, trump, message", [
    ("auction-forty-fives", 3, "20", None, "The dealer never opens the bidding"),
    ("five-hundred", 1, "20", None, "“20” is not a call"),
    ("five-hundred", 1, "7H", "S", "Naming spades as trumps after the auction, a move in Auction Forty-Fives, is not "
                                    "part of Five Hundred: Player 2 must discard"),
    ("sixty-six", 1, "7H", None, "sixty-six has no auction"),
])
def test_a_contract_the_rules_refuse_says_why(game, bidder, call, trump, message):
    from atout.position import Position, contract_actions

    with pytest.raises(AtoutError) as info:
        contract_actions(Position(game, dealer=3 if game != "sixty-six" else 1), bidder, call, trump)
    assert message in str(info.value)


THREE = "game: forty-fives\noptions: players=3\ndealer: 0\n"


@pytest.mark.parametrize("text, message", [
    (THREE.replace("players=3", "players=3.0"), "option players of forty-fives cannot be 3.0: allowed values are 2, 3, "
                                                "4, 5, 6"),
    (THREE.replace("players=3", "players=" + "9" * 5000), "option 'players': a number has at most 18 digits; this one "
                                                          "has 5000"),
    (THREE.replace("players=3", "players=" + "[" * 5000), "option 'players': a value is a number, a word or true or "
                                                          "false, as in players=4, not '[[[["),
    (THREE.replace("players=3", "players=3 players=4"), "option 'players' is given twice: write each option once"),
    (THREE.replace("dealer: 0", "dealer: 9"), "the dealer is a seat from 0 to 2, not 9"),
    (THREE + "turn-up: 5H\nturn-up: 6H", "line 5: 'turn-up' is given twice (first on line 4): write each key once"),
    (THREE + "seat 1: 5H\nseat 01: 6H", "line 5: 'seat 1' is given twice (first on line 4)"),
    (THREE + "game: sixty-six", "line 4: 'game' is given twice (first on line 1)"),
    (THREE + "#" * 10_000, "a position has at most 10000 characters; this one has 10047"),
])
def test_a_position_core_cannot_build_is_refused_with_a_message(text, message):
    """Each of these did nothing on the What-if page (a ValueError, a RecursionError, a float player count reaching
    range()), was accepted (a dealer the game does not seat), or kept only the last of two lines (issue 12)."""
    with pytest.raises(AtoutError) as info:
        hand_from_text(text)
    assert message in str(info.value) and len(str(info.value)) < 300



def test_the_short_form_reads_its_options_as_the_text_does():
    """The short form's options are read by the same rule as the text's: a whole number, or refused by name."""
    from atout.position import compact_text, format_compact, parse_compact

    short = compact_text(package_of("forty-fives").new_hand("forty-fives", seed=3, players=3))
    assert "*players-3." in short and format_compact(parse_compact(short)) == short
    assert parse_compact(short).options == {"players": 3}
    with pytest.raises(NotationError, match="option 'players': a number has at most 18 digits; this one has 5000"):
        hand_from_text(short.replace("players-3", "players-" + "9" * 5000))


@pytest.mark.parametrize("game", available_games())
def test_a_position_written_for_a_reader_reads_back_in_their_language_and_files_stay_canonical(game):
    """The What-if page writes a position with the reader's letters and symbols (« R♥ », "trump: ♥", "play D♠");
    it reads back as the same position in that language, and the canonical text is unchanged."""
    from atout.i18n import LANGUAGES

    hand = package_of(game).new_hand(game, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    canonical = position_text(hand)
    assert "♥" not in canonical and "♠" not in canonical
    for lang in LANGUAGES:
        written = position_text(hand, lang)
        assert position_text(hand_from_text(written, lang)) == canonical, lang


def test_a_call_in_a_readers_position_is_read_in_their_suit_letters_and_a_c_in_french_is_refused():
    """« bid 7C » was read as 7 clubs whatever the reader's language: in French C is cœur too."""
    from atout.engine import Action
    from atout.errors import AmbiguousCardError

    assert Action.parse("bid 7P", "fr").value == "7S" and Action.parse("bid 7♥", "ja").value == "7H"
    assert Action.parse("bid 7nt", "fr").value == "7NT" and Action.parse("bid 7C").value == "7C"
    assert Action("bid", None, "7H").written("fr") == "bid 7♥" and str(Action("bid", None, "7H")) == "bid 7H"
    with pytest.raises(AmbiguousCardError):
        Action.parse("bid 7C", "fr")
    text = "game: five-hundred\ndealer: 0\ncontract: 1 7P\nseat 0: AD KS\nseat 1: 4H JH\nseat 2: 8S KC\n" \
           "seat 3: 10D AS\ntrick: 0"
    assert parse_position(text, "fr").ending.contract == (1, "7S")
