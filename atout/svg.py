"""SVG drawings of cards, made by the package (no image files, nothing fetched).

Suits are never told by colour alone: every face shows the suit symbol and the rank. The
four-colour deck (♣ green, ♦ blue) helps colour-blind readers and the back of a classroom.

>>> from atout.cards import Card
>>> svg = card_svg(Card.parse("QH"))
>>> svg.startswith("<svg") and "queen of hearts" in svg
True
"""

from __future__ import annotations

from html import escape

from atout.cards import Card, Suit
from atout.i18n import _, get_language

# Card sizes in CSS pixels: laptop and projector. Ratio 5:7 like a real card.
SIZES = {"small": (50, 70), "normal": (75, 105), "large": (120, 168), "projector": (160, 224)}

TWO_COLOURS = {Suit.CLUBS: "#1a1a1a", Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#c8102e"}
FOUR_COLOURS = {Suit.CLUBS: "#1b7a2e", Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1f4fc1"}


def suit_colour(suit: Suit | None, four_colour: bool = False) -> str:
    if suit is None:
        return "#6a1b9a"
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def card_svg(card: Card, size: str = "normal", four_colour: bool = False, lang: str | None = None,
             highlight: str | None = None) -> str:
    """One face-up card as an SVG element; ``highlight`` is a CSS colour for a ring around it."""
    lang = lang or get_language()
    width, height = SIZES[size]
    label = escape(card.name(lang))
    colour = suit_colour(card.suit, four_colour)
    ring = (f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="none" stroke="{highlight}" '
            f'stroke-width="3"/>' if highlight else "")
    if card.is_joker:
        body = (f'<text x="50" y="62" text-anchor="middle" font-size="40" fill="{colour}">★</text>'
                f'<text x="50" y="98" text-anchor="middle" font-size="15" font-weight="bold" '
                f'fill="{colour}">{escape(_("JOKER", lang))}</text>'
                f'<text x="8" y="22" font-size="16" font-weight="bold" fill="{colour}">JK</text>')
    else:
        rank = card.render(lang)[:-1]
        symbol = card.suit.symbol
        body = (f'<text x="8" y="24" font-size="20" font-weight="bold" fill="{colour}">{escape(rank)}</text>'
                f'<text x="8" y="44" font-size="18" fill="{colour}">{symbol}</text>'
                f'<text x="50" y="88" text-anchor="middle" font-size="48" fill="{colour}">{symbol}</text>'
                f'<g transform="rotate(180 50 70)">'
                f'<text x="8" y="24" font-size="20" font-weight="bold" fill="{colour}">{escape(rank)}</text>'
                f'<text x="8" y="44" font-size="18" fill="{colour}">{symbol}</text></g>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{width}" '
            f'height="{height}" role="img" aria-label="{label}" class="atout-card" '
            f'data-card="{card.code}"><title>{label}</title>'
            f'<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#555" stroke-width="1.5"/>'
            f'{body}{ring}</svg>')


def back_svg(size: str = "normal", lang: str | None = None) -> str:
    """The back of a card (a hidden card)."""
    width, height = SIZES[size]
    label = escape(_("face-down card", lang or get_language()))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{width}" '
            f'height="{height}" role="img" aria-label="{label}" class="atout-card atout-back">'
            f'<title>{label}</title>'
            f'<rect x="1" y="1" width="98" height="138" rx="8" fill="#1d3f8a" stroke="#555" stroke-width="1.5"/>'
            f'<rect x="9" y="9" width="82" height="122" rx="5" fill="none" stroke="#e8c547" stroke-width="2"/>'
            f'<text x="50" y="82" text-anchor="middle" font-size="34" fill="#e8c547">♣♦</text></svg>')
