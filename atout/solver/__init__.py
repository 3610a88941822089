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

``budget_s`` bounds the time: when it runs out the answer is the best found so far (``exact`` False):
every action's value is then either exact or a shallow estimate (two tricks deep, then a guess from the
cards' strength; those actions are listed in ``estimated``), and ``best`` the best of those. Sixty-Six's
strict phase is at most six tricks of two cards and is always solved in full.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from atout.engine import Action
from atout.solver import build
from atout.solver.positions import (
    FiveHundredPosition,
    FortyFivesPosition,
    SixtySixPosition,
    SolverError,
    position_of,
)
from atout.solver.sixty_six import SixtySixSearch
from atout.solver.tricks import Timeout, TrickSearch, exact

__all__ = ["FiveHundredPosition", "FortyFivesPosition", "SixtySixPosition", "Solution", "SolverError",
           "position_of", "solve"]

KEEP = Action("keep")


@dataclass
class Solution:
    """What the solver found for the player to act (``seat``)."""

    seat: int
    values: dict[Action, int]          # every legal action: what the side to act secures after it
    best: Action
    line: list[Action]                 # the best play from here, every player perfect, ``best`` first
    exact: bool                        # False when the time budget cut the search short
    unit: str                          # "points", "tricks" or "game points"
    nodes: int = 0
    elapsed_s: float = 0.0
    estimated: set[Action] = field(default_factory=set)   # actions whose value is only an estimate

    @property
    def value(self) -> int:
        return self.values[self.best]

    def best_actions(self) -> list[Action]:
        """Every action as good as the best."""
        top = self.value
        return [a for a, v in self.values.items() if v == top]


def solve(hand: Any, budget_s: float | None = None, line: bool = True) -> Solution:
    """Solve the play position of an engine hand (or a position from ``atout.solver.positions``).

    ``line=False`` skips the best line (a little faster; ``Solution.line`` then holds ``best`` alone).
    """
    start = time.perf_counter()
    pos = position_of(hand)
    deadline = start + budget_s if budget_s is not None else None
    if isinstance(pos, SixtySixPosition):
        solution = _solve_sixty_six(pos, line)
    else:
        built = build.forty_fives(pos) if isinstance(pos, FortyFivesPosition) else build.five_hundred(pos)
        solution = _solve_tricks(pos, built, deadline, line)
    solution.elapsed_s = time.perf_counter() - start
    return solution


# --- Forty-Fives and Five Hundred ---------------------------------------------------------------------

def _rep_of(p: int, legal: int, others: int) -> int:
    """The top of the run of equivalent cards ``p`` belongs to."""
    a = legal | others
    while True:
        above = a & ~((2 << p) - 1)
        nxt = above & -above
        if not nxt & legal:
            return p
        p = nxt.bit_length() - 1


def _solve_tricks(pos: FortyFivesPosition | FiveHundredPosition, built: build.Built, deadline: float | None,
                  want_line: bool) -> Solution:
    st = built.state
    srch = TrickSearch(st, deadline)
    seat = st.seat
    tl = st.tricks_left
    lo, hi = -2, tl + 2          # a rob still to come can move the best-card unit either way

    def to_points(units: int) -> int:
        return (built.base + units) * built.scale

    # The root's options: a rob decision (45.rob.ace-holder, now), or cards to play.
    rob_root = isinstance(pos, FortyFivesPosition) and pos.rob_now
    if rob_root:
        options, action_of, rep = _rob_options(pos, built, srch)
    else:
        legal = srch._legal_mask(seat, st.k, st.lead_blk, st.lead_pos)
        others = srch._others(seat) | st.layout.barriers | st.table
        order = srch.root_moves()
        options = order
        action_of = built.action
        rep = {}
        x = legal
        while x:
            low = x & -x
            x ^= low
            p = low.bit_length() - 1
            joker_leads = [m for m in order if m >= 128 and (m & 127) == p]
            if joker_leads:
                for m in joker_leads:
                    rep[built.action(m)] = m
            else:
                rep[built.action(p)] = _rep_of(p, legal, others)

    def evaluate(option: int, a: int, b: int) -> int:
        if rob_root:
            return _after_rob(srch, st, option, a, b)
        return srch.after(option, a, b)

    units: dict[int, int] = {}
    estimates: dict[int, int] = {}
    exact_run = True
    if deadline is not None and tl > 3:
        # A shallow pass (two tricks deep, then a guess) gives first guesses, and stands in for any option the
        # exact pass has no time for.
        shallow = TrickSearch(st, deadline)
        shallow.horizon = tl - 2
        try:
            for m in options:
                estimates[m] = exact(lambda a, b, m=m: _shallow(shallow, rob_root, st, m, a, b), tl // 2, lo, hi)
        except Timeout:
            exact_run = False
    guess = built.guess
    try:
        if exact_run:
            for m in options:
                units[m] = exact(lambda a, b, m=m: evaluate(m, a, b), guess, lo, hi)
                guess = max(units.values())
    except Timeout:
        exact_run = False
    if not units and not estimates:
        estimates = {m: 0 for m in options}
    merged = {m: units.get(m, estimates.get(m, 0)) for m in options}
    best_move = max(merged, key=lambda m: (merged[m], m in units))
    values = {a: to_points(merged[m]) for a, m in rep.items()}
    estimated = {a for a, m in rep.items() if m not in units}
    best = action_of(best_move)
    moves_line = [best]
    if want_line and exact_run:
        try:
            moves_line = _line(srch, built, best_move, units[best_move], rob_root)
        except Timeout:
            exact_run = False
    return Solution(seat, values, best, moves_line, exact_run and not estimated, built.unit, srch.nodes,
                    estimated=estimated)


def _shallow(shallow: TrickSearch, rob_root: bool, st: Any, m: int, a: int, b: int) -> int:
    if rob_root:
        return _after_rob(shallow, st, m, a, b)
    return shallow.after(m, a, b)


def _rob_options(pos: FortyFivesPosition, built: build.Built, srch: TrickSearch):
    """The rob decision at the root: keep (-1) or give a card for the turned one (its bit)."""
    st = built.state
    lay = st.layout
    seat = st.seat
    h = st.hands[seat]
    legal = h & ~st.rob_keep
    others = srch._others(seat) | lay.barriers | st.rob_keep
    reps = srch._reps(legal, others)
    rep: dict[Action, int] = {KEEP: -1}
    for card in pos.hands[seat]:
        p = lay.pos[card.index]
        if legal >> p & 1:
            rep[Action("rob", card)] = _rep_of(p, legal, others)

    def action_of(option: int) -> Action:
        return KEEP if option < 0 else Action("rob", lay.card[option])

    return [-1] + reps, action_of, rep


def _after_rob(srch: TrickSearch, st: Any, option: int, a: int, b: int) -> int:
    """The value once the holder to act has kept (-1) or robbed giving ``option``."""
    seat = st.seat
    h = st.hands[seat]
    saved = srch._rob[0]
    srch._rob[0] = -1
    d = 0
    if option >= 0:
        st.hands[seat] = (h ^ (1 << option)) | st.turn_bit
        d = st.rob_delta.get(option, 0)
    try:
        return d + srch.value(a - d, b - d)
    finally:
        st.hands[seat] = h
        srch._rob[0] = saved


def _line(srch: TrickSearch, built: build.Built, first: int, value: int, rob_root: bool) -> list[Action]:
    """The principal variation: at each turn the first move that keeps the value (MAX and MIN alike)."""
    st = built.state
    lay = st.layout
    line: list[Action] = []
    undo: list[tuple] = []
    rob_saved = srch._rob[0]
    hands_saved = list(st.hands)
    r = value
    try:
        if rob_root:
            line.append(KEEP if first < 0 else Action("rob", lay.card[first]))
            seat = st.seat
            srch._rob[0] = -1
            if first >= 0:
                st.hands[seat] = (st.hands[seat] ^ (1 << first)) | st.turn_bit
                r -= st.rob_delta.get(first, 0)
            first = None
        while st.tricks_left > 0:
            seat = st.seat
            maxing = st.ismax[seat]
            if srch._rob[0] == seat:
                h = st.hands[seat]
                options = [-1] + srch._reps(h & ~st.rob_keep, srch._others(seat) | lay.barriers | st.rob_keep)
                for o in options:
                    v = _after_rob(srch, st, o, r - 1, r) if maxing else _after_rob(srch, st, o, r, r + 1)
                    if (v >= r) if maxing else (v <= r):
                        break
                line.append(KEEP if o < 0 else Action("rob", lay.card[o]))
                srch._rob[0] = -1
                if o >= 0:
                    st.hands[seat] = (h ^ (1 << o)) | st.turn_bit
                    r -= st.rob_delta.get(o, 0)
                continue
            if first is not None:
                m, first = first, None
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
        st.hands[:] = hands_saved
        srch._rob[0] = rob_saved
    return line


# --- Sixty-Six -------------------------------------------------------------------------------------------

def _solve_sixty_six(pos: SixtySixPosition, want_line: bool) -> Solution:
    srch = SixtySixSearch(pos)
    moves = srch.root_moves()
    values: dict[Action, int] = {}
    move_of: dict[Action, int] = {}
    for m in moves:
        a = srch.action(m)
        values[a] = srch.value_after(m)
        move_of[a] = m
    best = max(values, key=lambda a: values[a])
    line = srch.line_after(move_of[best]) if want_line else [best]
    return Solution(pos.to_act, values, best, line, True, "game points", srch.nodes)

