"""Benchmarks: speed goals live here, never in timed unit tests.

``atout bench engine``: random complete hands per second per preset (single process, 4 players
where the game allows), median of five rounds, beside a baseline measured in the same run (a bare
shuffle-and-deal loop), so figures from a shared, noisy machine can be compared as ratios.

``atout bench referee``: the time ``atout judge`` takes over its worst line, of each kind of hostile line
(``atout.bench_referee``).
``atout bench whole-hand``: the whole-hand search of each family whose solver has one (Sixty-Six: every card and the
stock's order known, from the deal and from later leads of the open stock, ``atout.sixty_six.bench_whole_hand``).

``atout bench review``: how far past its time budget the review of a learner's calls runs (``atout.review``), per
game with an auction, median of five reviews: it looks at the clock between two deals, so it should overrun by
about one deal's time.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from atout.errors import ConfigError
from atout.family_contract import Capability
from atout.games import available_games

ROUNDS = 5


def _random_hand(game: str, seed: int, rng: random.Random) -> None:
    from atout.games import package_of

    fam = package_of(game)
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


def _auction_over(game: str, seed: int) -> Any:
    """A hand of ``game`` just past its auction, the computer's club players calling for every seat."""
    from atout.games import package_of
    from atout.players import make_player

    hand = package_of(game).new_hand(game, seed=seed)
    players = [make_player(game, "club", seed=seat) for seat in range(len(hand.hands))]
    while not hand.is_over and any(action.kind == "bid" for action in hand.legal_actions()):
        hand.apply(players[hand.to_act].act(hand, hand.to_act))
    return hand


def review(budget_s: float = 1.0, games: list[str] | None = None) -> dict[str, Any]:
    from atout.games import family_of
    from atout.review import review_calls

    auctions = {game: _auction_over(game, seed=7) for game in available_games()
                if family_of(game).has(Capability.AUCTION)}
    auctions = {game: hand for game, hand in auctions.items()          # (Forty-Fives' family has presets without)
                if any(action.kind == "bid" for action in hand.history)}
    unknown = sorted(set(games or ()) - set(auctions))
    if unknown:
        raise ConfigError(f"no auction to review in {', '.join(unknown)}: choose among {', '.join(auctions)}")
    if budget_s <= 0:
        raise ConfigError(f"a review's budget is a number of seconds above 0, not {budget_s:g}")
    out: dict[str, Any] = {}
    for game in games or list(auctions):
        hand = auctions[game]
        elapsed, deals = [], []
        for round_ in range(ROUNDS):
            start = time.perf_counter()
            # As many deals as the budget allows: the budget, not the page's cap on deals, ends each review.
            reviews = review_calls(hand, 0, budget_s=budget_s, seed=round_, max_deals=10**9)
            elapsed.append(time.perf_counter() - start)
            deals.append(sum(r.deals for r in reviews))
        took, dealt = statistics.median(elapsed), statistics.median(deals)
        over = took - budget_s
        out[game] = {"budget_s": budget_s, "elapsed_s": round(took, 4), "over_s": round(over, 4),
                     "calls": len(reviews), "deals": dealt,
                     "over_in_deals": round(over / (took / dealt), 2) if dealt else None}
    return {"review": out}


# the site's, in Chromium: benchmarks/bench_site.py
BENCHMARKS = ("engine", "solver", "class", "class-start", "review", "referee", "whole-hand")


def run(what: str, seconds: float | None = None, games: list[str] | None = None, students: int = 30,
        backends: tuple[str, ...] = ("sqlite", "postgresql"), positions: int | None = None, pages: int = 30,
        spread_s: float = 10.0, pool: int | None = None, rounds: int = 1) -> dict[str, Any]:
    if what == "engine":
        return engine(seconds or 2.0, games)
    if what == "solver":
        from atout import bench_solver

        return bench_solver.run(seconds or 10.0, games, positions=positions)
    if what == "class":
        from atout import bench_class

        return bench_class.run(students, backends)
    if what == "class-start":
        from atout import bench_class_start

        return bench_class_start.run(pages, spread_s, pool, rounds)
    if what == "review":
        return review(1.0 if seconds is None else seconds, games)
    if what == "referee":
        from atout import bench_referee

        return bench_referee.run()

    if what == "whole-hand":
        return {"whole_hand": {fam.id: fam.solver_adapter().bench_whole_hand(positions, seconds)
                               for fam in _whole_hand_families()}}
    raise ValueError(f"unknown benchmark {what!r}: choose {', '.join(BENCHMARKS)}")


def _whole_hand_families() -> list[Any]:
    """The registered families whose solver searches a whole hand (its adapter's ``bench_whole_hand``)."""
    from atout.games import FAMILY_LIST

    return [fam for fam in FAMILY_LIST if hasattr(fam.solver_adapter(), "bench_whole_hand")]


def format_results(results: dict[str, Any]) -> str:
    if "solver" in results:
        from atout import bench_solver

        return bench_solver.format_results(results)
    if "whole_hand" in results:
        by_family = {fam.id: fam for fam in _whole_hand_families()}
        return "\n".join(by_family[family].solver_adapter().format_whole_hand(figures)
                         for family, figures in results["whole_hand"].items())
    if "class_start" in results:
        from atout import bench_class_start

        return bench_class_start.format_results(results)
    if "referee" in results:
        from atout import bench_referee

        return bench_referee.format_results(results)
    if "class" in results:
        from atout import bench_class

        return bench_class.format_results(results)
    lines = []
    for game, fig in results.get("review", {}).items():
        lines.append(f"{game:24s} {fig['elapsed_s']:.3f} s for a budget of {fig['budget_s']:g} s "
                     f"({fig['calls']} calls, {fig['deals']:g} deals; over by {fig['over_s'] * 1000:.0f} ms, "
                     f"{fig['over_in_deals']} deals' time)")
    for game, fig in results.get("engine", {}).items():
        lines.append(f"{game:24s} {fig['hands_per_s']:>8,} hands/s  (min {fig['min']:,}, max {fig['max']:,}, "
                     f"{fig['ratio_to_baseline']:.3f}x baseline)")
    if "baseline" in results:
        lines.append(f"{'baseline':24s} {results['baseline']['per_s']:>8,} /s  ({results['baseline']['what']})")
    return "\n".join(lines)
