"""Benchmarks: speed goals live here, never in timed unit tests.

``atout bench engine``: random complete hands per second per preset (single process, 4 players
where the game allows), median of five rounds, beside a baseline measured in the same run (a bare
shuffle-and-deal loop), so figures from a shared, noisy machine can be compared as ratios.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from atout.games import available_games

ROUNDS = 5


def _random_hand(game: str, seed: int, rng: random.Random) -> None:
    from atout.games import family

    fam = family(game)
    hand = fam.new_hand(game, seed=seed)
    choice = rng.choice
    while not hand.is_over:
        hand.apply(choice(hand.legal_actions()))


def _baseline(seed: int, rng: random.Random) -> None:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[i * 5:(i + 1) * 5] for i in range(4)]
    for _ in range(5):
        for h in hands:
            h.pop(rng.randrange(len(h)))


def _rate(fn, seconds: float) -> float:
    """Calls per second of ``fn(seed, rng)`` over ``seconds``."""
    rng = random.Random(12345)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(20):
            fn(count, rng)
            count += 1
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def engine(seconds: float = 2.0, games: list[str] | None = None) -> dict[str, Any]:
    games = games or available_games()
    per_round = seconds / ROUNDS
    rates: dict[str, list[float]] = {g: [] for g in games}
    base: list[float] = []
    for _ in range(ROUNDS):          # interleaved, so machine noise hits every figure alike
        base.append(_rate(_baseline, per_round / 2))
        for game in games:
            rates[game].append(_rate(lambda seed, rng, g=game: _random_hand(g, seed, rng), per_round))
    baseline = statistics.median(base)
    out = {g: {"hands_per_s": round(statistics.median(r)), "min": round(min(r)), "max": round(max(r)),
               "ratio_to_baseline": round(statistics.median(r) / baseline, 4)} for g, r in rates.items()}
    return {"engine": out, "baseline": {"what": "shuffle, deal 4x5, 20 random discards",
                                        "per_s": round(baseline)}}


BENCHMARKS = ("engine", "solver", "class")   # the site's, in Chromium: benchmarks/bench_site.py


def run(what: str, seconds: float | None = None, games: list[str] | None = None, students: int = 30,
        backends: tuple[str, ...] = ("sqlite", "postgresql")) -> dict[str, Any]:
    if what == "engine":
        return engine(seconds or 2.0, games)
    if what == "solver":
        from atout import bench_solver

        return bench_solver.run(seconds or 10.0, games)
    if what == "class":
        from atout import bench_class

        return bench_class.run(students, backends)
    raise ValueError(f"unknown benchmark {what!r}: choose {', '.join(BENCHMARKS)}")


def format_results(results: dict[str, Any]) -> str:
    if "solver" in results:
        from atout import bench_solver

        return bench_solver.format_results(results)
    if "class" in results:
        from atout import bench_class

        return bench_class.format_results(results)
    lines = []
    for game, fig in results.get("engine", {}).items():
        lines.append(f"{game:24s} {fig['hands_per_s']:>8,} hands/s  (min {fig['min']:,}, max {fig['max']:,}, "
                     f"{fig['ratio_to_baseline']:.3f}x baseline)")
    if "baseline" in results:
        lines.append(f"{'baseline':24s} {results['baseline']['per_s']:>8,} /s  ({results['baseline']['what']})")
    return "\n".join(lines)
