"""The cards the package draws: names for screen readers, suits told by shape, the four-colour deck."""

import re
import xml.etree.ElementTree as ET

import pytest

from atout.cards import CARDS, JOKER, Card, Suit
from atout.i18n import language
from atout.svg import FOUR_COLOURS, SIZES, SUIT_PATHS, TWO_COLOURS, back_svg, card_svg, suit_svg
from tests.widgets import fake_french

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def fills(markup: str) -> set[str]:
    return set(re.findall(r'fill="(#[0-9a-f]{6})"', markup))


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.code)
def test_every_card_is_well_formed_svg_named_for_screen_readers(card):
    markup = card_svg(card)
    root = parse(markup)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.name("en")
    assert root.find(SVG + "title").text == card.name("en")
    assert root.get("data-card") == card.code


def test_the_accessible_name_is_in_the_asked_language(monkeypatch):
    fake_french(monkeypatch)
    card = Card.parse("QH")
    assert 'aria-label="queen of hearts"' in card_svg(card, lang="en")
    assert 'aria-label="dame de cœur"' in card_svg(card, lang="fr")
    with language("fr"):
        assert 'aria-label="dame de cœur"' in card_svg(card)
        assert ">D</text>" in card_svg(card)       # the rank letter of the page language
        assert 'aria-label="carte face cachée"' in back_svg()


@pytest.mark.parametrize("suit", list(Suit))
def test_every_face_shows_its_suit_shape_and_rank(suit):
    for rank in (2, 7, 10, 11, 12, 13, 14):
        card = Card.of(rank, suit)
        markup = card_svg(card)
        assert SUIT_PATHS[suit] in markup
        assert not any(SUIT_PATHS[other] in markup for other in Suit if other is not suit)
        assert f">{card.render('en')[:-1]}</text>" in markup


def test_suits_are_never_told_by_colour_alone():
    # Hearts and diamonds share red in the two-colour deck: their shapes differ, so do spades and clubs.
    assert TWO_COLOURS[Suit.HEARTS] == TWO_COLOURS[Suit.DIAMONDS]
    assert TWO_COLOURS[Suit.SPADES] == TWO_COLOURS[Suit.CLUBS]
    assert len(set(SUIT_PATHS.values())) == 4


def test_four_colour_deck_paints_clubs_green_and_diamonds_blue():
    clubs, diamonds, hearts, spades = (Card.parse(c) for c in ("5C", "5D", "5H", "5S"))
    assert FOUR_COLOURS[Suit.CLUBS] in fills(card_svg(clubs, four_colour=True))
    assert FOUR_COLOURS[Suit.CLUBS] not in fills(card_svg(clubs))
    assert FOUR_COLOURS[Suit.DIAMONDS] in fills(card_svg(diamonds, four_colour=True))
    assert TWO_COLOURS[Suit.DIAMONDS] in fills(card_svg(diamonds))
    assert TWO_COLOURS[Suit.DIAMONDS] not in fills(card_svg(diamonds, four_colour=True))
    assert card_svg(hearts, four_colour=True) == card_svg(hearts)
    assert card_svg(spades, four_colour=True) == card_svg(spades)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_sizes_keep_the_card_shape(size):
    root = parse(card_svg(Card.parse("AS"), size=size))
    width, height = SIZES[size]
    assert (root.get("width"), root.get("height")) == (str(width), str(height))
    assert root.get("viewBox") == "0 0 100 140"
    assert SIZES["projector"][0] >= 2 * SIZES["normal"][0]


def test_the_joker_and_the_back():
    joker = card_svg(JOKER)
    assert 'aria-label="the joker"' in joker and "JOKER" in joker
    back = back_svg()
    assert 'aria-label="face-down card"' in back
    assert "data-card" not in back
    parse(back)
    assert parse(back_svg(size="projector")).get("width") == str(SIZES["projector"][0])


def test_highlight_draws_a_ring_and_is_escaped():
    plain, ringed = card_svg(Card.parse("9C")), card_svg(Card.parse("9C"), highlight="#ff9900")
    assert 'stroke="#ff9900"' in ringed and "#ff9900" not in plain
    hostile = card_svg(Card.parse("9C"), highlight='red"/><script>')
    assert "<script>" not in hostile
    parse(hostile)


def test_suit_icon_is_labelled():
    icon = suit_svg(Suit.HEARTS)
    assert 'aria-label="hearts"' in icon and SUIT_PATHS[Suit.HEARTS] in icon
    parse(icon)


def test_cards_show_themselves_in_notebooks_with_the_same_drawing():
    card = Card.parse("10D")
    assert card._repr_svg_() == card_svg(card)


# --- a row of cards (atout.widgets.cards) ------------------------------------------------------------------


def test_card_row_lists_the_cards_in_order_with_their_names():
    from atout.widgets.cards import card_row_html

    html = card_row_html(["10h", "JK", None], label="Your hand", captions={"10H": "led"},
                         highlight={"JK": "#ff9900"})
    assert re.findall(r'data-card="(\w+)"', html) == ["10H", "10H", "JK", "JK"]   # the <li> and its <svg>
    assert 'aria-label="Your hand"' in html and 'role="list"' in html
    assert 'aria-label="ten of hearts"' in html and 'aria-label="the joker"' in html
    assert 'aria-label="face-down card"' in html
    assert ">led</span>" in html and 'stroke="#ff9900"' in html
    with pytest.raises(ValueError, match="unknown card size"):
        card_row_html(["5H"], size="huge")


def test_card_row_widget_follows_the_page_language(monkeypatch):
    from atout.i18n import Text
    from atout.widgets.cards import card_row
    from atout.widgets.language import set_page_language

    fake_french(monkeypatch)
    row = card_row(["QH"], label=Text("Trumps"), four_colour=True)
    assert 'aria-label="queen of hearts"' in row.value and 'aria-label="Trumps"' in row.value
    try:
        set_page_language("fr")
        assert 'aria-label="dame de cœur"' in row.value and 'aria-label="Atouts"' in row.value
    finally:
        set_page_language("en")
    row.set_cards(["5D"])
    assert FOUR_COLOURS[Suit.DIAMONDS] in row.value and "queen" not in row.value
