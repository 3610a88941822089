"""Evaluate a hand on the page: any player's hand, over many deals of the cards that player cannot see; a progress
bar with the count and the time left, a Stop button, the result so far with its error bar while the run goes on,
and the distribution as a bar chart with its axes, counts and the target. The sampling runs in a background
thread so Stop can be pressed and the page keeps answering."""

from __future__ import annotations

import threading
import time
from html import escape
from typing import Any

import ipywidgets as widgets

from atout import units
from atout.errors import AtoutError
from atout.evaluate import Evaluation, evaluate, suggested_target, value_unit
from atout.i18n import Person, Text, decimal, ngettext, series, signed
from atout.widgets import language
from atout.widgets.analysis import side_words, whose_score
from atout.widgets.fault import guarded
from atout.widgets.seats import player_label

SHOW_EVERY_S = 0.5          # the result so far is redrawn at most this often while the run goes on


def distribution_svg(result: Evaluation, width: int = 480, height: int = 230, counted: str | None = None) -> str:
    """How often each value came up, as bars: the values along the bottom (the unit named, or what is ``counted``),
    the deals up the side (with a scale), each bar's count above it, and the target as a dashed line with the bars
    that reach it in another colour; a title and a text alternative for screen readers."""
    counts = result.distribution
    if not counts:
        return ""
    unit = counted or units.name(result.unit)
    left, right, top, bottom = 52, 12, 26, 46
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max(counts.values())
    keys = list(counts)
    step = plot_w / len(keys)
    parts = []
    ticks = sorted({0, peak, round(peak / 2)})
    for tick in ticks:
        y = top + plot_h - plot_h * tick / peak
        parts.append(f"<line x1='{left}' x2='{width - right}' y1='{y:.1f}' y2='{y:.1f}' stroke='#ddd'/>"
                     f"<text x='{left - 6}' y='{y + 4:.1f}' text-anchor='end' font-size='12'>{tick}</text>")
    target = result.target
    for i, value in enumerate(keys):
        h = plot_h * counts[value] / peak
        x = left + i * step + step * 0.15
        y = top + plot_h - h
        reached = target is not None and value >= target
        colour = "#1b7a2e" if reached else "#1f4fc1"
        parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{step * 0.7:.1f}' height='{h:.1f}' fill='{colour}'>"
                     f"<title>{value} {escape(unit)}: {counts[value]}</title></rect>"
                     f"<text x='{left + i * step + step / 2:.1f}' y='{y - 4:.1f}' text-anchor='middle' "
                     f"font-size='12'>{counts[value]}</text>"
                     f"<text x='{left + i * step + step / 2:.1f}' y='{top + plot_h + 16}' text-anchor='middle' "
                     f"font-size='12'>{value}</text>")
    parts.append(f"<line x1='{left}' x2='{width - right}' y1='{top + plot_h}' y2='{top + plot_h}' stroke='#333'/>"
                 f"<line x1='{left}' x2='{left}' y1='{top}' y2='{top + plot_h}' stroke='#333'/>")
    parts.append(f"<text x='{left + plot_w / 2:.1f}' y='{height - 6}' text-anchor='middle' font-size='13'>"
                 f"{escape(unit)}</text>")
    deals = Text("deals").render()
    parts.append(f"<text x='14' y='{top + plot_h / 2:.1f}' text-anchor='middle' font-size='13' "
                 f"transform='rotate(-90 14 {top + plot_h / 2:.1f})'>{escape(deals)}</text>")
    if target is not None:
        at = next((i for i, value in enumerate(keys) if value >= target), len(keys))
        x = left + at * step
        label = Text("target {n}", n=target).render()
        parts.append(f"<line x1='{x:.1f}' x2='{x:.1f}' y1='{top - 8}' y2='{top + plot_h}' stroke='#b00020' "
                     f"stroke-width='2' stroke-dasharray='5 4' class='atout-target-line'/>"
                     f"<text x='{min(x + 4, width - right - 70):.1f}' y='{top - 12}' font-size='12' "
                     f"fill='#b00020'>{escape(label)}</text>")
    title = Text("How often each result came up, over {n} deals", n=result.samples).render()
    summary = series(Text("{value}: {count}", value=value, count=count).render() for value, count in counts.items())
    return (f"<svg role='img' width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
            f"class='atout-distribution'><title>{escape(title)}</title><desc>{escape(summary)}</desc>"
            f"{''.join(parts)}</svg>")


def _misere_contractor(hand: Any, result: Evaluation) -> tuple[Any, bool] | None:
    """In a misère (None in any other hand), the contractor and whether the evaluation counts the defenders' tricks
    (for the contractor's side: the contractor takes the rest) rather than the contractor's (for the defenders)."""
    score = result.scorer
    if hand is None or score is None or score.whose != "contract":
        return None
    return Person(score.contractor), hand.side_of(result.seat) == hand.side_of(score.contractor)


def _misere_lines(result: Evaluation, contractor: Any, defenders: bool) -> tuple[str, str | None, str]:
    """A misère's average, target and chart axis, naming who takes the tricks counted."""
    numbers: dict[str, Any] = {"n": result.samples, "mean": decimal(result.mean), "confidence": "95%",
                               "low": decimal(result.low), "high": decimal(result.high)}
    reached = {"p": f"{100 * result.probability:.0f}%", "e": f"{100 * result.probability_error:.0f}%"}
    target = None
    if defenders:
        mean = Text("Over {n} deals: the defenders take {mean} tricks on average ({confidence} between {low} and "
                    "{high})", **numbers).render()
        if result.target is not None:
            target = ngettext("The defenders take {n} trick or more in {p} of the deals (± {e})",
                              "The defenders take {n} tricks or more in {p} of the deals (± {e})", result.target,
                              **reached)
        axis = Text("tricks the defenders take").render()
    else:
        mean = Text("Over {n} deals: {contractor} takes {mean} tricks on average ({confidence} between {low} and "
                    "{high})", contractor=contractor, **numbers).render()
        if result.target is not None:
            target = ngettext("{contractor} takes {n} trick or more in {p} of the deals (± {e})",
                              "{contractor} takes {n} tricks or more in {p} of the deals (± {e})", result.target,
                              contractor=contractor, **reached)
        axis = Text("tricks {contractor} takes", contractor=contractor).render()
    return mean, target, axis


def _target_line(result: Evaluation) -> str:
    """How often the target was reached, with the unit in the form its number asks for (1 point, 2 points)."""
    n, p, e = result.target, f"{100 * result.probability:.0f}%", f"{100 * result.probability_error:.0f}%"
    assert n is not None, "a result with a target says how often it was reached"
    return units.reached(result.unit, n, p, e)


def result_html(result: Evaluation, running: bool = False, hand: Any = None) -> str:
    """The result (so far, while ``running``), its error bar, how often the target was reached, the chart."""
    unit = units.name(result.unit)
    if not result.samples:
        return ""
    # Percent signs stay in the values: in a message, Babel would read "% b" as a printf placeholder.
    misere = _misere_contractor(hand, result)
    counted = target = None
    if misere is not None:       # a misère counts the defenders' tricks, or the contractor's: said whose
        mean, target, counted = _misere_lines(result, *misere)
        parts = [mean]
    else:
        parts = [Text("Over {n} deals: {mean} {unit} on average ({confidence} between {low} and {high})",
                      n=result.samples, mean=decimal(result.mean), unit=unit, confidence="95%",
                      low=decimal(result.low), high=decimal(result.high)).render()]
    score = result.scorer
    if hand is not None and score is not None and not score.same_unit and result.samples >= 2:
        # what it scores, where that differs from what was counted
        plus = score.whose != "own"
        average = round(result.mean_score)
        scored = Text("For {who}, {what}: {mean} on average ({confidence} between {low} and {high})",
                      who=side_words(hand, result.seat), what=whose_score(hand, score),
                      mean=units.signed(score.unit, average, signed(average, plus=plus)), confidence="95%",
                      low=signed(round(result.mean_score - result.score_error), plus=plus),
                      high=signed(round(result.mean_score + result.score_error), plus=plus))
        parts.append(scored.render())
    if result.target is not None:
        parts.append(target if target is not None else _target_line(result))
    if running:
        parts.append(Text("(so far: more deals are coming, the range narrows as they do)").render())
    elif result.stopped:
        parts.append(Text("(stopped early)").render())
    state = "running" if running else "done"
    return (f"<div class='atout-evaluation-result' data-testid='evaluation-result' data-state='{state}'>"
            + "".join(f"<p>{escape(p)}</p>" for p in parts) + distribution_svg(result, counted=counted) + "</div>")


class EvaluationView(widgets.VBox):
    """Evaluate the position of ``hand`` for a player chosen on the page (``run(wait=True)`` in tests and
    scripts)."""

    def __init__(self, hand: Any, seat: int | None = None, samples: int = 100, target: int | None = None) -> None:
        super().__init__()
        self.add_class("atout-evaluation")
        self.hand = hand
        first = hand.to_act if seat is None else seat
        self.seat_picker = widgets.Dropdown(options=[(player_label(s).render(), s) for s in range(len(hand.hands))],
                                            value=first, style={"description_width": "initial"})
        self.seat_picker.add_class("atout-evaluate-seat")
        self.samples = widgets.BoundedIntText(value=samples, min=10, max=2000, style={"description_width": "initial"})
        self._chosen_target = target is not None
        self.target = widgets.IntText(value=target if target is not None else (suggested_target(hand, first) or 0),
                                      style={"description_width": "initial"})
        self.target.observe(guarded(self._target_typed), names="value")
        self._setting = False
        self._relabelling = False
        self.seat_picker.observe(guarded(self._seat_chosen), names="value")
        self.start_button = widgets.Button(icon="play")
        self.start_button.add_class("atout-evaluate")
        self.start_button.on_click(guarded(lambda _b: self.run()))
        self.stop_button = widgets.Button(icon="stop", disabled=True)
        self.stop_button.add_class("atout-stop")
        self.stop_button.on_click(guarded(lambda _b: self.stop()))
        self.bar = widgets.IntProgress(value=0, min=0, max=samples, style={"description_width": "initial"})
        self.bar.add_class("atout-evaluation-progress")
        self.output = widgets.HTML()
        self.result: Evaluation | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._started = 0.0
        self._shown = 0.0
        self.heading = widgets.HTML()
        self.children = [self.heading, widgets.HBox([self.seat_picker, self.samples, self.target, self.start_button,
                                                     self.stop_button]), self.bar, self.output]
        language.register(self)
        self.refresh()

    @property
    def seat(self) -> int:
        return self.seat_picker.value

    def _seat_chosen(self, change: dict) -> None:
        """Another player: the suggested target follows (the contract, or setting it), unless one was typed."""
        if not self._relabelling:
            self._label_target()
        if not self._chosen_target and not self._relabelling:
            self._setting = True
            try:
                self.target.value = suggested_target(self.hand, change["new"]) or 0
            finally:
                self._setting = False

    def _label_target(self) -> None:
        """The target's unit; in a misère, whose tricks it counts for the player chosen (``_misere_lines``)."""
        hand = self.hand
        if getattr(getattr(hand, "contract", None), "misere", False):
            if hand.side_of(self.seat) == hand.side_of(hand.contractor):
                counted = Text("tricks the defenders take").render()
            else:
                counted = Text("tricks {contractor} takes", contractor=Person(hand.contractor)).render()
        else:
            counted = units.name(value_unit(hand.config.game))
        self.target.description = Text("Target ({unit})", unit=counted).render()

    def _target_typed(self, _change: dict) -> None:
        if not self._setting:
            self._chosen_target = True

    def run(self, wait: bool = False) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self.result = None                      # the previous run's result goes at once
        self.output.value = ""
        self.bar.max = self.samples.value
        self.bar.value = 0
        self.bar.description = Text("{done} of {total}", done=0, total=self.samples.value).render()
        self.start_button.disabled, self.stop_button.disabled = True, False
        self._started = self._shown = time.monotonic()
        self._thread = threading.Thread(target=self._work, daemon=True)
        self._thread.start()
        if wait:
            self._thread.join()

    def stop(self) -> None:
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _work(self) -> None:
        try:
            self.result = evaluate(self.hand, self.seat, samples=self.samples.value,
                                   target=self.target.value or None, seed=0, stop=self._stop.is_set,
                                   progress=self._progress, partial=self._partial)
            self.output.value = result_html(self.result, hand=self.hand)
            self.bar.description = Text("{done} of {total}", done=self.result.samples,
                                        total=self.bar.max).render()
        except AtoutError as exc:
            self.output.value = f"<p class='atout-error' role='alert'>{escape(str(exc))}</p>"
        finally:
            self.start_button.disabled, self.stop_button.disabled = False, True

    def _progress(self, done: int, total: int) -> None:
        self.bar.value = done
        elapsed = time.monotonic() - self._started
        left = elapsed / done * (total - done) if done else 0.0
        if done < total:
            self.bar.description = Text("{done} of {total}, about {s} s left", done=done, total=total,
                                        s=max(1, round(left))).render()
        else:
            self.bar.description = Text("{done} of {total}", done=done, total=total).render()

    def _partial(self, result: Evaluation) -> None:
        now = time.monotonic()
        if now - self._shown >= SHOW_EVERY_S and result.samples < self.bar.max:
            self._shown = now
            self.output.value = result_html(result, running=True, hand=self.hand)

    def refresh(self) -> None:
        self.seat_picker.description = Text("Player").render()
        seat, self._relabelling = self.seat_picker.value, True
        try:                                    # the names in the page language, the same player chosen
            self.seat_picker.options = [(player_label(s).render(), s) for s in range(len(self.hand.hands))]
            self.seat_picker.value = seat
        finally:
            self._relabelling = False
        self.heading.value = ("<h3 class='atout-evaluation-heading'>"
                              + escape(Text("Evaluate the hand over many deals").render()) + "</h3><p>"
                              + escape(Text("The cards the player cannot see are dealt again and again, each deal is "
                                            "played out, and the page counts how often the target is reached.")
                                       .render()) + "</p>")
        self.samples.description = Text("Deals").render()
        self._label_target()
        self.start_button.description = Text("Evaluate this hand").render()
        self.stop_button.description = Text("Stop").render()
        if self.result is not None:
            self.output.value = result_html(self.result, hand=self.hand)
