"""The deal stepper: walk through a hand one event at a time, forwards and back.

Each step is one thing core reports: a packet of the deal (``deal_packets()``), then every event
of every action in the hand's history, with the automatic ones it caused (``Event.flatten()``: the
turn-up, a trick won, the score…). Beside the table drawn at that step the stepper shows the
event's explanation and its rule id, word for word as core gives them; the table is the hand
replayed (``replay``) up to that action. It works for any family whose hands expose ``history``,
``events``, ``replay(config, history, dealer, scores_before)``, ``table_view()`` and, optionally,
``deal_packets()``.

Controls: ⏮ ← → ⏭ buttons, the step slider and ▶ auto-play (an ipywidgets ``Play`` linked to the
slider) at a chosen speed. Keyboard: ipywidgets sends no key presses to Python, so the stepper uses
what the browser already gives focusable controls: Tab reaches each button (Enter or Space presses
it), and a focused slider moves with ← → (one step), Page Up / Page Down and Home / End.

>>> from atout.forty_fives import FortyFivesHand
>>> hand = FortyFivesHand.new("forty-fives", seed=7, players=3)
>>> stepper = DealStepper(hand)
>>> [s.kind for s in stepper.steps[:2]], stepper.steps[-1].kind
(['packet', 'packet'], 'event')
>>> stepper.go(len(stepper.steps) - 1).step == len(stepper.steps) - 1
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, NamedTuple

import ipywidgets as widgets

from atout.cards import Card, Suit
from atout.engine import Action, Event, Explanation, TableView, seat_name
from atout.games import family
from atout.i18n import N_, Text, _, ngettext
from atout.svg import back_svg, card_svg
from atout.widgets.language import register

HIGHLIGHT = "#e8a317"
SPEEDS = ((N_("slow"), 3000), (N_("normal"), 1500), (N_("fast"), 600))


class Step(NamedTuple):
    """One step: a packet of the deal, or one event (its action's index in the history)."""

    kind: str                  # "packet" or "event"
    action_index: int          # index in the hand's history of the action that caused it
    event: Event               # the event (for a packet, the deal's event)
    packet: tuple[str, int | None, list[Card]] | None = None
    packet_index: int = -1

    @property
    def explanation(self) -> Explanation:
        return self.event.explanation


def build_steps(hand: Any) -> list[Step]:
    """Every step of a hand in order: the deal packet by packet, then each event and its consequences."""
    steps: list[Step] = []
    for i, (action, event) in enumerate(zip(hand.history, hand.events, strict=True)):
        flat = list(event.flatten())
        if action.kind == "deal" and hasattr(hand, "deal_packets"):
            shown_later = {e.kind for e in flat[1:]}   # the turn-up is an event of its own
            packets = [p for p in hand.deal_packets() if p[0] not in shown_later]
            steps += [Step("packet", i, event, packet, k) for k, packet in enumerate(packets)]
            flat = flat[1:]
        steps += [Step("event", i, e) for e in flat]
    return steps


def _hand_of(source: Any, game: str | None, dealer: int, scores_before: Sequence[int] | None,
             options: dict[str, Any]) -> Any:
    """A hand from a hand, a game (its current hand) or a history (replayed for ``game``)."""
    if hasattr(source, "history") and hasattr(source, "replay"):
        return source
    if hasattr(source, "hand") and hasattr(source.hand, "history"):
        return source.hand
    actions = [a if isinstance(a, Action) else Action.parse(a) for a in source]
    module = family(game or "forty-fives")
    probe = module.new_hand(game or "forty-fives", seed=0, **options)
    return probe.replay(probe.config, actions, dealer, scores_before)


class DealStepper(widgets.VBox):
    """Step through a hand: the table at each step, and core's explanation with its rule id beside it."""

    def __init__(self, hand_or_history: Any, game: str | None = None, dealer: int = 0,
                 scores_before: Sequence[int] | None = None, viewer: int | None = None, size: str = "small",
                 **options: Any) -> None:
        super().__init__()
        self.add_class("atout-stepper")
        self.hand = _hand_of(hand_or_history, game, dealer, scores_before, options)
        self.viewer = viewer
        self.size = size
        self.steps = build_steps(self.hand)
        self._views = self._replay_views()
        last = max(len(self.steps) - 1, 0)
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, continuous_update=True,
                                        readout=True, layout=widgets.Layout(width="320px"))
        self.slider.add_class("atout-step-slider")
        self.play = widgets.Play(value=0, min=0, max=last, step=1, interval=SPEEDS[1][1], show_repeat=False)
        self.play.add_class("atout-autoplay")
        self._link = widgets.link((self.play, "value"), (self.slider, "value"))
        self.speed = widgets.Dropdown(options=[(name, ms) for name, ms in SPEEDS], value=SPEEDS[1][1],
                                      layout=widgets.Layout(width="170px"))
        self.speed.add_class("atout-speed")
        self._speed_link = widgets.dlink((self.speed, "value"), (self.play, "interval"))
        self.first_button = widgets.Button(description="⏮", layout=widgets.Layout(width="44px"))
        self.back_button = widgets.Button(description="←", layout=widgets.Layout(width="44px"))
        self.next_button = widgets.Button(description="→", layout=widgets.Layout(width="44px"))
        self.last_button = widgets.Button(description="⏭", layout=widgets.Layout(width="44px"))
        for button, name in ((self.first_button, "first"), (self.back_button, "back"), (self.next_button, "next"),
                             (self.last_button, "last")):
            button.add_class(f"atout-step-{name}")
        self.first_button.on_click(lambda _b: self.go(0))
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.forward())
        self.last_button.on_click(lambda _b: self.go(len(self.steps) - 1))
        self.position_html = widgets.HTML()
        self.table_html = widgets.HTML(layout=widgets.Layout(flex="3 1 0"))
        self.table_html.add_class("atout-stepper-table")
        self.explanation_html = widgets.HTML(layout=widgets.Layout(flex="2 1 0"))
        self.explanation_html.add_class("atout-stepper-explanation")
        self.slider.observe(lambda change: self._draw(), names="value")
        controls = widgets.HBox([self.first_button, self.back_button, self.slider, self.next_button,
                                 self.last_button, self.play, self.speed])
        self.children = [controls, self.position_html, widgets.HBox([self.table_html, self.explanation_html])]
        register(self)
        self.refresh()

    # --- moving ------------------------------------------------------------------------------

    @property
    def step(self) -> int:
        return self.slider.value

    @property
    def current(self) -> Step:
        return self.steps[self.step]

    def go(self, k: int) -> DealStepper:
        self.slider.value = max(0, min(k, len(self.steps) - 1))
        return self

    def forward(self) -> DealStepper:
        return self.go(self.step + 1)

    def back(self) -> DealStepper:
        return self.go(self.step - 1)

    def state_at(self, k: int | None = None) -> Any:
        """The hand replayed by core up to the action of step ``k`` (the current step by default)."""
        step = self.steps[self.step if k is None else k]
        return replay_prefix(self.hand, step.action_index + 1)

    # --- drawing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything in the page language."""
        self.first_button.tooltip = _("Back to the start of the deal")
        self.back_button.tooltip = _("Back one step")
        self.next_button.tooltip = _("Forward one step")
        self.last_button.tooltip = _("Forward to the end of the hand")
        self.slider.description = _("Step")
        self.play.tooltip = _("Play the hand step by step")
        chosen = self.speed.value
        self.speed.options = [(Text("Speed: {speed}", speed=Text(name)).render(), ms) for name, ms in SPEEDS]
        self.speed.value = chosen
        self.speed.description = _("Speed")
        self._draw()

    def _draw(self) -> None:
        if not self.steps:
            self.position_html.value = f"<p>{escape(_('Nothing has happened yet: the cards are not dealt'))}</p>"
            self.table_html.value = self.explanation_html.value = ""
            return
        k = self.step
        step = self.steps[k]
        self.back_button.disabled = self.first_button.disabled = k == 0
        self.next_button.disabled = self.last_button.disabled = k == len(self.steps) - 1
        self.position_html.value = (f'<p class="atout-step-position" data-step="{k}" aria-live="polite">'
                                    f'{escape(Text("Step {k} of {n}", k=k + 1, n=len(self.steps)).render())}</p>')
        self.table_html.value = self._table(step)
        self.explanation_html.value = self._explanation(step)

    def _explanation(self, step: Step) -> str:
        why = step.explanation
        parts = ['<div class="atout-explanation" data-testid="step-explanation">']
        if step.packet is not None:
            parts.append(f'<p class="atout-packet">{escape(_packet_text(step.packet).render())}</p>')
        parts.append(f'<p class="atout-sentence">{escape(why.sentence())}</p>'
                     f'<p class="atout-rule">{escape(_("Rule"))} <code data-rule="{escape(why.rule)}">'
                     f'{escape(why.rule)}</code></p>')
        statement = _rule_statement(why.rule)
        if statement:
            parts.append(f'<blockquote class="atout-rule-statement">{escape(statement)}</blockquote>')
        parts.append("</div>")
        return "".join(parts)

    def _table(self, step: Step) -> str:
        if step.kind == "packet":
            view, highlight = self._packet_view(step), set(step.packet[2])
        else:
            view, highlight = self._views[step.action_index], _event_cards(step.event)
        return table_html(view, self.size, highlight, self.viewer, winner=step.event.seat
                          if step.event.kind == "trick" else None)

    def _replay_views(self) -> list[TableView]:
        replayed = replay_prefix(self.hand, 0)
        views = []
        for action in self.hand.history:
            replayed.apply(action)
            views.append(view_of(replayed))
        return views

    def _packet_view(self, step: Step) -> TableView:
        """The table while the deal is under way: the packets dealt so far (core's packets, in order)."""
        after = self._views[step.action_index]
        packets = [s.packet for s in self.steps[:self.steps.index(step) + 1] if s.packet is not None
                   and s.action_index == step.action_index]
        hands: list[list[Card]] = [[] for _ in range(after.players)]
        kitty = stock = 0
        turn_up = None
        for what, seat, cards in packets:
            if what == "hand" and seat is not None:
                hands[seat].extend(cards)
            elif what == "stock":      # Sixty-Six's stock: face down, a count
                stock += len(cards)
            elif what == "turn-up" and cards:
                turn_up = cards[0]
            else:
                kitty += len(cards)
        return TableView(game=after.game, players=after.players, dealer=after.dealer, phase="deal", hands=hands,
                         kitty=kitty, stock=stock, turn_up=turn_up, scores=list(after.scores),
                         score_labels=list(after.score_labels), tricks_won=[0] * len(after.tricks_won))


def view_of(hand: Any) -> TableView:
    """Core's face-up table view of a hand; for a family without ``table_view`` yet, the little every hand has."""
    if hasattr(hand, "table_view"):
        return hand.table_view(None)
    players = len(hand.hands)
    return TableView(game=hand.config.game, players=players, dealer=hand.dealer, to_act=hand.to_act,
                     phase=hand.phase.value, hands=[list(h) for h in hand.hands], trump=getattr(hand, "trump", None),
                     turn_up=getattr(hand, "turn_up", None), tricks_won=list(getattr(hand, "tricks_won", [])),
                     over=hand.is_over)


def replay_prefix(hand: Any, count: int) -> Any:
    """The hand replayed by core through its first ``count`` actions, from the same start (dealer, and the
    scores before it or, in Sixty-Six, the game points carried in)."""
    return hand.replay(hand.config, hand.history[:count], hand.dealer, *hand.start_args())


def _packet_text(packet: tuple[str, int | None, list[Card]]) -> Text:
    what, seat, cards = packet
    if what == "hand" and seat is not None:
        return Text("{seat} receives {cards}", seat=seat_name(seat), cards=list(cards))
    if what == "kitty":
        return Text("{count} cards go to the kitty", count=len(cards))
    return Text("Dealt: {cards}", cards=list(cards))


def _rule_statement(rule_id: str) -> str:
    try:
        from atout.rulebook import rule

        return rule(rule_id).statement.render()
    except KeyError:
        return ""


def _event_cards(event: Event) -> set[Card]:
    """The cards an event is about (to ring on the table): its action's card and any card it carries."""
    cards = set()
    if event.action is not None and isinstance(event.action.card, Card):
        cards.add(event.action.card)
    if isinstance(event.data, Card):
        cards.add(event.data)
    return cards


def _cards(cards: Sequence[Card], size: str, highlight: set[Card]) -> str:
    return "".join(card_svg(c, size, highlight=HIGHLIGHT if c in highlight else None) for c in cards)


def _suit_text(trump: Any) -> str:
    if trump is None:
        return "—"
    if isinstance(trump, Suit):
        return f"{trump.symbol} {trump.render()}"
    return trump.render() if hasattr(trump, "render") else str(trump)


def table_html(view: TableView, size: str = "small", highlight: set[Card] | None = None,
               viewer: int | None = None, winner: int | None = None) -> str:
    """A table view as HTML: seats with their cards (face down when ``viewer`` may not see them), the
    turned card, kitty and stock, the trick (or the last trick when the new one is empty), scores."""
    highlight = highlight or set()
    info = [f'{escape(_("Trumps"))}: <strong data-testid="trump">{escape(_suit_text(view.trump))}</strong>',
            f'{escape(_("Dealer"))}: {escape(seat_name(view.dealer).render())}']
    if view.contract:
        bidder, bid = view.contract
        info.append(escape(Text("Contract: {seat}, {bid}", seat=seat_name(bidder),
                                bid=bid.render() if hasattr(bid, "render") else bid).render()))
    if view.scores:
        labels = [lab.render() if hasattr(lab, "render") else str(lab) for lab in view.score_labels]
        scores = ", ".join(f"{escape(lab)} {s}" for lab, s in zip(labels, view.scores, strict=False))
        info.append(f'{escape(_("Scores"))}: {scores}')
    parts = [f'<div class="atout-table" data-phase="{escape(str(view.phase))}">',
             f'<p class="atout-table-info">{" · ".join(info)}</p>']
    for note in view.notes:
        parts.append(f'<p class="atout-note">{escape(note.render() if hasattr(note, "render") else str(note))}</p>')
    parts.append('<div class="atout-seats" style="display:flex;flex-wrap:wrap;gap:12px">')
    for seat in range(view.players):
        held = view.hands[seat] if seat < len(view.hands) else []
        visible = viewer is None or seat == viewer
        label = seat_name(seat).render()
        marks = []
        if seat == view.dealer:
            marks.append(_("dealer"))
        if seat == view.to_act:
            marks.append(_("to act"))
        if view.tricks_won and seat < len(view.tricks_won) and view.phase != "deal":
            marks.append(ngettext("{n} trick", "{n} tricks", view.tricks_won[seat]))
        if isinstance(held, int):
            cards = back_svg(size) * held if held else ""
        elif visible:
            cards = _cards(held, size, highlight)
        else:
            cards = back_svg(size) * len(held)
        current = ' aria-current="true"' if seat == view.to_act else ""
        parts.append(f'<section class="atout-seat" data-seat="{seat}"{current}>'
                     f'<h4 style="margin:2px 0">{escape(label)}'
                     f'{" (" + escape(", ".join(marks)) + ")" if marks else ""}</h4>'
                     f'<div class="atout-hand">{cards}</div></section>')
    parts.append("</div>")
    centre = []
    if view.turn_up is not None:
        centre.append(f'<figure class="atout-turn-up"><figcaption>{escape(_("Turned up"))}</figcaption>'
                      f'{_cards([view.turn_up], size, highlight)}</figure>')
    if view.kitty:   # a count (face down) or the cards themselves when the viewer may see them
        kitty = (back_svg(size) * view.kitty if isinstance(view.kitty, int) else _cards(view.kitty, size, highlight))
        centre.append(f'<figure class="atout-kitty"><figcaption>{escape(_("Kitty"))}</figcaption>{kitty}</figure>')
    if view.stock:
        count = view.stock if isinstance(view.stock, int) else len(view.stock)
        centre.append(f'<p class="atout-stock">{escape(Text("Stock: {n} cards", n=count).render())}</p>')
    trick, title = view.trick, _("Trick")
    if not trick and view.last_trick:
        trick, title = view.last_trick, _("Last trick")
    if trick:
        plays = []
        for seat, card in trick:
            ring = HIGHLIGHT if card in highlight or (winner is not None and seat == winner) else None
            plays.append(f'<figure class="atout-play" data-seat="{seat}" style="display:inline-block;margin:0 4px">'
                         f'{card_svg(card, size, highlight=ring)}'
                         f'<figcaption>{escape(seat_name(seat).render())}</figcaption></figure>')
        centre.append(f'<figure class="atout-trick" data-testid="trick"><figcaption>{escape(title)}</figcaption>'
                      f'{"".join(plays)}</figure>')
    if centre:
        parts.append(f'<div class="atout-centre" style="display:flex;gap:16px;align-items:flex-start">'
                     f'{"".join(centre)}</div>')
    parts.append("</div>")
    return "".join(parts)
