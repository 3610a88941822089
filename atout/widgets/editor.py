"""The What-if page's position editor: click the cards of the deck into the hands and piles, set the
dealer and the contract, then use the position.

The editor only moves cards between places. What a deal must look like (which places, how many cards
each), what the contract's auction is and whether the position can be played are core's answers
(``atout.position``): an incomplete or impossible deal is refused with core's reason.

>>> from atout.games import package_of
>>> from atout.position import position_text
>>> editor = PositionEditor(position_text(package_of("forty-fives").new_hand("forty-fives", seed=1, players=2)))
>>> editor.clear()
>>> editor.place_picker.value = "seat 1"
>>> editor.toggle("5H"); editor.toggle("JH")
>>> editor.position.hands[1]
[Card('5H'), Card('JH')]
>>> editor.toggle("5H"); editor.position.hands[1]        # a placed card clicked again goes back to the deck
[Card('JH')]
>>> editor.use()
False
>>> print(editor.message.value)
<p class='atout-error' role='alert' data-testid='editor-error'>seat 1 is dealt 5 cards; the position gives 1</p>
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from atout.cards import Card, Suit
from atout.errors import AtoutError
from atout.i18n import N_, Text, get_language, ngettext
from atout.position import (
    DealLayout,
    Position,
    contract_actions,
    deal_layout,
    format_position,
    hand_from_position,
    parse_position,
    place_name,
)
from atout.svg import card_svg
from atout.widgets import language
from atout.widgets.bidding import call_label
from atout.widgets.fault import guarded
from atout.widgets.page_input import FromPage
from atout.widgets.seats import player_label

HERE = Path(__file__).parent
# What a card's caption says under it: short, the button's accessible name says it in full.
SHORT_PLACES = {"kitty": N_("kitty"), "turn-up": N_("turn-up"), "stock": N_("stock")}
NO_CONTRACT = -1      # the bidder picker's "no contract": the actions stay as written
TRUMP_ON_TABLE = ""   # the trump picker's "named on the table": the contractor names trumps in play


def short_name(place: str) -> Text:
    if place.startswith("seat "):
        return player_label(int(place[5:]))
    return Text(SHORT_PLACES.get(place, place))


def place_label(place: str) -> Text:
    """A place as the page names it: the player ("Player 2" for ``seat 1``), or the pile ("the kitty")."""
    if place.startswith("seat "):
        return player_label(int(place[5:]))
    return place_name(place)


class DeckPicker(FromPage, anywidget.AnyWidget):
    """Every card of a deck as a button, drawn by ``deck.js``; a click calls ``on_toggle(card)``.

    ``rows`` are the cards by suit (code, SVG face, name), ``where`` maps each placed card to its place.
    """

    _esm = HERE / "deck.js"
    _css = HERE / "deck.css"

    rows: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    where = traitlets.Dict({}).tag(sync=True)
    labels = traitlets.Dict({}).tag(sync=True)

    def __init__(self, on_toggle: Callable[[Card], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_toggle = on_toggle
        self.deck: tuple[Card, ...] = ()
        self.on_msg(guarded(self._on_message))

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "toggle":
            try:
                card = Card.parse(content.get("card"))
            except AtoutError:
                return          # not a card: nothing a real click sends
            if card in self.deck:
                self.on_toggle(card)

    def show(self, deck: tuple[Card, ...], places: dict[Card, str]) -> None:
        """Draw ``deck`` (again, in the page language) with each placed card's place."""
        lang = get_language()
        if deck != self.deck or self.labels.get("lang") != lang:
            self.deck = deck
            rows: dict[Suit | None, list[Card]] = {}
            for card in deck:
                rows.setdefault(card.suit, []).append(card)
            self.rows = [{"label": suit.render(lang) if suit is not None else Text("Joker").render(lang),
                          "cards": [{"code": c.code, "name": c.name(lang), "face": card_svg(c, "small", lang=lang)}
                                    for c in cards]}
                         for suit, cards in rows.items()]
            self.labels = {"lang": lang, "unplaced": Text("in the deck, not placed").render(lang),
                           # a card as a screen reader hears it, with where it is ("7♦: West's hand"), as the table's
                           "named_detail": Text("{name}: {detail}", name="{name}", detail="{detail}").render(lang),
                           "deck": Text("The deck: click a card to place it, click it again to take it back")
                           .render(lang)}
        self.where = {card.code: {"place": place, "label": place_label(place).render(lang),
                                  "short": short_name(place).render(lang)}
                      for card, place in places.items()}


class PositionEditor(widgets.VBox):
    """A position built by clicking: ``on_change(text)`` hears every edit as position text, ``on_use(hand)``
    receives the hand core built when the user uses the position."""

    def __init__(self, text: str, on_change: Callable[[str], Any] | None = None,
                 on_use: Callable[[Any], Any] | None = None) -> None:
        super().__init__()
        self.add_class("atout-position-editor")
        self.on_change = on_change
        self.on_use = on_use
        self.place_picker = widgets.ToggleButtons(style={"description_width": "initial"})
        self.place_picker.add_class("atout-place-picker")
        self.deck = DeckPicker(self.toggle)
        self.summary = widgets.HTML()
        self.dealer_picker = widgets.Dropdown(style={"description_width": "initial"})
        self.bidder_picker = widgets.Dropdown(style={"description_width": "initial"})
        self.call_picker = widgets.Dropdown(style={"description_width": "initial"})
        self.trump_picker = widgets.Dropdown(style={"description_width": "initial"})
        for picker, name in ((self.dealer_picker, "dealer"), (self.bidder_picker, "bidder"),
                             (self.call_picker, "call"), (self.trump_picker, "trump")):
            picker.add_class(f"atout-editor-{name}")
        self.contract_box = widgets.HBox([self.bidder_picker, self.call_picker, self.trump_picker])
        self.clear_button = widgets.Button(icon="eraser")
        self.clear_button.add_class("atout-editor-clear")
        self.clear_button.on_click(guarded(lambda _b: self.clear()))
        self.use_button = widgets.Button(icon="check", button_style="primary")
        self.use_button.add_class("atout-use-position")
        self.use_button.on_click(guarded(lambda _b: self.use()))
        self.message = widgets.HTML()
        self.children = [self.place_picker, self.deck, self.summary, self.dealer_picker, self.contract_box,
                         widgets.HBox([self.clear_button, self.use_button]), self.message]
        self._quiet = False         # set while the pickers are redrawn from the position (not a user's choice)
        self.dealer_picker.observe(guarded(lambda _c: self._picked()), names="value")
        for picker in (self.bidder_picker, self.call_picker, self.trump_picker):
            picker.observe(guarded(lambda _c: self._picked(contract=True)), names="value")
        self.position = parse_position(text)
        self.layout_of = deal_layout(self.position.game, self.position.options, self.position.dealer)
        language.register(self)
        self.show(self.position)

    # --- what the page and the tests call ---------------------------------------------------------------

    def set_text(self, text: str) -> bool:
        """Show the position the text describes (as typed: it may be incomplete); False if it cannot be read."""
        try:
            position = parse_position(text, get_language())     # cards as the page's reader types them
            layout = deal_layout(position.game, position.options, position.dealer)
        except AtoutError:
            return False      # the text or its options are refused: the load button says why
        self.show(position, layout)
        return True

    def show(self, position: Position, layout: DealLayout | None = None) -> None:
        """Show ``position``; the contract pickers go back to 'the actions as written'."""
        self.layout_of = layout or deal_layout(position.game, position.options, position.dealer)
        self.position = position
        self.message.value = ""
        self._fill_pickers(reset=True)
        self.refresh()

    def toggle(self, card: Card | str) -> None:
        """A click on a card: a placed card goes back to the deck, any other goes to the chosen place."""
        card = Card.parse(card)
        place = self._place_of(card)
        if place is not None:
            self._cards(place).remove(card)
        else:
            self._cards(self.place_picker.value).append(card)
        self._edited()

    def clear(self) -> None:
        """Take every card back to the deck and drop the actions (the game, options and dealer stay)."""
        position = self.position
        self.show(Position(position.game, dict(position.options), position.dealer))
        self._tell()

    def use(self) -> bool:
        """Build the position through core; refused with core's reason (and nothing changes) if it cannot be."""
        try:
            hand = hand_from_position(self.position)
        except AtoutError as exc:
            self._error(exc)
            return False
        self.message.value = ""
        if self.on_use is not None:
            self.on_use(hand)
        return True

    # --- inside -------------------------------------------------------------------------------------

    def _cards(self, place: str) -> list[Card]:
        if place.startswith("seat "):
            return self.position.hands.setdefault(int(place[5:]), [])
        return self.position.piles.setdefault(place, [])

    def _places(self) -> dict[Card, str]:
        placed = {card: f"seat {seat}" for seat, cards in self.position.hands.items() for card in cards}
        placed.update({card: pile for pile, cards in self.position.piles.items() for card in cards})
        return placed

    def _place_of(self, card: Card) -> str | None:
        return self._places().get(card)

    def _edited(self) -> None:
        self.message.value = ""        # a refusal was about the position before this edit
        self._tidy()
        self._redraw()
        self._tell()

    def _tidy(self) -> None:
        """Empty places are left out of the text, as a position written by hand would."""
        position = self.position
        position.hands = {seat: cards for seat, cards in sorted(position.hands.items()) if cards}
        position.piles = {pile: cards for pile, cards in position.piles.items() if cards}

    def _tell(self) -> None:
        if self.on_change is not None:
            self.on_change(format_position(self.position, get_language()))

    def _error(self, exc: AtoutError) -> None:
        self.message.value = (f"<p class='atout-error' role='alert' data-testid='editor-error'>"
                              f"{escape(str(exc))}</p>")

    def _picked(self, contract: bool = False) -> None:
        """The dealer or the contract was chosen: the position follows (the contract's auction from core)."""
        if self._quiet:
            return
        position = replace(self.position, dealer=self.dealer_picker.value)
        bidder = self.bidder_picker.value
        if bidder != NO_CONTRACT and (contract or self.position.dealer != position.dealer):
            trump = self.trump_picker.value if self.layout_of.names_trump else TRUMP_ON_TABLE
            try:
                position.actions = contract_actions(position, bidder, self.call_picker.value, trump or None)
            except AtoutError as exc:
                self._error(exc)
                self._show_accepted()
                return
        self.position = position
        self._accepted = self._chosen()
        self._edited()

    def _chosen(self) -> tuple[Any, ...]:
        return (self.dealer_picker.value, self.bidder_picker.value, self.call_picker.value, self.trump_picker.value)

    def _show_accepted(self) -> None:
        """A refused choice leaves the position as it was: the pickers show it again, not the refused choice."""
        self._quiet = True
        try:
            (self.dealer_picker.value, self.bidder_picker.value, self.call_picker.value,
             self.trump_picker.value) = self._accepted
        finally:
            self._quiet = False

    def _fill_pickers(self, reset: bool) -> None:
        """The pickers' choices in the page language, from the layout; ``reset`` forgets the contract chosen."""
        self._quiet = True
        try:
            self._fill(reset)
        finally:
            self._quiet = False
        self._accepted = self._chosen()

    def _fill(self, reset: bool) -> None:
        layout, position = self.layout_of, self.position
        seats = [int(p[5:]) for p in layout.places if p.startswith("seat ")]
        chosen = self.place_picker.value
        places = [p for p in layout.places if position.ending is None or p.startswith("seat ")]
        self.place_picker.options = [(place_label(p).render(), p) for p in places]
        self.place_picker.value = chosen if chosen in places else places[0]
        self.dealer_picker.options = [(player_label(s).render(), s) for s in seats]
        self.dealer_picker.value = position.dealer if position.dealer in seats else seats[0]
        # an ending states its contract itself: its actions are the plays since it
        self.contract_box.layout.display = "" if layout.calls and position.ending is None else "none"
        bidder = NO_CONTRACT if reset else self.bidder_picker.value
        self.bidder_picker.options = ([(Text("none: the actions as written").render(), NO_CONTRACT)]
                                      + [(player_label(s).render(), s) for s in seats])
        self.bidder_picker.value = bidder
        call = self.call_picker.value
        self.call_picker.options = [(call_label(c), c) for c in layout.calls]
        if layout.calls:
            self.call_picker.value = call if call in layout.calls else layout.calls[0]
        trump = TRUMP_ON_TABLE if reset else self.trump_picker.value
        self.trump_picker.options = ([(Text("named on the table").render(), TRUMP_ON_TABLE)]
                                     + [(s.render(), s.letter) for s in Suit])
        self.trump_picker.value = trump
        self.trump_picker.layout.display = "" if layout.names_trump else "none"

    def refresh(self) -> None:
        self.place_picker.description = Text("Cards go to").render()
        self.dealer_picker.description = Text("Dealer").render()
        self.bidder_picker.description = Text("Contract to").render()
        self.call_picker.description = Text("Contract").render()
        self.trump_picker.description = Text("Trumps").render()
        self.clear_button.description = Text("Clear the cards").render()
        self.use_button.description = Text("Use this position").render()
        self._fill_pickers(reset=False)
        self._redraw()

    def _redraw(self) -> None:
        """The deck and the places' summary, from the position."""
        self.deck.show(self.layout_of.deck, self._places())
        rows = []
        ending = self.position.ending is not None     # the cards still held: no pile, no count to reach
        for place, need in self.layout_of.places.items():
            if ending and not place.startswith("seat "):
                continue
            cards = self.position.hands.get(int(place[5:]), []) if place.startswith("seat ") \
                else self.position.piles.get(place, [])
            optional = place in self.layout_of.optional
            if ending:
                count = ngettext("{n} card", "{n} cards", len(cards))
            elif optional:
                count = ngettext("{n} card, optional", "{n} cards, optional", len(cards))
            else:
                count = ngettext("{have} of {n} card", "{have} of {n} cards", need, have=len(cards))
            listed = " ".join(c.render() for c in cards)
            full = " atout-place-full" if len(cards) == need else ""
            rows.append(f"<li class='atout-place-summary{full}' data-place='{escape(place)}'><strong>"
                        f"{escape(place_label(place).render())}</strong> ({escape(count)}) "
                        f"{escape(listed)}</li>")
        self.summary.value = (f"<ul class='atout-editor-summary' data-testid='editor-summary'>{''.join(rows)}</ul>")

