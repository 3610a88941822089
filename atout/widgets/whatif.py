"""The What-if page: set up any position, see what the solver says every legal card is worth, play
forward, take back, branch, and compare two lines side by side.

"What if I had led the jack?" — take back to that trick, play the jack, and compare the two lines.
Positions are text (``atout.position``): type or paste one, or copy the current one to share it, or
click the cards into place with the position editor (``atout.widgets.editor``); the text and the
editor follow each other.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from atout.errors import AtoutError
from atout.games import available_games, family
from atout.i18n import N_, Person, Text
from atout.position import hand_from_text, position_text
from atout.widgets import language
from atout.widgets.editor import PositionEditor
from atout.widgets.index import TITLES
from atout.widgets.table import CardTable

BUDGET_S = 2.0   # the page waits at most this long for the solver; past it, the best answer so far
UNITS = {"points": N_("points"), "tricks": N_("tricks"), "game points": N_("game points")}


def solver_table(hand: Any, budget_s: float = BUDGET_S) -> tuple[str, Any]:
    """HTML of every legal action's value for the side to act, best first, and the solution."""
    from atout.solver import SolverError, solve

    if hand.is_over:
        return "<p>" + escape(Text("The hand is over.").render()) + "</p>", None
    try:
        solution = solve(hand, budget_s=budget_s)
    except (SolverError, AtoutError) as exc:
        return f"<p class='atout-solver-none'>{escape(str(exc))}</p>", None
    unit = Text(UNITS.get(solution.unit, solution.unit)).render()
    rows = []
    proven_best = set(solution.proven_best())
    for action, (lo, hi) in sorted(solution.bounds.items(), key=lambda item: (-item[1][0], -item[1][1])):
        best = " atout-best" if action in proven_best else ""
        label = action.card.render() if action.kind == "play" and action.card is not None else str(action)
        rows.append(f"<tr class='atout-solver-row{best}' data-action='{escape(str(action))}'>"
                    f"<td>{escape(label)}</td><td>{escape(bound_text(lo, hi))}</td></tr>")
    line = " → ".join(escape(a.card.render() if a.card is not None else str(a)) for a in solution.line[:12])
    head = Text("What each card is worth to {seat}, every hand known ({unit})", seat=Person(solution.seat),
                unit=unit).render()
    exact = "" if solution.exact else ("<p class='atout-solver-estimate'>" + escape(Text(
        "The solver ran out of time: a range is what it proved so far.").render()) + "</p>")
    html = (f"<div class='atout-solver' data-testid='solver'><p><strong>{escape(head)}</strong></p>"
            f"<table><tbody>{''.join(rows)}</tbody></table>{exact}"
            f"<p class='atout-best-line'>{escape(Text('Best line:').render())} {line}</p></div>")
    return html, solution


def bound_text(lo: int, hi: int) -> str:
    """A proven value, or the range proven so far."""
    if lo == hi:
        return str(lo)
    return Text("{lo} to {hi}", lo=lo, hi=hi).render()


class WhatIf(widgets.VBox):
    """A position to explore, with two branches to compare."""

    def __init__(self, game: str = "forty-fives", seed: int | None = 1, text: str | None = None) -> None:
        super().__init__()
        self.add_class("atout-whatif")
        self.game_picker = widgets.Dropdown(options=[(TITLES[g], g) for g in available_games()], value=game,
                                            style={"description_width": "initial"})
        self.deal_button = widgets.Button(icon="random")
        self.deal_button.add_class("atout-whatif-deal")
        self.deal_button.on_click(lambda _b: self.new_deal())
        self.text = widgets.Textarea(layout=widgets.Layout(width="100%", height="11em"))
        self.text.add_class("atout-position-text")
        self.text.observe(self._typed, names="value")
        self._echo = False        # set while the page writes the text itself (not the user typing)
        self.editor_heading = widgets.HTML()
        self.editor = PositionEditor(f"game: {game}", on_change=self._edited, on_use=self._show)
        self.load_button = widgets.Button()
        self.load_button.add_class("atout-load-position")
        self.load_button.on_click(lambda _b: self.load(self.text.value))
        self.undo_button = widgets.Button(icon="undo")
        self.undo_button.add_class("atout-take-back")
        self.undo_button.on_click(lambda _b: self.take_back())
        self.branch_a = widgets.Button()
        self.branch_a.add_class("atout-keep-a")
        self.branch_a.on_click(lambda _b: self.keep("A"))
        self.branch_b = widgets.Button()
        self.branch_b.add_class("atout-keep-b")
        self.branch_b.on_click(lambda _b: self.keep("B"))
        self.message = widgets.HTML()
        self.solver_view = widgets.HTML()
        self.compare_view = widgets.HTML()
        self.stage = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.evaluation_box = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.branches: dict[str, tuple[str, str]] = {}
        self.hand: Any = None
        self.table: CardTable | None = None
        self.children = [
            widgets.HBox([self.game_picker, self.deal_button]),
            self.stage,
            widgets.HBox([self.undo_button, self.branch_a, self.branch_b]),
            self.solver_view, self.compare_view, self.evaluation_box, self.text, widgets.HBox([self.load_button]),
            self.message, self.editor_heading, self.editor,
        ]
        language.register(self)
        if text:
            self.load(text)
        else:
            self.new_deal(seed)

    # --- positions ----------------------------------------------------------------------------------

    def new_deal(self, seed: int | None = None) -> None:
        game = self.game_picker.value
        self._show(family(game).new_hand(game, seed=seed))

    def load(self, text: str) -> bool:
        """Set up the position the text describes; a bad one is refused with core's reason."""
        try:
            hand = hand_from_text(text)
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
        self.game_picker.value = hand.config.game
        self.hand = hand
        if self.table is not None:
            language.close_tree(self.table)      # else every table ever shown would still follow the language
        self.table = CardTable(hand, viewer=None, show_legal=True, on_event=[lambda _e: self._changed()])
        self.stage.children = [self.table]
        self.message.value = ""
        self._changed()

    def _changed(self) -> None:
        from atout.widgets.evaluation import EvaluationView

        self.text.value = position_text(self.hand)
        self.solver_view.value, _solution = solver_table(self.hand)
        for old in self.evaluation_box.children:
            language.close_tree(old)
        self.evaluation_box.children = ([EvaluationView(self.hand)] if not self.hand.is_over else [])
        self.refresh()

    def take_back(self) -> bool:
        """Take back the last action (the deal stays)."""
        try:
            self.hand.undo()
        except AtoutError as exc:
            self.message.value = f"<p class='atout-error' role='alert'>{escape(str(exc))}</p>"
            return False
        self.table.set_hand(self.hand)
        self._changed()
        return True

    def keep(self, name: str) -> None:
        """Keep the current line as branch A or B, to compare them side by side."""
        _html, solution = solver_table(self.hand)
        if self.hand.is_over:
            outcome = Text("hand over: scores {scores}", scores=" – ".join(str(s) for s in self._scores()))
        elif solution is not None:
            outcome = Text("{value} {unit} for {seat} with best play from here", value=solution.value,
                           unit=Text(UNITS.get(solution.unit, solution.unit)), seat=Person(solution.seat))
        else:
            outcome = Text("not solvable yet (the cards are still being bid or exchanged)")
        self.branches[name] = (position_text(self.hand), outcome.render())
        self.refresh()

    def _scores(self) -> list[int]:
        view = self.hand.table_view(None)
        return list(view.scores)

    def refresh(self) -> None:
        self.game_picker.description = Text("Game").render()
        self.deal_button.description = Text("New deal").render()
        self.load_button.description = Text("Set up this position").render()
        self.undo_button.description = Text("Take back").render()
        self.branch_a.description = Text("Keep as line A").render()
        self.branch_b.description = Text("Keep as line B").render()
        self.text.description = ""
        self.editor_heading.value = ("<h3 class='atout-editor-heading'>"
                                     + escape(Text("Or place the cards by clicking").render()) + "</h3>")
        self.text.placeholder = Text("The position as text: edit it, or paste one, then set it up").render()
        columns = []
        for name in ("A", "B"):
            if name in self.branches:
                text, outcome = self.branches[name]
                actions = next((line[len("actions: "):] for line in text.splitlines() if line.startswith("actions:")),
                               "")
                columns.append(f"<div class='atout-branch' data-testid='branch-{name}'><h4>"
                               f"{escape(Text('Line {name}', name=name).render())}</h4>"
                               f"<p>{escape(outcome)}</p><p class='atout-branch-actions'>{escape(actions)}</p></div>")
        self.compare_view.value = ("<div class='atout-compare' style='display:flex;gap:2em'>" + "".join(columns)
                                   + "</div>") if columns else ""
