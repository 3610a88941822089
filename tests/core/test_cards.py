"""Cards, suits and decks in the notation of the rules README."""

import pytest

from atout.cards import (
    CARDS,
    FULL_DECK,
    JOKER,
    Card,
    Suit,
    format_cards,
    parse_cards,
)
from atout.errors import CardNotInDeckError, CardParseError, DuplicateCardError
from atout.five_hundred.config import DECK as FIVE_HUNDRED_DECK
from atout.i18n import language
from atout.sixty_six.config import DECK as SIXTY_SIX_DECK

RANKS = "A K Q J 10 9 8 7 6 5 4 3 2".split()
SUITS = "CDHS"
SYMBOLS = dict(zip(SUITS, "♣♦♥♠", strict=True))
ALL_CODES = [r + s for s in SUITS for r in RANKS] + ["JK"]


def test_there_are_53_distinct_cards():
    assert len(CARDS) == 53
    assert sorted(c.code for c in CARDS) == sorted(ALL_CODES)


@pytest.mark.parametrize("code", ALL_CODES)
def test_parse_print_round_trip(code):
    card = Card.parse(code)
    assert str(card) == code == card.code
    assert Card.parse(str(card)) is card
    assert repr(card) == f"Card({code!r})"
    assert Card.parse(card) is card


@pytest.mark.parametrize("code", [r + s for s in SUITS for r in RANKS])
def test_accepted_spellings(code):
    card = Card.parse(code)
    rank, suit = code[:-1], code[-1]
    spellings = {code.lower(), code.capitalize(), rank + SYMBOLS[suit], rank.lower() + SYMBOLS[suit],
                 f"  {code}\t"}
    if rank == "10":
        spellings |= {"T" + suit, "t" + suit.lower(), "T" + SYMBOLS[suit]}
    for text in spellings:
        assert Card.parse(text) is card, text
    assert card.rank == ({"A": 14, "K": 13, "Q": 12, "J": 11}.get(rank) or int(rank))
    assert card.suit is Suit.parse(suit)


def test_joker_spellings():
    assert Card.parse("jk") is JOKER and Card.parse("Jk") is JOKER
    assert JOKER.is_joker and JOKER.suit is None and not JOKER.is_red


@pytest.mark.parametrize("text", ["1H", "11C", "ZZ", "", "   ", "10", "H", "AX", "A H", "10HH", "KK", "J", "QH,"])
def test_bad_text_is_refused_with_a_clear_message(text):
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    message = str(info.value)
    assert repr(text) in message                    # names the text
    for form in ("A K Q J 10 9 8 7 6 5 4 3 2", "T for ten", "C D H S", "♣ ♦ ♥ ♠", "JK"):
        assert form in message, form                # and the accepted forms
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("rank, suit", [(15, Suit.CLUBS), (1, Suit.CLUBS), (0, Suit.SPADES), (-1, Suit.HEARTS),
                                        (10, "C"), (True, Suit.CLUBS), (10.0, Suit.DIAMONDS), (5, None)])
def test_card_of_refuses_a_rank_or_suit_no_card_has(rank, suit):
    """Card.of(15, CLUBS) returned the 2♦ and Card.of(1, CLUBS) the joker (issue 12)."""
    with pytest.raises(CardParseError, match="the ranks are 2 to 14"):
        Card.of(rank, suit)
    assert Card.of(14, Suit.CLUBS).code == "AC" and Card.of(2, Suit.SPADES).code == "2S"


def test_a_huge_text_is_quoted_short():
    """A 9 MB card string came back as a 9-million-character refusal (issue 12): the message quotes its start."""
    for parse in (Card.parse, Suit.parse):
        with pytest.raises(CardParseError) as info:
            parse("Z" * 9_000_000)
        assert len(str(info.value)) < 300 and "'ZZZZZZZZZZ" in str(info.value) and "…'" in str(info.value)


@pytest.mark.parametrize("value", [None, 10, ["AH"], pytest.param(7 ** 6000, id="5072-digits")])
def test_non_text_is_refused(value):
    with pytest.raises(CardParseError):
        Card.parse(value)


def test_suit_parsing():
    for letter, symbol, name in zip(SUITS, "♣♦♥♠", ("clubs", "diamonds", "hearts", "spades"), strict=True):
        suit = Suit.parse(letter)
        assert Suit.parse(letter.lower()) is suit and Suit.parse(symbol) is suit
        assert suit.letter == letter and suit.symbol == symbol and suit.render("en") == name
    assert Suit.DIAMONDS.is_red and Suit.HEARTS.is_red and not Suit.CLUBS.is_red and not Suit.SPADES.is_red
    with pytest.raises(CardParseError) as info:
        Suit.parse("X")
    assert "'X'" in str(info.value) and "C, D, H or S" in str(info.value)


def test_parse_and_format_lists():
    cards = parse_cards("5H jh, T♣ ad")
    assert [c.code for c in cards] == ["5H", "JH", "10C", "AD"]
    assert format_cards(cards) == "5H JH 10C AD"
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(["qs", "KD"]) == [Card.parse("QS"), Card.parse("KD")]


def test_cards_are_interned_and_comparable():
    a, b = Card.parse("QH"), Card.parse("qh")
    assert a is b and a == b and hash(a) == hash(b)
    assert Card.parse("QH") != Card.parse("QD")
    assert len({Card.parse(c) for c in ALL_CODES}) == 53
    with pytest.raises(TypeError):
        Card("QH")


def test_full_deck():
    assert len(FULL_DECK) == 52
    assert sorted(c.code for c in FULL_DECK) == sorted(ALL_CODES[:-1])
    assert JOKER not in FULL_DECK


def test_five_hundred_deck():
    # 500.deck: A K Q J 10 9 8 7 6 5 of each suit, the 4♥ and 4♦, and the joker.
    expected = {r + s for s in SUITS for r in RANKS[:10]} | {"4H", "4D", "JK"}
    assert len(FIVE_HUNDRED_DECK) == 43
    assert {c.code for c in FIVE_HUNDRED_DECK} == expected
    for code in ("2S", "3C", "4C", "4S", "2H"):
        assert Card.parse(code) not in FIVE_HUNDRED_DECK
    with pytest.raises(CardNotInDeckError) as info:
        FIVE_HUNDRED_DECK.parse("2S")
    assert "2♠" in str(info.value) and "43" in str(info.value)


def test_sixty_six_deck():
    # 66.deck: A 10 K Q J 9 of each suit.
    expected = {r + s for s in SUITS for r in ("A", "10", "K", "Q", "J", "9")}
    assert len(SIXTY_SIX_DECK) == 24
    assert {c.code for c in SIXTY_SIX_DECK} == expected
    assert Card.parse("8H") not in SIXTY_SIX_DECK and JOKER not in SIXTY_SIX_DECK


def test_deck_parse_many_refuses_duplicates():
    assert FULL_DECK.parse_many(["AH", "kd"]) == [Card.parse("AH"), Card.parse("KD")]
    with pytest.raises(DuplicateCardError) as info:
        FULL_DECK.parse_many(["AH", "ah"])
    assert "A♥" in str(info.value)
    with pytest.raises(CardNotInDeckError):
        FULL_DECK.parse_many(["JK"])


@pytest.mark.parametrize("code,name", [
    ("QH", "queen of hearts"), ("10C", "ten of clubs"), ("AS", "ace of spades"), ("2D", "two of diamonds"),
    ("JS", "jack of spades"), ("KD", "king of diamonds"), ("5H", "five of hearts"), ("JK", "the joker"),
])
def test_english_names(code, name):
    assert Card.parse(code).name("en") == name
    with language("en"):
        assert Card.parse(code).name() == name


def test_short_render_uses_symbols():
    assert Card.parse("QH").render("en") == "Q♥"
    assert Card.parse("10C").render("en") == "10♣"


@pytest.mark.parametrize("code", ["QH", "10C", "AS", "JK"])
def test_svg_has_the_accessible_name(code):
    card = Card.parse(code)
    svg = card._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert f'aria-label="{card.name("en")}"' in svg
    assert 'role="img"' in svg
    assert f"<title>{card.name('en')}</title>" in svg


# --- cards typed in the reader's language --------------------------------------------------------------------------

def test_every_card_written_for_a_reader_reads_back_in_their_language():
    """What a page writes for a reader (``render``: "R♥", "K♥", "Joker") is what they may type back, in every
    language; English letters read in English as Atout's notation does."""
    from atout.cards import CARDS, read_card
    from atout.i18n import LANGUAGES

    for lang in LANGUAGES:
        for card in CARDS:
            assert read_card(card.render(lang), lang) is card, (lang, card)
            assert read_card(card.render(lang).lower(), lang) is card, (lang, card)
    for card in CARDS:
        assert read_card(card.code, "en") is card


def test_a_card_that_reads_as_two_is_refused_with_both_readings_never_guessed():
    from atout.cards import read_card
    from atout.errors import AmbiguousCardError, CardParseError
    with pytest.raises(AmbiguousCardError) as refused:
        read_card("AC", "fr")
    said = refused.value.message.render("fr")
    assert "A♥" in said and "A♣" in said and "symbole" in said
    assert str(read_card("RC", "fr")) == "KH"            # roi de cœur: R is no English letter
    assert str(read_card("10T", "fr")) == "10C"          # dix de trèfle
    with pytest.raises(CardParseError, match="V D R A"):
        read_card("ZZ", "fr")
    with pytest.raises(CardParseError):
        read_card("A" * 500, "fr")


def test_a_japanese_reader_types_cards_by_their_names_suit_first_or_full_width():
    from atout.cards import CARDS, read_card, typed_text
    from atout.errors import CardParseError
    from atout.i18n import LANGUAGES

    names = {"♣": "クラブ", "♦": "ダイヤ", "♥": "ハート", "♠": "スペード"}
    ranks = {"A": "エース", "K": "キング", "Q": "クイーン", "J": "ジャック"}
    for card in CARDS:
        if card.is_joker:
            continue
        rank, suit = card.render("ja")[:-1], card.render("ja")[-1]
        assert read_card(f"{names[suit]}の{rank}", "ja") is card
        assert read_card(f"{names[suit]}{ranks.get(rank, rank)}", "ja") is card
        wide = card.code.translate({ord(c): ord(c) + 0xFEE0 for c in card.code})     # ＡＳ, typed full width
        assert read_card(wide, "ja") is card
    with pytest.raises(CardParseError):
        read_card("ハートの", "ja")
    for lang in LANGUAGES:          # an example a page gives reads back as its card in the reader's language
        for card in CARDS:
            assert read_card(typed_text(card, lang), lang) is card, (lang, card)


def test_a_suit_typed_in_french_letters_is_read_and_c_is_refused_as_two_suits():
    from atout.cards import Suit, read_suit
    from atout.errors import AmbiguousCardError, CardParseError

    assert [read_suit(t, "fr") for t in ("T", "K", "P", "♥", "h")] == [Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES,
                                                                      Suit.HEARTS, Suit.HEARTS]
    with pytest.raises(AmbiguousCardError) as refused:
        read_suit("C", "fr")
    assert "♥" in refused.value.message.render("fr") and "♣" in refused.value.message.render("fr")
    assert read_suit("C", "en") is Suit.CLUBS and read_suit("スペード", "ja") is Suit.SPADES
    with pytest.raises(CardParseError, match="T, K, C"):
        read_suit("X", "fr")
