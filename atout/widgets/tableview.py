"""The double-dummy table of a dealt hand on the What-if page: core works it out (``atout.solver.table``), cell by
cell in the background, with a progress bar and a Stop; this view only shows it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from html import escape
from typing import Any

import ipywidgets as widgets

from atout import units
from atout.i18n import Person, Text, ngettext, signed
from atout.vocabulary import call_label
from atout.widgets import language
from atout.widgets.analysis import Background, action_words, amount_words, bound_text
from atout.widgets.fault import guarded
from atout.widgets.seats import player_label, side_label


def strain_words(strain: Any) -> str:
    return Text("No trumps").render() if strain is None else f"{strain.symbol} {strain.render()}"


def explanation(table: Any) -> Text:
    """What the numbers mean, in plain words (the reading is core's, ``atout.solver.table``)."""
    if table.by == "contractor":
        return Text("Tricks the contractor's side takes in each strain, with the ten cards each player was dealt (the "
                    "kitty left out), the contractor leading and every player playing their best, every hand known.")
    if table.by == "bidder" and table.config is not None and table.config.has_partners:
        return Text("Points each bidder's side takes when the bidder wins the auction and names each trump suit, the "
                    "cards as they then are (the kitty, the discards and the draw done), the player on the bidder's "
                    "left leading and every player playing their best, every hand known.")
    if table.by == "bidder":
        return Text("Points each bidder takes when they win the auction and name each trump suit, the cards as they "
                    "then are (the kitty, the discards and the draw done), the player on the bidder's left leading "
                    "and every other player playing against the bidder, every hand known.")
    if table.by == "side":
        return Text("Points each side takes in each trump suit, with the five cards as dealt (before robbing), the "
                    "player on the dealer's left leading and every player playing their best, every hand known.")
    return Text("Points each player takes in each trump suit when every other player plays against them, with "
                "the five cards as dealt (before robbing, the kitty and the draw), the player on the dealer's left "
                "leading, every hand known.")


class DoubleDummyView(widgets.VBox):
    """A button that works out ``hand``'s double-dummy table, its progress, and the table."""

    def __init__(self, hand: Any) -> None:
        super().__init__()
        self.add_class("atout-double-dummy")
        self.hand = hand
        self.heading = widgets.HTML()
        self.start_button = widgets.Button(icon="table")
        self.start_button.add_class("atout-dd-start")
        self.start_button.on_click(guarded(lambda _b: self.run()))
        self.stop_button = widgets.Button(icon="stop", disabled=True)
        self.stop_button.add_class("atout-dd-stop")
        self.stop_button.on_click(guarded(lambda _b: self.stop()))
        self.bar = widgets.IntProgress(value=0, min=0, max=1, style={"description_width": "initial"})
        self.bar.add_class("atout-dd-progress")
        self.bar.layout.display = "none"
        self.output = widgets.HTML()
        self.table: Any = None
        self.stopped = False
        self._job: Background | None = None
        self._lock = threading.Lock()
        self.children = [self.heading, widgets.HBox([self.start_button, self.stop_button, self.bar]), self.output]
        language.register(self)
        self.refresh()

    def steps(self, hand: Any, stop: Callable[[], bool]) -> Iterator[Any]:
        """The table after each step of core's work (``atout.solver.table``)."""
        from atout.solver.table import double_dummy_steps

        return double_dummy_steps(hand, stop)

    def halted(self, stop: Callable[[], bool]) -> bool:
        """Whether the work was stopped (``stop``: the Stop button's)."""
        return stop()

    def run(self, wait: bool = False) -> None:
        """Work the table out in the background (``wait``: until it is done)."""
        if self._job is not None and self._job.running():
            return
        self.table, self.stopped = None, False
        self.output.value = ""
        self.start_button.disabled, self.stop_button.disabled = True, False
        self.bar.layout.display = ""
        hand = self.hand.copy()

        def work(stop: Any) -> None:
            for table in self.steps(hand, stop):
                with self._lock:
                    self.table = table
                    self.stopped = self.halted(stop) and not table.complete
                    self._draw()
            self.start_button.disabled, self.stop_button.disabled = False, True

        def failed(exc: Exception) -> None:
            self.output.value = f"<p class='atout-error' role='alert'>{escape(str(exc))}</p>"
            self.start_button.disabled, self.stop_button.disabled = False, True

        self._job = Background(work, failed)
        if wait:
            self._job.wait()

    def stop(self) -> None:
        if self._job is not None:
            self._job.stop()

    def wait(self, timeout: float | None = None) -> None:
        if self._job is not None:
            self._job.wait(timeout)

    def _par(self, table: Any) -> str:
        """The par contract, once the table is complete, where the game has contracts (core's ``par``)."""
        from atout.solver.table import par

        found = par(self.hand, table) if table.complete else None
        if found is None:
            return ""
        if found.call is None or found.contractor is None:
            said = Text("Par: nobody bids, every hand known: the hand is thrown in.")
        elif found.trump is not None and table.config.has_partners:
            said = Text("Par, both sides bidding with every hand known: a bid of {call} by {seat}, naming {suit}, "
                        "{score} points for their side (their score less the other side's).",
                        call=call_label(found.call), seat=Person(found.contractor), suit=found.trump,
                        score=signed(found.score, plus=True))
        elif found.trump is not None:
            said = Text("Par, every hand known: a bid of {call} by {seat}, naming {suit}, the highest bid a player "
                        "makes for sure against all the others; {score} points for them.",
                        call=call_label(found.call), seat=Person(found.contractor), suit=found.trump,
                        score=signed(found.score))
        else:
            said = Text("Par, both sides bidding with every hand known: {call} by {seat}, {score} points for their "
                        "side (their score less the other side's).", call=call_label(found.call),
                        seat=Person(found.contractor), score=signed(found.score, plus=True))
        return f"<p class='atout-dd-par' data-testid='dd-par'>{escape(said.render())}</p>"

    @staticmethod
    def _cell(table: Any, strain: Any, column: int, value: Any, own: bool) -> str:
        """A cell: its score (and the contract that scores it), then the count it comes from."""
        score = table.scores.get((strain, column))
        count = (amount_words(value.lo, value.hi, table.unit) if table.unit == "tricks" else
                 ngettext("{n} trick point", "{n} trick points", value.lo) if value.exact else
                 Text("{value} trick points", value=bound_text(value.lo, value.hi)).render())
        if score is None or score.lo is None or score.hi is None:
            shown = Text("no contract").render() if table.by == "contractor" or score is not None else "…"
            return (f"<span class='atout-dd-score' data-score=''>{escape(shown)}</span> "
                    f"<span class='atout-dd-count'>{escape(count)}</span>")
        number = signed(score.lo, plus=not own)
        if score.hi != score.lo:
            number = Text("{lo} to {hi}", lo=number, hi=signed(score.hi, plus=not own)).render()
        if score.call is not None:
            count = (Text("{count}: {call}", count=count, call=call_label(score.call)) if table.unit == "tricks"
                     else Text("{count}: a bid of {call}", count=count, call=call_label(score.call))).render()
        return (f"<span class='atout-dd-score' data-score='{score.lo}'>{escape(number)}</span> "
                f"<span class='atout-dd-count'>{escape(count)}</span>")

    def refresh(self) -> None:
        self.heading.value = ("<h3 class='atout-dd-heading'>" + escape(Text("Double-dummy table").render())
                              + "</h3>")
        self.start_button.description = Text("Work out the double-dummy table").render()
        self.stop_button.description = Text("Stop").render()
        self._draw()

    def _draw(self) -> None:
        table = self.table
        if table is None:
            return
        done = len(table.cells)
        self.bar.max, self.bar.value = table.size, done
        self.bar.description = Text("{done} of {total}", done=done, total=table.size).render()
        unit = units.name(table.unit)
        if table.by == "side":
            config = self.hand.config
            heads = [side_label([s for s in range(config.players) if config.side_of(s) == config.side_of(c)]).render()
                     for c in table.columns]
        else:
            heads = [player_label(c).render() for c in table.columns]
        if table.by == "bidder":
            heads = [Text("{seat} bids", seat=player_label(c)).render() for c in table.columns]
        rows = [f"<tr><th scope='col'>{escape(Text('Trumps').render())}</th>"
                + "".join(f"<th scope='col'>{escape(h)}</th>" for h in heads) + "</tr>"]
        config = self.hand.config
        own = table.by in ("player", "bidder") and not getattr(config, "has_partners", False) and len(table.columns) > 2
        for strain in table.strains:
            cells = []
            for column in table.columns:
                value = table.cells.get((strain, column))
                if value is None:
                    cells.append(f"<td data-column='{column}'>…</td>")
                    continue
                cells.append(f"<td data-column='{column}' data-lo='{value.lo}' data-hi='{value.hi}'>"
                             f"{self._cell(table, strain, column, value, own)}</td>")
            key = "NT" if strain is None else strain.letter
            rows.append(f"<tr data-strain='{key}'><th scope='row'>{escape(strain_words(strain))}</th>"
                        + "".join(cells) + "</tr>")
        if table.by == "contractor":
            rows[0] = (f"<tr><th scope='col'>{escape(Text('Strain').render())}</th>"
                       + "".join(f"<th scope='col'>{escape(Text('{seat} contracts', seat=player_label(c)).render())}"
                                 f"</th>" for c in table.columns) + "</tr>")
        state = "done" if table.complete else ("stopped" if self.stopped else "working")
        note = self._par(table)
        if self.stopped:
            note = "<p>" + escape(Text("Stopped: the cells shown are proven, the others were not worked out.")
                                  .render()) + "</p>"
        scored = Text("Each cell gives first what it scores, as the hand is scored: the side's score less the "
                      "other side's (a player's own, played without partners), with the highest contract its "
                      "tricks make where the game has contracts; then what was counted.") if not own else Text(
            "Each cell gives first what the player scores, then what was counted.")
        self.output.value = (f"<div class='atout-dd' data-testid='double-dummy' data-state='{state}'>"
                             f"<p>{escape(explanation(table).render())} ({escape(unit)})</p>"
                             f"<p>{escape(scored.render())}</p>"
                             f"<table class='atout-dd-table'>{''.join(rows)}</table>{note}</div>")


# Sixty-Six's table searches the whole hand: a few seconds on most deals where the search is compiled, but a deal
# can take far longer, and much longer where it runs as plain Python. Past this budget the table stops by itself,
# as Stop does, and shows what was proven.
FIRST_LEAD_BUDGET_S = 30.0


class FirstLeadView(DoubleDummyView):
    """Sixty-Six's table (core's ``first_lead_steps``): each choice of the first leader at the hand's first lead,
    with the game points it wins for the leader, every card and the stock's order known; bounds while a choice is
    not yet proven, and within ``budget_s`` seconds."""

    def __init__(self, hand: Any, budget_s: float = FIRST_LEAD_BUDGET_S) -> None:
        self.budget_s = budget_s
        self.timed_out = False
        super().__init__(hand)

    def steps(self, hand: Any, stop: Callable[[], bool]) -> Iterator[Any]:
        from atout.solver.table import first_lead_steps

        self.timed_out = False
        deadline = time.monotonic() + self.budget_s

        def late() -> bool:
            if time.monotonic() > deadline:
                self.timed_out = True
            return self.timed_out

        return first_lead_steps(hand, lambda: stop() or late())

    def halted(self, stop: Callable[[], bool]) -> bool:
        return stop() or self.timed_out

    def _value(self, lo: int, hi: int, limits: tuple[int, int]) -> str:
        if lo == hi:
            return units.signed("game points", lo, signed(lo, plus=True))
        if (lo, hi) == limits:
            return Text("not known yet").render()
        between = Text("{lo} to {hi}", lo=signed(lo, plus=True), hi=signed(hi, plus=True)).render()
        return Text("{value} {unit}", value=between, unit=units.name("game points")).render()

    def _draw(self) -> None:
        table = self.table
        if table is None:
            return
        done = len(table.values)
        self.bar.max, self.bar.value = table.size, done
        self.bar.description = Text("{done} of {total}", done=done, total=table.size).render()
        leader = Person(table.leader)
        tied = table.complete and len(set(table.values.values())) == 1
        best = set(table.best) if table.complete and not tied else set()
        rows = []
        for action, (lo, hi) in table.bounds.items():
            mark = (f" <span class='atout-best-mark'>{escape(Text('best').render())}</span>" if action in best
                    else "")
            rows.append(f"<tr class='atout-dd-choice{' atout-best' if action in best else ''}' "
                        f"data-action='{escape(str(action))}' data-lo='{lo}' data-hi='{hi}'>"
                        f"<th scope='row'>{escape(action_words(action))}</th>"
                        f"<td>{escape(self._value(lo, hi, table.limits))}{mark}</td></tr>")
        head = (f"<tr><th scope='col'>{escape(Text('Choice').render())}</th>"
                f"<th scope='col'>{escape(Text('Game points for {seat}', seat=leader).render())}</th></tr>")
        state = "done" if table.complete else ("stopped" if self.stopped else "working")
        note = ""
        if table.complete:
            value = table.value
            if value == 0:
                said = Text("With both players playing their best, neither player scores.").render()
            else:
                said = Text("With both players playing their best, {seat} wins {amount}.",
                            seat=leader if value > 0 else Person(1 - table.leader),
                            amount=units.amount("game points", abs(value)).render()).render()
            if tied:
                said += " " + Text("Every choice is worth the same here: none is better than another.").render()
            note = f"<p class='atout-dd-value' data-testid='dd-value'>{escape(said)}</p>"
        elif self.stopped:
            seconds = round(self.budget_s)
            said = (ngettext("Stopped after {n} second, the time it is given: a choice with one number is proven; "
                             "the others show what was proven so far.",
                             "Stopped after {n} seconds, the time it is given: a choice with one number is proven; "
                             "the others show what was proven so far.", seconds)
                    if self.timed_out else
                    Text("Stopped: a choice with one number is proven; the others show what was proven so far.")
                    .render())
            note = f"<p data-testid='dd-stopped'>{escape(said)}</p>"
        explained = Text("What each choice at the hand's first lead (closing the stock, a marriage, each card) wins "
                         "for {seat}, who leads first, in game points, every card and the order of the stock known "
                         "and both players playing their best. A number below zero is what the dealer wins.",
                         seat=leader)
        self.output.value = (f"<div class='atout-dd' data-testid='double-dummy' data-state='{state}'>"
                             f"<p>{escape(explained.render())}</p>"
                             f"<table class='atout-dd-table atout-dd-first-lead'>{head}{''.join(rows)}</table>"
                             f"{note}</div>")
