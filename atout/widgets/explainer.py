"""The trick explainer: a trick's cards, strongest first, with the rule that decides each comparison.

The learner swaps a card (one box per position, in play order) or changes trumps and sees the
verdict change. Nothing here decides a rule: the verdict is the referee's ``trick`` answer, the
order of the cards comes from the referee's ``rank`` answer, and each comparison is explained by
the family's ``ranking.explain_beats`` (every family has one). Text that is not a card, a card the
game's deck lacks or the same card twice is refused with core's message, and changes nothing.

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
from functools import cache
from html import escape
from typing import Any

import ipywidgets as widgets

from atout.cards import Card, Suit
from atout.engine import Explanation
from atout.games import DEFAULT_GAME, family_of
from atout.i18n import N_, Text, _
from atout.referee import judge
from atout.svg import card_svg
from atout.widgets.language import register

STRAINS = ("C", "D", "H", "S", "NT")   # what a referee query may name as trump; core says which a game has


# --- asking core -------------------------------------------------------------------------------

def rank_answer(game: str, trump: str) -> dict[str, Any]:
    """The referee's ``rank`` answer (``trump`` and ``plain`` card lists, highest first, or ``error``)."""
    return _rank_answer(game, trump)


@cache
def _rank_answer(game: str, trump: str) -> dict[str, Any]:
    return judge({"kind": "rank", "game": game, "trump": trump})


def trump_choices(game: str) -> list[str]:
    """The strains the referee accepts as trump for ``game``: C D H S, and NT where the game has no trumps."""
    return [t for t in STRAINS if "error" not in rank_answer(game, t)]


def family_ranking(game: str):
    """The family's ranking module (``explain_beats``, and ``card_points`` where the game counts card points)."""
    return family_of(game).module("ranking")


def strain_suit(trump: str) -> Suit | None:
    """The suit named by a strain text, None for no trumps (what the families' ranking functions take)."""
    return None if trump == "NT" else Suit.parse(trump)


def led_suit_letter(game: str, trump: str, lead: str) -> str:
    """The suit the lead calls for, by the referee's rank answer: a card ranked among the trumps leads trumps."""
    answer = rank_answer(game, trump)
    card = Card.parse(lead)
    if trump != "NT" and card.code in answer.get("trump", ()):
        return trump
    return card.suit.letter if card.suit is not None else trump


def strength_key(game: str, trump: str, lead: str):
    """A sort key, strongest first, for the cards of a trick led by ``lead``, from the referee's rank answer:
    trumps in their order, then the suit led in its order, then the cards that cannot win (in play order)."""
    answer = rank_answer(game, trump)
    trumps = list(answer.get("trump", ()))
    led = led_suit_letter(game, trump, lead)
    following = list(answer.get("plain", {}).get(led, ()))

    def key(item: tuple[int, str]) -> tuple[int, int]:
        position, code = item
        if code in trumps:
            return (0, trumps.index(code))
        if code in following:
            return (1, following.index(code))
        return (2, position)

    return key


def explain_beats(game: str, winner: str, other: str, trump: str, lead: str) -> Explanation | None:
    """Why ``winner`` beats ``other`` in a trick led by ``lead``, in the family's words (None when it has none)."""
    module = family_ranking(game)
    letter = led_suit_letter(game, trump, lead)
    if letter == "NT":   # a joker led in no trumps calls for the suit its player names: not known here
        return None
    led = Suit.parse(letter)
    return module.explain_beats(Card.parse(winner), Card.parse(other), strain_suit(trump), led)


def card_points(game: str, code: str) -> int | None:
    """A card's points where the game counts them (Sixty-Six), from the referee or the family; else None."""
    choices = trump_choices(game)
    points = rank_answer(game, choices[0]).get("points") if choices else None
    if isinstance(points, dict) and code in points:
        return points[code]
    module = family_ranking(game)
    if hasattr(module, "card_points"):       # only the games that count card points (Sixty-Six) have them
        return module.card_points([Card.parse(code)])
    return None


class Said:
    """A sentence core has already rendered (in the page language): shown as it is."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def render(self, lang: str | None = None) -> str:
        return self.text


class Comparison:
    """One rung of the ladder: ``higher`` beats ``lower``, for the reason ``why`` (rule and sentence)."""

    __slots__ = ("higher", "lower", "rule", "sentence")

    def __init__(self, higher: str, lower: str, rule: str, sentence: Text | Said) -> None:
        self.higher = higher
        self.lower = lower
        self.rule = rule
        self.sentence = sentence

    def render(self, lang: str | None = None) -> str:
        return self.sentence.render(lang)

    def __repr__(self) -> str:
        return f"Comparison({self.higher} > {self.lower}: {self.render('en')!r})"


def strength_order(game: str, plays: Sequence[str], trump: str) -> tuple[list[str], list[Comparison], dict]:
    """The trick's cards strongest first, the comparison between each neighbour, and the referee's verdict.

    The referee's winner always heads the list (core decides; the rank answer only orders the rest).
    """
    verdict = judge({"kind": "trick", "game": game, "trump": trump, "plays": list(plays)})
    if "error" in verdict:
        return list(plays), [], verdict
    codes = [Card.parse(p).code for p in plays]
    order = [code for _, code in sorted(enumerate(codes), key=strength_key(game, trump, codes[0]))]
    winner = codes[verdict["winner"]]
    order.remove(winner)
    order.insert(0, winner)
    ladder = []
    for higher, lower in zip(order, order[1:], strict=False):
        why = explain_beats(game, higher, lower, trump, codes[0])
        if why is None:
            beats = verdict.get("beats", {}).get(lower) if higher == winner else None
            if beats:
                sentence = beats["explanation"].removesuffix(f' ({beats["rule"]})')
                ladder.append(Comparison(higher, lower, beats["rule"], Said(sentence)))
                continue
            rule = rank_answer(game, trump).get("rule", verdict.get("rule", ""))
            why = Explanation(rule, Text("{w} ranks above {o}", w=Card.parse(higher), o=Card.parse(lower)))
        ladder.append(Comparison(higher, lower, why.rule, why.text))
    return order, ladder, verdict


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
        self.plays: list[str] = [Card.parse(p).code for p in plays]
        self.trump = trump.upper()
        self.error: str | None = None
        self._bad: tuple[int | None, str] | None = None   # the refused input, re-asked on a language switch
        answer = rank_answer(game, self.trump)
        if "error" in answer:
            raise ValueError(answer["error"])
        deck = list(answer.get("trump", ())) + [c for cards in answer.get("plain", {}).values() for c in cards]
        self.deck = sorted(set(deck), key=lambda code: Card.parse(code).index)
        self.boxes = [self._box(i, code) for i, code in enumerate(self.plays)]
        self.trump_picker = widgets.Dropdown(options=[], value=None, style={"description_width": "initial"})
        self.trump_picker.add_class("atout-trump-picker")
        self._set_trump_options()
        self.trump_picker.observe(self._on_trump, names="value")
        self.verdict_html = widgets.HTML()
        self.verdict_html.add_class("atout-verdict")
        self.cards_html = widgets.HTML()
        self.ladder_html = widgets.HTML()
        self.error_html = widgets.HTML()
        self.error_html.add_class("atout-error")
        self.children = [widgets.HBox([self.trump_picker, *self.boxes]), self.cards_html, self.verdict_html,
                         self.ladder_html, self.error_html]
        self._compute()
        register(self)
        self.refresh()

    # --- what the learner does -----------------------------------------------------------------

    def swap(self, position: int, text: str) -> TrickExplainer:
        """Put the card written ``text`` at ``position``; refused text leaves the trick as it was."""
        candidate = list(self.plays)
        candidate[position] = text
        answer = judge({"kind": "trick", "game": self.game, "trump": self.trump, "plays": candidate})
        if "error" in answer:
            self.error = answer["error"]
            self._bad = (position, text)
        else:
            self.error, self._bad = None, None
            self.plays = [Card.parse(p).code for p in candidate]
            self._compute()
        self._sync_boxes()
        self.refresh()
        return self

    def set_trump(self, trump: str) -> TrickExplainer:
        """Change the trumps (a strain the referee accepts for this game)."""
        trump = trump.upper()
        answer = judge({"kind": "trick", "game": self.game, "trump": trump, "plays": self.plays})
        if "error" in answer:
            self.error = answer["error"]
            self._bad = (None, trump)
        else:
            self.error, self._bad = None, None
            self.trump = trump
            self._compute()
        self.refresh()
        return self

    # --- what it shows -------------------------------------------------------------------------

    @property
    def winner_index(self) -> int:
        return self.verdict["winner"]

    @property
    def winner_code(self) -> str:
        return self.plays[self.verdict["winner"]]

    def _compute(self) -> None:
        self.order, self.ladder, self.verdict = strength_order(self.game, self.plays, self.trump)

    def refresh(self) -> None:
        """Redraw in the page language (the referee is asked again so its sentences are in it too)."""
        if self._bad is not None:   # the error message in the new language
            position, text = self._bad
            if position is None:
                self.error = judge({"kind": "trick", "game": self.game, "trump": text, "plays": self.plays})["error"]
            else:
                candidate = list(self.plays)
                candidate[position] = text
                self.error = judge({"kind": "trick", "game": self.game, "trump": self.trump,
                                    "plays": candidate}).get("error")
        self._compute()
        self._set_trump_options()
        for i, box in enumerate(self.boxes):
            box.description = Text(POSITION, n=i + 1).render()
            box.placeholder = _("a card, such as 10H")
            box.tooltip = _("Write a card to put in its place: rank then suit, as 10H, QS or JK")
        winner = Card.parse(self.winner_code)
        self.verdict_html.value = (
            f'<p data-testid="trick-verdict"><strong>'
            f'{escape(Text("{card} wins the trick", card=winner).render())}</strong> — '
            f'{escape(self.verdict.get("explanation", ""))}</p>')
        cards = []
        for i, code in enumerate(self.plays):
            label = Text("Card {n}, led", n=1).render() if i == 0 else Text(POSITION, n=i + 1).render()
            ring = "#e8a317" if i == self.winner_index else None
            cards.append(f'<figure class="atout-play" style="display:inline-block;margin:0 6px;text-align:center">'
                         f'{card_svg(Card.parse(code), self.size, highlight=ring)}'
                         f'<figcaption>{escape(label)}</figcaption></figure>')
        self.cards_html.value = f'<div class="atout-trick" data-testid="trick-cards">{"".join(cards)}</div>'
        rungs = [f'<li data-rule="{escape(c.rule)}">{escape(c.sentence.render())} <code>{escape(c.rule)}</code></li>'
                 for c in self.ladder]
        order = " &gt; ".join(escape(Card.parse(code).render()) for code in self.order)
        self.ladder_html.value = (f'<div class="atout-ladder"><p>{escape(_("From strongest to weakest:"))} '
                                  f'<span data-testid="trick-order">{order}</span></p><ol>{"".join(rungs)}</ol></div>')
        self.error_html.value = (f'<p role="alert" data-testid="trick-error">{escape(self.error)}</p>'
                                 if self.error else "")

    # --- plumbing ------------------------------------------------------------------------------

    def _box(self, position: int, code: str) -> widgets.Combobox:
        box = widgets.Combobox(value=code, options=self.deck, ensure_option=False, continuous_update=False,
                               layout=widgets.Layout(width="150px"))
        box.add_class("atout-card-input")
        box.observe(lambda change: self._on_box(position, change), names="value")
        return box

    def _on_box(self, position: int, change: dict) -> None:
        if getattr(self, "_syncing", False):
            return
        text = change["new"].strip()
        if text and text.upper() != self.plays[position]:
            self.swap(position, text)

    def _sync_boxes(self) -> None:
        self._syncing = True
        try:
            for box, code in zip(self.boxes, self.plays, strict=True):
                if self._bad is None or self._bad[0] is None:
                    box.value = code
        finally:
            self._syncing = False

    def _set_trump_options(self) -> None:
        self._syncing = True
        try:
            options = []
            for t in trump_choices(self.game):
                name = _("no trumps") if t == "NT" else f"{Suit.parse(t).symbol} {Suit.parse(t).render()}"
                options.append((Text("Trumps: {name}", name=name).render(), t))
            self.trump_picker.options = options
            self.trump_picker.value = self.trump
            self.trump_picker.description = _("Trumps")
        finally:
            self._syncing = False

    def _on_trump(self, change: dict) -> None:
        if getattr(self, "_syncing", False) or change["new"] is None or change["new"] == self.trump:
            return
        self.set_trump(change["new"])
