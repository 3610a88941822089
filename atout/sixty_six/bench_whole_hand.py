"""``atout bench whole-hand`` for Sixty-Six: how long the whole-hand search (``atout.sixty_six.open_search``) takes
with every card and the stock's order known, from the deal and from later points of the open stock.

For each of ``deals`` fixed seeds (``--positions``, default 10) the hand is dealt, then played on with random
plays, draws, exchanges and marriages (never a close nor a declaration, so the stock stays open) to the first lead
with 11 (the deal), 5, 3 and 1 face-down cards left in the stock. At each of these points it times the position's
value (null-window probes from an empty table), and, from the deal, also the value of every first-lead choice
(what the table shows). Values are the game points of the player to act (the first leader, at the deal).
Figures per point: the median and the largest time (wall clock, and the process's CPU
time: on a shared machine the CPU time is what the search costs), the nodes searched and nodes per CPU second.
``--seconds`` stops each search after that many seconds (its value is then not counted, and ``stopped`` says
how many were).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

POINTS = (11, 5, 3, 1)          # face-down cards left at the lead timed (11: the first lead of the hand)
DEFAULT_DEALS = 10


def positions_of(seed: int) -> dict[int, Any]:
    """The hand of ``seed`` at its first lead with each count of face-down cards in ``POINTS``."""
    from atout.sixty_six.hand import SixtySixHand

    hand = SixtySixHand.new("sixty-six", seed=seed)
    rng = random.Random(seed)
    found: dict[int, Any] = {}
    while not hand.is_over and hand.stock_open:
        if not hand.trick and not hand.draw_pending and hand.stage == 0 and hand.face_down in POINTS:
            found.setdefault(hand.face_down, hand.copy())
        hand.apply(rng.choice([a for a in hand.legal_actions() if a.kind not in ("close", "declare")]))
    return found


def _timed(fn: Any) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def run(deals: int | None = None, seconds: float | None = None) -> dict[str, Any]:
    from atout.sixty_six.open_search import for_seat, from_hand, new_search
    from atout.solver.positions import Interrupted

    deals = deals or DEFAULT_DEALS
    rows: dict[str, list[dict[str, Any]]] = {f"{k} face down": [] for k in POINTS}
    rows["first-lead table"] = []
    stopped = 0
    # the largest transposition table, of the first-lead tables' searches: what one table on the page holds at most
    peak: dict[str, Any] = {"seed": None, "entries": 0, "mb": 0.0}
    for seed in range(deals):
        for k, hand in sorted(positions_of(seed).items(), reverse=True):
            stop = None
            if seconds is not None:
                deadline = time.perf_counter() + seconds
                stop = lambda deadline=deadline: time.perf_counter() > deadline  # noqa: E731
            search = new_search(from_hand(hand), stop)
            try:
                value, wall, cpu = _timed(search.value)
            except Interrupted:
                stopped += 1
                continue
            rows[f"{k} face down"].append({"seed": seed, "to_act": hand.to_act,
                                            "value": for_seat(value, hand.to_act, hand.carry), "wall_s": wall,
                                            "cpu_s": cpu, "nodes": search.nodes})
            if k == 11:
                search = new_search(from_hand(hand), stop)
                try:
                    values, wall, cpu = _timed(lambda s=search, h=hand: {
                        str(s.action(m)): for_seat(s.value_after(m), h.to_act, h.carry) for m in s.root_moves()})
                except Interrupted:
                    stopped += 1
                    continue
                rows["first-lead table"].append({"seed": seed, "values": values, "wall_s": wall, "cpu_s": cpu,
                                                 "nodes": search.nodes})
                if len(search.tt) > peak["entries"]:
                    peak = {"seed": seed, "entries": len(search.tt), "mb": round(table_mb(search.tt), 1)}
    summary = {}
    for name, got in rows.items():
        if not got:
            continue
        cpus = [r["cpu_s"] for r in got]
        summary[name] = {
            "solved": len(got),
            "median_wall_s": round(statistics.median(r["wall_s"] for r in got), 3),
            "max_wall_s": round(max(r["wall_s"] for r in got), 3),
            "median_cpu_s": round(statistics.median(cpus), 3),
            "max_cpu_s": round(max(cpus), 3),
            "median_nodes": int(statistics.median(r["nodes"] for r in got)),
            "nodes_per_cpu_s": int(sum(r["nodes"] for r in got) / max(sum(cpus), 1e-9)),
        }
    from atout.sixty_six.open_search import SEARCH
    from atout.solver import builds

    return {"build": builds.describe(SEARCH), "deals": deals, "budget_s": seconds, "stopped": stopped,
            "points": summary, "largest_table": peak, "positions": rows}


def table_mb(tt: dict[Any, int]) -> float:
    """The memory a transposition table holds: the dict, its keys and its entries, as ``sys.getsizeof`` counts them
    (an entry's int shared with another is counted again: an upper bound)."""
    import sys

    return (sys.getsizeof(tt) + sum(sys.getsizeof(k) + sys.getsizeof(v) for k, v in tt.items())) / 1e6


def format_results(fig: dict[str, Any]) -> str:
    lines = [f"search build: {fig['build']}",
             f"Sixty-Six, every card and the stock's order known: {fig['deals']} deal{'s' * (fig['deals'] != 1)}"
             + (f", each search stopped after {fig['budget_s']:g} s ({fig['stopped']} stopped)"
                if fig["budget_s"] is not None else "")]
    for name, p in fig["points"].items():
        lines.append(f"{name:18s} {p['solved']:3d} solved  median {p['median_wall_s']:7.2f} s wall "
                     f"{p['median_cpu_s']:7.2f} s CPU (max {p['max_wall_s']:.2f} / {p['max_cpu_s']:.2f})  "
                     f"median {p['median_nodes']:,} nodes, {p['nodes_per_cpu_s']:,} nodes per CPU second")
    peak = fig["largest_table"]
    lines.append(f"largest transposition table (a first-lead table): {peak['entries']:,} entries, "
                 f"{peak['mb']:.1f} MB (seed {peak['seed']})")
    return "\n".join(lines)
