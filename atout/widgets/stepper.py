"""The deal stepper: walk through a hand one event at a time, forwards and back.

Each step is one thing core reports: a packet of the deal (``deal_packets()``), then every event
of every action in the hand's history, with the automatic ones it caused (``Event.flatten()``: the
turn-up, the kitty taken, each player's discards, the draw, a trick won, the score…). Beside the table drawn at that
step the stepper shows the event's explanation as the viewer may know it (``Event.explanation_for``: the cards laid
face down named where the viewer sees them), word for word as core gives it, and its rule as the table plays it
(``house_rules.rule_in_force``: a house rule in its own words where it replaces the rulebook's statement); the table
is core's position just after that event (``staged_views``), never a later one. It works for any family whose hands
expose ``history``, ``events``, ``staged_views(viewer)``, ``replay(config, history, dealer, start)`` and,
optionally, ``deal_packets()``.

Controls: first, back, forward and last buttons (their arrows drawn in SVG by the stylesheet), the step
slider (counting from 1, as "Step N of M"
beside it does, with no number of its own) and ▶ auto-play (an ipywidgets ``Play`` linked to the
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
from pathlib import Path
from typing import Any, NamedTuple

import anywidget
import ipywidgets as widgets
import traitlets

from atout.cards import Card
from atout.engine import Action, Event, Explanation, GameBase, HandBase, HandStart, TableView
from atout.games import DEFAULT_GAME, package_of
from atout.house_rules import rule_in_force
from atout.i18n import N_, Person, Plural, Text, _, sentences
from atout.widgets.fault import guarded
from atout.widgets.language import register
from atout.widgets.page_input import FromPage
from atout.widgets.said import rule_mark

SPEEDS = ((N_("slow"), 3000), (N_("normal"), 1500), (N_("fast"), 600))


class StepExplanation(FromPage, anywidget.AnyWidget):
    """The projector's explanation beside the walk-through's table: the step's sentence and rule (``value``, HTML),
    in a column the browser makes as wide as the longest of the walk-through's explanations (``every``) needs to end
    inside the window, the same width at every step; the table beside it fits its cards to the width left. A long
    closing of Sixty-Six with its rule ran 150 px (English) to 350 px (French) below a 1920×1080 window in a column
    of 340 px while the two-seat table beside it had room to spare."""

    _esm = Path(__file__).parent / "stepper.js"
    value = traitlets.Unicode("").tag(sync=True)
    every = traitlets.List(traitlets.Unicode()).tag(sync=True)


class Step(NamedTuple):
    """One step: a packet of the deal, or one event (its action's index in the history, and its own among the hand's
    events as ``Event.flatten`` lists them, which ``staged_views`` pictures one by one)."""

    kind: str                  # "packet" or "event"
    action_index: int          # index in the hand's history of the action that caused it
    event: Event               # the event (for a packet, the deal's event)
    packet: tuple[str, int | None, list[Card]] | None = None
    packet_index: int = -1
    event_index: int = 0       # among the hand's events, flattened (a packet: the deal's, 0)

    @property
    def explanation(self) -> Explanation:
        return self.event.explanation


def build_steps(hand: Any) -> list[Step]:
    """Every step of a hand in order: the deal packet by packet, then each event and its consequences."""
    steps: list[Step] = []
    index = 0
    for i, (action, event) in enumerate(zip(hand.history, hand.events, strict=True)):
        flat = list(event.flatten())
        first = index
        index += len(flat)
        if action.kind == "deal":
            shown_later = {e.kind for e in flat[1:]}   # the turn-up is an event of its own
            packets = [p for p in hand.deal_packets() if p[0] not in shown_later]
            steps += [Step("packet", i, event, packet, k, first) for k, packet in enumerate(packets)]
            flat, first = flat[1:], first + 1
        steps += [Step("event", i, e, event_index=first + k) for k, e in enumerate(flat)]
    return steps


def _hand_of(source: Any, game: str | None, dealer: int, start: HandStart | None,
             options: dict[str, Any]) -> Any:
    """A hand from a hand, a game (its current hand) or a history (replayed for ``game``, started with ``start``)."""
    if isinstance(source, HandBase):
        return source
    if isinstance(source, GameBase):
        return source.hand
    actions = [a if isinstance(a, Action) else Action.parse(a) for a in source]
    module = package_of(game or DEFAULT_GAME)
    probe = module.new_hand(game or DEFAULT_GAME, seed=0, **options)
    return probe.replay(probe.config, actions, dealer, start)


class DealStepper(widgets.VBox):
    """Step through a hand: the card table at each step, and core's explanation with its rule beside it.

    ``size="projector"`` is the classroom's walk-through: big cards sized to fit the window (the table's ``fit``)
    and big type; ``viewer`` is the seat whose hand alone is face up (None: every hand face up).
    """

    def __init__(self, hand_or_history: Any, game: str | None = None, dealer: int = 0,
                 scores_before: Sequence[int] | None = None, viewer: int | None = None, size: str = "small",
                 start: HandStart | None = None, **options: Any) -> None:
        super().__init__()
        self.add_class("atout-stepper")
        self.add_class(f"atout-stepper-{size}")
        if scores_before is not None:      # the scores before a history: its start, said the short way
            if start is not None:
                raise TypeError("give the scores before the hand as scores_before or in start, not both")
            start = HandStart(scores_before=tuple(scores_before))
        self.hand = _hand_of(hand_or_history, game, dealer, start, options)
        self.size = size
        self.steps = build_steps(self.hand)
        self.viewer = viewer
        self._views = view_steps(self.hand, viewer)
        count = max(len(self.steps), 1)
        # The slider counts steps from 1, as "Step N of M" does, and shows no number of its own: "Step N of M" beside
        # it is the one counter (a second number beside the first was read as another count).
        self.slider = widgets.IntSlider(value=1, min=1, max=count, step=1, continuous_update=True,
                                        readout=False, layout=widgets.Layout(width="320px"))
        self.slider.add_class("atout-step-slider")
        self.play = widgets.Play(value=1, min=1, max=count, step=1, interval=SPEEDS[1][1], show_repeat=False)
        self.play.add_class("atout-autoplay")
        self._link = widgets.link((self.play, "value"), (self.slider, "value"))
        self.speed = widgets.Dropdown(options=[(name, ms) for name, ms in SPEEDS], value=SPEEDS[1][1],
                                      layout=widgets.Layout(width="auto"), style={"description_width": "initial"})
        self.speed.add_class("atout-speed")
        self._speed_link = widgets.dlink((self.speed, "value"), (self.play, "interval"))
        # The arrows are drawn as SVG by the stylesheet (a glyph such as ⏮ is an empty box where the font lacks it);
        # each button is named by its tooltip.
        self.first_button = widgets.Button(description="", layout=widgets.Layout(width="52px"))
        self.back_button = widgets.Button(description="", layout=widgets.Layout(width="52px"))
        self.next_button = widgets.Button(description="", layout=widgets.Layout(width="52px"))
        self.last_button = widgets.Button(description="", layout=widgets.Layout(width="52px"))
        for button, name in ((self.first_button, "first"), (self.back_button, "back"), (self.next_button, "next"),
                             (self.last_button, "last")):
            button.add_class(f"atout-step-{name}")
            button.add_class("atout-step-icon")
        self.first_button.on_click(guarded(lambda _b: self.go(0)))
        self.back_button.on_click(guarded(lambda _b: self.back()))
        self.next_button.on_click(guarded(lambda _b: self.forward()))
        self.last_button.on_click(guarded(lambda _b: self.go(len(self.steps) - 1)))
        self.position_html = widgets.HTML()
        self.position_html.add_class("atout-step-position-box")
        from atout.widgets.table import CardTable

        self.table = CardTable(self.hand, viewer=viewer, you=None, size="projector" if size == "projector"
                               else "normal", fit=size == "projector")
        self.table.add_class("atout-stepper-table")
        self.explanation_html: widgets.HTML | StepExplanation = (
            StepExplanation(layout=widgets.Layout(flex="1 1 0")) if size == "projector"
            else widgets.HTML(layout=widgets.Layout(flex="1 1 0")))
        self.explanation_html.add_class("atout-stepper-explanation")
        self.slider.observe(guarded(lambda change: self._draw()), names="value")
        controls = widgets.HBox([self.first_button, self.back_button, self.slider, self.next_button,
                                 self.last_button, self.play, self.speed, self.position_html])
        controls.add_class("atout-stepper-controls")
        body = widgets.HBox([self.table, self.explanation_html])
        body.add_class("atout-stepper-body")
        self.children = [controls, body]
        register(self)
        self.refresh()

    # --- moving ------------------------------------------------------------------------------

    @property
    def step(self) -> int:
        """The step shown, counted from 0 (the slider counts from 1)."""
        return self.slider.value - 1

    @property
    def current(self) -> Step:
        return self.steps[self.step]

    def go(self, k: int) -> DealStepper:
        self.slider.value = max(0, min(k, len(self.steps) - 1)) + 1
        return self

    def forward(self) -> DealStepper:
        return self.go(self.step + 1)

    def back(self) -> DealStepper:
        return self.go(self.step - 1)

    def state_at(self, k: int | None = None) -> Any:
        """The hand replayed by core up to the action of step ``k`` (the current step by default)."""
        step = self.steps[self.step if k is None else k]
        return replay_prefix(self.hand, step.action_index + 1)

    def set_viewer(self, viewer: int | None) -> None:
        """Show every hand (None) or only ``viewer``'s, as core's view for that seat has it."""
        if viewer == self.viewer:
            return
        self.viewer = viewer
        self.table.viewer = viewer
        self._views = view_steps(self.hand, viewer)
        self._draw(every=True)

    # --- drawing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything in the page language."""
        self.first_button.tooltip = _("Back to the start of the deal")
        self.back_button.tooltip = _("Back one step")
        self.next_button.tooltip = _("Forward one step")
        self.last_button.tooltip = _("Forward to the end of the hand")
        self.slider.description = ""
        self.slider.tooltip = _("Step")
        self.play.tooltip = _("Play the hand step by step")
        chosen = self.speed.value
        self.speed.options = [(_(name), ms) for name, ms in SPEEDS]
        self.speed.value = chosen
        self.speed.description = _("Speed")
        self._draw(every=True)

    def _draw(self, every: bool = False) -> None:
        """Show the current step; with ``every``, give the projector's column every step's words again (another
        language or viewer) to find its width from."""
        if not self.steps:
            self.position_html.value = f"<p>{escape(_('Nothing has happened yet: the cards are not dealt'))}</p>"
            self.explanation_html.value = ""
            return
        k = self.step
        step = self.steps[k]
        self.back_button.disabled = self.first_button.disabled = k == 0
        self.next_button.disabled = self.last_button.disabled = k == len(self.steps) - 1
        self.position_html.value = (f'<p class="atout-step-position" data-step="{k}" aria-live="polite">'
                                    f'{escape(Text("Step {k} of {n}", k=k + 1, n=len(self.steps)).render())}</p>')
        self._show_table(step)
        self.explanation_html.value = self._explanation(step)
        if every and isinstance(self.explanation_html, StepExplanation):
            self.explanation_html.every = [self._explanation(s) for s in self.steps]

    def _explanation(self, step: Step) -> str:
        parts = ['<div class="atout-explanation" data-testid="step-explanation">']
        if step.packet is not None:
            packet = _packet_text(step.packet, self.viewer)
            said = packet.render(viewer=self.table.you) if isinstance(packet, Text) else packet.render()
            parts.append(f'<p class="atout-packet">{escape(said)}</p>')
        # The learner reads sentences: the rule as this table plays it under the step's sentence, and its id only as
        # the small mark after it (its hover the rule again), as every page shows a rule (``said.rule_mark``). It is
        # "you" for the seat the table calls "You" (none in the classroom, whose table shows Player 1's hand).
        why = self.explained(step)
        sentence = escape(why.sentence(viewer=self.table.you))
        config = self.hand.config
        stated, house = rule_in_force(config.game, config.options(), why.rule) if why.rule else ([], False)
        rule = escape(sentences(*(text.render() for text in stated)))
        if rule:
            label = f"<strong>{escape(_('House rule:'))}</strong> " if house else ""
            mark = rule_mark(why.rule) if not house else (
                f'<abbr class="atout-rule-id" data-rule="{escape(why.rule)}" title="{rule}">{escape(why.rule)}</abbr>')
            parts.append(f'<p class="atout-sentence">{sentence}</p>'
                         f'<blockquote class="atout-rule-statement"{" data-house-rule" if house else ""}>'
                         f'{label}{rule} {mark}</blockquote>')
        else:
            parts.append(f'<p class="atout-sentence">{sentence} {rule_mark(why.rule)}</p>')
        parts.append("</div>")
        return "".join(parts)

    def explained(self, step: Step) -> Explanation:
        """Core's explanation of a step, as the stepper's viewer may know what happened (the deal's for a packet)."""
        return step.event.explanation_for(self.viewer)

    def view_at(self, k: int | None = None) -> TableView:
        """Core's table at step ``k`` (the current step by default), as the viewer sees it: the position just after
        the step's event (``staged_views``), or the deal so far for a packet."""
        step = self.steps[self.step if k is None else k]
        return self._packet_view(step) if step.kind == "packet" else self._views[step.event_index]

    def _show_table(self, step: Step) -> None:
        winner, ringed = None, set(step.packet[2]) if step.packet is not None else _event_cards(step.event)
        won = self._trick_won(step)
        if won is not None:     # the trick this action completed lies in the middle, its winner marked
            winner = won
            if step.event.kind == "trick":
                ringed = set()  # the winner's card is the one marked
        self.table.show(self.view_at(self.steps.index(step)), ringed, winner)

    def _trick_won(self, step: Step) -> int | None:
        """Who won the trick the step's action completed, from the step that says so to the action's last step (its
        cards lie in the middle until the next action); None before, or when the action completed no trick."""
        if step.kind != "event":
            return None
        for other in self.steps:
            if other.action_index == step.action_index and other.kind == "event" and other.event.kind == "trick":
                return other.event.seat if other.event_index <= step.event_index else None
        return None

    def _packet_view(self, step: Step) -> TableView:
        """The table while the deal is under way: the packets dealt so far (core's packets, in order); a seat the
        viewer may not see shows its count face down."""
        after = self._views[step.event_index]
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
        shown: list[list[Card] | int] = [held if self.viewer is None or seat == self.viewer else len(held)
                                         for seat, held in enumerate(hands)]
        return TableView(game=after.game, players=after.players, viewer=self.viewer, dealer=after.dealer,
                         phase="deal", hands=shown, kitty=kitty, stock=stock, turn_up=turn_up,
                         scores=list(after.scores), score_labels=list(after.score_labels), score_unit=after.score_unit,
                         tricks_won=[0] * len(after.tricks_won))


def view_steps(hand: Any, viewer: int | None) -> list[TableView]:
    """Core's table just after each of the hand's events, as ``viewer`` sees it (``staged_views``)."""
    views: list[TableView] = hand.staged_views(viewer)
    return views


def _with_trick(view: TableView, trick: list | None) -> TableView:
    """A copy of ``view`` with ``trick`` in the middle (the trick just completed, which core has moved to
    ``last_trick``): a position taken after the action that completed it shows it so."""
    fields = view.to_dict()
    fields["trick"] = list(trick or [])
    fields["leader"] = trick[0][0] if trick else None
    return TableView(**fields)


def replay_prefix(hand: Any, count: int) -> Any:
    """The hand replayed by core through its first ``count`` actions, from the same start (dealer, and the
    scores before it or, in Sixty-Six, the game points carried in)."""
    return hand.replay(hand.config, hand.history[:count], hand.dealer, hand.start())


def _packet_text(packet: tuple[str, int | None, list[Card]], viewer: int | None = None) -> Text | Plural:
    """What a packet of the deal is, as ``viewer`` may know it (None: every hand face up): the cards of another
    seat's packet are counted, never named, as the table shows them face down. Rendered for a seat, that seat's own
    packet reads "You receive …".

    The player is core's ``Person``, as in every sentence of core ("Le joueur 2 reçoit…"; the table's label,
    "Joueur 2", read « Joueur 2 reçoit » with no article), and a count says its noun as the language does (a kitty
    of three is dealt 2 cards, then 1 card)."""
    what, seat, cards = packet
    if what == "hand" and seat is not None:
        if viewer is not None and seat != viewer:
            return Text("{player} receives {n} cards", player=Person(seat), n=len(cards))
        return Text("{seat} receives {cards}", seat=Person(seat), cards=list(cards),
                    you=N_("You receive {cards}"))
    if what == "kitty":
        return Plural("{n} card goes to the kitty", "{n} cards go to the kitty", len(cards))
    return Text("{n} cards go face down to the stock", n=len(cards))     # the stock's order is nobody's to see


def _event_cards(event: Event) -> set[Card]:
    """The cards an event is about (to ring on the table): its action's card, any card it carries, the cards it
    moved (drawn, taken from the kitty) and those it shows where they lie (a marriage's king and queen); the table
    rings only those it shows."""
    cards = set(event.cards) | set(event.shown)
    if event.action is not None and isinstance(event.action.card, Card):
        cards.add(event.action.card)
    if isinstance(event.data, Card):
        cards.add(event.data)
    return cards
