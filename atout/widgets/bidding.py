"""The bidding box: every call of the game as a button, only the legal ones enabled.

Built on the hand API alone: the legal calls are ``legal_actions()`` of kind ``bid``; each closed
call carries core's reason (``explain_illegal``) as its tooltip and in the list under the box (a
touch screen has no hover); a click applies the call through core (``apply``), and the auction so
far is a pandas table, seats as columns and rounds as rows, read from the hand's ``bid`` events.

The calls laid out are the game's: Auction Forty-Fives' values (``config.bid_values``) with pass and
the dealer's hold; Five Hundred's ladder (``config.ladder``), tricks by strains, misère when on.

>>> from atout.forty_fives import FortyFivesHand
>>> box = BiddingBox(FortyFivesHand.new("auction-forty-fives", seed=3, players=4))
>>> box.buttons["hold"].disabled, box.buttons["15"].disabled
(True, False)
>>> box.call("15").hand.auction.calls
[(1, '15')]
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from atout import vocabulary
from atout.engine import Action, Event, GameBase, Phase
from atout.errors import IllegalActionError
from atout.i18n import Text, _, series
from atout.widgets.fault import guarded
from atout.widgets.language import register
from atout.widgets.said import said_html
from atout.widgets.seats import player_label

if TYPE_CHECKING:       # pandas takes half a second to import: imported when a table is made, so a page
    import pandas as pd  # that shows none starts without it


def bid(call: str) -> Action:
    return Action("bid", None, call)


def call_grid(hand: Any) -> list[list[str]]:
    """The calls of the game, in rows as a bidding box lays them out (legality is not decided here)."""
    rows = hand.call_rows() or [[]]
    laid = {c for row in rows for c in row}
    extra = [a.value for a in hand.legal_actions() if a.kind == "bid" and a.value not in laid]
    return rows + [extra] if extra else rows


def call_label(call: str, lang: str | None = None) -> str:
    """A call as written on its button, in the page language (or ``lang``): core's words for it."""
    return vocabulary.call_label(call).render(lang)


def call_spoken(call: str, lang: str | None = None) -> str:
    """A call said in words, as core says it ("6 spades", « 6 piques »): a button's accessible name and tooltip."""
    return vocabulary.call_said(call).render(lang)


def call_action(call: str, lang: str | None = None) -> str:
    """What a call's button does, for a screen reader and a tooltip: "Bid 6 spades", or "Pass" alone."""
    if call in vocabulary.call_names():
        return _(vocabulary.call_names()[call], lang)
    return Text("Bid {call}", call=call_spoken(call, lang)).render(lang)


def auction_calls(hand: Any) -> list[tuple[int, str]]:
    """The calls made so far, (seat, call), from the hand's bid events."""
    return [(e.seat, e.action.value) for e in hand.events if e.kind == "bid" and e.action is not None]


def auction_frame(hand: Any) -> pd.DataFrame:
    """The auction so far: one column per seat from the dealer's left (who calls first), one row per round.
    A seat that has passed for good shows nothing in later rounds."""
    import pandas as pd
    n = len(hand.hands)
    first = (hand.dealer + 1) % n
    seats = [(first + i) % n for i in range(n)]
    rows: list[dict[int, str]] = []
    last = n
    for seat, call in auction_calls(hand):
        position = seats.index(seat)
        if position <= last:
            rows.append({})
        rows[-1][seat] = call
        last = position
    frame = pd.DataFrame(rows, columns=seats, index=pd.RangeIndex(1, len(rows) + 1, name="round"), dtype=object)
    return frame.fillna("")


class BiddingBox(widgets.VBox):
    """Click a call to make it; closed calls say why. ``state`` is a hand, or a game (its current hand)."""

    def __init__(self, state: Any, on_call: Callable[[Event], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("atout-bidding-box")
        self.state = state
        self.on_call = on_call
        self.last_events: list[Event] = []
        self.error: str | None = None
        self.buttons: dict[str, widgets.Button] = {}
        self.grid = widgets.VBox()
        self.status_html = widgets.HTML()
        self.status_html.add_class("atout-bidding-status")
        self.table_html = widgets.HTML()
        self.table_html.add_class("atout-auction")
        self.reasons_html = widgets.HTML()
        self.said_html = widgets.HTML()
        self.children = [self.status_html, self.grid, self.said_html, self.table_html, self.reasons_html]
        self._layout()
        register(self)
        self.refresh()

    @property
    def hand(self) -> Any:
        return self.state.hand if isinstance(self.state, GameBase) else self.state

    def call(self, call: str) -> BiddingBox:
        """Make ``call`` through core for the player to act (what a click does)."""
        try:
            event = self.state.apply(bid(call))
        except IllegalActionError as exc:
            self.error = str(exc)
        else:
            self.error = None
            self.last_events = list(event.flatten())
            if self.on_call is not None:
                self.on_call(event)
        if {c for row in call_grid(self.hand) for c in row} != set(self.buttons):   # a game's next hand
            self._layout()
        self.refresh()
        return self

    def reason(self, call: str) -> str | None:
        """Core's reason why ``call`` is closed now (None when it is open)."""
        why = self.hand.explain_illegal(bid(call))
        return None if why is None else why.render()

    def refresh(self) -> None:
        """Redraw from core state, in the page language."""
        hand = self.hand
        bidding = hand.phase is Phase.BID
        legal = {a.value for a in hand.legal_actions() if a.kind == "bid"} if bidding else set()
        closed = []
        for call, button in self.buttons.items():
            button.description = call_label(call)
            if call in legal:
                button.disabled = False
                button.tooltip = call_action(call)
                button.button_style = "info" if call not in ("pass", "hold") else ""
            else:
                button.disabled = True
                button.button_style = ""
                button.tooltip = self.reason(call) or ""
                closed.append((call, button.tooltip))
        if bidding:
            status = Text("To call: {player}", player=player_label(hand.to_act)).render()
        else:
            status = _("The auction is over")
        self.status_html.value = (f'<p class="atout-to-call" aria-live="polite"><strong>{escape(status)}</strong>'
                                  f'</p>')
        said = [f"<li>{said_html(e.explanation)}</li>" for e in self.last_events]
        if self.error:
            said.append(f'<li role="alert" class="atout-error">{escape(self.error)}</li>')
        self.said_html.value = f'<ul class="atout-said">{"".join(said)}</ul>' if said else ""
        self.table_html.value = self._table_html()
        grouped: dict[str, list[str]] = {}   # calls closed for the same reason are listed together
        for call, why in closed:
            grouped.setdefault(why, []).append(call_label(call))
        # "{part}: {what}" as the page's language sets a colon (« : » in French, 「：」 in Japanese).
        colon = Text("{part}: {what}", part="\1", what="\2").render()
        reasons = "".join("<li>" + escape(colon).replace("\1", f"<strong>{escape(series(calls))}</strong>")
                          .replace("\2", escape(why)) + "</li>" for why, calls in grouped.items())
        self.reasons_html.value = (f'<details class="atout-closed-calls"><summary>'
                                   f'{escape(_("Why some calls are closed"))}</summary><ul>{reasons}</ul></details>'
                                   if closed and bidding else "")

    def _layout(self) -> None:
        rows = []
        self.buttons = {}
        for row in call_grid(self.hand):
            buttons = []
            for call in row:
                button = widgets.Button(description=call_label(call), layout=widgets.Layout(width="auto",
                                                                                           min_width="56px"))
                button.add_class("atout-call")
                button.add_class(f"atout-call-{call}")
                button.on_click(guarded(lambda _b, call=call: self.call(call)))
                self.buttons[call] = button
                buttons.append(button)
            rows.append(widgets.HBox(buttons))
        self.grid.children = rows

    def _table_html(self) -> str:
        hand = self.hand
        frame = auction_frame(hand)
        labels = []
        for seat in frame.columns:
            label = player_label(seat).render()
            if seat == hand.dealer:
                label = Text("{player} (dealer)", player=label).render()
            labels.append(label)
        shown = frame.map(lambda call: call_label(call) if call else "")
        caption = _("The auction so far") if len(frame) else _("No call has been made yet")
        styler = (shown.style.relabel_index(labels, axis=1)
                  .format_index(lambda r: Text("Round {n}", n=r).render(), axis=0)
                  .hide(axis="index", names=True)
                  .set_caption(caption)
                  .set_table_attributes('class="atout-auction-table" data-testid="auction"'))
        return styler.to_html()
