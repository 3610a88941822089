"""The What-if page: set up any position, see what the solver has proven every legal card is worth, play forward,
take back, keep two lines and compare them from one player's point of view.

"What if I had led the jack?" — keep the line played as line A, take back to that trick, lead the jack, keep it as
line B: both are valued for the same player, read as the cards played, and either can be gone back to.
Positions are text (``atout.position``): a whole deal with its actions, an ending (each player's remaining cards,
the trick so far, the trump and what was won so far), or the one-line short form; type or paste one, or click the
cards into place with the position editor (``atout.widgets.editor``). The values are worked out in the background
(``atout.widgets.analysis``) and shown as they are proven, on the cards too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as widgets

from atout.cards import Card, typed_text
from atout.engine import Action
from atout.errors import AtoutError
from atout.games import DEFAULT_GAME, NOTATION_GAME, available_games, family_of, game_title, package_of
from atout.i18n import Text, get_language, grammar, listed, series
from atout.position import compact_text, format_position, hand_from_text, parse_position, position_text
from atout.widgets import language
from atout.widgets.analysis import (
    Background,
    SolverPanel,
    action_words,
    score_amount,
    side_words,
    whose_score,
)
from atout.widgets.editor import PositionEditor
from atout.widgets.fault import guarded
from atout.widgets.seats import player_label
from atout.widgets.table import CardTable

__all__ = ["WhatIf"]


@dataclass
class Line:
    """A line kept to compare: the position reached (its text), the actions since the deal or the ending, its
    value for the page's chosen player once worked out."""

    text: str
    actions: list[Action]
    hand: Any
    value: Any = None                  # atout.solver.Value, once worked out (or while narrowed down)
    score: Any = None                  # its score as the hand is scored (``atout.solver.scoring.Scorer``)
    why: str = ""                      # why it has no value (not in play yet)
    job: Background | None = field(default=None, repr=False)


def played_actions(hand: Any) -> list[Action]:
    """What was done since the deal (or the ending the position started from), in order."""
    return list(hand.history[1:])


class WhatIf(widgets.VBox):
    """A position to explore, with two lines to compare. ``on_change`` callbacks hear every change of position
    (the page keeps the position in its address, ``address_state``)."""

    def __init__(self, game: str = DEFAULT_GAME, seed: int | None = 1, text: str | None = None) -> None:
        super().__init__()
        self.on_change: list[Callable[[], None]] = []
        self.add_class("atout-whatif")
        self._picking = False      # set while the page itself sets the game menu (not the user choosing)
        self.game_picker = widgets.Dropdown(options=[(game_title(g), g) for g in available_games()], value=game,
                                            style={"description_width": "initial"})
        self.game_picker.add_class("atout-whatif-game")
        self.game_picker.observe(guarded(self._game_chosen), names="value")
        self.deal_button = widgets.Button(icon="random")
        self.deal_button.add_class("atout-whatif-deal")
        self.deal_button.on_click(guarded(lambda _b: self.new_deal()))
        self.text = widgets.Textarea(layout=widgets.Layout(width="100%", height="11em"))
        self.text.add_class("atout-position-text")
        self.text.observe(guarded(self._typed), names="value")
        self.short = widgets.Text(layout=widgets.Layout(width="100%"), style={"description_width": "initial"})
        self.short.add_class("atout-position-short")
        self.notation = widgets.HTML()
        self._echo = False        # set while the page writes the text itself (not the user typing)
        self.editor_heading = widgets.HTML()
        self.editor = PositionEditor(f"game: {game}", on_change=self._edited, on_use=self._show)
        self.load_button = widgets.Button()
        self.load_button.add_class("atout-load-position")
        self.load_button.on_click(guarded(lambda _b: self.load(self.text.value)))
        self.undo_button = widgets.Button(icon="undo")
        self.undo_button.add_class("atout-take-back")
        self.undo_button.on_click(guarded(lambda _b: self.take_back()))
        self.keep_buttons = {}
        for name in ("A", "B"):
            button = widgets.Button(icon="bookmark")
            button.add_class(f"atout-keep-{name.lower()}")
            button.on_click(guarded(lambda _b, name=name: self.keep(name)))
            self.keep_buttons[name] = button
        self.message = widgets.HTML()
        self.analysis = SolverPanel(on_values=self._show_values)
        self.line_seat: int | None = None
        self.seat_picker = widgets.Dropdown(style={"description_width": "initial"})
        self.seat_picker.add_class("atout-line-seat")
        self.seat_picker.observe(guarded(self._seat_chosen), names="value")
        self.lines: dict[str, Line] = {}
        self.lines_view = widgets.HTML()
        self.back_buttons = {}
        for name in ("A", "B"):
            button = widgets.Button(icon="reply")
            button.add_class(f"atout-back-{name.lower()}")
            button.on_click(guarded(lambda _b, name=name: self.back_to(name)))
            self.back_buttons[name] = button
        self.lines_box = widgets.VBox([self.seat_picker, self.lines_view,
                                       widgets.HBox(list(self.back_buttons.values()))])
        self.lines_box.add_class("atout-lines")
        self.stage = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.table_box = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.evaluation_box = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.hand: Any = None
        self.table: CardTable | None = None
        self.children = [
            widgets.HBox([self.game_picker, self.deal_button]),
            self.stage,
            widgets.HBox([self.undo_button, *self.keep_buttons.values()]),
            self.analysis, self.lines_box, self.table_box, self.evaluation_box,
            self.text, widgets.HBox([self.load_button]), self.short, self.message, self.notation,
            self.editor_heading, self.editor,
        ]
        self._written = ""       # the position as the page last wrote it in the text box
        language.register(self)
        if text:
            self.load(text, canonical=True)      # from the page's address or a file: the canonical notation
        if self.hand is None:
            self.new_deal(seed)

    # --- positions ----------------------------------------------------------------------------------

    def new_deal(self, seed: int | None = None) -> None:
        """Deal the chosen game afresh; the lines kept belong to the old deal and go."""
        game = self.game_picker.value
        self._forget_lines()
        self._show(package_of(game).new_hand(game, seed=seed))

    def _game_chosen(self, change: dict) -> None:
        if not self._picking and change["new"] != getattr(getattr(self.hand, "config", None), "game", None):
            self.new_deal()

    def load(self, text: str, canonical: bool = False) -> bool:
        """Set up the position the text describes (any form ``atout.position`` reads), its cards as the page's
        reader types them (« RC » in French, 「ハートのK」 in Japanese, symbols in any language), or ``canonical``
        as files and addresses write them; a bad one is refused with core's reason and nothing changes."""
        try:
            hand = hand_from_text(text, None if canonical else get_language())
        except AtoutError as exc:
            self.message.value = (f"<p class='atout-error' role='alert' data-testid='position-error'>"
                                  f"{escape(str(exc))}</p>")
            return False
        self._show(hand)
        return True

    def _typed(self, change: dict) -> None:
        """The text changed: the editor shows what it says, as far as it can be read."""
        if not self._echo:
            self.editor.set_text(change["new"])

    def _edited(self, text: str) -> None:
        """A card placed or a contract chosen in the editor: the text says the same."""
        self._echo = True
        try:
            self.text.value = text
        finally:
            self._echo = False

    def _show(self, hand: Any) -> None:
        # The new table is drawn first: should drawing fail, the page keeps the position it showed, whole.
        table = CardTable(hand, viewer=None, show_legal=True, on_event=[lambda _e: self._changed()])
        self._picking = True
        try:
            if hand.config.game != self.game_picker.value and self.lines:
                self._forget_lines()
            self.game_picker.value = hand.config.game
        finally:
            self._picking = False
        self.hand = hand
        if self.table is not None:
            language.close_tree(self.table)      # else every table ever shown would still follow the language
        self.table = table
        self.stage.children = [self.table]
        self.message.value = ""
        self._show_table()
        self._changed()

    def _changed(self) -> None:
        from atout.widgets.evaluation import EvaluationView

        self._write_text()
        self.short.value = compact_text(self.hand)
        self.analysis.show(self.hand)
        for old in self.evaluation_box.children:
            language.close_tree(old)
        # An ending has no record of the earlier tricks, so the cards a player has seen cannot be told apart from
        # those still hidden: hands are evaluated from a dealt position only.
        evaluable = not self.hand.is_over and not self.hand.from_ending
        self.evaluation_box.children = [EvaluationView(self.hand)] if evaluable else []
        self.refresh()
        for callback in list(self.on_change):
            callback()

    def _show_table(self) -> None:
        """The double-dummy table, for a dealt hand of a game that has one (Sixty-Six's: its first lead's)."""
        from atout.solver.table import has_first_lead_table, has_table
        from atout.widgets.tableview import DoubleDummyView, FirstLeadView

        for old in self.table_box.children:
            old.stop()
            language.close_tree(old)
        views: list[DoubleDummyView] = []
        if has_table(self.hand):
            views = [DoubleDummyView(self.hand)]
        elif has_first_lead_table(self.hand):
            views = [FirstLeadView(self.hand)]
        self.table_box.children = views

    def _show_values(self, marks: dict[str, dict[str, Any]]) -> None:
        if self.table is not None and self.table.card_values != marks:
            self.table.card_values = marks

    def address_state(self) -> dict[str, str]:
        """The position shown, in its short form (``atout.position.compact_text``), for the page's address."""
        return {"position": compact_text(self.hand)} if self.hand is not None else {}

    def take_back(self) -> bool:
        """Take back the last action (the deal or the ending stays)."""
        try:
            self.hand.undo()
        except AtoutError as exc:
            self.message.value = f"<p class='atout-error' role='alert'>{escape(str(exc))}</p>"
            return False
        assert self.table is not None, "the page shows a position from the start"
        self.table.set_hand(self.hand)
        self._changed()
        return True

    # --- lines ------------------------------------------------------------------------------------------

    def keep(self, name: str) -> None:
        """Keep the current line as line ``name`` ("A" or "B"), valued for the player the lines are about."""
        if self.line_seat is None:
            self.line_seat = self._asking_seat()
        old = self.lines.get(name)
        if old is not None and old.job is not None:
            old.job.stop()
        self.lines[name] = Line(position_text(self.hand), played_actions(self.hand), self.hand.copy())
        self._value_line(name)
        self.refresh()

    def back_to(self, name: str) -> bool:
        """Go back to the position of line ``name`` (the lines stay)."""
        line = self.lines.get(name)
        return line is not None and self.load(line.text, canonical=True)

    def _asking_seat(self) -> int:
        """Whose question the lines answer: the player who made the last play (who asks "what if I had…"), else
        the player to act."""
        for event in reversed(self.hand.events):
            if event.kind == "play" and event.seat is not None:
                return event.seat
        return self.hand.to_act if self.hand.to_act is not None else 0

    def _seat_chosen(self, change: dict) -> None:
        if self._picking or change["new"] is None or change["new"] == self.line_seat:
            return
        self.line_seat = change["new"]
        for name in list(self.lines):
            self._value_line(name)
        self.refresh()

    def _forget_lines(self) -> None:
        for line in self.lines.values():
            if line.job is not None:
                line.job.stop()
        self.lines = {}
        self.line_seat = None

    def _value_line(self, name: str) -> None:
        """Work out line ``name``'s value for ``line_seat`` in the background."""
        from atout.solver import SolverError, position_of, solve_value
        from atout.solver.scoring import scorer

        line = self.lines[name]
        if line.job is not None:
            line.job.stop()
        line.value, line.why = None, ""
        seat = self.line_seat
        assert seat is not None, "a line kept is valued for the player the lines are about"
        hand = line.hand
        try:
            if not hand.is_over:
                position_of(hand)
            line.score = scorer(hand, seat)
        except (SolverError, AtoutError) as exc:
            line.why = str(exc)
            return

        def work(stop: Callable[[], bool]) -> None:
            value = solve_value(hand, seat, stop=stop)
            if self.lines.get(name) is line and self.line_seat == seat:
                line.value = value
                self.refresh()

        def failed(exc: Exception) -> None:
            line.why = str(exc)
            self.refresh()

        line.job = Background(work, failed)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the work in the background: the values, the lines (tests and scripts)."""
        self.analysis.wait(timeout)
        for line in list(self.lines.values()):
            if line.job is not None:
                line.job.wait(timeout)
        for view in self.table_box.children:
            view.wait(timeout)

    def _line_value(self, line: Line) -> str:
        seat = self.line_seat
        assert seat is not None, "a line kept is valued for the player the lines are about"
        who = side_words(line.hand, seat)
        if line.value is None:
            return line.why or Text("Working out its value for {who}…", who=who).render()
        value = line.value
        amount = score_amount(value.lo, value.hi, line.score)
        if line.hand.is_over:
            return Text("{amount} for {who}: the hand is over", amount=amount, who=who).render()
        return Text("{amount} for {who}, every player playing their best from here ({what})", amount=amount,
                    who=who, what=whose_score(line.hand, line.score)).render()

    def _lines_html(self) -> str:
        if not self.lines:
            return ""
        kept = [self.lines[n] for n in ("A", "B") if n in self.lines]
        common = 0
        if len(kept) == 2:
            a, b = kept[0].actions, kept[1].actions
            while common < min(len(a), len(b)) and a[common] == b[common]:
                common += 1
        parts = []
        if len(kept) == 2 and common:
            shared = kept[0].actions[:common]
            parts.append(f"<p class='atout-lines-common' data-testid='lines-common'>"
                         f"{escape(Text('Both lines: {cards}', cards=_cards(shared)).render())}</p>")
        columns = []
        for name in ("A", "B"):
            line = self.lines.get(name)
            if line is None:
                continue
            own = line.actions[common:] if len(kept) == 2 else line.actions
            said = (Text("then: {cards}", cards=_cards(own)) if len(kept) == 2 and common
                    else Text("Played: {cards}", cards=_cards(own)))
            if not own:
                said = Text("nothing played since") if len(kept) == 2 and common else Text("nothing played yet")
            state = "done" if line.value is not None and line.value.exact else "working"
            columns.append(f"<div class='atout-branch' data-testid='branch-{name}' data-state='{state}'>"
                           f"<h4>{escape(Text('Line {name}', name=name).render())}</h4>"
                           f"<p class='atout-branch-value'>{escape(self._line_value(line))}</p>"
                           f"<p class='atout-branch-cards'>{escape(said.render())}</p></div>")
        return (f"<div class='atout-compare' data-testid='compare'>{''.join(parts)}"
                f"<div class='atout-branches'>{''.join(columns)}</div></div>")

    # --- drawing --------------------------------------------------------------------------------------------

    def _write_text(self) -> None:
        """The position in the text box, its cards as the page's reader reads them (the editor follows, ``_typed``)."""
        self._written = self.text.value = position_text(self.hand, get_language())

    def refresh(self) -> None:
        if self.hand is not None and self.text.value == self._written:   # not a text being typed: the new letters
            self._write_text()
        chosen = self.game_picker.value        # the games' names in the page language, the choice kept
        picking, self._picking = self._picking, True   # new options pass the menu through another game: no choice
        try:
            self.game_picker.options = [(Text(game_title(g)).render(), g) for g in available_games()]
            self.game_picker.value = chosen
        finally:
            self._picking = picking
        self.game_picker.description = Text("Game").render()
        self.deal_button.description = Text("New deal").render()
        self.load_button.description = Text("Set up this position").render()
        self.undo_button.description = Text("Take back").render()
        for name, button in self.keep_buttons.items():
            button.description = Text("Keep as line {name}", name=name).render()
        for name, button in self.back_buttons.items():
            button.description = Text("Back to line {name}", name=name).render()
            button.layout.display = "" if name in self.lines else "none"
        self.text.description = ""
        self.short.description = Text("Short form (one line, for a link)").render()
        self.editor_heading.value = ("<h3 class='atout-editor-heading'>"
                                     + escape(Text("Or place the cards by clicking").render()) + "</h3>")
        self.text.placeholder = Text("The position as text: edit it, or paste one, then set it up").render()
        self.notation.value = notation_help()
        self._picking = True
        try:
            if self.hand is not None:
                n = getattr(self.hand, "n", 2)
                self.seat_picker.options = [(player_label(s).render(), s) for s in range(n)]
                self.seat_picker.value = self.line_seat if self.line_seat is not None else None
            self.seat_picker.description = Text("Lines valued for").render()
        finally:
            self._picking = False
        self.lines_box.layout.display = "" if self.lines else "none"
        self.lines_view.value = self._lines_html()


def _cards(actions: list[Action]) -> str:
    """Actions as a player reads them: the cards played ("K♣, 4♣, …"), other actions in words."""
    return series(action_words(a) for a in actions)


def _suit_letters(lang: str) -> list[str]:
    """The letters a reader of ``lang`` types the suits with, one each, clubs to spades: C D H S, « T K C P »."""
    letters = grammar(lang).typed_suits
    return [next(text for text, suit in letters.items() if suit == index) for index in range(4)]


def notation_help() -> str:
    """How a position is written, on the page (the notation is core's: ``atout.position``)."""
    examples = family_of(NOTATION_GAME).module("notation")     # a game whose positions show every field
    lang = get_language()     # the examples in the letters the reader types (« AK », as de carreau, in French)
    deal, ending = (format_position(parse_position(text), lang) for text in (examples.DEAL, examples.ENDING))
    parts: list[tuple[str, str | Text]] = [
        ("summary", Text("How to write a position")),
        ("p", Text("One line per item, written key: value. Cards are written rank then suit, with letters or the "
                   "suit symbols (♣ ♦ ♥ ♠): {ace} is the ace of diamonds, {ten} the ten of hearts, {joker} the "
                   "joker; the suit letters are {suits}.", ace=typed_text(Card.parse("AD"), lang),
                   ten=typed_text(Card.parse("10H"), lang), joker=typed_text(Card.parse("JK"), lang),
                   suits=listed(dict.fromkeys(_suit_letters(lang)), lang))),
        ("h4", Text("A whole deal")),
        ("p", Text("The game, the dealer, the cards each player was dealt (seat 0, seat 1 and so on, in the order "
                   "of play), the kitty, turned-up card or stock where the game has one, and the actions since, "
                   "separated by commas.")),
        ("pre", deal),
        ("h4", Text("An ending")),
        ("p", Text("Only the cards each player still holds, without the deal and its history: the trump "
                   "(trump: H) or, after an auction, the contract (contract: the seat, then the call); the trick "
                   "so far (trick: the seat that led it, then the cards played to it, in order); the tricks each "
                   "seat has won so far (won: one number per seat). In Forty-Fives, where the best card scores, "
                   "the best trump played so far and who played it (best: 2 JH). In Sixty-Six, the card points "
                   "won so far (points: 40 22), the marriages declared (marriages: 20 0) and, if the stock was "
                   "closed, who closed it and the tricks each player had then (closed: 1 2 1).")),
        ("pre", ending),
        ("h4", Text("The short form")),
        ("p", Text("The same position on one line, as the page's address carries it: the game, the dealer, each "
                   "hand suit by suit (S, H, D, C, each followed by its ranks, T for ten, * for the joker), then "
                   "the piles and the actions. Paste it in the box above like any position.")),
    ]
    html = []
    for tag, words in parts:
        text = escape(words if isinstance(words, str) else words.render())
        html.append(f"<{tag}>{text}</{tag}>")
    return f"<details class='atout-notation' data-testid='notation'>{''.join(html)}</details>"
