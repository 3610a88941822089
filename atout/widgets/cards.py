"""A row of cards, for a lesson's sentence or a quiz: the same SVG cards as the table, named for screen readers.

``card_row_html`` gives the markup; ``card_row`` gives a widget that redraws itself when the page
language changes (card names included).

>>> html = card_row_html(["5H", "JH", "AH"], label="Trumps")
>>> html.count('class="atout-card"'), 'aria-label="Trumps"' in html, "five of hearts" in html
(3, True, True)
>>> card_row_html([]).count("<li")
0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

import ipywidgets as widgets

from atout.cards import Card
from atout.i18n import Text, get_language
from atout.svg import SIZES, back_svg, card_svg
from atout.widgets.language import register

ROW_STYLE = "display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:4px 0;padding:0;align-items:flex-end"
ITEM_STYLE = "margin:0;padding:0;display:flex;flex-direction:column;align-items:center;gap:2px"


def card_row_html(cards: Iterable[Card | str | None], size: str = "normal", four_colour: bool = False,
                  lang: str | None = None, label: str | Text | None = None,
                  highlight: Mapping[Card | str, str] | None = None,
                  captions: Mapping[Card | str, str | Text] | None = None) -> str:
    """The cards side by side as a labelled list; ``None`` draws a face-down card.

    ``highlight`` rings chosen cards in a colour (say, the cards that prove a rule); ``captions`` writes a
    word under a card (say, "led" or "wins"). Give a highlighted card a caption too, so that what the ring
    means is said in words and not by colour alone.
    """
    if size not in SIZES:
        raise ValueError(f"unknown card size {size!r}: choose one of {', '.join(SIZES)}")
    lang = lang or get_language()
    marks = {Card.parse(k): v for k, v in (highlight or {}).items()}
    notes = {Card.parse(k): v for k, v in (captions or {}).items()}
    items = []
    for entry in cards:
        if entry is None:
            items.append(f'<li style="{ITEM_STYLE}">{back_svg(size=size, lang=lang)}</li>')
            continue
        card = Card.parse(entry)
        face = card_svg(card, size=size, four_colour=four_colour, lang=lang, highlight=marks.get(card))
        caption = notes.get(card)
        text = caption.render(lang) if isinstance(caption, Text) else caption
        under = f'<span style="font-size:0.85em">{escape(text)}</span>' if text else ""
        items.append(f'<li style="{ITEM_STYLE}" data-card="{card.code}">{face}{under}</li>')
    name = label.render(lang) if isinstance(label, Text) else label
    labelled = f' aria-label="{escape(name)}"' if name else ""
    return f'<ul class="atout-card-row" role="list" style="{ROW_STYLE}"{labelled}>{"".join(items)}</ul>'


class CardRow(widgets.HTML):
    """A row of cards as a widget; ``refresh()`` redraws it in the page language."""

    def __init__(self, cards: Iterable[Card | str | None], **options) -> None:
        super().__init__()
        self.cards = [None if c is None else Card.parse(c) for c in cards]
        self.options = options
        self.add_class("atout-card-row-widget")
        register(self)
        self.refresh()

    def set_cards(self, cards: Iterable[Card | str | None]) -> None:
        self.cards = [None if c is None else Card.parse(c) for c in cards]
        self.refresh()

    def refresh(self) -> None:
        self.value = card_row_html(self.cards, **self.options)


def card_row(cards: Iterable[Card | str | None], size: str = "normal", four_colour: bool = False,
             label: str | Text | None = None, highlight: Mapping[Card | str, str] | None = None,
             captions: Mapping[Card | str, str | Text] | None = None) -> CardRow:
    """A row of cards as a widget that follows the page language (pass ``Text`` labels to translate them)."""
    return CardRow(cards, size=size, four_colour=four_colour, label=label, highlight=highlight, captions=captions)
