"""``atout bench site`` runs end to end (its own Voilà server and Chromium) and returns every figure.

Only that the figures are there and sensible is checked: the speed goals are the benchmark's, never a test's.
"""

import json
import subprocess
import sys

from atout import bench_site
from tests.conftest import need_chromium


def _positive(value) -> bool:
    return isinstance(value, int | float) and value > 0


def test_the_site_benchmark_returns_every_figure_and_leaves_no_kernel():
    need_chromium()
    # A process of its own, as `atout bench site` runs: Playwright's sync API cannot start a second time in a
    # process where another test's browser is running.
    code = ("import json; from atout import bench_site; "
            "print(json.dumps(bench_site.run(rounds=1, clicks=6, switches=2)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout)
    site, base, info = results["site"], results["baseline"], results["run"]

    for timing in (site["card_table_interactive_s"], site["lesson_interactive_s"],
                   base["interactive_cold_s"], base["interactive_preheated_s"]):
        assert _positive(timing["median"]) and timing["min"] <= timing["median"] <= timing["max"], timing
        assert timing["n"] == 1
    assert _positive(site["card_table_interactive_s"]["ratio_to_baseline"])
    assert _positive(site["lesson_interactive_s"]["ratio_to_baseline"])

    # Six clicks: the first deal's and, after "New deal", the rest once the new deal has landed; and one while it
    # comes in, when the seat to act has a legal card in sight before the last packet (reported apart).
    spreads = [(site["click_round_trip_ms"], 6), (base["click_round_trip_ms"], 6), (site["lesson_switch_ms"], 2)]
    during = site["click_during_deal_ms"]
    if during is not None:
        spreads.append((during, 1))
        assert _positive(during["ratio_p95_to_baseline"])
    for spread, n in spreads:
        assert _positive(spread["p50"]) and spread["p95"] >= spread["p50"], spread
        assert spread["min"] <= spread["p50"] and spread["p95"] <= spread["max"], spread
        assert spread["n"] == n
    click = site["click_round_trip_ms"]
    assert _positive(click["ratio_p95_to_baseline"])
    low, high = click["ratio_p95_interval_95"]
    ratio = click["ratio_p95_to_baseline"]
    assert _positive(low) and low <= ratio * 1.5 and high >= ratio / 1.5     # six clicks: a wide interval near it

    rss = site["kernel_rss_mb"]
    for memory in (rss["classroom"], rss["lesson"], base["kernel_rss_mb"]["cold"], base["kernel_rss_mb"]["preheated"]):
        assert 10 < memory["median"] < 10_000, memory     # megabytes of a Python kernel, not bytes or kB
    assert rss["max"] == max(rss["classroom"]["max"], rss["lesson"]["max"])
    assert 10 < rss["at_open"]["classroom"]["median"] and 10 < rss["at_open"]["lesson"]["median"]
    slowest = site["lesson_switch_ms"]["slowest"]
    assert len(slowest) == 2 and all(s["lesson"] and s["ms"] <= site["lesson_switch_ms"]["max"] for s in slowest)

    assert set(results["targets"]) == {"lesson_interactive", "click_round_trip", "lesson_switch", "kernel_rss"}
    for target in results["targets"].values():
        assert isinstance(target["met"], bool) and _positive(target["value"]) and target["rule"]

    assert results["machine"]["cores"] >= 1 and len(results["machine"]["load_avg"]) == 3
    assert info["rounds"] == 1
    assert info["deals_not_landed"] == 0, "a deal never settled on the table"
    assert info["leaked_kernels"] == 0, "a closed page's kernel kept running"
    assert info["kernels_left"] == 0, "a kernel outlived the benchmark's server"
    assert not info["page_errors"], info["page_errors"]

    text = bench_site.format_results(results)
    assert "Targets:" in text and "card table" in text


def test_the_ratio_interval_is_of_the_asked_percentile_and_narrows_with_more_clicks():
    import random

    rng = random.Random(1)
    button = [rng.gauss(5.0, 0.5) for _ in range(400)]
    # The same middle as the button's, a slow tenth: the p50 ratio is near 1, the p95 ratio near 2.
    table = [rng.gauss(5.0, 0.5) if k % 10 else rng.gauss(11.0, 0.5) for k in range(400)]
    p95 = bench_site.percentile(table, 95) / bench_site.percentile(button, 95)
    low, high = bench_site.ratio_interval(table, button, 95)
    assert low < p95 < high and 1.6 < low and high < 2.4
    low50, high50 = bench_site.ratio_interval(table, button, 50)
    assert 0.9 < low50 < high50 < 1.15                     # the median ratio's interval, not the tail's
    few_low, few_high = bench_site.ratio_interval(table[:60], button[:60], 50)
    assert few_high - few_low > high50 - low50            # sixty clicks say less than four hundred
