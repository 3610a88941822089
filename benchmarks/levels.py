"""Does each level of computer player beat the one below? Win-rate experiments with duplicate deals.

    python benchmarks/levels.py                          # every registered preset, club v beginner and expert v club
    python benchmarks/levels.py --games sixty-six --pairs expert:club --hands 2000 --seeds 1 2 --json

The presets are the registry's (``atout.games``), each at its usual table (``new_hand`` with no options), so a
game is measured by registering it. Each deal is played once per seating, so both levels hold the same cards in
the same seats in turn: the stronger level takes each side of the table in turn (a side is what the hand declares,
``side_of``: partners share one, else each player is a side of its own) against the weaker level in every other
seat.

For each deal, averaged over its seatings:
* the margin: the stronger players' mean score minus the weaker players' mean score;
* the win rate: the share of (stronger, weaker) pairs of players in which the stronger one scored more, a tie
  counting half (with two sides, the share of hands the stronger side outscored the other).
Both come with a 95% confidence interval over the deals (normal approximation, 1.96 standard errors; the seatings of
one deal are not independent, the deals are). "Hands" counts every hand played.

Scores are what each hand scores in the game (``hand.returns()``): Forty-Fives points (net points in partnerships,
contracts in the auction), Five Hundred points, Sixty-Six game points, Euchre points.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from atout.games import GAMES, package_of  # noqa: E402
from atout.players import make_player, play_hand  # noqa: E402


def seatings(game: str) -> list[list[bool]]:
    """For each seating of ``game``'s usual table, which seats the stronger level takes: each side in turn."""
    hand = package_of(game).new_hand(game, seed=0)
    sides = [hand.side_of(seat) for seat in range(len(hand.hands))]
    return [[side == chosen for side in sides] for chosen in dict.fromkeys(sides)]


def play_deal(game: str, strong: str, weak: str, deal_seed: int, expert: dict[str, Any]) -> tuple[float, float, int]:
    """The stronger level's mean margin and win rate on one deal over all its seatings, and the hands played."""
    fam = package_of(game)
    margins, wins = [], []
    for k, mine in enumerate(seatings(game)):
        hand = fam.new_hand(game, seed=deal_seed)
        seat_players = []
        for s in range(len(mine)):
            level = strong if mine[s] else weak
            seat_players.append(make_player(game, level, seed=deal_seed * 131 + k * 17 + s,
                                            **(expert if level == "expert" else {})))
        play_hand(hand, seat_players)
        scores = [float(x) for x in hand.returns()]       # seat by seat: partners get their side's score
        ours = [scores[s] for s in range(len(mine)) if mine[s]]
        theirs = [scores[s] for s in range(len(mine)) if not mine[s]]
        margins.append(statistics.fmean(ours) - statistics.fmean(theirs))
        wins.append(statistics.fmean(1.0 if a > b else 0.5 if a == b else 0.0 for a in ours for b in theirs))
    return statistics.fmean(margins), statistics.fmean(wins), len(margins)


def _job(args: tuple) -> tuple[float, float, int]:
    return play_deal(*args)


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("inf")
    return mean, mean - half, mean + half


def experiment(game: str, strong: str, weak: str, hands: int, seed: int, workers: int,
               expert: dict[str, Any]) -> dict[str, Any]:
    deals = math.ceil(hands / len(seatings(game)))
    jobs = [(game, strong, weak, seed * 1_000_003 + i, expert) for i in range(deals)]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_job, jobs, chunksize=2))
    else:
        results = [_job(j) for j in jobs]
    mean, lo, hi = interval([m for m, _, _ in results])
    rate, rate_lo, rate_hi = interval([w for _, w, _ in results])
    return {"game": game, "strong": strong, "weak": weak, "seed": seed, "deals": len(results),
            "hands": sum(n for _, _, n in results),
            "mean_margin": round(mean, 4), "margin_ci95": [round(lo, 4), round(hi, 4)],
            "win_rate": round(rate, 4), "win_rate_ci95": [round(rate_lo, 4), round(rate_hi, 4)],
            "stronger_wins": lo > 0, "stronger_loses": hi < 0,
            "seconds": round(time.perf_counter() - start, 1), "date": datetime.date.today().isoformat()}


def describe(row: dict[str, Any]) -> str:
    verdict = ("stronger wins" if row["stronger_wins"] else "stronger LOSES" if row["stronger_loses"]
               else "undecided (the interval holds 0)")
    m_lo, m_hi = row["margin_ci95"]
    w_lo, w_hi = row["win_rate_ci95"]
    return (f"{row['game']:22s} {row['strong']:>8s} v {row['weak']:<8s} seed {row['seed']}: {row['deals']:5d} deals, "
            f"{row['hands']:5d} hands, margin {row['mean_margin']:+.3f} [{m_lo:+.3f}, {m_hi:+.3f}] a hand, "
            f"win rate {row['win_rate']:.1%} [{w_lo:.1%}, {w_hi:.1%}], {verdict}, {row['seconds']:.0f} s")


def markdown(rows: list[dict[str, Any]]) -> str:
    """The figures as the rows of docs/levels.md's table."""
    lines = []
    for row in rows:
        m_lo, m_hi = row["margin_ci95"]
        w_lo, w_hi = row["win_rate_ci95"]
        lines.append(f"| {row['game']} | {row['strong']} v {row['weak']} | {row['seed']} | {row['deals']} "
                     f"({row['hands']}) | {row['mean_margin']:+.3f} [{m_lo:+.3f}, {m_hi:+.3f}] | "
                     f"{row['win_rate']:.1%} [{w_lo:.1%}, {w_hi:.1%}] | {row['date']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), help="presets (default: every registered one)")
    parser.add_argument("--pairs", nargs="*", default=["club:beginner", "expert:club"],
                        help="stronger:weaker level pairs")
    parser.add_argument("--hands", type=int, default=2000, help="hands per experiment and seed (default 2000)")
    parser.add_argument("--deals", type=int, default=None, help="deals per experiment and seed (instead of --hands)")
    parser.add_argument("--seeds", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--samples", type=int, default=None, help="expert: deals sampled per decision "
                                                                  "(default: each family's own)")
    parser.add_argument("--budget", type=float, default=None, help="expert: seconds per decision at most "
                                                                   "(default: each family's own)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--markdown", metavar="JSON", nargs="+",
                        help="print the figures of earlier --json runs (these files) as docs/levels.md's table rows")
    args = parser.parse_args(argv)
    if args.markdown:
        print(markdown([row for path in args.markdown for row in json.loads(Path(path).read_text())]))
        return 0
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown games {', '.join(unknown)}: the games are {', '.join(GAMES)}")
    expert = {k: v for k, v in (("samples", args.samples), ("budget_s", args.budget)) if v is not None}
    rows = []
    for game in args.games:
        hands = args.hands if args.deals is None else args.deals * len(seatings(game))
        for pair in args.pairs:
            strong, weak = pair.split(":")
            for seed in args.seeds:
                row = experiment(game, strong, weak, hands, seed, args.workers, expert)
                rows.append(row)
                if not args.json:
                    print(describe(row), flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
