"""The What-if page's analysis: what the solver has proven each card is worth, shown as it is proven.

The search runs in a background thread (``Background``), so the kernel keeps answering clicks while it thinks;
each step of ``atout.solver.solve_steps`` is proven, so whatever the panel shows at any moment is true: an
exact value, or the bounds proven so far ("at least 7", "at most 7", "7–9"), and "best" only for a card proven
at least as good as every other. The panel says it is still thinking, with a Stop; stopped, the values stay as
proven. The same position always ends with the same values.

>>> bound_text(8, 8, (0, 10)), bound_text(7, 10, (0, 10)), bound_text(0, 7, (0, 10)), bound_text(6, 8, (0, 10))
('8', 'at least 7', 'at most 7', '6–8')
>>> bound_badge(7, 10, (0, 10)), bound_text(0, 10, (0, 10))
('≥7', 'not known yet')
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from atout import units
from atout.engine import Action
from atout.errors import AtoutError
from atout.i18n import Person, Text, aside, ngettext, series, signed
from atout.solver.scoring import best_actions
from atout.widgets import language
from atout.widgets.fault import guarded
from atout.widgets.seats import player_label, side_label

log = logging.getLogger(__name__)

SHOW_EVERY_S = 0.25      # while thinking, the values are redrawn at most this often (every proof is kept)


def bound_text(lo: int, hi: int, limits: tuple[int, int] | None = None) -> str:
    """A proven value in words: exact, or what the search has proven so far."""
    if lo == hi:
        return str(lo)
    floor, ceiling = limits if limits is not None else (None, None)
    if lo == floor and hi == ceiling:
        return Text("not known yet").render()
    if hi == ceiling:
        return Text("at least {n}", n=lo).render()
    if lo == floor:
        return Text("at most {n}", n=hi).render()
    return Text("{lo}–{hi}", lo=lo, hi=hi).render()


def bound_badge(lo: int, hi: int, limits: tuple[int, int] | None = None) -> str:
    """The same, short enough to sit on a card."""
    if lo == hi:
        return str(lo)
    floor, ceiling = limits if limits is not None else (None, None)
    if lo == floor and hi == ceiling:
        return "…"
    if hi == ceiling:
        return f"≥{lo}"
    if lo == floor:
        return f"≤{hi}"
    return f"{lo}–{hi}"


def score_number(value: int, scorer: Any) -> str:
    """A score as the sheet writes it: a side's margin or a player's game points with its sign ("+15", "−5"), a
    player's own score plain."""
    return signed(value, plus=scorer.whose != "own")


def score_text(lo: int, hi: int, scorer: Any, limits: tuple[int, int] | None = None) -> str:
    """A proven score in words: exact, or what the search has proven so far (its count's bounds scored)."""
    slo, shi = scorer.bounds(lo, hi)
    if slo == shi:
        return score_number(slo, scorer)
    floor, ceiling = limits if limits is not None else (None, None)
    if lo == floor and hi == ceiling:
        return Text("not known yet").render()
    if hi == ceiling:
        return Text("at least {n}", n=score_number(slo, scorer)).render()
    if lo == floor:
        return Text("at most {n}", n=score_number(shi, scorer)).render()
    return Text("{lo} to {hi}", lo=score_number(slo, scorer), hi=score_number(shi, scorer)).render()


def score_badge(lo: int, hi: int, scorer: Any, limits: tuple[int, int] | None = None) -> str:
    """The same, short enough to sit on a card."""
    slo, shi = scorer.bounds(lo, hi)
    if slo == shi:
        return score_number(slo, scorer)
    floor, ceiling = limits if limits is not None else (None, None)
    if lo == floor and hi == ceiling:
        return "…"
    if hi == ceiling:
        return f"≥{score_number(slo, scorer)}"
    if lo == floor:
        return f"≤{score_number(shi, scorer)}"
    return f"{score_number(slo, scorer)}…{score_number(shi, scorer)}"


def score_amount(lo: int, hi: int, scorer: Any, limits: tuple[int, int] | None = None) -> str:
    """A proven score with its unit, and the count it comes from where that says more: "+15 points (20 trick
    points)", "−250 points", "2 game points"."""
    slo, shi = scorer.bounds(lo, hi)
    if slo == shi:
        amount = score_words(slo, scorer)
    else:
        words = score_text(lo, hi, scorer, limits)
        amount = words if limits is not None and (lo, hi) == tuple(limits) else Text(
            "{value} {unit}", value=words, unit=units.name(scorer.unit)).render()
    if scorer.same_unit or scorer.whose == "contract":
        return amount
    return Text("{score} ({count})", score=amount, count=count_words(lo, hi, scorer, limits)).render()


def count_words(lo: int, hi: int, scorer: Any, limits: tuple[int, int] | None = None) -> str:
    """What the search counted, with its unit: "4 tricks", "20 trick points" (Forty-Fives' points for tricks, not
    the hand's score)."""
    if scorer.count_unit == "tricks":
        # a count below no trick (Spoil Five: another player's jinx made, which the score tells) is no trick taken
        lo, hi = max(lo, 0), max(hi, 0)
        limits = None if limits is None else (max(limits[0], 0), max(limits[1], 0))
    if scorer.count_unit != "points":
        return amount_words(lo, hi, scorer.count_unit, limits)
    if lo == hi:
        return ngettext("{n} trick point", "{n} trick points", lo)
    words = bound_text(lo, hi, limits)
    if limits is not None and (lo, hi) == tuple(limits):
        return words
    return Text("{value} trick points", value=words).render()


def score_words(value: int, scorer: Any) -> str:
    """A score with its unit, the number as the sheet writes it: "+15 points", "−2 game points"."""
    return units.signed(scorer.unit, value, score_number(value, scorer))


def whose_score(hand: Any, scorer: Any) -> Text:
    """What a score is, for the side named (``side_words``): the side's score in the hand less the other side's, a
    player's own, the misère's result, or the game points won."""
    if scorer.whose == "margin":
        return Text("their score in this hand less the other side's, as the hand is scored")
    if scorer.whose == "own":
        return Text("their own score in this hand")
    if scorer.whose == "contract":
        value = max(scorer.table.values())
        contractor = Person(scorer.contractor)
        if hand.side_of(scorer.seat) == hand.side_of(scorer.contractor):
            return Text("the misère's result: +{value} points if {contractor} takes no trick, −{value} if they take "
                        "one", contractor=contractor, value=value)
        return Text("the misère's result turned round: +{value} points if {contractor} takes a trick, −{value} if "
                    "not; the points the defenders score for their tricks are left out", contractor=contractor,
                    value=value)
    return Text("the game points they win in this hand, negative when the other player wins them")


def count_heading(scorer: Any) -> Text:
    """The heading of the column of what the search counts, beside the score."""
    return Text("Tricks") if scorer.count_unit == "tricks" else Text("Trick points")


def amount_words(lo: int, hi: int, unit: str, limits: tuple[int, int] | None = None) -> str:
    """A proven amount with its unit: '8 tricks', 'at least 7 tricks', 'not known yet'."""
    if lo == hi:
        return units.amount(unit, lo).render()
    words = bound_text(lo, hi, limits)
    if limits is not None and (lo, hi) == tuple(limits):
        return words
    return Text("{value} {unit}", value=words, unit=units.name(unit)).render()


def action_words(action: Action) -> str:
    """An action as a player reads it: the card for a play (with the suit named for a joker led), else the words
    on its button."""
    from atout.widgets.table import action_label

    if action.kind == "play" and action.card is not None:
        if action.value is not None:
            return Text("{card} naming {suit}", card=action.card, suit=action.value).render()
        return action.card.render()
    return action_label(action)


def side_words(hand: Any, seat: int) -> Any:
    """Whose value it is: the player, or the players of the side where partners score together ("Player 2 and
    Player 4"); a partner sitting out (Five Hundred's misère) is not named."""
    side_of = getattr(hand, "side_of", None)
    n = len(hand.hands)
    if side_of is None:
        return player_label(seat)
    out = getattr(hand, "sitting_out", None)
    seats = [s for s in range(n) if side_of(s) == side_of(seat) and s != out]
    return side_label(seats) if len(seats) > 1 else player_label(seat)


def assumption(hand: Any, seat: int) -> Text | None:
    """What a value assumes about the other players, where it is not plain two-sided play."""
    config = hand.config
    if getattr(config, "has_partners", True) or getattr(config, "players", 2) <= 2:
        return None
    return Text("Played without partners, a value is what {seat} can make for sure when every other player plays "
                "against them: the others are assumed to join forces, so {seat} may well do better.",
                seat=player_label(seat))


class Background:
    """One piece of work in a daemon thread that can be told to stop (``stop``) and waited for (``wait``)."""

    def __init__(self, work: Callable[[Callable[[], bool]], None], on_error: Callable[[Exception], None]) -> None:
        self._stop = threading.Event()
        self._work = work
        self._on_error = on_error
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self._work(self._stop.is_set)
        except Exception as exc:       # noqa: BLE001 - a page never dies silently: the panel says what went wrong
            log.exception("background work failed")
            self._on_error(exc)

    def stop(self) -> None:
        self._stop.set()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def running(self) -> bool:
        return self.thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        self.thread.join(timeout)


class SolverPanel(widgets.VBox):
    """Every legal action's value for the player to act, proven step by step in the background.

    ``on_values(marks)`` hears, at each redraw, the short value of each card of the player to act
    (``{code: {"text", "best", "label"}}``) for the table to show on the cards.
    """

    def __init__(self, on_values: Callable[[dict[str, dict[str, Any]]], None] | None = None) -> None:
        super().__init__()
        self.add_class("atout-solver-panel")
        self.on_values = on_values
        self.view = widgets.HTML()
        self.status = widgets.HTML()
        self.stop_button = widgets.Button(icon="stop", disabled=True)
        self.stop_button.add_class("atout-solver-stop")
        self.stop_button.on_click(guarded(lambda _b: self.stop()))
        self.children = [self.view, widgets.HBox([self.status, self.stop_button])]
        self.hand: Any = None
        self.start: Any = None             # a copy of the hand as it was when its values were asked for
        self.solution: Any = None
        self.scorer: Any = None            # the hand's score of each value (``atout.solver.scoring``)
        self.error: str | None = None
        self.thinking = False
        self._job: Background | None = None
        self._token = 0
        self._lock = threading.Lock()
        language.register(self)
        self.refresh()

    # --- what the page calls ---------------------------------------------------------------------------

    def show(self, hand: Any) -> None:
        """Start working out the values of ``hand``'s position (the previous work is stopped)."""
        from atout.solver import SolverError, position_of
        from atout.solver.scoring import scorer

        self.cancel()
        self.hand, self.solution, self.error = hand, None, None
        self.scorer, self.start = None, None
        position = None
        if not hand.is_over:
            try:
                position = position_of(hand)   # read now: the page's hand may move on while the search runs
                self.scorer = scorer(hand, position.to_act)
                self.start = hand.copy()       # where the best line starts
            except (SolverError, AtoutError) as exc:
                self.error, position = str(exc), None
        self.thinking = position is not None
        self._token += 1
        token = self._token
        self._draw()
        if position is not None:
            self._job = Background(lambda stop: self._work(position, token, stop),
                                   lambda exc: self._failed(token, exc))

    def stop(self) -> None:
        """Stop thinking: the values stay as proven so far."""
        if self._job is not None:
            self._job.stop()

    def cancel(self) -> None:
        """Stop and forget the work in progress (another position is coming)."""
        self._token += 1
        if self._job is not None:
            self._job.stop()
            self._job = None

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the work in progress is over (tests and scripts)."""
        job = self._job
        if job is not None:
            job.wait(timeout)

    # --- the work ------------------------------------------------------------------------------------------

    def _work(self, position: Any, token: int, stop: Callable[[], bool]) -> None:
        from atout.solver import solve_steps

        shown = time.monotonic()
        last = None
        for solution in solve_steps(position, stop=stop):
            last = solution
            if token != self._token:
                return
            now = time.monotonic()
            if now - shown >= SHOW_EVERY_S:
                shown = now
                self._publish(token, solution, thinking=True)
        if last is not None:
            self._publish(token, last, thinking=False)

    def _publish(self, token: int, solution: Any, thinking: bool) -> None:
        with self._lock:
            if token != self._token:
                return
            self.solution = solution
            self.thinking = thinking and not solution.exact
            self._draw()

    def _failed(self, token: int, exc: Exception) -> None:
        with self._lock:
            if token != self._token:
                return
            self.thinking = False
            self.error = str(exc) if isinstance(exc, AtoutError) else Text(
                "The solver stopped on an error: the values shown are what it had proven.").render()
            self._draw()

    # --- drawing -----------------------------------------------------------------------------------------

    def refresh(self) -> None:
        self.stop_button.description = Text("Stop").render()
        self._draw()

    def _draw(self) -> None:
        hand, solution = self.hand, self.solution
        self.stop_button.disabled = not self.thinking
        self.stop_button.layout.display = "" if self.thinking else "none"
        if hand is None:
            self.view.value = self.status.value = ""
            return
        if hand.is_over:
            self.view.value = "<p>" + escape(Text("The hand is over.").render()) + "</p>"
            self.status.value = ""
            self._marks({})
            return
        if solution is None and self.error:
            self.view.value = f"<p class='atout-solver-none'>{escape(self.error)}</p>"
            self.status.value = ""
            self._marks({})
            return
        seat = hand.to_act if solution is None else solution.seat
        score = self.scorer
        unit = score.unit if score is not None else None
        who = side_words(hand, seat)
        head = Text("What each choice is worth to {who}, every hand known, each player playing their best: {what}",
                    who=who, what=whose_score(hand, score)).render() if score is not None else Text(
            "What each choice is worth to {who}, every hand known, each player playing their best", who=who).render()
        parts = [f"<p class='atout-solver-head'><strong>{escape(head)}</strong></p>"]
        assumed = assumption(hand, seat)
        if assumed is not None:
            parts.append(f"<p class='atout-solver-assumes' data-testid='solver-assumption'>"
                         f"{escape(assumed.render())}</p>")
        if solution is not None and score is not None:
            parts.append(self._rows(solution, score))
            if solution.exact:
                parts.append(self._line(solution))
            self._marks(self._card_marks(solution, score))
        else:
            self._marks({})
        self.view.value = (f"<div class='atout-solver' data-testid='solver' data-unit='{escape(unit or '')}' "
                           f"data-exact='{str(bool(solution and solution.exact)).lower()}'>{''.join(parts)}</div>")
        self.status.value = self._status(solution)

    def _status(self, solution: Any) -> str:
        if self.thinking:
            words = Text("Still thinking: the values shown are proven, the others are narrowed down as the search "
                         "goes on").render()
            return (f"<p class='atout-solver-status atout-thinking' role='status' data-testid='solver-status' "
                    f"data-state='thinking'><span class='atout-spinner' aria-hidden='true'></span>"
                    f"{escape(words)}</p>")
        if solution is None:
            return ""
        if solution.exact:
            words = Text("Every value is proven.").render()
            state = "done"
        else:
            words = Text("Stopped: each value is what was proven before the stop.").render()
            state = "stopped"
        if self.error:
            words, state = self.error, "error"
        return (f"<p class='atout-solver-status' role='status' data-testid='solver-status' data-state='{state}'>"
                f"{escape(words)}</p>")

    def _rows(self, solution: Any, score: Any) -> str:
        unit = units.name(score.unit)
        best = best_actions(solution, score)
        order = list(solution.bounds)
        counted = not score.same_unit and score.whose != "contract"
        rows = []
        for action, (lo, hi) in sorted(solution.bounds.items(),
                                       key=lambda item: (-item[1][0], -item[1][1], order.index(item[0]))):
            slo, shi = score.bounds(lo, hi)
            mark = (f" <span class='atout-best-mark'>{escape(Text('best').render())}</span>" if action in best
                    else "")
            count = (f"<td class='atout-solver-count'>{escape(bound_text(lo, hi, solution.limits))}</td>"
                     if counted else "")
            rows.append(f"<tr class='atout-solver-row{' atout-best' if action in best else ''}' "
                        f"data-action='{escape(str(action))}' data-lo='{lo}' data-hi='{hi}' data-score-lo='{slo}' "
                        f"data-score-hi='{shi}'><td>{escape(action_words(action))}</td>"
                        f"<td class='atout-solver-value'>{escape(score_text(lo, hi, score, solution.limits))}{mark}"
                        f"</td>{count}</tr>")
        extra = f"<th scope='col'>{escape(count_heading(score).render())}</th>" if counted else ""
        head = (f"<thead><tr><th scope='col'>{escape(Text('Choice').render())}</th>"
                f"<th scope='col'>{escape(Text('Worth ({unit})', unit=unit).render())}</th>{extra}</tr></thead>")
        table = f"<table class='atout-solver-table'>{head}<tbody>{''.join(rows)}</tbody></table>"
        if solution.exact and len(solution.bounds) > 1 and not best:
            table += (f"<p class='atout-solver-tie' data-testid='solver-tie'>"
                      f"{escape(Text('Every choice is worth the same here: none is better than another.').render())}"
                      f"</p>")
        return table

    def _line(self, solution: Any) -> str:
        """The best line, whole, trick by trick: who plays what, and who wins the trick."""
        from atout.solver.lines import line_by_trick

        items = []
        for trick in line_by_trick(self.start, solution.line):
            played = [Text("{who} {action}", who=player_label(seat), action=action_words(action)).render()
                      for seat, action in trick.before]
            plays = [(Text("{who} {action}", who=player_label(seat), action=action_words(action))
                      if action.kind == "play" else
                      Text("{who}: {action}", who=player_label(seat), action=action_words(action))).render()
                     for seat, action in trick.plays]
            if played:
                said = Text("Trick {n}: {played} (on the table), then {plays}", n=trick.number,
                            played=series(played), plays=series(plays)).render()
            else:
                said = Text("Trick {n}: {plays}", n=trick.number, plays=series(plays)).render()
            if trick.winner is not None:
                said = aside(said, Text("({who} wins it)", who=Person(trick.winner)).render())
            items.append(f"<li>{escape(said)}</li>")
        return (f"<div class='atout-best-line' data-testid='best-line'><p>{escape(Text('Best line:').render())}</p>"
                f"<ol>{''.join(items)}</ol></div>")

    def _card_marks(self, solution: Any, score: Any) -> dict[str, dict[str, Any]]:
        """Each card's value for the table: a card played in several ways (the joker led naming a suit) shows the
        best of them."""
        best = best_actions(solution, score)
        by_card: dict[str, list[tuple[int, int, bool]]] = {}
        for action, (lo, hi) in solution.bounds.items():
            if action.card is None:
                continue
            by_card.setdefault(action.card.code, []).append((lo, hi, action in best))
        marks = {}
        for code, values in by_card.items():
            lo, hi = max(v[0] for v in values), max(v[1] for v in values)
            is_best = any(v[2] for v in values)
            label = Text("worth {value}", value=score_amount(lo, hi, score, solution.limits)).render()
            if is_best:
                label = Text("{worth}, the best", worth=label).render()
            marks[code] = {"text": score_badge(lo, hi, score, solution.limits), "best": is_best, "label": label}
        return marks

    def _marks(self, marks: dict[str, dict[str, Any]]) -> None:
        if self.on_values is not None:
            self.on_values(marks)
