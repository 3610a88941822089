"""The trick explainer: a trick's cards, strongest first, with the rule that decides each comparison.

The learner swaps a card (one box per position, in play order) or changes trumps and sees the
verdict change. Nothing here decides a rule: the verdict, the order of the cards and the reason
for each comparison are core's ``TrickVerdict`` (``atout.rules_api.trick_verdict``), and the trumps
offered are the game's (``rules_api.trumps``). Text that is not a card, a card the game's deck
lacks or the same card twice is refused with core's message, and changes nothing.

>>> explainer = TrickExplainer("forty-fives", ["KH", "AH"], "C")
>>> explainer.winner_code
'AH'
>>> explainer.swap(1, "QH").winner_code
'KH'
>>> explainer.swap(1, "1H").error.startswith("'1H' is not a card")
True
>>> explainer.plays
['KH', 'QH']
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from atout import rules_api
from atout.cards import Card
from atout.engine import Explanation
from atout.errors import AtoutError, IllegalActionError
from atout.games import DEFAULT_GAME, family_of
from atout.i18n import N_, Text, _
from atout.rules_api import Comparison, TrickVerdict, trump_text
from atout.svg import card_svg
from atout.widgets.fault import guarded
from atout.widgets.language import register
from atout.widgets.said import rule_mark

# --- asking core -------------------------------------------------------------------------------


def trump_choices(game: str) -> list[str]:
    """The trumps ``game`` may have, as a page writes them: C D H S, and NT where the game has no trumps."""
    return [trump_text(t) for t in rules_api.trumps(game)]


def explain_beats(game: str, winner: str, other: str, trump: str, lead: str) -> Explanation | None:
    """Why ``winner`` beats ``other`` in a trick led by ``lead``, in the family's words (None for a joker led in no
    trumps: the suit it calls for is its leader's to name, not known here)."""
    strain = rules_api.parse_trump(game, trump)
    try:
        led = rules_api.led_suit(game, [Card.parse(lead)], strain)
    except IllegalActionError:
        return None
    return rules_api.why_beats(game, Card.parse(winner), Card.parse(other), strain, led)


def card_points(game: str, code: str) -> int | None:
    """A card's points where the game counts them (Sixty-Six), as core's ranking gives them; else None."""
    points = rules_api.ranking(game, rules_api.trumps(game)[0]).points
    return None if points is None else points.get(Card.parse(code))


# --- the widget --------------------------------------------------------------------------------

POSITION = N_("Card {n}")


class TrickExplainer(widgets.VBox):
    """A trick to take apart: change any card or the trumps and the verdict follows core's answer."""

    def __init__(self, game: str = DEFAULT_GAME, plays: Sequence[str] = ("KH", "AH"), trump: str = "C",
                 size: str = "small", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("atout-trick-explainer")
        self.game = game
        self.size = size
        strain = rules_api.parse_trump(game, trump)
        self.verdict: TrickVerdict = rules_api.trick_verdict(game, [Card.parse(p) for p in plays], strain)
        self.trump = trump_text(strain)
        self._error: Text | None = None     # core's refusal of the last input, rendered in the page language
        self.deck = [c.code for c in sorted(set(rules_api.ranking(game, strain).cards), key=lambda c: c.index)]
        self.boxes = [self._box(i, code) for i, code in enumerate(self.plays)]
        self.trump_picker = widgets.Dropdown(options=[], value=None, style={"description_width": "initial"})
        self.trump_picker.add_class("atout-trump-picker")
        self._set_trump_options()
        self.trump_picker.observe(guarded(self._on_trump), names="value")
        self.verdict_html = widgets.HTML()
        self.verdict_html.add_class("atout-verdict")
        self.cards_html = widgets.HTML()
        self.ladder_html = widgets.HTML()
        self.error_html = widgets.HTML()
        self.error_html.add_class("atout-error")
        self.children = [widgets.HBox([self.trump_picker, *self.boxes]), self.cards_html, self.verdict_html,
                         self.ladder_html, self.error_html]
        register(self)
        self.refresh()

    # --- what the learner does -----------------------------------------------------------------

    def swap(self, position: int, text: str) -> TrickExplainer:
        """Put the card written ``text`` at ``position``; refused text leaves the trick as it was."""
        try:
            cards = list(self.verdict.plays)
            cards[position] = family_of(self.game).deck.parse(text)
            self._judged(rules_api.trick_verdict(self.game, cards, self.verdict.trump))
        except AtoutError as exc:
            self._error = exc.message
        self._sync_boxes()
        self.refresh()
        return self

    def set_trump(self, trump: str) -> TrickExplainer:
        """Change the trumps (one of the game's, ``trump_choices``)."""
        try:
            strain = rules_api.parse_trump(self.game, trump)
            self._judged(rules_api.trick_verdict(self.game, self.verdict.plays, strain))
        except AtoutError as exc:
            self._error = exc.message
        self.refresh()
        return self

    def _judged(self, verdict: TrickVerdict) -> None:
        self.verdict, self._error = verdict, None
        self.trump = trump_text(verdict.trump)

    # --- what it shows -------------------------------------------------------------------------

    @property
    def plays(self) -> list[str]:
        return [card.code for card in self.verdict.plays]

    @property
    def order(self) -> list[str]:
        """The trick's cards, strongest first (core's verdict heads it)."""
        return [card.code for card in self.verdict.strongest]

    @property
    def ladder(self) -> tuple[Comparison, ...]:
        """Why each card of ``order`` beats the next, in the family's words."""
        return self.verdict.comparisons

    @property
    def error(self) -> str | None:
        """Core's refusal of the last input, in the page language (None once an input is taken)."""
        return None if self._error is None else self._error.render()

    @property
    def winner_index(self) -> int:
        return self.verdict.winner

    @property
    def winner_code(self) -> str:
        return self.verdict.winning_card.code

    def refresh(self) -> None:
        """Redraw in the page language (core's sentences are rendered in it)."""
        self._set_trump_options()
        for i, box in enumerate(self.boxes):
            box.description = Text(POSITION, n=i + 1).render()
            box.placeholder = _("a card, such as 10H")
            box.tooltip = _("Write a card to put in its place: rank then suit, as 10H, QS or JK")
        winner = self.verdict.winning_card
        self.verdict_html.value = (
            f'<p data-testid="trick-verdict"><strong>'
            f'{escape(Text("{card} wins the trick", card=winner).render())}</strong> — '
            f'{escape(self.verdict.reason.render())}</p>')
        cards = []
        for i, card in enumerate(self.verdict.plays):
            label = Text("Card {n}, led", n=1).render() if i == 0 else Text(POSITION, n=i + 1).render()
            ring = "#e8a317" if i == self.winner_index else None
            cards.append(f'<figure class="atout-play" style="display:inline-block;margin:0 6px;text-align:center">'
                         f'{card_svg(card, self.size, highlight=ring)}'
                         f'<figcaption>{escape(label)}</figcaption></figure>')
        self.cards_html.value = f'<div class="atout-trick" data-testid="trick-cards">{"".join(cards)}</div>'
        rungs = [f'<li data-rule="{escape(c.rule)}">{escape(c.render())} {rule_mark(c.rule)}</li>'
                 for c in self.ladder]
        order = " &gt; ".join(escape(card.render()) for card in self.verdict.strongest)
        self.ladder_html.value = (f'<div class="atout-ladder"><p>{escape(_("From strongest to weakest:"))} '
                                  f'<span data-testid="trick-order">{order}</span></p><ol>{"".join(rungs)}</ol></div>')
        error = self.error
        self.error_html.value = f'<p role="alert" data-testid="trick-error">{escape(error)}</p>' if error else ""

    # --- plumbing ------------------------------------------------------------------------------

    def _box(self, position: int, code: str) -> widgets.Combobox:
        box = widgets.Combobox(value=code, options=self.deck, ensure_option=False, continuous_update=False,
                               layout=widgets.Layout(width="150px"))
        box.add_class("atout-card-input")
        box.observe(guarded(lambda change: self._on_box(position, change)), names="value")
        return box

    def _on_box(self, position: int, change: dict[str, Any]) -> None:
        if getattr(self, "_syncing", False):
            return
        text = change["new"].strip()
        if text and text.upper() != self.plays[position]:
            self.swap(position, text)

    def _sync_boxes(self) -> None:
        """Each box shows its card, but for a box whose refused text is still to be corrected."""
        if self._error is not None:
            return
        self._syncing = True
        try:
            for box, code in zip(self.boxes, self.plays, strict=True):
                box.value = code
        finally:
            self._syncing = False

    def _set_trump_options(self) -> None:
        self._syncing = True
        try:
            options = []
            for t in rules_api.trumps(self.game):
                name = _("no trumps") if t is None else f"{t.symbol} {t.render()}"
                options.append((Text("Trumps: {name}", name=name).render(), trump_text(t)))
            self.trump_picker.options = options
            self.trump_picker.value = self.trump
            self.trump_picker.description = _("Trumps")
        finally:
            self._syncing = False

    def _on_trump(self, change: dict[str, Any]) -> None:
        if getattr(self, "_syncing", False) or change["new"] is None or change["new"] == self.trump:
            return
        self.set_trump(change["new"])
