"""SVG drawings of cards, made by the package (no image files, no fonts or scripts fetched).

Suits are never told by colour alone: every face shows the suit's shape (drawn as a path, so
no emoji font can repaint it) and the rank. The four-colour deck (♣ green, ♦ blue) helps
colour-blind readers and the back of a classroom. Each card carries its accessible name in the
page language (``aria-label`` and ``<title>``).

>>> from atout.cards import Card
>>> svg = card_svg(Card.parse("QH"))
>>> svg.startswith("<svg") and 'aria-label="queen of hearts"' in svg
True
>>> 'fill="#1f4fc1"' in card_svg(Card.parse("5D"), four_colour=True)
True
"""

from __future__ import annotations

from html import escape

from atout.cards import ACE, JACK, KING, QUEEN, Card, Suit
from atout.i18n import _, get_language

# Card sizes in CSS pixels: laptop and projector. Ratio 5:7 like a real card.
SIZES = {"small": (50, 70), "normal": (75, 105), "large": (120, 168), "projector": (160, 224)}

TWO_COLOURS = {Suit.CLUBS: "#1a1a1a", Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#c8102e"}
FOUR_COLOURS = {Suit.CLUBS: "#1b7a2e", Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1f4fc1"}
JOKER_COLOUR = "#6a1b9a"
BACK_COLOUR, BACK_TRIM = "#1d3f8a", "#e8c547"

# Suit shapes in a 100 x 100 box, centred on (50, 50).
SUIT_PATHS = {
    Suit.HEARTS: "M50 92C34 76 6 58 6 32C6 16 18 6 31 6C40 6 47 12 50 20C53 12 60 6 69 6C82 6 94 16 94 32"
                 "C94 58 66 76 50 92Z",
    Suit.DIAMONDS: "M50 3L88 50L50 97L12 50Z",
    Suit.SPADES: "M50 4C66 24 94 40 94 62C94 76 83 84 72 84C63 84 56 79 53 73C54 83 58 90 66 96H34"
                 "C42 90 46 83 47 73C44 79 37 84 28 84C17 84 6 76 6 62C6 40 34 24 50 4Z",
    Suit.CLUBS: "M50 6A20 20 0 0 1 67 37A20 20 0 1 1 54 72C55 83 59 90 66 96H34C41 90 45 83 46 72"
                "A20 20 0 1 1 33 37A20 20 0 0 1 50 6Z",
}

# Where the pips of the number cards go (x, y in the 100 x 140 card); the lower half is drawn upside down.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((50, 34), (50, 106)),
    3: ((50, 34), (50, 70), (50, 106)),
    4: ((35, 34), (65, 34), (35, 106), (65, 106)),
    5: ((35, 34), (65, 34), (50, 70), (35, 106), (65, 106)),
    6: ((35, 34), (65, 34), (35, 70), (65, 70), (35, 106), (65, 106)),
    7: ((35, 34), (65, 34), (50, 52), (35, 70), (65, 70), (35, 106), (65, 106)),
    8: ((35, 34), (65, 34), (50, 52), (35, 70), (65, 70), (50, 88), (35, 106), (65, 106)),
    9: ((35, 34), (65, 34), (35, 58), (65, 58), (50, 70), (35, 82), (65, 82), (35, 106), (65, 106)),
    10: ((35, 34), (65, 34), (50, 46), (35, 58), (65, 58), (35, 82), (65, 82), (50, 94), (35, 106), (65, 106)),
}
_FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"'


def suit_colour(suit: Suit | None, four_colour: bool = False) -> str:
    """The ink of a suit (the joker's when ``suit`` is None)."""
    if suit is None:
        return JOKER_COLOUR
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def suit_shape(suit: Suit, x: float, y: float, size: float, colour: str, flip: bool = False) -> str:
    """The suit's shape, ``size`` units wide, centred on (x, y)."""
    scale = size / 100
    if flip:
        transform = f"translate({x + size / 2:g} {y + size / 2:g}) scale({-scale:g})"
    else:
        transform = f"translate({x - size / 2:g} {y - size / 2:g}) scale({scale:g})"
    return f'<path transform="{transform}" d="{SUIT_PATHS[suit]}" fill="{colour}"/>'


def suit_svg(suit: Suit, size: int = 24, four_colour: bool = False, lang: str | None = None) -> str:
    """A suit's shape alone (for the trump indicator), labelled with the suit's name."""
    label = escape(suit.render(lang or get_language()))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="{size}" height="{size}" '
            f'role="img" aria-label="{label}" class="atout-suit" data-suit="{suit.letter}"><title>{label}</title>'
            f'{suit_shape(suit, 50, 50, 96, suit_colour(suit, four_colour))}</svg>')


def _corner(rank: str, suit: Suit | None, colour: str) -> str:
    size = 20 if len(rank) < 2 else 17
    mark = suit_shape(suit, 15, 40, 15, colour) if suit is not None else ""
    return (f'<text x="15" y="25" text-anchor="middle" font-size="{size}" font-weight="bold" {_FONT} '
            f'fill="{colour}">{escape(rank)}</text>{mark}')


def _face(card: Card, colour: str, lang: str) -> str:
    """The middle of a face: pips for 2-10, a large shape for the ace, the rank letter for court cards."""
    suit = card.suit
    assert suit is not None, "a joker has no face of pips (card_svg draws it)"
    if card.rank == ACE:
        return suit_shape(suit, 50, 70, 54, colour)
    if card.rank in (JACK, QUEEN, KING):
        letter = card.render(lang)[:-1]
        return (f'<rect x="26" y="32" width="48" height="76" rx="4" fill="none" stroke="{colour}" stroke-width="2"/>'
                f'<text x="50" y="76" text-anchor="middle" font-size="40" font-weight="bold" {_FONT} '
                f'fill="{colour}">{escape(letter)}</text>'
                f'{suit_shape(suit, 50, 93, 18, colour)}')
    return "".join(suit_shape(suit, x, y, 17, colour, flip=y > 70) for x, y in _PIPS[card.rank])


def card_svg(card: Card, size: str = "normal", four_colour: bool = False, lang: str | None = None,
             highlight: str | None = None) -> str:
    """One face-up card as an SVG element; ``highlight`` is a CSS colour for a ring around it."""
    lang = lang or get_language()
    width, height = SIZES[size]
    label = escape(card.name(lang))
    colour = suit_colour(card.suit, four_colour)
    ring = (f'<rect x="2.5" y="2.5" width="95" height="135" rx="7" fill="none" stroke="{escape(highlight)}" '
            f'stroke-width="5"/>' if highlight else "")
    if card.is_joker:
        body = (f'<text x="50" y="78" text-anchor="middle" font-size="52" {_FONT} fill="{colour}">★</text>'
                f'<text x="50" y="112" text-anchor="middle" font-size="15" font-weight="bold" {_FONT} '
                f'fill="{colour}">{escape(_("JOKER", lang))}</text>'
                f'<text x="8" y="24" font-size="16" font-weight="bold" {_FONT} fill="{colour}">JK</text>')
    else:
        rank = card.render(lang)[:-1]
        corner = _corner(rank, card.suit, colour)
        body = f'{corner}<g transform="rotate(180 50 70)">{corner}</g>{_face(card, colour, lang)}'
    suit = card.suit.letter if card.suit is not None else "joker"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{width}" '
            f'height="{height}" role="img" aria-label="{label}" class="atout-card" '
            f'data-card="{card.code}" data-suit="{suit}"><title>{label}</title>'
            f'<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#555" stroke-width="1.5"/>'
            f'{body}{ring}</svg>')


def back_svg(size: str = "normal", lang: str | None = None) -> str:
    """The back of a card (a hidden card)."""
    width, height = SIZES[size]
    label = escape(_("face-down card", lang or get_language()))
    lattice = "".join(f'<path d="M{x} 9L{x + 41} 131" stroke="{BACK_TRIM}" stroke-width="1" opacity=".35"/>'
                      f'<path d="M{x + 41} 9L{x} 131" stroke="{BACK_TRIM}" stroke-width="1" opacity=".35"/>'
                      for x in (9, 23, 36, 50))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{width}" '
            f'height="{height}" role="img" aria-label="{label}" class="atout-card atout-back">'
            f'<title>{label}</title>'
            f'<rect x="1" y="1" width="98" height="138" rx="8" fill="{BACK_COLOUR}" stroke="#555" stroke-width="1.5"/>'
            f'<rect x="9" y="9" width="82" height="122" rx="5" fill="none" stroke="{BACK_TRIM}" stroke-width="2"/>'
            f'{lattice}'
            f'{suit_shape(Suit.CLUBS, 36, 58, 22, BACK_TRIM)}{suit_shape(Suit.DIAMONDS, 64, 58, 22, BACK_TRIM)}'
            f'{suit_shape(Suit.HEARTS, 36, 84, 22, BACK_TRIM)}{suit_shape(Suit.SPADES, 64, 84, 22, BACK_TRIM)}'
            f'</svg>')
