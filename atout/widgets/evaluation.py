"""Evaluate a hand on the page: a progress bar, a Stop button, the result with its error bar, and the
distribution as a bar chart. The sampling runs in a background thread so Stop can be pressed."""

from __future__ import annotations

import threading
from html import escape
from typing import Any

import ipywidgets as widgets

from atout.errors import AtoutError
from atout.evaluate import Evaluation, default_target, evaluate
from atout.i18n import N_, Text, ngettext
from atout.widgets import language

UNITS = {"points": N_("points"), "tricks": N_("tricks"), "game points": N_("game points")}


def distribution_svg(result: Evaluation, width: int = 420, height: int = 150) -> str:
    """The distribution of the sampled values as bars, with a title and a text alternative."""
    counts = result.distribution
    if not counts:
        return ""
    unit = Text(UNITS.get(result.unit, result.unit)).render()
    top = max(counts.values())
    keys = list(counts)
    step = width / len(keys)
    bars = []
    for i, value in enumerate(keys):
        h = (height - 30) * counts[value] / top
        x = i * step + step * 0.15
        bars.append(f"<rect x='{x:.1f}' y='{height - 20 - h:.1f}' width='{step * 0.7:.1f}' height='{h:.1f}' "
                    f"fill='#1f4fc1'><title>{value} {escape(unit)}: {counts[value]}</title></rect>"
                    f"<text x='{i * step + step / 2:.1f}' y='{height - 5}' text-anchor='middle' font-size='12'>"
                    f"{value}</text>")
    title = Text("How often each result came up, over {n} deals", n=result.samples).render()
    summary = ", ".join(f"{value}: {count}" for value, count in counts.items())
    return (f"<svg role='img' width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
            f"class='atout-distribution'><title>{escape(title)}</title><desc>{escape(summary)}</desc>"
            f"{''.join(bars)}</svg>")


def _target_line(result: Evaluation) -> str:
    """How often the target was reached, with the unit in the form its number asks for (1 point, 2 points)."""
    n, p, e = result.target, f"{100 * result.probability:.0f}%", f"{100 * result.probability_error:.0f}%"
    if result.unit == "tricks":
        return ngettext("{n} trick or more in {p} of the deals (± {e})",
                        "{n} tricks or more in {p} of the deals (± {e})", n, p=p, e=e)
    if result.unit == "game points":
        return ngettext("{n} game point or more in {p} of the deals (± {e})",
                        "{n} game points or more in {p} of the deals (± {e})", n, p=p, e=e)
    return ngettext("{n} point or more in {p} of the deals (± {e})",
                    "{n} points or more in {p} of the deals (± {e})", n, p=p, e=e)


def result_html(result: Evaluation) -> str:
    unit = Text(UNITS.get(result.unit, result.unit)).render()
    # Percent signs stay in the values: in a message, Babel would read "% b" as a printf placeholder.
    parts = [Text("Over {n} deals: {mean} {unit} on average ({confidence} between {low} and {high})",
                  n=result.samples, mean=f"{result.mean:.1f}", unit=unit, confidence="95%",
                  low=f"{result.low:.1f}", high=f"{result.high:.1f}").render()]
    if result.target is not None:
        parts.append(_target_line(result))
    if result.stopped:
        parts.append(Text("(stopped early)").render())
    return ("<div class='atout-evaluation-result' data-testid='evaluation-result'>"
            + "".join(f"<p>{escape(p)}</p>" for p in parts) + distribution_svg(result) + "</div>")


class EvaluationView(widgets.VBox):
    """Evaluate the position of ``hand`` for ``seat`` (``run(wait=True)`` in tests and scripts)."""

    def __init__(self, hand: Any, seat: int | None = None, samples: int = 100, target: int | None = None) -> None:
        super().__init__()
        self.add_class("atout-evaluation")
        self.hand = hand
        self.seat = hand.to_act if seat is None else seat
        self.samples = widgets.BoundedIntText(value=samples, min=10, max=2000, style={"description_width": "initial"})
        if target is None:
            target = default_target(hand.config.game)
        self.target = widgets.IntText(value=target or 0, style={"description_width": "initial"})
        self.start_button = widgets.Button(icon="play")
        self.start_button.add_class("atout-evaluate")
        self.start_button.on_click(lambda _b: self.run())
        self.stop_button = widgets.Button(icon="stop", disabled=True)
        self.stop_button.add_class("atout-stop")
        self.stop_button.on_click(lambda _b: self.stop())
        self.bar = widgets.IntProgress(value=0, min=0, max=samples)
        self.output = widgets.HTML()
        self.result: Evaluation | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.children = [widgets.HBox([self.samples, self.target, self.start_button, self.stop_button]), self.bar,
                         self.output]
        language.register(self)
        self.refresh()

    def run(self, wait: bool = False) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self.bar.max = self.samples.value
        self.bar.value = 0
        self.start_button.disabled, self.stop_button.disabled = True, False
        self._thread = threading.Thread(target=self._work, daemon=True)
        self._thread.start()
        if wait:
            self._thread.join()

    def stop(self) -> None:
        self._stop.set()

    def _work(self) -> None:
        try:
            self.result = evaluate(self.hand, self.seat, samples=self.samples.value,
                                   target=self.target.value or None, seed=0, budget_s=1.0,
                                   stop=self._stop.is_set, progress=self._progress)
            self.output.value = result_html(self.result)
        except AtoutError as exc:
            self.output.value = f"<p class='atout-error' role='alert'>{escape(str(exc))}</p>"
        finally:
            self.start_button.disabled, self.stop_button.disabled = False, True

    def _progress(self, done: int, _total: int) -> None:
        self.bar.value = done

    def refresh(self) -> None:
        self.samples.description = Text("Deals").render()
        self.target.description = Text("Target").render()
        self.start_button.description = Text("Evaluate this hand").render()
        self.stop_button.description = Text("Stop").render()
        if self.result is not None:
            self.output.value = result_html(self.result)
