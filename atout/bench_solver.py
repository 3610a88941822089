"""Solver benchmark: how long the exact solver takes on whole deals, beside a baseline measured in the same run.

    python -m atout.bench_solver --seconds 20            # every preset
    python -m atout.bench_solver --games five-hundred --json
    python -m atout.bench_solver --games five-hundred --positions 109   # a fixed count, however loaded the machine

For each preset a fresh process (so no cache carries over from one preset to the next) deals hands from
fixed seeds, brings each to the position to solve, and times ``solve`` — the value of every legal action
and the best line:

* Forty-Fives presets (4 players): the first lead of the hand (the ace holder's rob still to come, or
  being decided, is part of the search); in the auction, after club-level bidding and the draw.
* Five Hundred: the first lead after club-level bidding and discards (the goal: every deal solved exactly,
  every opening card's value; ``--budget`` stops each solve after that many seconds, and ``exact`` then
  says how many were solved in full).
* Sixty-Six: the first lead once the stock is exhausted, after club-level play.

Times are wall-clock (what a page waits), with the process's CPU time beside them (``cpu_*``: what the
solver costs when the machine is shared). The baseline is the time to play the same position out with the
first legal action at every turn (the engine alone), so ``ratio`` compares figures from one machine at one
moment. Positions are dealt until ``seconds`` of solving have been spent (or ``MAX_POSITIONS``), or, with
``positions``, until that many are solved (the same deals on every machine, whatever its load); the first few are
warm-up and not counted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from typing import Any

MAX_POSITIONS = 400
WARM_UP = 2


def presets() -> dict[str, dict[str, Any]]:
    """The presets timed, in the registry's order, with their options (each family's solver adapter:
    ``BENCH_PRESETS``)."""
    from atout.games import FAMILY_LIST

    return {game: dict(options) for family in FAMILY_LIST
            for game, options in family.solver_adapter().BENCH_PRESETS.items()}


def position(game: str, seed: int) -> Any:
    """The hand to solve for ``seed``, or None when that deal never reaches it (thrown in, declared early)."""
    from atout.games import family_of, package_of
    from atout.players import make_player

    hand = package_of(game).new_hand(game, seed=seed, **presets()[game])
    players = [make_player(game, "club", seed=seed + s) for s in range(getattr(hand, "n", 2))]
    solvable = family_of(game).solver_adapter().bench_position     # where the family's hands are taken up
    while not hand.is_over:
        if solvable(hand):
            return hand
        hand.apply(players[hand.to_act].act(hand, hand.to_act))
    return None


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(game: str, seconds: float, budget: float | None = None, positions: int | None = None) -> dict[str, Any]:
    """Solve positions of ``game`` for about ``seconds`` (or ``positions`` of them); figures in milliseconds."""
    from atout.solver import solve

    times: list[float] = []
    cpu: list[float] = []
    base: list[float] = []
    exact: list[bool] = []
    nodes: list[int] = []
    spent = 0.0
    seed = 0
    wanted = (positions if positions else MAX_POSITIONS) + WARM_UP
    while (positions or spent < seconds) and len(times) < wanted:
        hand = position(game, seed)
        seed += 1
        if hand is None:
            continue
        start, cpu_start = time.perf_counter(), time.process_time()
        solution = solve(hand, budget_s=budget)
        elapsed = time.perf_counter() - start
        cpu.append((time.process_time() - cpu_start) * 1000)
        spent += elapsed
        replay = hand.copy()
        start = time.perf_counter()
        while not replay.is_over:
            replay.apply(replay.legal_actions()[0])
        base_elapsed = time.perf_counter() - start
        times.append(elapsed * 1000)
        base.append(base_elapsed * 1000)
        exact.append(solution.exact)
        nodes.append(solution.nodes)
    if len(times) > WARM_UP:
        times, cpu, base = times[WARM_UP:], cpu[WARM_UP:], base[WARM_UP:]
        exact, nodes = exact[WARM_UP:], nodes[WARM_UP:]
    median = statistics.median(times)
    base_median = statistics.median(base)
    from atout.solver import BUILD

    return {
        "build": BUILD,
        "solver": {"median_ms": round(median, 3), "p95_ms": round(_percentile(times, 0.95), 3),
                   "max_ms": round(max(times), 3), "cpu_median_ms": round(statistics.median(cpu), 3),
                   "cpu_p95_ms": round(_percentile(cpu, 0.95), 3), "positions": len(times), "exact": sum(exact),
                   "median_nodes": statistics.median(nodes), "budget_s": budget},
        "baseline": {"median_ms": round(base_median, 4), "what": "play the position out with first legal actions"},
        "ratio": round(median / base_median, 1) if base_median else None,
    }


def run(seconds: float = 10.0, games: list[str] | None = None, budget: float | None = None,
        positions: int | None = None) -> dict[str, Any]:
    """Each preset measured in its own fresh process; ``seconds`` of solving (or ``positions``) per preset."""
    games = games or list(presets())
    solver: dict[str, Any] = {}
    baseline: dict[str, Any] = {}
    ratio: dict[str, Any] = {}
    build = ""
    for game in games:
        command = [sys.executable, "-m", "atout.bench_solver", "--worker", game, "--seconds", str(seconds)]
        if budget is not None:
            command += ["--budget", str(budget)]
        if positions:
            command += ["--positions", str(positions)]
        out = subprocess.run(command, capture_output=True, text=True, check=True)
        figures = json.loads(out.stdout)
        solver[game] = figures["solver"]
        build = figures["build"]
        baseline[game] = figures["baseline"]
        ratio[game] = figures["ratio"]
    return {"build": build, "solver": solver, "baseline": baseline, "ratio_to_baseline": ratio}


def format_results(results: dict[str, Any]) -> str:
    lines = [f"solver build: {results['build']}"]
    for game, fig in results["solver"].items():
        base = results["baseline"][game]
        budget = f", budget {fig['budget_s']} s" if fig["budget_s"] else ""
        budget += f", {fig['exact']}/{fig['positions']} exact"
        lines.append(f"{game:22s} median {fig['median_ms']:9.2f} ms  p95 {fig['p95_ms']:9.2f} ms  "
                     f"(CPU {fig['cpu_median_ms']:.2f} / {fig['cpu_p95_ms']:.2f} ms; {fig['positions']} positions"
                     f"{budget}); baseline {base['median_ms']:.3f} ms, {results['ratio_to_baseline'][game]}x")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m atout.bench_solver", description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="only these presets")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of solving per preset (default 10)")
    parser.add_argument("--budget", type=float, default=None, help="stop each solve after this many seconds")
    parser.add_argument("--positions", type=int, default=None,
                        help="solve this many positions per preset (instead of --seconds)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(measure(args.worker, args.seconds, args.budget, args.positions)))
        return 0
    results = run(args.seconds, args.games, args.budget, args.positions)
    print(json.dumps(results, indent=2) if args.json else format_results(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
