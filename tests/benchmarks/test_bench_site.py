"""The site benchmark's statistics (``benchmarks/bench_site.py``): its figures are the benchmark's to print, never a
test's to assert; what is checked here is the arithmetic they rest on."""

from benchmarks import bench_site


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
