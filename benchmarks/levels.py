"""Does each level of computer player beat the one below? Win-rate experiments with duplicate deals.

    python benchmarks/levels.py                          # every preset, club v beginner and expert v club
    python benchmarks/levels.py --games sixty-six --pairs expert:club --hands 2000 --seeds 1 2 --json

Each deal is played once per seating, so both levels hold the same cards in the same seats in turn:
partnership games swap the sides (duplicate), individual games rotate the stronger player through every
seat against copies of the weaker one. A deal's difference is the stronger player's score minus the weaker
players' average, averaged over its seatings; the figure is the mean difference over deals with a 95%
confidence interval (normal approximation, 1.96 standard errors). "Hands" counts every hand played.

Scores are what each hand scores in the game: Forty-Fives points (net points in partnerships, contracts
in the auction), Five Hundred points, Sixty-Six game points.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from atout.games import family  # noqa: E402
from atout.players import make_player, play_hand  # noqa: E402

PRESETS: dict[str, dict[str, Any]] = {
    "forty-fives": {"players": 3},       # the preset's default table: you and two opponents
    "forty-fives-partners": {},
    "auction-forty-fives": {},
    "five-hundred": {},
    "sixty-six": {},
}
PARTNERSHIPS = {"forty-fives-partners", "five-hundred"}


def seatings(game: str, players: int) -> list[list[bool]]:
    """For each seating, which seats the stronger level takes."""
    if game in PARTNERSHIPS:
        return [[s % 2 == 0 for s in range(players)], [s % 2 == 1 for s in range(players)]]
    return [[s == i for s in range(players)] for i in range(players)]


def score_of(hand: Any, seat: int) -> float:
    return float(hand.returns()[seat])      # seat by seat: partners get their side's return


def play_deal(game: str, options: dict[str, Any], strong: str, weak: str, deal_seed: int,
              expert_samples: int, expert_budget: float) -> tuple[float, int]:
    """The stronger level's mean margin on one deal over all seatings, and the hands played."""
    fam = family(game)
    probe = fam.new_hand(game, seed=deal_seed, **options)
    players = probe.n if hasattr(probe, "n") else 2
    margins = []
    for k, mine in enumerate(seatings(game, players)):
        hand = fam.new_hand(game, seed=deal_seed, **options)
        seat_players = []
        for s in range(players):
            level = strong if mine[s] else weak
            extra = {"samples": expert_samples, "budget_s": expert_budget} if level == "expert" else {}
            seat_players.append(make_player(game, level, seed=deal_seed * 131 + k * 17 + s, **extra))
        play_hand(hand, seat_players)
        ours = [score_of(hand, s) for s in range(players) if mine[s]]
        theirs = [score_of(hand, s) for s in range(players) if not mine[s]]
        margins.append(statistics.fmean(ours) - statistics.fmean(theirs))
    return statistics.fmean(margins), len(margins)


def _job(args: tuple) -> tuple[float, int]:
    return play_deal(*args)


def experiment(game: str, strong: str, weak: str, hands: int, seed: int, workers: int, expert_samples: int,
               expert_budget: float) -> dict[str, Any]:
    options = PRESETS[game]
    fam = family(game)
    probe = fam.new_hand(game, seed=0, **options)
    per_deal = len(seatings(game, probe.n if hasattr(probe, "n") else 2))
    deals = math.ceil(hands / per_deal)
    jobs = [(game, options, strong, weak, seed * 1_000_003 + i, expert_samples, expert_budget) for i in range(deals)]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_job, jobs, chunksize=4))
    else:
        results = [_job(j) for j in jobs]
    diffs = [d for d, _ in results]
    played = sum(n for _, n in results)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("inf")
    return {"game": game, "strong": strong, "weak": weak, "seed": seed, "deals": len(diffs), "hands": played,
            "mean_diff": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "excludes_zero": mean - half > 0 or mean + half < 0, "seconds": round(time.perf_counter() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=list(PRESETS))
    parser.add_argument("--pairs", nargs="*", default=["club:beginner", "expert:club"],
                        help="stronger:weaker level pairs")
    parser.add_argument("--hands", type=int, default=2000, help="hands per experiment and seed (default 2000)")
    parser.add_argument("--seeds", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--samples", type=int, default=16, help="expert: deals sampled per decision")
    parser.add_argument("--budget", type=float, default=1.0, help="expert: seconds per decision at most")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    rows = []
    for game in args.games:
        for pair in args.pairs:
            strong, weak = pair.split(":")
            for seed in args.seeds:
                row = experiment(game, strong, weak, args.hands, seed, args.workers, args.samples, args.budget)
                rows.append(row)
                if not args.json:
                    print(f"{game:22s} {strong:>8s} v {weak:<8s} seed {seed}: {row['hands']:5d} hands, "
                          f"mean diff {row['mean_diff']:+.3f} per hand, 95% CI [{row['ci95'][0]:+.3f}, "
                          f"{row['ci95'][1]:+.3f}]{'' if row['excludes_zero'] else '  (includes 0)'}, "
                          f"{row['seconds']:.0f} s", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
