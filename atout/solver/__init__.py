"""The perfect-information solver: with every hand known, what each legal action is worth, and the best line.

>>> from atout.forty_fives import FortyFivesHand
>>> hand = FortyFivesHand.new("forty-fives", seed=3, players=4)
>>> solution = solve(hand)
>>> solution.best in hand.legal_actions(), solution.exact, solution.unit
(True, True, 'points')
>>> solution.values[solution.best] == max(solution.values.values())
True

What a value means, per family (always for the side of the player to act, and for the whole hand, so
what was already won is included):

* **Forty-Fives** — trick points: 5 a trick, plus 5 for the best card where the preset scores it
  (``forty-fives``, ``auction-forty-fives``). With partners, the side's points; played individually, a
  player's points when every other player plays against them (a *paranoid* search: several opponents
  each maximising their own points is not a two-sided game, so the solver assumes the worst for the
  player to act — the value is what that player can guarantee). The hand's score (net points in
  partnerships, a contract made or set in the auction) only ever grows with these points.
* **Five Hundred** — tricks the side takes (the score only grows with them); in misère, the tricks that
  go the contractor's way: for the contractor the tricks it loses (10 makes the contract), for the
  defenders the tricks they force on it.
* **Sixty-Six** — game points won (negative when the opponent wins them), once the stock is exhausted or
  closed; declarations, failed closes and carried points as the engine scores them.

Every value is proven. A solve refines *bounds* on each action's value, one null-window probe at a time in
a fixed order: when the search is stopped early (``budget_s``, or ``stop`` returning True), each action's
value is what was proven so far, exact or a range (``Solution.bounds``), and the same position stopped after
the same probes always says the same. ``Solution.values`` are the values each action is proven to secure
(its lower bound, exact once ``exact``); ``proven_best`` lists the actions proven at least as good as every
other. Time only decides how far the proof got, never what is claimed. Sixty-Six's strict phase is at most
six tricks of two cards and is always solved in full.

``solve_steps`` yields the solution after every probe, for a page that shows the values as they are proven.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from atout.engine import Action
from atout.solver import build, builds
from atout.solver.positions import Interrupted, SolverError, adapter_of, position_of
from atout.solver.tricks import JOKER_LEAD

if TYPE_CHECKING:
    from atout.solver.scoring import Scorer

__all__ = ["BUILD", "Solution", "SolverError", "Value", "position_of", "solve", "solve_score", "solve_steps",
           "solve_value"]

KEEP = Action("keep")


def __getattr__(name: str) -> Any:
    if name == "BUILD":                  # which build of the search runs (see atout.solver.builds)
        return builds.describe()
    if name.endswith("Position"):        # each family's position class, where it used to be imported from
        from atout.solver import positions

        return getattr(positions, name)
    raise AttributeError(name)


@dataclass
class Solution:
    """What the solver proved for the player to act (``seat``)."""

    seat: int
    bounds: dict[Action, tuple[int, int]]   # every legal action: proven (at least, at most) for the side to act
    best: Action                       # the action with the highest proven floor (proven best once ``exact``)
    line: list[Action]                 # the best play from here, every player perfect, ``best`` first (once exact)
    exact: bool                        # every value exact and the line found; False when stopped early
    unit: str                          # what the values count (``atout.units``): "points", "tricks"...
    nodes: int = 0
    elapsed_s: float = 0.0
    limits: tuple[int, int] | None = None   # the least and the most any action could be worth from here (None:
                                            # every value is exact from the start, as in Sixty-Six)

    @property
    def values(self) -> dict[Action, int]:
        """What each action is proven to secure: its exact value once known, else its floor."""
        return {a: lo for a, (lo, _hi) in self.bounds.items()}

    @property
    def value(self) -> int:
        return self.bounds[self.best][0]

    def is_exact(self, action: Action) -> bool:
        lo, hi = self.bounds[action]
        return lo == hi

    def proven_best(self) -> list[Action]:
        """The actions proven at least as good as every other (each one's floor reaches every other's ceiling)."""
        out = []
        for a, (lo, _hi) in self.bounds.items():
            if all(lo >= hi for b, (_lo, hi) in self.bounds.items() if b != a):
                out.append(a)
        return out

    def best_actions(self) -> list[Action]:
        """Every action as good as the best (once exact: all the proven best)."""
        if self.exact:
            return self.proven_best()
        top = self.value
        return [a for a, (lo, _hi) in self.bounds.items() if lo == top]


def _stopper(budget_s: float | None, stop: Callable[[], bool] | None, start: float) -> Callable[[], bool] | None:
    if budget_s is None:
        return stop
    deadline = start + budget_s
    clock = time.perf_counter
    if stop is None:
        return lambda: clock() > deadline
    return lambda: clock() > deadline or stop()


def solve(hand: Any, budget_s: float | None = None, line: bool = True,
          stop: Callable[[], bool] | None = None) -> Solution:
    """Solve the play position of an engine hand (or a position from ``atout.solver.positions``).

    ``line=False`` skips the best line (a little faster; ``Solution.line`` then holds ``best`` alone).
    ``budget_s`` or ``stop`` end the search early, with what was proven so far.
    """
    *_, solution = solve_steps(hand, budget_s, line, stop, every_probe=False)
    return solution


def solve_steps(hand: Any, budget_s: float | None = None, line: bool = True,
                stop: Callable[[], bool] | None = None, every_probe: bool = True) -> Iterator[Solution]:
    """The solution after each probe (``every_probe``), ending with the complete one, or with what was proven
    when stopped early."""
    start = time.perf_counter()
    pos = position_of(hand)
    adapter = adapter_of(pos)
    if adapter.SEARCH == "own":                      # a family with its own search solves whole, in one step
        solution = adapter.solve(pos, line)
        solution.elapsed_s = time.perf_counter() - start
        yield solution
        return
    built = adapter.build(pos)
    root = _TrickSolve(pos, built, _stopper(budget_s, stop, start), line)
    while True:
        try:
            more = root.advance()
        except Interrupted:
            more = False
        if every_probe or not more:
            solution = root.solution()
            solution.elapsed_s = time.perf_counter() - start
            yield solution
        if not more:
            return


@dataclass(frozen=True)
class Value:
    """What one player's side is proven to make from a position, every player perfect: at least ``lo``, at most
    ``hi`` (equal once exact), in ``unit``, for the whole hand (what was already won included)."""

    seat: int
    lo: int
    hi: int
    unit: str

    @property
    def exact(self) -> bool:
        return self.lo == self.hi


def solve_value(hand: Any, seat: int, budget_s: float | None = None,
                stop: Callable[[], bool] | None = None) -> Value:
    """The value of the position for ``seat``'s side, whoever is to act: partners together; in Forty-Fives played
    individually, ``seat`` against every other player (what it can guarantee). A hand that is over has its
    value as played. Stopped early, the bounds proven so far.

    >>> from atout.forty_fives import FortyFivesHand
    >>> hand = FortyFivesHand.new("forty-fives-partners", seed=3)
    >>> mine, theirs = solve_value(hand, hand.to_act), solve_value(hand, (hand.to_act + 1) % 4)
    >>> mine.exact and theirs.exact, mine.lo + theirs.lo, mine.lo == solve(hand).value
    (True, 25, True)
    """
    if getattr(hand, "is_over", False):
        return adapter_of(hand).played_value(hand, seat)
    start = time.perf_counter()
    pos = position_of(hand)
    adapter = adapter_of(pos)
    if adapter.SEARCH == "own":
        return adapter.solve_value(pos, seat)
    built = adapter.build(pos, max_seat=seat)
    stopper = _stopper(budget_s, stop, start)
    srch = builds.module().TrickSearch(built.state, stopper)
    lo, hi = build.limits(built.state)
    g = min(max(built.guess, lo), hi)
    while lo < hi:
        beta = g + 1 if g == lo else g
        try:
            g = srch.value(beta - 1, beta)
        except Interrupted:
            break
        if g < beta:
            hi = g
        else:
            lo = g
    base, scale = built.base, built.scale
    lo, hi = (base + lo) * scale, (base + hi) * scale
    if built.refine is not None:
        lo, hi = built.refine(lo, hi, None, stopper)
    return Value(seat, lo, hi, built.unit)


def solve_score(hand: Any, seat: int, score: Scorer) -> int:
    """``score`` (``atout.solver.scoring.Scorer``) of the exact value of the position for ``seat``'s side, proven with
    only the probes the score needs: one at each count where the score changes, by bisection (in Five Hundred's
    misère the score turns on one count alone, every trick going the contractor's way, so one probe answers where the
    exact count takes several). A family searched whole, or whose score turns on more than the count, is solved
    exactly (``solve_value``)."""
    pos = position_of(hand)
    adapter = adapter_of(pos)
    if adapter.SEARCH == "own" or score.table is None:
        return score(solve_value(hand, seat).lo)
    built = adapter.build(pos, max_seat=seat)
    if built.refine is not None:
        return score(solve_value(hand, seat).lo)
    srch = builds.module().TrickSearch(built.state, None)
    lo, hi = build.limits(built.state)
    base, scale = built.base, built.scale
    counts = sorted(score.table)
    steps = [c for before, c in zip(counts, counts[1:], strict=False) if score(c) != score(before)]
    while steps:
        middle = len(steps) // 2
        step = steps[middle]
        need = -((-step) // scale) - base          # the fewest units that reach ``step``
        if need <= lo:
            steps = steps[middle + 1:]
            continue
        if need > hi:
            steps = steps[:middle]
            continue
        g = srch.value(need - 1, need)
        if g >= need:
            lo = g
            steps = steps[middle + 1:]
        else:
            hi = g
            steps = steps[:middle]
    return score((base + lo) * scale)


# --- the trick search (every family whose adapter builds a state for ``atout.solver.tricks``) -----------


def _rep_of(p: int, legal: int, others: int) -> int:
    """The top of the run of equivalent cards ``p`` belongs to."""
    a = legal | others
    while True:
        above = a & ~((2 << p) - 1)
        nxt = above & -above
        if not nxt & legal:
            return p
        p = nxt.bit_length() - 1


class _TrickSolve:
    """The root of a trick-search solve, refined one null-window probe at a time.

    Every option (a card to play, or the rob decision) holds proven bounds on its value in units (what MAX
    adds to ``built.base``), starting from what the rules allow. The probes come in a fixed order, so the
    bounds after a given number of probes are always the same: the first option (the search's favourite) is
    solved exactly, then every other is tested against it (one probe says whether it can do better), then each
    is solved exactly; then the best line. A stop between or inside probes keeps what was proven.
    """

    def __init__(self, pos: Any, built: build.Built,
                 stop: Callable[[], bool] | None, want_line: bool) -> None:
        self.pos, self.built, self.want_line, self.stop = pos, built, want_line, stop
        self.refined: dict[tuple[int, int, int], tuple[int, int]] = {}   # (option, lo, hi) -> refined bounds
        st = built.state
        self.srch = builds.module().TrickSearch(st, stop)
        if getattr(pos, "rob_now", False):          # a rob decision at the root (45.rob.ace-holder)
            self.rob_root = True
            self.options, self.action_of, self.rep = _rob_options(pos, built, self.srch)
        else:
            self.rob_root = False
            self.options, self.action_of, self.rep = _play_options(built, self.srch)
        floor, ceiling = build.limits(st)
        self.floor, self.ceiling = floor, ceiling
        self.lo = {m: floor for m in self.options}
        self.hi = {m: ceiling for m in self.options}
        self.line: list[Action] | None = None
        self.steps = self._steps()
        self.done = False

    # one generator of probes: each ``yield`` is a point where the proven bounds may be shown
    def _steps(self) -> Iterator[None]:
        options = self.options
        first = options[0]
        yield from self._solve_exactly(first, self.built.guess)
        for m in options[1:]:
            top = max(self.lo.values())
            if self.hi[m] > top:
                self._probe(m, top + 1)          # can it beat the best so far? (usually a quick "no")
                yield
        for m in options:
            # a bound already found is the likeliest value: a fail-low one from above, a fail-high one from below
            yield from self._solve_exactly(m, self.hi[m] if self.hi[m] < self.ceiling else self.lo[m])
        if self.want_line:
            best = self._best_move()
            self.line = _line(self.srch, self.built, best, self.lo[best], self.rob_root)
            yield

    def _solve_exactly(self, m: int, guess: int) -> Iterator[None]:
        """MTD(f): null-window probes until the bounds of ``m`` meet."""
        g = min(max(guess, self.lo[m]), self.hi[m])
        while self.lo[m] < self.hi[m]:
            beta = g + 1 if g == self.lo[m] else g
            g = self._probe(m, beta)
            yield

    def _probe(self, m: int, beta: int) -> int:
        """Is option ``m`` worth at least ``beta``? The fail-soft answer tightens one of its bounds."""
        srch = self.srch
        saved = srch.save()
        try:
            g: int
            if self.rob_root:
                g = srch.rob_after(m, beta - 1, beta)
            else:
                g = srch.after(m, beta - 1, beta)
        except Interrupted:
            srch.restore(saved)
            raise
        if g < beta:
            self.hi[m] = min(self.hi[m], g)
        else:
            self.lo[m] = max(self.lo[m], g)
        return g

    def _bounds(self, m: int) -> tuple[int, int]:
        """The proven bounds of option ``m`` in the reported unit (refined by the family where it says so)."""
        built = self.built
        lo, hi = (built.base + self.lo[m]) * built.scale, (built.base + self.hi[m]) * built.scale
        if built.refine is None:
            return lo, hi
        key = (m, lo, hi)
        if key not in self.refined:
            self.refined[key] = built.refine(lo, hi, m, self.stop)
        return self.refined[key]

    def _best_move(self) -> int:
        """The option with the highest proven floor (the first in search order among equals)."""
        def rank(m: int) -> tuple[int, bool, int]:
            lo, hi = self._bounds(m)
            return lo, lo == hi, -self.options.index(m)
        return max(self.options, key=rank)

    def advance(self) -> bool:
        """One probe more; False once everything is proven (or a stop came: then ``interrupted``)."""
        if self.done:
            return False
        try:
            next(self.steps)
        except StopIteration:
            self.done = True
            return False
        return True

    def solution(self) -> Solution:
        built = self.built
        base, scale = built.base, built.scale
        bounds = {a: self._bounds(m) for a, m in self.rep.items()}
        best_move = self._best_move()
        best = self.action_of(best_move)
        complete = all(lo == hi for lo, hi in map(self._bounds, self.options))
        line = self.line if self.line is not None else [best]
        adapter = adapter_of(self.pos)
        if adapter.SEARCH == "tricks":
            line = adapter.hand_line(self.pos, line)
        complete = complete and (self.line is not None or not self.want_line)
        limits = (min([(base + self.floor) * scale] + [lo for lo, _hi in bounds.values()]),
                  (base + self.ceiling) * scale)
        return Solution(built.state.seat, bounds, best, line, complete, built.unit, self.srch.nodes, limits=limits)


def _play_options(built: build.Built, srch: Any) -> tuple[list[int], Callable[[int], Action], dict[Action, int]]:
    """The cards the player to act may play, merged into runs of equivalent cards, in search order."""
    st = built.state
    legal = srch.root_legal()
    others = srch.others(st.seat) | st.layout.barriers | st.table
    order = srch.root_moves()
    rep: dict[Action, int] = {}
    x = legal
    while x:
        low = x & -x
        x ^= low
        p = low.bit_length() - 1
        joker_leads = [m for m in order if m >= JOKER_LEAD and (m & 127) == p]
        if joker_leads:
            for m in joker_leads:
                rep[built.action(m)] = m
        else:
            rep[built.action(p)] = _rep_of(p, legal, others)
    return order, built.action, rep


def _rob_options(pos: Any, built: build.Built,
                 srch: Any) -> tuple[list[int], Callable[[int], Action], dict[Action, int]]:
    """The rob decision at the root: keep (-1) or give a card for the turned one (its bit)."""
    st = built.state
    lay = st.layout
    seat = st.seat
    legal = srch.hand(seat) & ~st.rob_keep
    others = srch.others(seat) | lay.barriers | st.rob_keep
    rep: dict[Action, int] = {KEEP: -1}
    for card in pos.hands[seat]:
        p = lay.pos[card.index]
        if legal >> p & 1:
            rep[Action("rob", card)] = _rep_of(p, legal, others)

    def action_of(option: int) -> Action:
        return KEEP if option < 0 else Action("rob", lay.card[option])

    return [-1] + srch.root_rob_options()[:-1], action_of, rep


def _line(srch: Any, built: build.Built, first: int, value: int, rob_root: bool) -> list[Action]:
    """The principal variation: at each turn the first move that keeps the value (MAX and MIN alike)."""
    lay = built.state.layout
    line: list[Action] = []
    undo: list[tuple[int, ...]] = []
    saved = srch.save()
    r = value
    pending: int | None = first     # the move already chosen at the root, played first
    try:
        if rob_root:
            line.append(KEEP if first < 0 else Action("rob", lay.card[first]))
            r -= srch.rob_take(first)
            pending = None
        while srch.tricks_left > 0:
            seat = srch.seat
            maxing = srch.is_max(seat)
            if srch.rob == seat:
                for o in [-1] + srch.root_rob_options()[:-1]:
                    v = srch.rob_after(o, r - 1, r) if maxing else srch.rob_after(o, r, r + 1)
                    if (v >= r) if maxing else (v <= r):
                        break
                line.append(KEEP if o < 0 else Action("rob", lay.card[o]))
                r -= srch.rob_take(o)
                continue
            if pending is not None:
                m, pending = pending, None
            else:
                for m in srch.root_moves():
                    v = srch.after(m, r - 1, r) if maxing else srch.after(m, r, r + 1)
                    if (v >= r) if maxing else (v <= r):
                        break
            u = srch.push(m)
            undo.append(u)
            r -= u[-1]
            line.append(built.action(m))
    finally:
        for u in reversed(undo):
            srch.pop(u)
        srch.restore(saved)
    return line
